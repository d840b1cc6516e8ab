# tl.join, tl.split and tl.flip on GPUs (sm_90, 4 warps): join and split of 1024-element tiles
# move registers only, and a flip along a dimension held by the lanes of a warp is one XOR
# shuffle (shfl.sync.bfly with lane mask 15: 16 lanes along the rows) per register (8): no shared memory and no barrier, and
# the joined pairs are stored 16 bytes at a time. ptxas accepts the PTX.
# RUN: tilec compile %s --kernel pairs --signature '*fp32:16,*fp32:16,*fp32:16' -D N=1024 --target nvptx --arch sm_90 --num-warps 4 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
# RUN: tilec compile %s --kernel flip_rows --signature '*fp32:16,*fp32:16' --target nvptx --arch sm_90 --num-warps 4 --emit ptx -o %t.flip.ptx
# RUN: FileCheck %s --check-prefix=FLIP < %t.flip.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.flip.ptx -o %t.flip.cubin %}
import triton.language as tl
from triton import jit


@jit
def pairs(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    j = tl.join(x, y * 2)
    tl.store(out_ptr + offs[:, None] * 2 + tl.arange(0, 2)[None, :], j)
    lo, hi = tl.split(j)
    tl.store(x_ptr + offs, lo + hi)


@jit
def flip_rows(x_ptr, out_ptr):
    offs = tl.arange(0, 16)[:, None] * 64 + tl.arange(0, 64)[None, :]
    tl.store(out_ptr + offs, tl.flip(tl.load(x_ptr + offs), 1))

# CHECK-LABEL: .entry pairs(
# CHECK-NOT: .shared
# CHECK-NOT: bar.sync
# CHECK: st.global.v4.b32
# CHECK-NOT: bar.sync
# CHECK-NOT: .shared
# CHECK: ret;
# FLIP-LABEL: .entry flip_rows(
# FLIP-NOT: bar.sync
# FLIP-COUNT-8: shfl.sync.bfly.b32 {{.*}}, 15, 31, -1;
# FLIP-NOT: bar.sync
# FLIP-NOT: .shared
# FLIP: ret;
