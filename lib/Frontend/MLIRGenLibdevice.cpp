//===- MLIRGenLibdevice.cpp - libdevice.<fn>: Triton's typing, arith/math ops ===//
//
// `libdevice.<name>(...)` (from triton.language.extra[.cuda|.hip] import
// libdevice, or tl.extra.cuda.libdevice.<name>). Each function has Triton
// 3.9's typing (the argument dtypes its arg_type_symbol_dict accepts, and the
// result dtype) and is generated as the math/arith operations that compute
// it, with libdevice's results (IEEE special values, saturating conversions,
// directed roundings), so it works on every tilec target. Functions whose
// math dialect op exists (exp, erf, ...) are that op; the passes decide how
// it is computed (tilec-expand-math: libdevice calls on NVPTX, tilec's own
// expansions elsewhere). Names tilec does not implement are refused by name.
//
//===----------------------------------------------------------------------===//
#include "MLIRGen.h"

#include "tilec/Transforms/ShapedConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>
#include <limits>

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;
using tilec::ShapedConstants;
using P = arith::CmpFPredicate;
using IP = arith::CmpIPredicate;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Operations on operands of one shape, for the functions below: float
/// arithmetic through ShapedConstants (`floats(element)`), integer and bit
/// operations, casts between element types.
struct Lanes {
  PatternRewriter &rw;
  Location loc;
  /// Any type of the operands' shape (a tensor or a scalar).
  Type shaped;

  Type type(Type element) const {
    if (auto s = dyn_cast<ShapedType>(shaped))
      return s.clone(element);
    return element;
  }
  ShapedConstants floats(Type element) const { return {rw, loc, type(element)}; }
  ShapedConstants floatsOf(Value v) const { return floats(getElementTypeOrSelf(v.getType())); }
  Type i(unsigned width) const { return rw.getIntegerType(width); }
  Value intConst(unsigned width, int64_t v) const {
    return floats(rw.getF32Type()).get(i(width), rw.getIntegerAttr(i(width), v));
  }
  /// An integer constant of `like`'s element type.
  Value intLike(Value like, int64_t v) const { return intConst(width(like), v); }
  static unsigned width(Value v) {
    return getElementTypeOrSelf(v.getType()).getIntOrFloatBitWidth();
  }

  Value cmpI(IP p, Value a, Value b) const { return arith::CmpIOp::create(rw, loc, p, a, b); }
  Value addI(Value a, Value b) const { return arith::AddIOp::create(rw, loc, a, b); }
  Value subI(Value a, Value b) const { return arith::SubIOp::create(rw, loc, a, b); }
  Value mulI(Value a, Value b) const { return arith::MulIOp::create(rw, loc, a, b); }
  Value andI(Value a, Value b) const { return arith::AndIOp::create(rw, loc, a, b); }
  Value orI(Value a, Value b) const { return arith::OrIOp::create(rw, loc, a, b); }
  Value xorI(Value a, Value b) const { return arith::XOrIOp::create(rw, loc, a, b); }
  Value shl(Value a, Value b) const { return arith::ShLIOp::create(rw, loc, a, b); }
  Value shrS(Value a, Value b) const { return arith::ShRSIOp::create(rw, loc, a, b); }
  Value shrU(Value a, Value b) const { return arith::ShRUIOp::create(rw, loc, a, b); }
  Value notI(Value a) const { return xorI(a, intLike(a, -1)); }
  Value select(Value c, Value a, Value b) const {
    return arith::SelectOp::create(rw, loc, c, a, b);
  }
  Value bitcast(Value v, Type element) const {
    return arith::BitcastOp::create(rw, loc, type(element), v);
  }
  /// `v`'s bits as an integer of its width.
  Value bits(Value v) const { return bitcast(v, i(width(v))); }
  Value extF(Value v, Type element) const {
    return arith::ExtFOp::create(rw, loc, type(element), v);
  }
  Value truncF(Value v, Type element) const {
    return arith::TruncFOp::create(rw, loc, type(element), v);
  }
  Value extS(Value v, unsigned w) const { return arith::ExtSIOp::create(rw, loc, type(i(w)), v); }
  Value extU(Value v, unsigned w) const { return arith::ExtUIOp::create(rw, loc, type(i(w)), v); }
  Value truncI(Value v, unsigned w) const {
    return arith::TruncIOp::create(rw, loc, type(i(w)), v);
  }
  Value isNaN(Value x) const { return floatsOf(x).cmp(P::UNO, x, x); }
  Value isInf(Value x) const {
    ShapedConstants c = floatsOf(x);
    return c.cmp(P::OEQ, c.abs(x), c.fp(kInf));
  }
  Value isFinite(Value x) const {
    ShapedConstants c = floatsOf(x);
    return c.cmp(P::OLT, c.abs(x), c.fp(kInf));
  }
  /// Whether a float's sign bit is set (also for -0 and NaN).
  Value signBit(Value x) const { return cmpI(IP::slt, bits(x), intLike(bits(x), 0)); }

  /// nextafter(x, y): the float after x toward y; y where x == y; NaN where
  /// either is NaN.
  Value nextAfter(Value x, Value y) const {
    ShapedConstants c = floatsOf(x);
    Value xBits = bits(x), yBits = bits(y);
    unsigned w = width(x);
    // Moving toward y grows |x| by one ulp where y > x has the sign of x.
    Value up = c.cmp(P::OGT, y, x);
    Value xPositive = c.cmp(P::OGT, x, c.fp(0.0));
    Value growsMagnitude = cmpI(IP::eq, up, xPositive);
    Value stepped = addI(xBits, select(growsMagnitude, intLike(xBits, 1), intLike(xBits, -1)));
    // From a zero, the smallest denormal with y's sign.
    Value signMask = intConst(w, int64_t(~uint64_t(0) << (w - 1)));
    Value tiny = orI(andI(yBits, signMask), intLike(xBits, 1));
    Value next = select(c.cmp(P::OEQ, x, c.fp(0.0)), tiny, stepped);
    Value result = select(c.cmp(P::OEQ, x, y), y, bitcast(next, getElementTypeOrSelf(x.getType())));
    return select(c.cmp(P::UNO, x, y), c.add(x, y), result);
  }
  Value nextUp(Value x) const { return nextAfter(x, floatsOf(x).fp(kInf)); }
  Value nextDown(Value x) const { return nextAfter(x, floatsOf(x).fp(-kInf)); }
};

/// -1, 0 or 1 in `like`'s float type by the sign of `difference` (any float
/// type; 0 for NaN).
Value signAsFloat(const Lanes &L, Value difference, Value like) {
  ShapedConstants d = L.floatsOf(difference), c = L.floatsOf(like);
  return L.select(d.cmp(P::OGT, difference, d.fp(0.0)), c.fp(1.0),
                  L.select(d.cmp(P::OLT, difference, d.fp(0.0)), c.fp(-1.0), c.fp(0.0)));
}

/// A directed rounding: toward zero, -inf or +inf (libdevice's _rz, _rd, _ru).
enum class Rounding { Nearest, Zero, Down, Up };

/// The result in `mode` from `nearest` (the operation rounded to nearest)
/// and `error`, a value with the sign of (exact result - nearest) (0 where
/// exact; NaN compares false, so NaN results are kept).
Value roundDirected(const Lanes &L, Value nearest, Value error, Rounding mode) {
  ShapedConstants c = L.floatsOf(nearest);
  Value below = c.cmp(P::OLT, error, c.fp(0.0)), above = c.cmp(P::OGT, error, c.fp(0.0));
  switch (mode) {
  case Rounding::Nearest:
    return nearest;
  case Rounding::Down:
    return L.select(below, L.nextDown(nearest), nearest);
  case Rounding::Up:
    return L.select(above, L.nextUp(nearest), nearest);
  case Rounding::Zero: {
    Value positive = c.cmp(P::OGT, nearest, c.fp(0.0));
    Value negative = c.cmp(P::OLT, nearest, c.fp(0.0));
    Value down = L.andI(positive, below), up = L.andI(negative, above);
    return L.select(down, L.nextDown(nearest), L.select(up, L.nextUp(nearest), nearest));
  }
  }
  return nearest;
}

/// Horner's rule on `coefficients` listed from degree 0 up.
Value polynomialFromLowest(const ShapedConstants &c, Value x, llvm::ArrayRef<double> coefficients) {
  llvm::SmallVector<double, 48> highFirst(coefficients.rbegin(), coefficients.rend());
  return c.horner(x, highFirst);
}

