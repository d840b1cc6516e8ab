"""tl.map_elementwise as Triton 3.9 runs it: a scalar @jit function with runtime branches, early
returns and a loop mapped over 1-D and 2-D tiles, several results, pack=2 and pack=4 (with tile
sizes that leave a partial group), scalar inputs broadcast (a pointer loaded from in the body too),
a tl.dot result mapped with a broadcast bias row, bool and float results, and the whole-tile sizes
where the lowering switches from unrolled groups to a loop; results vs numpy."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def compare(x, y):
    if x < y:
        return -1
    elif x == y:
        return 0
    else:
        return 1


@tilec.jit
def compare_kernel(X, Y, Z, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    z = tl.map_elementwise(compare, tl.load(X + offs), tl.load(Y + offs))
    tl.store(Z + offs, z)


@pytest.mark.parametrize("block", [1, 16, 128, 1024])
def test_compare_branches(block):
    rs = np.random.RandomState(17)
    x = rs.randint(-3, 3, block).astype(np.int32)
    y = rs.randint(-3, 3, block).astype(np.int32)
    z = np.full(block, 99, np.int32)
    compare_kernel[(1,)](x, y, z, BLOCK=block)
    np.testing.assert_array_equal(z, (x > y).astype(np.int32) - (y > x).astype(np.int32))


@tilec.jit
def divmod_fn(a, b):
    return a // b, a % b


@tilec.jit
def divmod_pack2(a0, a1, b0, b1):
    return a0 // b0, a1 // b1, a0 % b0, a1 % b1


@tilec.jit
def divmod_kernel(A, B, C, D, N, BLOCK: tl.constexpr, PACK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    a = tl.load(A + offs, mask=mask, other=1)
    b = tl.load(B + offs, mask=mask, other=1)
    if PACK == 1:
        c, d = tl.map_elementwise(divmod_fn, a, b)
    else:
        c, d = tl.map_elementwise(divmod_pack2, a, b, pack=2)
    tl.store(C + offs, c, mask=mask)
    tl.store(D + offs, d, mask=mask)


@pytest.mark.parametrize("pack", [1, 2])
@pytest.mark.parametrize("n,block", [(512, 512), (1000, 256), (7, 8)])
def test_multiple_results_and_pack(pack, n, block):
    rs = np.random.RandomState(3)
    a = rs.randint(0, 2**31, n, dtype=np.uint64).astype(np.uint32)
    b = rs.randint(1, 1000, n).astype(np.uint32)
    c = np.zeros(n, np.uint32)
    d = np.zeros(n, np.uint32)
    divmod_kernel[(triton_cdiv(n, block),)](a, b, c, d, n, BLOCK=block, PACK=pack)
    np.testing.assert_array_equal(c, a // b)
    np.testing.assert_array_equal(d, a % b)


def triton_cdiv(a, b):
    return (a + b - 1) // b


@tilec.jit
def collatz_steps(v, limit):
    # A data-dependent loop: the number of Collatz steps to reach 1 (at most `limit`).
    steps = 0
    while v != 1 and steps < limit:
        if v % 2 == 0:
            v = v // 2
        else:
            v = 3 * v + 1
        steps += 1
    return steps


@tilec.jit
def collatz_kernel(X, S, limit, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(S + offs, tl.map_elementwise(collatz_steps, tl.load(X + offs), limit))


def collatz_ref(v, limit):
    steps = 0
    while v != 1 and steps < limit:
        v = v // 2 if v % 2 == 0 else 3 * v + 1
        steps += 1
    return steps


@pytest.mark.parametrize("m,n", [(4, 4), (16, 32)])
def test_data_dependent_loop_2d(m, n):
    x = (np.arange(m * n) + 1).astype(np.int64).reshape(m, n)
    s = np.zeros((m, n), np.int32)
    collatz_kernel[(1,)](x, s, 100, M=m, N=n)
    ref = np.vectorize(lambda v: collatz_ref(int(v), 100))(x).astype(np.int32)
    np.testing.assert_array_equal(s, ref)


@tilec.jit
def selu_scalar(x, alpha):
    if x > 0:
        return x
    else:
        return alpha * (tl.exp(x) - 1)


@tilec.jit
def clamp4(x0, x1, x2, x3, l0, l1, l2, l3):
    # pack=4: four values of each input (the scalar bound broadcast), then four of each result.
    return (tl.maximum(x0, l0), tl.maximum(x1, l1), tl.maximum(x2, l2), tl.maximum(x3, l3),
            x0 < l0, x1 < l1, x2 < l2, x3 < l3)


@tilec.jit
def float_kernel(X, Y, F, G, alpha, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    tl.store(Y + offs, tl.map_elementwise(selu_scalar, x, alpha))
    clamped, flag = tl.map_elementwise(clamp4, x, -0.5, pack=4)
    tl.store(F + offs, clamped)
    tl.store(G + offs, flag)


@pytest.mark.parametrize("block", [4, 64, 256])
def test_float_scalar_inputs_and_pack4(block):
    rs = np.random.RandomState(5)
    x = rs.uniform(-2, 2, block).astype(np.float32)
    y = np.zeros(block, np.float32)
    f = np.zeros(block, np.float32)
    g = np.zeros(block, np.bool_)
    float_kernel[(1,)](x, y, f, g, 1.5, BLOCK=block)
    ref = np.where(x > 0, x, np.float32(1.5) * (np.exp(x) - 1))
    np.testing.assert_allclose(y, ref, rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(f, np.maximum(x, np.float32(-0.5)))
    np.testing.assert_array_equal(g, x < -0.5)


@tilec.jit
def shift_or_lookup(v, table_ptr, bias):
    if v > 0:
        return v + bias
    return tl.load(table_ptr + (-v).to(tl.int32) % 8)


@tilec.jit
def dot_map_kernel(a_ptr, b_ptr, t_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    acc = tl.dot(tl.load(a_ptr + rm[:, None] * K + rk[None, :]),
                 tl.load(b_ptr + rk[:, None] * N + rn[None, :]))
    bias = tl.load(t_ptr + 8 + rn)[None, :]
    tl.store(c_ptr + rm[:, None] * N + rn[None, :],
             tl.map_elementwise(shift_or_lookup, acc, t_ptr, bias))


@pytest.mark.parametrize("m,n,k", [(16, 16, 16), (32, 64, 16)])
def test_dot_result_scalar_pointer_and_bias(m, n, k):
    rs = np.random.RandomState(0)
    a = rs.randint(-3, 4, (m, k)).astype(np.float16)
    b = rs.randint(-3, 4, (k, n)).astype(np.float16)
    t = rs.uniform(-1, 1, 8 + n).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    dot_map_kernel[(1,)](a, b, t, c, M=m, N=n, K=k)
    acc = a.astype(np.float32) @ b.astype(np.float32)
    ref = np.where(acc > 0, acc + t[8:][None, :], t[(-acc).astype(np.int32) % 8])
    np.testing.assert_array_equal(c, ref)
