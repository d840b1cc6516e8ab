# Tiles Triton accepts but the CPU lowering cannot compile are located errors naming the limit, never an LLVM ERROR or a hang: a 256x256 tl.dot and swizzle2d (65536-element vectors) and a histogram into 65536 bins (its counts are one tile value); a 256x256 int32 row sum and histograms of 65536 elements into 512 and 32768 bins (a counting loop, no comparison tile) compile.
# RUN: not tilec compile %s --kernel dot256 --signature '*fp32,*fp32' --emit so -o %t.so 2>&1 | FileCheck %s --check-prefix=DOT
# RUN: not tilec compile %s --kernel swz --signature '*i32' --emit so -o %t.so 2>&1 | FileCheck %s --check-prefix=SWZ
# RUN: not tilec compile %s --kernel hist --signature '*i32,*i32' -D BINS=65536 --emit so -o %t.so 2>&1 | FileCheck %s --check-prefix=HIST
# RUN: tilec compile %s --kernel hist --signature '*i32,*i32' -D BINS=512 --emit so -o %t.so
# RUN: tilec compile %s --kernel hist --signature '*i32,*i32' -D BINS=32768 --emit so -o %t.so
# RUN: tilec compile %s --kernel rowsum --signature '*i32,*i32' --emit so -o %t.so
# DOT: codegen_limits.py:17:5: error: kernel 'dot256': a tile of 65536 elements is too large for code generation (at most 32768 elements per tile value on this path)
# DOT: error: code generation for {{.*}} failed
# SWZ: codegen_limits.py:32:5: error: kernel 'swz': a tile of 65536 elements is too large for code generation
# HIST: codegen_limits.py:40:5: error: kernel 'hist': a tile of 65536 elements is too large for code generation (at most 32768 elements per tile value on this path)
import triton
import triton.language as tl


@triton.jit
def dot256(a_ptr, c_ptr):
    r = tl.arange(0, 256)
    o = r[:, None] * 256 + r[None, :]
    a = tl.load(a_ptr + o)
    tl.store(c_ptr + o, tl.dot(a, a))


@triton.jit
def rowsum(a_ptr, c_ptr):
    r = tl.arange(0, 256)
    o = r[:, None] * 256 + r[None, :]
    tl.store(c_ptr + r, tl.sum(tl.load(a_ptr + o), axis=1))


@triton.jit
def swz(c_ptr):
    i = tl.arange(0, 256)[:, None]
    j = tl.arange(0, 256)[None, :]
    a, b = tl.swizzle2d(i, j, 256, 256, 8)
    tl.store(c_ptr + i * 256 + j, a * 256 + b)


@triton.jit
def hist(a_ptr, c_ptr, BINS: tl.constexpr):
    r = tl.arange(0, 65536)
    x = tl.load(a_ptr + r)
    h = tl.histogram(x, BINS)
    tl.store(c_ptr + tl.arange(0, BINS), h)
