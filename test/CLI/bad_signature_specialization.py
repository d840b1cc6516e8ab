# --signature specializations Triton's AOT compiler does not have: ':1' of a float, a pointer or a
# bool, ':16' of a float, and values other than 1 and 16.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,fp32:1' -DBLOCK_SIZE=64 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FLOAT
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32:1,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=POINTER
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32:7' -DBLOCK_SIZE=64 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=VALUE
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,fp32:16' -DBLOCK_SIZE=64 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FLOAT16
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i1:1' -DBLOCK_SIZE=64 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BOOL
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32:' -DBLOCK_SIZE=64 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=EMPTY
# FLOAT: error: invalid specialization 'fp32:1' in --signature: only integer parameters can be specialized to 1
# POINTER: error: invalid specialization '*fp32:1' in --signature: a pointer cannot be specialized to 1 (pointers take ':16')
# VALUE: error: invalid specialization 'i32:7' in --signature: expected ':16' (divisible by 16) or ':1' (equal to 1)
# FLOAT16: error: invalid specialization 'fp32:16' in --signature: only integer and pointer parameters can be divisible by 16
# BOOL: error: invalid specialization 'i1:1' in --signature: only integer parameters can be specialized to 1
# EMPTY: error: invalid specialization 'i32:' in --signature: expected ':16' (divisible by 16) or ':1' (equal to 1)
