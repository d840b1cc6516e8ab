// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// A splat tile constant stays a splat of the flat vector type.
// CHECK-LABEL: func.func @splat_constant
// CHECK: %[[C:.*]] = arith.constant dense<1.500000e+00> : vector<8xf32>
// CHECK: return %[[C]] : vector<8xf32>
func.func @splat_constant() -> tensor<2x4xf32> {
  %c = arith.constant dense<1.5> : tensor<2x4xf32>
  return %c : tensor<2x4xf32>
}

// A non-splat 2-D constant keeps its elements in row-major order.
// CHECK-LABEL: func.func @dense_constant
// CHECK: %[[C:.*]] = arith.constant dense<[1, 2, 3, 4, 5, 6]> : vector<6xi32>
// CHECK: return %[[C]] : vector<6xi32>
func.func @dense_constant() -> tensor<2x3xi32> {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  return %c : tensor<2x3xi32>
}

// Boolean tile constants become i1 vectors; scalar constants are untouched.
// CHECK-LABEL: func.func @bool_and_scalar_constants
// CHECK-DAG: %[[T:.*]] = arith.constant dense<true> : vector<4xi1>
// CHECK-DAG: %[[S:.*]] = arith.constant 7 : i64
// CHECK: return %[[T]], %[[S]] : vector<4xi1>, i64
func.func @bool_and_scalar_constants() -> (tensor<4xi1>, i64) {
  %t = arith.constant dense<true> : tensor<4xi1>
  %s = arith.constant 7 : i64
  return %t, %s : tensor<4xi1>, i64
}
