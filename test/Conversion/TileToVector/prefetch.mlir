// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine=chunk-lanes=32 --tilec-lower-nontemporal-stores=streaming=true | FileCheck %s
// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s --check-prefix=NOCPU
// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32" | FileCheck %s --check-prefix=NOCPU

// Without the prefetch option (GPUs, or CPU row loops with prefetch=false) nothing is prefetched.
// NOCPU-NOT: llvm.intr.prefetch

// A row-wise load through pointers that the loop advances by `32 * stride`
// (computed after the load, as in a matmul's k loop) prefetches the lines of
// each row one iteration ahead: the row's first pointer moved by the advance,
// its first and last byte (16-byte rows need not be line-aligned), right
// before the row's own load.
// CHECK-LABEL: func.func @prefetch_next_rows
// CHECK-SAME: (%{{.*}}: !llvm.ptr, %[[STRIDE:.*]]: i32, %{{.*}}: i32)
// The loop carries the pointers' offset (carryPointerOffsets); the rows are those of the initial
// tile plus the offset, and the advance is the offset's increment.
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[OFF:.*]] = %{{.*}}) -> (vector<8xf32>, i64)
// CHECK:   %[[BOFF:.*]] = vector.broadcast %[[OFF]] : i64 to vector<8xi64>
// CHECK:   %[[Q:.*]] = llvm.getelementptr %{{.*}}[%[[BOFF]]] : (vector<8x!llvm.ptr>, vector<8xi64>) -> vector<8x!llvm.ptr>, f32
// CHECK:   %[[C32:.*]] = arith.constant 32 : i32
// CHECK:   %[[ADV:.*]] = arith.muli %[[C32]], %[[STRIDE]] : i32
// CHECK:   %[[ADV64:.*]] = arith.extsi %[[ADV]] : i32 to i64
// CHECK:   %[[A0:.*]] = vector.extract %[[Q]][0] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK:   %[[N0:.*]] = llvm.getelementptr %[[A0]][%[[ADV64]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:   "llvm.intr.prefetch"(%[[N0]]) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// CHECK:   %[[E0:.*]] = llvm.getelementptr %[[N0]][15] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:   "llvm.intr.prefetch"(%[[E0]])
// CHECK:   llvm.load %[[A0]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:   %[[A1:.*]] = vector.extract %[[Q]][4] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK:   %[[N1:.*]] = llvm.getelementptr %[[A1]][%[[ADV64]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:   "llvm.intr.prefetch"(%[[N1]])
// CHECK:   "llvm.intr.prefetch"
// CHECK:   llvm.load %[[A1]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
func.func @prefetch_next_rows(%a: !tile.ptr<f32>, %stride: i32, %n: i32) -> tensor<2x4xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c64 = arith.constant dense<64> : tensor<2x1xi32>
  %rs = arith.muli %ri, %c64 : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q0 = tile.addptr %p, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %zero = arith.constant dense<0.0> : tensor<2x4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %q0)
      -> (tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q : tensor<2x4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<2x4xf32>
    %c32 = arith.constant 32 : i32
    %adv = arith.muli %c32, %stride : i32
    %step = tile.splat %adv : i32 -> tensor<2x4xi32>
    %nq = tile.addptr %q, %step : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
    scf.yield %s, %nq : tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>
  }
  return %res#0 : tensor<2x4xf32>
}

// A constant advance is prefetched too.
// CHECK-LABEL: func.func @prefetch_constant_advance
// CHECK: scf.for
// CHECK:   %[[C16:.*]] = arith.constant 16 : i32
// CHECK:   %[[ADV:.*]] = arith.extsi %[[C16]] : i32 to i64
// CHECK:   %[[N0:.*]] = llvm.getelementptr %{{.*}}[%[[ADV]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:   "llvm.intr.prefetch"(%[[N0]])
// CHECK:   llvm.intr.masked.load
func.func @prefetch_constant_advance(%a: !tile.ptr<f32>, %n: i32,
                                     %mask: tensor<2x4xi1>) -> tensor<2x4xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c64 = arith.constant dense<64> : tensor<2x1xi32>
  %rs = arith.muli %ri, %c64 : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q0 = tile.addptr %p, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %zero = arith.constant dense<0.0> : tensor<2x4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = arith.constant dense<16> : tensor<2x4xi32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %q0)
      -> (tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q, %mask, %zero : tensor<2x4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<2x4xf32>
    %nq = tile.addptr %q, %step : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
    scf.yield %s, %nq : tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>
  }
  return %res#0 : tensor<2x4xf32>
}

// Pointers advanced by a non-uniform offset (row-dependent) are not
// prefetched: the next rows are not this iteration's rows shifted.
// CHECK-LABEL: func.func @no_prefetch_nonuniform_advance
// CHECK-NOT: llvm.intr.prefetch
// CHECK: return
func.func @no_prefetch_nonuniform_advance(%a: !tile.ptr<f32>, %n: i32) -> tensor<2x4xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c64 = arith.constant dense<64> : tensor<2x1xi32>
  %rs = arith.muli %ri, %c64 : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q0 = tile.addptr %p, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %zero = arith.constant dense<0.0> : tensor<2x4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %q0)
      -> (tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q : tensor<2x4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<2x4xf32>
    %nq = tile.addptr %q, %rb : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
    scf.yield %s, %nq : tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>
  }
  return %res#0 : tensor<2x4xf32>
}
