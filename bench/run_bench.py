#!/usr/bin/env python3
"""tilec CPU benchmarks: tilec kernels against hand-written C++ and OpenBLAS, one core and all cores.

Usage: TILEC=/path/to/tilec python3 bench/run_bench.py [--only NAME[,NAME]] [--threads 1|all|1,all]

For each kernel it measures the cold compile time (`tilec compile --emit so`, a fresh
process) and then, on one thread (TILEC_NUM_THREADS=1, reference THREADS=1) and on all
cores, the time of tilec (`tilec run --bench N`) and of the reference
(bench/reference/reference.cpp built with clang++-22 -O3 -march=native, OpenBLAS for sgemm).
Each line shows both times, the throughput and ratio = reference time / tilec time
(1.0 = as fast as the reference, higher is better). Times are the MINIMUM over the runs:
this machine is shared, and the minimum is the figure least disturbed by other load
(the median is printed alongside). Results are checked against numpy.
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "examples"))
import tilec_example as ex  # noqa: E402

EXAMPLES = os.path.join(ROOT, "examples")
CXX = os.environ.get("CXX_BENCH", "clang++-22")
BENCH_RE = re.compile(r"bench: median ([0-9.]+) us, min ([0-9.]+) us")


def build_reference(tmp):
    """Compiles bench/reference/reference.cpp; returns the binary's path."""
    exe = os.path.join(tmp, "reference")
    cmd = [CXX, "-O3", "-march=native", "-fopenmp-simd", "-std=c++17", "-w",
           os.path.join(HERE, "reference", "reference.cpp"), "-o", exe, "-lopenblas", "-lpthread"]
    subprocess.run(cmd, check=True)
    return exe


def parse_bench(out):
    match = BENCH_RE.search(out)
    if not match:
        raise RuntimeError("no bench line in:\n" + out)
    return float(match.group(1)), float(match.group(2))


def run_reference(exe, kernel, threads, runs, size):
    proc = subprocess.run([exe, kernel, str(threads), str(runs), str(size)],
                          capture_output=True, text=True, check=True)
    return parse_bench(proc.stdout)


def signature(args):
    """The signature `tilec run` compiles for these arguments: specialized as Triton's JIT
    does (arrays and integers divisible by 16 get ':16', integers equal to 1 get ':1')."""
    sig = []
    for arg in args:
        if isinstance(arg, np.ndarray):
            sig.append("*fp32:16")
        elif isinstance(arg, float):
            sig.append("fp32")
        else:
            sig.append("i32" + (":1" if arg == 1 else ":16" if arg % 16 == 0 else ""))
    return ",".join(sig)


def compile_cold(source, kernel, args, defines, tmp):
    """CPU time (user + system) of one `tilec compile --emit so` process, in ms: on a
    shared machine the CPU time is what the compiler costs; wall time counts other load."""
    cmd = [ex.tilec_binary(), "compile", source, "--kernel", kernel, "--signature",
           signature(args), "--emit", "so", "-o", os.path.join(tmp, kernel + ".so")]
    cmd += ["-D%s=%s" % kv for kv in defines.items()]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1e3


def run_tilec(source, kernel, grid, args, defines, threads, runs, tmp):
    """Runs the kernel through `tilec run`; returns (outputs, median us, min us)."""
    in_dir, out_dir = os.path.join(tmp, "in"), os.path.join(tmp, "out")
    shutil.rmtree(in_dir, ignore_errors=True)
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(in_dir)
    cli_args, names = [], []
    for i, arg in enumerate(args):
        if isinstance(arg, np.ndarray):
            name = os.path.join(in_dir, "arg%d.npy" % i)
            np.save(name, arg)
            cli_args.append(name)
            names.append(os.path.basename(name))
        else:
            cli_args.append(repr(arg) if isinstance(arg, float) else str(arg))
            names.append(None)
    grid = grid if isinstance(grid, (tuple, list)) else (grid,)
    cmd = [ex.tilec_binary(), "run", source, "--kernel", kernel, "--grid",
           ",".join(map(str, grid)), "--out-dir", out_dir, "--bench", str(runs),
           "--unchecked"]  # the production fast path (bounds checks: bench/bounds_checks.py)
    cmd += ["-D%s=%s" % kv for kv in defines.items()] + ["--"] + cli_args
    env = dict(os.environ)
    if threads == 1:
        env["TILEC_NUM_THREADS"] = "1"
    else:
        env.pop("TILEC_NUM_THREADS", None)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode:
        raise RuntimeError("tilec run failed:\n" + proc.stdout + proc.stderr)
    median, best = parse_bench(proc.stdout)
    outs = [np.load(os.path.join(out_dir, n)) if n else None for n in names]
    return outs, median, best


