//===- ExpandMathF64.cpp - tilec's own fp64 exp, log, sin, pow, ... --------===//
//
// Textbook methods, in f64 with fused multiply-adds: Cody-Waite argument
// reduction by ln2 or pi/2 (constants split into exact parts), Taylor
// polynomials on the reduced ranges (enough terms that the truncation is
// below 2^-60 relative), and the functions' special values (inf, NaN, zeros,
// overflow and underflow) by selects; erfc from Chebyshev interpolants of
// erfcx computed offline. docs/language.md lists the measured errors.
//
//===----------------------------------------------------------------------===//
#include "ExpandMathF64.h"

#include "tilec/Transforms/ShapedConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"

#include <limits>

using namespace mlir;
using tilec::ShapedConstants;

namespace {
using P = arith::CmpFPredicate;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// ln 2, log2(e), log10(e), log10(2), pi/2 and pi/4 as a double and the rest.
constexpr double kLn2Hi = 0.6931471805599453, kLn2Lo = 2.3190468138462996e-17;
constexpr double kLog2eHi = 1.4426950408889634, kLog2eLo = 2.0355273740931033e-17;
constexpr double kLog10eHi = 0.4342944819032518, kLog10eLo = 1.098319650216765e-17;
constexpr double kLog10Of2Hi = 0.3010299956639812, kLog10Of2Lo = -2.8037281277851704e-18;
constexpr double kPio2Hi = 1.5707963267948966, kPio2Mid = 6.123233995736766e-17,
                 kPio2Lo = -1.4973849048591698e-33;
constexpr double kPio4Hi = 0.7853981633974483, kPio4Lo = 3.061616997868383e-17;
/// 1.5 * 2^52: for |v| < 2^51, t = v + kRoundMagic is rounded to
/// round(v) + kRoundMagic (ties to even), and t's bits minus kRoundMagicBits
/// are the integer round(v).
constexpr double kRoundMagic = 6755399441055744.0;
constexpr int64_t kRoundMagicBits = 0x4338000000000000;

/// Integer operations on the i64 bits of f64 values.
struct Bits {
  const ShapedConstants &c;
  Type intType() const { return c.withElement(c.rewriter.getI64Type()); }
  Value of(Value v) const { return arith::BitcastOp::create(c.rewriter, c.loc, intType(), v); }
  Value toFloat(Value bits) const {
    return arith::BitcastOp::create(c.rewriter, c.loc, c.type, bits);
  }
  Value add(Value a, Value b) const { return arith::AddIOp::create(c.rewriter, c.loc, a, b); }
  Value sub(Value a, Value b) const { return arith::SubIOp::create(c.rewriter, c.loc, a, b); }
  Value bitAnd(Value a, int64_t mask) const { return c.bitAnd(a, c.i64(mask)); }
  Value bitOr(Value a, int64_t mask) const {
    return arith::OrIOp::create(c.rewriter, c.loc, a, c.i64(mask));
  }
  Value shl(Value a, int64_t n) const {
    return arith::ShLIOp::create(c.rewriter, c.loc, a, c.i64(n));
  }
  Value shrU(Value a, int64_t n) const {
    return arith::ShRUIOp::create(c.rewriter, c.loc, a, c.i64(n));
  }
  Value shrS(Value a, int64_t n) const {
    return arith::ShRSIOp::create(c.rewriter, c.loc, a, c.i64(n));
  }
  Value toReal(Value integer) const {
    return arith::SIToFPOp::create(c.rewriter, c.loc, c.type, integer);
  }
  Value signBit(Value v) const {
    return arith::CmpIOp::create(c.rewriter, c.loc, arith::CmpIPredicate::slt, of(v), c.i64(0));
  }
};

Value orI(const ShapedConstants &c, Value a, Value b) {
  return arith::OrIOp::create(c.rewriter, c.loc, a, b);
}
Value notI(const ShapedConstants &c, Value a) {
  return arith::XOrIOp::create(c.rewriter, c.loc, a, c.boolean(true));
}
/// |magnitude| with sign's sign bit, by bit operations (AMDGPU's instruction
/// selection crashed on selects of llvm.copysign on <1 x double>).
Value copySign(const ShapedConstants &c, Value magnitude, Value sign) {
  Bits b{c};
  Value signBit = b.bitAnd(b.of(sign), std::numeric_limits<int64_t>::min());
  Value absBits = b.bitAnd(b.of(magnitude), std::numeric_limits<int64_t>::max());
  return b.toFloat(arith::OrIOp::create(c.rewriter, c.loc, absBits, signBit));
}
Value sqrt(const ShapedConstants &c, Value v) { return math::SqrtOp::create(c.rewriter, c.loc, v); }

/// p * 2^n for an i64 n in [-2044, 2046], as two products by powers of two
/// that are normal numbers: the first is exact for p in [0.5, 2], so a
/// denormal or overflowing result is rounded once.
Value scaleByPowerOfTwo(const ShapedConstants &c, Value p, Value n) {
  Bits b{c};
  Value half = b.shrS(n, 1);
  auto power = [&](Value k) { return b.toFloat(b.shl(b.add(k, c.i64(1023)), 52)); };
  return c.mul(c.mul(p, power(half)), power(b.sub(n, half)));
}

/// The coefficients 1/k! (k = 13 down to 1), times ln2^k if `base2`: with
/// them, 1 + r * horner(r) is e^r (or 2^r) to 2^-60 for |r| <= ln2 / 2
/// (|r| <= 1/2).
llvm::SmallVector<double> expCoefficients(bool base2) {
  llvm::SmallVector<double> coefficients;
  double term = 1.0;
  for (int k = 1; k <= 13; ++k) {
    term = term / k * (base2 ? kLn2Hi : 1.0);
    coefficients.insert(coefficients.begin(), term);
  }
  return coefficients;
}

/// e^x * 2^shift (shift in [-2, 64]): x = n ln2 + r with n = round(x / ln2)
/// and r = x - n ln2 by a two-part ln2 (the first product and difference are
/// exact), e^r by its Taylor polynomial and 2^(n + shift) from n's bits. x is
/// clamped to [-746, 712], beyond which the result is 0 or inf anyway; NaN
/// passes through.
Value expTimesPowerOfTwo(const ShapedConstants &c, Value x, int64_t shift) {
  x = c.min(c.max(x, c.fp(-746.0)), c.fp(712.0));
  Value t = c.fma(x, c.fp(kLog2eHi), c.fp(kRoundMagic));
  Value n = c.sub(t, c.fp(kRoundMagic));
  Bits b{c};
  Value exponent = b.sub(b.of(t), c.i64(kRoundMagicBits - shift));
  Value r = c.fma(c.neg(n), c.fp(kLn2Hi), x);
  r = c.fma(c.neg(n), c.fp(kLn2Lo), r);
  Value p = c.fma(r, c.horner(r, expCoefficients(false)), c.fp(1.0));
  return scaleByPowerOfTwo(c, p, exponent);
}

Value expF64(const ShapedConstants &c, ValueRange args) {
  return expTimesPowerOfTwo(c, args[0], 0);
}

/// 2^(x + xLow) (xLow: x's rounding error, or 0) = 2^n * 2^r with
/// n = round(x) and r = (x - n) + xLow (x - n exact). x is clamped to
/// [-1076, 1025], beyond which the result is 0 or inf anyway.
Value exp2OfPair(const ShapedConstants &c, Value x, Value xLow) {
  x = c.min(c.max(x, c.fp(-1076.0)), c.fp(1025.0));
  Value t = c.add(x, c.fp(kRoundMagic));
  Value r = c.add(c.sub(x, c.sub(t, c.fp(kRoundMagic))), xLow);
  Bits b{c};
  Value exponent = b.sub(b.of(t), c.i64(kRoundMagicBits));
  Value p = c.fma(r, c.horner(r, expCoefficients(true)), c.fp(1.0));
  return scaleByPowerOfTwo(c, p, exponent);
}

Value exp2F64(const ShapedConstants &c, ValueRange args) {
  return exp2OfPair(c, args[0], c.fp(0.0));
}

/// e^x - 1 = 2^n (e^r - 1) + (2^n - 1) with x = n ln2 + r as in exp and
/// e^r - 1 = r + r^2 (...) without the cancelling 1: one rounding for the
/// last fused multiply-add (2^n - 1 is exact for n <= 53). x is clamped to
/// [-40, 712] (below, the result rounds to -1); for n > 60 the 2^n is applied
/// in two steps so it does not overflow before e^710 does.
Value expm1F64(const ShapedConstants &c, ValueRange args) {
  Value input = args[0];
  Value x = c.min(c.max(input, c.fp(-40.0)), c.fp(712.0));
  Value t = c.fma(x, c.fp(kLog2eHi), c.fp(kRoundMagic));
  Value n = c.sub(t, c.fp(kRoundMagic));
  Bits b{c};
  Value exponent = b.sub(b.of(t), c.i64(kRoundMagicBits));
  Value r = c.fma(c.neg(n), c.fp(kLn2Hi), x);
  r = c.fma(c.neg(n), c.fp(kLn2Lo), r);
  Value rMinusOne = c.mul(r, c.horner(r, expCoefficients(false))); // e^r - 1
  // 2^n = low * high with low = 2^min(n, 60).
  Value capped = arith::MinSIOp::create(c.rewriter, c.loc, exponent, c.i64(60));
  Value low = scaleByPowerOfTwo(c, c.fp(1.0), capped);
  Value high = scaleByPowerOfTwo(c, c.fp(1.0), b.sub(exponent, capped));
  Value result = c.mul(c.fma(rMinusOne, low, c.sub(low, c.fp(1.0))), high);
  // expm1(+-0) = +-0, and tiny x stay exact.
  return c.select(c.cmp(P::OEQ, input, c.fp(0.0)), input, result);
}

/// A positive finite x as 2^e * m with m in [sqrt(1/2), sqrt(2)): m is
/// returned, e (a double) set. Denormals are scaled by 2^54 first.
Value splitExponent(const ShapedConstants &c, Value x, Value &e) {
  Bits b{c};
  Value denormal = c.cmp(P::OLT, x, c.fp(0x1p-1022));
  Value scaled = c.select(denormal, c.mul(x, c.fp(0x1p54)), x);
  Value bits = b.of(scaled);
  e = b.toReal(b.sub(b.shrU(bits, 52), c.i64(1023)));
  e = c.select(denormal, c.sub(e, c.fp(54.0)), e);
  Value m = b.toFloat(b.bitOr(b.bitAnd(bits, 0x000fffffffffffff), 0x3ff0000000000000));
  Value high = c.cmp(P::OGT, m, c.fp(1.4142135623730951));
  e = c.select(high, c.add(e, c.fp(1.0)), e);
  return c.select(high, c.mul(m, c.fp(0.5)), m);
}

/// 2/23, 2/21, ..., 2/3: 2 atanh(s) = 2s + s z R(z), R(z) = z horner(z),
/// z = s^2, to 2^-64 for |s| <= 0.1716 (m in [sqrt(1/2), sqrt(2))).
llvm::SmallVector<double> atanhSeriesCoefficients() {
  llvm::SmallVector<double> coefficients;
  for (int k = 23; k >= 3; k -= 2)
    coefficients.push_back(2.0 / k);
  return coefficients;
}

/// A positive x as 2^e * (1 + f) with 1 + f in [sqrt(1/2), sqrt(2)), and
/// ln(1 + f) = f - y: with s = f / (2 + f), ln(1 + f) = 2 atanh(s)
/// = 2s + s R(s^2), and 2s = f - f^2/2 + s f^2/2 (exact algebra), so
/// y = f^2/2 - s (f^2/2 + R) is small next to f and f is exact. Denormal x are
/// scaled by 2^54 first. Meaningless for x <= 0, inf and NaN (see
/// logSpecialValues).
struct LogReduction {
  Value e, f, y;

