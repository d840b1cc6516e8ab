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
//   When A is a row-wise load feeding only the dot (dotReadingRowsInPlace),
//   the load's row loop fills a table of row addresses instead of a copy:
//   full rows are read in place, the others from their masked copies.
//   The code size is independent of M, N and K, so compile time stays flat.
// - Large bf16 -> f32 and i8 -> i32 dots on CPUs with x86's dot-product
//   instructions (policy.dotVdpbf16ps, dotVpdpbusd): the same blocking, but
//   each instruction multiplies a group of g adjacent K elements per lane
//   (g = 2 bf16 for vdpbf16ps, 4 bytes for vpdpbusd). A stays in its buffer
//   (the g elements A[i, k..k+g) are one 32-bit broadcast); B is packed first
//   so that each vector holds, for VL consecutive columns, their g elements
//   of one K group side by side. vpdpbusd multiplies unsigned by signed bytes:
//   A is biased by 128 (a ^ 0x80) and 128 * the column sums of B, computed
//   while packing, are subtracted from C: exact in wrapping i32 arithmetic.
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
#include "mlir/Interfaces/SideEffectInterfaces.h"

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

/// The loops over the MR x NR blocks of C, opened at the builder's insertion
/// point; the builder is left in the column loop's body.
struct CBlockLoops {
  /// The block's first row (an i64 induction variable).
  Value i0;
  /// The block's first column (an i64 induction variable).
  Value j0;
  /// Element offsets of C[i0 + r, j0] and A[i0 + r, 0] for each row r.
  SmallVector<Value> cRows, aRows;
};

CBlockLoops emitCBlockLoops(OpBuilder &b, Location loc, int64_t m, int64_t n, int64_t k,
                            int64_t aOff, int64_t cOff, MicroTile tile) {
  Type i64 = b.getI64Type();
  auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i64, v).getResult(); };
  auto addIdx = [&](Value base, int64_t v) {
    return v ? arith::AddIOp::create(b, loc, base, cst(v)).getResult() : base;
  };
  auto rowLoop = scf::ForOp::create(b, loc, cst(0), cst(m), cst(tile.mr));
  b.setInsertionPointToStart(rowLoop.getBody());
  Value i0 = rowLoop.getInductionVar();
  auto colLoop = scf::ForOp::create(b, loc, cst(0), cst(n), cst(tile.nrVectors * tile.vl));
  b.setInsertionPointToStart(colLoop.getBody());
  CBlockLoops loops{i0, colLoop.getInductionVar(), {}, {}};
  for (int64_t r = 0; r < tile.mr; ++r) {
    Value row = addIdx(i0, r);
    loops.cRows.push_back(arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, row, cst(n)),
                                                addIdx(loops.j0, cOff)));
    loops.aRows.push_back(addIdx(arith::MulIOp::create(b, loc, row, cst(k)), aOff));
  }
  return loops;
}

/// Emits the microkernel for one C[M,N] += A[M,K] * B[K,N] whose operands live
/// in the stack buffers `a`, `b` and `c` (row-major, element type `elem`,
/// offsets `aOff`, `bOff`, `cOff` elements). With `aTable`, A's rows are read
/// through that table of M row addresses instead (see RowAddressTables).
void emitMicroKernel(OpBuilder &b, Location loc, Type elem, Value aBuf, Value aTable, Value bBuf,
                     Value cBuf, int64_t aOff, int64_t bOff, int64_t cOff, int64_t m, int64_t n,
                     int64_t k, MicroTile tile) {
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
  OpBuilder::InsertionGuard guard(b);
  CBlockLoops block = emitCBlockLoops(b, loc, m, n, k, aOff, cOff, tile);
  Value j0 = block.j0;
  ArrayRef<Value> cRows = block.cRows, aRows = block.aRows;
  // Row r's start: its address (from aTable) or its element offset in aBuf.
  SmallVector<Value> aStarts;
  for (int64_t r = 0; r < tile.mr; ++r)
    aStarts.push_back(
        aTable ? LLVM::LoadOp::create(b, loc, ptrType,
                                      LLVM::GEPOp::create(b, loc, ptrType, ptrType, aTable,
                                                          ValueRange{addIdx(block.i0, r)}),
                                      /*alignment=*/8)
                     .getResult()
               : aRows[r]);
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
          b, loc, elem,
          aTable ? addr(aStarts[r], kk) : addr(aBuf, arith::AddIOp::create(b, loc, aStarts[r], kk)),
          align);
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

