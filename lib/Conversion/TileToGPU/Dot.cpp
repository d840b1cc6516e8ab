//===- Dot.cpp - tile.dot in SIMT: tensor cores, or FMA through shared memory ===//
//
// A dot with an MMA accumulator layout (tilec-assign-layouts chose tensor
// cores) has its operands in dot-operand layouts already, i.e. in the
// registers mma.sync reads: each warp runs one mma.sync (from the TargetInfo:
// m16n8k16 for f16/bf16, m16n8k8 tf32 for f32, m16n8k32 for s8) per 16x8
// accumulator block and K step (16, 8, 32 elements) it holds.
//
// Otherwise both operands are written to shared memory in their own element
// type; each thread then runs a loop over k, reading the A values of its
// accumulator's rows and the B values of its columns once per k and doing one
// multiply-add per accumulator register, in the accumulator's type.
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"
#include "tilec/Analysis/SharedMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <functional>
#include <map>

using namespace mlir;

namespace tilec {
namespace {

/// Converts scalar `v` to `type` (extension or truncation, as tl.dot does).
Value castScalar(OpBuilder &b, Location loc, Value v, Type type) {
  Type from = v.getType();
  if (from == type)
    return v;
  unsigned fromBits = from.getIntOrFloatBitWidth(), toBits = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(type)) {
    if (!isa<FloatType>(from))
      return arith::SIToFPOp::create(b, loc, type, v);
    if (fromBits < toBits)
      return arith::ExtFOp::create(b, loc, type, v);
    if (fromBits == toBits)
      v = arith::ExtFOp::create(b, loc, b.getF32Type(), v);
    return arith::TruncFOp::create(b, loc, type, v);
  }
  if (fromBits < toBits)
    return arith::ExtSIOp::create(b, loc, type, v);
  return arith::TruncIOp::create(b, loc, type, v);
}

struct DotLowering : public SIMTPattern<tile::DotOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    if (isa_and_nonnull<tile::MmaEncodingAttr, tile::MfmaEncodingAttr>(cType.getEncoding()))
      return failure(); // MmaDotLowering, MfmaDotLowering (MfmaDot.cpp)
    if (op.getAFp8())
      return op.emitOpError("with fp8 operands runs on tensor cores or is upcast first "
                            "(tilec-upcast-fp8-dots), not on FMAs");
    unsigned rank = cType.getRank();
    int64_t m = cType.getDimSize(rank - 2), n = cType.getDimSize(rank - 1);
    int64_t k = aType.getDimSize(rank - 1);
    Type aElem = getTypeConverter()->convertType(aType.getElementType());
    Type bElem = getTypeConverter()->convertType(bType.getElementType());
    Type accElem = getTypeConverter()->convertType(cType.getElementType());
    int64_t aBytes = sharedElementBytes(aElem), bBytes = sharedElementBytes(bElem);
    uint64_t bRegion = llvm::alignTo(uint64_t(aType.getNumElements()) * aBytes, 16);
    uint64_t limit = bRegion + uint64_t(bType.getNumElements()) * bBytes;

    simt.storeTile(b, loc, adaptor.getA(), simt.layoutOf(aType), rowMajorStrides(aType.getShape()),
                   0, limit);
    simt.storeTile(b, loc, adaptor.getB(), simt.layoutOf(bType), rowMajorStrides(bType.getShape()),
                   bRegion, limit);
    simt.barrier(b, loc);

