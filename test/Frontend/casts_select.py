# .to()/tl.cast conversions (ext/trunc/int<->float/bool/bitcast, fp16<->bf16
# through fp32), tl.where with a non-bool condition and scalar branches,
# tl.maximum/tl.minimum for floats, signed and unsigned ints.
# RUN: tilec compile %s --kernel k --signature '*fp32,*i32,*u8,*bf16' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(fp, ip, up, bp):
    r = tl.arange(0, 4)
    f = tl.load(fp + r)
    i = tl.load(ip + r)
    u = tl.load(up + r)
    a = f.to(tl.float16)
    b = a.to(tl.bfloat16)
    c = i.to(tl.int8)
    d = u.to(tl.int32)
    e = f.to(tl.int32)
    g = i.to(tl.int1)
    h = f.to(tl.int32, bitcast=True)
    w = tl.where(i, f, 0.0)
    mx = tl.maximum(f, 1.0)
    mi = tl.minimum(i, 3)
    mu = tl.maximum(u, u)
    tl.store(bp + r, b)
    tl.store(ip + r, c + d + e + g + h + mi + mu)
    tl.store(fp + r, w + mx + tl.cast(u, tl.float32))

# CHECK-LABEL: func.func @k(
# CHECK: %[[F:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<f32>>
# CHECK: %[[I:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<i32>>
# CHECK: %[[U:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<i8>>
# CHECK: %[[A:.*]] = arith.truncf %[[F]] : tensor<4xf32> to tensor<4xf16>
# CHECK: %[[W:.*]] = arith.extf %[[A]] : tensor<4xf16> to tensor<4xf32>
# CHECK: arith.truncf %[[W]] : tensor<4xf32> to tensor<4xbf16>
# CHECK: arith.trunci %[[I]] : tensor<4xi32> to tensor<4xi8>
# Unsigned sources zero-extend.
# CHECK: arith.extui %[[U]] : tensor<4xi8> to tensor<4xi32>
# CHECK: arith.fptosi %[[F]] : tensor<4xf32> to tensor<4xi32>
# int -> bool is a comparison with zero.
# CHECK: %[[Z:.*]] = arith.constant dense<0> : tensor<4xi32>
# CHECK: arith.cmpi ne, %[[I]], %[[Z]] : tensor<4xi32>
# CHECK: arith.bitcast %[[F]] : tensor<4xf32> to tensor<4xi32>
# CHECK: %[[C:.*]] = arith.cmpi ne, %[[I]], %{{.*}} : tensor<4xi32>
# CHECK: arith.select %[[C]], %[[F]], %{{.*}} : tensor<4xi1>, tensor<4xf32>
# CHECK: arith.maxnumf %[[F]], %{{.*}} : tensor<4xf32>
# CHECK: arith.minsi %[[I]], %{{.*}} : tensor<4xi32>
# CHECK: arith.maxui %[[U]], %[[U]] : tensor<4xi8>
# CHECK: arith.uitofp %[[U]] : tensor<4xi8> to tensor<4xf32>
