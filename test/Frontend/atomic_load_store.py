# tl.atomic_load / tl.atomic_store (and their tensor methods) become tile.atomic_load and
# tile.atomic_store: acquire and release by default, `gpu` scope by default, masks broadcast to
# the pointer's shape, and the stored value converted to the pointee type.
# RUN: tilec compile %s --kernel k --signature '*i32,*fp16' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(flag, x):
    offs = tl.arange(0, 16)
    v = tl.atomic_load(flag)
    tl.atomic_store(flag + 1, v + 1)
    h = (x + offs).atomic_load(mask=offs < 8, sem="relaxed", scope="cta")
    (x + offs).atomic_store(1, mask=offs < v, sem="relaxed", scope="sys")
    tl.store(x + 16 + offs, h)

# CHECK-LABEL: func.func @k(
# CHECK: %[[V:.*]] = tile.atomic_load acquire gpu %{{.*}} : !tile.ptr<i32>
# CHECK: %[[V1:.*]] = arith.addi %[[V]]
# CHECK: tile.atomic_store release gpu %{{.*}}, %[[V1]] : !tile.ptr<i32>
# CHECK: %[[M:.*]] = arith.cmpi slt
# CHECK: tile.atomic_load relaxed cta %{{.*}}, %[[M]] : tensor<16x!tile.ptr<f16>>
# CHECK: %[[ONE:.*]] = tile.splat %{{.*}} : f16 -> tensor<16xf16>
# CHECK: tile.atomic_store relaxed sys %{{.*}}, %[[ONE]], %{{.*}} : tensor<16x!tile.ptr<f16>>
