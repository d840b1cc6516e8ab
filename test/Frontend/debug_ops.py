# tl.device_print/print become tile.print (Triton's prefix: " name: "), tl.device_assert and a
# runtime `assert` become tile.assert with the message; tl.static_print prints while compiling;
# AMD GPUs refuse device printing with a located error (no ockl hostcalls; NVIDIA: see
# test/Target/NVPTX/debug_print_assert.py).
# RUN: tilec compile %s --kernel k --signature '*i32,i32' --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel k --signature '*i32,i32' --target amdgpu --emit hsaco -o %t.hsaco 2>&1 | FileCheck %s --check-prefix=GPU
import triton.language as tl
from triton import jit


@jit
def k(x_ptr, n):
    offs = tl.arange(0, 4)
    x = tl.load(x_ptr + offs)
    tl.static_print("n is", n, "and offs is", offs)
    tl.device_print("x", x, hex=True)
    print("two", n, x)
    tl.device_assert(x < n, "x < n")
    assert n > 0

# CHECK: n is int32 and offs is int32[4]
# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[X:.*]]: !tile.ptr<i32>, %[[N:.*]]: i32)
# CHECK: %[[V:.*]] = tile.load
# CHECK: tile.print " x: " %[[V]] : tensor<4xi32> {hex = true, is_signed = array<i1: true>}
# CHECK: tile.print " two: " %[[N]], %[[V]] : i32, tensor<4xi32> {hex = false, is_signed = array<i1: true, true>}
# CHECK: %[[LT:.*]] = arith.cmpi slt, %[[V]]
# CHECK: tile.assert %[[LT]], "x < n" : tensor<4xi1>
# CHECK: %[[GT:.*]] = arith.cmpi sgt, %[[N]]
# CHECK: tile.assert %[[GT]], "" : i1
# GPU: debug_ops.py:16:8: error: tl.device_print is not supported on AMD GPUs by tilec: printing needs ROCm's device library (ockl hostcalls), which tilec does not link; print on --target cpu or simt instead
