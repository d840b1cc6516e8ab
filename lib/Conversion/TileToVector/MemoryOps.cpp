//===- MemoryOps.cpp - tile.addptr/load/store -> LLVM memory ops ----------===//
//
// Tiles of pointers become vectors of `!llvm.ptr`: loads and stores are masked
// gathers and scatters, except when the original IR proves a 1-D tile of
// pointers contiguous (`addptr(splat(base), make_range + uniform offset)`);
// then one (masked) vector load/store from `base + start` is emitted. Tiles
// whose rows are proven unit-stride (e.g. `base + rows[:, None] * stride +
// cols[None, :]`) are accessed with one vector load/store per row.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

//===----------------------------------------------------------------------===//
// Contiguity analysis (on the original, unconverted IR)
//===----------------------------------------------------------------------===//

/// A 1-D tile of integers (or pointer offsets) of the form
/// `constant + sum(terms) + (isRange ? [0, 1, ..., N-1] : 0)`.
struct AffineTile {
  bool isRange = false;
  int64_t constant = 0;
  /// Original scalar integer values added to every element.
  SmallVector<Value> terms;

  /// Adds `other` to this; fails when both are ranges (stride 2).
  bool add(const AffineTile &other) {
    if (isRange && other.isRange)
      return false;
    isRange |= other.isRange;
    constant += other.constant;
    terms.append(other.terms);
    return true;
  }
};

constexpr int kMaxAnalysisDepth = 32;

/// Marks tile.load/tile.store ops whose pointer rows are unit-stride.
constexpr llvm::StringLiteral kContiguousRowsAttr = "tilec.contiguous_rows";

/// Matches an offset tile built from make_range, splats, splat constants,
/// arith.addi and arith.extsi.
std::optional<AffineTile> analyzeOffsets(Value v, int depth = 0) {
  Operation *def = v.getDefiningOp();
  if (!def || depth > kMaxAnalysisDepth)
    return std::nullopt;
  if (auto range = dyn_cast<tile::MakeRangeOp>(def))
    return AffineTile{true, range.getStart(), {}};
  if (auto splat = dyn_cast<tile::SplatOp>(def))
    return AffineTile{false, 0, {splat.getSrc()}};
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
    if (!splat || !splat.getElementType().isInteger())
      return std::nullopt;
    return AffineTile{false, splat.getSplatValue<APInt>().getSExtValue(), {}};
  }
  if (auto ext = dyn_cast<arith::ExtSIOp>(def))
    return analyzeOffsets(ext.getIn(), depth + 1);
  if (auto add = dyn_cast<arith::AddIOp>(def)) {
    std::optional<AffineTile> lhs = analyzeOffsets(add.getLhs(), depth + 1);
    std::optional<AffineTile> rhs = analyzeOffsets(add.getRhs(), depth + 1);
    if (!lhs || !rhs || !lhs->add(*rhs))
      return std::nullopt;
    return lhs;
  }
  return std::nullopt;
}

/// A 1-D tile of pointers `base + offsets`.
struct PointerTile {
  /// Original scalar `!tile.ptr` value.
  Value base;
  AffineTile offsets;
};

/// Matches `addptr(...addptr(splat(base), off0)..., offN)` with affine offsets.
std::optional<PointerTile> analyzePointers(Value v, int depth = 0) {
  Operation *def = v.getDefiningOp();
  if (!def || depth > kMaxAnalysisDepth)
    return std::nullopt;
  if (auto splat = dyn_cast<tile::SplatOp>(def))
    return PointerTile{splat.getSrc(), {}};
  if (auto addptr = dyn_cast<tile::AddPtrOp>(def)) {
    std::optional<PointerTile> ptrs = analyzePointers(addptr.getPtr(), depth + 1);
    std::optional<AffineTile> offsets = analyzeOffsets(addptr.getOffset(), depth + 1);
    if (!ptrs || !offsets || !ptrs->offsets.add(*offsets))
      return std::nullopt;
    return ptrs;
  }
  return std::nullopt;
}

/// If the 1-D tile of pointers `ptrs` (original IR) is contiguous with stride
/// one element of `elemType`, emits and returns the scalar address of its first
/// element; otherwise returns null.
Value getContiguousBase(Value ptrs, Type elemType, ConversionPatternRewriter &rewriter,
                        Location loc) {
  auto tileType = dyn_cast<RankedTensorType>(ptrs.getType());
  if (!tileType || tileType.getRank() != 1 || !elemType.isIntOrFloat() ||
      elemType.getIntOrFloatBitWidth() % 8 != 0)
    return {};
  std::optional<PointerTile> match = analyzePointers(ptrs);
  if (!match || !match->offsets.isRange)
    return {};
  Value base = rewriter.getRemappedValue(match->base);
  if (!base || !isa<LLVM::LLVMPointerType>(base.getType()))
    return {};
  SmallVector<Value> terms;
  for (Value term : match->offsets.terms) {
    Value v = rewriter.getRemappedValue(term);
    if (!v || !v.getType().isSignlessInteger() || v.getType().getIntOrFloatBitWidth() > 64)
      return {};
    terms.push_back(v);
  }
  Type i64 = rewriter.getI64Type();
  Value offset;
  for (Value v : terms) {
    if (v.getType() != i64)
      v = arith::ExtSIOp::create(rewriter, loc, i64, v);
    offset = offset ? arith::AddIOp::create(rewriter, loc, offset, v).getResult() : v;
  }
  if (int64_t c = match->offsets.constant) {
    Value cst = arith::ConstantOp::create(rewriter, loc, rewriter.getI64IntegerAttr(c));
    offset = offset ? arith::AddIOp::create(rewriter, loc, offset, cst).getResult() : cst;
  }
  if (!offset)
    return base;
  return LLVM::GEPOp::create(rewriter, loc, base.getType(), elemType, base, ValueRange{offset});
}

