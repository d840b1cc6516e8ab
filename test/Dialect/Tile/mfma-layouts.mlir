// RUN: tilec-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// MFMA accumulator and dot-operand layouts round-trip, as do their slices.
#mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mfma, kWidth = 4>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mfma, kWidth = 4>
#mfma_rows = #tile.slice<{dim = 1, parent = #mfma}>
// CHECK-DAG: #[[MFMA:.*]] = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
// CHECK-DAG: #[[DOTA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[MFMA]], kWidth = 4>
// CHECK-DAG: #[[DOTB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[MFMA]], kWidth = 4>
// CHECK-DAG: #[[ROWS:.*]] = #tile.slice<{dim = 1, parent = #[[MFMA]]}>
// CHECK-LABEL: func @mfma
// CHECK-SAME: %[[A:.*]]: tensor<64x32xf16, #[[DOTA]]>, %[[B:.*]]: tensor<32x64xf16, #[[DOTB]]>, %[[C:.*]]: tensor<64x64xf32, #[[MFMA]]>
func.func @mfma(%a: tensor<64x32xf16, #dot_a>, %b: tensor<32x64xf16, #dot_b>,
                %c: tensor<64x64xf32, #mfma>) -> tensor<64xf32, #mfma_rows> {
  // CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf16, #[[DOTA]]>, tensor<32x64xf16, #[[DOTB]]> -> tensor<64x64xf32, #[[MFMA]]>
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #dot_a>, tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mfma>
  // CHECK: tile.reduce(%[[D]]) axis = 1 : (tensor<64x64xf32, #[[MFMA]]>) -> tensor<64xf32, #[[ROWS]]>
  %r = tile.reduce(%d) axis = 1 : (tensor<64x64xf32, #mfma>) -> tensor<64xf32, #mfma_rows> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  return %r : tensor<64xf32, #mfma_rows>
}

// -----

// Only CDNA2 (2) and CDNA3 (3) MFMA versions exist.
// expected-error @+1 {{mfma encoding supports versions 2 (CDNA2) and 3 (CDNA3), got 1}}
func.func @mfma_version(%x: tensor<32x32xf32, #tile.mfma<version = 1, warpsPerCTA = [2, 2], instrShape = [32, 32]>>) {
  return
}

// -----

// The layouts describe v_mfma_f32_32x32x8 and v_mfma_f32_16x16x16 only.
// expected-error @+1 {{mfma encoding needs instrShape = [32, 32] or [16, 16]}}
func.func @mfma_shape(%x: tensor<32x32xf32, #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [4, 4]>>) {
  return
}

// -----

#mfma = #tile.mfma<version = 3, warpsPerCTA = [1, 3], instrShape = [32, 32]>
// expected-error @-1 {{mfma warpsPerCTA must be powers of two, got 3}}

// -----

#mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
// MFMA lanes hold 1 (f32), 4 (16-bit) or 8 (i8) K elements per operand.
// expected-error @+1 {{dot_operand kWidth must be 1 (f32), 4 (16-bit) or 8 (i8) under an mfma parent, got 2}}
func.func @mfma_kwidth(%x: tensor<32x8xf16, #tile.dot_operand<opIdx = 0, parent = #mfma, kWidth = 2>>) {
  return
}

// -----

#mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
// An A operand needs at least one 32x8 instruction block.
// expected-error @+1 {{dot_operand A needs a tile of powers of two, at least 32x8, got 16x8}}
func.func @mfma_operand_shape(%x: tensor<16x8xf16, #tile.dot_operand<opIdx = 0, parent = #mfma, kWidth = 4>>) {
  return
}

// -----

#mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16]>
// Under 16x16x16 an A operand needs at least one 16x16 instruction block.
// expected-error @+1 {{dot_operand A needs a tile of powers of two, at least 16x16, got 16x8}}
func.func @mfma16_operand_shape(%x: tensor<16x8xf16, #tile.dot_operand<opIdx = 0, parent = #mfma, kWidth = 4>>) {
  return
}
