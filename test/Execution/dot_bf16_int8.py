# bf16 x bf16 -> fp32 and int8 x int8 -> int32 tl.dot in a masked K loop (ragged M/N/K; microkernel
# blocks of 16, 8 and 4 lanes), compiled for this host (vdpbf16ps / vpdpbusd where it has them) and for
# CPUs without them (x86-64-v3, and skylake-avx512 on AVX-512 hosts: the fp32 FMA / widened integer path), against numpy:
# bf16 with NaN, infinities and denormals (float64 reference, NaN and inf positions exact), int8 with
# -128/127 and a K of 2^17 + 96 whose sums wrap around int32 (exact).
# REQUIRES: cpu-jit, x86_64-host
# RUN: %python %s | FileCheck %s
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, tl  # noqa: E402


@jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
           INT8: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    if INT8:
        acc = tl.zeros((BM, BN), dtype=tl.int32)
    else:
        acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        ks = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + ks[None, :],
                    mask=(rm[:, None] < M) & (ks[None, :] < K), other=0)
        b = tl.load(b_ptr + ks[:, None] * N + rn[None, :],
                    mask=(ks[:, None] < K) & (rn[None, :] < N), other=0)
        if not INT8:  # bf16 arrives as uint16 bit patterns
            a = a.to(tl.bfloat16, bitcast=True)
            b = b.to(tl.bfloat16, bitcast=True)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def host_flags():
    with open("/proc/cpuinfo") as f:
        return next((line.split(":")[1].split() for line in f if line.startswith("flags")), [])


# The fallbacks must run here: skylake-avx512 (AVX-512 without BF16/VNNI) only on AVX-512 hosts.
ARCHES = ["native", "x86-64-v3"] + (
    ["skylake-avx512"] if {"avx512f", "avx512bw", "avx512dq", "avx512vl"} <= set(host_flags())
    else [])
_tmp = tempfile.mkdtemp(prefix="tilec-dot-lowp-")


def tool(name):
    tilec = os.environ.get("TILEC") or shutil.which("tilec")
    path = os.path.join(os.path.dirname(tilec), name)
    return path if os.path.exists(path) else shutil.which(name)


def run_arch(arch, kernel, sig, grid, args, defines):
    """Compiles `kernel` for `arch` (tilec compile --emit so) and runs it with tilec-runner;
    returns the arrays after the launch."""
    so = os.path.join(_tmp, "%s-%s-%d.so" % (kernel, arch, defines["INT8"]))
    cmd = [tool("tilec"), "compile", __file__, "--kernel", kernel, "--signature", sig,
           "--target", "cpu", "--arch", arch, "--emit", "so", "-o", so]
    cmd += ["-D%s=%s" % kv for kv in defines.items()]
    subprocess.run(cmd, check=True)
    out_dir = os.path.join(_tmp, "out")
    shutil.rmtree(out_dir, ignore_errors=True)
    cli, names = [], []
    for i, arg in enumerate(args):
        if isinstance(arg, np.ndarray):
            names.append("arg%d.npy" % i)
            np.save(os.path.join(_tmp, names[-1]), arg)
            cli.append(os.path.join(_tmp, names[-1]))
        else:
            names.append(None)
            cli.append(str(arg))
    subprocess.run([tool("tilec-runner"), so, "--kernel", kernel, "--grid",
                    ",".join(map(str, grid)), "--device", "cpu", "--out-dir", out_dir, "--"]
                   + cli, check=True)
    return [np.load(os.path.join(out_dir, n)) if n else None for n in names]


def bf16_bits(x):
    b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)


def bf16_value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def dot64(a, b):
    """a @ b in float64 without BLAS (each product, then the sums: IEEE inf and NaN rules)."""
    return (a.astype(np.float64)[:, :, None] * b.astype(np.float64)[None, :, :]).sum(axis=1)


