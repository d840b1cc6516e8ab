# Math builtins map to the math dialect (exp, log, sqrt, abs on ints and
# floats, ...); sigmoid, fma, clamp and softmax are composed.
# RUN: tilec compile %s --kernel k --signature '*fp32,*i32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(p, q):
    r = tl.arange(0, 4)
    x = tl.load(p + r)
    i = tl.load(q + r)
    y = tl.exp(x) + tl.log(x) + tl.sqrt(x) + tl.abs(x) + tl.exp2(x) + tl.log2(x)
    y += tl.rsqrt(x) + tl.sin(x) + tl.cos(x) + tl.floor(x) + tl.ceil(x) + tl.erf(x)
    y += tl.math.exp(x) + x.exp()
    z = tl.sigmoid(y)
    z = tl.fma(z, x, y)
    z = tl.clamp(z, 0.0, 1.0)
    s = tl.softmax(z)
    tl.store(p + r, s)
    tl.store(q + r, tl.abs(i))

# CHECK-LABEL: func.func @k(
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<f32>>
# CHECK: %[[I:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<i32>>
# CHECK: math.exp %[[X]] : tensor<4xf32>
# CHECK: math.log %[[X]] : tensor<4xf32>
# CHECK: math.sqrt %[[X]] : tensor<4xf32>
# CHECK: math.absf %[[X]] : tensor<4xf32>
# CHECK: math.exp2 %[[X]] : tensor<4xf32>
# CHECK: math.log2 %[[X]] : tensor<4xf32>
# CHECK: math.rsqrt %[[X]] : tensor<4xf32>
# CHECK: math.sin %[[X]] : tensor<4xf32>
# CHECK: math.cos %[[X]] : tensor<4xf32>
# CHECK: math.floor %[[X]] : tensor<4xf32>
# CHECK: math.ceil %[[X]] : tensor<4xf32>
# CHECK: math.erf %[[X]] : tensor<4xf32>
# CHECK: math.exp %[[X]] : tensor<4xf32>
# CHECK: math.exp %[[X]] : tensor<4xf32>
# sigmoid(y) = 1 / (1 + exp(-y))
# CHECK: %[[NEG:.*]] = arith.negf %[[Y:.*]] : tensor<4xf32>
# CHECK: %[[E:.*]] = math.exp %[[NEG]] : tensor<4xf32>
# CHECK: %[[DEN:.*]] = arith.addf %{{.*}}, %[[E]] : tensor<4xf32>
# CHECK: %[[SIG:.*]] = arith.divf %{{.*}}, %[[DEN]] : tensor<4xf32>
# CHECK: %[[FMA:.*]] = math.fma %[[SIG]], %[[X]], %[[Y]] : tensor<4xf32>
# CHECK: %[[LO:.*]] = arith.maxnumf %[[FMA]], %{{.*}} : tensor<4xf32>
# CHECK: %[[CL:.*]] = arith.minnumf %[[LO]], %{{.*}} : tensor<4xf32>
# softmax: max-reduce, subtract, exp, sum-reduce, divide.
# CHECK: tile.reduce(%[[CL]]) axis = 0
# CHECK: arith.maxnumf
# CHECK: math.exp
# CHECK: tile.reduce
# CHECK: arith.addf
# CHECK: arith.divf
# CHECK: math.absi %[[I]] : tensor<4xi32>
