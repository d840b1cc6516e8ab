//===- StripMine.cpp - Wide lane-wise vector chains -> loops over chunks --===//
//
// After conversion a tile of 4096 elements is one `vector<4096xf32>` SSA value.
// LLVM legalizes such a value into hundreds of registers and, because every op
// of a chain is emitted for all lanes before the next op starts (all 256 mask
// compares, then all loads, ...), spills most of them. This step rewrites
// maximal runs of lane-wise ops on N-lane vectors (elementwise arith/math,
// splats, range constants, contiguous and masked loads/stores, vector GEPs,
// gathers/scatters) as one `scf.for` over `chunkLanes`-lane pieces: each
// iteration runs the whole chain on a few registers. Wide values entering a run
// are read piecewise from a stack buffer; wide values leaving it are written to
// one and reloaded after the loop (a following run reads that buffer directly).
//
// Memory order: within a run, the accesses of one lane keep their program
// order, but accesses of different lanes interleave, as the lanes of a GPU
// program's tile do across threads; a run never puts a load after a store.
// A program whose tiles read memory that another lane of its own stores
// writes (overlapping, shifted accesses) is unspecified, as in Triton.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/TileToVector.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <map>

namespace tilec {
#define GEN_PASS_DEF_TILECSTRIPMINE
#include "tilec/Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec::detail;

namespace {

/// Lane count of a 1-D vector type, 0 for anything else.
int64_t lanesOf(Type type) {
  auto vec = dyn_cast<VectorType>(type);
  return vec && vec.getRank() == 1 && !vec.isScalable() ? vec.getNumElements() : 0;
}

/// An integer constant vector `start + step * k` (a range) when `op` is one.
std::optional<std::pair<APInt, APInt>> matchRangeConstant(arith::ConstantOp op) {
  auto dense = dyn_cast<DenseIntElementsAttr>(op.getValue());
  if (!dense || dense.getNumElements() < 2 || dense.getElementType().getIntOrFloatBitWidth() < 8)
    return std::nullopt;
  auto values = dense.getValues<APInt>();
  APInt start = values[0], step = values[1] - values[0];
  for (auto [k, v] : llvm::enumerate(values))
    if (v != start + step * k)
      return std::nullopt;
  return std::make_pair(start, step);
}

/// The operand index of the scalar address of a contiguous vector access, or
/// -1 when `op` is not one.
int contiguousAddressOperand(Operation *op) {
  auto scalarPtr = [&](unsigned i) {
    return op->getNumOperands() > i && isa<LLVM::LLVMPointerType>(op->getOperand(i).getType());
  };
  if (isa<LLVM::LoadOp, LLVM::MaskedLoadOp>(op) && scalarPtr(0))
    return 0;
  if (isa<LLVM::StoreOp, LLVM::MaskedStoreOp>(op) && scalarPtr(1))
    return 1;
  return -1;
}

bool readsMemory(Operation *op) {
  return isa<LLVM::LoadOp, LLVM::MaskedLoadOp, LLVM::masked_gather>(op);
}
bool writesMemory(Operation *op) {
  return isa<LLVM::StoreOp, LLVM::MaskedStoreOp, LLVM::masked_scatter>(op);
}

/// A 1-D integer vector whose lanes form a non-decreasing arithmetic sequence
/// when computed without wrapping: its first and last lanes as scalars and
/// the difference between them (below 2^(w-1), so that a sequence that wraps
/// ends below where it starts).
struct LaneSequence {
  Value first, last;
  APInt span;
};

/// `v` as a LaneSequence (splats, range constants with a non-negative step,
/// and sums of those), creating the scalar ops computing its ends at `b`'s
/// insertion point; std::nullopt for anything else.
std::optional<LaneSequence> matchLaneSequence(OpBuilder &b, Location loc, Value v) {
  auto type = dyn_cast<VectorType>(v.getType());
  if (!type || type.getRank() != 1 || !type.getElementType().isSignlessInteger())
    return std::nullopt;
  Type elem = type.getElementType();
  if (auto broadcast = v.getDefiningOp<vector::BroadcastOp>()) {
    if (isa<VectorType>(broadcast.getSourceType()))
      return std::nullopt;
    return LaneSequence{broadcast.getSource(), broadcast.getSource(),
                        APInt::getZero(elem.getIntOrFloatBitWidth())};
  }
  if (auto constant = v.getDefiningOp<arith::ConstantOp>()) {
    auto scalar = [&](const APInt &value) {
      return arith::ConstantOp::create(b, loc, IntegerAttr::get(elem, value)).getResult();
    };
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue())) {
      Value c = scalar(splat.getSplatValue<APInt>());
      return LaneSequence{c, c, APInt::getZero(elem.getIntOrFloatBitWidth())};
    }
    auto range = matchRangeConstant(constant);
    if (!range)
      return std::nullopt;
    auto [start, step] = *range;
    // The span must not wrap: a non-negative step, steps * (n - 1) < 2^(w-1).
    bool overflow = step.isNegative();
    APInt span = step.umul_ov(APInt(step.getBitWidth(), type.getNumElements() - 1), overflow);
    if (overflow || span.isNegative())
      return std::nullopt;
    return LaneSequence{scalar(start), scalar(start + span), span};
  }
  if (auto add = v.getDefiningOp<arith::AddIOp>()) {
    std::optional<LaneSequence> lhs = matchLaneSequence(b, loc, add.getLhs());
    std::optional<LaneSequence> rhs = lhs ? matchLaneSequence(b, loc, add.getRhs()) : std::nullopt;
    bool overflow = false;
    APInt span = rhs ? lhs->span.sadd_ov(rhs->span, overflow) : APInt();
    if (!rhs || overflow || span.isNegative())
      return std::nullopt;
    return LaneSequence{arith::AddIOp::create(b, loc, lhs->first, rhs->first),
                        arith::AddIOp::create(b, loc, lhs->last, rhs->last), span};
  }
  return std::nullopt;
}

/// A scalar i1 that is true exactly when every lane of the mask `mask` is,
/// computed from the ends of its lane sequences when the mask compares such
/// sequences (`offsets < n`, and conjunctions of those): a few scalar ops
/// instead of a vector compare and reduction per piece. Null for other masks.
Value emitScalarAllLanesTrue(OpBuilder &b, Location loc, Value mask) {
  std::function<Value(Value)> scalarTest = [&](Value m) -> Value {
    if (auto broadcast = m.getDefiningOp<vector::BroadcastOp>())
      return isa<VectorType>(broadcast.getSourceType()) ? Value() : broadcast.getSource();
    if (auto andOp = m.getDefiningOp<arith::AndIOp>()) {
      Value lhs = scalarTest(andOp.getLhs());
      Value rhs = lhs ? scalarTest(andOp.getRhs()) : Value();
      return rhs ? arith::AndIOp::create(b, loc, lhs, rhs).getResult() : Value();
    }
    auto cmp = m.getDefiningOp<arith::CmpIOp>();
    if (!cmp)
      return {};
    using P = arith::CmpIPredicate;
    P pred = cmp.getPredicate();
    Value lhsValue = cmp.getLhs(), rhsValue = cmp.getRhs();
    // a > b is b < a.
    static const std::pair<P, P> swapped[] = {
        {P::sgt, P::slt}, {P::sge, P::sle}, {P::ugt, P::ult}, {P::uge, P::ule}};
    for (auto [greater, less] : swapped)
      if (pred == greater) {
        std::swap(lhsValue, rhsValue);
        pred = less;
      }
    if (pred != P::slt && pred != P::sle && pred != P::ult && pred != P::ule)
      return {};
    std::optional<LaneSequence> lhs = matchLaneSequence(b, loc, lhsValue);
    std::optional<LaneSequence> rhs = lhs ? matchLaneSequence(b, loc, rhsValue) : std::nullopt;
    if (!rhs)
      return {};
    // Every lane of a non-decreasing lhs is below every lane of a
    // non-decreasing rhs when lhs's last lane is below rhs's first; a
    // sequence that wrapped ends below where it starts, which the test
    // rejects (such pieces take the masked path).
    bool isSigned = pred == P::slt || pred == P::sle;
    P noWrap = isSigned ? P::sle : P::ule;
    Value all = arith::CmpIOp::create(b, loc, pred, lhs->last, rhs->first);
    for (const LaneSequence &seq : {*lhs, *rhs})
      if (!seq.span.isZero())
        all = arith::AndIOp::create(
            b, loc, all, arith::CmpIOp::create(b, loc, noWrap, seq.first, seq.last));
    return all;
  };
  return scalarTest(mask);
}

/// As emitScalarAllLanesTrue, falling back to `vector.reduction <and>`.
Value emitAllLanesTrue(OpBuilder &b, Location loc, Value mask) {
  if (Value all = emitScalarAllLanesTrue(b, loc, mask))
    return all;
  return vector::ReductionOp::create(b, loc, vector::CombiningKind::AND, mask);
}

/// A vector.shuffle of one 1-D vector that broadcasts it over a flat 2-D tile
/// (tile.broadcast of a [1, C] row or an [R, 1] column): with `columns`, lane
/// i reads src[i % period]; otherwise src[i / period].
struct BroadcastShuffle {
  bool columns;
  int64_t period;
};

std::optional<BroadcastShuffle> matchBroadcastShuffle(Operation *op) {
  auto shuffle = dyn_cast<vector::ShuffleOp>(op);
  if (!shuffle || shuffle.getV1() != shuffle.getV2())
    return std::nullopt;
  int64_t srcLanes = lanesOf(shuffle.getV1().getType());
  ArrayRef<int64_t> mask = shuffle.getMask();
  int64_t n = static_cast<int64_t>(mask.size());
  if (!srcLanes || n <= srcLanes || n % srcLanes)
    return std::nullopt;
  int64_t repeat = n / srcLanes;
  bool columns = true, rows = true;
  for (auto [i, m] : llvm::enumerate(mask)) {
    columns = columns && m == static_cast<int64_t>(i) % srcLanes;
    rows = rows && m == static_cast<int64_t>(i) / repeat;
  }
  if (columns)
    return BroadcastShuffle{true, srcLanes};
  if (rows)
    return BroadcastShuffle{false, repeat};
  return std::nullopt;
}

