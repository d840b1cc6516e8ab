// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// make_range becomes a dense constant holding [start, end).
// CHECK-LABEL: func.func @make_range
// CHECK: %[[R:.*]] = arith.constant dense<[4, 5, 6, 7]> : vector<4xi32>
// CHECK: return %[[R]] : vector<4xi32>
func.func @make_range() -> tensor<4xi32> {
  %r = tile.make_range 4, 8 : tensor<4xi32>
  return %r : tensor<4xi32>
}

// splat of a scalar and of a pointer become vector.broadcast.
// CHECK-LABEL: func.func @splat
// CHECK-SAME: (%[[X:.*]]: f32, %[[P:.*]]: !llvm.ptr)
// CHECK: %[[V:.*]] = vector.broadcast %[[X]] : f32 to vector<8xf32>
// CHECK: %[[Q:.*]] = vector.broadcast %[[P]] : !llvm.ptr to vector<4x!llvm.ptr>
// CHECK: return %[[V]], %[[Q]] : vector<8xf32>, vector<4x!llvm.ptr>
func.func @splat(%x: f32, %p: !tile.ptr<f16>) -> (tensor<2x4xf32>, tensor<4x!tile.ptr<f16>>) {
  %v = tile.splat %x : f32 -> tensor<2x4xf32>
  %q = tile.splat %p : !tile.ptr<f16> -> tensor<4x!tile.ptr<f16>>
  return %v, %q : tensor<2x4xf32>, tensor<4x!tile.ptr<f16>>
}

// expand_dims and reshape keep the row-major order: no op is emitted.
// CHECK-LABEL: func.func @expand_dims_reshape
// CHECK-SAME: (%[[T:.*]]: vector<8xf32>)
// CHECK-NEXT: return %[[T]], %[[T]], %[[T]] : vector<8xf32>, vector<8xf32>, vector<8xf32>
func.func @expand_dims_reshape(%t: tensor<8xf32>)
    -> (tensor<1x8xf32>, tensor<8x1xf32>, tensor<2x4xf32>) {
  %a = tile.expand_dims %t {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
  %b = tile.expand_dims %t {axis = 1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  %c = tile.reshape %t : tensor<8xf32> -> tensor<2x4xf32>
  return %a, %b, %c : tensor<1x8xf32>, tensor<8x1xf32>, tensor<2x4xf32>
}

// Broadcasting a row repeats it; broadcasting a column repeats each element.
// CHECK-LABEL: func.func @broadcast_row_and_column
// CHECK-SAME: (%[[R:.*]]: vector<4xi32>, %[[C:.*]]: vector<2xi32>)
// CHECK: %[[BR:.*]] = vector.shuffle %[[R]], %[[R]] [0, 1, 2, 3, 0, 1, 2, 3] : vector<4xi32>, vector<4xi32>
// CHECK: %[[BC:.*]] = vector.shuffle %[[C]], %[[C]] [0, 0, 0, 0, 1, 1, 1, 1] : vector<2xi32>, vector<2xi32>
// CHECK: return %[[BR]], %[[BC]]
func.func @broadcast_row_and_column(%r: tensor<1x4xi32>, %c: tensor<2x1xi32>)
    -> (tensor<2x4xi32>, tensor<2x4xi32>) {
  %br = tile.broadcast %r : tensor<1x4xi32> -> tensor<2x4xi32>
  %bc = tile.broadcast %c : tensor<2x1xi32> -> tensor<2x4xi32>
  return %br, %bc : tensor<2x4xi32>, tensor<2x4xi32>
}

// Broadcasting a single element extracts it and broadcasts the scalar.
// CHECK-LABEL: func.func @broadcast_single_element
// CHECK-SAME: (%[[T:.*]]: vector<1xf32>)
// CHECK: %[[E:.*]] = vector.extract %[[T]][0] : f32 from vector<1xf32>
// CHECK: %[[B:.*]] = vector.broadcast %[[E]] : f32 to vector<6xf32>
// CHECK: return %[[B]]
func.func @broadcast_single_element(%t: tensor<1x1xf32>) -> tensor<2x3xf32> {
  %b = tile.broadcast %t : tensor<1x1xf32> -> tensor<2x3xf32>
  return %b : tensor<2x3xf32>
}

// Broadcasting a middle dimension of a 3-D tile.
// CHECK-LABEL: func.func @broadcast_3d
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 0, 1, 2, 3, 2, 3] : vector<4xf32>, vector<4xf32>
func.func @broadcast_3d(%t: tensor<2x1x2xf32>) -> tensor<2x2x2xf32> {
  %b = tile.broadcast %t : tensor<2x1x2xf32> -> tensor<2x2x2xf32>
  return %b : tensor<2x2x2xf32>
}

// A broadcast of pointers is a shuffle of the pointer vector.
// CHECK-LABEL: func.func @broadcast_pointers
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 0, 1] : vector<2x!llvm.ptr>, vector<2x!llvm.ptr>
func.func @broadcast_pointers(%p: tensor<1x2x!tile.ptr<f32>>) -> tensor<2x2x!tile.ptr<f32>> {
  %b = tile.broadcast %p : tensor<1x2x!tile.ptr<f32>> -> tensor<2x2x!tile.ptr<f32>>
  return %b : tensor<2x2x!tile.ptr<f32>>
}

