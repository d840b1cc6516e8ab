# tl.atomic_poll with timeout_ns=0 reads each element once, and with a timeout (constant or runtime) spins until the elements match or the time is up, returning per element whether it matched (memory unchanged), as Triton 3.9's interpreter does, on the CPU and the SIMT emulator.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# CHECK: PASS cpu poll0
# CHECK: PASS cpu memory
# CHECK: PASS cpu poll_timeout
# CHECK: PASS cpu waited
# CHECK: PASS cpu poll_all
# CHECK: PASS simt poll0
# CHECK: PASS simt memory
# CHECK: PASS simt poll_timeout
# CHECK: PASS simt waited
# CHECK: PASS simt poll_all
# CHECK-NOT: FAIL
import os
import sys
import time

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


@jit
def poll_timeout(p, out, t):
    # A runtime timeout for the block, a constant one (1 ms) for a scalar.
    r = tl.arange(0, 8)
    ok = tl.atomic_poll(p + r, 5, timeout_ns=t)
    tl.store(out + r, ok.to(tl.int32))
    one = tl.atomic_poll(p + 1, 5, scope="cta", timeout_ns=1000000)
    tl.store(out + 8, one.to(tl.int32))


@jit
def poll_all(p, out):
    # Every element matches: returns at once despite a 1000 s timeout.
    r = tl.arange(0, 8)
    ok = tl.atomic_poll(p + r, 3, sem="relaxed", timeout_ns=1000000000000)
    tl.store(out + r, ok.to(tl.int32))


p = np.array([5, 7, 5, 9, 5, 5, 0, -5], np.int32)
# Triton 3.9's interpreter (TRITON_INTERPRET=1) stores these for the kernel above.
expected = np.array([1, 0, 1, 0, 1, 1, 0, 0, 1], np.int32)
for device in ("cpu", "simt"):
    os.environ["TILEC_DEVICE"] = device
    got = run(__file__, "poll0", 1, [p, np.zeros(9, np.int32)])
    check(device + " poll0", got[1], expected)
    check(device + " memory", got[0], p)
    # Elements that never match time out (false) after 0.3 s; the launch takes at least that.
    # Triton 3.9's interpreter stores the same (and its poll_all stores ones).
    began = time.monotonic()
    got = run(__file__, "poll_timeout", 1, [p, np.zeros(9, np.int32), 300000000])
    waited = time.monotonic() - began
    check(device + " poll_timeout", got[1], np.array([1, 0, 1, 0, 1, 1, 0, 0, 0], np.int32))
    check(device + " waited", np.array([waited >= 0.3]), np.array([True]))
    got = run(__file__, "poll_all", 1, [np.full(8, 3, np.int32), np.zeros(8, np.int32)])
    check(device + " poll_all", got[1], np.ones(8, np.int32))
finish()
