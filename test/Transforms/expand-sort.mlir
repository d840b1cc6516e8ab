// RUN: tilec-opt %s --tilec-expand-sort | FileCheck %s

// tilec-expand-sort turns tile.sort into Triton's bitonic network: per row, merges of 1, ..., log2(n)
// compare-exchange steps (shuffle to the partner lane, greater-than, flip mask, select).

// Rows of 4, ascending: stage 1 (bit 0) alternates up and down runs of 2, stage 2 (bits 1, 0) sorts up.
// CHECK-LABEL: func @sort_rows
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xi32>)
// CHECK-NOT: tile.sort
// CHECK: %[[P1:.*]] = tile.shuffle %[[X]], %[[X]] [1, 0, 3, 2, 5, 4, 7, 6] : tensor<2x4xi32>, tensor<2x4xi32> -> tensor<2x4xi32>
// CHECK: %[[G1:.*]] = arith.cmpi sgt, %[[X]], %[[P1]] : tensor<2x4xi32>
// CHECK: %[[F1:.*]] = arith.constant dense<{{\[\[}}false, true, true, false], [false, true, true, false]]> : tensor<2x4xi1>
// CHECK: %[[T1:.*]] = arith.xori %[[G1]], %[[F1]] : tensor<2x4xi1>
// CHECK: %[[S1:.*]] = arith.select %[[T1]], %[[P1]], %[[X]] : tensor<2x4xi1>, tensor<2x4xi32>
// CHECK: %[[P2:.*]] = tile.shuffle %[[S1]], %[[S1]] [2, 3, 0, 1, 6, 7, 4, 5]
// CHECK: %[[G2:.*]] = arith.cmpi sgt, %[[S1]], %[[P2]]
// CHECK: %[[F2:.*]] = arith.constant dense<{{\[\[}}false, false, true, true], [false, false, true, true]]>
// CHECK: %[[T2:.*]] = arith.xori %[[G2]], %[[F2]]
// CHECK: %[[S2:.*]] = arith.select %[[T2]], %[[P2]], %[[S1]]
// CHECK: %[[P3:.*]] = tile.shuffle %[[S2]], %[[S2]] [1, 0, 3, 2, 5, 4, 7, 6]
// CHECK: %[[G3:.*]] = arith.cmpi sgt, %[[S2]], %[[P3]]
// CHECK: %[[F3:.*]] = arith.constant dense<{{\[\[}}false, true, false, true], [false, true, false, true]]>
// CHECK: %[[T3:.*]] = arith.xori %[[G3]], %[[F3]]
// CHECK: %[[S3:.*]] = arith.select %[[T3]], %[[P3]], %[[S2]]
// CHECK-NEXT: return %[[S3]]
func.func @sort_rows(%x: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %0 = tile.sort %x descending = false : tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// Unsigned integers compare with ugt; descending inverts the left lane's choice.
// CHECK-LABEL: func @sort_unsigned_descending
// CHECK-SAME: (%[[X:.*]]: tensor<2xi8>)
// CHECK: %[[P:.*]] = tile.shuffle %[[X]], %[[X]] [1, 0] : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
// CHECK: %[[G:.*]] = arith.cmpi ugt, %[[X]], %[[P]] : tensor<2xi8>
// CHECK: %[[F:.*]] = arith.constant dense<[true, false]> : tensor<2xi1>
// CHECK: %[[T:.*]] = arith.xori %[[G]], %[[F]] : tensor<2xi1>
// CHECK: %[[S:.*]] = arith.select %[[T]], %[[P]], %[[X]] : tensor<2xi1>, tensor<2xi8>
// CHECK-NEXT: return %[[S]]
func.func @sort_unsigned_descending(%x: tensor<2xi8>) -> tensor<2xi8> {
  %0 = tile.sort %x descending = true unsigned : tensor<2xi8>
  return %0 : tensor<2xi8>
}

// Floats compare ordered (a NaN is never greater, as in Triton).
// CHECK-LABEL: func @sort_float
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>)
// CHECK: %[[P:.*]] = tile.shuffle %[[X]], %[[X]] [1, 0]
// CHECK: arith.cmpf ogt, %[[X]], %[[P]] : tensor<2xf32>
// CHECK: arith.constant dense<[false, true]> : tensor<2xi1>
// CHECK: arith.select %{{.*}}, %[[P]], %[[X]] : tensor<2xi1>, tensor<2xf32>
func.func @sort_float(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tile.sort %x descending = false : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// A last dimension of 1 is already sorted: the input is used directly.
// CHECK-LABEL: func @sort_single
// CHECK-SAME: (%[[X:.*]]: tensor<4x1xf16>)
// CHECK-NEXT: return %[[X]] : tensor<4x1xf16>
func.func @sort_single(%x: tensor<4x1xf16>) -> tensor<4x1xf16> {
  %0 = tile.sort %x descending = true : tensor<4x1xf16>
  return %0 : tensor<4x1xf16>
}
