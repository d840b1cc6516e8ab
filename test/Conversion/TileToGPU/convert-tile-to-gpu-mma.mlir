// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_80" --convert-tile-to-gpu="target=nvptx arch=sm_80" --canonicalize | FileCheck %s
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=simt arch=warp32" --convert-tile-to-gpu="target=simt arch=warp32" --canonicalize | FileCheck %s --check-prefix=SIMT

// A 32x32x32 fp16 dot at 4 warps ([2, 2]): each warp holds a 16x16 accumulator block, two
// 16x8 mma blocks of 4 registers, and runs 2 K steps each: 4 mma.sync per thread. The dot stages
// its operands in shared memory itself (rows padded to 40 halves) between two barriers, and each
// K step loads its fragments with ldmatrix: one .x4 for A's 16x16 block, one .x4.trans for B's
// two 16x8 blocks, from one lane address plus an immediate (K step 1: 16 halves of A further,
// 16 rows of 40 halves of B). On NVPTX each mma is an nvvm.mma.sync on f16 pairs; on the
// emulator ldmatrix is ctx->ldmatrix (shape 4, or 4 | 0x100 transposed) into a 16-byte stack
// buffer and mma a call of ctx->mma (kind 0) with the fragments in one stack buffer.
// CHECK-LABEL: func @dot
// CHECK: nvvm.barrier0
// CHECK: llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4+0];", "=r,=r,=r,=r,r"
// CHECK: llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {$0, $1, $2, $3}, [$4+0];", "=r,=r,=r,=r,r"
// CHECK-COUNT-2: nvvm.mma.sync A[%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^]]*}}] B[%{{[^,]*}}, %{{[^]]*}}] C[%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^]]*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4+32];"
// CHECK: llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {$0, $1, $2, $3}, [$4+1280];"
// CHECK-COUNT-2: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK-NOT: ldmatrix
// CHECK: nvvm.barrier0
// SIMT-LABEL: func @dot
// SIMT: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.array<40 x i8> {alignment = 16 : i64, tilec.simt_mma_fragments} : (i32) -> !llvm.ptr
// SIMT: %[[WORDS:.*]] = llvm.alloca %{{.*}} x !llvm.array<16 x i8> {alignment = 16 : i64, tilec.simt_ldmatrix_words} : (i32) -> !llvm.ptr
// SIMT-COUNT-2: llvm.call %{{.*}}(%{{.*}}, %c{{4|260}}_i32, %{{.*}}, %[[WORDS]]) {convergent} : !llvm.ptr, (!llvm.ptr, i32, !llvm.ptr, !llvm.ptr) -> ()
// SIMT-COUNT-2: llvm.call %{{.*}}(%{{.*}}, %c0_i32, %[[BUF]]) {convergent} : !llvm.ptr, (!llvm.ptr, i32, !llvm.ptr) -> ()
// SIMT-COUNT-2: llvm.call %{{.*}}(%{{.*}}, %c{{4|260}}_i32, %{{.*}}, %[[WORDS]]) {convergent} : !llvm.ptr, (!llvm.ptr, i32, !llvm.ptr, !llvm.ptr) -> ()
// SIMT-COUNT-2: llvm.call %{{.*}}(%{{.*}}, %c0_i32, %[[BUF]]) {convergent} : !llvm.ptr, (!llvm.ptr, i32, !llvm.ptr) -> ()
// SIMT-NOT: %[[WORDS]])
func.func @dot(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
               %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
               %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %r = tile.make_range 0, 32 : tensor<32xi32>
  %rows = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols = tile.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c32 = arith.constant dense<32> : tensor<32x1xi32>
  %rowoff = arith.muli %rows, %c32 : tensor<32x1xi32>
  %rb = tile.broadcast %rowoff : tensor<32x1xi32> -> tensor<32x32xi32>
  %cb = tile.broadcast %cols : tensor<1x32xi32> -> tensor<32x32xi32>
  %off = arith.addi %rb, %cb : tensor<32x32xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<32x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %off : tensor<32x32x!tile.ptr<f16>>, tensor<32x32xi32>
  %va = tile.load %ap : tensor<32x32x!tile.ptr<f16>>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<32x32x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %off : tensor<32x32x!tile.ptr<f16>>, tensor<32x32xi32>
  %vb = tile.load %bp : tensor<32x32x!tile.ptr<f16>>
  %d = tile.dot %va, %vb, %zero : tensor<32x32xf16>, tensor<32x32xf16> -> tensor<32x32xf32>
  %cs = tile.splat %c : !tile.ptr<f32> -> tensor<32x32x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %off : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
  tile.store %cp, %d : tensor<32x32x!tile.ptr<f32>>
  return
}
