# tl.atomic_poll with timeout_ns=0 reads each element once and returns whether it equalled the expected value (true/false per element, memory unchanged), as Triton 3.9's interpreter does, on the CPU and the SIMT emulator.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# CHECK: PASS cpu poll0
# CHECK: PASS cpu memory
# CHECK: PASS simt poll0
# CHECK: PASS simt memory
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def poll0(p, out):
    r = tl.arange(0, 8)
    ok = tl.atomic_poll(p + r, 5, timeout_ns=0)
    tl.store(out + r, ok.to(tl.int32))
    one = tl.atomic_poll(p + 1, 7, sem="relaxed", timeout_ns=0)
    tl.store(out + 8, one.to(tl.int32))


p = np.array([5, 7, 5, 9, 5, 5, 0, -5], np.int32)
# Triton 3.9's interpreter (TRITON_INTERPRET=1) stores these for the kernel above.
expected = np.array([1, 0, 1, 0, 1, 1, 0, 0, 1], np.int32)
for device in ("cpu", "simt"):
    os.environ["TILEC_DEVICE"] = device
    got = run(__file__, "poll0", 1, [p, np.zeros(9, np.int32)])
    check(device + " poll0", got[1], expected)
    check(device + " memory", got[0], p)
finish()
