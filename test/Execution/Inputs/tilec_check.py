"""Shared host code of the execution tests: runs a kernel with `tilec run` and checks it with numpy.

A test file holds Triton-language kernels (read by tilec's frontend, which skips host code) and
host code that imports this module. `jit`/`tl` are stand-ins so the file imports without Triton.
`run` writes the array arguments as .npy files, runs `tilec run` (tilec from $TILEC or PATH) and
returns the arrays written back; `check` compares with a numpy reference and prints
`PASS name` or `FAIL name: max err E`; `finish` exits non-zero when any check failed.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import types

import numpy as np

jit = lambda fn: fn  # noqa: E731
tl = types.SimpleNamespace(constexpr="tl.constexpr")

_failures = []


def _tilec():
    found = os.environ.get("TILEC") or shutil.which("tilec")
    if not found:
        sys.exit("tilec not found on PATH (set TILEC)")
    return found


def scalar_arg(value):
    """The command-line spelling of a scalar argument: ints as i32 (i64 when out of range),
    floats as fp32, bools as i1."""
    if isinstance(value, (bool, np.bool_)):
        return "True" if value else "False"
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    return str(int(value))


def run(source, kernel, grid, args, defines=None):
    """Runs `kernel` of `source` over `grid` (int or tuple) with `args` (numpy arrays become
    pointer arguments). Returns the arguments after the launch: arrays read back, scalars None."""
    with tempfile.TemporaryDirectory(prefix="tilec-exec-") as tmp:
        out_dir = os.path.join(tmp, "out")
        cli_args, names = [], []
        for i, arg in enumerate(args):
            if isinstance(arg, np.ndarray):
                name = "arg%d.npy" % i
                np.save(os.path.join(tmp, name), np.ascontiguousarray(arg))
                cli_args.append(os.path.join(tmp, name))
                names.append(name)
            else:
                cli_args.append(scalar_arg(arg))
                names.append(None)
        grid = grid if isinstance(grid, (tuple, list)) else (grid,)
        cmd = [_tilec(), "run", source, "--kernel", kernel,
               "--grid", ",".join(str(g) for g in grid), "--out-dir", out_dir]
        cmd += ["-D%s=%s" % item for item in (defines or {}).items()]
        cmd += ["--"] + cli_args
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.stdout.write(proc.stdout + proc.stderr)
            print("FAIL %s: tilec run exited with %d" % (kernel, proc.returncode))
            sys.stdout.flush()
            sys.exit(1)
        return [np.load(os.path.join(out_dir, n)) if n else None for n in names]


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


def finish():
    """Exits 1 when any check failed, else 0."""
    sys.stdout.flush()
    sys.exit(1 if _failures else 0)
