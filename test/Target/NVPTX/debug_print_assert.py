# tl.device_print and tl.device_assert on NVIDIA GPUs: CUDA's vprintf with the promoted arguments in a
# local buffer, and __assertfail with the message, file, line and kernel name, then a trap; ptxas
# accepts both. On AMD GPUs an assertion traps (s_trap): without ockl it cannot report its message.
# RUN: tilec compile %s --kernel printer --signature '*fp32:16,i32' --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.print.ptx
# RUN: FileCheck %s --check-prefix=PRINT < %t.print.ptx
# RUN: tilec compile %s --kernel checker --signature '*i32:16,i32' --target nvptx --arch sm_90 --num-warps 4 --emit ptx -o %t.assert.ptx
# RUN: FileCheck %s --check-prefix=ASSERT < %t.assert.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.print.ptx -o %t.print.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.assert.ptx -o %t.assert.cubin %}
# RUN: tilec compile %s --kernel checker --signature '*i32:16,i32' --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o - | FileCheck %s --check-prefix=AMD
import triton.language as tl
from triton import jit


@jit
def printer(x_ptr, n, BLOCK: tl.constexpr = 128):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_print("x", x)


@jit
def checker(x_ptr, n, BLOCK: tl.constexpr = 128):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_assert(x < n, "x < n")


# PRINT: .extern .func  (.param .b32 func_retval0) vprintf
# PRINT: .global .align 1 .b8 __tilec_str_{{[0-9]+}}[{{[0-9]+}}] = {112, 105, 100, 32, 40, 37, 117
# PRINT: .local .align 8 .b8 __local_depot0
# PRINT: call.uni (retval0), vprintf
# ASSERT: .extern .func __assertfail
# ASSERT: call.uni __assertfail
# ASSERT: trap;
# AMD: s_trap 2
