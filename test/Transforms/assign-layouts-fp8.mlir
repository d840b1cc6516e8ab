// tilec-assign-layouts puts fp8 dots on mma.sync m16n8k32 (kWidth 4) from sm_89 and refuses fp8 dots no fp8 instruction takes.
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_89" --split-input-file --verify-diagnostics | FileCheck %s
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=simt arch=warp32" --split-input-file --verify-diagnostics | FileCheck %s

// An e4m3 x e5m2 dot (i8 tiles with their formats) gets the MMA accumulator layout and
// dot-operand layouts with four 8-bit elements per 32-bit register, as the s8 m16n8k32 path.
// CHECK-DAG: #[[MMA:.*]] = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// CHECK-DAG: #[[DA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 4>
// CHECK-DAG: #[[DB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 4>
// CHECK-LABEL: func @fp8
// CHECK-DAG: %[[CA:.*]] = tile.convert_layout %{{.*}} : tensor<64x64xi8, #{{.*}}> -> tensor<64x64xi8, #[[DA]]>
// CHECK-DAG: %[[CB:.*]] = tile.convert_layout %{{.*}} : tensor<64x64xi8, #{{.*}}> -> tensor<64x64xi8, #[[DB]]>
// CHECK: tile.dot %[[CA]], %[[CB]], %{{.*}} {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"} : tensor<64x64xi8, #[[DA]]>, tensor<64x64xi8, #[[DB]]> -> tensor<64x64xf32, #[[MMA]]>
func.func @fp8(%pa: !tile.ptr<i8>, %pb: !tile.ptr<i8>, %q: !tile.ptr<f32>) {
  %c = arith.constant dense<0.0> : tensor<64x64xf32>
  %sa = tile.splat %pa : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %a = tile.load %sa : tensor<64x64x!tile.ptr<i8>>
  %sb = tile.splat %pb : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %b = tile.load %sb : tensor<64x64x!tile.ptr<i8>>
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"} : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xf32>
  %o = tile.splat %q : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  tile.store %o, %d : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// e4b15 has no mma.sync type: tilec-upcast-fp8-dots should have made this an f16 dot.
func.func @unplaced(%a: tensor<64x64xi8>, %b: tensor<64x64xi8>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{with fp8 operands has no tensor-core layout here; run tilec-upcast-fp8-dots first}}
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4b15", b_fp8 = "fp8e5"} : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}
