//===- MLIRGenBuiltins.cpp - BuiltinEmitter: tl.* builtins, methods -------===//
#include "Binder.h"
#include "MLIRGen.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Diagnostics.h"
#include <cmath>
#include <limits>

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

static const char *const kTritonBuiltins[] = {"program_id",
                                              "_log2",
                                              "get_int_dtype",
                                              "num_programs",
                                              "arange",
                                              "zeros",
                                              "zeros_like",
                                              "full",
                                              "load",
                                              "store",
                                              "where",
                                              "maximum",
                                              "minimum",
                                              "exp",
                                              "exp2",
                                              "log",
                                              "log2",
                                              "sqrt",
                                              "rsqrt",
                                              "sin",
                                              "cos",
                                              "floor",
                                              "ceil",
                                              "erf",
                                              "abs",
                                              "fma",
                                              "sigmoid",
                                              "softmax",
                                              "clamp",
                                              "sum",
                                              "max",
                                              "min",
                                              "dot",
                                              "cdiv",
                                              "cast",
                                              "reshape",
                                              "view",
                                              "trans",
                                              "permute",
                                              "expand_dims",
                                              "broadcast_to",
                                              "broadcast",
                                              "static_assert",
                                              "device_assert",
                                              "static_print",
                                              "device_print",
                                              "constexpr",
                                              "multiple_of",
                                              "max_contiguous",
                                              "max_constancy",
                                              "debug_barrier",
                                              "range",
                                              "static_range",
                                              "jit",
                                              "fdiv",
                                              "make_block_ptr",
                                              "advance",
                                              "make_tensor_descriptor",
                                              "load_tensor_descriptor",
                                              "store_tensor_descriptor",
                                              "atomic_add",
                                              "atomic_max",
                                              "atomic_min",
                                              "atomic_and",
                                              "atomic_or",
                                              "atomic_xor",
                                              "atomic_xchg",
                                              "atomic_cas",
                                              "atomic_poll",
                                              "atomic_load",
                                              "atomic_store",
                                              "gather",
                                              "umulhi",
                                              "philox",
                                              "randint",
                                              "randint4x",
                                              "rand",
                                              "rand4x",
                                              "randn",
                                              "randn4x",
                                              "uint_to_uniform_float",
                                              "pair_uniform_to_normal",
                                              "sqrt_rn",
                                              "div_rn",
                                              "assume"};

/// Methods of tensors that forward to `tl.<name>(self, ...)`.
static const char *const kTensorMethods[] = {"to",           "reshape",     "view",
                                             "trans",        "permute",     "expand_dims",
                                             "broadcast_to", "sum",         "max",
                                             "min",          "exp",         "exp2",
                                             "log",          "log2",        "sqrt",
                                             "rsqrt",        "sin",         "cos",
                                             "abs",          "floor",       "ceil",
                                             "erf",          "sigmoid",     "softmax",
                                             "cast",         "reduce",      "associative_scan",
                                             "argmax",       "argmin",      "xor_sum",
                                             "reduce_or",    "cumsum",      "cumprod",
                                             "sort",         "flip",        "split",
                                             "histogram",    "ravel",       "sqrt_rn",
                                             "gather",       "cdiv",        "store",
                                             "atomic_add",   "atomic_max",  "atomic_min",
                                             "atomic_and",   "atomic_or",   "atomic_xor",
                                             "atomic_xchg",  "atomic_cas",  "atomic_poll",
                                             "atomic_load",  "atomic_store"};

bool BuiltinEmitter::isTensorMethod(StringRef name) {
  return name == "item" || llvm::is_contained(kTensorMethods, name);
}

bool BuiltinEmitter::isTritonBuiltin(StringRef name) {
  return llvm::is_contained(kTritonBuiltins, name) || ReductionEmitter::isReductionBuiltin(name);
}

bool tilec::frontend::bindArguments(MLIRGen &g, StringRef fname, llvm::ArrayRef<StringRef> params,
                                    std::vector<Val> &args,
                                    std::vector<std::pair<std::string, Val>> &kwargs, SMLoc loc,
                                    llvm::SmallVectorImpl<Val> &out) {
  Binder binder{g, fname, loc, {}, {}};
  if (!binder.bind(params, args, kwargs))
    return false;
  out.assign(binder.out.begin(), binder.out.end());
  return true;
}

Val BuiltinEmitter::callMethod(const Val &self, StringRef name, std::vector<Val> args,
                               std::vector<std::pair<std::string, Val>> kwargs, SMLoc l) {
  if (self.isBlockPtrLike())
    return g.memory.callMemoryMethod(self, name, std::move(args), std::move(kwargs), l);
  if (name == "item") {
    // x.item(): the element of a single-element tensor, as a scalar.
    if (!args.empty() || !kwargs.empty())
      return g.error(l, "'item' takes no arguments");
    int64_t numel = 1;
    for (int64_t d : self.shape)
      numel *= d;
    if (!self.isTensor() || numel != 1)
      return g.error(l, "'item' needs a single-element tensor, got " + self.typeStr());
    return g.reductions.reshape(self, {}, l);
  }
  if (!isTensorMethod(name))
    return g.error(l, "unsupported tensor method '" + name + "'");
  args.insert(args.begin(), self);
  return callBuiltin(name == "to" ? "tl.cast" : ("tl." + name).str(), std::move(args),
                     std::move(kwargs), l);
}

/// Reads a constexpr bool argument (absent/None -> `dflt`).
static std::optional<bool> getBool(MLIRGen &g, const Val &v, bool dflt, StringRef what) {
  if (v.isNone())
    return dflt;
  if (std::optional<bool> t = g.constexprTruth(v))
    return *t;
  g.error(v.loc, what + " must be a constexpr bool");
  return std::nullopt;
}

