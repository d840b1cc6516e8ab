"""tl.dot with a 16-bit accumulator (out_dtype=tl.float16) sums the products in fp32, rounds the sum once
and adds the accumulator, as Triton 3.9's interpreter does (expected values from it)."""
import numpy as np

import tilec
import tilec.language as tl


@tilec.jit
def dot16_kernel(x_ptr, y_ptr, acc_ptr, o_ptr, USE_ACC: tl.constexpr):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    y = tl.load(y_ptr + r[:, None] * 16 + r[None, :])
    if USE_ACC:
        o = tl.dot(x, y, tl.load(acc_ptr + r[:, None] * 16 + r[None, :]), out_dtype=tl.float16)
    else:
        o = tl.dot(x, y, out_dtype=tl.float16)
    tl.store(o_ptr + r[:, None] * 16 + r[None, :], o)


def test_fp16_accumulator_sums_in_fp32_and_rounds_once():
    x = np.ones((16, 16), np.float16)
    x[0, 0] = 2048  # 2048 + 15 ones: 2064 rounded once; 2048 if each step rounded to fp16
    y = np.ones((16, 16), np.float16)
    acc = np.full((16, 16), 0.5, np.float16)
    acc[0, 0] = 1
    out = np.zeros((16, 16), np.float16)
    dot16_kernel[(1,)](x, y, acc, out, USE_ACC=False)
    assert out[0, 0] == 2064 and out[1, 1] == 16
    np.testing.assert_array_equal(out, np.matmul(x, y, dtype=np.float16))
    dot16_kernel[(1,)](x, y, acc, out, USE_ACC=True)
    assert out[0, 0] == 2064 and out[1, 1] == 16.5  # round(round(sum) + acc)
    np.testing.assert_array_equal(out, np.matmul(x, y, dtype=np.float16) + acc)
