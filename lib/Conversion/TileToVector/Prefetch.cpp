//===- Prefetch.cpp - Software prefetch of the next iteration's or program's rows -===//
//
// A tile.load in an scf.for that reads through loop-carried pointers which the
// loop advances by a uniform offset (`a_ptrs += BLOCK_K * stride_ak` in a
// matmul's k loop) reads, in the next iteration, the same rows shifted by that
// offset. On CPUs the row-wise lowering of such a load also prefetches the
// cache lines of those next rows: tiles of many rows lying far apart (a
// 64x32 fp32 tile of a 2048-column matrix touches 64 pages) are more streams
// than the hardware prefetchers track, so without this every iteration
// waits for its rows from L3 or memory. This is the CPU counterpart of
// Triton's software pipelining of loads on GPUs. Prefetches never fault, so
// masked-off rows and the iteration after the last one need no guard. Each
// row's prefetches go right before the row's own load, which reuses its
// pointer (issuing all of a tile's prefetches first kept every row pointer
// live across the tile's loads: spills, ~3% slower).
//
// Likewise across programs: the CPU runtime runs consecutive programs on one
// thread, so a row-wise kernel (softmax, layer norm: one row per program)
// reads, in its next program, the row at the address computed with
// `program_id(0) + 1`. With tilec-strip-mine's `prefetch-next-program`
// option, every wide load of a row that the program reads more than once
// clones the pure scalar ops computing its address with the program id
// incremented and prefetches, piece by piece, the same piece of the next
// program's row. Only the first pass over a row waits for memory; the later
// ones compute on cached data while memory would idle, and their prefetches
// overlap the next row's traffic with them. A row read once (vector add)
// gets none: its single pass is bound by memory anyway, and the prefetches
// only competed with it (~25% slower); nor does a row of more than 64 KiB,
// whose next row would evict it from L2 between its passes (a trip count
// known only at run time is tested there). The clones carry no wrap flags (the
// last program's next row lies past its array: the address is computed,
// never dereferenced); slices that could trap (a division by a variable) or
// are long are skipped.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

/// Cache line size assumed for prefetching (x86-64 and AArch64 cores).
constexpr int64_t kCacheLineBytes = 64;
/// At most this many prefetches per load: bounds the code a huge tile adds.
constexpr int64_t kMaxPrefetchesPerLoad = 512;
/// Locality hint of the prefetches: 2 fetches into L2 (prefetcht1 on x86;
/// pldl2keep on AArch64). Measured on an AVX-512 AMD EPYC (matmul 2048,
/// 64x64x32 tiles):
/// about 10% faster than into L1 (3, prefetcht0), where the next iteration's
/// rows evict the dot's operand buffers and the loop's other stack buffers.
constexpr int32_t kLocalityHint = 2;
/// How deep a chain of pure scalar ops computing the offset may be copied.
constexpr int kMaxCopyDepth = 4;
/// At most this many ops (constants aside) compute a next program's address.
constexpr size_t kMaxNextProgramOps = 16;
/// Largest row (bytes a program reads through one stream) whose next program's
/// row is prefetched: the current and the next row must stay in L2 (1 MiB per
/// core on Zen 4 and 5) until read. Measured on a Zen 5 (layer norm, one
/// thread, wall-time minima on a loaded machine): 16 KiB and 64 KiB rows
/// faster with the prefetch, 256 KiB rows no better, 1 MiB and 4 MiB rows
/// 15-20% slower (the next row evicts the current one from L2).
constexpr int64_t kMaxNextRowBytes = 64 * 1024;

/// Prefetches per row: the lines from the row's first byte, plus its last
/// byte's line (rows need not be line-aligned).
int64_t linesPerRow(Type elemType, int64_t rowElements) {
  int64_t rowBytes = rowElements * getElementByteSize(elemType);
  return (rowBytes + kCacheLineBytes - 1) / kCacheLineBytes + 1;
}

/// `v` (an original scalar value) usable before `at`: `v` itself when its
/// definition precedes `at`, else a copy of its pure defining ops made at the
/// rewriter's insertion point (the offset of `p += BLOCK * stride` is usually
/// computed after the load). Null when that is not possible.
Value materializeBefore(Value v, Operation *at, ConversionPatternRewriter &rewriter, int depth) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return rewriter.getRemappedValue(v);
  if (Operation *ancestor = def->getBlock()->findAncestorOpInBlock(*at))
    if (def->isBeforeInBlock(ancestor))
      return rewriter.getRemappedValue(v);
  if (depth >= kMaxCopyDepth || def->getNumRegions() || def->getNumResults() != 1 ||
      !isMemoryEffectFree(def) || !llvm::all_of(def->getResultTypes(), [](Type t) {
        return t.isIntOrIndex();
      }))
    return {};
  IRMapping mapping;
  for (Value operand : def->getOperands()) {
    Value copy = materializeBefore(operand, at, rewriter, depth + 1);
    if (!copy)
      return {};
    mapping.map(operand, copy);
  }
  return rewriter.clone(*def, mapping)->getResult(0);
}

