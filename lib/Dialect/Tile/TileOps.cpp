//===- TileOps.cpp - Verifiers, folders and builders of tile ops -----------===//
#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Dialect/Tile/FP8.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec::tile;

/// Prints a shape as `[4, 8]` for diagnostics.
static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::interleave(
      shape, [&](int64_t d) { s += std::to_string(d); }, [&] { s += ", "; });
  return s + "]";
}

//===----------------------------------------------------------------------===//
// MakeRangeOp
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStart(), end = getEnd();
  auto type = getResult().getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a 1-D tile, got rank ") << type.getRank();
  if (end <= start)
    return emitOpError("end (") << end << ") must be greater than start (" << start << ")";
  int64_t length = end - start;
  if (!llvm::isPowerOf2_64(length))
    return emitOpError("range length ") << length << " must be a power of two";
  if (type.getDimSize(0) != length)
    return emitOpError("result has ") << type.getDimSize(0)
                                      << " elements but the range has " << length;
  return success();
}

//===----------------------------------------------------------------------===//
// SplatOp
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  auto type = getResult().getType();
  if (!isa<IntegerType, FloatType>(type.getElementType()))
    return {};
  if (auto attr = dyn_cast_or_null<TypedAttr>(adaptor.getSrc()))
    if (isa<IntegerAttr, FloatAttr>(attr))
      return SplatElementsAttr::get(type, attr);
  return {};
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  if (src.getRank() != dst.getRank())
    return emitOpError("source rank ") << src.getRank() << " differs from result rank "
                                       << dst.getRank();
  for (auto [i, s, d] : llvm::enumerate(src.getShape(), dst.getShape()))
    if (s != d && s != 1)
      return emitOpError("cannot broadcast dimension ")
             << i << " of shape " << shapeString(src.getShape()) << " to "
             << shapeString(dst.getShape());
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getResult().getType())
    return getSrc();
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getSrc()))
    return splat.resizeSplat(getResult().getType());
  return {};
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

LogicalResult ExpandDimsOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis > src.getRank())
    return emitOpError("axis ") << axis << " is out of range for a rank-" << src.getRank()
                                << " tile";
  SmallVector<int64_t> expected(src.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (dst.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("expected result shape ") << shapeString(expected) << ", got "
                                                 << shapeString(dst.getShape());
  return success();
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  if (src.getNumElements() != dst.getNumElements())
    return emitOpError("cannot reshape ")
           << shapeString(src.getShape()) << " (" << src.getNumElements()
           << " elements) to " << shapeString(dst.getShape()) << " ("
           << dst.getNumElements() << " elements)";
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getResult().getType())
    return getSrc();
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getSrc()))
    return splat.resizeSplat(getResult().getType());
  return {};
}

//===----------------------------------------------------------------------===//
// TransOp
//===----------------------------------------------------------------------===//

LogicalResult TransOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  ArrayRef<int32_t> order = getOrder();
  if (static_cast<int64_t>(order.size()) != src.getRank())
    return emitOpError("order has ") << order.size() << " entries but the tile has rank "
                                     << src.getRank();
  SmallVector<bool> seen(order.size(), false);
  SmallVector<int64_t> expected;
  for (int32_t d : order) {
    if (d < 0 || d >= src.getRank() || seen[d])
      return emitOpError("order must be a permutation of [0, ") << src.getRank() << ")";
    seen[d] = true;
    expected.push_back(src.getDimSize(d));
  }
  if (dst.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("expected result shape ") << shapeString(expected) << ", got "
                                                 << shapeString(dst.getShape());
  return success();
}

//===----------------------------------------------------------------------===//
// JoinOp, SplitOp, CatOp, FlipOp (ElementPermutationOpInterface)
//===----------------------------------------------------------------------===//

/// Checks that `actual` is `expected` (shapes of a permutation op's tiles).
static LogicalResult expectShape(Operation *op, StringRef what, ArrayRef<int64_t> expected,
                                 ArrayRef<int64_t> actual) {
  if (actual == expected)
    return success();
  return op->emitOpError("expected ")
         << what << " shape " << shapeString(expected) << ", got " << shapeString(actual);
}

/// Checks that `dim` is a dimension of a tile of `rank`.
static LogicalResult expectDim(Operation *op, int64_t dim, int64_t rank) {
  if (dim < rank)
    return success();
  return op->emitOpError("dim ") << dim << " is out of range for a rank-" << rank << " tile";
}

LogicalResult JoinOp::verify() {
  auto src = getLhs().getType();
  if (src.getRank() == 0)
    return emitOpError("joins tiles of rank 1 or more (scalars as 1-element tiles)");
  SmallVector<int64_t> expected(src.getShape());
  expected.push_back(2);
  return expectShape(*this, "result", expected, getResult().getType().getShape());
}

