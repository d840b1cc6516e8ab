// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// addptr on a tile of pointers is a vector GEP over the pointee type.
// CHECK-LABEL: func.func @addptr_tile
// CHECK-SAME: (%[[P:.*]]: vector<4x!llvm.ptr>, %[[O:.*]]: vector<4xi32>, %[[O64:.*]]: vector<4xi64>)
// CHECK: %[[Q:.*]] = llvm.getelementptr %[[P]][%[[O]]] : (vector<4x!llvm.ptr>, vector<4xi32>) -> vector<4x!llvm.ptr>, f16
// CHECK: %[[R:.*]] = llvm.getelementptr %[[Q]][%[[O64]]] : (vector<4x!llvm.ptr>, vector<4xi64>) -> vector<4x!llvm.ptr>, f16
// CHECK: return %[[R]]
func.func @addptr_tile(%p: tensor<4x!tile.ptr<f16>>, %o: tensor<4xi32>, %o64: tensor<4xi64>)
    -> tensor<4x!tile.ptr<f16>> {
  %q = tile.addptr %p, %o : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
  %r = tile.addptr %q, %o64 : tensor<4x!tile.ptr<f16>>, tensor<4xi64>
  return %r : tensor<4x!tile.ptr<f16>>
}

// addptr on a scalar pointer is a scalar GEP.
// CHECK-LABEL: func.func @addptr_scalar
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i64)
// CHECK: %[[Q:.*]] = llvm.getelementptr %[[P]][%[[N]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: return %[[Q]] : !llvm.ptr
func.func @addptr_scalar(%p: !tile.ptr<i32>, %n: i64) -> !tile.ptr<i32> {
  %q = tile.addptr %p, %n : !tile.ptr<i32>, i64
  return %q : !tile.ptr<i32>
}

// An unmasked load of arbitrary pointers is a gather with an all-true mask.
// CHECK-LABEL: func.func @gather_unmasked
// CHECK-SAME: (%[[P:.*]]: vector<8x!llvm.ptr>)
// CHECK-DAG: %[[ALL:.*]] = arith.constant dense<true> : vector<8xi1>
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK: %[[V:.*]] = llvm.intr.masked.gather %[[P]], %[[ALL]], %[[Z]] {alignment = 4 : i32} : (vector<8x!llvm.ptr>, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
// CHECK: return %[[V]]
func.func @gather_unmasked(%p: tensor<2x4x!tile.ptr<f32>>) -> tensor<2x4xf32> {
  %v = tile.load %p : tensor<2x4x!tile.ptr<f32>>
  return %v : tensor<2x4xf32>
}

// A masked load takes `other` as pass-through; alignment is the element size.
// CHECK-LABEL: func.func @gather_masked_other
// CHECK-SAME: (%[[P:.*]]: vector<4x!llvm.ptr>, %[[M:.*]]: vector<4xi1>, %[[O:.*]]: vector<4xf16>)
// CHECK: %[[V:.*]] = llvm.intr.masked.gather %[[P]], %[[M]], %[[O]] {alignment = 2 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf16>) -> vector<4xf16>
// CHECK: return %[[V]]
func.func @gather_masked_other(%p: tensor<4x!tile.ptr<f16>>, %m: tensor<4xi1>, %o: tensor<4xf16>)
    -> tensor<4xf16> {
  %v = tile.load %p, %m, %o : tensor<4x!tile.ptr<f16>>
  return %v : tensor<4xf16>
}

// A masked load without `other` passes zeros through.
// CHECK-LABEL: func.func @gather_masked_zero
// CHECK-SAME: (%[[P:.*]]: vector<4x!llvm.ptr>, %[[M:.*]]: vector<4xi1>)
// CHECK: %[[Z:.*]] = arith.constant dense<0> : vector<4xi64>
// CHECK: llvm.intr.masked.gather %[[P]], %[[M]], %[[Z]] {alignment = 8 : i32}
func.func @gather_masked_zero(%p: tensor<4x!tile.ptr<i64>>, %m: tensor<4xi1>) -> tensor<4xi64> {
  %v = tile.load %p, %m : tensor<4x!tile.ptr<i64>>
  return %v : tensor<4xi64>
}

// Stores to arbitrary pointers are scatters (all-true mask when unmasked).
// CHECK-LABEL: func.func @scatter
// CHECK-SAME: (%[[P:.*]]: vector<4x!llvm.ptr>, %[[V:.*]]: vector<4xi8>, %[[M:.*]]: vector<4xi1>)
// CHECK: llvm.intr.masked.scatter %[[V]], %[[P]], %[[M]] {alignment = 1 : i32} : vector<4xi8>, vector<4xi1> into vector<4x!llvm.ptr>
// CHECK: %[[ALL:.*]] = arith.constant dense<true> : vector<4xi1>
// CHECK: llvm.intr.masked.scatter %[[V]], %[[P]], %[[ALL]] {alignment = 1 : i32}
func.func @scatter(%p: tensor<4x!tile.ptr<i8>>, %v: tensor<4xi8>, %m: tensor<4xi1>) {
  tile.store %p, %v, %m : tensor<4x!tile.ptr<i8>>
  tile.store %p, %v : tensor<4x!tile.ptr<i8>>
  return
}

// Scalar loads and stores are plain llvm.load/llvm.store.
// CHECK-LABEL: func.func @scalar_load_store
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[Q:.*]]: !llvm.ptr)
// CHECK: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: llvm.store %[[V]], %[[Q]] {alignment = 4 : i64} : f32, !llvm.ptr
func.func @scalar_load_store(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>) {
  %v = tile.load %p : !tile.ptr<f32>
  tile.store %q, %v : !tile.ptr<f32>
  return
}

