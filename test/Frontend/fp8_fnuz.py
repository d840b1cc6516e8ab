# tl.float8e4b8/tl.float8e5b16 (AMD fnuz): "*fp8e4b8" pointers are bytes; decoding maps 0x80 (the
# NaN) to 0x7FC00000; encoding rounds to nearest even, saturates at 0x7F, gives zeros no sign and
# maps NaN and infinities (magnitude bits >= 0x7F800000) to 0x80; dtype predicates see them.
# RUN: tilec compile %s --kernel k --signature '*fp8e4b8,*fp32' --emit tile -o - | FileCheck %s
# RUN: tilec compile %s --kernel e5b16 --signature '*fp8e5b16,*fp32' --emit tile -o - | FileCheck %s --check-prefix=E5B16
import triton.language as tl
from triton import jit


@jit
def k(p, q):
    offs = tl.arange(0, 4)
    x = tl.load(p + offs)
    tl.static_assert(x.dtype.is_fp8e4b8() and not x.dtype.is_fp8e5b16())
    tl.store(q + offs, x.to(tl.float32))
    tl.store(p + offs, tl.load(q + offs).to(tl.float8e4b8))

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[P:.*]]: !tile.ptr<i8>, %[[Q:.*]]: !tile.ptr<f32>)
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<i8>>
# CHECK: %[[W:.*]] = arith.extui %[[X]] : tensor<4xi8> to tensor<4xi32>
# CHECK: %[[ISNAN:.*]] = arith.cmpi eq, %[[W]], %{{.*}} : tensor<4xi32>
# CHECK: %[[QNAN:.*]] = arith.constant dense<2143289344> : tensor<4xi32>
# CHECK: %[[DEC:.*]] = arith.select %[[ISNAN]], %[[QNAN]], %{{.*}} : tensor<4xi1>, tensor<4xi32>
# CHECK: %[[F:.*]] = arith.bitcast %[[DEC]] : tensor<4xi32> to tensor<4xf32>
# CHECK: tile.store %{{.*}}, %[[F]] : tensor<4x!tile.ptr<f32>>
# CHECK: math.roundeven %{{.*}} : tensor<4xf32>
# CHECK: %[[MAX:.*]] = arith.constant dense<127> : tensor<4xi32>
# CHECK: %[[OVER:.*]] = arith.cmpi ugt, %{{.*}}, %[[MAX]] : tensor<4xi32>
# CHECK: %[[CODE:.*]] = arith.select %[[OVER]], %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xi32>
# CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[CODE]], %{{.*}} : tensor<4xi32>
# CHECK: %[[SIGNED:.*]] = arith.ori %{{.*}}, %[[CODE]] : tensor<4xi32>
# CHECK: %[[NOSIGN:.*]] = arith.select %[[ISZERO]], %[[CODE]], %[[SIGNED]] : tensor<4xi1>, tensor<4xi32>
# CHECK: %[[INF:.*]] = arith.constant dense<2139095040> : tensor<4xi32>
# CHECK: %[[SPECIAL:.*]] = arith.cmpi uge, %{{.*}}, %[[INF]] : tensor<4xi32>
# CHECK: %[[NAN:.*]] = arith.constant dense<128> : tensor<4xi32>
# CHECK: %[[BYTE:.*]] = arith.select %[[SPECIAL]], %[[NAN]], %[[NOSIGN]] : tensor<4xi1>, tensor<4xi32>
# CHECK: %[[ENC:.*]] = arith.trunci %[[BYTE]] : tensor<4xi32> to tensor<4xi8>
# CHECK: tile.store %{{.*}}, %[[ENC]] : tensor<4x!tile.ptr<i8>>


@jit
def e5b16(p, q):
    offs = tl.arange(0, 4)
    x = tl.load(p + offs)
    tl.static_assert(x.dtype.is_fp8e5b16() and x.dtype.fp_mantissa_width == 2)
    tl.store(q + offs, x.to(tl.float32))

# E5B16-LABEL: func.func @e5b16(
# E5B16: %[[W:.*]] = arith.extui %{{.*}} : tensor<4xi8> to tensor<4xi32>
# E5B16: %[[SUB:.*]] = arith.constant dense<7.62939453E-6> : tensor<4xf32>
# E5B16: %[[ISNAN:.*]] = arith.cmpi eq, %[[W]], %{{.*}} : tensor<4xi32>
# E5B16: arith.select %[[ISNAN]], %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xi32>
