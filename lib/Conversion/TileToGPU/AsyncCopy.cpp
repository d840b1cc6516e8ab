//===- AsyncCopy.cpp - Shared-memory buffers and asynchronous copies in SIMT ===//
//
// tile.local_alloc buffers sit at the base of the kernel's shared memory, one
// after the other, for the whole kernel (scratch uses start after them). A
// buffer is the shared pointer to its first element; tile.memdesc_index steps
// by whole (padded) tiles. Each thread copies the elements of a tile it holds
// with the target's asynchronous copies, `tilec.vector_width` registers (4 to
// 16 bytes) per copy, at their row-major places with the buffer's row padding
// (runs shorter than 4 bytes are loaded and stored right away);
// tile.async_wait waits for the thread's groups and then synchronizes the
// program. A tile.local_load that a tensor-core dot reads per K step lowers to
// nothing (planDotOperandStaging); others read each register's element with
// SIMTLowering::loadTile, addressed in the buffer, and tile.local_store writes
// them with SIMTLowering::storeTile (the register-staged pipeline of targets
// without asynchronous copies). MFMA B operands are kept column-major.
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

#include <type_traits>

using namespace mlir;

namespace tilec {

int64_t bufferRowStride(tile::MemDescType type) {
  auto shared = cast<tile::SharedEncodingAttr>(type.getEncoding());
  return type.getShape().back() + shared.getPad();
}

namespace {

/// Whether `type` is laid out column-major (order [0, 1]), unswizzled and
/// unpadded: the B operands of MFMA dots, K-consecutive per column.
bool isColumnMajor(tile::MemDescType type) {
  auto shared = cast<tile::SharedEncodingAttr>(type.getEncoding());
  return shared.getOrder()[0] == 0 && shared.getSwizzleBytes() == 0 && shared.getPad() == 0;
}

/// Buffers are laid out row-major, unswizzled or with NVIDIA's swizzle
/// (`swizzled`: for allocation and asynchronous copies, and the wgmma dots
/// that read them), or, where `columnMajor` allows it (allocation, local
/// loads and stores), column-major: the layouts the lowering addresses.
LogicalResult checkRowMajor(Operation *op, tile::MemDescType type, bool swizzled = false,
                            bool columnMajor = false) {
  auto shared = cast<tile::SharedEncodingAttr>(type.getEncoding());
  bool swizzledBuffer = shared.getSwizzleBytes() != 0;
  bool allowed = shared.getOrder()[0] == 1 || (swizzled && swizzledBuffer) ||
                 (columnMajor && isColumnMajor(type));
  if (!allowed || shared.getVec() != 1 || shared.getPerPhase() != 1 || shared.getMaxPhase() != 1 ||
      (!swizzled && swizzledBuffer))
    return op->emitOpError("supports row-major (order [1, 0]), unswizzled buffers only")
           << (columnMajor ? " (or column-major ones without padding)" : "") << ", got " << shared;
  return success();
}

/// Row-major index strides of a 2-D tile of a buffer checked by
/// checkRowMajor (with `columnMajor`): element (r, c) is at r * s0 + c * s1.
SmallVector<int64_t> bufferStrides(tile::MemDescType type) {
  if (isColumnMajor(type))
    return {1, type.getShape()[0]};
  return {bufferRowStride(type), 1};
}

/// What the byte address of a buffer tile's element 0 is a multiple of:
/// buffers start 16-byte aligned and stages are whole tiles apart.
uint64_t bufferAlignment(tile::MemDescType type) {
  uint64_t tileBytes = uint64_t(type.getTileBytes());
  return tileBytes ? std::min<uint64_t>(16, tileBytes & -tileBytes) : 16;
}

/// Refuses `op` where the target has no asynchronous copies.
LogicalResult requireAsyncCopy(const SIMTLowering &simt, Operation *op) {
  if (simt.target.hasAsyncCopy(simt.arch))
    return success();
  return op->emitOpError("target has no asynchronous copies to shared memory");
}

/// `base` advanced by the i32 `elements` elements of `elem`.
Value elementPointer(OpBuilder &b, Location loc, Value base, Value elements, Type elem) {
  return LLVM::GEPOp::create(b, loc, base.getType(), elem, base, ArrayRef<LLVM::GEPArg>{elements});
}

struct LocalAllocLowering : public SIMTPattern<tile::LocalAllocOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::LocalAllocOp op, OpAdaptor,
                                ConversionPatternRewriter &b) const override {
    if (failed(checkRowMajor(op, op.getType(), /*swizzled=*/true, /*columnMajor=*/true)))
      return failure();
    b.replaceOp(op, simt.allocationAddress(b, op.getLoc(),
                                           simt.allocationOffsets.lookup(op.getOperation())));
    return success();
  }
};

struct MemDescIndexLowering : public SIMTPattern<tile::MemDescIndexOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::MemDescIndexOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    int64_t tileBytes = op.getType().getBytes();
    Value offset = arith::MulIOp::create(b, loc, adaptor.getIndex(),
                                         arith::ConstantIntOp::create(b, loc, tileBytes, 32));
    b.replaceOp(op, elementPointer(b, loc, adaptor.getSrc(), offset, b.getI8Type()));
    return success();
  }
};

