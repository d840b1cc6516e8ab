# tl.load/tl.store: `other` is converted to the pointee type and splat, the
# stored value is cast to the pointee type, scalar pointers load scalars,
# a block mask broadcasts a scalar pointer, cache/eviction hints are ignored.
# RUN: tilec compile %s --kernel k --signature '*fp16,*i32,i32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(hp, ip, n):
    r = tl.arange(0, 32)
    m = r < n
    x = tl.load(hp + r, mask=m, other=0, cache_modifier=".cg", eviction_policy="evict_last", volatile=True)
    s = tl.load(ip)
    b = tl.load(ip, mask=m)
    tl.store(hp + r, x * 2 + s, mask=m, cache_modifier=".wb")
    tl.store(ip + 1, 7)
    tl.store(ip + r, b)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[HP:.*]]: !tile.ptr<f16>, %[[IP:.*]]: !tile.ptr<i32>, %[[N:.*]]: i32)
# CHECK: %[[M:.*]] = arith.cmpi slt
# CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
# CHECK: %[[ZS:.*]] = tile.splat %[[ZERO]] : f16 -> tensor<32xf16>
# CHECK: %[[X:.*]] = tile.load %{{.*}}, %[[M]], %[[ZS]] : tensor<32x!tile.ptr<f16>>
# CHECK: %[[S:.*]] = tile.load %[[IP]] : !tile.ptr<i32>
# CHECK: %[[PB:.*]] = tile.splat %[[IP]] : !tile.ptr<i32> -> tensor<32x!tile.ptr<i32>>
# CHECK: %[[B:.*]] = tile.load %[[PB]], %[[M]] : tensor<32x!tile.ptr<i32>>
# fp16 * 2 stays fp16; fp16 + int32 computes in fp16 (Triton rule 3).
# CHECK: %[[X2:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<32xf16>
# CHECK: %[[SF:.*]] = arith.sitofp %[[S]] : i32 to f16
# CHECK: %[[SUM:.*]] = arith.addf %[[X2]], %{{.*}} : tensor<32xf16>
# CHECK: tile.store %{{.*}}, %[[SUM]], %[[M]] : tensor<32x!tile.ptr<f16>>
# CHECK: %[[P1:.*]] = tile.addptr %[[IP]], %{{.*}} : !tile.ptr<i32>, i32
# CHECK: %[[SEVEN:.*]] = arith.constant 7 : i32
# CHECK: tile.store %[[P1]], %[[SEVEN]] : !tile.ptr<i32>
# CHECK: tile.store %{{.*}}, %[[B]] : tensor<32x!tile.ptr<i32>>
