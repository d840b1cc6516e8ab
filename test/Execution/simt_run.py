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
# The kernels and expected output of device_print_assert.py, on the emulator:
# RUN: env TILEC_DEVICE=simt tilec run %S/device_print_assert.py --kernel printer --grid 1 -DBLOCK=4 --out-dir %t/p -- %t/x.npy 8 | FileCheck %S/device_print_assert.py --check-prefix=PRINT
# RUN: not env TILEC_DEVICE=simt tilec run %S/device_print_assert.py --kernel checker --grid 2 -DBLOCK=4 -DLIMIT=5 --out-dir %t/a -- %t/x.npy 2>&1 | FileCheck %S/device_print_assert.py --check-prefix=ASSERT
# RUN: env TILEC_DEVICE=simt tilec run %S/device_print_assert.py --kernel checker --grid 2 -DBLOCK=4 -DLIMIT=6 --out-dir %t/a -- %t/x.npy 2>&1 | FileCheck %S/device_print_assert.py --check-prefix=PASSING --allow-empty
# RUN: not env TILEC_DEVICE=simt tilec run %S/device_print_assert.py --kernel stmt_assert --grid 3 --out-dir %t/a -- %t/x.npy 2>&1 | FileCheck %S/device_print_assert.py --check-prefix=STMT
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