struct AsyncCopyLowering : public SIMTPattern<tile::AsyncCopyOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::AsyncCopyOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    if (failed(requireAsyncCopy(simt, op)))
      return failure();
    tile::MemDescType dst = op.getDst().getType();
    if (failed(checkRowMajor(op, dst, /*swizzled=*/true)))
      return failure();
    auto dstShared = cast<tile::SharedEncodingAttr>(dst.getEncoding());
    int64_t swizzleBytes = dstShared.getSwizzleBytes();
    // A transposed buffer (order [0, 1]) takes each element on its own.
    bool transposed = dstShared.getOrder()[0] == 0;
    auto widthAttr = op->getAttrOfType<IntegerAttr>(SIMTLowering::kVectorWidthAttr);
    int64_t width = widthAttr && !transposed ? widthAttr.getInt() : 1;
    Type elem = dst.getElementType();
    int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
    // Asynchronous copies move 4, 8 or 16 bytes; shorter runs are copied
    // right away (landing early is allowed): each run of the global access
    // width (tilec.vector_width: contiguous, one mask) is loaded at once,
    // e.g. 16 bytes of an 8-bit B bound for a transposed buffer, then stored
    // element by element.
    bool synchronous = width * elemBytes < 4;
    if (synchronous)
      width = widthAttr ? widthAttr.getInt() : 1;
    tile::DistributedLayout layout = simt.layoutOf(op.getPtr().getType());
    // Element (r, c) is at index r * C + c of the stored rows, or c * R + r
    // stored transposed.
    int64_t rows = dst.getShape()[0], cols = dst.getShape()[1];
    SmallVector<int64_t> strides =
        transposed ? SmallVector<int64_t>{1, rows} : SmallVector<int64_t>{bufferRowStride(dst), 1};
    Value linear = simt.threadLinearBase(b, loc, layout, strides);
    Value enabledAll = arith::ConstantIntOp::create(b, loc, 1, 1);
    int64_t outer = transposed ? cols : rows, inner = transposed ? rows : cols;
    // Swizzled places from a few bases plus immediates where the layout
    // allows (SwizzledOffsets).
    std::optional<SwizzledOffsets> swizzled;
    if (swizzleBytes)
      swizzled.emplace(layout, strides, outer, inner, elemBytes, swizzleBytes);
    // Where element `index`, held in register `reg`, goes.
    auto place = [&](Value index, int64_t reg) {
      return swizzled ? elementPointer(b, loc, adaptor.getDst(),
                                       swizzled->offset(b, loc, index, reg), b.getI8Type())
                      : elementPointer(b, loc, adaptor.getDst(), index, elem);
    };
    for (int64_t r = 0; r < layout.numRegs; r += width) {
      Value index = arith::AddIOp::create(
          b, loc, linear,
          arith::ConstantIntOp::create(b, loc, SIMTLowering::linearOffset(layout, r, strides), 32));
      // A swizzled buffer: copies of at most 16 aligned bytes stay within one
      // 16-byte chunk, which the swizzle moves whole.
      Value from = vector::ExtractOp::create(b, loc, adaptor.getPtr(), r);
      Value enabled = adaptor.getMask()
                          ? Value(vector::ExtractOp::create(b, loc, adaptor.getMask(), r))
                          : enabledAll;
      if (synchronous) {
        Type runType = width == 1 ? elem : Type(VectorType::get({width}, elem));
        Value run = loadGlobalRun(b, loc, simt.target, elem, from, width, enabled,
                                  arith::ConstantOp::create(b, loc, b.getZeroAttr(runType)));
        for (int64_t i = 0; i < width; ++i) {
          Value value = width == 1 ? run : Value(vector::ExtractOp::create(b, loc, run, i));
          Value at = i ? Value(arith::AddIOp::create(
                             b, loc, linear,
                             arith::ConstantIntOp::create(
                                 b, loc, SIMTLowering::linearOffset(layout, r + i, strides), 32)))
                       : index;
          simt.storeSharedScalar(b, loc, value, place(at, r + i));
        }
        continue;
      }
      simt.target.asyncCopy(b, loc, simt.kernel, place(index, r), from, unsigned(width * elemBytes),
                            enabled);
    }
    b.eraseOp(op);
    return success();
  }
};

/// The group ops: commit, and wait followed by a barrier.
template <typename Op> struct AsyncGroupLowering : public SIMTPattern<Op> {
  using SIMTPattern<Op>::SIMTPattern;
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor,
                                ConversionPatternRewriter &b) const override {
    SIMTLowering &simt = this->simt;
    if (failed(requireAsyncCopy(simt, op)))
      return failure();
    if constexpr (std::is_same_v<Op, tile::AsyncWaitOp>) {
      simt.target.asyncWaitGroup(b, op.getLoc(), simt.kernel, op.getPending());
      simt.barrier(b, op.getLoc());
    } else {
      simt.target.asyncCommitGroup(b, op.getLoc(), simt.kernel);
    }
    b.eraseOp(op);
    return success();
  }
};

