# tl.max / tl.min of types narrower than 32 bits reduce in int32 (any integer, also unsigned)
# or fp32, as in Triton; 32- and 64-bit types reduce in their own type; a bool sum is uint32
# (Triton counts int1 as unsigned).
# RUN: tilec compile %s --kernel narrow --signature '*u8,*fp16,*i64,*i32,*fp32,*i64' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def narrow(u_ptr, h_ptr, w_ptr, iout_ptr, fout_ptr, wout_ptr):
    r = tl.arange(0, 8)
    m = tl.max(tl.load(u_ptr + r), axis=0)
    tl.static_assert(m.dtype == tl.int32)
    h = tl.min(tl.load(h_ptr + r), axis=0)
    tl.static_assert(h.dtype == tl.float32)
    w = tl.max(tl.load(w_ptr + r), axis=0)
    tl.static_assert(w.dtype == tl.int64)
    tl.store(iout_ptr, m)
    tl.store(fout_ptr, h)
    tl.store(wout_ptr, w)
    c = tl.sum(tl.load(u_ptr + r) > 3, axis=0)
    tl.static_assert(c.dtype == tl.uint32)
    tl.store(iout_ptr + 1, c)

# CHECK-LABEL: func.func @narrow(
# CHECK: %[[U:.*]] = tile.load %{{.*}} : tensor<8x!tile.ptr<i8>>
# CHECK: %[[UW:.*]] = arith.extui %[[U]] : tensor<8xi8> to tensor<8xi32>
# CHECK: tile.reduce(%[[UW]]) axis = 0 : (tensor<8xi32>) -> i32
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<8x!tile.ptr<f16>>
# CHECK: %[[HW:.*]] = arith.extf %[[H]] : tensor<8xf16> to tensor<8xf32>
# CHECK: tile.reduce(%[[HW]]) axis = 0 : (tensor<8xf32>) -> f32
# CHECK: %[[W:.*]] = tile.load %{{.*}} : tensor<8x!tile.ptr<i64>>
# CHECK: tile.reduce(%[[W]]) axis = 0 : (tensor<8xi64>) -> i64
# CHECK: %[[C:.*]] = arith.cmpi ugt
# CHECK: %[[CW:.*]] = arith.extui %[[C]] : tensor<8xi1> to tensor<8xi32>
# CHECK: tile.reduce(%[[CW]]) axis = 0 : (tensor<8xi32>) -> i32
