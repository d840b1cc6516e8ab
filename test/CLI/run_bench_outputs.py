# tilec run success paths: --bench N prints one timing line, every array argument is written back to
# --out-dir under its file name (scalars are not), and a grid of 0 programs runs nothing.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/y.npy f4 arange 10 18
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 8
# RUN: tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --bench 3 --out-dir %t/out -- %t/x.npy %t/y.npy %t/o.npy 8 | FileCheck %s --check-prefix=BENCH
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/out/o.npy | FileCheck %s --check-prefix=SUM
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/out/x.npy | FileCheck %s --check-prefix=SAME
# RUN: tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 0 --out-dir %t/zero -- %t/x.npy %t/y.npy %t/o.npy 8
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/zero/o.npy | FileCheck %s --check-prefix=SAME
# BENCH: bench: median {{[0-9.]+}} us, min {{[0-9.]+}} us over 3 runs
# SUM: {{^}}10 12 14 16 18 20 22 24{{$}}
# SAME: {{^}}0 1 2 3 4 5 6 7{{$}}
