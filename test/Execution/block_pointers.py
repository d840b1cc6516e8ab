# Block pointers and tensor descriptors against numpy: ragged copies with boundary_check and
# padding ("zero", "nan", one checked dimension only), stores that leave out-of-bounds memory
# untouched, column-major blocks (order=(0, 1)), a tutorial-style block-pointer matmul that
# advances through K (tl.advance and the .advance method), a block pointer carried by a while
# loop and an if, descriptor loads/stores at ragged and negative offsets, and descriptor atomics
# from many programs.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def copy_kernel(x_ptr, y_ptr, M, N, sxm, sym, BM: tl.constexpr, BN: tl.constexpr):
    # Each program copies one BMxBN block, checking both dimensions.
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    src = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(sxm, 1), offsets=(om, on),
                            block_shape=(BM, BN), order=(1, 0))
    dst = tl.make_block_ptr(y_ptr, (M, N), (sym, 1), (om, on), (BM, BN), (1, 0))
    tl.store(dst, tl.load(src, boundary_check=(0, 1)) * 2.0, boundary_check=(1, 0))


@jit
def padded_kernel(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr, NAN: tl.constexpr):
    # One block at offset (1, 2) written whole to y (BMxBN): the padding shows.
    src = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (1, 2), (BM, BN), (1, 0))
    if NAN:
        x = tl.load(src, boundary_check=(0, 1), padding_option="nan")
    else:
        x = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    rm = tl.arange(0, BM)[:, None]
    rn = tl.arange(0, BN)[None, :]
    tl.store(y_ptr + rm * BN + rn, x)


@jit
def rows_only_kernel(x_ptr, y_ptr, M, BM: tl.constexpr, BN: tl.constexpr):
    # Only dimension 0 is checked: columns are in bounds by construction.
    src = tl.make_block_ptr(x_ptr, (M, BN), (BN, 1), (tl.program_id(0) * BM, 0), (BM, BN),
                            (1, 0))
    dst = tl.make_block_ptr(y_ptr, (M, BN), (BN, 1), (tl.program_id(0) * BM, 0), (BM, BN),
                            (1, 0))
    tl.store(dst, tl.load(src, boundary_check=(0,)) + 1, boundary_check=(0,))


