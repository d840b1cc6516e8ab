# Signature and -D mismatches: wrong count, bad type string, unknown -D
# name, -D for a non-constexpr parameter, missing constexpr value.
# RUN: not tilec compile %s --kernel k --signature '*fp32' -D BLOCK=4 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=COUNT
# RUN: not tilec compile %s --kernel k --signature '*fp33,i32' -D BLOCK=4 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=TYPE
# RUN: not tilec compile %s --kernel k --signature '*fp32,i32' -D BLOCK=4 -D BLOK=2 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not tilec compile %s --kernel k --signature '*fp32,i32' -D BLOCK=4 -D n=3 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=NONCONST
# RUN: not tilec compile %s --kernel k --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MISSING
import triton.language as tl
from triton import jit


@jit
def k(p, n, BLOCK: tl.constexpr):
    tl.store(p + tl.arange(0, BLOCK), n)

# COUNT: {{.*}}err_signature.py:13:5: error: signature has 1 types but kernel 'k' has 2 non-constexpr parameters
# TYPE: error: invalid type '*fp33'
# UNKNOWN: {{.*}}err_signature.py:13:5: error: unknown -D name 'BLOK': kernel 'k' has no parameter named 'BLOK'
# NONCONST: {{.*}}err_signature.py:13:10: error: parameter 'n' is not a tl.constexpr and can only be given with -D as None; list its type in the signature
# MISSING: {{.*}}err_signature.py:13:13: error: missing value for tl.constexpr parameter 'BLOCK' (pass -D BLOCK=VALUE)
# MISSING-NEXT: {{^}}def k(p, n, BLOCK: tl.constexpr):
# MISSING-NEXT: {{^}}            ^
