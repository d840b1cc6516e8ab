#!/usr/bin/env python3
# Compile time of every conformance-suite kernel specialization for sm_80, sm_90 and gfx942: tilec vs Triton 3.9 (issue 11's 2x criterion).
"""Usage:
  # 1. record the specializations the conformance suite compiles (CPU run, see docs/python.md)
  TILEC_RECORD_KERNELS=/tmp/kernels.jsonl PYTHONPATH=build/python \\
      python3 -m pytest -q -p no:cacheprovider test/conformance
  # 2. compile each with both compilers
  TILEC=build/bin/tilec python3 bench/conformance_gpu_compile.py /tmp/kernels.jsonl \\
      --triton-python /opt/triton-ref/bin/python [--targets sm_80,sm_90,gfx942] [--jobs 2]
      [--timeout 120] [--limit N] [--json OUT.json]

Every distinct (source, kernel, signature, constexprs, num_warps) of the recording is compiled
at num_warps 4, and also at the recorded num_warps when it differs, for each target:
- tilec: `tilec compile --target nvptx|amdgpu --arch ... --emit ptx|hsaco`, and for NVPTX
  `ptxas -arch=<the PTX's .target>` to a cubin; tilec's time is the sum of both processes.
- Triton: `triton.compile(ASTSource(...), target=GPUTarget(...))` in a fresh cache directory,
  in a long-lived Triton process per worker (bench/triton_ref_compile.py --serve): the time is
  triton.compile's wall time, which includes its own ptxas / lld (interpreter start and
  `import triton` are paid once per worker, not per kernel).
At most --jobs (default 2) compiles run at once; each process has the --timeout.

Printed per target: kernels compiled / failed / timed out on each side, total and median compile
times, the ratio of totals tilec/Triton over the kernels both compile, the 10 worst kernels by
ratio, every tilec failure or timeout where Triton compiles (with a reproducer command), and
the kernels Triton fails on (excluded from the ratio). The exit status is non-zero only for
errors of the harness (bad flags, missing tools, unreadable recording).
"""
import argparse
import json
import os
import re
import select
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gpu_codegen import first_error_line, run_tool  # noqa: E402  (the same tool runner)

ROOT = os.path.dirname(HERE)
TRITON_HELPER = os.path.join(HERE, "triton_ref_compile.py")
TARGETS = {"sm_80": "nvptx", "sm_90": "nvptx", "gfx942": "amdgpu"}


class HarnessError(Exception):
    """A failure of this script or its tools, not of a compiler under test."""


def load_recording(path):
    """The distinct specializations of a TILEC_RECORD_KERNELS file, in first-seen order, each
    with the tests that compiled it."""
    specs = {}
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    r = json.loads(line)
                    key = (r["source"], r["kernel"], r["signature"],
                           tuple(sorted(r["constexprs"].items())), int(r["num_warps"]))
                except (ValueError, KeyError, TypeError, AttributeError) as e:
                    raise HarnessError("%s:%d: not a kernel record (%s)" % (path, number, e))
                spec = specs.setdefault(key, dict(source=r["source"], kernel=r["kernel"],
                                                  signature=r["signature"],
                                                  constexprs=r["constexprs"],
                                                  num_warps=int(r["num_warps"]), tests=[]))
                if r.get("test") and r["test"] not in spec["tests"]:
                    spec["tests"].append(r["test"])
    except OSError as e:
        raise HarnessError("cannot read the recording: %s" % e)
    return list(specs.values())


def tilec_command(tilec, spec, arch, num_warps, out_path):
    target = TARGETS[arch]
    cmd = [tilec, "compile", spec["source"], "--kernel", spec["kernel"],
           "--signature", spec["signature"], "--target", target, "--arch", arch,
           "--num-warps", str(num_warps), "--emit", "ptx" if target == "nvptx" else "hsaco",
           "-o", out_path]
    for name, value in spec["constexprs"].items():
        cmd += ["-D", "%s=%s" % (name, value)]
    return cmd


