// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// An unmasked store to contiguous pointers is one vector llvm.store.
// CHECK-LABEL: func.func @store_contiguous
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[V:.*]]: vector<8xf32>)
// CHECK-NOT: llvm.intr.masked.scatter
// CHECK: llvm.store %[[V]], %[[A]] {alignment = 4 : i64} : vector<8xf32>, !llvm.ptr
func.func @store_contiguous(%a: !tile.ptr<f32>, %v: tensor<8xf32>) {
  %r = tile.make_range 0, 8 : tensor<8xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<8x!tile.ptr<f32>>
  %q = tile.addptr %p, %r : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q, %v : tensor<8x!tile.ptr<f32>>
  return
}

// A masked contiguous store is llvm.intr.masked.store at base + start.
// CHECK-LABEL: func.func @store_contiguous_masked
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[S:.*]]: i32, %[[V:.*]]: vector<4xi32>, %[[M:.*]]: vector<4xi1>)
// CHECK: %[[S64:.*]] = arith.extsi %[[S]] : i32 to i64
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %[[A]][%[[S64]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: llvm.intr.masked.store %[[V]], %[[ADDR]], %[[M]] {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into !llvm.ptr
func.func @store_contiguous_masked(%a: !tile.ptr<i32>, %s: i32, %v: tensor<4xi32>,
                                   %m: tensor<4xi1>) {
  %r = tile.make_range 0, 4 : tensor<4xi32>
  %ss = tile.splat %s : i32 -> tensor<4xi32>
  %off = arith.addi %r, %ss : tensor<4xi32>
  %p = tile.splat %a : !tile.ptr<i32> -> tensor<4x!tile.ptr<i32>>
  %q = tile.addptr %p, %off : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %q, %v, %m : tensor<4x!tile.ptr<i32>>
  return
}

// A reversed index order (negated range) is not contiguous: a scatter.
// CHECK-LABEL: func.func @store_reversed_is_scatter
// CHECK: llvm.intr.masked.scatter
func.func @store_reversed_is_scatter(%a: !tile.ptr<f32>, %v: tensor<4xf32>) {
  %r = tile.make_range 0, 4 : tensor<4xi32>
  %c3 = arith.constant dense<3> : tensor<4xi32>
  %off = arith.subi %c3, %r : tensor<4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %q, %v : tensor<4x!tile.ptr<f32>>
  return
}