SmallVector<int64_t> JoinOp::getSourcePositions(unsigned) {
  int64_t n = getLhs().getType().getNumElements();
  SmallVector<int64_t> positions;
  for (int64_t i = 0; i < 2 * n; ++i)
    positions.push_back(i / 2 + (i % 2) * n);
  return positions;
}

LogicalResult SplitOp::verify() {
  auto src = getSrc().getType();
  if (src.getRank() < 2 || src.getShape().back() != 2)
    return emitOpError("needs a tile of rank 2 or more whose last dimension has size 2, got ")
           << shapeString(src.getShape());
  return expectShape(*this, "result", src.getShape().drop_back(), getLhs().getType().getShape());
}

SmallVector<int64_t> SplitOp::getSourcePositions(unsigned result) {
  SmallVector<int64_t> positions;
  for (int64_t i = 0, e = getLhs().getType().getNumElements(); i < e; ++i)
    positions.push_back(2 * i + result);
  return positions;
}

LogicalResult CatOp::verify() {
  auto src = getLhs().getType();
  if (failed(expectDim(*this, getDim(), src.getRank())))
    return failure();
  SmallVector<int64_t> expected(src.getShape());
  expected[getDim()] *= 2;
  return expectShape(*this, "result", expected, getResult().getType().getShape());
}

SmallVector<int64_t> CatOp::getSourcePositions(unsigned) {
  auto src = getLhs().getType();
  int64_t n = src.getNumElements();
  // Per index of the dimensions before `dim`, a block of the lhs, then one of the rhs.
  int64_t block = 1;
  for (int64_t d = getDim(); d < src.getRank(); ++d)
    block *= src.getDimSize(d);
  SmallVector<int64_t> positions;
  for (int64_t i = 0; i < 2 * n; ++i) {
    int64_t outer = i / (2 * block), half = (i / block) % 2;
    positions.push_back(half * n + outer * block + i % block);
  }
  return positions;
}

LogicalResult FlipOp::verify() {
  auto type = getSrc().getType();
  if (failed(expectDim(*this, getDim(), type.getRank())))
    return failure();
  if (!llvm::isPowerOf2_64(type.getDimSize(getDim())))
    return emitOpError("needs a power-of-two size along dim ")
           << getDim() << ", got " << shapeString(type.getShape());
  return success();
}

SmallVector<int64_t> FlipOp::getSourcePositions(unsigned) {
  auto type = getSrc().getType();
  int64_t stride = 1;
  for (int64_t d = getDim() + 1; d < type.getRank(); ++d)
    stride *= type.getDimSize(d);
  int64_t size = type.getDimSize(getDim());
  SmallVector<int64_t> positions;
  for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
    int64_t at = (i / stride) % size;
    positions.push_back(i + (size - 1 - 2 * at) * stride);
  }
  return positions;
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

void tilec::tile::dropHints(Operation *root) {
  root->walk([](HintOp hint) {
    hint.getResult().replaceAllUsesWith(hint.getSrc());
    hint.erase();
  });
}

bool tilec::tile::isDotInputPrecision(StringRef precision) {
  return llvm::is_contained({"ieee", "tf32", "tf32x3", "bf16x3", "bf16x6"}, precision);
}

StringRef tilec::tile::dotInputPrecisionList() {
  return "\"ieee\", \"tf32\", \"tf32x3\", \"bf16x3\", \"bf16x6\"";
}

bool tilec::tile::isPureElementwise(Operation *op) {
  return op->getNumResults() == 1 && op->getNumRegions() == 0 &&
         isa<RankedTensorType>(op->getResult(0).getType()) &&
         isa_and_nonnull<arith::ArithDialect, math::MathDialect>(op->getDialect()) && isPure(op);
}

SmallVector<Value> tilec::tile::inlineBlock(OpBuilder &builder, Block &body, ValueRange args) {
  IRMapping mapping;
  mapping.map(body.getArguments().take_front(args.size()), args);
  for (Operation &op : body.without_terminator())
    builder.clone(op, mapping);
  return llvm::map_to_vector(body.getTerminator()->getOperands(),
                             [&](Value v) { return mapping.lookupOrDefault(v); });
}

bool tilec::tile::usedOnlyThrough(Value value, function_ref<bool(OpOperand &)> atUse,
                                  function_ref<bool(Operation *)> through) {
  return llvm::all_of(value.getUses(), [&](OpOperand &use) {
    Operation *user = use.getOwner();
    return atUse(use) || (through(user) && usedOnlyThrough(user->getResult(0), atUse, through));
  });
}

