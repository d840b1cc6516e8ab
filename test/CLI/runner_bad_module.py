# tilec-runner refuses a truncated module image (no trailer) and a kernel name the module lacks.
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=8 --target cpu --emit so -o %t/add.so
# RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(d[:1000])" %t/add.so %t/cut.so
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: not tilec-runner %t/cut.so --kernel add_kernel --grid 1 --out-dir %t/out -- %t/x.npy 2>&1 | FileCheck %s --check-prefix=CUT
# RUN: not tilec-runner %t/add.so --kernel nope --grid 1 --out-dir %t/out -- %t/x.npy 2>&1 | FileCheck %s --check-prefix=NAME
# CUT: error: module '{{.*}}cut.so' is not a tilec module: bad magic
# NAME: error: kernel 'nope' not found in module '{{.*}}add.so' (available: add_kernel)
