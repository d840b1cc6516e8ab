"""Pointer casts as Triton 3.9 runs them: a grouped GEMM whose operands come from tables of int64
addresses (`tl.load(table + g).to(tl.pointer_type(tl.float32))`, as Triton's tutorial 08),
gathers through a tile of addresses, pointers to int64 (byte addresses) and to int1 (not null),
and a pointer reinterpreted as another element type (`tl.pointer_type`, also under
`bitcast=True`), whose offsets then count the new elements; results vs numpy."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import fp32_dot_tol


@tilec.jit
def grouped_matmul_kernel(a_table, b_table, c_table, sizes, num_groups, NUM_PROGRAMS: tl.constexpr,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    tile_idx = tl.program_id(0)
    first_tile = 0
    for g in range(num_groups):
        m = tl.load(sizes + 3 * g)
        n = tl.load(sizes + 3 * g + 1)
        k = tl.load(sizes + 3 * g + 2)
        tiles_n = tl.cdiv(n, BLOCK_N)
        num_tiles = tl.cdiv(m, BLOCK_M) * tiles_n
        a_ptr = tl.load(a_table + g).to(tl.pointer_type(tl.float32))
        b_ptr = tl.load(b_table + g).to(tl.pointer_type(tl.float32))
        c_ptr = tl.load(c_table + g).to(tl.pointer_type(tl.float32))
        while tile_idx >= first_tile and tile_idx < first_tile + num_tiles:
            local = tile_idx - first_tile
            rows = (local // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
            cols = (local % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
            for k0 in range(0, k, BLOCK_K):
                ks = k0 + tl.arange(0, BLOCK_K)
                a = tl.load(a_ptr + rows[:, None] * k + ks[None, :],
                            mask=(rows[:, None] < m) & (ks[None, :] < k), other=0.0)
                b = tl.load(b_ptr + ks[:, None] * n + cols[None, :],
                            mask=(ks[:, None] < k) & (cols[None, :] < n), other=0.0)
                acc += tl.dot(a, b)
            tl.store(c_ptr + rows[:, None] * n + cols[None, :], acc,
                     mask=(rows[:, None] < m) & (cols[None, :] < n))
            tile_idx += NUM_PROGRAMS
        first_tile = first_tile + num_tiles


def test_grouped_matmul_through_address_tables():
    rng = np.random.default_rng(8)
    shapes = [(40, 24, 20), (16, 16, 16), (7, 33, 50)]
    a = [rng.standard_normal((m, k)).astype(np.float32) for m, n, k in shapes]
    b = [rng.standard_normal((k, n)).astype(np.float32) for m, n, k in shapes]
    c = [np.full((m, n), np.nan, np.float32) for m, n, k in shapes]
    table = lambda arrays: np.array([x.ctypes.data for x in arrays], np.int64)
    sizes = np.array(shapes, np.int32).reshape(-1)
    programs = 3
    grouped_matmul_kernel[(programs,)](table(a), table(b), table(c), sizes, len(shapes),
                                       NUM_PROGRAMS=programs, BLOCK_M=16, BLOCK_N=16, BLOCK_K=16)
    for x, y, z in zip(a, b, c):
        np.testing.assert_allclose(z, x @ y, rtol=fp32_dot_tol(), atol=fp32_dot_tol() * 10)


@tilec.jit
def gather_by_address_kernel(addrs, out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    ptrs = tl.load(addrs + offs).to(tl.pointer_type(tl.float32))
    tl.store(out + offs, tl.load(ptrs, mask=offs % 3 != 2, other=-1.0))


def test_gather_through_a_tile_of_addresses():
    src = np.arange(100, dtype=np.float32) * 0.5
    picks = np.random.default_rng(3).integers(0, 100, 32)
    addrs = (src.ctypes.data + 4 * picks).astype(np.int64)
    out = np.zeros(32, np.float32)
    gather_by_address_kernel[(1,)](addrs, out, BLOCK=32)
    expected = np.where(np.arange(32) % 3 != 2, src[picks], -1.0).astype(np.float32)
    np.testing.assert_array_equal(out, expected)


@tilec.jit
def addresses_kernel(x, out, flags, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    base = x.to(tl.int64)
    tl.store(out + offs, (x + offs).to(tl.int64) - base)
    tl.store(flags, x.to(tl.int1))
    tl.store(flags + 1, (x + offs).to(tl.int1).to(tl.int32).sum(axis=0) == BLOCK)
    tl.store(out + BLOCK, base)


def test_pointers_to_integers():
    x = np.zeros(16, np.float64)
    out = np.full(17, -1, np.int64)
    flags = np.zeros(2, np.int8)
    addresses_kernel[(1,)](x, out, flags, BLOCK=16)
    np.testing.assert_array_equal(out[:16], 8 * np.arange(16))
    assert out[16] == x.ctypes.data
    np.testing.assert_array_equal(flags, [1, 1])


@tilec.jit
def reinterpret_kernel(x, bits, low_bytes, high_halves, BLOCK: tl.constexpr, BITCAST: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if BITCAST:
        as_int = x.to(tl.pointer_type(tl.int32), bitcast=True)
    else:
        as_int = x.to(tl.pointer_type(tl.int32))
    tl.store(bits + offs, tl.load(as_int + offs))
    # A tile of pointers cast to bytes: offsets now count bytes.
    as_bytes = (x + offs).to(tl.pointer_type(tl.uint8))
    tl.store(low_bytes + offs, tl.load(as_bytes))
    # Scalar cast to halves: element 2 * i + 1 is the high half of float i.
    halves = x.to(tl.pointer_type(tl.uint16))
    tl.store(high_halves + offs, tl.load(halves + 2 * offs + 1))


@pytest.mark.parametrize("bitcast", [False, True])
def test_reinterpreted_pointers(bitcast):
    x = np.random.default_rng(5).standard_normal(64).astype(np.float32)
    bits = np.zeros(64, np.int32)
    low = np.zeros(64, np.uint8)
    high = np.zeros(64, np.uint16)
    reinterpret_kernel[(1,)](x, bits, low, high, BLOCK=64, BITCAST=bitcast)
    np.testing.assert_array_equal(bits, x.view(np.int32))
    np.testing.assert_array_equal(low, x.view(np.uint8)[0::4])
    np.testing.assert_array_equal(high, x.view(np.uint16)[1::2])
