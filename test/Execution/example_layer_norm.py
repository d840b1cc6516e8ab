# Fused layer norm example (tutorial 05): multi-block rows with a ragged tail, up to and past 16 blocks of 256 (the interchanged accumulator loops and the original order), vs float64 numpy (1e-4).
# REQUIRES: cpu-jit
# RUN: %python %examples/layer_norm.py 17 300 0 | FileCheck %s --check-prefix=RAGGED
# RUN: %python %examples/layer_norm.py 4 256 0 | FileCheck %s --check-prefix=EXACT
# RUN: %python %examples/layer_norm.py 2 7 0 | FileCheck %s --check-prefix=SHORT
# RUN: %python %examples/layer_norm.py 3 4096 0 | FileCheck %s --check-prefix=SIXTEEN
# RUN: %python %examples/layer_norm.py 3 4097 0 | FileCheck %s --check-prefix=SEVENTEEN
# RUN: %python %examples/layer_norm.py 2 40000 0 | FileCheck %s --check-prefix=LONG
# RAGGED: layer_norm 17x300 PASS
# EXACT: layer_norm 4x256 PASS
# SHORT: layer_norm 2x7 PASS
# SIXTEEN: layer_norm 3x4096 PASS
# SEVENTEEN: layer_norm 3x4097 PASS
# LONG: layer_norm 2x40000 PASS
