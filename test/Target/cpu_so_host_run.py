# CPU --emit so for the host (--arch native): a module image listed by tilec-runner --list (target, kernel
# signature) and run over a grid of 4 programs of 32 with n=100: exact x + y, entries past n untouched.
# RUN: rm -rf %t && mkdir -p %t/out
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=32 --target cpu --arch native --emit so -o %t/add.so
# RUN: tilec-runner --list %t/add.so | FileCheck %s --check-prefix=LIST
# RUN: %python %S/Inputs/npy_tool.py write %t/x.npy f4 arange 0 128
# RUN: %python %S/Inputs/npy_tool.py write %t/y.npy f4 arange 500 628
# RUN: %python %S/Inputs/npy_tool.py write %t/out.npy f4 arange -1 -129 -1
# RUN: tilec-runner %t/add.so --kernel add_kernel --grid 4 --device cpu --out-dir %t/out -- %t/x.npy %t/y.npy %t/out.npy 100
# RUN: %python %S/Inputs/npy_tool.py print %t/out/out.npy | FileCheck %s
# LIST: module {{.*}}add.so: target cpu {{x86_64|aarch64}}
# LIST: kernel add_kernel(*fp32 x_ptr, *fp32 y_ptr, *fp32 output_ptr, i32 n_elements)
# CHECK: {{^}}500 502 504 {{.*}} 696 698 -101 -102 {{.*}} -127 -128{{$}}
