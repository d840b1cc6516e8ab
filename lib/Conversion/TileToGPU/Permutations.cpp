//===- Permutations.cpp - join, split, cat, flip and shuffle in SIMT -------===//
//
// The ops of tile::ElementPermutationOpInterface only rearrange elements;
// their layouts decide what that costs. At compile time every thread's
// registers are evaluated (DistributedLayout::coordinates): when each result
// register of every thread is a register of the same thread (join, split and
// cat in the layouts tilec-assign-layouts gives them; flip along a dimension
// held by one thread), the op is one vector.shuffle; when it is a register of
// the thread whose lane differs by a fixed XOR mask (flip along the lanes of
// a warp, sorting-network steps between lanes), one XOR shuffle per such
// register. Otherwise the operands go through shared memory: each result
// register reads its element at an affine index (split, flip) or at the
// index a constant table gives.
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

/// Where a thread finds one of its result registers: register `reg` of
/// operand `operand` in the thread whose lane is its own XOR `laneMask`.
struct RegisterMove {
  unsigned operand;
  int64_t reg;
  unsigned laneMask;
};

/// Row-major linear index of `coords` in a tile of `shape`.
int64_t linearIndex(ArrayRef<int64_t> coords, ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (auto [c, size] : llvm::zip(coords, shape))
    index = index * size + c;
  return index;
}

/// The moves that give every thread its result registers (result element i
/// is element `positions[i]` of the operands concatenated), or none when
/// some element is only in another warp, or not at the same register and
/// lane mask in every thread.
std::optional<SmallVector<RegisterMove>> planRegisterMoves(ArrayRef<RankedTensorType> operands,
                                                           RankedTensorType result,
                                                           ArrayRef<int64_t> positions) {
  tile::DistributedLayout dst = tile::resolveLayout(result.getEncoding(), result.getShape());
  unsigned warpSize = dst.warpSize, threads = dst.warpSize * dst.numWarps;
  // held[thread]: concatenated position -> (operand, register).
  SmallVector<DenseMap<int64_t, std::pair<unsigned, int64_t>>> held(threads);
  int64_t offset = 0;
  for (auto [o, type] : llvm::enumerate(operands)) {
    tile::DistributedLayout src = tile::resolveLayout(type.getEncoding(), type.getShape());
    if (src.warpSize != dst.warpSize || src.numWarps != dst.numWarps)
      return std::nullopt;
    for (unsigned t = 0; t < threads; ++t)
      for (int64_t r = 0; r < src.numRegs; ++r)
        held[t][offset + linearIndex(src.coordinates(t % warpSize, t / warpSize, r),
                                     type.getShape())] = {unsigned(o), r};
    offset += type.getNumElements();
  }
  auto needed = [&](unsigned t, int64_t r) {
    return positions[linearIndex(dst.coordinates(t % warpSize, t / warpSize, r),
                                 result.getShape())];
  };
  SmallVector<RegisterMove> moves;
  for (int64_t r = 0; r < dst.numRegs; ++r) {
    // Candidates: the lanes of warp 0 that hold what thread 0 needs.
    int64_t first = needed(0, r);
    std::optional<RegisterMove> found;
    for (unsigned lane = 0; lane < warpSize && !found; ++lane) {
      auto it = held[lane].find(first);
      if (it == held[lane].end())
        continue;
      RegisterMove move{it->second.first, it->second.second, lane};
      bool everywhere = true;
      for (unsigned t = 0; t < threads && everywhere; ++t) {
        auto at = held[t ^ lane].find(needed(t, r));
        everywhere =
            at != held[t ^ lane].end() && at->second == std::make_pair(move.operand, move.reg);
      }
      if (everywhere)
        found = move;
    }
    if (!found)
      return std::nullopt;
    moves.push_back(*found);
  }
  return moves;
}

/// The result's registers from the operands' by `moves`: one vector.shuffle,
/// then an XOR shuffle across lanes for each register that needs one.
Value applyRegisterMoves(const SIMTLowering &simt, OpBuilder &b, Location loc, ValueRange operands,
                         VectorType type, ArrayRef<RegisterMove> moves) {
  Value lhs = operands.front(), rhs = operands.back();
  int64_t lhsRegs = cast<VectorType>(lhs.getType()).getNumElements();
  SmallVector<int64_t> mask;
  for (const RegisterMove &move : moves)
    mask.push_back(move.reg + (move.operand ? lhsRegs : 0));
  Value result = vector::ShuffleOp::create(b, loc, lhs, rhs, mask);
  for (auto [r, move] : llvm::enumerate(moves)) {
    if (!move.laneMask)
      continue;
    Value element = vector::ExtractOp::create(b, loc, result, int64_t(r));
    result = vector::InsertOp::create(b, loc, simt.shuffleXor(b, loc, element, move.laneMask),
                                      result, int64_t(r));
  }
  return result;
}

/// Per-dimension coefficients c (and a constant) with positions[i] = constant
/// + sum_d c_d * coords_d(i) over the result's row-major coordinates, if the
/// positions are affine so (split, flip).
std::optional<std::pair<SmallVector<int64_t>, int64_t>> affinePositions(ArrayRef<int64_t> positions,
                                                                        ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides = rowMajorStrides(shape);
  int64_t constant = positions.front();
  SmallVector<int64_t> coefficients;
  for (auto [size, stride] : llvm::zip(shape, strides))
    coefficients.push_back(size > 1 ? positions[stride] - constant : 0);
  if (constant < 0)
    return std::nullopt;
  for (auto [i, position] : llvm::enumerate(positions)) {
    int64_t expected = constant, rest = int64_t(i);
    for (auto [c, stride] : llvm::zip(coefficients, strides)) {
      expected += c * (rest / stride);
      rest %= stride;
    }
    if (expected != position)
      return std::nullopt;
  }
  return std::make_pair(coefficients, constant);
}