/// The lane count `op` works on when it is lane-wise (lane i of every result
/// depends only on lane i of its vector operands and on scalars), else 0.
int64_t laneWiseWidth(Operation *op) {
  int64_t n = 0;
  auto sameWidth = [&](Type t) {
    if (!isa<VectorType>(t))
      return true;
    int64_t lanes = lanesOf(t);
    if (!lanes || (n && lanes != n))
      return false;
    n = lanes;
    return true;
  };
  auto allSameWidth = [&](TypeRange types) { return llvm::all_of(types, sameWidth); };

  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    if (!lanesOf(constant.getType()))
      return 0;
    if (isa<SplatElementsAttr>(constant.getValue()) || matchRangeConstant(constant))
      return lanesOf(constant.getType());
    return 0;
  }
  if (auto broadcast = dyn_cast<vector::BroadcastOp>(op))
    return isa<VectorType>(broadcast.getSourceType()) ? 0 : lanesOf(broadcast.getType());
  if (matchBroadcastShuffle(op))
    return lanesOf(op->getResult(0).getType());
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    if (load.getVolatile_() || load.getOrdering() != LLVM::AtomicOrdering::not_atomic)
      return 0;
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    if (store.getVolatile_() || store.getOrdering() != LLVM::AtomicOrdering::not_atomic)
      return 0;
  bool memory = contiguousAddressOperand(op) >= 0 ||
                isa<LLVM::masked_gather, LLVM::masked_scatter>(op);
  bool elementwise = op->getNumRegions() == 0 && op->hasTrait<OpTrait::Elementwise>() &&
                     isa<arith::ArithDialect, math::MathDialect>(op->getDialect());
  auto gep = dyn_cast<LLVM::GEPOp>(op);
  if (gep && !isa<VectorType>(gep.getType()))
    return 0;
  if (!memory && !elementwise && !gep)
    return 0;
  if (!allSameWidth(op->getOperandTypes()) || !allSameWidth(op->getResultTypes()))
    return 0;
  // Something must be N lanes wide (a scalar load is not lane-wise).
  return n;
}

/// The alloca `addr` is (directly or through a GEP by constant 0), else null.
LLVM::AllocaOp getStackBuffer(Value addr) {
  if (auto gep = addr.getDefiningOp<LLVM::GEPOp>()) {
    auto indices = gep.getIndices();
    if (indices.size() != 1)
      return {};
    auto index = dyn_cast<Value>(indices[0]);
    std::optional<int64_t> constant;
    if (index) {
      if (auto c = index.getDefiningOp<arith::ConstantOp>())
        if (auto attr = dyn_cast<IntegerAttr>(c.getValue()))
          constant = attr.getInt();
    } else {
      constant = cast<IntegerAttr>(cast<Attribute>(indices[0])).getInt();
    }
    if (constant != 0)
      return {};
    addr = gep.getBase();
  }
  return addr.getDefiningOp<LLVM::AllocaOp>();
}

/// Ops reading or writing `buffer`, through GEPs included.
SmallVector<Operation *> bufferAccesses(LLVM::AllocaOp buffer) {
  SmallVector<Operation *> accesses;
  for (Operation *user : buffer->getUsers()) {
    if (auto gep = dyn_cast<LLVM::GEPOp>(user))
      llvm::append_range(accesses, gep->getUsers());
    else
      accesses.push_back(user);
  }
  return accesses;
}

/// The root of a stack address: the alloca `addr` is, or that a chain of
/// GEPs starts from; null for any other address.
LLVM::AllocaOp getStackRoot(Value addr) {
  while (auto gep = addr.getDefiningOp<LLVM::GEPOp>())
    addr = gep.getBase();
  return addr.getDefiningOp<LLVM::AllocaOp>();
}

/// Whether `op` or an op nested in it may write memory other than the
/// compiler's stack buffers (which no pointer of the program can reach).
bool mayWriteProgramMemory(Operation *op) {
  WalkResult result = op->walk([](Operation *inner) {
    if (isa<LLVM::Prefetch>(inner))
      return WalkResult::advance(); // A hint: it changes no memory.
    if (auto store = dyn_cast<LLVM::StoreOp>(inner))
      return getStackRoot(store.getAddr()) ? WalkResult::advance() : WalkResult::interrupt();
    if (auto store = dyn_cast<LLVM::MaskedStoreOp>(inner))
      return getStackRoot(store.getData()) ? WalkResult::advance() : WalkResult::interrupt();
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(inner))
      return iface.hasEffect<MemoryEffects::Write>() ? WalkResult::interrupt()
                                                     : WalkResult::advance();
    // Ops without the interface have unknown effects unless their effects
    // are those of the ops they contain (visited by the walk).
    return inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ? WalkResult::advance()
                                                                 : WalkResult::interrupt();
  });
  return result.wasInterrupted();
}

/// A reduction's fold loop (see foldToWidth in Reduce.cpp) that a run can
/// absorb: `scf.for` over the run's pieces (0 to the run's lanes, one piece a
/// step) whose body reads piece `iv` of stack buffers that a store of the run
/// fills whole, and otherwise only computes.
struct Fold {
  scf::ForOp loop;
  /// The body's buffer loads and the run's stores filling their buffers
  /// (the stored values may change as earlier runs are rewritten).
  SmallVector<std::pair<LLVM::LoadOp, LLVM::StoreOp>> reads;
};

/// A run of lane-wise ops on `lanes`-lane vectors in one block, in order,
/// possibly ended by a fold of some of its values.
struct Run {
  int64_t lanes = 0;
  llvm::SetVector<Operation *> ops;
  bool hasStore = false;
  std::optional<Fold> fold;
};

class StripMiner {
public:
  StripMiner(int64_t chunkLanes, bool prefetchNextProgram)
      : chunkLanes(chunkLanes), prefetchNextProgram(prefetchNextProgram) {}

  bool isChunkable(Type type) const {
    int64_t lanes = lanesOf(type);
    return lanes > chunkLanes && lanes % chunkLanes == 0;
  }

  /// Moves wide vectors carried by scf.for loops to stack buffers: the body
  /// loads the buffer where it starts and stores the yielded value where it
  /// ends, so both accesses join the runs of the body (an accumulator such as
  /// `acc += tl.load(...)` is then updated piece by piece in place).
  void demoteLoopCarriedVectors(scf::ForOp loop) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      if (!isChunkable(arg.getType()))
        continue;
      auto type = cast<VectorType>(arg.getType());
      Location loc = loop.getLoc();
      OpBuilder b(loop);
      Value buf = spillToStack(b, loop, loop.getInitArgs()[i]);
      Type i64 = b.getI64Type();
      auto zero = [&] { return arith::ConstantIntOp::create(b, loc, i64, 0).getResult(); };
      b.setInsertionPointToStart(loop.getBody());
      Value current = loadBufferLanes(b, loc, buf, type.getElementType(), zero(),
                                      type.getNumElements(), /*align=*/64);
      arg.replaceAllUsesWith(current);
      b.setInsertionPoint(yield);
      storeBufferLanes(b, loc, yield.getOperand(i), buf, zero(), /*align=*/64);
      // The loop now carries its initial value unchanged (LLVM drops it).
      yield->setOperand(i, arg);
      b.setInsertionPointAfter(loop);
      Value result = loadBufferLanes(b, loc, buf, type.getElementType(), zero(),
                                     type.getNumElements(), /*align=*/64);
      loop.getResult(i).replaceAllUsesWith(result);
    }
  }

  /// Gives each lane-wise user of a cheap lane-wise value (a range, a splat, a
  /// mask compare, index arithmetic) its own copy right before it, so that every
  /// run recomputes such values piecewise instead of passing them through a
  /// stack buffer.
  /// Only values at most this many cheap ops deep are recomputed: copying a
  /// value copies its cheap operands too, so deep chains of multiply used
  /// values (a sorting network of compares and selects) would grow
  /// exponentially.
  static constexpr unsigned kMaxRecomputeDepth = 4;
  /// Copies of one value multiply with the copies of its users, so even
  /// shallow chains of widely used values (a value used by a hundred ops whose
  /// operand is used by a hundred ops, ...) could multiply the block; the
  /// copies made in one block are capped at this many per original op (plus
  /// a small constant), past which values stay shared through a buffer.
  static constexpr size_t kMaxCopiesPerOp = 4, kMinCopyBudget = 1024;

  void rematerializeCheapValues(Block &block) {
    SmallVector<Operation *> ops;
    llvm::DenseMap<Operation *, unsigned> cheapDepth;
    for (Operation &op : block) {
      ops.push_back(&op);
      if (!isCheap(&op))
        continue;
      unsigned depth = 1;
      for (Value v : op.getOperands())
        if (Operation *def = v.getDefiningOp())
          if (auto it = cheapDepth.find(def); it != cheapDepth.end())
            depth = std::max(depth, it->second + 1);
      cheapDepth[&op] = depth;
    }
    size_t copyBudget = std::max(kMinCopyBudget, kMaxCopiesPerOp * ops.size());
    for (Operation *op : llvm::reverse(ops)) {
      if (!isCheap(op) || op->getNumResults() != 1 || op->getResult(0).hasOneUse() ||
          op->getResult(0).use_empty() || cheapDepth.lookup(op) > kMaxRecomputeDepth)
        continue;
      // Only lane-wise users get a copy (a shuffle slicing rows out of the
      // value keeps reading the one original).
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : op->getResult(0).getUses()) {
        Operation *user = block.findAncestorOpInBlock(*use.getOwner());
        if (user && user == use.getOwner() && laneWiseWidth(user))
          uses.push_back(&use);
      }
      if (uses.size() > copyBudget)
        continue;
      copyBudget -= uses.size();
      for (OpOperand *use : uses) {
        OpBuilder b(use->getOwner());
        use->set(b.clone(*op)->getResult(0));
      }
      if (op->use_empty())
        op->erase();
    }
  }

  /// Gives each later run that reads a wide load from program memory its own
  /// copy of the load, when nothing between the two may write that memory:
  /// the run then reads the memory again (from the cache, like a
  /// hand-written loop making several passes over a row) instead of the
  /// producing run storing the whole value to a stack buffer for it.
  void rematerializeLoads(Block &block, ArrayRef<Run> runs) {
    llvm::DenseMap<Operation *, size_t> runOf;
    for (auto [i, run] : llvm::enumerate(runs))
      for (Operation *op : run.ops)
        runOf[op] = i;
    SmallVector<Operation *> loads;
    for (Operation &op : block)
      if (isa<LLVM::LoadOp, LLVM::MaskedLoadOp>(op) && contiguousAddressOperand(&op) == 0 &&
          runOf.count(&op) && !getStackRoot(op.getOperand(0)))
        loads.push_back(&op);
    for (Operation *load : loads) {
      // The first user of the load in each other run.
      llvm::MapVector<size_t, Operation *> firstUsers;
      for (Operation *user : load->getUsers()) {
        auto it = runOf.find(user);
        if (user->getBlock() != &block || it == runOf.end() || it->second == runOf[load])
          continue;
        Operation *&first = firstUsers[it->second];
        if (!first || user->isBeforeInBlock(first))
          first = user;
      }
      for (auto [consumer, first] : firstUsers) {
        size_t run = consumer;
        bool written = false;
        for (Operation *op = load->getNextNode(); op != first && !written; op = op->getNextNode())
          written = mayWriteProgramMemory(op);
        if (written)
          continue;
        OpBuilder b(first);
        Operation *copy = b.clone(*load);
        load->getResult(0).replaceUsesWithIf(copy->getResult(0), [&](OpOperand &use) {
          auto it = runOf.find(use.getOwner());
          return it != runOf.end() && it->second == run;
        });
      }
      if (load->use_empty())
        load->erase();
    }
  }

  /// The runs of `block` in order; with `all`, also those not worth
  /// strip-mining.
  SmallVector<Run> collectRuns(Block &block, bool all) {
    SmallVector<Run> runs;
    Run current;
    auto close = [&] {
      if (!current.ops.empty() && (all || isWorthIt(current)))
        runs.push_back(std::move(current));
      current = Run();
    };
    for (Operation &op : block) {
      int64_t lanes = laneWiseWidth(&op);
      bool chunkable = lanes > chunkLanes && lanes % chunkLanes == 0;
      // A broadcast's pieces must each read one contiguous slice or element.
      if (std::optional<BroadcastShuffle> bc = matchBroadcastShuffle(&op))
        chunkable = chunkable && bc->period % chunkLanes == 0;
      if (chunkable) {
        if (current.lanes != lanes || (current.hasStore && readsMemory(&op)))
          close();
        current.lanes = lanes;
        current.ops.insert(&op);
        current.hasStore |= writesMemory(&op);
        continue;
      }
      if (current.ops.empty())
        continue;
      // A fold of the run's values joins it and ends it (what follows uses
      // the fold's results, which the run's loop produces at its end).
      if (std::optional<Fold> fold = matchFold(&op, current)) {
        current.fold = std::move(fold);
        close();
        continue;
      }
      if (!canStayBefore(&op, current))
        close();
    }
    close();
    return runs;
  }

  /// Strip-mines every run in `block` and, recursively, in nested regions.
  void processBlock(Block &block) {
    for (Operation &op : block)
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          processBlock(nested);
    rematerializeLoads(block, collectRuns(block, /*all=*/true));
    rematerializeCheapValues(block);
    // Runs are collected first; rewriting one only inserts ops before its end
    // and replaces uses after it.
    for (Run &run : collectRuns(block, /*all=*/false))
      rewrite(run);
  }

