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

// An asynchronous warpgroup MMA dot and the waits that complete it round-trip; a wait returns
// its operands' types.
#mma3 = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#dot_a3 = #tile.dot_operand<opIdx = 0, parent = #mma3, kWidth = 2>
#dot_b3 = #tile.dot_operand<opIdx = 1, parent = #mma3, kWidth = 2>
// CHECK-LABEL: func @async_wgmma
// CHECK-SAME: %[[A:[^:]*]]: tensor<64x32xf16, {{.*}}>, %[[B:[^:]*]]: tensor<32x64xf16, {{.*}}>, %[[C:[^:]*]]: tensor<64x64xf32
func.func @async_wgmma(%a: tensor<64x32xf16, #dot_a3>, %b: tensor<32x64xf16, #dot_b3>,
                       %c: tensor<64x64xf32, #mma3>) -> tensor<64x64xf32, #mma3> {
  // CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[C]] {is_async}
  %d = tile.dot %a, %b, %c {is_async} : tensor<64x32xf16, #dot_a3>, tensor<32x64xf16, #dot_b3> -> tensor<64x64xf32, #mma3>
  // CHECK: %[[W:.*]] = tile.dot_wait %[[D]] pendings = 1 : tensor<64x64xf32
  %w = tile.dot_wait %d pendings = 1 : tensor<64x64xf32, #mma3>
  // CHECK: %[[E:.*]] = tile.dot %[[A]], %[[B]], %[[W]] {is_async}
  %e = tile.dot %a, %b, %w {is_async} : tensor<64x32xf16, #dot_a3>, tensor<32x64xf16, #dot_b3> -> tensor<64x64xf32, #mma3>
  // CHECK: %[[F:.*]]:2 = tile.dot_wait %[[W]], %[[E]] pendings = 0 : tensor<64x64xf32, {{.*}}>, tensor<64x64xf32
  %f:2 = tile.dot_wait %w, %e pendings = 0 : tensor<64x64xf32, #mma3>, tensor<64x64xf32, #mma3>
  // CHECK: return %[[F]]#1
  return %f#1 : tensor<64x64xf32, #mma3>
}
