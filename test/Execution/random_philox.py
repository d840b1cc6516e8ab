# tl.randint/randint4x/rand/rand4x/randn/randn4x/philox/umulhi against an independent numpy
# Philox-4x32-10 (and 4x64) reference: the integers bit-exact, rand exact (the conversion is
# exact in float32), randn within 1e-5 absolute + 1e-5 relative (polynomial sin/cos/log), a
# dropout mask that must match the reference exactly, int64 seeds and offsets, n_rounds.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def randint_kernel(out0, out1, out2, out3, seed, BLOCK: tl.constexpr, ROUNDS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a, b, c, d = tl.randint4x(seed, offs, ROUNDS)
    tl.store(out0 + offs, a)
    tl.store(out1 + offs, b)
    tl.store(out2 + offs, c)
    tl.store(out3 + offs, d)


@jit
def single_kernel(out_ptr, seed, BLOCK: tl.constexpr, ROUNDS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.randint(seed, offs, n_rounds=ROUNDS))


@jit
def wide_kernel(out0, out1, seed, base, BLOCK: tl.constexpr):
    offs = base + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK).to(tl.int64)
    a, b, _, _ = tl.randint4x(seed, offs)
    tl.store(out0 + tl.arange(0, BLOCK) + tl.program_id(0) * BLOCK, a)
    tl.store(out1 + tl.arange(0, BLOCK) + tl.program_id(0) * BLOCK, tl.rand(seed, offs))