private:
  /// Whether `index` is the induction variable of `loop`, possibly plus 0.
  static bool isInductionVar(Value index, scf::ForOp loop) {
    if (auto add = index ? index.getDefiningOp<arith::AddIOp>() : nullptr)
      for (auto [v, other] : {std::pair(add.getLhs(), add.getRhs()), {add.getRhs(), add.getLhs()}})
        if (isConstantIntValue(other, 0))
          index = v;
    return index && index == loop.getInductionVar();
  }

  /// `op` as a fold of values of `run` (see Fold), if it is one.
  std::optional<Fold> matchFold(Operation *op, const Run &run) const {
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop || loop.getNumRegionIterArgs() == 0)
      return std::nullopt;
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (lb != 0 || ub != run.lanes || step != chunkLanes)
      return std::nullopt;
    Fold fold{loop, {}};
    for (Operation &inner : loop.getBody()->without_terminator()) {
      auto load = dyn_cast<LLVM::LoadOp>(inner);
      if (!load) {
        if (inner.getNumRegions() || !isMemoryEffectFree(&inner))
          return std::nullopt;
        continue;
      }
      // A load of piece `iv` of a stack buffer ...
      auto gep = load.getAddr().getDefiningOp<LLVM::GEPOp>();
      if (!gep || gep.getIndices().size() != 1 ||
          !isInductionVar(dyn_cast<Value>(gep.getIndices()[0]), loop) ||
          lanesOf(load.getType()) != chunkLanes || load.getVolatile_())
        return std::nullopt;
      auto buffer = gep.getBase().getDefiningOp<LLVM::AllocaOp>();
      if (!buffer)
        return std::nullopt;
      // ... that one store of the run fills whole and nothing else writes.
      LLVM::StoreOp source;
      for (Operation *access : bufferAccesses(buffer)) {
        auto store = dyn_cast<LLVM::StoreOp>(access);
        if (isa<LLVM::LoadOp>(access))
          continue;
        if (!store || source || !run.ops.contains(store) || store.getAddr() != buffer.getResult() ||
            lanesOf(store.getValue().getType()) != run.lanes ||
            store.getValue().getType() != VectorType::get({run.lanes}, cast<VectorType>(load.getType()).getElementType()))
          return std::nullopt;
        source = store;
      }
      if (!source)
        return std::nullopt;
      fold.reads.push_back({load, source});
    }
    return fold;
  }

  /// Whether `op`, not lane-wise, may stay where it is while the run around it
  /// moves to the run's end: a pure op that uses nothing the run defines.
  static bool canStayBefore(Operation *op, const Run &run) {
    if (op->getNumRegions() || !isMemoryEffectFree(op))
      return false;
    return llvm::none_of(op->getOperands(), [&](Value v) {
      return v.getDefiningOp() && run.ops.contains(v.getDefiningOp());
    });
  }

  /// Pure lane-wise ops cheap enough to recompute in every run that uses them.
  bool isCheap(Operation *op) const {
    int64_t lanes = laneWiseWidth(op);
    if (!lanes || lanes <= chunkLanes || lanes % chunkLanes)
      return false;
    if (isa<arith::ConstantOp, vector::BroadcastOp, LLVM::GEPOp>(op))
      return true;
    if (std::optional<BroadcastShuffle> bc = matchBroadcastShuffle(op))
      return bc->period % chunkLanes == 0;
    return isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::CmpIOp, arith::AndIOp,
               arith::OrIOp, arith::XOrIOp, arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
               arith::SelectOp, arith::IndexCastOp>(op);
  }

  /// A run pays off when it computes something: copies (loads, stores,
  /// splats) alone are handled as well by LLVM.
  static bool isWorthIt(const Run &run) {
    return run.fold || llvm::any_of(run.ops, [](Operation *op) {
      return !isa<LLVM::LoadOp, LLVM::StoreOp, arith::ConstantOp, vector::BroadcastOp>(op);
    });
  }

  VectorType chunkTypeOf(Type wide) const {
    return VectorType::get({chunkLanes}, cast<VectorType>(wide).getElementType());
  }

  /// Alignment of a `chunkLanes`-lane piece of an access aligned to `align`.
  uint64_t chunkAlignment(uint64_t align, Type elem) const {
    uint64_t bytes = chunkLanes * (elem.isInteger(1) ? 1 : getElementByteSize(elem));
    return std::min<uint64_t>(align, bytes & -bytes);
  }

  void rewrite(Run &run) {
    Operation *last = run.ops.back();
    Location loc = last->getLoc();
    // Before a fold, whose body may use values defined after the run's last op.
    OpBuilder b(run.fold ? run.fold->loop.getOperation() : last);
    Type i64 = b.getI64Type();
    auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i64, v).getResult(); };

    // Wide values flowing in (spilled once) and out (written per chunk).
    llvm::SetVector<Value> inputs, outputs;
    broadcastBuffers.clear();
    for (Operation *op : run.ops) {
      if (matchBroadcastShuffle(op)) {
        // Its (narrow) source is read by index: spilled once, whole.
        Value src = op->getOperand(0);
        if (!broadcastBuffers.count(src))
          broadcastBuffers[src] = spillToStack(b, last, src);
      } else {
        for (Value v : op->getOperands())
          if (lanesOf(v.getType()) &&
              !(v.getDefiningOp() && run.ops.contains(v.getDefiningOp())))
            inputs.insert(v);
      }
      for (Value r : op->getResults())
        if (llvm::any_of(r.getUsers(), [&](Operation *u) { return !run.ops.contains(u); }))
          outputs.insert(r);
    }
    llvm::DenseMap<Value, Value> inputBuffers, outputBuffers;
    llvm::DenseSet<Value> filledByRun; // Outputs whose buffer a run op fills.
    for (Value v : inputs) {
      if (isSplat(v))
        continue; // Rebuilt at chunk width in the loop: nothing to spill.
      auto it = reloadedFrom.find(v);
      inputBuffers[v] = it != reloadedFrom.end() ? it->second : spillToStack(b, last, v);
    }
    for (Value v : outputs) {
      Type elem = cast<VectorType>(v.getType()).getElementType();
      Value buffer = findReadOnlyCopy(v, run);
      if (buffer)
        filledByRun.insert(v);
      outputBuffers[v] = buffer ? buffer
                                : createEntryAlloca(b, last, elem.isInteger(1) ? b.getI8Type() : elem,
                                                    run.lanes);
    }

    // The next program's address of each load that prefetches it, before the loop.
    nextProgramAddresses.clear();
    for (Operation *op : run.ops)
      if (std::optional<NextProgramSlice> slice = matchRowStream(op))
        if (countRowStreamReads(op)[slice->roots] > 1)
          if (Value next = guardNextRowSize(
                  b, loc, op, op->getOperand(0), emitNextProgramAddress(b, loc, *slice),
                  run.lanes * getElementByteSize(
                                  cast<VectorType>(op->getResult(0).getType()).getElementType())))
            nextProgramAddresses[op] = next;

    ValueRange foldInits = run.fold ? run.fold->loop.getInitArgs() : ValueRange{};
    auto loop = scf::ForOp::create(b, loc, cst(0), cst(run.lanes), cst(chunkLanes), foldInits);
    {
      OpBuilder::InsertionGuard guard(b);
      if (loop.getBody()->mightHaveTerminator())
        b.setInsertionPoint(loop.getBody()->getTerminator());
      else
        b.setInsertionPointToEnd(loop.getBody());
      Value lane = loop.getInductionVar();
      IRMapping map;
      for (Value v : inputs) {
        if (Value piece = splatPiece(b, loc, v)) {
          map.map(v, piece);
          continue;
        }
        Type elem = cast<VectorType>(v.getType()).getElementType();
        map.map(v, loadBufferLanes(b, loc, inputBuffers[v], elem, lane, chunkLanes,
                                   chunkAlignment(64, elem)));
      }
      for (Operation *op : run.ops)
        emitChunk(b, op, lane, map);
      for (Value v : outputs) {
        if (filledByRun.contains(v))
          continue;
        Type elem = cast<VectorType>(v.getType()).getElementType();
        storeBufferLanes(b, loc, map.lookup(v), outputBuffers[v], lane,
                         chunkAlignment(64, elem));
      }
      if (run.fold)
        emitFold(b, *run.fold, lane, loop.getRegionIterArgs(), map);
    }
    if (run.fold) {
      run.fold->loop->replaceAllUsesWith(loop.getResults());
      run.fold->loop->erase();
    }

    // Reload what leaves the run after the loop, then drop the wide ops.
    b.setInsertionPointAfter(loop);
    for (Value v : outputs) {
      Value wide = loadBufferLanes(b, loc, outputBuffers[v],
                                   cast<VectorType>(v.getType()).getElementType(), cst(0),
                                   run.lanes, /*align=*/64);
      v.replaceUsesWithIf(wide, [&](OpOperand &use) { return !run.ops.contains(use.getOwner()); });
      reloadedFrom[wide] = outputBuffers[v];
    }
    for (Operation *op : llvm::reverse(run.ops))
      op->erase();
  }

  /// Emits the body of `fold` for the piece at `lane` (its loads of buffer
  /// pieces replaced by the pieces in `map`, its carried values by `acc`) and
  /// yields its results.
  static void emitFold(OpBuilder &b, Fold &fold, Value lane, ValueRange acc,
                       const IRMapping &map) {
    IRMapping body;
    body.map(fold.loop.getInductionVar(), lane);
    body.map(fold.loop.getRegionIterArgs(), acc);
    for (auto [load, store] : fold.reads)
      body.map(load.getResult(), map.lookup(store.getValue()));
    for (Operation &op : fold.loop.getBody()->without_terminator())
      if (!llvm::is_contained(llvm::make_first_range(fold.reads), &op))
        b.clone(op, body);
    auto yield = cast<scf::YieldOp>(fold.loop.getBody()->getTerminator());
    scf::YieldOp::create(b, yield.getLoc(),
                         llvm::map_to_vector(yield.getOperands(),
                                             [&](Value v) { return body.lookupOrDefault(v); }));
  }

  /// A stack buffer that a store of the run fills with all of `v` and that
  /// nothing else writes (e.g. the copy a wide reduction reads): `v` may be
  /// read back from it instead of from a buffer of its own.
  static Value findReadOnlyCopy(Value v, const Run &run) {
    for (Operation *user : v.getUsers()) {
      auto store = dyn_cast<LLVM::StoreOp>(user);
      if (!store || !run.ops.contains(store) || store.getValue() != v)
        continue;
      auto alloca = store.getAddr().getDefiningOp<LLVM::AllocaOp>();
      if (!alloca)
        continue;
      bool readOnly = llvm::all_of(alloca->getUsers(), [&](Operation *other) {
        if (other == store)
          return true;
        if (isa<LLVM::LoadOp>(other))
          return true;
        auto gep = dyn_cast<LLVM::GEPOp>(other);
        return gep && llvm::all_of(gep->getUsers(),
                                   [](Operation *u) { return isa<LLVM::LoadOp>(u); });
      });
      if (readOnly)
        return alloca.getResult();
    }
    return {};
  }

  /// With `prefetchNextProgram`, the slice computing the address of `op` when
  /// it is a wide load of program memory whose address the next program
  /// recomputes (see matchNextProgramSlice); its roots name its row stream.
  std::optional<NextProgramSlice> matchRowStream(Operation *op) const {
    if (!prefetchNextProgram || !isa<LLVM::LoadOp, LLVM::MaskedLoadOp>(op) ||
        contiguousAddressOperand(op) != 0 || !isChunkable(op->getResult(0).getType()) ||
        getStackRoot(op->getOperand(0)))
      return std::nullopt;
    return matchNextProgramSlice(op->getOperand(0));
  }

  /// How many wide loads of the function enclosing `op` read each row stream.
  /// Counted once, when its first run is rewritten: the loads that later
  /// passes repeat (rematerializeLoads) exist then, and none is rewritten yet.
  std::map<SmallVector<unsigned>, int> &countRowStreamReads(Operation *op) {
    auto func = op->getParentOfType<FunctionOpInterface>();
    auto [it, inserted] = rowStreamReads.try_emplace(func);
    std::map<SmallVector<unsigned>, int> &reads = it->second;
    if (inserted)
      func->walk([&](Operation *load) {
        if (std::optional<NextProgramSlice> slice = matchRowStream(load))
          ++reads[slice->roots];
      });
    return reads;
  }

  /// Whether the wide value `v` is one value in every lane: a splat constant
  /// or a broadcast scalar (defined before any run that reads it).
  static bool isSplat(Value v) {
    if (auto constant = v.getDefiningOp<arith::ConstantOp>())
      return isa<SplatElementsAttr>(constant.getValue());
    if (auto broadcast = v.getDefiningOp<vector::BroadcastOp>())
      return !isa<VectorType>(broadcast.getSourceType());
    return false;
  }

  /// The chunk-wide piece of a splat run input (see isSplat), else null: run
  /// inputs defined far from the run (constants hoisted to the function's
  /// entry) would otherwise be spilled whole, a store as wide as the tile that
  /// LLVM's code generator splits and merges in quadratic time.
  Value splatPiece(OpBuilder &b, Location loc, Value v) const {
    if (!isSplat(v))
      return {};
    VectorType chunkType = chunkTypeOf(v.getType());
    if (auto constant = v.getDefiningOp<arith::ConstantOp>())
      return arith::ConstantOp::create(
          b, loc, chunkType, cast<SplatElementsAttr>(constant.getValue()).resizeSplat(chunkType));
    return vector::BroadcastOp::create(b, loc, chunkType,
                                       v.getDefiningOp<vector::BroadcastOp>().getSource());
  }

  /// Emits the piece at `lane` of the lane-wise op `op`, recording its results
  /// in `map`.
  void emitChunk(OpBuilder &b, Operation *op, Value lane, IRMapping &map) {
    Location loc = op->getLoc();
    if (Value next = nextProgramAddresses.lookup(op)) {
      // The lines of the same piece of the next program's row.
      Type elem = cast<VectorType>(op->getResult(0).getType()).getElementType();
      prefetchLines(b, loc, getBufferElementAddress(b, loc, next, elem, lane),
                    chunkLanes * getElementByteSize(elem));
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      VectorType chunkType = chunkTypeOf(constant.getType());
      if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue())) {
        map.map(constant.getResult(),
                arith::ConstantOp::create(b, loc, chunkType, splat.resizeSplat(chunkType)));
        return;
      }
      // A range: its first chunk plus splat(lane * step).
      auto [start, step] = *matchRangeConstant(constant);
      SmallVector<APInt> first;
      for (int64_t k = 0; k < chunkLanes; ++k)
        first.push_back(start + step * k);
      Value base = arith::ConstantOp::create(b, loc, chunkType,
                                             DenseIntElementsAttr::get(chunkType, first));
      Type elem = chunkType.getElementType();
      Value laneInElem = lane;
      if (elem.getIntOrFloatBitWidth() < 64)
        laneInElem = arith::TruncIOp::create(b, loc, elem, lane);
      else if (elem.getIntOrFloatBitWidth() > 64)
        laneInElem = arith::ExtSIOp::create(b, loc, elem, lane);
      Value stepValue = arith::ConstantOp::create(b, loc, b.getIntegerAttr(elem, step));
      Value offset = arith::MulIOp::create(b, loc, laneInElem, stepValue);
      Value offsets = vector::BroadcastOp::create(b, loc, chunkType, offset);
      map.map(constant.getResult(), arith::AddIOp::create(b, loc, base, offsets));
      return;
    }

    if (std::optional<BroadcastShuffle> bc = matchBroadcastShuffle(op)) {
      Value src = op->getOperand(0);
      Type elem = cast<VectorType>(src.getType()).getElementType();
      VectorType chunkType = chunkTypeOf(op->getResult(0).getType());
      Value period = arith::ConstantIntOp::create(b, loc, b.getI64Type(), bc->period);
      unsigned align = elem.isInteger(1) ? 1 : getElementByteSize(elem);
      Value piece;
      if (bc->columns) {
        Value start = arith::RemUIOp::create(b, loc, lane, period);
        piece = loadBufferLanes(b, loc, broadcastBuffers[src], elem, start, chunkLanes, align);
      } else {
        Value index = arith::DivUIOp::create(b, loc, lane, period);
        Value one = loadBufferLanes(b, loc, broadcastBuffers[src], elem, index, 1, align);
        piece = vector::BroadcastOp::create(b, loc, chunkType, one);
      }
      map.map(op->getResult(0), piece);
      return;
    }
    Operation *piece = b.clone(*op, map);
    for (OpResult r : piece->getResults())
      if (lanesOf(r.getType()))
        r.setType(chunkTypeOf(r.getType()));
    int addrIndex = contiguousAddressOperand(op);
    if (addrIndex >= 0) {
      Type valueType = isa<LLVM::StoreOp, LLVM::MaskedStoreOp>(op) ? op->getOperand(0).getType()
                                                                  : op->getResult(0).getType();
      Type elem = cast<VectorType>(valueType).getElementType();
      piece->setOperand(addrIndex, getBufferElementAddress(
                                       b, loc, piece->getOperand(addrIndex), elem, lane));
      // The piece was created before its address: move it after.
      piece->moveAfter(piece->getOperand(addrIndex).getDefiningOp());
      if (auto align = piece->getAttrOfType<IntegerAttr>("alignment"))
        piece->setAttr("alignment", IntegerAttr::get(align.getType(),
                                                     chunkAlignment(align.getInt(), elem)));
      if (auto store = dyn_cast<LLVM::MaskedStoreOp>(piece))
        unmaskFullPieces(b, store);
      if (auto load = dyn_cast<LLVM::MaskedLoadOp>(piece))
        map.map(op->getResult(0), unmaskFullLoad(b, load));
    }
    if (auto select = dyn_cast<arith::SelectOp>(piece))
      if (Value value = unmaskFullSelect(b, select))
        map.map(op->getResult(0), value);
  }

  /// Likewise a select by a mask of lane sequences (`tl.where(cols < n, x,
  /// 0)`) whose lanes are all true is its true value: the vector compare is
  /// then only computed in partially enabled pieces. Returns the piece's
  /// value, or null for other selects (a scalar condition, or a mask without
  /// a scalar all-lanes test).
  static Value unmaskFullSelect(OpBuilder &b, arith::SelectOp select) {
    if (!isa<VectorType>(select.getCondition().getType()))
      return {};
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfter(select);
    Location loc = select.getLoc();
    Value all = emitScalarAllLanesTrue(b, loc, select.getCondition());
    if (!all)
      return {};
    Type type = select.getType();
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, all, /*withElseRegion=*/true);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, select.getTrueValue());
    select.getResult().replaceAllUsesWith(ifOp.getResult(0));
    b.setInsertionPointToStart(ifOp.elseBlock());
    auto yield = scf::YieldOp::create(b, loc, select.getResult());
    select->moveBefore(yield);
    return ifOp.getResult(0);
  }

  /// Likewise a masked load of a piece whose lanes are all enabled is a plain
  /// load (masked loads stream at half the bandwidth on some x86 cores, e.g.
  /// Zen 4); returns the piece's value.
  static Value unmaskFullLoad(OpBuilder &b, LLVM::MaskedLoadOp load) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfter(load);
    Location loc = load.getLoc();
    Type type = load.getType();
    Value all = emitAllLanesTrue(b, loc, load.getMask());
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, all, /*withElseRegion=*/true);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value plain = LLVM::LoadOp::create(b, loc, type, load.getData(), load.getAlignment());
    scf::YieldOp::create(b, loc, plain);
    load.getResult().replaceAllUsesWith(ifOp.getResult(0));
    b.setInsertionPointToStart(ifOp.elseBlock());
    auto yield = scf::YieldOp::create(b, loc, load.getResult());
    load->moveBefore(yield);
    return ifOp.getResult(0);
  }

  /// A masked store of a piece whose lanes are all enabled (every piece of a
  /// tile but the last, in the usual `offsets < n` case) is done as a plain
  /// store, guarded by a test of the piece's mask: only partially enabled
  /// pieces pay for the masked form.
  static void unmaskFullPieces(OpBuilder &b, LLVM::MaskedStoreOp store) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(store);
    Location loc = store.getLoc();
    Value all = emitAllLanesTrue(b, loc, store.getMask());
    auto ifOp = scf::IfOp::create(b, loc, all, /*withElseRegion=*/true);
    b.setInsertionPointToStart(ifOp.thenBlock());
    auto plain =
        LLVM::StoreOp::create(b, loc, store.getValue(), store.getData(), store.getAlignment());
    if (Attribute streaming = store->getAttr(tilec::kNonTemporalAttr))
      plain->setAttr(tilec::kNonTemporalAttr, streaming);
    store->moveBefore(ifOp.elseBlock()->getTerminator());
  }

  int64_t chunkLanes;
  /// Whether the loads of rows read several times prefetch the next
  /// program's row (the pass's `prefetch-next-program` option).
  bool prefetchNextProgram;
  /// Per function: how many wide loads read each row stream (see
  /// matchRowStream), counted before its first run is rewritten.
  llvm::DenseMap<Operation *, std::map<SmallVector<unsigned>, int>> rowStreamReads;
  /// The loads of the run being rewritten that prefetch -> the next program's
  /// address.
  llvm::DenseMap<Operation *, Value> nextProgramAddresses;
  /// Narrow sources of the broadcast shuffles of the run being rewritten ->
  /// their stack copies.
  llvm::DenseMap<Value, Value> broadcastBuffers;
  /// Wide reloads after a run's loop -> the buffer they read: later runs read
  /// that buffer piecewise instead of spilling the reload again.
  llvm::DenseMap<Value, Value> reloadedFrom;

