//===- PipelineLoops.cpp - Multi-buffered asynchronous loads for tensor-core dots ===//
//
// Software pipelining with `num_stages` (see Passes.td): the loads that feed
// tensor-core dots in a loop become asynchronous copies into a ring of S
// shared-memory tiles, started S-1 iterations ahead from copies of the
// loop-carried address values that run ahead by as much. Targets without
// asynchronous copies (AMD) prefetch instead: each iteration loads the next
// one's tiles into registers before its dots run and writes them to the other
// stage of a two-tile shared-memory buffer after them, one barrier per
// iteration (or, where two stages do not fit, carries them in registers and
// leaves the shared-memory staging to the dot). A load may reach its dots
// through same-width bitcasts (readValue): its buffer then holds the bitcast's
// element type. A loop's only warpgroup MMA dot, reading both operands from
// the buffers, may stay in flight into the next iteration (`async-dots`):
// `tile.dot {is_async}`, a `tile.dot_wait pendings = 1` after it, and the
// copies after that and a barrier. Where the target has a copy engine (TMA),
// the blocks of tensor descriptors that wgmma dots read are copied by it,
// counted by a ring of mbarriers (`tma-loads`).
//
//===----------------------------------------------------------------------===//
#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Analysis/SharedMemory.h"
#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace tilec {
#define GEN_PASS_DEF_TILECPIPELINELOOPS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec;

namespace {

/// Whether `value` is absent or a tile of zeros (+0.0 for floats), which is
/// what a masked-off asynchronous copy writes.
bool isZeroOrAbsent(Value value) {
  if (!value)
    return true;
  if (auto splat = value.getDefiningOp<tile::SplatOp>())
    value = splat.getSrc();
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  if (auto dense = dyn_cast<SplatElementsAttr>(attr))
    attr = dense.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValue().isPosZero();
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().isZero();
  return false;
}

/// The loads of one loop that are pipelined, and what computes their
/// addresses: pure ops of the loop body, and loop-carried values (iter_arg
/// numbers) whose updates are such ops too. `blocks[i]` is the block mark
/// of a load the copy engine copies (else null).
struct LoopPlan {
  SmallVector<tile::LoadOp> loads;
  SmallVector<tile::DescriptorBlockOp> blocks;
  llvm::SetVector<Operation *> addressOps;
  llvm::SetVector<unsigned> addressArgs;
};

/// A plan's address computation in program order, cloned for the
/// iterations that run ahead.
struct AddressSlice {
  scf::ForOp loop;
  SmallVector<Operation *> ops;
  SmallVector<unsigned> args;

  AddressSlice(scf::ForOp loop, const LoopPlan &plan)
      : loop(loop), ops(plan.addressOps.begin(), plan.addressOps.end()),
        args(plan.addressArgs.begin(), plan.addressArgs.end()) {
    llvm::sort(ops, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  }
  /// The address values the loop starts with.
  SmallVector<Value> initial() {
    SmallVector<Value> values;
    for (unsigned index : args)
      values.push_back(loop.getInitArgs()[index]);
    return values;
  }
  /// Clones the computation for iteration `iv` with the address values
  /// `state`; the mapping gives the clones.
  IRMapping clone(OpBuilder &b, Value iv, ArrayRef<Value> state) {
    IRMapping map;
    map.map(loop.getInductionVar(), iv);
    for (auto [index, value] : llvm::zip(args, state))
      map.map(loop.getRegionIterArg(index), value);
    for (Operation *op : ops)
      b.clone(*op, map);
    return map;
  }
  /// The address values of the iteration after the one `map` cloned.
  SmallVector<Value> next(const IRMapping &map) {
    SmallVector<Value> values;
    Operation *yield = loop.getBody()->getTerminator();
    for (unsigned index : args)
      values.push_back(map.lookupOrDefault(yield->getOperand(index)));
    return values;
  }
};

/// The mask of `load`'s copy for an iteration (`map` from
/// AddressSlice::clone): its own mask, if any, and `inRange` (whether the
/// iteration is before the loop's end).
Value issueMask(OpBuilder &b, tile::LoadOp load, Value inRange, const IRMapping &map) {
  auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
  auto maskType = RankedTensorType::get(ptrType.getShape(), b.getI1Type(), ptrType.getEncoding());
  Value mask = tile::SplatOp::create(b, load.getLoc(), maskType, inRange);
  if (Value own = load.getMask())
    mask = arith::AndIOp::create(b, load.getLoc(), mask, map.lookupOrDefault(own));
  return mask;
}

/// Collects into `plan` what computes `value` in `loop`'s body; false if
/// that involves anything but pure ops of the body itself, the induction
/// variable, loop-carried values updated that way, and values from outside.
bool collectAddressSlice(scf::ForOp loop, Value value, llvm::SetVector<Operation *> &ops,
                         llvm::SetVector<unsigned> &args) {
  Block *body = loop.getBody();
  if (value == loop.getInductionVar())
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != body)
      return !loop->isAncestor(arg.getOwner()->getParentOp());
    unsigned index = arg.getArgNumber() - 1;
    if (!args.insert(index))
      return true;
    return collectAddressSlice(loop, body->getTerminator()->getOperand(index), ops, args);
  }
  Operation *def = value.getDefiningOp();
  if (!loop->isAncestor(def))
    return true;
  if (def->getBlock() != body || def->getNumRegions() || !isPure(def))
    return false;
  if (ops.contains(def))
    return true;
  for (Value operand : def->getOperands())
    if (!collectAddressSlice(loop, operand, ops, args))
      return false;
  ops.insert(def);
  return true;
}

/// The mark of `load`'s tile as a descriptor block, when that is its only
/// use (tilec-lower-block-pointers), else null.
tile::DescriptorBlockOp blockOf(tile::LoadOp load) {
  if (!load->hasOneUse())
    return tile::DescriptorBlockOp();
  auto block = dyn_cast<tile::DescriptorBlockOp>(*load->getUsers().begin());
  return block && !block.getStored() && block.getSrc() == load.getResult()
             ? block
             : tile::DescriptorBlockOp();
}