    // Element (batch, i, kk) of A is at batch*M*K + i*K + kk; (batch, kk, j) of
    // B at batch*K*N + kk*N + j. Coefficients over the accumulator's coordinates:
    SmallVector<int64_t> aRow(rank, 0), bCol(rank, 0);
    if (rank == 3) {
      aRow[0] = m * k;
      bCol[0] = k * n;
    }
    aRow[rank - 2] = k;
    bCol[rank - 1] = 1;
    tile::DistributedLayout layout = simt.layoutOf(cType);
    Value aBase = simt.threadLinearBase(b, loc, layout, aRow);
    Value bBase = simt.threadLinearBase(b, loc, layout, bCol);
    std::map<int64_t, unsigned> aSlots, bSlots; // constant offset -> index
    SmallVector<int64_t> aOffsets, bOffsets;
    SmallVector<std::pair<unsigned, unsigned>> regOperands;
    for (int64_t r = 0; r < layout.numRegs; ++r) {
      int64_t ao = SIMTLowering::linearOffset(layout, r, aRow);
      int64_t bo = SIMTLowering::linearOffset(layout, r, bCol);
      auto [ai, aNew] = aSlots.try_emplace(ao, aOffsets.size());
      if (aNew)
        aOffsets.push_back(ao);
      auto [bi, bNew] = bSlots.try_emplace(bo, bOffsets.size());
      if (bNew)
        bOffsets.push_back(bo);
      regOperands.emplace_back(ai->second, bi->second);
    }

    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value upper = arith::ConstantIndexOp::create(b, loc, k);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto loop = scf::ForOp::create(b, loc, zero, upper, one, ValueRange{adaptor.getAcc()});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value kk = arith::IndexCastOp::create(b, loc, b.getI32Type(), loop.getInductionVar());
      auto element = [&](Value base, int64_t offset, Value kTerm, uint64_t region, Type type) {
        Value index = arith::AddIOp::create(b, loc, arith::AddIOp::create(b, loc, base, kTerm),
                                            arith::ConstantIntOp::create(b, loc, offset, 32));
        Value v = simt.loadSharedScalar(b, loc, type,
                                        simt.elementAddress(b, loc, index, type, region, limit));
        return castScalar(b, loc, v, accElem);
      };
      Value kRow = arith::MulIOp::create(b, loc, kk, arith::ConstantIntOp::create(b, loc, n, 32));
      SmallVector<Value> aValues, bValues;
      for (int64_t offset : aOffsets)
        aValues.push_back(element(aBase, offset, kk, 0, aElem));
      for (int64_t offset : bOffsets)
        bValues.push_back(element(bBase, offset, kRow, bRegion, bElem));
      Value acc = loop.getRegionIterArgs().front();
      for (auto [r, operands] : llvm::enumerate(regOperands)) {
        Value c = vector::ExtractOp::create(b, loc, acc, r);
        Value x = aValues[operands.first], y = bValues[operands.second];
        Value sum =
            isa<FloatType>(accElem)
                ? Value(math::FmaOp::create(b, loc, x, y, c))
                : Value(arith::AddIOp::create(b, loc, c, arith::MulIOp::create(b, loc, x, y)));
        acc = vector::InsertOp::create(b, loc, sum, acc, r);
      }
      scf::YieldOp::create(b, loc, acc);
    }
    simt.barrier(b, loc);
    b.replaceOp(op, loop.getResult(0));
    return success();
  }
};

/// `count` consecutive registers of `vec` from `offset`.
Value registers(OpBuilder &b, Location loc, Value vec, int64_t offset, int64_t count) {
  return vector::ExtractStridedSliceOp::create(b, loc, vec, ArrayRef<int64_t>{offset},
                                               ArrayRef<int64_t>{count}, ArrayRef<int64_t>{1});
}




/// What `plan` (one of planDotOperandStaging's maps) records for the op that
/// defines `operand`, if anything: the buffer a B operand is read from
/// transposed (`transposedBufferOperands`), or the region of a resident loop
/// invariant (`residentOperandConversions`).
template <typename Plan>
std::optional<typename Plan::mapped_type> plannedFor(const Plan &plan, Value operand) {
  auto it = plan.find(operand.getDefiningOp());
  if (it == plan.end())
    return std::nullopt;
  return it->second;
}

/// Bytes of a staged operand of `type` whose rows are `rowStride` elements apart.
uint64_t stagedBytes(RankedTensorType type, int64_t rowStride) {
  return llvm::alignTo(uint64_t(type.getDimSize(0)) * rowStride * type.getElementTypeBitWidth() / 8,
                       16);
}