public:
  /// Erases the wide reloads that no run left a use of.
  void eraseDeadReloads() {
    for (auto [wide, buffer] : reloadedFrom) {
      Operation *op = wide.getDefiningOp();
      if (!wide.use_empty())
        continue;
      Operation *load = isa<arith::TruncIOp>(op) ? op->getOperand(0).getDefiningOp() : op;
      Operation *gep = load->getOperand(0).getDefiningOp();
      op->erase();
      if (load != op)
        load->erase();
      if (gep && gep->use_empty())
        gep->erase();
    }
    reloadedFrom.clear();
  }
};

/// Removes whole-buffer copies between stack buffers, `store (load B), A`
/// where A is only read afterwards (e.g. a reduction's copy of an accumulator
/// kept in a buffer): A's readers read B instead, provided nothing writes B
/// between the copy and A's last reader. Copying 4096 lanes is no cheaper
/// than a load and a store per lane, and LLVM may promote the copy into a
/// huge register value.
void forwardStackCopies(Block &block) {
  SmallVector<LLVM::StoreOp> stores;
  for (Operation &op : block)
    if (auto store = dyn_cast<LLVM::StoreOp>(op))
      stores.push_back(store);
  for (LLVM::StoreOp store : stores) {
    auto load = store.getValue().getDefiningOp<LLVM::LoadOp>();
    if (!load || !lanesOf(load.getType()) || load.getVolatile_() || store.getVolatile_())
      continue;
    LLVM::AllocaOp source = getStackBuffer(load.getAddr());
    LLVM::AllocaOp copy = store.getAddr().getDefiningOp<LLVM::AllocaOp>();
    if (!source || !copy || source == copy || source.getElemType() != copy.getElemType())
      continue;
    // The copy: written by this store only, read by loads in this block after it.
    Operation *lastRead = store;
    bool onlyReads = true;
    for (Operation *access : bufferAccesses(copy)) {
      if (access == store.getOperation())
        continue;
      Operation *inBlock = block.findAncestorOpInBlock(*access);
      if (!isa<LLVM::LoadOp>(access) || !inBlock || !store->isBeforeInBlock(inBlock)) {
        onlyReads = false;
        break;
      }
      if (lastRead->isBeforeInBlock(inBlock))
        lastRead = inBlock;
    }
    if (!onlyReads)
      continue;
    bool sourceWritten = llvm::any_of(bufferAccesses(source), [&](Operation *access) {
      if (isa<LLVM::LoadOp>(access))
        return false;
      Operation *inBlock = block.findAncestorOpInBlock(*access);
      return inBlock && store->isBeforeInBlock(inBlock) && !lastRead->isBeforeInBlock(inBlock);
    });
    if (sourceWritten)
      continue;
    copy.getResult().replaceUsesWithIf(source.getResult(),
                                       [&](OpOperand &use) { return use.getOwner() != store; });
    store.erase();
    if (load->use_empty())
      load.erase();
  }
}

