//===- MLIRGenRandom.cpp - RandomEmitter: tl.umulhi and Philox ------------===//
//
// tl.randint/rand/randn (and their 4x forms, tl.philox, ...) generate the
// same bits as Triton's python/triton/language/random.py: Philox-4x32 (or
// 4x64 for 64-bit counters) with `n_rounds` unrolled rounds keyed by the seed,
// then Triton's conversions to uniform floats and the Box-Muller transform.
//
//===----------------------------------------------------------------------===//
#include "MLIRGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

std::optional<llvm::ArrayRef<StringRef>> RandomEmitter::randomBuiltinParams(StringRef name) {
  static const StringRef seedOffset[] = {"seed", "offset", "n_rounds?"};
  static const StringRef seedOffsets[] = {"seed", "offsets", "n_rounds?"};
  static const StringRef philox[] = {"seed", "c0", "c1", "c2", "c3", "n_rounds?"};
  static const StringRef one[] = {"x"};
  static const StringRef pair[] = {"u1", "u2"};
  static const StringRef umulhi[] = {"x", "y"};
  if (llvm::is_contained({"randint", "randint4x", "rand", "randn", "randn4x"}, name))
    return llvm::ArrayRef<StringRef>(seedOffset);
  if (name == "rand4x")
    return llvm::ArrayRef<StringRef>(seedOffsets);
  if (name == "philox")
    return llvm::ArrayRef<StringRef>(philox);
  if (name == "uint_to_uniform_float")
    return llvm::ArrayRef<StringRef>(one);
  if (name == "pair_uniform_to_normal")
    return llvm::ArrayRef<StringRef>(pair);
  if (name == "umulhi")
    return llvm::ArrayRef<StringRef>(umulhi);
  return std::nullopt;
}

namespace {
/// Triton's Philox constants for 32-bit and 64-bit counters.
struct PhiloxConstants {
  uint64_t keyA, keyB, roundA, roundB;
};
constexpr PhiloxConstants kPhilox32 = {0x9E3779B9, 0xBB67AE85, 0xD2511F53, 0xCD9E8D57};
constexpr PhiloxConstants kPhilox64 = {0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B, 0xD2E7470EE14C6C93,
                                       0xCA5A826395121157};
constexpr int64_t kDefaultRounds = 10;
} // namespace

Val RandomEmitter::umulhi(const Val &xin, const Val &yin, SMLoc l) {
  Val x = xin, y = yin;
  if (!g.binaryTypeCheck(x, y, l, "tl.umulhi", false, false, true, false))
    return Val();
  if (!x.dtype.isInt() || x.dtype.isBool())
    return g.error(l, "tl.umulhi expects integer operands, got " + x.typeStr() + " and " +
                          y.typeStr());
  auto op = arith::MulUIExtendedOp::create(b, g.loc(l), x.value, y.value);
  return Val::tensor(op.getHigh(), x.dtype, x.shape, l);
}

/// Runs Philox on the counters `c` (all of dtype uint32 or uint64, same
/// shape) with the key (k0, k1); returns the four output words.
static std::vector<Val> philoxRounds(MLIRGen &g, Val c[4], Value k0, Value k1, int64_t rounds,
                                     SMLoc l) {
  OpBuilder &b = g.b;
  Location L = g.loc(l);
  DType dt = c[0].dtype;
  Type ty = c[0].value.getType();
  const PhiloxConstants &k = dt.bitwidth() == 32 ? kPhilox32 : kPhilox64;
  auto cst = [&](uint64_t v) -> Value {
    Type elt = getElementTypeOrSelf(ty);
    TypedAttr attr = b.getIntegerAttr(elt, APInt(dt.bitwidth(), v));
    if (auto shaped = dyn_cast<ShapedType>(ty))
      attr = DenseElementsAttr::get(shaped, attr);
    return arith::ConstantOp::create(b, L, ty, attr);
  };
  Value roundA = cst(k.roundA), roundB = cst(k.roundB);
  Value keyA = cst(k.keyA), keyB = cst(k.keyB);
  Value x0 = c[0].value, x1 = c[1].value, x2 = c[2].value, x3 = c[3].value;
  for (int64_t r = 0; r < rounds; ++r) {
    auto p0 = arith::MulUIExtendedOp::create(b, L, roundA, x0);
    auto p2 = arith::MulUIExtendedOp::create(b, L, roundB, x2);
    Value n0 = arith::XOrIOp::create(b, L, arith::XOrIOp::create(b, L, p2.getHigh(), x1), k0);
    Value n2 = arith::XOrIOp::create(b, L, arith::XOrIOp::create(b, L, p0.getHigh(), x3), k1);
    x0 = n0;
    x1 = p2.getLow();
    x2 = n2;
    x3 = p0.getLow();
    k0 = arith::AddIOp::create(b, L, k0, keyA);
    k1 = arith::AddIOp::create(b, L, k1, keyB);
  }
  std::vector<Val> out;
  for (Value v : {x0, x1, x2, x3})
    out.push_back(Val::tensor(v, dt, c[0].shape, l));
  return out;
}

