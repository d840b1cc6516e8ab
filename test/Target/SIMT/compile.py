# --target simt: the GPU pipeline compiled for the host. The exported entry
# __tilec_simt_entry_<name>(args, grid, pid, ctx) loads the arguments once and runs one thread of
# one program. The vector add is distributed: with 64 elements over 4 warps of 32 threads, thread
# t (ctx->thread_id at offset 0) holds element t mod 64 and threads 64..127 hold copies, which do
# not store. --arch names the warp size; the image says `target simt`.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target simt --emit llvm -o - | FileCheck %s
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target simt --arch warp64 --num-warps 8 --emit so -o %t.so
# RUN: tilec-runner --list %t.so | FileCheck %s --check-prefix=LIST
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target simt --arch sm_80 --emit so -o %t.bad 2>&1 | FileCheck %s --check-prefix=ARCH
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target simt --emit ptx -o %t.bad 2>&1 | FileCheck %s --check-prefix=EMIT
# CHECK: target triple = "{{x86_64|aarch64}}
# CHECK: define void @__tilec_simt_entry_add_kernel(ptr {{.*}}%0, ptr {{.*}}%1, ptr {{.*}}%2, ptr {{.*}}%3)
# CHECK: [[TID:%[0-9]+]] = load i32, ptr %3
# CHECK: and i32 [[TID]], 63
# CHECK: icmp ult i32 [[TID]], 64
# CHECK: load float
# CHECK: fadd contract float
# CHECK: store float
# LIST: target simt warp64
# LIST: kernel add_kernel(*fp32 x_ptr, *fp32 y_ptr, *fp32 output_ptr, i32 n_elements)
# ARCH: error: invalid --arch 'sm_80' for target simt (expected warp32, warp32-wgmma or warp64)
# EMIT: error: --emit ptx is not available for --target simt (simt: tile, llvm, asm, obj, so)