struct LocalLoadLowering : public SIMTPattern<tile::LocalLoadOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::LocalLoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    auto type = dyn_cast_or_null<VectorType>(getTypeConverter()->convertType(op.getType()));
    if (!type)
      return op.emitOpError("result needs a distributed layout");
    // The dots that use it read its fragments from the buffer themselves.
    if (simt.stagedOperandLoads.contains(op.getOperation())) {
      b.replaceOpWithNewOp<LLVM::PoisonOp>(op, type);
      return success();
    }
    if (failed(checkRowMajor(op, op.getSrc().getType(), /*swizzled=*/false, /*columnMajor=*/true)))
      return failure();
    // Decoded per K step: the dots read their fragments' registers themselves.
    if (decodedPerKStep(op.getResult())) {
      b.replaceOpWithNewOp<LLVM::PoisonOp>(op, type);
      return success();
    }
    b.replaceOp(op, readBufferRegisters(simt, b, op.getLoc(), op, adaptor.getSrc(),
                                        type.getElementType(), 0, type.getNumElements()));
    return success();
  }
};

/// Each thread writes its registers to their places in the buffer; no
/// barrier (the op's users place one).
struct LocalStoreLowering : public SIMTPattern<tile::LocalStoreOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::LocalStoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    auto valueType = cast<RankedTensorType>(op.getValue().getType());
    if (!isa_and_nonnull<VectorType>(getTypeConverter()->convertType(valueType)))
      return op.emitOpError("value needs a distributed layout");
    tile::MemDescType dst = op.getDst().getType();
    if (failed(checkRowMajor(op, dst, /*swizzled=*/false, /*columnMajor=*/true)))
      return failure();
    Location loc = op.getLoc();
    Value buffer = adaptor.getDst();
    Type elem = cast<VectorType>(adaptor.getValue().getType()).getElementType();
    // A folded transposition: its source's element at c is the value's at
    // the permuted coordinates.
    Value value = adaptor.getValue();
    SmallVector<int64_t> strides = bufferStrides(dst);
    auto trans = op.getValue().getDefiningOp<tile::TransOp>();
    if (trans && simt.stagedTransposes.contains(trans.getOperation())) {
      value = b.getRemappedValue(trans.getSrc());
      valueType = cast<RankedTensorType>(trans.getSrc().getType());
      SmallVector<int64_t> permuted(strides.size());
      for (auto [i, dim] : llvm::enumerate(trans.getOrder()))
        permuted[dim] = strides[i];
      strides = std::move(permuted);
    }
    simt.storeTile(
        b, loc, value, simt.layoutOf(valueType), strides,
        [&](Value index, int64_t) { return elementPointer(b, loc, buffer, index, elem); },
        bufferAlignment(dst));
    b.eraseOp(op);
    return success();
  }
};

} // namespace

Value readBufferRegisters(SIMTLowering &simt, OpBuilder &b, Location loc, tile::LocalLoadOp load,
                          Value buffer, Type elem, int64_t first, int64_t count) {
  tile::MemDescType src = load.getSrc().getType();
  return simt.loadRegisters(
      b, loc, elem, simt.layoutOf(load.getType()), bufferStrides(src),
      [&](Value index) { return elementPointer(b, loc, buffer, index, elem); },
      bufferAlignment(src), first, count);
}

void planLocalAllocations(SIMTLowering &simt) {
  // A transposition written only by a tile.local_store: the store writes its
  // source at the transposed places instead.
  simt.kernel.walk([&](tile::LocalStoreOp op) {
    auto trans = op.getValue().getDefiningOp<tile::TransOp>();
    if (trans && trans->hasOneUse() &&
        tile::isDistributedEncoding(tile::getEncoding(trans.getSrc().getType())))
      simt.stagedTransposes.insert(trans.getOperation());
  });
  simt.kernel.walk([&](tile::LocalAllocOp op) {
    bool swizzled =
        cast<tile::SharedEncodingAttr>(op.getType().getEncoding()).getSwizzleBytes() != 0;
    uint64_t offset = llvm::alignTo(simt.allocatedBytes, swizzled ? 1024 : 16);
    simt.allocationOffsets[op.getOperation()] = offset;
    simt.allocatedBytes = offset + uint64_t(op.getType().getBytes());
  });
  simt.allocatedBytes = llvm::alignTo(simt.allocatedBytes, 16);
  simt.sharedBytes = std::max(simt.sharedBytes, simt.allocatedBytes);
}

void populateSIMTAsyncCopyPatterns(SIMTLowering &simt, const TypeConverter &converter,
                                   RewritePatternSet &patterns) {
  patterns.add<LocalAllocLowering, MemDescIndexLowering, AsyncCopyLowering,
               AsyncGroupLowering<tile::AsyncCommitGroupOp>, AsyncGroupLowering<tile::AsyncWaitOp>,
               LocalLoadLowering, LocalStoreLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
