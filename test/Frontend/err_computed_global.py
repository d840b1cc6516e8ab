# A module global computed in Python (not a literal) that a kernel reads: `tilec compile` names
# the assignment and what to do instead of "unknown name" (from Python the JIT supplies its value).
# RUN: not tilec compile %s --kernel scale --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s
import math

import triton
import triton.language as tl

LOG2E = math.log2(math.e)


@triton.jit
def scale(p):
    tl.store(p, tl.load(p) * LOG2E)
# CHECK: {{.*}}err_computed_global.py:[[@LINE-1]]:30: error: 'LOG2E' is a module global computed in Python (line 9), which tilec reads only as a literal: assign it a literal, or pass it as a tl.constexpr parameter (kernels launched from Python see its value)
