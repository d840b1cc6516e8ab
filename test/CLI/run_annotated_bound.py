# tilec run with `inf`, `nan` or 2.5 for a bound annotated `n: tl.int32` is a located error naming the parameter,
# not a bit pattern read as an integer; an integer bound runs (an unannotated parameter takes a float, as in Triton).
# REQUIRES: cpu-jit
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/y.npy f4 0 0 0 0 0 0 0 0
# RUN: not tilec run %s --kernel copy -DBLOCK=8 --grid 1 --out-dir %t/inf -- %t/x.npy %t/y.npy inf 2>&1 | FileCheck %s --check-prefix=INF
# RUN: not tilec run %s --kernel copy -DBLOCK=8 --grid 1 --out-dir %t/nan -- %t/x.npy %t/y.npy nan 2>&1 | FileCheck %s --check-prefix=INF
# RUN: not tilec run %s --kernel copy -DBLOCK=8 --grid 1 --out-dir %t/half -- %t/x.npy %t/y.npy 2.5 2>&1 | FileCheck %s --check-prefix=INF
# RUN: not ls %t/inf/y.npy
# RUN: tilec run %s --kernel copy -DBLOCK=8 --grid 1 --out-dir %t/ok -- %t/x.npy %t/y.npy 5
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/ok/y.npy | FileCheck %s --check-prefix=COPY
# INF: run_annotated_bound.py:[[@LINE+7]]:24: error: parameter 'n' is annotated int32 (an integer) but its argument's type is 'fp32' (a float)
# COPY: 0 1 2 3 4 0 0 0
import triton
import triton.language as tl


@triton.jit
def copy(x_ptr, y_ptr, n: tl.int32, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)
