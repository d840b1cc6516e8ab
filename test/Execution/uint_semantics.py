# Unsigned integers (uint8/16/32/64): wrapping + - *, unsigned // % >> and comparisons, min/max,
# exact vs numpy; int64 index arithmetic beyond 2^31 (values and pointer offsets) does not wrap.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def uint_kernel(a_ptr, b_ptr, out_ptr, cmp_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(out_ptr + 0 * N + offs, a + b)
    tl.store(out_ptr + 1 * N + offs, a - b)
    tl.store(out_ptr + 2 * N + offs, a * b)
    tl.store(out_ptr + 3 * N + offs, a // b)
    tl.store(out_ptr + 4 * N + offs, a % b)
    tl.store(out_ptr + 5 * N + offs, a >> 3)
    tl.store(out_ptr + 6 * N + offs, a << 2)
    tl.store(out_ptr + 7 * N + offs, tl.maximum(a, b))
    tl.store(out_ptr + 8 * N + offs, tl.minimum(a, b))
    tl.store(out_ptr + 9 * N + offs, a ^ b)
    tl.store(cmp_ptr + 0 * N + offs, (a < b).to(tl.int32))
    tl.store(cmp_ptr + 1 * N + offs, (a >= b).to(tl.int32))
    tl.store(cmp_ptr + 2 * N + offs, (a > 3).to(tl.int32))


@jit
def wide_index_kernel(x_ptr, idx_ptr, out_ptr, big, N: tl.constexpr):
    pid = tl.program_id(0)
    # Index values beyond 2^31 computed in int64 keep their value.
    idx = pid.to(tl.int64) * big + tl.arange(0, N)
    tl.store(idx_ptr + pid * N + tl.arange(0, N), idx)
    # Pointer offsets beyond 2^31 that cancel: any truncation to 32 bits would move the address.
    far = x_ptr + big
    back = far + (tl.arange(0, N) + pid * N - big)
    tl.store(out_ptr + pid * N + tl.arange(0, N), tl.load(back))


def main():
    rng = np.random.default_rng(4)
    N = 64
    for dt in (np.uint8, np.uint16, np.uint32, np.uint64):
        top = np.iinfo(dt).max
        a = rng.integers(0, top, N, dtype=dt, endpoint=True)
        b = rng.integers(1, top, N, dtype=dt, endpoint=True)
        a[:4] = [top, top, 0, 1]
        b[:4] = [1, top, top, top]
        out = np.zeros(10 * N, dt)
        cmp = np.zeros(3 * N, np.int32)
        got = run(__file__, "uint_kernel", 1, [a, b, out, cmp], {"N": N})
        with np.errstate(over="ignore"):
            ref = np.stack([a + b, a - b, a * b, a // b, a % b, a >> dt(3), a << dt(2),
                            np.maximum(a, b), np.minimum(a, b), a ^ b])
        names = ["+", "-", "*", "//", "%", ">>", "<<", "maximum", "minimum", "^"]
        res = got[2].reshape(10, N)
        for i, name in enumerate(names):
            check("%s %s" % (np.dtype(dt).name, name), res[i], ref[i])
        c = got[3].reshape(3, N)
        check("%s <" % np.dtype(dt).name, c[0], (a < b).astype(np.int32))
        check("%s >=" % np.dtype(dt).name, c[1], (a >= b).astype(np.int32))
        check("%s > 3" % np.dtype(dt).name, c[2], (a > 3).astype(np.int32))

    big = (1 << 31) + 12345
    x = rng.standard_normal(4 * N).astype(np.float32)
    got = run(__file__, "wide_index_kernel", 4,
              [x, np.zeros(4 * N, np.int64), np.zeros(4 * N, np.float32), big], {"N": N})
    pid = np.repeat(np.arange(4, dtype=np.int64), N)
    check("int64 index values beyond 2^31", got[1], pid * big + np.tile(np.arange(N), 4))
    check("int64 pointer offsets beyond 2^31", got[2], x)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS uint8 +
# CHECK: PASS uint8 > 3
# CHECK: PASS uint16 //
# CHECK: PASS uint32 %
# CHECK: PASS uint32 >=
# CHECK: PASS uint64 *
# CHECK: PASS uint64 >>
# CHECK: PASS uint64 <
# CHECK: PASS int64 index values beyond 2^31
# CHECK: PASS int64 pointer offsets beyond 2^31
# CHECK-NOT: FAIL