/// Erases the stack buffers that are only ever written, with their stores
/// (e.g. the copy a reduction's fold read before the run filling it absorbed
/// the fold).
void eraseWriteOnlyBuffers(Operation *root) {
  SmallVector<LLVM::AllocaOp> buffers;
  root->walk([&](LLVM::AllocaOp alloca) { buffers.push_back(alloca); });
  for (LLVM::AllocaOp buffer : buffers) {
    SmallVector<Operation *> stores, geps;
    auto isStoreTo = [](Operation *op, Value addr) {
      auto store = dyn_cast<LLVM::StoreOp>(op);
      return store && store.getAddr() == addr && store.getValue() != addr && !store.getVolatile_();
    };
    bool writeOnly = llvm::all_of(buffer->getUsers(), [&](Operation *user) {
      if (isStoreTo(user, buffer.getResult())) {
        stores.push_back(user);
        return true;
      }
      auto gep = dyn_cast<LLVM::GEPOp>(user);
      if (!gep || gep.getBase() != buffer.getResult())
        return false;
      geps.push_back(gep);
      return llvm::all_of(gep->getUsers(), [&](Operation *gepUser) {
        stores.push_back(gepUser);
        return isStoreTo(gepUser, gep.getResult());
      });
    });
    if (!writeOnly)
      continue;
    for (Operation *op : llvm::concat<Operation *>(stores, geps))
      op->erase();
    buffer.erase();
  }
}

/// Whether `op` (in `block`, or nested in an op of it) lies strictly between
/// `first` and `last`, two ops of `block`.
bool isBetween(Block &block, Operation *op, Operation *first, Operation *last) {
  Operation *inBlock = block.findAncestorOpInBlock(*op);
  return inBlock && first->isBeforeInBlock(inBlock) && inBlock->isBeforeInBlock(last);
}