  LogReduction(const ShapedConstants &c, Value x) {
    Value m = splitExponent(c, x, e);
    f = c.sub(m, c.fp(1.0));
    Value halfSquare = c.mul(c.mul(f, f), c.fp(0.5));
    Value s = c.div(f, c.add(c.fp(2.0), f));
    Value z = c.mul(s, s);
    Value series = c.mul(z, c.horner(z, atanhSeriesCoefficients()));
    y = c.sub(halfSquare, c.mul(s, c.add(halfSquare, series)));
  }
};

/// log(0) = -inf, log(inf) = inf, log(negative or NaN) = NaN.
Value logSpecialValues(const ShapedConstants &c, Value x, Value result) {
  result = c.select(c.cmp(P::OEQ, x, c.fp(kInf)), x, result);
  result = c.select(c.cmp(P::OEQ, x, c.fp(0.0)), c.fp(-kInf), result);
  return c.select(c.cmp(P::ULT, x, c.fp(0.0)), c.fp(kNaN), result);
}

/// ln x = e ln2 + f - y, the largest parts summed last.
Value logF64(const ShapedConstants &c, ValueRange args) {
  LogReduction l(c, args[0]);
  Value lnM = c.sub(l.f, c.fma(l.e, c.fp(-kLn2Lo), l.y));
  return logSpecialValues(c, args[0], c.fma(l.e, c.fp(kLn2Hi), lnM));
}

/// log2 x = e + (f - y) log2(e), f * log2(e) with a two-part constant.
Value log2F64(const ShapedConstants &c, ValueRange args) {
  LogReduction l(c, args[0]);
  Value rest = c.fma(l.f, c.fp(kLog2eLo), c.fma(l.y, c.fp(-kLog2eHi), l.e));
  return logSpecialValues(c, args[0], c.fma(l.f, c.fp(kLog2eHi), rest));
}

/// log10 x = e log10(2) + (f - y) log10(e), with two-part constants.
Value log10F64(const ShapedConstants &c, ValueRange args) {
  LogReduction l(c, args[0]);
  Value rest = c.fma(l.e, c.fp(kLog10Of2Lo), c.mul(l.y, c.fp(-kLog10eHi)));
  rest = c.fma(l.f, c.fp(kLog10eLo), rest);
  rest = c.fma(l.f, c.fp(kLog10eHi), rest);
  return logSpecialValues(c, args[0], c.fma(l.e, c.fp(kLog10Of2Hi), rest));
}

/// ln(1 + x) = ln u + (1 + x - u) / u for u = 1 + x rounded; the numerator
/// is exact as x - (u - 1). +-0 and tiny x give x.
Value log1pF64(const ShapedConstants &c, Value x) {
  Value u = c.add(x, c.fp(1.0));
  LogReduction l(c, u);
  Value correction = c.div(c.sub(x, c.sub(u, c.fp(1.0))), u);
  Value lnM = c.sub(l.f, c.sub(c.fma(l.e, c.fp(-kLn2Lo), l.y), correction));
  Value result = logSpecialValues(c, u, c.fma(l.e, c.fp(kLn2Hi), lnM));
  result = c.select(c.cmp(P::OEQ, x, c.fp(kInf)), x, result);
  return c.select(c.cmp(P::OEQ, x, c.fp(0.0)), x, result);
}

Value log1pOp(const ShapedConstants &c, ValueRange args) { return log1pF64(c, args[0]); }

/// x = k pi/2 + r, |r| <= pi/4 (a little more where x * 2/pi rounds across
/// a half-integer): k = round(x * 2/pi), r by a three-part pi/2 with fused
/// multiply-adds (x - k * first part is exact below |x| = 2^52; measured
/// within 3 ulp up to 1e15, up to ~1e4 ulp off at 1e16: no Payne-Hanek
/// reduction); sin r and cos r by Taylor polynomials to r^19 and r^20.
/// quadrant = k mod 4 (0 for inf and NaN, whose r is NaN).
struct HalfPiReductionF64 {
  Value quadrant, sinR, cosR;

