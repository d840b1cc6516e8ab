"""Shared host code of the execution tests: runs a kernel with `tilec run` and checks it with numpy.

A test file holds Triton-language kernels (read by tilec's frontend, which skips host code) and
host code that imports this module. `jit`/`tl` are stand-ins so the file imports without Triton.
`run` writes the array arguments as .npy files, runs `tilec run` (tilec from $TILEC or PATH) and
returns the arrays written back; `check` compares with a numpy reference and prints
`PASS name` or `FAIL name: max err E`; `finish` exits non-zero when any check failed;
`dot_operands` gives the arguments and float64 references of the tensor-core dot tests.
"""
import os
import shutil
import sys

import numpy as np

# The examples' runner does the .npy and `tilec run` work; it also provides the jit/tl stand-ins.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "examples"))
import tilec_example  # noqa: E402
from tilec_example import jit, tl  # noqa: E402,F401

_failures = []


def run(source, kernel, grid, args, defines=None, flags=()):
    """Runs `kernel` of `source` over `grid` (int or tuple) with `args` (numpy arrays become
    pointer arguments; `flags`: more `tilec run` options). Returns the arguments after the
    launch: arrays read back, scalars None. Uses the tilec on PATH (lit's build) unless $TILEC
    is set."""
    if not os.environ.get("TILEC") and shutil.which("tilec"):
        os.environ["TILEC"] = shutil.which("tilec")
    try:
        return tilec_example.run(source, kernel, grid, args, defines, flags=flags)[0]
    except RuntimeError:
        print("FAIL %s: tilec run failed" % kernel)
        sys.stdout.flush()
        sys.exit(1)


def max_error(got, ref):
    """Largest absolute difference (0 for exact integer matches, inf on shape mismatch)."""
    got, ref = np.asarray(got), np.asarray(ref)
    if got.shape != ref.shape:
        return float("inf")
    if got.size == 0:
        return 0.0
    if np.issubdtype(got.dtype, np.integer) or got.dtype == np.bool_:
        return float(np.max(np.abs(got.astype(np.float64) - ref.astype(np.float64))))
    g, r = got.astype(np.float64), ref.astype(np.float64)
    with np.errstate(invalid="ignore"):
        diff = np.abs(g - r)
    diff[(g == r) | (np.isnan(g) & np.isnan(r))] = 0.0
    return float(np.max(diff))


def check(name, got, ref, atol=0.0, rtol=0.0):
    """Prints PASS/FAIL for |got - ref| <= atol + rtol * |ref| elementwise (exact by default)."""
    got, ref = np.asarray(got), np.asarray(ref)
    err = max_error(got, ref)
    ok = got.shape == ref.shape
    if ok and (np.issubdtype(got.dtype, np.integer) or got.dtype == np.bool_):
        ok = bool(np.array_equal(got.astype(np.int64), ref.astype(np.int64)))
    elif ok:
        g, r = got.astype(np.float64), ref.astype(np.float64)
        with np.errstate(invalid="ignore"):
            diff = np.abs(g - r)
        same = (g == r) | (np.isnan(g) & np.isnan(r))  # also equal infinities
        ok = bool(np.all(same | (diff <= atol + rtol * np.abs(r))))
    if ok:
        print("PASS %s" % name)
    else:
        print("FAIL %s: max err %.6g" % (name, err))
        _failures.append(name)
    return ok


def bf16_bits(x):
    """The bf16 bit patterns (uint16, round to nearest even) of float32 values: numpy has no bf16."""
    b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)


def dot_operands(dtype, a, b):
    """Arguments and float64 references of a dot's float32 operands `a` and `b` as `dtype`:
    "f16", "bf16" (passed as their bit patterns, which the kernel bitcasts) or "f32" (passed as
    they are; the reference keeps the top 19 bits, tf32 as the tensor cores read it)."""
    if dtype == "f16":
        a, b = a.astype(np.float16), b.astype(np.float16)
        return a, b, a.astype(np.float64), b.astype(np.float64)
    if dtype == "f32":
        truncate = lambda x: (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)
        return a, b, truncate(a).astype(np.float64), truncate(b).astype(np.float64)
    a_bits, b_bits = bf16_bits(a), bf16_bits(b)
    widen = lambda x: (x.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return a_bits, b_bits, widen(a_bits), widen(b_bits)


def finish():
    """Exits 1 when any check failed, else 0."""
    sys.stdout.flush()
    sys.exit(1 if _failures else 0)
