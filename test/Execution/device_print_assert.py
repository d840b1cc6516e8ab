# tl.device_print / print: one line per element with the program id and index (Triton's
# format, hex=True, several operands, scalars); tl.static_print prints while compiling; a
# failing tl.device_assert (and a runtime `assert`) fails `tilec run` with the program id, the
# source file:line and the message, while a passing one changes nothing.
# REQUIRES: cpu-jit
# RUN: %python -c "import numpy as np; np.save('%t.npy', np.arange(8, dtype=np.int32) - 2)"
# RUN: tilec run %s --device cpu --kernel printer --grid 1 -DBLOCK=4 --out-dir %t.out -- %t.npy 8 | FileCheck %s --check-prefix=PRINT
# RUN: not tilec run %s --device cpu --kernel checker --grid 2 -DBLOCK=4 -DLIMIT=5 --out-dir %t.out -- %t.npy 2>&1 | FileCheck %s --check-prefix=ASSERT
# RUN: tilec run %s --device cpu --kernel checker --grid 2 -DBLOCK=4 -DLIMIT=6 --out-dir %t.out -- %t.npy 2>&1 | FileCheck %s --check-prefix=PASSING --allow-empty
# RUN: not tilec run %s --device cpu --kernel stmt_assert --grid 3 --out-dir %t.out -- %t.npy 2>&1 | FileCheck %s --check-prefix=STMT
import triton.language as tl
from triton import jit


@jit
def printer(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.static_print("BLOCK =", BLOCK, 0.5)
    tl.device_print("x", x)
    tl.device_print("bits", x, hex=True)
    print("scaled ", pid, x.to(tl.float32) * 0.5)
    tl.device_print("2d", tl.reshape(x, (2, 2)))

# PRINT: BLOCK = 4 0.5
# PRINT-NEXT: pid (0, 0, 0) idx (0) x: -2
# PRINT-NEXT: pid (0, 0, 0) idx (1) x: -1
# PRINT-NEXT: pid (0, 0, 0) idx (2) x: 0
# PRINT-NEXT: pid (0, 0, 0) idx (3) x: 1
# PRINT-NEXT: pid (0, 0, 0) idx (0) bits: 0xfffffffe
# PRINT-NEXT: pid (0, 0, 0) idx (1) bits: 0xffffffff
# PRINT-NEXT: pid (0, 0, 0) idx (2) bits: 0x00000000
# PRINT-NEXT: pid (0, 0, 0) idx (3) bits: 0x00000001
# PRINT-NEXT: pid (0, 0, 0) idx () scaled: (operand 0) 0
# PRINT-NEXT: pid (0, 0, 0) idx (0) scaled: (operand 1) -1.000000
# PRINT-NEXT: pid (0, 0, 0) idx (1) scaled: (operand 1) -0.500000
# PRINT-NEXT: pid (0, 0, 0) idx (2) scaled: (operand 1) 0.000000
# PRINT-NEXT: pid (0, 0, 0) idx (3) scaled: (operand 1) 0.500000
# PRINT-NEXT: pid (0, 0, 0) idx (0, 0) 2d: -2
# PRINT-NEXT: pid (0, 0, 0) idx (0, 1) 2d: -1
# PRINT-NEXT: pid (0, 0, 0) idx (1, 0) 2d: 0
# PRINT-NEXT: pid (0, 0, 0) idx (1, 1) 2d: 1


@jit
def checker(x_ptr, BLOCK: tl.constexpr, LIMIT: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.device_assert(x < LIMIT, "x must be below the limit")
    tl.store(x_ptr + offs, x + 1)

# ASSERT: error: {{.*}}device_print_assert.py:50: checker: program (1, 0, 0): device assertion failed: x must be below the limit
# PASSING-NOT: assertion


@jit
def stmt_assert(x_ptr):
    pid = tl.program_id(0)
    assert pid != 2, "program 2 is not allowed"

# STMT: error: {{.*}}device_print_assert.py:60: stmt_assert: program (2, 0, 0): device assertion failed: program 2 is not allowed
