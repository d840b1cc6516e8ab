// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// Reducing the last axis of a 2x4 tile: 4 column slices (one shuffle each),
// combined pairwise in a balanced tree by the inlined combiner.
// CHECK-LABEL: func.func @sum_rows
// CHECK-SAME: (%[[T:.*]]: vector<8xf32>) -> vector<2xf32>
// CHECK: %[[S0:.*]] = vector.shuffle %[[T]], %[[T]] [0, 4] : vector<8xf32>, vector<8xf32>
// CHECK: %[[S1:.*]] = vector.shuffle %[[T]], %[[T]] [1, 5] : vector<8xf32>, vector<8xf32>
// CHECK: %[[S2:.*]] = vector.shuffle %[[T]], %[[T]] [2, 6] : vector<8xf32>, vector<8xf32>
// CHECK: %[[S3:.*]] = vector.shuffle %[[T]], %[[T]] [3, 7] : vector<8xf32>, vector<8xf32>
// CHECK: %[[A01:.*]] = arith.addf %[[S0]], %[[S1]] : vector<2xf32>
// CHECK: %[[A23:.*]] = arith.addf %[[S2]], %[[S3]] : vector<2xf32>
// CHECK: %[[R:.*]] = arith.addf %[[A01]], %[[A23]] : vector<2xf32>
// CHECK: return %[[R]] : vector<2xf32>
func.func @sum_rows(%t: tensor<2x4xf32>) -> tensor<2xf32> {
  %r = tile.reduce(%t) axis = 1 : (tensor<2x4xf32>) -> tensor<2xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  return %r : tensor<2xf32>
}

// Reducing the first axis: slices are the rows.
// CHECK-LABEL: func.func @max_columns
// CHECK-SAME: (%[[T:.*]]: vector<8xi32>) -> vector<4xi32>
// CHECK: %[[R0:.*]] = vector.shuffle %[[T]], %[[T]] [0, 1, 2, 3] : vector<8xi32>, vector<8xi32>
// CHECK: %[[R1:.*]] = vector.shuffle %[[T]], %[[T]] [4, 5, 6, 7] : vector<8xi32>, vector<8xi32>
// CHECK: %[[M:.*]] = arith.maxsi %[[R0]], %[[R1]] : vector<4xi32>
// CHECK: return %[[M]]
func.func @max_columns(%t: tensor<2x4xi32>) -> tensor<4xi32> {
  %r = tile.reduce(%t) axis = 0 : (tensor<2x4xi32>) -> tensor<4xi32> {
  ^bb0(%a: i32, %b: i32):
    %m = arith.maxsi %a, %b : i32
    tile.yield %m : i32
  }
  return %r : tensor<4xi32>
}

// A 1-D reduction to a scalar folds the vector in halves, then extracts.
// CHECK-LABEL: func.func @sum_to_scalar
// CHECK-SAME: (%[[T:.*]]: vector<4xf32>) -> f32
// CHECK: %[[L:.*]] = vector.shuffle %[[T]], %[[T]] [0, 1] : vector<4xf32>, vector<4xf32>
// CHECK: %[[H:.*]] = vector.shuffle %[[T]], %[[T]] [2, 3] : vector<4xf32>, vector<4xf32>
// CHECK: %[[A:.*]] = arith.addf %[[L]], %[[H]] : vector<2xf32>
// CHECK: %[[L2:.*]] = vector.shuffle %[[A]], %[[A]] [0] : vector<2xf32>, vector<2xf32>
// CHECK: %[[H2:.*]] = vector.shuffle %[[A]], %[[A]] [1] : vector<2xf32>, vector<2xf32>
// CHECK: %[[B:.*]] = arith.addf %[[L2]], %[[H2]] : vector<1xf32>
// CHECK: %[[S:.*]] = vector.extract %[[B]][0] : f32 from vector<1xf32>
// CHECK: return %[[S]] : f32
func.func @sum_to_scalar(%t: tensor<4xf32>) -> f32 {
  %r = tile.reduce(%t) axis = 0 : (tensor<4xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  return %r : f32
}

// Two sources (argmax: value and index) are shuffled alike and combined together;
// every scalar op of the combiner becomes a vector op of the slice width.
// CHECK-LABEL: func.func @argmax
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>, %[[I:.*]]: vector<4xi32>) -> (vector<2xf32>, vector<2xi32>)
// CHECK: %[[V0:.*]] = vector.shuffle %[[V]], %[[V]] [0, 2]
// CHECK: %[[I0:.*]] = vector.shuffle %[[I]], %[[I]] [0, 2]
// CHECK: %[[V1:.*]] = vector.shuffle %[[V]], %[[V]] [1, 3]
// CHECK: %[[I1:.*]] = vector.shuffle %[[I]], %[[I]] [1, 3]
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[V0]], %[[V1]] : vector<2xf32>
// CHECK: %[[MV:.*]] = arith.select %[[GT]], %[[V0]], %[[V1]] : vector<2xi1>, vector<2xf32>
// CHECK: %[[MI:.*]] = arith.select %[[GT]], %[[I0]], %[[I1]] : vector<2xi1>, vector<2xi32>
// CHECK: return %[[MV]], %[[MI]]
func.func @argmax(%v: tensor<2x2xf32>, %i: tensor<2x2xi32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %mv, %mi = tile.reduce(%v, %i) axis = 1
      : (tensor<2x2xf32>, tensor<2x2xi32>) -> (tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %m = arith.select %gt, %a, %b : f32
    %mi = arith.select %gt, %ai, %bi : i32
    tile.yield %m, %mi : f32, i32
  }
  return %mv, %mi : tensor<2xf32>, tensor<2xi32>
}

// Scalar constants inside the combiner become splat vector constants.
// CHECK-LABEL: func.func @combiner_constant
// CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : vector<1xf32>
// CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %[[C]] : vector<1xf32>
// CHECK: arith.addf %[[M]], %{{.*}} : vector<1xf32>
func.func @combiner_constant(%t: tensor<2xf32>) -> f32 {
  %r = tile.reduce(%t) axis = 0 : (tensor<2xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %c = arith.constant 2.0 : f32
    %m = arith.mulf %a, %c : f32
    %s = arith.addf %m, %b : f32
    tile.yield %s : f32
  }
  return %r : f32
}

// The middle axis of a 3-D tile: each slice gathers (i, k, j) in (i, j) order.
// CHECK-LABEL: func.func @middle_axis
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 4, 5] : vector<8xf32>, vector<8xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [2, 3, 6, 7] : vector<8xf32>, vector<8xf32>
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : vector<4xf32>
func.func @middle_axis(%t: tensor<2x2x2xf32>) -> tensor<2x2xf32> {
  %r = tile.reduce(%t) axis = 1 : (tensor<2x2x2xf32>) -> tensor<2x2xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.minimumf %a, %b : f32
    tile.yield %m : f32
  }
  return %r : tensor<2x2xf32>
}

// A scalar captured from outside the combiner is broadcast to the slice width.
// CHECK-LABEL: func.func @captured_scalar
// CHECK-SAME: (%[[T:.*]]: vector<4xf32>, %[[X:.*]]: f32)
// CHECK: %[[B:.*]] = vector.broadcast %[[X]] : f32 to vector<2xf32>
// CHECK: arith.mulf %{{.*}}, %[[B]] : vector<2xf32>
func.func @captured_scalar(%t: tensor<4xf32>, %x: f32) -> f32 {
  %r = tile.reduce(%t) axis = 0 : (tensor<4xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %x : f32
    %s = arith.addf %m, %b : f32
    tile.yield %s : f32
  }
  return %r : f32
}