LogicalResult HintOp::verify() {
  Type type = getSrc().getType();
  Type elem = getElementTypeOrSelf(type);
  if (!isa<IntegerType, PointerType>(elem))
    return emitOpError("expects integers or pointers (a scalar or a tile), got ") << type;
  auto tile = dyn_cast<RankedTensorType>(type);
  size_t entries = tile ? std::max<int64_t>(1, tile.getRank()) : 1;
  std::pair<StringRef, std::optional<ArrayRef<int64_t>>> hints[] = {
      {"divisibility", getDivisibility()},
      {"contiguity", getContiguity()},
      {"constancy", getConstancy()}};
  if (!llvm::any_of(hints, [](auto &hint) { return hint.second.has_value(); }))
    return emitOpError("expects at least one of divisibility, contiguity and constancy");
  for (auto &[name, values] : hints) {
    if (!values)
      continue;
    if (values->size() != entries)
      return emitOpError() << name << " has " << values->size() << " entries; " << type
                           << " needs " << entries;
    if (llvm::any_of(*values, [](int64_t v) { return v < 1; }))
      return emitOpError() << name << " entries must be at least 1";
  }
  return success();
}

LogicalResult AddPtrOp::verify() {
  Type ptrType = getPtr().getType();
  Type offType = getOffset().getType();
  auto ptrTile = dyn_cast<RankedTensorType>(ptrType);
  auto offTile = dyn_cast<RankedTensorType>(offType);
  if (!ptrTile && offTile)
    return emitOpError("a scalar pointer cannot be offset by a tile; splat the pointer first");
  if (ptrTile && offTile && ptrTile.getShape() != offTile.getShape())
    return emitOpError("offset shape ") << shapeString(offTile.getShape())
                                        << " does not match pointer shape "
                                        << shapeString(ptrTile.getShape());
  if (ptrTile && !offTile)
    return emitOpError("a tile of pointers needs a tile of offsets; splat the offset first");
  return success();
}

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (matchPattern(adaptor.getOffset(), m_Zero()))
    return getPtr();
  return {};
}

//===----------------------------------------------------------------------===//
// Pointer casts
//===----------------------------------------------------------------------===//

/// A pointer cast keeps its operand's layout: only the element type changes.
static LogicalResult verifyPointerCast(Operation *op) {
  if (getEncoding(op->getOperand(0).getType()) != getEncoding(op->getResult(0).getType()))
    return op->emitOpError("result layout differs from the operand's");
  return success();
}

LogicalResult IntToPtrOp::verify() { return verifyPointerCast(*this); }
LogicalResult PtrToIntOp::verify() { return verifyPointerCast(*this); }
LogicalResult PtrCastOp::verify() { return verifyPointerCast(*this); }

OpFoldResult PtrCastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // A cast of a cast reads the first one's operand.
  if (auto inner = getSrc().getDefiningOp<PtrCastOp>()) {
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// LoadOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr, Value mask,
                   Value other) {
  build(builder, state, getPointeeLikeType(ptr.getType()), ptr, mask, other);
}

LogicalResult LoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError("'other' requires a mask");
  return success();
}

//===----------------------------------------------------------------------===//
// StoreOp
//===----------------------------------------------------------------------===//

