"""Control flow: for over range (with step), tl.range, tl.static_range, while, if/elif/else at
runtime and on constexprs, tuples, @jit helper functions, constexpr globals."""
import numpy as np
import pytest

import tilec
import tilec.language as tl

SCALE = tl.constexpr(3)
BIAS: tl.constexpr = tl.constexpr(-2)


@tilec.jit
def range_sum_kernel(out_ptr, start, end, step, KIND: tl.constexpr):
    acc = 0
    if KIND == "range":
        for i in range(start, end, step):
            acc += i
    elif KIND == "tl_range":
        for i in tl.range(start, end, step):
            acc += i
    else:
        i = start
        while i < end:
            acc += i
            i += step
    tl.store(out_ptr, acc)


@pytest.mark.parametrize("kind", ["range", "tl_range", "while"])
@pytest.mark.parametrize("start,end,step", [(0, 10, 1), (3, 100, 7), (5, 5, 1), (10, 3, 2),
                                            (-20, 20, 3)])
def test_runtime_loops(kind, start, end, step):
    out = np.zeros(1, np.int32)
    range_sum_kernel[(1,)](out, start, end, step, KIND=kind)
    assert out[0] == sum(range(start, end, step))


@tilec.jit
def static_range_kernel(x_ptr, out_ptr, N: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for k in tl.static_range(N):
        acc += tl.load(x_ptr + k * BLOCK + offs) * (k + 1)
    for k in tl.static_range(1, N, 2):
        acc -= tl.load(x_ptr + k * BLOCK + offs)
    tl.store(out_ptr + offs, acc)


@pytest.mark.parametrize("n", [1, 4, 7])
def test_static_range(n):
    x = np.random.default_rng(n).standard_normal((n, 32)).astype(np.float32)
    out = np.zeros(32, np.float32)
    static_range_kernel[(1,)](x, out, N=n, BLOCK=32)
    ref = sum(x[k] * (k + 1) for k in range(n)) - sum(x[k] for k in range(1, n, 2))
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-6)


@tilec.jit
def branch_kernel(x_ptr, out_ptr, n, threshold, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    s = tl.sum(tl.where(mask, x, 0.0), axis=0)
    if s > threshold:
        y = x * 2.0
    elif s < -threshold:
        y = x - 1.0
    else:
        y = x
    if pid % 2 == 0:
        y = y + 100.0
    tl.store(out_ptr + offs, y, mask=mask)


def test_runtime_if_elif_else():
    rng = np.random.default_rng(0)
    n, block = 1000, 64
    x = rng.standard_normal(n).astype(np.float32) + np.repeat(rng.choice([-1.0, 0.0, 1.0],
                                                                         tilec.cdiv(n, block)),
                                                              block)[:n].astype(np.float32)
    out = np.zeros(n, np.float32)
    branch_kernel[(tilec.cdiv(n, block),)](x, out, n, 8.0, BLOCK=block)
    ref = np.empty(n, np.float32)
    for p in range(tilec.cdiv(n, block)):
        seg = x[p * block:(p + 1) * block]
        s = np.float32(seg.sum(dtype=np.float32))
        y = seg * 2 if s > 8.0 else (seg - 1 if s < -8.0 else seg)
        ref[p * block:(p + 1) * block] = y + (100.0 if p % 2 == 0 else 0.0)
    np.testing.assert_allclose(out, ref, rtol=1e-6)


@tilec.jit
def _square(x):
    return x * x


@tilec.jit
def _affine(x, a, b: tl.constexpr):
    return _square(x) * a + b


@tilec.jit
def _min_and_max(x):
    return tl.min(x, axis=0), tl.max(x, axis=0)


@tilec.jit
def helpers_kernel(x_ptr, out_ptr, a, MODE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if MODE == 0:
        y = _affine(x, a, SCALE)
    elif MODE == 1:
        y = x * SCALE + BIAS
    else:
        y = x
    tl.store(out_ptr + offs, y)
    lo, hi = _min_and_max(x)
    pair = (lo, hi)
    tl.store(out_ptr + BLOCK, pair[0])
    tl.store(out_ptr + BLOCK + 1, pair[1])
    a2, (b2, c2) = 1.0, (2.0, 3.0)
    tl.store(out_ptr + BLOCK + 2, a2 + b2 * c2)


@pytest.mark.parametrize("mode", [0, 1, 2])
def test_helpers_tuples_constexpr_globals(mode):
    x = np.random.default_rng(mode).standard_normal(16).astype(np.float32)
    out = np.zeros(19, np.float32)
    helpers_kernel[(1,)](x, out, 0.5, MODE=mode, BLOCK=16)
    ref = {0: x * x * np.float32(0.5) + 3, 1: x * 3 - 2, 2: x}[mode]
    np.testing.assert_allclose(out[:16], ref, rtol=1e-6)
    assert out[16] == x.min() and out[17] == x.max() and out[18] == 7.0


@tilec.jit
def loop_carried_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    m = tl.full([BLOCK], -float("inf"), tl.float32)
    ptrs = x_ptr + offs
    for start in range(0, n, BLOCK):
        x = tl.load(ptrs, mask=start + offs < n, other=-float("inf"))
        m = tl.maximum(m, x)
        acc += tl.where(start + offs < n, x, 0.0)
        ptrs += BLOCK
    tl.store(out_ptr, tl.sum(acc, axis=0))
    tl.store(out_ptr + 1, tl.max(m, axis=0))


@pytest.mark.parametrize("n", [1, 17, 1000, 4096])
def test_loop_carried_tiles_and_pointers(n):
    x = np.random.default_rng(n).standard_normal(n).astype(np.float32)
    out = np.zeros(2, np.float32)
    loop_carried_kernel[(1,)](x, out, n, BLOCK=64)
    np.testing.assert_allclose(out[0], x.sum(dtype=np.float64), rtol=1e-5, atol=1e-4)
    assert out[1] == x.max()


@tilec.jit
def nested_loops_kernel(out_ptr, n, m):
    acc = 0
    for i in range(n):
        for j in range(i, m):
            if (i + j) % 3 == 0:
                acc += i * j
            else:
                acc -= 1
    tl.store(out_ptr, acc)


def test_nested_loops_with_runtime_if():
    out = np.zeros(1, np.int32)
    nested_loops_kernel[(1,)](out, 9, 13)
    ref = sum((i * j if (i + j) % 3 == 0 else -1) for i in range(9) for j in range(i, 13))
    assert out[0] == ref


@tilec.jit
def static_checks_kernel(out_ptr, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 16 == 0, "BLOCK must be a multiple of 16")
    tl.static_print("BLOCK is", BLOCK)
    offs = tl.multiple_of(tl.arange(0, BLOCK), 16)
    offs = tl.max_contiguous(offs, BLOCK)
    offs = tl.max_constancy(offs, 1)
    tl.debug_barrier()
    tl.store(out_ptr + offs, offs)


def test_static_assert_print_and_hints():
    out = np.zeros(32, np.int32)
    static_checks_kernel[(1,)](out, BLOCK=32)
    np.testing.assert_array_equal(out, np.arange(32))
    with pytest.raises(tilec.CompilationError, match="multiple of 16"):
        static_checks_kernel[(1,)](np.zeros(8, np.int32), BLOCK=8)
