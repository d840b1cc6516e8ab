# `tl.const` parameters (and "*k" signature entries) are pointers to constant memory, as in
# Triton: loads compile, stores and atomics through them are refused, and a runtime choice
# between a const and a plain pointer is a type mismatch.
# RUN: tilec compile %s --kernel load_only --signature '*fp32,*fp32' --emit tile -o - | FileCheck %s --check-prefix=LOAD
# RUN: not tilec compile %s --kernel store_const --signature '*fp32,*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=STORE
# RUN: not tilec compile %s --kernel atomic_const --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ATOMIC
# RUN: not tilec compile %s --kernel signature_const --signature '*kfp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SIGNATURE
# RUN: not tilec compile %s --kernel choose --signature '*fp32,*fp32,i1' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=CHOOSE
import triton
import triton.language as tl


@triton.jit
def load_only(src: tl.const, dst):
    offs = tl.arange(0, 16)
    tl.store(dst + offs, tl.load(src + offs))
# LOAD-LABEL: func @load_only
# LOAD: tile.load
# LOAD: tile.store


@triton.jit
def store_const(src, dst: tl.const):
    offs = tl.arange(0, 16)
    tl.store(dst + offs, tl.load(src + offs))
# STORE: {{.*}}const_pointers.py:[[@LINE-1]]:18: error: Cannot store to a constant pointer


@triton.jit
def atomic_const(dst: tl.const):
    tl.atomic_add(dst, 1.0)
# ATOMIC: {{.*}}const_pointers.py:[[@LINE-1]]:19: error: Cannot store to a constant pointer


@triton.jit
def signature_const(dst):
    tl.store(dst, 1.0)
# SIGNATURE: {{.*}}const_pointers.py:[[@LINE-1]]:14: error: Cannot store to a constant pointer


@triton.jit
def choose(src: tl.const, dst, flag):
    if flag:
        out = src
    else:
        out = dst
    tl.store(out, 1.0)
# CHOOSE: {{.*}}const_pointers.py:[[@LINE-5]]:5: error: Mismatched type for out between then block (const_pointer<fp32>) and else block (pointer<fp32>)
