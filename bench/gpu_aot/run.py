# Runs tilec's AOT-compiled CUDA module images (made by make_images.py, without a GPU) with tilec-runner: results vs numpy/torch, times vs torch (cuBLAS).
"""Usage, on the GPU machine, in the folder make_images.py filled: python3 run.py
Needs numpy and torch (for the cuBLAS and reference figures) there, and a CUDA driver; each
kernel's time is tilec-runner --bench's minimum over 20 launches after a warm-up."""
import os, re, subprocess, sys, time
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
W = "/tmp/tw"; os.makedirs(W, exist_ok=True)
RUNNER = os.path.join(HERE, "tilec-runner")
os.environ["TILEC_DEVICE"] = "cuda"

def run(img, grid, args, bench=20):
    files = []
    argv = [RUNNER, os.path.join(HERE, img), "--grid", grid, "--out-dir", W + "/out"] + (["--bench", str(bench)] if bench else []) + ["--device", "cuda", "--"]
    for i, a in enumerate(args):
        if isinstance(a, np.ndarray):
            p = "%s/a%d.npy" % (W, i); np.save(p, a); argv.append(p); files.append(p)
        else:
            argv.append(repr(a) if isinstance(a, float) else str(a))
    os.makedirs(W + "/out", exist_ok=True)
    t0 = time.time()
    r = subprocess.run(argv, capture_output=True, text=True, timeout=240)
    if r.returncode != 0:
        print("  runner FAILED rc=%d: %s" % (r.returncode, (r.stderr + r.stdout)[-800:]))
        return None, None
    m = re.search(r"median ([0-9.]+) us, min ([0-9.]+) us", r.stdout + r.stderr)
    outs = [np.load("%s/out/a%d.npy" % (W, i)) if isinstance(a, np.ndarray) else None for i, a in enumerate(args)]
    return outs, (float(m.group(1)), float(m.group(2))) if m else None

def images(*names):
    """The images of `names` that make_images.py wrote (the `_wg` variants only for sm_90a)."""
    return [n for n in names if os.path.exists(os.path.join(HERE, n))]

def report(name, ok, err, t, extra=""):
    print("%-12s %s  max err %.3g  median %s us  min %s us  %s" % (name, "PASS" if ok else "FAIL", err, t[0] if t else "-", t[1] if t else "-", extra), flush=True)

subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.max.sm", "--format=csv,noheader"])
print(subprocess.run([RUNNER, "--list", os.path.join(HERE, "mm16_w8.tcm")], capture_output=True, text=True).stdout.strip())
rng = np.random.default_rng(0)

