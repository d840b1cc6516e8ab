# range() with runtime int32 bounds near INT32_MAX/INT32_MIN and a step other than 1 ends with Python's
# count and sum on the CPU and the SIMT emulator (an i32 counter would wrap past the bound and never end),
# for constexpr steps up and down and for runtime steps of either sign; a runtime step of 0 runs nothing.
# The kernels are test/python/test_range_steps.py's, run by `tilec run` on each device.
# REQUIRES: cpu-jit, simt
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/out.npy i8 0 0
# RUN: %python %s > %t/expected.txt
# RUN: timeout 120 tilec run %S/../python/test_range_steps.py --kernel range_sum_kernel -DSTEP=1073741824 --grid 1 --out-dir %t/c1 -- %t/out.npy 0 2147483647
# RUN: timeout 120 tilec run %S/../python/test_range_steps.py --kernel range_sum_kernel -DSTEP=4 --grid 1 --out-dir %t/c2 -- %t/out.npy 2147483638 2147483647
# RUN: timeout 120 tilec run %S/../python/test_range_steps.py --kernel range_sum_kernel -DSTEP=-3 --grid 1 --out-dir %t/c3 -- %t/out.npy -2147483643 -2147483648
# RUN: timeout 120 tilec run %S/../python/test_range_steps.py --kernel range_sum_kernel -DSTEP=1 --grid 1 --out-dir %t/c4 -- %t/out.npy 2147483645 2147483647
# RUN: timeout 120 tilec run %S/../python/test_range_steps.py --kernel range_sum_kernel -DSTEP=2147483647 --grid 1 --out-dir %t/c5 -- %t/out.npy -2147483648 2147483647
# RUN: timeout 120 tilec run %S/../python/test_range_steps.py --kernel runtime_step_kernel --grid 1 --out-dir %t/r1 -- %t/out.npy 0 2147483647 1073741824
# RUN: timeout 120 tilec run %S/../python/test_range_steps.py --kernel runtime_step_kernel --grid 1 --out-dir %t/r2 -- %t/out.npy -2147483643 -2147483648 -3
# RUN: timeout 120 tilec run %S/../python/test_range_steps.py --kernel runtime_step_kernel --grid 1 --out-dir %t/r3 -- %t/out.npy 15 -16 -4
# RUN: timeout 120 tilec run %S/../python/test_range_steps.py --kernel runtime_step_kernel --grid 1 --out-dir %t/r4 -- %t/out.npy 3 9 0
# RUN: env TILEC_DEVICE=simt timeout 120 tilec run %S/../python/test_range_steps.py --kernel range_sum_kernel -DSTEP=1073741824 --grid 1 --out-dir %t/s1 -- %t/out.npy 0 2147483647
# RUN: env TILEC_DEVICE=simt timeout 120 tilec run %S/../python/test_range_steps.py --kernel range_sum_kernel -DSTEP=-3 --grid 1 --out-dir %t/s3 -- %t/out.npy -2147483643 -2147483648
# RUN: env TILEC_DEVICE=simt timeout 120 tilec run %S/../python/test_range_steps.py --kernel runtime_step_kernel --grid 1 --out-dir %t/s4 -- %t/out.npy -2147483643 -2147483648 -3
# RUN: for d in c1 c2 c3 c4 c5 r1 r2 r3 r4 s1 s3 s4; do echo "$d $(%python %S/../Target/Inputs/npy_tool.py print %t/$d/out.npy)"; done > %t/got.txt
# RUN: diff %t/expected.txt %t/got.txt
# The expected "sum count" of each run above, from Python's range (a step of 0 runs nothing).
CASES = [("c1", 0, 2**31 - 1, 2**30), ("c2", 2**31 - 10, 2**31 - 1, 4),
         ("c3", -2**31 + 5, -2**31, -3), ("c4", 2**31 - 3, 2**31 - 1, 1),
         ("c5", -2**31, 2**31 - 1, 2**31 - 1), ("r1", 0, 2**31 - 1, 2**30),
         ("r2", -2**31 + 5, -2**31, -3), ("r3", 15, -16, -4), ("r4", 3, 9, 0),
         ("s1", 0, 2**31 - 1, 2**30), ("s3", -2**31 + 5, -2**31, -3), ("s4", -2**31 + 5, -2**31, -3)]
for name, lo, hi, step in CASES:
    r = range(lo, hi, step) if step else range(0)
    print(name, sum(r), len(r))
