# tl.dot: int8 inputs accumulate in int32, out_dtype selects an fp16
# accumulator (products summed in fp32, rounded once, then added to it), an
# explicit acc keeps its type, input_precision/allow_tf32 become the
# input_precision attribute; --default-dot-input-precision (Triton's default_dot_input_precision)
# gives the dots that set neither theirs, and an unknown value is an error at the first of them.
# RUN: tilec compile %s --kernel k --signature '*i8,*fp16,*fp32' --emit tile -o - | FileCheck %s
# RUN: tilec compile %s --kernel k --signature '*i8,*fp16,*fp32' --emit tile -o - --default-dot-input-precision tf32x3 | FileCheck %s --check-prefix=DEFAULT
# RUN: tilec compile %s --kernel k --signature '*i8,*fp16,*fp32' --emit tile -o - --default-dot-input-precision bf16x6 | FileCheck %s --check-prefix=BF16X6
# RUN: not tilec compile %s --kernel k --signature '*i8,*fp16,*fp32' --emit tile -o - --default-dot-input-precision bf16x4 2>&1 | FileCheck %s --check-prefix=BAD
import triton.language as tl
from triton import jit


@jit
def k(qp, hp, fp):
    r = tl.arange(0, 16)
    idx = r[:, None] * 16 + r[None, :]
    q = tl.load(qp + idx)
    h = tl.load(hp + idx)
    f = tl.load(fp + idx)
    a = tl.dot(q, q)
    b = tl.dot(h, h, out_dtype=tl.float16)
    c = tl.dot(f, f, acc=f, input_precision="ieee")
    d = tl.dot(f, f, allow_tf32=True)
    tl.store(fp + idx, a.to(tl.float32) + b.to(tl.float32) + c + d)

# CHECK-LABEL: func.func @k(
# CHECK: %[[Q:.*]] = tile.load %{{.*}} : tensor<16x16x!tile.ptr<i8>>
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<16x16x!tile.ptr<f16>>
# CHECK: %[[F:.*]] = tile.load %{{.*}} : tensor<16x16x!tile.ptr<f32>>
# CHECK: %[[Z32:.*]] = arith.constant dense<0> : tensor<16x16xi32>
# CHECK: tile.dot %[[Q]], %[[Q]], %[[Z32]] : tensor<16x16xi8>, tensor<16x16xi8> -> tensor<16x16xi32>
# CHECK: %[[Z16:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
# CHECK: %[[ZF:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
# CHECK: %[[S:.*]] = tile.dot %[[H]], %[[H]], %[[ZF]] : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
# CHECK: %[[R:.*]] = arith.truncf %[[S]] : tensor<16x16xf32> to tensor<16x16xf16>
# CHECK: arith.addf %[[R]], %[[Z16]] : tensor<16x16xf16>
# CHECK: tile.dot %[[F]], %[[F]], %[[F]] {input_precision = "ieee"} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
# CHECK: tile.dot %[[F]], %[[F]], %{{.*}} {input_precision = "tf32"} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
# DEFAULT-LABEL: func.func @k(
# DEFAULT: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "tf32x3"} : tensor<16x16xi8>, tensor<16x16xi8> -> tensor<16x16xi32>
# DEFAULT: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "tf32x3"} : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
# DEFAULT: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "ieee"} : tensor<16x16xf32>
# DEFAULT: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "tf32"} : tensor<16x16xf32>
# BF16X6: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "bf16x6"} : tensor<16x16xi8>, tensor<16x16xi8> -> tensor<16x16xi32>
# BF16X6: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "ieee"} : tensor<16x16xf32>
# BAD: dot_variants.py:21:12: error: 'tile.dot' op input_precision must be one of "ieee", "tf32", "tf32x3", "bf16x3", "bf16x6", got "bf16x4"