  HalfPiReductionF64(const ShapedConstants &c, Value x) {
    Value k = math::RoundEvenOp::create(c.rewriter, c.loc, c.mul(x, c.fp(0.6366197723675814)));
    Value negK = c.neg(k);
    Value r = c.fma(negK, c.fp(kPio2Hi), x);
    r = c.fma(negK, c.fp(kPio2Mid), r);
    r = c.fma(negK, c.fp(kPio2Lo), r);
    Value inRange = c.cmp(P::OLT, c.abs(k), c.fp(0x1p62));
    Value kSafe = c.select(inRange, k, c.fp(0.0));
    Bits b{c};
    Value kInt = arith::FPToSIOp::create(c.rewriter, c.loc, b.intType(), kSafe);
    quadrant = b.bitAnd(kInt, 3);
    Value z = c.mul(r, r);
    llvm::SmallVector<double> sinCoefficients, cosCoefficients;
    // sin r = r + r z S(z), S = sum (-1)^j z^(j-1) / (2j+1)!, j = 9..1.
    double factorial = 1.0;
    double sinTerms[10], cosTerms[11];
    for (int n = 1; n <= 20; ++n) {
      factorial *= n;
      if (n % 2)
        sinTerms[n / 2] = ((n / 2) % 2 ? -1.0 : 1.0) / factorial;
      else
        cosTerms[n / 2] = ((n / 2) % 2 ? -1.0 : 1.0) / factorial;
    }
    for (int j = 9; j >= 1; --j)
      sinCoefficients.push_back(sinTerms[j]);
    // cos r = 1 - z/2 + z^2 C(z), C = sum (-1)^j z^(j-2) / (2j)!, j = 10..2.
    for (int j = 10; j >= 2; --j)
      cosCoefficients.push_back(cosTerms[j]);
    sinR = c.fma(c.mul(r, z), c.horner(z, sinCoefficients), r);
    cosR = c.fma(c.mul(z, z), c.horner(z, cosCoefficients), c.fma(z, c.fp(-0.5), c.fp(1.0)));
  }

