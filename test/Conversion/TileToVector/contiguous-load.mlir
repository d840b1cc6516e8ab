// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// addptr(splat(base), make_range) is contiguous: one vector llvm.load from base.
// CHECK-LABEL: func.func @range_from_base
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr)
// CHECK-NOT: llvm.intr.masked.gather
// CHECK: %[[V:.*]] = llvm.load %[[A]] {alignment = 4 : i64} : !llvm.ptr -> vector<8xf32>
// CHECK: return %[[V]]
func.func @range_from_base(%a: !tile.ptr<f32>) -> tensor<8xf32> {
  %r = tile.make_range 0, 8 : tensor<8xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<8x!tile.ptr<f32>>
  %q = tile.addptr %p, %r : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %q : tensor<8x!tile.ptr<f32>>
  return %v : tensor<8xf32>
}

// The usual `pid * BLOCK + arange` offsets with a mask: a masked vector load
// from base + start, passing `other` through.
// CHECK-LABEL: func.func @block_offsets_masked
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[N:.*]]: i32)
// CHECK: %[[START:.*]] = arith.muli
// CHECK: %[[OTHER:.*]] = arith.constant dense<-1.000000e+00> : vector<8xf32>
// CHECK: %[[S64:.*]] = arith.extsi %[[START]] : i32 to i64
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %[[A]][%[[S64]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[V:.*]] = llvm.intr.masked.load %[[ADDR]], %{{.*}}, %[[OTHER]] {alignment = 4 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
// CHECK: return %[[V]]
func.func @block_offsets_masked(%a: !tile.ptr<f32>, %n: i32) -> tensor<8xf32> {
  %pid = tile.program_id 0 : i32
  %c8 = arith.constant 8 : i32
  %start = arith.muli %pid, %c8 : i32
  %r = tile.make_range 0, 8 : tensor<8xi32>
  %s = tile.splat %start : i32 -> tensor<8xi32>
  %off = arith.addi %s, %r : tensor<8xi32>
  %ns = tile.splat %n : i32 -> tensor<8xi32>
  %m = arith.cmpi slt, %off, %ns : tensor<8xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<8x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %other = arith.constant dense<-1.0> : tensor<8xf32>
  %v = tile.load %q, %m, %other : tensor<8x!tile.ptr<f32>>
  return %v : tensor<8xf32>
}

// range + splat in the other order, a splat constant and a nonzero range start:
// the start is start_term + constant + range start (2 + 4 = 6).
// CHECK-LABEL: func.func @range_plus_constant
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[X:.*]]: i32)
// CHECK: %[[X64:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[C:.*]] = arith.constant 6 : i64
// CHECK: %[[OFF:.*]] = arith.addi %[[X64]], %[[C]] : i64
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %[[A]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i16
// CHECK: llvm.load %[[ADDR]] {alignment = 2 : i64} : !llvm.ptr -> vector<4xi16>
func.func @range_plus_constant(%a: !tile.ptr<i16>, %x: i32) -> tensor<4xi16> {
  %r = tile.make_range 4, 8 : tensor<4xi32>
  %c2 = arith.constant dense<2> : tensor<4xi32>
  %rc = arith.addi %r, %c2 : tensor<4xi32>
  %xs = tile.splat %x : i32 -> tensor<4xi32>
  %off = arith.addi %rc, %xs : tensor<4xi32>
  %p = tile.splat %a : !tile.ptr<i16> -> tensor<4x!tile.ptr<i16>>
  %q = tile.addptr %p, %off : tensor<4x!tile.ptr<i16>>, tensor<4xi32>
  %v = tile.load %q : tensor<4x!tile.ptr<i16>>
  return %v : tensor<4xi16>
}

// Offsets widened with extsi, chained addptrs and a scalar-offset base pointer.
// CHECK-LABEL: func.func @extsi_and_chained_addptr
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[X:.*]]: i32, %[[Y:.*]]: i64)
// CHECK: %[[B:.*]] = llvm.getelementptr %[[A]][%[[Y]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK: %[[X64:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %[[B]][%[[X64]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK: llvm.load %[[ADDR]] {alignment = 8 : i64} : !llvm.ptr -> vector<4xf64>
func.func @extsi_and_chained_addptr(%a: !tile.ptr<f64>, %x: i32, %y: i64) -> tensor<4xf64> {
  %base = tile.addptr %a, %y : !tile.ptr<f64>, i64
  %r = tile.make_range 0, 4 : tensor<4xi32>
  %r64 = arith.extsi %r : tensor<4xi32> to tensor<4xi64>
  %p = tile.splat %base : !tile.ptr<f64> -> tensor<4x!tile.ptr<f64>>
  %xs = tile.splat %x : i32 -> tensor<4xi32>
  %q0 = tile.addptr %p, %xs : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  %q = tile.addptr %q0, %r64 : tensor<4x!tile.ptr<f64>>, tensor<4xi64>
  %v = tile.load %q : tensor<4x!tile.ptr<f64>>
  return %v : tensor<4xf64>
}

// A strided access (range * 2) is not contiguous: it stays a gather.
// CHECK-LABEL: func.func @strided_is_gather
// CHECK-NOT: llvm.load
// CHECK: llvm.intr.masked.gather
func.func @strided_is_gather(%a: !tile.ptr<f32>) -> tensor<4xf32> {
  %r = tile.make_range 0, 4 : tensor<4xi32>
  %c2 = arith.constant dense<2> : tensor<4xi32>
  %off = arith.muli %r, %c2 : tensor<4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %v = tile.load %q : tensor<4x!tile.ptr<f32>>
  return %v : tensor<4xf32>
}

// Adding two ranges doubles the stride: a gather.
// CHECK-LABEL: func.func @two_ranges_is_gather
// CHECK: llvm.intr.masked.gather
func.func @two_ranges_is_gather(%a: !tile.ptr<f32>) -> tensor<4xf32> {
  %r = tile.make_range 0, 4 : tensor<4xi32>
  %off = arith.addi %r, %r : tensor<4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %v = tile.load %q : tensor<4x!tile.ptr<f32>>
  return %v : tensor<4xf32>
}

// Pointers arriving through a loop-carried value are not analyzed: a gather.
// CHECK-LABEL: func.func @block_argument_is_gather
// CHECK: llvm.intr.masked.gather
func.func @block_argument_is_gather(%q: tensor<4x!tile.ptr<f32>>) -> tensor<4xf32> {
  %v = tile.load %q : tensor<4x!tile.ptr<f32>>
  return %v : tensor<4xf32>
}

// i1 elements are byte-addressed one by one: never a packed vector load.
// CHECK-LABEL: func.func @bool_is_gather
// CHECK: llvm.intr.masked.gather {{.*}} -> vector<4xi1>
func.func @bool_is_gather(%a: !tile.ptr<i1>) -> tensor<4xi1> {
  %r = tile.make_range 0, 4 : tensor<4xi32>
  %p = tile.splat %a : !tile.ptr<i1> -> tensor<4x!tile.ptr<i1>>
  %q = tile.addptr %p, %r : tensor<4x!tile.ptr<i1>>, tensor<4xi32>
  %v = tile.load %q : tensor<4x!tile.ptr<i1>>
  return %v : tensor<4xi1>
}
