"""range() with a constant negative step counts down as Python's (and Triton's) range: the sum of the
induction variable over each range, for 32- and 64-bit bounds, equals Python's."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def range_sum_kernel(out, lo, hi, STEP: tl.constexpr):
    acc = 0
    acc = acc.to(tl.int64)
    count = 0
    for i in range(lo, hi, STEP):
        acc += i
        count += 1
    tl.store(out, acc)
    tl.store(out + 1, count)


@pytest.mark.parametrize("lo, hi, step", [(15, -16, -1), (15, -16, -2), (15, -16, -3), (-18, -22, -1),
                                          (22, 18, -1), (18, 22, -1), (5, 5, -2), (3, 0, -7),
                                          (2**35 + 20, 2**35, -3), (2**31 - 1, -2**31 + 2**30, -2**30),
                                          (-2**31, 2**31 - 1, -1), (15, -16, 4)])
def test_range_steps(lo, hi, step):
    out = np.zeros(2, dtype=np.int64)
    range_sum_kernel[(1,)](out, lo, hi, STEP=step)
    assert out.tolist() == [sum(range(lo, hi, step)), len(range(lo, hi, step))]