LogicalResult StoreOp::verify() {
  if (getEvictLast() && (getNontemporal() || getStreamMinPrograms()))
    return emitOpError("'evict_last' (keep cached) conflicts with streaming");
  std::optional<int64_t> minPrograms = getStreamMinPrograms();
  if (!minPrograms)
    return success();
  if (getNontemporal())
    return emitOpError("'stream_min_programs' conflicts with 'nontemporal' (always streaming)");
  if (*minPrograms < 1)
    return emitOpError("'stream_min_programs' must be at least 1, got ") << *minPrograms;
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp and ScanOp
//===----------------------------------------------------------------------===//

/// Checks what tile.reduce and tile.scan share: sources of one shape, an axis
/// in range, one result per source, and a combiner taking two scalars of each
/// source's element type and yielding one. `resultType(elem)` is the type the
/// result of a source with element type `elem` must have.
static LogicalResult
verifyCombinerOp(Operation *op, OperandRange srcs, int64_t axis, Region &combiner,
                 llvm::function_ref<Type(RankedTensorType)> resultType) {
  if (srcs.empty())
    return op->emitOpError("needs at least one source");
  auto first = cast<RankedTensorType>(srcs.front().getType());
  if (axis < 0 || axis >= first.getRank())
    return op->emitOpError("axis ") << axis << " is out of range for a rank-" << first.getRank()
                                    << " tile";
  if (op->getNumResults() != srcs.size())
    return op->emitOpError("has ") << srcs.size() << " sources but " << op->getNumResults()
                                   << " results";
  Block &body = combiner.front();
  if (body.getNumArguments() != 2 * srcs.size())
    return op->emitOpError("combiner must take ")
           << 2 * srcs.size() << " arguments, got " << body.getNumArguments();
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield || yield.getValues().size() != srcs.size())
    return op->emitOpError("combiner must yield ") << srcs.size() << " values";
  for (auto [i, src] : llvm::enumerate(srcs)) {
    auto type = cast<RankedTensorType>(src.getType());
    if (type.getShape() != first.getShape() || type.getEncoding() != first.getEncoding())
      return op->emitOpError("all sources must have the same shape");
    Type elem = type.getElementType();
    if (body.getArgument(i).getType() != elem ||
        body.getArgument(i + srcs.size()).getType() != elem)
      return op->emitOpError("combiner arguments for source ") << i << " must have type " << elem;
    if (yield.getValues()[i].getType() != elem)
      return op->emitOpError("combiner must yield ") << elem << " for source " << i;
    Type expected = resultType(type);
    // Layout encodings may differ (a reduction's result is a slice layout).
    Type actual = op->getResult(i).getType();
    if (auto tensor = dyn_cast<RankedTensorType>(actual))
      actual = RankedTensorType::get(tensor.getShape(), tensor.getElementType());
    if (actual != expected)
      return op->emitOpError("result ") << i << " must have type " << expected << ", got "
                                        << op->getResult(i).getType();
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  int64_t axis = getAxis();
  return verifyCombinerOp(getOperation(), getSrcs(), axis, getCombiner(),
                          [&](RankedTensorType src) -> Type {
                            SmallVector<int64_t> reduced(src.getShape());
                            reduced.erase(reduced.begin() + axis);
                            if (reduced.empty())
                              return src.getElementType();
                            return RankedTensorType::get(reduced, src.getElementType());
                          });
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombinerOp(getOperation(), getSrcs(), getAxis(), getCombiner(),
                          [](RankedTensorType src) -> Type {
                            return RankedTensorType::get(src.getShape(), src.getElementType());
                          });
}

//===----------------------------------------------------------------------===//
// MapElementwiseOp
//===----------------------------------------------------------------------===//

LogicalResult MapElementwiseOp::verifyRegions() {
  OperandRange srcs = getSrcs();
  if (srcs.empty())
    return emitOpError("needs at least one source");
  auto first = cast<RankedTensorType>(srcs.front().getType());
  for (Value src : srcs) {
    auto type = cast<RankedTensorType>(src.getType());
    if (type.getShape() != first.getShape() || type.getEncoding() != first.getEncoding())
      return emitOpError("all sources must have the same shape and layout, got ")
             << first << " and " << type;
  }
  unsigned pack = getPack();
  Block &body = getBody().front();
  if (body.getNumArguments() != pack * srcs.size())
    return emitOpError("body must take ")
           << pack * srcs.size() << " arguments (pack " << pack << " x " << srcs.size()
           << " sources), got " << body.getNumArguments();
  for (auto [i, src] : llvm::enumerate(srcs)) {
    Type elem = cast<RankedTensorType>(src.getType()).getElementType();
    for (unsigned j = 0; j < pack; ++j)
      if (body.getArgument(i * pack + j).getType() != elem)
        return emitOpError("body argument ") << i * pack + j << " must have type " << elem
                                             << " (the element type of source " << i << ")";
  }
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield || yield.getValues().size() != pack * getNumResults())
    return emitOpError("body must yield ") << pack * getNumResults() << " values (pack " << pack
                                           << " x " << getNumResults() << " results)";
  for (auto [i, result] : llvm::enumerate(getResults())) {
    auto type = cast<RankedTensorType>(result.getType());
    if (type.getShape() != first.getShape() || type.getEncoding() != first.getEncoding())
      return emitOpError("result ")
             << i << " must have the sources' shape and layout, got " << type;
    for (unsigned j = 0; j < pack; ++j)
      if (yield.getValues()[i * pack + j].getType() != type.getElementType())
        return emitOpError("body must yield ")
               << type.getElementType() << " for element " << j << " of result " << i;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ShuffleOp
//===----------------------------------------------------------------------===//

LogicalResult ShuffleOp::verify() {
  auto numElements = [](Value v) { return cast<RankedTensorType>(v.getType()).getNumElements(); };
  int64_t available = numElements(getLhs()) + numElements(getRhs());
  ArrayRef<int64_t> indices = getIndices();
  int64_t count = numElements(getResult());
  if (static_cast<int64_t>(indices.size()) != count)
    return emitOpError("has ") << indices.size() << " indices but the result has " << count
                               << " elements";
  for (int64_t index : indices)
    if (index < 0 || index >= available)
      return emitOpError("index ") << index << " is out of range for " << available
                                   << " source elements";
  return success();
}

SmallVector<int64_t> ShuffleOp::getSourcePositions(unsigned) {
  return SmallVector<int64_t>(getIndices());
}

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getAcc().getType());
  int64_t rank = a.getRank();
  if ((rank != 2 && rank != 3) || b.getRank() != rank || c.getRank() != rank)
    return emitOpError("operands must all be 2-D or all be 3-D (batched) tiles");
  if (a.getElementType() != b.getElementType())
    return emitOpError("operand element types differ: ")
           << a.getElementType() << " and " << b.getElementType();
  ArrayRef<int64_t> as = a.getShape(), bs = b.getShape(), cs = c.getShape();
  int64_t off = rank - 2;
  if (as[off + 1] != bs[off])
    return emitOpError("reduction dimensions differ: ")
           << shapeString(as) << " * " << shapeString(bs);
  if (cs[off] != as[off] || cs[off + 1] != bs[off + 1] ||
      (rank == 3 && (as[0] != bs[0] || as[0] != cs[0])))
    return emitOpError("accumulator shape ")
           << shapeString(cs) << " does not match " << shapeString(as) << " * "
           << shapeString(bs);
  if (getIsAsync()) {
    auto mma = dyn_cast_or_null<MmaEncodingAttr>(c.getEncoding());
    if (!mma || mma.getVersion() != 3)
      return emitOpError("is_async needs a version-3 #tile.mma accumulator (warpgroup MMA), got ")
             << c;
  }
  if (getAFp8() || getBFp8()) {
    if (!getAFp8() || !getBFp8())
      return emitOpError("fp8 operands need both a_fp8 and b_fp8");
    for (StringRef format : {*getAFp8(), *getBFp8()})
      if (!FP8Format::byName(format))
        return emitOpError("unknown fp8 format \"")
               << format
               << "\" (expected \"fp8e5\", \"fp8e4nv\", \"fp8e4b15\", \"fp8e4b8\" or "
                  "\"fp8e5b16\")";
    if (!a.getElementType().isInteger(8))
      return emitOpError("fp8 operands must be i8 tiles, got ") << a.getElementType();
    if (!c.getElementType().isF32())
      return emitOpError("fp8 operands need an f32 accumulator, got ") << c.getElementType();
    if (getInputPrecision())
      return emitOpError("input_precision applies to f32 operands, not to fp8 ones");
    return success();
  }
  bool floatA = isa<FloatType>(a.getElementType());
  bool floatC = isa<FloatType>(c.getElementType());
  if (floatA != floatC)
    return emitOpError("accumulator type ")
           << c.getElementType() << " is incompatible with operand type "
           << a.getElementType();
  if (auto prec = getInputPrecision())
    if (!isDotInputPrecision(*prec))
      return emitOpError("input_precision must be one of ")
             << dotInputPrecisionList() << ", got \"" << *prec << "\"";
  return success();
}