/// tile.dot on tensor cores: the registers of A (`dot_operand` 0), B
/// (`dot_operand` 1) and the accumulator (`mma`) are fragments of mma.sync
/// (m16n8k16 for 16-bit operands, m16n8k8 tf32 for f32, m16n8k32 for s8) in
/// the order TileAttrs.td gives; repetition (m, n) of the accumulator takes the
/// K steps of A's repetition m and B's repetition n. K steps go outermost, so
/// only one step's fragments are live at a time.
///
/// A staged operand (its conversion to the dot-operand layout lowered to
/// nothing) is written to shared memory row-major, rows padded by 16 bytes
/// (so that the 8 rows an ldmatrix reads fall in distinct banks) where the
/// target's shared memory allows, and each K step loads its fragments: tf32
/// and s8 ones element by element at their PTX places, 16-bit ones with
/// ldmatrix: per 16x16 block of A one `.x4` (matrices: rows
/// 0-7 and 8-15 of columns 0-7, then of columns 8-15: a0..a7 in order), per
/// two 16x8 blocks of B one `.x4.trans` (rows 0-7 and 8-15 of each block's 8
/// columns: b0..b3 of the first block, then of the second; `.x2` for an odd
/// last block).
struct MmaDotLowering : public SIMTPattern<tile::DotOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    tile::MmaEncodingAttr mma = matchMmaDot(op, 2); // version 3: WgmmaDot.cpp
    if (!mma)
      return failure();
    Location loc = op.getLoc();
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    Type operand = aType.getElementType();
    if (failed(requireTensorCoreInstruction(op, hasMmaSync(simt, op), "mma.sync")))
      return failure();
    StringRef precision =
        op.getInputPrecision().value_or(simt.target.getDefaultDotInputPrecision(simt.arch));
    if (operand.isF32() && precision != "tf32")
      return op.emitOpError("with f32 operands runs on mma.sync as tf32 only, but its "
                            "input_precision is \"")
             << precision << "\"";
    // w operand elements per 32-bit register: K = 8w per instruction, 4w
    // elements of A and 2w of B per lane.
    unsigned w = cast<tile::DotOperandEncodingAttr>(aType.getEncoding()).getKWidth();
    if (w != 32 / operand.getIntOrFloatBitWidth())
      return op.emitOpError("dot_operand kWidth ")
             << w << " does not match " << operand << " operands ("
             << 32 / operand.getIntOrFloatBitWidth() << " per 32-bit register)";
    int64_t aRegs = simt.layoutOf(aType).numRegs, bRegs = simt.layoutOf(bType).numRegs;
    int64_t cRegs = simt.layoutOf(cType).numRegs;
    int64_t kSteps = std::max<int64_t>(1, aType.getDimSize(1) / (8 * w));
    int64_t mReps = aRegs / (4 * w * kSteps), nReps = bRegs / (2 * w * kSteps);
    if (aType.getDimSize(1) < 8 * w || mReps * nReps * 4 != cRegs)
      return op.emitOpError("operand and accumulator layouts disagree on the repetitions");

    // Operands read per K step: from their pipeline buffer (a tile.local_load
    // planned as staged), or staged here in scratch: A from byte 0, B after it.
    Value aBuffer = bufferSource(simt, op.getA()), bBuffer = bufferSource(simt, op.getB());
    Value aStaged = stagedSource(simt, op.getA()), bStaged = stagedSource(simt, op.getB());
    auto aResident = plannedFor(simt.residentOperandConversions, op.getA());
    auto bResident = plannedFor(simt.residentOperandConversions, op.getB());
    // A B operand staged as its [N, K] transposition's source: B(k, n) is at
    // n * bStride + k, and its fragments are read transposed.
    Value bTransposed = transposedSource(simt, bStaged);
    if (auto buffer = plannedFor(simt.transposedBufferOperands, op.getB())) {
      bBuffer = bTransposed = *buffer;
      bStaged = Value();
    } else if (bTransposed) {
      bStaged = bTransposed;
    }
    bool aShared = aBuffer || aStaged || aResident, bShared = bBuffer || bStaged || bResident;
    int64_t m = aType.getDimSize(0), n = bType.getDimSize(1), k = aType.getDimSize(1);
    int64_t elemBytes = operand.getIntOrFloatBitWidth() / 8, pad = 16 / elemBytes;
    bool viaLdmatrix = elemBytes == 2;
    auto total = [&](int64_t padding) {
      return (aStaged ? stagedBytes(aType, k + padding) : 0) +
             (bStaged ? stagedBytes(cast<RankedTensorType>(bStaged.getType()),
                                    (bTransposed ? k : n) + padding)
                      : 0);
    };
    if (total(pad) > simt.target.getSharedMemoryLimit(simt.arch))
      pad = 0;
    int64_t aStride = aBuffer     ? bufferRowStride(cast<tile::MemDescType>(aBuffer.getType()))
                      : aResident ? aResident->rowStride
                                  : k + pad;
    int64_t bStride = bBuffer       ? bufferRowStride(cast<tile::MemDescType>(bBuffer.getType()))
                      : bResident   ? bResident->rowStride
                      : bTransposed ? k + pad
                                    : n + pad;
    uint64_t bRegion = aStaged ? stagedBytes(aType, aStride) : 0;
    uint64_t limit = total(pad);
    if (aStaged)
      simt.storeTile(b, loc, b.getRemappedValue(aStaged), simt.layoutOf(aStaged.getType()),
                     {aStride, 1}, 0, limit);
    if (bStaged)
      simt.storeTile(b, loc, b.getRemappedValue(bStaged), simt.layoutOf(bStaged.getType()),
                     {bStride, 1}, bRegion, limit);
    if (aStaged || bStaged)
      simt.barrier(b, loc);
    Type elem = getTypeConverter()->convertType(aType.getElementType());
    // The first element of each operand read from shared memory.
    auto c32 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, v, 32); };
    Value aBase = aBuffer     ? b.getRemappedValue(aBuffer)
                  : aResident ? simt.allocationAddress(b, loc, aResident->offset)
                  : aStaged   ? simt.sharedAddress(b, loc, c32(0), limit)
                              : Value();
    Value bBase = bBuffer     ? b.getRemappedValue(bBuffer)
                  : bResident ? simt.allocationAddress(b, loc, bResident->offset)
                  : bStaged   ? simt.sharedAddress(b, loc, c32(bRegion), limit)
                              : Value();

    // The warp's first row of A and column of B (wrapped as the layouts wrap),
    // and the lane's row of an ldmatrix (lane & 15) and matrix pair (lane >> 4).
    unsigned wm = mma.getWarpsPerCTA()[0], wn = mma.getWarpsPerCTA()[1];
    auto add = [&](Value x, Value y) -> Value { return arith::AddIOp::create(b, loc, x, y); };
    auto mul = [&](Value x, int64_t y) -> Value {
      return arith::MulIOp::create(b, loc, x, c32(y));
    };
    auto warpBlock = [&](unsigned stride, unsigned count, int64_t block, int64_t size) {
      Value digit = arith::RemUIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, simt.warpId, c32(stride)), c32(count));
      return arith::AndIOp::create(b, loc, mul(digit, block), c32(size - 1)).getResult();
    };
    Value laneRow = arith::AndIOp::create(b, loc, simt.laneId, c32(15));
    Value lanePair = arith::ShRUIOp::create(b, loc, simt.laneId, c32(4));
    Value aLane, bLane;
    int64_t aBlockStride = 16 * wm, bBlockStride = 8 * wn;
    if (aShared && viaLdmatrix) // element (warpRow + (lane & 15), 8 * (lane >> 4))
      aLane = add(mul(add(warpBlock(wn, wm, 16, m), laneRow), aStride), mul(lanePair, 8));
    if (bShared && viaLdmatrix && !bTransposed) // element (lane & 15, warpCol)
      bLane = add(mul(laneRow, bStride), warpBlock(1, wn, 8, n));
    // Transposed B: lane l addresses matrix l / 8 of a pair of 16x8 blocks
    // (block (l / 16), K half ((l / 8) % 2)), row n = warpCol + l % 8 of it.
    if (bShared && viaLdmatrix && bTransposed) {
      Value row = add(warpBlock(1, wn, 8, n),
                      add(arith::AndIOp::create(b, loc, simt.laneId, c32(7)),
                          mul(lanePair, 8 * wn)));
      Value half = arith::AndIOp::create(b, loc,
                                         arith::ShRUIOp::create(b, loc, simt.laneId, c32(3)),
                                         c32(1));
      bLane = add(mul(row, bStride), mul(half, 8));
    }
    // Address of element `index` (an i32) of an operand in shared memory.
    auto elementAt = [&](Value base, Value index) -> Value {
      return LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                                 ArrayRef<LLVM::GEPArg>{index});
    };
    // The lane's row addresses; each ldmatrix adds a constant, so that the
    // back end addresses them from one register with immediate offsets.
    Value aAddress, bAddress, bPairAddress;
    if (aShared && viaLdmatrix)
      aAddress = elementAt(aBase, aLane);
    if (bShared && viaLdmatrix) {
      bAddress = elementAt(bBase, bLane);
      if (nReps > 1 && !bTransposed)
        bPairAddress = elementAt(bBase, add(bLane, mul(lanePair, bBlockStride)));
    }
    auto loadMatrix = [&](Value address, int64_t elements, unsigned count, bool transpose) {
      return simt.target.loadMatrix(b, loc, simt.kernel, address, 2 * elements, elem, count,
                                    transpose);
    };
    // Without ldmatrix (tf32, s8): the lane's element of A (warpRow + g, w * t)
    // and of B (w * t, warpCol + g), and fragments read element by element at
    // constant offsets from them.
    Value group = arith::ShRUIOp::create(b, loc, simt.laneId, c32(2));
    Value inGroup = arith::AndIOp::create(b, loc, simt.laneId, c32(3));
    Value aElement, bElement;
    if (aShared && !viaLdmatrix)
      aElement = add(mul(add(warpBlock(wn, wm, 16, m), group), aStride), mul(inGroup, w));
    if (bShared && !viaLdmatrix)
      bElement = bTransposed
                     ? add(mul(add(warpBlock(1, wn, 8, n), group), bStride), mul(inGroup, w))
                     : add(mul(inGroup, w * bStride), add(warpBlock(1, wn, 8, n), group));
    auto loadElements = [&](Value laneElement, Value base, ArrayRef<int64_t> offsets) {
      SmallVector<Value> values;
      for (int64_t offset : offsets)
        values.push_back(simt.loadSharedScalar(
            b, loc, elem, elementAt(base, add(laneElement, c32(offset)))));
      return vector::FromElementsOp::create(
          b, loc, VectorType::get({int64_t(offsets.size())}, elem), values);
    };
    auto aElements = [&](int64_t mm,
                         int64_t kk) { // a_e at (8 ((e / w) % 2), 4w (e / w / 2) + e % w)
      SmallVector<int64_t> offsets;
      for (int64_t e = 0; e < 4 * w; ++e)
        offsets.push_back((mm * aBlockStride + 8 * ((e / w) % 2)) * aStride + kk * 8 * w +
                          4 * w * (e / w / 2) + e % w);
      return loadElements(aElement, aBase, offsets);
    };
    auto bElements = [&](int64_t kk, int64_t nn) { // b_e at (4w (e / w) + e % w, 0)
      SmallVector<int64_t> offsets;
      for (int64_t e = 0; e < 2 * w; ++e) {
        int64_t kOffset = kk * 8 * w + 4 * w * (e / w) + e % w;
        offsets.push_back(bTransposed ? nn * bBlockStride * bStride + kOffset
                                      : kOffset * bStride + nn * bBlockStride);
      }
      return loadElements(bElement, bBase, offsets);
    };

    SmallVector<Value> accs;
    for (int64_t i = 0; i < mReps * nReps; ++i)
      accs.push_back(registers(b, loc, adaptor.getAcc(), 4 * i, 4));
    for (int64_t kk = 0; kk < kSteps; ++kk) {
      // Fragments in registers are taken where their first mma.sync needs them
      // (decoding ones are computed there: operandRegisters).
      SmallVector<Value> aFragments, bFragments;
      for (int64_t mm = 0; mm < mReps; ++mm)
        aFragments.push_back(
            !aShared      ? Value()
            : viaLdmatrix ? loadMatrix(aAddress, mm * aBlockStride * aStride + kk * 16, 4, false)
                          : aElements(mm, kk));
      for (int64_t nn = 0; nn < nReps; ++nn) {
        if (bShared && !viaLdmatrix) {
          bFragments.push_back(bElements(kk, nn));
          continue;
        }
        if (!bShared) {
          bFragments.push_back(Value());
          continue;
        }
        bool pair = nn + 1 < nReps;
        Value words =
            bTransposed
                ? loadMatrix(bAddress, nn * bBlockStride * bStride + kk * 16, pair ? 4 : 2, false)
                : loadMatrix(pair ? bPairAddress : bAddress,
                             kk * 16 * bStride + nn * bBlockStride, pair ? 4 : 2, true);
        bFragments.push_back(registers(b, loc, words, 0, 4));
        if (pair)
          bFragments.push_back(registers(b, loc, words, 4, 4));
        nn += pair;
      }
      for (int64_t nn = 0; nn < nReps; ++nn)
        for (int64_t mm = 0; mm < mReps; ++mm) {
          if (!aFragments[mm])
            aFragments[mm] = operandRegisters(simt, b, loc, *getTypeConverter(), op.getA(),
                                              4 * w * (mm * kSteps + kk), 4 * w);
          if (!bFragments[nn])
            bFragments[nn] = operandRegisters(simt, b, loc, *getTypeConverter(), op.getB(),
                                              2 * w * (nn * kSteps + kk), 2 * w);
          Value &c = accs[mm * nReps + nn];
          c = op.getAFp8()
                  ? simt.target.fp8MmaSync(b, loc, simt.kernel, *op.getAFp8(), *op.getBFp8(),
                                           aFragments[mm], bFragments[nn], c)
                  : simt.target.mmaSync(b, loc, simt.kernel, aFragments[mm], bFragments[nn], c);
        }
    }
    // Scratch may be reused once every thread has read it; pipeline buffers
    // are guarded by the tile.async_wait before their next fill.
    if (aStaged || bStaged)
      simt.barrier(b, loc);
    Value acc = adaptor.getAcc();
    for (auto [i, c] : llvm::enumerate(accs))
      acc = vector::InsertStridedSliceOp::create(b, loc, c, acc, ArrayRef<int64_t>{4 * int64_t(i)},
                                                 ArrayRef<int64_t>{1});
    b.replaceOp(op, acc);
    return success();
  }
};

} // namespace

