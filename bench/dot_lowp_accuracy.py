#!/usr/bin/env python3
"""Accuracy of tilec's bf16 tl.dot on this CPU against float64 numpy: vdpbf16ps (arch native, where
the CPU has AVX512-BF16) next to the fp32 FMA path (the same kernel compiled for a CPU without it).

Usage: TILEC=/path/to/tilec python3 bench/dot_lowp_accuracy.py

Runs bench/kernels/matmul_lowp.py's bf16 matmul (64x64x32 blocks) at 256 x 256 x K for K = 512 and
4096 on standard normal inputs rounded to bf16, and prints the largest absolute error and the
largest error relative to sum_k |A[i,k] B[k,j]| (the scale of the rounding errors of a sum), both
against the exact float64 product of the bf16 values; then one dot whose only nonzero product has
a denormal bf16 factor (2^-133 x 2^100 = 2^-33), which vdpbf16ps flushes to zero.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "examples"))
import tilec_example as ex  # noqa: E402

SIG = "*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1"
BLOCKS = {"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32, "INT8": 0}


def fallback_arch():
    with open("/proc/cpuinfo") as f:
        flags = next((line.split(":")[1].split() for line in f if line.startswith("flags")), [])
    return "skylake-avx512" if "avx512f" in flags else "x86-64-v3"


def bf16(x):
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)


def value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def matmul(arch, a, b, tmp):
    """C = A @ B with the bf16 kernel compiled for `arch` (tilec compile + tilec-runner)."""
    tilec = ex.tilec_binary()
    so = os.path.join(tmp, arch + ".so")
    subprocess.run([tilec, "compile", os.path.join(HERE, "kernels", "matmul_lowp.py"), "--kernel",
                    "matmul_lowp_kernel", "--signature", SIG, "--target", "cpu", "--arch", arch,
                    "--emit", "so", "-o", so] + ["-D%s=%s" % kv for kv in BLOCKS.items()],
                   check=True)
    m, k = a.shape
    n = b.shape[1]
    names = []
    for i, arr in enumerate((a, b, np.zeros((m, n), np.float32))):
        names.append(os.path.join(tmp, "arg%d.npy" % i))
        np.save(names[-1], arr)
    runner = os.path.join(os.path.dirname(tilec), "tilec-runner")
    out = os.path.join(tmp, "out")
    subprocess.run([runner, so, "--kernel", "matmul_lowp_kernel", "--grid",
                    "%d,%d" % ((m + 63) // 64, (n + 63) // 64), "--device", "cpu", "--out-dir",
                    out, "--"] + names + [str(v) for v in (m, n, k, k, 1, n, 1, n, 1)],
                   check=True, capture_output=True)
    return np.load(os.path.join(out, "arg2.npy")).astype(np.float64)


def main():
    arches = ["native", fallback_arch()]
    rng = np.random.default_rng(15)
    with tempfile.TemporaryDirectory(prefix="tilec-dot-accuracy-") as tmp:
        for k in (512, 4096):
            a, b = bf16(rng.standard_normal((256, k))), bf16(rng.standard_normal((k, 256)))
            ref = value(a) @ value(b)
            scale = np.abs(value(a)) @ np.abs(value(b))
            for arch in arches:
                err = np.abs(matmul(arch, a, b, tmp) - ref)
                print("K=%5d %-15s max |err| %.3g   max |err| / sum|a b| %.3g (%.2f x 2^-24)"
                      % (k, arch, err.max(), (err / scale).max(),
                         (err / scale).max() / 2.0 ** -24))
        a = np.zeros((64, 64), np.uint16)
        b = np.zeros((64, 64), np.uint16)
        a[0, 0], b[0, 0] = 0x0001, bf16(2.0 ** 100)  # 2^-133 (denormal) x 2^100
        for arch in arches:
            print("denormal x 2^100: %-15s C[0,0] = %.6g (exact %.6g)"
                  % (arch, matmul(arch, a, b, tmp)[0, 0], 2.0 ** -33))
    return 0


if __name__ == "__main__":
    sys.exit(main())
