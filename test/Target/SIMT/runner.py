# A simt module image run by tilec-runner --device simt at 1 warp of 32 and 8 warps of 64 threads:
# exact x + y, entries past n untouched; the cpu device refuses the module.
# REQUIRES: simt
# RUN: rm -rf %t && mkdir -p %t/w1 %t/w8
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=32 --target simt --num-warps 1 --emit so -o %t/w1.so
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=32 --target simt --arch warp64 --num-warps 8 --emit so -o %t/w8.so
# RUN: %python %S/../Inputs/npy_tool.py write %t/x.npy f4 arange 0 128
# RUN: %python %S/../Inputs/npy_tool.py write %t/y.npy f4 arange 500 628
# RUN: %python %S/../Inputs/npy_tool.py write %t/out.npy f4 arange -1 -129 -1
# RUN: tilec-runner %t/w1.so --kernel add_kernel --grid 4 --device simt --out-dir %t/w1 -- %t/x.npy %t/y.npy %t/out.npy 100
# RUN: %python %S/../Inputs/npy_tool.py print %t/w1/out.npy | FileCheck %s
# RUN: tilec-runner %t/w8.so --kernel add_kernel --grid 4 --device simt --out-dir %t/w8 -- %t/x.npy %t/y.npy %t/out.npy 100
# RUN: %python %S/../Inputs/npy_tool.py print %t/w8/out.npy | FileCheck %s
# RUN: not tilec-runner %t/w1.so --kernel add_kernel --grid 4 --device cpu --out-dir %t/w1 -- %t/x.npy %t/y.npy %t/out.npy 100 2>&1 | FileCheck %s --check-prefix=CPU
# CHECK: {{^}}500 502 504 {{.*}} 696 698 -101 -102 {{.*}} -127 -128{{$}}
# CPU: targets simt warp32, not the cpu driver