bool hasMmaSync(const SIMTLowering &simt, tile::DotOp dot) {
  if (dot.getAFp8())
    return simt.target.hasFP8MmaSync(simt.arch, *dot.getAFp8(), *dot.getBFp8());
  return simt.target.hasMmaSync(simt.arch, dot.getA().getType().getElementType(),
                                dot.getAcc().getType().getElementType());
}

bool hasWarpgroupMma(const SIMTLowering &simt, tile::DotOp dot) {
  if (dot.getAFp8())
    return simt.target.hasFP8WarpgroupMma(simt.arch, *dot.getAFp8(), *dot.getBFp8());
  return simt.target.hasWarpgroupMma(simt.arch, dot.getA().getType().getElementType(),
                                     dot.getAcc().getType().getElementType());
}

LogicalResult requireTensorCoreInstruction(tile::DotOp dot, bool available, StringRef instruction) {
  if (available)
    return success();
  InFlightDiagnostic error = dot.emitOpError("target has no ") << instruction << " for ";
  if (dot.getAFp8())
    return error << *dot.getAFp8() << " x " << *dot.getBFp8() << " operands";
  return error << dot.getA().getType().getElementType() << " operands and "
               << dot.getAcc().getType().getElementType() << " accumulators";
}

Value bufferSource(const SIMTLowering &simt, Value operand) {
  auto load = operand.getDefiningOp<tile::LocalLoadOp>();
  if (load && simt.stagedOperandLoads.contains(load.getOperation()))
    return load.getSrc();
  return Value();
}

