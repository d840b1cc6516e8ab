// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine=chunk-lanes=32 --tilec-lower-nontemporal-stores=streaming=true --canonicalize --cse | FileCheck %s

// A tl.dot accumulator carried by a loop lives in one stack buffer: the
// microkernel reads and writes it in place every iteration (no 512-lane copy
// in or out of its own C buffer), and the rows read after the loop are narrow
// loads from that buffer rather than slices of a 512-lane value.
// CHECK-LABEL: func.func @dot_accumulate
// CHECK: %[[ACC:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECK: llvm.store %{{.*}}, %[[ACC]] {alignment = 64 : i64} : vector<512xf32>, !llvm.ptr
// CHECK: scf.for %{{.*}} : i32 {
// CHECK-NOT: vector<512xf32>
// CHECK: llvm.getelementptr %[[ACC]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: math.fma
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// CHECK-NOT: vector<512xf32>
// CHECK: %[[ROW:.*]] = llvm.getelementptr %[[ACC]][480] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK: llvm.load %[[ROW]] {alignment = 64 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK-NOT: vector<512xf32>
// CHECK: return
func.func @dot_accumulate(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %n: i32) -> tensor<32xf32> {
  %zero = arith.constant dense<0.0> : tensor<16x32xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%c = %zero) -> (tensor<16x32xf32>) : i32 {
    %d = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<8x32xf32> -> tensor<16x32xf32>
    scf.yield %d : tensor<16x32xf32>
  }
  %s = tile.reduce(%acc) axis = 0 : (tensor<16x32xf32>) -> tensor<32xf32> {
  ^bb0(%x: f32, %y: f32):
    %m = arith.addf %x, %y : f32
    tile.yield %m : f32
  }
  return %s : tensor<32xf32>
}
