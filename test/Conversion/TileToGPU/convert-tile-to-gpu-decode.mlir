// convert-tile-to-gpu reads and decodes mma.sync operands that arrive as bytes per K step, next to each instruction.
// RUN: tilec-opt %s --convert-tile-to-gpu="target=nvptx arch=sm_80" --canonicalize | FileCheck %s

// A 16x8x32 dot (two K steps of m16n8k16) whose operands are i8 tiles read from shared memory
// in the f16 operand layouts and converted there (as tilec-assign-layouts leaves decoded fp8):
// the local_loads read nothing themselves; each K step reads its A fragment (four runs of two
// bytes: rows g and g + 8 of the 48-byte padded rows) and its B fragment (four bytes, one per K row),
// converts those 8 and 4 values and runs its mma.sync, so only one step's values are live.
// CHECK-LABEL: func @decoded
// CHECK-NOT: vector<16xi8>
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<2xi8>
// CHECK: %[[A0:.*]] = arith.uitofp %{{.*}} : vector<8xi8> to vector<8xf16>
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: %[[B0:.*]] = arith.sitofp %{{.*}} : vector<4xi8> to vector<4xf16>
// CHECK: nvvm.mma.sync
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<2xi8>
// CHECK: arith.uitofp %{{.*}} : vector<8xi8> to vector<8xf16>
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: arith.sitofp %{{.*}} : vector<4xi8> to vector<4xf16>
// CHECK: nvvm.mma.sync
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
// CHECK-NOT: vector<16xi8>
#mma = #tile.mma<version = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], pad = 16}>
func.func @decoded(%out: !tile.ptr<f32> {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
  %c0 = arith.constant 0 : i32
  %bufa = tile.local_alloc : !tile.memdesc<1x16x32xi8, #shared>
  %bufb = tile.local_alloc : !tile.memdesc<1x32x8xi8, #shared>
  %sa = tile.memdesc_index %bufa[%c0] : !tile.memdesc<1x16x32xi8, #shared> -> !tile.memdesc<16x32xi8, #shared>
  %sb = tile.memdesc_index %bufb[%c0] : !tile.memdesc<1x32x8xi8, #shared> -> !tile.memdesc<32x8xi8, #shared>
  %a8 = tile.local_load %sa : !tile.memdesc<16x32xi8, #shared> -> tensor<16x32xi8, #dot_a>
  %b8 = tile.local_load %sb : !tile.memdesc<32x8xi8, #shared> -> tensor<32x8xi8, #dot_b>
  %a = arith.uitofp %a8 : tensor<16x32xi8, #dot_a> to tensor<16x32xf16, #dot_a>
  %b = arith.sitofp %b8 : tensor<32x8xi8, #dot_b> to tensor<32x8xf16, #dot_b>
  %acc = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
  %d = tile.dot %a, %b, %acc : tensor<16x32xf16, #dot_a>, tensor<32x8xf16, #dot_b> -> tensor<16x8xf32, #mma>
  %p = tile.splat %out : !tile.ptr<f32> -> tensor<16x8x!tile.ptr<f32>, #mma>
  tile.store %p, %d : tensor<16x8x!tile.ptr<f32>, #mma>
  return
}