/// Works in place on a stack buffer instead of on a copy of it:
///   store (load B), A; ...A read and written...; X = load A; store X, B
/// (a dot accumulating into a copy of a loop-carried accumulator) becomes the
/// same code on B, when A is accessed only between the two copies and B not
/// at all there.
void coalesceCopyInCopyOut(Block &block) {
  SmallVector<LLVM::StoreOp> stores;
  for (Operation &op : block)
    if (auto store = dyn_cast<LLVM::StoreOp>(op))
      stores.push_back(store);
  llvm::SmallPtrSet<Operation *, 8> erased;
  for (LLVM::StoreOp copyIn : stores) {
    if (erased.contains(copyIn))
      continue;
    auto loadB = copyIn.getValue().getDefiningOp<LLVM::LoadOp>();
    if (!loadB || !lanesOf(loadB.getType()) || loadB.getVolatile_() || copyIn.getVolatile_())
      continue;
    LLVM::AllocaOp bufB = getStackBuffer(loadB.getAddr());
    auto bufA = copyIn.getAddr().getDefiningOp<LLVM::AllocaOp>();
    if (!bufB || !bufA || bufA == bufB || bufA.getElemType() != bufB.getElemType())
      continue;
    // The copy out: a whole-vector load of A stored whole into B.
    LLVM::StoreOp copyOut;
    LLVM::LoadOp loadA;
    for (Operation *access : bufferAccesses(bufA)) {
      auto load = dyn_cast<LLVM::LoadOp>(access);
      if (!load || load.getType() != loadB.getType() || getStackBuffer(load.getAddr()) != bufA)
        continue;
      for (Operation *user : load->getUsers()) {
        auto store = dyn_cast<LLVM::StoreOp>(user);
        if (store && store->getBlock() == &block && copyIn->isBeforeInBlock(store) &&
            getStackBuffer(store.getAddr()) == bufB && !store.getVolatile_() &&
            (!copyOut || store->isBeforeInBlock(copyOut))) {
          copyOut = store;
          loadA = load;
        }
      }
    }
    if (!copyOut || !isBetween(block, loadA, copyIn, copyOut))
      continue;
    bool aConfined = llvm::all_of(bufferAccesses(bufA), [&](Operation *access) {
      return access == copyIn.getOperation() || isBetween(block, access, copyIn, copyOut);
    });
    bool bUntouched = llvm::none_of(bufferAccesses(bufB), [&](Operation *access) {
      return isBetween(block, access, copyIn, copyOut);
    });
    if (!aConfined || !bUntouched)
      continue;
    bufA.getResult().replaceAllUsesWith(bufB.getResult());
    erased.insert(copyOut);
    copyOut.erase();
    copyIn.erase();
    if (loadA->use_empty())
      loadA.erase();
    if (loadB->use_empty())
      loadB.erase();
    bufA.erase();
  }
}

/// Moves a whole-vector store of a wide scf.if result into a stack buffer
/// into both branches (storing what each yields), when nothing accesses the
/// buffer between the scf.if and the store: the branch that assembles the value
/// from row loads then stores the rows straight into the buffer (see
/// storeParts) instead of passing a 2048-lane value out of the scf.if.
void sinkStoresIntoBranches(Block &block) {
  SmallVector<scf::IfOp> ifs;
  for (Operation &op : block)
    if (auto ifOp = dyn_cast<scf::IfOp>(op); ifOp && ifOp->getNumResults() && ifOp.elseBlock())
      ifs.push_back(ifOp);
  for (scf::IfOp ifOp : ifs) {
    for (OpResult result : ifOp->getResults()) {
      if (!lanesOf(result.getType()) || !result.hasOneUse())
        continue;
      auto store = dyn_cast<LLVM::StoreOp>(*result.getUsers().begin());
      if (!store || store.getValue() != result || store->getBlock() != &block ||
          store.getVolatile_())
        continue;
      LLVM::AllocaOp buffer = getStackBuffer(store.getAddr());
      if (!buffer || store.getAddr() != buffer.getResult())
        continue;
      bool touched = llvm::any_of(bufferAccesses(buffer), [&](Operation *access) {
        return isBetween(block, access, ifOp, store);
      });
      if (touched)
        continue;
      Type elem = cast<VectorType>(result.getType()).getElementType();
      unsigned elemBytes = elem.isInteger(1) ? 1 : getElementByteSize(elem);
      for (Block *branch : {ifOp.thenBlock(), ifOp.elseBlock()}) {
        Operation *yield = branch->getTerminator();
        OpBuilder b(yield);
        storeParts(b, store.getLoc(), yield->getOperand(result.getResultNumber()), buffer,
                   /*offset=*/0, elemBytes);
      }
      store.erase();
    }
  }
}

/// Reads slices of a wide loaded vector from memory: a `vector.shuffle` taking
/// consecutive lanes of one wide `llvm.load` (a row of an accumulator kept in
/// a stack buffer) becomes a narrow load, and a `vector.extract` of one lane
/// (the first pointer of a row) a scalar load, both placed right after the
/// wide load so they read the same memory. The wide load goes when unused.
void narrowSlicedLoads(Block &block, int64_t minLanes) {
  SmallVector<LLVM::LoadOp> loads;
  for (Operation &op : block)
    if (auto load = dyn_cast<LLVM::LoadOp>(op))
      if (lanesOf(load.getType()) > minLanes && !load.getVolatile_() &&
          load.getOrdering() == LLVM::AtomicOrdering::not_atomic)
        loads.push_back(load);
  for (LLVM::LoadOp load : loads) {
    auto type = cast<VectorType>(load.getType());
    Type elem = type.getElementType();
    uint64_t elemBytes = getElementByteSize(elem);
    OpBuilder b(load->getContext());
    auto loadAt = [&](Type resultType, int64_t offset) -> Value {
      uint64_t bytes = offset * elemBytes;
      uint64_t align = std::min<uint64_t>(load.getAlignment().value_or(elemBytes),
                                          bytes ? bytes & -bytes : 64);
      // Right after the wide load (set each time: the op that followed it may
      // be a slice erased meanwhile).
      b.setInsertionPointAfter(load);
      Value index = arith::ConstantIntOp::create(b, load.getLoc(), b.getI64Type(), offset);
      Value addr = getBufferElementAddress(b, load.getLoc(), load.getAddr(), elem, index);
      return LLVM::LoadOp::create(b, load.getLoc(), resultType, addr, align);
    };
    // Unique users: a shuffle of the load with itself uses it twice.
    llvm::SetVector<Operation *> users(load->user_begin(), load->user_end());
    for (Operation *user : users) {
      if (auto shuffle = dyn_cast<vector::ShuffleOp>(user)) {
        ArrayRef<int64_t> mask = shuffle.getMask();
        bool contiguous = shuffle.getV1() == load.getResult() &&
                          shuffle.getV2() == load.getResult() && !mask.empty() &&
                          mask.front() + static_cast<int64_t>(mask.size()) <= type.getNumElements();
        for (auto [i, m] : llvm::enumerate(mask))
          contiguous = contiguous && m == mask.front() + static_cast<int64_t>(i);
        if (contiguous && !elem.isInteger(1)) {
          shuffle.getResult().replaceAllUsesWith(loadAt(shuffle.getType(), mask.front()));
          shuffle.erase();
        }
        continue;
      }
      if (auto extract = dyn_cast<vector::ExtractOp>(user)) {
        auto position = extract.getStaticPosition();
        if (elem.isInteger(1) || position.size() != 1 || ShapedType::isDynamic(position[0]) ||
            !extract.getDynamicPosition().empty())
          continue;
        extract.getResult().replaceAllUsesWith(loadAt(elem, position[0]));
        extract.erase();
      }
    }
    if (load->use_empty())
      load.erase();
  }
}

/// Moves the integer vector ops of `block` (index and mask arithmetic) that
/// only scf.if branches of the block use into those branches, a copy in each
/// (e.g. a piece's mask, used by the masked paths of several versioned loads,
/// stores and selects): the fast paths of pieces whose lanes are all enabled
/// then no longer compute it. Values that both branches of one scf.if use
/// stay where they are.
void sinkVectorOpsIntoBranches(Block &block) {
  SmallVector<Operation *> ops;
  for (Operation &op : block)
    ops.push_back(&op);
  for (Operation *op : llvm::reverse(ops)) {
    if (op->getNumRegions() || op->getNumResults() != 1 || op->use_empty() ||
        !isa<vector::BroadcastOp, arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::CmpIOp,
             arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::ExtSIOp, arith::ExtUIOp,
             arith::TruncIOp>(op))
      continue;
    auto type = dyn_cast<VectorType>(op->getResult(0).getType());
    if (!type || !type.getElementType().isInteger())
      continue;
    // The branch region of an scf.if of this block holding each use.
    llvm::MapVector<Region *, SmallVector<OpOperand *>> regions;
    bool sinkable = true;
    for (OpOperand &use : op->getResult(0).getUses()) {
      Operation *user = use.getOwner();
      Operation *ancestor = block.findAncestorOpInBlock(*user);
      if (!ancestor || ancestor == user || !isa<scf::IfOp>(ancestor)) {
        sinkable = false;
        break;
      }
      Region *region = user->getParentRegion();
      while (region->getParentOp() != ancestor)
        region = region->getParentOp()->getParentRegion();
      // Not into loops nested in the branch (the op would run once per
      // iteration).
      for (Operation *p = user->getParentOp(); p != ancestor; p = p->getParentOp())
        if (isa<LoopLikeOpInterface>(p))
          sinkable = false;
      regions[region].push_back(&use);
    }
    for (auto &[region, uses] : regions)
      if (auto ifOp = dyn_cast<scf::IfOp>(region->getParentOp());
          ifOp.getElseRegion().getBlocks().size() && regions.count(&ifOp.getThenRegion()) &&
          regions.count(&ifOp.getElseRegion()))
        sinkable = false;
    if (!sinkable)
      continue;
    for (auto &[region, uses] : regions) {
      OpBuilder b(&region->front(), region->front().begin());
      Operation *copy = b.clone(*op);
      for (OpOperand *use : uses)
        use->set(copy->getResult(0));
    }
    op->erase();
  }
}