/// x * 2^n for a float x and an int32 n, rounded once (ldexp, scalbn).
Value scaleByPowerOfTwo(const Lanes &L, Value x, Value n) {
  Type f64 = L.rw.getF64Type();
  ShapedConstants d = L.floats(f64);
  auto powerOfTwo = [&](Value k32) { // 2^k as an f64, k in [-1022, 1023]
    Value biased = L.addI(L.extS(k32, 64), L.intConst(64, 1023));
    return L.bitcast(L.shl(biased, L.intConst(64, 52)), f64);
  };
  auto clamp = [&](Value k, int lo, int hi) {
    Value low = L.intConst(32, lo), high = L.intConst(32, hi);
    return L.select(L.cmpI(IP::slt, k, low), low, L.select(L.cmpI(IP::sgt, k, high), high, k));
  };
  if (getElementTypeOrSelf(x.getType()).isF32()) {
    // Exact in f64 for |n| <= 400, where every f32 result has over- or
    // underflowed; the conversion to f32 is the one rounding.
    Value product = d.mul(L.extF(x, f64), powerOfTwo(clamp(n, -400, 400)));
    return L.truncF(product, L.rw.getF32Type());
  }
  // fp64: at most two steps of 2^1023 up, or of 2^-969 down (which keep a
  // result that underflows normal until the last multiply, so it is rounded
  // once), then 2^n with n clamped to the normal exponents.
  Value y = x;
  for (int step = 0; step < 2; ++step) {
    Value big = L.cmpI(IP::sgt, n, L.intConst(32, 1023));
    Value small = L.cmpI(IP::slt, n, L.intConst(32, -1022));
    y = d.mul(y, L.select(big, d.f64(0x1p1023), L.select(small, d.f64(0x1p-969), d.f64(1.0))));
    n = L.select(big, L.subI(n, L.intConst(32, 1023)),
                 L.select(small, L.addI(n, L.intConst(32, 969)), n));
  }
  return d.mul(y, powerOfTwo(clamp(n, -1022, 1023)));
}

/// ilogb(x): x's unbiased exponent as int32 (denormals too); INT_MIN for 0
/// and NaN, INT_MAX for infinities, as CUDA's.
Value integerLogB(const Lanes &L, Value x) {
  ShapedConstants c = L.floatsOf(x);
  bool f32 = L.width(x) == 32;
  int mantissa = f32 ? 23 : 52, bias = f32 ? 127 : 1023, shift = f32 ? 24 : 54;
  Value a = c.abs(x);
  Value denormal = c.cmp(P::OLT, a, c.fp(f32 ? 0x1p-126 : 0x1p-1022));
  Value scaled = L.select(denormal, c.mul(a, c.fp(f32 ? 0x1p24 : 0x1p54)), a);
  Value bitsOf = L.bits(scaled);
  Value exponent =
      L.subI(L.shrU(bitsOf, L.intLike(bitsOf, mantissa)),
             L.select(denormal, L.intLike(bitsOf, bias + shift), L.intLike(bitsOf, bias)));
  if (!f32)
    exponent = L.truncI(exponent, 32);
  Value intMin = L.intConst(32, std::numeric_limits<int32_t>::min());
  Value special = L.select(L.isInf(x), L.intConst(32, std::numeric_limits<int32_t>::max()), intMin);
  Value regular = L.andI(c.cmp(P::ONE, a, c.fp(0.0)), L.isFinite(x));
  return L.select(regular, exponent, special);
}

/// sin(pi x) or cos(pi x): x = k/2 + r exactly (k = round(2x), |r| <= 1/4),
/// then sin or cos of pi r by the quadrant k mod 4. sinpi of an integer is 0
/// with x's sign, cospi of a half-integer +0, as C23's sinpi/cospi.
Value sinCosPi(const Lanes &L, Value x, bool cosine) {
  ShapedConstants c = L.floatsOf(x);
  bool f32 = L.width(x) == 32;
  // From 2^24 (2^53) on, every float is an even integer: sinpi 0, cospi 1.
  Value original = x;
  Value even = L.andI(c.cmp(P::OGE, c.abs(x), c.fp(f32 ? 0x1p24 : 0x1p53)), L.isFinite(x));
  x = L.select(even, c.fp(0.0), x);
  Value k = math::RoundEvenOp::create(L.rw, L.loc, c.mul(x, c.fp(2.0)));
  Value r = c.sub(x, c.mul(k, c.fp(0.5)));
  Value quadrantF =
      c.sub(k, c.mul(c.fp(4.0), math::FloorOp::create(L.rw, L.loc, c.mul(k, c.fp(0.25)))));
  quadrantF = L.select(L.isFinite(quadrantF), quadrantF, c.fp(0.0));
  Value quadrant = arith::FPToSIOp::create(L.rw, L.loc, L.type(L.i(32)), quadrantF);
  if (cosine)
    quadrant = L.addI(quadrant, L.intConst(32, 1));
  // pi r with pi = piHi + piLo.
  double piHi = f32 ? 3.1415927410125732 : 3.141592653589793;
  double piLo = f32 ? -8.742277657347586e-08 : 1.2246467991473532e-16;
  Value t = c.fma(r, c.fp(piHi), c.mul(r, c.fp(piLo)));
  Value s = math::SinOp::create(L.rw, L.loc, t), co = math::CosOp::create(L.rw, L.loc, t);
  Value odd = L.cmpI(IP::ne, L.andI(quadrant, L.intConst(32, 1)), L.intConst(32, 0));
  Value negative = L.cmpI(IP::ne, L.andI(quadrant, L.intConst(32, 2)), L.intConst(32, 0));
  Value magnitude = L.select(odd, co, s);
  Value result = L.select(negative, c.neg(magnitude), magnitude);
  Value zero = c.cmp(P::OEQ, result, c.fp(0.0));
  Value signedZero =
      cosine ? c.fp(0.0) : math::CopySignOp::create(L.rw, L.loc, c.fp(0.0), original);
  return L.select(zero, signedZero, result);
}

/// erfinv (`complement` false: of x) or erfcinv (true: of y = x) for |x| <
/// 1 / 0 < y < 2, with the special values: erfinv(+-1) = +-inf, erfcinv(0) =
/// inf, erfcinv(2) = -inf, NaN outside. fp32 erfinv is Giles' approximation
/// ("Approximating the erfinv function", GPU Computing Gems): p(w) x with w =
/// -log(1 - x^2), from 1 - |x| (exact where it matters). The rest is computed in f64 (fp32 erfcinv
/// reaches 1e-45, beyond Giles' range): Giles' approximation where -log(1 - x^2) < 16, else the
/// asymptotic z^2 = -log(y sqrt(pi) z) of erfc(z) = y; then Newton steps on erf (|x| < 1/2) or on
/// log(erfc) (the tails, where 1 - |x| is exact).
Value inverseErf(const Lanes &L, Value x, bool complement) {
  bool f32 = L.width(x) == 32;
  if (f32 && complement) {
    Value wide = L.extF(x, L.rw.getF64Type());
    return L.truncF(inverseErf(L, wide, true), L.rw.getF32Type());
  }
  ShapedConstants c = L.floatsOf(x);
  auto log = [&](Value v) { return Value(math::LogOp::create(L.rw, L.loc, v)); };
  auto sqrt = [&](Value v) { return Value(math::SqrtOp::create(L.rw, L.loc, v)); };
  Value ax, oneMinus, negative, outside, pole;
  if (complement) {
    // erfcinv(y) = -erfcinv(2 - y): work with min(y, 2 - y) in (0, 1].
    Value mirrored = c.sub(c.fp(2.0), x);
    negative = c.cmp(P::OGT, x, c.fp(1.0));
    oneMinus = L.select(negative, mirrored, x);
    ax = c.sub(c.fp(1.0), oneMinus);
    outside = L.orI(c.cmp(P::ULT, x, c.fp(0.0)), c.cmp(P::OGT, x, c.fp(2.0)));
    pole = c.cmp(P::OEQ, oneMinus, c.fp(0.0));
  } else {
    ax = c.abs(x);
    oneMinus = c.sub(c.fp(1.0), ax);
    negative = L.signBit(x);
    outside = c.cmp(P::UGT, ax, c.fp(1.0));
    pole = c.cmp(P::OEQ, ax, c.fp(1.0));
  }
  Value w = c.neg(log(c.mul(oneMinus, c.add(c.fp(1.0), ax))));
  Value central = c.horner(c.sub(w, c.fp(2.5)), {2.81022636e-08, 3.43273939e-07, -3.5233877e-06,
                                                 -4.39150654e-06, 0.00021858087, -0.00125372503,
                                                 -0.00417768164, 0.246640727, 1.50140941});
  Value tail = c.horner(c.sub(sqrt(w), c.fp(3.0)),
                        {-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
                         0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682});
  Value z = c.mul(L.select(c.cmp(P::OLT, w, c.fp(5.0)), central, tail), ax);
  if (!f32) {
    // Beyond Giles' range: two fixed-point steps of z^2 = -log(y) - log(z sqrt(pi)).
    Value logY = log(oneMinus);
    Value far = sqrt(c.neg(logY));
    for (int step = 0; step < 2; ++step)
      far = sqrt(c.neg(c.add(logY, log(c.mul(far, c.fp(1.7724538509055160))))));
    z = L.select(c.cmp(P::OLT, w, c.fp(16.0)), z, far);
    const double twoOverSqrtPi = 1.1283791670955126;
    Value inTail = c.cmp(P::OGE, ax, c.fp(0.5));
    for (int step = 0; step < 3; ++step) {
      Value derivative =
          c.mul(c.fp(twoOverSqrtPi), math::ExpOp::create(L.rw, L.loc, c.neg(c.mul(z, z))));
      Value centralStep = c.div(c.sub(math::ErfOp::create(L.rw, L.loc, z), ax), derivative);
      Value complementary = math::ErfcOp::create(L.rw, L.loc, z);
      Value tailStep = c.div(c.mul(c.sub(logY, log(complementary)), complementary), derivative);
      z = c.sub(z, L.select(inTail, tailStep, centralStep));
    }
  }
  z = L.select(pole, c.fp(kInf), z);
  z = L.select(outside, c.fp(kNaN), z);
  return L.select(negative, c.neg(z), z);
}