/// tl.philox(seed, c0, c1, c2, c3, n_rounds) as a tuple of four tensors.
static Val philox(MLIRGen &g, Val seed, llvm::ArrayRef<Val> counters, int64_t rounds, SMLoc l) {
  if (!(seed = g.toTensor(seed, l, "the Philox seed")))
    return seed;
  if (!seed.dtype.isInt() || seed.dtype.isBool())
    return g.error(seed.loc.isValid() ? seed.loc : l,
                   "the Philox seed must be an integer, got " + seed.typeStr());
  Val c[4];
  for (int i = 0; i < 4; ++i)
    if (!(c[i] = g.toTensor(counters[i], l, "a Philox counter")))
      return c[i];
  unsigned width = c[0].dtype.bitwidth();
  if (!c[0].dtype.isInt() || (width != 32 && width != 64))
    return g.error(l, "Philox counters must be 32-bit or 64-bit integers, "
                      "got " +
                          c[0].typeStr());
  DType dt(width == 32 ? DType::U32 : DType::U64);
  for (Val &v : c)
    if (!(v = g.cast(v, dt, l, /*bitcast=*/true)))
      return v;
  Val seed64 = g.cast(seed, DType(DType::U64), l);
  if (!seed64)
    return seed64;
  // All operands take the broadcast shape of the counters and the seed.
  for (int i = 1; i < 4; ++i)
    if (!g.broadcastPair(c[0], c[i], l, "tl.philox"))
      return Val();
  if (!g.broadcastPair(c[0], seed64, l, "tl.philox"))
    return Val();
  for (int i = 1; i < 4; ++i)
    if (!(c[i] = g.broadcastTo(c[i], c[0].shape, l, "tl.philox")))
      return c[i];
  Location L = g.loc(l);
  Type ty = c[0].value.getType();
  Value k0, k1;
  if (width == 32) {
    Val shift = g.constant(Val::integer(32), DType(DType::U64), seed64.shape, l);
    Value hi = arith::ShRUIOp::create(g.b, L, seed64.value, shift.value);
    k0 = arith::TruncIOp::create(g.b, L, ty, seed64.value);
    k1 = arith::TruncIOp::create(g.b, L, ty, hi);
  } else {
    k0 = seed64.value;
    k1 = g.constant(Val::integer(0), dt, c[0].shape, l).value;
  }
  return Val::tuple(philoxRounds(g, c, k0, k1, rounds, l), l);
}

/// Triton's uint_to_uniform_float: random bits to a float32 in [0, 1).
static Val uintToUniformFloat(MLIRGen &g, const Val &xin, SMLoc l) {
  Val x = g.toTensor(xin, l, "'tl.uint_to_uniform_float'");
  if (!x)
    return x;
  DType::Kind k = x.dtype.kind;
  bool is32 = k == DType::U32 || k == DType::I32;
  if (!is32 && k != DType::U64 && k != DType::I64)
    return g.error(l, "tl.uint_to_uniform_float expects a 32-bit or 64-bit "
                      "integer tensor, got " +
                          x.typeStr());
  // The largest scales such that the maximum integer times scale is < 1.0
  // after rounding to float32.
  double scale = is32 ? 4.6566127342e-10 : 1.0842020432385337e-19;
  if (!(x = g.cast(x, DType(is32 ? DType::I32 : DType::I64), l, true)))
    return x;
  Val negative = g.compare(CmpOp::Lt, x, Val::integer(0, l), l);
  Val flipped = negative ? g.unary(UnaryOp::Invert, x, l) : negative;
  if (!flipped)
    return flipped;
  Value folded = arith::SelectOp::create(g.b, g.loc(l), negative.value, flipped.value, x.value);
  return g.binary(BinaryOp::Mul, Val::tensor(folded, x.dtype, x.shape, l), Val::floating(scale, l),
                  l);
}

