# Triton's implicit type promotion: int/float mixing, integer widening, weak
# Python scalars, true division to fp32, unsigned floor division.
# RUN: tilec compile %s --kernel promo --signature 'i32,fp32,i8,u32,fp16,*fp32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit

@jit
def promo(i32, f32, i8, u32, f16, out):
    a = i32 + f32
    b = i8 + i32
    c = f16 * 2.0
    d = i32 / i32
    e = u32 // u32
    f = i32.to(tl.int64) + 2**40
    g = f16 / f16
    h = i8 * 3
    tl.store(out, a + b + c + d + e + f + g + h)

# CHECK-LABEL: func.func @promo(
# CHECK-SAME: %[[I32:.*]]: i32, %[[F32:.*]]: f32, %[[I8:.*]]: i8, %[[U32:.*]]: i32, %[[F16:.*]]: f16, %[[OUT:.*]]: !tile.ptr<f32>)
# int32 + fp32 -> fp32.
# CHECK: %[[A0:.*]] = arith.sitofp %[[I32]] : i32 to f32
# CHECK: arith.addf %[[A0]], %[[F32]] : f32
# int8 + int32 -> int32 (sign extension).
# CHECK: %[[B0:.*]] = arith.extsi %[[I8]] : i8 to i32
# CHECK: arith.addi %[[B0]], %[[I32]] : i32
# A Python float does not promote an fp16 tensor.
# CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f16
# CHECK: arith.mulf %[[F16]], %[[TWO]] : f16
# int / int is a true division in fp32.
# CHECK: %[[D0:.*]] = arith.sitofp %[[I32]] : i32 to f32
# CHECK: %[[D1:.*]] = arith.sitofp %[[I32]] : i32 to f32
# CHECK: arith.divf %[[D0]], %[[D1]] : f32
# Unsigned floor division.
# CHECK: arith.divui %[[U32]], %[[U32]] : i32
# A large Python int with an int64 tensor stays int64.
# CHECK: arith.extsi %[[I32]] : i32 to i64
# CHECK: arith.constant 1099511627776 : i64
# fp16 / fp16 computes in fp32.
# CHECK: arith.extf %[[F16]] : f16 to f32
# CHECK: arith.divf {{.*}} : f32
# A Python int does not promote an int8 tensor.
# CHECK: %[[THREE:.*]] = arith.constant 3 : i8
# CHECK: arith.muli %[[I8]], %[[THREE]] : i8
# Unsigned values convert with uitofp.
# CHECK: arith.uitofp {{.*}} : i32 to f32
# CHECK: tile.store %[[OUT]], {{.*}} : !tile.ptr<f32>