/// lgamma in f64 for x > 0 (and 0: +inf), accurate relative to lgamma near
/// its zeros 1 and 2: the Taylor series of lgamma about 1 (|x - 1| <= 1/4)
/// and about 2 (x - 2 in [-3/4, 1/2)); above 2.5 lgamma(x) = log((x - 1) ...
/// (x - n)) + lgamma(x - n) down to [1.5, 2.5) (each x - k exact); below
/// 3/4 lgamma(x) = lgamma(1 + x) - log(x); from 16 on Stirling's series.
Value lgammaOfPositive(const Lanes &L, Value x) {
  ShapedConstants c = L.floatsOf(x);
  // sum coefficients[k] e^(k+1).
  auto series = [&](Value e, llvm::ArrayRef<double> coefficients) {
    return c.mul(polynomialFromLowest(c, e, coefficients), e);
  };
  // -gamma, then (-1)^k zeta(k) / k for k >= 2: lgamma(1 + e).
  static const double kAboutOne[] = {
      -0.5772156649015329,   0.8224670334241132,   -0.40068563438653143,  0.27058080842778454,
      -0.20738555102867398,  0.1695571769974082,   -0.1440498967688461,   0.12550966952474304,
      -0.11133426586956469,  0.1000994575127818,   -0.09095401714582904,  0.083353840546109,
      -0.0769325164113522,   0.07143294629536133,  -0.06666870588242046,  0.06250095514121304,
      -0.058823978658684585, 0.055555767627403614, -0.05263167937961666,  0.05000004769810169,
      -0.047619070330142226, 0.04545455629320467,  -0.04347826605304026,  0.04166666915034121,
      -0.04000000119214014,  0.03846153903467518,  -0.037037037312989324, 0.035714285847333355,
      -0.034482758684919304, 0.03333333336437758};
  // 1 - gamma, then (-1)^k (zeta(k) - 1) / k for k >= 2: lgamma(2 + e).
  static const double kAboutTwo[] = {
      0.42278433509846713,     0.3224670334241132,     -0.0673523010531981,
      0.020580808427784546,    -0.007385551028673986,  0.0028905103307415234,
      -0.001192753911703261,   0.0005096695247430425,  -0.00022315475845357939,
      9.945751278180853e-05,   -4.492623673813314e-05, 2.050721277567069e-05,
      -9.439488275268397e-06,  4.374866789907488e-06,  -2.039215753801366e-06,
      9.55141213040742e-07,    -4.492469198764566e-07, 2.1207184805554665e-07,
      -1.0043224823968099e-07, 4.7698101693639804e-08, -2.2711094608943164e-08,
      1.0838659214896955e-08,  -5.183475041970047e-09, 2.4836745438024785e-09,
      -1.1921401405860912e-09, 5.731367241678862e-10,  -2.7595228851242334e-10,
      1.330476437424449e-10,   -6.4229645638381e-11,   3.1044247747322276e-11,
      -1.5021384080754142e-11, 7.275974480239079e-12,  -3.527742476575915e-12,
      1.711991790559618e-12,   -8.315385841420285e-13, 4.04220052528944e-13,
      -1.9664756310966165e-13, 9.573630387838556e-14,  -4.6640760264283744e-14,
      2.2737369600659724e-14,  -1.1091399470834522e-14};
  auto log = [&](Value v) { return Value(math::LogOp::create(L.rw, L.loc, v)); };
  Value small = c.cmp(P::OLT, x, c.fp(0.75));
  // Below 3/4: lgamma(1 + x) - log(x), with 1 + x about 1 or 2.
  Value tiny = c.cmp(P::OLT, x, c.fp(0.25));
  Value nearOne = L.orI(tiny, c.cmp(P::OLE, c.abs(c.sub(x, c.fp(1.0))), c.fp(0.25)));
  Value eOne = L.select(tiny, x, c.sub(x, c.fp(1.0)));
  // Down to y in [1.5, 2.5) from below 16.
  Value y = L.select(small, c.add(x, c.fp(1.0)), x), product = c.fp(1.0);
  for (int step = 0; step < 14; ++step) {
    Value above = c.cmp(P::OGE, y, c.fp(2.5));
    y = L.select(above, c.sub(y, c.fp(1.0)), y);
    product = L.select(above, c.mul(product, y), product);
  }
  Value eTwo = L.select(small, c.sub(x, c.fp(1.0)), c.sub(y, c.fp(2.0)));
  Value reduced =
      L.select(nearOne, series(eOne, kAboutOne), c.add(series(eTwo, kAboutTwo), log(product)));
  reduced = L.select(small, c.sub(reduced, log(x)), reduced);
  // Stirling from 16 on: (z - 1/2) log z - z + log(2 pi) / 2 + sum B_2k /
  // (2k (2k - 1) z^(2k-1)), k = 1..7.
  Value z = L.select(c.cmp(P::OGE, x, c.fp(16.0)), x, c.fp(16.0));
  Value inverse = c.div(c.fp(1.0), z), inverse2 = c.mul(inverse, inverse);
  Value correction = c.mul(c.horner(inverse2, {1.0 / 156, -691.0 / 360360, 1.0 / 1188, -1.0 / 1680,
                                               1.0 / 1260, -1.0 / 360, 1.0 / 12}),
                           inverse);
  Value stirling = c.add(c.sub(c.mul(c.sub(z, c.fp(0.5)), log(z)), z),
                         c.add(c.fp(0.9189385332046728), correction));
  Value result = L.select(c.cmp(P::OGE, x, c.fp(16.0)), stirling, reduced);
  return L.select(c.cmp(P::OEQ, x, c.fp(kInf)), x, result);
}

/// lgamma(x) for any f64 x: for x <= 0 by the reflection log(pi / |sin(pi
/// x)|) - lgamma(1 - x); +inf at the poles (0 and the negative integers) and
/// at -inf; NaN for NaN.
Value lgammaF64(const Lanes &L, Value x) {
  ShapedConstants c = L.floatsOf(x);
  Value positive = c.cmp(P::OGT, x, c.fp(0.0));
  Value argument = L.select(positive, x, c.sub(c.fp(1.0), x));
  Value lg = lgammaOfPositive(L, argument);
  Value sine = c.abs(sinCosPi(L, x, /*cosine=*/false));
  Value reflected =
      c.sub(c.sub(c.fp(1.1447298858494002), math::LogOp::create(L.rw, L.loc, sine)), lg);
  Value pole = L.orI(c.cmp(P::OEQ, math::FloorOp::create(L.rw, L.loc, x), x), L.isInf(x));
  reflected = L.select(pole, c.fp(kInf), reflected);
  return L.select(positive, lg, L.select(L.isNaN(x), x, reflected));
}