  /// Whether `q` (a quadrant, possibly + 1) is odd, and whether it is 2 or 3.
  std::pair<Value, Value> oddAndNegative(const ShapedConstants &c, Value q) const {
    auto bit = [&](int64_t mask) {
      return arith::CmpIOp::create(c.rewriter, c.loc, arith::CmpIPredicate::ne,
                                   c.bitAnd(q, c.i64(mask)), c.i64(0));
    };
    return {bit(1), bit(2)};
  }
};

/// sin x (cos x: sin(x + pi/2), one quadrant on): sin r, cos r, -sin r,
/// -cos r by quadrant; sin(+-0) = +-0.
template <bool isCos> Value sinCosF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  HalfPiReductionF64 reduced(c, x);
  Value q = reduced.quadrant;
  if (isCos)
    q = arith::AddIOp::create(c.rewriter, c.loc, q, c.i64(1));
  auto [odd, negative] = reduced.oddAndNegative(c, q);
  Value magnitude = c.select(odd, reduced.cosR, reduced.sinR);
  Value result = c.select(negative, c.neg(magnitude), magnitude);
  if (isCos)
    return result;
  return c.select(c.cmp(P::OEQ, x, c.fp(0.0)), x, result);
}

/// tan x = sin r / cos r in even quadrants, -cos r / sin r in odd ones.
Value tanF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  HalfPiReductionF64 reduced(c, x);
  Value odd = reduced.oddAndNegative(c, reduced.quadrant).first;
  Value result =
      c.select(odd, c.div(c.neg(reduced.cosR), reduced.sinR), c.div(reduced.sinR, reduced.cosR));
  return c.select(c.cmp(P::OEQ, x, c.fp(0.0)), x, result);
}