# ---------------------------------------------------------------------------- cases
# Each case: name, source, kernel, defines, grid, make() -> (args, check(outs) -> max error),
# reference kernel and size, work (flops or bytes) and its unit, runs.

def case_vector_add():
    n = 1 << 26
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    block = 4096
    args = [x, y, np.zeros(n, np.float32), n]
    check = lambda outs: float(np.max(np.abs(outs[2] - (x + y))))  # noqa: E731
    return dict(name="vector_add 2^26", source=os.path.join(EXAMPLES, "vector_add.py"),
                kernel="add_kernel", defines={"BLOCK_SIZE": block}, grid=n // block, args=args,
                check=check, ref=("vector_add", n), work=12.0 * n, unit="GB/s", runs=10)


def case_vector_add_streaming():
    case = case_vector_add()
    case.update(name="vector_add .cs 2^26",
                source=os.path.join(HERE, "kernels", "vector_add_streaming.py"))
    return case


def case_softmax():
    n = 4096
    x = np.random.default_rng(1).standard_normal((n, n), dtype=np.float32)

    def check(outs):
        z = np.exp(x - x.max(axis=1, keepdims=True))
        return float(np.max(np.abs(outs[0] - z / z.sum(axis=1, keepdims=True))))
    return dict(name="softmax 4096x4096", source=os.path.join(EXAMPLES, "softmax.py"),
                kernel="softmax_kernel", defines={"BLOCK_SIZE": n}, grid=n,
                args=[np.zeros_like(x), x, n, n, n, n], check=check, ref=("softmax", n),
                work=8.0 * n * n, unit="GB/s", runs=10)


def case_layer_norm():
    n = 4096
    rng = np.random.default_rng(2)
    x = rng.standard_normal((n, n), dtype=np.float32)
    w, b = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)

    def check(outs):
        x64 = x.astype(np.float64)
        mu = x64.mean(axis=1, keepdims=True)
        ref = (x64 - mu) / np.sqrt(x64.var(axis=1, keepdims=True) + 1e-5) * w + b
        return float(np.max(np.abs(outs[1] - ref)))
    args = [x, np.zeros_like(x), w, b, np.zeros(n, np.float32), np.zeros(n, np.float32), n, n,
            1e-5]
    return dict(name="layer_norm 4096x4096", source=os.path.join(EXAMPLES, "layer_norm.py"),
                kernel="_layer_norm_fwd_fused", defines={"BLOCK_SIZE": 1024}, grid=n, args=args,
                check=check, ref=("layer_norm", n), work=8.0 * n * n, unit="GB/s", runs=10)