/// cyl_bessel_i0 and cyl_bessel_i1 (the modified Bessel functions I0, I1),
/// in f64 (fp32 rounded from it): below 30 their power series in (x/2)^2,
/// all terms positive (48 terms: below 1e-18 relative at 30); from 30 on
/// the asymptotic series e^x / sqrt(2 pi x) sum (-1)^k a_k(nu) / x^k (20
/// terms, below 1e-17), with e^x applied in two halves so that results up
/// to the f64 maximum do not overflow early. I1 is odd; +inf for +-inf.
Value besselI(const Lanes &L, Value x, int order) {
  static const double kI0Series[] = {
      1.0, 1.0, 0.25, 0.027777777777777776, 0.001736111111111111, 6.944444444444444e-05,
      1.9290123456790124e-06, 3.936759889140842e-08, 6.151187326782565e-10,
      7.594058428126624e-12, 7.594058428126623e-14, 6.276081345559193e-16,
      4.358389823304995e-18, 2.5789288895295828e-20, 1.3157800456783586e-22,
      5.8479113141260385e-25, 2.2843403570804838e-27, 7.904291893012054e-30,
      2.4395962632753253e-32, 6.757884385804225e-35, 1.6894710964510564e-37,
      3.8310002187098785e-40, 7.915289708078262e-43, 1.4962740468957016e-45,
      2.5976979980828152e-48, 4.156316796932504e-51, 6.14839762859838e-54,
      8.434015951438106e-57, 1.0757673407446564e-59, 1.2791526049282477e-62,
      1.4212806721424974e-65, 1.4789601166935458e-68, 1.4442969889585408e-71,
      1.3262598613026087e-74, 1.147283617043779e-77, 9.365580547296156e-81,
      7.226528200074194e-84, 5.278691161485898e-87, 3.6556032974279072e-90,
      2.4034209713529963e-93, 1.5021381070956227e-96, 8.935979221270807e-100,
      5.065747857863269e-103, 2.739723016691871e-106, 1.4151461863077845e-109,
      6.988376228680417e-113, 3.3026352687525603e-116, 1.4950816064973112e-119};
  static const double kI1Series[] = {
      1.0, 0.5, 0.08333333333333333, 0.006944444444444444, 0.00034722222222222224,
      1.1574074074074073e-05, 2.755731922398589e-07, 4.920949861426052e-09,
      6.834652585313961e-11, 7.594058428126623e-13, 6.903689480115112e-15,
      5.230067787965994e-17, 3.352607556388458e-19, 1.842092063949702e-21,
      8.771866971189057e-24, 3.654944571328774e-26, 1.3437296218120491e-28,
      4.391273273895586e-31, 1.2839980333028028e-33, 3.3789421929021126e-36,
      8.045100459290744e-39, 1.7413637357772174e-41, 3.4414303078601135e-44,
      6.234475195398757e-47, 1.0390791992331261e-49, 1.5985833834355786e-52,
      2.2771843068882885e-55, 3.0121485540850376e-58, 3.7095425542919185e-61,
      4.263842016427493e-64, 4.5847763617499917e-67, 4.6217503646673306e-70,
      4.376657542298608e-73, 3.900764297948849e-76, 3.2779531915536543e-79,
      2.60155015202671e-82, 1.9531157297497823e-85, 1.3891292530226046e-88,
      9.373341788276685e-92, 6.00855242838249e-95, 3.6637514807210306e-98,
      2.127614100302573e-101, 1.1780808971775045e-104, 6.2266432197542515e-108,
      3.1447693029061876e-111, 1.5192122236261777e-114, 7.026883550537362e-118,
      3.114753346869398e-121};
  static const double kI0Asymptotic[] = {
      1.0, 0.125, 0.0703125, 0.0732421875, 0.112152099609375, 0.22710800170898438,
      0.5725014209747314, 1.7277275025844574, 6.074042001273483, 24.380529699556064,
      110.01714026924674, 551.3358961220206, 3038.090510922384, 18257.755474293175,
      118838.42625678325, 832859.3040162893, 6252951.493434797, 50069589.531988926,
      425939216.5047669, 3836255180.2304335};
  static const double kI1Asymptotic[] = {
      1.0, -0.375, -0.1171875, -0.1025390625, -0.144195556640625, -0.2775764465332031,
      -0.6765925884246826, -1.993531733751297, -6.883914268109947, -27.248827311268542,
      -121.59789187653587, -603.8440767050702, -3302.2722944808525, -19718.37591223663,
      -127641.2726461746, -890297.8767070678, -6656367.718817688, -53104110.10968523,
      -450278600.3050393, -4043620325.107754};
  bool f32 = L.width(x) == 32;
  Type f64 = L.rw.getF64Type();
  Value wide = f32 ? L.extF(x, f64) : x;
  ShapedConstants c = L.floatsOf(wide);
  Value a = c.abs(wide);
  Value series = polynomialFromLowest(c, c.mul(c.mul(a, a), c.fp(0.25)),
                                      order == 0 ? llvm::ArrayRef(kI0Series) : kI1Series);
  if (order == 1)
    series = c.mul(series, c.mul(a, c.fp(0.5)));
  Value asymptotic = polynomialFromLowest(c, c.div(c.fp(1.0), a),
                                          order == 0 ? llvm::ArrayRef(kI0Asymptotic) : kI1Asymptotic);
  Value half = math::ExpOp::create(L.rw, L.loc, c.mul(a, c.fp(0.5)));
  Value root = math::SqrtOp::create(L.rw, L.loc, c.mul(a, c.fp(6.283185307179586)));
  Value large = c.mul(half, c.div(c.mul(half, asymptotic), root));
  Value result = L.select(c.cmp(P::OLT, a, c.fp(30.0)), series, large);
  result = L.select(L.isInf(a), c.fp(kInf), result);
  if (order == 1)
    result = math::CopySignOp::create(L.rw, L.loc, result, wide);
  return f32 ? L.truncF(result, L.rw.getF32Type()) : result;
}

/// erfcx(x) = e^(x^2) erfc(x), in f64 (fp32 rounded from it): below 12 as
/// that product with x^2's rounding error carried (e^(hi + lo) = e^hi (1 +
/// lo)); +inf where e^(x^2) overflows (x < -26.6); from 12 on the
/// asymptotic series 1 / (x sqrt(pi)) sum (-1)^k (2k-1)!! / (2x^2)^k (16
/// terms, below 1e-17), which goes to 0 at +inf.
Value scaledErfc(const Lanes &L, Value x) {
  static const double kErfcxAsymptotic[] = {
      1.0, -1.0, 3.0, -15.0, 105.0, -945.0, 10395.0, -135135.0, 2027025.0, -34459425.0,
      654729075.0, -13749310575.0, 316234143225.0, -7905853580625.0, 213458046676875.0,
      -6190283353629375.0};
  bool f32 = L.width(x) == 32;
  Type f64 = L.rw.getF64Type();
  Value wide = f32 ? L.extF(x, f64) : x;
  ShapedConstants c = L.floatsOf(wide);
  Value low;
  Value square = c.twoProduct(wide, wide, low);
  low = L.select(L.isFinite(square), low, c.fp(0.0));
  Value product = c.mul(math::ExpOp::create(L.rw, L.loc, square),
                        math::ErfcOp::create(L.rw, L.loc, wide));
  Value direct = L.select(L.isFinite(product), c.fma(product, low, product), product);
  Value u = c.div(c.fp(0.5), square);
  Value asymptotic = c.div(polynomialFromLowest(c, u, kErfcxAsymptotic),
                           c.mul(wide, c.fp(1.7724538509055160)));
  Value result = L.select(c.cmp(P::OLT, wide, c.fp(12.0)), direct, asymptotic);
  return f32 ? L.truncF(result, L.rw.getF32Type()) : result;
}

/// The float result of rounding an integer `x` (i32, u32, i64 or u64,
/// `isUnsigned`) to `floatType` in `mode`: the nearest conversion, stepped
/// by one ulp where the exact value lies on the other side.
Value intToFloat(const Lanes &L, Value x, bool isUnsigned, Type floatType, Rounding mode) {
  Type resultType = L.type(floatType);
  Value nearest = isUnsigned ? Value(arith::UIToFPOp::create(L.rw, L.loc, resultType, x))
                             : Value(arith::SIToFPOp::create(L.rw, L.loc, resultType, x));
  if (mode == Rounding::Nearest)
    return nearest;
  ShapedConstants c = L.floats(floatType);
  unsigned w = L.width(x);
  // The exact comparison of nearest with x: nearest can be 2^w (2^(w-1)
  // signed), just past the integer range, and is larger than x then.
  double limit = isUnsigned ? std::ldexp(1.0, w) : std::ldexp(1.0, w - 1);
  Value pastRange = c.cmp(P::OGE, nearest, c.fp(limit));
  Value safe = L.select(pastRange, c.fp(0.0), nearest);
  Value back = isUnsigned ? Value(arith::FPToUIOp::create(L.rw, L.loc, L.type(L.i(w)), safe))
                          : Value(arith::FPToSIOp::create(L.rw, L.loc, L.type(L.i(w)), safe));
  Value greater = L.orI(pastRange, L.cmpI(isUnsigned ? IP::ugt : IP::sgt, back, x));
  Value less = L.andI(L.notI(pastRange), L.cmpI(isUnsigned ? IP::ult : IP::slt, back, x));
  Value error = L.select(greater, c.fp(-1.0), L.select(less, c.fp(1.0), c.fp(0.0)));
  return roundDirected(L, nearest, error, mode);
}

/// A float rounded to an integer in `mode` and converted to a `width`-bit
/// integer as the GPUs' cvt does: saturating, NaN to 0.
Value floatToInt(const Lanes &L, Value x, unsigned width, bool isUnsigned, Rounding mode,
                 bool halfAway = false) {
  ShapedConstants c = L.floatsOf(x);
  Value r = x;
  if (halfAway)
    r = math::RoundOp::create(L.rw, L.loc, x);
  else if (mode == Rounding::Nearest)
    r = math::RoundEvenOp::create(L.rw, L.loc, x);
  else if (mode == Rounding::Down)
    r = math::FloorOp::create(L.rw, L.loc, x);
  else if (mode == Rounding::Up)
    r = math::CeilOp::create(L.rw, L.loc, x);
  else
    r = math::TruncOp::create(L.rw, L.loc, x);
  double low = isUnsigned ? 0.0 : -std::ldexp(1.0, width - 1);
  double high = isUnsigned ? std::ldexp(1.0, width) : std::ldexp(1.0, width - 1);
  Value tooLow = c.cmp(P::OLT, r, c.fp(low)), tooHigh = c.cmp(P::OGE, r, c.fp(high));
  Value inRange = L.andI(c.cmp(P::OGE, r, c.fp(low)), c.cmp(P::OLT, r, c.fp(high)));
  Value safe = L.select(inRange, r, c.fp(0.0));
  Type intType = L.type(L.i(width));
  Value converted = isUnsigned ? Value(arith::FPToUIOp::create(L.rw, L.loc, intType, safe))
                               : Value(arith::FPToSIOp::create(L.rw, L.loc, intType, safe));
  // As sign-extended values of `width` bits (all ones is the unsigned maximum).
  int64_t minValue = isUnsigned ? 0 : int64_t(~uint64_t(0) << (width - 1));
  int64_t maxValue = isUnsigned ? -1 : int64_t((uint64_t(1) << (width - 1)) - 1);
  converted = L.select(tooLow, L.intConst(width, minValue), converted);
  return L.select(tooHigh, L.intConst(width, maxValue), converted);
}