//===----------------------------------------------------------------------===//
// DotWaitOp
//===----------------------------------------------------------------------===//

LogicalResult DotWaitOp::inferReturnTypes(MLIRContext *, std::optional<Location>, Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  llvm::append_range(types, adaptor.getInputs().getTypes());
  return success();
}

LogicalResult DotWaitOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one accumulator to wait for");
  for (Type type : getInputs().getTypes()) {
    auto mma = dyn_cast_or_null<MmaEncodingAttr>(cast<RankedTensorType>(type).getEncoding());
    if (!mma || mma.getVersion() != 3)
      return emitOpError("waits for warpgroup MMA accumulators (a version-3 #tile.mma layout), "
                         "got ")
             << type;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// AtomicRMWOp, AtomicCASOp
//===----------------------------------------------------------------------===//

/// Whether `kind` applies to elements of type `elem` (tile.atomic_rmw and
/// tile.descriptor_atomic).
static LogicalResult verifyAtomicElements(Operation *op, AtomicRMWKind kind, Type elem) {
  unsigned width = elem.getIntOrFloatBitWidth();
  switch (kind) {
  case AtomicRMWKind::fadd:
  case AtomicRMWKind::fmax:
  case AtomicRMWKind::fmin:
    if (!isa<FloatType>(elem))
      return op->emitOpError("'") << stringifyAtomicRMWKind(kind)
                                  << "' needs floating-point elements, got " << elem;
    if (kind != AtomicRMWKind::fadd && width != 32 && width != 64)
      return op->emitOpError("'") << stringifyAtomicRMWKind(kind)
                                  << "' needs 32- or 64-bit floats, got " << elem;
    break;
  case AtomicRMWKind::xchg:
    break;
  default:
    if (!elem.isInteger())
      return op->emitOpError("'") << stringifyAtomicRMWKind(kind)
                                  << "' needs integer elements, got " << elem;
  }
  if (elem.isInteger() ? (width != 32 && width != 64) : width < 16)
    return op->emitOpError("needs 32- or 64-bit integers or 16- to 64-bit floats, got ") << elem;
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  return verifyAtomicElements(*this, getKind(), getElementTypeOrSelf(getValue().getType()));
}

LogicalResult AtomicCASOp::verify() {
  unsigned width = getElementTypeOrSelf(getValue().getType()).getIntOrFloatBitWidth();
  if (width != 16 && width != 32 && width != 64)
    return emitOpError("elements must be 16, 32 or 64 bits wide, got ")
           << getElementTypeOrSelf(getValue().getType());
  return success();
}

LogicalResult AtomicLoadOp::verify() {
  if (getSem() != MemSemantic::acquire && getSem() != MemSemantic::relaxed)
    return emitOpError("orders as acquire or relaxed, got ") << stringifyMemSemantic(getSem());
  return success();
}

LogicalResult AtomicStoreOp::verify() {
  if (getSem() != MemSemantic::release && getSem() != MemSemantic::relaxed)
    return emitOpError("orders as release or relaxed, got ") << stringifyMemSemantic(getSem());
  return success();
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto index = cast<RankedTensorType>(getIndex().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  int64_t rank = src.getRank(), axis = getAxis();
  if (index.getRank() != rank)
    return emitOpError("index rank ") << index.getRank() << " differs from source rank " << rank;
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " is out of range for rank " << rank;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && index.getDimSize(d) != src.getDimSize(d))
      return emitOpError("index shape ") << shapeString(index.getShape())
                                         << " differs from source shape "
                                         << shapeString(src.getShape()) << " outside axis " << axis;
  if (result.getShape() != index.getShape() || result.getElementType() != src.getElementType())
    return emitOpError("result type ") << result << " must have the index's shape and the "
                                       << "source's element type";
  return success();
}

//===----------------------------------------------------------------------===//
// HistogramOp
//===----------------------------------------------------------------------===//

LogicalResult HistogramOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (input.getRank() != 1)
    return emitOpError("input must be a 1-D tile, got ") << input;
  if (Value mask = getMask()) {
    auto maskType = cast<RankedTensorType>(mask.getType());
    if (maskType.getShape() != input.getShape())
      return emitOpError("mask shape ")
             << shapeString(maskType.getShape()) << " differs from the input's "
             << shapeString(input.getShape());
    if (maskType.getEncoding() != input.getEncoding())
      return emitOpError("mask layout differs from the input's (")
             << maskType << " and " << input << ")";
  }
  if (result.getRank() != 1)
    return emitOpError("result must be a 1-D tile of bins, got ") << result;
  if (!llvm::isPowerOf2_64(result.getDimSize(0)))
    return emitOpError("number of bins ") << result.getDimSize(0) << " must be a power of two";
  for (Attribute encoding : {input.getEncoding(), result.getEncoding()})
    if (encoding && !isDistributedEncoding(encoding))
      return emitOpError("expects distributed (blocked, slice, mma, dot_operand) encodings, got ")
             << encoding;
  return success();
}

