#!/usr/bin/env python3
# GPU code quality side by side: tilec vs Triton on the tutorial kernels (registers, spills, 128-bit accesses, shuffles, tensor-core ops, compile time).
"""Usage:
  TILEC=/path/to/tilec python3 bench/gpu_codegen.py [--triton-python /opt/triton-ref/bin/python]
      [--kernels vadd,softmax,...] [--targets sm_80,sm_90,gfx942] [--num-warps 4,8]
      [--dot-input-precision ieee|tf32|tf32x3] [--timeout 120] [--json OUT.json]

For each (kernel, target, num_warps) it compiles the kernel with `tilec compile` and, when
--triton-python is given (a Python with Triton installed, see scripts/install-triton-ref.sh),
with `triton.compile` in that Python (bench/triton_ref_compile.py), from the same source file.
No GPU is needed. --dot-input-precision sets the input_precision of the fp32 dots that give
none (tilec's --default-dot-input-precision, Triton's TRITON_F32_DEFAULT). Then, per side:

- NVPTX: `ptxas -v` on the PTX gives registers, spill store/load bytes, stack frame and static
  shared memory (Triton's shared memory is dynamic: its metadata's figure is added); the PTX
  gives the 128-bit global loads/stores (`ld.global*.v4.b32`, `.v2.b64`, ..., and 16-byte
  `cp.async` copies to shared memory), the 128-bit accesses through generic addresses
  (`ld.v4.b32`, `st.v4.b32`: to global memory, but not said so), `shfl.sync`s and tensor-core
  `mma.sync`s.
  PTX newer than the local ptxas accepts (Triton writes its bundled ptxas's version) has its
  `.version` line lowered to the local maximum.
- AMDGPU: the HSACO's metadata notes (`llvm-readelf --notes`) give VGPRs, SGPRs, spill counts,
  private segment (stack) and group segment (shared memory) sizes; the disassembly
  (`llvm-objdump -d`) gives `global_/buffer_load/store_dwordx4` and cross-lane operations
  (`ds_bpermute`, `ds_permute`, `ds_swizzle`, DPP) and MFMA instructions (`v_mfma_*`).

Times: tilec's is `tilec compile` + `ptxas` (AMD: `tilec compile`, which links the HSACO);
Triton's is the wall time of `triton.compile`, which includes its own ptxas/lld. Every
subprocess has the --timeout. A compile failure or timeout is a table cell (FAIL/TIMEOUT), not
an error: the exit status is non-zero only for harness errors (missing tools, bad flags,
unparsable tool output).
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TRITON_HELPER = os.path.join(HERE, "triton_ref_compile.py")

# Pointers and integers carry Triton's JIT specializations for aligned sizes (`:16`, and `:1`
# for unit strides), on both sides, so that both compilers may use 128-bit accesses.
KERNELS = {
    "vadd-1024": ("examples/vector_add.py", "add_kernel",
                  "*fp32:16,*fp32:16,*fp32:16,i32:16", {"BLOCK_SIZE": 1024}),
    "vadd-4096": ("examples/vector_add.py", "add_kernel",
                  "*fp32:16,*fp32:16,*fp32:16,i32:16", {"BLOCK_SIZE": 4096}),
    "softmax-1024": ("examples/softmax.py", "softmax_kernel",
                     "*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16", {"BLOCK_SIZE": 1024}),
    "softmax-4096": ("examples/softmax.py", "softmax_kernel",
                     "*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16", {"BLOCK_SIZE": 4096}),
    "layernorm-1024": ("examples/layer_norm.py", "_layer_norm_fwd_fused",
                       "*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,fp32",
                       {"BLOCK_SIZE": 1024}),
    "layernorm-4096": ("examples/layer_norm.py", "_layer_norm_fwd_fused",
                       "*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,fp32",
                       {"BLOCK_SIZE": 4096}),
    "matmul-64x64x32": ("examples/matmul.py", "matmul_kernel",
                        "*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,"
                        "i32:16,i32:1,i32:16,i32:1,i32:16,i32:1",
                        {"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32}),
    # fp32 operands: tf32 tensor cores by default on NVIDIA (mma.sync m16n8k8), IEEE elsewhere.
    "matmul-128x128x64": ("examples/matmul.py", "matmul_kernel",
                          "*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,"
                          "i32:16,i32:1,i32:16,i32:1,i32:16,i32:1",
                          {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64}),
    # fp16 operands, fp32 accumulation, fp16 output: tensor cores on NVIDIA (mma.sync m16n8k16).
    "matmul16-64x64x32": ("examples/matmul.py", "matmul_kernel",
                          "*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,"
                          "i32:16,i32:1,i32:16,i32:1,i32:16,i32:1",
                          {"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32}),
    "matmul16-128x128x64": ("examples/matmul.py", "matmul_kernel",
                            "*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,"
                            "i32:16,i32:1,i32:16,i32:1,i32:16,i32:1",
                            {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64}),
    # fp8 operands (e4m3 x e5m2), fp32 accumulation and output: mma.sync m16n8k32 fp8 from
    # sm_89 (tilec also on sm_90a; Triton: wgmma there), f16 MFMA on gfx942 (both upcast).
    "matmul8-128x128x64": ("examples/matmul.py", "matmul_kernel",
                           "*fp8e4nv:16,*fp8e5:16,*fp32:16,i32:16,i32:16,i32:16,"
                           "i32:16,i32:1,i32:16,i32:1,i32:16,i32:1",
                           {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64}),
    # The same with AMD's fnuz fp8 (e4m3fnuz x e5m2fnuz): v_mfma_f32_32x32x16_fp8_bf8 on gfx942
    # (tilec and Triton); NVIDIA has no instruction for them (tilec upcasts, Triton refuses).
    "matmul8fnuz-128x128x64": ("examples/matmul.py", "matmul_kernel",
                               "*fp8e4b8:16,*fp8e5b16:16,*fp32:16,i32:16,i32:16,i32:16,"
                               "i32:16,i32:1,i32:16,i32:1,i32:16,i32:1",
                               {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64}),
    # bf16 operands loaded as uint16 bits and bitcast (`a.to(tl.bfloat16, bitcast=True)`), fp32
    # accumulation and output: pipelined as *bf16 pointers would be.
    "matmulbf-128x128x64": ("bench/kernels/matmul_lowp.py", "matmul_lowp_kernel",
                            "*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,"
                            "i32:16,i32:1,i32:16,i32:1,i32:16,i32:1",
                            {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64,
                             "INT8": 0}),
    # Triton's tutorial-03 indexing: `% M`/`% N` wrap, max_contiguous/multiple_of hints.
    "gmatmul16-128x128x64": ("bench/kernels/matmul_grouped.py", "matmul_grouped",
                             "*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,"
                             "i32:16,i32:1,i32:16,i32:1,i32:16,i32:1",
                             {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64,
                              "GROUP_SIZE_M": 8}),
    # The same through tensor descriptors made in the kernel: TMA copies on sm_90 (both sides).
    "dmatmul16-128x128x64": ("bench/kernels/matmul_descriptor.py", "matmul_descriptor",
                             "*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16",
                             {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64}),
    "attention-64x64x64": ("bench/kernels/attention.py", "attn_fwd",
                           "*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,fp32",
                           {"HEAD_DIM": 64, "BLOCK_M": 64, "BLOCK_N": 64}),
}
TARGETS = {"sm_80": "nvptx", "sm_90": "nvptx", "gfx942": "amdgpu"}
# The arch tilec compiles for, as for a device of that kind (`tilec run`, the JIT): a compute
# capability 9.0 GPU gets sm_90a (wgmma), as Triton compiles for it.
TILEC_ARCH = {"sm_90": "sm_90a"}

# A 16-byte cp.async (global to shared, Triton's pipelined loads) counts as a 128-bit load.
PTX_LD128 = re.compile(r"\bld\.global\S*?\.(?:v4\.[bfsu]32|v2\.[bfsu]64)\b"
                       r"|\bcp\.async\.c[ag]\.shared\.global\S*\s*\[[^\]]*\],\s*\[[^\]]*\],\s*(?:16|0x10)\b")
PTX_ST128 = re.compile(r"\bst\.global\S*?\.(?:v4\.[bfsu]32|v2\.[bfsu]64)\b")
# 128-bit loads/stores through generic addresses (no state space): global memory, not known so.
PTX_GENERIC128 = re.compile(r"\b(?:ld|st)\.(?:v4\.[bfsu]32|v2\.[bfsu]64)\b")
PTX_SHFL = re.compile(r"\bshfl\.sync\b")
PTX_MMA = re.compile(r"\b(?:wgmma\.mma_async\.sync|mma\.sync)\.aligned\b")  # mma.sync, wgmma
PTX_CP_ASYNC = re.compile(r"\bcp\.async\.c[ag]\.shared\.global\b")
PTX_TMA = re.compile(r"\bcp\.async\.bulk\.tensor\.")
AMD_MFMA = re.compile(r"\bv_mfma_")
AMD_LD128 = re.compile(r"\b(?:global|buffer)_load_dwordx4\b")
AMD_ST128 = re.compile(r"\b(?:global|buffer)_store_dwordx4\b")
AMD_CROSS_LANE = re.compile(r"\bds_(?:bpermute|permute|swizzle)_b32\b|_dpp\b")
NOTE_KEYS = ("vgpr_count", "agpr_count", "sgpr_count", "vgpr_spill_count", "sgpr_spill_count",
             "private_segment_fixed_size", "group_segment_fixed_size")


class HarnessError(Exception):
    """A failure of this script or its tools, not of a compiler under test."""


@dataclass
class Side:
    """What one compiler produced for one configuration."""
    status: str = "ok"          # ok, FAIL: first error line, TIMEOUT: stage
    compile_s: float = None     # tilec compile / triton.compile
    ptxas_s: float = None       # the local ptxas -v run (NVPTX)
    regs: int = None            # registers (NVPTX) or VGPRs (AMDGPU)
    sgprs: int = None
    agprs: int = None
    spill_store: int = None     # bytes (NVPTX); AMDGPU: VGPR spill count
    spill_load: int = None      # bytes (NVPTX); AMDGPU: SGPR spill count
    stack: int = None           # stack frame / private segment bytes
    shared: int = None          # shared memory bytes (static + dynamic)
    ld128: int = None
    st128: int = None
    generic128: int = None      # NVPTX: 128-bit ld/st without a state space (ld.v4.b32)
    shuffles: int = None
    mma: int = None             # mma.sync (NVPTX) / v_mfma (AMDGPU) instructions
    mma_serialized: bool = False  # ptxas serializes the wgmmas (its warning C7515)
    cp_async: int = None        # cp.async copies to shared memory (NVPTX)
    tma: int = None             # cp.async.bulk.tensor copies (TMA, NVPTX)


@dataclass
class Row:
    kernel: str
    target: str
    num_warps: int
    tilec: Side
    triton: Side = None


@dataclass
class Tools:
    tilec: str
    triton_python: str
    ptxas: str
    ptx_version: str            # the newest PTX ISA the local ptxas accepts, e.g. "9.0"
    readelf: str
    objdump: str
    timeout: float
    dot_input_precision: str    # "" for each compiler's default
    num_stages: int = 3         # tilec's --num-stages (Triton keeps its own default, 3)


def run_tool(cmd, timeout, **kwargs):
    """Runs cmd in its own process group; returns (CompletedProcess or None on timeout, seconds).

    On timeout the whole group is killed, so that a compiler's children (ptxas, lld) go too."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, **kwargs)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, time.perf_counter() - start
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err), time.perf_counter() - start


