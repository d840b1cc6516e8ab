//===- WgmmaDot.cpp - tile.dot on sm_90 warpgroup MMA (wgmma) in SIMT -----===//
//
// A dot whose accumulator has a version-3 `#tile.mma` layout (warps along M,
// four per warpgroup) runs on `wgmma.mma_async.m64nNk16`, which reads both
// operands from shared memory through matrix descriptors: from its pipeline
// buffers (tilec-pipeline-loops' `swizzleBytes` buffers, filled by cp.async),
// or else the dot writes each operand there itself. Either way the layout is
// the one the descriptors describe (`#tile.shared` swizzleBytes):
//
//   an R x C operand (A: M x K; B: K x N, or N x K when it is a transposition
//   the dot folds) is stored as column blocks of W = min(C, 64) elements (S =
//   2W bytes per row: the 32-, 64- or 128-byte swizzle), block after block,
//   rows of each block S bytes apart; within each 1024-byte-aligned region,
//   the 16-byte chunk bits [4, 4 + b) of each byte offset are XORed with bits
//   [7, 7 + b), b = log2(S / 16): the hardware's swizzle of that width.
//
// A (and a folded B) are then K-major: rows of M (N) with K contiguous, 8-row
// groups S * 8 bytes apart (the descriptor's stride byte offset), and a K
// step of 16 elements starts 32 bytes further in its row. B as loaded (K x N,
// N contiguous) is MN-major: 8-row groups along K S * 8 bytes apart (stride
// byte offset) and column blocks R * S apart (leading byte offset), read
// with the instruction's transpose flag. Each warpgroup runs, per K step and
// 64-row repetition, one wgmma per (at most) 256 columns; the accumulator
// registers of that repetition and those columns are the instruction's d
// registers in order (TileAttrs.td). The shapes and descriptor fields are
// those of Triton's sm_90 matmul (128x128x64 fp16: A's stride byte offset
// 1024, B's leading byte offset 8192 with the 128-byte swizzle).
//
// The dot's wgmmas form one group (wgmma.commit_group), which the dot waits
// for itself, or, for a `tile.dot {is_async}`, the `tile.dot_wait` that
// tilec-pipeline-loops placed after it (lowered here too).
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

/// How wgmma reads an R x C operand of `elemBytes`-byte elements from shared
/// memory: column blocks of min(C, 128 / elemBytes) elements, swizzled by
/// their width in bytes.
SwizzledTile operandTile(int64_t rows, int64_t cols, int64_t elemBytes) {
  return {rows, cols, elemBytes, std::min<int64_t>(cols, 128 / elemBytes) * elemBytes};
}