@jit
def float_kernel(r_ptr, r4_ptr, n_ptr, n4_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(r_ptr + offs, tl.rand(seed, offs))
    u1, u2, u3, u4 = tl.rand4x(seed, offs)
    tl.store(r4_ptr + offs * 4, u1)
    tl.store(r4_ptr + offs * 4 + 1, u2)
    tl.store(r4_ptr + offs * 4 + 2, u3)
    tl.store(r4_ptr + offs * 4 + 3, u4)
    tl.store(n_ptr + offs, tl.randn(seed, offs))
    n1, n2, n3, n4 = tl.randn4x(seed, offs)
    tl.store(n4_ptr + offs * 4, n1)
    tl.store(n4_ptr + offs * 4 + 1, n2)
    tl.store(n4_ptr + offs * 4 + 2, n3)
    tl.store(n4_ptr + offs * 4 + 3, n4)


@jit
def dropout_kernel(x_ptr, out_ptr, keep_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    keep = tl.rand(seed, offs) > p
    tl.store(out_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=m)
    tl.store(keep_ptr + offs, keep.to(tl.int32), mask=m)


@jit
def umulhi_kernel(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.umulhi(tl.load(x_ptr + offs), tl.load(y_ptr + offs)))


# ---- numpy reference, written from the Philox description (Salmon et al., SC'11) ----
M32, M64 = (1 << 32) - 1, (1 << 64) - 1
CONSTS = {32: (0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85),
          64: (0xD2E7470EE14C6C93, 0xCA5A826395121157, 0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B)}


def philox_ref(seed, offsets, bits=32, rounds=10, high=None):
    """Four words per offset for counter (offset, high, 0, 0) and the key taken from the seed."""
    mask = M32 if bits == 32 else M64
    mul_a, mul_b, bump_a, bump_b = CONSTS[bits]
    seed = int(seed) & M64
    k0, k1 = (seed & M32, seed >> 32) if bits == 32 else (seed, 0)
    c0 = np.array([int(o) & mask for o in offsets], dtype=object)
    c1 = (np.zeros_like(c0) if high is None else
          np.array([int(h) & mask for h in high], dtype=object))
    c2 = np.zeros_like(c0)
    c3 = np.zeros_like(c0)
    for _ in range(rounds):
        p0 = c0 * mul_a
        p2 = c2 * mul_b
        c0, c1, c2, c3 = ((p2 >> bits) ^ c1 ^ k0, p2 & mask, (p0 >> bits) ^ c3 ^ k1, p0 & mask)
        k0, k1 = (k0 + bump_a) & mask, (k1 + bump_b) & mask
    dt = np.uint32 if bits == 32 else np.uint64
    return [np.array(list(c), dtype=dt) for c in (c0, c1, c2, c3)]


def uniform_ref(words):
    signed = words.view(np.int32 if words.dtype == np.uint32 else np.int64)
    folded = np.where(signed < 0, -(signed + 1), signed)
    scale = 4.6566127342e-10 if words.dtype == np.uint32 else 1.0842020432385337e-19
    return folded.astype(np.float32) * np.float32(scale)


def normal_ref(u1, u2):
    u1 = np.maximum(np.float32(1e-7), u1).astype(np.float64)
    th = np.float32(6.283185307179586) * u2
    r = np.sqrt(-2.0 * np.log(u1))
    return r * np.cos(th.astype(np.float64)), r * np.sin(th.astype(np.float64))


def main():
    B, G = 64, 4
    n = B * G
    offs = np.arange(n)
    for seed, rounds in [(0, 10), (12345, 10), (-7, 10), (2024, 7)]:
        outs = [np.zeros(n, dtype=np.int32) for _ in range(4)]
        got = run(__file__, "randint_kernel", G, outs + [seed], {"BLOCK": B, "ROUNDS": rounds})
        ref = philox_ref(seed, offs, rounds=rounds)
        for i in range(4):
            check("randint4x word %d seed=%d rounds=%d" % (i, seed, rounds),
                  got[i].view(np.uint32), ref[i])

    for rounds in (10, 3):
        got = run(__file__, "single_kernel", G, [np.zeros(n, dtype=np.uint32), 42],
                  {"BLOCK": B, "ROUNDS": rounds})[0]
        check("randint seed=42 n_rounds=%d" % rounds, got, philox_ref(42, offs, rounds=rounds)[0])

    # A seed above 2**32 feeds both key words; int64 offsets are Philox-4x32 counters
    # (offset.to(uint32), (offset >> 32).to(uint32), 0, 0), as Triton 3.9's randint4x.
    seed, base = 0x1234567890, (1 << 33) + 5
    w = [np.zeros(n, dtype=np.uint64), np.zeros(n, dtype=np.float32)]
    got = run(__file__, "wide_kernel", G, w + [seed, base], {"BLOCK": B})
    wide = base + offs.astype(np.int64)
    ref = philox_ref(seed, wide, high=wide >> 32)
    check("randint4x int64 offsets (Philox-4x32, offset halves)", got[0], ref[0])
    check("rand int64 offsets", got[1], uniform_ref(ref[0]))

    seed = 987654
    outs = [np.zeros(n, np.float32), np.zeros(4 * n, np.float32), np.zeros(n, np.float32),
            np.zeros(4 * n, np.float32)]
    got = run(__file__, "float_kernel", G, outs + [seed], {"BLOCK": B})
    words = philox_ref(seed, offs)
    u = [uniform_ref(wd) for wd in words]
    check("rand", got[0], u[0])
    check("rand in [0, 1)", np.array([got[0].min() >= 0, got[0].max() < 1]), np.array([1, 1]))
    check("rand4x", got[1].reshape(n, 4), np.stack(u, axis=1))
    n1, n2 = normal_ref(u[0], u[1])
    n3, n4 = normal_ref(u[2], u[3])
    check("randn", got[2], n1, atol=1e-5, rtol=1e-5)
    check("randn4x", got[3].reshape(n, 4), np.stack([n1, n2, n3, n4], axis=1), atol=1e-5, rtol=1e-5)

    n, p, seed = 1000, 0.3, 777
    x = np.random.default_rng(3).standard_normal(n, dtype=np.float32)
    got = run(__file__, "dropout_kernel", 16,
              [x, np.zeros(n, np.float32), np.zeros(n, np.int32), n, p, seed], {"BLOCK": 64})
    keep = uniform_ref(philox_ref(seed, np.arange(n))[0]) > np.float32(p)
    check("dropout mask", got[2], keep.astype(np.int32))
    check("dropout values", got[1], np.where(keep, x / (np.float32(1) - np.float32(p)), np.float32(0)),
          rtol=1e-6)

    rng = np.random.default_rng(9)
    a = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    a[:4] = [0xFFFFFFFF, 0x80000000, 1, 0]
    b[:4] = [0xFFFFFFFF, 0x80000000, 0xFFFFFFFF, 5]
    got = run(__file__, "umulhi_kernel", 1000 // 8, [a, b, np.zeros(n, np.uint32)], {"BLOCK": 8})[2]
    check("umulhi uint32", got, ((a.astype(np.uint64) * b.astype(np.uint64)) >> 32).astype(np.uint32))
    got = run(__file__, "umulhi_kernel", 1000 // 8,
              [a.view(np.int32), b.view(np.int32), np.zeros(n, np.int32)], {"BLOCK": 8})[2]
    check("umulhi int32 (unsigned product)", got.view(np.uint32),
          ((a.astype(np.uint64) * b.astype(np.uint64)) >> 32).astype(np.uint32))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS randint4x word 0 seed=0 rounds=10
# CHECK: PASS randint4x word 3 seed=2024 rounds=7
# CHECK: PASS randint seed=42 n_rounds=10
# CHECK: PASS randint seed=42 n_rounds=3
# CHECK: PASS randint4x int64 offsets (Philox-4x32, offset halves)
# CHECK: PASS rand int64 offsets
# CHECK: PASS rand
# CHECK: PASS rand4x
# CHECK: PASS randn
# CHECK: PASS randn4x
# CHECK: PASS dropout mask
# CHECK: PASS dropout values
# CHECK: PASS umulhi uint32
# CHECK: PASS umulhi int32 (unsigned product)
# CHECK-NOT: FAIL