Value stagedSource(const SIMTLowering &simt, Value operand) {
  auto convert = operand.getDefiningOp<tile::ConvertLayoutOp>();
  if (convert && simt.stagedOperandConversions.contains(convert.getOperation()))
    return convert.getSrc();
  return Value();
}

Value transposedSource(const SIMTLowering &simt, Value staged) {
  auto trans = staged ? staged.getDefiningOp<tile::TransOp>() : tile::TransOp();
  if (trans && simt.stagedTransposes.contains(trans.getOperation()))
    return trans.getSrc();
  return Value();
}

bool isOperandDecoding(Operation *op) {
  return tile::isPureElementwise(op) && op->getNumOperands() != 0 &&
         isa_and_nonnull<tile::DotOperandEncodingAttr>(
             tile::getEncoding(op->getResult(0).getType()));
}

bool decodedPerKStep(Value value) {
  return !value.use_empty() &&
         tile::usedOnlyThrough(
             value,
             [](OpOperand &use) {
               auto dot = dyn_cast<tile::DotOp>(use.getOwner());
               if (!dot || use.getOperandNumber() >= 2)
                 return false;
               Attribute encoding = dot.getAcc().getType().getEncoding();
               auto mma = dyn_cast_or_null<tile::MmaEncodingAttr>(encoding);
               return (mma && mma.getVersion() == 2) ||
                      isa_and_nonnull<tile::MfmaEncodingAttr>(encoding);
             },
             [](Operation *op) { return isOperandDecoding(op) && !op->getResult(0).use_empty(); });
}