def reproducer(spec, arch, num_warps):
    """The command line of one compile (tilec, and ptxas for NVPTX), run from the repository
    root, for bug reports (output to /tmp/out.*)."""
    ext = "ptx" if TARGETS[arch] == "nvptx" else "hsaco"
    cmd = tilec_command("tilec", spec, arch, num_warps, "/tmp/out." + ext)
    line = " ".join(shlex.quote(os.path.relpath(a, ROOT) if a == spec["source"] else a)
                    for a in cmd)
    if ext == "ptx":
        line += " && ptxas -arch=%s /tmp/out.ptx -o /tmp/out.cubin" % arch
    return line


def compile_tilec(spec, arch, num_warps, work_dir, args):
    """{"status": ok|FAIL|TIMEOUT, "seconds", "error"}; NVPTX adds ptxas to a cubin."""
    ext = "ptx" if TARGETS[arch] == "nvptx" else "hsaco"
    out_path = os.path.join(work_dir, "tilec." + ext)
    proc, seconds = run_tool(tilec_command(args.tilec, spec, arch, num_warps, out_path),
                             args.timeout)
    if proc is None:
        return dict(status="TIMEOUT", seconds=seconds, error="tilec compile: timeout")
    if proc.returncode != 0:
        return dict(status="FAIL", seconds=seconds,
                    error=first_error_line(proc.stderr + proc.stdout))
    if ext == "ptx":
        with open(out_path) as f:
            match = re.search(r"^\.target\s+(\w+)", f.read(), re.MULTILINE)
        ptx_arch = match.group(1) if match else arch
        proc, ptxas_s = run_tool([args.ptxas, "-arch=" + ptx_arch, out_path, "-o",
                                  os.path.join(work_dir, "tilec.cubin")], args.timeout)
        seconds += ptxas_s
        if proc is None:
            return dict(status="TIMEOUT", seconds=seconds, error="ptxas: timeout")
        if proc.returncode != 0:
            return dict(status="FAIL", seconds=seconds,
                        error="ptxas: " + first_error_line(proc.stderr + proc.stdout))
    return dict(status="ok", seconds=seconds, error=None)


