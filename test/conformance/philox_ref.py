"""Independent numpy Philox-4x32/4x64 written from the algorithm (Salmon et al., with Triton's
key (seed low, seed high) / (seed, 0) and counters (offset, 0, 0, 0)), and Triton's conversions of
the bits to uniform floats and, by Box-Muller, to normal floats."""
import numpy as np

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
