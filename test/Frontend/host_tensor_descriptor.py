# Host tensor descriptor parameters ('tensordesc<fp32[16, 32]>' in the signature): each stands for a 16-byte aligned base, its sizes and strides (the last one the constant 1), reaches @jit helpers, and bad block shapes, element types or paddings are located errors.
# RUN: tilec compile %s --kernel copy --signature 'tensordesc<fp32[16, 32]>,tensordesc<fp32[16,32],nan>,i32' --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel copy --signature 'tensordesc<fp32[16, 3]>,tensordesc<fp32[16,32]>,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=POW2
# RUN: not tilec compile %s --kernel copy --signature 'tensordesc<fp32[16, 2]>,tensordesc<fp32[16,32]>,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BYTES
# RUN: not tilec compile %s --kernel copy --signature 'tensordesc<i32[16,32],nan>,tensordesc<i32[16,32]>,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=NANINT
# RUN: not tilec compile %s --kernel copy --signature 'tensordesc<fp32[16]>,tensordesc<fp32[16,32]>,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: not tilec compile %s --kernel copy --signature 'tensordesc<fp33[16]>,tensordesc<fp32[16,32]>,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ELT
# RUN: not tilec compile %s --kernel copy --signature 'tensordesc<fp32[1,1,1,1,1,4]>,tensordesc<fp32[16,32]>,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SIX
# RUN: not tilec compile %s --kernel copy --signature 'tensordesc<fp32[16,32],inf>,tensordesc<fp32[16,32]>,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PAD
from tilec import jit
import tilec.language as tl


@jit
def _twice(desc, row):
    return desc.load([row, 0]) * 2


@jit
def copy(x_desc, y_desc, row):
    y_desc.store([row, 0], _twice(x_desc, row))

# CHECK-LABEL: func.func @copy(
# The base is 16-byte aligned and the strides but the last are multiples of 16 bytes (4 f32),
# as Triton's TensorDescriptor requires.
# CHECK-SAME: %[[XB:arg[0-9]+]]: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %[[XM:arg[0-9]+]]: i64, %[[XN:arg[0-9]+]]: i64, %[[XSM:arg[0-9]+]]: i64 {tile.divisibility = 4 : i32}, %{{arg[0-9]+}}: i64,
# CHECK-SAME: %[[YB:arg[0-9]+]]: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %{{arg[0-9]+}}: i64, %{{arg[0-9]+}}: i64, %{{arg[0-9]+}}: i64 {tile.divisibility = 4 : i32}, %{{arg[0-9]+}}: i64, %[[ROW:arg[0-9]+]]: i32)
# The last strides are the constant 1, as Triton requires; the padding is part of the type.
# CHECK: %[[ONE:.*]] = arith.constant 1 : i64
# CHECK: %[[XD:.*]] = tile.make_tensor_descriptor %[[XB]], [%[[XM]], %[[XN]]], [%[[XSM]], %[[ONE]]] : !tile.tensor_desc<16x32xf32>
# CHECK: %[[YD:.*]] = tile.make_tensor_descriptor %[[YB]], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tile.tensor_desc<16x32xf32, nan>
# The helper's load at (row, 0) reaches the caller's descriptor.
# CHECK: %[[X:.*]] = tile.descriptor_load %[[XD]][%[[ROW]], %{{.*}}] : !tile.tensor_desc<16x32xf32>
# CHECK: %[[V:.*]] = arith.mulf %[[X]]
# CHECK: tile.descriptor_store %[[YD]][%[[ROW]], %{{.*}}], %[[V]] : !tile.tensor_desc<16x32xf32, nan>

# POW2: host_tensor_descriptor.py:20:10: error: block_shape entries must be powers of 2, got 3
# BYTES: host_tensor_descriptor.py:20:10: error: Descriptor block shape must have at least 16 bytes in the last dimension, but got 2 * 4 = 8 bytes
# NANINT: host_tensor_descriptor.py:20:10: error: padding option `nan` is not supported for integer blocks
# RANK: host_tensor_descriptor.py:16:22: error: expected 1 offsets, but got 2
# ELT: error: invalid tensor descriptor 'tensordesc<fp33[16]>' in --signature: unknown tensor descriptor element type 'fp33'
# SIX: error: invalid tensor descriptor 'tensordesc<fp32[1,1,1,1,1,4]>' in --signature: a tensor descriptor has 1 to 5 dimensions, got 6
# PAD: error: invalid tensor descriptor 'tensordesc<fp32[16,32],inf>' in --signature: unexpected ',inf' after the block shape (expected ',nan' or ',zero')
