// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// Pointer and tile parameters, results, calls and returns are converted.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (!llvm.ptr, vector<8xf32>) -> vector<8xf32>
func.func private @callee(!tile.ptr<f32>, tensor<2x4xf32>) -> tensor<2x4xf32>

// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[T:.*]]: vector<8xf32>, %[[N:.*]]: i64) -> vector<8xf32>
// CHECK: %[[R:.*]] = call @callee(%[[P]], %[[T]]) : (!llvm.ptr, vector<8xf32>) -> vector<8xf32>
// CHECK: return %[[R]] : vector<8xf32>
func.func @caller(%p: !tile.ptr<f32>, %t: tensor<2x4xf32>, %n: i64) -> tensor<2x4xf32> {
  %r = func.call @callee(%p, %t) : (!tile.ptr<f32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// A function without tiles is unchanged.
// CHECK-LABEL: func.func @scalar_only
// CHECK-SAME: (%[[X:.*]]: i32) -> i32
// CHECK: return %[[X]] : i32
func.func @scalar_only(%x: i32) -> i32 {
  return %x : i32
}