struct WgmmaDotLowering : public SIMTPattern<tile::DotOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    tile::MmaEncodingAttr mma = matchMmaDot(op, 3);
    if (!mma)
      return failure();
    Location loc = op.getLoc();
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    Type operand = aType.getElementType();
    if (failed(requireTensorCoreInstruction(op, hasWarpgroupMma(simt, op), "wgmma")))
      return failure();
    int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = aType.getDimSize(1);
    // Warpgroups split M first, then N: each runs its 64-row blocks over
    // `groupN` columns (TileAttrs.td: warp w at (w % warpsM, w / warpsM)).
    unsigned warpsM = mma.getWarpsPerCTA()[0], warpsN = mma.getWarpsPerCTA()[1];
    int64_t groupN = n / warpsN;
    // 32 bytes of K per instruction: 16 16-bit elements, 8 tf32 ones, 32 s8
    // ones; only 16-bit operands may be MN-major (tf32 and s8 are read
    // K-major).
    int64_t elemBytes = operand.getIntOrFloatBitWidth() / 8, instrK = 32 / elemBytes;
    bool kMajorOnly = elemBytes != 2;
    if (m % (16 * warpsM) || n % (16 * warpsN) || k % instrK || !llvm::isPowerOf2_64(n) ||
        !llvm::isPowerOf2_64(k))
      return op.emitOpError("shape ") << m << "x" << n << "x" << k << " does not fit wgmma at "
                                      << warpsM << "x" << warpsN << " warps";

    // The operands: read from their pipeline buffers (tile.local_load planned
    // as staged, swizzled by tilec-pipeline-loops; B possibly transposed),
    // else staged here from the thread's registers: the tiles whose
    // conversions the dot stages, else the dot-operand registers.
    Value aBuffer = bufferSource(simt, op.getA()), bBuffer = bufferSource(simt, op.getB());
    // A loop invariant A written once to its region (planResidentOperands).
    Value aResident;
    if (auto it = simt.residentOperandConversions.find(op.getA().getDefiningOp());
        it != simt.residentOperandConversions.end() && it->second.swizzleBytes)
      aResident = simt.allocationAddress(b, loc, it->second.offset);
    // B is K-major (stored N x K) when it is a transposition the dot folds,
    // its buffer holds it transposed, or the dot stages it transposed (tf32,
    // s8).
    bool bTransposed = false;
    if (Operation *def = op.getB().getDefiningOp();
        def && simt.transposedBufferOperands.count(def)) {
      bBuffer = simt.transposedBufferOperands.lookup(def);
      bTransposed = true;
    }
    auto sharedEncoding = [](Value buffer) {
      return cast<tile::SharedEncodingAttr>(cast<tile::MemDescType>(buffer.getType()).getEncoding());
    };
    if (bBuffer && sharedEncoding(bBuffer).getOrder()[0] == 0)
      bTransposed = true;
    bool aInShared = aBuffer || aResident;
    Value aSource = aInShared ? Value() : stagedSource(simt, op.getA());
    Value bSource = bBuffer ? Value() : stagedSource(simt, op.getB());
    bool bFolded = false;
    if (Value source = transposedSource(simt, bSource)) {
      bSource = source;
      bTransposed = bFolded = true;
    }
    bool bStagedTransposed = !bBuffer && kMajorOnly && !bFolded;
    bTransposed |= bStagedTransposed;
    if (kMajorOnly && !bTransposed)
      return op.emitOpError("wgmma reads ")
             << operand << " B operands K-major, but its buffer is not transposed";
    SwizzledTile aShared = operandTile(m, k, elemBytes);
    SwizzledTile bShared =
        bTransposed ? operandTile(n, k, elemBytes) : operandTile(k, n, elemBytes);
    for (auto [buffer, shape] : {std::make_pair(aBuffer, aShared), std::make_pair(bBuffer, bShared)})
      if (buffer && sharedEncoding(buffer).getSwizzleBytes() != shape.swizzleBytes)
        return op.emitOpError("operand buffer ")
               << buffer.getType() << " is not swizzled by " << shape.swizzleBytes
               << " bytes, as wgmma reads it";

    // Staged operands each take a region of scratch at a 1024-byte-aligned
    // address (the swizzle reads address bits 4-9).
    uint64_t scratch = simt.scratchBase(b);
    uint64_t aRegion = llvm::alignTo(scratch, 1024) - scratch;
    uint64_t bRegion = aRegion + (aInShared ? 0 : aShared.bytes());
    bRegion = llvm::alignTo(scratch + bRegion, 1024) - scratch;
    uint64_t limit = bRegion + (bBuffer ? 0 : bShared.bytes());
    auto c32 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, v, 32); };
    // A tile staged as it is, or transposed (its element (r, c) stored as
    // (c, r) of `shape`).
    auto stage = [&](Value tile, Type tileType, const SwizzledTile &shape, uint64_t region,
                     bool transpose) {
      SmallVector<int64_t> strides =
          transpose ? SmallVector<int64_t>{1, shape.cols} : SmallVector<int64_t>{shape.cols, 1};
      tile::DistributedLayout layout = simt.layoutOf(tileType);
      SwizzledOffsets swizzled(layout, strides, shape.rows, shape.cols, elemBytes,
                               shape.swizzleBytes);
      simt.storeTile(
          b, loc, tile, layout, strides,
          [&](Value index, int64_t reg) {
            Value byte = swizzled.offset(b, loc, index, reg);
            return simt.sharedAddress(
                b, loc, arith::AddIOp::create(b, loc, byte, c32(int64_t(region))), limit);
          },
          16);
    };
    bool staged = !aInShared || !bBuffer;
    // (tilec-pipeline-loops makes only dots on its buffers asynchronous:
    // staged operands would be overwritten by the next dot while in flight.)
    if (staged && op.getIsAsync())
      return op.emitOpError("is_async, but an operand is not in a pipeline buffer or a "
                            "resident region: the dot would stage it while wgmmas read it");
    if (!aInShared)
      stage(aSource ? b.getRemappedValue(aSource) : adaptor.getA(),
            aSource ? aSource.getType() : aType, aShared, aRegion, false);
    if (!bBuffer)
      stage(bSource ? b.getRemappedValue(bSource) : adaptor.getB(),
            bSource ? bSource.getType() : bType, bShared, bRegion, bStagedTransposed);
    // (Every thread fences for wgmma's async proxy after the barrier, in
    // warpgroupMmaFence below: the order the H200 ran right; a second fence
    // by the writers before the barrier cost time in every iteration.)
    if (staged)
      simt.barrier(b, loc);

    // Each operand's first byte; A's for the warpgroup's first row.
    auto at = [&](Value base, Value bytes) -> Value {
      return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                                 ArrayRef<LLVM::GEPArg>{bytes});
    };
    Value warpgroup = arith::ShRUIOp::create(b, loc, simt.warpId, c32(2));
    unsigned groupsM = warpsM / 4;
    Value groupM = arith::AndIOp::create(b, loc, warpgroup, c32(groupsM - 1));
    Value groupCol = arith::MulIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, warpgroup, c32(llvm::Log2_32(groupsM))),
        c32(groupN));
    Value aRows = arith::MulIOp::create(b, loc, groupM, c32(64 * aShared.swizzleBytes));
    // The warpgroup's first column of B: a row of B stored transposed (N x
    // K), else a column, in its column block.
    Value bColumn =
        bTransposed
            ? Value(arith::MulIOp::create(b, loc, groupCol, c32(bShared.swizzleBytes)))
            : Value(arith::AddIOp::create(
                  b, loc,
                  arith::MulIOp::create(
                      b, loc, arith::DivUIOp::create(b, loc, groupCol, c32(bShared.width())),
                      c32(bShared.rows * bShared.swizzleBytes)),
                  arith::MulIOp::create(
                      b, loc, arith::RemUIOp::create(b, loc, groupCol, c32(bShared.width())),
                      c32(elemBytes))));
    Value aBase = aBuffer     ? at(b.getRemappedValue(aBuffer), aRows)
                  : aResident ? at(aResident, aRows)
                          : simt.sharedAddress(
                                b, loc, arith::AddIOp::create(b, loc, aRows, c32(int64_t(aRegion))),
                                limit);
    Value bBase = at(bBuffer ? b.getRemappedValue(bBuffer)
                             : simt.sharedAddress(b, loc, c32(int64_t(bRegion)), limit),
                     bColumn);
    int64_t mReps = m / (16 * warpsM), nInstr = std::min<int64_t>(groupN, 256);
    int64_t nReps = groupN / 8;
    simt.target.warpgroupMmaFence(b, loc, simt.kernel);
    Value acc = adaptor.getAcc();
    for (int64_t mm = 0; mm < mReps; ++mm)
      for (int64_t nb = 0; nb < groupN / nInstr; ++nb) {
        int64_t first = 4 * (mm * nReps + nb * nInstr / 8), count = nInstr / 2;
        Value d = vector::ExtractStridedSliceOp::create(b, loc, acc, ArrayRef<int64_t>{first},
                                                        ArrayRef<int64_t>{count},
                                                        ArrayRef<int64_t>{1});
        for (int64_t kk = 0; kk < k / instrK; ++kk) {
          WarpgroupMmaOperand aDesc;
          aDesc.fp8 = op.getAFp8().value_or("");
          aDesc.start = at(aBase, c32(aShared.linearByte<int64_t>(mm * 16 * warpsM, instrK * kk)));
          aDesc.swizzleBytes = unsigned(aShared.swizzleBytes);
          aDesc.strideBytes = uint64_t(8 * aShared.swizzleBytes);
          WarpgroupMmaOperand bDesc;
          bDesc.fp8 = op.getBFp8().value_or("");
          bDesc.swizzleBytes = unsigned(bShared.swizzleBytes);
          bDesc.strideBytes = uint64_t(8 * bShared.swizzleBytes);
          if (bTransposed) {
            bDesc.start = at(bBase, c32(bShared.linearByte<int64_t>(nb * nInstr, instrK * kk)));
          } else {
            bDesc.mnMajor = true;
            bDesc.start = at(bBase, c32(bShared.linearByte<int64_t>(instrK * kk, nb * nInstr)));
            bDesc.leadingBytes = uint64_t(bShared.rows * bShared.swizzleBytes);
          }
          d = simt.target.warpgroupMma(b, loc, simt.kernel, operand, aDesc, bDesc, d,
                                       unsigned(nInstr));
        }
        acc = vector::InsertStridedSliceOp::create(b, loc, d, acc, ArrayRef<int64_t>{first},
                                                   ArrayRef<int64_t>{1});
      }
    simt.target.warpgroupMmaCommit(b, loc, simt.kernel);
    // An asynchronous dot leaves its group in flight: a tile.dot_wait
    // completes it.
    if (!op.getIsAsync())
      acc = simt.target.warpgroupMmaWait(b, loc, simt.kernel, 0, acc).front();
    // Scratch may be reused once every warpgroup's wgmmas have read it;
    // pipeline buffers are guarded by the tile.async_wait before their next
    // fill.
    if (staged)
      simt.barrier(b, loc);
    b.replaceOp(op, acc);
    return success();
  }
};

/// tile.dot_wait: the target's wgmma.wait_group on the accumulators'
/// registers.
struct DotWaitLowering : public SIMTPattern<tile::DotWaitOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::DotWaitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    // (Every target with wgmma has it for f16 operands and f32 sums.)
    if (!simt.target.hasWarpgroupMma(simt.arch, b.getF16Type(), b.getF32Type()))
      return op.emitOpError("target has no wgmma to wait for (arch '") << simt.arch << "')";
    b.replaceOp(op, simt.target.warpgroupMmaWait(b, op.getLoc(), simt.kernel, op.getPendings(),
                                                 adaptor.getInputs()));
    return success();
  }
};

} // namespace

void populateSIMTWgmmaDotPatterns(SIMTLowering &simt, const TypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<WgmmaDotLowering>(simt, converter, patterns.getContext(), /*benefit=*/2);
  patterns.add<DotWaitLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