@jit
def transpose_kernel(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # x is column-major (element (i, j) at j * M + i); y is row-major.
    src = tl.make_block_ptr(x_ptr, (M, N), (1, M), (0, 0), (BM, BN), (0, 1))
    dst = tl.make_block_ptr(y_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    tl.store(dst, tl.load(src, boundary_check=(0, 1)), boundary_check=(0, 1))


@jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_block = tl.make_block_ptr(base=a_ptr, shape=(M, K), strides=(stride_am, stride_ak),
                                offsets=(pid_m * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_K),
                                order=(1, 0))
    b_block = tl.make_block_ptr(base=b_ptr, shape=(K, N), strides=(stride_bk, stride_bn),
                                offsets=(0, pid_n * BLOCK_N), block_shape=(BLOCK_K, BLOCK_N),
                                order=(1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_block, boundary_check=(0, 1))
        b = tl.load(b_block, boundary_check=(0, 1))
        acc += tl.dot(a, b)
        a_block = tl.advance(a_block, (0, BLOCK_K))
        b_block = b_block.advance((BLOCK_K, 0))
    c_block = tl.make_block_ptr(base=c_ptr, shape=(M, N), strides=(stride_cm, stride_cn),
                                offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N),
                                block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tl.store(c_block, acc, boundary_check=(0, 1))


@jit
def carried_kernel(x_ptr, y_ptr, n, flip, BLOCK: tl.constexpr):
    # A block pointer advanced by a while loop, then moved in one branch of a runtime if.
    p = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (BLOCK,), (0,))
    acc = tl.zeros((BLOCK,), dtype=tl.int32)
    i = 0
    while i < n:
        acc += tl.load(p, boundary_check=(0,))
        p = tl.advance(p, (BLOCK,))
        i += BLOCK
    q = tl.make_block_ptr(x_ptr, (n,), (1,), (0,), (BLOCK,), (0,))
    if flip > 0:
        q = tl.advance(q, (BLOCK,))
    acc += tl.load(q, boundary_check=(0,)) * 1000
    tl.store(y_ptr + tl.arange(0, BLOCK), acc)


@jit
def descriptor_kernel(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Descriptor copy of a ragged matrix plus one shifted block at (-1, -2): reads outside the
    # tensor give 0 and writes outside it are dropped.
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    src = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(y_ptr, [M, N], [N, 1], [BM, BN])
    x = src.load([om, on])
    dst.store([om, on], x + 0.5)


@jit
def descriptor_shift_kernel(x_ptr, y_ptr, z_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    src = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(y_ptr, [M, N], [N, 1], [BM, BN])
    x = tl.load_tensor_descriptor(src, [-1, -2])
    tl.store(z_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :], x)
    tl.store_tensor_descriptor(dst, [M - 2, N - 3], x)


@jit
def descriptor_atomic_kernel(h_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Every program adds its id + 1 to the same ragged-edge block (rows M-2.., cols N-3..) and
    # xors 1 into block (0, 0): out-of-bounds lanes are dropped.
    d = tl.make_tensor_descriptor(h_ptr, [M, N], [N, 1], [BM, BN])
    ones = tl.full((BM, BN), 1, tl.int32)
    d.atomic_add([M - 2, N - 3], ones * (tl.program_id(0) + 1))
    d.atomic_xor([0, 0], ones)


def main():
    rng = np.random.default_rng(7)

    for (m, n) in ((13, 21), (16, 32), (1, 5)):
        x = rng.standard_normal((m, n + 3), dtype=np.float32)
        y = np.full((m, n + 5), 7.0, dtype=np.float32)
        grid = ((m + 7) // 8, (n + 15) // 16)
        _, got, _, _, _, _ = run(__file__, "copy_kernel", grid, [x, y, m, n, n + 3, n + 5],
                                 {"BM": 8, "BN": 16})
        ref = y.copy()
        ref[:, :n] = x[:, :n] * 2
        check("copy %dx%d (sentinels beyond the shape survive)" % (m, n), got, ref)

    x = rng.standard_normal((6, 7), dtype=np.float32)
    for nan in (0, 1):
        y = np.zeros((8, 8), dtype=np.float32)
        _, got, _, _ = run(__file__, "padded_kernel", 1, [x, y, 6, 7],
                           {"BM": 8, "BN": 8, "NAN": nan})
        ref = np.full((8, 8), np.nan if nan else 0.0, dtype=np.float32)
        ref[:5, :5] = x[1:, 2:]
        check("padding_option=%s" % ("nan" if nan else "zero"), got, ref)

    xi = rng.integers(-100, 100, (37, 4)).astype(np.int32)
    yi = np.full((40, 4), -1, dtype=np.int32)
    _, got, _ = run(__file__, "rows_only_kernel", 5, [xi, yi[:37].copy(), 37], {"BM": 8, "BN": 4})
    check("boundary_check=(0,) on int32", got, xi + 1)

    xt = rng.standard_normal((11, 6), dtype=np.float32)  # logical (6, 11) column-major
    y = np.zeros((6, 11), dtype=np.float32)
    _, got, _, _ = run(__file__, "transpose_kernel", 1, [xt, y, 6, 11], {"BM": 8, "BN": 16})
    check("column-major block (order=(0, 1))", got, xt.T)

    for (m, n, k) in ((64, 64, 64), (37, 45, 53), (5, 70, 9)):
        a = rng.standard_normal((m, k), dtype=np.float32)
        b = rng.standard_normal((k, n), dtype=np.float32)
        c = np.zeros((m, n), dtype=np.float32)
        grid = ((m + 31) // 32, (n + 31) // 32)
        _, _, got = run(__file__, "matmul_kernel", grid,
                        [a, b, c, m, n, k, k, 1, n, 1, n, 1],
                        {"BLOCK_M": 32, "BLOCK_N": 32, "BLOCK_K": 16})[:3]
        ref = a.astype(np.float64) @ b.astype(np.float64)
        check("block-pointer matmul %dx%dx%d" % (m, n, k), got, ref, atol=1e-4, rtol=1e-4)

    xi = np.arange(1, 21, dtype=np.int32)
    for flip in (0, 1):
        y = np.zeros(8, dtype=np.int32)
        _, got, _, _ = run(__file__, "carried_kernel", 1, [xi, y, 20, flip], {"BLOCK": 8})
        padded = np.zeros(24, dtype=np.int32)
        padded[:20] = xi
        ref = padded.reshape(3, 8).sum(axis=0) + padded[8 * flip:8 * flip + 8] * 1000
        check("block pointer carried by while and if (flip=%d)" % flip, got, ref)

    m, n = 19, 27
    x = rng.standard_normal((m, n), dtype=np.float32)
    y = np.full((m, n), 3.0, dtype=np.float32)
    _, got, _, _ = run(__file__, "descriptor_kernel", ((m + 7) // 8, (n + 7) // 8),
                       [x, y, m, n], {"BM": 8, "BN": 8})
    check("descriptor copy %dx%d" % (m, n), got, x + np.float32(0.5))

    y = np.full((m, n), 3.0, dtype=np.float32)
    z = np.full((8, 8), -9.0, dtype=np.float32)
    _, goty, gotz, _, _ = run(__file__, "descriptor_shift_kernel", 1, [x, y, z, m, n],
                              {"BM": 8, "BN": 8})
    refz = np.zeros((8, 8), dtype=np.float32)
    refz[1:, 2:] = x[:7, :6]
    check("descriptor load at (-1, -2) pads with 0", gotz, refz)
    refy = np.full((m, n), 3.0, dtype=np.float32)
    refy[m - 2:, n - 3:] = refz[:2, :3]
    check("descriptor store at the corner drops the rest", goty, refy)

    h = np.zeros((m, n), dtype=np.int32)
    (goth,) = run(__file__, "descriptor_atomic_kernel", 37, [h, m, n], {"BM": 4, "BN": 8})[:1]
    refh = np.zeros((m, n), dtype=np.int32)
    refh[m - 2:, n - 3:] += sum(range(1, 38))
    refh[:4, :8] ^= 1  # 37 programs: an odd number of xors
    check("descriptor atomic_add/atomic_xor from 37 programs", goth, refh)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS copy 13x21 (sentinels beyond the shape survive)
# CHECK-NEXT: PASS copy 16x32 (sentinels beyond the shape survive)
# CHECK-NEXT: PASS copy 1x5 (sentinels beyond the shape survive)
# CHECK-NEXT: PASS padding_option=zero
# CHECK-NEXT: PASS padding_option=nan
# CHECK-NEXT: PASS boundary_check=(0,) on int32
# CHECK-NEXT: PASS column-major block (order=(0, 1))
# CHECK-NEXT: PASS block-pointer matmul 64x64x64
# CHECK-NEXT: PASS block-pointer matmul 37x45x53
# CHECK-NEXT: PASS block-pointer matmul 5x70x9
# CHECK-NEXT: PASS block pointer carried by while and if (flip=0)
# CHECK-NEXT: PASS block pointer carried by while and if (flip=1)
# CHECK-NEXT: PASS descriptor copy 19x27
# CHECK-NEXT: PASS descriptor load at (-1, -2) pads with 0
# CHECK-NEXT: PASS descriptor store at the corner drops the rest
# CHECK-NEXT: PASS descriptor atomic_add/atomic_xor from 37 programs
# CHECK-NOT: FAIL
