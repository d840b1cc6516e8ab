# tl.dot integer operands must be int8 (as Triton 3.9): uint8, uint8 x int8 and int32 operands are located errors, not signed dots.
# RUN: not tilec compile %s --kernel u8 --signature '*u8,*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=U8
# RUN: not tilec compile %s --kernel mixed --signature '*u8,*i8,*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: not tilec compile %s --kernel i32 --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=I32
# RUN: tilec compile %s --kernel i8 --signature '*i8,*i32' --emit tile -o - | FileCheck %s --check-prefix=I8
import triton.language as tl
from triton import jit


@jit
def u8(p, out):
    r = tl.arange(0, 16)
    x = tl.load(p + r[:, None] * 16 + r[None, :])
    tl.store(out + r[:, None] * 16 + r[None, :], tl.dot(x, x))
# U8: {{.*}}err_dot_int.py:[[@LINE-1]]:53: error: tl.dot supports int8 integer operands only, got uint8


@jit
def mixed(p, q, out):
    r = tl.arange(0, 16)
    x = tl.load(p + r[:, None] * 16 + r[None, :])
    y = tl.load(q + r[:, None] * 16 + r[None, :])
    tl.store(out + r[:, None] * 16 + r[None, :], tl.dot(x, y))
# MIXED: {{.*}}err_dot_int.py:[[@LINE-1]]:53: error: tl.dot operands must have the same dtype, got uint8 and int8


@jit
def i32(p):
    r = tl.arange(0, 16)
    x = tl.load(p + r[:, None] * 16 + r[None, :])
    tl.store(p + r[:, None] * 16 + r[None, :], tl.dot(x, x))
# I32: {{.*}}err_dot_int.py:[[@LINE-1]]:51: error: tl.dot supports int8 integer operands only, got int32


@jit
def i8(p, out):
    r = tl.arange(0, 16)
    x = tl.load(p + r[:, None] * 16 + r[None, :])
    tl.store(out + r[:, None] * 16 + r[None, :], tl.dot(x, x))
# I8-LABEL: func.func @i8(
# I8: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xi8>, tensor<16x16xi8> -> tensor<16x16xi32>