/// cosh x = p + 1/(4p) with p = e^|x| / 2 (finite up to cosh's own
/// overflow); sinh x = p - 1/(4p) for |x| >= 1 and (e + e / (e + 1)) / 2
/// with e = expm1(|x|) below, where the difference would cancel.
template <bool isCosh> Value sinhCoshF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  Value a = c.abs(x);
  Value p = expTimesPowerOfTwo(c, a, -1);
  Value q = c.div(c.fp(0.25), p);
  if (isCosh)
    return c.add(p, q);
  Value e = expm1F64(c, a);
  Value small = c.mul(c.add(e, c.div(e, c.add(e, c.fp(1.0)))), c.fp(0.5));
  Value magnitude = c.select(c.cmp(P::OLT, a, c.fp(1.0)), small, c.sub(p, q));
  return copySign(c, magnitude, x);
}

/// tanh |x| = e / (e + 2) with e = expm1(2|x|) (|x| capped at 22, where
/// tanh rounds to 1), x's sign.
Value tanhF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  Value a = c.min(c.abs(x), c.fp(22.0));
  Value e = expm1F64(c, c.add(a, a));
  return copySign(c, c.div(e, c.add(e, c.fp(2.0))), x);
}

/// atan(t) - t = t z Q(z), z = t^2, for |t| <= tan(pi/8): the Taylor series
/// to t^43 (truncation < 2^-62).
Value atanOfReduced(const ShapedConstants &c, Value t) {
  llvm::SmallVector<double> coefficients;
  for (int j = 21; j >= 1; --j)
    coefficients.push_back((j % 2 ? -1.0 : 1.0) / (2 * j + 1));
  Value z = c.mul(t, t);
  return c.fma(c.mul(t, z), c.horner(z, coefficients), t);
}

/// atan(a) for a >= 0 (or NaN): a > tan(3pi/8): pi/2 + atan(-1/a);
/// a > tan(pi/8): pi/4 + atan((a - 1) / (a + 1)); else atan(a).
Value atanOfNonNegative(const ShapedConstants &c, Value a) {
  Value big = c.cmp(P::OGT, a, c.fp(2.414213562373095));
  Value mid = c.cmp(P::OGT, a, c.fp(0.41421356237309503));
  Value t = c.select(big, c.div(c.fp(-1.0), a),
                     c.select(mid, c.div(c.sub(a, c.fp(1.0)), c.add(a, c.fp(1.0))), a));
  Value baseHi = c.select(big, c.fp(kPio2Hi), c.select(mid, c.fp(kPio4Hi), c.fp(0.0)));
  Value baseLo = c.select(big, c.fp(kPio2Mid), c.select(mid, c.fp(kPio4Lo), c.fp(0.0)));
  return c.add(baseHi, c.add(atanOfReduced(c, t), baseLo));
}

Value atanF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  return copySign(c, atanOfNonNegative(c, c.abs(x)), x);
}

/// atan2(y, x): the angle of (|x|, |y|) in [0, pi/2] from the smaller over
/// the larger coordinate, reflected to x's half-plane (x's sign bit, so -0
/// counts as negative) and given y's sign. Both zero: 0 (or pi); both
/// infinite: pi/4 (or 3pi/4).
Value atan2F64(const ShapedConstants &c, ValueRange args) {
  Value y = args[0], x = args[1];
  Value ax = c.abs(x), ay = c.abs(y);
  Value swap = c.cmp(P::OGT, ay, ax);
  Value t = c.div(c.select(swap, ax, ay), c.select(swap, ay, ax));
  Value bothZero = c.bitAnd(c.cmp(P::OEQ, ax, c.fp(0.0)), c.cmp(P::OEQ, ay, c.fp(0.0)));
  Value bothInf = c.bitAnd(c.cmp(P::OEQ, ax, c.fp(kInf)), c.cmp(P::OEQ, ay, c.fp(kInf)));
  t = c.select(bothZero, c.fp(0.0), c.select(bothInf, c.fp(1.0), t));
  Value theta = atanOfNonNegative(c, t);
  theta = c.select(swap, c.add(c.sub(c.fp(kPio2Hi), theta), c.fp(kPio2Mid)), theta);
  Value reflected = c.add(c.sub(c.fp(2.0 * kPio2Hi), theta), c.fp(2.0 * kPio2Mid));
  theta = c.select(Bits{c}.signBit(x), reflected, theta);
  return copySign(c, theta, y);
}

/// 1 - x^2 with one rounding: fma(-x, x, 1) for |x| < 1/2, else w (2 - w)
/// with w = 1 - |x| exact.
Value oneMinusSquare(const ShapedConstants &c, Value a) {
  Value w = c.sub(c.fp(1.0), a);
  return c.select(c.cmp(P::OLT, a, c.fp(0.5)), c.fma(c.neg(a), a, c.fp(1.0)),
                  c.fma(c.neg(w), w, c.add(w, w)));
}

/// asin x = atan(x / sqrt(1 - x^2)) (|x| = 1: atan(inf); |x| > 1: NaN).
Value asinF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  Value a = c.abs(x);
  Value magnitude = atanOfNonNegative(c, c.div(a, sqrt(c, oneMinusSquare(c, a))));
  return copySign(c, magnitude, x);
}