/// A dot-product instruction of the CPU that reduces groups of adjacent K
/// elements into each 32-bit accumulator lane; group == 0 when none applies.
struct GroupedDot {
  /// K elements per lane and instruction.
  int64_t group = 0;
  /// The LLVM intrinsic without its width (".128", ".256" or ".512").
  StringRef intrinsic;
  /// The instruction multiplies A as unsigned bytes (vpdpbusd): A is biased
  /// by 128 and 128 * the column sums of B are subtracted.
  bool biased = false;
};

/// The grouped dot instruction of `policy` for `operand` x `operand` -> `acc`.
GroupedDot chooseGroupedDot(const TileToVectorPolicy &policy, Type operand, Type acc) {
  if (policy.dotVdpbf16ps && operand.isBF16() && acc.isF32())
    return {2, "llvm.x86.avx512bf16.dpbf16ps", false};
  if (policy.dotVpdpbusd && operand.isInteger(8) && acc.isInteger(32))
    return {4, "llvm.x86.avx512.vpdpbusd", true};
  return {};
}

/// `acc + a . b` with the grouped instruction: `acc` has VL 32-bit lanes, `a`
/// and `bv` VL groups of `dot.group` elements each.
Value emitGroupedDot(OpBuilder &b, Location loc, const GroupedDot &dot, Value acc, Value a,
                     Value bv) {
  auto type = cast<VectorType>(acc.getType());
  std::string name = (dot.intrinsic + "." + Twine(type.getNumElements() * 32)).str();
  return LLVM::CallIntrinsicOp::create(b, loc, type, b.getStringAttr(name), ValueRange{acc, a, bv})
      .getResult(0);
}

/// Interleaves `x` and `y` (n elements each) in units of `unit` elements:
/// unit u of the result is unit u / 2 of x for even u, of y for odd u.
Value zipUnits(OpBuilder &b, Location loc, Value x, Value y, int64_t unit) {
  auto type = cast<VectorType>(x.getType());
  int64_t n = type.getNumElements() / unit;
  Type unitType = b.getIntegerType(type.getElementTypeBitWidth() * unit);
  auto asUnits = [&](Value v) -> Value {
    return unit == 1 ? v : vector::BitCastOp::create(b, loc, VectorType::get({n}, unitType), v);
  };
  SmallVector<int64_t> mask;
  for (int64_t i = 0; i < n; ++i)
    mask.append({i, n + i});
  Value zipped = vector::ShuffleOp::create(b, loc, asUnits(x), asUnits(y), mask);
  return unit == 1 ? zipped
                   : vector::BitCastOp::create(
                         b, loc, VectorType::get({2 * n * unit}, type.getElementType()), zipped);
}

/// Packs rows (g vectors of VL elements, g a power of two) into one vector
/// whose element g * c + t is element c of row t.
Value interleaveRows(OpBuilder &b, Location loc, ArrayRef<Value> rows) {
  SmallVector<Value> level(rows);
  for (int64_t unit = 1; level.size() > 1; unit *= 2) {
    SmallVector<Value> next;
    for (size_t i = 0; i < level.size(); i += 2)
      next.push_back(zipUnits(b, loc, level[i], level[i + 1], unit));
    level = std::move(next);
  }
  return level.front();
}