/// A stride `coeff * scale` (just `coeff` when `scale` is null), `scale` being
/// an original scalar integer value such as a runtime stride argument.
struct Stride {
  int64_t coeff = 0;
  Value scale;

  static Stride of(int64_t coeff, Value scale = {}) {
    return coeff == 0 ? Stride{} : Stride{coeff, scale};
  }
  bool operator==(const Stride &other) const {
    return coeff == other.coeff && scale == other.scale;
  }
  bool isZero() const { return coeff == 0; }
};

/// Sum (or difference) of two strides; unknown when the scales differ.
std::optional<Stride> addStrides(Stride lhs, Stride rhs, bool subtract) {
  if (subtract)
    rhs.coeff = -rhs.coeff;
  if (lhs.isZero())
    return rhs;
  if (rhs.isZero())
    return lhs;
  if (lhs.scale != rhs.scale)
    return std::nullopt;
  return Stride::of(lhs.coeff + rhs.coeff, lhs.scale);
}

/// Loop-carried values assumed to have a given stride while their loop body
/// is analyzed.
using StrideAssumptions = llvm::SmallDenseMap<Value, Stride, 4>;

std::optional<Stride> lastDimStride(Value v, StrideAssumptions &assumed, int depth);

/// Stride of the `i`-th value carried by `forOp`: the stride of its initial
/// value if the yielded value keeps it (e.g. `p += BLOCK * stride`).
std::optional<Stride> loopCarriedStride(scf::ForOp forOp, unsigned i, StrideAssumptions &assumed,
                                        int depth) {
  Value arg = forOp.getRegionIterArgs()[i];
  if (auto it = assumed.find(arg); it != assumed.end())
    return it->second;
  std::optional<Stride> init = lastDimStride(forOp.getInitArgs()[i], assumed, depth + 1);
  if (!init)
    return std::nullopt;
  assumed[arg] = *init;
  std::optional<Stride> next = lastDimStride(forOp.getYieldedValues()[i], assumed, depth + 1);
  assumed.erase(arg);
  return next == init ? init : std::nullopt;
}

/// A row-uniform factor of a product as a stride multiplier: a splat integer
/// constant or a splatted scalar.
std::optional<Stride> uniformFactor(Value factor) {
  if (auto constant = factor.getDefiningOp<arith::ConstantOp>()) {
    auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
    if (!splat || !splat.getElementType().isInteger())
      return std::nullopt;
    return Stride::of(splat.getSplatValue<APInt>().getSExtValue());
  }
  if (auto splat = factor.getDefiningOp<tile::SplatOp>()) {
    // A constant scalar (e.g. a stride argument specialized to 1).
    APInt value;
    if (matchPattern(splat.getSrc(), m_ConstantInt(&value)))
      return Stride::of(value.getSExtValue());
    return Stride{1, splat.getSrc()};
  }
  return std::nullopt;
}

/// Stride along the last dimension of a tile of integers or pointers (original
/// IR): returns s when v[..., j] == v[..., 0] + s * j for every row, proven
/// structurally (through scf.for iter_args too); std::nullopt when unknown.
std::optional<Stride> lastDimStride(Value v, StrideAssumptions &assumed, int depth) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || type.getRank() == 0 || depth > kMaxAnalysisDepth)
    return std::nullopt;
  if (type.getShape().back() == 1)
    return Stride{};
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto forOp = dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!forOp || arg.getArgNumber() < forOp.getNumInductionVars())
      return std::nullopt;
    return loopCarriedStride(forOp, arg.getArgNumber() - forOp.getNumInductionVars(), assumed,
                             depth);
  }
  Operation *def = v.getDefiningOp();
  if (auto forOp = dyn_cast<scf::ForOp>(def))
    return loopCarriedStride(forOp, cast<OpResult>(v).getResultNumber(), assumed, depth);
  auto recurse = [&](Value operand) { return lastDimStride(operand, assumed, depth + 1); };
  if (isa<tile::SplatOp>(def))
    return Stride{};
  if (isa<tile::MakeRangeOp>(def))
    return Stride::of(1);
  if (auto constant = dyn_cast<arith::ConstantOp>(def))
    return isa<SplatElementsAttr>(constant.getValue()) ? std::optional<Stride>(Stride{})
                                                       : std::nullopt;
  if (isa<arith::ExtSIOp>(def))
    return recurse(def->getOperand(0));
  if (isa<arith::AddIOp, arith::SubIOp, tile::AddPtrOp>(def)) {
    std::optional<Stride> lhs = recurse(def->getOperand(0));
    std::optional<Stride> rhs = recurse(def->getOperand(1));
    if (!lhs || !rhs)
      return std::nullopt;
    return addStrides(*lhs, *rhs, isa<arith::SubIOp>(def));
  }
  if (isa<arith::MulIOp>(def)) {
    std::optional<Stride> lhs = recurse(def->getOperand(0));
    std::optional<Stride> rhs = recurse(def->getOperand(1));
    if (!lhs || !rhs)
      return std::nullopt;
    if (lhs->isZero() && rhs->isZero())
      return Stride{};
    // (row-uniform factor) * (affine in j): the factor must be a constant, or
    // a scalar multiplying a constant stride.
    for (auto [factor, other] :
         {std::make_pair(def->getOperand(0), *rhs), std::make_pair(def->getOperand(1), *lhs)}) {
      if (!(factor == def->getOperand(0) ? lhs : rhs)->isZero())
        continue;
      std::optional<Stride> f = uniformFactor(factor);
      if (!f)
        continue;
      if (!f->scale)
        return Stride::of(f->coeff * other.coeff, other.scale);
      if (!other.scale)
        return Stride::of(other.coeff, f->scale);
    }
    return std::nullopt;
  }
  if (auto broadcast = dyn_cast<tile::BroadcastOp>(def)) {
    // A size-1 last dimension broadcast along the row: constant rows.
    auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
    if (srcType.getShape().back() == 1)
      return Stride{};
    return recurse(broadcast.getSrc());
  }
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(def))
    return recurse(expand.getSrc());
  if (auto reshape = dyn_cast<tile::ReshapeOp>(def)) {
    // Rows of the result must be pieces of rows of the source.
    auto srcType = cast<RankedTensorType>(reshape.getSrc().getType());
    if (srcType.getShape().back() % type.getShape().back() != 0)
      return std::nullopt;
    return recurse(reshape.getSrc());
  }
  if (auto trans = dyn_cast<tile::TransOp>(def)) {
    if (trans.getOrder().back() != type.getRank() - 1)
      return std::nullopt;
    return recurse(trans.getSrc());
  }
  return std::nullopt;
}