// Masked scalar accesses are guarded by scf.if; the load yields `other` when masked off.
// CHECK-LABEL: func.func @scalar_masked
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[M:.*]]: i1, %[[O:.*]]: i32)
// CHECK: %[[V:.*]] = scf.if %[[M]] -> (i32) {
// CHECK:   %[[L:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK:   scf.yield %[[L]] : i32
// CHECK: } else {
// CHECK:   scf.yield %[[O]] : i32
// CHECK: }
// CHECK: scf.if %[[M]] {
// CHECK:   llvm.store %[[V]], %[[P]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: }
func.func @scalar_masked(%p: !tile.ptr<i32>, %m: i1, %o: i32) {
  %v = tile.load %p, %m, %o : !tile.ptr<i32>
  tile.store %p, %v, %m : !tile.ptr<i32>
  return
}

// A masked scalar load without `other` yields zero when masked off.
// CHECK-LABEL: func.func @scalar_masked_zero
// CHECK: scf.if %{{.*}} -> (f16) {
// CHECK: } else {
// CHECK:   %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK:   scf.yield %[[Z]] : f16
func.func @scalar_masked_zero(%p: !tile.ptr<f16>, %m: i1) -> f16 {
  %v = tile.load %p, %m : !tile.ptr<f16>
  return %v : f16
}

// Loading pointers from memory (a pointer to pointers) gathers !llvm.ptr values.
// CHECK-LABEL: func.func @gather_pointers
// CHECK: %[[Z:.*]] = llvm.mlir.zero : vector<2x!llvm.ptr>
// CHECK: llvm.intr.masked.gather %{{.*}}, %{{.*}}, %[[Z]] {alignment = 8 : i32} : (vector<2x!llvm.ptr>, vector<2xi1>, vector<2x!llvm.ptr>) -> vector<2x!llvm.ptr>
func.func @gather_pointers(%p: tensor<2x!tile.ptr<!tile.ptr<f32>>>) -> tensor<2x!tile.ptr<f32>> {
  %v = tile.load %p : tensor<2x!tile.ptr<!tile.ptr<f32>>>
  return %v : tensor<2x!tile.ptr<f32>>
}
