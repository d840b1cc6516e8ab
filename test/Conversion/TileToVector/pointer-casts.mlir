// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// Integer <-> pointer casts are llvm.inttoptr / llvm.ptrtoint on scalars and vectors; a pointer
// cast changes no value (LLVM pointers are untyped).
// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[A:.*]]: i64, %[[AS:.*]]: vector<8xi64>)
// CHECK: %[[P:.*]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr
// CHECK: %[[PS:.*]] = llvm.inttoptr %[[AS]] : vector<8xi64> to vector<8x!llvm.ptr>
// CHECK: %[[I:.*]] = llvm.ptrtoint %[[PS]] : vector<8x!llvm.ptr> to vector<8xi64>
// CHECK: return %[[P]], %[[I]]
func.func @casts(%a: i64, %as: tensor<8xi64>) -> (!tile.ptr<i8>, tensor<8xi64>) {
  %p = tile.int_to_ptr %a : i64 -> !tile.ptr<f32>
  %q = tile.ptr_cast %p : !tile.ptr<f32> -> !tile.ptr<i8>
  %ps = tile.int_to_ptr %as : tensor<8xi64> -> tensor<8x!tile.ptr<f16>>
  %qs = tile.ptr_cast %ps : tensor<8x!tile.ptr<f16>> -> tensor<8x!tile.ptr<f64>>
  %i = tile.ptr_to_int %qs : tensor<8x!tile.ptr<f64>> -> tensor<8xi64>
  return %q, %i : !tile.ptr<i8>, tensor<8xi64>
}
