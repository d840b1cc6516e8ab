//===- Dot.cpp - tile.dot -> broadcast-FMA on flat vectors ----------------===//
//
// For C[M,N] += A[M,K] * B[K,N], inputs narrower than the accumulator are
// extended first; batched 3-D dots are lowered per batch. Two strategies:
//
// - Small dots (M*N*K below kLoopThreshold) and shapes the microkernel does
//   not tile (M or N of no small factor): row i of C is accumulated as
//   row_i = fma(broadcast(A[i,k]), B[k,:], row_i) over k, fully unrolled
//   (muli + addi for integers), then the rows are concatenated.
// - Large dots (float and integer): a register-blocked microkernel. A, B and C are spilled
//   to stack buffers (llvm.alloca in the function's entry block),
//   then scf.for loops walk MRxNR blocks of C, each held in MR*(NR/VL)
//   vector<VLxT> accumulators (VL lanes = one vector register of the target,
//   MR*NR/VL sized to its register file) while an scf.for over k does
//   acc[r][c] = fma(broadcast(A[i0+r,k]), B[k, j0+c*VL : +VL], acc[r][c])
//   (muli + addi for integers).
//   The code size is independent of M, N and K, so compile time stays flat.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

/// Converts the vector `v` to element type `elem` (extension or truncation).
Value castElements(OpBuilder &b, Location loc, Value v, Type elem) {
  auto type = cast<VectorType>(v.getType());
  Type from = type.getElementType();
  if (from == elem)
    return v;
  auto target = VectorType::get(type.getShape(), elem);
  unsigned fromBits = from.getIntOrFloatBitWidth(), toBits = elem.getIntOrFloatBitWidth();
  if (isa<FloatType>(elem)) {
    if (fromBits < toBits)
      return arith::ExtFOp::create(b, loc, target, v);
    // Same width, different format (f16 <-> bf16): go through f32.
    if (fromBits == toBits)
      v = arith::ExtFOp::create(b, loc, VectorType::get(type.getShape(), b.getF32Type()), v);
    return arith::TruncFOp::create(b, loc, target, v);
  }
  if (fromBits < toBits)
    return arith::ExtSIOp::create(b, loc, target, v);
  return arith::TruncIOp::create(b, loc, target, v);
}

/// `vector.shuffle` selecting `size` consecutive elements from `offset`.
Value slice(OpBuilder &b, Location loc, Value v, int64_t offset, int64_t size) {
  return shuffleOne(b, loc, v, llvm::to_vector(llvm::seq<int64_t>(offset, offset + size)));
}

/// acc + lhs * rhs: a fused multiply-add for floats, muli + addi for integers.
Value multiplyAdd(OpBuilder &b, Location loc, Value lhs, Value rhs, Value acc) {
  if (isa<FloatType>(getElementTypeOrSelf(acc.getType())))
    return math::FmaOp::create(b, loc, lhs, rhs, acc);
  return arith::AddIOp::create(b, loc, acc, arith::MulIOp::create(b, loc, lhs, rhs));
}

/// Dots with at least this many multiply-adds use the looped microkernel.
constexpr int64_t kLoopThreshold = 4096;
/// Microkernel block of C: MR rows x NR = nrVectors * vl columns, vl being
/// the lanes of one vector register of the accumulator's element type.
struct MicroTile {
  int64_t mr = 0, nrVectors = 0, vl = 0;
};