/// The stride of the rows of a tile of pointers (original IR) with elements of
/// `elemType`, when they may be accessed with one vector access per row: rows
/// of at least two byte-sized elements and a known stride.
std::optional<Stride> getRowStride(Value ptrs, Type elemType) {
  auto type = dyn_cast<RankedTensorType>(ptrs.getType());
  if (!type || type.getRank() == 0 || type.getShape().back() < 2 || !elemType.isIntOrFloat() ||
      elemType.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  StrideAssumptions assumed;
  return lastDimStride(ptrs, assumed, 0);
}

/// Whether `op` (a tile.load or tile.store) was marked by
/// annotateContiguousAccesses or its rows are provably unit-stride now.
bool accessesContiguousRows(Operation *op, Value ptrs, Type elemType) {
  if (op->hasAttr(kContiguousRowsAttr))
    return true;
  return getRowStride(ptrs, elemType) == Stride::of(1);
}

/// `size` consecutive elements of `v` from `offset` (a shuffle).
Value sliceOf(OpBuilder &b, Location loc, Value v, int64_t offset, int64_t size) {
  return shuffleOne(b, loc, v, llvm::to_vector(llvm::seq<int64_t>(offset, offset + size)));
}

/// Whether element `i` of the 1-D or [M, 1] integer tile `v` (original IR)
/// can be computed as a scalar from its factors (see elementOf).
bool hasScalarElements(Value v, int depth = 0) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  Operation *def = v.getDefiningOp();
  if (!type || !def || depth > kMaxAnalysisDepth || !type.getElementType().isIntOrIndex() ||
      type.getRank() > 2 || (type.getRank() == 2 && type.getShape()[1] != 1))
    return false;
  if (isa<tile::MakeRangeOp, tile::SplatOp>(def))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(def))
    return isa<SplatElementsAttr>(constant.getValue());
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(def))
    return expand.getAxis() == 1 && hasScalarElements(expand.getSrc(), depth + 1);
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp>(def))
    return hasScalarElements(def->getOperand(0), depth + 1);
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp, arith::CmpIOp>(
          def))
    return hasScalarElements(def->getOperand(0), depth + 1) &&
           hasScalarElements(def->getOperand(1), depth + 1);
  return false;
}

/// Element `i` of the 1-D or [M, 1] integer tile `v` (original IR) as a
/// scalar. When hasScalarElements(v), it is computed from the tile's factors
/// (make_range: start + i; splats; addi/subi/muli/andi/ori/cmpi/extsi/extui/
/// trunci of such; expand_dims to [M, 1]), so a loop over rows never spills
/// the whole tile to extract one lane at a dynamic position; otherwise it is
/// a vector.extract of the converted tile.
Value elementOf(Value v, OpFoldResult i, ConversionPatternRewriter &b, Location loc,
                int depth = 0) {
  if (depth == 0 && !hasScalarElements(v)) {
    Value converted = b.getRemappedValue(v);
    if (!converted)
      return Value();
    auto vecType = cast<VectorType>(converted.getType());
    if (vecType.getRank() != 1) // An [M, 1] tile is a flat vector of M lanes.
      return Value();
    return vector::ExtractOp::create(b, loc, converted, ArrayRef<OpFoldResult>{i}).getResult();
  }
  Operation *def = v.getDefiningOp();
  Type elem = cast<RankedTensorType>(v.getType()).getElementType();
  if (auto range = dyn_cast<tile::MakeRangeOp>(def)) {
    Value index =
        isa<Value>(i)
            ? cast<Value>(i)
            : arith::ConstantIndexOp::create(b, loc, cast<IntegerAttr>(cast<Attribute>(i)).getInt())
                  .getResult();
    Value lane = arith::IndexCastOp::create(b, loc, elem, index);
    if (range.getStart() == 0)
      return lane;
    return arith::AddIOp::create(
        b, loc, lane, arith::ConstantOp::create(b, loc, b.getIntegerAttr(elem, range.getStart())));
  }
  if (auto splat = dyn_cast<tile::SplatOp>(def))
    return b.getRemappedValue(splat.getSrc());
  if (auto constant = dyn_cast<arith::ConstantOp>(def))
    return arith::ConstantOp::create(
        b, loc,
        b.getIntegerAttr(elem,
                         cast<SplatElementsAttr>(constant.getValue()).getSplatValue<APInt>()));
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(def))
    return elementOf(expand.getSrc(), i, b, loc, depth + 1);
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp>(def)) {
    Value in = elementOf(def->getOperand(0), i, b, loc, depth + 1);
    if (isa<arith::ExtSIOp>(def))
      return arith::ExtSIOp::create(b, loc, elem, in);
    if (isa<arith::ExtUIOp>(def))
      return arith::ExtUIOp::create(b, loc, elem, in);
    return arith::TruncIOp::create(b, loc, elem, in);
  }
  Value lhs = elementOf(def->getOperand(0), i, b, loc, depth + 1);
  Value rhs = elementOf(def->getOperand(1), i, b, loc, depth + 1);
  if (auto cmp = dyn_cast<arith::CmpIOp>(def))
    return arith::CmpIOp::create(b, loc, cmp.getPredicate(), lhs, rhs);
  if (isa<arith::AddIOp>(def))
    return arith::AddIOp::create(b, loc, lhs, rhs);
  if (isa<arith::SubIOp>(def))
    return arith::SubIOp::create(b, loc, lhs, rhs);
  if (isa<arith::MulIOp>(def))
    return arith::MulIOp::create(b, loc, lhs, rhs);
  if (isa<arith::AndIOp>(def))
    return arith::AndIOp::create(b, loc, lhs, rhs);
  return arith::OrIOp::create(b, loc, lhs, rhs);
}

