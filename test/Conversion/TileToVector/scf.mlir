// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// scf.for carrying a tile and a tile of pointers: iter_args, block arguments
// and yields are converted to vectors. The carried pointers stay contiguous
// (advanced by a uniform offset), so the body loads one vector.
// CHECK-LABEL: func.func @for_loop
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i32)
// CHECK: %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[R:.*]]:2 = scf.for %[[I:[^ ]+]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ACC0]], %[[Q:.*]] = %{{.*}}) -> (vector<4xf32>, vector<4x!llvm.ptr>)  : i32 {
// CHECK:   %[[A:.*]] = vector.extract %[[Q]][0] : !llvm.ptr from vector<4x!llvm.ptr>
// CHECK:   %[[V:.*]] = llvm.load %[[A]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:   %[[S:.*]] = arith.addf %[[ACC]], %[[V]] : vector<4xf32>
// CHECK:   %[[NQ:.*]] = llvm.getelementptr %[[Q]][%{{.*}}] : (vector<4x!llvm.ptr>, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
// CHECK:   scf.yield %[[S]], %[[NQ]] : vector<4xf32>, vector<4x!llvm.ptr>
// CHECK: }
// CHECK: return %[[R]]#0 : vector<4xf32>
func.func @for_loop(%p: !tile.ptr<f32>, %n: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %four = arith.constant dense<4> : tensor<4xi32>
  %r = tile.make_range 0, 4 : tensor<4xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
  %q0 = tile.addptr %ps, %r : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %q0)
      -> (tensor<4xf32>, tensor<4x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q : tensor<4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<4xf32>
    %nq = tile.addptr %q, %four : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
    scf.yield %s, %nq : tensor<4xf32>, tensor<4x!tile.ptr<f32>>
  }
  return %res#0 : tensor<4xf32>
}

// Ops inside a loop body still see through to the loop-invariant base: the
// load from `p + i*4 + range` is contiguous.
// CHECK-LABEL: func.func @for_contiguous_body
// CHECK: scf.for %[[I:[^ ]+]] = {{.*}} : i32 {
// CHECK:   %[[OFF:.*]] = arith.muli %[[I]]
// CHECK:   %[[OFF64:.*]] = arith.extsi %[[OFF]] : i32 to i64
// CHECK:   %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[%[[OFF64]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:   llvm.load %[[ADDR]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
func.func @for_contiguous_body(%p: !tile.ptr<f32>, %n: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %r = tile.make_range 0, 4 : tensor<4xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<4xf32>) : i32 {
    %o = arith.muli %i, %c4 : i32
    %os = tile.splat %o : i32 -> tensor<4xi32>
    %off = arith.addi %os, %r : tensor<4xi32>
    %q = tile.addptr %ps, %off : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
    %v = tile.load %q : tensor<4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %res : tensor<4xf32>
}

// scf.if with tile results.
// CHECK-LABEL: func.func @if_tiles
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: vector<8xf32>)
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (vector<8xf32>) {
// CHECK:   %[[E:.*]] = math.exp %[[X]] : vector<8xf32>
// CHECK:   scf.yield %[[E]] : vector<8xf32>
// CHECK: } else {
// CHECK:   scf.yield %[[X]] : vector<8xf32>
// CHECK: }
// CHECK: return %[[R]]
func.func @if_tiles(%c: i1, %x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = scf.if %c -> (tensor<2x4xf32>) {
    %e = math.exp %x : tensor<2x4xf32>
    scf.yield %e : tensor<2x4xf32>
  } else {
    scf.yield %x : tensor<2x4xf32>
  }
  return %r : tensor<2x4xf32>
}

// scf.while with a tile in its before/after regions.
// CHECK-LABEL: func.func @while_tiles
// CHECK: %[[W:.*]]:2 = scf.while (%[[A:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) : (vector<4xi32>, i32) -> (vector<4xi32>, i32) {
// CHECK:   scf.condition(%{{.*}}) %[[A]], %[[K]] : vector<4xi32>, i32
// CHECK: } do {
// CHECK: ^bb0(%[[B:.*]]: vector<4xi32>, %[[J:.*]]: i32):
// CHECK:   %[[D:.*]] = arith.addi %[[B]], %[[B]] : vector<4xi32>
// CHECK:   scf.yield %[[D]], %{{.*}} : vector<4xi32>, i32
// CHECK: }
// CHECK: return %[[W]]#0
func.func @while_tiles(%t: tensor<4xi32>, %n: i32) -> tensor<4xi32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %w:2 = scf.while (%a = %t, %k = %c0) : (tensor<4xi32>, i32) -> (tensor<4xi32>, i32) {
    %go = arith.cmpi slt, %k, %n : i32
    scf.condition(%go) %a, %k : tensor<4xi32>, i32
  } do {
  ^bb0(%b: tensor<4xi32>, %j: i32):
    %d = arith.addi %b, %b : tensor<4xi32>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %d, %j1 : tensor<4xi32>, i32
  }
  return %w#0 : tensor<4xi32>
}