/// The microkernel block for an MxN accumulator of `elem` on a target with
/// `registers` vector registers of `vectorBits` bits (the policy's), or mr == 0
/// when the shape is not
/// tiled. When N is not a multiple of a full register, the block uses
/// narrower vectors (the largest power of two dividing N), so every dot large
/// enough for the loop avoids the fully unrolled form.
MicroTile chooseMicroTile(int64_t m, int64_t n, Type elem, int64_t vectorBits,
                          int64_t registers) {
  MicroTile tile;
  tile.vl = std::max<int64_t>(1, vectorBits / elem.getIntOrFloatBitWidth());
  while (tile.vl > 1 && n % tile.vl)
    tile.vl /= 2;
  tile.nrVectors = n % (2 * tile.vl) == 0 ? 2 : 1;
  // Accumulators: at most 16, leaving registers for the B vectors and the
  // broadcast A element (AVX-512: 8x2, AVX2: 4x2 of 32 and 16 registers).
  int64_t budget = std::min<int64_t>(16, registers - 4);
  for (int64_t mr : {8, 6, 4, 2, 1})
    if (m % mr == 0 && mr * tile.nrVectors <= budget) {
      tile.mr = mr;
      break;
    }
  return tile;
}

/// Emits the microkernel for one C[M,N] += A[M,K] * B[K,N] whose operands live
/// in the stack buffers `a`, `b` and `c` (row-major, element type `elem`,
/// offsets `aOff`, `bOff`, `cOff` elements).
void emitMicroKernel(OpBuilder &b, Location loc, Type elem, Value aBuf, Value bBuf, Value cBuf,
                     int64_t aOff, int64_t bOff, int64_t cOff, int64_t m, int64_t n, int64_t k,
                     MicroTile tile) {
  Type i64 = b.getI64Type();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  int64_t vl = tile.vl;
  auto vecType = VectorType::get({vl}, elem);
  unsigned align = getElementByteSize(elem);
  auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i64, v).getResult(); };
  auto addr = [&](Value buf, Value index) {
    return LLVM::GEPOp::create(b, loc, ptrType, elem, buf, ValueRange{index}).getResult();
  };
  auto addIdx = [&](Value base, int64_t v) {
    return v ? arith::AddIOp::create(b, loc, base, cst(v)).getResult() : base;
  };
  int64_t nr = tile.nrVectors * vl;
  auto rowLoop = scf::ForOp::create(b, loc, cst(0), cst(m), cst(tile.mr));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(rowLoop.getBody());
  Value i0 = rowLoop.getInductionVar();
  auto colLoop = scf::ForOp::create(b, loc, cst(0), cst(n), cst(nr));
  b.setInsertionPointToStart(colLoop.getBody());
  Value j0 = colLoop.getInductionVar();
  // Element offsets of C[i0+r, j0] and A[i0+r, 0].
  SmallVector<Value> cRows, aRows;
  for (int64_t r = 0; r < tile.mr; ++r) {
    Value row = addIdx(i0, r);
    cRows.push_back(arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, row, cst(n)), addIdx(j0, cOff)));
    aRows.push_back(addIdx(arith::MulIOp::create(b, loc, row, cst(k)), aOff));
  }
  SmallVector<Value> accs;
  for (int64_t r = 0; r < tile.mr; ++r)
    for (int64_t v = 0; v < tile.nrVectors; ++v)
      accs.push_back(LLVM::LoadOp::create(b, loc, vecType,
                                          addr(cBuf, addIdx(cRows[r], v * vl)), align));
  auto kLoop = scf::ForOp::create(b, loc, cst(0), cst(k), cst(1), accs);
  {
    OpBuilder::InsertionGuard kGuard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value kk = kLoop.getInductionVar();
    Value bRow = addIdx(arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, kk, cst(n)),
                                              j0),
                        bOff);
    SmallVector<Value> bVecs;
    for (int64_t v = 0; v < tile.nrVectors; ++v)
      bVecs.push_back(LLVM::LoadOp::create(b, loc, vecType, addr(bBuf, addIdx(bRow, v * vl)),
                                           align));
    SmallVector<Value> next;
    for (int64_t r = 0; r < tile.mr; ++r) {
      Value aik = LLVM::LoadOp::create(
          b, loc, elem, addr(aBuf, arith::AddIOp::create(b, loc, aRows[r], kk)), align);
      Value splat = vector::BroadcastOp::create(b, loc, vecType, aik);
      for (int64_t v = 0; v < tile.nrVectors; ++v)
        next.push_back(multiplyAdd(b, loc, splat, bVecs[v],
                                   kLoop.getRegionIterArgs()[r * tile.nrVectors + v]));
    }
    scf::YieldOp::create(b, loc, next);
  }
  for (int64_t r = 0; r < tile.mr; ++r)
    for (int64_t v = 0; v < tile.nrVectors; ++v)
      LLVM::StoreOp::create(b, loc, kLoop.getResult(r * tile.nrVectors + v),
                            addr(cBuf, addIdx(cRows[r], v * vl)), align);
}