/// Emits C[M,N] += A[M,K] * B[K,N] with `dot` (see the file comment): A, B
/// (row-major, `operand` elements) and C in `aBuf`, `bBuf`, `cBuf` at
/// offsets `aOff`, `bOff`, `cOff` elements; `packed` holds ceil(K / g) * g *
/// N operand elements and `colSums` N i32 (biased instructions only).
void emitGroupedMicroKernel(OpBuilder &b, Location loc, const GroupedDot &dot, Type operand,
                            Type accElem, Value aBuf, Value bBuf, Value cBuf, Value packed,
                            Value colSums, int64_t aOff, int64_t bOff, int64_t cOff, int64_t m,
                            int64_t n, int64_t k, MicroTile tile) {
  Type i64 = b.getI64Type(), i32 = b.getI32Type();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  int64_t vl = tile.vl, g = dot.group, kFull = k - k % g;
  auto accType = VectorType::get({vl}, accElem);
  auto rowType = VectorType::get({vl}, operand);
  auto groupsType = VectorType::get({vl * g}, operand);
  auto sumType = VectorType::get({vl}, i32);
  unsigned bytes = getElementByteSize(operand), accBytes = getElementByteSize(accElem);
  auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i64, v).getResult(); };
  auto addr = [&](Value buf, Type elem, Value index) {
    return LLVM::GEPOp::create(b, loc, ptrType, elem, buf, ValueRange{index}).getResult();
  };
  auto add = [&](Value base, Value v) {
    return arith::AddIOp::create(b, loc, base, v).getResult();
  };
  auto addIdx = [&](Value base, int64_t v) { return v ? add(base, cst(v)) : base; };
  auto mul = [&](Value x, int64_t v) {
    return arith::MulIOp::create(b, loc, x, cst(v)).getResult();
  };
  OpBuilder::InsertionGuard guard(b);

  // Packing: group q of column j goes to packed[(q * N + j) * g ...]; the
  // rows past K are zeros. vpdpbusd's column sums: 128 * sum_k B[k, j].
  {
    auto colLoop = scf::ForOp::create(b, loc, cst(0), cst(n), cst(vl));
    b.setInsertionPointToStart(colLoop.getBody());
    Value j = colLoop.getInductionVar();
    Value bias;
    if (dot.biased)
      bias = createSplatConstant(b, loc, groupsType, b.getIntegerAttr(operand, -128));
    auto packGroup = [&](Value k0, int64_t rows, Value sum) {
      SmallVector<Value> parts;
      for (int64_t t = 0; t < g; ++t)
        parts.push_back(
            t < rows ? LLVM::LoadOp::create(
                           b, loc, rowType,
                           addr(bBuf, operand, addIdx(add(mul(addIdx(k0, t), n), j), bOff)), bytes)
                           .getResult()
                     : createZero(b, loc, rowType));
      Value group = interleaveRows(b, loc, parts);
      LLVM::StoreOp::create(b, loc, group, addr(packed, operand, add(mul(k0, n), mul(j, g))),
                            bytes);
      return dot.biased ? emitGroupedDot(b, loc, dot, sum, bias, group) : sum;
    };
    Value sum = dot.biased ? createZero(b, loc, sumType) : Value();
    auto kLoop = scf::ForOp::create(b, loc, cst(0), cst(kFull), cst(g),
                                    dot.biased ? ValueRange{sum} : ValueRange{});
    {
      OpBuilder::InsertionGuard kGuard(b);
      b.setInsertionPointToStart(kLoop.getBody());
      Value next = packGroup(kLoop.getInductionVar(), g,
                             dot.biased ? kLoop.getRegionIterArgs()[0] : Value());
      if (dot.biased) // (without iter_args the loop has its yield already)
        scf::YieldOp::create(b, loc, next);
    }
    if (dot.biased)
      sum = kLoop.getResult(0);
    if (kFull < k)
      sum = packGroup(cst(kFull), k - kFull, sum);
    if (dot.biased)
      LLVM::StoreOp::create(b, loc, sum, addr(colSums, i32, j), 4);
    b.setInsertionPointAfter(colLoop);
  }

  CBlockLoops block = emitCBlockLoops(b, loc, m, n, k, aOff, cOff, tile);
  Value j0 = block.j0;
  ArrayRef<Value> cRows = block.cRows, aRows = block.aRows;
  SmallVector<Value> accs;
  for (int64_t r = 0; r < tile.mr; ++r)
    for (int64_t v = 0; v < tile.nrVectors; ++v) {
      Value acc = LLVM::LoadOp::create(b, loc, accType,
                                       addr(cBuf, accElem, addIdx(cRows[r], v * vl)), accBytes);
      if (dot.biased)
        acc = arith::SubIOp::create(
            b, loc, acc,
            LLVM::LoadOp::create(b, loc, sumType, addr(colSums, i32, addIdx(j0, v * vl)), 4));
      accs.push_back(acc);
    }
  // One step over K group `k0`: `aGroup(r)` is row r's broadcast group.
  auto step = [&](Value k0, ValueRange in, function_ref<Value(int64_t)> aGroup) {
    SmallVector<Value> bVecs;
    for (int64_t v = 0; v < tile.nrVectors; ++v)
      bVecs.push_back(LLVM::LoadOp::create(
          b, loc, groupsType, addr(packed, operand, add(mul(k0, n), mul(addIdx(j0, v * vl), g))),
          bytes));
    SmallVector<Value> out;
    for (int64_t r = 0; r < tile.mr; ++r) {
      Value splat = vector::BitCastOp::create(
          b, loc, groupsType, vector::BroadcastOp::create(b, loc, sumType, aGroup(r)));
      for (int64_t v = 0; v < tile.nrVectors; ++v)
        out.push_back(emitGroupedDot(b, loc, dot, in[r * tile.nrVectors + v], splat, bVecs[v]));
    }
    return out;
  };
  auto kLoop = scf::ForOp::create(b, loc, cst(0), cst(kFull), cst(g), accs);
  {
    OpBuilder::InsertionGuard kGuard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value kk = kLoop.getInductionVar();
    scf::YieldOp::create(b, loc, step(kk, kLoop.getRegionIterArgs(), [&](int64_t r) -> Value {
                           return LLVM::LoadOp::create(
                               b, loc, i32, addr(aBuf, operand, add(aRows[r], kk)), bytes);
                         }));
  }
  SmallVector<Value> results(kLoop.getResults());
  if (kFull < k) {
    // The last, partial group: A's elements past K are zeros (B's are).
    auto partType = VectorType::get({g}, operand);
    results = step(cst(kFull), results, [&](int64_t r) -> Value {
      Value part = createZero(b, loc, partType);
      for (int64_t t = 0; t < k - kFull; ++t)
        part = vector::InsertOp::create(
            b, loc,
            LLVM::LoadOp::create(b, loc, operand, addr(aBuf, operand, addIdx(aRows[r], kFull + t)),
                                 bytes),
            part, t);
      Value word = vector::BitCastOp::create(b, loc, VectorType::get({1}, i32), part);
      return vector::ExtractOp::create(b, loc, word, 0);
    });
  }
  for (int64_t r = 0; r < tile.mr; ++r)
    for (int64_t v = 0; v < tile.nrVectors; ++v)
      LLVM::StoreOp::create(b, loc, results[r * tile.nrVectors + v],
                            addr(cBuf, accElem, addIdx(cRows[r], v * vl)), accBytes);
}

