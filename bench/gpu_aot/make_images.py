# Compiles the bench kernels into CUDA module images (PTX + tilec metadata) with tilec's JIT, on a machine without a GPU.
"""Usage: PYTHONPATH=build/python python3 bench/gpu_aot/make_images.py OUT_DIR [--arch sm_90a]

Writes OUT_DIR/<case>.tcm for each case below and copies build/bin/tilec-runner next to them, so
that OUT_DIR runs on a GPU machine that has only a CUDA driver (no LLVM, no tilec build):
`python3 OUT_DIR/run.py` there (bench/gpu_aot/run.py, copied too). See docs/gpu.md, "On a GPU".
"""
import argparse, os, shutil, sys
import tilec
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
parser = argparse.ArgumentParser()
parser.add_argument("out_dir")
# sm_90a, as tilec compiles for a compute capability 9.0 device (wgmma); sm_90 keeps mma.sync.
parser.add_argument("--arch", default="sm_90a")
args = parser.parse_args()
OUT = args.out_dir
os.makedirs(OUT, exist_ok=True)
c = tilec.Compiler(no_device=True, disk_cache=False)
cases = {
  "vadd": ("examples/vector_add.py", "add_kernel", "*fp32:16,*fp32:16,*fp32:16,i32:16", {"BLOCK_SIZE": "1024"}, 4),
  "softmax": ("examples/softmax.py", "softmax_kernel", "*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16", {"BLOCK_SIZE": "4096"}, 8),
  "layernorm": ("examples/layer_norm.py", "_layer_norm_fwd_fused", "*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,fp32", {"BLOCK_SIZE": "4096"}, 8),
  "mm16_w4": ("bench/kernels/matmul_grouped.py", "matmul_grouped", "*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1", {"BLOCK_SIZE_M": "128", "BLOCK_SIZE_N": "128", "BLOCK_SIZE_K": "64", "GROUP_SIZE_M": "8"}, 4),
  "mm16_w8": ("bench/kernels/matmul_grouped.py", "matmul_grouped", "*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1", {"BLOCK_SIZE_M": "128", "BLOCK_SIZE_N": "128", "BLOCK_SIZE_K": "64", "GROUP_SIZE_M": "8"}, 8),
  # The fp16 matmul through tensor descriptors made in the kernel: TMA copies at sm_90a, the
  # maps written into the runtime's global scratch (grid: (M/128, N/128)).
  "dmm16_w4": ("bench/kernels/matmul_descriptor.py", "matmul_descriptor", "*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16", {"BLOCK_SIZE_M": "128", "BLOCK_SIZE_N": "128", "BLOCK_SIZE_K": "64"}, 4),
  "dmm16_w8": ("bench/kernels/matmul_descriptor.py", "matmul_descriptor", "*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16", {"BLOCK_SIZE_M": "128", "BLOCK_SIZE_N": "128", "BLOCK_SIZE_K": "64"}, 8),
  "mm32_w8": ("bench/kernels/matmul_grouped.py", "matmul_grouped", "*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1", {"BLOCK_SIZE_M": "128", "BLOCK_SIZE_N": "128", "BLOCK_SIZE_K": "32", "GROUP_SIZE_M": "8"}, 8),
  "attn": ("bench/kernels/attention.py", "attn_fwd", "*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,fp32", {"HEAD_DIM": "64", "BLOCK_M": "64", "BLOCK_N": "64"}, 4),
  "attn_w8": ("bench/kernels/attention.py", "attn_fwd", "*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,fp32", {"HEAD_DIM": "64", "BLOCK_M": "64", "BLOCK_N": "64"}, 8),
  # fp8 (e4m3 x e5m2, fp32 out): wgmma m64nNk32 e4m3.e5m2 at sm_90a.
  "mm8_w4": ("bench/kernels/matmul_grouped.py", "matmul_grouped", "*fp8e4nv:16,*fp8e5:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1", {"BLOCK_SIZE_M": "128", "BLOCK_SIZE_N": "128", "BLOCK_SIZE_K": "64", "GROUP_SIZE_M": "8"}, 4),
  "mm8_w8": ("bench/kernels/matmul_grouped.py", "matmul_grouped", "*fp8e4nv:16,*fp8e5:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1", {"BLOCK_SIZE_M": "128", "BLOCK_SIZE_N": "128", "BLOCK_SIZE_K": "64", "GROUP_SIZE_M": "8"}, 8),
  # bf16 (bit patterns as u16) and int8 operands: wgmma bf16 and s8 at sm_90a.
  "mmbf16_w8": ("bench/kernels/matmul_lowp.py", "matmul_lowp_kernel", "*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1", {"BLOCK_SIZE_M": "128", "BLOCK_SIZE_N": "128", "BLOCK_SIZE_K": "64", "INT8": "0"}, 8),
  "mmi8_w8": ("bench/kernels/matmul_lowp.py", "matmul_lowp_kernel", "*i8:16,*i8:16,*i32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1", {"BLOCK_SIZE_M": "128", "BLOCK_SIZE_N": "128", "BLOCK_SIZE_K": "128", "INT8": "1"}, 8),
}
# sm_90a: the tf32, int8 and fp8 dots that tilec-assign-layouts keeps on mma.sync by default
# (an N-contiguous B), also on wgmma as Triton runs them (--wgmma-transposed-b): `_wg` images,
# which run.py times next to the default ones.
WGMMA_VARIANTS = ("mm32_w8", "mmi8_w8", "mm8_w8")
if args.arch == "sm_90a":
    for name in WGMMA_VARIANTS:
        cases[name + "_wg"] = cases[name] + (True,)
for name, (src, kernel, sig, cx, nw, *wgmma) in cases.items():
    text = open(os.path.join(ROOT, src)).read()
    img, code, diag = c.compile_image(text, os.path.join(ROOT, src), kernel, sig.split(","), list(cx.items()), nw, 3, "nvptx", args.arch,
                                      wgmma_transposed_b=bool(wgmma))
    if img is None:
        print(name, "FAILED", code, diag[:500]); continue
    open(os.path.join(OUT, name + ".tcm"), "wb").write(img)
    print(name, len(img), "bytes")
shutil.copy(os.path.join(ROOT, "build", "bin", "tilec-runner"), OUT)
shutil.copy(os.path.join(ROOT, "bench", "gpu_aot", "run.py"), OUT)
