# The SIMT emulator fails a launch whose vector access to global memory is misaligned, as a GPU
# faults on it: a wrong tl.multiple_of promise (offsets from `start` = 1 declared multiples of
# 512) gives 16-byte loads from addresses 4 bytes past an alignment, and a wrong
# promise on a pipelined operand gives a misaligned cp.async. With `start` = 0 the promise holds
# and the same kernel runs.
# REQUIRES: cpu-jit, simt
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(1024, dtype=np.float32)); np.save('%t/y.npy', np.zeros(512, dtype=np.float32))"
# RUN: not env TILEC_DEVICE=simt tilec run %s --kernel shifted --grid 1 --out-dir %t/bad -- %t/x.npy %t/y.npy 1 2>&1 | FileCheck %s --check-prefix=LOAD
# RUN: env TILEC_DEVICE=simt tilec run %s --kernel shifted --grid 1 --out-dir %t/good -- %t/x.npy %t/y.npy 0
# RUN: %python -c "import numpy as np; print(np.load('%t/good/y.npy')[:4].tolist())" | FileCheck %s --check-prefix=GOOD
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.ones((72, 32), np.float16)); np.save('%t/c.npy', np.zeros((64, 64), np.float32))"
# RUN: not env TILEC_DEVICE=simt tilec run %s --kernel shifted_dot --grid 1 --num-stages 2 --out-dir %t/dot -- %t/a.npy %t/c.npy 2 2>&1 | FileCheck %s --check-prefix=COPY
# LOAD: error: {{.*}}16-byte global memory access at 0x{{[0-9a-f]+}}, which is not 16-byte aligned (a GPU faults on it)
# GOOD: [0.0, 1.0, 2.0, 3.0]
# COPY: error: {{.*}}cp.async of 16 bytes from global address 0x{{[0-9a-f]+}}, which is not 16-byte aligned (a GPU faults on it)
import triton.language as tl
from triton import jit


@jit
def shifted(x_ptr, y_ptr, start):
    offs = tl.multiple_of(start + tl.arange(0, 512), 512)
    tl.store(y_ptr + tl.arange(0, 512), tl.load(x_ptr + offs))


@jit
def shifted_dot(a_ptr, c_ptr, start):
    rows = tl.arange(0, 64)
    cols = tl.multiple_of(start + tl.arange(0, 32), 32)
    acc = tl.zeros((64, 64), tl.float32)
    for k in range(2):
        a = tl.load(a_ptr + rows[:, None] * 32 + cols[None, :])
        acc = tl.dot(a, tl.trans(a), acc)
    tl.store(c_ptr + rows[:, None] * 64 + tl.arange(0, 64)[None, :], acc)