Value operandRegisters(SIMTLowering &simt, ConversionPatternRewriter &b, Location loc,
                       const TypeConverter &converter, Value operand, int64_t offset,
                       int64_t count) {
  DenseMap<Value, Value> done;
  std::function<Value(Value)> slice = [&](Value v) -> Value {
    if (Value known = done.lookup(v))
      return known;
    Operation *def = v.getDefiningOp();
    Type elem = cast<VectorType>(converter.convertType(v.getType())).getElementType();
    Value result;
    if (def && isOperandDecoding(def)) {
      OperationState state(loc, def->getName());
      for (Value x : def->getOperands())
        state.addOperands(isa<RankedTensorType>(x.getType()) ? slice(x) : b.getRemappedValue(x));
      state.addTypes(VectorType::get({count}, elem));
      state.addAttributes(def->getAttrs());
      result = b.create(state)->getResult(0);
    } else if (auto load = dyn_cast_or_null<tile::LocalLoadOp>(def);
               load && decodedPerKStep(load.getResult())) {
      result = readBufferRegisters(simt, b, loc, load, b.getRemappedValue(load.getSrc()), elem,
                                   offset, count);
    } else {
      result = registers(b, loc, b.getRemappedValue(v), offset, count);
    }
    done[v] = result;
    return result;
  };
  return slice(operand);
}

/// Whether a dot can read the operand of `type` that `load` gives from its
/// buffer per K step: row-major, unswizzled, rows starting 16-byte aligned (as
/// ldmatrix needs).
static bool isReadableBuffer(tile::LocalLoadOp load, RankedTensorType type, bool wgmma) {
  tile::MemDescType buffer = load.getSrc().getType();
  auto shared = cast<tile::SharedEncodingAttr>(buffer.getEncoding());
  // wgmma reads swizzled buffers (WgmmaDot.cpp checks the width), mma.sync
  // padded ones.
  if ((shared.getSwizzleBytes() != 0) != wgmma)
    return false;
  if (wgmma)
    return true;
  int64_t rowBytes = bufferRowStride(buffer) * type.getElementTypeBitWidth() / 8;
  return shared.getOrder()[0] == 1 && shared.getVec() == 1 && shared.getMaxPhase() == 1 &&
         rowBytes % 16 == 0;
}

