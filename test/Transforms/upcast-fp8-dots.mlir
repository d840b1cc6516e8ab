// tilec-upcast-fp8-dots decodes the fp8 operands of dots with no fp8 tensor-core instruction to f16.
// RUN: tilec-opt %s --tilec-upcast-fp8-dots --split-input-file | FileCheck %s --check-prefixes=CHECK,UP,FNUZ
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=nvptx arch=sm_80" --split-input-file | FileCheck %s --check-prefixes=CHECK,UP,FNUZ
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=amdgpu arch=gfx90a threads-per-warp=64" --split-input-file | FileCheck %s --check-prefixes=CHECK,UP,FNUZ
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=nvptx arch=sm_89 tensor-cores=false" --split-input-file | FileCheck %s --check-prefixes=CHECK,UP,FNUZ
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=nvptx arch=sm_89" --split-input-file | FileCheck %s --check-prefixes=CHECK,KEEP,FNUZ
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=nvptx arch=sm_90a" --split-input-file | FileCheck %s --check-prefixes=CHECK,KEEP,FNUZ
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=simt arch=warp32" --split-input-file | FileCheck %s --check-prefixes=CHECK,KEEP,FNUZ
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=amdgpu arch=gfx942 threads-per-warp=64" --split-input-file | FileCheck %s --check-prefixes=CHECK,UP,MFMA
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=simt arch=warp64 threads-per-warp=64" --split-input-file | FileCheck %s --check-prefixes=CHECK,UP,MFMA

// Without fp8 tensor cores for it (the CPU, sm_80, gfx90a, and gfx942 and the emulator at warp
// size 64, whose fp8 MFMAs take the fnuz formats) an e4m3fn x e5m2 dot becomes an f16 dot on
// the same accumulator: each operand is widened to i32, decoded (e4m3fn: NaN is S.1111.111,
// no infinity; e5m2: exponent 31 is inf/NaN) to f32 bits, and rounded (exactly) to f16.
// CHECK-LABEL: func @mixed
// CHECK-SAME: (%[[A:.*]]: tensor<16x32xi8>, %[[B:.*]]: tensor<32x8xi8>, %[[C:.*]]: tensor<16x8xf32>)
// UP: %[[AW:.*]] = arith.extui %[[A]] : tensor<16x32xi8> to tensor<16x32xi32>
// UP: %[[ANAN:.*]] = arith.constant dense<2143289344> : tensor<16x32xi32>
// UP: %[[AF:.*]] = arith.bitcast %{{.*}} : tensor<16x32xi32> to tensor<16x32xf32>
// UP: %[[AH:.*]] = arith.truncf %[[AF]] : tensor<16x32xf32> to tensor<16x32xf16>
// UP: %[[BW:.*]] = arith.extui %[[B]] : tensor<32x8xi8> to tensor<32x8xi32>
// UP: %[[BINF:.*]] = arith.constant dense<2139095040> : tensor<32x8xi32>
// UP: %[[BF:.*]] = arith.bitcast %{{.*}} : tensor<32x8xi32> to tensor<32x8xf32>
// UP: %[[BH:.*]] = arith.truncf %[[BF]] : tensor<32x8xf32> to tensor<32x8xf16>
// UP: %[[D:.*]] = tile.dot %[[AH]], %[[BH]], %[[C]] : tensor<16x32xf16>, tensor<32x8xf16> -> tensor<16x8xf32>
// UP-NOT: a_fp8
// UP: return %[[D]]
// From sm_89 (and on the emulator at warp size 32) mma.sync m16n8k32 takes e4m3 x e5m2: kept.
// KEEP-NOT: arith.extui
// KEEP: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[C]] {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"} : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
// KEEP: return %[[D]]
func.func @mixed(%a: tensor<16x32xi8>, %b: tensor<32x8xi8>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"} : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
  return %d : tensor<16x8xf32>
}

// -----

// The fnuz formats decode 0x80 (their one NaN) to +NaN; e4b15 has no NaN code. Neither has an
// mma.sync type, and batched dots have no tensor-core instruction anywhere: upcast everywhere.
// CHECK-LABEL: func @fnuz_batched
// CHECK: %[[AW:.*]] = arith.extui %{{.*}} : tensor<2x16x32xi8> to tensor<2x16x32xi32>
// CHECK: %[[IS80:.*]] = arith.cmpi eq, %[[AW]], %{{.*}} : tensor<2x16x32xi32>
// CHECK: arith.select %[[IS80]]
// CHECK: %[[AH:.*]] = arith.truncf %{{.*}} : tensor<2x16x32xf32> to tensor<2x16x32xf16>
// CHECK: %[[BH:.*]] = arith.truncf %{{.*}} : tensor<2x32x16xf32> to tensor<2x32x16xf16>
// CHECK: tile.dot %[[AH]], %[[BH]], %{{.*}} : tensor<2x16x32xf16>, tensor<2x32x16xf16> -> tensor<2x16x16xf32>
func.func @fnuz_batched(%a: tensor<2x16x32xi8>, %b: tensor<2x32x16xi8>, %c: tensor<2x16x16xf32>) -> tensor<2x16x16xf32> {
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4b8", b_fp8 = "fp8e4b15"} : tensor<2x16x32xi8>, tensor<2x32x16xi8> -> tensor<2x16x16xf32>
  return %d : tensor<2x16x16xf32>
}