/// sqrt(sum of squares) of `values` (hypot, norm3d, norm4d; their
/// reciprocals with `reciprocal`): fp32 in f64, where nothing overflows;
/// fp64 scaled by the largest magnitude. inf wins over NaN (IEEE hypot).
Value euclideanNorm(const Lanes &L, llvm::ArrayRef<Value> values, bool reciprocal) {
  Value x = values.front();
  ShapedConstants c = L.floatsOf(x);
  Value anyInf = L.isInf(x), anyNaN = L.isNaN(x);
  for (Value v : values.drop_front()) {
    anyInf = L.orI(anyInf, L.isInf(v));
    anyNaN = L.orI(anyNaN, L.isNaN(v));
  }
  Value result;
  if (L.width(x) == 32) {
    Type f64 = L.rw.getF64Type();
    ShapedConstants d = L.floats(f64);
    Value sum = d.f64(0.0);
    for (Value v : values) {
      Value wide = L.extF(v, f64);
      sum = d.fma(wide, wide, sum);
    }
    Value root = math::SqrtOp::create(L.rw, L.loc, sum);
    result = L.truncF(reciprocal ? d.div(d.f64(1.0), root) : root, L.rw.getF32Type());
  } else {
    // Scaled by 2^-e, e the largest magnitude's exponent (exact), and
    // scaled back by one rounding, so no sum of squares overflows and
    // denormal results round once.
    Value largest = c.abs(x);
    for (Value v : values.drop_front())
      largest = L.select(c.cmp(P::OGT, c.abs(v), largest), c.abs(v), largest);
    Value zero = c.cmp(P::OEQ, largest, c.fp(0.0));
    Value exponent = L.select(zero, L.intConst(32, 0), integerLogB(L, largest));
    Value negated = L.subI(L.intConst(32, 0), exponent);
    Value sum = c.fp(0.0);
    for (Value v : values) {
      Value q = scaleByPowerOfTwo(L, c.abs(v), negated);
      sum = c.fma(q, q, sum);
    }
    Value root = math::SqrtOp::create(L.rw, L.loc, sum);
    result = reciprocal ? scaleByPowerOfTwo(L, c.div(c.fp(1.0), root), negated)
                        : scaleByPowerOfTwo(L, root, exponent);
    result = L.select(zero, c.fp(reciprocal ? kInf : 0.0), result);
  }
  result = L.select(anyNaN, c.fp(kNaN), result);
  return L.select(anyInf, c.fp(reciprocal ? 0.0 : kInf), result);
}

/// A basic operation (add, sub, mul, div, sqrt, fma) in a directed rounding:
/// the nearest result and the sign of its error (exact by two-sum, fma
/// remainders, or f64 for fp32 products and fma).
enum class BasicOp { Add, Sub, Mul, Div, Sqrt, Fma };
Value basicRounded(const Lanes &L, BasicOp op, llvm::ArrayRef<Value> a, Rounding mode) {
  ShapedConstants c = L.floatsOf(a[0]);
  bool f32 = L.width(a[0]) == 32;
  Type f64 = L.rw.getF64Type(), f32Type = L.rw.getF32Type();
  ShapedConstants d = L.floats(f64);
  Value nearest, error;
  switch (op) {
  case BasicOp::Add:
  case BasicOp::Sub: {
    Value x = a[0], y = op == BasicOp::Sub ? c.neg(a[1]) : a[1];
    nearest = c.twoSum(x, y, error);
    // Overflow (two-sum's error is NaN): the exact sum is finite.
    Value overflow = L.andI(L.isInf(nearest), L.andI(L.isFinite(x), L.isFinite(y)));
    error = L.select(overflow, c.neg(nearest), error);
    // An exact zero sum is -0 when rounding down (IEEE 754 6.3).
    if (mode == Rounding::Down)
      nearest =
          L.select(c.cmp(P::OEQ, nearest, c.fp(0.0)), c.neg(c.add(c.neg(x), c.neg(y))), nearest);
    break;
  }
  case BasicOp::Mul:
    if (f32) {
      // The product is exact in f64.
      Value exact = d.mul(L.extF(a[0], f64), L.extF(a[1], f64));
      nearest = L.truncF(exact, f32Type);
      error = signAsFloat(L, d.sub(exact, L.extF(nearest, f64)), nearest);
    } else {
      // The fma's error a b - p underflows where p is tiny: there, with a
      // and b scaled by 2^537 each (neither overflows: |a b| < 2^-900
      // bounds both below 2^487), 2^1074 (a b - p) is exact.
      nearest = c.twoProduct(a[0], a[1], error);
      Value tiny = c.cmp(P::OLT, c.abs(nearest), c.fp(0x1p-900));
      Value scaled = c.fma(c.mul(a[0], c.fp(0x1p537)), c.mul(a[1], c.fp(0x1p537)),
                           c.neg(c.mul(c.mul(nearest, c.fp(0x1p537)), c.fp(0x1p537))));
      error = L.select(tiny, scaled, error);
    }
    break;
  case BasicOp::Div: {
    nearest = c.div(a[0], a[1]);
    // a - q b exactly (in f64 for fp32); the exact quotient exceeds q where
    // it has b's sign.
    Value remainder, divisor;
    if (f32) {
      remainder = d.fma(d.neg(L.extF(nearest, f64)), L.extF(a[1], f64), L.extF(a[0], f64));
      divisor = L.extF(a[1], f64);
    } else {
      // Scaled where a - q b could underflow: a and b by 2^1000 where both
      // are tiny; otherwise a and q by 2^800 where a or q is (then |a| <
      // 2^124 and |q| < 1, or the other way round).
      Value aTiny = c.cmp(P::OLT, c.abs(a[0]), c.fp(0x1p-900));
      Value bothTiny = L.andI(aTiny, c.cmp(P::OLT, c.abs(a[1]), c.fp(0x1p-900)));
      Value tinyQuotient =
          L.andI(L.notI(bothTiny), L.orI(aTiny, c.cmp(P::OLT, c.abs(nearest), c.fp(0x1p-900))));
      Value dividendScale =
          L.select(bothTiny, c.fp(0x1p1000), L.select(tinyQuotient, c.fp(0x1p800), c.fp(1.0)));
      Value divisorScale = L.select(bothTiny, c.fp(0x1p1000), c.fp(1.0));
      Value quotientScale = L.select(tinyQuotient, c.fp(0x1p800), c.fp(1.0));
      remainder = c.fma(c.neg(c.mul(nearest, quotientScale)), c.mul(a[1], divisorScale),
                        c.mul(a[0], dividendScale));
      divisor = a[1];
    }
    ShapedConstants r = L.floatsOf(remainder);
    Value sameSign = L.cmpI(IP::eq, L.signBit(remainder), L.signBit(divisor));
    Value nonzero = r.cmp(P::ONE, remainder, r.fp(0.0));
    error = L.select(nonzero, L.select(sameSign, c.fp(1.0), c.fp(-1.0)), c.fp(0.0));
    break;
  }
  case BasicOp::Sqrt: {
    nearest = math::SqrtOp::create(L.rw, L.loc, a[0]);
    Value remainder =
        f32 ? d.fma(d.neg(L.extF(nearest, f64)), L.extF(nearest, f64), L.extF(a[0], f64))
            : c.fma(c.neg(nearest), nearest, a[0]);
    error = signAsFloat(L, remainder, nearest);
    break;
  }
  case BasicOp::Fma: {
    // fp32 only: a b exact in f64, plus c by two-sum: exact = s + e.
    Value e;
    Value s = d.twoSum(d.mul(L.extF(a[0], f64), L.extF(a[1], f64)), L.extF(a[2], f64), e);
    nearest = math::FmaOp::create(L.rw, L.loc, a[0], a[1], a[2]);
    Value finite = L.isFinite(s);
    error = signAsFloat(L, d.add(d.sub(s, L.extF(nearest, f64)), e), nearest);
    // An overflow to inf of a finite exact value.
    error = L.select(L.andI(L.isInf(nearest), finite), c.neg(nearest), error);
    break;
  }
  }
  return roundDirected(L, nearest, error, mode);
}

/// Bit reversal of an i32 or i64: swaps of halves, bytes, nibbles, pairs, bits.
Value reverseBits(const Lanes &L, Value x) {
  unsigned w = L.width(x);
  struct Swap {
    unsigned shift;
    uint64_t mask;
  };
  const Swap swaps[] = {{1, 0x5555555555555555ull},  {2, 0x3333333333333333ull},
                        {4, 0x0F0F0F0F0F0F0F0Full},  {8, 0x00FF00FF00FF00FFull},
                        {16, 0x0000FFFF0000FFFFull}, {32, 0x00000000FFFFFFFFull}};
  for (const Swap &s : swaps) {
    if (s.shift >= w)
      break;
    uint64_t mask = w == 32 ? s.mask & 0xFFFFFFFFull : s.mask;
    Value m = L.intConst(w, int64_t(mask)), sh = L.intConst(w, s.shift);
    x = L.orI(L.andI(L.shrU(x, sh), m), L.shl(L.andI(x, m), sh));
  }
  return x;
}

/// One typing of a libdevice function: its argument dtypes and result dtype.
struct Signature {
  llvm::SmallVector<DType::Kind, 4> args;
  DType::Kind result;
};

/// Generates a libdevice function from operands of one shape with the dtypes
/// of the signature they matched (`result`: its result dtype).
using Generator = std::function<Value(const Lanes &, llvm::ArrayRef<Value>, const Signature &)>;

struct LibdeviceFunction {
  llvm::SmallVector<Signature, 4> signatures;
  Generator generate;
  /// Float functions of one type (exp, pow, ...): operands are promoted to a
  /// common float type before matching, so `libdevice.pow(x, 2)` works.
  bool promoteFloats = false;
};

