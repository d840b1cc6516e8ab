//===- Tma.cpp - Copy-engine (TMA) copies and mbarriers in SIMT ---------------===//
//
// A kernel that makes tensor maps takes global scratch memory (the runtime
// allocates grid x B bytes and passes it after the user's parameters, as
// Triton's launcher does for `global_scratch`: TargetInfo::setGlobalScratchSize);
// each program's tile.make_tensor_map writes its descriptor into a 128-byte
// slot of the program's part. One thread
// (thread 0) writes the maps, initializes and arrives at the mbarriers and
// issues the copies, so the maps it wrote need no barrier; every thread waits
// on the mbarriers. A copy whose tile is wider than the map's box (rows of
// more than 128 bytes) is one box per swizzle-wide column group, each group a
// rows x swizzle-byte block of the tile (SwizzledTile). A tile.store of a
// marked descriptor block that the engine can write goes through shared
// memory: the program writes the tile row-major into scratch, and thread 0
// has the engine write the box (EngineStoreLowering).
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"
#include "tilec/Analysis/AxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <type_traits>

using namespace mlir;

namespace tilec {

namespace {

/// Bytes of one tensor map.
constexpr int64_t kTensorMapBytes = 128;

/// Opens `if (condition)` at `b`'s insertion point and moves `b` into it.
void openIf(OpBuilder &b, Location loc, Value condition) {
  auto ifOp = scf::IfOp::create(b, loc, condition, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
}

/// i1: whether this is the program's thread 0, which issues the copies.
Value isIssuer(OpBuilder &b, Location loc, SIMTLowering &simt) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, simt.threadId,
                               arith::ConstantIntOp::create(b, loc, 0, 32));
}

/// Refuses `op` where the target has no copy engine.
LogicalResult requireTma(const SIMTLowering &simt, Operation *op) {
  if (simt.target.hasTensorMemoryAccelerator(simt.arch))
    return success();
  return op->emitOpError("target has no tensor memory accelerator (TMA) (arch '")
         << simt.arch << "')";
}

/// The address of `op`'s 128-byte slot in this program's part of the global
/// scratch (planTensorMaps).
Value tensorMapSlot(SIMTLowering &simt, OpBuilder &b, Location loc, Operation *op) {
  Value slot = simt.target.getGlobalScratchSlot(b, loc, simt.kernel);
  return LLVM::GEPOp::create(
      b, loc, slot.getType(), b.getI8Type(), slot,
      ArrayRef<LLVM::GEPArg>{int32_t(kTensorMapBytes * simt.tensorMapSlots.lookup(op))});
}

/// Writes at `map` the tensor map of the 2-D tensor at `base` (sizes and
/// strides in elements, rows first) with boxes of `box` (rows, columns) of
/// `elem` elements.
void encodeTensorMap(SIMTLowering &simt, OpBuilder &b, Location loc, Value map, Value base,
                     ValueRange sizes, ValueRange strides, ArrayRef<int64_t> box, Type elem,
                     int64_t swizzle, bool nanFill) {
  int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
  TargetInfo::TensorMapFields fields;
  fields.base = base;
  // Dimension 0 is the contiguous one: the operands' last.
  fields.sizes = {sizes[1], sizes[0]};
  fields.byteStrides = {arith::MulIOp::create(
      b, loc, strides[0], arith::ConstantIntOp::create(b, loc, b.getI64Type(), elemBytes))};
  fields.box = {box[1], box[0]};
  fields.element = elem;
  fields.swizzle = swizzle;
  fields.nanFill = nanFill;
  simt.target.encodeTensorMap(b, loc, simt.kernel, map, fields);
}

/// The block mark of the tile `store` writes, when the copy engine can write
/// it: a 2-D tile of 1- to 8-byte elements whose rows hold a multiple of 16
/// bytes, at most 256 by 256, of a tensor with last stride 1, a row stride
/// that is not a constant <= 0, and base and row stride known multiples of
/// 16 bytes; else null.
tile::DescriptorBlockOp engineStoreBlock(const SIMTLowering &simt, tile::StoreOp store,
                                         AxisInfoAnalysis &axisInfo) {
  // The mark, possibly through the conversion to the store's coalesced
  // layout, which the engine does not need.
  Value value = store.getValue();
  while (auto convert = value.getDefiningOp<tile::ConvertLayoutOp>()) {
    if (!convert->hasOneUse())
      return tile::DescriptorBlockOp();
    value = convert.getSrc();
  }
  auto block = value.getDefiningOp<tile::DescriptorBlockOp>();
  if (!block || !block.getStored() || !block->hasOneUse() ||
      !simt.target.hasTensorMemoryAccelerator(simt.arch))
    return tile::DescriptorBlockOp();
  auto type = cast<RankedTensorType>(block.getType());
  Type elem = type.getElementType();
  if (type.getRank() != 2 || !elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() < 8 ||
      elem.getIntOrFloatBitWidth() > 64)
    return tile::DescriptorBlockOp();
  int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
  int64_t rows = type.getShape()[0], cols = type.getShape()[1];
  if (rows > 256 || cols > 256 || (cols * elemBytes) % 16 != 0)
    return tile::DescriptorBlockOp();
  if (!isCopyEngineAddressable(axisInfo, block.getBase(), block.getStrides(), elemBytes))
    return tile::DescriptorBlockOp();
  return block;
}

/// Whether the copy engine writes `store`'s block; if so, `store` writes the
/// block mark itself, and the conversions between them are gone (the engine
/// writes the tile from shared memory in any layout; `store` lowers to the
/// engine's copy, which reads neither its pointers nor its mask).
bool writesWithEngine(const SIMTLowering &simt, tile::StoreOp store, AxisInfoAnalysis &axisInfo) {
  tile::DescriptorBlockOp block = engineStoreBlock(simt, store, axisInfo);
  if (!block)
    return false;
  Value converted = store.getValue();
  store.getValueMutable().assign(block.getResult());
  while (auto convert = converted.getDefiningOp<tile::ConvertLayoutOp>()) {
    if (!convert->use_empty())
      break;
    converted = convert.getSrc();
    convert.erase();
  }
  return true;
}

/// A store of a marked descriptor block on the copy engine: the program
/// writes the tile row-major into 128-byte-aligned scratch, fences it for the
/// engine and synchronizes; thread 0 writes the block's tensor map into the
/// store's slot and the engine writes the box (the parts outside the tensor
/// dropped), thread 0 waiting until the scratch has been read; a barrier then
/// frees the scratch.
struct EngineStoreLowering : public SIMTPattern<tile::StoreOp> {
  EngineStoreLowering(SIMTLowering &simt, const TypeConverter &converter, MLIRContext *ctx)
      : SIMTPattern(simt, converter, ctx, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    if (!simt.engineStores.contains(op))
      return failure();
    Location loc = op.getLoc();
    auto block = op.getValue().getDefiningOp<tile::DescriptorBlockOp>();
    Value tile = b.getRemappedValue(block.getSrc());
    auto type = cast<RankedTensorType>(block.getType());
    Type elem = type.getElementType();
    int64_t rows = type.getShape()[0], cols = type.getShape()[1];
    int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
    uint64_t scratch = simt.scratchBase(b);
    uint64_t at = llvm::alignTo(scratch, 128) - scratch;
    uint64_t limit = at + uint64_t(rows * cols * elemBytes);
    // Earlier users of the scratch are done with it.
    simt.target.barrier(b, loc, simt.kernel);
    simt.storeTile(b, loc, tile, simt.layoutOf(block.getSrc().getType()), {cols, 1}, at, limit);
    simt.target.asyncProxyFence(b, loc, simt.kernel);
    simt.target.barrier(b, loc, simt.kernel);
    {
      OpBuilder::InsertionGuard guard(b);
      openIf(b, loc, isIssuer(b, loc, simt));
      Value map = tensorMapSlot(simt, b, loc, op);
      SmallVector<Value> sizes, strides;
      for (Value size : block.getSizes())
        sizes.push_back(b.getRemappedValue(size));
      for (Value stride : block.getStrides())
        strides.push_back(b.getRemappedValue(stride));
      encodeTensorMap(simt, b, loc, map, b.getRemappedValue(block.getBase()), sizes, strides,
                      {rows, cols}, elem, /*swizzle=*/0, /*nanFill=*/false);
      Value src =
          simt.sharedAddress(b, loc, arith::ConstantIntOp::create(b, loc, int64_t(at), 32), limit);
      simt.target.tmaStore(
          b, loc, simt.kernel, map,
          {b.getRemappedValue(block.getOffsets()[1]), b.getRemappedValue(block.getOffsets()[0])},
          src);
    }
    simt.target.barrier(b, loc, simt.kernel);
    b.eraseOp(op);
    return success();
  }
};

/// tile.descriptor_block marks that tilec-pipeline-loops did not use: the tile.
struct DescriptorBlockLowering : public SIMTPattern<tile::DescriptorBlockOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::DescriptorBlockOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    b.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct MakeTensorMapLowering : public SIMTPattern<tile::MakeTensorMapOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::MakeTensorMapOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    if (failed(requireTma(simt, op)))
      return failure();
    Location loc = op.getLoc();
    Value map = tensorMapSlot(simt, b, loc, op);
    tile::TensorMapType type = op.getType();
    {
      OpBuilder::InsertionGuard guard(b);
      openIf(b, loc, isIssuer(b, loc, simt));
      encodeTensorMap(simt, b, loc, map, adaptor.getBase(), adaptor.getSizes(),
                      adaptor.getStrides(), type.getShape(), type.getElementType(),
                      type.getSwizzle(), type.getPadding() == tile::PaddingOption::nan);
    }
    b.replaceOp(op, map);
    return success();
  }
};

