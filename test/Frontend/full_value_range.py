# tl.full with a constant that its integer dtype cannot hold is a located error (Triton 3.9's interpreter wording), a float for an integer dtype is refused unless 0.0 (as compiled Triton); values that fit, bools, fp overflow to inf and scalar stores (Triton's cast) keep their values.
# RUN: tilec compile %s --kernel ok --signature '*u8,*i1,*fp16,*bf16,*i32,*i8,*i1,*i32' --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel i8_300 --signature '*i8' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=I8
# RUN: not tilec compile %s --kernel u8_neg --signature '*u8' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=U8
# RUN: not tilec compile %s --kernel i32_big --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=I32
# RUN: not tilec compile %s --kernel i64_2p63 --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=I64
# RUN: not tilec compile %s --kernel u32_neg --signature '*u32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=U32
# RUN: not tilec compile %s --kernel i16_low --signature '*i16' -D V=-32769 --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=I16
# RUN: tilec compile %s --kernel i16_low --signature '*i16' -D V=-32768 --emit tile -o - | FileCheck %s --check-prefix=I16OK
# RUN: not tilec compile %s --kernel float_int --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOAT
# RUN: not tilec compile %s --kernel float_u16 --signature '*u16' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=FU16
import triton.language as tl
from triton import jit


@jit
def ok(a, b, c, d, e, f, g, h):
    r = tl.arange(0, 16)
    tl.store(a + r, tl.full((16,), 255, tl.uint8))
    tl.store(b + r, tl.full((16,), 2, tl.int1))
    tl.store(c + r, tl.full((16,), 1e300, tl.float16))
    tl.store(d + r, tl.full((16,), 1e300, tl.bfloat16))
    tl.store(e + r, tl.full((16,), 0.0, tl.int32))
    tl.store(f + r, tl.full((16,), True, tl.int8))
    tl.store(g, 0.5)
    tl.store(h, 1e10)
    tl.store(f, 300)
# CHECK-LABEL: func.func @ok
# CHECK: %[[VU8:.*]] = arith.constant dense<-1> : tensor<16xi8>
# CHECK: tile.store %{{.*}}, %[[VU8]] : tensor<16x!tile.ptr<i8>>
# CHECK: %[[B:.*]] = arith.constant dense<true> : tensor<16xi1>
# CHECK: tile.store %{{.*}}, %[[B]] : tensor<16x!tile.ptr<i1>>
# CHECK: %[[H:.*]] = arith.constant dense<0x7C00> : tensor<16xf16>
# CHECK: tile.store %{{.*}}, %[[H]] : tensor<16x!tile.ptr<f16>>
# CHECK: %[[BF:.*]] = arith.constant dense<0x7F80> : tensor<16xbf16>
# CHECK: tile.store %{{.*}}, %[[BF]] : tensor<16x!tile.ptr<bf16>>
# CHECK: %[[Z:.*]] = arith.constant dense<0> : tensor<16xi32>
# CHECK: tile.store %{{.*}}, %[[Z]] : tensor<16x!tile.ptr<i32>>
# CHECK: %[[ONE:.*]] = arith.constant dense<1> : tensor<16xi8>
# CHECK: tile.store %{{.*}}, %[[ONE]] : tensor<16x!tile.ptr<i8>>
# A float stored through a bool pointer is `!= 0` (Triton's cast); a float beyond int32
# saturates (as the GPUs' cvt.rzi), a wide int wraps (Triton's int cast).
# CHECK: %[[T:.*]] = arith.constant true
# CHECK: tile.store %arg6, %[[T]] : !tile.ptr<i1>
# CHECK: %[[SAT:.*]] = arith.constant 2147483647 : i32
# CHECK: tile.store %arg7, %[[SAT]] : !tile.ptr<i32>
# CHECK: %[[W:.*]] = arith.constant 44 : i8
# CHECK: tile.store %arg5, %[[W]] : !tile.ptr<i8>


@jit
def i8_300(o):
    tl.store(o + tl.arange(0, 16), tl.full((16,), 300, tl.int8))
# I8: full_value_range.py:[[@LINE-1]]:39: error: Python integer 300 out of bounds for int8
# I8-NEXT: tl.store(o + tl.arange(0, 16), tl.full((16,), 300, tl.int8))
# I8-NEXT: ^


@jit
def u8_neg(o):
    tl.store(o + tl.arange(0, 16), tl.full((16,), -1, tl.uint8))
# U8: full_value_range.py:[[@LINE-1]]:39: error: Python integer -1 out of bounds for uint8


@jit
def i32_big(o):
    tl.store(o + tl.arange(0, 16), tl.full((16,), 2**40, tl.int32))
# I32: full_value_range.py:[[@LINE-1]]:39: error: Python integer 1099511627776 out of bounds for int32


@jit
def i64_2p63(o):
    tl.store(o + tl.arange(0, 16), tl.full((16,), 2**63, tl.int64))
# I64: full_value_range.py:[[@LINE-1]]:39: error: Python integer 9223372036854775808 out of bounds for int64


@jit
def u32_neg(o):
    tl.store(o + tl.arange(0, 16), tl.full((16,), -1, tl.uint32))
# U32: full_value_range.py:[[@LINE-1]]:39: error: Python integer -1 out of bounds for uint32


@jit
def i16_low(o, V: tl.constexpr):
    tl.store(o + tl.arange(0, 16), tl.full((16,), V, tl.int16))
# I16: full_value_range.py:[[@LINE-1]]:39: error: Python integer -32769 out of bounds for int16
# I16OK: arith.constant dense<-32768> : tensor<16xi16>


@jit
def float_int(o):
    tl.store(o + tl.arange(0, 16), tl.full((16,), 2.5, tl.int32))
# FLOAT: full_value_range.py:[[@LINE-1]]:39: error: tl.full value 2.5 is a float; int32 tensors take an int value (or 0.0)


@jit
def float_u16(o):
    tl.store(o + tl.arange(0, 16), tl.full((16,), 3.0, tl.uint16))
# FU16: full_value_range.py:[[@LINE-1]]:39: error: tl.full value 3.0 is a float; uint16 tensors take an int value (or 0.0)
