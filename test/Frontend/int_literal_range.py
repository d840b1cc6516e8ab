# Integer literals beyond 64 bits in a kernel are Python ints, as in Triton 3.9: folded, compared and printed they are fine; assigned to a name (also in a tuple, or negative), stored or mixed with a tensor they are Triton's located "Nonrepresentable integer"; host code and kernels never compiled are not read.
# RUN: tilec compile %s --kernel ok --signature '*i64' --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel assign --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASSIGN
# RUN: not tilec compile %s --kernel assign_unused --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNUSED
# RUN: not tilec compile %s --kernel negative --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG
# RUN: not tilec compile %s --kernel below_int64 --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOW
# RUN: not tilec compile %s --kernel unpack --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=TUPLE
# RUN: not tilec compile %s --kernel with_tensor --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=TENSOR
# RUN: not tilec compile %s --kernel too_big --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGE
import triton
import triton.language as tl

HOST_ONLY = 2**200 + 340282366920938463463374607431768211456123


def host_helper():
    return -99999999999999999999999999999999999999999999999, 1 << 300


@triton.jit
def never_compiled(o):
    x = 18446744073709551616
    tl.store(o, x)


@triton.jit
def ok(o):
    if 18446744073709551616 > 3:
        tl.store(o, 1)
    tl.static_print(18446744073709551616, -18446744073709551616 * 3, 0x1_0000_0000_0000_0000)
    x = 18446744073709551616 - 1
    tl.store(o + 1, x)
    y = -9223372036854775808
    tl.store(o + 2, y)
    C: tl.constexpr = 2**64
    tl.store(o + 3, C - 2)
# CHECK: 18446744073709551616 -55340232221128654848 18446744073709551616
# CHECK-LABEL: func.func @ok
# CHECK: %[[ONE:.*]] = arith.constant 1 : i64
# CHECK: tile.store %arg0, %[[ONE]] : !tile.ptr<i64>
# CHECK: %[[M1:.*]] = arith.constant -1 : i64
# CHECK: tile.store %{{.*}}, %[[M1]] : !tile.ptr<i64>
# CHECK: %[[MIN:.*]] = arith.constant -9223372036854775808 : i64
# CHECK: tile.store %{{.*}}, %[[MIN]] : !tile.ptr<i64>
# CHECK: %[[M2:.*]] = arith.constant -2 : i64
# CHECK: tile.store %{{.*}}, %[[M2]] : !tile.ptr<i64>


@triton.jit
def assign(o):
    x = 18446744073709551616
    tl.store(o, x)
# ASSIGN: int_literal_range.py:[[@LINE-2]]:5: error: Nonrepresentable integer 18446744073709551616.
# ASSIGN-NEXT: x = 18446744073709551616
# ASSIGN-NEXT: ^


@triton.jit
def assign_unused(o):
    x = 2**64
    tl.store(o, 1)
# UNUSED: int_literal_range.py:[[@LINE-2]]:5: error: Nonrepresentable integer 18446744073709551616.


@triton.jit
def negative(o):
    x = -18446744073709551616
    tl.store(o, 1)
# NEG: int_literal_range.py:[[@LINE-2]]:5: error: Nonrepresentable integer -18446744073709551616.


@triton.jit
def below_int64(o):
    x = -9223372036854775809
    tl.store(o, 1)
# LOW: int_literal_range.py:[[@LINE-2]]:5: error: Nonrepresentable integer -9223372036854775809.


@triton.jit
def unpack(o):
    a, b = 1, 170141183460469231731687303715884105727
    tl.store(o, a)
# TUPLE: int_literal_range.py:[[@LINE-2]]:5: error: Nonrepresentable integer 170141183460469231731687303715884105727.


@triton.jit
def with_tensor(o):
    tl.store(o + tl.arange(0, 4), tl.arange(0, 4) + 18446744073709551616)
# TENSOR: int_literal_range.py:[[@LINE-1]]:51: error: Nonrepresentable integer 18446744073709551616.


@triton.jit
def too_big(o):
    tl.static_print(170141183460469231731687303715884105728)
# HUGE: int_literal_range.py:[[@LINE-1]]:21: error: integer literal is beyond the integers tilec represents ([-2**127, 2**127))