def first_error_line(text):
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in lines:
        if "error" in line.lower() or "fatal" in line.lower():
            return line
    return lines[0] if lines else "no message"


def find_tool(explicit, candidates, what):
    for candidate in ([explicit] if explicit else []) + candidates:
        path = shutil.which(candidate) or (candidate if os.access(candidate, os.X_OK) else None)
        if path:
            return path
    raise HarnessError("%s not found (tried %s)" % (what, ", ".join(filter(None, [explicit] + candidates))))


def probe_ptx_version(ptxas):
    """The newest `.version` ptxas accepts, read from its error on an impossible version."""
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(".version 99.9\n.target sm_80\n.address_size 64\n")
    try:
        proc, _ = run_tool([ptxas, "-arch=sm_80", f.name, "-o", os.devnull], 60)
    finally:
        os.unlink(f.name)
    match = proc and re.search(r"current version is '(\d+\.\d+)'", proc.stderr)
    if not match:
        raise HarnessError("cannot tell which PTX version %s accepts" % ptxas)
    return match.group(1)


def lower_ptx_version(ptx, newest):
    """PTX with its .version lowered to `newest` when it is newer (Triton's bundled ptxas is)."""
    match = re.search(r"^\.version (\d+)\.(\d+)", ptx, re.MULTILINE)
    if not match:
        raise HarnessError("PTX without a .version line")
    have = (int(match.group(1)), int(match.group(2)))
    if have <= tuple(map(int, newest.split("."))):
        return ptx
    return ptx[:match.start()] + ".version " + newest + ptx[match.end():]