/// Row `row` (n lanes) of the 2-D i1 tile `mask` (original IR) when `mask` is
/// built from per-row and per-column factors: `andi`/`ori` of broadcasts of an
/// [M, 1] column (its element `row`, splat), of a [1, N] row (used as is),
/// splats and splat constants — e.g. `(rows[:, None] < M) & (cols[None, :] < K)`.
/// Then no M*N-lane mask has to be built and sliced per row. With `b` null
/// only checks the form (success with a null value); fails on other forms.
FailureOr<Value> buildRowMask(Value mask, OpFoldResult row, int64_t n,
                              ConversionPatternRewriter *b, Location loc, int depth = 0) {
  auto type = dyn_cast<RankedTensorType>(mask.getType());
  Operation *def = mask.getDefiningOp();
  if (!type || type.getRank() != 2 || !def || depth > kMaxAnalysisDepth)
    return failure();
  auto rowType = VectorType::get({n}, type.getElementType());
  if (isa<arith::AndIOp, arith::OrIOp>(def)) {
    FailureOr<Value> lhs = buildRowMask(def->getOperand(0), row, n, b, loc, depth + 1);
    FailureOr<Value> rhs = buildRowMask(def->getOperand(1), row, n, b, loc, depth + 1);
    if (failed(lhs) || failed(rhs))
      return failure();
    if (!b)
      return Value();
    if (isa<arith::AndIOp>(def))
      return arith::AndIOp::create(*b, loc, *lhs, *rhs).getResult();
    return arith::OrIOp::create(*b, loc, *lhs, *rhs).getResult();
  }
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
    if (!splat)
      return failure();
    if (!b)
      return Value();
    return arith::ConstantOp::create(*b, loc, rowType, splat.resizeSplat(rowType)).getResult();
  }
  Value scalar;
  if (auto splat = dyn_cast<tile::SplatOp>(def)) {
    if (!b)
      return Value();
    scalar = b->getRemappedValue(splat.getSrc());
  } else if (auto broadcast = dyn_cast<tile::BroadcastOp>(def)) {
    ArrayRef<int64_t> srcShape = cast<RankedTensorType>(broadcast.getSrc().getType()).getShape();
    if (srcShape[1] != 1 && srcShape[0] != 1)
      return failure();
    if (!b)
      return Value();
    if (srcShape[1] != 1) { // A [1, N] row: every row of the mask.
      Value src = b->getRemappedValue(broadcast.getSrc());
      if (!src)
        return failure();
      return src;
    }
    OpFoldResult position = srcShape[0] == 1 ? OpFoldResult(b->getIndexAttr(0)) : row;
    scalar = elementOf(broadcast.getSrc(), position, *b, loc);
  } else {
    return failure();
  }
  if (!scalar)
    return failure();
  return vector::BroadcastOp::create(*b, loc, rowType, scalar).getResult();
}

/// Yields the masks of the rows of a 2-D access with `n`-lane rows: built
/// from the mask's row and column factors when it has that form (see
/// buildRowMask), else slices of the converted mask.
class RowMasks {
public:
  RowMasks(Value originalMask, Value mask, int64_t n, ConversionPatternRewriter &rewriter,
           Location loc)
      : originalMask(originalMask), mask(mask), n(n), rewriter(rewriter), loc(loc),
        factored(mask && succeeded(buildRowMask(originalMask, rewriter.getIndexAttr(0), n,
                                                nullptr, loc))) {}

  /// The mask of row `row`.
  Value get(int64_t row) {
    if (factored)
      return *buildRowMask(originalMask, rewriter.getIndexAttr(row), n, &rewriter, loc);
    return sliceOf(rewriter, loc, mask, row * n, n);
  }

  /// Whether the row masks are built from factors (then get(Value) works).
  bool isFactored() const { return factored; }

  /// The mask of the row with the (index) number `row`; needs isFactored().
  Value get(Value row) { return *buildRowMask(originalMask, row, n, &rewriter, loc); }

private:
  Value originalMask, mask;
  int64_t n;
  ConversionPatternRewriter &rewriter;
  Location loc;
  bool factored;
};

