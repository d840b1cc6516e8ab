// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// A forward scan of 4 elements: steps d = 1 and 2 each shuffle the running
// vector by d lanes, combine (earlier lane on the left) and keep lanes >= d.
// CHECK-LABEL: func.func @cumsum_1d
// CHECK-SAME: (%[[T:.*]]: vector<4xi32>) -> vector<4xi32>
// CHECK: %[[E1:.*]] = vector.shuffle %[[T]], %[[T]] [0, 0, 1, 2] : vector<4xi32>, vector<4xi32>
// CHECK: %[[C1:.*]] = arith.addi %[[E1]], %[[T]] : vector<4xi32>
// CHECK: %[[M1:.*]] = arith.constant dense<[false, true, true, true]> : vector<4xi1>
// CHECK: %[[S1:.*]] = arith.select %[[M1]], %[[C1]], %[[T]] : vector<4xi1>, vector<4xi32>
// CHECK: %[[E2:.*]] = vector.shuffle %[[S1]], %[[S1]] [0, 1, 0, 1] : vector<4xi32>, vector<4xi32>
// CHECK: %[[C2:.*]] = arith.addi %[[E2]], %[[S1]] : vector<4xi32>
// CHECK: %[[M2:.*]] = arith.constant dense<[false, false, true, true]> : vector<4xi1>
// CHECK: %[[S2:.*]] = arith.select %[[M2]], %[[C2]], %[[S1]] : vector<4xi1>, vector<4xi32>
// CHECK: return %[[S2]] : vector<4xi32>
func.func @cumsum_1d(%t: tensor<4xi32>) -> tensor<4xi32> {
  %r = tile.scan(%t) axis = 0 : (tensor<4xi32>) -> tensor<4xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tile.yield %s : i32
  }
  return %r : tensor<4xi32>
}

// A reverse scan along the rows of a 2x2 tile (axis 1, neighbours one lane
// apart): the later lane is the left operand and the last column keeps its value.
// CHECK-LABEL: func.func @reverse_rows
// CHECK-SAME: (%[[T:.*]]: vector<4xf32>) -> vector<4xf32>
// CHECK: %[[E:.*]] = vector.shuffle %[[T]], %[[T]] [1, 1, 3, 3] : vector<4xf32>, vector<4xf32>
// CHECK: %[[C:.*]] = arith.mulf %[[E]], %[[T]] : vector<4xf32>
// CHECK: %[[M:.*]] = arith.constant dense<[true, false, true, false]> : vector<4xi1>
// CHECK: %[[S:.*]] = arith.select %[[M]], %[[C]], %[[T]] : vector<4xi1>, vector<4xf32>
// CHECK: return %[[S]] : vector<4xf32>
func.func @reverse_rows(%t: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = tile.scan(%t) axis = 1 reverse : (tensor<2x2xf32>) -> tensor<2x2xf32> {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    tile.yield %p : f32
  }
  return %r : tensor<2x2xf32>
}

// Scanning the first axis of a 2x3 tile: neighbours are a row (3 lanes) apart.
// Two sources are scanned together by one combiner.
// CHECK-LABEL: func.func @columns_two_sources
// CHECK-SAME: (%[[V:.*]]: vector<6xf32>, %[[I:.*]]: vector<6xi32>)
// CHECK-DAG: %[[EV:.*]] = vector.shuffle %[[V]], %[[V]] [0, 1, 2, 0, 1, 2] : vector<6xf32>, vector<6xf32>
// CHECK-DAG: %[[EI:.*]] = vector.shuffle %[[I]], %[[I]] [0, 1, 2, 0, 1, 2] : vector<6xi32>, vector<6xi32>
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[EV]], %[[V]] : vector<6xf32>
// CHECK: %[[XV:.*]] = arith.select %[[GT]], %[[EV]], %[[V]] : vector<6xi1>, vector<6xf32>
// CHECK: %[[XI:.*]] = arith.select %[[GT]], %[[EI]], %[[I]] : vector<6xi1>, vector<6xi32>
// CHECK: %[[M:.*]] = arith.constant dense<[false, false, false, true, true, true]> : vector<6xi1>
// CHECK-DAG: arith.select %[[M]], %[[XV]], %[[V]] : vector<6xi1>, vector<6xf32>
// CHECK-DAG: arith.select %[[M]], %[[XI]], %[[I]] : vector<6xi1>, vector<6xi32>
func.func @columns_two_sources(%v: tensor<2x3xf32>, %i: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %r:2 = tile.scan(%v, %i) axis = 0 : (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %x = arith.select %gt, %a, %b : f32
    %xi = arith.select %gt, %ai, %bi : i32
    tile.yield %x, %xi : f32, i32
  }
  return %r#0, %r#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// A scan along an axis of length 1 is the identity.
// CHECK-LABEL: func.func @length_one
// CHECK-SAME: (%[[T:.*]]: vector<4xi8>) -> vector<4xi8>
// CHECK-NEXT: return %[[T]] : vector<4xi8>
func.func @length_one(%t: tensor<4x1xi8>) -> tensor<4x1xi8> {
  %r = tile.scan(%t) axis = 1 : (tensor<4x1xi8>) -> tensor<4x1xi8> {
  ^bb0(%a: i8, %b: i8):
    %s = arith.addi %a, %b : i8
    tile.yield %s : i8
  }
  return %r : tensor<4x1xi8>
}
