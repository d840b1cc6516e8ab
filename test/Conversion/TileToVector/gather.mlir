// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// The source is spilled; each result lane loads source lane
// (lane / (inner * indexAxis) * srcAxis + clamp(index)) * inner + lane % inner.
// CHECK-LABEL: func.func @gather_axis1
// CHECK-SAME: (%[[SRC:.*]]: vector<32xf32>, %[[IDX:.*]]: vector<8xi32>)
// CHECK-DAG: %[[RES:.*]] = llvm.alloca %{{.*}} x f32
// CHECK-DAG: %[[SB:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: llvm.store %[[SRC]], %[[SB]]
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: %[[I32:.*]] = llvm.load %{{.*}} -> i32
// CHECK: %[[I64:.*]] = arith.extsi %[[I32]] : i32 to i64
// CHECK: %[[LAST:.*]] = arith.constant 7 : i64
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[I64]], %[[LAST]] : i64
// CHECK: %[[INNER:.*]] = arith.remui %[[LANE]], %{{.*}} : i64
// CHECK: %[[OUTER:.*]] = arith.divui %[[LANE]], %{{.*}} : i64
// CHECK: %[[ROWBASE:.*]] = arith.muli %[[OUTER]], %{{.*}} : i64
// CHECK: %[[ROW:.*]] = arith.addi %[[ROWBASE]], %[[CLAMPED]] : i64
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[SB]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[V:.*]] = llvm.load %[[AT]] {{.*}} -> f32
// CHECK: llvm.store %[[V]]
// CHECK: %[[R:.*]] = llvm.load %[[RES]] {{.*}} -> vector<8xf32>
// CHECK: return %[[R]]
func.func @gather_axis1(%src: tensor<4x8xf32>, %idx: tensor<4x2xi32>) -> tensor<4x2xf32> {
  %0 = tile.gather %src[%idx] {axis = 1 : i32} : tensor<4x8xf32>, tensor<4x2xi32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