def parse_ptxas(output, kernel):
    """Registers, stack, spills and static shared memory of `kernel` from `ptxas -v`."""
    props = re.search(r"Function properties for %s\n\s*(\d+) bytes stack frame, (\d+) bytes spill "
                      r"stores, (\d+) bytes spill loads" % re.escape(kernel), output)
    entry = output.split("Compiling entry function '%s'" % kernel, 1)
    used = re.search(r"Used (\d+) registers", entry[-1]) if len(entry) == 2 else None
    if not props or not used:
        raise HarnessError("unexpected ptxas -v output for %s:\n%s" % (kernel, output))
    smem = re.search(r"Used \d+ registers[^\n]*?(\d+) bytes smem", entry[-1])
    return dict(stack=int(props.group(1)), spill_store=int(props.group(2)),
                spill_load=int(props.group(3)), regs=int(used.group(1)),
                shared=int(smem.group(1)) if smem else 0)


def measure_ptx(side, ptx_path, kernel, tools):
    """Fills side from the PTX text and a `ptxas -v` run on it."""
    with open(ptx_path) as f:
        ptx = lower_ptx_version(f.read(), tools.ptx_version)
    with open(ptx_path, "w") as f:
        f.write(ptx)
    side.ld128 = len(PTX_LD128.findall(ptx))
    side.st128 = len(PTX_ST128.findall(ptx))
    side.generic128 = len(PTX_GENERIC128.findall(ptx))
    side.shuffles = len(PTX_SHFL.findall(ptx))
    side.mma = len(PTX_MMA.findall(ptx))
    side.cp_async = len(PTX_CP_ASYNC.findall(ptx))
    side.tma = len(PTX_TMA.findall(ptx))
    # tilec states a kernel's dynamic shared memory in the PTX (ptxas -v counts static only).
    dynamic = re.search(r"^// tilec\.dynamic_shared_memory %s (\d+)$" % re.escape(kernel), ptx,
                        re.MULTILINE)
    if dynamic:
        side.shared = int(dynamic.group(1))
    arch = re.search(r"^\.target (\w+)", ptx, re.MULTILINE).group(1)
    proc, side.ptxas_s = run_tool([tools.ptxas, "-v", "-arch=" + arch, ptx_path, "-o", os.devnull],
                                  tools.timeout)
    if proc is None:
        side.status = "TIMEOUT: ptxas"
        return
    if proc.returncode != 0:
        side.status = "FAIL: ptxas: " + first_error_line(proc.stderr)
        return
    dynamic_shared = side.shared or 0
    side.mma_serialized = "wgmma.mma_async instructions are serialized" in proc.stdout + proc.stderr
    for key, value in parse_ptxas(proc.stdout + proc.stderr, kernel).items():
        setattr(side, key, value)
    side.shared += dynamic_shared


