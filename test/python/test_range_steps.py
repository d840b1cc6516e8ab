"""range() with a constant negative step counts down as Python's (and Triton's) range: the sum of the
induction variable over each range, for 32- and 64-bit bounds and for runtime steps of either sign,
equals Python's, also where an int32 counter would wrap (such a loop would never end)."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def range_sum(out, lo, hi, step):
    # Stores the sum of range(lo, hi, step) and its length (inlined: a constexpr step stays one).
    acc = 0
    acc = acc.to(tl.int64)
    count = 0
    for i in range(lo, hi, step):
        acc += i
        count += 1
    tl.store(out, acc)
    tl.store(out + 1, count)


@tilec.jit
def range_sum_kernel(out, lo, hi, STEP: tl.constexpr):
    range_sum(out, lo, hi, STEP)


@pytest.mark.parametrize("lo, hi, step", [(15, -16, -1), (15, -16, -2), (15, -16, -3), (-18, -22, -1),
                                          (22, 18, -1), (18, 22, -1), (5, 5, -2), (3, 0, -7),
                                          (2**35 + 20, 2**35, -3), (2**31 - 1, -2**31 + 2**30, -2**30),
                                          (-2**31, 2**31 - 1, -1), (15, -16, 4),
                                          # Runtime int32 bounds whose counter would pass INT32_MAX
                                          # (or INT32_MIN counting down): the loop still ends.
                                          (0, 2**31 - 1, 2**30), (2**31 - 10, 2**31 - 1, 4),
                                          (-2**31 + 5, -2**31, -3), (-2**31, 2**31 - 1, 2**31 - 1),
                                          (2**31 - 3, 2**31 - 1, 1)])
@pytest.mark.timeout(120)
def test_range_steps(lo, hi, step):
    out = np.zeros(2, dtype=np.int64)
    range_sum_kernel[(1,)](out, lo, hi, STEP=step)
    assert out.tolist() == [sum(range(lo, hi, step)), len(range(lo, hi, step))]


@tilec.jit
def constant_range_kernel(out, LO: tl.constexpr, HI: tl.constexpr, STEP: tl.constexpr):
    range_sum(out, LO, HI, STEP)


@pytest.mark.parametrize("lo, hi, step", [(0, 2**31 - 1, 2**30), (2**31 - 10, 2**31 - 1, 4),
                                          (-2**31 + 5, -2**31, -3), (0, 2**31 - 1, 2**31 - 1)])
def test_constant_range_near_int32_limits(lo, hi, step):
    # The counter's last increment passes the int32 range: counted in i64, the loop ends.
    out = np.zeros(2, dtype=np.int64)
    constant_range_kernel[(1,)](out, LO=lo, HI=hi, STEP=step)
    assert out.tolist() == [sum(range(lo, hi, step)), len(range(lo, hi, step))]


@tilec.jit
def runtime_step_kernel(out, lo, hi, step):
    range_sum(out, lo, hi, step)


@pytest.mark.parametrize("lo, hi, step", [(0, 10, 3), (15, -16, -4), (10, 0, 3), (0, 10, -3),
                                          (0, 2**31 - 1, 2**30), (-2**31 + 5, -2**31, -3),
                                          (2**31 - 1, -2**31, -2**31 + 1), (-5, 5, 1), (5, -5, -1)])
@pytest.mark.timeout(120)
def test_runtime_step(lo, hi, step):
    # The step's sign is known only at run time: counting down works as with a constant step.
    out = np.zeros(2, dtype=np.int64)
    runtime_step_kernel[(1,)](out, lo, hi, step)
    assert out.tolist() == [sum(range(lo, hi, step)), len(range(lo, hi, step))]


@pytest.mark.timeout(120)
def test_runtime_step_zero_runs_nothing():
    # Python raises ValueError for range(..., 0); a kernel cannot, and must not hang: no iteration.
    out = np.full(2, -1, dtype=np.int64)
    runtime_step_kernel[(1,)](out, 3, 9, 0)
    assert out.tolist() == [0, 0]
