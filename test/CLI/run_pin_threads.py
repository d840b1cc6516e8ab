# TILEC_PIN_THREADS: 0 and 1 run the CPU pool (pinned or not) with the same results; any other value is reported on stderr and ignored.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 64
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/y.npy f4 arange 10 74
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 64
# RUN: env TILEC_NUM_THREADS=2 TILEC_PIN_THREADS=bogus tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 8 --out-dir %t/bad -- %t/x.npy %t/y.npy %t/o.npy 64 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/bad/o.npy | FileCheck %s --check-prefix=SUM
# RUN: env TILEC_NUM_THREADS=2 TILEC_PIN_THREADS=0 tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 8 --out-dir %t/off -- %t/x.npy %t/y.npy %t/o.npy 64 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/off/o.npy | FileCheck %s --check-prefix=SUM
# RUN: env TILEC_NUM_THREADS=2 TILEC_PIN_THREADS=1 tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 8 --out-dir %t/on -- %t/x.npy %t/y.npy %t/o.npy 64 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %python %S/../Target/Inputs/npy_tool.py print %t/on/o.npy | FileCheck %s --check-prefix=SUM
# BAD: tilec: ignoring TILEC_PIN_THREADS='bogus' (expected 0 or 1)
# QUIET-NOT: TILEC_PIN_THREADS
# SUM: {{^}}10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 42 44 46 48 50 52 54 56 58 60 62 64 66 68 70 72 74 76 78 80 82 84 86 88 90 92 94 96 98 100 102 104 106 108 110 112 114 116 118 120 122 124 126 128 130 132 134 136{{$}}