/// The value the scf.for owning `arg` yields for it, when `arg` is one of the
/// loop's iter_args (the yield may still be the original op while the loop is
/// converted, hence the operand count check); null otherwise.
Value yieldedFor(BlockArgument arg) {
  auto forOp = dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!forOp || arg.getArgNumber() < forOp.getNumInductionVars())
    return {};
  unsigned index = arg.getArgNumber() - forOp.getNumInductionVars();
  Operation *yield = forOp.getBody()->getTerminator();
  return index < yield->getNumOperands() ? yield->getOperand(index) : Value();
}

/// When `ptrs` (the converted pointer operand of `load`) is carried by an
/// scf.for whose yielded value is `addptr(ptrs, splat(s))` or
/// `addptr(ptrs, splat constant)`, returns s as an i64 value usable at the
/// insertion point (elements of the pointee type); null otherwise. The loop
/// body still holds the original ops while the load is converted.
Value getLoopAdvance(Operation *load, Value ptrs, ConversionPatternRewriter &rewriter) {
  // The form carryPointerOffsets leaves: addptr(init, splat(offset)), the
  // offset carried by the loop and yielded as `offset + step`.
  if (auto addptr = load->getOperand(0).getDefiningOp<tile::AddPtrOp>())
    if (auto splat = addptr.getOffset().getDefiningOp<tile::SplatOp>())
      if (auto offset = dyn_cast<BlockArgument>(rewriter.getRemappedValue(splat.getSrc())))
        if (Value yielded = yieldedFor(offset)) {
          auto add = yielded.getDefiningOp<arith::AddIOp>();
          if (!add || rewriter.getRemappedValue(add.getLhs()) != offset ||
              !add.getType().isInteger(64))
            return {};
          return materializeBefore(add.getRhs(), load, rewriter, 0);
        }
  auto arg = dyn_cast<BlockArgument>(ptrs);
  Value yielded = arg ? yieldedFor(arg) : Value();
  if (!yielded)
    return {};
  auto advance = yielded.getDefiningOp<tile::AddPtrOp>();
  if (!advance || rewriter.getRemappedValue(advance.getPtr()) != ptrs)
    return {};
  Location loc = load->getLoc();
  Type i64 = rewriter.getI64Type();
  Value offset;
  if (auto splat = advance.getOffset().getDefiningOp<tile::SplatOp>()) {
    offset = materializeBefore(splat.getSrc(), load, rewriter, 0);
  } else if (auto constant = advance.getOffset().getDefiningOp<arith::ConstantOp>()) {
    auto value = dyn_cast<SplatElementsAttr>(constant.getValue());
    if (value && value.getElementType().isInteger())
      offset = arith::ConstantIntOp::create(rewriter, loc, i64,
                                            value.getSplatValue<APInt>().getSExtValue());
  }
  if (!offset || !offset.getType().isSignlessInteger())
    return {};
  unsigned bits = offset.getType().getIntOrFloatBitWidth();
  if (bits < 64)
    offset = arith::ExtSIOp::create(rewriter, loc, i64, offset);
  else if (bits > 64)
    return {};
  return offset;
}

} // namespace

namespace tilec::detail {

Value getNextIterationAdvance(ConversionPatternRewriter &rewriter, Operation *load, Value ptrs,
                              Type elemType, int64_t rowElements) {
  int64_t rows = cast<VectorType>(ptrs.getType()).getNumElements() / rowElements;
  if (linesPerRow(elemType, rowElements) * rows > kMaxPrefetchesPerLoad)
    return {};
  return getLoopAdvance(load, ptrs, rewriter);
}

void prefetchNextRow(OpBuilder &b, Location loc, Value row, Value advance, Type elemType,
                     int64_t rowElements) {
  int64_t rowBytes = rowElements * getElementByteSize(elemType);
  Value next = LLVM::GEPOp::create(b, loc, row.getType(), elemType, row, ValueRange{advance});
  for (int64_t line = 0, lines = linesPerRow(elemType, rowElements); line < lines; ++line)
    prefetchAt(b, loc, next, std::min(line * kCacheLineBytes, rowBytes - 1));
}

void prefetchAt(OpBuilder &b, Location loc, Value base, int64_t offset) {
  Value address = offset ? LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                                               ArrayRef<LLVM::GEPArg>{offset})
                               .getResult()
                         : base;
  LLVM::Prefetch::create(b, loc, address, /*rw=*/0, kLocalityHint, /*cache=*/1);
}

