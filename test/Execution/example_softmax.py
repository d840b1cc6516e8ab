# Fused row softmax example (tutorial 02): rows narrower and wider than a power of two, vs numpy (1e-6).
# REQUIRES: cpu-jit
# RUN: %python %examples/softmax.py 37 100 0 | FileCheck %s --check-prefix=NARROW
# RUN: %python %examples/softmax.py 5 1 0 | FileCheck %s --check-prefix=ONECOL
# RUN: %python %examples/softmax.py 3 1025 0 | FileCheck %s --check-prefix=WIDE
# NARROW: softmax 37x100 PASS
# ONECOL: softmax 5x1 PASS
# WIDE: softmax 3x1025 PASS