/// acos x = 2 atan(sqrt((1 - x) / (1 + x))) (pi at -1, NaN beyond +-1).
Value acosF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  Value ratio = c.div(c.sub(c.fp(1.0), x), c.add(c.fp(1.0), x));
  Value half = atanOfNonNegative(c, sqrt(c, ratio));
  return c.select(c.cmp(P::OGT, c.abs(x), c.fp(1.0)), c.fp(kNaN), c.add(half, half));
}

/// acosh x = log1p(t + sqrt(t (t + 2))), t = x - 1; above 2^60,
/// log1p(x) + ln2 (the dropped terms are below 2^-120). NaN below 1.
Value acoshF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  Value t = c.sub(x, c.fp(1.0));
  Value large = c.cmp(P::OGT, x, c.fp(0x1p60));
  Value argument = c.select(large, x, c.add(t, sqrt(c, c.mul(t, c.add(t, c.fp(2.0))))));
  Value v = log1pF64(c, argument);
  Value result = c.select(large, c.add(v, c.fp(kLn2Hi)), v);
  return c.select(c.cmp(P::OLT, x, c.fp(1.0)), c.fp(kNaN), result);
}

/// atanh x = log1p(2a / (1 - a)) / 2, a = |x|, with 2a / (1 - a) as
/// 2a + 2a a / (1 - a) below 1/2 (fewer roundings); x's sign.
Value atanhF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  Value a = c.abs(x);
  Value twoA = c.add(a, a);
  Value oneMinus = c.sub(c.fp(1.0), a);
  Value w = c.select(c.cmp(P::OLT, a, c.fp(0.5)), c.add(twoA, c.div(c.mul(twoA, a), oneMinus)),
                     c.div(twoA, oneMinus));
  Value result = c.mul(log1pF64(c, w), c.fp(0.5));
  result = c.select(c.cmp(P::OGT, a, c.fp(1.0)), c.fp(kNaN), result);
  return copySign(c, result, x);
}

/// cbrt x: a first guess from |x|'s bits divided by 3 (the exponent
/// divided by 3, the mantissa interpolated; within ~6%), five Newton steps
/// y <- y - (y - a / y^2) / 3 (no y^3 that could overflow), and a last one
/// from the residual y^3 - a with fused multiply-adds. Denormals are scaled
/// by 2^54 (their root by 2^18); +-0, +-inf and NaN are returned as they are.
Value cbrtF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  Value a = c.abs(x);
  Bits b{c};
  Value denormal = c.cmp(P::OLT, a, c.fp(0x1p-1022));
  Value scaled = c.select(denormal, c.mul(a, c.fp(0x1p54)), a);
  // The bits divided by 3 in floating point (precise enough for a first
  // guess; AMDGPU's instruction selection crashed on the i64 division).
  Value third = arith::FPToSIOp::create(c.rewriter, c.loc, b.intType(),
                                        c.mul(b.toReal(b.of(scaled)), c.fp(1.0 / 3.0)));
  // (1023 - 1023/3) << 52, the bias the division took away.
  Value y = b.toFloat(b.add(third, c.i64(int64_t(682) << 52)));
  for (int i = 0; i < 5; ++i)
    y = c.sub(y, c.mul(c.sub(y, c.div(scaled, c.mul(y, y))), c.fp(1.0 / 3.0)));
  Value square = c.mul(y, y);
  Value squareLow = c.fma(y, y, c.neg(square));
  Value residual = c.fma(squareLow, y, c.fma(square, y, c.neg(scaled)));
  y = c.sub(y, c.div(residual, c.mul(c.fp(3.0), square)));
  y = c.select(denormal, c.mul(y, c.fp(0x1p-18)), y);
  Value special = orI(c, c.cmp(P::OEQ, a, c.fp(0.0)), notI(c, c.cmp(P::OLT, a, c.fp(kInf))));
  return c.select(special, x, copySign(c, y, x));
}

