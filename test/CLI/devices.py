# tilec devices lists the CPU (with its feature string), reports GPU drivers it cannot load, and names the
# device `tilec run` would pick; TILEC_DEVICE=cpu forces the CPU.
# RUN: env TILEC_DEVICE=cpu tilec devices | FileCheck %s
# CHECK: cpu:0 {{.*}} arch {{x86_64|aarch64}} units {{[0-9]+}}
# CHECK: features +
# CHECK-DAG: cuda: {{available|unavailable}}
# CHECK-DAG: hip: {{available|unavailable}}
# CHECK: selected: cpu:0
