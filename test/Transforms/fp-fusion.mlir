// RUN: tilec-opt %s --tilec-fp-fusion | FileCheck %s

// tilec-fp-fusion marks float multiplies, adds and subtracts contractible, on tiles and
// scalars, keeping the flags they had; other float operations and integer arithmetic keep
// theirs.
// CHECK-LABEL: func @fuse
// CHECK-SAME: (%[[X:.*]]: tensor<128xf32>, %[[Y:.*]]: tensor<128xf32>, %[[Z:.*]]: tensor<128xf32>, %[[S:.*]]: f64, %[[I:.*]]: i32)
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] fastmath<contract> : tensor<128xf32>
// CHECK: %[[A:.*]] = arith.addf %[[P]], %[[Z]] fastmath<contract> : tensor<128xf32>
// CHECK: %[[D:.*]] = arith.subf %[[A]], %[[X]] fastmath<nnan,contract> : tensor<128xf32>
// CHECK: %[[Q:.*]] = arith.divf %[[D]], %[[Y]] : tensor<128xf32>
// CHECK: %[[F:.*]] = math.fma %[[Q]], %[[Y]], %[[Z]] : tensor<128xf32>
// CHECK: %[[SP:.*]] = arith.mulf %[[S]], %[[S]] fastmath<contract> : f64
// CHECK: %[[SA:.*]] = arith.addf %[[SP]], %[[S]] fastmath<contract> : f64
// CHECK: %[[IM:.*]] = arith.muli %[[I]], %[[I]] : i32
// CHECK: return %[[F]], %[[SA]], %[[IM]]
func.func @fuse(%x: tensor<128xf32>, %y: tensor<128xf32>, %z: tensor<128xf32>, %s: f64, %i: i32)
    -> (tensor<128xf32>, f64, i32) {
  %p = arith.mulf %x, %y : tensor<128xf32>
  %a = arith.addf %p, %z : tensor<128xf32>
  %d = arith.subf %a, %x fastmath<nnan> : tensor<128xf32>
  %q = arith.divf %d, %y : tensor<128xf32>
  %f = math.fma %q, %y, %z : tensor<128xf32>
  %sp = arith.mulf %s, %s : f64
  %sa = arith.addf %sp, %s : f64
  %im = arith.muli %i, %i : i32
  return %f, %sa, %im : tensor<128xf32>, f64, i32
}
