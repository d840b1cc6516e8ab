# Files and flags at the edges: -o on a full device, a device or a directory as the source, a source from a pipe,
# a grid beyond CUDA's limits, a missing --out-dir, and outputs replaced without leaving temporary files.
# RUN: rm -rf %t && mkdir -p %t
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --emit llvm -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
# RUN: not tilec compile /dev/zero --kernel k --signature i32 --emit tile 2>&1 | FileCheck %s --check-prefix=ZERO
# RUN: not tilec list %t 2>&1 | FileCheck %s --check-prefix=DIR
# RUN: cat %examples/vector_add.py | tilec list /dev/stdin | FileCheck %s --check-prefix=PIPE
# RUN: echo old > %t/k.ll
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --emit llvm -o %t/k.ll
# RUN: FileCheck %s --check-prefix=REPLACED < %t/k.ll
# RUN: ls %t | FileCheck %s --check-prefix=NOTMP --implicit-check-not=tmp
# A replaced output keeps its permissions (a private file stays private), a new one gets 0666 & ~umask.
# RUN: chmod 600 %t/k.ll
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --emit llvm -o %t/k.ll
# RUN: stat -c %%a %t/k.ll | FileCheck %s --check-prefix=PRIVATE
# RUN: sh -c 'umask 022 && tilec compile %examples/vector_add.py --kernel add_kernel --signature "*fp32,*fp32,*fp32,i32" -DBLOCK_SIZE=64 --emit llvm -o %t/new.ll'
# RUN: stat -c %%a %t/new.ll | FileCheck %s --check-prefix=NEWFILE
# PRIVATE: {{^}}600{{$}}
# NEWFILE: {{^}}644{{$}}
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/y.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 8
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 2147483647,2147483647 --out-dir %t/out -- %t/x.npy %t/y.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=GRID
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 -- %t/x.npy 2>&1 | FileCheck %s --check-prefix=OUTDIR
# FULL: tilec: error: cannot write '/dev/full': No space left on device
# ZERO: error: cannot read '/dev/zero': not a regular file or a pipe
# DIR: tilec: error: cannot read '{{.*}}': is a directory
# PIPE: add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr)
# REPLACED: define void @__tilec_entry_add_kernel
# NOTMP: k.ll
# GRID: tilec: error: kernel 'add_kernel': grid dimension 1 is 2147483647, more than the cpu maximum 65535
# OUTDIR: tilec: error: run: missing --out-dir DIR; see 'tilec run --help'