struct AsyncTMALoadLowering : public SIMTPattern<tile::AsyncTMALoadOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::AsyncTMALoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    if (failed(requireTma(simt, op)))
      return failure();
    Location loc = op.getLoc();
    tile::TensorMapType map = op.getMap().getType();
    tile::MemDescType dst = op.getDst().getType();
    int64_t rows = dst.getShape()[0];
    int64_t boxCols = map.getShape()[1];
    int64_t groupBytes = rows * boxCols * map.getElementType().getIntOrFloatBitWidth() / 8;
    OpBuilder::InsertionGuard guard(b);
    openIf(b, loc, arith::AndIOp::create(b, loc, isIssuer(b, loc, simt), adaptor.getPred()));
    for (int64_t group = 0; group * boxCols < dst.getShape()[1]; ++group) {
      Value column =
          arith::AddIOp::create(b, loc, adaptor.getOffsets()[1],
                                arith::ConstantIntOp::create(b, loc, int32_t(group * boxCols), 32));
      Value to =
          LLVM::GEPOp::create(b, loc, adaptor.getDst().getType(), b.getI8Type(), adaptor.getDst(),
                              ArrayRef<LLVM::GEPArg>{int32_t(group * groupBytes)});
      simt.target.tmaLoad(b, loc, simt.kernel, adaptor.getMap(), {column, adaptor.getOffsets()[0]},
                          to, adaptor.getBarrier());
    }
    b.eraseOp(op);
    return success();
  }
};

