# A compiled module has a fixed signature: tilec-runner rejects an int32 .npy for an fp32 pointer, an
# fp64 .npy, a float for an i32 scalar and a missing argument, naming the argument and both types.
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=8 --target cpu --emit so -o %t/add.so
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/xi.npy i4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/xl.npy i8 arange 0 8
# RUN: not tilec-runner %t/add.so --kernel add_kernel --grid 1 --out-dir %t/out -- %t/xi.npy %t/x.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=I32
# RUN: not tilec-runner %t/add.so --kernel add_kernel --grid 1 --out-dir %t/out -- %t/x.npy %t/xl.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=I64
# RUN: not tilec-runner %t/add.so --kernel add_kernel --grid 1 --out-dir %t/out -- %t/x.npy %t/x.npy %t/o.npy 8.5 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: not tilec-runner %t/add.so --kernel add_kernel --grid 1 --out-dir %t/out -- %t/x.npy %t/xi.npy %t/o.npy 2>&1 | FileCheck %s --check-prefix=COUNT
# I32: error: {{.*}}argument 0 ('x_ptr'): expected *fp32, got *i32
# I64: error: {{.*}}argument 1 ('y_ptr'): expected *fp32, got *i64
# SCALAR: error: {{.*}}argument 3 ('n_elements'): expected i32, got fp32
# COUNT: error: {{.*}}kernel 'add_kernel' expects 4 arguments (*fp32,*fp32,*fp32,i32), got 3
