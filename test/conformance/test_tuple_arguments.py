"""Tuples as runtime arguments, as Triton 3.x passes them: a tuple of tensors and scalars is
flattened into its elements (each specialized as a lone argument would be: an int equal to 1 is
the constant 1, a 16-byte aligned pointer is marked so), and the kernel sees one tuple value it
can index, unpack, measure, iterate over and pass to helpers. Other tuple contents are refused
with a TypeError naming the argument."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def weighted_sum(ptrs, weights, offs):
    acc = tl.zeros(offs.shape, dtype=tl.float32)
    for i in tl.static_range(len(ptrs)):
        acc += tl.load(ptrs[i] + offs) * weights[i]
    return acc


@tilec.jit
def tuple_args_kernel(ptrs, weights, shape, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    rows, cols = shape
    mask = offs < rows * cols
    first, second = ptrs[0], ptrs[1]
    acc = weighted_sum(ptrs, weights, offs)
    tl.store(out_ptr + offs, acc + tl.load(first + offs) - tl.load(second + offs), mask=mask)


@pytest.mark.parametrize("weights", [(2.0, -0.5, 1.5), (1, 3, 1)])
def test_tuples_of_pointers_and_scalars(weights):
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(32).astype(np.float32) for _ in range(3)]
    out = np.zeros(32, dtype=np.float32)
    tuple_args_kernel[(1,)](tuple(arrays), weights, (4, 6), out, BLOCK=32)
    ref = sum(np.float32(w) * a for w, a in zip(weights, arrays)) + arrays[0] - arrays[1]
    n = 24
    np.testing.assert_allclose(out[:n], ref[:n], rtol=1e-6, atol=1e-6)
    assert not out[n:].any()


@tilec.jit
def empty_tuple_kernel(nothing, out_ptr):
    tl.store(out_ptr, len(nothing) + 7)


def test_empty_tuple():
    out = np.zeros(1, dtype=np.int32)
    empty_tuple_kernel[(1,)]((), out)
    assert out[0] == 7


def test_each_tuple_is_its_own_specialization():
    out = np.zeros(32, dtype=np.float32)
    a = np.ones(32, dtype=np.float32)
    tuple_args_kernel[(1,)]((a, a), (1, 1), (2, 2), out, BLOCK=32)
    np.testing.assert_array_equal(out[:4], 2.0)
    compiled = tuple_args_kernel.warmup((a, a, a), (1.5, 1, 2), (2, 2), out, BLOCK=32, grid=(1,))
    assert compiled.param_types[:3] == ["*fp32", "*fp32", "*fp32"]


@pytest.mark.parametrize("bad, what", [((np.zeros(4, np.float32), None), "element 1 is None"),
                                       (((1, 2), 3), "element 0 is a tuple")])
def test_other_tuple_contents_are_refused(bad, what):
    out = np.zeros(32, dtype=np.float32)
    with pytest.raises(TypeError, match="argument 'ptrs': " + what):
        tuple_args_kernel[(1,)](bad, (1.0, 2.0), (2, 2), out, BLOCK=32)
