# tl.histogram on GPUs: 1024 bins x 1024 inputs over 4 warps count with shared-memory atomics
# (8 `atom.shared.add.u32` per thread, 4096 bytes of bins zeroed by 128-bit stores), three
# barriers and no comparison tile; ptxas accepts the PTX. On AMD GPUs (4 warps of 64) they are
# 4 LDS adds per thread.
# RUN: tilec compile %s --kernel hist --signature '*i32:16,*i32:16,i32' -D N=1024 -D BINS=1024 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
# RUN: tilec compile %s --kernel hist --signature '*i32:16,*i32:16,i32' -D N=1024 -D BINS=1024 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o - | FileCheck %s --check-prefix=AMD
import triton.language as tl
from triton import jit


@jit
def hist(x_ptr, out_ptr, n, N: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + tl.arange(0, BINS), tl.histogram(x, BINS, mask=offs < n))

# CHECK-LABEL: .entry hist(
# CHECK: .reqntid 128
# CHECK: .shared .align 1024 .b8 __tilec_smem_hist[4096];
# CHECK: st.shared.v4.b32
# CHECK: bar.sync 0;
# CHECK-COUNT-8: atom.shared.add.u32
# CHECK-NOT: atom.shared
# CHECK: bar.sync 0;
# CHECK: ld.shared
# CHECK: bar.sync 0;
# AMD-LABEL: hist:
# AMD: s_barrier
# AMD-COUNT-4: ds_add_u32
# AMD-NOT: ds_add
# AMD: s_barrier
