// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=amdgpu arch=gfx942 threads-per-warp=64" --convert-tile-to-gpu="target=amdgpu arch=gfx942" --canonicalize | FileCheck %s
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=simt arch=warp64 threads-per-warp=64" --convert-tile-to-gpu="target=simt arch=warp64" --canonicalize | FileCheck %s --check-prefix=SIMT

// A 32x32x32 fp16 dot at 4 warps: one 32x32 MFMA block, the warps wrap over it ([4, 1], copies),
// and each runs 4 K steps of 8: 4 MFMAs per thread on 4 A and 4 B registers each and the 16
// accumulator registers. On AMDGPU each is a rocdl.mfma.f32.32x32x8f16; on the emulator a call
// of ctx->mfma (offset 64, kind 16) with the registers in one 80-byte stack buffer.
// CHECK-LABEL: func @dot
// CHECK-COUNT-4: rocdl.mfma.f32.32x32x8f16 %{{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-NOT: rocdl.mfma
// SIMT-LABEL: func @dot
// SIMT: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.array<80 x i8> {alignment = 16 : i64, tilec.simt_mfma_fragments} : (i32) -> !llvm.ptr
// SIMT-COUNT-4: llvm.call %{{.*}}(%{{.*}}, %{{.*}}, %[[BUF]]) {convergent} : !llvm.ptr, (!llvm.ptr, i32, !llvm.ptr) -> ()
// SIMT-NOT: tilec.simt_mma_fragments
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

// A 32x32x32 dot of bf8 (e5m2fnuz) A and fp8 (e4m3fnuz) B bytes: the same 32x32 block with 8
// bytes per lane (kWidth 8), 2 K steps of 16, each a rocdl.mfma.f32.32x32x16.bf8.fp8 on the
// lane's bytes as one i64 per operand; on the emulator ctx->mfma with kind 26 (32x32x16 bf8.fp8).
// CHECK-LABEL: func @fp8_dot
// CHECK-COUNT-2: rocdl.mfma.f32.32x32x16.bf8.fp8 %{{.*}} : (i64, i64, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-NOT: rocdl.mfma
// SIMT-LABEL: func @fp8_dot
// SIMT-DAG: %[[KIND:.*]] = arith.constant 26 : i32
// SIMT-DAG: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.array<80 x i8> {alignment = 16 : i64, tilec.simt_mfma_fragments} : (i32) -> !llvm.ptr
// SIMT-COUNT-2: llvm.call %{{.*}}(%{{.*}}, %[[KIND]], %[[BUF]]) {convergent} : !llvm.ptr, (!llvm.ptr, i32, !llvm.ptr) -> ()
// SIMT-NOT: llvm.call %{{.*}}(%{{.*}}, %[[KIND]], %{{.*}})
func.func @fp8_dot(%a: !tile.ptr<i8> {tile.divisibility = 16 : i32},
                   %b: !tile.ptr<i8> {tile.divisibility = 16 : i32},
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
  %as = tile.splat %a : !tile.ptr<i8> -> tensor<32x32x!tile.ptr<i8>>
  %ap = tile.addptr %as, %off : tensor<32x32x!tile.ptr<i8>>, tensor<32x32xi32>
  %va = tile.load %ap : tensor<32x32x!tile.ptr<i8>>
  %bs = tile.splat %b : !tile.ptr<i8> -> tensor<32x32x!tile.ptr<i8>>
  %bp = tile.addptr %bs, %off : tensor<32x32x!tile.ptr<i8>>, tensor<32x32xi32>
  %vb = tile.load %bp : tensor<32x32x!tile.ptr<i8>>
  %d = tile.dot %va, %vb, %zero {a_fp8 = "fp8e5b16", b_fp8 = "fp8e4b8"} : tensor<32x32xi8>, tensor<32x32xi8> -> tensor<32x32xf32>
  %cs = tile.splat %c : !tile.ptr<f32> -> tensor<32x32x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %off : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
  tile.store %cp, %d : tensor<32x32x!tile.ptr<f32>>
  return
}
