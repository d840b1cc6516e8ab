# --target simt: the GPU pipeline compiled for the host. The exported entry
# __tilec_simt_entry_<name>(args, grid, pid, ctx) loads the arguments once and runs one thread of
# one program; a kernel that convert-tile-to-gpu did not distribute runs on thread 0 only (read
# from ctx->thread_id at offset 0). --arch names the warp size; the image says `target simt`.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target simt --emit llvm -o - | FileCheck %s
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target simt --arch warp64 --num-warps 8 --emit so -o %t.so
# RUN: tilec-runner --list %t.so | FileCheck %s --check-prefix=LIST
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target simt --arch sm_80 --emit so -o %t.bad 2>&1 | FileCheck %s --check-prefix=ARCH
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target simt --emit ptx -o %t.bad 2>&1 | FileCheck %s --check-prefix=EMIT
# CHECK: target triple = "{{x86_64|aarch64}}
# CHECK: define void @__tilec_simt_entry_add_kernel(ptr {{.*}}%0, ptr {{.*}}%1, ptr {{.*}}%2, ptr {{.*}}%3)
# CHECK-NEXT: [[TID:%[0-9]+]] = load i32, ptr %3
# CHECK-NEXT: [[FIRST:%[0-9]+]] = icmp eq i32 [[TID]], 0
# CHECK-NEXT: br i1 [[FIRST]]
# CHECK: load i32, ptr %2
# CHECK: @llvm.masked.load.v64f32
# CHECK: fadd <64 x float>
# CHECK: @llvm.masked.store.v64f32
# LIST: target simt warp64
# LIST: kernel add_kernel(*fp32 x_ptr, *fp32 y_ptr, *fp32 output_ptr, i32 n_elements)
# ARCH: error: invalid --arch 'sm_80' for target simt (expected warp32 or warp64)
# EMIT: error: --emit ptx is not available for --target simt (simt: tile, llvm, asm, obj, so)
