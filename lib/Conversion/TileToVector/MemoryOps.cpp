//===- MemoryOps.cpp - tile.addptr/load/store -> LLVM memory ops ----------===//
//
// Tiles of pointers become vectors of `!llvm.ptr`: loads and stores are masked
// gathers and scatters, except when the original IR proves a 1-D tile of
// pointers contiguous (`addptr(splat(base), make_range + uniform offset)`);
// then one (masked) vector load/store from `base + start` is emitted.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

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

constexpr int kMaxAnalysisDepth = 16;

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
  return LLVM::GEPOp::create(rewriter, loc, base.getType(), elemType, base,
                             ValueRange{offset});
}

/// An all-true `vector<N x i1>` mask.
Value createAllTrue(OpBuilder &b, Location loc, int64_t n) {
  auto type = VectorType::get({n}, b.getI1Type());
  return arith::ConstantOp::create(b, loc, type, DenseElementsAttr::get(type, true));
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

/// load -> llvm.load / llvm.intr.masked.load (contiguous) / masked.gather;
/// scalar loads with a mask are guarded by scf.if.
struct LoadLowering : public OpConversionPattern<tile::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
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
        rewriter.replaceOpWithNewOp<LLVM::MaskedLoadOp>(op, vecType, addr, mask, passThru,
                                                        align);
      return success();
    }
    if (!mask) {
      mask = createAllTrue(rewriter, loc, vecType.getNumElements());
      passThru = createZero(rewriter, loc, vecType);
    }
    rewriter.replaceOpWithNewOp<LLVM::masked_gather>(op, vecType, adaptor.getPtr(), mask,
                                                     ValueRange{passThru}, align);
    return success();
  }
};

/// store -> llvm.store / llvm.intr.masked.store (contiguous) / masked.scatter;
/// scalar stores with a mask are guarded by scf.if.
struct StoreLowering : public OpConversionPattern<tile::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
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

    if (Value addr = getContiguousBase(op.getPtr(), elemType, rewriter, loc)) {
      if (!mask)
        rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, value, addr, align);
      else
        rewriter.replaceOpWithNewOp<LLVM::MaskedStoreOp>(op, value, addr, mask, align);
      return success();
    }
    if (!mask)
      mask = createAllTrue(rewriter, loc, vecType.getNumElements());
    rewriter.replaceOpWithNewOp<LLVM::masked_scatter>(op, value, adaptor.getPtr(), mask,
                                                      align);
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileMemoryToVectorPatterns(const TypeConverter &typeConverter,
                                        RewritePatternSet &patterns) {
  patterns.add<AddPtrLowering, LoadLowering, StoreLowering>(typeConverter,
                                                            patterns.getContext());
}

} // namespace tilec