void prefetchLines(OpBuilder &b, Location loc, Value base, int64_t bytes) {
  for (int64_t offset = 0; offset < std::max<int64_t>(bytes, 1); offset += kCacheLineBytes)
    prefetchAt(b, loc, base, offset);
}

std::optional<NextProgramSlice> matchNextProgramSlice(Value addr) {
  NextProgramSlice slice;
  slice.addr = addr;
  llvm::DenseSet<Value> visited;
  // Post-order: each op after the ops computing its operands.
  std::function<bool(Value)> visit = [&](Value v) {
    if (!visited.insert(v).second)
      return true;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *parent = arg.getOwner()->getParentOp();
      if (isa<FunctionOpInterface>(parent)) {
        slice.roots.push_back(arg.getArgNumber());
        return true;
      }
      auto loop = dyn_cast<scf::ForOp>(parent);
      return loop && arg == loop.getInductionVar();
    }
    Operation *def = v.getDefiningOp();
    if (auto pid = dyn_cast<tile::ProgramIdOp>(def)) {
      if (pid.getAxis() == 0)
        slice.programIds.push_back(v);
      return true;
    }
    if (def->hasTrait<OpTrait::ConstantLike>())
      return true;
    if (def->getNumRegions() || def->getNumResults() != 1 || !isPure(def) ||
        slice.ops.size() >= kMaxNextProgramOps ||
        !isa<IntegerType, IndexType, LLVM::LLVMPointerType>(v.getType()))
      return false;
    for (Value operand : def->getOperands())
      if (!visit(operand))
        return false;
    slice.ops.push_back(def);
    return true;
  };
  if (!visit(addr) || slice.programIds.empty())
    return std::nullopt;
  llvm::sort(slice.roots);
  return slice;
}

Value guardNextRowSize(OpBuilder &b, Location loc, Operation *load, Value current, Value next,
                       int64_t bytes) {
  // Static trip counts multiply `bytes`; the others are tested at run time.
  SmallVector<scf::ForOp> dynamicLoops;
  for (Operation *parent = load->getParentOp(); !isa<FunctionOpInterface>(parent);
       parent = parent->getParentOp()) {
    auto loop = dyn_cast<scf::ForOp>(parent);
    if (!loop) {
      if (isa<scf::IfOp>(parent))
        continue;
      return {};
    }
    std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!lower || !upper || !step) {
      dynamicLoops.push_back(loop);
      continue;
    }
    int64_t trips = *upper > *lower ? llvm::divideCeil(*upper - *lower, *step) : 0;
    if (trips > kMaxNextRowBytes / std::max<int64_t>(bytes, 1))
      return {};
    bytes *= trips;
  }
  if (bytes > kMaxNextRowBytes)
    return {};
  if (dynamicLoops.empty())
    return next;
  // The product of the other trip counts, saturated at budget + 1.
  int64_t budget = kMaxNextRowBytes / std::max<int64_t>(bytes, 1);
  Type i64 = b.getI64Type();
  Value cap = arith::ConstantIntOp::create(b, loc, i64, budget + 1);
  Value trips = arith::ConstantIntOp::create(b, loc, i64, 1);
  for (scf::ForOp loop : dynamicLoops)
    trips = arith::MinSIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, trips,
                              arith::MinSIOp::create(b, loc, tripCount(b, loop), cap)),
        cap);
  Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, trips,
                                     arith::ConstantIntOp::create(b, loc, i64, budget));
  return arith::SelectOp::create(b, loc, fits, next, current);
}

Value emitNextProgramAddress(OpBuilder &b, Location loc, const NextProgramSlice &slice) {
  IRMapping map;
  for (Value pid : slice.programIds)
    map.map(pid, arith::AddIOp::create(b, loc, pid,
                                       arith::ConstantIntOp::create(b, loc, pid.getType(), 1)));
  auto noWrap =
      arith::IntegerOverflowFlagsAttr::get(b.getContext(), arith::IntegerOverflowFlags::none);
  for (Operation *op : slice.ops) {
    Operation *copy = b.clone(*op, map);
    if (auto gep = dyn_cast<LLVM::GEPOp>(copy))
      gep.setNoWrapFlags(LLVM::GEPNoWrapFlags::none);
    if (auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(copy))
      copy->setAttr(flags.getIntegerOverflowAttrName(), noWrap);
  }
  return map.lookup(slice.addr);
}

} // namespace tilec::detail