MATMUL_BLOCKS = {"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32}


def case_matmul(n):
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((n, n), dtype=np.float32), rng.standard_normal((n, n),
                                                                              dtype=np.float32)

    def check(outs):
        ref = a.astype(np.float64) @ b.astype(np.float64)
        return float(np.max(np.abs(outs[2] - ref)) / max(1.0, np.sqrt(n)))
    bm, bn = MATMUL_BLOCKS["BLOCK_SIZE_M"], MATMUL_BLOCKS["BLOCK_SIZE_N"]
    return dict(name="matmul %d" % n, source=os.path.join(EXAMPLES, "matmul.py"),
                kernel="matmul_kernel", defines=MATMUL_BLOCKS,
                grid=((n + bm - 1) // bm, (n + bn - 1) // bn),
                args=[a, b, np.zeros((n, n), np.float32), n, n, n, n, 1, n, 1, n, 1],
                check=check, ref=("sgemm", n), work=2.0 * n ** 3, unit="GFLOP/s",
                runs=10 if n <= 1024 else 3)


ATTN_BLOCKS = {"HEAD_DIM": 64, "BLOCK_M": 64, "BLOCK_N": 64}


def case_attention():
    bh, seq, d = 8, 1024, ATTN_BLOCKS["HEAD_DIM"]
    rng = np.random.default_rng(4)
    q, k, v = (rng.standard_normal((bh, seq, d), dtype=np.float32) for _ in range(3))
    scale = 1.0 / np.sqrt(d)

    def check(outs):
        s = np.einsum("hqd,hkd->hqk", q.astype(np.float64), k.astype(np.float64)) * scale
        p = np.exp(s - s.max(axis=2, keepdims=True))
        ref = np.einsum("hqk,hkd->hqd", p / p.sum(axis=2, keepdims=True), v)
        return float(np.max(np.abs(outs[3] - ref)))
    return dict(name="attention 8x1024x64", source=os.path.join(HERE, "kernels", "attention.py"),
                kernel="attn_fwd", defines=ATTN_BLOCKS, grid=(seq // ATTN_BLOCKS["BLOCK_M"], bh),
                args=[q, k, v, np.zeros_like(q), seq, float(scale)], check=check,
                ref=("attention", seq), work=4.0 * bh * seq * seq * d, unit="GFLOP/s", runs=3)


CASES = [case_vector_add, case_vector_add_streaming, case_softmax, case_layer_norm, lambda: case_matmul(512),
         lambda: case_matmul(1024), lambda: case_matmul(2048), case_attention]
TOLERANCE = 1e-3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated name prefixes to run")
    parser.add_argument("--threads", default="1,all", help="thread counts: 1, all or both")
    args = parser.parse_args()
    only = [s for s in args.only.split(",") if s]
    ncpu = os.cpu_count() or 1
    thread_counts = [1 if t == "1" else ncpu for t in args.threads.split(",")]
    start = time.perf_counter()
    print("tilec: %s   cores: %d" % (ex.tilec_binary(), ncpu))
    rows = []
    with tempfile.TemporaryDirectory(prefix="tilec-bench-",
                                     dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as tmp:
        ref_exe = build_reference(tmp)
        # OpenBLAS picks its kernels from the CPU unless OPENBLAS_CORETYPE forces a family
        # (e.g. Haswell = AVX2 on an AVX-512 machine): say which one the matmul figures use.
        core = subprocess.run([ref_exe, "openblas_core", "1", "1"], capture_output=True,
                              text=True, check=True).stdout.strip()
        print("OpenBLAS core: %s (OPENBLAS_CORETYPE=%s)"
              % (core, os.environ.get("OPENBLAS_CORETYPE", "unset")))
        for make in CASES:
            case = make()
            if only and not any(case["name"].startswith(o) for o in only):
                continue
            compile_ms = compile_cold(case["source"], case["kernel"], case["args"],
                                      case["defines"], tmp)
            print("%-22s cold compile %7.0f ms (CPU time)" % (case["name"], compile_ms), flush=True)
            for threads in thread_counts:
                outs, t_med, t_min = run_tilec(case["source"], case["kernel"], case["grid"],
                                               case["args"], case["defines"], threads,
                                               case["runs"], tmp)
                err = case["check"](outs)
                r_med, r_min = run_reference(ref_exe, case["ref"][0], threads, case["runs"],
                                             case["ref"][1])
                rate = lambda us: case["work"] / us * 1e-3  # noqa: E731  (work/us -> G/s)
                row = dict(name=case["name"], threads=threads, tilec=t_min, tilec_med=t_med,
                           ref=r_min, ref_med=r_med, unit=case["unit"], rate=rate(t_min),
                           ref_rate=rate(r_min), ratio=r_min / t_min, compile_ms=compile_ms,
                           ok=err < TOLERANCE, err=err)
                rows.append(row)
                print("  %d thread(s): tilec %10.0f us (median %10.0f) %7.1f %-7s | ref %10.0f us"
                      " (median %10.0f) %7.1f | ratio %.2f | %s err=%.2g"
                      % (threads, t_min, t_med, row["rate"], row["unit"], r_min, r_med,
                         row["ref_rate"], row["ratio"], "ok" if row["ok"] else "WRONG", err),
                      flush=True)
    print()
    print("%-22s %3s %12s %12s %9s %9s %-8s %6s %9s %s" % (
        "kernel", "thr", "tilec us", "ref us", "tilec", "ref", "unit", "ratio", "compile", "check"))
    for r in rows:
        print("%-22s %3d %12.0f %12.0f %9.1f %9.1f %-8s %6.2f %7.0fms %s" % (
            r["name"], r["threads"], r["tilec"], r["ref"], r["rate"], r["ref_rate"], r["unit"],
            r["ratio"], r["compile_ms"], "ok" if r["ok"] else "WRONG"))
    print("ratio = reference time / tilec time (ref: hand-written C++, OpenBLAS for matmul);"
          " times are minima over the runs")
    print("total bench time: %.0f s" % (time.perf_counter() - start))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