/// Parses signatures written as "f32>f32 f64>f64" or "i32,i32>u32".
llvm::SmallVector<Signature, 4> signatures(StringRef spec) {
  auto kindOf = [](StringRef name) {
    return llvm::StringSwitch<DType::Kind>(name)
        .Case("i1", DType::I1)
        .Case("f32", DType::F32)
        .Case("f64", DType::F64)
        .Case("i32", DType::I32)
        .Case("i64", DType::I64)
        .Case("u32", DType::U32)
        .Case("u64", DType::U64)
        .Default(DType::Invalid);
  };
  llvm::SmallVector<Signature, 4> result;
  llvm::SmallVector<StringRef, 4> entries;
  spec.split(entries, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    auto [args, ret] = entry.split('>');
    Signature s;
    llvm::SmallVector<StringRef, 4> names;
    args.split(names, ',');
    for (StringRef n : names)
      s.args.push_back(kindOf(n));
    s.result = kindOf(ret);
    assert(s.result != DType::Invalid && "bad libdevice signature");
    result.push_back(s);
  }
  return result;
}

Value unaryOp(const Lanes &L, StringRef opName, Value x) {
  OperationState state(L.loc, opName);
  state.addOperands(x);
  state.addTypes(x.getType());
  return L.rw.create(state)->getResult(0);
}