/// pow(x, y) = 2^(y log2|x|) with C's special cases (powFromLogOfMantissa,
/// shared with tilec's f32 pow): |x| = 2^e m (m in [sqrt(1/2), sqrt(2))),
/// ln(m) as a pair of doubles (~2^-68): s = f / (2 + f) and the first two
/// terms 2s and 2s^3/3 of ln(m) = 2 atanh(s) as pairs, the rest in double.
Value powF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0], y = args[1];
  Value a = c.abs(x);
  Value e;
  Value m = splitExponent(c, a, e);

  // ln(m) = lnHi + lnLow to ~2^-68: s = sHi + sLow, ln(m) = 2s + 2s^3/3 +
  // s^3 z T(z); 2s and the cubic term (the largest part of the tail, up to
  // 3e-3) are summed as pairs, the rest (below 6e-5) in double.
  Value f = c.sub(m, c.fp(1.0));
  Value d = c.add(c.fp(2.0), f);
  Value dLow = c.add(c.sub(c.fp(2.0), d), f);
  Value sHi = c.div(f, d);
  Value sLow = c.div(c.sub(c.fma(c.neg(sHi), d, f), c.mul(sHi, dLow)), d);
  Value zLow, cubeLow, cubicLow;
  Value z = c.twoProduct(sHi, sHi, zLow);
  Value cube = c.twoProduct(z, sHi, cubeLow);
  cubeLow = c.fma(zLow, sHi, cubeLow);
  const double kTwoThirdsHi = 2.0 / 3.0, kTwoThirdsLo = 3.700743415417188e-17;
  Value cubic = c.twoProduct(cube, c.fp(kTwoThirdsHi), cubicLow);
  // + cube's error, 2/3's error, and d(2s^3/3)/ds * sLow = 2 s^2 sLow.
  cubicLow = c.add(cubicLow, c.fma(cubeLow, c.fp(kTwoThirdsHi),
                                   c.fma(cube, c.fp(kTwoThirdsLo), c.mul(c.add(z, z), sLow))));
  Value rest =
      c.mul(c.mul(cube, z), c.horner(z, llvm::ArrayRef(atanhSeriesCoefficients()).drop_back()));
  Value leadLow;
  Value lead = c.twoSum(c.add(sHi, sHi), cubic, leadLow);
  Value low = c.add(leadLow, c.add(c.add(sLow, sLow), c.add(cubicLow, rest)));
  Value lnHi = c.add(lead, low);
  Value lnLow = c.sub(low, c.sub(lnHi, lead));
  return tilec::powFromLogOfMantissa(c, x, y, e, lnHi, lnLow, kLog2eHi, kLog2eLo, /*range=*/2048.0,
                                     [&](Value t, Value tLow) { return exp2OfPair(c, t, tLow); });
}

/// erf x = x P(x^2) for |x| < 1: its Taylor series, (2/sqrt(pi)) *
/// sum (-1)^n x^(2n+1) / (n! (2n+1)) to n = 18 (truncation < 2^-62; the
/// terms shrink from the first, so nothing cancels).
Value erfTaylor(const ShapedConstants &c, Value x) {
  llvm::SmallVector<double> coefficients;
  double factorial = 1.0;
  double terms[19];
  for (int n = 0; n <= 18; ++n) {
    if (n)
      factorial *= n;
    terms[n] = (n % 2 ? -1.0 : 1.0) * 1.1283791670955126 / (factorial * (2 * n + 1));
  }
  for (int n = 18; n >= 0; --n)
    coefficients.push_back(terms[n]);
  return c.mul(x, c.horner(c.mul(x, x), coefficients));
}

/// erfc a for a >= 1/2 (or NaN) = e^(-a^2) erfcx(a), erfcx(a) = e^(a^2) erfc a
/// smooth: on [1/2, 3/2], [3/2, 5/2] and [5/2, 4] polynomials of degree 17 in
/// the interval's variable t in [-1, 1], above 4 (1/a) h(1/a^2) with h of
/// degree 14 on [0, 1/16]: Chebyshev interpolants of erfcx computed offline
/// in 200-bit arithmetic (mpmath), within 3.3e-17 relative. e^(-a^2) by
/// a^2 = s + sLow (exact): e^-s (1 - sLow), computed 2^64 higher and scaled
/// back so denormal results are rounded once. 0 above 27.5.
Value erfcOfLarge(const ShapedConstants &c, Value a) {
  const double kNear1[] = {-2.986615905543666e-13, 2.1033681858846656e-12,  -1.3119944895310412e-11,
                           8.752691998398392e-11,  -5.707871626603288e-10,  3.6021995098915975e-09,
                           -2.204290098630261e-08, 1.3053004128102987e-07,  -7.460049472944939e-07,
                           4.102614914773928e-06,  -2.1633318559382548e-05, 0.00010890847459472877,
                           -0.0005206834090756343, 0.002348268513457043,    -0.009903371117665836,
                           0.03859289034297706,    -0.13660600739194928,    0.427583576155807};
  const double kNear2[] = {
      -2.8445636509789905e-15, 2.3583523320789093e-14,  -1.7896057904552839e-13,
      1.4217143897000473e-12,  -1.1077007043308343e-11, 8.419605676931871e-11,
      -6.24766189343854e-10,   4.519700801785735e-09,   -3.182367049456223e-08,
      2.1768873203282024e-07,  -1.4435809934581565e-06, 9.257343676944008e-06,
      -5.723950861683207e-05,  0.000340046158592028,    -0.0019325797205363754,
      0.010450688150881637,    -0.0533982309267448,     0.25539567631050575};
  const double kNear3[] = {-2.2501970380435168e-14, 1.5097136751153333e-13,  -8.968734999574514e-13,
                           5.819888713808294e-12,   -3.735309642847633e-11,  2.3463906011051353e-10,
                           -1.4482351987155056e-09, 8.778199113732748e-09,   -5.219948051641917e-08,
                           3.0422633431083685e-07,  -1.7359099278349668e-06, 9.685663578991724e-06,
                           -5.277242617691007e-05,  0.00028033738586056206,  -0.0014493394550703822,
                           0.0072772261216977096,   -0.035399551740877784,   0.16633534842682188};
  const double kAsymptotic[] = {
      5.971521813330324e-14,   -2.459499465800074e-13, 8.39164020957981e-13,
      -3.92602298198589e-12,   1.9829923228175363e-11, -1.0491831183661025e-10,
      5.996461113990413e-10,   -3.751903870406946e-09, 2.61026976494717e-08,
      -2.0641936364981772e-07, 1.914712564745346e-06,  -2.1861074881549257e-05,
      0.00033359701308000885,  -0.008073805168516008,  0.5557581685752836};
  Value g1 = c.horner(c.mul(c.sub(a, c.fp(1.0)), c.fp(2.0)), kNear1);
  Value g2 = c.horner(c.mul(c.sub(a, c.fp(2.0)), c.fp(2.0)), kNear2);
  Value g3 = c.horner(c.mul(c.sub(a, c.fp(3.25)), c.fp(4.0 / 3.0)), kNear3);
  Value u = c.div(c.fp(1.0), c.mul(a, a));
  Value g4 = c.div(c.horner(c.fma(u, c.fp(32.0), c.fp(-1.0)), kAsymptotic), a);
  Value g = c.select(
      c.cmp(P::OLT, a, c.fp(1.5)), g1,
      c.select(c.cmp(P::OLT, a, c.fp(2.5)), g2, c.select(c.cmp(P::OLT, a, c.fp(4.0)), g3, g4)));
  Value squareLow;
  Value square = c.twoProduct(a, a, squareLow);
  Value scaledExp = expTimesPowerOfTwo(c, c.neg(square), 64);
  Value result = c.mul(c.mul(c.mul(scaledExp, g), c.sub(c.fp(1.0), squareLow)), c.fp(0x1p-64));
  return c.select(c.cmp(P::OGT, a, c.fp(27.5)), c.fp(0.0), result);
}

