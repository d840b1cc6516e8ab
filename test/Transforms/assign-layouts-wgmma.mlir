// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=8 target=nvptx arch=sm_90a" | FileCheck %s --check-prefix=WG8
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_90a" | FileCheck %s --check-prefix=WG4
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=8 target=simt arch=warp32-wgmma" | FileCheck %s --check-prefix=WG8

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
// WG4: #[[ONE:.*]] = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
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