/// The innermost loop around `op`, or null.
static Operation *enclosingLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent; parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      return parent;
  return nullptr;
}

/// Staged conversions of values defined outside the loop of all their dots
/// become resident: moved before that loop, each writes its tile once to a
/// region of its own after the buffers (rows padded by 16 bytes, as staging),
/// where the regions fit with the kernel's scratch.
static void planResidentOperands(SIMTLowering &simt, ArrayRef<tile::ConvertLayoutOp> candidates,
                          uint64_t limit) {
  struct Invariant {
    tile::ConvertLayoutOp convert;
    Operation *loop;
    bool wgmma; ///< Read by wgmma dots (as their A operand).
  };
  SmallVector<Invariant> invariants;
  llvm::DenseSet<Operation *> chosen;
  for (tile::ConvertLayoutOp convert : candidates) {
    if (!simt.stagedOperandConversions.contains(convert.getOperation()))
      continue;
    Operation *loop = enclosingLoop(convert);
    Value src = convert.getSrc();
    bool sameLoop = llvm::all_of(convert->getUsers(),
                                 [&](Operation *user) { return enclosingLoop(user) == loop; });
    // wgmma dots read an A operand from a region in their swizzled layout;
    // the B operands they stage stay theirs.
    auto isWgmma = [](OpOperand &use) {
      auto encoding = tile::getEncoding(cast<tile::DotOp>(use.getOwner()).getAcc().getType());
      auto mma = dyn_cast_or_null<tile::MmaEncodingAttr>(encoding);
      return mma && mma.getVersion() == 3;
    };
    bool wgmmaUser = llvm::any_of(convert->getUses(), isWgmma);
    if (wgmmaUser && !llvm::all_of(convert->getUses(), [&](OpOperand &use) {
          return isWgmma(use) && use.getOperandNumber() == 0;
        }))
      continue;
    if (!loop || !sameLoop || loop->isAncestor(src.getParentBlock()->getParentOp()))
      continue;
    invariants.push_back({convert, loop, wgmmaUser});
  }
  for (auto [convert, loop, wgmma] : invariants) {
    // The scratch left with this one and those before it resident (their
    // dots no longer stage them).
    chosen.insert(convert.getOperation());
    int64_t scratch = estimateScratchBytes(
        simt.kernel, [](Operation *) { return false; },
        [&](Value operand) {
          Operation *def = operand.getDefiningOp();
          return def && (isa<tile::LocalLoadOp>(def) || chosen.contains(def));
        });
    auto type = cast<RankedTensorType>(convert.getType());
    int64_t elemBytes = type.getElementTypeBitWidth() / 8;
    // wgmma's rows: column blocks of at most 128 bytes, swizzled by their width.
    int64_t swizzleBytes =
        wgmma ? std::min<int64_t>(type.getDimSize(1) * elemBytes, 128) : 0;
    int64_t rowStride = wgmma ? type.getDimSize(1) : type.getDimSize(1) + 16 / elemBytes;
    uint64_t offset = llvm::alignTo(simt.allocatedBytes, wgmma ? 1024 : 16);
    uint64_t end = offset + stagedBytes(type, rowStride);
    if (end + uint64_t(scratch) > limit) {
      chosen.erase(convert.getOperation());
      continue;
    }
    simt.stagedOperandConversions.erase(convert.getOperation());
    simt.residentOperandConversions[convert.getOperation()] = {offset, rowStride, swizzleBytes};
    simt.allocatedBytes = end;
    simt.sharedBytes = std::max(simt.sharedBytes, end);
    convert->moveBefore(loop);
  }
}