//===----------------------------------------------------------------------===//
// SortOp
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verify() {
  auto type = cast<RankedTensorType>(getInput().getType());
  if (type.getRank() == 0)
    return emitOpError("input must have at least one dimension, got ") << type;
  int64_t size = type.getShape().back();
  if (ShapedType::isDynamic(size) || !llvm::isPowerOf2_64(size))
    return emitOpError("sorted (last) dimension must be a power of two, got ")
           << shapeString(type.getShape());
  if (getIsUnsigned() && !isa<IntegerType>(type.getElementType()))
    return emitOpError("'unsigned' needs integer elements, got ") << type.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

/// One index per block dimension (`what`: "offsets", "shape", ...).
static LogicalResult verifyPerDimension(Operation *op, StringRef what, size_t count, size_t rank) {
  if (count != rank)
    return op->emitOpError("expects ")
           << rank << " " << what << " (one per block dimension), got " << count;
  return success();
}

/// `boundary_check` lists dimensions of the block, in increasing order.
static LogicalResult verifyBoundaryCheck(Operation *op, ArrayRef<int32_t> dims, size_t rank) {
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (dim < 0 || size_t(dim) >= rank)
      return op->emitOpError("boundary_check dimension ")
             << dim << " is out of range for a block of rank " << rank;
    if (i > 0 && dim <= dims[i - 1])
      return op->emitOpError("boundary_check dimensions must be increasing, got [")
             << llvm::make_range(dims.begin(), dims.end()) << "]";
  }
  return success();
}

LogicalResult MakeBlockPtrOp::verify() {
  size_t rank = getResult().getType().getShape().size();
  if (failed(verifyPerDimension(*this, "sizes", getShape().size(), rank)))
    return failure();
  ArrayRef<int32_t> order = getOrder();
  llvm::SmallVector<int32_t> sorted(order);
  llvm::sort(sorted);
  bool permutation = sorted.size() == rank;
  for (auto [i, dim] : llvm::enumerate(sorted))
    permutation &= dim == int32_t(i);
  if (!permutation)
    return emitOpError("order must be a permutation of the ")
           << rank << " block dimensions, got [" << llvm::make_range(order.begin(), order.end())
           << "]";
  return success();
}

LogicalResult AdvanceOp::verify() {
  return verifyPerDimension(*this, "offsets", getOffsets().size(),
                            getPtr().getType().getShape().size());
}

