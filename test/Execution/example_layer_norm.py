# Fused layer norm example (tutorial 05): multi-block rows with a ragged tail, vs float64 numpy (1e-4).
# REQUIRES: cpu-jit
# RUN: %python %examples/layer_norm.py 17 300 0 | FileCheck %s --check-prefix=RAGGED
# RUN: %python %examples/layer_norm.py 4 256 0 | FileCheck %s --check-prefix=EXACT
# RUN: %python %examples/layer_norm.py 2 7 0 | FileCheck %s --check-prefix=SHORT
# RAGGED: layer_norm 17x300 PASS
# EXACT: layer_norm 4x256 PASS
# SHORT: layer_norm 2x7 PASS
