# --grid errors in tilec run: a non-number, four dimensions, a negative, an empty grid and no --grid.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/y.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 8
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --out-dir %t/out --grid 0,a -- %t/x.npy %t/y.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=ALPHA
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --out-dir %t/out --grid 1,2,3,4 -- %t/x.npy %t/y.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=FOUR
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --out-dir %t/out --grid=-1 -- %t/x.npy %t/y.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=NEG
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --out-dir %t/out --grid= -- %t/x.npy %t/y.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --out-dir %t/out -- %t/x.npy %t/y.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=NONE
# ALPHA: error: --grid: bad grid '0,a': expected X[,Y[,Z]] with non-negative integers below 2^32
# FOUR: error: --grid: bad grid '1,2,3,4': at most 3 dimensions
# NEG: error: --grid: bad grid '-1'
# EMPTY: error: --grid: bad grid ''
# NONE: tilec: error: run: missing --grid X[,Y[,Z]]; see 'tilec run --help'
