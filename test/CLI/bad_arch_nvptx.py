# NVPTX --arch must be sm_NN for a known GPU: a non-numeric, a too-old and an AMD arch are rejected.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target nvptx --arch sm_xx --emit ptx -o - 2>&1 | FileCheck %s --check-prefix=XX
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target nvptx --arch sm_12 --emit ptx -o - 2>&1 | FileCheck %s --check-prefix=OLD
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target nvptx --arch gfx942 --emit ptx -o - 2>&1 | FileCheck %s --check-prefix=AMD
# XX: error: invalid --arch 'sm_xx' for target nvptx (expected sm_NN, e.g. sm_80)
# OLD: error: invalid --arch 'sm_12' for target nvptx
# AMD: error: invalid --arch 'gfx942' for target nvptx
