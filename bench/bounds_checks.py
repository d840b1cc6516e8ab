#!/usr/bin/env python3
"""The cost of tilec run's bounds checks: each kernel timed checked (the default) and with --unchecked.

Usage: TILEC=/path/to/tilec python3 bench/bounds_checks.py [--runs N]

`tilec run` compiles the kernel in checked mode (every load and store guarded against its array's
extent, lib/Pipeline/BoundsChecks.cpp) unless --unchecked is given. This runs each kernel both ways
with `--bench N` and prints the minimum and median launch times and the overhead of the checks
(checked / unchecked - 1). Minimums are the figures least disturbed by other load on a shared host.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")
BENCH = re.compile(r"bench: median ([0-9.]+) us, min ([0-9.]+) us")


def cases(tmp):
    """(name, file, kernel, defines, grid, args) per benchmark."""
    n = 1 << 22
    rng = np.random.default_rng(0)
    for name in ("x", "y", "out"):
        np.save(os.path.join(tmp, name + ".npy"), rng.standard_normal(n, dtype=np.float32))
    m = 512
    for name in ("a", "b", "c"):
        np.save(os.path.join(tmp, name + ".npy"), rng.standard_normal((m, m), dtype=np.float32))
    files = lambda *names: [os.path.join(tmp, x + ".npy") for x in names]  # noqa: E731
    yield ("vector_add 4M fp32", "vector_add.py", "add_kernel", ["-DBLOCK_SIZE=1024"],
           str(n // 1024), files("x", "y", "out") + [str(n)])
    yield ("matmul 512^3 fp32", "matmul.py", "matmul_kernel",
           ["-DBLOCK_SIZE_M=64", "-DBLOCK_SIZE_N=64", "-DBLOCK_SIZE_K=32"], f"{m // 64},{m // 64}",
           files("a", "b", "c") + [str(m)] * 3 + [str(m), "1", str(m), "1", str(m), "1"])

def time_run(tilec, case, out_dir, runs, unchecked):
    _, path, kernel, defines, grid, args = case
    cmd = [tilec, "run", os.path.join(EXAMPLES, path), "--kernel", kernel, "--grid", grid,
           "--out-dir", out_dir, "--bench", str(runs)] + defines
    if unchecked:
        cmd.append("--unchecked")
    proc = subprocess.run(cmd + ["--"] + args, capture_output=True, text=True)
    match = BENCH.search(proc.stdout)
    if proc.returncode or not match:
        sys.exit("failed: " + " ".join(cmd) + "\n" + proc.stdout + proc.stderr)
    return float(match.group(2)), float(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    opts = parser.parse_args()
    tilec = os.environ.get("TILEC", os.path.join(ROOT, "build", "bin", "tilec"))
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'kernel':<22}{'checked min/median us':>26}{'unchecked min/median us':>28}"
              f"{'overhead':>10}")
        for case in cases(tmp):
            checked = time_run(tilec, case, os.path.join(tmp, "o1"), opts.runs, False)
            unchecked = time_run(tilec, case, os.path.join(tmp, "o2"), opts.runs, True)
            print(f"{case[0]:<22}{checked[0]:>14.1f} /{checked[1]:>10.1f}"
                  f"{unchecked[0]:>16.1f} /{unchecked[1]:>10.1f}"
                  f"{100 * (checked[0] / unchecked[0] - 1):>9.1f}%")


if __name__ == "__main__":
    main()
