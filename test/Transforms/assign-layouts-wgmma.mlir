// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=8 target=nvptx arch=sm_90a" | FileCheck %s --check-prefix=WG8
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_90a" | FileCheck %s --check-prefix=WG4
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=8 target=simt arch=warp32-wgmma" | FileCheck %s --check-prefix=WG8
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_90a wgmma-transposed-b=true" | FileCheck %s --check-prefix=TRITON

// wgmma (sm_90a) puts a warpgroup's four warps along M, and the warpgroups along M as far as M
// has 64-row blocks for them: 64 rows at 8 warps split N over two warpgroups ([4, 2], as
// Triton), 128 rows at 8 warps take both along M; at 4 warps one warpgroup. Chained dots (p
// from qk) share the choice.
// WG8-DAG: #[[SPLIT:.*]] = #tile.mma<version = 3, warpsPerCTA = [4, 2], instrShape = [16, 8]>
// WG8-DAG: #[[TALL:.*]] = #tile.mma<version = 3, warpsPerCTA = [8, 1], instrShape = [16, 8]>
// WG8-LABEL: func @wgmma_warps
// WG8: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<64x64xf32, #[[SPLIT]]>
// WG8: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<64x64xf32, #[[SPLIT]]>
// WG8: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<128x64xf32, #[[TALL]]>
// WG4-DAG: #[[ONE:.*]] = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
// WG4-DAG: #[[SYNC:.*]] = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// WG4-LABEL: func @wgmma_warps
// WG4: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<64x64xf32, #[[ONE]]>
func.func @wgmma_warps(%q: tensor<64x32xf16>, %k: tensor<32x64xf16>, %v: tensor<64x64xf16>,
                       %t: tensor<128x32xf16>, %po: !tile.ptr<f32>, %pt: !tile.ptr<f32>) {
  %o = tile.splat %po : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %ot = tile.splat %pt : !tile.ptr<f32> -> tensor<128x64x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %zero2 = arith.constant dense<0.0> : tensor<128x64xf32>
  %qk = tile.dot %q, %k, %zero : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  %p = arith.truncf %qk : tensor<64x64xf32> to tensor<64x64xf16>
  %pv = tile.dot %p, %v, %zero : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  tile.store %o, %pv : tensor<64x64x!tile.ptr<f32>>
  %tk = tile.dot %t, %k, %zero2 : tensor<128x32xf16>, tensor<32x64xf16> -> tensor<128x64xf32>
  tile.store %ot, %tk : tensor<128x64x!tile.ptr<f32>>
  return
}

// An fp32 (tf32) dot of its own with an N-contiguous B stays on mma.sync (wgmma would read B
// K-major only, through a buffer filled by transposing 4-byte copies: slower on an H200) where
// each thread holds at most 64 accumulators; with B a transposition (K-major as loaded), or
// 128 accumulators per thread (128x128 at 4 warps, which would spill on mma.sync), it takes
// wgmma. int8 dots follow the same rule. With wgmma-transposed-b (Triton's choice) all three
// take wgmma.
// TRITON-DAG: #[[TONE:.*]] = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
// TRITON-LABEL: func @tf32_b_major
// TRITON: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<64x64xf32, #[[TONE]]>
// TRITON: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<64x64xf32, #[[TONE]]>
// TRITON: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<128x128xf32, #[[TONE]]>
// WG4-LABEL: func @tf32_b_major
// WG4: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<64x64xf32, #[[SYNC]]>
// WG4: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<64x64xf32, #[[ONE]]>
// WG4: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<128x128xf32, #[[ONE]]>
func.func @tf32_b_major(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %bt: tensor<64x32xf32>,
                        %a2: tensor<128x32xf32>, %b2: tensor<32x128xf32>,
                        %p1: !tile.ptr<f32>, %p2: !tile.ptr<f32>, %p3: !tile.ptr<f32>) {
  %o3 = tile.splat %p3 : !tile.ptr<f32> -> tensor<128x128x!tile.ptr<f32>>
  %zero2 = arith.constant dense<0.0> : tensor<128x128xf32>
  %o1 = tile.splat %p1 : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %o2 = tile.splat %p2 : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %nmajor = tile.dot %a, %b, %zero : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  tile.store %o1, %nmajor : tensor<64x64x!tile.ptr<f32>>
  %t = tile.trans %bt {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  %kmajor = tile.dot %a, %t, %zero : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  tile.store %o2, %kmajor : tensor<64x64x!tile.ptr<f32>>
  %big = tile.dot %a2, %b2, %zero2 : tensor<128x32xf32>, tensor<32x128xf32> -> tensor<128x128xf32>
  tile.store %o3, %big : tensor<128x128x!tile.ptr<f32>>
  return
}