/// Lowers a dot through stack buffers and the microkernel; returns the
/// flat result vector. The buffers are allocas in the entry block of the
/// enclosing function, so they are static stack slots even inside loops.
Value lowerWithMicroKernel(OpBuilder &b, Operation *op, Value a, Value bm, Value c,
                           int64_t batches, int64_t m, int64_t n, int64_t k, MicroTile tile) {
  Location loc = op->getLoc();
  auto cType = cast<VectorType>(c.getType());
  Type elem = cType.getElementType();
  Value aBuf = spillToStack(b, op, a), bBuf = spillToStack(b, op, bm),
        cBuf = spillToStack(b, op, c);
  for (int64_t batch = 0; batch < batches; ++batch)
    emitMicroKernel(b, loc, elem, aBuf, bBuf, cBuf, batch * m * k, batch * k * n, batch * m * n,
                    m, n, k, tile);
  return LLVM::LoadOp::create(b, loc, cType, cBuf, /*alignment=*/64);
}

struct DotLowering : public PolicyConversionPattern<tile::DotOp> {
  using PolicyConversionPattern::PolicyConversionPattern;
  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    Type accElem = cType.getElementType();
    int64_t rank = aType.getRank();
    int64_t batches = rank == 3 ? aType.getDimSize(0) : 1;
    int64_t m = aType.getDimSize(rank - 2), k = aType.getDimSize(rank - 1);
    int64_t n = cType.getDimSize(rank - 1);

    Value a = castElements(rewriter, loc, adaptor.getA(), accElem);
    Value b = castElements(rewriter, loc, adaptor.getB(), accElem);
    Value c = adaptor.getAcc();
    MicroTile tile =
        chooseMicroTile(m, n, accElem, policy.vectorBits, policy.vectorRegisters);
    if (tile.mr && m * n * k >= kLoopThreshold) {
      rewriter.replaceOp(op, lowerWithMicroKernel(rewriter, op, a, b, c, batches, m, n, k, tile));
      return success();
    }
    auto rowType = VectorType::get({n}, accElem);

    SmallVector<Value> rows;
    rows.reserve(batches * m);
    for (int64_t batch = 0; batch < batches; ++batch) {
      SmallVector<Value> bRows;
      for (int64_t kk = 0; kk < k; ++kk)
        bRows.push_back(slice(rewriter, loc, b, (batch * k + kk) * n, n));
      for (int64_t i = 0; i < m; ++i) {
        int64_t row = batch * m + i;
        Value acc = slice(rewriter, loc, c, row * n, n);
        for (int64_t kk = 0; kk < k; ++kk) {
          Value aik = vector::ExtractOp::create(rewriter, loc, a, row * k + kk);
          Value splat = vector::BroadcastOp::create(rewriter, loc, rowType, aik);
          acc = multiplyAdd(rewriter, loc, splat, bRows[kk], acc);
        }
        rows.push_back(acc);
      }
    }
    rewriter.replaceOp(op, concatVectors(rewriter, loc, rows));
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileDotToVectorPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns,
                                     const TileToVectorPolicy &policy) {
  patterns.add<DotLowering>(typeConverter, patterns.getContext(), policy);
}

} // namespace tilec
