# Name errors: unknown names, unsupported tl functions and tensor methods,
# unknown @jit callee keyword arguments, missing builtin arguments.
# RUN: not tilec compile %s --kernel unknown --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not tilec compile %s --kernel tlfoo --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=TLFOO
# RUN: not tilec compile %s --kernel method --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=METHOD
# RUN: not tilec compile %s --kernel kwarg --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=KWARG
# RUN: not tilec compile %s --kernel missing --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tilec compile %s --kernel nosuch --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=NOSUCH
import triton.language as tl
from triton import jit


@jit
def helper(x, scale=1.0):
    return x * scale


@jit
def unknown(p):
    tl.store(p, foo + 1)
# UNKNOWN: {{.*}}err_names.py:20:17: error: unknown name 'foo'
# UNKNOWN-NEXT: {{^}}    tl.store(p, foo + 1)
# UNKNOWN-NEXT: {{^}}                ^


@jit
def tlfoo(p):
    x = tl.foo(1)
# TLFOO: {{.*}}err_names.py:28:12: error: unsupported function 'tl.foo'


@jit
def method(p):
    x = tl.arange(0, 4).frobnicate()
# METHOD: {{.*}}err_names.py:34:25: error: 'tensor' object has no attribute 'frobnicate'


@jit
def kwarg(p):
    tl.store(p, helper(1.0, factor=2.0))
# KWARG: {{.*}}err_names.py:40:36: error: 'helper' got an unexpected keyword argument 'factor'


@jit
def missing(p):
    tl.store(p)
# MISSING: {{.*}}err_names.py:46:8: error: missing argument 'value' in call to 'tl.store'

# NOSUCH: {{.*}}err_names.py:1:1: error: no @jit function named 'nosuch' (found: helper, unknown, tlfoo, method, kwarg, missing)