def measure_hsaco(side, hsaco_path, tools):
    """Fills side from the HSACO's metadata notes and its disassembly."""
    proc, _ = run_tool([tools.readelf, "--notes", hsaco_path], tools.timeout)
    if proc is None or proc.returncode != 0:
        raise HarnessError("llvm-readelf --notes %s failed" % hsaco_path)
    notes = {key: int(m.group(1)) for key in NOTE_KEYS
             for m in [re.search(r"\.%s:\s+(\d+)" % key, proc.stdout)] if m}
    if "vgpr_count" not in notes:
        raise HarnessError("no .vgpr_count in the notes of %s" % hsaco_path)
    side.regs, side.sgprs, side.agprs = (notes["vgpr_count"], notes.get("sgpr_count"),
                                         notes.get("agpr_count"))
    side.spill_store = notes.get("vgpr_spill_count", 0)
    side.spill_load = notes.get("sgpr_spill_count", 0)
    side.stack = notes.get("private_segment_fixed_size", 0)
    side.shared = max(side.shared or 0, notes.get("group_segment_fixed_size", 0))
    proc, _ = run_tool([tools.objdump, "-d", "--mcpu=gfx942", hsaco_path], tools.timeout)
    if proc is None or proc.returncode != 0:
        raise HarnessError("llvm-objdump -d %s failed" % hsaco_path)
    side.ld128 = len(AMD_LD128.findall(proc.stdout))
    side.st128 = len(AMD_ST128.findall(proc.stdout))
    side.shuffles = len(AMD_CROSS_LANE.findall(proc.stdout))
    side.mma = len(AMD_MFMA.findall(proc.stdout))