/// The libdevice functions tilec implements (their `fast_` forms are the same
/// functions: tilec's math has one accuracy).
const llvm::StringMap<LibdeviceFunction> &libdeviceFunctions() {
  static const llvm::StringMap<LibdeviceFunction> table = [] {
    llvm::StringMap<LibdeviceFunction> t;
    const char *kFloat1 = "f32>f32 f64>f64", *kFloat2 = "f32,f32>f32 f64,f64>f64",
               *kFloat3 = "f32,f32,f32>f32 f64,f64,f64>f64";
    auto add = [&](StringRef name, const char *spec, Generator g, bool promote = false) {
      t[name] = LibdeviceFunction{signatures(spec), std::move(g), promote};
    };
    // Float functions that are one math/arith op on the same type.
    auto op1 = [&](StringRef name, const char *op, const char *spec = nullptr) {
      std::string opName = op;
      add(
          name, spec ? spec : kFloat1,
          [opName](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
            return unaryOp(L, opName, a[0]);
          },
          true);
    };
    auto op2 = [&](StringRef name, const char *op, const char *spec = nullptr) {
      std::string opName = op;
      add(
          name, spec ? spec : kFloat2,
          [opName](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
            OperationState state(L.loc, opName);
            state.addOperands(a);
            state.addTypes(a[0].getType());
            return L.rw.create(state)->getResult(0);
          },
          true);
    };
    for (auto [name, op] : std::initializer_list<std::pair<const char *, const char *>>{
             {"exp", "math.exp"},     {"exp2", "math.exp2"},      {"expm1", "math.expm1"},
             {"log", "math.log"},     {"log2", "math.log2"},      {"log10", "math.log10"},
             {"log1p", "math.log1p"}, {"sqrt", "math.sqrt"},      {"sqrt_rn", "math.sqrt"},
             {"rsqrt", "math.rsqrt"}, {"cbrt", "math.cbrt"},      {"sin", "math.sin"},
             {"cos", "math.cos"},     {"tan", "math.tan"},        {"tanh", "math.tanh"},
             {"sinh", "math.sinh"},   {"cosh", "math.cosh"},      {"asin", "math.asin"},
             {"acos", "math.acos"},   {"atan", "math.atan"},      {"acosh", "math.acosh"},
             {"atanh", "math.atanh"}, {"erf", "math.erf"},        {"erfc", "math.erfc"},
             {"floor", "math.floor"}, {"ceil", "math.ceil"},      {"trunc", "math.trunc"},
             {"round", "math.round"}, {"rint", "math.roundeven"}, {"nearbyint", "math.roundeven"},
             {"fabs", "math.absf"}})
      op1(name, op);
    for (auto [name, op] :
         std::initializer_list<std::pair<const char *, const char *>>{{"fast_expf", "math.exp"},
                                                                      {"fast_logf", "math.log"},
                                                                      {"fast_log2f", "math.log2"},
                                                                      {"fast_log10f", "math.log10"},
                                                                      {"fast_sinf", "math.sin"},
                                                                      {"fast_cosf", "math.cos"},
                                                                      {"fast_tanf", "math.tan"}})
      op1(name, op); // also on fp64 (Triton: fp32 only), as tilec always did
    for (auto [name, op] :
         std::initializer_list<std::pair<const char *, const char *>>{{"pow", "math.powf"},
                                                                      {"fmod", "arith.remf"},
                                                                      {"fmax", "arith.maxnumf"},
                                                                      {"fmin", "arith.minnumf"},
                                                                      {"atan2", "math.atan2"},
                                                                      {"copysign", "math.copysign"},
                                                                      {"div_rn", "arith.divf"}})
      op2(name, op);
    op2("powf", "math.powf");
    op2("fast_powf", "math.powf");
    op2("fast_dividef", "arith.divf");
    auto fma = [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) -> Value {
      return math::FmaOp::create(L.rw, L.loc, a[0], a[1], a[2]);
    };
    add("fma", kFloat3, fma, true);
    add("fma_rn", kFloat3, fma, true);
    // abs of an integer or a float.
    add("abs", "i32>i32 i64>i64 f32>f32 f64>f64",
        [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &s) -> Value {
          if (s.args[0] == DType::I32 || s.args[0] == DType::I64)
            return math::AbsIOp::create(L.rw, L.loc, a[0]);
          return math::AbsFOp::create(L.rw, L.loc, a[0]);
        });
    add(
        "asinh", kFloat1,
        [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
          // sign(x) * log1p(|x| + x^2 / (1 + sqrt(1 + x^2))): no cancellation;
          // where x^2 would overflow, sign(x) * (ln|x| + ln2).
          ShapedConstants c = L.floatsOf(a[0]);
          Value ax = c.abs(a[0]);
          Value sq = c.mul(ax, ax);
          Value root = math::SqrtOp::create(L.rw, L.loc, c.add(c.fp(1.0), sq));
          Value mag =
              math::Log1pOp::create(L.rw, L.loc, c.add(ax, c.div(sq, c.add(c.fp(1.0), root))));
          Value far = c.add(math::LogOp::create(L.rw, L.loc, ax), c.fp(0.6931471805599453));
          double large = L.width(a[0]) == 64 ? 0x1p28 : 0x1p12;
          mag = L.select(c.cmp(P::OGT, ax, c.fp(large)), far, mag);
          return Value(math::CopySignOp::create(L.rw, L.loc, mag, a[0]));
        },
        true);

    // Predicates: int1 (Triton converts libdevice's int32 0/1); signbit
    // stays int32.
    auto predicate = [&](StringRef name, const char *spec,
                         std::function<Value(const Lanes &, Value)> p) {
      add(name, spec, [p](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &s) {
        Value bit = p(L, a[0]);
        if (s.result == DType::I1)
          return bit;
        return Value(arith::ExtUIOp::create(L.rw, L.loc, L.type(L.i(32)), bit));
      });
    };
    predicate("isnan", "f32>i1 f64>i1", [](const Lanes &L, Value x) { return L.isNaN(x); });
    predicate("isinf", "f32>i1 f64>i1", [](const Lanes &L, Value x) { return L.isInf(x); });
    // finitef and isfinited take either type (Triton: fp32 and fp64 only).
    predicate("finitef", "f32>i1 f64>i1", [](const Lanes &L, Value x) { return L.isFinite(x); });
    predicate("isfinited", "f32>i1 f64>i1", [](const Lanes &L, Value x) { return L.isFinite(x); });
    predicate("signbit", "f32>i32 f64>i32", [](const Lanes &L, Value x) { return L.signBit(x); });

    // Rounding-mode arithmetic: _rn is IEEE's default; mul_rn, add_rn and
    // sub_rn are fmas so that fp fusion never contracts them into a
    // neighbour (the reason to call them).
    add("mul_rn", kFloat2, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return Value(math::FmaOp::create(L.rw, L.loc, a[0], a[1], L.floatsOf(a[0]).fp(-0.0)));
    });
    add("add_rn", kFloat2, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return Value(math::FmaOp::create(L.rw, L.loc, a[0], L.floatsOf(a[0]).fp(1.0), a[1]));
    });
    add("sub_rn", kFloat2, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      ShapedConstants c = L.floatsOf(a[0]);
      return Value(math::FmaOp::create(L.rw, L.loc, a[0], c.fp(1.0), c.neg(a[1])));
    });
    add("rcp_rn", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return L.floatsOf(a[0]).div(L.floatsOf(a[0]).fp(1.0), a[0]);
    });
    add("rsqrt_rn", "f32>f32", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // Rounded once from f64's 1 / sqrt.
      ShapedConstants d = L.floats(L.rw.getF64Type());
      Value root = math::SqrtOp::create(L.rw, L.loc, L.extF(a[0], L.rw.getF64Type()));
      return L.truncF(d.div(d.f64(1.0), root), L.rw.getF32Type());
    });
    const std::pair<const char *, Rounding> kModes[] = {
        {"rz", Rounding::Zero}, {"rd", Rounding::Down}, {"ru", Rounding::Up}};
    for (const auto &entry : kModes) {
      const char *suffix = entry.first;
      Rounding m = entry.second;
      auto basic = [&](const char *prefix, BasicOp op, const char *spec) {
        add((Twine(prefix) + "_" + suffix).str(), spec,
            [m, op](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
              return basicRounded(L, op, a, m);
            });
      };
      basic("add", BasicOp::Add, kFloat2);
      basic("sub", BasicOp::Sub, kFloat2);
      basic("mul", BasicOp::Mul, kFloat2);
      basic("div", BasicOp::Div, kFloat2);
      basic("sqrt", BasicOp::Sqrt, kFloat1);
      basic("fma", BasicOp::Fma, "f32,f32,f32>f32");
      add((Twine("rcp_") + suffix).str(), kFloat1,
          [m](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
            Value one = L.floatsOf(a[0]).fp(1.0);
            return basicRounded(L, BasicOp::Div, {one, a[0]}, m);
          });
    }

    // Conversions. float2int etc. saturate and give 0 for NaN (cvt's
    // results); the unsigned ones keep Triton's int32/int64 result types.
    const std::pair<const char *, Rounding> kAllModes[] = {{"rn", Rounding::Nearest},
                                                           {"rz", Rounding::Zero},
                                                           {"rd", Rounding::Down},
                                                           {"ru", Rounding::Up}};
    for (const auto &entry : kAllModes) {
      const char *suffix = entry.first;
      Rounding m = entry.second;
      struct ToInt {
        const char *prefix, *spec;
        unsigned width;
        bool isUnsigned;
      };
      for (ToInt f :
           {ToInt{"float2int", "f32>i32", 32, false}, ToInt{"float2uint", "f32>i32", 32, true},
            ToInt{"float2ll", "f32>i64", 64, false}, ToInt{"float2ull", "f32>i64", 64, true},
            ToInt{"double2int", "f64>i32", 32, false}, ToInt{"double2uint", "f64>i32", 32, true},
            ToInt{"double2ll", "f64>i64", 64, false}, ToInt{"double2ull", "f64>i64", 64, true}})
        add((Twine(f.prefix) + "_" + suffix).str(), f.spec,
            [m, f](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
              return floatToInt(L, a[0], f.width, f.isUnsigned, m);
            });
      struct ToFloat {
        const char *prefix, *spec;
        bool isUnsigned, toF64;
      };
      for (ToFloat f : {ToFloat{"int2float", "i32>f32", false, false},
                        ToFloat{"uint2float", "u32>f32", true, false},
                        ToFloat{"ll2float", "i64>f32", false, false},
                        ToFloat{"ull2float", "u64>f32", true, false},
                        ToFloat{"ll2double", "i64>f64", false, true},
                        ToFloat{"ull2double", "u64>f64", true, true}})
        add((Twine(f.prefix) + "_" + suffix).str(), f.spec,
            [m, f](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
              Type to = f.toF64 ? Type(L.rw.getF64Type()) : Type(L.rw.getF32Type());
              return intToFloat(L, a[0], f.isUnsigned, to, m);
            });
      add((Twine("double2float_") + suffix).str(), "f64>f32",
          [m](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
            Value nearest = L.truncF(a[0], L.rw.getF32Type());
            ShapedConstants d = L.floatsOf(a[0]);
            Value diff = d.sub(a[0], L.extF(nearest, L.rw.getF64Type()));
            return roundDirected(L, nearest, signAsFloat(L, diff, nearest), m);
          });
    }
    add("int2double_rn", "i32>f64", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return intToFloat(L, a[0], false, L.rw.getF64Type(), Rounding::Nearest);
    });
    add("uint2double_rn", "u32>f64",
        [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
          return intToFloat(L, a[0], true, L.rw.getF64Type(), Rounding::Nearest);
        });
    add("llrint", "f32>i64 f64>i64",
        [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
          return floatToInt(L, a[0], 64, false, Rounding::Nearest);
        });
    add("llround", "f32>i64 f64>i64",
        [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
          return floatToInt(L, a[0], 64, false, Rounding::Nearest, /*halfAway=*/true);
        });

    // Reinterpretations of the bits.
    auto reinterpret = [&](StringRef name, const char *spec) {
      add(name, spec, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &s) {
        Type to = DType(s.result).toMLIR(L.rw.getContext());
        if (getElementTypeOrSelf(a[0].getType()) == to)
          return a[0];
        return L.bitcast(a[0], to);
      });
    };
    reinterpret("float_as_int", "f32>i32");
    reinterpret("float_as_uint", "f32>i32");
    reinterpret("int_as_float", "i32>f32");
    reinterpret("uint_as_float", "u32>f32");
    reinterpret("double_as_longlong", "f64>i64");
    reinterpret("longlong_as_double", "i64>f64");
    add("double2hiint", "f64>i32", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return L.truncI(L.shrU(L.bits(a[0]), L.intConst(64, 32)), 32);
    });
    add("double2loint", "f64>i32", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return L.truncI(L.bits(a[0]), 32);
    });
    add("hiloint2double", "i32,i32>f64",
        [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
          Value hi = L.shl(L.extU(a[0], 64), L.intConst(64, 32));
          return L.bitcast(L.orI(hi, L.extU(a[1], 64)), L.rw.getF64Type());
        });

    // Integer functions.
    add("popc", "i32>i32 i64>i32", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      Value count = math::CtPopOp::create(L.rw, L.loc, a[0]);
      return L.width(a[0]) == 64 ? L.truncI(count, 32) : count;
    });
    add("clz", "i32>i32 i64>i32", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      Value count = math::CountLeadingZerosOp::create(L.rw, L.loc, a[0]);
      return L.width(a[0]) == 64 ? L.truncI(count, 32) : count;
    });
    add("ffs", "i32>i32 i64>i32", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // The position of the lowest set bit, from 1; 0 for 0.
      Value trailing = math::CountTrailingZerosOp::create(L.rw, L.loc, a[0]);
      Value position = L.addI(trailing, L.intLike(a[0], 1));
      Value result =
          L.select(L.cmpI(IP::eq, a[0], L.intLike(a[0], 0)), L.intLike(a[0], 0), position);
      return L.width(a[0]) == 64 ? L.truncI(result, 32) : result;
    });
    add("brev", "i32>i32 i64>i64", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return reverseBits(L, a[0]);
    });
    add("mulhi", "i32,i32>i32 u32,u32>u32 i64,i64>i64 u64,u64>u64",
        [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &s) -> Value {
          if (s.args[0] == DType::U32 || s.args[0] == DType::U64)
            return arith::MulUIExtendedOp::create(L.rw, L.loc, a[0], a[1]).getHigh();
          return arith::MulSIExtendedOp::create(L.rw, L.loc, a[0], a[1]).getHigh();
        });
    add("mul24", "i32,i32>i32 u32,u32>u32",
        [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &s) {
          // The low 32 bits of the product of the operands' low 24 bits
          // (sign-extended for int32).
          auto low24 = [&](Value v) {
            if (s.args[0] == DType::U32)
              return L.andI(v, L.intConst(32, 0xFFFFFF));
            return L.shrS(L.shl(v, L.intConst(32, 8)), L.intConst(32, 8));
          };
          return L.mulI(low24(a[0]), low24(a[1]));
        });
    add("sad", "i32,i32,u32>i32 u32,u32,u32>u32",
        [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &s) {
          // |x - y| + z.
          IP greater = s.args[0] == DType::U32 ? IP::ugt : IP::sgt;
          Value difference =
              L.select(L.cmpI(greater, a[0], a[1]), L.subI(a[0], a[1]), L.subI(a[1], a[0]));
          return L.addI(difference, a[2]);
        });
    auto halvingAdd = [&](StringRef name, bool roundUp) {
      add(name, "i32,i32>i32 u32,u32>u32",
          [roundUp](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &s) {
            // (x + y) >> 1 or (x + y + 1) >> 1 without overflow.
            Value half = L.xorI(a[0], a[1]);
            Value one = L.intConst(32, 1);
            half = s.args[0] == DType::U32 ? L.shrU(half, one) : L.shrS(half, one);
            return roundUp ? L.subI(L.orI(a[0], a[1]), half) : L.addI(L.andI(a[0], a[1]), half);
          });
    };
    halvingAdd("hadd", false);
    halvingAdd("rhadd", true);

    // Float functions.
    add("saturatef", "f32>f32", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // Clamped to [+0, 1]; NaN gives 0.
      ShapedConstants c = L.floatsOf(a[0]);
      Value upper = L.select(c.cmp(P::OLT, a[0], c.fp(1.0)), a[0], c.fp(1.0));
      return L.select(c.cmp(P::OGT, a[0], c.fp(0.0)), upper, c.fp(0.0));
    });
    add("fdim", kFloat2, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // x - y where x > y, +0 where x <= y, NaN for NaN.
      ShapedConstants c = L.floatsOf(a[0]);
      return L.select(c.cmp(P::OLE, a[0], a[1]), c.fp(0.0), c.sub(a[0], a[1]));
    });
    add("rcbrt", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // fp32 from f64's 1 / cbrt.
      Type f64 = L.rw.getF64Type();
      bool f32 = L.width(a[0]) == 32;
      Value x = f32 ? L.extF(a[0], f64) : a[0];
      ShapedConstants c = L.floatsOf(x);
      Value result = c.div(c.fp(1.0), math::CbrtOp::create(L.rw, L.loc, x));
      return f32 ? L.truncF(result, L.rw.getF32Type()) : result;
    });
    auto exp10 = [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return Value(math::PowFOp::create(L.rw, L.loc, L.floatsOf(a[0]).fp(10.0), a[0]));
    };
    add("exp10", kFloat1, exp10);
    add("fast_exp10f", "f32>f32", exp10);
    add("nextafter", kFloat2, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return L.nextAfter(a[0], a[1]);
    });
    auto ldexp = [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return scaleByPowerOfTwo(L, a[0], a[1]);
    };
    add("ldexp", "f32,i32>f32 f64,i32>f64", ldexp);
    add("scalbn", "f32,i32>f32 f64,i32>f64", ldexp);
    add("ilogb", "f32>i32 f64>i32", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return integerLogB(L, a[0]);
    });
    add("logb", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // The exponent as a float: -inf for 0, +inf for infinities.
      ShapedConstants c = L.floatsOf(a[0]);
      Value e = arith::SIToFPOp::create(L.rw, L.loc, a[0].getType(), integerLogB(L, a[0]));
      e = L.select(c.cmp(P::OEQ, a[0], c.fp(0.0)), c.fp(-kInf), e);
      e = L.select(L.isInf(a[0]), c.fp(kInf), e);
      return L.select(L.isNaN(a[0]), a[0], e);
    });
    add("hypot", kFloat2, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return euclideanNorm(L, a, false);
    });
    add("rhypot", kFloat2, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return euclideanNorm(L, a, true);
    });
    add("norm3d", kFloat3, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return euclideanNorm(L, a, false);
    });
    add("rnorm3d", kFloat3, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return euclideanNorm(L, a, true);
    });
    const char *kFloat4 = "f32,f32,f32,f32>f32 f64,f64,f64,f64>f64";
    add("norm4d", kFloat4, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return euclideanNorm(L, a, false);
    });
    add("rnorm4d", kFloat4, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return euclideanNorm(L, a, true);
    });
    add("remainder", kFloat2, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // x - n y with n = x / y rounded to nearest even, exactly: r = fmod(x,
      // 2|y|) (exact) has |r| < 2|y|; then at most |y| or 2|y| comes off
      // |r|, each subtraction exact (Sterbenz).
      ShapedConstants c = L.floatsOf(a[0]);
      Value ay = c.abs(a[1]);
      Value r = arith::RemFOp::create(L.rw, L.loc, a[0], c.mul(ay, c.fp(2.0)));
      Value ar = c.abs(r);
      Value d = c.sub(ar, ay);
      Value fromAbove = L.select(c.cmp(P::OGE, c.mul(d, c.fp(2.0)), ay), c.sub(d, ay), d);
      Value fromBelow = L.select(c.cmp(P::OGT, c.mul(ar, c.fp(2.0)), ay), d, ar);
      Value magnitude = L.select(c.cmp(P::OGE, ar, ay), fromAbove, fromBelow);
      magnitude = L.select(L.isNaN(r), r, magnitude);
      return L.select(L.signBit(a[0]), c.neg(magnitude), magnitude);
    });
    add("sinpi", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return sinCosPi(L, a[0], false);
    });
    add("cospi", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return sinCosPi(L, a[0], true);
    });
    add("normcdf", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // erfc(-x / sqrt(2)) / 2, with the rounding error of t = -x / sqrt(2)
      // (tLow) corrected to first order: erfc(t + tLow) = erfc(t) -
      // tLow 2 / sqrt(pi) e^(-t^2).
      // fp32 is computed in f64 (down to its denormal results).
      Type f64 = L.rw.getF64Type();
      bool f32 = L.width(a[0]) == 32;
      Value x = f32 ? L.extF(a[0], f64) : a[0];
      ShapedConstants c = L.floatsOf(x);
      Value tLow;
      Value t = c.twoProduct(c.neg(x), c.fp(0.7071067811865476), tLow);
      tLow = c.fma(c.neg(x), c.fp(-4.833646656726457e-17), tLow);
      tLow = L.select(L.isFinite(t), tLow, c.fp(0.0));
      Value gauss = math::ExpOp::create(L.rw, L.loc, c.neg(c.mul(t, t)));
      Value e = c.fma(c.neg(tLow), c.mul(c.fp(1.1283791670955126), gauss),
                      math::ErfcOp::create(L.rw, L.loc, t));
      Value result = c.mul(e, c.fp(0.5));
      return f32 ? L.truncF(result, L.rw.getF32Type()) : result;
    });
    add("erfinv", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return inverseErf(L, a[0], false);
    });
    add("erfcinv", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return inverseErf(L, a[0], true);
    });
    add("normcdfinv", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // -sqrt(2) erfcinv(2 p).
      ShapedConstants c = L.floatsOf(a[0]);
      Value z = inverseErf(L, c.mul(a[0], c.fp(2.0)), true);
      return c.mul(z, c.fp(-1.4142135623730951));
    });
    add("lgamma", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      if (L.width(a[0]) == 64)
        return lgammaF64(L, a[0]);
      Type f64 = L.rw.getF64Type();
      return L.truncF(lgammaF64(L, L.extF(a[0], f64)), L.rw.getF32Type());
    });
    add("cyl_bessel_i0", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return besselI(L, a[0], 0);
    });
    add("cyl_bessel_i1", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return besselI(L, a[0], 1);
    });
    add("erfcx", kFloat1, [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      return scaledErfc(L, a[0]);
    });
    add("tgamma", "f32>f32", [](const Lanes &L, llvm::ArrayRef<Value> a, const Signature &) {
      // fp32 from f64's exp(lgamma(x)) with the sign of Gamma: negative for
      // x < 0 with floor(x) odd; +-inf at +-0, NaN at the negative integers
      // and -inf.
      Type f64 = L.rw.getF64Type();
      ShapedConstants d = L.floats(f64);
      Value x = L.extF(a[0], f64);
      Value magnitude = math::ExpOp::create(L.rw, L.loc, lgammaF64(L, x));
      Value floorX = math::FloorOp::create(L.rw, L.loc, x);
      Value halfFloor = d.mul(floorX, d.f64(0.5));
      Value oddFloor = d.cmp(P::ONE, math::FloorOp::create(L.rw, L.loc, halfFloor), halfFloor);
      Value negative = L.andI(d.cmp(P::OLT, x, d.f64(0.0)), oddFloor);
      Value result = L.select(negative, d.neg(magnitude), magnitude);
      Value negativeInteger = L.andI(d.cmp(P::OLT, x, d.f64(0.0)), d.cmp(P::OEQ, floorX, x));
      result =
          L.select(L.orI(negativeInteger, d.cmp(P::OEQ, x, d.f64(-kInf))), d.f64(kNaN), result);
      Value zero = d.cmp(P::OEQ, x, d.f64(0.0));
      result = L.select(zero, math::CopySignOp::create(L.rw, L.loc, d.f64(kInf), x), result);
      return L.truncF(result, L.rw.getF32Type());
    });
    return t;
  }();
  return table;
}

