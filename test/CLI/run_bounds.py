# tilec run checks every access against its array's extent (on by default): an array smaller than the kernel's
# accesses is an error naming the argument and the byte offset, reads past the end too, and nothing is written
# back; --unchecked runs the same kernel without the checks.
# REQUIRES: cpu-jit
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/y.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/small.npy f4 arange 0 4
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 8
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out1 -- %t/x.npy %t/y.npy %t/small.npy 8 2>&1 | FileCheck %s --check-prefix=STORE
# RUN: not ls %t/out1/small.npy
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out2 -- %t/small.npy %t/y.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=LOAD
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 2 --out-dir %t/out3 -- %t/x.npy %t/y.npy %t/o.npy 16 2>&1 | FileCheck %s --check-prefix=PAST
# RUN: tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out4 -- %t/x.npy %t/y.npy %t/o.npy 8
# RUN: tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --unchecked --out-dir %t/out5 -- %t/x.npy %t/y.npy %t/o.npy 8
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/out4/o.npy | FileCheck %s --check-prefix=SUM
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/out5/o.npy | FileCheck %s --check-prefix=SUM
# STORE: tilec: error: kernel 'add_kernel': out-of-bounds store of 32 bytes at byte offset 16 of argument 2 ('output_ptr'), which has 16 bytes
# LOAD: tilec: error: kernel 'add_kernel': out-of-bounds load of 32 bytes at byte offset 16 of argument 0 ('x_ptr'), which has 16 bytes
# PAST: tilec: error: kernel 'add_kernel': out-of-bounds load of 32 bytes at byte offset 32 of argument 0 ('x_ptr'), which has 32 bytes
# SUM: 0 2 4 6 8 10 12 14
