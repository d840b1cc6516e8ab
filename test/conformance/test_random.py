"""Philox random numbers (tl.randint/randint4x/rand/rand4x/randn/philox/umulhi) against an
independent numpy Philox-4x32-10 and 4x64 written from the algorithm, with Triton's
uint_to_uniform_float and Box-Muller conversions: integers and rand bit-exact, randn within 1e-5."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from philox_ref import normal_from_u32, philox_4x32, uniform_from_u32


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


@pytest.mark.parametrize("base", [0, 2**40 + 3, -7])
def test_int64_offsets_use_32bit_philox_on_both_halves(base):
    # As Triton's randint4x: counters (offset.to(uint32), (offset >> 32).to(uint32), 0, 0),
    # Philox-4x32, uint32 results (checked against Triton 3.9's interpreter).
    bits = np.zeros(2 * 32, np.uint64)
    r = np.zeros(32, np.float32)
    wide_offsets_kernel[(1,)](bits, r, 99, base, BLOCK=32)
    offs = base + np.arange(32, dtype=np.int64)
    ref = philox_4x32(99, offs & 0xFFFFFFFF, c1=(offs >> 32) & 0xFFFFFFFF)
    np.testing.assert_array_equal(bits.reshape(2, 32), np.stack([ref[0], ref[3]]))
    assert bits.max() < 2**32  # uint32 values, zero-extended by the store
    np.testing.assert_array_equal(r, uniform_from_u32(ref[0]))