/// Element (row, 0) of the 2-D integer or pointer tile `v` (original IR), the
/// start of a row, computed from the tile's factors as a scalar: splats,
/// splat constants, broadcasts and expand_dims of 1-D tiles (their element
/// `row` or 0), combined by addi/subi/muli/extsi/addptr (`pointee`: the
/// addptr element type). Then no lane of the whole tile is needed, and `row`
/// may be a loop's induction variable (an index). With `b` null only checks
/// the form (success with a null value).
FailureOr<Value> buildRowStart(Value v, OpFoldResult row, Type pointee,
                               ConversionPatternRewriter *b, Location loc, int depth = 0) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  Operation *def = v.getDefiningOp();
  if (!type || type.getRank() != 2 || !def || depth > kMaxAnalysisDepth)
    return failure();
  auto recurse = [&](Value operand, OpFoldResult r) {
    return buildRowStart(operand, r, pointee, b, loc, depth + 1);
  };
  if (auto splat = dyn_cast<tile::SplatOp>(def))
    return b ? b->getRemappedValue(splat.getSrc()) : Value();
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
    if (!splat || !splat.getElementType().isInteger())
      return failure();
    if (!b)
      return Value();
    return arith::ConstantOp::create(
               *b, loc, b->getIntegerAttr(splat.getElementType(), splat.getSplatValue<APInt>()))
        .getResult();
  }
  if (auto broadcast = dyn_cast<tile::BroadcastOp>(def)) {
    // A [1, N] source has one row for all; an [M, 1] (or [M, N]) source has row `row`.
    bool oneRow = cast<RankedTensorType>(broadcast.getSrc().getType()).getShape()[0] == 1;
    OpFoldResult first = Builder(v.getContext()).getIndexAttr(0);
    return recurse(broadcast.getSrc(), oneRow ? first : row);
  }
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(def)) {
    if (cast<RankedTensorType>(expand.getSrc().getType()).getRank() != 1)
      return failure();
    if (!b)
      return Value();
    OpFoldResult position = expand.getAxis() == 1 ? row : OpFoldResult(b->getIndexAttr(0));
    Value element = elementOf(expand.getSrc(), position, *b, loc);
    if (!element)
      return failure();
    return element;
  }
  if (isa<arith::ExtSIOp>(def)) {
    FailureOr<Value> in = recurse(def->getOperand(0), row);
    if (failed(in) || !b)
      return in;
    return arith::ExtSIOp::create(*b, loc, type.getElementType(), *in).getResult();
  }
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, tile::AddPtrOp>(def)) {
    FailureOr<Value> lhs = recurse(def->getOperand(0), row);
    FailureOr<Value> rhs = recurse(def->getOperand(1), row);
    if (failed(lhs) || failed(rhs))
      return failure();
    if (!b)
      return Value();
    if (isa<tile::AddPtrOp>(def))
      return LLVM::GEPOp::create(*b, loc, lhs->getType(), pointee, *lhs, ValueRange{*rhs})
          .getResult();
    if (isa<arith::AddIOp>(def))
      return arith::AddIOp::create(*b, loc, *lhs, *rhs).getResult();
    if (isa<arith::SubIOp>(def))
      return arith::SubIOp::create(*b, loc, *lhs, *rhs).getResult();
    return arith::MulIOp::create(*b, loc, *lhs, *rhs).getResult();
  }
  return failure();
}

/// On CPUs (strip-mining on), row-wise accesses of at least this many rows run
/// as an scf.for over the rows (row starts and masks from their factors)
/// instead of unrolled: a 64x64 tile is 64 masked row accesses, each with its
/// own mask and address set-up, which cost LLVM's code generation far more
/// than they save.
constexpr int64_t kMinLoopedRows = 8;

/// Whether the row-wise access `op` of `numRows` rows runs as a loop.
bool loopsOverRows(Operation *op, int64_t numRows, const TileToVectorPolicy &policy) {
  return numRows >= kMinLoopedRows && policy.chunkLanes != 0 &&
         succeeded(buildRowStart(op->getOperand(0), Builder(op->getContext()).getIndexAttr(0),
                                 Type(), nullptr, op->getLoc()));
}

/// The row of `passThru` (the load's `other`, original IR) as an n-lane
/// vector, when it is uniform (absent, a splat or a splat constant); else null.
Value uniformRowOf(ConversionPatternRewriter &b, Location loc, Value other, VectorType rowType) {
  if (!other)
    return createZero(b, loc, rowType);
  if (auto splat = other.getDefiningOp<tile::SplatOp>())
    return vector::BroadcastOp::create(b, loc, rowType, b.getRemappedValue(splat.getSrc()));
  if (auto constant = other.getDefiningOp<arith::ConstantOp>())
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
      return arith::ConstantOp::create(b, loc, rowType, splat.resizeSplat(rowType));
  return {};
}

/// Emits `scf.for row = 0 to numRows` (i64) and calls body(row as index, row * n
/// as i64) inside it; restores the insertion point after the loop.
void emitRowLoop(ConversionPatternRewriter &rewriter, Location loc, int64_t numRows, int64_t n,
                 function_ref<void(Value, Value)> body) {
  Value lb = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), 0);
  Value ub = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), numRows);
  Value step = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), 1);
  auto loop = scf::ForOp::create(rewriter, loc, lb, ub, step);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  Value row = loop.getInductionVar();
  Value index = arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), row);
  Value width = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), n);
  body(index, arith::MulIOp::create(rewriter, loc, row, width));
}