/// The address of a constant i32 array holding `positions`.
Value positionTable(const SIMTLowering &simt, OpBuilder &b, Location loc, Operation *op,
                    ArrayRef<int64_t> positions) {
  auto module = op->getParentOfType<ModuleOp>();
  unsigned addressSpace = simt.target.getGlobalAddressSpace();
  SmallVector<int32_t> indices(positions.begin(), positions.end());
  auto type = RankedTensorType::get({int64_t(indices.size())}, b.getI32Type());
  auto arrayType = LLVM::LLVMArrayType::get(b.getI32Type(), indices.size());
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = "__tilec_shuffle_" + std::to_string(i);
    if (!module.lookupSymbol(name))
      break;
  }
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc, arrayType, /*isConstant=*/true, LLVM::Linkage::Internal, name,
                           DenseElementsAttr::get(type, ArrayRef(indices)),
                           /*alignment=*/16, addressSpace);
  }
  return LLVM::AddressOfOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext(), addressSpace),
                                   name);
}

struct PermutationLowering
    : public OpInterfaceConversionPattern<tile::ElementPermutationOpInterface> {
  PermutationLowering(SIMTLowering &simt, const TypeConverter &converter, MLIRContext *ctx)
      : OpInterfaceConversionPattern(converter, ctx), simt(simt) {}
  SIMTLowering &simt;

  LogicalResult matchAndRewrite(tile::ElementPermutationOpInterface op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &b) const override {
    Location loc = op->getLoc();
    SmallVector<RankedTensorType> operandTypes;
    for (Value operand : op->getOperands())
      operandTypes.push_back(cast<RankedTensorType>(operand.getType()));
    SmallVector<Value> results;
    SmallVector<unsigned> exchanged;
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      auto type = cast<RankedTensorType>(op->getResult(i).getType());
      auto vec = dyn_cast_or_null<VectorType>(getTypeConverter()->convertType(type));
      if (!vec)
        return b.notifyMatchFailure(op, "result has no distributed layout");
      auto moves = planRegisterMoves(operandTypes, type, op.getSourcePositions(i));
      results.push_back(moves ? applyRegisterMoves(simt, b, loc, operands, vec, *moves) : Value());
      if (!moves)
        exchanged.push_back(i);
    }
    if (!exchanged.empty())
      exchange(b, op, operands, operandTypes, exchanged, results);
    b.replaceOp(op, results);
    return success();
  }

  /// Results `which` through shared memory: every operand written at its
  /// position in the concatenation, a barrier, each result read, a barrier.
  void exchange(OpBuilder &b, tile::ElementPermutationOpInterface op, ValueRange operands,
                ArrayRef<RankedTensorType> operandTypes, ArrayRef<unsigned> which,
                SmallVector<Value> &results) const {
    Location loc = op->getLoc();
    Type elem = cast<VectorType>(operands.front().getType()).getElementType();
    int64_t bytes = sharedElementBytes(elem);
    uint64_t limit = 0;
    for (RankedTensorType type : operandTypes)
      limit += uint64_t(type.getNumElements()) * bytes;
    uint64_t base = 0;
    for (auto [value, type] : llvm::zip(operands, operandTypes)) {
      simt.storeTile(b, loc, value, simt.layoutOf(type), rowMajorStrides(type.getShape()), base,
                     limit);
      base += uint64_t(type.getNumElements()) * bytes;
    }
    simt.barrier(b, loc);
    for (unsigned i : which) {
      auto type = cast<RankedTensorType>(op->getResult(i).getType());
      auto vec = cast<VectorType>(getTypeConverter()->convertType(type));
      SmallVector<int64_t> positions = op.getSourcePositions(i);
      tile::DistributedLayout layout = simt.layoutOf(type);
      if (auto affine = affinePositions(positions, type.getShape())) {
        results[i] = simt.loadTile(b, loc, vec, layout, affine->first,
                                   uint64_t(affine->second) * bytes, limit);
        continue;
      }
      Value table = positionTable(simt, b, loc, op, positions);
      SmallVector<int64_t> strides = rowMajorStrides(type.getShape());
      Value threadBase = simt.threadLinearBase(b, loc, layout, strides);
      Value result = LLVM::UndefOp::create(b, loc, vec);
      for (int64_t r = 0; r < layout.numRegs; ++r) {
        Value at =
            arith::AddIOp::create(b, loc, threadBase,
                                  arith::ConstantIntOp::create(
                                      b, loc, SIMTLowering::linearOffset(layout, r, strides), 32));
        Value entry =
            LLVM::GEPOp::create(b, loc, table.getType(), b.getI32Type(), table, ValueRange{at});
        Value source = LLVM::LoadOp::create(b, loc, b.getI32Type(), entry, 4);
        result = vector::InsertOp::create(
            b, loc,
            simt.loadSharedScalar(b, loc, elem,
                                  simt.elementAddress(b, loc, source, elem, 0, limit)),
            result, r);
      }
      results[i] = result;
    }
    simt.barrier(b, loc);
  }
};

} // namespace

void populateSIMTPermutationPatterns(SIMTLowering &simt, const TypeConverter &converter,
                                     RewritePatternSet &patterns) {
  patterns.add<PermutationLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
