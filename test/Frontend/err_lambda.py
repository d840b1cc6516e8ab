# A lambda inside a kernel is an unsupported expression (lambdas in host
# code, e.g. in @triton.heuristics, are fine).
# RUN: not tilec compile %s --kernel lam --signature '' --emit tile -o - 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.heuristics({"EVEN": lambda args: args["n"] % 2 == 0})
@triton.jit
def lam():
    f = lambda x: x
# CHECK: {{.*}}err_lambda.py:11:9: error: unsupported expression 'lambda'
# CHECK-NEXT: {{^}}    f = lambda x: x
# CHECK-NEXT: {{^}}        ^