/// erf x: the Taylor series below |x| = 1, else 1 - erfc|x| with x's sign.
Value erfF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  Value a = c.abs(x);
  Value far = copySign(c, c.sub(c.fp(1.0), erfcOfLarge(c, a)), x);
  return c.select(c.cmp(P::OLT, a, c.fp(1.0)), erfTaylor(c, x), far);
}

/// erfc x: 1 - erf x for |x| < 1/2, erfcOfLarge(x) above, 2 - erfc|x| below.
Value erfcF64(const ShapedConstants &c, ValueRange args) {
  Value x = args[0];
  Value a = c.abs(x);
  Value large = erfcOfLarge(c, a);
  Value side = c.select(c.cmp(P::OGT, x, c.fp(0.0)), large, c.sub(c.fp(2.0), large));
  return c.select(c.cmp(P::OLT, a, c.fp(0.5)), c.sub(c.fp(1.0), erfTaylor(c, x)), side);
}

/// A pattern replacing an f64 `OpT` by `expand`'s value.
template <typename OpT> struct F64Expansion : public OpRewritePattern<OpT> {
  using Expand = Value (*)(const ShapedConstants &, ValueRange);
  F64Expansion(MLIRContext *ctx, Expand expand, PatternBenefit benefit)
      : OpRewritePattern<OpT>(ctx, benefit), expand(expand) {}

  LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const override {
    Type type = op->getResult(0).getType();
    if (!getElementTypeOrSelf(type).isF64())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    rewriter.replaceOp(op, expand(c, op->getOperands()));
    return success();
  }

  Expand expand;
};
} // namespace

/// Adds one F64Expansion per op of `Ops`, each with the expansion at its
/// position in `expansions`.
template <typename... Ops>
void addF64Expansions(RewritePatternSet &patterns, PatternBenefit benefit,
                      std::initializer_list<Value (*)(const ShapedConstants &, ValueRange)>
                          expansions) {
  auto expansion = expansions.begin();
  (patterns.add<F64Expansion<Ops>>(patterns.getContext(), *expansion++, benefit), ...);
}

void tilec::populateExpandMathF64Patterns(RewritePatternSet &patterns, PatternBenefit benefit) {
  addF64Expansions<math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp, math::Log2Op,
                   math::Log10Op, math::Log1pOp, math::SinOp, math::CosOp, math::TanOp,
                   math::SinhOp, math::CoshOp, math::TanhOp, math::AtanOp, math::Atan2Op,
                   math::AsinOp, math::AcosOp, math::AcoshOp, math::AtanhOp, math::CbrtOp,
                   math::PowFOp, math::ErfOp, math::ErfcOp>(
      patterns, benefit,
      {expF64, exp2F64, expm1F64, logF64, log2F64, log10F64, log1pOp, sinCosF64<false>,
       sinCosF64<true>, tanF64, sinhCoshF64<false>, sinhCoshF64<true>, tanhF64, atanF64,
       atan2F64, asinF64, acosF64, acoshF64, atanhF64, cbrtF64, powF64, erfF64, erfcF64});
}
