"""libdevice's functions beyond the elementary ones, with Triton 3.9's typing: special functions
(erfinv, erfcinv, normcdf, normcdfinv, lgamma, tgamma, cyl_bessel_i0/i1, erfcx), sinpi/cospi, ldexp/scalbn/ilogb/logb,
nextafter, hypot/norm3d/norm4d and reciprocals, remainder, fdim, exp10, rcbrt, saturatef, the
_rn/_rz/_rd/_ru arithmetic, the conversions with rounding modes (saturating, NaN to 0), the bit
reinterpretations and the integer functions (popc, clz, ffs, brev, mulhi, mul24, sad, hadd,
rhadd); f32 sin/cos/tan at arguments up to 3e38. References: exact rationals (fractions), Python's
math and mpmath. Documented in docs/language.md ("libdevice")."""
import functools
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest

import tilec
import tilec.language as tl

try:
    from triton.language.extra import libdevice
except ImportError:  # the host has no Triton: kernels still see Triton's libdevice module
    libdevice = None

N = 256
F = {"float32": np.float32, "float64": np.float64}
DIRECTED = ["add_rz", "add_rd", "add_ru", "sub_rz", "sub_rd", "sub_ru", "mul_rz", "mul_rd",
            "mul_ru", "div_rz", "div_rd", "div_ru", "sqrt_rz", "sqrt_rd", "sqrt_ru", "rcp_rd",
            "mul_rn", "add_rn", "sub_rn", "rcp_rn"]


