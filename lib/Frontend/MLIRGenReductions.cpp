//===- MLIRGenReductions.cpp - ReductionEmitter: reductions, sorts, shapes ===//
//
// tl.reduce / tl.associative_scan with @jit combine functions inlined into the
// combiner region of tile.reduce / tile.scan, the standard reductions and scans
// built on them (sum, max/min with indices, argmax/argmin, xor_sum, cumsum,
// cumprod), tl.sort (tile.sort) and the bitonic tl.topk, reshape and trans,
// and the shape ops expressed as tile.shuffle (join, split, cat, interleave,
// flip), plus ravel, histogram (tile.histogram), swizzle2d, dot_scaled
// (microscaled operands upcast, then tl.dot) and tl.map_elementwise (a @jit
// function inlined into the body of tile.map_elementwise).
//
//===----------------------------------------------------------------------===//
#include "Binder.h"
#include "MLIRGen.h"

#include "tilec/Dialect/Tile/BitonicNetwork.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

/// The `tl.` functions implemented in this file.
static const char *const kReductionBuiltins[] = {"sum",
                                                 "max",
                                                 "min",
                                                 "argmax",
                                                 "argmin",
                                                 "xor_sum",
                                                 "reduce_or",
                                                 "reduce",
                                                 "associative_scan",
                                                 "cumsum",
                                                 "cumprod",
                                                 "sort",
                                                 "topk",
                                                 "bitonic_merge",
                                                 "flip",
                                                 "join",
                                                 "split",
                                                 "cat",
                                                 "interleave",
                                                 "ravel",
                                                 "squeeze",
                                                 "unsqueeze",
                                                 "histogram",
                                                 "swizzle2d",
                                                 "dot_scaled",
                                                 "map_elementwise"};

bool ReductionEmitter::isReductionBuiltin(StringRef name) {
  return llvm::is_contained(kReductionBuiltins, name);
}

//===----------------------------------------------------------------------===//
// Argument helpers
//===----------------------------------------------------------------------===//

/// Reads a constexpr bool (None -> `dflt`); reports an error otherwise.
static std::optional<bool> constBool(MLIRGen &g, const Val &v, bool dflt, StringRef what) {
  if (v.isNone())
    return dflt;
  if (std::optional<bool> t = g.constexprTruth(v))
    return *t;
  g.error(v.loc, what + " must be a constexpr bool, got " + v.typeStr());
  return std::nullopt;
}

