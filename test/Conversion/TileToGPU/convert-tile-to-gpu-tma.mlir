// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu="target=nvptx arch=sm_90a" | FileCheck %s
// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu="target=simt arch=warp32-wgmma" | FileCheck %s --check-prefix=SIMT

// One copy-engine stage: a tensor map of a row-major f16 tensor (64x64 boxes, 128-byte swizzle),
// one mbarrier, and a 64x128 tile copied as two boxes (columns c and c + 64, the second into the
// tile's second 8 KiB column group). The kernel gains the global scratch parameter after its
// own (128 bytes per program: tilec.global_scratch_bytes); thread 0 writes the map into its
// program's slot with tensormap.replace (rank 2 as 1, f16 as elemtype 6, 128-byte swizzle as
// mode 3, the row stride in bytes), initializes the barrier (then the program synchronizes),
// arrives expecting the bytes and issues both copies; every thread waits.
// CHECK-LABEL: func.func @stage
// CHECK-SAME: %arg6: i32, %[[SCRATCH:.*]]: !llvm.ptr<1>)
// CHECK-SAME: tilec.global_scratch_bytes = 128 : i64
// CHECK: nvvm.read.ptx.sreg.ctaid.z
// CHECK: %[[SLOT:.*]] = arith.muli %{{.*}}, %c128_i64 : i64
// CHECK: llvm.getelementptr %[[SCRATCH]][%[[SLOT]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: scf.if
// CHECK: "tensormap.replace.tile.global_address.global.b1024.b64 [$0], $1;"
// CHECK: "tensormap.replace.tile.rank.global.b1024.b32 [$0], 1;"
// CHECK: "tensormap.replace.tile.box_dim.global.b1024.b32 [$0], 0, $1;"
// CHECK: "tensormap.replace.tile.global_stride.global.b1024.b64 [$0], 0, $1;"
// CHECK: "tensormap.replace.tile.elemtype.global.b1024.b32 [$0], 6;"
// CHECK: "tensormap.replace.tile.swizzle_mode.global.b1024.b32 [$0], 3;"
// CHECK-NOT: fill_mode
// CHECK: "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;"
// CHECK: scf.if
// CHECK: "mbarrier.init.shared.b64 [$0], 1;"
// CHECK: nvvm.barrier0
// CHECK: scf.if
// CHECK: "mbarrier.arrive.expect_tx.shared.b64 _, [$0], $1;"
// CHECK: scf.if
// CHECK-COUNT-2: "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3}], [$4];"
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: "mbarrier.inval.shared.b64 [$0];"
// On the emulator the map is a tilec_simt_tensor_map and the hooks are ctx fields: mbarrier_init
// (offset 136), the program barrier (24), mbarrier_arrive_expect_tx (144), tma_load (128) per
// box with the map's slot, and mbarrier_wait (152); invalidation is nothing there.
// SIMT-LABEL: func.func @stage
// SIMT-SAME: %[[SCRATCH:[^:]*]]: !llvm.ptr, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %[[CTX:[^:]*]]: !llvm.ptr)
// SIMT: %[[SLOT:.*]] = llvm.getelementptr %[[SCRATCH]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// SIMT: %[[MAP:.*]] = llvm.getelementptr %[[SLOT]][0] : (!llvm.ptr) -> !llvm.ptr, i8
// SIMT: llvm.getelementptr %[[CTX]][136]
// SIMT: llvm.getelementptr %[[CTX]][24]
// SIMT: llvm.getelementptr %[[CTX]][144]
// SIMT: llvm.getelementptr %[[CTX]][128]
// SIMT: llvm.call %{{.*}}(%[[CTX]], %[[MAP]], %{{.*}}, %{{.*}}, %{{.*}}) {convergent} : !llvm.ptr, (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// SIMT: llvm.getelementptr %[[CTX]][128]
// SIMT: llvm.call %{{.*}}(%[[CTX]], %[[MAP]], %{{.*}}, %{{.*}}, %{{.*}})
// SIMT: llvm.getelementptr %[[CTX]][152]
// SIMT: llvm.call %{{.*}}(%[[CTX]], %{{.*}}, %arg6)
// SIMT-NOT: llvm.call
// SIMT: return
#swizzled = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 128, order = [1, 0]}>
#plain = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @stage(%p: !tile.ptr<f16>, %m: i64, %n: i64, %r: i32, %c: i32, %in: i1, %phase: i32) attributes {tilec.simt} {
  %one = arith.constant 1 : i64
  %i0 = arith.constant 0 : i32
  %bytes = arith.constant 16384 : i32
  %map = tile.make_tensor_map %p, [%m, %n], [%n, %one] : !tile.ptr<f16> -> !tile.tensor_map<64x64xf16, swizzle = 128>
  %buf = tile.local_alloc : !tile.memdesc<2x64x128xf16, #swizzled>
  %bars = tile.local_alloc : !tile.memdesc<2x1x1xi64, #plain>
  %stage = tile.memdesc_index %buf[%i0] : !tile.memdesc<2x64x128xf16, #swizzled> -> !tile.memdesc<64x128xf16, #swizzled>
  %bar = tile.memdesc_index %bars[%i0] : !tile.memdesc<2x1x1xi64, #plain> -> !tile.memdesc<1x1xi64, #plain>
  tile.mbarrier_init %bar count = 1 : !tile.memdesc<1x1xi64, #plain>
  tile.mbarrier_arrive %bar, %bytes : !tile.memdesc<1x1xi64, #plain>
  tile.async_tma_load %map[%r, %c] into %stage, %bar, %in : !tile.tensor_map<64x64xf16, swizzle = 128>, !tile.memdesc<64x128xf16, #swizzled>, !tile.memdesc<1x1xi64, #plain>
  tile.mbarrier_wait %bar, %phase : !tile.memdesc<1x1xi64, #plain>
  tile.mbarrier_inval %bar : !tile.memdesc<1x1xi64, #plain>
  return
}