/// Whether `addr` is `gep buffer[iv]` (the buffer possibly through a GEP by
/// 0): piece `iv` of a stack buffer.
bool isPieceAddress(Value addr, LLVM::AllocaOp buffer, Value iv) {
  auto gep = addr.getDefiningOp<LLVM::GEPOp>();
  return gep && getStackBuffer(gep.getBase()) == buffer &&
         gep.getRawConstantIndices().size() == 1 && gep.getDynamicIndices().size() == 1 &&
         gep.getDynamicIndices()[0] == iv;
}

/// The piece loop of a run (see StripMiner::rewrite) that `outer`'s body
/// consists of, when the two loops may be interchanged so that the piece
/// loop runs outside: `outer` carries nothing (or its initial values
/// unchanged), its other ops are pure and region-free, it writes no program
/// memory, and every stack buffer the piece loop writes is accessed only at
/// piece `iv` (so the pieces are independent). Only loops updating such a
/// buffer qualify: that buffer is what the interchange keeps in registers.
///
/// `promotable` receives the written buffers whose accesses are all plain
/// loads and stores directly in the piece loop's body (not in branches).
scf::ForOp matchAccumulatorLoop(scf::ForOp outer, int64_t chunkLanes,
                                SmallVectorImpl<LLVM::AllocaOp> &promotable) {
  auto yield = cast<scf::YieldOp>(outer.getBody()->getTerminator());
  for (auto [arg, yielded] : llvm::zip(outer.getRegionIterArgs(), yield.getOperands()))
    if (yielded != arg)
      return {};
  scf::ForOp inner;
  for (Operation &op : outer.getBody()->without_terminator()) {
    if (auto loop = dyn_cast<scf::ForOp>(op); loop && !inner) {
      inner = loop;
      continue;
    }
    if (op.getNumRegions() || !isMemoryEffectFree(&op))
      return {};
  }
  if (!inner || inner.getNumRegionIterArgs() || getConstantIntValue(inner.getLowerBound()) != 0 ||
      getConstantIntValue(inner.getStep()) != chunkLanes ||
      !getConstantIntValue(inner.getUpperBound()))
    return {};
  Value iv = inner.getInductionVar();
  llvm::MapVector<LLVM::AllocaOp, SmallVector<Operation *>> stackAccesses;
  llvm::DenseSet<LLVM::AllocaOp> written;
  WalkResult walk = inner.getBody()->walk([&](Operation *op) {
    if (op->getNumRegions() || isMemoryEffectFree(op) || isa<LLVM::Prefetch>(op))
      return WalkResult::advance(); // Nested ops are visited on their own; prefetches are hints.
    int addrIndex = contiguousAddressOperand(op);
    if (addrIndex < 0)
      return WalkResult::interrupt();
    LLVM::AllocaOp root = getStackRoot(op->getOperand(addrIndex));
    if (!root)
      return writesMemory(op) ? WalkResult::interrupt() : WalkResult::advance();
    stackAccesses[root].push_back(op);
    if (writesMemory(op))
      written.insert(root);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted() || written.empty())
    return {};
  for (LLVM::AllocaOp buffer : written)
    for (Operation *access : stackAccesses[buffer]) {
      Value value = writesMemory(access) ? access->getOperand(0) : access->getResult(0);
      if (!isPieceAddress(access->getOperand(contiguousAddressOperand(access)), buffer, iv) ||
          lanesOf(value.getType()) != chunkLanes)
        return {};
    }
  for (auto &entry : stackAccesses) {
    ArrayRef<Operation *> accesses = entry.second;
    auto valueType = [](Operation *access) {
      return writesMemory(access) ? access->getOperand(0).getType()
                                  : access->getResult(0).getType();
    };
    bool direct = llvm::all_of(accesses, [&](Operation *access) {
      return isa<LLVM::LoadOp, LLVM::StoreOp>(access) && access->getBlock() == inner.getBody() &&
             valueType(access) == valueType(accesses.front());
    });
    if (written.contains(entry.first) && direct)
      promotable.push_back(entry.first);
  }
  return inner;
}

/// The ops accessing `buffer` through any chain of GEPs.
SmallVector<Operation *> transitiveBufferAccesses(LLVM::AllocaOp buffer) {
  SmallVector<Operation *> accesses;
  SmallVector<Value> worklist{buffer.getResult()};
  while (!worklist.empty())
    for (Operation *user : worklist.pop_back_val().getUsers()) {
      if (auto gep = dyn_cast<LLVM::GEPOp>(user))
        worklist.push_back(gep.getResult());
      else
        accesses.push_back(user);
    }
  return accesses;
}

/// The store that last wrote `buffer` before `op` (in `op`'s block, nothing
/// in between accessing the buffer) when it stores a splat constant over its
/// first `lanes` elements (an accumulator's `tl.zeros` initial value).
LLVM::StoreOp findSplatInit(LLVM::AllocaOp buffer, Operation *op, int64_t lanes) {
  SmallVector<Operation *> accesses = transitiveBufferAccesses(buffer);
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (llvm::none_of(accesses, [&](Operation *a) { return prev->isAncestor(a); }))
      continue;
    auto store = dyn_cast<LLVM::StoreOp>(prev);
    if (!store || getStackBuffer(store.getAddr()) != buffer)
      return {};
    SplatElementsAttr splat;
    if (lanesOf(store.getValue().getType()) != lanes ||
        !matchPattern(store.getValue(), m_Constant(&splat)))
      return {};
    return store;
  }
  return {};
}

/// The reduction fold (see Fold) right after `outer` (pure, region-free ops
/// in between, returned in `between`) that reads, at its induction variable,
/// only pieces of the `promoted` buffers, over the pieces of `inner`: once
/// `outer` and `inner` are interchanged, the piece loop can run the fold too.
scf::ForOp findFollowingFold(scf::ForOp outer, scf::ForOp inner, ArrayRef<LLVM::AllocaOp> promoted,
                             SmallVectorImpl<Operation *> &between) {
  Operation *next = outer->getNextNode();
  for (; next && !isa<scf::ForOp>(next); next = next->getNextNode()) {
    if (next->getNumRegions() || !isMemoryEffectFree(next))
      return {};
    between.push_back(next);
  }
  auto fold = dyn_cast_or_null<scf::ForOp>(next);
  if (!fold || !fold.getNumRegionIterArgs() || fold.getUnsignedCmp() ||
      getConstantIntValue(fold.getLowerBound()) != 0 ||
      getConstantIntValue(fold.getStep()) != getConstantIntValue(inner.getStep()) ||
      getConstantIntValue(fold.getUpperBound()) != getConstantIntValue(inner.getUpperBound()))
    return {};
  for (Operation &op : fold.getBody()->without_terminator()) {
    if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
      LLVM::AllocaOp root = getStackRoot(load.getAddr());
      if (!root || !llvm::is_contained(promoted, root) ||
          !isPieceAddress(load.getAddr(), root, fold.getInductionVar()))
        return {};
      continue;
    }
    if (!isMemoryEffectFree(&op))
      return {};
  }
  return fold;
}

