"""Warm Python launch overhead of kernel[grid](...) (empty kernel, grid 1) and cold
compile time (no disk cache) of each example kernel.

    PYTHONPATH=<build>/python python3 bench/python_launch.py [launches]
"""
import os
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "examples")

KERNEL = '''
import tilec
import tilec.language as tl


@tilec.jit
def empty_kernel(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
'''

EXAMPLE_KERNELS = [
    ("vector_add.py", "add_kernel", ["*fp32", "*fp32", "*fp32", "i32"], [("BLOCK_SIZE", "1024")]),
    ("softmax.py", "softmax_kernel", ["*fp32", "*fp32", "i32", "i32", "i32", "i32"],
     [("BLOCK_SIZE", "1024")]),
    ("layer_norm.py", "_layer_norm_fwd_fused", ["*fp32"] * 6 + ["i32", "i32", "fp32"],
     [("BLOCK_SIZE", "256")]),
    ("matmul.py", "matmul_kernel", ["*fp32"] * 3 + ["i32"] * 9,
     [("BLOCK_SIZE_M", "32"), ("BLOCK_SIZE_N", "32"), ("BLOCK_SIZE_K", "16")]),
]


def main(launches=100000):
    os.environ.setdefault("TILEC_DEVICE", "cpu")
    import tilec
    tmp = tempfile.mkdtemp(prefix="tilec-bench-")
    path = os.path.join(tmp, "empty_kernels.py")
    with open(path, "w") as f:
        f.write(KERNEL)
    sys.path.insert(0, tmp)
    import empty_kernels
    tilec.set_compiler(tilec.Compiler(device="cpu", disk_cache=False))
    k = empty_kernels.empty_kernel
    x = np.zeros(16, np.float32)
    t0 = time.perf_counter()
    k[(1,)](x, 16, BLOCK=16)
    cold = (time.perf_counter() - t0) * 1e3
    for _ in range(1000):
        k[(1,)](x, 16, BLOCK=16)
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(launches // 5):
            k[(1,)](x, 16, BLOCK=16)
        best = min(best, (time.perf_counter() - t0) / (launches // 5) * 1e6)
    grid = lambda meta: (1,)  # noqa: E731
    t0 = time.perf_counter()
    for _ in range(launches // 5):
        k[grid](x, 16, BLOCK=16)
    callable_us = (time.perf_counter() - t0) / (launches // 5) * 1e6
    print("warm Python kernel[grid](...), empty kernel (array, int, constexpr), cpu: %.2f us "
          "(best of 5 x %d)" % (best, launches // 5))
    print("  with a callable grid: %.2f us" % callable_us)
    print("cold compile empty_kernel (incl. first launch): %.1f ms" % cold)
    comp = tilec.get_compiler()
    for file, name, sig, constexprs in EXAMPLE_KERNELS:
        src_path = os.path.join(EXAMPLES, file)
        source = open(src_path).read()
        t0 = time.perf_counter()
        kernel, code, message = comp.compile(source, src_path, name, sig, constexprs)
        ms = (time.perf_counter() - t0) * 1e3
        print("cold compile %-24s %s" % (name, "%.1f ms" % ms if kernel else "FAILED " + message))


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:]])
