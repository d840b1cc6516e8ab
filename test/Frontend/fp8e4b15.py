# tl.float8e4b15: "*fp8e4b15" pointers are bytes; decoding has no NaN/inf select, encoding rounds
# ties away from zero (adds half an ulp, no even bit) and saturates NaN to 0x7E; tl.abs clears the sign bit.
# RUN: tilec compile %s --kernel k --signature '*fp8e4b15,*fp32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(p, q):
    offs = tl.arange(0, 4)
    x = tl.load(p + offs)
    tl.store(q + offs, x.to(tl.float32))
    tl.store(p + offs, tl.abs(x))
    tl.store(p + offs, tl.load(q + offs).to(tl.float8e4b15))

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[P:.*]]: !tile.ptr<i8>, %[[Q:.*]]: !tile.ptr<f32>)
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<i8>>
# CHECK: %[[W:.*]] = arith.extui %[[X]] : tensor<4xi8> to tensor<4xi32>
# CHECK-NOT: 2143289344
# CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : tensor<4xi32> to tensor<4xf32>
# CHECK: tile.store %{{.*}}, %[[F]] : tensor<4x!tile.ptr<f32>>
# CHECK: %[[M:.*]] = arith.constant dense<127> : tensor<4xi8>
# CHECK: %[[ABS:.*]] = arith.andi %[[X]], %[[M]] : tensor<4xi8>
# CHECK: tile.store %{{.*}}, %[[ABS]] : tensor<4x!tile.ptr<i8>>
# CHECK: %[[HALF:.*]] = arith.constant dense<524288> : tensor<4xi32>
# CHECK: arith.addi %{{.*}}, %[[HALF]] : tensor<4xi32>
# CHECK: math.round %{{.*}} : tensor<4xf32>
# CHECK: %[[SAT:.*]] = arith.constant dense<126> : tensor<4xi32>
# CHECK: %[[ENC:.*]] = arith.trunci %{{.*}} : tensor<4xi32> to tensor<4xi8>
# CHECK: tile.store %{{.*}}, %[[ENC]] : tensor<4x!tile.ptr<i8>>
