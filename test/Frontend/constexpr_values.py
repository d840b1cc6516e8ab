# Constexpr values of every kind: dtype objects from -D and from pointer
# element types, tuples with indexing/slicing/len, Python min/max/int/float,
# tl.full with a runtime scalar, tl.static_assert, string comparisons.
# RUN: tilec compile %s --kernel k --signature '*fp16,i32' -D DT=tl.float32 -D NAME=relu --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(p, n, DT: tl.constexpr, NAME: tl.constexpr):
    shape = (2, 4, 8)
    inner = shape[1:]
    tl.static_assert(len(inner) == 2, "two dims")
    size: tl.constexpr = max(inner[0], min(shape)) * int(2.5) * shape[-1]
    x = tl.full((size,), n, DT)
    if NAME == "relu":
        x = tl.maximum(x, 0.0)
    y = x.to(p.dtype.element_ty)
    tl.store(p + tl.arange(0, size), y)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[P:.*]]: !tile.ptr<f16>, %[[N:.*]]: i32)
# CHECK: %[[F:.*]] = arith.sitofp %[[N]] : i32 to f32
# max(4, 2) * 2 * 8 = 64
# CHECK: %[[X:.*]] = tile.splat %[[F]] : f32 -> tensor<64xf32>
# CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
# CHECK: %[[ZS:.*]] = tile.splat %[[Z]] : f32 -> tensor<64xf32>
# CHECK: %[[R:.*]] = arith.maxnumf %[[X]], %[[ZS]] : tensor<64xf32>
# CHECK: %[[H:.*]] = arith.truncf %[[R]] : tensor<64xf32> to tensor<64xf16>
# CHECK: tile.make_range 0, 64 : tensor<64xi32>
# CHECK: tile.store %{{.*}}, %[[H]] : tensor<64x!tile.ptr<f16>>