/// Stores at `table[row]` (`row` an index) the address a tl.dot reads row
/// `row` from (see RowAddressTables): `addr` itself when the row has no mask
/// or a full one; otherwise the row's masked load (`passThru` elsewhere) goes
/// to `buffer` at element `offset`, and the address is that copy's.
void storeRowAddress(OpBuilder &b, Location loc, Value table, Value row, Value addr, Value buffer,
                     Value offset, VectorType rowType, Value mask, Value passThru, unsigned align) {
  Value source = addr;
  if (mask) {
    Value full = vector::ReductionOp::create(b, loc, vector::CombiningKind::AND, mask);
    source =
        scf::IfOp::create(
            b, loc, full, [&](OpBuilder &then, Location l) { scf::YieldOp::create(then, l, addr); },
            [&](OpBuilder &otherwise, Location l) {
              Value masked =
                  LLVM::MaskedLoadOp::create(otherwise, l, rowType, addr, mask, passThru, align);
              storeBufferLanes(otherwise, l, masked, buffer, offset, align);
              scf::YieldOp::create(
                  otherwise, l,
                  getBufferElementAddress(otherwise, l, buffer, rowType.getElementType(), offset));
            })
            .getResult(0);
  }
  Type ptrType = addr.getType();
  Value index = arith::IndexCastOp::create(b, loc, b.getI64Type(), row);
  LLVM::StoreOp::create(b, loc, source,
                        LLVM::GEPOp::create(b, loc, ptrType, ptrType, table, ValueRange{index}),
                        /*alignment=*/8);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// addptr -> llvm.getelementptr over the pointee type (vector or scalar).
struct AddPtrLowering : public OpConversionPattern<tile::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::AddPtrOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getResult().getType());
    auto ptrType = cast<tile::PointerType>(getElementTypeOrSelf(op.getPtr().getType()));
    Type elemType = getTypeConverter()->convertType(ptrType.getPointeeType());
    if (!resultType || !elemType)
      return rewriter.notifyMatchFailure(op, "cannot convert types");
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, resultType, elemType, adaptor.getPtr(),
                                             ValueRange{adaptor.getOffset()});
    return success();
  }
};

/// Gathers and scatters wider than this many lanes run as an scf.for over
/// kGatherChunk-lane pieces through stack buffers: fully unrolled, a
/// 2048-lane gather costs seconds of LLVM codegen.
constexpr int64_t kMaxUnrolledGather = 64;
constexpr int64_t kGatherChunk = 16;

bool useChunkedGather(VectorType type) {
  return type.getNumElements() > kMaxUnrolledGather &&
         type.getNumElements() % kGatherChunk == 0;
}

/// Emits `scf.for c = 0 to n step kGatherChunk` and calls
/// body(b, chunk) with `chunk(buf, type)` loading the vector<kGatherChunk x type>
/// at lane c of `buf` (i8 buffers are read back as i1 masks), and the address of
/// lane c in a buffer of `type`.
void emitChunkLoop(
    OpBuilder &b, Location loc, int64_t n,
    llvm::function_ref<void(OpBuilder &, llvm::function_ref<Value(Value, Type)>,
                            llvm::function_ref<Value(Value, Type)>)>
        body) {
  Type i64 = b.getI64Type();
  auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i64, v).getResult(); };
  auto loop = scf::ForOp::create(b, loc, cst(0), cst(n), cst(kGatherChunk));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value lane = loop.getInductionVar();
  auto address = [&](Value buf, Type type) -> Value {
    return getBufferElementAddress(b, loc, buf, type, lane);
  };
  auto chunk = [&](Value buf, Type type) -> Value {
    return loadBufferLanes(b, loc, buf, type, lane, kGatherChunk,
                           getElementByteSize(type.isInteger(1) ? b.getI8Type() : type));
  };
  body(b, chunk, address);
}

/// masked.gather of `ptrs` (vector<N x !llvm.ptr>) as a loop over chunks.
Value createChunkedGather(OpBuilder &b, Operation *op, VectorType type, Value ptrs, Value mask,
                          Value passThru, unsigned align) {
  Location loc = op->getLoc();
  Type elem = type.getElementType();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value ptrBuf = spillToStack(b, op, ptrs), maskBuf = spillToStack(b, op, mask),
        passBuf = spillToStack(b, op, passThru);
  // i1 lanes are kept one per byte in the result buffer, like every spilled
  // i1 vector: a vector<16 x i1> store would bit-pack them.
  bool isBool = elem.isInteger(1);
  Type stored = isBool ? b.getI8Type() : elem;
  int64_t n = type.getNumElements();
  Value result = createEntryAlloca(b, op, stored, n);
  auto chunkType = VectorType::get({kGatherChunk}, elem);
  emitChunkLoop(b, loc, n, [&](OpBuilder &lb, auto chunk, auto address) {
    Value g = LLVM::masked_gather::create(lb, loc, chunkType, chunk(ptrBuf, ptrType),
                                          chunk(maskBuf, lb.getI1Type()),
                                          ValueRange{chunk(passBuf, elem)}, align);
    if (isBool)
      g = arith::ExtUIOp::create(lb, loc, VectorType::get({kGatherChunk}, stored), g);
    LLVM::StoreOp::create(lb, loc, g, address(result, elem), align);
  });
  Value loaded = LLVM::LoadOp::create(b, loc, VectorType::get({n}, stored), result,
                                      /*alignment=*/64);
  return isBool ? arith::TruncIOp::create(b, loc, type, loaded).getResult() : loaded;
}

/// masked.scatter of `value` to `ptrs` as a loop over chunks.
void createChunkedScatter(OpBuilder &b, Operation *op, Value value, Value ptrs, Value mask,
                          unsigned align) {
  Type elem = cast<VectorType>(value.getType()).getElementType();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value ptrBuf = spillToStack(b, op, ptrs), maskBuf = spillToStack(b, op, mask),
        valueBuf = spillToStack(b, op, value);
  int64_t n = cast<VectorType>(value.getType()).getNumElements();
  emitChunkLoop(b, op->getLoc(), n, [&](OpBuilder &lb, auto chunk, auto) {
    LLVM::masked_scatter::create(lb, op->getLoc(), chunk(valueBuf, elem),
                                 chunk(ptrBuf, ptrType), chunk(maskBuf, lb.getI1Type()), align);
  });
}

