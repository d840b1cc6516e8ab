"""Philox random numbers (tl.randint/randint4x/rand/rand4x/randn/philox/umulhi) against an
independent numpy Philox-4x32-10 and 4x64 written from the algorithm, with Triton's
uint_to_uniform_float and Box-Muller conversions: integers and rand bit-exact, randn within 1e-5."""
import numpy as np
import pytest

import tilec
import tilec.language as tl

M32 = np.uint64(0xFFFFFFFF)


def philox_4x32(seed, c0, n_rounds=10, c1=None, c2=None, c3=None):
    """Philox-4x32 of counters (c0, c1, c2, c3) under key (seed low, seed high), as uint32."""
    c0 = np.asarray(c0).astype(np.int64).astype(np.uint64) & M32
    zero = np.zeros_like(c0)
    c1 = zero if c1 is None else np.asarray(c1).astype(np.uint64) & M32
    c2 = zero if c2 is None else np.asarray(c2).astype(np.uint64) & M32
    c3 = zero if c3 is None else np.asarray(c3).astype(np.uint64) & M32
    seed64 = int(seed) & 0xFFFFFFFFFFFFFFFF
    k0, k1 = np.uint64(seed64 & 0xFFFFFFFF), np.uint64(seed64 >> 32)
    mul_a, mul_b = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
    for _ in range(n_rounds):
        prod_a = mul_a * c0  # both < 2**32: the 64-bit product is exact
        prod_b = mul_b * c2
        c0, c1, c2, c3 = ((prod_b >> np.uint64(32)) ^ c1 ^ k0, prod_b & M32,
                          (prod_a >> np.uint64(32)) ^ c3 ^ k1, prod_a & M32)
        k0 = (k0 + np.uint64(0x9E3779B9)) & M32
        k1 = (k1 + np.uint64(0xBB67AE85)) & M32
    return [c.astype(np.uint32) for c in (c0, c1, c2, c3)]


def mulhilo64(a, b):
    """(low, high) 64-bit halves of a*b for uint64 arrays a and a Python int b."""
    lo = [(int(x) * b) & ((1 << 64) - 1) for x in np.ravel(a)]
    hi = [(int(x) * b) >> 64 for x in np.ravel(a)]
    return (np.array(lo, np.uint64).reshape(np.shape(a)),
            np.array(hi, np.uint64).reshape(np.shape(a)))


def philox_4x64(seed, c0, n_rounds=10):
    """Philox-4x64 of counters (c0, 0, 0, 0) under key (seed, 0), as uint64."""
    mask = (1 << 64) - 1
    c0 = np.asarray(c0).astype(np.int64).astype(np.uint64)
    c1 = c2 = c3 = np.zeros_like(c0)
    k0, k1 = int(seed) & mask, 0
    for _ in range(n_rounds):
        lo_a, hi_a = mulhilo64(c0, 0xD2E7470EE14C6C93)
        lo_b, hi_b = mulhilo64(c2, 0xCA5A826395121157)
        c0, c1, c2, c3 = hi_b ^ c1 ^ np.uint64(k0), lo_b, hi_a ^ c3 ^ np.uint64(k1), lo_a
        k0 = (k0 + 0x9E3779B97F4A7C15) & mask
        k1 = (k1 + 0xBB67AE8584CAA73B) & mask
    return [c0, c1, c2, c3]


def uniform_from_u32(bits):
    """Triton's uint_to_uniform_float for 32-bit values: fold the signed view, scale in fp32."""
    signed = bits.view(np.int32).astype(np.int64)
    folded = np.where(signed < 0, -signed - 1, signed)
    return folded.astype(np.float32) * np.float32(4.6566127342e-10)


def uniform_from_u64(bits):
    signed = bits.view(np.int64)
    folded = np.where(signed < 0, -(signed + 1), signed)
    return folded.astype(np.float32) * np.float32(1.0842020432385337e-19)


def normal_from_u32(b1, b2):
    """Box-Muller on the first two outputs (Triton's pair_uniform_to_normal, first value)."""
    u1 = np.maximum(uniform_from_u32(b1).astype(np.float64), np.float32(1e-7))
    theta = 6.283185307179586 * uniform_from_u32(b2).astype(np.float64)
    return np.sqrt(-2.0 * np.log(u1)) * np.cos(theta)


