# Atomics, tensor descriptors and tl.gather in tile IR: atomic kinds follow the element type
# (fadd for floats, umax for unsigned, fmax for floats), sem/scope default to acq_rel/gpu, values
# are converted to the pointee type and broadcast with the mask; atomic_cas takes cmp and val;
# a descriptor load is a tile.descriptor_load (zero padding in the descriptor's type); gather takes
# the index's shape.
# RUN: tilec compile %s --kernel k --signature '*fp32,*u32,*i32,i32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(fp, up, ip, n):
    r = tl.arange(0, 16)
    a = tl.atomic_add(fp + r, 1, mask=r < n)
    b = tl.atomic_max(up + r, 7, sem="relaxed", scope="sys")
    c = tl.atomic_max(fp, 2.5)
    d = tl.atomic_cas(ip, 0, 1)
    e = tl.atomic_xchg(ip + r, r, sem="release", scope="cta")
    desc = tl.make_tensor_descriptor(fp, shape=[n, 16], strides=[16, 1], block_shape=[4, 16])
    x = desc.load([4, 0])
    g = tl.gather(x, tl.zeros((4, 2), dtype=tl.int32) + 3, 1)
    tl.store(fp + r, a + c)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[FP:.*]]: !tile.ptr<f32>, %[[UP:.*]]: !tile.ptr<i32>, %[[IP:.*]]: !tile.ptr<i32>, %[[N:.*]]: i32)
# CHECK: %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<16xi32>
# CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
# CHECK: %[[ONES:.*]] = tile.splat %[[ONE]] : f32 -> tensor<16xf32>
# CHECK: %[[A:.*]] = tile.atomic_rmw fadd acq_rel gpu %{{.*}}, %[[ONES]], %[[M]] : tensor<16x!tile.ptr<f32>>
# CHECK: tile.atomic_rmw umax relaxed sys %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<i32>>
# CHECK: %[[C:.*]] = tile.atomic_rmw fmax acq_rel gpu %[[FP]], %{{.*}} : !tile.ptr<f32>
# CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
# CHECK: %[[ONEI:.*]] = arith.constant 1 : i32
# CHECK: tile.atomic_cas acq_rel gpu %[[IP]], %[[ZERO]], %[[ONEI]] : !tile.ptr<i32>
# CHECK: tile.atomic_rmw xchg release cta %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<i32>>
# The descriptor: the sizes (n, 16) and strides (16, 1) as i64, loaded at (4, 0).
# CHECK: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
# CHECK: %[[D:.*]] = tile.make_tensor_descriptor %[[FP]], [%[[N64]], %{{.*}}], [%{{.*}}, %{{.*}}] : !tile.tensor_desc<4x16xf32>
# CHECK: %[[X:.*]] = tile.descriptor_load %[[D]][%{{.*}}, %{{.*}}] : !tile.tensor_desc<4x16xf32>
# CHECK: tile.gather %[[X]][%{{.*}}] {axis = 1 : i32} : tensor<4x16xf32>, tensor<4x2xi32> -> tensor<4x2xf32>
# CHECK: %[[CS:.*]] = tile.splat %[[C]] : f32 -> tensor<16xf32>
# CHECK: arith.addf %[[A]], %[[CS]] : tensor<16xf32>
