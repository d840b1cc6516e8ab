# CPU aarch64 --emit so: an aarch64 module image run by the cross-built tilec-runner under qemu-aarch64
# (3 programs of 64 over n=150, a ragged tail): out = x + y exactly, entries past n untouched.
# REQUIRES: qemu-aarch64, tilec-runner-aarch64
# RUN: rm -rf %t && mkdir -p %t/out
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target cpu --arch aarch64 --emit so -o %t/add.so
# RUN: %python %S/Inputs/npy_tool.py write %t/x.npy f4 arange 0 160
# RUN: %python %S/Inputs/npy_tool.py write %t/y.npy f4 arange 1000 1160
# RUN: %python %S/Inputs/npy_tool.py write %t/out.npy f4 arange -1 -161 -1
# RUN: %tilec-runner-aarch64 --list %t/add.so | FileCheck %s --check-prefix=LIST
# RUN: %tilec-runner-aarch64 %t/add.so --kernel add_kernel --grid 3 --device cpu --out-dir %t/out -- %t/x.npy %t/y.npy %t/out.npy 150
# RUN: %python %S/Inputs/npy_tool.py print %t/out/out.npy | FileCheck %s
# LIST: target cpu aarch64
# LIST: kernel add_kernel(*fp32 x_ptr, *fp32 y_ptr, *fp32 output_ptr, i32 n_elements)
# CHECK: {{^}}1000 1002 1004 {{.*}} 1296 1298 -151 -152 {{.*}} -159 -160{{$}}