/// Reads a dtype argument.
static std::optional<DType> getDType(MLIRGen &g, const Val &v, StringRef what) {
  if (v.kind == Val::Kind::DTypeObj)
    return v.dtype;
  g.error(v.loc, what + " must be a dtype (e.g. tl.float32), got " + v.typeStr());
  return std::nullopt;
}

/// Shape arguments given either as one tuple or as several ints.
/// Triton 3.9's `_check_dtype` of tl.math functions (libdevice's convention):
/// the element types their tensor arguments may have; empty for functions
/// without the check. Constexpr arguments are not checked.
static llvm::ArrayRef<StringRef> mathArgumentDTypes(StringRef name) {
  static const StringRef floats[] = {"fp32", "fp64"}, fp32[] = {"fp32"},
                         ints[] = {"int32", "int64", "uint32", "uint64"};
  if (llvm::is_contained({"exp", "exp2", "log", "log2", "cos", "sin", "sqrt", "rsqrt", "erf",
                          "floor", "ceil", "sigmoid", "softmax"},
                         name))
    return floats; // sigmoid and softmax: through Triton's math.exp
  if (name == "sqrt_rn" || name == "div_rn")
    return fp32;
  if (name == "umulhi")
    return ints;
  return {};
}

/// Refuses tensor arguments of a tl.math function outside its element types,
/// with Triton's message ("Expected dtype ['fp32', 'fp64'] but got fp16").
static bool checkMathArgumentDTypes(MLIRGen &g, StringRef name, llvm::ArrayRef<Val> args, SMLoc l) {
  llvm::ArrayRef<StringRef> allowed = mathArgumentDTypes(name);
  if (allowed.empty())
    return true;
  for (const Val &arg : args) {
    if (!arg.isTensor() || llvm::is_contained(allowed, arg.dtype.str()))
      continue;
    std::string list;
    for (StringRef dtype : allowed)
      list += (list.empty() ? "'" : ", '") + dtype.str() + "'";
    g.error(l, "Expected dtype [" + list + "] but got " + arg.dtype.str());
    return false;
  }
  return true;
}

static Val shapeFromVarargs(llvm::ArrayRef<Val> rest, SMLoc l) {
  if (rest.size() == 1)
    return rest.front();
  Val t = Val::tuple(std::vector<Val>(rest.begin(), rest.end()), l);
  return t;
}

