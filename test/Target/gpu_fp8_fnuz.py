# The AMD fnuz fp8 formats (tl.float8e4b8, tl.float8e5b16) on GPUs: their conversions (integer
# arithmetic on the bytes, as on the CPU; test/conformance/test_fp8.py checks the values) compile
# for sm_80 and sm_90, where ptxas accepts the PTX, and for gfx942 into a code object; no calls.
# RUN: tilec compile %s --kernel fnuz --signature '*fp8e4b8,*fp8e5b16,*fp32,*fp16,*bf16' --target nvptx --arch sm_80 --emit ptx -o %t.80.ptx
# RUN: FileCheck %s --check-prefix=NVPTX < %t.80.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
# RUN: tilec compile %s --kernel fnuz --signature '*fp8e4b8,*fp8e5b16,*fp32,*fp16,*bf16' --target nvptx --arch sm_90 --emit ptx -o %t.90.ptx
# RUN: FileCheck %s --check-prefix=NVPTX < %t.90.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}
# RUN: tilec compile %s --kernel fnuz --signature '*fp8e4b8,*fp8e5b16,*fp32,*fp16,*bf16' --target amdgpu --arch gfx942 --emit asm -o %t.s
# RUN: FileCheck %s --check-prefix=AMDGPU < %t.s
# RUN: tilec compile %s --kernel fnuz --signature '*fp8e4b8,*fp8e5b16,*fp32,*fp16,*bf16' --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco
import triton.language as tl
from triton import jit


@jit
def fnuz(a, b, f, h, bf):
    offs = tl.arange(0, 256)
    x = tl.load(a + offs)
    y = tl.load(b + offs)
    tl.store(f + offs, x.to(tl.float32) + y.to(tl.float32))
    tl.store(h + offs, y.to(tl.float16))
    tl.store(bf + offs, x.to(tl.bfloat16))
    v = tl.load(f + offs)
    tl.store(a + offs, v.to(tl.float8e4b8))
    tl.store(b + offs, v.to(tl.float8e5b16, fp_downcast_rounding="rtz"))
    tl.store(a + offs, tl.load(h + offs).to(tl.float8e4b8))
    tl.store(b + offs, tl.load(bf + offs).to(tl.float8e5b16))
    tl.store(a + offs, tl.load(b + offs).to(tl.float8e4b8))

# NVPTX-LABEL: .entry fnuz
# NVPTX-NOT: call
# NVPTX: st.global.b8
# NVPTX-NOT: call
# NVPTX: ret;
# AMDGPU-LABEL: fnuz:
# AMDGPU-NOT: s_swappc
# AMDGPU: global_store_byte
# AMDGPU-NOT: s_swappc
# AMDGPU: s_endpgm