def compile_tilec(config, arch, num_warps, work_dir, tools):
    source, kernel, signature, constexprs = config
    target = TARGETS[arch]
    out_path = os.path.join(work_dir, "tilec." + ("ptx" if target == "nvptx" else "hsaco"))
    cmd = [tools.tilec, "compile", os.path.join(ROOT, source), "--kernel", kernel,
           "--signature", signature, "--target", target, "--arch", TILEC_ARCH.get(arch, arch),
           "--num-warps", str(num_warps), "--num-stages", str(tools.num_stages),
           "--emit", "ptx" if target == "nvptx" else "hsaco", "-o", out_path]
    for name, value in constexprs.items():
        cmd += ["-D", "%s=%s" % (name, value)]
    if tools.dot_input_precision:
        cmd += ["--default-dot-input-precision", tools.dot_input_precision]
    side = Side()
    proc, side.compile_s = run_tool(cmd, tools.timeout)
    if proc is None:
        side.status = "TIMEOUT: tilec"
    elif proc.returncode != 0:
        side.status = "FAIL: " + first_error_line(proc.stderr + proc.stdout)
    elif target == "nvptx":
        measure_ptx(side, out_path, kernel, tools)
    else:
        measure_hsaco(side, out_path, tools)
    return side


def compile_triton(config, arch, num_warps, work_dir, tools):
    source, kernel, signature, constexprs = config
    target = TARGETS[arch]
    request_path = os.path.join(work_dir, "request.json")
    with open(request_path, "w") as f:
        json.dump(dict(source=os.path.join(ROOT, source), kernel=kernel,
                       signature=signature.split(","), constexprs=constexprs, target=target,
                       arch=arch, num_warps=num_warps, out_dir=work_dir), f)
    # Fusion on is Triton 3.9's default; setting it silences the warning about 3.10.
    env = dict(os.environ, TRITON_DEFAULT_FP_FUSION="1")
    if tools.dot_input_precision:
        env["TRITON_F32_DEFAULT"] = tools.dot_input_precision
    side = Side()
    proc, _ = run_tool([tools.triton_python, TRITON_HELPER, request_path], tools.timeout, env=env)
    if proc is None:
        side.status = "TIMEOUT: triton"
        return side
    if proc.returncode != 0:
        side.status = "FAIL: " + first_error_line(proc.stderr)
        return side
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    side.compile_s, side.shared = result["compile_s"], result["shared"]
    if target == "nvptx":
        measure_ptx(side, os.path.join(work_dir, "kernel.ptx"), kernel, tools)
    else:
        measure_hsaco(side, os.path.join(work_dir, "kernel.hsaco"), tools)
    return side


def tilec_version(tools):
    proc, _ = run_tool([tools.tilec, "--version"], tools.timeout)
    if proc is None or proc.returncode != 0:
        raise HarnessError("%s --version failed" % tools.tilec)
    return proc.stdout.strip()