// A 2-D transpose is the permutation shuffle (result[j][i] = source[i][j]).
// CHECK-LABEL: func.func @trans_2d
// CHECK-SAME: (%[[M:.*]]: vector<6xf32>)
// CHECK: %[[T:.*]] = vector.shuffle %[[M]], %[[M]] [0, 3, 1, 4, 2, 5] : vector<6xf32>, vector<6xf32>
// CHECK: return %[[T]]
func.func @trans_2d(%m: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %t = tile.trans %m {order = array<i32: 1, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// A 3-D permutation [2, 0, 1]: result[k][i][j] = source[i][j][k].
// CHECK-LABEL: func.func @trans_3d
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6, 1, 3, 5, 7] : vector<8xi32>, vector<8xi32>
func.func @trans_3d(%m: tensor<2x2x2xi32>) -> tensor<2x2x2xi32> {
  %t = tile.trans %m {order = array<i32: 2, 0, 1>} : tensor<2x2x2xi32> -> tensor<2x2x2xi32>
  return %t : tensor<2x2x2xi32>
}

// The identity permutation emits nothing.
// CHECK-LABEL: func.func @trans_identity
// CHECK-SAME: (%[[M:.*]]: vector<6xf32>)
// CHECK-NEXT: return %[[M]]
func.func @trans_identity(%m: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %t = tile.trans %m {order = array<i32: 0, 1>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %t : tensor<2x3xf32>
}

// A tile shuffle is one vector.shuffle of the two flat sources.
// CHECK-LABEL: func.func @shuffle_join
// CHECK-SAME: (%[[A:.*]]: vector<2xi16>, %[[B:.*]]: vector<2xi16>)
// CHECK: %[[J:.*]] = vector.shuffle %[[A]], %[[B]] [0, 2, 1, 3] : vector<2xi16>, vector<2xi16>
// CHECK: return %[[J]] : vector<4xi16>
func.func @shuffle_join(%a: tensor<2xi16>, %b: tensor<2xi16>) -> tensor<2x2xi16> {
  %j = tile.shuffle %a, %b [0, 2, 1, 3] : tensor<2xi16>, tensor<2xi16> -> tensor<2x2xi16>
  return %j : tensor<2x2xi16>
}

// Sources of different sizes concatenate (tl.cat); boolean tiles shuffle as i1.
// CHECK-LABEL: func.func @shuffle_cat_bool
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7] : vector<2xi1>, vector<6xi1>
func.func @shuffle_cat_bool(%a: tensor<2xi1>, %b: tensor<6xi1>) -> tensor<8xi1> {
  %c = tile.shuffle %a, %b [0, 1, 2, 3, 4, 5, 6, 7] : tensor<2xi1>, tensor<6xi1> -> tensor<8xi1>
  return %c : tensor<8xi1>
}

// join interleaves its operands, split takes the even and odd positions, cat along dim 1
// alternates rows of the two, flip along dim 0 reverses the rows: one vector.shuffle each.
// CHECK-LABEL: func.func @permutations
// CHECK-SAME: (%[[A:.*]]: vector<4xi8>, %[[B:.*]]: vector<4xi8>, %[[M:.*]]: vector<4xi8>)
// CHECK: %[[J:.*]] = vector.shuffle %[[A]], %[[B]] [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xi8>, vector<4xi8>
// CHECK: %[[LO:.*]] = vector.shuffle %[[J]], %[[J]] [0, 2, 4, 6] : vector<8xi8>, vector<8xi8>
// CHECK: %[[HI:.*]] = vector.shuffle %[[J]], %[[J]] [1, 3, 5, 7] : vector<8xi8>, vector<8xi8>
// CHECK: %[[C:.*]] = vector.shuffle %[[A]], %[[M]] [0, 1, 4, 5, 2, 3, 6, 7] : vector<4xi8>, vector<4xi8>
// CHECK: %[[F:.*]] = vector.shuffle %[[M]], %[[M]] [2, 3, 0, 1] : vector<4xi8>, vector<4xi8>
// CHECK: return %[[LO]], %[[HI]], %[[C]], %[[F]]
func.func @permutations(%a: tensor<4xi8>, %b: tensor<4xi8>, %m: tensor<2x2xi8>)
    -> (tensor<4xi8>, tensor<4xi8>, tensor<2x4xi8>, tensor<2x2xi8>) {
  %j = tile.join %a, %b : tensor<4xi8> -> tensor<4x2xi8>
  %lo, %hi = tile.split %j : tensor<4x2xi8> -> tensor<4xi8>
  %a2 = tile.reshape %a : tensor<4xi8> -> tensor<2x2xi8>
  %c = tile.cat %a2, %m dim = 1 : tensor<2x2xi8> -> tensor<2x4xi8>
  %f = tile.flip %m dim = 0 : tensor<2x2xi8>
  return %lo, %hi, %c, %f : tensor<4xi8>, tensor<4xi8>, tensor<2x4xi8>, tensor<2x2xi8>
}