/// The tile `load`'s readers read: its result (or its block mark's), or the
/// result of the element bitcasts (same bit width: the frontend's
/// `x.to(tl.bfloat16, bitcast=True)` of i16 bits) that are its only use, in
/// its block. Copies into shared memory move bytes, so a pipelined load's
/// buffer holds this value's element type and its readers read that.
Value readValue(tile::LoadOp load) {
  Value value = load.getResult();
  if (tile::DescriptorBlockOp block = blockOf(load))
    value = block.getResult();
  while (value.hasOneUse()) {
    auto cast = dyn_cast<arith::BitcastOp>(*value.getUsers().begin());
    if (!cast || cast->getBlock() != load->getBlock() || !isa<RankedTensorType>(cast.getType()))
      break;
    value = cast.getResult();
  }
  return value;
}

/// The tile type that `load`'s readers read (readValue).
RankedTensorType readType(tile::LoadOp load) {
  return cast<RankedTensorType>(readValue(load).getType());
}

/// Erases the block mark and element bitcasts between `load` and its
/// readers, which the pipelining has replaced, then `load`.
void eraseWithCasts(tile::LoadOp load) {
  SmallVector<Operation *> casts;
  for (Value value = load.getResult(); !value.use_empty();) {
    casts.push_back(*value.getUsers().begin());
    value = casts.back()->getResult(0);
  }
  for (Operation *cast : llvm::reverse(casts))
    cast->erase();
  load.erase();
}

/// Whether every use of `value` is as operand `opIdx` of a dot of `loop`,
/// directly or through pure arith and math ops there (the decoding of fp8
/// bytes that tilec-assign-layouts places after the conversion).
bool readAsDotOperand(scf::ForOp loop, Value value, unsigned opIdx) {
  auto inLoop = [&](Operation *op) { return op->getBlock() == loop.getBody(); };
  return tile::usedOnlyThrough(
      value,
      [&](OpOperand &use) {
        return isa<tile::DotOp>(use.getOwner()) && inLoop(use.getOwner()) &&
               use.getOperandNumber() == opIdx;
      },
      [&](Operation *op) { return inLoop(op) && tile::isPureElementwise(op); });
}

/// Whether `load` feeds only dot operands of tensor-core dots of `loop`,
/// through conversions to their operand layouts (and element bitcasts
/// before them, readValue): mma.sync dots, and MFMA ones too when
/// `withMfma`.
bool feedsTensorCoreDots(scf::ForOp loop, tile::LoadOp load, bool withMfma) {
  Value read = readValue(load);
  if (read.use_empty())
    return false;
  for (Operation *user : read.getUsers()) {
    // A transposition (2-D, its only use) read as a B operand: the dot reads
    // B transposed from the buffer.
    if (auto trans = dyn_cast<tile::TransOp>(user)) {
      if (trans->getBlock() != loop.getBody() || !trans->hasOneUse() ||
          trans.getOrder() != ArrayRef<int32_t>{1, 0})
        return false;
      user = *trans->getUsers().begin();
      auto encoding = dyn_cast_or_null<tile::DotOperandEncodingAttr>(
          tile::getEncoding(user->getResult(0).getType()));
      if (!isa<tile::ConvertLayoutOp>(user) || !encoding || encoding.getOpIdx() != 1)
        return false;
    }
    auto convert = dyn_cast<tile::ConvertLayoutOp>(user);
    if (!convert || convert->getBlock() != loop.getBody() || convert->use_empty())
      return false;
    auto encoding =
        dyn_cast_or_null<tile::DotOperandEncodingAttr>(tile::getEncoding(convert.getType()));
    if (!encoding || !(isa<tile::MmaEncodingAttr>(encoding.getParent()) ||
                       (withMfma && isa<tile::MfmaEncodingAttr>(encoding.getParent()))))
      return false;
    if (!readAsDotOperand(loop, convert.getResult(), encoding.getOpIdx()))
      return false;
  }
  return true;
}

/// How the wgmma dots (a version-3 `#tile.mma` accumulator) that `load`
/// feeds read it from swizzled shared memory: not at all (wgmma dots read
/// none of it), as loaded, or transposed (a K x N B operand of f32 elements
/// as tf32, or of int8 ones, which wgmma reads K-major only).
enum class WgmmaUse { None, AsLoaded, Transposed };
WgmmaUse wgmmaUse(tile::LoadOp load) {
  WgmmaUse use = WgmmaUse::None;
  for (Operation *user : readValue(load).getUsers()) {
    bool throughTrans = isa<tile::TransOp>(user);
    if (throughTrans)
      user = *user->getUsers().begin();
    auto encoding = dyn_cast_or_null<tile::DotOperandEncodingAttr>(
        tile::getEncoding(user->getResult(0).getType()));
    auto mma = encoding ? dyn_cast<tile::MmaEncodingAttr>(encoding.getParent()) : nullptr;
    if (!mma || mma.getVersion() != 3)
      continue;
    Type elem = readType(load).getElementType();
    bool kMajorB = encoding.getOpIdx() == 1 && !throughTrans && (elem.isF32() || elem.isInteger(8));
    use = kMajorB ? WgmmaUse::Transposed : WgmmaUse::AsLoaded;
  }
  return use;
}

/// The dot of `loop` that may stay in flight into the next iteration
/// (`async-dots`), or null: the loop's only dot, a warpgroup MMA one
/// (version-3 `#tile.mma` accumulator) in the body itself, whose operands both
/// come from `plan`'s loads (through their conversions, B possibly through a
/// transposition) and whose accumulator is a loop-carried value that only the
/// dot reads and that the loop yields only from the dot.
tile::DotOp asyncDotOf(scf::ForOp loop, const LoopPlan &plan) {
  tile::DotOp dot;
  unsigned dots = 0;
  loop.getBody()->walk([&](tile::DotOp op) {
    dot = op;
    ++dots;
  });
  if (dots != 1 || dot->getBlock() != loop.getBody())
    return tile::DotOp();
  auto mma = dyn_cast_or_null<tile::MmaEncodingAttr>(tile::getEncoding(dot.getType()));
  if (!mma || mma.getVersion() != 3)
    return tile::DotOp();
  // Both operands: a conversion (of a transposition, for B) of a planned
  // load's value.
  llvm::DenseSet<Value> loaded;
  for (tile::LoadOp load : plan.loads)
    loaded.insert(readValue(load));
  for (Value operand : {dot.getA(), dot.getB()}) {
    auto convert = operand.getDefiningOp<tile::ConvertLayoutOp>();
    Value source = convert ? convert.getSrc() : Value();
    if (auto trans = source ? source.getDefiningOp<tile::TransOp>() : nullptr)
      source = trans.getSrc();
    if (!source || !loaded.contains(source))
      return tile::DotOp();
  }
  auto acc = dyn_cast<BlockArgument>(dot.getAcc());
  if (!acc || acc.getOwner() != loop.getBody() || acc.getArgNumber() == 0 || !acc.hasOneUse() ||
      !dot->hasOneUse())
    return tile::DotOp();
  OpOperand &use = *dot->getUses().begin();
  if (use.getOwner() != loop.getBody()->getTerminator() ||
      use.getOperandNumber() != acc.getArgNumber() - 1)
    return tile::DotOp();
  return dot;
}

