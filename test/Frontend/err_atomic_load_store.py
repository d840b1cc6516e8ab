# Errors of tl.atomic_load / tl.atomic_store, located at the call: Triton's semantics each one
# allows, pointers only (no block pointers), and the element types (fp8 has no atomic in tilec).
# RUN: not tilec compile %s --kernel load_release --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=LOADSEM
# RUN: not tilec compile %s --kernel store_acquire --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=STORESEM
# RUN: not tilec compile %s --kernel not_ptr --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=NOTPTR
# RUN: not tilec compile %s --kernel fp8 --signature '*fp8e5' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FP8
# RUN: not tilec compile %s --kernel block --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BLOCK
import triton.language as tl
from triton import jit


@jit
def load_release(p):
    tl.store(p, tl.atomic_load(p, sem="release"))
# LOADSEM: {{.*}}err_atomic_load_store.py:[[@LINE-1]]:39: error: atomic_load only supports acquire and relaxed semantics
# LOADSEM-NEXT: {{^}}    tl.store(p, tl.atomic_load(p, sem="release"))
# LOADSEM-NEXT: {{^}}                                      ^


@jit
def store_acquire(p):
    tl.atomic_store(p, 1, sem="acq_rel")
# STORESEM: {{.*}}err_atomic_load_store.py:[[@LINE-1]]:31: error: atomic_store only supports release and relaxed semantics


@jit
def not_ptr(n):
    tl.atomic_store(n, 1)
# NOTPTR: {{.*}}err_atomic_load_store.py:[[@LINE-1]]:21: error: tl.atomic_store expects a pointer, got int32


@jit
def fp8(p):
    tl.atomic_store(p + 1, tl.atomic_load(p))
# FP8: {{.*}}err_atomic_load_store.py:[[@LINE-1]]:31: error: atomic_load does not support fp8e5 in tilec


@jit
def block(p):
    bp = tl.make_block_ptr(p, (16,), (1,), (0,), (16,), (0,))
    tl.atomic_store(bp, tl.zeros([16], tl.float32))
# BLOCK: {{.*}}err_atomic_load_store.py:[[@LINE-1]]:21: error: tl.atomic_store does not support
