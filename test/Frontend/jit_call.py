# Calls to other @jit functions are inlined with positional, keyword,
# default and constexpr arguments; tuple returns are unpacked.
# RUN: tilec compile %s --kernel k --signature '*fp32,fp32' -D BLOCK=8 --emit tile -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def scale(x, factor=2.0):
    return x * factor


@triton.jit
def offsets(start, N: tl.constexpr):
    r = tl.arange(0, N)
    return start + r, N * 2


@triton.jit(do_not_specialize=["alpha"])
def k(out_ptr, alpha, BLOCK: tl.constexpr):
    offs, twice = offsets(0, N=BLOCK)
    v = scale(offs.to(tl.float32))
    w = scale(v, factor=alpha)
    tl.store(out_ptr + offs, w + twice)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[OUT:.*]]: !tile.ptr<f32>, %[[ALPHA:.*]]: f32)
# CHECK-NOT: call
# CHECK: %[[R:.*]] = tile.make_range 0, 8 : tensor<8xi32>
# CHECK: %[[F:.*]] = arith.sitofp %{{.*}} : tensor<8xi32> to tensor<8xf32>
# The default factor=2.0 is a weak float.
# CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
# CHECK: %[[TWOS:.*]] = tile.splat %[[TWO]] : f32 -> tensor<8xf32>
# CHECK: %[[V:.*]] = arith.mulf %[[F]], %[[TWOS]] : tensor<8xf32>
# CHECK: %[[AS:.*]] = tile.splat %[[ALPHA]] : f32 -> tensor<8xf32>
# CHECK: %[[W:.*]] = arith.mulf %[[V]], %[[AS]] : tensor<8xf32>
# N * 2 folded to the constexpr 16.
# CHECK: %[[C16:.*]] = arith.constant 1.600000e+01 : f32
# CHECK: %[[C16S:.*]] = tile.splat %[[C16]] : f32 -> tensor<8xf32>
# CHECK: arith.addf %[[W]], %[[C16S]] : tensor<8xf32>