/// Interchanges a loop over blocks with the piece loop of the run that is its
/// body (see matchAccumulatorLoop): `for k { for p { acc[p] += f(x[k + p]) } }`
/// becomes `for p { for k { ... } }`, whose inner loop carries one piece of the
/// accumulator in registers instead of loading and storing it in every
/// iteration. Each lane still combines its blocks in the same order: results
/// are bit-identical. A piece reads one slice of every block in turn (as many
/// streams as the loop has iterations), so the interchanged loop runs only
/// when the loop has at most `maxBlocks` iterations (an scf.if on its bounds;
/// the original loop otherwise). Longer loops (long rows in small blocks)
/// keep their order: tens of streams 4 KiB apart defeat the hardware
/// prefetchers (a C model of layer norm's sums: 64 blocks of 1024 floats
/// interchanged ran 2x slower than in order, 16 blocks 1.45x faster, on an
/// AVX2 Zen 3). With 512-bit vectors the pipeline passes 0 (never): there the
/// in-place update of the buffer costs half as many instructions per byte,
/// and layer norm's DRAM-bound first pass, interchanged, read its row as four
/// streams ~15% slower than in order (AVX-512 Zen 5; round 3 saw the same on
/// a Zen 4).
/// A promoted piece (an accumulator only loaded and stored directly in the
/// body) starts from the splat constant that last filled the buffer
/// (`tl.zeros`; that store moves to the original loop's branch) or from the
/// buffer. A reduction fold right after the loop (findFollowingFold) joins
/// the piece loop and combines each piece once it is final, in the same
/// order; the pieces are then stored only if something else reads the buffer.
void interchangeAccumulatorLoops(Operation *root, int64_t chunkLanes, int64_t maxBlocks) {
  if (maxBlocks <= 0)
    return;
  SmallVector<scf::ForOp> loops;
  root->walk([&](scf::ForOp loop) { loops.push_back(loop); });
  llvm::DenseSet<Operation *> erased;
  for (scf::ForOp outer : loops) {
    if (erased.contains(outer.getOperation()) || outer.getUnsignedCmp())
      continue;
    SmallVector<LLVM::AllocaOp> promoted;
    scf::ForOp inner = matchAccumulatorLoop(outer, chunkLanes, promoted);
    if (!inner)
      continue;
    SmallVector<Operation *> between;
    scf::ForOp fold = findFollowingFold(outer, inner, promoted, between);
    Location loc = outer.getLoc();
    OpBuilder b(outer);
    for (Operation *op : between)
      op->moveBefore(outer);
    Type i64 = b.getI64Type();
    auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i64, v).getResult(); };
    // Few enough blocks: ub - lb <= maxBlocks * step, in i64
    // (if that wraps, either branch computes the same).
    auto toI64 = [&](Value v) { return castToI64(b, loc, v); };
    Value span =
        arith::SubIOp::create(b, loc, toI64(outer.getUpperBound()), toI64(outer.getLowerBound()));
    Value limit = arith::MulIOp::create(b, loc, toI64(outer.getStep()), cst(maxBlocks));
    Value few = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, span, limit);
    TypeRange resultTypes = fold ? TypeRange(fold.getResultTypes()) : TypeRange{};
    auto ifOp = scf::IfOp::create(b, loc, resultTypes, few, /*withElseRegion=*/true);

    int64_t lanes = *getConstantIntValue(inner.getUpperBound());
    b.setInsertionPointToStart(ifOp.thenBlock());
    if (ifOp.thenBlock()->mightHaveTerminator())
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    ValueRange foldInits = fold ? fold.getInitArgs() : ValueRange{};
    auto pieces = scf::ForOp::create(b, loc, cst(0), cst(lanes),
                                     cst(*getConstantIntValue(inner.getStep())), foldInits);
    Value piece = pieces.getInductionVar();
    if (pieces.getBody()->mightHaveTerminator())
      b.setInsertionPoint(pieces.getBody()->getTerminator());
    else
      b.setInsertionPointToEnd(pieces.getBody());
    // Each promoted buffer: its piece's type, address, alignment.
    struct Promoted {
      Type type;
      Value addr;
      uint64_t align = 0;
    };
    llvm::DenseMap<LLVM::AllocaOp, unsigned> promotedIndex;
    SmallVector<Promoted> slots;
    SmallVector<Value> inits;
    SmallVector<LLVM::StoreOp> initStores;
    for (LLVM::AllocaOp buffer : promoted) {
      Operation *first = nullptr;
      for (Operation &op : *inner.getBody())
        if (contiguousAddressOperand(&op) >= 0 &&
            getStackRoot(op.getOperand(contiguousAddressOperand(&op))) == buffer) {
          first = &op;
          break;
        }
      Promoted slot;
      slot.type =
          writesMemory(first) ? first->getOperand(0).getType() : first->getResult(0).getType();
      auto gep = first->getOperand(contiguousAddressOperand(first)).getDefiningOp<LLVM::GEPOp>();
      slot.addr = LLVM::GEPOp::create(b, loc, gep.getType(), gep.getElemType(), buffer.getResult(),
                                      ValueRange{piece});
      if (auto load = dyn_cast<LLVM::LoadOp>(first))
        slot.align = load.getAlignment().value_or(0);
      else
        slot.align = cast<LLVM::StoreOp>(first).getAlignment().value_or(0);
      Value init;
      if (LLVM::StoreOp store = findSplatInit(buffer, ifOp, lanes)) {
        SplatElementsAttr splat;
        matchPattern(store.getValue(), m_Constant(&splat));
        init = arith::ConstantOp::create(b, loc, slot.type,
                                         splat.resizeSplat(cast<ShapedType>(slot.type)));
        initStores.push_back(store);
      } else {
        init = LLVM::LoadOp::create(b, loc, slot.type, slot.addr, slot.align);
      }
      promotedIndex[buffer] = slots.size();
      slots.push_back(slot);
      inits.push_back(init);
    }
    auto blocks = scf::ForOp::create(b, loc, outer.getLowerBound(), outer.getUpperBound(),
                                     outer.getStep(), inits);
    OpBuilder::InsertionGuard guard(b);
    if (blocks.getBody()->mightHaveTerminator())
      b.setInsertionPoint(blocks.getBody()->getTerminator());
    else
      b.setInsertionPointToEnd(blocks.getBody());
    IRMapping map;
    map.map(outer.getInductionVar(), blocks.getInductionVar());
    map.map(outer.getRegionIterArgs(), outer.getInitArgs());
    map.map(inner.getInductionVar(), piece);
    SmallVector<Value> current(blocks.getRegionIterArgs());
    auto slotOf = [&](Operation *op) -> std::optional<unsigned> {
      if (!isa<LLVM::LoadOp, LLVM::StoreOp>(op))
        return std::nullopt;
      auto it = promotedIndex.find(getStackRoot(op->getOperand(contiguousAddressOperand(op))));
      return it == promotedIndex.end() ? std::nullopt : std::optional<unsigned>(it->second);
    };
    for (Operation &op : outer.getBody()->without_terminator()) {
      if (&op != inner.getOperation()) {
        b.clone(op, map);
        continue;
      }
      for (Operation &nested : inner.getBody()->without_terminator()) {
        std::optional<unsigned> slot = slotOf(&nested);
        if (!slot)
          b.clone(nested, map);
        else if (auto load = dyn_cast<LLVM::LoadOp>(nested))
          map.map(load.getResult(), current[*slot]);
        else
          current[*slot] = map.lookupOrDefault(cast<LLVM::StoreOp>(nested).getValue());
      }
    }
    if (!slots.empty()) {
      Operation *oldYield =
          blocks.getBody()->mightHaveTerminator() ? blocks.getBody()->getTerminator() : nullptr;
      scf::YieldOp::create(b, loc, current);
      if (oldYield)
        oldYield->erase();
    }
    b.setInsertionPointAfter(blocks);
    // The final pieces, stored unless only the fold reads them.
    for (auto [buffer, slot] : llvm::zip(promoted, slots)) {
      bool onlyFolded =
          fold && llvm::all_of(transitiveBufferAccesses(buffer), [&](Operation *a) {
            return outer->isAncestor(a) || fold->isAncestor(a) || llvm::is_contained(initStores, a);
          });
      if (!onlyFolded)
        LLVM::StoreOp::create(b, loc, blocks.getResult(promotedIndex[buffer]), slot.addr,
                              slot.align);
    }
    if (fold) {
      IRMapping foldMap;
      foldMap.map(fold.getInductionVar(), piece);
      foldMap.map(fold.getRegionIterArgs(), pieces.getRegionIterArgs());
      for (Operation &op : fold.getBody()->without_terminator()) {
        if (auto load = dyn_cast<LLVM::LoadOp>(op))
          foldMap.map(load.getResult(),
                      blocks.getResult(promotedIndex[getStackRoot(load.getAddr())]));
        else
          b.clone(op, foldMap);
      }
      scf::YieldOp::create(
          b, loc, llvm::map_to_vector(fold.getBody()->getTerminator()->getOperands(), [&](Value v) {
            return foldMap.lookupOrDefault(v);
          }));
      b.setInsertionPointAfter(pieces);
      scf::YieldOp::create(b, loc, pieces.getResults());
    }
    // The original order for many blocks, with the buffers' initial stores.
    if (ifOp.elseBlock()->mightHaveTerminator())
      b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    else
      b.setInsertionPointToEnd(ifOp.elseBlock());
    for (LLVM::StoreOp store : initStores)
      store->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
    Operation *original = b.clone(*outer);
    outer->replaceAllUsesWith(original->getResults());
    outer->erase();
    if (fold) {
      Operation *originalFold = b.clone(*fold);
      scf::YieldOp::create(b, loc, originalFold->getResults());
      fold->replaceAllUsesWith(ifOp.getResults());
      erased.insert(fold.getOperation());
      fold->erase();
    }
  }
}

/// The strip-mining, interchanging accumulator loops of at most `maxBlocks`
/// blocks (the pass's `max-interchanged-blocks` option), prefetching the next
/// program's rows with `prefetchNextProgram` (its `prefetch-next-program`).
void stripMineWithInterchange(Operation *root, int64_t chunkLanes, int64_t maxBlocks,
                              bool prefetchNextProgram) {
  StripMiner miner(chunkLanes, prefetchNextProgram);
  root->walk([&](scf::ForOp loop) { miner.demoteLoopCarriedVectors(loop); });
  root->walk([&](FunctionOpInterface func) {
    for (Block &block : func.getFunctionBody())
      miner.processBlock(block);
  });
  miner.eraseDeadReloads();
  eraseWriteOnlyBuffers(root);
  root->walk([&](Block *block) {
    sinkStoresIntoBranches(*block);
    coalesceCopyInCopyOut(*block);
    forwardStackCopies(*block);
    narrowSlicedLoads(*block, chunkLanes);
  });
  interchangeAccumulatorLoops(root, chunkLanes, maxBlocks);
  // The accesses the interchange replaced left their address arithmetic.
  root->walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
    if (op != root && isOpTriviallyDead(op))
      op->erase();
  });
  eraseWriteOnlyBuffers(root);
  root->walk([&](scf::ForOp loop) { sinkVectorOpsIntoBranches(*loop.getBody()); });
}

} // namespace

namespace tilec {

void stripMineWideVectors(Operation *root, int64_t chunkLanes) {
  stripMineWithInterchange(root, chunkLanes, /*maxBlocks=*/16, /*prefetchNextProgram=*/false);
}

} // namespace tilec

namespace {

/// Erases the ops under `root` whose results are unused and that have no
/// side effects (users before their operands' definitions).
void eraseDeadOps(Operation *root) {
  root->walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
    if (op != root && isOpTriviallyDead(op))
      op->erase();
  });
}

struct StripMinePass : public tilec::impl::TilecStripMineBase<StripMinePass> {
  using TilecStripMineBase::TilecStripMineBase;
  void runOnOperation() override {
    if (chunkLanes <= 0 || (chunkLanes & (chunkLanes - 1))) {
      getOperation().emitError("tilec-strip-mine: chunk-lanes must be a power of two, got ")
          << chunkLanes;
      return signalPassFailure();
    }
    if (maxInterchangedBlocks < 0) {
      getOperation().emitError(
          "tilec-strip-mine: max-interchanged-blocks must not be negative, got ")
          << static_cast<int64_t>(maxInterchangedBlocks);
      return signalPassFailure();
    }
    forwardStackBufferCopies(getOperation());
    // Flat tiles the row loops left unused (pointers, masks) and the copies
    // forwarded above are not strip-mined for nothing.
    eraseDeadOps(getOperation());
    stripMineWithInterchange(getOperation(), chunkLanes, maxInterchangedBlocks,
                             prefetchNextProgram);
  }
};

} // namespace