/// Number of elements of a tensor of `shape`.
static int64_t numElements(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Normalizes the constexpr `axisVal` (named `what`, e.g. "axis") of a
/// tensor of `shape` to [0, rank), counting negative values from the end as
/// Triton's _wrap_axis does; reports an error when out of range.
static std::optional<int64_t> wrapAxis(MLIRGen &g, const Val &axisVal,
                                       llvm::ArrayRef<int64_t> shape, StringRef fname,
                                       StringRef what) {
  std::optional<int64_t> a = g.getConstInt(axisVal, what);
  if (!a)
    return std::nullopt;
  int64_t rank = int64_t(shape.size());
  if (*a < -rank || *a >= rank) {
    g.error(axisVal.loc, "tl." + fname + ": " + what + " " + Twine(*a) +
                             " is out of range for a tensor of shape " + shapeStr(shape) +
                             " (expected " + Twine(-rank) + " <= " + what + " < " + Twine(rank) +
                             ")");
    return std::nullopt;
  }
  return *a < 0 ? *a + rank : *a;
}

/// A block-shaped runtime tensor argument of `tl.<fname>` named `what`.
static Val blockArg(MLIRGen &g, const Val &v, SMLoc l, StringRef fname, StringRef what) {
  Val x = g.toTensor(v, v.loc.isValid() ? v.loc : l, "'tl." + fname.str() + "'");
  if (!x)
    return x;
  if (!x.isBlock())
    return g.error(v.loc.isValid() ? v.loc : l,
                   "tl." + fname + " expects a tensor " + what + ", got the scalar " + x.typeStr());
  if (x.dtype.isPtr())
    return g.error(v.loc.isValid() ? v.loc : l,
                   "tl." + fname + " does not support tensors of pointers (" + x.typeStr() + ")");
  return x;
}

//===----------------------------------------------------------------------===//
// Combiner regions
//===----------------------------------------------------------------------===//

bool ReductionEmitter::buildCombiner(Region &region, llvm::ArrayRef<DType> dtypes,
                                     CombinerBody body, StringRef what, SMLoc l) {
  OpBuilder::InsertionGuard guard(b);
  Location L = g.loc(l);
  llvm::SmallVector<Type> argTypes;
  for (int side = 0; side < 2; ++side)
    for (DType dt : dtypes)
      argTypes.push_back(dt.toMLIR(&g.ctx));
  llvm::SmallVector<Location> argLocs(argTypes.size(), L);
  Block *block = b.createBlock(&region, {}, argTypes, argLocs);
  size_t n = dtypes.size();
  std::vector<Val> lhs, rhs;
  for (size_t i = 0; i < n; ++i) {
    lhs.push_back(Val::tensor(block->getArgument(i), dtypes[i], {}, l));
    rhs.push_back(Val::tensor(block->getArgument(n + i), dtypes[i], {}, l));
  }
  std::optional<std::vector<Val>> results = body(lhs, rhs);
  if (!results)
    return false;
  if (results->size() != n) {
    g.error(l, what + " returned " + Twine(results->size()) + " value" +
                   (results->size() == 1 ? "" : "s") + " but there " +
                   (n == 1 ? "is 1 input" : "are " + Twine(n).str() + " inputs") +
                   ": it must return " + Twine(n) + " (one per input)");
    return false;
  }
  llvm::SmallVector<Value> yielded;
  for (size_t i = 0; i < n; ++i) {
    Val r = (*results)[i];
    if (r.isNumber())
      r = g.constant(r, dtypes[i], {}, l);
    if (!r)
      return false;
    if (!r.isTensor() || r.isBlock() || r.dtype != dtypes[i]) {
      g.error(l, what + " must return scalars of the input types: value " + Twine(i) + " is " +
                     r.typeStr() + " but input " + Twine(i) + " has dtype " + dtypes[i].str());
      return false;
    }
    yielded.push_back(r.value);
  }
  tile::YieldOp::create(b, L, yielded);
  // Values computed only for their type are dead (Inductor's helpers test
  // `promote_to_tensor(x).dtype`, a one-element tensor): dropped first.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*block)))
    if (isOpTriviallyDead(&op))
      op.erase();
  // The combiner is re-emitted lane by lane on vectors: straight-line scalar
  // arithmetic only (constexpr branches fold away before this point).
  for (Operation &op : block->without_terminator())
    if (!isa<arith::ArithDialect, math::MathDialect>(op.getDialect())) {
      g.error(l, what + " uses '" + op.getName().getStringRef() +
                     "': a combine function must be straight-line scalar code "
                     "(arithmetic, comparisons, tl.where, math functions, "
                     "constexpr branches)");
      return false;
    }
  return true;
}

std::optional<std::vector<Val>>
ReductionEmitter::combineAlongAxis(bool isScan, std::vector<Val> inputs, const Val &axisVal,
                                   bool keepDims, bool reverse, CombinerBody body, StringRef fname,
                                   StringRef what, SMLoc l) {
  for (Val &x : inputs)
    if (!(x = blockArg(g, x, l, fname, "input")))
      return std::nullopt;
  llvm::SmallVector<int64_t, 4> shape = inputs.front().shape;
  for (const Val &x : inputs)
    if (x.shape != shape) {
      g.error(l, "tl." + fname + " inputs must all have the same shape, got " + shapeStr(shape) +
                     " and " + shapeStr(x.shape));
      return std::nullopt;
    }
  size_t origRank = shape.size();
  int64_t axis = 0;
  if (axisVal.isNone()) {
    if (isScan) {
      g.error(l, "tl." + fname + " needs an integer axis, got None");
      return std::nullopt;
    }
    // Triton flattens with a reshape that may reorder the elements, then
    // reduces once: any order is allowed. The dimensions are reduced
    // innermost first instead, so no tile is rearranged (a flattening reshape
    // goes through shared memory on GPUs).
    while (inputs.front().shape.size() > 1) {
      int64_t last = int64_t(inputs.front().shape.size()) - 1;
      std::optional<std::vector<Val>> partial =
          combineAlongAxis(/*isScan=*/false, inputs, Val::integer(last, l),
                           /*keepDims=*/false, reverse, body, fname, what, l);
      if (!partial)
        return std::nullopt;
      inputs = std::move(*partial);
    }
  } else {
    std::optional<int64_t> a = wrapAxis(g, axisVal, shape, fname, "axis");
    if (!a)
      return std::nullopt;
    axis = *a;
  }
  llvm::SmallVector<int64_t, 4> srcShape = inputs.front().shape;
  llvm::SmallVector<int64_t, 4> resShape = srcShape;
  if (!isScan)
    resShape.erase(resShape.begin() + axis);
  llvm::SmallVector<Type> resTypes;
  llvm::SmallVector<Value> srcs;
  llvm::SmallVector<DType> dtypes;
  for (const Val &x : inputs) {
    resTypes.push_back(g.mlirType(x.dtype, resShape));
    srcs.push_back(x.value);
    dtypes.push_back(x.dtype);
  }
  Location L = g.loc(l);
  Operation *op;
  Region *region;
  if (isScan) {
    auto scan = tile::ScanOp::create(b, L, resTypes, srcs, uint32_t(axis), reverse);
    op = scan;
    region = &scan.getCombiner();
  } else {
    auto red = tile::ReduceOp::create(b, L, resTypes, srcs, uint32_t(axis));
    op = red;
    region = &red.getCombiner();
  }
  if (!buildCombiner(*region, dtypes, body, what, l)) {
    op->erase();
    return std::nullopt;
  }
  std::vector<Val> results;
  for (auto [i, x] : llvm::enumerate(inputs)) {
    Val r = Val::tensor(op->getResult(i), x.dtype, resShape, l);
    if (!isScan && keepDims) {
      if (axisVal.isNone())
        r = g.broadcastTo(r, llvm::SmallVector<int64_t, 4>(origRank, 1), l, "reduction result");
      else
        r = g.expandDims(r, axis, l);
      if (!r)
        return std::nullopt;
    }
    results.push_back(std::move(r));
  }
  return results;
}

/// A combiner body that calls the user's combine function `fn` (a @jit
/// function or a tl builtin) on the accumulated and new scalars.
std::optional<std::vector<Val>> ReductionEmitter::callCombineFn(const Val &fn,
                                                                llvm::ArrayRef<Val> lhs,
                                                                llvm::ArrayRef<Val> rhs, SMLoc l) {
  std::vector<Val> args(lhs.begin(), lhs.end());
  args.insert(args.end(), rhs.begin(), rhs.end());
  Val r = fn.kind == Val::Kind::Function ? g.stmts.inlineCall(*fn.fn, std::move(args), {}, l)
                                         : g.builtins.callBuiltin(fn.s, std::move(args), {}, l);
  if (!r)
    return std::nullopt;
  if (r.kind == Val::Kind::Tuple)
    return r.elems;
  return std::vector<Val>{r};
}

Val ReductionEmitter::mapElementwise(const Val &fn, std::vector<Val> inputs, int64_t pack,
                                     SMLoc l) {
  for (Val &x : inputs) {
    if (!(x = g.toTensor(x, x.loc.isValid() ? x.loc : l, "'tl.map_elementwise'")))
      return x;
    if (x.isBlock() && x.dtype.isPtr())
      return g.error(x.loc.isValid() ? x.loc : l,
                     "tl.map_elementwise does not support tensors of pointers (" + x.typeStr() +
                         ")");
  }
  // Triton broadcasts the inputs to one shape. A scalar input has one value
  // for every element: the body uses it directly (a scalar pointer too).
  llvm::SmallVector<int64_t, 4> shape;
  for (const Val &x : inputs) {
    std::optional<llvm::SmallVector<int64_t, 4>> s =
        g.broadcastShape(shape, x.shape, l, "tl.map_elementwise");
    if (!s)
      return Val();
    shape = *s;
  }
  bool anyBlock = !shape.empty();
  for (Val &x : inputs)
    if (x.isBlock() && !(x = g.broadcastTo(x, shape, l, "tl.map_elementwise")))
      return x;
  auto callFn = [&](std::vector<Val> args) {
    return fn.kind == Val::Kind::Function ? g.stmts.inlineCall(*fn.fn, std::move(args), {}, l)
                                          : g.builtins.callBuiltin(fn.s, std::move(args), {}, l);
  };
  // On scalars the mapping is the call itself.
  if (!anyBlock) {
    if (pack != 1)
      return g.error(l, "tl.map_elementwise with pack=" + Twine(pack) +
                            " needs at least one tensor input, got only scalars");
    return callFn(std::move(inputs));
  }

  // The body is built in a placeholder op first: its results' types are what
  // the function returns.
  Location L = g.loc(l);
  llvm::SmallVector<Value> srcs;
  llvm::SmallVector<Type> argTypes;
  std::vector<Val> scalarArgs;
  for (const Val &x : inputs) {
    if (!x.isBlock())
      continue;
    srcs.push_back(x.value);
    for (int64_t j = 0; j < pack; ++j)
      argTypes.push_back(x.dtype.toMLIR(&g.ctx));
  }
  auto placeholder = tile::MapElementwiseOp::create(b, L, TypeRange{}, srcs, uint32_t(pack));
  auto fail = [&]() {
    placeholder->erase();
    return Val();
  };
  llvm::SmallVector<DType> resultDTypes;
  {
    OpBuilder::InsertionGuard guard(b);
    llvm::SmallVector<Location> argLocs(argTypes.size(), L);
    Block *block = b.createBlock(&placeholder.getBody(), {}, argTypes, argLocs);
    unsigned nextArg = 0;
    for (const Val &x : inputs)
      for (int64_t j = 0; j < pack; ++j)
        scalarArgs.push_back(
            x.isBlock() ? Val::tensor(block->getArgument(nextArg++), x.dtype, {}, l) : x);
    Val r = callFn(std::move(scalarArgs));
    if (!r)
      return fail();
    std::vector<Val> results = r.kind == Val::Kind::Tuple ? r.elems : std::vector<Val>{r};
    if (results.empty() || results.size() % pack != 0) {
      g.error(l, "tl.map_elementwise with pack=" + Twine(pack) + ": the function returned " +
                     Twine(results.size()) + " value" + (results.size() == 1 ? "" : "s") +
                     ", expected a positive multiple of " + Twine(pack) +
                     " (pack values of each result)");
      return fail();
    }
    llvm::SmallVector<Value> yielded;
    for (auto [i, res] : llvm::enumerate(results)) {
      Val v = res.isTensor() ? res : g.toTensor(res, l, "tl.map_elementwise's function result");
      if (!v)
        return fail();
      if (v.isBlock() || v.dtype.isPtr()) {
        g.error(l, "tl.map_elementwise's function must return scalars, but value " + Twine(i) +
                       " is " + v.typeStr());
        return fail();
      }
      // The `pack` values of one result share its type.
      if (i % pack == 0)
        resultDTypes.push_back(v.dtype);
      else if (v.dtype != resultDTypes.back()) {
        g.error(l, "tl.map_elementwise with pack=" + Twine(pack) + ": value " + Twine(i) +
                       " has dtype " + v.dtype.str() + " but the other values of its result have " +
                       resultDTypes.back().str());
        return fail();
      }
      yielded.push_back(v.value);
    }
    tile::YieldOp::create(b, L, yielded);
  }
  llvm::SmallVector<Type> resultTypes;
  for (DType dt : resultDTypes)
    resultTypes.push_back(g.mlirType(dt, shape));
  auto op = tile::MapElementwiseOp::create(b, L, resultTypes, srcs, uint32_t(pack));
  op.getBody().takeBody(placeholder.getBody());
  placeholder->erase();
  std::vector<Val> values;
  for (auto [i, dt] : llvm::enumerate(resultDTypes))
    values.push_back(Val::tensor(op.getResult(i), dt, shape, l));
  return values.size() == 1 ? values.front() : Val::tuple(std::move(values), l);
}

/// Describes the combine function for diagnostics: "combine_fn 'name'".
static std::string combineFnName(const Val &fn) {
  if (fn.kind == Val::Kind::Function)
    return "combine_fn '" + fn.fn->name + "'";
  return "combine_fn '" + fn.s + "'";
}

//===----------------------------------------------------------------------===//
// Standard reductions
//===----------------------------------------------------------------------===//

/// The dtype Triton reduces in for max/min without indices: bf16 and anything
/// narrower than 32 bits widen to fp32 / int32.
static DType maxMinDType(DType dt) {
  if (dt.kind == DType::BF16)
    return DType(DType::F32);
  if (dt.bitwidth() < 32)
    return DType(dt.isFloat() ? DType::F32 : DType::I32);
  return dt;
}

/// Triton's _pick_sum_dtype: an explicit dtype wins; otherwise integers (bool
/// included, which Triton counts as unsigned) narrower than 32 bits widen to
/// int32/uint32 of the same signedness.
static DType sumDType(DType dt) {
  if (dt.isInt() && dt.bitwidth() < 32)
    return DType(dt.isSigned() && !dt.isBool() ? DType::I32 : DType::U32);
  return dt;
}

Val ReductionEmitter::reduce(const Val &xin, const Val &axisVal, bool keepDims, StringRef kind,
                             SMLoc l) {
  Val x = g.toTensor(xin, l, "'tl." + kind.str() + "'");
  // `tl.max(a, b)` with a runtime `b` is a common slip for tl.maximum; the
  // scalar shortcut below must not hide it.
  if (axisVal.isTensor())
    return g.error(axisVal.loc,
                   "tl." + kind +
                       "'s axis must be a constexpr "
                       "int or None, got " +
                       axisVal.typeStr() +
                       (kind == "sum" ? ""
                                      : " (for the elementwise " + kind + " of two values use tl." +
                                            (kind == "max" ? "maximum" : "minimum") + ")"));
  if (!x || x.shape.empty())
    return x;
  if (x.dtype.isPtr())
    return g.error(l, "cannot reduce a tensor of pointers");
  DType dt = kind == "sum" ? sumDType(x.dtype) : maxMinDType(x.dtype);
  if (dt != x.dtype && !(x = g.cast(x, dt, l)))
    return x;
  auto body = [&](llvm::ArrayRef<Val> lhs,
                  llvm::ArrayRef<Val> rhs) -> std::optional<std::vector<Val>> {
    Val r = kind == "sum" ? g.binary(BinaryOp::Add, lhs[0], rhs[0], l)
                          : g.minMax(kind == "max", lhs[0], rhs[0], l, "tl." + kind.str());
    if (!r)
      return std::nullopt;
    return std::vector<Val>{r};
  };
  auto r = combineAlongAxis(false, {x}, axisVal, keepDims, false, body, kind,
                            "tl." + kind.str() + "'s combiner", l);
  return r ? r->front() : Val();
}

/// The combine function of Triton's max/min with indices: the larger
/// (smaller) value wins; on equal values the smaller index wins when
/// `tieBreakLeft`, else the right operand. A NaN never compares greater, so
/// where it ends up depends on the combination order, as in Triton.
std::optional<std::vector<Val>> ReductionEmitter::argMinMaxCombine(bool isMax, bool tieBreakLeft,
                                                                   llvm::ArrayRef<Val> lhs,
                                                                   llvm::ArrayRef<Val> rhs,
                                                                   SMLoc l) {
  Val wins = g.compare(isMax ? CmpOp::Gt : CmpOp::Lt, lhs[0], rhs[0], l);
  if (wins && tieBreakLeft) {
    Val same = g.compare(CmpOp::Eq, lhs[0], rhs[0], l);
    Val leftFirst = same ? g.compare(CmpOp::Lt, lhs[1], rhs[1], l) : same;
    Val tie = leftFirst ? g.logical(true, same, leftFirst, l) : leftFirst;
    wins = tie ? g.logical(false, wins, tie, l) : tie;
  }
  if (!wins)
    return std::nullopt;
  Location L = g.loc(l);
  std::vector<Val> out;
  for (int i = 0; i < 2; ++i)
    out.push_back(Val::tensor(arith::SelectOp::create(b, L, wins.value, lhs[i].value, rhs[i].value),
                              lhs[i].dtype, {}, l));
  return out;
}

/// Triton's _reduce_with_indices: reduces (x, broadcast arange) pairs.
std::optional<std::vector<Val>>
ReductionEmitter::reduceWithIndices(bool isMax, const Val &xin, const Val &axisVal,
                                    bool tieBreakLeft, bool keepDims, StringRef fname, SMLoc l) {
  Val x = blockArg(g, xin, l, fname, "input");
  if (!x)
    return std::nullopt;
  if (x.dtype.kind == DType::BF16 && !(x = g.cast(x, DType(DType::F32), l)))
    return std::nullopt;
  if (axisVal.isNone()) {
    g.error(l, "tl." + fname + " with indices needs an integer axis, got None");
    return std::nullopt;
  }
  std::optional<int64_t> axis = wrapAxis(g, axisVal, x.shape, fname, "axis");
  if (!axis)
    return std::nullopt;
  int64_t rank = int64_t(x.shape.size());
  int64_t ax = *axis;
  int64_t n = x.shape[ax];
  Value range = tile::MakeRangeOp::create(b, g.loc(l), g.mlirType(DType(DType::I32), {n}),
                                          uint32_t(0), uint32_t(n));
  Val index = Val::tensor(range, DType(DType::I32), {n}, l);
  for (int64_t d = 0; d < rank; ++d)
    if (d != ax && !(index = g.expandDims(index, d, l)))
      return std::nullopt;
  if (!(index = g.broadcastTo(index, x.shape, l, "index")))
    return std::nullopt;
  auto body = [&](llvm::ArrayRef<Val> lhs, llvm::ArrayRef<Val> rhs) {
    return argMinMaxCombine(isMax, tieBreakLeft, lhs, rhs, l);
  };
  return combineAlongAxis(false, {x, index}, Val::integer(ax, axisVal.loc), keepDims, false, body,
                          fname, "tl." + fname.str() + "'s combiner", l);
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

Val ReductionEmitter::reshape(const Val &x, llvm::ArrayRef<int64_t> shape, SMLoc l) {
  int64_t n = 1, m = 1;
  for (int64_t d : shape)
    n *= d;
  for (int64_t d : x.shape)
    m *= d;
  if (n != m)
    return g.error(l, "reshape cannot change the number of elements (" + shapeStr(x.shape) +
                          " to " + shapeStr(shape) + ")");
  if (llvm::ArrayRef<int64_t>(x.shape) == shape)
    return x;
  if (x.shape.empty())
    return g.broadcastTo(x, shape, l, "reshape");
  if (shape.empty()) {
    // A single-element tensor to a scalar (Triton's unsplat).
    Val flat = x.shape.size() == 1 ? x : reshape(x, {1}, l);
    return flat ? singleElement(flat, l) : flat;
  }
  Value r = tile::ReshapeOp::create(b, g.loc(l), g.mlirType(x.dtype, shape), x.value);
  return Val::tensor(r, x.dtype, shape, l);
}

Val ReductionEmitter::trans(const Val &x, llvm::ArrayRef<int64_t> order, SMLoc l) {
  size_t rank = x.shape.size();
  llvm::SmallVector<bool, 4> used(rank, false);
  if (order.size() != rank)
    return g.error(l, "permutation " + shapeStr(order) + " does not match rank " + Twine(rank));
  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<int32_t, 4> ord;
  for (int64_t o : order) {
    if (o < 0 || o >= int64_t(rank) || used[o])
      return g.error(l, "invalid permutation " + shapeStr(order));
    used[o] = true;
    shape.push_back(x.shape[o]);
    ord.push_back(int32_t(o));
  }
  Value r = tile::TransOp::create(b, g.loc(l), g.mlirType(x.dtype, shape), x.value, ord);
  return Val::tensor(r, x.dtype, shape, l);
}

Val ReductionEmitter::cat(const Val &x, const Val &y, int64_t dim, SMLoc l) {
  llvm::SmallVector<int64_t, 4> shape(x.shape.begin(), x.shape.end());
  shape[dim] *= 2;
  Value r =
      tile::CatOp::create(b, g.loc(l), g.mlirType(x.dtype, shape), x.value, y.value, int32_t(dim));
  return Val::tensor(r, x.dtype, shape, l);
}

/// The only element of a one-element tile as a scalar (a reduction that keeps
/// its left operand, which is how Triton extracts it too).
Val ReductionEmitter::singleElement(const Val &x, SMLoc l) {
  auto body = [](llvm::ArrayRef<Val> lhs, llvm::ArrayRef<Val>) -> std::optional<std::vector<Val>> {
    return std::vector<Val>(lhs.begin(), lhs.end());
  };
  auto r = combineAlongAxis(false, {x}, Val::integer(0, l), false, false, body, "split",
                            "the element extraction", l);
  return r ? r->front() : Val();
}

Val ReductionEmitter::join(const Val &ain, const Val &bin, SMLoc l) {
  Val x = g.toTensor(ain, l, "'tl.join'"), y = g.toTensor(bin, l, "'tl.join'");
  if (!x || !y || !g.broadcastPair(x, y, l, "tl.join"))
    return Val();
  if (x.dtype != y.dtype)
    return g.error(l, "tl.join needs two tensors of the same dtype, got " + x.dtype.str() +
                          " and " + y.dtype.str());
  // Two scalars join as 1-element tiles, then the pair is reshaped to [2] (Triton's way).
  bool scalars = x.shape.empty();
  if (scalars &&
      (!(x = g.broadcastTo(x, {1}, l, "tl.join")) || !(y = g.broadcastTo(y, {1}, l, "tl.join"))))
    return Val();
  llvm::SmallVector<int64_t, 4> shape = x.shape;
  shape.push_back(2);
  Value r = tile::JoinOp::create(b, g.loc(l), g.mlirType(x.dtype, shape), x.value, y.value);
  Val joined = Val::tensor(r, x.dtype, shape, l);
  return scalars ? reshape(joined, {2}, l) : joined;
}

std::optional<std::pair<Val, Val>> ReductionEmitter::split(const Val &ain, SMLoc l) {
  Val x = g.toTensor(ain, l, "'tl.split'");
  if (!x)
    return std::nullopt;
  if (x.shape.empty() || x.shape.back() != 2) {
    g.error(l, "tl.split needs a tensor whose last dimension has size 2, got " + x.typeStr());
    return std::nullopt;
  }
  // A [2] tile splits as [1, 2], and the halves become scalars (Triton's way).
  bool toScalars = x.shape.size() == 1;
  if (toScalars && !(x = reshape(x, {1, 2}, l)))
    return std::nullopt;
  llvm::SmallVector<int64_t, 4> shape(x.shape.begin(), x.shape.end() - 1);
  auto op = tile::SplitOp::create(b, g.loc(l), g.mlirType(x.dtype, shape),
                                  g.mlirType(x.dtype, shape), x.value);
  std::pair<Val, Val> halves = {Val::tensor(op.getLhs(), x.dtype, shape, l),
                                Val::tensor(op.getRhs(), x.dtype, shape, l)};
  if (toScalars && (!(halves.first = singleElement(halves.first, l)) ||
                    !(halves.second = singleElement(halves.second, l))))
    return std::nullopt;
  return halves;
}

/// One bitonic merge of Triton's network (tl.topk, tl.bitonic_merge), built by
/// the tile dialect's network builder that tilec-expand-sort shares.
Val ReductionEmitter::bitonicMerge(const Val &x, unsigned stage, std::optional<bool> descending,
                                   SMLoc l) {
  if (!g.fp8.rejectFP8Arithmetic(x.dtype, l, "comparison '>'"))
    return Val();
  Value r = tile::buildBitonicMerge(b, g.loc(l), x.value, stage, descending, x.dtype.isUnsigned());
  return Val::tensor(r, x.dtype, x.shape, l);
}

/// Triton's sort_impl: with n = 2^logN lanes and k = 2^logK, the first logK
/// stages of the bitonic sort leave sorted runs of k, alternately up and down;
/// each further round keeps the larger (smaller) of every two lanes k apart
/// (a max/min over that bit) and merges the halved runs again, the last round
/// in the requested order. k = 1 is a plain max/min keeping the dimension.
Val ReductionEmitter::bitonicTopK(const Val &x, int64_t k, bool descending, SMLoc l) {
  unsigned logN = llvm::Log2_64(x.shape.back());
  unsigned logK = llvm::Log2_64(k);
  StringRef pick = descending ? "max" : "min";
  int64_t lastDim = int64_t(x.shape.size()) - 1;
  if (logK == 0)
    return reduce(x, Val::integer(lastDim, l), /*keepDims=*/true, pick, l);
  auto order = [&](unsigned round) {
    return round < logN ? std::nullopt : std::optional<bool>(descending);
  };
  Val cur = x;
  for (unsigned stage = 1; stage <= logK && cur; ++stage)
    cur = bitonicMerge(cur, stage, order(stage), l);
  for (unsigned round = logK + 1; round <= logN && cur; ++round) {
    // [..., m] -> [..., m / 2k, 2, k], max/min over the 2, -> [..., m / 2].
    llvm::SmallVector<int64_t, 4> shape(x.shape.begin(), x.shape.end() - 1);
    int64_t m = cur.shape.back();
    shape.append({m / (2 * k), 2, k});
    if (!(cur = reshape(cur, shape, l)) ||
        !(cur = reduce(cur, Val::integer(lastDim + 1, l), false, pick, l)))
      return Val();
    shape.erase(shape.end() - 3, shape.end());
    shape.push_back(m / 2);
    if ((cur = reshape(cur, shape, l)))
      cur = bitonicMerge(cur, logK, order(round), l);
  }
  return cur;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// tl.dot_scaled
//===----------------------------------------------------------------------===//

/// Upcasts one tl.dot_scaled operand (`x`, with K along its last dimension)
/// of `format` ("e2m1" packs two values per uint8 along K; "e4m3", "e5m2" are
/// uint8 bit patterns; "bf16", "fp16" are values) to `to` (F16 or BF16) and
/// multiplies it by its e8m0 `scale` ([rows, K/32] uint8: 2^(s-127), 0xFF is
/// NaN) as Triton's mxfp upcast does.
static Val upcastScaled(MLIRGen &g, Val x, const Val &scale, StringRef format, DType to, SMLoc l) {
  auto I = [&](int64_t v) { return Val::integer(v, l); };
  auto B = [&](BinaryOp op, const Val &p, const Val &q) {
    return p && q ? g.binary(op, p, q, l) : Val();
  };
  auto U16 = [&](const Val &v) { return v ? g.cast(v, DType(DType::U16), l) : v; };
  auto where = [&](const Val &c, const Val &p, const Val &q) {
    return c && p && q ? g.builtins.callBuiltin("tl.where", {c, p, q}, {}, l) : Val();
  };
  bool bf16 = to.kind == DType::BF16;
  if (format == "fp16" || format == "bf16") {
    x = g.cast(x, to, l);
  } else if (format == "e4m3" || format == "e5m2") {
    if (!x || x.dtype.kind != DType::U8)
      return g.error(l, "tl.dot_scaled: a " + format + " operand must be uint8 bits, got " +
                            x.typeStr());
    bool e5 = format == "e5m2";
    Val f8 = g.cast(x, DType(e5 ? DType::F8E5 : DType::F8E4NV), l,
                    /*bitcast=*/true);
    Val up = f8 ? g.cast(f8, to, l) : f8;
    if (e5 && up) {
      // e5m2 infinities and NaNs keep their class in the wider type.
      int64_t mask8 = 0x7C, mask16 = bf16 ? 0x7F80 : 0x7C00;
      Val nonFinite = g.compare(CmpOp::Eq, B(BinaryOp::BitAnd, x, I(mask8)), I(mask8), l);
      Val bits = g.cast(up, DType(DType::U16), l, /*bitcast=*/true);
      Val widened = B(BinaryOp::BitOr, bits, I(mask16));
      widened = widened ? g.cast(widened, to, l, /*bitcast=*/true) : widened;
      up = where(nonFinite, widened, up);
    }
    x = up;
  } else if (format == "e2m1") {
    if (!x || x.dtype.kind != DType::U8)
      return g.error(l, "tl.dot_scaled: an e2m1 operand must be uint8 (two "
                        "values per byte), got " +
                            x.typeStr());
    int64_t mBits = bf16 ? 7 : 10, bias = bf16 ? 127 : 15;
    int64_t point5 = bf16 ? 16128 : 0x3800;
    Val em0 = B(BinaryOp::BitAnd, x, I(0x7));
    Val em1 = B(BinaryOp::BitAnd, x, I(0x70));
    Val x0 = B(BinaryOp::BitOr, B(BinaryOp::LShift, U16(em0), I(mBits - 1)),
               B(BinaryOp::LShift, U16(B(BinaryOp::BitAnd, x, I(0x8))), I(12)));
    Val x1 = B(BinaryOp::BitOr, B(BinaryOp::LShift, U16(em1), I(mBits - 5)),
               B(BinaryOp::LShift, U16(B(BinaryOp::BitAnd, x, I(0x80))), I(8)));
    Val biasBits = I((bias - 1) << mBits);
    Val nz0 = em0 ? g.compare(CmpOp::Ne, B(BinaryOp::BitAnd, em0, I(0x6)), I(0), l) : em0;
    Val nz1 = em1 ? g.compare(CmpOp::Ne, B(BinaryOp::BitAnd, em1, I(0x60)), I(0), l) : em1;
    x0 = where(nz0, B(BinaryOp::Add, x0, biasBits), x0);
    x1 = where(nz1, B(BinaryOp::Add, x1, biasBits), x1);
    Val half0 = em0 ? g.compare(CmpOp::Eq, em0, I(0x1), l) : em0;
    Val half1 = em1 ? g.compare(CmpOp::Eq, em1, I(0x10), l) : em1;
    x0 = where(half0, B(BinaryOp::BitOr, I(point5), B(BinaryOp::BitAnd, x0, I(0x8000))), x0);
    x1 = where(half1, B(BinaryOp::BitOr, I(point5), B(BinaryOp::BitAnd, x1, I(0x8000))), x1);
    if (!x0 || !x1)
      return Val();
    x0 = U16(x0);
    x1 = U16(x1);
    Val joined = x0 && x1 ? g.reductions.join(x0, x1, l) : Val();
    if (!joined)
      return joined;
    llvm::SmallVector<int64_t, 4> shape(x.shape.begin(), x.shape.end());
    shape.back() *= 2;
    Val inter = g.reductions.reshape(joined, shape, l);
    x = inter ? g.cast(inter, to, l, /*bitcast=*/true) : inter;
  } else {
    return g.error(l, "tl.dot_scaled: unsupported format '" + format +
                          "' (expected e2m1, e4m3, e5m2, bf16 or fp16)");
  }
  if (!x || scale.isNone())
    return x;
  Val sc = g.toTensor(scale, l, "the dot_scaled scale");
  if (!sc)
    return sc;
  if (sc.dtype.kind != DType::U8 || sc.shape.size() != 2 || x.shape.size() != 2 ||
      sc.shape[0] != x.shape[0] || sc.shape[1] * 32 != x.shape[1])
    return g.error(l, "tl.dot_scaled: the scale must be uint8 of shape [" +
                          Twine(x.shape.size() == 2 ? x.shape[0] : 0) + ", " +
                          Twine(x.shape.size() == 2 ? x.shape[1] / 32 : 0) + "], got " +
                          sc.typeStr());
  // 2^(s-127) as fp32 (s << 23), then the compute type.
  Val f32 = g.cast(B(BinaryOp::LShift, g.cast(sc, DType(DType::U32), l), I(23)), DType(DType::F32),
                   l, /*bitcast=*/true);
  Val up = f32 ? g.cast(f32, to, l) : f32;
  Val expanded = up ? g.expandDims(up, 2, l) : up;
  llvm::SmallVector<int64_t, 4> wide = {sc.shape[0], sc.shape[1], 32};
  expanded = expanded ? g.broadcastTo(expanded, wide, l, "scale") : expanded;
  Val full = expanded ? g.reductions.reshape(expanded, x.shape, l) : expanded;
  Val scaled = B(BinaryOp::Mul, x, full);
  Val isNan = g.compare(CmpOp::Eq, sc, I(0xFF), l);
  Val nanFull = isNan ? g.expandDims(isNan, 2, l) : isNan;
  nanFull = nanFull ? g.broadcastTo(nanFull, wide, l, "scale") : nanFull;
  nanFull = nanFull ? g.reductions.reshape(nanFull, x.shape, l) : nanFull;
  Val nan = Val::floating(std::numeric_limits<double>::quiet_NaN(), l);
  Val r = where(nanFull, nan, scaled);
  return r ? g.cast(r, to, l) : r;
}

/// tl.dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format,
/// acc=None, fast_math=False, lhs_k_pack=True, rhs_k_pack=True,
/// out_dtype=tl.float32): both operands upcast to fp16 (if either format is
/// fp16, else bf16) with their scales applied, then tl.dot accumulating in
/// fp32, as Triton's reference lowering.
static Val dotScaled(MLIRGen &g, llvm::ArrayRef<Val> a, SMLoc l) {
  if (a[2].kind != Val::Kind::Str || a[5].kind != Val::Kind::Str)
    return g.error(l, "tl.dot_scaled: the formats must be constexpr strings");
  for (int i : {8, 9})
    if (!a[i].isNone())
      if (std::optional<bool> packed = g.constexprTruth(a[i]); packed && !*packed)
        return g.error(a[i].loc, "tl.dot_scaled: k_pack=False is not supported");
  StringRef fa = a[2].s, fb = a[5].s;
  DType to(fa == "fp16" || fb == "fp16" ? DType::F16 : DType::BF16);
  Val lhs = g.toTensor(a[0], l, "the dot_scaled lhs");
  Val rhs = lhs ? g.toTensor(a[3], l, "the dot_scaled rhs") : lhs;
  if (!rhs)
    return rhs;
  if (lhs.shape.size() != 2 || rhs.shape.size() != 2)
    return g.error(l, "tl.dot_scaled supports 2-D operands, got " + lhs.typeStr() + " and " +
                          rhs.typeStr());
  Val x = upcastScaled(g, lhs, a[1], fa, to, l);
  // The rhs is [K, N]: upcast it as [N, K] (K last, where the scales and the
  // e2m1 packing run), then transpose back; an unscaled fp16/bf16 rhs is only
  // converted, elementwise, in place.
  Val y;
  if ((fb == "fp16" || fb == "bf16") && a[4].isNone()) {
    y = x ? upcastScaled(g, rhs, a[4], fb, to, l) : x;
  } else {
    Val rt = x ? g.reductions.trans(rhs, {1, 0}, l) : x;
    y = rt ? upcastScaled(g, rt, a[4], fb, to, l) : rt;
    y = y ? g.reductions.trans(y, {1, 0}, l) : y;
  }
  if (!y)
    return y;
  std::vector<std::pair<std::string, Val>> kwargs;
  if (!a[6].isNone())
    kwargs.push_back({"acc", a[6]});
  if (!a[10].isNone())
    kwargs.push_back({"out_dtype", a[10]});
  return g.builtins.callBuiltin("tl.dot", {x, y}, std::move(kwargs), l);
}

Val ReductionEmitter::callReductionBuiltin(StringRef name, std::vector<Val> args,
                                           std::vector<std::pair<std::string, Val>> kwargs,
                                           SMLoc l) {
  std::string qualified = ("tl." + name).str();
  Binder a{g, qualified, l, {}, {}};
  auto bind = [&](llvm::ArrayRef<StringRef> params) { return a.bind(params, args, kwargs); };
  auto single = [](std::optional<std::vector<Val>> r) { return r ? r->front() : Val(); };
  auto tuple = [&](std::optional<std::vector<Val>> r) {
    return r ? Val::tuple(std::move(*r), l) : Val();
  };

  //===--- Reductions ---===//
  if (name == "sum") {
    if (!bind({"input", "axis?", "keep_dims?", "dtype?"}))
      return Val();
    std::optional<bool> keep = constBool(g, a[2], false, "keep_dims");
    if (!keep)
      return Val();
    Val x = g.toTensor(a[0], l, "'tl.sum'");
    if (!x)
      return x;
    if (!a[3].isNone()) {
      if (a[3].kind != Val::Kind::DTypeObj)
        return g.error(a[3].loc,
                       "tl.sum's dtype must be a dtype (e.g. tl.float32), got " + a[3].typeStr());
      // An explicit dtype is the accumulation type; no further widening.
      if (!(x = g.cast(x, a[3].dtype, l)))
        return x;
      if (x.shape.empty())
        return x;
      auto body = [&](llvm::ArrayRef<Val> lhs,
                      llvm::ArrayRef<Val> rhs) -> std::optional<std::vector<Val>> {
        Val r = g.binary(BinaryOp::Add, lhs[0], rhs[0], l);
        return r ? std::optional(std::vector<Val>{r}) : std::nullopt;
      };
      return single(
          combineAlongAxis(false, {x}, a[1], *keep, false, body, name, "tl.sum's combiner", l));
    }
    return reduce(x, a[1], *keep, "sum", l);
  }
  if (name == "max" || name == "min") {
    if (!bind(
            {"input", "axis?", "return_indices?", "return_indices_tie_break_left?", "keep_dims?"}))
      return Val();
    std::optional<bool> idx = constBool(g, a[2], false, "return_indices");
    std::optional<bool> left =
        idx ? constBool(g, a[3], true, "return_indices_tie_break_left") : idx;
    std::optional<bool> keep = left ? constBool(g, a[4], false, "keep_dims") : left;
    if (!keep)
      return Val();
    if (*idx)
      return tuple(reduceWithIndices(name == "max", a[0], a[1], *left, *keep, name, l));
    return reduce(a[0], a[1], *keep, name, l);
  }
  if (name == "argmax" || name == "argmin") {
    if (!bind({"input", "axis", "tie_break_left?", "keep_dims?"}))
      return Val();
    std::optional<bool> left = constBool(g, a[2], true, "tie_break_left");
    std::optional<bool> keep = left ? constBool(g, a[3], false, "keep_dims") : left;
    if (!keep)
      return Val();
    auto r = reduceWithIndices(name == "argmax", a[0], a[1], *left, *keep, name, l);
    return r ? (*r)[1] : Val();
  }
  if (name == "xor_sum" || name == "reduce_or") {
    bool isXor = name == "xor_sum";
    // Triton's reduce_or has no default axis.
    if (!bind(isXor ? llvm::ArrayRef<StringRef>{"input", "axis?", "keep_dims?"}
                    : llvm::ArrayRef<StringRef>{"input", "axis", "keep_dims?"}))
      return Val();
    std::optional<bool> keep = constBool(g, a[2], false, "keep_dims");
    if (!keep)
      return Val();
    Val x = blockArg(g, a[0], l, name, "input");
    if (!x)
      return x;
    if (!x.dtype.isInt())
      return g.error(l, name + " only supported for integers, got " + x.typeStr());
    auto body = [&](llvm::ArrayRef<Val> lhs,
                    llvm::ArrayRef<Val> rhs) -> std::optional<std::vector<Val>> {
      Val r = g.binary(isXor ? BinaryOp::BitXor : BinaryOp::BitOr, lhs[0], rhs[0], l);
      return r ? std::optional(std::vector<Val>{r}) : std::nullopt;
    };
    return single(combineAlongAxis(false, {x}, a[1], *keep, false, body, name,
                                   "tl." + name.str() + "'s combiner", l));
  }
  if (name == "reduce" || name == "associative_scan") {
    bool isScan = name == "associative_scan";
    if (!bind(isScan ? llvm::ArrayRef<StringRef>{"input", "axis", "combine_fn", "reverse?"}
                     : llvm::ArrayRef<StringRef>{"input", "axis", "combine_fn", "keep_dims?"}))
      return Val();
    Val fn = a[2];
    if (fn.kind != Val::Kind::Function && fn.kind != Val::Kind::Builtin)
      return g.error(fn.loc,
                     "tl." + name + "'s combine_fn must be a @jit function, got " + fn.typeStr());
    std::optional<bool> flag = constBool(g, a[3], false, isScan ? "reverse" : "keep_dims");
    if (!flag)
      return Val();
    bool isTuple = a[0].kind == Val::Kind::Tuple;
    std::vector<Val> inputs = isTuple ? a[0].elems : std::vector<Val>{a[0]};
    if (inputs.empty())
      return g.error(a[0].loc, "tl." + name + " needs at least one input tensor");
    auto body = [&](llvm::ArrayRef<Val> lhs, llvm::ArrayRef<Val> rhs) {
      return callCombineFn(fn, lhs, rhs, l);
    };
    auto r = combineAlongAxis(isScan, inputs, a[1], !isScan && *flag, isScan && *flag, body, name,
                              combineFnName(fn), l);
    return isTuple ? tuple(std::move(r)) : single(std::move(r));
  }

  if (name == "map_elementwise") {
    // tl.map_elementwise(scalar_fn, *args, pack=1)
    if (args.empty())
      return g.error(l, "tl.map_elementwise needs a function and at least one input");
    int64_t pack = 1;
    for (auto &[key, value] : kwargs) {
      if (key != "pack")
        return g.error(value.loc.isValid() ? value.loc : l,
                       "tl.map_elementwise got an unexpected keyword argument '" + key + "'");
      std::optional<int64_t> p = g.getConstInt(value, "pack");
      if (!p)
        return Val();
      if (*p < 1)
        return g.error(value.loc.isValid() ? value.loc : l,
                       "tl.map_elementwise: pack must be >= 1, got " + Twine(*p));
      pack = *p;
    }
    Val fn = args.front();
    if (fn.kind != Val::Kind::Function && fn.kind != Val::Kind::Builtin)
      return g.error(fn.loc.isValid() ? fn.loc : l,
                     "tl.map_elementwise's first argument must be a @jit function, got " +
                         fn.typeStr());
    std::vector<Val> inputs(args.begin() + 1, args.end());
    if (inputs.empty())
      return g.error(l, "tl.map_elementwise needs at least one input tensor");
    return mapElementwise(fn, std::move(inputs), pack, l);
  }

  //===--- Scans ---===//
  if (name == "cumsum" || name == "cumprod") {
    bool isSum = name == "cumsum";
    if (!bind({"input", "axis?", "reverse?", "dtype?"}))
      return Val();
    std::optional<bool> rev = constBool(g, a[2], false, "reverse");
    if (!rev)
      return Val();
    Val x = blockArg(g, a[0], l, name, "input");
    if (!x)
      return x;
    DType dt = x.dtype.kind == DType::BF16 ? DType(DType::F32) : x.dtype;
    // Both widen narrow integers (Triton's _pick_sum_dtype) unless `dtype` is given.
    if (!a[3].isNone() && a[3].kind != Val::Kind::DTypeObj)
      return g.error(a[3].loc, "tl." + name + "'s dtype must be a dtype (e.g. tl.int64), got " +
                                   a[3].typeStr());
    dt = a[3].isNone() ? sumDType(dt) : a[3].dtype;
    if (dt != x.dtype && !(x = g.cast(x, dt, l)))
      return x;
    auto body = [&](llvm::ArrayRef<Val> lhs,
                    llvm::ArrayRef<Val> rhs) -> std::optional<std::vector<Val>> {
      Val r = g.binary(isSum ? BinaryOp::Add : BinaryOp::Mul, lhs[0], rhs[0], l);
      return r ? std::optional(std::vector<Val>{r}) : std::nullopt;
    };
    Val axis = a.given[1] ? a[1] : Val::integer(0, l);
    return single(combineAlongAxis(true, {x}, axis, false, *rev, body, name,
                                   "tl." + name.str() + "'s combiner", l));
  }

  //===--- Sorting and flipping ---===//
  if (name == "sort" || name == "flip") {
    bool isSort = name == "sort";
    if (!bind(isSort ? llvm::ArrayRef<StringRef>{"x", "dim?", "descending?"}
                     : llvm::ArrayRef<StringRef>{"x", "dim?"}))
      return Val();
    Val x = blockArg(g, a[0], l, name, "argument");
    if (!x)
      return x;
    int64_t rank = int64_t(x.shape.size());
    int64_t dim = rank - 1;
    if (!a[1].isNone()) {
      std::optional<int64_t> d = wrapAxis(g, a[1], x.shape, name, "dim");
      if (!d)
        return Val();
      dim = *d;
    }
    if (isSort && dim != rank - 1)
      return g.error(a[1].loc, "tl.sort only supports the last dimension (dim " + Twine(rank - 1) +
                                   " of " + shapeStr(x.shape) + "), got dim " + Twine(dim));
    if (!llvm::isPowerOf2_64(x.shape[dim]))
      return g.error(l, "tl." + name + " needs a power-of-two size along dimension " + Twine(dim) +
                            ", got " + Twine(x.shape[dim]) + " in " + shapeStr(x.shape));
    if (!isSort)
      return Val::tensor(tile::FlipOp::create(b, g.loc(l), x.value, int32_t(dim)), x.dtype, x.shape,
                         l);
    std::optional<bool> desc = constBool(g, a[2], false, "descending");
    // The network compares with '>', which fp8 (storage only) does not have.
    if (!desc || !g.fp8.rejectFP8Arithmetic(x.dtype, l, "comparison '>'"))
      return Val();
    Value r = tile::SortOp::create(b, g.loc(l), x.value, *desc, x.dtype.isUnsigned());
    return Val::tensor(r, x.dtype, x.shape, l);
  }

  if (name == "topk" || name == "bitonic_merge") {
    // Triton's sort_impl / bitonic_merge: `dim` (default the last) must be the
    // last dimension as given, not counted from the end.
    bool isTopK = name == "topk";
    if (!bind(isTopK ? llvm::ArrayRef<StringRef>{"x", "k", "dim?", "descending?"}
                     : llvm::ArrayRef<StringRef>{"x", "dim?", "descending?"}))
      return Val();
    const Val &dimArg = a[isTopK ? 2 : 1], &descArg = a[isTopK ? 3 : 2];
    Val x = blockArg(g, a[0], l, name, "argument");
    if (!x)
      return x;
    int64_t last = int64_t(x.shape.size()) - 1;
    if (!dimArg.isNone()) {
      std::optional<int64_t> d = g.getConstInt(dimArg, "dim");
      if (!d)
        return Val();
      if (*d != last)
        return g.error(dimArg.loc, "tl." + name + " only supports the last dimension (dim " +
                                       Twine(last) + " of " + shapeStr(x.shape) + "), got dim " +
                                       Twine(*d));
    }
    int64_t n = x.shape.back();
    if (!llvm::isPowerOf2_64(n))
      return g.error(l, "tl." + name + " needs a power-of-two last dimension, got " + x.typeStr());
    if (!isTopK) {
      // Triton's order is the constexpr 0 (ascending) or 1 (descending).
      std::optional<int64_t> desc = descArg.isNone() ? 0 : g.getConstInt(descArg, "descending");
      if (!desc)
        return Val();
      if (*desc != 0 && *desc != 1)
        return g.error(descArg.loc,
                       "tl.bitonic_merge's descending must be 0, 1 or a bool, got " + Twine(*desc));
      return bitonicMerge(x, llvm::Log2_64(n), *desc == 1, l);
    }
    std::optional<bool> desc = constBool(g, descArg, true, "descending");
    std::optional<int64_t> k = desc ? g.getConstInt(a[1], "k") : std::nullopt;
    if (!k)
      return Val();
    std::string bad = *k <= 0                    ? "greater than 0"
                      : !llvm::isPowerOf2_64(*k) ? "a power of two"
                      : *k > n ? "at most the size of the last dimension, " + std::to_string(n)
                               : "";
    if (!bad.empty())
      return g.error(a[1].loc, "tl.topk: k must be " + bad + ", got " + Twine(*k));
    return bitonicTopK(x, *k, *desc, l);
  }

  //===--- Squeezing ---===//
  if (name == "squeeze" || name == "unsqueeze") {
    // Triton's squeeze/unsqueeze: reshapes removing or inserting one length-1
    // dimension; `dim` counts from the end when negative.
    bool isSqueeze = name == "squeeze";
    if (!bind({"x", "dim"}))
      return Val();
    Val x = g.toTensor(a[0], l, "'tl." + name.str() + "'");
    if (!x)
      return x;
    llvm::SmallVector<int64_t, 4> shape(x.shape.begin(), x.shape.end());
    int64_t rank = int64_t(shape.size()) + (isSqueeze ? 0 : 1);
    std::optional<int64_t> d = g.getConstInt(a[1], "dim");
    if (!d)
      return Val();
    if (*d < -rank || *d >= rank)
      return g.error(a[1].loc, "tl." + name + ": dim " + Twine(*d) + " is out of range for " +
                                   x.typeStr() + " (expected " + Twine(-rank) + " <= dim < " +
                                   Twine(rank) + ")");
    int64_t dim = *d < 0 ? *d + rank : *d;
    if (!isSqueeze) {
      shape.insert(shape.begin() + dim, 1);
    } else if (shape[dim] != 1) {
      return g.error(a[1].loc, "tl.squeeze: dimension " + Twine(dim) + " of " + x.typeStr() +
                                   " has size " + Twine(shape[dim]) + ", not 1");
    } else {
      shape.erase(shape.begin() + dim);
    }
    return reshape(x, shape, l);
  }

  //===--- Joining and splitting ---===//
  if (name == "join") {
    if (!bind({"a", "b"}))
      return Val();
    return join(a[0], a[1], l);
  }
  if (name == "split") {
    if (!bind({"a"}))
      return Val();
    auto halves = split(a[0], l);
    return halves ? Val::tuple({halves->first, halves->second}, l) : Val();
  }
  if (name == "interleave") {
    if (!bind({"a", "b"}))
      return Val();
    Val c = join(a[0], a[1], l);
    if (!c || c.shape.size() == 1)
      return c;
    llvm::SmallVector<int64_t, 4> shape(c.shape.begin(), c.shape.end() - 2);
    shape.push_back(2 * c.shape[c.shape.size() - 2]);
    return reshape(c, shape, l);
  }
  if (name == "cat") {
    if (!bind({"input", "other", "can_reorder?", "dim?"}))
      return Val();
    std::optional<bool> reorder = constBool(g, a[2], false, "can_reorder");
    if (!reorder)
      return Val();
    if (!*reorder) {
      // Triton 3.9's deterministic cat: tensors of one shape, concatenated along
      // `dim` (default 0) as join + permute (the new minor dimension moved in
      // front of `dim`) + reshape.
      Val x = blockArg(g, a[0], l, name, "input");
      Val y = x ? blockArg(g, a[1], l, name, "other") : x;
      if (!y)
        return y;
      if (x.shape != y.shape)
        return g.error(l, "tl.cat requires tensors of the same shape, got " + x.typeStr() +
                              " and " + y.typeStr());
      int64_t dim = 0;
      if (!a[3].isNone()) {
        std::optional<int64_t> d = wrapAxis(g, a[3], x.shape, name, "dim");
        if (!d)
          return Val();
        dim = *d;
      }
      if (x.dtype != y.dtype)
        return g.error(l, "tl.join needs two tensors of the same dtype, got " + x.dtype.str() +
                              " and " + y.dtype.str());
      return cat(x, y, dim, l);
    }
    Val x = blockArg(g, a[0], l, name, "input");
    Val y = x ? blockArg(g, a[1], l, name, "other") : x;
    if (!y)
      return y;
    if (x.shape.size() != 1 || y.shape.size() != 1)
      return g.error(l, "tl.cat only concatenates 1-D tensors, got " + x.typeStr() + " and " +
                            y.typeStr());
    if (x.dtype != y.dtype)
      return g.error(l, "tl.cat needs two tensors of the same dtype, got " + x.dtype.str() +
                            " and " + y.dtype.str());
    int64_t n = x.shape[0] + y.shape[0];
    if (!llvm::isPowerOf2_64(n))
      return g.error(l, "tl.cat result size must be a power of 2, got " + Twine(x.shape[0]) +
                            " + " + Twine(y.shape[0]) + " = " + Twine(n));
    // Both are powers of two: of one size.
    return cat(x, y, 0, l);
  }
  if (name == "ravel") {
    if (!bind({"x"}))
      return Val();
    Val x = g.toTensor(a[0], l, "'tl.ravel'");
    if (!x || x.shape.empty())
      return x;
    return reshape(x, {numElements(x.shape)}, l);
  }

  //===--- Histogram and index swizzling ---===//
  if (name == "histogram") {
    if (!bind({"input", "num_bins", "mask?"}))
      return Val();
    Val x = blockArg(g, a[0], l, name, "input");
    if (!x)
      return x;
    if (x.shape.size() != 1)
      return g.error(l, "tl.histogram only supports 1-D input, got " + x.typeStr());
    if (!x.dtype.isInt())
      return g.error(l, "tl.histogram only supports integer input, got " + x.typeStr());
    std::optional<int64_t> bins = g.getConstInt(a[1], "num_bins");
    if (!bins)
      return Val();
    if (*bins <= 0 || !llvm::isPowerOf2_64(*bins))
      return g.error(a[1].loc, "tl.histogram's num_bins must be a power of 2, got " + Twine(*bins));
    if (*bins > kMaxTileElements)
      return g.error(a[1].loc, "tl.histogram's num_bins (" + Twine(*bins) +
                                   ") exceeds the maximum tile size (" + Twine(kMaxTileElements) +
                                   " elements, as in Triton)");
    int64_t numBins = *bins;
    Val mask;
    if (!a[2].isNone()) {
      mask = g.toTensor(a[2], a[2].loc, "mask");
      if (!mask || !(mask = g.broadcastTo(mask, x.shape, a[2].loc, "mask")))
        return Val();
      if (!mask.dtype.isBool())
        return g.error(a[2].loc, "Mask must have boolean scalar type, got " + mask.typeStr());
    }
    // tile.histogram reads its input as signed: bools and narrow unsigned
    // values whose top bit may fall within [0, num_bins) are zero-extended
    // to i32 first (other values with the top bit set are out of range
    // either way).
    unsigned bits = x.dtype.bitwidth();
    if ((x.dtype.isBool() ||
         (x.dtype.isUnsigned() && bits < 32 && numBins > (int64_t(1) << (bits - 1)))) &&
        !(x = g.cast(x, DType(DType::I32), l)))
      return x;
    Value h = tile::HistogramOp::create(b, g.loc(l), g.mlirType(DType(DType::I32), {numBins}),
                                        x.value, mask ? mask.value : Value());
    return Val::tensor(h, DType(DType::I32), {numBins}, l);
  }
  if (name == "dot_scaled") {
    if (!bind({"lhs", "lhs_scale", "lhs_format", "rhs", "rhs_scale", "rhs_format", "acc?",
               "fast_math?", "lhs_k_pack?", "rhs_k_pack?", "out_dtype?"}))
      return Val();
    return dotScaled(g, a.out, l);
  }
  if (name == "swizzle2d") {
    if (!bind({"i", "j", "size_i", "size_j", "size_g"}))
      return Val();
    // Row-major (i, j) of a size_i x size_j grid, renumbered so that groups of
    // size_g rows are walked column by column (the last group may be shorter).
    const Val &i = a[0], &j = a[1], &sizeI = a[2], &sizeJ = a[3], &sizeG = a[4];
    Val linear = g.binary(BinaryOp::Add, g.binary(BinaryOp::Mul, i, sizeJ, l), j, l);
    Val groupSpan = g.binary(BinaryOp::Mul, sizeG, sizeJ, l);
    Val group = g.binary(BinaryOp::FloorDiv, linear, groupSpan, l);
    Val firstRow = g.binary(BinaryOp::Mul, group, sizeG, l);
    Val rows = g.minMax(false, g.binary(BinaryOp::Sub, sizeI, firstRow, l), sizeG, l, "tl.minimum");
    // Indices within the group: (linear % groupSpan) % rows, not linear % rows,
    // which differ in a shorter last group (Triton's tl.swizzle2d).
    Val inGroup = g.binary(BinaryOp::Mod, linear, groupSpan, l);
    Val newI = g.binary(BinaryOp::Add, firstRow, g.binary(BinaryOp::Mod, inGroup, rows, l), l);
    Val newJ = g.binary(BinaryOp::FloorDiv, inGroup, rows, l);
    if (!newI || !newJ)
      return Val();
    return Val::tuple({newI, newJ}, l);
  }
  return g.error(l, "unsupported function 'tl." + name + "'");
}
