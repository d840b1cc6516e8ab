"""Every math function of tl, tl.math and libdevice, for the target math tests."""
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def all_math(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    a = tl.abs(x)
    tl.store(out_ptr + 0 * N + offs, tl.exp(x) + tl.exp2(x) + tl.log(a) + tl.log2(a) + tl.sqrt(a))
    tl.store(out_ptr + 1 * N + offs, tl.rsqrt(a) + tl.sin(x) + tl.cos(x) + tl.erf(x) + tl.floor(x))
    if x.dtype == tl.float32:  # Triton's sqrt_rn and div_rn take fp32 only
        tl.store(out_ptr + 2 * N + offs, tl.ceil(x) + tl.fma(x, y, x) + tl.math.sqrt_rn(a) + tl.math.div_rn(x, y))
    else:
        tl.store(out_ptr + 2 * N + offs, tl.ceil(x) + tl.fma(x, y, x) + tl.sqrt(a) + x / y)
    tl.store(out_ptr + 3 * N + offs, tl.fdiv(x, y) + tl.sigmoid(x) + tl.clamp(x, -1.0, 1.0) + tl.maximum(x, y)
             + tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL) + tl.math.exp(x) + tl.math.log2(a))
    tl.store(out_ptr + 4 * N + offs, libdevice.exp(x) + libdevice.exp2(x) + libdevice.expm1(x) + libdevice.log(a)
             + libdevice.log2(a))
    tl.store(out_ptr + 5 * N + offs, libdevice.log10(a) + libdevice.log1p(a) + libdevice.sqrt(a) + libdevice.rsqrt(a)
             + libdevice.cbrt(x))
    tl.store(out_ptr + 6 * N + offs, libdevice.sin(x) + libdevice.cos(x) + libdevice.tan(x) + libdevice.tanh(x)
             + libdevice.sinh(x))
    tl.store(out_ptr + 7 * N + offs, libdevice.cosh(x) + libdevice.asin(x) + libdevice.acos(x) + libdevice.atan(x)
             + libdevice.asinh(x))
    tl.store(out_ptr + 8 * N + offs, libdevice.acosh(a) + libdevice.atanh(x) + libdevice.erf(x) + libdevice.erfc(x)
             + libdevice.floor(x))
    tl.store(out_ptr + 9 * N + offs, libdevice.ceil(x) + libdevice.trunc(x) + libdevice.round(x) + libdevice.rint(x)
             + libdevice.nearbyint(x))
    tl.store(out_ptr + 10 * N + offs, libdevice.fabs(x) + libdevice.abs(x) + libdevice.pow(x, y)
             + libdevice.powf(x, y) + libdevice.fmod(x, y))
    tl.store(out_ptr + 11 * N + offs, libdevice.fmax(x, y) + libdevice.fmin(x, y) + libdevice.atan2(x, y)
             + libdevice.copysign(x, y) + libdevice.div_rn(x, y))
    tl.store(out_ptr + 12 * N + offs, libdevice.fast_dividef(x, y) + libdevice.fma(x, y, x)
             + libdevice.fma_rn(x, y, x) + libdevice.fast_expf(x) + libdevice.fast_logf(a))
    tl.store(out_ptr + 13 * N + offs, libdevice.fast_log2f(a) + libdevice.fast_log10f(a) + libdevice.fast_sinf(x)
             + libdevice.fast_cosf(x) + libdevice.fast_tanf(x))
    tl.store(out_ptr + 14 * N + offs, libdevice.fast_powf(a, y) + libdevice.isnan(x) + libdevice.isinf(x)
             + libdevice.finitef(x) + libdevice.isfinited(x) + libdevice.signbit(x))
