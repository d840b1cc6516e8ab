# Malformed .npy inputs are rejected before compiling: a truncated file (header cut short), a file
# without the NumPy magic, and an empty file.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 8
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 8
# RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(d[:60])" %t/x.npy %t/trunc.npy
# RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(d[:-8])" %t/x.npy %t/short.npy
# RUN: %python -c "import sys; open(sys.argv[1], 'wb').write(b'not a numpy file, just some text....')" %t/garbage.npy
# RUN: %python -c "import sys; open(sys.argv[1], 'wb').close()" %t/empty.npy
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy %t/trunc.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=TRUNC
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy %t/short.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=SHORT
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy %t/garbage.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=MAGIC
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t/out -- %t/x.npy %t/empty.npy %t/o.npy 8 2>&1 | FileCheck %s --check-prefix=EMPTY
# TRUNC: error: argument 1 ('{{.*}}trunc.npy'): malformed .npy file '{{.*}}trunc.npy': truncated header
# SHORT: error: argument 1 ('{{.*}}short.npy'): malformed .npy file
# MAGIC: error: argument 1 ('{{.*}}garbage.npy'): malformed .npy file '{{.*}}garbage.npy': missing the \x93NUMPY magic
# EMPTY: error: argument 1 ('{{.*}}empty.npy'): malformed .npy file