@tilec.jit
def randint4x_kernel(out_ptr, seed, n, BLOCK: tl.constexpr, ROUNDS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a, b, c, d = tl.randint4x(seed, offs, ROUNDS)
    tl.store(out_ptr + offs, a, mask=mask)
    tl.store(out_ptr + n + offs, b, mask=mask)
    tl.store(out_ptr + 2 * n + offs, c, mask=mask)
    tl.store(out_ptr + 3 * n + offs, d, mask=mask)
    tl.store(out_ptr + 4 * n + offs, tl.randint(seed, offs, n_rounds=ROUNDS), mask=mask)


SEEDS = [0, 42, 0x7FFFFFFF, -5, 0x123456789AB]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", [1, 1000])
@pytest.mark.parametrize("rounds", [10, 7])
def test_randint(seed, n, rounds):
    out = np.zeros(5 * n, np.uint32)
    randint4x_kernel[(tilec.cdiv(n, 256),)](out, seed, n, BLOCK=256, ROUNDS=rounds)
    ref = philox_4x32(seed, np.arange(n), rounds)
    np.testing.assert_array_equal(out.reshape(5, n), np.stack(ref + [ref[0]]))


@tilec.jit
def philox_kernel(out_ptr, c_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    c0 = tl.load(c_ptr + offs)
    c1 = tl.load(c_ptr + BLOCK + offs)
    c2 = tl.load(c_ptr + 2 * BLOCK + offs)
    c3 = tl.load(c_ptr + 3 * BLOCK + offs)
    a, b, c, d = tl.philox(seed, c0, c1, c2, c3)
    tl.store(out_ptr + offs, a)
    tl.store(out_ptr + BLOCK + offs, b)
    tl.store(out_ptr + 2 * BLOCK + offs, c)
    tl.store(out_ptr + 3 * BLOCK + offs, d)
    tl.store(out_ptr + 4 * BLOCK + offs, tl.umulhi(a, b))


@pytest.mark.parametrize("dtype", ["uint32", "int32"])
def test_philox_all_counters(dtype):
    rng = np.random.default_rng(3)
    counters = rng.integers(0, 2**32, size=(4, 64), dtype=np.uint64).astype(np.uint32)
    out = np.zeros(5 * 64, np.uint32)
    philox_kernel[(1,)](out, counters.view(dtype).copy(), 1234, BLOCK=64)
    ref = philox_4x32(1234, counters[0], 10, counters[1], counters[2], counters[3])
    umulhi = ((ref[0].astype(np.uint64) * ref[1].astype(np.uint64)) >> np.uint64(32))
    np.testing.assert_array_equal(out.reshape(5, 64), np.stack(ref + [umulhi.astype(np.uint32)]))


@tilec.jit
def float_kernel(rand_ptr, rand4_ptr, randn_ptr, seed, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(rand_ptr + offs, tl.rand(seed, offs), mask=mask)
    u1, u2, u3, u4 = tl.rand4x(seed, offs)
    tl.store(rand4_ptr + offs, u1, mask=mask)
    tl.store(rand4_ptr + n + offs, u2, mask=mask)
    tl.store(rand4_ptr + 2 * n + offs, u3, mask=mask)
    tl.store(rand4_ptr + 3 * n + offs, u4, mask=mask)
    tl.store(randn_ptr + offs, tl.randn(seed, offs), mask=mask)


@pytest.mark.parametrize("seed", [7, 0x7FFFFFFF, 0xDEADBEEFCAFE])
@pytest.mark.parametrize("n", [17, 4099])
def test_rand_randn(seed, n):
    r = np.zeros(n, np.float32)
    r4 = np.zeros(4 * n, np.float32)
    rn = np.zeros(n, np.float32)
    float_kernel[(tilec.cdiv(n, 512),)](r, r4, rn, seed, n, BLOCK=512)
    bits = philox_4x32(seed, np.arange(n))
    np.testing.assert_array_equal(r, uniform_from_u32(bits[0]))
    np.testing.assert_array_equal(r4.reshape(4, n), np.stack([uniform_from_u32(b) for b in bits]))
    assert r.min() >= 0 and r.max() < 1
    np.testing.assert_allclose(rn, normal_from_u32(bits[0], bits[1]), rtol=1e-5, atol=1e-5)


@tilec.jit
def wide_offsets_kernel(bits_ptr, rand_ptr, seed, base, BLOCK: tl.constexpr):
    idx = tl.arange(0, BLOCK)
    offs = base + idx.to(tl.int64)
    a, b, c, d = tl.randint4x(seed, offs)
    tl.store(bits_ptr + idx, a)
    tl.store(bits_ptr + BLOCK + idx, d)
    tl.store(rand_ptr + idx, tl.rand(seed, offs))


@pytest.mark.parametrize("base", [0, 2**40 + 3])
def test_int64_offsets_use_philox_4x64(base):
    bits = np.zeros(2 * 32, np.uint64)
    r = np.zeros(32, np.float32)
    wide_offsets_kernel[(1,)](bits, r, 99, base, BLOCK=32)
    ref = philox_4x64(99, base + np.arange(32, dtype=np.int64))
    np.testing.assert_array_equal(bits.reshape(2, 32), np.stack([ref[0], ref[3]]))
    np.testing.assert_array_equal(r, uniform_from_u64(ref[0]))
