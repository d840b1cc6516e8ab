# `tilec run` on the SIMT emulator (--device simt and TILEC_DEVICE=simt): a 2-D grid at 1, 4 and 8
# warps and at warp size 64, exact results; tl.device_print and tl.device_assert report as on the
# CPU (the program id, file:line and message).
# REQUIRES: cpu-jit, simt
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(8, dtype=np.int32) - 2); np.save('%t/ids.npy', np.zeros(3 * 2 * 8, dtype=np.int32))"
# RUN: tilec run %s --device simt --num-warps 1 --kernel ids --grid 3,2 --out-dir %t/w1 -- %t/ids.npy
# RUN: env TILEC_DEVICE=simt tilec run %s --num-warps 4 --kernel ids --grid 3,2 --out-dir %t/w4 -- %t/ids.npy
# RUN: env TILEC_DEVICE=simt TILEC_SIMT_WARP_SIZE=64 tilec run %s --num-warps 8 --kernel ids --grid 3,2 --out-dir %t/w8 -- %t/ids.npy
# RUN: %python -c "import numpy as np; [print(np.load('%t/%%s/ids.npy' %% d).reshape(6, 8)[5].tolist()) for d in ('w1', 'w4', 'w8')]" | FileCheck %s --check-prefix=IDS
# RUN: env TILEC_DEVICE=simt tilec run %s --kernel printer --grid 1 -DBLOCK=4 --out-dir %t/p -- %t/x.npy 8 | FileCheck %s --check-prefix=PRINT
# RUN: not env TILEC_DEVICE=simt tilec run %s --kernel checker --grid 2 -DBLOCK=4 -DLIMIT=5 --out-dir %t/a -- %t/x.npy 2>&1 | FileCheck %s --check-prefix=ASSERT
# RUN: env TILEC_DEVICE=simt tilec run %s --kernel checker --grid 2 -DBLOCK=4 -DLIMIT=6 --out-dir %t/a -- %t/x.npy 2>&1 | FileCheck %s --check-prefix=PASSING --allow-empty
import triton.language as tl
from triton import jit


@jit
def ids(out_ptr):
    pid0 = tl.program_id(0)
    pid1 = tl.program_id(1)
    linear = pid0 + tl.num_programs(0) * pid1
    offs = tl.arange(0, 8)
    vals = tl.where(offs == 0, pid0, tl.where(offs == 1, pid1, linear * 10 + offs))
    tl.store(out_ptr + linear * 8 + offs, vals)

# Program (2, 1), linear 5: ids 2, 1, then 52..57, at every warp count and warp size.
# IDS: [2, 1, 52, 53, 54, 55, 56, 57]
# IDS-NEXT: [2, 1, 52, 53, 54, 55, 56, 57]
# IDS-NEXT: [2, 1, 52, 53, 54, 55, 56, 57]


@jit
def printer(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.device_print("x", x)

# PRINT: pid (0, 0, 0) idx (0) x: -2
# PRINT-NEXT: pid (0, 0, 0) idx (1) x: -1
# PRINT-NEXT: pid (0, 0, 0) idx (2) x: 0
# PRINT-NEXT: pid (0, 0, 0) idx (3) x: 1


@jit
def checker(x_ptr, BLOCK: tl.constexpr, LIMIT: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.device_assert(x < LIMIT, "x must be below the limit")
    tl.store(x_ptr + offs, x + 1)

# ASSERT: error: {{.*}}simt_run.py:49: checker: program (1, 0, 0): device assertion failed: x must be below the limit
# PASSING-NOT: assertion