/// Lowers a dot through stack buffers and the grouped microkernel (see
/// emitGroupedMicroKernel); `a` and `bm` keep their operand elements.
Value lowerWithGroupedMicroKernel(OpBuilder &b, Operation *op, const GroupedDot &dot, Value a,
                                  Value bm, Value c, int64_t batches, int64_t m, int64_t n,
                                  int64_t k, MicroTile tile) {
  Location loc = op->getLoc();
  auto cType = cast<VectorType>(c.getType());
  Type operand = cast<VectorType>(a.getType()).getElementType();
  if (dot.biased)
    a = arith::XOrIOp::create(
        b, loc, a, createSplatConstant(b, loc, a.getType(), b.getIntegerAttr(operand, -128)));
  Value aBuf = spillToStack(b, op, a), bBuf = spillToStack(b, op, bm),
        cBuf = spillToStack(b, op, c);
  int64_t groups = (k + dot.group - 1) / dot.group;
  Value packed = createEntryAlloca(b, op, operand, groups * dot.group * n);
  Value colSums = dot.biased ? createEntryAlloca(b, op, b.getI32Type(), n) : Value();
  for (int64_t batch = 0; batch < batches; ++batch)
    emitGroupedMicroKernel(b, loc, dot, operand, cType.getElementType(), aBuf, bBuf, cBuf, packed,
                           colSums, batch * m * k, batch * k * n, batch * m * n, m, n, k, tile);
  return LLVM::LoadOp::create(b, loc, cType, cBuf, /*alignment=*/64);
}

/// Lowers a dot through stack buffers and the microkernel; returns the
/// flat result vector. The buffers are allocas in the entry block of the
/// enclosing function, so they are static stack slots even inside loops.
/// With `aTable` (a 2-D dot), A is read through that table of row addresses
/// and `a` is not used.
Value lowerWithMicroKernel(OpBuilder &b, Operation *op, Value a, Value aTable, Value bm, Value c,
                           int64_t batches, int64_t m, int64_t n, int64_t k, MicroTile tile) {
  Location loc = op->getLoc();
  auto cType = cast<VectorType>(c.getType());
  Type elem = cType.getElementType();
  Value aBuf = aTable ? Value() : spillToStack(b, op, a), bBuf = spillToStack(b, op, bm),
        cBuf = spillToStack(b, op, c);
  for (int64_t batch = 0; batch < batches; ++batch)
    emitMicroKernel(b, loc, elem, aBuf, aTable, bBuf, cBuf, batch * m * k, batch * k * n,
                    batch * m * n, m, n, k, tile);
  return LLVM::LoadOp::create(b, loc, cType, cBuf, /*alignment=*/64);
}

