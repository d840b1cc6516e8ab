// Masked 128-bit accesses take each target's branch-free form: predicated PTX on NVIDIA, a load redirected to a zeroed slot on AMD, and a branch on the SIMT emulator.
// RUN: tilec-opt %s --convert-tile-to-gpu=target=nvptx --canonicalize | FileCheck %s --check-prefix=NVPTX
// RUN: tilec-opt %s --convert-tile-to-gpu="target=amdgpu arch=gfx942" --canonicalize | FileCheck %s --check-prefix=AMD
// RUN: tilec-opt %s --convert-tile-to-gpu="target=simt arch=warp32" --canonicalize | FileCheck %s --check-prefix=SIMT

#b = #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// NVPTX-LABEL: func @copy
// NVPTX: %[[LD:.*]] = llvm.inline_asm has_side_effects "mov.b32 $0, $6;{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r" %[[PTR:.*]], %[[MASK:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i1, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// NVPTX: llvm.extractvalue %[[LD]][3]
// NVPTX: llvm.inline_asm has_side_effects "@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r"
// NVPTX-NOT: scf.if

// AMD: llvm.mlir.global internal constant @__tilec_masked_load_slot("{{.*}}") {addr_space = 1 : i32, alignment = 16 : i64}
// AMD-LABEL: func @copy
// AMD: %[[SLOT:.*]] = llvm.mlir.addressof @__tilec_masked_load_slot : !llvm.ptr<1>
// AMD: %[[ADDR:.*]] = llvm.select %[[MASK:.*]], %[[PTR:.*]], %[[SLOT]] : i1, !llvm.ptr<1>
// AMD: %[[LD:.*]] = llvm.load %[[ADDR]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// AMD: llvm.select %[[MASK]], %[[LD]], %{{.*}} : i1, vector<4xf32>
// AMD: scf.if %{{.*}} {
// AMD-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>

// The emulator checks the alignment of each access the lanes make (failing with code 2, the
// size in the top byte of the detail) before it.
// SIMT-LABEL: func @copy
// SIMT: %[[ADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
// SIMT: %[[LOW:.*]] = arith.andi %[[ADDR]], %c15_i64 : i64
// SIMT: scf.if %{{.*}} {
// SIMT-NEXT: %[[DETAIL:.*]] = arith.ori %[[ADDR]], %c1152921504606846976_i64 : i64
// SIMT: llvm.call %{{.*}}(%{{.*}}, %c2_i32, %[[DETAIL]])
// SIMT: scf.if %[[MASK:.*]] -> (vector<4xf32>) {
// SIMT-NEXT: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// SIMT: llvm.call %{{.*}}(%{{.*}}, %c2_i32, %{{.*}})
// SIMT: scf.if %{{.*}} {
// SIMT-NEXT: llvm.store
func.func @copy(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %n: i32 {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
  %r = tile.make_range 0, 128 : tensor<128xi32, #b>
  %ns = tile.splat %n : i32 -> tensor<128xi32, #b>
  %mask = arith.cmpi slt, %r, %ns : tensor<128xi32, #b>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #b>
  %xp = tile.addptr %xs, %r : tensor<128x!tile.ptr<f32>, #b>, tensor<128xi32, #b>
  %v = tile.load %xp, %mask : tensor<128x!tile.ptr<f32>, #b>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #b>
  %yp = tile.addptr %ys, %r : tensor<128x!tile.ptr<f32>, #b>, tensor<128xi32, #b>
  tile.store %yp, %v, %mask : tensor<128x!tile.ptr<f32>, #b>
  return
}