class TritonServer:
    """One long-lived `triton_ref_compile.py --serve` process (one per worker thread)."""

    def __init__(self, python, timeout):
        self.python, self.timeout, self.proc = python, timeout, None

    def start(self):
        # Fusion on is Triton 3.9's default; setting it silences the warning about 3.10.
        env = dict(os.environ, TRITON_DEFAULT_FP_FUSION="1")
        self.proc = subprocess.Popen([self.python, TRITON_HELPER, "--serve"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True,
                                     start_new_session=True, env=env)

    def stop(self):
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait()
            self.proc = None

    def compile(self, request):
        """The reply dict, or None on timeout (the server is then restarted)."""
        if self.proc is None:
            self.start()
        start = time.perf_counter()
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.stop()
            raise HarnessError("the Triton helper (%s) exited" % self.python)
        # The first request of a server also waits for `import triton`; it is not timed.
        limit = self.timeout + (60 if request.get("first") else 0)
        ready, _, _ = select.select([self.proc.stdout], [], [], limit)
        if not ready:
            self.stop()
            return dict(ok=False, timeout=True, seconds=time.perf_counter() - start)
        line = self.proc.stdout.readline()
        if not line:
            code = self.proc.poll()
            self.stop()
            # A crash of Triton itself (a signal, an abort in its C++) is a failure of Triton.
            return dict(ok=False, error="the Triton process died (exit status %s)" % code)
        try:
            return json.loads(line)
        except ValueError:
            self.stop()
            raise HarnessError("the Triton helper replied %r" % line[:200])


_local = threading.local()
_servers = []
_servers_lock = threading.Lock()


def compile_triton(spec, arch, num_warps, work_dir, args):
    server = getattr(_local, "server", None)
    first = server is None
    if first:
        server = _local.server = TritonServer(args.triton_python, args.timeout)
        with _servers_lock:
            _servers.append(server)
    request = dict(source=spec["source"], kernel=spec["kernel"],
                   signature=spec["signature"].split(",") if spec["signature"] else [],
                   constexprs=spec["constexprs"], constexpr_text=True, loader="module",
                   target=TARGETS[arch], arch=arch, num_warps=num_warps, out_dir=work_dir,
                   first=first or server.proc is None)
    reply = server.compile(request)
    if reply.get("timeout"):
        return dict(status="TIMEOUT", seconds=reply["seconds"], error="triton.compile: timeout")
    if not reply["ok"]:
        return dict(status="FAIL", seconds=None, error=reply["error"])
    return dict(status="ok", seconds=reply["compile_s"], error=None)


def run_job(job, args, scratch):
    spec, arch, num_warps = job
    work_dir = tempfile.mkdtemp(dir=scratch)
    result = dict(kernel=spec["kernel"], source=os.path.relpath(spec["source"], ROOT),
                  signature=spec["signature"], constexprs=spec["constexprs"], arch=arch,
                  num_warps=num_warps, test=spec["tests"][0] if spec["tests"] else "",
                  reproducer=reproducer(spec, arch, num_warps))
    result["tilec"] = compile_tilec(spec, arch, num_warps, work_dir, args)
    if args.triton_python:
        result["triton"] = compile_triton(spec, arch, num_warps, work_dir, args)
    subprocess.run(["rm", "-rf", work_dir])
    return result


def label(r):
    consts = ",".join("%s=%s" % kv for kv in r["constexprs"].items())
    return "%s[%s|%s|nw%d]" % (r["kernel"], r["signature"], consts, r["num_warps"])


def summarize(results, arch):
    rows = [r for r in results if r["arch"] == arch]
    summary = dict(arch=arch, specializations=len(rows))
    for side in ("tilec", "triton"):
        if rows and side not in rows[0]:
            continue
        times = [r[side]["seconds"] for r in rows if r[side]["status"] == "ok"]
        summary[side] = dict(
            ok=len(times), failed=sum(r[side]["status"] == "FAIL" for r in rows),
            timed_out=sum(r[side]["status"] == "TIMEOUT" for r in rows),
            total_s=sum(times), median_s=statistics.median(times) if times else None)
    if rows and "triton" in rows[0]:
        both = [r for r in rows if r["tilec"]["status"] == "ok" and r["triton"]["status"] == "ok"]
        tilec_total = sum(r["tilec"]["seconds"] for r in both)
        triton_total = sum(r["triton"]["seconds"] for r in both)
        summary["both_ok"] = len(both)
        summary["both_tilec_total_s"] = tilec_total
        summary["both_triton_total_s"] = triton_total
        summary["ratio"] = tilec_total / triton_total if triton_total else None
        for r in both:
            r["ratio"] = r["tilec"]["seconds"] / r["triton"]["seconds"]
        summary["worst"] = sorted(both, key=lambda r: -r["ratio"])[:10]
        summary["tilec_failures"] = [r for r in rows if r["tilec"]["status"] != "ok"
                                     and r["triton"]["status"] == "ok"]
        summary["triton_failures"] = [r for r in rows if r["triton"]["status"] != "ok"]
    else:
        summary["tilec_failures"] = [r for r in rows if r["tilec"]["status"] != "ok"]
    return summary


def fmt(seconds):
    return "-" if seconds is None else "%.2f" % seconds


def print_summary(s):
    print("\n== %s: %d specializations" % (s["arch"], s["specializations"]))
    for side in ("tilec", "triton"):
        if side in s:
            t = s[side]
            print("  %-7s compiled %4d  failed %4d  timed out %3d  total %8s s  median %6s s"
                  % (side, t["ok"], t["failed"], t["timed_out"], fmt(t["total_s"]),
                     fmt(t["median_s"])))
    if "ratio" in s:
        print("  both compile %d: tilec %s s, Triton %s s, ratio tilec/Triton %s"
              % (s["both_ok"], fmt(s["both_tilec_total_s"]), fmt(s["both_triton_total_s"]),
                 "-" if s["ratio"] is None else "%.3f" % s["ratio"]))
        print("  worst 10 by ratio (tilec s / Triton s):")
        for r in s["worst"]:
            print("    %5.2f  %6.2f / %5.2f  %s  (%s)" % (r["ratio"], r["tilec"]["seconds"],
                                                      r["triton"]["seconds"], label(r), r["test"]))
    failures = s["tilec_failures"]
    print("  tilec failures/timeouts%s: %d" % (" where Triton compiles" if "ratio" in s else "",
                                              len(failures)))
    for r in failures:
        print("    %s %s  (%s)\n      %s\n      $ %s" % (r["tilec"]["status"], label(r), r["test"],
                                                         r["tilec"]["error"], r["reproducer"]))
    if "triton_failures" in s:
        print("  Triton failures/timeouts (excluded from the ratio), by error: %d"
              % len(s["triton_failures"]))
        groups = {}
        for r in s["triton_failures"]:
            groups.setdefault((r["triton"]["status"], r["triton"]["error"]), []).append(r)
        for (status, error), rows in sorted(groups.items(), key=lambda g: -len(g[1])):
            kernels = sorted(set("%s (%s)" % (r["kernel"], os.path.basename(r["source"]))
                                 for r in rows))
            tilec_ok = sum(r["tilec"]["status"] == "ok" for r in rows)
            print("    %4d %s: %s\n         tilec compiles %d of them; kernels: %s"
                  % (len(rows), status, error, tilec_ok, ", ".join(kernels)))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("recording", help="a TILEC_RECORD_KERNELS file (JSON lines)")
    parser.add_argument("--triton-python", help="a Python with Triton (without it: tilec only)")
    parser.add_argument("--targets", default="sm_80,sm_90,gfx942")
    parser.add_argument("--jobs", type=int, default=2, help="concurrent compiles (1 or 2)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per compile")
    parser.add_argument("--limit", type=int, help="only the first N specializations")
    parser.add_argument("--json", help="write every figure to this file")
    parser.add_argument("--tilec", default=os.environ.get("TILEC") or
                        os.path.join(ROOT, "build", "bin", "tilec"))
    parser.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    args = parser.parse_args()
    targets = [t for t in args.targets.split(",") if t]
    unknown = [t for t in targets if t not in TARGETS]
    if unknown or not targets:
        parser.error("--targets: unknown %s (choose from %s)"
                     % (",".join(unknown) or "(none)", ",".join(TARGETS)))
    args.targets = targets
    if args.jobs not in (1, 2):
        parser.error("--jobs must be 1 or 2 (the machine is shared)")
    if args.timeout <= 0:
        parser.error("--timeout must be positive")
    if args.limit is not None and args.limit <= 0:
        parser.error("--limit must be positive")
    for tool, what in ((args.tilec, "--tilec"), (args.ptxas, "--ptxas"),
                       (args.triton_python, "--triton-python")):
        if tool and not os.access(tool, os.X_OK):
            parser.error("%s: %s is not an executable" % (what, tool))
    return args


def main():
    args = parse_args()
    specs = load_recording(args.recording)[:args.limit]
    if not specs:
        raise HarnessError("%s holds no kernel records" % args.recording)
    jobs = []
    for spec in specs:
        warps = [4] + ([spec["num_warps"]] if spec["num_warps"] != 4 else [])
        for arch in args.targets:
            jobs += [(spec, arch, nw) for nw in warps]
    version = run_tool([args.tilec, "--version"], 60)[0]
    if version is None or version.returncode != 0:
        raise HarnessError("%s --version failed" % args.tilec)
    print("%s (%s); %d specializations from %s, %d compiles per side, %d jobs, timeout %g s"
          % (version.stdout.strip(), args.tilec, len(specs), args.recording, len(jobs),
             args.jobs, args.timeout), flush=True)
    scratch = tempfile.mkdtemp(prefix="conformance-gpu-compile-")
    results = []
    start = time.time()
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for i, result in enumerate(pool.map(lambda j: run_job(j, args, scratch), jobs), 1):
                results.append(result)
                if i % 50 == 0 or i == len(jobs):
                    print("  %d/%d compiled (%.0f s)" % (i, len(jobs), time.time() - start),
                          file=sys.stderr, flush=True)
    finally:
        for server in _servers:
            server.stop()
        subprocess.run(["rm", "-rf", scratch])
    summaries = [summarize(results, arch) for arch in args.targets]
    for s in summaries:
        print_summary(s)
    print("\nwall time %.0f s" % (time.time() - start))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(tilec=version.stdout.strip(), recording=args.recording,
                           timeout=args.timeout, jobs=args.jobs, summaries=summaries,
                           results=results), f, indent=1)


if __name__ == "__main__":
    try:
        main()
    except HarnessError as e:
        sys.exit("conformance_gpu_compile.py: error: %s" % e)
