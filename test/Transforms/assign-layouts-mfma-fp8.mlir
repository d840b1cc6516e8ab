// tilec-assign-layouts puts fnuz fp8 dots on gfx942's fp8 MFMAs (kWidth 8) and refuses OCP fp8 dots there.
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=amdgpu arch=gfx942 threads-per-warp=64" --split-input-file --verify-diagnostics | FileCheck %s --check-prefixes=CHECK,W4
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=8 target=simt arch=warp64 threads-per-warp=64" --split-input-file --verify-diagnostics | FileCheck %s --check-prefixes=CHECK,W8

// A 64x64x64 fp8 x bf8 dot (i8 tiles with their formats) gets the 32x32 MFMA accumulator layout
// (warps [2, 2] at 4 warps, [4, 2] at 8) and dot-operand layouts with eight bytes per lane
// (v_mfma_f32_32x32x16_fp8_bf8), as the i8 MFMA; a 16x16x64 one the 16x16 layout
// (v_mfma_f32_16x16x32).
// W4-DAG: #[[M:.*]] = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
// W8-DAG: #[[M:.*]] = #tile.mfma<version = 3, warpsPerCTA = [4, 2], instrShape = [32, 32]>
// CHECK-DAG: #[[DA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[M]], kWidth = 8>
// CHECK-DAG: #[[DB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[M]], kWidth = 8>
// CHECK-DAG: #[[M16:.*]] = #tile.mfma<version = 3, warpsPerCTA = [{{.*}}], instrShape = [16, 16]>
// CHECK-DAG: #[[DA16:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[M16]], kWidth = 8>
// CHECK-LABEL: func @fp8_bf8
// CHECK-DAG: %[[CA:.*]] = tile.convert_layout %{{.*}} : tensor<64x64xi8, #{{.*}}> -> tensor<64x64xi8, #[[DA]]>
// CHECK-DAG: %[[CB:.*]] = tile.convert_layout %{{.*}} : tensor<64x64xi8, #{{.*}}> -> tensor<64x64xi8, #[[DB]]>
// CHECK: tile.dot %[[CA]], %[[CB]], %{{.*}} {a_fp8 = "fp8e4b8", b_fp8 = "fp8e5b16"} : tensor<64x64xi8, #[[DA]]>, tensor<64x64xi8, #[[DB]]> -> tensor<64x64xf32, #[[M]]>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {a_fp8 = "fp8e5b16", b_fp8 = "fp8e4b8"} : tensor<16x64xi8, #[[DA16]]>, tensor<64x16xi8, #{{.*}}> -> tensor<16x16xf32, #[[M16]]>
func.func @fp8_bf8(%pa: !tile.ptr<i8>, %pb: !tile.ptr<i8>, %q: !tile.ptr<f32>) {
  %c = arith.constant dense<0.0> : tensor<64x64xf32>
  %sa = tile.splat %pa : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %a = tile.load %sa : tensor<64x64x!tile.ptr<i8>>
  %sb = tile.splat %pb : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %b = tile.load %sb : tensor<64x64x!tile.ptr<i8>>
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4b8", b_fp8 = "fp8e5b16"} : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xf32>
  %o = tile.splat %q : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  tile.store %o, %d : tensor<64x64x!tile.ptr<f32>>
  %c16 = arith.constant dense<0.0> : tensor<16x16xf32>
  %sa16 = tile.splat %pa : !tile.ptr<i8> -> tensor<16x64x!tile.ptr<i8>>
  %a16 = tile.load %sa16 : tensor<16x64x!tile.ptr<i8>>
  %sb16 = tile.splat %pb : !tile.ptr<i8> -> tensor<64x16x!tile.ptr<i8>>
  %b16 = tile.load %sb16 : tensor<64x16x!tile.ptr<i8>>
  %d16 = tile.dot %a16, %b16, %c16 {a_fp8 = "fp8e5b16", b_fp8 = "fp8e4b8"} : tensor<16x64xi8>, tensor<64x16xi8> -> tensor<16x16xf32>
  %o16 = tile.splat %q : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
  tile.store %o16, %d16 : tensor<16x16x!tile.ptr<f32>>
  return
}

// -----

// gfx942's fp8 MFMAs take the fnuz formats only: tilec-upcast-fp8-dots should have made this
// e4m3fn x e5m2 (OCP) dot an f16 dot.
func.func @ocp(%a: tensor<64x64xi8>, %b: tensor<64x64xi8>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{with fp8 operands has no tensor-core layout here; run tilec-upcast-fp8-dots first}}
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"} : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}