struct DotLowering : public PolicyConversionPattern<tile::DotOp> {
  using PolicyConversionPattern::PolicyConversionPattern;
  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (op.getAFp8())
      return op.emitOpError("with fp8 operands must be upcast first (tilec-upcast-fp8-dots)");
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    Type accElem = cType.getElementType();
    int64_t rank = aType.getRank();
    int64_t batches = rank == 3 ? aType.getDimSize(0) : 1;
    int64_t m = aType.getDimSize(rank - 2), k = aType.getDimSize(rank - 1);
    int64_t n = cType.getDimSize(rank - 1);

    Value c = adaptor.getAcc();
    MicroTile tile =
        chooseMicroTile(m, n, accElem, policy.vectorBits, policy.vectorRegisters);
    bool looped = tile.mr && m * n * k >= kLoopThreshold;
    GroupedDot grouped = chooseGroupedDot(policy, aType.getElementType(), accElem);
    // The instructions come in 128-, 256- and 512-bit forms.
    if (looped && grouped.group && tile.vl >= 4 &&
        aType.getElementType() == cast<RankedTensorType>(op.getB().getType()).getElementType()) {
      rewriter.replaceOp(op,
                         lowerWithGroupedMicroKernel(rewriter, op, grouped, adaptor.getA(),
                                                     adaptor.getB(), c, batches, m, n, k, tile));
      return success();
    }
    // A row-wise load that dotReadingRowsInPlace gave to this dot: its rows
    // are read through their table (the load's value holds only the copies).
    Value aTable;
    if (policy.rowTables)
      aTable = policy.rowTables->tables.lookup(adaptor.getA().getDefiningOp());
    if (aTable && !looped)
      return op.emitOpError("lost the microkernel that reads its A operand in place");
    Value a = aTable ? Value() : castElements(rewriter, loc, adaptor.getA(), accElem);
    Value b = castElements(rewriter, loc, adaptor.getB(), accElem);
    if (looped) {
      rewriter.replaceOp(
          op, lowerWithMicroKernel(rewriter, op, a, aTable, b, c, batches, m, n, k, tile));
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

/// Whether no op from `from` (exclusive) to `to` (exclusive), in one block,
/// may write memory.
bool noWritesBetween(Operation *from, Operation *to) {
  for (Operation *op = from->getNextNode(); op && op != to; op = op->getNextNode()) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects = getEffectsRecursively(op);
    if (!effects || llvm::any_of(*effects, [](const MemoryEffects::EffectInstance &effect) {
          return isa<MemoryEffects::Write>(effect.getEffect());
        }))
      return false;
  }
  return true;
}

} // namespace

namespace tilec::detail {

tile::DotOp dotReadingRowsInPlace(tile::LoadOp load, const TileToVectorPolicy &policy) {
  if (!policy.rowTables || !load->hasOneUse())
    return {};
  auto dot = dyn_cast<tile::DotOp>(*load->user_begin());
  if (!dot || dot.getA() != load.getResult() || dot->getBlock() != load->getBlock() ||
      dot.getAFp8() || !noWritesBetween(load, dot))
    return {};
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto cType = cast<RankedTensorType>(dot.getAcc().getType());
  if (aType.getRank() != 2 || aType.getElementType() != cType.getElementType())
    return {};
  int64_t m = aType.getDimSize(0), k = aType.getDimSize(1), n = cType.getDimSize(1);
  Type accElem = cType.getElementType();
  MicroTile tile = chooseMicroTile(m, n, accElem, policy.vectorBits, policy.vectorRegisters);
  if (!tile.mr || m * n * k < kLoopThreshold ||
      chooseGroupedDot(policy, aType.getElementType(), accElem).group)
    return {};
  return dot;
}

} // namespace tilec::detail

namespace tilec {

void populateTileDotToVectorPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns,
                                     const TileToVectorPolicy &policy) {
  patterns.add<DotLowering>(typeConverter, patterns.getContext(), policy);
}

} // namespace tilec