/// load -> llvm.load / llvm.intr.masked.load (contiguous) / masked.gather;
/// scalar loads with a mask are guarded by scf.if.
struct LoadLowering : public PolicyConversionPattern<tile::LoadOp> {
  using PolicyConversionPattern::PolicyConversionPattern;
  LogicalResult matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getResult().getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "cannot convert the result type");
    Location loc = op.getLoc();
    Value mask = adaptor.getMask();
    Type elemType = getElementTypeOrSelf(resultType);
    unsigned align = getElementByteSize(elemType);
    auto vecType = dyn_cast<VectorType>(resultType);

    if (!vecType) {
      if (!mask) {
        rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, resultType, adaptor.getPtr(), align);
        return success();
      }
      Value other = adaptor.getOther();
      auto ifOp = scf::IfOp::create(
          rewriter, loc, mask,
          [&](OpBuilder &b, Location l) {
            Value v = LLVM::LoadOp::create(b, l, resultType, adaptor.getPtr(), align);
            scf::YieldOp::create(b, l, v);
          },
          [&](OpBuilder &b, Location l) {
            scf::YieldOp::create(b, l, other ? other : createZero(b, l, resultType));
          });
      rewriter.replaceOp(op, ifOp.getResults());
      return success();
    }

    Value passThru = adaptor.getOther();
    if (mask && !passThru)
      passThru = createZero(rewriter, loc, vecType);
    if (Value addr = getContiguousBase(op.getPtr(), elemType, rewriter, loc)) {
      if (!mask)
        rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, vecType, addr, align);
      else
        rewriter.replaceOpWithNewOp<LLVM::MaskedLoadOp>(op, vecType, addr, mask, passThru, align);
      return success();
    }
    if (accessesContiguousRows(op, op.getPtr(), elemType)) {
      int64_t n = cast<RankedTensorType>(op.getPtr().getType()).getShape().back();
      auto rowType = VectorType::get({n}, elemType);
      SmallVector<Value> rows;
      int64_t numRows = vecType.getNumElements() / n;
      RowMasks rowMasks(op.getMask(), mask, n, rewriter, loc);
      Value rowPassThru;
      if (loopsOverRows(op, numRows, policy) && (!mask || rowMasks.isFactored()) &&
          (!mask || (rowPassThru = uniformRowOf(rewriter, loc, op.getOther(), rowType)))) {
        // The rows go to a stack buffer, read back whole (the strip-mining
        // forwards it, e.g. as a dot operand).
        Value buffer = createEntryAlloca(rewriter, op, elemType, vecType.getNumElements());
        Value advance = nextIterationAdvance(rewriter, op, adaptor.getPtr(), elemType, n);
        // A tl.dot reading the rows in place gets a table of row addresses.
        Value table;
        if (n <= policy.chunkLanes && dotReadingRowsInPlace(op, policy))
          table = createEntryAlloca(rewriter, op, LLVM::LLVMPointerType::get(rewriter.getContext()),
                                    numRows);
        emitRowLoop(rewriter, loc, numRows, n, [&](Value row, Value offset) {
          Value addr = *buildRowStart(op.getPtr(), row, elemType, &rewriter, loc);
          if (advance)
            prefetchNextRow(rewriter, loc, addr, advance, elemType, n);
          if (table) {
            storeRowAddress(rewriter, loc, table, row, addr, buffer, offset, rowType,
                            mask ? rowMasks.get(row) : Value(), rowPassThru, align);
            return;
          }
          // Rows wider than a strip-mining piece get the same test per piece.
          Value value;
          if (!mask)
            value = LLVM::LoadOp::create(rewriter, loc, rowType, addr, align);
          else if (n <= policy.chunkLanes)
            value = createMaskedLoadUnlessFull(rewriter, loc, rowType, addr, rowMasks.get(row),
                                               rowPassThru, align);
          else
            value = LLVM::MaskedLoadOp::create(rewriter, loc, rowType, addr, rowMasks.get(row),
                                               rowPassThru, align);
          storeBufferLanes(rewriter, loc, value, buffer, offset, align);
        });
        auto whole = rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, vecType, buffer, 64);
        if (table)
          policy.rowTables->tables[whole] = table;
        return success();
      }
      Value advance = nextIterationAdvance(rewriter, op, adaptor.getPtr(), elemType, n);
      for (int64_t r = 0; r < numRows; ++r) {
        Value addr = vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r * n);
        if (advance)
          prefetchNextRow(rewriter, loc, addr, advance, elemType, n);
        if (!mask)
          rows.push_back(LLVM::LoadOp::create(rewriter, loc, rowType, addr, align));
        else
          rows.push_back(LLVM::MaskedLoadOp::create(rewriter, loc, rowType, addr, rowMasks.get(r),
                                                    sliceOf(rewriter, loc, passThru, r * n, n),
                                                    align));
      }
      rewriter.replaceOp(op, concatVectors(rewriter, loc, rows));
      return success();
    }
    if (!mask) {
      mask = createAllTrue(rewriter, loc, vecType.getNumElements());
      passThru = createZero(rewriter, loc, vecType);
    }
    if (useChunkedGather(vecType)) {
      rewriter.replaceOp(op, createChunkedGather(rewriter, op, vecType, adaptor.getPtr(), mask,
                                                 passThru, align));
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::masked_gather>(op, vecType, adaptor.getPtr(), mask,
                                                     ValueRange{passThru}, align);
    return success();
  }

private:
  /// The offset the enclosing loop advances the pointers of the row-wise load
  /// `op` by, when its next rows are prefetched (see getNextIterationAdvance).
  Value nextIterationAdvance(ConversionPatternRewriter &rewriter, tile::LoadOp op, Value ptrs,
                             Type elemType, int64_t rowElements) const {
    if (!policy.prefetch)
      return {};
    return getNextIterationAdvance(rewriter, op, ptrs, elemType, rowElements);
  }
};

