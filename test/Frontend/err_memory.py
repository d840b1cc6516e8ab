# Memory errors, as Triton reports them: boundary_check/padding on plain pointers, mask with block
# pointers, wrong offset counts and lengths, bad order, NaN padding of integers, out-of-range
# boundary dimensions, value shape mismatches, block pointers changing type in a loop, 64-bit
# offsets, unknown sem/scope, atomics on unsupported types and on block pointers, gather ranks,
# tensor descriptor offsets and block sizes, and a tl.advance whose result is dropped.
# RUN: not tilec compile %s --kernel bc_plain --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BCPLAIN
# RUN: not tilec compile %s --kernel mask_load --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MASKLOAD
# RUN: not tilec compile %s --kernel mask_store --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MASKSTORE
# RUN: not tilec compile %s --kernel advance_rank --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ADVANCERANK
# RUN: not tilec compile %s --kernel lengths --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=LENGTHS
# RUN: not tilec compile %s --kernel order --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ORDER
# RUN: not tilec compile %s --kernel nan_int --signature '*i8,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=NANINT
# RUN: not tilec compile %s --kernel bc_range --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BCRANGE
# RUN: not tilec compile %s --kernel store_shape --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=STORESHAPE
# RUN: not tilec compile %s --kernel carried --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=CARRIED
# RUN: not tilec compile %s --kernel wide_offset --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=WIDEOFFSET
# RUN: not tilec compile %s --kernel bad_sem --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BADSEM
# RUN: not tilec compile %s --kernel bad_scope --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BADSCOPE
# RUN: not tilec compile %s --kernel max_fp16 --signature '*fp16' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MAXFP16
# RUN: not tilec compile %s --kernel and_float --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ANDFLOAT
# RUN: not tilec compile %s --kernel cas_i8 --signature '*i8' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=CASI8
# RUN: not tilec compile %s --kernel atomic_block_ptr --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ATOMICBLOCKPTR
# RUN: not tilec compile %s --kernel gather_rank --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=GATHERRANK
# RUN: not tilec compile %s --kernel desc_offsets --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=DESCOFFSETS
# RUN: not tilec compile %s --kernel desc_bytes --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=DESCBYTES
# RUN: not tilec compile %s --kernel unused_advance --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=UNUSEDADVANCE
import triton.language as tl
from triton import jit


@jit
def bc_plain(p):
    x = tl.load(p + tl.arange(0, 16), boundary_check=(0,))
# BCPLAIN: {{.*}}err_memory.py:33:54: error: `padding_option` or `boundary_check` argument is not supported for loading a tensor of pointers or a scalar, because the compiler does not know the boundary; please use block pointers (defined by `make_block_ptr`) instead


@jit
def mask_load(p, n):
    bp = tl.make_block_ptr(p, (n,), (1,), (0,), (16,), (0,))
    x = tl.load(bp, mask=tl.arange(0, 16) < n)
# MASKLOAD: {{.*}}err_memory.py:40:29: error: `mask` and `other` arguments cannot be specified for loading block pointers


@jit
def mask_store(p, n):
    bp = tl.make_block_ptr(p, (n,), (1,), (0,), (16,), (0,))
    tl.store(bp, 1.0, mask=tl.arange(0, 16) < n)
# MASKSTORE: {{.*}}err_memory.py:47:31: error: `mask` argument cannot be specified for storing block pointers


@jit
def advance_rank(p, n):
    bp = tl.make_block_ptr(p, (n, n), (n, 1), (0, 0), (16, 16), (1, 0))
    bp = tl.advance(bp, (16,))
# ADVANCERANK: {{.*}}err_memory.py:54:13: error: tl.advance expects 2 offsets (one per block dimension), got 1


@jit
def lengths(p, n):
    bp = tl.make_block_ptr(p, (n, n), (n, 1), (0,), (16, 16), (1, 0))
# LENGTHS: {{.*}}err_memory.py:60:13: error: expected shape/strides/offsets/block_shape/order to have the same length, got 2/2/1/2/2


@jit
def order(p, n):
    bp = tl.make_block_ptr(p, (n, n), (n, 1), (0, 0), (16, 16), (1, 1))
# ORDER: {{.*}}err_memory.py:66:65: error: expected a permutation of (0, 1, ..., len(order)-1) in order, got [1, 1]


