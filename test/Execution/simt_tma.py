# Tensor-descriptor matmuls on the SIMT emulator's model of Hopper (arch warp32-wgmma) with the
# copy engine: tl.make_tensor_descriptor blocks that the wgmma dot reads are copied by TMA
# (ctx->tma_load of a tilec_simt_tensor_map that the kernel writes into its program's 128-byte
# slots of the runtime's global scratch, counted by a ring of mbarriers), swizzled as wgmma reads
# them, so a wrong swizzle, box, coordinate, phase or byte count gives wrong sums or a failed
# launch. Cases: fp16 and bf16 (bit patterns bitcast after the load), 4 and 8 warps, A rows of 64
# and 128 bytes and B rows of 128 and 256 bytes (two boxes per tile), ragged M, N and K (the
# engine fills the boxes' outside with zeros), N = 72, whose row stride is not known to be a
# multiple of 16 bytes (B keeps cp.async, A the engine), a NaN-padded A whose rows past M come out
# NaN (the kernel stores its whole tile), K = 72, where both keep cp.async, and a persistent
# kernel (3 programs looping over 12 tiles: its maps made once, its barriers re-initialized for
# each tile's K loop). Reference: float64 numpy on the rounded inputs.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %s --kernel mmdesc --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16' -DBM=128 -DBN=128 -DBK=64 -DNAN=0 -DBF16=0 --target simt --arch warp32-wgmma --num-warps 4 --emit llvm -o %t.ll
# RUN: FileCheck %s --check-prefix=IR < %t.ll
# CHECK: PASS f16 128x128x64 w4 M=256 N=256 K=192
# CHECK: PASS f16 64x64x32 w4 M=100 N=72 K=80
# CHECK: PASS bf16 128x128x64 w8 M=200 N=144 K=208
# CHECK: PASS f16 64x128x64 w4 M=64 N=256 K=128
# CHECK: PASS f16 nan 64x64x32 w4 M=80 N=64 K=64
# CHECK: PASS f16 64x64x32 w4 M=64 N=64 K=72 (cp.async)
# CHECK: PASS persistent 3 programs M=200 N=144 K=80
# CHECK: PASS descriptor store 64x64x32 w4 M=200 N=144 K=80
# CHECK: PASS block-pointer store 64x64x32 w4 M=100 N=48 K=32
# CHECK: PASS descriptor store 128x128x64 w8 M=256 N=256 K=128
# CHECK-NOT: FAIL
# The 128x128x64 kernel: three mbarriers initialized (ctx->mbarrier_init(ctx, bar, 1)), and
# three boxes per stage (A: 128x64, B: two 64x64; ctx->tma_load(ctx, map, coords, dst, bar)),
# issued for stages 0 and 1 before the loop and once in it; no cp.async.
# IR-LABEL: define {{.*}}@__tilec_simt_entry_mmdesc
# IR-COUNT-3: call void %{{[0-9]+}}(ptr {{[^,]*}}, ptr {{[^,]*}}, i32 1)
# IR-COUNT-9: call void %{{[0-9]+}}(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}})
# IR-NOT: call void %{{[0-9]+}}(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, i32 16, i32
# Host descriptors (tensordesc<...> parameters: Triton's TensorDescriptor, whose row strides are
# multiples of 16 bytes) take the engine too: 2 boxes per stage, issued for stages 0 and 1 and
# in the loop.
# RUN: tilec compile %s --kernel mm_host --signature 'tensordesc<fp16[128,32]>,tensordesc<fp16[32,64]>,*fp32:16,i32:16,i32:16,i32:16' -DBM=128 -DBN=64 -DBK=32 --target simt --arch warp32-wgmma --num-warps 4 --emit llvm -o %th.ll
# RUN: FileCheck %s --check-prefix=HOST < %th.ll
# HOST-LABEL: define {{.*}}@__tilec_simt_entry_mm_host
# HOST-COUNT-6: call void %{{[0-9]+}}(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}})
# HOST-NOT: call void %{{[0-9]+}}(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}})
# Stores through a descriptor or a boundary-checked block pointer go through the engine too: the
# tile written row-major into shared memory, then one ctx->tma_store(ctx, map, coords, src) by
# thread 0, which writes only the part inside the tensor.
# RUN: tilec compile %s --kernel mm_dstore --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16' -DBM=64 -DBN=64 -DBK=32 -DBLOCK_PTR=0 --target simt --arch warp32-wgmma --num-warps 4 --emit llvm -o %ts.ll
# RUN: FileCheck %s --check-prefix=STORE < %ts.ll
# STORE-LABEL: define {{.*}}@__tilec_simt_entry_mm_dstore
# STORE-COUNT-1: call void %{{[0-9]+}}(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}})
# STORE-NOT: call void %{{[0-9]+}}(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}})
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, dot_operands, finish, jit, run, tl  # noqa: E402


@jit
def mmdesc(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
           NAN: tl.constexpr, BF16: tl.constexpr):
    if NAN:
        a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                           block_shape=[BM, BK], padding_option="nan")
    else:
        a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                           block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([pid_m * BM, k * BK])
        b = b_desc.load([k * BK, pid_n * BN])
        if BF16:  # numpy has no bf16: the arrays hold its bit patterns as uint16
            a = a.to(tl.bfloat16, bitcast=True)
            b = b.to(tl.bfloat16, bitcast=True)
        acc = tl.dot(a, b, acc)
    # The whole tile, into an output padded to whole tiles (row stride: the grid's columns).
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * (tl.num_programs(1) * BN) + rn[None, :], acc)