LogicalResult BlockLoadOp::verify() {
  BlockPtrType type = getPtr().getType();
  if (failed(verifyBoundaryCheck(*this, getBoundaryCheck(), type.getShape().size())))
    return failure();
  if (getPadding() == PaddingOption::nan && !isa<FloatType>(type.getElementType()))
    return emitOpError("padding nan needs float elements, got ") << type.getElementType();
  return success();
}

LogicalResult BlockStoreOp::verify() {
  return verifyBoundaryCheck(*this, getBoundaryCheck(), getPtr().getType().getShape().size());
}

LogicalResult MakeTensorDescOp::verify() {
  TensorDescType type = getResult().getType();
  if (failed(verifyPerDimension(*this, "sizes", getShape().size(), type.getShape().size())))
    return failure();
  // Triton's rule for TMA: at least 16 bytes in the block's last dimension.
  Type elem = type.getElementType();
  int64_t bytes = type.getShape().back() *
                  int64_t(isa<PointerType>(elem) ? 8 : elem.getIntOrFloatBitWidth() / 8);
  if (bytes < 16)
    return emitOpError("descriptor block shape must have at least 16 bytes in the last "
                       "dimension, got ")
           << bytes;
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyPerDimension(*this, "offsets", getOffsets().size(),
                            getDesc().getType().getShape().size());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyPerDimension(*this, "offsets", getOffsets().size(),
                            getDesc().getType().getShape().size());
}

LogicalResult DescriptorAtomicOp::verify() {
  TensorDescType type = getDesc().getType();
  if (failed(verifyPerDimension(*this, "offsets", getOffsets().size(), type.getShape().size())))
    return failure();
  if (llvm::is_contained({AtomicRMWKind::xchg, AtomicRMWKind::fmax, AtomicRMWKind::fmin},
                         getKind()))
    return emitOpError("'") << stringifyAtomicRMWKind(getKind())
                            << "' is not a descriptor reduction (add, fadd, max, umax, min, "
                               "umin, and, or, xor)";
  return verifyAtomicElements(*this, getKind(), type.getElementType());
}

//===----------------------------------------------------------------------===//
// BarrierOp
//===----------------------------------------------------------------------===//

LogicalResult BarrierOp::verify() {
  // A combiner runs per element pair, not once per program.
  if ((*this)->getParentOfType<ReduceOp>() || (*this)->getParentOfType<ScanOp>())
    return emitOpError("cannot be inside a reduce or scan combiner");
  return success();
}

#include "Tile/TileEnums.cpp.inc"
#include "Tile/TileInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// PrintOp
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getValues().size())
    return emitOpError("has ") << getValues().size() << " values but "
                               << getIsSigned().size() << " is_signed entries";
  if (auto shapes = getShapes()) {
    if (shapes->size() != getValues().size())
      return emitOpError("has ") << getValues().size() << " values but "
                                 << shapes->size() << " shapes";
    if (!llvm::all_of(*shapes, [](Attribute a) { return isa<DenseI64ArrayAttr>(a); }))
      return emitOpError("shapes must be i64 arrays");
  }
  return success();
}

#define GET_OP_CLASSES
#include "Tile/TileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  if (src.getShape() != dst.getShape())
    return emitOpError("source shape ") << shapeString(src.getShape())
                                        << " differs from result shape "
                                        << shapeString(dst.getShape());
  for (Attribute encoding : {src.getEncoding(), dst.getEncoding()})
    if (encoding && !isDistributedEncoding(encoding))
      return emitOpError("expects distributed (blocked, slice, mma, dot_operand) encodings, got ")
             << encoding;
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getResult().getType())
    return getSrc();
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getSrc()))
    return splat.resizeSplat(getResult().getType());
  return {};
}

//===----------------------------------------------------------------------===//
// Shared memory and asynchronous copies
//===----------------------------------------------------------------------===//

LogicalResult LocalAllocOp::verify() {
  if (getResult().getType().getShape().size() != 3)
    return emitOpError("allocates stages of 2-D tiles (a rank-3 buffer), got rank ")
           << getResult().getType().getShape().size();
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), result = getResult().getType();
  if (src.getShape().drop_front() != result.getShape() ||
      src.getElementType() != result.getElementType() ||
      src.getEncoding() != result.getEncoding())
    return emitOpError("result must be ") << "the source without its first dimension, got "
                                          << result << " from " << src;
  return success();
}

