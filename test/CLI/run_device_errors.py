# tilec run option errors: an unknown --device, a negative --bench, and (without a CUDA driver) --device
# cuda failing with the libraries it tried.
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t --device tpu -- 1 2>&1 | FileCheck %s --check-prefix=TPU
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t --bench -3 -- 1 2>&1 | FileCheck %s --check-prefix=BENCH
# RUN: %if !cuda %{ not tilec run %examples/vector_add.py --kernel add_kernel -DBLOCK_SIZE=8 --grid 1 --out-dir %t --device cuda -- 1 2>&1 | FileCheck %s --check-prefix=CUDA %}
# TPU: error: cannot open a device: 'tpu' is not a driver (expected cpu, cuda, hip or simt)
# BENCH: error: --bench expects a non-negative count, got -3
# CUDA: error: cannot open a device: cuda: driver library not found
