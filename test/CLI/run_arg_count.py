# tilec run with one argument too few or too many: the inferred signature does not fit the kernel.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/y.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 8
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy %t/y.npy %t/o.npy 2>&1 | FileCheck %s --check-prefix=FEW
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy %t/y.npy %t/o.npy 8 9 2>&1 | FileCheck %s --check-prefix=MANY
# FEW: error: signature has 3 types but kernel 'add_kernel' has 4 non-constexpr parameters
# MANY: error: signature has 5 types but kernel 'add_kernel' has 4 non-constexpr parameters