# vector add, 2^26 fp32
n = 1 << 26
x = rng.random(n, dtype=np.float32); y = rng.random(n, dtype=np.float32)
o, t = run("vadd.tcm", str(n // 1024), [x, y, np.zeros(n, np.float32), n])
if o: e = float(np.max(np.abs(o[2] - (x + y)))); report("vadd 2^26", e == 0, e, t, "%.0f GB/s" % (12 * n / (t[1] * 1e3)) if t else "")

# softmax 4096x4096
M = N = 4096
a = rng.standard_normal((M, N), dtype=np.float32)
o, t = run("softmax.tcm", str(M), [np.zeros_like(a), a, N, N, M, N])
if o:
    ref = np.exp(a - a.max(1, keepdims=True)); ref /= ref.sum(1, keepdims=True)
    e = float(np.max(np.abs(o[0] - ref))); report("softmax 4096^2", e < 1e-6, e, t, "%.0f GB/s" % (8 * M * N / (t[1] * 1e3)) if t else "")

# layer norm 4096x4096
w = rng.random(N, dtype=np.float32); b = rng.random(N, dtype=np.float32)
o, t = run("layernorm.tcm", str(M), [a, np.zeros_like(a), w, b, np.zeros(M, np.float32), np.zeros(M, np.float32), N, N, 1e-5])
if o:
    mu = a.mean(1, keepdims=True); var = ((a - mu) ** 2).mean(1, keepdims=True)
    ref = (a - mu) / np.sqrt(var + 1e-5) * w + b
    e = float(np.max(np.abs(o[1] - ref))); report("layernorm 4096^2", e < 1e-4, e, t, "%.0f GB/s" % (8 * M * N / (t[1] * 1e3)) if t else "")

import torch
def torch_ms(fn, reps=20):
    for _ in range(3): fn()
    torch.cuda.synchronize(); s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
    best = 1e9
    for _ in range(reps):
        s.record(); fn(); e.record(); torch.cuda.synchronize(); best = min(best, s.elapsed_time(e))
    return best

# matmul fp16 4096^3 (fp32 accumulation, fp16 out) vs cuBLAS
S = 4096
A = (rng.standard_normal((S, S)) * 0.1).astype(np.float16); B = (rng.standard_normal((S, S)) * 0.1).astype(np.float16)
At, Bt = torch.from_numpy(A).cuda(), torch.from_numpy(B).cuda()
ref = (At.float() @ Bt.float()).cpu().numpy()
cub = torch_ms(lambda: At @ Bt)
print("cuBLAS fp16 4096^3: %.3f ms = %.0f TFLOP/s" % (cub, 2 * S ** 3 / (cub * 1e9)), flush=True)
for img in ("mm16_w4.tcm", "mm16_w8.tcm"):
    o, t = run(img, str((S // 128) ** 2), [A, B, np.zeros((S, S), np.float16), S, S, S, S, 1, S, 1, S, 1])
    if o:
        e = float(np.max(np.abs(o[2].astype(np.float32) - ref)) / np.max(np.abs(ref)))
        tf = 2 * S ** 3 / (t[1] * 1e6) if t else 0
        report(img[:-4] + " fp16", e < 1e-2, e, t, "%.0f TFLOP/s = %.2fx cuBLAS" % (tf, tf / (2 * S ** 3 / (cub * 1e9))))

# The same images on sizes that are not multiples of the blocks (masked K tail, wrapped rows,
# masked stores): results only.
for img in ("mm16_w4.tcm", "mm16_w8.tcm"):
    S2 = 1008
    A2 = (rng.standard_normal((S2, S2)) * 0.1).astype(np.float16); B2 = (rng.standard_normal((S2, S2)) * 0.1).astype(np.float16)
    ref2 = A2.astype(np.float32) @ B2.astype(np.float32)
    o, t = run(img, str(((S2 + 127) // 128) ** 2), [A2, B2, np.zeros((S2, S2), np.float16), S2, S2, S2, S2, 1, S2, 1, S2, 1], bench=0)
    if o:
        e = float(np.max(np.abs(o[2].astype(np.float32) - ref2)) / np.max(np.abs(ref2)))
        report(img[:-4] + " 1008^3", e < 1e-2, e, None)

# The tensor-descriptor fp16 matmul (TMA copies at sm_90a; the maps in global scratch), 4096^3
# vs cuBLAS, and at 1008^3 (the copies' zero fill past the ends; masked descriptor stores).
for img in images("dmm16_w4.tcm", "dmm16_w8.tcm"):
    o, t = run(img, "%d,%d" % (S // 128, S // 128), [A, B, np.zeros((S, S), np.float16), S, S, S])
    if o:
        e = float(np.max(np.abs(o[2].astype(np.float32) - ref)) / np.max(np.abs(ref)))
        tf = 2 * S ** 3 / (t[1] * 1e6) if t else 0
        report(img[:-4] + " fp16", e < 1e-2, e, t, "%.0f TFLOP/s = %.2fx cuBLAS" % (tf, tf / (2 * S ** 3 / (cub * 1e9))))
    S2 = 1008
    A2 = (rng.standard_normal((S2, S2)) * 0.1).astype(np.float16); B2 = (rng.standard_normal((S2, S2)) * 0.1).astype(np.float16)
    ref2 = A2.astype(np.float32) @ B2.astype(np.float32)
    g2 = (S2 + 127) // 128
    o, t = run(img, "%d,%d" % (g2, g2), [A2, B2, np.zeros((S2, S2), np.float16), S2, S2, S2], bench=0)
    if o:
        e = float(np.max(np.abs(o[2].astype(np.float32) - ref2)) / np.max(np.abs(ref2)))
        report(img[:-4] + " 1008^3", e < 1e-2, e, None)

# bf16 (u16 bit patterns in, fp32 out) vs cuBLAS bf16
Abf = torch.from_numpy(rng.standard_normal((S, S), dtype=np.float32)).cuda().bfloat16()
Bbf = torch.from_numpy(rng.standard_normal((S, S), dtype=np.float32)).cuda().bfloat16()
cubf = torch_ms(lambda: Abf @ Bbf)
print("cuBLAS bf16 4096^3: %.3f ms = %.0f TFLOP/s" % (cubf, 2 * S ** 3 / (cubf * 1e9)), flush=True)
refbf = (Abf.double() @ Bbf.double()).cpu().numpy()
bits = lambda t: t.view(torch.int16).cpu().numpy().view(np.uint16)
o, t = run("mmbf16_w8.tcm", "%d,%d" % (S // 128, S // 128), [bits(Abf), bits(Bbf), np.zeros((S, S), np.float32), S, S, S, S, 1, S, 1, S, 1])
if o:
    e = float(np.max(np.abs(o[2] - refbf)) / np.max(np.abs(refbf)))
    tf = 2 * S ** 3 / (t[1] * 1e6) if t else 0
    report("mmbf16_w8", e < 1e-4, e, t, "%.0f TFLOP/s = %.2fx cuBLAS bf16" % (tf, tf / (2 * S ** 3 / (cubf * 1e9))))

# fp8 e4m3 x e5m2 (bytes in, fp32 out); the reference decodes them with torch; TFLOP/s against
# cuBLAS fp16's (the H200's dense fp8 rate is twice its fp16 one).
try:
    A8f = torch.randn(S, S, device="cuda").to(torch.float8_e4m3fn)
    B8f = torch.randn(S, S, device="cuda").to(torch.float8_e5m2)
    ref8f = (A8f.double() @ B8f.double()).cpu().numpy()
    for img in images("mm8_w4.tcm", "mm8_w8.tcm", "mm8_w8_wg.tcm"):
        o, t = run(img, str((S // 128) ** 2), [A8f.view(torch.uint8).cpu().numpy(), B8f.view(torch.uint8).cpu().numpy(), np.zeros((S, S), np.float32), S, S, S, S, 1, S, 1, S, 1])
        if o:
            e = float(np.max(np.abs(o[2] - ref8f)) / np.max(np.abs(ref8f)))
            tf = 2 * S ** 3 / (t[1] * 1e6) if t else 0
            # wgmma's fp8 sums have Hopper's reduced precision (3.4e-3 at K = 4096, as
            # Triton's default); mma.sync's are fp32 (2e-7).
            report(img[:-4] + " fp8", e < 1e-2, e, t, "%.0f TFLOP/s = %.2fx cuBLAS fp16" % (tf, tf / (2 * S ** 3 / (cub * 1e9))))
except Exception as ex:  # an older torch without float8: the other cases still run
    print("fp8 cases skipped:", str(ex)[:200], flush=True)

# int8 x int8 -> int32 vs cuBLAS (torch._int_mm)
A8 = rng.integers(-128, 128, (S, S), dtype=np.int8); B8 = rng.integers(-128, 128, (S, S), dtype=np.int8)
A8t, B8t = torch.from_numpy(A8).cuda(), torch.from_numpy(B8).cuda()
try:
    cui8 = torch_ms(lambda: torch._int_mm(A8t, B8t))
    print("cuBLAS int8 4096^3: %.3f ms = %.0f TOP/s" % (cui8, 2 * S ** 3 / (cui8 * 1e9)), flush=True)
except Exception as ex:
    cui8 = None; print("torch._int_mm failed:", str(ex)[:200])
ref8 = (A8t.double() @ B8t.double()).cpu().numpy()
for img in images("mmi8_w8.tcm", "mmi8_w8_wg.tcm"):
    o, t = run(img, "%d,%d" % (S // 128, S // 128), [A8, B8, np.zeros((S, S), np.int32), S, S, S, S, 1, S, 1, S, 1])
    if o:
        e = float(np.max(np.abs(o[2].astype(np.float64) - ref8)))
        tf = 2 * S ** 3 / (t[1] * 1e6) if t else 0
        report(img[:-4], e == 0, e, t, "%.0f TOP/s%s" % (tf, " = %.2fx cuBLAS int8" % (tf / (2 * S ** 3 / (cui8 * 1e9))) if cui8 else ""))

# matmul fp32 (tf32) 4096^3 vs cuBLAS tf32
A32 = rng.standard_normal((S, S), dtype=np.float32); B32 = rng.standard_normal((S, S), dtype=np.float32)
A32t, B32t = torch.from_numpy(A32).cuda(), torch.from_numpy(B32).cuda()
torch.backends.cuda.matmul.allow_tf32 = True
cub32 = torch_ms(lambda: A32t @ B32t)
torch.backends.cuda.matmul.allow_tf32 = False
ref32 = (A32t.double() @ B32t.double()).cpu().numpy()
print("cuBLAS tf32 4096^3: %.3f ms = %.0f TFLOP/s" % (cub32, 2 * S ** 3 / (cub32 * 1e9)), flush=True)
for img in images("mm32_w8.tcm", "mm32_w8_wg.tcm"):
    o, t = run(img, str((S // 128) ** 2), [A32, B32, np.zeros((S, S), np.float32), S, S, S, S, 1, S, 1, S, 1])
    if o:
        e = float(np.max(np.abs(o[2] - ref32)) / np.max(np.abs(ref32)))
        tf = 2 * S ** 3 / (t[1] * 1e6) if t else 0
        report(img[:-4] + " tf32", e < 1e-2, e, t, "%.0f TFLOP/s = %.2fx cuBLAS tf32" % (tf, tf / (2 * S ** 3 / (cub32 * 1e9))))

# attention fp32 (tf32 dots): 16 heads x 4096 x 64
BH, L, D = 16, 4096, 64
q = rng.standard_normal((BH, L, D), dtype=np.float32); k = rng.standard_normal((BH, L, D), dtype=np.float32); v = rng.standard_normal((BH, L, D), dtype=np.float32)
qt, kt, vt = (torch.from_numpy(z).cuda().double() for z in (q, k, v))
ref = (torch.softmax(qt @ kt.transpose(1, 2) * 0.125, -1) @ vt).cpu().numpy()
del qt, kt, vt
fl = 4 * BH * L * L * D
q32, k32, v32 = (torch.from_numpy(z).cuda() for z in (q, k, v))
sd = torch_ms(lambda: torch.nn.functional.scaled_dot_product_attention(q32, k32, v32, scale=0.125), 5)
for img in ("attn.tcm", "attn_w8.tcm"):
  o, t = run(img, "%d,%d" % (L // 64, BH), [q, k, v, np.zeros_like(q), L, 0.125])
  if o:
      e = float(np.max(np.abs(o[3] - ref)))
      report(img[:-4], e < 5e-2, e, t, "%.1f TFLOP/s; torch SDPA fp32 %.3f ms = %.1f TFLOP/s" % (fl / (t[1] * 1e6) if t else 0, sd, fl / (sd * 1e9)))
print("done")