Val BuiltinEmitter::callBuiltin(StringRef name, std::vector<Val> args,
                                std::vector<std::pair<std::string, Val>> kwargs, SMLoc l) {
  Binder a{g, name, l, {}, {}};
  Location L = g.loc(l);
  auto bind = [&](llvm::ArrayRef<StringRef> params) { return a.bind(params, args, kwargs); };

  //===--- Python builtins ---===//
  if (name == "range" || name == "tl.range" || name == "tl.static_range")
    return g.error(l, "'" + name + "' can only be used as the iterator of a 'for' loop");
  if (DebugEmitter::isDebugBuiltin(name))
    return g.debugOps.genDebugBuiltin(name, std::move(args), std::move(kwargs), l);
  if (name == "tl.debug_barrier") {
    // The targets decide: a block barrier on GPUs, nothing on CPUs.
    if (!bind({}))
      return Val();
    tile::BarrierOp::create(g.b, L);
    return Val::none(l);
  }
  if (name == "len") {
    if (!bind({"obj"}))
      return Val();
    if (a[0].kind == Val::Kind::Tuple)
      return Val::integer(a[0].elems.size(), l);
    if (a[0].isBlock())
      return Val::integer(a[0].shape[0], l);
    return g.error(l, "object of type " + a[0].typeStr() + " has no len()");
  }
  if (name == "min" || name == "max") {
    if (args.empty() || !kwargs.empty())
      return g.error(l, "'" + name + "' expects positional arguments");
    std::vector<Val> items = args;
    if (items.size() == 1 && items[0].kind == Val::Kind::Tuple)
      items = items[0].elems;
    if (items.empty())
      return g.error(l, "'" + name + "' of an empty sequence");
    Val r = items[0];
    // Triton maps Python's min/max to tl.minimum/tl.maximum; constexpr
    // operands still fold to a constexpr.
    for (size_t i = 1; i < items.size() && r; ++i)
      r = g.minMax(name == "max", r, items[i], l, name);
    return r;
  }
  if (name == "int" || name == "float" || name == "bool" || name == "abs") {
    if (!bind({"x"}))
      return Val();
    const Val &x = a[0];
    if (name == "abs" && x.isTensor())
      return g.mathOps.mathUnary("abs", x, l);
    if (name == "float" && x.kind == Val::Kind::Str) {
      // Python's float(str): an optional sign, then inf, infinity, nan (any
      // case) or a decimal number (underscores between digits).
      std::string text = StringRef(x.s).trim().lower();
      StringRef body(text);
      double sign = body.consume_front("-") ? -1.0 : (body.consume_front("+"), 1.0);
      if (body == "inf" || body == "infinity")
        return Val::floating(sign * std::numeric_limits<double>::infinity(), l);
      if (body == "nan")
        return Val::floating(std::copysign(std::numeric_limits<double>::quiet_NaN(), sign), l);
      auto isDigit = [](char ch) { return isdigit(static_cast<unsigned char>(ch)) != 0; };
      std::string digits;
      bool valid = !body.empty() && !body.starts_with("+") && !body.starts_with("-");
      for (size_t i = 0; i < body.size(); ++i)
        if (body[i] != '_')
          digits.push_back(body[i]);
        else
          valid =
              valid && i > 0 && i + 1 < body.size() && isDigit(body[i - 1]) && isDigit(body[i + 1]);
      valid = valid && llvm::all_of(digits, [&](char ch) {
                return isDigit(ch) || ch == '.' || ch == 'e' || ch == '+' || ch == '-';
              });
      double value = 0;
      if (valid && !StringRef(digits).getAsDouble(value, /*AllowInexact=*/true))
        return Val::floating(sign * value, l);
      return g.error(x.loc, "could not convert string to float: '" + x.s + "'");
    }
    if (!x.isNumber())
      return g.error(l, "'" + name + "' only works on constexpr numbers, got " + x.typeStr());
    double f = x.kind == Val::Kind::Float ? x.f : double(x.big);
    if (name == "int" && x.kind != Val::Kind::Float)
      return Val::bigInteger(x.big, l);
    if (name == "int") {
      if (!(std::fabs(x.f) < std::ldexp(1.0, 127)))
        return g.error(l, std::isnan(x.f)   ? "cannot convert float NaN to integer"
                          : std::isinf(x.f) ? "cannot convert float infinity to integer"
                                            : "integer overflow in constant expression");
      return Val::bigInteger(BigInt(x.f), l);
    }
    if (name == "float")
      return Val::floating(f, l);
    if (name == "bool")
      return Val::boolean(f != 0, l);
    return x.kind == Val::Kind::Float ? Val::floating(std::fabs(x.f), l)
                                      : Val::bigInteger(x.big < 0 ? -x.big : x.big, l);
  }
  if (name == "isinstance") {
    if (!bind({"obj", "class_or_tuple"}))
      return Val();
    return g.pyObjects.isInstance(a[0], a[1], l);
  }
  if (name == "getattr") {
    // As Triton: getattr(obj, "name") on constexpr arguments is `obj.name`.
    if (args.size() == 3 || !kwargs.empty())
      return g.error(l, "getattr with a default is not supported by tilec (use getattr(obj, "
                        "name) with an attribute that exists)");
    if (!bind({"object", "name"}))
      return Val();
    if (a[1].kind != Val::Kind::Str)
      return g.error(a[1].loc,
                     "getattr(): attribute name must be a constexpr str, not " + a[1].typeStr());
    return g.exprs.attributeOf(a[0], a[1].s, l);
  }
  if (name == "hasattr") {
    // True where `object.name` resolves: the lookup runs with its diagnostics
    // dropped.
    if (!bind({"object", "name"}))
      return Val();
    if (a[1].kind != Val::Kind::Str)
      return g.error(a[1].loc,
                     "hasattr(): attribute name must be a constexpr str, not " + a[1].typeStr());
    StringRef attr = a[1].s;
    bool failed = false;
    Val found;
    {
      mlir::ScopedDiagnosticHandler dropDiagnostics(&g.ctx, [&](mlir::Diagnostic &) {
        failed = true;
        return mlir::success();
      });
      found = g.exprs.attributeOf(a[0], attr, l);
    }
    return Val::boolean(found && !failed, l);
  }

  if (name.consume_front("libdevice."))
    return g.mathOps.callLibdevice(name, std::move(args), std::move(kwargs), l);
  if (!name.consume_front("tl."))
    return g.error(l, "unsupported function '" + name + "'");
  if (ReductionEmitter::isReductionBuiltin(name))
    return g.reductions.callReductionBuiltin(name, std::move(args), std::move(kwargs), l);
  if (std::optional<Val> r = g.memory.callMemoryBuiltin(name, args, kwargs, l))
    return *r;

  if (auto params = RandomEmitter::randomBuiltinParams(name)) {
    if (!bind(*params) || !checkMathArgumentDTypes(g, name, a.out, l))
      return Val();
    return g.randoms.genRandom(name, a.out, l);
  }

  //===--- Programming model ---===//
  if (name == "program_id" || name == "num_programs") {
    if (!bind({"axis"}))
      return Val();
    std::optional<int64_t> axis = g.getConstInt(a[0], "axis");
    if (!axis)
      return Val();
    if (*axis < 0 || *axis > 2)
      return g.error(a[0].loc, name + " axis must be 0, 1, or 2 but got " + Twine(*axis));
    Value r = name == "program_id" ? Value(tile::ProgramIdOp::create(b, L, int32_t(*axis)))
                                   : Value(tile::NumProgramsOp::create(b, L, int32_t(*axis)));
    return Val::tensor(r, DType(DType::I32), {}, l);
  }
  if (name == "constexpr") {
    if (!bind({"value"}))
      return Val();
    if (a[0].isTensor())
      return g.error(a[0].loc, "tl.constexpr needs a compile-time constant, got " + a[0].typeStr());
    return a[0];
  }
  if (name == "static_assert") {
    if (!bind({"cond", "msg?"}))
      return Val();
    std::optional<bool> t = g.constexprTruth(a[0]);
    if (!t)
      return g.error(a[0].loc, "tl.static_assert needs a constexpr condition");
    if (!*t)
      return g.error(a[0].loc, "static assertion failed" +
                                   (a[1].kind == Val::Kind::Str ? ": " + a[1].s : std::string()));
    return Val::none(l);
  }
  if (name == "assume") {
    // A hint: the condition is checked for type, then dropped.
    if (!bind({"cond"}))
      return Val();
    if (a[0].isTensor() && !a[0].dtype.isBool())
      return g.error(a[0].loc, "tl.assume expects a boolean condition, got " + a[0].typeStr());
    if (std::optional<bool> t = g.constexprTruth(a[0]); t && !*t)
      return g.error(a[0].loc, "tl.assume of a condition that is always false");
    return Val::none(l);
  }
  if (name == "multiple_of" || name == "max_contiguous" || name == "max_constancy") {
    // Triton's hints: one constexpr int per dimension (a bare int for one),
    // kept as a tile.hint for the axis analysis of the GPU lowering.
    if (!bind({"input", "values"}))
      return Val();
    std::vector<Val> given = a[1].kind == Val::Kind::Tuple ? a[1].elems : std::vector<Val>{a[1]};
    llvm::SmallVector<int64_t, 4> values;
    for (auto [i, v] : llvm::enumerate(given)) {
      llvm::SMLoc at = v.loc.isValid() ? v.loc : a[1].loc;
      if (v.isTensor())
        return g.error(at, "values element " + Twine(i) + " must have type `constexpr`");
      if (v.kind != Val::Kind::Int)
        return g.error(at, "values element " + Twine(i) +
                               " must have type `constexpr[int]`, got " + v.typeStr());
      if (v.i < 1 || v.i > INT32_MAX)
        return g.error(at, "tl." + name + ": values element " + Twine(i) +
                           " must be between 1 and 2**31-1, got " + Twine(v.i));
      values.push_back(v.i);
    }
    if (!a[0].isTensor())
      return a[0]; // A constexpr: its value says more than any hint.
    Type elem = getElementTypeOrSelf(a[0].value.getType());
    if (!isa<IntegerType, tile::PointerType>(elem))
      return g.error(a[0].loc, "tl." + name + " expects integers or pointers, got " +
                                   a[0].typeStr());
    if (values.size() != std::max<size_t>(1, a[0].shape.size()))
      return g.error(a[1].loc, "Shape of input to " + name +
                                   " does not match the length of values (" +
                                   Twine(values.size()) + " values for " + a[0].typeStr() + ")");
    auto attr = b.getDenseI64ArrayAttr(values);
    Val r = a[0];
    r.value = tile::HintOp::create(b, L, a[0].value, name == "multiple_of" ? attr : nullptr,
                                   name == "max_contiguous" ? attr : nullptr,
                                   name == "max_constancy" ? attr : nullptr);
    return r;
  }

  //===--- Creation ---===//
  if (name == "arange") {
    if (!bind({"start", "end"}))
      return Val();
    std::optional<int64_t> s = g.getConstInt(a[0], "arange's start");
    std::optional<int64_t> e = s ? g.getConstInt(a[1], "arange's end") : std::nullopt;
    if (!e)
      return Val();
    if (*s < INT32_MIN || *s > INT32_MAX || *e < INT32_MIN || *e > INT32_MAX)
      return g.error(l, "arange must fit in int32");
    if (*e <= *s)
      return g.error(l, "arange's end argument must be greater than the start "
                        "argument");
    int64_t n = *e - *s;
    if (n & (n - 1))
      return g.error(l, "arange's range must be a power of 2, got " + Twine(n));
    if (n > kMaxTileElements)
      return g.error(l, "arange's range (" + Twine(n) + ") exceeds the maximum tile size (" +
                            Twine(kMaxTileElements) + " elements, as in Triton)");
    Value r = tile::MakeRangeOp::create(b, L, g.mlirType(DType(DType::I32), {n}), uint32_t(*s),
                                        uint32_t(*e));
    return Val::tensor(r, DType(DType::I32), {n}, l);
  }
  if (name == "zeros" || name == "full") {
    bool isZeros = name == "zeros";
    if (!bind(isZeros ? llvm::ArrayRef<StringRef>{"shape", "dtype"}
                      : llvm::ArrayRef<StringRef>{"shape", "value", "dtype"}))
      return Val();
    auto shape = g.getShape(a[0], "shape");
    if (!shape)
      return Val();
    auto dt = getDType(g, a[isZeros ? 1 : 2], "dtype");
    if (!dt)
      return Val();
    Val value = isZeros ? Val::integer(0, l) : a[1];
    if (value.isNumber()) {
      // Triton's scalar_constant: an integer dtype takes an int in its range
      // (the interpreter's numpy error; compiled Triton wraps signed values
      // and refuses unsigned ones) and no float but 0.0 (compiled Triton's
      // argument error). Floats into float dtypes round, overflowing to inf.
      if (dt->isInt() && !dt->isBool()) {
        if (value.kind == Val::Kind::Float && value.f != 0)
          return g.error(l, "tl.full value " + floatStr(value.f) + " is a float; " + dt->str() +
                                " tensors take an int value (or 0.0)");
        if (value.kind == Val::Kind::Int && dtypeOfInt(value.big).isValid()) {
          unsigned bw = dt->bitwidth();
          bool fits = dt->isUnsigned() ? value.big >= 0 && value.big < (BigInt(1) << bw)
                                       : value.big >= -(BigInt(1) << (bw - 1)) &&
                                             value.big < (BigInt(1) << (bw - 1));
          if (!fits) // the interpreter's (numpy's) wording
            return g.error(l, "Python integer " + bigIntStr(value.big) + " out of bounds for " +
                                  dt->str());
        }
      }
      return g.constant(value, *dt, *shape, l);
    }
    if (!value.isTensor() || value.isBlock())
      return g.error(value.loc, "tl.full value must be a scalar, got " + value.typeStr());
    Val c = g.cast(value, *dt, l);
    return c ? g.broadcastTo(c, *shape, l, "tl.full value") : c;
  }
  if (name == "zeros_like") {
    if (!bind({"input"}))
      return Val();
    Val x = g.toTensor(a[0], l, "'tl.zeros_like'");
    return x ? g.constant(Val::integer(0), x.dtype, x.shape, l) : x;
  }

  //===--- Memory ---===//
  if (name == "load") {
    if (!bind({"pointer", "mask?", "other?", "boundary_check?", "padding_option?",
               "cache_modifier?", "eviction_policy?", "volatile?"}))
      return Val();
    Val ptr = a[0], mask = a[1], other = a[2];
    if (!ptr.isTensor() || !ptr.dtype.isPtr())
      return g.error(ptr.loc, "tl.load expects a pointer, got " + ptr.typeStr());
    DType elt = ptr.dtype.element();
    if (!mask.isNone()) {
      if (!(mask = g.toTensor(mask, mask.loc, "mask")))
        return mask;
      if (!mask.dtype.isBool())
        return g.error(mask.loc, "mask must have boolean scalar type, got " + mask.typeStr());
      if (mask.isBlock() && !ptr.isBlock()) {
        if (!(ptr = g.broadcastTo(ptr, mask.shape, l, "pointer")))
          return ptr;
      } else if (!(mask = g.broadcastTo(mask, ptr.shape, mask.loc, "mask",
                                        /*sameRank=*/true))) {
        return mask;
      }
    }
    if (!other.isNone()) {
      if (mask.isNone())
        return g.error(other.loc, "'other' cannot be provided without 'mask'");
      other = other.isNumber() ? g.constant(other, elt, {}, other.loc)
                               : g.cast(g.toTensor(other, other.loc, "other"), elt, other.loc);
      if (!other || !(other = g.broadcastTo(other, ptr.shape, other.loc, "other",
                                            /*sameRank=*/true)))
        return Val();
    }
    Value r = tile::LoadOp::create(b, L, ptr.value, mask.isNone() ? Value() : mask.value,
                                   other.isNone() ? Value() : other.value);
    return Val::tensor(r, elt, ptr.shape, l);
  }
  if (name == "store") {
    if (!bind({"pointer", "value", "mask?", "boundary_check?", "cache_modifier?",
               "eviction_policy?"}))
      return Val();
    Val ptr = a[0], value = a[1], mask = a[2];
    if (!ptr.isTensor() || !ptr.dtype.isPtr())
      return g.error(ptr.loc, "tl.store expects a pointer, got " + ptr.typeStr());
    if (ptr.dtype.constPointer)
      return g.error(ptr.loc, "Cannot store to a constant pointer");
    DType elt = ptr.dtype.element();
    if (value.isNumber())
      value = g.constant(value, elt, {}, value.loc);
    else if (!value.isTensor())
      return g.error(value.loc, "cannot store a value of type " + value.typeStr());
    else if (value.dtype.isPtr())
      return g.error(value.loc, "cannot store a pointer value");
    else
      value = g.cast(value, elt, value.loc);
    if (!value)
      return value;
    if (value.isBlock() && !ptr.isBlock())
      return g.error(value.loc, "value argument cannot be a block (" + value.typeStr() +
                                    ") if the pointer argument is not a block");
    if (!(value = g.broadcastTo(value, ptr.shape, value.loc, "value",
                                /*sameRank=*/true)))
      return value;
    if (!mask.isNone()) {
      if (!(mask = g.toTensor(mask, mask.loc, "mask")))
        return mask;
      if (!mask.dtype.isBool())
        return g.error(mask.loc, "mask must have boolean scalar type, got " + mask.typeStr());
      if (mask.isBlock() && !ptr.isBlock())
        return g.error(mask.loc, "mask argument cannot be a block if the pointer "
                                 "argument is not a block");
      if (!(mask = g.broadcastTo(mask, ptr.shape, mask.loc, "mask",
                                 /*sameRank=*/true)))
        return mask;
    }
    std::optional<StoreCacheHint> hint = g.memory.storeCacheHint(a[4], a[5], l);
    if (!hint)
      return Val();
    createStore(b, L, ptr.value, value.value, mask.isNone() ? Value() : mask.value, *hint);
    return Val::none(l);
  }

  //===--- Elementwise ---===//
  if (name == "where") {
    if (!bind({"condition", "x", "y"}))
      return Val();
    Val c = g.toTensor(a[0], a[0].loc, "condition");
    if (!c)
      return c;
    if (!c.dtype.isBool() && !(c = g.cast(c, DType(DType::I1), a[0].loc)))
      return c;
    Val x = a[1], y = a[2];
    // Selecting between fp8 values of one type moves bytes: no arithmetic.
    bool sameFP8 = x.isTensor() && y.isTensor() && x.dtype == y.dtype && x.dtype.isFP8();
    if (!sameFP8 && !g.binaryTypeCheck(x, y, l, "tl.where", true, true, true, false))
      return Val();
    if (!g.broadcastPair(c, x, l, "tl.where") || !g.broadcastPair(x, y, l, "tl.where") ||
        !g.broadcastPair(c, x, l, "tl.where"))
      return Val();
    Value r = arith::SelectOp::create(b, L, c.value, x.value, y.value);
    return Val::tensor(r, x.dtype, x.shape, l);
  }
  if (name == "maximum" || name == "minimum") {
    if (!bind({"x", "y", "propagate_nan?"}))
      return Val();
    std::optional<bool> nan = g.mathOps.getPropagateNan(a[2]);
    if (!nan)
      return Val();
    return g.minMax(name == "maximum", a[0], a[1], l, "tl." + name.str(), *nan);
  }
  if (name == "clamp") {
    if (!bind({"x", "min", "max", "propagate_nan?"}))
      return Val();
    Val x = g.toTensor(a[0], l, "'tl.clamp'");
    if (!x)
      return x;
    // Integers too, as min(max(x, min), max) (Triton's clamp).
    if (!x.dtype.isFloat() && !x.dtype.isInt())
      return g.error(l, "tl.clamp expects a numeric tensor, got " + x.typeStr());
    std::optional<bool> nan = g.mathOps.getPropagateNan(a[3]);
    if (!nan)
      return Val();
    Val lo = g.minMax(true, x, a[1], l, "tl.clamp", *nan);
    return lo ? g.minMax(false, lo, a[2], l, "tl.clamp", *nan) : lo;
  }
  if (llvm::is_contained({"exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "floor",
                          "ceil", "erf", "abs"},
                         name)) {
    if (!bind({"x"}) || !checkMathArgumentDTypes(g, name, a.out, l))
      return Val();
    return g.mathOps.mathUnary(name, a[0], l);
  }
  if (name == "sigmoid") {
    if (!bind({"x"}) || !checkMathArgumentDTypes(g, name, a.out, l))
      return Val();
    Val neg = g.unary(UnaryOp::Minus, a[0], l);
    Val e = neg ? g.mathOps.mathUnary("exp", neg, l) : neg;
    Val den = e ? g.binary(BinaryOp::Add, Val::integer(1, l), e, l) : e;
    return den ? g.binary(BinaryOp::Div, Val::integer(1, l), den, l) : den;
  }
  if (name == "softmax") {
    if (!bind({"x", "dim?", "keep_dims?", "ieee_rounding?"}) ||
        !checkMathArgumentDTypes(g, name, a.out, l))
      return Val();
    Val x = g.toTensor(a[0], l, "'tl.softmax'");
    if (!x)
      return x;
    if (!x.dtype.isFloat())
      return g.error(l, "tl.softmax expects a floating-point tensor, got " + x.typeStr());
    // As Triton's: along axis 0 unless `dim` is given (not the last axis, as
    // torch's); the result keeps x's shape whatever `keep_dims` says.
    Val dim = a[1].isNone() ? Val::integer(0, l) : a[1];
    if (x.shape.empty())
      return g.constant(Val::floating(1.0), x.dtype, {}, l);
    Val m = g.reductions.reduce(x, dim, true, "max", l);
    Val z = m ? g.binary(BinaryOp::Sub, x, m, l) : m;
    Val num = z ? g.mathOps.mathUnary("exp", z, l) : z;
    Val den = num ? g.reductions.reduce(num, dim, true, "sum", l) : num;
    return den ? g.binary(BinaryOp::Div, num, den, l) : den;
  }
  if (name == "fdiv" || name == "div_rn") {
    if (!bind(name == "fdiv" ? llvm::ArrayRef<StringRef>{"x", "y", "ieee_rounding?"}
                             : llvm::ArrayRef<StringRef>{"x", "y"}))
      return Val();
    if (!checkMathArgumentDTypes(g, name, a.out, l))
      return Val();
    // CPU division is IEEE round-to-nearest: ieee_rounding changes nothing.
    Val x = a[0], y = a[1];
    if (!g.binaryTypeCheck(x, y, l, "tl." + name.str(), false, false, true, true))
      return Val();
    if (!x.dtype.isFloat())
      return g.error(l, "tl." + name + " expects floating-point operands, got " + x.typeStr() +
                            " and " + y.typeStr());
    return g.binary(BinaryOp::Div, x, y, l);
  }
  if (name == "sqrt_rn") {
    if (!bind({"x"}) || !checkMathArgumentDTypes(g, name, a.out, l))
      return Val();
    return g.mathOps.mathUnary("sqrt", a[0], l);
  }
  if (name == "fma") {
    if (!bind({"x", "y", "z"}))
      return Val();
    Val x = a[0], y = a[1], z = a[2];
    if (!g.binaryTypeCheck(x, y, l, "tl.fma", false, false, true, false) ||
        !g.binaryTypeCheck(x, z, l, "tl.fma", false, false, true, false) ||
        !g.binaryTypeCheck(x, y, l, "tl.fma", false, false, true, false))
      return Val();
    if (!x.dtype.isFloat())
      return g.error(l, "tl.fma expects floating-point operands, got " + x.typeStr());
    Value r = math::FmaOp::create(b, L, x.value, y.value, z.value);
    return Val::tensor(r, x.dtype, x.shape, l);
  }
  // Triton's constexpr functions of tl.standard and tl.core that kernels call
  // (bitonic argsort/topk code): _log2(i), the floor of log2 (0 below 2), and
  // get_int_dtype(bitwidth, signed).
  if (name == "_log2") {
    if (!bind({"i"}))
      return Val();
    std::optional<int64_t> i = g.getConstInt(a[0], "_log2's argument");
    if (!i)
      return Val();
    int64_t log2 = 0;
    for (int64_t n = *i; n > 1; n >>= 1)
      ++log2;
    return Val::integer(log2, l);
  }
  if (name == "get_int_dtype") {
    if (!bind({"bitwidth", "signed"}))
      return Val();
    std::optional<int64_t> bits = g.getConstInt(a[0], "get_int_dtype's bitwidth");
    std::optional<bool> isSigned = bits ? getBool(g, a[1], true, "signed") : std::nullopt;
    if (!isSigned)
      return Val();
    DType::Kind kind = DType::Invalid;
    if (*bits == 1)
      kind = DType::I1;
    else if (*bits == 8)
      kind = *isSigned ? DType::I8 : DType::U8;
    else if (*bits == 16)
      kind = *isSigned ? DType::I16 : DType::U16;
    else if (*bits == 32)
      kind = *isSigned ? DType::I32 : DType::U32;
    else if (*bits == 64)
      kind = *isSigned ? DType::I64 : DType::U64;
    if (kind == DType::Invalid)
      return g.error(l, "Unsupported bitwidth " + Twine(*bits) + " and signedness " +
                            (*isSigned ? "True" : "False"));
    return Val::dtypeObj(DType(kind), l);
  }
  if (name == "cdiv") {
    if (!bind({"x", "div"}))
      return Val();
    Val t = g.binary(BinaryOp::Add, a[0], a[1], l);
    t = t ? g.binary(BinaryOp::Sub, t, Val::integer(1, l), l) : t;
    return t ? g.binary(BinaryOp::FloorDiv, t, a[1], l) : t;
  }
  if (name == "cast") {
    if (!bind({"input", "dtype", "fp_downcast_rounding?", "bitcast?"}))
      return Val();
    auto dt = getDType(g, a[1], "dtype");
    std::optional<bool> bc = dt ? getBool(g, a[3], false, "bitcast") : std::nullopt;
    if (!bc)
      return Val();
    Val x = a[0].isNumber() && !*bc ? g.constant(a[0], *dt, {}, l) : g.toTensor(a[0], l, "'cast'");
    if (!x)
      return x;
    if (a[2].isNone())
      return g.cast(x, *dt, l, *bc);
    if (a[2].kind != Val::Kind::Str || (a[2].s != "rtne" && a[2].s != "rtz"))
      return g.error(a[2].loc, "fp_downcast_rounding must be \"rtne\" or "
                               "\"rtz\", got " +
                                   a[2].typeStr());
    if (*bc || !x.dtype.isFloat() || !dt->isFloat() || dt->bitwidth() >= x.dtype.bitwidth())
      return g.error(a[2].loc, "fp_downcast_rounding is only allowed for "
                               "narrowing floating-point casts, not " +
                                   x.dtype.str() + " to " + dt->str() + (*bc ? " (bitcast)" : ""));
    return a[2].s == "rtz" ? g.fp8.castTowardZero(x, *dt, l) : g.cast(x, *dt, l);
  }

  //===--- Shapes ---===//
  if (name == "reshape" || name == "view") {
    std::vector<std::pair<std::string, Val>> kw;
    Val reorder;
    for (auto &k : kwargs) {
      if (k.first == "can_reorder")
        continue;
      if (k.first == "shape") {
        args.push_back(k.second);
        continue;
      }
      return g.error(k.second.loc,
                     "'" + name + "' got an unexpected keyword argument '" + k.first + "'");
    }
    if (args.size() < 2)
      return g.error(l, "'" + name + "' expects a tensor and a shape");
    Val x = g.toTensor(args[0], l, "'reshape'");
    if (!x)
      return x;
    auto shape = g.getShape(shapeFromVarargs(llvm::ArrayRef(args).drop_front(), l), "shape");
    return shape ? g.reductions.reshape(x, *shape, l) : Val();
  }
  if (name == "trans" || name == "permute") {
    if (!kwargs.empty() && !(kwargs.size() == 1 && kwargs[0].first == "dims"))
      return g.error(l, "'" + name + "' got an unexpected keyword argument");
    if (args.empty())
      return g.error(l, "'" + name + "' expects a tensor");
    Val x = g.toTensor(args[0], l, "'trans'");
    if (!x)
      return x;
    llvm::SmallVector<Val> rest(args.begin() + 1, args.end());
    if (!kwargs.empty())
      rest.push_back(kwargs[0].second);
    llvm::SmallVector<int64_t, 4> order;
    if (rest.empty()) {
      // As Triton 3.9: tl.trans without dims swaps the last two axes (a
      // batched 2-D transpose); tl.permute has no such default.
      if (name == "permute")
        return g.error(l, "permute dims must have the same length as input shape, got " +
                              std::to_string(x.shape.size()) + " and 0");
      if (x.shape.size() < 2)
        return g.error(l, "tl.trans invoked with a 0- or 1-dimensional tensor");
      order = llvm::to_vector(llvm::seq<int64_t>(0, x.shape.size() - 2));
      order.append({int64_t(x.shape.size()) - 1, int64_t(x.shape.size()) - 2});
    } else {
      Val dims = shapeFromVarargs(rest, l);
      std::vector<Val> elems = dims.kind == Val::Kind::Tuple ? dims.elems : std::vector<Val>{dims};
      for (const Val &d : elems) {
        std::optional<int64_t> v = g.getConstInt(d, "permutation entry");
        if (!v)
          return Val();
        order.push_back(*v);
      }
    }
    return g.reductions.trans(x, order, l);
  }
  if (name == "expand_dims") {
    if (!bind({"input", "axis"}))
      return Val();
    Val x = g.toTensor(a[0], l, "'expand_dims'");
    if (!x)
      return x;
    std::vector<Val> axes = a[1].kind == Val::Kind::Tuple ? a[1].elems : std::vector<Val>{a[1]};
    int64_t newRank = x.shape.size() + axes.size();
    llvm::SmallVector<int64_t, 4> norm;
    for (const Val &ax : axes) {
      std::optional<int64_t> v = g.getConstInt(ax, "axis");
      if (!v)
        return Val();
      norm.push_back(*v < 0 ? *v + newRank : *v);
    }
    llvm::sort(norm);
    for (int64_t ax : norm)
      if (!(x = g.expandDims(x, ax, l)))
        return x;
    return x;
  }
  if (name == "broadcast_to") {
    if (args.size() < 2 && kwargs.empty())
      return g.error(l, "'broadcast_to' expects a tensor and a shape");
    for (auto &k : kwargs)
      args.push_back(k.second);
    Val x = g.toTensor(args[0], l, "'broadcast_to'");
    if (!x)
      return x;
    auto shape = g.getShape(shapeFromVarargs(llvm::ArrayRef(args).drop_front(), l), "shape");
    return shape ? g.broadcastTo(x, *shape, l, "tensor") : Val();
  }
  if (name == "broadcast") {
    if (!bind({"input", "other"}))
      return Val();
    Val x = g.toTensor(a[0], l, "'broadcast'"), y = g.toTensor(a[1], l, "'broadcast'");
    if (!x || !y || !g.broadcastPair(x, y, l, "tl.broadcast"))
      return Val();
    return Val::tuple({x, y}, l);
  }

  //===--- Matrix product ---===//
  if (name == "dot") {
    if (!bind({"input", "other", "acc?", "input_precision?", "allow_tf32?",
               "max_num_imprecise_acc?", "out_dtype?"}))
      return Val();
    Val x = g.toTensor(a[0], l, "'tl.dot'"), y = g.toTensor(a[1], l, "'tl.dot'");
    if (!x || !y)
      return Val();
    size_t rank = x.shape.size();
    if ((rank != 2 && rank != 3) || y.shape.size() != rank)
      return g.error(l, "tl.dot expects two 2-D or two 3-D tensors, got " + x.typeStr() + " and " +
                            y.typeStr());
    // As Triton, any two fp8 formats may be multiplied (into fp32): tile.dot
    // takes their bytes with the formats named, and tilec-upcast-fp8-dots
    // decodes them to fp16 where the target has no fp8 tensor cores for them.
    bool fp8 = x.dtype.isFP8() && y.dtype.isFP8();
    if (x.dtype != y.dtype && !fp8)
      return g.error(l, "tl.dot operands must have the same dtype, got " + x.dtype.str() + " and " +
                            y.dtype.str());
    if (x.dtype.isPtr() || x.dtype.isBool())
      return g.error(l, "tl.dot does not support operands of type " + x.dtype.str());
    // As Triton 3.9 ("only int8 supported!"): tile.dot's integer operands are
    // signed, so uint8 (or wider) operands would be silently sign-extended.
    if (x.dtype.isInt() && x.dtype != DType(DType::I8))
      return g.error(l, "tl.dot supports int8 integer operands only, got " + x.dtype.str());
    if (x.shape[rank - 1] != y.shape[rank - 2] || (rank == 3 && x.shape[0] != y.shape[0]))
      return g.error(l, "incompatible shapes " + shapeStr(x.shape) + " and " + shapeStr(y.shape) +
                            " in tl.dot");
    llvm::SmallVector<int64_t, 4> resShape(x.shape.begin(), x.shape.end());
    resShape[rank - 1] = y.shape[rank - 1];
    // As Triton's: int8 operands give int32, fp64 ones fp64 (whatever
    // out_dtype says), others out_dtype (default fp32).
    DType outTy(DType::F32);
    if (x.dtype.isInt())
      outTy = DType(DType::I32);
    else if (x.dtype == DType(DType::F64))
      outTy = DType(DType::F64);
    else if (!a[6].isNone()) {
      auto dt = getDType(g, a[6], "out_dtype");
      if (!dt)
        return Val();
      outTy = *dt;
    }
    Val acc = a[2];
    if (acc.isNone()) {
      acc = g.constant(Val::integer(0), outTy, resShape, l);
    } else {
      if (!(acc = g.toTensor(acc, acc.loc, "acc")))
        return acc;
      if (acc.shape.size() != rank)
        if (!(acc = g.broadcastTo(acc, resShape, acc.loc, "acc")))
          return acc;
      if (llvm::ArrayRef<int64_t>(acc.shape) != llvm::ArrayRef<int64_t>(resShape))
        return g.error(acc.loc, "tl.dot accumulator has shape " + shapeStr(acc.shape) +
                                    " but the product has shape " + shapeStr(resShape));
    }
    StringAttr precision;
    if (a[3].kind == Val::Kind::Str)
      precision = b.getStringAttr(a[3].s);
    else if (!a[4].isNone()) {
      std::optional<bool> tf32 = getBool(g, a[4], true, "allow_tf32");
      if (!tf32)
        return Val();
      precision = b.getStringAttr(*tf32 ? "tf32" : "ieee");
    } else if (!g.defaultDotInputPrecision.empty()) {
      // Checked with explicit ones by tile.dot's verifier, at this call.
      precision = b.getStringAttr(g.defaultDotInputPrecision);
    }
    if (fp8 && acc.dtype != DType(DType::F32) &&
        !(acc.dtype.isFloat() && acc.dtype.bitwidth() < 32))
      return g.error(l, "tl.dot with fp8 operands accumulates in fp32 (or fp16/bf16), got " +
                            acc.dtype.str());
    if (fp8 && precision) {
      // Triton checks the name and ignores it: it applies to fp32 operands.
      if (!tile::isDotInputPrecision(precision.getValue()))
        return g.error(l, "input_precision must be one of " + tile::dotInputPrecisionList().str() +
                              ", got \"" + precision.getValue().str() + "\"");
      precision = StringAttr();
    }
    StringAttr aFP8 = fp8 ? b.getStringAttr(x.dtype.str()) : StringAttr();
    StringAttr bFP8 = fp8 ? b.getStringAttr(y.dtype.str()) : StringAttr();
    if (acc.dtype.isFloat() && acc.dtype.bitwidth() < 32) {
      // A 16-bit accumulator (out_dtype=tl.float16): as Triton's reference
      // semantics (its interpreter), the products are summed in fp32, the sum
      // is rounded once to the accumulator's type and then added to it; an
      // fp16 accumulation step by step would lose the low bits of every
      // partial sum (2048 + 15 ones gives 2048, not 2064).
      Val zeros = g.constant(Val::integer(0), DType(DType::F32), resShape, l);
      Value sum = tile::DotOp::create(b, L, zeros.value.getType(), x.value, y.value, zeros.value,
                                      precision, aFP8, bFP8);
      Val rounded = g.cast(Val::tensor(sum, DType(DType::F32), resShape, l), acc.dtype, l);
      return rounded ? g.binary(BinaryOp::Add, rounded, acc, l) : rounded;
    }
    Value r = tile::DotOp::create(b, L, acc.value.getType(), x.value, y.value, acc.value, precision,
                                  aFP8, bFP8);
    return Val::tensor(r, acc.dtype, resShape, l);
  }
  if (name == "jit")
    return g.error(l, "'tl.jit' cannot be called inside a kernel");
  return g.error(l, "unsupported function 'tl." + name + "'");
}
