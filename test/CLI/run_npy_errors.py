# tilec run argument errors: a missing .npy, a word that is neither number nor file, the same file twice
# (outputs would collide), and an integer literal out of range.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 8
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy %t/nothere.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy abc %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=WORD
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy %t/x.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=DUP
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy %t/x.npy %t/o.npy 99999999999999999999 2>&1 | FileCheck %s --check-prefix=RANGE
# MISSING: error: argument 1 ('{{.*}}nothere.npy'): no such .npy file
# WORD: error: argument 1 ('abc') is neither a number, True/False, nor an existing .npy file
# DUP: error: arguments 0 ('{{.*}}x.npy') and 1 ('{{.*}}x.npy') would both be written to the output 'x.npy'
# RANGE: error: argument 3 ('99999999999999999999'): integer literal out of range
