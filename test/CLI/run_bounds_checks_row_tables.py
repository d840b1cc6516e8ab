# Checked tilec run (BoundsChecks.cpp) of a matmul whose tl.dot reads A's rows through a table of
# row addresses (full rows in place, masked ones from their stack copies): both kinds of rows pass,
# and a row past A's extent (row 40, at byte 2560) is reported against a_ptr.
# REQUIRES: cpu-jit
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/a.npy f4 arange 0 640
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/b.npy f4 arange 0 256
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/c.npy f4 arange 0 640
# RUN: tilec run %examples/matmul.py --kernel matmul_kernel -DBLOCK_SIZE_M=32 -DBLOCK_SIZE_N=16 -DBLOCK_SIZE_K=16 --grid 2,1 --out-dir %t/ok -- %t/a.npy %t/b.npy %t/c.npy 40 16 16 16 1 16 1 16 1
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/ok/c.npy | FileCheck %s --check-prefix=C
# RUN: not tilec run %examples/matmul.py --kernel matmul_kernel -DBLOCK_SIZE_M=32 -DBLOCK_SIZE_N=16 -DBLOCK_SIZE_K=16 --grid 2,1 --out-dir %t/past -- %t/a.npy %t/b.npy %t/c.npy 48 16 16 16 1 16 1 16 1 2>&1 | FileCheck %s --check-prefix=PAST
# C[0, j] = sum_k k (16 k + j) = 19840 + 120 j; C[39, 15] = sum_k (624 + k) (16 k + 15) = 1369480 (printed 1.36948e+06).
# C: {{^}}19840 19960 20080 {{.*}} 1.35938e+06 1.36948e+06{{$}}
# PAST: tilec: error: kernel 'matmul_kernel': out-of-bounds load of 4 bytes at byte offset 2560 of argument 0 ('a_ptr'), which has 2560 bytes
