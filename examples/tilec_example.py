"""Shared host-side helper of the examples: runs a kernel through `tilec run`.

Each example file holds Triton-language kernels (compiled by tilec's C++ frontend,
which skips this host code) and a `main` that makes inputs with numpy, runs the
kernel on the best device present, checks the result against numpy and prints
the check and the time.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import types

import numpy as np

# Stand-ins so example files import without Triton: tilec's frontend reads the
# kernels from the source; Python only evaluates the decorator and annotations.
jit = lambda fn: fn  # noqa: E731
tl = types.SimpleNamespace(constexpr="tl.constexpr")


def tilec_binary():
    """The tilec CLI: $TILEC, else ../build/bin/tilec, else tilec on PATH."""
    if os.environ.get("TILEC"):
        return os.environ["TILEC"]
    here = os.path.dirname(os.path.abspath(__file__))
    local = os.path.join(here, "..", "build", "bin", "tilec")
    if os.path.exists(local):
        return local
    found = shutil.which("tilec")
    if not found:
        sys.exit("tilec not found: build it or set TILEC=/path/to/tilec")
    return found


def scalar_arg(value):
    """The command-line spelling of a scalar argument: ints as i32 (i64 when out of range),
    floats as fp32, bools as i1."""
    if isinstance(value, (bool, np.bool_)):
        return "True" if value else "False"
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    return str(int(value))


def run(source, kernel, grid, args, defines=None, bench=0, flags=()):
    """Runs `kernel` of `source` over `grid` with `args` (numpy arrays are
    pointer arguments, Python ints/floats scalars); `flags` are more `tilec
    run` options (e.g. `--num-stages 2`). Returns (arrays after the launch, in
    argument order; median microseconds or None)."""
    defines = defines or {}
    with tempfile.TemporaryDirectory(prefix="tilec-example-") as tmp:
        in_dir = os.path.join(tmp, "in")
        out_dir = os.path.join(tmp, "out")
        os.makedirs(in_dir)
        cli_args, array_names = [], []
        for i, arg in enumerate(args):
            if isinstance(arg, np.ndarray):
                name = "arg%d.npy" % i
                np.save(os.path.join(in_dir, name), np.ascontiguousarray(arg))
                cli_args.append(os.path.join(in_dir, name))
                array_names.append(name)
            else:
                cli_args.append(scalar_arg(arg))
                array_names.append(None)
        grid = grid if isinstance(grid, (tuple, list)) else (grid,)
        cmd = [tilec_binary(), "run", source, "--kernel", kernel,
               "--grid", ",".join(str(g) for g in grid), "--out-dir", out_dir]
        for name, value in defines.items():
            cmd.append("-D%s=%s" % (name, value))
        if bench:
            cmd += ["--bench", str(bench)]
        cmd += list(flags) + ["--"] + cli_args
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.stderr.write(proc.stdout + proc.stderr)
            raise RuntimeError("tilec run failed for %s:%s" % (source, kernel))
        median = None
        match = re.search(r"bench: median ([0-9.]+) us", proc.stdout)
        if match:
            median = float(match.group(1))
        outputs = [np.load(os.path.join(out_dir, n)) if n else None for n in array_names]
        return outputs, median


def report(name, ok, max_err, median_us):
    """Prints one example's correctness check and time."""
    timing = "%.1f us" % median_us if median_us is not None else "n/a"
    print("%-28s %s  max_abs_err=%.3g  time=%s" % (name, "PASS" if ok else "FAIL",
                                                   max_err, timing))
    return ok
