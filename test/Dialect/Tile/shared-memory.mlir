// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// Shared-memory buffers (!tile.memdesc with a padded #tile.shared), the asynchronous-copy ops
// and local_load/local_store round-trip (ops print the buffer type without its `!tile.memdesc` prefix); the padding
// is printed only when non-zero.
#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], pad = 8}>
// CHECK-DAG: #[[SHARED:.*]] = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], pad = 8}>
// CHECK-DAG: #[[PLAIN:.*]] = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-LABEL: func @pipeline_ops
// CHECK-SAME: (%[[P:.*]]: tensor<64x32x!tile.ptr<f16>, #{{.*}}>, %[[M:.*]]: tensor<64x32xi1, #{{.*}}>, %[[SLOT:.*]]: i32)
func.func @pipeline_ops(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>,
                        %slot: i32) -> tensor<64x32xf16, #blocked> {
  // CHECK: %[[BUF:.*]] = tile.local_alloc : <3x64x32xf16, #[[SHARED]]>
  %buf = tile.local_alloc : !tile.memdesc<3x64x32xf16, #shared>
  // CHECK: %[[STAGE:.*]] = tile.memdesc_index %[[BUF]][%[[SLOT]]] : <3x64x32xf16, #[[SHARED]]> -> <64x32xf16, #[[SHARED]]>
  %stage = tile.memdesc_index %buf[%slot] : !tile.memdesc<3x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  // CHECK: tile.async_copy %[[P]], %[[STAGE]], %[[M]] :
  tile.async_copy %p, %stage, %m : tensor<64x32x!tile.ptr<f16>, #blocked>, !tile.memdesc<64x32xf16, #shared>, tensor<64x32xi1, #blocked>
  // CHECK: tile.async_copy %[[P]], %[[STAGE]] :
  tile.async_copy %p, %stage : tensor<64x32x!tile.ptr<f16>, #blocked>, !tile.memdesc<64x32xf16, #shared>
  // CHECK: tile.async_commit_group
  tile.async_commit_group
  // CHECK: tile.async_wait pending = 1
  tile.async_wait pending = 1
  // CHECK: %[[V:.*]] = tile.local_load %[[STAGE]] : <64x32xf16, #[[SHARED]]> -> tensor<64x32xf16, #{{.*}}>
  %v = tile.local_load %stage : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  // CHECK: tile.local_store %[[V]], %[[STAGE]] : tensor<64x32xf16, #{{.*}}>, <64x32xf16, #[[SHARED]]>
  tile.local_store %v, %stage : tensor<64x32xf16, #blocked>, !tile.memdesc<64x32xf16, #shared>
  // CHECK: tile.local_alloc : <2x16x16xi8, #[[PLAIN]]>
  %plain = tile.local_alloc : !tile.memdesc<2x16x16xi8, #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], pad = 0}>>
  return %v : tensor<64x32xf16, #blocked>
}

// An asynchronous copy moves bytes: i16 bit patterns into a bf16 buffer (same width) verify.
// CHECK-LABEL: func @copy_same_width
// CHECK: tile.async_copy %{{.*}}, %{{.*}} : tensor<64x32x!tile.ptr<i16>, #{{.*}}>, <64x32xbf16, #[[SHARED]]>
func.func @copy_same_width(%p: tensor<64x32x!tile.ptr<i16>, #blocked>, %slot: i32) {
  %buf = tile.local_alloc : !tile.memdesc<3x64x32xbf16, #shared>
  %stage = tile.memdesc_index %buf[%slot] : !tile.memdesc<3x64x32xbf16, #shared> -> !tile.memdesc<64x32xbf16, #shared>
  tile.async_copy %p, %stage : tensor<64x32x!tile.ptr<i16>, #blocked>, !tile.memdesc<64x32xbf16, #shared>
  return
}
