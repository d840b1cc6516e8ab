//===- MemoryOps.cpp - Pointer arithmetic, loads and stores in SIMT --------===//
//
// Each thread accesses the elements it holds. Runs of `tilec.vector_width`
// consecutive registers (chosen before conversion from AxisInfo: contiguous,
// aligned, one mask value) become one vector access, e.g. 128-bit
// `ld.global.v4.f32`; a masked run is one branch around the access.
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

/// Memory keeps booleans as bytes.
Type memoryType(Type type) {
  return type.isInteger(1) ? IntegerType::get(type.getContext(), 8) : type;
}

Type pointeeOf(Type ptrLike) {
  return cast<tile::PointerType>(getElementTypeOrSelf(ptrLike)).getPointeeType();
}

int64_t byteSize(Type type) { return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8); }

struct AddPtrLowering : public OpConversionPattern<tile::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::AddPtrOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    Value offset = adaptor.getOffset();
    if (auto vec = dyn_cast<VectorType>(resultType); vec && !isa<VectorType>(offset.getType()))
      offset = vector::BroadcastOp::create(
          rewriter, op.getLoc(), VectorType::get(vec.getShape(), offset.getType()), offset);
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, resultType, memoryType(pointeeOf(op.getType())),
                                             adaptor.getPtr(), ValueRange{offset});
    return success();
  }
};

/// Loads `count` elements of `type` at `ptr` (one vector access when count > 1).
Value loadRun(OpBuilder &b, Location loc, Type type, Value ptr, int64_t count) {
  Type stored = memoryType(type);
  unsigned alignment = byteSize(stored) * count;
  if (count == 1) {
    Value v = LLVM::LoadOp::create(b, loc, stored, ptr, alignment);
    return type.isInteger(1) ? Value(arith::CmpIOp::create(
                                   b, loc, arith::CmpIPredicate::ne, v,
                                   arith::ConstantIntOp::create(b, loc, stored, 0)))
                             : v;
  }
  auto vecType = VectorType::get({count}, stored);
  Value v = LLVM::LoadOp::create(b, loc, vecType, ptr, alignment);
  if (!type.isInteger(1))
    return v;
  Value zero = arith::ConstantOp::create(b, loc, DenseElementsAttr::get(vecType, b.getI8IntegerAttr(0)));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zero);
}

void storeRun(OpBuilder &b, Location loc, Value value, Value ptr) {
  Type type = value.getType();
  Type elem = getElementTypeOrSelf(type);
  int64_t count = isa<VectorType>(type) ? cast<VectorType>(type).getNumElements() : 1;
  if (elem.isInteger(1))
    value = arith::ExtUIOp::create(b, loc, isa<VectorType>(type)
                                               ? Type(VectorType::get({count}, b.getI8Type()))
                                               : b.getI8Type(),
                                   value);
  LLVM::StoreOp::create(b, loc, value, ptr, byteSize(memoryType(elem)) * count);
}

/// Element `r` (or the `count` elements from `r`) of a register vector.
Value extractRun(OpBuilder &b, Location loc, Value vec, int64_t r, int64_t count) {
  if (count == 1)
    return vector::ExtractOp::create(b, loc, vec, r);
  return vector::ExtractStridedSliceOp::create(b, loc, vec, ArrayRef<int64_t>{r},
                                               ArrayRef<int64_t>{count}, ArrayRef<int64_t>{1});
}

Value insertRun(OpBuilder &b, Location loc, Value run, Value vec, int64_t r) {
  if (!isa<VectorType>(run.getType()))
    return vector::InsertOp::create(b, loc, run, vec, r);
  return vector::InsertStridedSliceOp::create(b, loc, run, vec, ArrayRef<int64_t>{r},
                                              ArrayRef<int64_t>{1});
}

Value zeroOf(OpBuilder &b, Location loc, Type type) {
  Type elem = getElementTypeOrSelf(type);
  TypedAttr zero = isa<FloatType>(elem) ? TypedAttr(b.getFloatAttr(elem, 0.0))
                                        : TypedAttr(b.getIntegerAttr(elem, 0));
  if (auto vec = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(vec, zero));
  return arith::ConstantOp::create(b, loc, zero);
}

int64_t vectorWidth(Operation *op) {
  auto attr = op->getAttrOfType<IntegerAttr>(SIMTLowering::kVectorWidthAttr);
  return attr ? attr.getInt() : 1;
}

struct LoadLowering : public OpConversionPattern<tile::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elem = getElementTypeOrSelf(resultType);
    auto vecType = dyn_cast<VectorType>(resultType);
    int64_t numRegs = vecType ? vecType.getNumElements() : 1;
    int64_t width = vecType ? vectorWidth(op) : 1;
    Value mask = adaptor.getMask(), other = adaptor.getOther();
    Value result = vecType ? zeroOf(rewriter, loc, vecType) : Value();
    for (int64_t r = 0; r < numRegs; r += width) {
      Value ptr = vecType ? Value(vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r))
                          : adaptor.getPtr();
      Type runType = width == 1 ? elem : Type(VectorType::get({width}, elem));
      Value run;
      if (!mask) {
        run = loadRun(rewriter, loc, elem, ptr, width);
      } else {
        Value enabled = vecType ? Value(vector::ExtractOp::create(rewriter, loc, mask, r)) : mask;
        auto branch = scf::IfOp::create(rewriter, loc, runType, enabled, /*withElse=*/true);
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(branch.thenBlock());
        scf::YieldOp::create(rewriter, loc, loadRun(rewriter, loc, elem, ptr, width));
        rewriter.setInsertionPointToStart(branch.elseBlock());
        Value fallback = other ? (vecType ? extractRun(rewriter, loc, other, r, width) : other)
                               : zeroOf(rewriter, loc, runType);
        scf::YieldOp::create(rewriter, loc, fallback);
        run = branch.getResult(0);
      }
      result = vecType ? insertRun(rewriter, loc, run, result, r) : run;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Threads holding copies of an element do not store it again; a scalar store
/// is done by thread 0.
struct StoreLowering : public SIMTPattern<tile::StoreOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto vecType = dyn_cast<VectorType>(adaptor.getValue().getType());
    Value owner;
    if (vecType)
      owner = simt.isOwner(rewriter, loc, simt.layoutOf(op.getPtr().getType()));
    else
      owner = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, simt.threadId,
                                    arith::ConstantIntOp::create(rewriter, loc, 0, 32));
    int64_t numRegs = vecType ? vecType.getNumElements() : 1;
    int64_t width = vecType ? vectorWidth(op) : 1;
    Value mask = adaptor.getMask();
    for (int64_t r = 0; r < numRegs; r += width) {
      Value enabled = owner;
      if (mask)
        enabled = arith::AndIOp::create(
            rewriter, loc, enabled,
            vecType ? Value(vector::ExtractOp::create(rewriter, loc, mask, r)) : mask);
      Value ptr = vecType ? Value(vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r))
                          : adaptor.getPtr();
      Value value = vecType ? extractRun(rewriter, loc, adaptor.getValue(), r, width)
                            : adaptor.getValue();
      auto branch = scf::IfOp::create(rewriter, loc, TypeRange{}, enabled, /*withElse=*/false);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(branch.thenBlock());
      storeRun(rewriter, loc, value, ptr);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateSIMTMemoryPatterns(SIMTLowering &simt, const TypeConverter &converter,
                                RewritePatternSet &patterns) {
  patterns.add<AddPtrLowering, LoadLowering>(converter, patterns.getContext());
  patterns.add<StoreLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