def triton_version(tools):
    proc, _ = run_tool([tools.triton_python, "-c", "import triton; print(triton.__version__)"],
                       tools.timeout)
    if proc is None or proc.returncode != 0:
        raise HarnessError("%s cannot import triton" % tools.triton_python)
    return proc.stdout.strip()


def format_number(value):
    return "-" if value is None else str(value)


def format_side(side, width):
    """One side's cells: regs, spill st/ld, stack, shared, 128-bit ld/st, generic, shuffles, mma,
    cp.async, time."""
    seconds = ("%.2f" % side.compile_s if side.compile_s is not None else "-")
    if side.ptxas_s is not None:
        seconds += "+%.2f" % side.ptxas_s
    if side.status != "ok" and side.regs is None:
        text = "FAIL (error below)" if side.status.startswith("FAIL") else side.status
        if side.ld128 is not None:  # the PTX exists, ptxas did not finish
            text += "; 128b %s/%s, shfl %s" % (side.ld128, side.st128, side.shuffles)
        text += " (%s s)" % seconds
        return text[:width].ljust(width)
    cells = [format_number(side.regs), "%s/%s" % (side.spill_store, side.spill_load),
             format_number(side.stack), format_number(side.shared),
             "%s/%s" % (side.ld128, side.st128), format_number(side.generic128),
             format_number(side.shuffles),
             format_number(side.mma) + ("*" if side.mma_serialized else ""),
             "%s/%s" % (format_number(side.cp_async), format_number(side.tma)), seconds]
    return (SIDE_FORMAT % tuple(cells)).ljust(width)


SIDE_WIDTH = 69
SIDE_FORMAT = "%4s %11s %5s %6s %6s %3s %4s %4s %5s %10s"
SIDE_HEADER = (SIDE_FORMAT % ("regs", "spill st/ld", "stack", "smem", "128b", "gen", "shfl",
                              "mma", "cpa/t", "time s")).ljust(SIDE_WIDTH)


LEGEND = """\
regs: registers (AMD: VGPRs); spill st/ld: bytes (AMD: VGPR/SGPR spill counts); stack, smem: bytes
128b: 128-bit global loads/stores (PTX: with 16-byte cp.async); gen: 128-bit generic-address ld/st (PTX)
shfl: shfl.sync (AMD: ds_bpermute/permute/swizzle, DPP); mma: mma.sync and wgmma.mma_async (AMD: v_mfma),
  * where ptxas serializes the wgmmas (warning C7515; the local ptxas on both sides)
cpa/t: cp.async copies to shared memory (num_stages pipelining, PTX) / TMA copies (cp.async.bulk.tensor)
time s: compile + the local ptxas -v run (triton.compile includes Triton's own ptxas); x: tilec regs / Triton's"""


def print_header(with_triton, version):
    left = "%-19s %-6s %2s" % ("kernel", "target", "nw")
    line = "%s | %s" % (left, "tilec".center(SIDE_WIDTH))
    columns = "%s | %s" % (" " * len(left), SIDE_HEADER)
    if with_triton:
        line += " | %s | %s" % (("triton " + version).center(SIDE_WIDTH), "regs")
        columns += " | %s | %s" % (SIDE_HEADER, "x")
    print(line)
    print(columns)
    print("-" * len(columns))


def print_row(row):
    line = "%-19s %-6s %2d | %s" % (row.kernel, row.target, row.num_warps,
                                   format_side(row.tilec, SIDE_WIDTH))
    if row.triton is not None:
        ratio = "-"
        if row.tilec.regs and row.triton.regs:
            ratio = "%.1f" % (row.tilec.regs / row.triton.regs)
        line += " | %s | %s" % (format_side(row.triton, SIDE_WIDTH), ratio)
    print(line.rstrip())
    # A failure's first error line, under the row.
    for name, side in (("tilec", row.tilec), ("triton", row.triton)):
        if side is not None and side.status.startswith("FAIL"):
            print("    %s: %s" % (name, side.status))
    sys.stdout.flush()


