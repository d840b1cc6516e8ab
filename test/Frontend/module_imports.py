# Module-level imports as Triton code writes them: device functions imported
# from triton.language.math / .extra.libdevice / .extra.cuda.libdevice (also
# inside try/except and if/else blocks), `import ... as`, dotted-name globals,
# and a name imported from a module tilec does not know.
# RUN: tilec compile %s --kernel k --signature '*fp32' -D BLOCK=8 --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel uses_foreign --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FOREIGN
import triton
import triton.language as language
from triton.language.extra import libdevice
from mylib.kernels import fancy_tanh  # noqa: F401

try:
    from triton.language.extra.cuda.libdevice import rsqrt as fast_rsqrt
except ModuleNotFoundError:
    from triton.language.math import rsqrt as fast_rsqrt

if triton.__version__ >= "3.0":
    from triton.language.math import exp2
else:
    from triton.language import exp2

HALF = language.float16
LIBDEVICE = triton.language.extra.cuda.libdevice


@triton.jit
def k(p, BLOCK: language.constexpr):
    offs = language.arange(0, BLOCK)
    x = language.load(p + offs)
    y = fast_rsqrt(x) + libdevice.sqrt(x) + exp2(x) + LIBDEVICE.floor(x)
    language.store(p + offs, y.to(HALF).to(language.float32))


@triton.jit
def uses_foreign(p):
    language.store(p, fancy_tanh(language.load(p)))

# CHECK-LABEL: func.func @k(
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[R:.*]] = math.rsqrt %[[X]] : tensor<8xf32>
# CHECK: %[[S:.*]] = math.sqrt %[[X]] : tensor<8xf32>
# CHECK: arith.addf %[[R]], %[[S]] : tensor<8xf32>
# CHECK: math.exp2 %[[X]] : tensor<8xf32>
# CHECK: math.floor %[[X]] : tensor<8xf32>
# CHECK: %[[H:.*]] = arith.truncf %{{.*}} : tensor<8xf32> to tensor<8xf16>
# CHECK: arith.extf %[[H]] : tensor<8xf16> to tensor<8xf32>

# FOREIGN: {{.*}}module_imports.py:36:23: error: 'fancy_tanh' is imported from 'mylib.kernels.fancy_tanh', which tilec kernels cannot use (only the triton and tilec modules are known)
# FOREIGN-NEXT: {{^}}    language.store(p, fancy_tanh(language.load(p)))
# FOREIGN-NEXT: {{^}}                      ^