/// What thread 0 alone does for each mbarrier op.
void emitOnIssuer(SIMTLowering &simt, OpBuilder &b, tile::MBarrierInitOp op,
                  tile::MBarrierInitOp::Adaptor adaptor) {
  simt.target.mbarrierInit(b, op.getLoc(), simt.kernel, adaptor.getBarrier(), op.getCount());
}
void emitOnIssuer(SIMTLowering &simt, OpBuilder &b, tile::MBarrierArriveOp op,
                  tile::MBarrierArriveOp::Adaptor adaptor) {
  simt.target.mbarrierArriveExpectTx(b, op.getLoc(), simt.kernel, adaptor.getBarrier(),
                                     adaptor.getBytes());
}
void emitOnIssuer(SIMTLowering &simt, OpBuilder &b, tile::MBarrierInvalOp op,
                  tile::MBarrierInvalOp::Adaptor adaptor) {
  simt.target.mbarrierInval(b, op.getLoc(), simt.kernel, adaptor.getBarrier());
}

/// Whether the next op after `init` with effects is another mbarrier_init
/// (a ring's barriers): one program barrier after the last serves them all.
bool initializesNext(tile::MBarrierInitOp init) {
  for (Operation *op = init->getNextNode(); op; op = op->getNextNode()) {
    if (isa<tile::MBarrierInitOp>(op))
      return true;
    if (!isPure(op))
      return false;
  }
  return false;
}

/// mbarrier_init, mbarrier_arrive and mbarrier_inval: thread 0 calls the
/// target's hook; after an init (the last of a run of them), the program
/// synchronizes so that every thread may wait on the barriers.
template <typename Op> struct IssuerLowering : public SIMTPattern<Op> {
  using SIMTPattern<Op>::SIMTPattern;
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    SIMTLowering &simt = this->simt;
    if (failed(requireTma(simt, op)))
      return failure();
    Location loc = op.getLoc();
    {
      OpBuilder::InsertionGuard guard(b);
      openIf(b, loc, isIssuer(b, loc, simt));
      emitOnIssuer(simt, b, op, adaptor);
    }
    if constexpr (std::is_same_v<Op, tile::MBarrierInitOp>)
      if (!initializesNext(op))
        simt.target.barrier(b, loc, simt.kernel);
    b.eraseOp(op);
    return success();
  }
};

struct MBarrierWaitLowering : public SIMTPattern<tile::MBarrierWaitOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::MBarrierWaitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    if (failed(requireTma(simt, op)))
      return failure();
    simt.target.mbarrierWait(b, op.getLoc(), simt.kernel, adaptor.getBarrier(), adaptor.getPhase());
    b.eraseOp(op);
    return success();
  }
};

} // namespace

void planTensorMaps(SIMTLowering &simt) {
  unsigned next = 0;
  simt.kernel.walk([&](tile::MakeTensorMapOp op) { simt.tensorMapSlots[op] = next++; });
  AxisInfoAnalysis axisInfo;
  simt.kernel.walk([&](tile::StoreOp store) {
    if (!writesWithEngine(simt, store, axisInfo))
      return;
    simt.engineStores.insert(store);
    simt.tensorMapSlots[store] = next++;
  });
  if (next)
    simt.target.setGlobalScratchSize(simt.kernel, uint64_t(next) * kTensorMapBytes);
}

void populateSIMTTmaPatterns(SIMTLowering &simt, const TypeConverter &converter,
                             RewritePatternSet &patterns) {
  patterns.add<DescriptorBlockLowering, MakeTensorMapLowering, AsyncTMALoadLowering,
               EngineStoreLowering, IssuerLowering<tile::MBarrierInitOp>,
               IssuerLowering<tile::MBarrierArriveOp>, IssuerLowering<tile::MBarrierInvalOp>,
               MBarrierWaitLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