def main():
    rng = np.random.default_rng(15)
    m, n, k = 45, 70, 77
    a = bf16_bits(rng.standard_normal((m, k)))
    b = bf16_bits(rng.standard_normal((k, n)))
    a[3, 5] = 0x7FC0                          # NaN: row 3 of C
    a[10, 40] = 0x7F80                        # +inf: row 10 is +-inf (or NaN where +inf - inf)
    b[7, 20] = 0xFF80                         # -inf: column 20
    a[20, 10:20] = rng.integers(1, 0x80, 10)  # denormals (not met by an infinity)
    b[:30, 50] = rng.integers(0x8001, 0x8080, 30)
    ref = dot64(bf16_value(a), bf16_value(b))
    for arch in ARCHES:
        for bn in (32, 8, 4):
            got = run_arch(arch, "matmul", "*u16,*u16,*fp32,i32,i32,i32",
                           ((m + 31) // 32, (n + bn - 1) // bn),
                           [a, b, np.zeros((m, n), np.float32), m, n, k],
                           {"BM": 32, "BN": bn, "BK": 32, "INT8": 0})
            check("bf16 %s BN=%d" % (arch, bn), got[2], ref, atol=1e-4, rtol=1e-5)

    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    b = rng.integers(-128, 128, (k, n)).astype(np.int8)
    a[0, :], b[:, 0], a[1, :], b[:, 1] = -128, -128, 127, 127
    ref = a.astype(np.int64) @ b.astype(np.int64)
    for arch in ARCHES:
        for bn in (32, 8, 4):
            got = run_arch(arch, "matmul", "*i8,*i8,*i32,i32,i32,i32",
                           ((m + 31) // 32, (n + bn - 1) // bn),
                           [a, b, np.zeros((m, n), np.int32), m, n, k],
                           {"BM": 32, "BN": bn, "BK": 32, "INT8": 1})
            check("int8 %s BN=%d" % (arch, bn), got[2], ref)

    # Sums past 2^31 wrap: all -128 x -128 (K * 2^14 = 2^31 + 96 * 2^14), and -128/127 mixed.
    m = n = 32
    k = (1 << 17) + 96
    a = np.full((m, k), -128, np.int8)
    b = np.full((k, n), -128, np.int8)
    a[m // 2:, ::3] = 127
    b[::5, n // 2:] = 127
    ref = a.astype(np.int64) @ b.astype(np.int64)
    ref = ((ref + (1 << 31)) % (1 << 32) - (1 << 31)).astype(np.int32)
    assert np.any(ref != a.astype(np.int64) @ b.astype(np.int64))
    for arch in ARCHES:
        got = run_arch(arch, "matmul", "*i8,*i8,*i32,i32,i32,i32", (1, 1),
                       [a, b, np.zeros((m, n), np.int32), m, n, k],
                       {"BM": 32, "BN": 32, "BK": 64, "INT8": 1})
        check("int8 wrap %s" % arch, got[2], ref)
    shutil.rmtree(_tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS bf16 native BN=32
# CHECK-NEXT: PASS bf16 native BN=8
# CHECK-NEXT: PASS bf16 native BN=4
# CHECK-NEXT: PASS bf16 x86-64-v3 BN=32
# CHECK-NEXT: PASS bf16 x86-64-v3 BN=8
# CHECK-NEXT: PASS bf16 x86-64-v3 BN=4
# CHECK: PASS int8 native BN=32
# CHECK-NEXT: PASS int8 native BN=8
# CHECK-NEXT: PASS int8 native BN=4
# CHECK-NEXT: PASS int8 x86-64-v3 BN=32
# CHECK-NEXT: PASS int8 x86-64-v3 BN=8
# CHECK-NEXT: PASS int8 x86-64-v3 BN=4
# CHECK: PASS int8 wrap native
# CHECK-NEXT: PASS int8 wrap x86-64-v3
# CHECK-NOT: FAIL
