#!/usr/bin/env python3
"""tilec CPU benchmarks: tilec kernels against hand-written C++ and OpenBLAS, one core and all cores.

Usage: TILEC=/path/to/tilec python3 bench/run_bench.py [--only NAME[,NAME]] [--threads 1|all|1,all]
       [--runs N]

For each kernel it measures the cold compile time (`tilec compile --emit so`, a fresh
process) and then, on one thread (TILEC_NUM_THREADS=1, reference THREADS=1) and on all
cores, the time of tilec (`tilec run --bench N`) and of the reference
(bench/reference/reference.cpp built with clang++-22 -O3 -march=native, OpenBLAS for sgemm).
Each line shows both times, the throughput and ratio = reference time / tilec time
(1.0 = as fast as the reference, higher is better). Times are the MINIMUM over the runs:
this machine is shared, and the minimum is the figure least disturbed by other load
(the median is printed alongside). Results are checked against numpy.

The memory-bound references (vector add, softmax, layer norm) have several variants
(AVX-512, AVX2, each with ordinary or non-temporal stores, and `omp simd` loops); the reference
program checks every variant this CPU runs against a scalar reference, times those that agree
and reports the fastest, whose name is printed: the ratio is against the best of them. A
variant that disagrees is an error (the row is marked REF-WRONG), never a timing.

A STREAM-style triad (a[i] = b[i] + s * c[i] over three 2^26-float arrays, 256 MiB each, far
larger than the last-level cache; best variant, best of N) is measured for each thread count
before the kernels and again after them (the better figure counts). Bytes are counted as
STREAM does: reads plus writes, 12 bytes per element, without the write-allocate read of a;
the memory-bound kernels' GB/s count their compulsory traffic the same way and are also
printed as a fraction of the triad's GB/s at the same thread count.
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
BEST_RE = re.compile(r"\(best: ([\w-]+)\)")
VARIANT_RE = re.compile(r"variant ([\w-]+): median [0-9.]+ us, min ([0-9.]+) us")
SKIPPED_RE = re.compile(r"\w+ ([\w-]+): not supported by this CPU")
TRIAD_N = 1 << 26  # floats per triad array (reference.cpp's default size)
TRIAD_RUNS = 10
MEMORY_BOUND = ("vector_add", "softmax", "layer_norm")  # the cases compared with the triad


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


def run_reference(exe, kernel, threads, runs, size=None):
    """Runs one reference kernel; returns (median us, min us, best variant or None, ok).
    ok is False when a variant disagreed with the reference's scalar check (exit status 3:
    the figures are the best of the variants that agreed)."""
    cmd = [exe, kernel, str(threads), str(runs)] + ([str(size)] if size else [])
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode not in (0, 3):
        raise RuntimeError("reference %s failed:\n%s%s" % (kernel, proc.stdout, proc.stderr))
    if proc.returncode:
        print("  REFERENCE ERROR:\n    " + proc.stderr.strip().replace("\n", "\n    "),
              flush=True)
    if proc.returncode and not BENCH_RE.search(proc.stdout):  # no variant agreed: no time
        return float("nan"), float("nan"), None, False
    median, best = parse_bench(proc.stdout)
    variant = BEST_RE.search(proc.stdout)
    timed = ["%s %.0f" % (name, float(us)) for name, us in VARIANT_RE.findall(proc.stdout)]
    if timed:
        skipped = SKIPPED_RE.findall(proc.stdout)
        print("    reference variants (min us): %s%s" % (
            ", ".join(timed), "; not on this CPU: " + ", ".join(skipped) if skipped else ""))
    return median, best, variant.group(1) if variant else None, proc.returncode == 0


def measure_triad(exe, thread_counts):
    """STREAM-style triad GB/s for each thread count (12 bytes per element, as STREAM)."""
    triad = {}
    for threads in thread_counts:
        median, best, variant, ok = run_reference(exe, "triad", threads, TRIAD_RUNS, TRIAD_N)
        if not ok:
            raise RuntimeError("the triad's variants disagree with its scalar reference")
        triad[threads] = 12.0 * TRIAD_N / best * 1e-3
        print("triad a=b+s*c 3x%d MiB, %d thread(s): %7.1f GB/s (best of %d, median %.1f GB/s;"
              " %s)" % (TRIAD_N * 4 >> 20, threads, triad[threads], TRIAD_RUNS,
                        12.0 * TRIAD_N / median * 1e-3, variant), flush=True)
    return triad


POINTER_TYPES = {"float32": "fp32", "uint16": "u16", "int8": "i8", "int32": "i32"}


def signature(args):
    """The signature `tilec run` compiles for these arguments: specialized as Triton's JIT
    does (arrays and integers divisible by 16 get ':16', integers equal to 1 get ':1')."""
    sig = []
    for arg in args:
        if isinstance(arg, np.ndarray):
            sig.append("*%s:16" % POINTER_TYPES[arg.dtype.name])
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


def bf16_bits(x):
    """float32 values rounded to bf16 (to nearest even): the bit patterns, as uint16."""
    b = x.view(np.uint32).astype(np.uint64)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)


def case_matmul_lowp(n, dtype):
    """The tutorial matmul on bf16 (fp32 accumulator) or int8 (int32) inputs, same blocks as
    fp32; the reference column is OpenBLAS's fp32 sgemm, and the summary compares the
    rate with tilec's fp32 matmul of the same size."""
    rng = np.random.default_rng(3)
    if dtype == "bf16":
        a, b = (bf16_bits(rng.standard_normal((n, n), dtype=np.float32)) for _ in range(2))
        a64, b64 = ((x.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
                    for x in (a, b))
        out = np.zeros((n, n), np.float32)
    else:
        a, b = (rng.integers(-128, 128, (n, n)).astype(np.int8) for _ in range(2))
        a64, b64 = a.astype(np.float64), b.astype(np.float64)  # sums < 2^53: exact
        out = np.zeros((n, n), np.int32)

    def check(outs):
        ref = a64 @ b64
        return float(np.max(np.abs(outs[2] - ref)) / (max(1.0, np.sqrt(n)) if dtype == "bf16"
                                                      else 1.0))
    bm, bn = MATMUL_BLOCKS["BLOCK_SIZE_M"], MATMUL_BLOCKS["BLOCK_SIZE_N"]
    return dict(name="matmul %s %d" % (dtype, n),
                source=os.path.join(HERE, "kernels", "matmul_lowp.py"),
                kernel="matmul_lowp_kernel", defines=dict(MATMUL_BLOCKS, INT8=int(dtype == "int8")),
                grid=((n + bm - 1) // bm, (n + bn - 1) // bn),
                args=[a, b, out, n, n, n, n, 1, n, 1, n, 1], check=check, ref=("sgemm", n),
                work=2.0 * n ** 3, unit="GFLOP/s" if dtype == "bf16" else "GOP/s",
                runs=3, versus="matmul %d" % n)


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
         lambda: case_matmul(1024), lambda: case_matmul(2048),
         lambda: case_matmul_lowp(2048, "bf16"), lambda: case_matmul_lowp(2048, "int8"),
         case_attention]
TOLERANCE = 1e-3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated name prefixes to run")
    parser.add_argument("--threads", default="1,all", help="thread counts: 1, all or both")
    parser.add_argument("--runs", type=int, default=0,
                        help="timed runs per kernel and thread count (default: each case's own)")
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
        print("GB/s count reads + writes, not write-allocate reads (as STREAM)")
        wanted = [n for n in MEMORY_BOUND
                  if not only or any(n.startswith(o) or o.startswith(n) for o in only)]
        triad = measure_triad(ref_exe, sorted(set(thread_counts))) if wanted else {}
        for make in CASES:
            case = make()
            if args.runs > 0:
                case["runs"] = args.runs
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
                r_med, r_min, variant, ref_ok = run_reference(
                    ref_exe, case["ref"][0], threads, case["runs"], case["ref"][1])
                rate = lambda us: case["work"] / us * 1e-3  # noqa: E731  (work/us -> G/s)
                row = dict(name=case["name"], threads=threads, tilec=t_min, tilec_med=t_med,
                           ref=r_min, ref_med=r_med, unit=case["unit"], rate=rate(t_min),
                           ref_rate=rate(r_min), ratio=r_min / t_min, compile_ms=compile_ms,
                           ok=err < TOLERANCE and ref_ok, err=err, variant=variant or "",
                           versus=case.get("versus"),
                           status="ok" if ref_ok and err < TOLERANCE
                           else "WRONG" if ref_ok else "REF-WRONG")
                rows.append(row)
                print("  %d thread(s): tilec %10.0f us (median %10.0f) %7.1f %-7s | ref %10.0f us"
                      " (median %10.0f) %7.1f%s | ratio %.2f | %s err=%.2g"
                      % (threads, t_min, t_med, row["rate"], row["unit"], r_min, r_med,
                         row["ref_rate"], " (%s)" % variant if variant else "", row["ratio"],
                         row["status"], err), flush=True)
        # The triad again after the kernels: the better of the two measurements is the
        # denominator (one may have shared the memory bus with another tenant's burst).
        if any(r["unit"] == "GB/s" for r in rows):
            for threads, rate in measure_triad(ref_exe, sorted(triad)).items():
                triad[threads] = max(triad[threads], rate)
    for r in rows:
        bytes_rate = r["unit"] == "GB/s"
        r["frac"] = r["rate"] / triad[r["threads"]] if bytes_rate else None
        r["ref_frac"] = r["ref_rate"] / triad[r["threads"]] if bytes_rate else None
    print()
    frac = lambda f: "%6.2f" % f if f is not None else "%6s" % "-"  # noqa: E731
    print("%-22s %3s %12s %12s %9s %9s %-8s %6s %6s %6s %-10s %9s %s" % (
        "kernel", "thr", "tilec us", "ref us", "tilec", "ref", "unit", "ratio", "t/trd",
        "r/trd", "ref var", "compile", "check"))
    for r in rows:
        print("%-22s %3d %12.0f %12.0f %9.1f %9.1f %-8s %6.2f %s %s %-10s %7.0fms %s" % (
            r["name"], r["threads"], r["tilec"], r["ref"], r["rate"], r["ref_rate"], r["unit"],
            r["ratio"], frac(r["frac"]), frac(r["ref_frac"]), r["variant"] or "-",
            r["compile_ms"], r["status"]))
    # Low-precision dots against tilec's own fp32 matmul of the same size (issue 15: bf16 at
    # >= 1.5x fp32).
    for r in rows:
        base = [f for f in rows if f["name"] == r["versus"] and f["threads"] == r["threads"]]
        if r["versus"] and base:
            print("%s, %d thread(s): %.2fx tilec's %s (%.1f vs %.1f G/s)" % (
                r["name"], r["threads"], r["rate"] / base[0]["rate"], r["versus"], r["rate"],
                base[0]["rate"]))
    print("triad (best of the measurements before and after the kernels): "
          + ", ".join("%d thread(s) %.1f GB/s" % kv for kv in sorted(triad.items())))
    print("ratio = reference time / tilec time (ref: the fastest reference variant that agrees"
          " with the scalar check, OpenBLAS for matmul); t/trd, r/trd = tilec's, the"
          " reference's GB/s / the triad's at the same thread count; times are minima over"
          " the runs")
    print("total bench time: %.0f s" % (time.perf_counter() - start))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
