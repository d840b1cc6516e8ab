# A @jit function that does not parse is reported only when it is compiled or
# called, as in Triton; the other kernels of the file still compile.
# RUN: tilec compile %s --kernel good --signature '*fp32' --emit tile -o - | FileCheck %s --check-prefix=GOOD
# RUN: not tilec compile %s --kernel broken --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BROKEN
# RUN: not tilec compile %s --kernel caller --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=CALLER
import triton
import triton.language as tl


@triton.jit
def broken(p):
    with open("log.txt") as f:
        pass


@triton.jit
def good(p):
    tl.store(p, 1.0)


@triton.jit
def caller(p):
    broken(p)

# GOOD-LABEL: func.func @good(
# GOOD: tile.store

# BROKEN: {{.*}}err_unused_broken_function.py:12:5: error: unsupported statement 'with'
# BROKEN-NEXT: with open("log.txt") as f:
# BROKEN-NEXT: {{^    \^}}

# CALLER: {{.*}}err_unused_broken_function.py:12:5: error: unsupported statement 'with'
