# tl.dot of fp8 tiles is emitted as it is: a tile.dot of their bytes (i8) with both formats named, any two of Triton's five, into fp32 (out_dtype fp16: summed in fp32 and rounded once); input_precision is checked and dropped; an fp8 x fp16 dot and a non-float accumulator are located errors.
# RUN: tilec compile %s --kernel k --signature '*fp8e4nv,*fp8e5,*fp8e4b8,*fp32' --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel mixed --signature '*fp8e4nv,*fp16,*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: not tilec compile %s --kernel bad_prec --signature '*fp8e4nv,*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PREC
# RUN: not tilec compile %s --kernel int_acc --signature '*fp8e4nv,*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ACC
import triton.language as tl
from triton import jit


@jit
def k(ap, bp, cp, out):
    r = tl.arange(0, 16)
    idx = r[:, None] * 16 + r[None, :]
    a = tl.load(ap + idx)
    b = tl.load(bp + idx)
    c = tl.load(cp + idx)
    x = tl.dot(a, b, input_precision="tf32")
    y = tl.dot(c, a, out_dtype=tl.float16)
    tl.store(out + idx, x + y.to(tl.float32))

# CHECK-LABEL: func.func @k(
# CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<16x16x!tile.ptr<i8>>
# CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x16x!tile.ptr<i8>>
# CHECK: %[[C:.*]] = tile.load %{{.*}} : tensor<16x16x!tile.ptr<i8>>
# CHECK-NOT: arith.extui
# CHECK: %[[X:.*]] = tile.dot %[[A]], %[[B]], %{{.*}} {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"} : tensor<16x16xi8>, tensor<16x16xi8> -> tensor<16x16xf32>
# CHECK: %[[Y:.*]] = tile.dot %[[C]], %[[A]], %{{.*}} {a_fp8 = "fp8e4b8", b_fp8 = "fp8e4nv"} : tensor<16x16xi8>, tensor<16x16xi8> -> tensor<16x16xf32>
# CHECK: %[[YH:.*]] = arith.truncf %[[Y]] : tensor<16x16xf32> to tensor<16x16xf16>


@jit
def mixed(ap, hp, out):
    r = tl.arange(0, 16)
    idx = r[:, None] * 16 + r[None, :]
    tl.store(out + idx, tl.dot(tl.load(ap + idx), tl.load(hp + idx)))
# MIXED: {{.*}}dot_fp8.py:[[@LINE-1]]:28: error: tl.dot operands must have the same dtype, got fp8e4nv and fp16


@jit
def bad_prec(ap, out):
    r = tl.arange(0, 16)
    a = tl.load(ap + r[:, None] * 16 + r[None, :])
    tl.store(out + r[:, None] * 16 + r[None, :], tl.dot(a, a, input_precision="fast"))
# PREC: {{.*}}dot_fp8.py:[[@LINE-1]]:53: error: input_precision must be one of "ieee", "tf32", "tf32x3", "bf16x3", "bf16x6", got "fast"


@jit
def int_acc(ap, out):
    r = tl.arange(0, 16)
    a = tl.load(ap + r[:, None] * 16 + r[None, :])
    tl.store(out + r[:, None] * 16 + r[None, :], tl.dot(a, a, out_dtype=tl.int32))
# ACC: {{.*}}dot_fp8.py:[[@LINE-1]]:53: error: tl.dot with fp8 operands accumulates in fp32 (or fp16/bf16), got int32