// -----

// A K below mma.sync's 32 does not fit the instruction: upcast everywhere.
// CHECK-LABEL: func @small_k
// CHECK: %[[AH:.*]] = arith.truncf %{{.*}} : tensor<16x16xf32> to tensor<16x16xf16>
// CHECK: %[[BH:.*]] = arith.truncf %{{.*}} : tensor<16x8xf32> to tensor<16x8xf16>
// CHECK: tile.dot %[[AH]], %[[BH]], %{{.*}} : tensor<16x16xf16>, tensor<16x8xf16> -> tensor<16x8xf32>
func.func @small_k(%a: tensor<16x16xi8>, %b: tensor<16x8xi8>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4nv", b_fp8 = "fp8e4nv"} : tensor<16x16xi8>, tensor<16x8xi8> -> tensor<16x8xf32>
  return %d : tensor<16x8xf32>
}

// -----

// gfx942 (and the emulator at warp size 64) multiplies the fnuz formats on its fp8 MFMAs
// (fp8 = e4m3fnuz, bf8 = e5m2fnuz, any pair): a 32x32x16 dot fits v_mfma_f32_32x32x16 and a
// 16x16x32 one 16x16x32, and both are kept; elsewhere (no MFMA, gfx90a, NVIDIA) they are upcast.
// A 16x16x16 dot fills neither instruction and the OCP formats (@mixed) have none on gfx942:
// upcast everywhere.
// CHECK-LABEL: func @fnuz_mfma
// CHECK-SAME: (%[[A:.*]]: tensor<32x16xi8>, %[[B:.*]]: tensor<16x32xi8>, %[[C:.*]]: tensor<32x32xf32>, %[[A2:.*]]: tensor<16x32xi8>, %[[B2:.*]]: tensor<32x16xi8>, %[[C2:.*]]: tensor<16x16xf32>, %[[A3:.*]]: tensor<16x16xi8>, %[[C3:.*]]: tensor<16x16xf32>)
// FNUZ: %[[AH:.*]] = arith.truncf %{{.*}} : tensor<32x16xf32> to tensor<32x16xf16>
// FNUZ: %[[BH:.*]] = arith.truncf %{{.*}} : tensor<16x32xf32> to tensor<16x32xf16>
// FNUZ: tile.dot %[[AH]], %[[BH]], %[[C]] : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
// FNUZ: tile.dot %{{.*}}, %{{.*}}, %[[C2]] : tensor<16x32xf16>, tensor<32x16xf16> -> tensor<16x16xf32>
// MFMA-NOT: arith.truncf
// MFMA: tile.dot %[[A]], %[[B]], %[[C]] {a_fp8 = "fp8e4b8", b_fp8 = "fp8e5b16"} : tensor<32x16xi8>, tensor<16x32xi8> -> tensor<32x32xf32>
// MFMA-NOT: arith.truncf
// MFMA: tile.dot %[[A2]], %[[B2]], %[[C2]] {a_fp8 = "fp8e5b16", b_fp8 = "fp8e5b16"} : tensor<16x32xi8>, tensor<32x16xi8> -> tensor<16x16xf32>
// CHECK: %[[AH3:.*]] = arith.truncf %{{.*}} : tensor<16x16xf32> to tensor<16x16xf16>
// CHECK: tile.dot %[[AH3]], %{{.*}}, %[[C3]] : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
func.func @fnuz_mfma(%a: tensor<32x16xi8>, %b: tensor<16x32xi8>, %c: tensor<32x32xf32>,
                     %a2: tensor<16x32xi8>, %b2: tensor<32x16xi8>, %c2: tensor<16x16xf32>,
                     %a3: tensor<16x16xi8>, %c3: tensor<16x16xf32>)
    -> (tensor<32x32xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4b8", b_fp8 = "fp8e5b16"} : tensor<32x16xi8>, tensor<16x32xi8> -> tensor<32x32xf32>
  %d2 = tile.dot %a2, %b2, %c2 {a_fp8 = "fp8e5b16", b_fp8 = "fp8e5b16"} : tensor<16x32xi8>, tensor<32x16xi8> -> tensor<16x16xf32>
  %d3 = tile.dot %a3, %a3, %c3 {a_fp8 = "fp8e4b8", b_fp8 = "fp8e4b8"} : tensor<16x16xi8>, tensor<16x16xi8> -> tensor<16x16xf32>
  return %d, %d2, %d3 : tensor<32x32xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// Other dots are left alone.
// CHECK-LABEL: func @int8
// CHECK-NOT: arith.extui
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xi32>
func.func @int8(%a: tensor<16x32xi8>, %b: tensor<32x8xi8>, %c: tensor<16x8xi32>) -> tensor<16x8xi32> {
  %d = tile.dot %a, %b, %c : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xi32>
  return %d : tensor<16x8xi32>
}
