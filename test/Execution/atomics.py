# Atomics against numpy: a histogram where 4096 programs on 8 threads atomic_add into 16 bins
# (exact counts prove the updates are atomic), float atomic_add, masked atomics returning the old
# values (masked-off lanes leave memory alone), signed/unsigned/float max and min (negative floats
# included), fp16 atomic_add, and/or/xor, xchg, atomic_cas on a scalar and on a tile, and a CAS
# spin lock.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402

# More threads than cores: programs really run concurrently and interleave.
os.environ["TILEC_NUM_THREADS"] = "8"


@jit
def histogram_kernel(x_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.atomic_add(bins_ptr + x, 1, mask=offs < n)


@jit
def float_sum_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Every program adds its block's values into 4 float accumulators (and one scalar total).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(out_ptr + (offs % 4), x, mask=offs < n, sem="relaxed", scope="gpu")
    tl.atomic_add(out_ptr + 4, tl.sum(x, axis=0))


@jit
def old_values_kernel(p_ptr, old_ptr, v_ptr, OP: tl.constexpr, N: tl.constexpr):
    # One program: lanes with even index update, odd lanes are masked off; old values are stored.
    offs = tl.arange(0, N)
    v = tl.load(v_ptr + offs)
    m = offs % 2 == 0
    if OP == 0:
        old = tl.atomic_add(p_ptr + offs, v, mask=m)
    elif OP == 1:
        old = tl.atomic_max(p_ptr + offs, v, mask=m)
    elif OP == 2:
        old = tl.atomic_min(p_ptr + offs, v, mask=m)
    elif OP == 3:
        old = tl.atomic_and(p_ptr + offs, v, mask=m)
    elif OP == 4:
        old = tl.atomic_or(p_ptr + offs, v, mask=m)
    elif OP == 5:
        old = tl.atomic_xor(p_ptr + offs, v, mask=m, sem="acquire")
    else:
        old = tl.atomic_xchg(p_ptr + offs, v, mask=m, sem="release", scope="cta")
    tl.store(old_ptr + offs, old, mask=m)


@jit
def maxmin_kernel(p_ptr, x_ptr, n, BLOCK: tl.constexpr):
    # Every program folds its block into p[0] (max) and p[1] (min).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    zero = tl.zeros((BLOCK,), dtype=tl.int32)
    tl.atomic_max(p_ptr + zero, x, mask=offs < n)
    tl.atomic_min(p_ptr + 1 + zero, x, mask=offs < n)


@jit
def cas_kernel(p_ptr, old_ptr, cmp_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    cmp = tl.load(cmp_ptr + offs)
    old = tl.atomic_cas(p_ptr + offs, cmp, offs * 10)
    tl.store(old_ptr + offs, old)
    first = tl.atomic_cas(p_ptr + N, 5, 6, sem="acq_rel", scope="sys")
    tl.store(old_ptr + N, first)


@jit
def lock_kernel(lock_ptr, counter_ptr):
    # A spin lock made of atomic_cas/atomic_xchg guarding a non-atomic read-modify-write.
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    c = tl.load(counter_ptr)
    tl.store(counter_ptr, c + 1)
    tl.atomic_xchg(lock_ptr, 0)


def main():
    rng = np.random.default_rng(3)

    n = 4096 * 64 - 5
    x = rng.integers(0, 16, n).astype(np.int32)
    bins = np.zeros(16, dtype=np.int32)
    _, got, _ = run(__file__, "histogram_kernel", 4096, [x, bins, n], {"BLOCK": 64})
    check("histogram: 4096 programs, 16 bins", got, np.bincount(x, minlength=16))

    n = 3000
    xf = rng.integers(-8, 8, n).astype(np.float32)  # exact in any summation order
    out = np.zeros(5, dtype=np.float32)
    _, got, _ = run(__file__, "float_sum_kernel", (n + 31) // 32, [xf, out, n], {"BLOCK": 32})
    ref = np.array([xf[i::4].sum() for i in range(4)] + [xf.sum()], dtype=np.float32)
    check("float atomic_add (tile and scalar)", got, ref)

    xh = rng.integers(-4, 5, 1000).astype(np.float16)  # small integers: exact in fp16
    _, goth, _ = run(__file__, "float_sum_kernel", (1000 + 31) // 32,
                     [xh, np.zeros(5, dtype=np.float16), 1000], {"BLOCK": 32})
    refh = np.array([xh[i::4].astype(np.float64).sum() for i in range(4)] +
                    [xh.astype(np.float64).sum()], dtype=np.float16)
    check("fp16 atomic_add (tile and scalar)", goth, refh)

    N = 16
    ops = [
        ("add", lambda p, v: p + v),
        ("max", np.maximum),
        ("min", np.minimum),
        ("and", np.bitwise_and),
        ("or", np.bitwise_or),
        ("xor", np.bitwise_xor),
        ("xchg", lambda p, v: v),
    ]
    even = np.arange(N) % 2 == 0
    for dtype in (np.int32, np.uint32, np.int64):
        for op_index, (name, fn) in enumerate(ops):
            if np.issubdtype(dtype, np.signedinteger):
                p = rng.integers(-1000, 1000, N).astype(dtype)
                v = rng.integers(-1000, 1000, N).astype(dtype)
            else:
                p = rng.integers(0, 1 << 31, N).astype(dtype)
                v = rng.integers(0, 1 << 31, N).astype(dtype)
                p[0], v[0] = 0xFFFFFFF0, 3  # unsigned order differs from signed
            old = np.full(N, 77, dtype=dtype)
            gotp, gotold, _ = run(__file__, "old_values_kernel", 1, [p.copy(), old, v],
                                  {"OP": op_index, "N": N})
            check("atomic_%s %s memory" % (name, np.dtype(dtype).name), gotp,
                  np.where(even, fn(p, v), p).astype(dtype))
            check("atomic_%s %s old values" % (name, np.dtype(dtype).name), gotold,
                  np.where(even, p, old))

    for dtype in (np.float32, np.float64):
        for op_index, (name, fn) in enumerate(ops[:3] + [ops[6]]):
            op_index = [0, 1, 2, 6][op_index]
            p = rng.standard_normal(N).astype(dtype)
            v = rng.standard_normal(N).astype(dtype)
            p[2], v[2] = -0.0, 0.0
            p[4], v[4] = -3.0, -2.0
            old = np.full(N, 77, dtype=dtype)
            gotp, gotold, _ = run(__file__, "old_values_kernel", 1, [p.copy(), old, v],
                                  {"OP": op_index, "N": N})
            check("atomic_%s %s memory" % (name, np.dtype(dtype).name), gotp,
                  np.where(even, fn(p, v), p).astype(dtype))
            check("atomic_%s %s old values" % (name, np.dtype(dtype).name), gotold,
                  np.where(even, p, old))

    for dtype, lo, hi in ((np.int32, -10**6, 10**6), (np.uint32, 0, 2**32 - 1),
                          (np.float32, -1e3, 1e3)):
        n = 5000
        if np.issubdtype(dtype, np.floating):
            xv = rng.uniform(lo, hi, n).astype(dtype)
        else:
            xv = rng.integers(lo, hi, n, dtype=np.int64).astype(dtype)
        init = np.array([xv[0], xv[0]], dtype=dtype)
        got, _, _ = run(__file__, "maxmin_kernel", (n + 63) // 64, [init, xv, n], {"BLOCK": 64})
        check("concurrent atomic_max/min %s" % np.dtype(dtype).name, got,
              np.array([xv.max(), xv.min()], dtype=dtype))

    N = 8
    for dtype in (np.int32, np.float32, np.int64):
        p = np.arange(N + 1).astype(dtype)
        p[N] = 5
        cmp = np.where(np.arange(N) % 3 == 0, np.arange(N), -1).astype(dtype)
        old = np.zeros(N + 1, dtype=dtype)
        gotp, gotold, _ = run(__file__, "cas_kernel", 1, [p.copy(), old, cmp], {"N": N})
        swapped = np.arange(N) % 3 == 0
        refp = np.where(swapped, np.arange(N) * 10, np.arange(N)).astype(dtype)
        check("atomic_cas %s memory" % np.dtype(dtype).name, gotp,
              np.append(refp, 6).astype(dtype))
        check("atomic_cas %s old values" % np.dtype(dtype).name, gotold,
              np.arange(N + 1).astype(dtype) * (np.arange(N + 1) < N) + 5 * (np.arange(N + 1) == N))

    lock = np.zeros(1, dtype=np.int32)
    counter = np.zeros(1, dtype=np.int32)
    _, got = run(__file__, "lock_kernel", 2000, [lock, counter])
    check("atomic_cas spin lock: 2000 programs", got, np.array([2000], dtype=np.int32))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS histogram: 4096 programs, 16 bins
# CHECK: PASS float atomic_add (tile and scalar)
# CHECK: PASS fp16 atomic_add (tile and scalar)
# CHECK: PASS atomic_add int32 memory
# CHECK: PASS atomic_max uint32 memory
# CHECK: PASS atomic_xchg int64 old values
# CHECK: PASS atomic_max float32 memory
# CHECK: PASS atomic_min float64 old values
# CHECK: PASS concurrent atomic_max/min float32
# CHECK: PASS atomic_cas float32 memory
# CHECK: PASS atomic_cas spin lock: 2000 programs
# CHECK-NOT: FAIL
