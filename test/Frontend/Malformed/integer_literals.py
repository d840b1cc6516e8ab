# A 30,000-digit integer literal is parsed in linear time and is a located out-of-range error; 2**64 stored is Triton's Nonrepresentable error.
# RUN: %python %S/Inputs/gen_deep.py digits 30000 > %t.digits.py
# RUN: not timeout 20 tilec compile %t.digits.py --kernel k --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIGITS
# RUN: not tilec compile %s --kernel k --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=HEX
# RUN: not tilec compile %s --kernel bad_digit --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIN
# DIGITS: digits.py:7:9: error: integer literal is beyond the integers tilec represents ([-2**127, 2**127))
# HEX: integer_literals.py:15:21: error: Nonrepresentable integer 18446744073709551616.
# BIN: integer_literals.py:20:21: error: invalid digit '2' in integer literal
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    tl.store(x_ptr, 0x1_0000_0000_0000_0000)


@triton.jit
def bad_digit(x_ptr):
    tl.store(x_ptr, 0b102)