/// Row padding (elements) of a pipeline buffer of `elem`: 16 bytes, so that
/// the eight rows of an ldmatrix fall in distinct banks.
int64_t rowPadding(Type elem) { return 16 / (elem.getIntOrFloatBitWidth() / 8); }

/// The buffer of `stages` tiles of `tileType`: rows padded for ldmatrix, or
/// for wgmma NVIDIA's swizzle of the stored rows' bytes (at most 128), the
/// tile stored transposed (order [0, 1]) where wgmma reads it so.
tile::MemDescType bufferType(RankedTensorType tileType, int64_t stages, WgmmaUse wgmma) {
  MLIRContext *ctx = tileType.getContext();
  Type elem = tileType.getElementType();
  bool transposed = wgmma == WgmmaUse::Transposed;
  int64_t rowBytes = tileType.getShape()[transposed ? 0 : 1] * elem.getIntOrFloatBitWidth() / 8;
  auto shared =
      wgmma != WgmmaUse::None
          ? tile::SharedEncodingAttr::get(ctx, 1, 1, 1,
                                          transposed ? ArrayRef<unsigned>{0, 1}
                                                     : ArrayRef<unsigned>{1, 0},
                                          0, std::min<int64_t>(rowBytes, 128))
          : tile::SharedEncodingAttr::get(ctx, 1, 1, 1, {1, 0}, rowPadding(elem), 0);
  SmallVector<int64_t> shape = {stages};
  llvm::append_range(shape, tileType.getShape());
  return tile::MemDescType::get(ctx, shape, elem, shared);
}

/// Tile `slot` (an i32) of the pipeline buffer `buffer`.
Value stageOf(OpBuilder &b, Location loc, Value buffer, Value slot) {
  auto type = cast<tile::MemDescType>(buffer.getType());
  auto stageType = tile::MemDescType::get(b.getContext(), type.getShape().drop_front(),
                                          type.getElementType(), type.getEncoding());
  return tile::MemDescIndexOp::create(b, loc, stageType, buffer, slot);
}