@jit
def mm_host(a_desc, b_desc, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
            BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([pid_m * BM, k * BK]), b_desc.load([k * BK, pid_n * BN]), acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


@jit
def mm_persistent(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr):
    # Tutorial 09's persistent form: the descriptors made once, each program looping over tiles.
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    tiles_n = tl.cdiv(N, BN)
    for tile_id in range(tl.program_id(0), tl.cdiv(M, BM) * tiles_n, tl.num_programs(0)):
        pid_m = tile_id // tiles_n
        pid_n = tile_id % tiles_n
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            acc = tl.dot(a_desc.load([pid_m * BM, k * BK]), b_desc.load([k * BK, pid_n * BN]),
                         acc)
        rm = pid_m * BM + tl.arange(0, BM)
        rn = pid_n * BN + tl.arange(0, BN)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
                 mask=(rm[:, None] < M) & (rn[None, :] < N))


def run_persistent(m, n, k, programs):
    rng = np.random.default_rng(m + n + k)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    got = run(__file__, "mm_persistent", programs, [a, b, np.zeros((m, n), np.float32), m, n, k],
              {"BM": 64, "BN": 64, "BK": 32}, flags=["--num-warps", "4"])[2]
    check("persistent %d programs M=%d N=%d K=%d" % (programs, m, n, k), got,
          a.astype(np.float64) @ b.astype(np.float64), atol=1e-4 * k)


@jit
def mm_dstore(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
              BLOCK_PTR: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([pid_m * BM, k * BK]), b_desc.load([k * BK, pid_n * BN]), acc)
    if BLOCK_PTR:
        c_blk = tl.make_block_ptr(c_ptr, (M, N), (N, 1), (pid_m * BM, pid_n * BN), (BM, BN),
                                  (1, 0))
        tl.store(c_blk, acc.to(tl.float16), boundary_check=(0, 1))
    else:
        c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                           block_shape=[BM, BN])
        c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


def run_store(block_ptr, bm, bn, bk, warps, m, n, k):
    rng = np.random.default_rng(m * n + k)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    # One guard row after C: a store past M (outside the tensor) would land there.
    c = np.full((m + 1, n), 7, np.float16)
    got = run(__file__, "mm_dstore", (cdiv(m, bm), cdiv(n, bn)), [a, b, c, m, n, k],
              {"BM": bm, "BN": bn, "BK": bk, "BLOCK_PTR": int(block_ptr)},
              flags=["--num-warps", str(warps)])[2]
    ref = np.full((m + 1, n), 7, np.float64)
    ref[:m] = a.astype(np.float64) @ b.astype(np.float64)
    check("%s store %dx%dx%d w%d M=%d N=%d K=%d" % ("block-pointer" if block_ptr else "descriptor",
                                                    bm, bn, bk, warps, m, n, k),
          got, ref, atol=8e-3)


def cdiv(a, b):
    return (a + b - 1) // b


def run_case(dtype, bm, bn, bk, warps, m, n, k, nan=False, note=""):
    rng = np.random.default_rng(m * 7 + n * 3 + k + warps)
    a = rng.uniform(-2, 2, (1, m, k)).astype(np.float32)
    b = rng.uniform(-2, 2, (1, k, n)).astype(np.float32)
    a_arg, b_arg, a_ref, b_ref = dot_operands(dtype, a, b)
    gm, gn = cdiv(m, bm), cdiv(n, bn)
    out = np.zeros((gm * bm, gn * bn), np.float32)
    got = run(__file__, "mmdesc", (gm, gn), [a_arg[0], b_arg[0], out, m, n, k],
              {"BM": bm, "BN": bn, "BK": bk, "NAN": int(nan), "BF16": int(dtype == "bf16")},
              flags=["--num-warps", str(warps)])[2]
    ref = np.zeros_like(out, dtype=np.float64)
    ref[:m, :n] = a_ref[0] @ b_ref[0]
    if nan:
        ref[m:, :] = np.nan
    name = "%s%s %dx%dx%d w%d M=%d N=%d K=%d%s" % (dtype, " nan" if nan else "", bm, bn, bk, warps,
                                                   m, n, k, note)
    check(name, got, ref, atol=1e-4 * k)


if __name__ == "__main__":
    os.environ.update(TILEC_DEVICE="simt", TILEC_SIMT_WGMMA="1")
    run_case("f16", 128, 128, 64, 4, 256, 256, 192)
    run_case("f16", 64, 64, 32, 4, 100, 72, 80)
    run_case("bf16", 128, 128, 64, 8, 200, 144, 208)
    run_case("f16", 64, 128, 64, 4, 64, 256, 128)
    run_case("f16", 64, 64, 32, 4, 80, 64, 64, nan=True)
    run_case("f16", 64, 64, 32, 4, 64, 64, 72, note=" (cp.async)")
    run_persistent(200, 144, 80, 3)
    run_store(False, 64, 64, 32, 4, 200, 144, 80)
    run_store(True, 64, 64, 32, 4, 100, 48, 32)
    run_store(False, 128, 128, 64, 8, 256, 256, 128)
    finish()