/// Triton's pair_uniform_to_normal (Box-Muller) as a tuple of two tensors.
static Val pairUniformToNormal(MLIRGen &g, const Val &u1in, const Val &u2, SMLoc l) {
  Val u1 = g.minMax(true, Val::floating(1.0e-7, l), u1in, l, "tl.maximum");
  Val th = u1 ? g.binary(BinaryOp::Mul, Val::floating(6.283185307179586, l), u2, l) : u1;
  Val lg = th ? g.mathOps.mathUnary("log", u1, l) : th;
  Val m = lg ? g.binary(BinaryOp::Mul, Val::floating(-2.0, l), lg, l) : lg;
  Val r = m ? g.mathOps.mathUnary("sqrt", m, l) : m;
  Val cs = r ? g.mathOps.mathUnary("cos", th, l) : r;
  Val sn = cs ? g.mathOps.mathUnary("sin", th, l) : cs;
  Val n1 = sn ? g.binary(BinaryOp::Mul, r, cs, l) : sn;
  Val n2 = n1 ? g.binary(BinaryOp::Mul, r, sn, l) : n1;
  return n2 ? Val::tuple({n1, n2}, l) : n2;
}

Val RandomEmitter::genRandom(StringRef name, llvm::ArrayRef<Val> a, SMLoc l) {
  if (name == "umulhi")
    return umulhi(a[0], a[1], l);
  if (name == "uint_to_uniform_float")
    return uintToUniformFloat(g, a[0], l);
  if (name == "pair_uniform_to_normal")
    return pairUniformToNormal(g, a[0], a[1], l);
  const Val &roundsArg = a.back();
  int64_t rounds = kDefaultRounds;
  if (!roundsArg.isNone()) {
    std::optional<int64_t> n = g.getConstInt(roundsArg, "n_rounds");
    if (!n)
      return Val();
    if (*n < 0 || *n > 1024)
      return g.error(roundsArg.loc, "n_rounds must be between 0 and 1024, got " + Twine(*n));
    rounds = *n;
  }
  if (name == "philox")
    return philox(g, a[0], a.slice(1, 4), rounds, l);
  // The remaining functions draw from 32-bit counters (lo, hi, 0, 0), as
  // Triton's randint4x: lo = offset.to(uint32), hi = (offset >> 32).to(uint32)
  // for offsets wider than 32 bits (else 0); the words are uint32.
  Val offset = g.toTensor(a[1], l, "the random offset");
  if (!offset)
    return offset;
  if (!offset.dtype.isInt() || offset.dtype.isBool())
    return g.error(l, "the random offset must be an integer, got " + offset.typeStr());
  Val lo = g.cast(offset, DType(DType::U32), l);
  Val zero = lo ? g.binary(BinaryOp::Mul, lo, Val::integer(0, l), l) : lo;
  if (!zero)
    return zero;
  Val hi = zero;
  if (offset.dtype.bitwidth() > 32) {
    Val shifted = g.binary(BinaryOp::RShift, offset, Val::integer(32, l), l);
    if (!shifted || !(hi = g.cast(shifted, DType(DType::U32), l)))
      return Val();
  }
  Val words = philox(g, a[0], {lo, hi, zero, zero}, rounds, l);
  if (!words)
    return words;
  if (name == "randint")
    return words.elems[0];
  if (name == "randint4x")
    return words;
  std::vector<Val> uniform;
  for (const Val &w : words.elems)
    if (!uniform.emplace_back(uintToUniformFloat(g, w, l)))
      return Val();
  if (name == "rand")
    return uniform[0];
  if (name == "rand4x")
    return Val::tuple(uniform, l);
  Val n12 = pairUniformToNormal(g, uniform[0], uniform[1], l);
  if (!n12 || name == "randn")
    return n12 ? n12.elems[0] : n12;
  Val n34 = pairUniformToNormal(g, uniform[2], uniform[3], l);
  if (!n34)
    return n34;
  return Val::tuple({n12.elems[0], n12.elems[1], n34.elems[0], n34.elems[1]}, l);
}
