# Python features of real Triton kernels: min/max on runtime values (Triton's
# tl.minimum/tl.maximum), isinstance, x.type / x.numel / dtype predicates,
# dtypes called as functions, tl.assume, docstrings, annotations and stacked
# decorators, and a runtime parameter specialized to None with -D.
# RUN: tilec compile %s --kernel k --signature '*fp16,i32,fp32' -D BLOCK=16 --emit tile -o - | FileCheck %s
# RUN: tilec compile %s --kernel opt_bias --signature '*fp32,i32' -D bias_ptr=None -D BLOCK=8 --emit tile -o - | FileCheck %s --check-prefix=NONE
# RUN: tilec compile %s --kernel opt_bias --signature '*fp32,*fp32,i32' -D BLOCK=8 --emit tile -o - | FileCheck %s --check-prefix=BIAS
import triton
import triton.language as tl


@triton.jit
def _scale(x, factor: tl.constexpr = 2):
    """Helpers may have docstrings and defaults."""
    if isinstance(factor, float):
        return x * factor
    return x * 3


@triton.heuristics({"EVEN": lambda args: args["n"] % 16 == 0})
@triton.jit(do_not_specialize=["n"])
def k(p, n: tl.int32, f, BLOCK: tl.constexpr):
    """Kernel docstring."""
    pid = tl.program_id(0)
    tl.assume(pid >= 0)
    rem = min(n - pid * BLOCK, BLOCK)
    lo = max(f, 0.5)
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + offs, mask=offs < rem)
    tl.static_assert(x.type.is_block() and x.type.scalar.is_fp16())
    tl.static_assert(x.numel == BLOCK and x.type.numel == BLOCK)
    tl.static_assert(p.type.element_ty.is_fp16() and not lo.type.is_block())
    tl.static_assert(isinstance(x, tl.tensor) and not isinstance(BLOCK, tl.constexpr))
    tl.static_assert(isinstance(BLOCK, (float, int)) and not isinstance(BLOCK, bool))
    acc = tl.float32(0.0)
    acc = acc + _scale(x.to(tl.float32)).to(x.type.scalar).to(tl.float32) * lo
    pass
    tl.store(p + offs, acc.to(p.dtype.element_ty), mask=offs < rem)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[P:.*]]: !tile.ptr<f16>, %[[N:.*]]: i32, %[[F:.*]]: f32)
# CHECK: %[[PID:.*]] = tile.program_id 0
# CHECK: %[[REM:.*]] = arith.minsi %{{.*}}, %{{.*}} : i32
# CHECK: %[[LO:.*]] = arith.maxnumf %[[F]], %{{.*}} : f32
# tl.float32(0.0) is a runtime fp32 scalar.
# CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
# isinstance(2, float) is False: the helper multiplies by 3.
# CHECK: arith.constant 3.000000e+00 : f32
# CHECK: tile.splat %[[ZERO]] : f32 -> tensor<16xf32>


@triton.jit
def opt_bias(x_ptr, bias_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    if bias_ptr is not None:
        x += tl.load(bias_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x, mask=offs < n)

# NONE-LABEL: func.func @opt_bias(
# NONE-SAME: %{{.*}}: !tile.ptr<f32>, %{{.*}}: i32)
# NONE-COUNT-1: tile.load
# NONE-NOT: tile.load

# BIAS-LABEL: func.func @opt_bias(
# BIAS-SAME: %{{.*}}: !tile.ptr<f32>, %{{.*}}: !tile.ptr<f32>, %{{.*}}: i32)
# BIAS-COUNT-2: tile.load