LogicalResult AsyncCopyOp::verify() {
  auto ptrType = cast<RankedTensorType>(getPtr().getType());
  MemDescType dst = getDst().getType();
  if (ptrType.getShape() != dst.getShape())
    return emitOpError("pointer tile shape ")
           << shapeString(ptrType.getShape()) << " differs from the buffer's "
           << shapeString(dst.getShape());
  // The copy moves bytes: the buffer may hold another type of the same width
  // (a tile loaded as i16 and read as bf16).
  Type pointee = cast<PointerType>(ptrType.getElementType()).getPointeeType();
  Type elem = dst.getElementType();
  if (pointee != elem && (!pointee.isIntOrFloat() || !elem.isIntOrFloat() ||
                          pointee.getIntOrFloatBitWidth() != elem.getIntOrFloatBitWidth()))
    return emitOpError("copies ") << pointee << " elements into a buffer of " << elem
                                  << ", whose elements have a different bit width";
  if (Value mask = getMask())
    if (cast<RankedTensorType>(mask.getType()).getShape() != ptrType.getShape())
      return emitOpError("mask shape differs from the pointer tile's");
  return success();
}

//===----------------------------------------------------------------------===//
// Copy-engine (TMA) loads and mbarriers
//===----------------------------------------------------------------------===//

LogicalResult DescriptorBlockOp::verify() {
  auto type = cast<RankedTensorType>(getSrc().getType());
  size_t rank = type.getRank();
  if (getSizes().size() != rank || getStrides().size() != rank || getOffsets().size() != rank)
    return emitOpError("needs one size, stride and offset per dimension of the ")
           << rank << "-D block, got " << getSizes().size() << ", " << getStrides().size()
           << " and " << getOffsets().size();
  if (cast<PointerType>(getBase().getType()).getPointeeType() != type.getElementType())
    return emitOpError("base points to ") << cast<PointerType>(getBase().getType()).getPointeeType()
                                          << ", not the block's " << type.getElementType();
  return success();
}

LogicalResult MakeTensorMapOp::verify() {
  TensorMapType map = getResult().getType();
  if (getSizes().size() != 2 || getStrides().size() != 2)
    return emitOpError("describes a 2-D tensor: 2 sizes and 2 strides, got ")
           << getSizes().size() << " and " << getStrides().size();
  if (cast<PointerType>(getBase().getType()).getPointeeType() != map.getElementType())
    return emitOpError("base points to ") << cast<PointerType>(getBase().getType()).getPointeeType()
                                          << ", the map copies " << map.getElementType();
  return success();
}

/// Checks that `barrier` is one mbarrier: a 1x1 i64 shared-memory tile.
static LogicalResult verifyBarrier(Operation *op, MemDescType barrier) {
  if (barrier.getShape() != ArrayRef<int64_t>{1, 1} || !barrier.getElementType().isInteger(64))
    return op->emitOpError("barrier must be a 1x1 i64 shared-memory tile, got ") << barrier;
  return success();
}

LogicalResult AsyncTMALoadOp::verify() {
  TensorMapType map = getMap().getType();
  MemDescType dst = getDst().getType();
  if (getOffsets().size() != 2)
    return emitOpError("needs 2 offsets (rows, columns), got ") << getOffsets().size();
  auto shared = cast<SharedEncodingAttr>(dst.getEncoding());
  ArrayRef<int64_t> box = map.getShape();
  if (dst.getShape().size() != 2 || dst.getShape()[0] != box[0] ||
      dst.getShape()[1] % box[1] != 0 ||
      dst.getElementType().getIntOrFloatBitWidth() !=
          map.getElementType().getIntOrFloatBitWidth() ||
      shared.getOrder()[0] != 1 || shared.getPad() != 0 ||
      int64_t(shared.getSwizzleBytes()) != map.getSwizzle() ||
      (!map.getSwizzle() && dst.getShape()[1] != box[1]))
    return emitOpError("copies boxes of ")
           << map << " side by side into a row-major, unpadded tile of as many rows, whole boxes "
           << "of columns and the same swizzle and element width, got " << dst;
  return verifyBarrier(*this, getBarrier().getType());
}

LogicalResult MBarrierInitOp::verify() { return verifyBarrier(*this, getBarrier().getType()); }
LogicalResult MBarrierArriveOp::verify() { return verifyBarrier(*this, getBarrier().getType()); }
LogicalResult MBarrierWaitOp::verify() { return verifyBarrier(*this, getBarrier().getType()); }
LogicalResult MBarrierInvalOp::verify() { return verifyBarrier(*this, getBarrier().getType()); }

LogicalResult LocalStoreOp::verify() {
  MemDescType dst = getDst().getType();
  auto value = cast<RankedTensorType>(getValue().getType());
  if (dst.getShape() != value.getShape() || dst.getElementType() != value.getElementType())
    return emitOpError("value ") << value << " does not match the buffer " << dst;
  return success();
}

LogicalResult LocalLoadOp::verify() {
  MemDescType src = getSrc().getType();
  auto result = cast<RankedTensorType>(getResult().getType());
  if (src.getShape() != result.getShape() || src.getElementType() != result.getElementType())
    return emitOpError("result ") << result << " does not match the buffer " << src;
  return success();
}
