# Every op carries the DSL source location FileLineColLoc(file, line, col)
# of the token that produced it (operators: the operator token; calls: the
# function name), printed by `tilec compile --mlir-print-debuginfo`.
# The CHECK lines below name source lines: keep this header four lines long.
# RUN: tilec compile %s --kernel k --signature '*fp32,i32' -D BLOCK=64 --emit tile --mlir-print-debuginfo -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(p, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(p + offs, mask=offs < n)
    tl.store(p + offs, x * 2.0)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: loc("{{.*}}locations.py":11:7)
# CHECK-SAME: loc("{{.*}}locations.py":11:10)
# CHECK: tile.program_id 0 : i32 loc("{{.*}}locations.py":12:14)
# CHECK: arith.muli {{.*}} loc("{{.*}}locations.py":13:16)
# CHECK: tile.make_range 0, 64 : tensor<64xi32> loc("{{.*}}locations.py":13:29)
# CHECK: arith.addi {{.*}} loc("{{.*}}locations.py":13:24)
# CHECK: tile.addptr {{.*}} loc("{{.*}}locations.py":14:19)
# CHECK: arith.cmpi slt, {{.*}} loc("{{.*}}locations.py":14:37)
# CHECK: tile.load {{.*}} loc("{{.*}}locations.py":14:12)
# CHECK: arith.mulf {{.*}} loc("{{.*}}locations.py":15:26)
# CHECK: tile.store {{.*}} loc("{{.*}}locations.py":15:8)
# CHECK: return loc("{{.*}}locations.py":15:5)
# CHECK: } loc("{{.*}}locations.py":11:5)