std::string signatureList(const LibdeviceFunction &fn) {
  std::string text;
  for (const Signature &s : fn.signatures) {
    if (!text.empty())
      text += " or ";
    text += "(";
    for (size_t i = 0; i < s.args.size(); ++i)
      text += (i ? ", " : "") + DType(s.args[i]).str();
    text += ")";
  }
  return text;
}
} // namespace

Val MathEmitter::callLibdevice(StringRef name, std::vector<Val> args,
                               std::vector<std::pair<std::string, Val>> kwargs, SMLoc l) {
  const auto &table = libdeviceFunctions();
  auto it = table.find(name);
  if (it == table.end())
    return g.error(l, "libdevice." + name + " is not supported by tilec");
  const LibdeviceFunction &fn = it->second;
  std::string fname = "libdevice." + name.str();
  size_t arity = fn.signatures.front().args.size();
  if (!kwargs.empty())
    return g.error(kwargs.front().second.loc, "'" + fname + "' takes no keyword arguments");
  if (args.size() != arity)
    return g.error(l, "'" + fname + "' takes " + Twine(arity) + " argument" +
                          (arity == 1 ? "" : "s") + " (" + Twine(args.size()) + " given)");
  if (fn.promoteFloats) {
    // One float type for all operands (a later operand can widen the earlier
    // ones: twice).
    for (int pass = 0; pass < 2; ++pass)
      for (size_t i = 1; i < args.size(); ++i)
        if (!g.binaryTypeCheck(args[0], args[i], l, fname, false, false, true, false))
          return Val();
  }
  for (Val &a : args) {
    a = g.toTensor(a, l, "'" + fname + "'");
    if (!a)
      return a;
  }
  const Signature *match = nullptr;
  for (const Signature &s : fn.signatures)
    if (llvm::all_of(llvm::seq<size_t>(0, arity),
                     [&](size_t i) { return args[i].dtype.kind == s.args[i]; }))
      match = &s;
  if (!match) {
    std::string got;
    for (const Val &a : args)
      got += (got.empty() ? "" : ", ") + a.dtype.str();
    return g.error(l, "'" + fname + "' expects arguments of types " + signatureList(fn) +
                          ", got (" + got + ")");
  }
  // Broadcast all operands to one shape.
  for (size_t i = 1; i < args.size(); ++i)
    if (!g.broadcastPair(args[0], args[i], l, fname))
      return Val();
  for (size_t i = 1; i < args.size(); ++i)
    if (!g.broadcastPair(args[i], args[0], l, fname))
      return Val();
  PatternRewriter rewriter(&g.ctx);
  rewriter.setInsertionPoint(b.getInsertionBlock(), b.getInsertionPoint());
  Lanes lanes{rewriter, g.loc(l), args[0].value.getType()};
  llvm::SmallVector<Value, 4> operands;
  for (const Val &a : args)
    operands.push_back(a.value);
  Value result = fn.generate(lanes, operands, *match);
  return Val::tensor(result, DType(match->result), args[0].shape, l);
}