def select(names, choices, what):
    """The chosen entries of `choices`; a name may be a prefix before '-' (vadd: vadd-*)."""
    chosen = []
    for name in names.split(","):
        matches = [c for c in choices if c == name or c.split("-")[0] == name]
        if not matches:
            raise HarnessError("unknown %s %r (known: %s)" % (what, name, ", ".join(choices)))
        chosen += [m for m in matches if m not in chosen]
    return chosen


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__)
    parser.add_argument("--kernels", default=",".join(KERNELS),
                        help="comma-separated, from: %s (a name before '-' selects all of its "
                             "sizes)" % ", ".join(KERNELS))
    parser.add_argument("--targets", default=",".join(TARGETS))
    parser.add_argument("--num-warps", default="4,8")
    parser.add_argument("--triton-python", help="a Python with Triton (scripts/install-triton-ref.sh)")
    parser.add_argument("--tilec", default=os.environ.get("TILEC"),
                        help="the tilec binary (default: $TILEC, build/bin/tilec, PATH)")
    parser.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds for each subprocess (tilec, ptxas, triton)")
    parser.add_argument("--dot-input-precision", default="", choices=["", "ieee", "tf32", "tf32x3"],
                        help="input_precision of fp32 dots that give none (default: each "
                             "compiler's, tf32 on NVIDIA)")
    parser.add_argument("--json", help="write every figure to this file")
    parser.add_argument("--num-stages", type=int, default=3,
                        help="tilec's --num-stages (software pipelining of dot loops; Triton "
                             "compiles with its default, 3)")
    return parser.parse_args()


def make_tools(args, targets):
    nvptx = any(TARGETS[t] == "nvptx" for t in targets)
    amdgpu = any(TARGETS[t] == "amdgpu" for t in targets)
    ptxas = find_tool(args.ptxas, ["ptxas"], "ptxas") if nvptx else None
    return Tools(
        tilec=find_tool(args.tilec, [os.path.join(ROOT, "build", "bin", "tilec"), "tilec"], "tilec"),
        triton_python=args.triton_python,
        ptxas=ptxas,
        ptx_version=probe_ptx_version(ptxas) if nvptx else None,
        readelf=find_tool(None, ["llvm-readelf-22", "/usr/lib/llvm-22/bin/llvm-readelf",
                                 "llvm-readelf"], "llvm-readelf") if amdgpu else None,
        objdump=find_tool(None, ["llvm-objdump-22", "/usr/lib/llvm-22/bin/llvm-objdump",
                                 "llvm-objdump"], "llvm-objdump") if amdgpu else None,
        timeout=args.timeout, num_stages=args.num_stages,
        dot_input_precision=args.dot_input_precision)


def main():
    args = parse_args()
    kernels = select(args.kernels, list(KERNELS), "kernel")
    targets = select(args.targets, list(TARGETS), "target")
    warps = [int(n) for n in args.num_warps.split(",")]
    tools = make_tools(args, targets)
    version = triton_version(tools) if tools.triton_python else None
    tilec = tilec_version(tools)
    print("%s (%s); ptxas accepts PTX %s; timeout %g s per subprocess"
          % (tilec, tools.tilec, tools.ptx_version or "-", tools.timeout))
    print_header(version is not None, version)
    rows = []
    with tempfile.TemporaryDirectory(prefix="gpu_codegen") as tmp:
        for kernel in kernels:
            for target in targets:
                for num_warps in warps:
                    work_dir = os.path.join(tmp, "%s-%s-%d" % (kernel, target, num_warps))
                    os.makedirs(os.path.join(work_dir, "triton"))
                    row = Row(kernel, target, num_warps,
                              compile_tilec(KERNELS[kernel], target, num_warps, work_dir, tools))
                    if tools.triton_python:
                        row.triton = compile_triton(KERNELS[kernel], target, num_warps,
                                                    os.path.join(work_dir, "triton"), tools)
                    print_row(row)
                    rows.append(row)
    print(LEGEND)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(tilec_version=tilec, triton_version=version, ptx_version=tools.ptx_version,
                           timeout_s=tools.timeout, rows=[asdict(r) for r in rows]), f, indent=1)


if __name__ == "__main__":
    try:
        main()
    except HarnessError as error:
        sys.exit("gpu_codegen: error: %s" % error)
