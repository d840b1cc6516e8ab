# tilec-pipeline-loops on gfx942 (no cp.async): the tutorial matmul's K loop at 128x128x64 fp16
# double-buffers A and B in LDS (2 x 32 KiB) and has one s_barrier per iteration, with its 8
# global loads of the next tile, 4 ds_write_b128 of A and 32 MFMAs; with --num-stages 1 the
# conversions stage both operands (32 KiB, 4 barriers per iteration); fp32 at 128x128x64 (2 x 64
# KiB do not fit in 64 KiB) keeps the next tiles in registers (4 barriers). No spills. The script
# below counts the instructions of each loop (a label to the branch back to it) of the assembly.
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target amdgpu --arch gfx942 --num-warps 4 --num-stages 2 --emit asm -o %t.lds.s
# RUN: %python %s %t.lds.s | FileCheck %s --check-prefix=LDS
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target amdgpu --arch gfx942 --num-warps 4 --num-stages 1 --emit asm -o %t.off.s
# RUN: %python %s %t.off.s | FileCheck %s --check-prefix=OFF
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target amdgpu --arch gfx942 --num-warps 4 --num-stages 2 --emit asm -o %t.f32.s
# RUN: %python %s %t.f32.s | FileCheck %s --check-prefix=REG
# LDS: loop: 1 s_barrier, 8 global_load, 4 ds_write_b128, 32 v_mfma
# LDS-NOT: loop:
# LDS: lds 65536, vgpr spills 0
# OFF: loop: 4 s_barrier, 8 global_load, 4 ds_write_b128, 32 v_mfma
# OFF-NOT: loop:
# OFF: lds 32768, vgpr spills 0
# REG: loop: 4 s_barrier, 16 global_load, 8 ds_write_b128, 128 v_mfma
# REG-NOT: loop:
# REG: lds 65536, vgpr spills 0
import re
import sys

lines = open(sys.argv[1]).read().splitlines()
labels = {}
for i, line in enumerate(lines):
    m = re.match(r"^(\.LBB\d+_\d+):", line)
    if m:
        labels[m.group(1)] = i
for i, line in enumerate(lines):
    m = re.match(r"\s*s_(?:cbranch_\w+|branch)\s+(\.LBB\d+_\d+)", line)
    if m and labels.get(m.group(1), i) < i:
        body = lines[labels[m.group(1)]:i + 1]
        count = lambda pattern: sum(1 for x in body if re.match(r"\s*" + pattern, x))
        print("loop: %d s_barrier, %d global_load, %d ds_write_b128, %d v_mfma" % (
            count("s_barrier"), count("(global|buffer)_load"), count("ds_write_b128"),
            count("v_mfma")))
text = "\n".join(lines)
print("lds %s, vgpr spills %s" % (re.search(r"\.group_segment_fixed_size:\s*(\d+)", text).group(1),
                                 re.search(r"\.vgpr_spill_count:\s*(\d+)", text).group(1)))