@tilec.jit
def special_kernel(x_ptr, y_ptr, u_ptr, p_ptr, n_ptr, out_ptr, iout_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    u = tl.load(u_ptr + offs)  # in (-1, 1)
    p = tl.load(p_ptr + offs)  # in (0, 1)
    n = tl.load(n_ptr + offs)
    results = (libdevice.erfinv(u), libdevice.erfcinv(p), libdevice.normcdf(x),
               libdevice.normcdfinv(p), libdevice.lgamma(y), libdevice.sinpi(x), libdevice.cospi(x),
               libdevice.exp10(x), libdevice.rcbrt(x), libdevice.logb(x), libdevice.ldexp(x, n),
               libdevice.scalbn(y, n), libdevice.nextafter(x, y), libdevice.hypot(x, y),
               libdevice.rhypot(x, y), libdevice.norm3d(x, y, u), libdevice.rnorm3d(x, y, u),
               libdevice.norm4d(x, y, u, p), libdevice.rnorm4d(x, y, u, p),
               libdevice.remainder(x, y), libdevice.fdim(x, y), libdevice.cyl_bessel_i0(x * 6.0),
               libdevice.cyl_bessel_i1(x * 6.0), libdevice.erfcx(x * 3.0))
    for i in tl.static_range(len(results)):
        tl.store(out_ptr + i * BLOCK + offs, results[i])
    tl.store(iout_ptr + offs, libdevice.ilogb(x))


SPECIAL = ["erfinv", "erfcinv", "normcdf", "normcdfinv", "lgamma", "sinpi", "cospi", "exp10",
           "rcbrt", "logb", "ldexp", "scalbn", "nextafter", "hypot", "rhypot", "norm3d", "rnorm3d",
           "norm4d", "rnorm4d", "remainder", "fdim", "cyl_bessel_i0", "cyl_bessel_i1", "erfcx"]


def special_inputs(dtype):
    rng = np.random.default_rng(21)
    x = rng.uniform(-8, 8, N)
    x[:12] = [0.0, -0.0, 0.5, -1.5, 2.0, -3.0, np.inf, -np.inf, np.nan, 1e-300, 7.25, -0.25]
    y = np.concatenate([rng.uniform(0.05, 30, N // 2), -rng.uniform(0.05, 6, N // 2)])
    y[np.abs(y - np.round(y)) < 0.05] += 0.1  # no poles of lgamma
    u = rng.uniform(-1, 1, N)
    u[:4] = [1.0, -1.0, 0.0, -0.0]
    p = np.concatenate([rng.uniform(0, 1, N // 2), 10.0 ** rng.uniform(-30, -1, N // 2)])
    p[:2] = [0.0, 1.0]
    n = rng.integers(-60, 60, N).astype(np.int32)
    n[:3] = [2000, -2000, 0]
    x, y, u, p = (v.astype(dtype) for v in (x, y, u, p))
    return x, y, u, p, n


@functools.lru_cache(maxsize=None)
def special_run(dtype):
    x, y, u, p, n = special_inputs(dtype)
    out = np.zeros((len(SPECIAL), N), dtype)
    iout = np.zeros(N, np.int32)
    with np.errstate(all="ignore"):
        special_kernel[(1,)](x, y, u, p, n, out, iout, BLOCK=N)
    return (x, y, u, p, n), dict(zip(SPECIAL, out)), iout


def mp_ref(fn, dtype):
    """Elementwise mpmath reference rounded to `dtype`, NaN where mpmath has no value."""
    def one(*args):
        with mpmath.workdps(100):
            try:
                value = fn(*[mpmath.mpf(float(a)) for a in args])
            except (ValueError, ZeroDivisionError):
                return math.nan
            return float(value) if mpmath.isfinite(value) or mpmath.isinf(value) else math.nan
    return lambda *arrays: np.array([one(*a) for a in zip(*arrays)], np.float64).astype(dtype)


def erfcinv(y):
    return mpmath.erfinv(1 - y) if 0 < y < 2 else (mpmath.inf if y == 0 else -mpmath.inf)


REFERENCES = {
    "erfinv": (lambda u: mpmath.erfinv(u) if abs(u) < 1 else mpmath.sign(u) * mpmath.inf, "u"),
    "erfcinv": (erfcinv, "p"),
    "normcdf": (mpmath.ncdf, "x"),
    "normcdfinv": (lambda p: -mpmath.sqrt(2) * erfcinv(2 * p), "p"),
    "lgamma": (lambda y: mpmath.log(abs(mpmath.gamma(y))), "y"),
    "sinpi": (lambda x: mpmath.sinpi(x) if mpmath.isfinite(x) else mpmath.nan, "x"),
    "cospi": (lambda x: mpmath.cospi(x) if mpmath.isfinite(x) else mpmath.nan, "x"),
    "exp10": (lambda x: mpmath.power(10, x), "x"),
    "rcbrt": (lambda x: mpmath.sign(x) / mpmath.cbrt(abs(x)), "x"),
    "cyl_bessel_i0": (lambda x: mpmath.inf if mpmath.isinf(x) else mpmath.besseli(0, x), "x6"),
    "cyl_bessel_i1": (lambda x: x if mpmath.isinf(x) else mpmath.besseli(1, x), "x6"),
    "erfcx": (lambda x: 0 if x == mpmath.inf else mpmath.exp(x * x) * mpmath.erfc(x), "x3"),
}
# (fp32 rtol, fp64 rtol); atol is the same relative to the dtype's smallest normal
TOLERANCE = {"erfinv": (5e-7, 2e-15), "erfcinv": (2e-7, 2e-15), "normcdf": (2e-7, 5e-16),
             "normcdfinv": (2e-7, 5e-16), "lgamma": (2e-7, 5e-16), "sinpi": (2e-7, 3e-16),
             "cospi": (2e-7, 3e-16), "exp10": (2e-7, 2e-16), "rcbrt": (2e-7, 5e-16),
             "cyl_bessel_i0": (2e-7, 2e-15), "cyl_bessel_i1": (2e-7, 2e-15), "erfcx": (2e-7, 5e-16)}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_special_functions(dtype, name):
    inputs, results, _ = special_run(dtype)
    x, y, u, p, _n = inputs
    fn, arg = REFERENCES[name]
    with np.errstate(all="ignore"):
        argument = {"x": x, "y": y, "u": u, "p": p, "x6": x * F[dtype](6), "x3": x * F[dtype](3)}[arg]
    expected = mp_ref(fn, F[dtype])(argument)
    if name == "rcbrt":  # 1 / cbrt(+-0) = +-inf
        expected[argument == 0] = np.copysign(np.inf, argument[argument == 0])
    got = results[name]
    if name == "lgamma":  # lgamma near its negative zeros is accurate in absolute terms
        atol = 16 * np.finfo(dtype).eps
    else:
        atol = np.finfo(dtype).tiny
    rtol = TOLERANCE[name][dtype == "float64"]
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol)
    if name in ("sinpi",):  # zeros keep x's sign; cospi's zeros are +0
        zero = (got == 0) & np.isfinite(x)
        assert (np.signbit(got[zero]) == np.signbit(x[zero])).all()
    if name == "cospi":
        assert not np.signbit(got[got == 0]).any()


def exact(v):
    return Fraction(float(v))


def round_fraction(value, dtype, mode):
    """`value` (a Fraction, or +-inf/nan as float) rounded to `dtype` in mode rn/rz/rd/ru."""
    dt = F[dtype] if isinstance(dtype, str) else dtype
    if isinstance(value, float):
        return dt(value)
    big = Fraction(float(np.finfo(dt).max))
    half_ulp = Fraction(float(np.spacing(np.nextafter(np.finfo(dt).max, dt(0))))) / 2
    if mode == "rn" and abs(value) >= big + half_ulp:
        return dt(math.inf) if value > 0 else dt(-math.inf)
    if mode == "rn" and abs(value) > big:
        return dt(np.finfo(dt).max) if value > 0 else dt(-np.finfo(dt).max)
    if value > big or value < -big:
        over = dt(math.inf) if value > 0 else dt(-math.inf)
        clamp = dt(np.finfo(dt).max) if value > 0 else dt(-np.finfo(dt).max)
        toward = {"rz": clamp, "rd": clamp if value > 0 else over, "ru": over if value > 0 else clamp}
        if mode in toward:
            return toward[mode]
    near = dt(float(value)) if abs(value) > Fraction(2) ** -1100 else dt(math.copysign(0.0, value))
    candidates = [np.nextafter(near, dt(-np.inf)), near, np.nextafter(near, dt(np.inf))]
    below = max((c for c in candidates if np.isfinite(c) and exact(c) <= value), key=float)
    above = min((c for c in candidates if np.isfinite(c) and exact(c) >= value), key=float)
    if mode == "rd":
        return below
    if mode == "ru":
        return above
    if mode == "rz":
        return below if value >= 0 else above
    if value - exact(below) != exact(above) - value:
        return below if value - exact(below) < exact(above) - value else above
    bits = np.array([below], dt).view(np.int32 if dt == np.float32 else np.int64)[0]
    return below if bits % 2 == 0 else above


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_exact_functions(dtype):
    """ldexp/scalbn, nextafter, remainder, fdim, logb and ilogb are exact; hypot and its
    relatives are within an ulp."""
    dt = F[dtype]
    (x, y, u, p, n), results, ilogb = special_run(dtype)
    with np.errstate(all="ignore"):
        ldexp = [dt(v) if not np.isfinite(v) or v == 0 else
                 round_fraction(exact(v) * Fraction(2) ** int(k), dtype, "rn") for v, k in zip(x, n)]
        np.testing.assert_array_equal(results["ldexp"], np.array(ldexp, dt))
        scalbn = [round_fraction(exact(v) * Fraction(2) ** int(k), dtype, "rn") for v, k in zip(y, n)]
        np.testing.assert_array_equal(results["scalbn"], np.array(scalbn, dt))
        np.testing.assert_array_equal(results["nextafter"], np.nextafter(x, y))
        remainder = [math.remainder(a, b) if np.isfinite(a) else math.nan for a, b in zip(x, y)]
        np.testing.assert_array_equal(results["remainder"], np.array(remainder, dt))
        np.testing.assert_array_equal(results["fdim"], np.where(np.isnan(x) | (x > y), x - y, 0).astype(dt))
        finite = np.isfinite(x) & (x != 0)
        expected_ilogb = np.full(N, -2**31, np.int64)
        expected_ilogb[np.isinf(x)] = 2**31 - 1
        expected_ilogb[finite] = [math.frexp(float(v))[1] - 1 for v in x[finite]]
        np.testing.assert_array_equal(ilogb, expected_ilogb)
        logb = np.where(x == 0, -np.inf, np.where(np.isinf(x), np.inf, expected_ilogb)).astype(dt)
        np.testing.assert_array_equal(results["logb"], np.where(np.isnan(x), x, logb))
        ulp = np.finfo(dt).eps
        for name, columns, reciprocal in (("hypot", (x, y), False), ("rhypot", (x, y), True),
                                          ("norm3d", (x, y, u), False), ("rnorm3d", (x, y, u), True),
                                          ("norm4d", (x, y, u, p), False),
                                          ("rnorm4d", (x, y, u, p), True)):
            wide = np.stack(columns).astype(np.float64)
            norm = np.sqrt((wide ** 2).sum(axis=0))
            norm = np.where(np.isinf(wide).any(axis=0), np.inf, norm)
            expected = (1 / norm if reciprocal else norm).astype(dt)
            np.testing.assert_allclose(results[name], expected, rtol=2 * ulp, err_msg=name)


@tilec.jit
def rounding_kernel(a_ptr, b_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    results = (libdevice.add_rz(a, b), libdevice.add_rd(a, b), libdevice.add_ru(a, b),
               libdevice.sub_rz(a, b), libdevice.sub_rd(a, b), libdevice.sub_ru(a, b),
               libdevice.mul_rz(a, b), libdevice.mul_rd(a, b), libdevice.mul_ru(a, b),
               libdevice.div_rz(a, b), libdevice.div_rd(a, b), libdevice.div_ru(a, b),
               libdevice.sqrt_rz(tl.abs(a)), libdevice.sqrt_rd(tl.abs(a)), libdevice.sqrt_ru(tl.abs(a)),
               libdevice.rcp_rd(b), libdevice.mul_rn(a, b), libdevice.add_rn(a, b),
               libdevice.sub_rn(a, b), libdevice.rcp_rn(b))
    for i in tl.static_range(len(results)):
        tl.store(out_ptr + i * BLOCK + offs, results[i])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_directed_rounding(dtype):
    """Each result is the exact value rounded in its mode (exact rationals), including
    overflow (rd of a negative overflow is -inf, rz the largest finite value), denormal results
    and the -0 of an exact zero sum rounded down."""
    dt = F[dtype]
    rng = np.random.default_rng(5)
    span = 40 if dtype == "float32" else 300
    a = rng.standard_normal(N) * 10.0 ** rng.integers(-span, span, N)
    b = rng.standard_normal(N) * 10.0 ** rng.integers(-span, span, N)
    a[:64] = rng.uniform(-4, 4, 64)
    b[:64] = rng.uniform(-4, 4, 64)
    big, tiny = float(np.finfo(dt).max), float(np.finfo(dt).smallest_subnormal)
    a[64:72] = [big, -big, 3.0, -1.0, tiny, 0.0, 2.5, -2.5]
    b[64:72] = [big, big, -3.0, -big, 0.5, -0.0, -2.5, 2.5]
    with np.errstate(all="ignore"):
        a, b = a.astype(dt), b.astype(dt)
    out = np.zeros((len(DIRECTED), N), dt)
    with np.errstate(all="ignore"):
        rounding_kernel[(1,)](a, b, out, BLOCK=N)
    for row, name in enumerate(DIRECTED):
        op, mode = name.split("_")
        for i in range(N):
            x, y = a[i], b[i]
            operands = {"add": (x, y), "sub": (x, -y), "mul": (x, y), "div": (x, y),
                        "sqrt": (abs(x),), "rcp": (dt(1), y)}[op]
            if not all(np.isfinite(v) for v in operands) or (op in ("div", "rcp") and y == 0):
                continue
            q = [exact(v) for v in operands]
            if op == "sqrt":
                root = round_fraction(Fraction(math.isqrt(int(q[0] * 4**600)), 2**600), dt, mode) \
                    if dtype == "float32" else None
                if root is None:  # fp64: round from the neighbours of numpy's correctly rounded sqrt
                    s = np.sqrt(operands[0])
                    candidates = [c for c in (np.nextafter(s, -np.inf), s, np.nextafter(s, np.inf)) if c >= 0]
                    below = max(c for c in candidates if exact(c) ** 2 <= q[0])
                    above = min(c for c in candidates if exact(c) ** 2 >= q[0])
                    root = {"rd": below, "rz": below, "ru": above, "rn": s}[mode]
                expected = root
            else:
                value = q[0] * q[1] if op == "mul" else q[0] / q[1] if op in ("div", "rcp") \
                    else q[0] + q[1]
                expected = round_fraction(value, dt, mode)
                if value == 0:
                    if op in ("add", "sub"):  # an exact zero sum: zeros of one sign keep it;
                        signs = {bool(np.signbit(v)) for v in operands if v == 0}  # else -0 in rd
                        both_zero = all(v == 0 for v in operands)
                        negative = signs == {True} if both_zero and len(signs) == 1 else mode == "rd"
                        expected = dt(-0.0) if negative else dt(0.0)
                    else:
                        expected = dt(0.0) * np.prod([np.sign(v) if v else np.copysign(1, v) for v in operands])
            got = out[row, i]
            assert got == expected and np.signbit(got) == np.signbit(expected), \
                "%s(%r, %r) = %r, expected %r" % (name, x, y, got, expected)


@tilec.jit
def conversion_kernel(f_ptr, d_ptr, i_ptr, l_ptr, i32_ptr, i64_ptr, f32_ptr, f64_ptr,
                      BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    f = tl.load(f_ptr + offs)
    d = tl.load(d_ptr + offs)
    i = tl.load(i_ptr + offs)
    ll = tl.load(l_ptr + offs)
    ints = (libdevice.float2int_rn(f), libdevice.float2int_rz(f), libdevice.float2int_rd(f),
            libdevice.float2int_ru(f), libdevice.float2uint_rn(f), libdevice.double2int_rd(d),
            libdevice.double2uint_ru(d), libdevice.float_as_int(f), libdevice.double2hiint(d),
            libdevice.double2loint(d), libdevice.popc(i), libdevice.clz(i), libdevice.ffs(i),
            libdevice.brev(i), libdevice.mulhi(i, i * 7 + 3), libdevice.mul24(i, i + 5),
            libdevice.hadd(i, i * 3), libdevice.rhadd(i, i * 3), libdevice.abs(i),
            libdevice.popc(ll), libdevice.clz(ll), libdevice.ffs(ll))
    for k in tl.static_range(len(ints)):
        tl.store(i32_ptr + k * BLOCK + offs, ints[k])
    longs = (libdevice.llrint(f), libdevice.llround(d), libdevice.float2ll_ru(f),
             libdevice.double2ll_rz(d), libdevice.float2ull_rd(f), libdevice.double_as_longlong(d),
             libdevice.brev(ll), libdevice.mulhi(ll, ll + 12345))
    for k in tl.static_range(len(longs)):
        tl.store(i64_ptr + k * BLOCK + offs, longs[k])
    floats = (libdevice.int2float_rn(i), libdevice.int2float_rz(i), libdevice.int2float_rd(i),
              libdevice.int2float_ru(i), libdevice.ll2float_rd(ll), libdevice.ll2float_ru(ll),
              libdevice.double2float_rz(d), libdevice.double2float_rd(d),
              libdevice.double2float_ru(d), libdevice.int_as_float(i), libdevice.saturatef(f),
              libdevice.tgamma(f), libdevice.rsqrt_rn(tl.abs(f)), libdevice.fma_rz(f, f, f))
    for k in tl.static_range(len(floats)):
        tl.store(f32_ptr + k * BLOCK + offs, floats[k])
    doubles = (libdevice.ll2double_rz(ll), libdevice.ll2double_ru(ll), libdevice.int2double_rn(i),
               libdevice.hiloint2double(libdevice.double2hiint(d), libdevice.double2loint(d)),
               libdevice.longlong_as_double(ll))
    for k in tl.static_range(len(doubles)):
        tl.store(f64_ptr + k * BLOCK + offs, doubles[k])


def to_int(value, mode, width, unsigned, half_away=False):
    """A float rounded to an integer in `mode`, converted as cvt does (saturating, NaN 0)."""
    if math.isnan(value):
        return 0
    if math.isinf(value):
        whole = 10**40 if value > 0 else -10**40
    else:
        q = Fraction(value)
        if half_away:
            whole = math.floor(abs(q) + Fraction(1, 2)) * (1 if q >= 0 else -1)
        else:
            whole = {"rn": round(q), "rz": math.trunc(q), "rd": math.floor(q), "ru": math.ceil(q)}[mode]
    low, high = (0, 2**width - 1) if unsigned else (-2**(width - 1), 2**(width - 1) - 1)
    whole = min(max(whole, low), high) & (2**width - 1)
    return whole - 2**width if whole >= 2**(width - 1) else whole


def low24(value):
    """The low 24 bits of an int32, sign-extended (mul24's operands)."""
    value &= 0xFFFFFF
    return value - 2**24 if value >= 2**23 else value


def wrap(value, width):
    value &= 2**width - 1
    return value - 2**width if value >= 2**(width - 1) else value


def test_conversions_and_integers():
    rng = np.random.default_rng(9)
    f = (rng.standard_normal(N) * 10.0 ** rng.integers(-3, 12, N)).astype(np.float32)
    f[:16] = [0.5, 1.5, 2.5, -0.5, -2.5, 2147483520, 2147483648, -2147483904, 4294967296, 1e30,
              -1e30, np.inf, -np.inf, np.nan, -0.0, 3.5]
    f[16:40] = rng.integers(-20, 20, 24) + 0.5
    d = (rng.standard_normal(N) * 10.0 ** rng.integers(-45, 45, N)).astype(np.float64)
    d[:8] = [0.5, -2.5, 4294967295.5, 1e300, -1e300, np.nan, 3.4028235677973366e38, 1e-46]
    i = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    i[:5] = [0, -1, 2**31 - 1, -2**31, 16777217]
    ll = rng.integers(-2**63, 2**63 - 1, N, dtype=np.int64)
    ll[:4] = [0, -1, 2**63 - 1, -2**63]
    i32 = np.zeros((22, N), np.int32)
    i64 = np.zeros((8, N), np.int64)
    f32 = np.zeros((14, N), np.float32)
    f64 = np.zeros((5, N), np.float64)
    with np.errstate(all="ignore"):
        conversion_kernel[(1,)](f, d, i, ll, i32, i64, f32, f64, BLOCK=N)
    fl, dl, il, lll = (v.tolist() for v in (f, d, i, ll))
    ints = [[to_int(v, "rn", 32, False) for v in fl], [to_int(v, "rz", 32, False) for v in fl],
            [to_int(v, "rd", 32, False) for v in fl], [to_int(v, "ru", 32, False) for v in fl],
            [to_int(v, "rn", 32, True) for v in fl], [to_int(v, "rd", 32, False) for v in dl],
            [to_int(v, "ru", 32, True) for v in dl], f.view(np.int32).tolist(),
            (d.view(np.int64) >> 32).astype(np.int32).tolist(), d.view(np.int64).astype(np.int32).tolist(),
            [bin(v & 0xFFFFFFFF).count("1") for v in il], [32 - (v & 0xFFFFFFFF).bit_length() for v in il],
            [(v & -v).bit_length() for v in il],
            [wrap(int(format(v & 0xFFFFFFFF, "032b")[::-1], 2), 32) for v in il],
            [wrap((v * wrap(v * 7 + 3, 32)) >> 32, 32) for v in il],
            [wrap(low24(v) * low24(wrap(v + 5, 32)), 32) for v in il],
            [(v + wrap(v * 3, 32)) >> 1 for v in il], [(v + wrap(v * 3, 32) + 1) >> 1 for v in il],
            [wrap(abs(v), 32) for v in il],
            [bin(v & (2**64 - 1)).count("1") for v in lll], [64 - (v & (2**64 - 1)).bit_length() for v in lll],
            [(v & -v).bit_length() for v in lll]]
    for k, expected in enumerate(ints):
        np.testing.assert_array_equal(i32[k], np.array(expected, np.int64).astype(np.int32), err_msg="int row %d" % k)
    longs = [[to_int(v, "rn", 64, False) for v in fl], [to_int(v, "rn", 64, False, half_away=True) for v in dl],
             [to_int(v, "ru", 64, False) for v in fl], [to_int(v, "rz", 64, False) for v in dl],
             [to_int(v, "rd", 64, True) for v in fl], d.view(np.int64).tolist(),
             [wrap(int(format(v & (2**64 - 1), "064b")[::-1], 2), 64) for v in lll],
             [wrap((v * wrap(v + 12345, 64)) >> 64, 64) for v in lll]]
    for k, expected in enumerate(longs):
        np.testing.assert_array_equal(i64[k], np.array(expected, dtype=object).astype(np.int64), err_msg="long row %d" % k)
    floats = [[round_fraction(Fraction(v), np.float32, m) for v in il] for m in ("rn", "rz", "rd", "ru")]
    floats += [[round_fraction(Fraction(v), np.float32, m) for v in lll] for m in ("rd", "ru")]
    floats += [[np.float32(v) if not np.isfinite(v) else round_fraction(Fraction(v), np.float32, m)
                for v in dl] for m in ("rz", "rd", "ru")]
    floats += [i.view(np.float32).tolist(), [0.0 if math.isnan(v) else min(max(v, 0.0), 1.0) for v in fl]]
    for k, expected in enumerate(floats):
        np.testing.assert_array_equal(f32[k], np.array(expected, np.float32), err_msg="float row %d" % k)
    gamma = [math.nan if math.isnan(v) or v == -math.inf or (v <= 0 and v == math.floor(v)) else
             (math.inf if v > 35.1 else float(mpmath.gamma(mpmath.mpf(v)))) for v in fl]
    gamma = np.where(f == 0, np.copysign(np.inf, f), np.array(gamma)).astype(np.float32)
    with np.errstate(all="ignore"):
        np.testing.assert_allclose(f32[11], gamma, rtol=2e-7, atol=1e-44)
        np.testing.assert_array_equal(f32[12], (1 / np.sqrt(np.abs(f).astype(np.float64))).astype(np.float32))
    with np.errstate(all="ignore"):
        fma = [np.float32(v) * np.float32(v) + np.float32(v) if not np.isfinite(v) else
               round_fraction(Fraction(v) * Fraction(v) + Fraction(v), np.float32, "rz") for v in fl]
    np.testing.assert_array_equal(f32[13], np.array(fma, np.float32))
    doubles = [[round_fraction(Fraction(v), np.float64, m) for v in lll] for m in ("rz", "ru")]
    doubles += [[float(v) for v in il], dl, ll.view(np.float64).tolist()]
    for k, expected in enumerate(doubles):
        np.testing.assert_array_equal(f64[k], np.array(expected, np.float64), err_msg="double row %d" % k)


@tilec.jit
def trig_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.sin(x))
    tl.store(out_ptr + BLOCK + offs, tl.cos(x))
    tl.store(out_ptr + 2 * BLOCK + offs, libdevice.tan(x))


def test_fp32_trig_large_arguments():
    """sin, cos and tan of fp32 arguments up to 3e38 (an exact reduction by pi/2), to ~1 ulp
    of the magnitude; -0 keeps its sign."""
    rng = np.random.default_rng(17)
    x = (rng.uniform(1, 10, N) * 10.0 ** rng.integers(4, 38, N) * rng.choice([-1, 1], N)).astype(np.float32)
    x[:6] = [26353592.0, 1e8, 1e20, 3e38, -0.0, 0.0]
    out = np.zeros((3, N), np.float32)
    trig_kernel[(1,)](x, out, BLOCK=N)
    with mpmath.workdps(80):
        wide = [mpmath.mpf(float(v)) for v in x]
        sin = np.array([float(mpmath.sin(v)) for v in wide])
        cos = np.array([float(mpmath.cos(v)) for v in wide])
    np.testing.assert_allclose(out[0], sin, rtol=4e-7, atol=2e-7)
    np.testing.assert_allclose(out[1], cos, rtol=4e-7, atol=2e-7)
    np.testing.assert_allclose(out[2], sin / cos, rtol=2e-6, atol=2e-7)
    assert np.signbit(out[0][4]) and np.signbit(out[2][4])


@tilec.jit
def typing_kernel(x_ptr, n_ptr, out_ptr):
    tl.store(out_ptr, libdevice.ldexp(tl.load(x_ptr), tl.load(n_ptr)))


def test_typing_errors():
    """Argument dtypes outside the function's signatures are refused with the accepted ones."""
    x = np.ones(1, np.float32)
    with pytest.raises(tilec.CompilationError, match=r"'libdevice.ldexp' expects arguments of "
                       r"types \(fp32, int32\) or \(fp64, int32\), got \(fp32, int64\)"):
        typing_kernel[(1,)](x, np.ones(1, np.int64), x)


@tilec.jit
def accuracy_kernel(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    results = (libdevice.atan(x), libdevice.atan2(x, y), libdevice.cbrt(x), libdevice.exp(x - 90.0),
               libdevice.acosh(tl.abs(x) + 1.0), libdevice.atanh(x * 1e-6), libdevice.atanh(x / 80.0))
    for i in tl.static_range(len(results)):
        tl.store(out_ptr + i * BLOCK + offs, results[i])


def test_fp32_expansion_accuracy():
    """fp32 atan and atan2 within 3 ulp, cbrt of cubes, denormals and infinities correctly
    rounded, exp with denormal results, acosh near 1 and atanh near 0 without cancellation."""
    rng = np.random.default_rng(23)
    x = (rng.uniform(-1, 1, N) * 10.0 ** rng.uniform(-3, 3, N)).astype(np.float32)
    x[:8] = [8.0, -27.0, 1e-40, np.inf, -np.inf, 0.6449239, 64.0, -0.0]
    y = (rng.uniform(-1, 1, N) * 10.0 ** rng.uniform(-3, 3, N)).astype(np.float32)
    out = np.zeros((7, N), np.float32)
    with np.errstate(all="ignore"):
        accuracy_kernel[(1,)](x, y, out, BLOCK=N)
    wide = x.astype(np.float64)
    with np.errstate(all="ignore"):
        np.testing.assert_allclose(out[0], np.arctan(wide), rtol=3.6e-7, atol=0)
        np.testing.assert_allclose(out[1], np.arctan2(wide, y.astype(np.float64)), rtol=3.6e-7, atol=1e-45)
        np.testing.assert_array_equal(out[2], np.cbrt(wide).astype(np.float32))
        shifted = (x - np.float32(90)).astype(np.float64)
        np.testing.assert_allclose(out[3], np.exp(shifted).astype(np.float32), rtol=3e-7, atol=2e-45)
        np.testing.assert_allclose(out[4], np.arccosh((np.abs(x) + np.float32(1)).astype(np.float64)),
                                   rtol=5e-7)
        np.testing.assert_allclose(out[5], np.arctanh((x * np.float32(1e-6)).astype(np.float64)), rtol=3e-7)
        np.testing.assert_allclose(out[6], np.arctanh((x / np.float32(80)).astype(np.float64)), rtol=3e-7)
