# The kernels of run.py under the GPU machine's own Triton (kernel[grid] with torch tensors, do_bench minimum), for comparison.
"""Usage, on the GPU machine, from a checkout of this repository: python3 bench/gpu_aot/triton_side.py"""
import os, sys, tempfile
import torch, triton
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from triton_ref_compile import load_kernel
print("triton", triton.__version__, torch.cuda.get_device_name())
W = tempfile.mkdtemp()
def k(src, name): return load_kernel(os.path.join(ROOT, src), name, tempfile.mkdtemp(dir=W))
def bench(fn): return triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="min") * 1e3  # us
dev = "cuda"
n = 1 << 26
x = torch.rand(n, device=dev); y = torch.rand(n, device=dev); o = torch.empty_like(x)
add = k("examples/vector_add.py", "add_kernel")
t = bench(lambda: add[(n // 1024,)](x, y, o, n, BLOCK_SIZE=1024, num_warps=4))
assert torch.equal(o, x + y); print("vadd 2^26        min %8.2f us  %.0f GB/s" % (t, 12 * n / (t * 1e3)))
M = N = 4096
a = torch.randn(M, N, device=dev); so = torch.empty_like(a)
sm = k("examples/softmax.py", "softmax_kernel")
t = bench(lambda: sm[(M,)](so, a, N, N, M, N, BLOCK_SIZE=4096, num_warps=8))
assert torch.allclose(so, torch.softmax(a, 1), atol=1e-6); print("softmax 4096^2   min %8.2f us  %.0f GB/s" % (t, 8 * M * N / (t * 1e3)))
w = torch.rand(N, device=dev); b = torch.rand(N, device=dev); ln_out = torch.empty_like(a)
mean = torch.empty(M, device=dev); rstd = torch.empty(M, device=dev)
ln = k("examples/layer_norm.py", "_layer_norm_fwd_fused")
t = bench(lambda: ln[(M,)](a, ln_out, w, b, mean, rstd, N, N, 1e-5, BLOCK_SIZE=4096, num_warps=8))
assert torch.allclose(ln_out, torch.nn.functional.layer_norm(a, (N,), w, b, 1e-5), atol=1e-4); print("layernorm 4096^2 min %8.2f us  %.0f GB/s" % (t, 8 * M * N / (t * 1e3)))
S = 4096
mm = k("bench/kernels/matmul_grouped.py", "matmul_grouped")
for dtype, bk, nws, label in ((torch.float16, 64, (4, 8), "fp16"), (torch.float32, 32, (8,), "tf32")):
    A = torch.randn(S, S, device=dev, dtype=dtype) * 0.1; B = torch.randn(S, S, device=dev, dtype=dtype) * 0.1
    C = torch.empty(S, S, device=dev, dtype=dtype)
    for nw in nws:
        t = bench(lambda: mm[((S // 128) ** 2,)](A, B, C, S, S, S, S, 1, S, 1, S, 1, BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=bk, GROUP_SIZE_M=8, num_warps=nw, num_stages=3))
        ref = A.float() @ B.float()
        err = ((C.float() - ref).abs().max() / ref.abs().max()).item()
        print("matmul %s w%d    min %8.2f us  %.0f TFLOP/s  rel err %.2g" % (label, nw, t, 2 * S ** 3 / (t * 1e6), err))
BH, L, D = 16, 4096, 64
q, kk, v = (torch.randn(BH, L, D, device=dev) for _ in range(3)); ao = torch.empty_like(q)
at = k("bench/kernels/attention.py", "attn_fwd")
ref = torch.softmax(q.double() @ kk.double().transpose(1, 2) * 0.125, -1) @ v.double()
for nw in (4, 8):
    t = bench(lambda: at[(L // 64, BH)](q, kk, v, ao, L, 0.125, HEAD_DIM=64, BLOCK_M=64, BLOCK_N=64, num_warps=nw))
    print("attention w%d     min %8.2f us  %.1f TFLOP/s  max err %.2g" % (nw, t, 4 * BH * L * L * D / (t * 1e6), (ao.double() - ref).abs().max().item()))