/// store -> llvm.store / llvm.intr.masked.store (contiguous) / masked.scatter;
/// scalar stores with a mask are guarded by scf.if.
struct StoreLowering : public PolicyConversionPattern<tile::StoreOp> {
  using PolicyConversionPattern::PolicyConversionPattern;
  LogicalResult matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    Value mask = adaptor.getMask();
    Type elemType = getElementTypeOrSelf(value.getType());
    unsigned align = getElementByteSize(elemType);
    auto vecType = dyn_cast<VectorType>(value.getType());

    if (!vecType) {
      if (!mask) {
        rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, value, adaptor.getPtr(), align);
        return success();
      }
      scf::IfOp::create(rewriter, loc, mask, [&](OpBuilder &b, Location l) {
        LLVM::StoreOp::create(b, l, value, adaptor.getPtr(), align);
        scf::YieldOp::create(b, l);
      });
      rewriter.eraseOp(op);
      return success();
    }

    // Marks a vector store of a streaming `tile.store` (see kNonTemporalAttr).
    auto markNonTemporal = [&](Operation *store) {
      if (op.getNontemporal())
        store->setAttr(kNonTemporalAttr, rewriter.getUnitAttr());
      else if (IntegerAttr minPrograms = op.getStreamMinProgramsAttr())
        store->setAttr(kNonTemporalAttr, minPrograms);
    };
    if (Value addr = getContiguousBase(op.getPtr(), elemType, rewriter, loc)) {
      Operation *store;
      if (!mask)
        store = LLVM::StoreOp::create(rewriter, loc, value, addr, align);
      else
        store = LLVM::MaskedStoreOp::create(rewriter, loc, value, addr, mask, align);
      markNonTemporal(store);
      rewriter.eraseOp(op);
      return success();
    }
    if (accessesContiguousRows(op, op.getPtr(), elemType)) {
      int64_t n = cast<RankedTensorType>(op.getPtr().getType()).getShape().back();
      int64_t numRows = vecType.getNumElements() / n;
      RowMasks rowMasks(op.getMask(), mask, n, rewriter, loc);
      if (loopsOverRows(op, numRows, policy) && (!mask || rowMasks.isFactored())) {
        // The value goes through a stack buffer (the strip-mining forwards
        // the buffer it was read from, e.g. a dot's accumulator).
        Value buffer = spillToStack(rewriter, op, value);
        emitRowLoop(rewriter, loc, numRows, n, [&](Value row, Value offset) {
          Value addr = *buildRowStart(op.getPtr(), row, elemType, &rewriter, loc);
          Value rowValue = loadBufferLanes(rewriter, loc, buffer, elemType, offset, n, align);
          if (!mask)
            markNonTemporal(LLVM::StoreOp::create(rewriter, loc, rowValue, addr, align));
          else
            markNonTemporal(LLVM::MaskedStoreOp::create(rewriter, loc, rowValue, addr,
                                                        rowMasks.get(row), align));
        });
        rewriter.eraseOp(op);
        return success();
      }
      for (int64_t r = 0; r < numRows; ++r) {
        Value addr = vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r * n);
        Value row = sliceOf(rewriter, loc, value, r * n, n);
        if (!mask)
          markNonTemporal(LLVM::StoreOp::create(rewriter, loc, row, addr, align));
        else
          markNonTemporal(
              LLVM::MaskedStoreOp::create(rewriter, loc, row, addr, rowMasks.get(r), align));
      }
      rewriter.eraseOp(op);
      return success();
    }
    if (!mask)
      mask = createAllTrue(rewriter, loc, vecType.getNumElements());
    if (useChunkedGather(vecType)) {
      createChunkedScatter(rewriter, op, value, adaptor.getPtr(), mask, align);
      rewriter.eraseOp(op);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::masked_scatter>(op, value, adaptor.getPtr(), mask, align);
    return success();
  }
};

} // namespace

namespace tilec {

void annotateContiguousAccesses(Operation *root) {
  SmallVector<std::pair<Operation *, Value>> versioned;
  root->walk([&](Operation *op) {
    Value ptrs;
    if (auto load = dyn_cast<tile::LoadOp>(op))
      ptrs = load.getPtr();
    else if (auto store = dyn_cast<tile::StoreOp>(op))
      ptrs = store.getPtr();
    if (!ptrs || !isa<RankedTensorType>(ptrs.getType()))
      return;
    Type elemType = tile::getPointeeLikeType(getElementTypeOrSelf(ptrs.getType()));
    std::optional<Stride> stride = getRowStride(ptrs, elemType);
    if (!stride || stride->coeff != 1)
      return;
    if (!stride->scale)
      op->setAttr(kContiguousRowsAttr, UnitAttr::get(op->getContext()));
    else if (stride->scale.getType().isSignlessInteger())
      versioned.emplace_back(op, stride->scale);
  });

  // Rows of stride `scale`: `scf.if (scale == 1)` selects the row-wise access
  // (marked) over the general one.
  for (auto [op, scale] : versioned) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(scale.getType(), 1));
    Value isUnit = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, scale, one);
    auto emitCopy = [op = op](bool contiguous) {
      return [op, contiguous](OpBuilder &nested, Location l) {
        Operation *copy = nested.clone(*op);
        if (contiguous)
          copy->setAttr(kContiguousRowsAttr, UnitAttr::get(op->getContext()));
        scf::YieldOp::create(nested, l, copy->getResults());
      };
    };
    auto ifOp = scf::IfOp::create(b, loc, isUnit, emitCopy(true), emitCopy(false));
    op->replaceAllUsesWith(ifOp.getResults());
    op->erase();
  }
}

void populateTileMemoryToVectorPatterns(const TypeConverter &typeConverter,
                                        RewritePatternSet &patterns,
                                        const TileToVectorPolicy &policy) {
  patterns.add<AddPtrLowering>(typeConverter, patterns.getContext());
  patterns.add<LoadLowering, StoreLowering>(typeConverter, patterns.getContext(), policy);
}

} // namespace tilec
