// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu="target=amdgpu arch=gfx906" --verify-diagnostics

// MFMA layouts written by hand for an architecture without MFMA (gfx906) are an error at the
// dot (then the conversion's own), not a crash or FMA code that ignores the layout.
#mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
#da = #tile.dot_operand<opIdx = 0, parent = #mfma, kWidth = 4>
#db = #tile.dot_operand<opIdx = 1, parent = #mfma, kWidth = 4>
func.func @no_mfma(%a: tensor<64x32xf16, #da>, %b: tensor<32x64xf16, #db>,
                   %c: tensor<64x64xf32, #mfma>) -> tensor<64x64xf32, #mfma> attributes {tilec.simt} {
  // expected-error @+2 {{failed to legalize operation 'tile.dot'}}
  // expected-error @+1 {{'tile.dot' op target has no 32x32 MFMA for 'f16' operands and 'f32' accumulators on 'gfx906'}}
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #da>, tensor<32x64xf16, #db> -> tensor<64x64xf32, #mfma>
  return %d : tensor<64x64xf32, #mfma>
}

// -----

// An MFMA accumulator needs its operands in that MFMA's dot-operand layouts.
#mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @blocked_operands(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>,
                            %c: tensor<64x64xf32, #mfma>) -> tensor<64x64xf32, #mfma> attributes {tilec.simt} {
  // expected-error @+2 {{failed to legalize operation 'tile.dot'}}
  // expected-error @+1 {{'tile.dot' op with an mfma accumulator needs its operands in that mfma's dot_operand layouts}}
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #blocked>, tensor<32x64xf16, #blocked> -> tensor<64x64xf32, #mfma>
  return %d : tensor<64x64xf32, #mfma>
}

// -----

// An fp8 dot in MFMA layouts written by hand for an architecture without fp8 MFMAs is an error
// naming the formats, not a crash or an i8 MFMA on the bytes.
#mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
#da = #tile.dot_operand<opIdx = 0, parent = #mfma, kWidth = 8>
#db = #tile.dot_operand<opIdx = 1, parent = #mfma, kWidth = 8>
func.func @no_fp8_mfma(%a: tensor<64x32xi8, #da>, %b: tensor<32x64xi8, #db>,
                       %c: tensor<64x64xf32, #mfma>) -> tensor<64x64xf32, #mfma> attributes {tilec.simt} {
  // expected-error @+2 {{failed to legalize operation 'tile.dot'}}
  // expected-error @+1 {{'tile.dot' op target has no 32x32 fp8 MFMA for fp8e4b8 x fp8e5b16 operands on 'gfx906'}}
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4b8", b_fp8 = "fp8e5b16"} : tensor<64x32xi8, #da>, tensor<32x64xi8, #db> -> tensor<64x64xf32, #mfma>
  return %d : tensor<64x64xf32, #mfma>
}
