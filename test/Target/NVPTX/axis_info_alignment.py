# Vector widths from the axis analysis on sm_80 (fp16 matmul, 64x64x32, 4 warps, 3 stages; the
# kernels are those test/Execution/simt_axis_hints.py runs on the SIMT emulator):
# - A's row stride without the :16 specialization (kernel matmul, stride_am an i32): each row of A
#   starts at a multiple of 2 bytes only, so A is loaded 2 bytes at a time (and staged by the dot)
#   and only B's rows take 16-byte cp.async, 2 per stage. (Before, the analysis took
#   the divisibility of the first row's offset for every row and gave A 16-byte copies: misaligned
#   on a GPU.)
# - Triton's tutorial indexing (kernel grouped): rows and columns wrap with `% M` and `% N`, which
#   keeps runs of 16 (N's divisibility) along N, and tl.multiple_of/tl.max_contiguous on the rows:
#   both operands take 16-byte cp.async (4 per stage, as Triton 3.9), and the fp16 result is
#   stored 16 bytes at a time (st.global.v4.b32, 4 per thread as Triton) after a conversion
#   through shared memory that reuses the pipeline's buffers (ptxas: 29184 bytes in all).
# RUN: tilec compile %S/../../Execution/simt_axis_hints.py --kernel matmul --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32,i32:16,i32:16' -DBM=64 -DBN=64 -DBK=32 --target nvptx --arch sm_80 --num-warps 4 --num-stages 3 --emit ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=ROWS < %t.ptx
# RUN: tilec compile %S/../../Execution/simt_axis_hints.py --kernel grouped --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16' -DBM=64 -DBN=64 -DBK=32 -DGROUP=8 --target nvptx --arch sm_80 --num-warps 4 --num-stages 3 --emit ptx -o %t.g.ptx
# RUN: FileCheck %s --check-prefix=GROUPED < %t.g.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.g.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# ROWS-LABEL: .entry matmul
# ROWS-COUNT-2: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16,
# ROWS-NEXT: cp.async.commit_group;
# ROWS-COUNT-2: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16,
# ROWS-NEXT: cp.async.commit_group;
# ROWS: ld.global{{.*}}.b16
# GROUPED-LABEL: .entry grouped
# GROUPED-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16,
# GROUPED-NEXT: cp.async.commit_group;
# GROUPED: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# GROUPED: cp.async.wait_group 0;
# GROUPED-COUNT-4: st.global.v4.b32
# GROUPED-NOT: st.global
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
# PTXAS: Used {{[0-9]+}} registers, used 1 barriers, 29184 bytes smem
