# fp8 pointers from the signature ("*fp8e5", "*fp8e4nv") load and store bytes (i8 in the IR);
# conversions are integer arithmetic on the bits; storing fp32 into an fp8 pointer converts.
# RUN: tilec compile %s --kernel k --signature '*fp8e5,*fp8e4nv,*fp32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(a_ptr, b_ptr, out_ptr):
    offs = tl.arange(0, 4)
    a = tl.load(a_ptr + offs)
    tl.store(out_ptr + offs, a.to(tl.float32) * 2.0)
    tl.store(b_ptr + offs, tl.load(out_ptr + offs))

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[A:.*]]: !tile.ptr<i8>, %[[B:.*]]: !tile.ptr<i8>, %[[OUT:.*]]: !tile.ptr<f32>)
# CHECK: %[[BYTES:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<i8>>
# CHECK: %[[WIDE:.*]] = arith.extui %[[BYTES]] : tensor<4xi8> to tensor<4xi32>
# CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : tensor<4xi32> to tensor<4xf32>
# CHECK: arith.mulf %[[F]]
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<f32>>
# CHECK: arith.bitcast %[[X]] : tensor<4xf32> to tensor<4xi32>
# CHECK: %[[ENC:.*]] = arith.trunci %{{.*}} : tensor<4xi32> to tensor<4xi8>
# CHECK: tile.store %{{.*}}, %[[ENC]] : tensor<4x!tile.ptr<i8>>


# tl.where between fp8 values of one type selects bytes (no conversion).
# RUN: tilec compile %s --kernel pick --signature '*fp8e4nv,i1' --emit tile -o - | FileCheck %s --check-prefix=PICK
@jit
def pick(p, c):
    offs = tl.arange(0, 4)
    x = tl.load(p + offs)
    tl.store(p + offs, tl.where(c, x, tl.zeros((4,), tl.float8e4nv)))

# PICK-LABEL: func.func @pick(
# PICK: %[[X:.*]] = tile.load
# PICK: %[[Z:.*]] = arith.constant dense<0> : tensor<4xi8>
# PICK: %[[S:.*]] = arith.select %{{.*}}, %[[X]], %[[Z]] : tensor<4xi1>, tensor<4xi8>
# PICK: tile.store %{{.*}}, %[[S]]