struct PipelineLoopsPass : public tilec::impl::TilecPipelineLoopsBase<PipelineLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (numStages < 2)
      return dropBlockMarks();
    allocatedBytes.clear();
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->getParentOfType<func::FuncOp>())
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      pipeline(loop);
    dropBlockMarks();
  }

  /// The first point of the kernel where every one of `values` (defined
  /// outside `loop`) is defined and from which `loop` is reached: after the
  /// last of their definitions in the innermost block that holds one, or at
  /// that block's start for block arguments, but never outside the blocks
  /// that enclose `loop` (then: right before `loop`).
  static Operation *earliestPointFor(scf::ForOp loop, ArrayRef<Value> values) {
    Block *block = nullptr;
    Operation *after = nullptr;
    for (Value value : values) {
      Block *owner = value.getParentBlock();
      if (!owner->findAncestorOpInBlock(*loop))
        return loop;
      if (block && block != owner) {
        // Keep the innermost block: the one whose ops contain the other.
        if (block->findAncestorOpInBlock(*owner->getParentOp()))
          block = owner, after = nullptr;
        else
          continue;
      }
      block = owner;
      Operation *def = value.getDefiningOp();
      if (def && (!after || after->isBeforeInBlock(def)))
        after = def;
    }
    if (!block)
      return loop;
    if (after)
      return after->getNextNode();
    return &block->front();
  }

  /// Replaces the descriptor-block marks of loads that no copy engine uses
  /// by their tiles; the marks of stored tiles stay for convert-tile-to-gpu,
  /// which writes the blocks it can with the engine.
  void dropBlockMarks() {
    getOperation().walk([](tile::DescriptorBlockOp block) {
      // Through the conversion to the store's layout.
      Operation *op = block;
      while (op->hasOneUse() && isa<tile::ConvertLayoutOp>(*op->getUsers().begin()))
        op = *op->getUsers().begin();
      if (block.getStored() && op->hasOneUse()) {
        OpOperand &use = *op->getUses().begin();
        auto store = dyn_cast<tile::StoreOp>(use.getOwner());
        if (store && use.get() == store.getValue())
          return;
      }
      block.getResult().replaceAllUsesWith(block.getSrc());
      block.erase();
    });
  }

  /// The i32 parity of the barrier phase that the current iteration k of
  /// `loop` (built into its body) waits for: (k / stages) % 2.
  static Value stagePhase(OpBuilder &b, Location loc, scf::ForOp loop, int64_t stages) {
    Value iv = loop.getInductionVar();
    Type ivType = iv.getType();
    auto constant = [&](int64_t v) -> Value {
      if (ivType.isIndex())
        return arith::ConstantIndexOp::create(b, loc, v);
      return arith::ConstantIntOp::create(b, loc, ivType, v);
    };
    Value distance = arith::SubIOp::create(b, loc, iv, loop.getLowerBound());
    // The step is a positive constant.
    Value k = arith::DivUIOp::create(b, loc, distance, loop.getStep());
    Value parity = arith::AndIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, k, constant(stages)), constant(1));
    Type i32 = b.getI32Type();
    if (ivType.isIndex())
      return arith::IndexCastUIOp::create(b, loc, i32, parity);
    unsigned bits = ivType.getIntOrFloatBitWidth();
    if (bits > 32)
      return arith::TruncIOp::create(b, loc, i32, parity);
    if (bits < 32)
      return arith::ExtUIOp::create(b, loc, i32, parity);
    return parity;
  }

  /// Bytes of the pipeline buffers allocated so far in each kernel.
  llvm::DenseMap<Operation *, int64_t> allocatedBytes;

  /// The loads of `loop` that can be pipelined, or an empty plan.
  LoopPlan plan(scf::ForOp loop) {
    LoopPlan plan;
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!step || *step <= 0 || !loop.getInductionVar().getType().isSignlessIntOrIndex())
      return plan;
    AxisInfoAnalysis axisInfo;
    for (auto load : loop.getBody()->getOps<tile::LoadOp>()) {
      if (tile::DescriptorBlockOp block = engineBlock(loop, load, axisInfo)) {
        llvm::SetVector<Operation *> ops = plan.addressOps;
        llvm::SetVector<unsigned> args = plan.addressArgs;
        if (llvm::all_of(block.getOffsets(),
                         [&](Value v) { return collectAddressSlice(loop, v, ops, args); })) {
          plan.addressOps = std::move(ops);
          plan.addressArgs = std::move(args);
          plan.loads.push_back(load);
          plan.blocks.push_back(block);
          continue;
        }
      }
      auto type = dyn_cast<RankedTensorType>(load.getType());
      if (!type || type.getRank() != 2 || !type.getElementType().isIntOrFloat() ||
          type.getElementTypeBitWidth() < 8 || !isa<RankedTensorType>(load.getPtr().getType()) ||
          (load.getMask() && !isa<RankedTensorType>(load.getMask().getType())) ||
          !isZeroOrAbsent(load.getOther()) || !feedsTensorCoreDots(loop, load, !asyncCopies))
        continue;
      // Asynchronous copies move runs of 4, 8 or 16 aligned bytes.
      int64_t elemBytes = type.getElementTypeBitWidth() / 8;
      if (asyncCopies &&
          (getAccessVectorWidth(axisInfo, load.getPtr(), load.getMask()) * elemBytes < 4 ||
           (type.getShape().back() * elemBytes) % 16 != 0))
        continue;
      llvm::SetVector<Operation *> ops = plan.addressOps;
      llvm::SetVector<unsigned> args = plan.addressArgs;
      if (!collectAddressSlice(loop, load.getPtr(), ops, args) ||
          (load.getMask() && !collectAddressSlice(loop, load.getMask(), ops, args)) ||
          (!asyncCopies && load.getOther() &&
           !collectAddressSlice(loop, load.getOther(), ops, args)))
        continue;
      plan.addressOps = std::move(ops);
      plan.addressArgs = std::move(args);
      plan.loads.push_back(load);
      plan.blocks.push_back(tile::DescriptorBlockOp());
    }
    return plan;
  }

  /// `load`'s block mark where the copy engine can copy the block into the
  /// swizzled buffer wgmma reads (`tma-loads`), else null: a 2-D tile read
  /// as loaded by wgmma dots, with a loop-invariant tensor (base, sizes,
  /// strides), last stride 1, base and row stride multiples of 16 bytes, a
  /// buffer swizzled in 32- to 128-byte rows of at most 256 elements and
  /// 256 rows, and zero or (f16, bf16, f32) NaN padding.
  tile::DescriptorBlockOp engineBlock(scf::ForOp loop, tile::LoadOp load,
                                      AxisInfoAnalysis &axisInfo) {
    tile::DescriptorBlockOp block = tmaLoads ? blockOf(load) : tile::DescriptorBlockOp();
    if (!block || wgmmaUse(load) != WgmmaUse::AsLoaded ||
        !feedsTensorCoreDots(loop, load, /*withMfma=*/false))
      return tile::DescriptorBlockOp();
    auto type = cast<RankedTensorType>(load.getType());
    Type elem = type.getElementType();
    if (type.getRank() != 2 || !elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() < 8)
      return tile::DescriptorBlockOp();
    int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
    auto shared = cast<tile::SharedEncodingAttr>(
        bufferType(readType(load), 1, WgmmaUse::AsLoaded).getEncoding());
    int64_t swizzle = shared.getSwizzleBytes();
    if (swizzle < 32 || type.getShape()[0] > 256 || swizzle / elemBytes > 256)
      return tile::DescriptorBlockOp();
    SmallVector<Value> tensor = {block.getBase()};
    llvm::append_range(tensor, block.getSizes());
    llvm::append_range(tensor, block.getStrides());
    if (llvm::any_of(tensor, [&](Value v) { return !loop.isDefinedOutsideOfLoop(v); }))
      return tile::DescriptorBlockOp();
    if (!isCopyEngineAddressable(axisInfo, block.getBase(), block.getStrides(), elemBytes))
      return tile::DescriptorBlockOp();
    if (!isZeroOrAbsent(load.getOther()) && !fillsWithNaN(load))
      return tile::DescriptorBlockOp();
    return block;
  }

  /// Whether `load`'s `other` is a NaN splat of f16, bf16 or f32, which the
  /// copy engine can fill with.
  static bool fillsWithNaN(tile::LoadOp load) {
    Type elem = getElementTypeOrSelf(load.getType());
    if (!load.getOther() || !(elem.isF16() || elem.isBF16() || elem.isF32()))
      return false;
    SplatElementsAttr splat;
    if (!matchPattern(load.getOther(), m_Constant(&splat)))
      return false;
    return splat.getSplatValue<APFloat>().isNaN();
  }

  /// Bytes of shared memory left for the buffers of `loop`: the target's
  /// limit less the kernel's scratch (the exchanges of `pipelined` ops, which
  /// the buffers replace, left out) and the buffers of its loops pipelined
  /// before.
  int64_t sharedBudget(scf::ForOp loop, const llvm::DenseSet<Operation *> &pipelined) {
    // (The emulator's limit is "unlimited": UINT64_MAX.)
    int64_t limit = int64_t(std::min<uint64_t>(sharedMemoryLimit, uint64_t(INT64_MAX) / 2));
    // The buffers of the kernel's loops pipelined before this one stay too.
    // Scratch used after the kernel's last dot reuses the buffers (the
    // lowering's planScratchReuse), so it does not count.
    auto kernel = loop->getParentOfType<func::FuncOp>();
    Block &body = kernel.getBody().front();
    Operation *lastDot = nullptr;
    kernel.walk([&](tile::DotOp dot) {
      Operation *ancestor = body.findAncestorOpInBlock(*dot);
      if (!lastDot || lastDot->isBeforeInBlock(ancestor))
        lastDot = ancestor;
    });
    auto afterLastDot = [&](Operation *op) {
      Operation *ancestor = body.findAncestorOpInBlock(*op);
      return lastDot && ancestor && ancestor != lastDot && lastDot->isBeforeInBlock(ancestor);
    };
    return limit -
           estimateScratchBytes(
               kernel, [&](Operation *op) { return pipelined.contains(op) || afterLastDot(op); },
               [&](Value operand) {
                 Operation *def = operand.getDefiningOp();
                 return def && (pipelined.contains(def) || isa<tile::LocalLoadOp>(def));
               }) -
           allocatedBytes[kernel];
  }

  void pipeline(scf::ForOp loop) {
    LoopPlan loopPlan = plan(loop);
    if (loopPlan.loads.empty())
      return;
    if (!asyncCopies)
      return prefetch(loop, loopPlan);
    // Stages: as many as asked that fit with the rest of the kernel's scratch.
    int64_t stageBytes = 0;
    llvm::DenseSet<Operation *> pipelined;
    SmallVector<WgmmaUse> wgmmaUses;
    for (tile::LoadOp load : loopPlan.loads) {
      wgmmaUses.push_back(wgmmaUse(load));
      stageBytes += bufferType(readType(load), 1, wgmmaUses.back()).getBytes();
      for (Operation *user : readValue(load).getUsers())
        pipelined.insert(user);
    }
    int64_t budget = sharedBudget(loop, pipelined);
    int64_t stages = numStages;
    bool anyEngine = llvm::any_of(loopPlan.blocks, [](auto block) { return bool(block); });
    bool anyAsync = llvm::any_of(loopPlan.blocks, [](auto block) { return !block; });
    // The ring of mbarriers (16 bytes each) of the engine's copies.
    auto barrierType = [&](int64_t count) {
      MLIRContext *ctx = loop.getContext();
      return tile::MemDescType::get(ctx, {count, 1, 1}, IntegerType::get(ctx, 64),
                                    tile::SharedEncodingAttr::get(ctx, 1, 1, 1, {1, 0}, 0, 0));
    };
    auto ringBytes = [&](int64_t count) {
      return anyEngine ? barrierType(count).getBytes() : int64_t(0);
    };
    while (stages >= 2 && stages * stageBytes + ringBytes(stages) > budget)
      --stages;
    if (stages < 2)
      return;
    allocatedBytes[loop->getParentOfType<func::FuncOp>()] +=
        stages * stageBytes + ringBytes(stages);

    AddressSlice slice(loop, loopPlan);

    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value lb = loop.getLowerBound(), ub = loop.getUpperBound(), step = loop.getStep();
    Type ivType = loop.getInductionVar().getType();
    auto ivConstant = [&](int64_t v) -> Value {
      if (ivType.isIndex())
        return arith::ConstantIndexOp::create(b, loc, v);
      return arith::ConstantIntOp::create(b, loc, ivType, v);
    };
    auto i32 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, v, 32); };
    arith::CmpIPredicate below =
        loop.getUnsignedCmp() ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;

    SmallVector<Value> buffers;
    for (auto [load, use] : llvm::zip(loopPlan.loads, wgmmaUses))
      buffers.push_back(
          tile::LocalAllocOp::create(b, load.getLoc(), bufferType(readType(load), stages, use)));
    // The engine's tensor maps and the ring of barriers, one per stage.
    SmallVector<Value> maps;
    int64_t engineBytes = 0;
    for (auto [load, block, buffer] : llvm::zip(loopPlan.loads, loopPlan.blocks, buffers)) {
      if (!block) {
        maps.push_back(Value());
        continue;
      }
      auto bufferEncoding =
          cast<tile::SharedEncodingAttr>(cast<tile::MemDescType>(buffer.getType()).getEncoding());
      auto type = cast<RankedTensorType>(load.getType());
      int64_t swizzle = bufferEncoding.getSwizzleBytes();
      auto mapType = tile::TensorMapType::get(
          b.getContext(), {type.getShape()[0], swizzle / (type.getElementTypeBitWidth() / 8)},
          type.getElementType(), swizzle,
          fillsWithNaN(load) ? tile::PaddingOption::nan : tile::PaddingOption::zero);
      // Made where its tensor is known, so that a persistent kernel's loop
      // over tiles does not encode it again for each tile.
      SmallVector<Value> tensor = {block.getBase()};
      llvm::append_range(tensor, block.getSizes());
      llvm::append_range(tensor, block.getStrides());
      OpBuilder mapBuilder(loop.getContext());
      mapBuilder.setInsertionPoint(earliestPointFor(loop, tensor));
      maps.push_back(tile::MakeTensorMapOp::create(mapBuilder, block.getLoc(), mapType,
                                                   block.getBase(), block.getSizes(),
                                                   block.getStrides()));
      engineBytes += type.getNumElements() * type.getElementTypeBitWidth() / 8;
    }
    Value barriers;
    if (anyEngine) {
      barriers = tile::LocalAllocOp::create(b, loc, barrierType(stages));
      for (int64_t j = 0; j < stages; ++j)
        tile::MBarrierInitOp::create(b, loc, stageOf(b, loc, barriers, i32(j)), 1);
    }

    // Clones the address computation for iteration `iv` with the address
    // values `state`, starts its copies into stage `slot` (masked off past
    // the loop's end) and commits them; returns the address values of the
    // next iteration.
    auto issue = [&](Value iv, ArrayRef<Value> state, Value slot) {
      IRMapping map = slice.clone(b, iv, state);
      Value inRange = arith::CmpIOp::create(b, loc, below, iv, ub);
      Value barrier;
      if (anyEngine) {
        // Every issue arrives, so that every phase completes.
        barrier = stageOf(b, loc, barriers, slot);
        tile::MBarrierArriveOp::create(
            b, loc, barrier, arith::SelectOp::create(b, loc, inRange, i32(engineBytes), i32(0)));
      }
      for (auto [load, block, buffer, tensorMap] :
           llvm::zip(loopPlan.loads, loopPlan.blocks, buffers, maps)) {
        if (block) {
          SmallVector<Value> offsets;
          for (Value offset : block.getOffsets())
            offsets.push_back(map.lookupOrDefault(offset));
          tile::AsyncTMALoadOp::create(b, load.getLoc(), tensorMap, offsets,
                                       stageOf(b, load.getLoc(), buffer, slot), barrier, inRange);
          continue;
        }
        Value mask = issueMask(b, load, inRange, map);
        Value stage = stageOf(b, load.getLoc(), buffer, slot);
        tile::AsyncCopyOp::create(b, load.getLoc(), map.lookupOrDefault(load.getPtr()), stage,
                                  mask);
      }
      if (anyAsync)
        tile::AsyncCommitGroupOp::create(b, loc);
      return slice.next(map);
    };

    // Prologue: iterations 0 .. stages-2.
    SmallVector<Value> state = slice.initial();
    for (int64_t j = 0; j + 1 < stages; ++j) {
      Value iv = j ? Value(arith::AddIOp::create(
                         b, loc, lb, arith::MulIOp::create(b, loc, step, ivConstant(j))))
                   : lb;
      state = issue(iv, state, i32(j));
    }

    tile::DotOp asyncDot = asyncDots ? asyncDotOf(loop, loopPlan) : tile::DotOp();
    SmallVector<Value> newInits(state);
    newInits.push_back(i32(0));
    // Called before the old body moves into the new loop: the code goes into
    // the old body, and refers to the new loop's look-ahead and slot arguments.
    auto yieldFn = [&](OpBuilder &, Location, ArrayRef<BlockArgument> newArgs) {
      SmallVector<Value> yields;
      OpBuilder::InsertionGuard guard(b);
      Block *body = loop.getBody();
      b.setInsertionPointToStart(body);
      Value slot = newArgs.back();
      if (anyAsync)
        tile::AsyncWaitOp::create(b, loc, stages - 2);
      else
        tile::BarrierOp::create(b, loc);
      if (anyEngine) {
        Value phase = stagePhase(b, loc, loop, stages);
        tile::MBarrierWaitOp::create(b, loc, stageOf(b, loc, barriers, slot), phase);
      }
      // This iteration's operands come from its stage.
      for (auto [load, buffer] : llvm::zip(loopPlan.loads, buffers)) {
        Value stage = stageOf(b, load.getLoc(), buffer, slot);
        Value read = readValue(load);
        for (Operation *user : llvm::make_early_inc_range(read.getUsers())) {
          if (auto trans = dyn_cast<tile::TransOp>(user)) {
            // The tile as loaded, which the dot reads transposed.
            trans->setOperand(0,
                              tile::LocalLoadOp::create(b, trans.getLoc(), read.getType(), stage));
            continue;
          }
          auto convert = cast<tile::ConvertLayoutOp>(user);
          Value value = tile::LocalLoadOp::create(b, convert.getLoc(), convert.getType(), stage);
          convert.replaceAllUsesWith(value);
          convert.erase();
        }
      }
      // The copies of iteration iv + (stages-1) * step, into the stage the
      // previous iteration read: before the dot, or with an asynchronous
      // dot once the previous iteration's dot is done in every warpgroup.
      if (asyncDot) {
        asyncDot.setIsAsync(true);
        b.setInsertionPointAfter(asyncDot);
        auto wait = tile::DotWaitOp::create(b, asyncDot.getLoc(), ValueRange{asyncDot.getResult()},
                                            /*pendings=*/1);
        asyncDot.getResult().replaceAllUsesExcept(wait.getResult(0), wait);
        tile::BarrierOp::create(b, loc);
      }
      Value ahead =
          arith::AddIOp::create(b, loc, loop.getInductionVar(),
                                arith::MulIOp::create(b, loc, step, ivConstant(stages - 1)));
      Value writeSlot = arith::AddIOp::create(b, loc, slot, i32(stages - 1));
      Value wraps =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, writeSlot, i32(stages));
      writeSlot = arith::SelectOp::create(
          b, loc, wraps, arith::SubIOp::create(b, loc, writeSlot, i32(stages)), writeSlot);
      SmallVector<Value> lookahead(newArgs.begin(), newArgs.end() - 1);
      llvm::append_range(yields, issue(ahead, lookahead, writeSlot));
      b.setInsertionPoint(body->getTerminator());
      Value nextSlot = arith::AddIOp::create(b, loc, slot, i32(1));
      Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, nextSlot, i32(stages));
      yields.push_back(arith::SelectOp::create(b, loc, last, i32(0), nextSlot));
      return yields;
    };
    unsigned accIndex = asyncDot ? cast<BlockArgument>(asyncDot.getAcc()).getArgNumber() - 1 : 0;
    if (asyncDot) {
      // The accumulators enter the loop through a wait too (no group is in
      // flight yet): the registers the loop's wgmmas accumulate in are then
      // defined once, before the loop, on the paths into it and around it. A
      // constant there would be rematerialized on the path that skips the
      // loop, between the loop's wgmmas and the wait after it in the code,
      // which makes ptxas serialize the wgmmas.
      OpOperand &init = loop.getInitArgsMutable()[accIndex];
      init.set(
          tile::DotWaitOp::create(b, loc, ValueRange{init.get()}, /*pendings=*/0).getResult(0));
    }
    scf::ForOp newLoop = extendLoop(loop, loopPlan, slice, newInits, yieldFn);
    if (!newLoop)
      return;
    b.setInsertionPointAfter(newLoop);
    if (anyAsync)
      tile::AsyncWaitOp::create(b, loc, 0);
    if (anyEngine) {
      // Every phase has completed (the copies past the end were masked off);
      // once no thread waits, the barriers' memory may be initialized again.
      tile::BarrierOp::create(b, loc);
      for (int64_t j = 0; j < stages; ++j)
        tile::MBarrierInvalOp::create(b, loc, stageOf(b, loc, barriers, i32(j)));
    }
    if (asyncDot) {
      Value result = newLoop.getResult(accIndex);
      auto wait = tile::DotWaitOp::create(b, loc, ValueRange{result}, /*pendings=*/0);
      result.replaceAllUsesExcept(wait.getResult(0), wait);
    }
  }

  /// Rebuilds `loop` with the values `newInits` carried too (`yieldFn` adds
  /// the code to the old body and gives their next values), then erases the
  /// planned loads (moved with the old body; their conversions are gone) and
  /// what only computed their addresses and masks. Null on failure.
  scf::ForOp extendLoop(scf::ForOp loop, const LoopPlan &loopPlan, AddressSlice &slice,
                        ValueRange newInits, const NewYieldValuesFn &yieldFn) {
    unsigned numOld = loop.getNumRegionIterArgs();
    IRRewriter rewriter(loop.getContext());
    rewriter.setInsertionPoint(loop);
    FailureOr<LoopLikeOpInterface> replaced =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(rewriter, newInits,
                                         /*replaceInitOperandUsesInLoop=*/false, yieldFn);
    if (failed(replaced)) {
      signalPassFailure();
      return scf::ForOp();
    }
    auto newLoop = cast<scf::ForOp>(replaced->getOperation());
    for (tile::LoadOp load : loopPlan.loads)
      eraseWithCasts(load);
    dropDeadAddressArgs(newLoop, slice.args, numOld);
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*newLoop.getBody())))
      if (isOpTriviallyDead(&op))
        op.erase();
    return newLoop;
  }

  /// Register prefetching (no asynchronous copies): the planned loads of
  /// iteration 0 run before the loop, and each iteration i loads the tiles of
  /// iteration i + 1 (masked off past the loop's end) before its own dots.
  /// A load whose tile only converts to dot operands of one kind (A or B) is
  /// double-buffered in shared memory where two stages fit (`ldsBufferType`):
  /// iteration 0's tile is written to stage 0 before the loop, the dots of
  /// iteration i read their operands from stage i % 2 (tile.local_load), and
  /// the tile of iteration i + 1 is written to stage (i + 1) % 2 at the end of
  /// iteration i, followed by the iteration's one barrier. Other loads (or
  /// all of them, where two stages do not fit) are carried to the next
  /// iteration in registers, and their dots stage them as before.
  void prefetch(scf::ForOp loop, const LoopPlan &loopPlan) {
    AddressSlice slice(loop, loopPlan);
    SmallVector<tile::LoadOp> loads(loopPlan.loads);
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value ub = loop.getUpperBound();
    arith::CmpIPredicate below =
        loop.getUnsignedCmp() ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;

    // The loads kept in shared memory, with their buffer types.
    SmallVector<tile::MemDescType> ldsTypes;
    llvm::DenseSet<Operation *> buffered;
    int64_t stageBytes = 0;
    for (tile::LoadOp load : loads) {
      tile::MemDescType type = ldsBufferType(load);
      ldsTypes.push_back(type);
      if (!type)
        continue;
      stageBytes += type.getTileBytes();
      for (Operation *user : readValue(load).getUsers()) {
        buffered.insert(user);
        if (isa<tile::TransOp>(user))
          buffered.insert(*user->getUsers().begin());
      }
    }
    // Where the two stages of all of them do not fit, the last ones stay in
    // registers.
    for (unsigned i = loads.size(); i-- > 0 && stageBytes;) {
      if (2 * stageBytes <= sharedBudget(loop, buffered))
        break;
      if (!ldsTypes[i])
        continue;
      stageBytes -= ldsTypes[i].getTileBytes();
      ldsTypes[i] = tile::MemDescType();
      for (Operation *user : readValue(loads[i]).getUsers()) {
        buffered.erase(user);
        if (isa<tile::TransOp>(user))
          buffered.erase(*user->getUsers().begin());
      }
    }
    bool useLds = stageBytes > 0;
    if (useLds)
      allocatedBytes[loop->getParentOfType<func::FuncOp>()] += 2 * stageBytes;
    SmallVector<Value> buffers;
    for (auto [load, type] : llvm::zip(loads, ldsTypes))
      buffers.push_back(type ? Value(tile::LocalAllocOp::create(b, load.getLoc(), type)) : Value());
    // The transposition of each buffered load read as a transposed B
    // operand (its type and order), taken before the body changes.
    SmallVector<std::pair<RankedTensorType, DenseI32ArrayAttr>> transposes;
    for (auto [load, buffer] : llvm::zip(loads, buffers)) {
      auto trans =
          buffer ? dyn_cast<tile::TransOp>(*readValue(load).getUsers().begin()) : tile::TransOp();
      transposes.emplace_back(trans ? trans.getType() : RankedTensorType(),
                              trans ? trans.getOrderAttr() : DenseI32ArrayAttr());
    }
    auto i32 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, v, 32); };

    // Clones the address computation for iteration `iv` with the address
    // values `state` and loads its tiles into `loaded`; returns the address
    // values of the next iteration.
    auto issue = [&](Value iv, ArrayRef<Value> state, SmallVectorImpl<Value> &loaded) {
      IRMapping map = slice.clone(b, iv, state);
      Value inRange = arith::CmpIOp::create(b, loc, below, iv, ub);
      for (tile::LoadOp load : loads) {
        Value mask = issueMask(b, load, inRange, map);
        Value other = load.getOther() ? map.lookupOrDefault(load.getOther()) : Value();
        auto copy = tile::LoadOp::create(b, load.getLoc(), map.lookupOrDefault(load.getPtr()),
                                         mask, other);
        copy->setDiscardableAttrs(load->getDiscardableAttrDictionary());
        loaded.push_back(copy);
      }
      return slice.next(map);
    };
    // Writes the buffered ones of `tiles` to stage `slot` (as their readers
    // read them: bitcast to the buffer's element type; a transposed B operand
    // as its transposition, which the lowering folds into the stores), then
    // synchronizes.
    auto fill = [&](ArrayRef<Value> tiles, Value slot) {
      for (auto [load, buffer, tile, trans] : llvm::zip(loads, buffers, tiles, transposes)) {
        if (!buffer)
          continue;
        Value value = tile;
        auto type = cast<RankedTensorType>(tile.getType());
        Type elem = cast<tile::MemDescType>(buffer.getType()).getElementType();
        if (type.getElementType() != elem)
          value = arith::BitcastOp::create(b, load.getLoc(), type.clone(elem), value);
        if (trans.first)
          value = tile::TransOp::create(b, load.getLoc(), trans.first, value, trans.second);
        tile::LocalStoreOp::create(b, load.getLoc(), value,
                                   stageOf(b, load.getLoc(), buffer, slot));
      }
      tile::BarrierOp::create(b, loc);
    };
    // The tiles carried in registers.
    auto inRegisters = [&](ArrayRef<Value> tiles) {
      SmallVector<Value> kept;
      for (auto [buffer, tile] : llvm::zip(buffers, tiles))
        if (!buffer)
          kept.push_back(tile);
      return kept;
    };

    // Prologue: iteration 0's tiles.
    SmallVector<Value> tiles;
    SmallVector<Value> newInits = issue(loop.getLowerBound(), slice.initial(), tiles);
    unsigned numAhead = newInits.size();
    llvm::append_range(newInits, inRegisters(tiles));
    if (useLds) {
      fill(tiles, i32(0));
      newInits.push_back(i32(0));
    }
    // Called before the old body moves into the new loop: the code goes into
    // the old body, and refers to the new loop's look-ahead, tile and slot
    // arguments.
    auto yieldFn = [&](OpBuilder &, Location, ArrayRef<BlockArgument> newArgs) {
      OpBuilder::InsertionGuard guard(b);
      Block *body = loop.getBody();
      b.setInsertionPointToStart(body);
      // This iteration's tiles are the ones loaded one iteration earlier, in
      // registers or in stage `slot`, read where they were converted.
      ArrayRef<BlockArgument> carried = newArgs.drop_front(numAhead);
      Value slot = useLds ? Value(newArgs.back()) : Value();
      for (auto [load, buffer] : llvm::zip(loads, buffers)) {
        if (!buffer) {
          load->getResult(0).replaceAllUsesWith(Value(carried.front()));
          carried = carried.drop_front();
          continue;
        }
        for (Operation *user : llvm::make_early_inc_range(readValue(load).getUsers())) {
          tile::TransOp trans;
          if ((trans = dyn_cast<tile::TransOp>(user)))
            user = *trans->getUsers().begin();
          auto convert = cast<tile::ConvertLayoutOp>(user);
          OpBuilder::InsertionGuard at(b);
          b.setInsertionPoint(convert);
          Value stage = stageOf(b, load.getLoc(), buffer, slot);
          Value value = tile::LocalLoadOp::create(b, convert.getLoc(), convert.getType(), stage);
          convert.replaceAllUsesWith(value);
          convert.erase();
          if (trans)
            trans.erase();
        }
      }
      Value next = arith::AddIOp::create(b, loc, loop.getInductionVar(), loop.getStep());
      SmallVector<Value> ahead(newArgs.take_front(numAhead).begin(),
                               newArgs.take_front(numAhead).end());
      SmallVector<Value> nextTiles;
      SmallVector<Value> yields = issue(next, ahead, nextTiles);
      llvm::append_range(yields, inRegisters(nextTiles));
      if (useLds) {
        // The next iteration's tiles go to the other stage once this
        // iteration's dots have read theirs.
        b.setInsertionPoint(body->getTerminator());
        Value writeSlot = arith::SubIOp::create(b, loc, i32(1), slot);
        fill(nextTiles, writeSlot);
        yields.push_back(writeSlot);
      }
      return yields;
    };
    extendLoop(loop, loopPlan, slice, newInits, yieldFn);
  }

  /// The type of the two-stage shared-memory buffer of `load` (register
  /// prefetch), or null when it stays in registers: a load whose users
  /// (after element bitcasts, readValue) all convert it to dot operands of
  /// the same index, or whose one user is a
  /// transposition read as the B operand of MFMA dots. MFMA operands are
  /// stored unpadded, A row-major and B column-major (each lane's K elements
  /// adjacent, as the MFMA lowering's own staging; a transposed B is then
  /// stored as loaded); mma ones as the asynchronous copies store them.
  static tile::MemDescType ldsBufferType(tile::LoadOp load) {
    Value read = readValue(load);
    auto type = cast<RankedTensorType>(read.getType());
    std::optional<unsigned> opIdx;
    bool mfma = false;
    bool transposed = llvm::any_of(read.getUsers(), llvm::IsaPred<tile::TransOp>);
    if (transposed && !read.hasOneUse())
      return {};
    if (auto trans = dyn_cast<tile::TransOp>(*read.getUsers().begin())) {
      auto convert = cast<tile::ConvertLayoutOp>(*trans->getUsers().begin());
      auto encoding = cast<tile::DotOperandEncodingAttr>(tile::getEncoding(convert.getType()));
      if (!isa<tile::MfmaEncodingAttr>(encoding.getParent()))
        return {};
      type = trans.getType();
    }
    for (Operation *user : read.getUsers()) {
      if (isa<tile::TransOp>(user))
        user = *user->getUsers().begin();
      auto convert = dyn_cast<tile::ConvertLayoutOp>(user);
      if (!convert)
        return {};
      auto encoding = cast<tile::DotOperandEncodingAttr>(tile::getEncoding(convert.getType()));
      if (opIdx && *opIdx != encoding.getOpIdx())
        return {};
      opIdx = encoding.getOpIdx();
      mfma = isa<tile::MfmaEncodingAttr>(encoding.getParent());
    }
    if (!opIdx)
      return {};
    if (!mfma)
      return bufferType(type, 2, WgmmaUse::None);
    MLIRContext *ctx = type.getContext();
    auto shared = tile::SharedEncodingAttr::get(
        ctx, 1, 1, 1, *opIdx == 1 ? ArrayRef<unsigned>{0, 1} : ArrayRef<unsigned>{1, 0}, 0, 0);
    SmallVector<int64_t> shape = {2};
    llvm::append_range(shape, type.getShape());
    return tile::MemDescType::get(ctx, shape, type.getElementType(), shared);
  }

  /// Original address values that now only compute their own next value
  /// (the pipelined loads read the look-ahead copies) are made pass-through,
  /// so that canonicalization drops them and their updates.
  static void dropDeadAddressArgs(scf::ForOp loop, ArrayRef<unsigned> addressArgs,
                                  unsigned numOld) {
    Block *body = loop.getBody();
    Operation *yield = body->getTerminator();
    for (unsigned index : addressArgs) {
      if (index >= numOld || !loop.getResult(index).use_empty())
        continue;
      BlockArgument arg = loop.getRegionIterArg(index);
      // Ops fed by the argument, which must reach nothing but its update.
      llvm::SetVector<Operation *> chain;
      SmallVector<Value> work = {arg};
      bool dead = true;
      while (!work.empty() && dead) {
        Value v = work.pop_back_val();
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          if (user == yield) {
            dead &= use.getOperandNumber() == index;
            continue;
          }
          if (user->getBlock() != body || !isPure(user)) {
            dead = false;
            break;
          }
          if (chain.insert(user))
            llvm::append_range(work, user->getResults());
        }
      }
      if (!dead)
        continue;
      yield->setOperand(index, arg);
      SmallVector<Operation *> ops(chain.begin(), chain.end());
      llvm::sort(ops, [](Operation *a, Operation *b) { return b->isBeforeInBlock(a); });
      for (Operation *op : ops)
        if (op->use_empty())
          op->erase();
    }
  }
};

} // namespace