void planDotOperandStaging(SIMTLowering &simt) {
  bool ldmatrix = simt.target.hasLoadMatrix(simt.arch);
  uint64_t limit = simt.target.getSharedMemoryLimit(simt.arch);
  // A conversion can be staged by a dot when it converts a distributed tile to
  // that dot's operand layout (16-bit elements where the target has ldmatrix;
  // tf32 and s8 ones, read element by element, always), and the dot's staged
  // operands fit in shared memory (unpadded, at least).
  llvm::DenseSet<std::pair<Operation *, unsigned>> accepted; // (dot, operand)
  SmallVector<tile::ConvertLayoutOp> candidates, transposedLoads;
  SmallVector<tile::LocalLoadOp> loads;
  simt.kernel.walk([&](tile::DotOp dot) {
    auto cType = cast<RankedTensorType>(dot.getAcc().getType());
    auto mma = dyn_cast_or_null<tile::MmaEncodingAttr>(cType.getEncoding());
    // wgmma (version 3) reads both operands from shared memory: its pipeline
    // buffers, a resident region (A), or staged by the dot in its swizzled
    // layout.
    bool wgmma = mma && mma.getVersion() == 3;
    if (!mma || !(wgmma ? hasWarpgroupMma(simt, dot) : hasMmaSync(simt, dot)))
      return;
    uint64_t bytes = 0;
    SmallVector<unsigned> operands;
    for (unsigned idx : {0u, 1u}) {
      Value operand = dot->getOperand(idx);
      auto type = cast<RankedTensorType>(operand.getType());
      auto encoding = dyn_cast_or_null<tile::DotOperandEncodingAttr>(type.getEncoding());
      if (!encoding || encoding.getOpIdx() != idx || encoding.getParent() != mma ||
          type.getRank() != 2 ||
          (!wgmma && type.getElementType().getIntOrFloatBitWidth() == 16 && !ldmatrix))
        continue;
      if (auto load = operand.getDefiningOp<tile::LocalLoadOp>()) {
        if (isReadableBuffer(load, type, wgmma)) {
          accepted.insert({dot.getOperation(), idx});
          loads.push_back(load);
        }
        continue;
      }
      auto convert = operand.getDefiningOp<tile::ConvertLayoutOp>();
      if (!convert)
        continue;
      if (auto trans = convert.getSrc().getDefiningOp<tile::TransOp>()) {
        auto load = trans.getSrc().getDefiningOp<tile::LocalLoadOp>();
        if (idx == 1 && load && load->hasOneUse() && trans->hasOneUse() &&
            trans.getOrder() == ArrayRef<int32_t>{1, 0} && isReadableBuffer(load, type, wgmma)) {
          accepted.insert({dot.getOperation(), idx});
          transposedLoads.push_back(convert);
          continue;
        }
      }
      auto srcEncoding = tile::getEncoding(convert.getSrc().getType());
      if (!tile::isDistributedEncoding(srcEncoding) ||
          isa<tile::DotOperandEncodingAttr>(srcEncoding))
        continue;
      bytes += stagedBytes(type, type.getDimSize(1));
      operands.push_back(idx);
      candidates.push_back(convert);
    }
    if (bytes <= limit)
      for (unsigned idx : operands)
        accepted.insert({dot.getOperation(), idx});
  });
  // Staged when every user is a dot that stages it.
  auto allUsesStaged = [&](Operation *op) {
    return llvm::all_of(op->getUses(), [&](OpOperand &use) {
      return accepted.contains({use.getOwner(), use.getOperandNumber()});
    });
  };
  for (tile::ConvertLayoutOp convert : candidates)
    if (allUsesStaged(convert))
      simt.stagedOperandConversions.insert(convert.getOperation());
  for (tile::LocalLoadOp load : loads)
    if (allUsesStaged(load))
      simt.stagedOperandLoads.insert(load.getOperation());
  for (tile::ConvertLayoutOp convert : transposedLoads) {
    if (!allUsesStaged(convert))
      continue;
    auto trans = convert.getSrc().getDefiningOp<tile::TransOp>();
    auto load = trans.getSrc().getDefiningOp<tile::LocalLoadOp>();
    simt.stagedOperandConversions.insert(convert.getOperation());
    simt.stagedTransposes.insert(trans.getOperation());
    simt.stagedOperandLoads.insert(load.getOperation());
    simt.transposedBufferOperands[convert.getOperation()] = load.getSrc();
  }
  planResidentOperands(simt, candidates, limit);
  // A B operand that is a transposition of a 2-D distributed tile: the dot
  // stages the tile transposed instead.
  for (tile::ConvertLayoutOp convert : candidates) {
    auto encoding = cast<tile::DotOperandEncodingAttr>(tile::getEncoding(convert.getType()));
    auto trans = convert.getSrc().getDefiningOp<tile::TransOp>();
    if (encoding.getOpIdx() != 1 || !trans || !trans->hasOneUse() ||
        trans.getOrder() != ArrayRef<int32_t>{1, 0} ||
        !simt.stagedOperandConversions.contains(convert.getOperation()) ||
        !tile::isDistributedEncoding(tile::getEncoding(trans.getSrc().getType())) ||
        isa<tile::DotOperandEncodingAttr>(tile::getEncoding(trans.getSrc().getType())))
      continue;
    simt.stagedTransposes.insert(trans.getOperation());
  }
}

void populateSIMTDotPatterns(SIMTLowering &simt, const TypeConverter &converter,
                             RewritePatternSet &patterns) {
  patterns.add<DotLowering>(simt, converter, patterns.getContext());
  patterns.add<MmaDotLowering>(simt, converter, patterns.getContext(), /*benefit=*/2);
}

} // namespace tilec