// -----

// A store of a marked descriptor block (64x32 f32 rows of 128 bytes) on the copy engine: the
// program writes the tile row-major into 128-byte-aligned shared memory, fences it for the
// async proxy and synchronizes; thread 0 writes the tensor map into the store's slot (no
// swizzle) and issues the bulk store, waiting until the source has been read; a barrier frees
// the scratch. The pointer tile and mask are not used. On the emulator: ctx->tma_store (160).
// CHECK-LABEL: func.func @engine_store
// CHECK-SAME: tilec.global_scratch_bytes = 128 : i64
// CHECK: nvvm.barrier0
// CHECK: llvm.store
// CHECK: "fence.proxy.async.shared::cta;"
// CHECK-NEXT: nvvm.barrier0
// CHECK: scf.if
// CHECK: "tensormap.replace.tile.elemtype.global.b1024.b32 [$0], 7;"
// CHECK-NOT: swizzle_mode
// CHECK: "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [$0, {$1, $2}], [$3];"
// CHECK-NEXT: "cp.async.bulk.commit_group;"
// CHECK-NEXT: "cp.async.bulk.wait_group 0;"
// CHECK: nvvm.barrier0
// CHECK-NOT: st.global
// SIMT-LABEL: func.func @engine_store
// SIMT: llvm.getelementptr %{{.*}}[160]
// SIMT-NOT: llvm.getelementptr %{{.*}}[160]
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @engine_store(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %m: i64, %n: i64 {tile.divisibility = 16 : i32},
                        %r: i32, %c: i32, %ptrs: tensor<64x32x!tile.ptr<f32>, #blocked>,
                        %mask: tensor<64x32xi1, #blocked>, %v: tensor<64x32xf32, #blocked>) attributes {tilec.simt} {
  %one = arith.constant 1 : i64
  %b = tile.descriptor_block %v stored of %p[%m, %n] [%n, %one] at [%r, %c] : tensor<64x32xf32, #blocked>, !tile.ptr<f32>
  tile.store %ptrs, %b, %mask : tensor<64x32x!tile.ptr<f32>, #blocked>
  return
}