@jit
def nan_int(p, n):
    bp = tl.make_block_ptr(p, (n,), (1,), (0,), (16,), (0,))
    x = tl.load(bp, boundary_check=(0,), padding_option="nan")
# NANINT: {{.*}}err_memory.py:73:12: error: padding option `nan` is not supported for integer block pointers


@jit
def bc_range(p, n):
    bp = tl.make_block_ptr(p, (n,), (1,), (0,), (16,), (0,))
    x = tl.load(bp, boundary_check=(1,))
# BCRANGE: {{.*}}err_memory.py:80:37: error: boundary_check dimension 1 is out of range for a block of rank 1


@jit
def store_shape(p, n):
    bp = tl.make_block_ptr(p, (n,), (1,), (0,), (16,), (0,))
    tl.store(bp, tl.zeros((32,), dtype=tl.float32))
# STORESHAPE: {{.*}}err_memory.py:87:21: error: block shape [16] and value shape [32] mismatch


@jit
def carried(p, n):
    bp = tl.make_block_ptr(p, (n,), (1,), (0,), (16,), (0,))
    for i in range(n):
        bp = tl.make_block_ptr(p, (n,), (1,), (0,), (32,), (0,))
# CARRIED: {{.*}}err_memory.py:94:5: error: loop-carried variable 'bp' has type block pointer to fp32[16] before the loop but block pointer to fp32[32] at the end of the loop body


@jit
def wide_offset(p, n):
    bp = tl.make_block_ptr(p, (n,), (1,), (n.to(tl.int64),), (16,), (0,))
# WIDEOFFSET: {{.*}}err_memory.py:101:46: error: block pointers only support 32-bit offsets, got int64; add a `.to(tl.int32)`


@jit
def bad_sem(p):
    tl.atomic_add(p, 1, sem="seq_cst")
# BADSEM: {{.*}}err_memory.py:107:29: error: memory semantic 'seq_cst' not supported (expected "acquire", "release", "acq_rel" or "relaxed")


@jit
def bad_scope(p):
    tl.atomic_add(p, 1, scope="device")
# BADSCOPE: {{.*}}err_memory.py:113:31: error: memory scope 'device' not supported (expected "gpu", "cta" or "sys")


@jit
def max_fp16(p):
    tl.atomic_max(p, 1.0)
# MAXFP16: {{.*}}err_memory.py:119:8: error: atomic_max does not support fp16


@jit
def and_float(p):
    tl.atomic_and(p, 1.0)
# ANDFLOAT: {{.*}}err_memory.py:125:8: error: atomic_and does not support fp32 (bitwise atomics need integers)


@jit
def cas_i8(p):
    tl.atomic_cas(p, 0, 1)
# CASI8: {{.*}}err_memory.py:131:8: error: atomic_cas only supports elements with width {16, 32, 64}, got int8


@jit
def atomic_block_ptr(p, n):
    bp = tl.make_block_ptr(p, (n,), (1,), (0,), (16,), (0,))
    tl.atomic_add(bp, 1.0)
# ATOMICBLOCKPTR: {{.*}}err_memory.py:138:19: error: tl.atomic_add does not support block pointer to fp32[16]; use a tensor of pointers


@jit
def gather_rank(p):
    x = tl.load(p + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    g = tl.gather(x, tl.arange(0, 16), 0)
# GATHERRANK: {{.*}}err_memory.py:145:12: error: tl.gather: source and index tensors must have the same rank, got fp32[16, 16] and int32[16]


@jit
def desc_offsets(p, n):
    d = tl.make_tensor_descriptor(p, shape=[n, n], strides=[n, 1], block_shape=[16, 16])
    x = d.load([0])
# DESCOFFSETS: {{.*}}err_memory.py:152:16: error: expected 2 offsets, but got 1


@jit
def desc_bytes(p, n):
    d = tl.make_tensor_descriptor(p, shape=[n, n], strides=[n, 1], block_shape=[16, 2])
# DESCBYTES: {{.*}}err_memory.py:158:80: error: Descriptor block shape must have at least 16 bytes in the last dimension, but got 2 * 4 = 8 bytes


@jit
def unused_advance(p, n):
    bp = tl.make_block_ptr(p, (n,), (1,), (0,), (16,), (0,))
    tl.advance(bp, (16,))
# UNUSEDADVANCE: {{.*}}err_memory.py:165:8: error: tl.advance does not have any side effects; to move the block pointer, assign the result of tl.advance to a variable
