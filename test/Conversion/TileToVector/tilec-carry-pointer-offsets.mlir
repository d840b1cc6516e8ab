// RUN: tilec-opt %s --tilec-carry-pointer-offsets --split-input-file | FileCheck %s

// A pointer tile advanced by a splatted scalar each iteration is carried as an i64 offset: the
// body and the loop's users see the initial tile plus that offset.
// CHECK-LABEL: func.func @uniform_increment
// CHECK-SAME: (%[[A:.*]]: !tile.ptr<f32>, %[[STEP:.*]]: i32, %[[N:.*]]: i32)
// CHECK: %[[INIT:.*]] = tile.splat %[[A]]
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[OFF:.*]] = %[[ZERO]]) -> (tensor<16xf32>, i64) : i32 {
// CHECK:   %[[SOFF:.*]] = tile.splat %[[OFF]] : i64 -> tensor<16xi64>
// CHECK:   %[[P:.*]] = tile.addptr %[[INIT]], %[[SOFF]] : tensor<16x!tile.ptr<f32>>, tensor<16xi64>
// CHECK:   tile.load %[[P]]
// CHECK:   %[[STEP64:.*]] = arith.extsi %[[STEP]] : i32 to i64
// CHECK:   %[[NEXT:.*]] = arith.addi %[[OFF]], %[[STEP64]] : i64
// CHECK:   scf.yield %{{.*}}, %[[NEXT]] : tensor<16xf32>, i64
// CHECK: %[[FOFF:.*]] = tile.splat %[[R]]#1 : i64 -> tensor<16xi64>
// CHECK: %[[FINAL:.*]] = tile.addptr %[[INIT]], %[[FOFF]]
// CHECK: tile.store %[[FINAL]]
func.func @uniform_increment(%a: !tile.ptr<f32>, %step: i32, %n: i32) {
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %p)
      -> (tensor<16xf32>, tensor<16x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q : tensor<16x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<16xf32>
    %inc = tile.splat %step : i32 -> tensor<16xi32>
    %nq = tile.addptr %q, %inc : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
    scf.yield %s, %nq : tensor<16xf32>, tensor<16x!tile.ptr<f32>>
  }
  tile.store %res#1, %res#0 : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// An increment that differs between lanes stays a carried tile of pointers.
// CHECK-LABEL: func.func @lanewise_increment
// CHECK: scf.for {{.*}} -> (tensor<16x!tile.ptr<f32>>) : i32 {
// CHECK:   tile.addptr %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
// CHECK-NOT: i64
func.func @lanewise_increment(%a: !tile.ptr<f32>, %n: i32) {
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%q = %p) -> (tensor<16x!tile.ptr<f32>>) : i32 {
    %nq = tile.addptr %q, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
    scf.yield %nq : tensor<16x!tile.ptr<f32>>
  }
  %v = tile.load %res : tensor<16x!tile.ptr<f32>>
  tile.store %res, %v : tensor<16x!tile.ptr<f32>>
  return
}
