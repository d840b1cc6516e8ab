"""tl.atomic_load / tl.atomic_store (Triton 3.9), also as tensor methods: every element type
they accept, scalar and tile pointers, masks (masked-off stores leave memory alone), each `sem`
and `scope` they allow, and a last-program reduction across programs: every program publishes
its partial sum with a release store and counts itself with atomic_add; the program that counts
last reads all the partials back with acquire loads and writes the total."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import empty_arg, from_arg, random_values, to_arg

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64"]


@tilec.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, LOAD_SEM: tl.constexpr,
                STORE_SEM: tl.constexpr, SCOPE: tl.constexpr, METHOD: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if METHOD:
        x = (x_ptr + offs).atomic_load(mask=mask, sem=LOAD_SEM, scope=SCOPE)
        (y_ptr + offs).atomic_store(x, mask=mask, sem=STORE_SEM, scope=SCOPE)
    else:
        x = tl.atomic_load(x_ptr + offs, mask, LOAD_SEM, SCOPE)
        tl.atomic_store(y_ptr + offs, x, mask, STORE_SEM, SCOPE)


@pytest.mark.parametrize("dtype", DTYPES)
def test_masked_copy_every_dtype(dtype):
    n = 100
    x = random_values(dtype, n, np.random.default_rng(11))
    y = empty_arg(dtype, n + 5)
    copy_kernel[(tilec.cdiv(n, 32),)](to_arg(x, dtype), y, n, BLOCK=32, LOAD_SEM="acquire",
                                      STORE_SEM="release", SCOPE="gpu", METHOD=False)
    got = from_arg(y, dtype)
    np.testing.assert_array_equal(got[:n], x)
    # Masked-off lanes (the last block's tail) write nothing.
    np.testing.assert_array_equal(got[n:], np.zeros(5, got.dtype))


@pytest.mark.parametrize("load_sem,store_sem", [("relaxed", "relaxed"), (None, None),
                                                ("acquire", "relaxed")])
@pytest.mark.parametrize("scope", ["cta", "sys", None])
def test_semantics_scopes_and_methods(load_sem, store_sem, scope):
    x = np.arange(40, dtype=np.int32) * 3 - 7
    y = np.full(40, 99, np.int32)
    copy_kernel[(5,)](x, y, 37, BLOCK=8, LOAD_SEM=load_sem, STORE_SEM=store_sem, SCOPE=scope,
                      METHOD=True)
    np.testing.assert_array_equal(y[:37], x[:37])
    np.testing.assert_array_equal(y[37:], [99, 99, 99])


@tilec.jit
def scalar_kernel(flag_ptr, out_ptr):
    v = tl.atomic_load(flag_ptr)
    tl.atomic_store(flag_ptr + 1, v + 1, sem="relaxed")
    tl.atomic_store(out_ptr, tl.atomic_load(flag_ptr + 1, sem="relaxed") * 2)


def test_scalar_pointers():
    flags = np.array([41, 0], np.int64)
    out = np.zeros(1, np.int64)
    scalar_kernel[(1,)](flags, out)
    np.testing.assert_array_equal(flags, [41, 42])
    assert out[0] == 84


@tilec.jit
def last_program_sum_kernel(x_ptr, partial_ptr, count_ptr, total_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    s = tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0), axis=0)
    tl.atomic_store(partial_ptr + pid, s, sem="release")
    done = tl.atomic_add(count_ptr, 1, sem="acq_rel")
    if done == tl.num_programs(0) - 1:
        ids = tl.arange(0, 64)
        partials = tl.atomic_load(partial_ptr + ids, mask=ids < tl.num_programs(0))
        tl.store(total_ptr, tl.sum(partials, axis=0))


@pytest.mark.parametrize("n", [1, 700, 4000])
def test_last_program_reads_every_partial(n):
    x = np.random.default_rng(n).integers(-1000, 1000, n).astype(np.int64)
    programs = tilec.cdiv(n, 64)
    partial = np.zeros(programs, np.int64)
    count = np.zeros(1, np.int32)
    total = np.zeros(1, np.int64)
    last_program_sum_kernel[(programs,)](x, partial, count, total, n, BLOCK=64)
    assert count[0] == programs
    assert total[0] == x.sum()
