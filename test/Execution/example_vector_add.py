# Vector add example (tutorial 01) on the CPU at ragged sizes, checked exactly against numpy x + y.
# REQUIRES: cpu-jit
# RUN: %python %examples/vector_add.py 1000 256 0 | FileCheck %s --check-prefix=RAGGED
# RUN: %python %examples/vector_add.py 1 64 0 | FileCheck %s --check-prefix=ONE
# RUN: %python %examples/vector_add.py 4096 1024 0 | FileCheck %s --check-prefix=EVEN
# RAGGED: vector_add n=1000 PASS
# ONE: vector_add n=1 PASS
# EVEN: vector_add n=4096 PASS
