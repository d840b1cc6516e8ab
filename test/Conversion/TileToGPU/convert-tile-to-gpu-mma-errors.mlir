// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu="target=nvptx arch=sm_80" --verify-diagnostics

// An fp32 dot with MMA layouts written by hand but asked for "ieee" products is an error at the
// dot: mma.sync multiplies tf32, which would silently lose precision.
#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#da = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 1>
#db = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 1>
func.func @ieee_on_mma(%a: tensor<32x8xf32, #da>, %b: tensor<8x16xf32, #db>,
                       %c: tensor<32x16xf32, #mma>) -> tensor<32x16xf32, #mma> attributes {tilec.simt} {
  // expected-error @+2 {{failed to legalize operation 'tile.dot'}}
  // expected-error @+1 {{'tile.dot' op with f32 operands runs on mma.sync as tf32 only, but its input_precision is "ieee"}}
  %d = tile.dot %a, %b, %c {input_precision = "ieee"} : tensor<32x8xf32, #da>, tensor<8x16xf32, #db> -> tensor<32x16xf32, #mma>
  return %d : tensor<32x16xf32, #mma>
}

// -----

// The dot-operand layouts' kWidth must be the instruction's elements per register (s8: 4).
#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#da = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#db = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
func.func @kwidth(%a: tensor<32x32xi8, #da>, %b: tensor<32x16xi8, #db>,
                  %c: tensor<32x16xi32, #mma>) -> tensor<32x16xi32, #mma> attributes {tilec.simt} {
  // expected-error @+2 {{failed to legalize operation 'tile.dot'}}
  // expected-error @+1 {{'tile.dot' op dot_operand kWidth 2 does not match 'i8' operands (4 per 32-bit register)}}
  %d = tile.dot %a, %b, %c : tensor<32x32xi8, #da>, tensor<32x16xi8, #db> -> tensor<32x16xi32, #mma>
  return %d : tensor<32x16xi32, #mma>
}
