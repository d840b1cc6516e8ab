// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu="target=nvptx arch=sm_80" --verify-diagnostics
// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu="target=amdgpu arch=gfx942" --verify-diagnostics
// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu="target=simt arch=warp32" --verify-diagnostics

// A tile.dot_wait written by hand for a target without warpgroup MMA is an error at the op, not
// a wgmma.wait_group that ptxas (or the emulator) would meet later, nor a crash.
#mma3 = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
func.func @wait_without_wgmma(%c: tensor<64x64xf32, #mma3>, %p: !tile.ptr<f32>) attributes {tilec.simt} {
  // expected-error @+2 {{failed to legalize operation 'tile.dot_wait'}}
  // expected-error-re @+1 {{'tile.dot_wait' op target has no wgmma to wait for (arch '{{sm_80|gfx942|warp32}}')}}
  %w = tile.dot_wait %c pendings = 0 : tensor<64x64xf32, #mma3>
  %o = tile.splat %p : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #mma3>
  tile.store %o, %w : tensor<64x64x!tile.ptr<f32>, #mma3>
  return
}

// -----

// Copy-engine ops written by hand for a target without TMA are errors at the op.
#plain = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @mbarrier_without_tma(%b: !tile.memdesc<1x1xi64, #plain>, %p: i32) attributes {tilec.simt} {
  // expected-error @+2 {{failed to legalize operation 'tile.mbarrier_wait'}}
  // expected-error-re @+1 {{'tile.mbarrier_wait' op target has no tensor memory accelerator (TMA) (arch '{{sm_80|gfx942|warp32}}')}}
  tile.mbarrier_wait %b, %p : !tile.memdesc<1x1xi64, #plain>
  return
}
