// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// MMA accumulator and dot-operand layouts round-trip, as do their slices.
#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#mma_rows = #tile.slice<{dim = 1, parent = #mma}>
// CHECK-DAG: #[[MMA:.*]] = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// CHECK-DAG: #[[DOTA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>
// CHECK-DAG: #[[DOTB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>
// CHECK-DAG: #[[ROWS:.*]] = #tile.slice<{dim = 1, parent = #[[MMA]]}>
// CHECK-LABEL: func @mma
// CHECK-SAME: %[[A:.*]]: tensor<64x32xf16, #[[DOTA]]>, %[[B:.*]]: tensor<32x64xf16, #[[DOTB]]>, %[[C:.*]]: tensor<64x64xf32, #[[MMA]]>
func.func @mma(%a: tensor<64x32xf16, #dot_a>, %b: tensor<32x64xf16, #dot_b>,
               %c: tensor<64x64xf32, #mma>) -> tensor<64xf32, #mma_rows> {
  // CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf16, #[[DOTA]]>, tensor<32x64xf16, #[[DOTB]]> -> tensor<64x64xf32, #[[MMA]]>
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #dot_a>, tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mma>
  // CHECK: tile.reduce(%[[D]]) axis = 1 : (tensor<64x64xf32, #[[MMA]]>) -> tensor<64xf32, #[[ROWS]]>
  %r = tile.reduce(%d) axis = 1 : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #mma_rows> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  return %r : tensor<64xf32, #mma_rows>
}
