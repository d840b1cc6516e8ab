//===- SIMTLowering.cpp - Thread coordinates, shuffles and shared memory ---===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {

SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int i = int(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

SmallVector<Value> applyCombiner(OpBuilder &b, Region &combiner, ValueRange accs,
                                 ValueRange news) {
  SmallVector<Value> args(accs);
  llvm::append_range(args, news);
  return tile::inlineBlock(b, combiner.front(), args);
}

Type SIMTLowering::sharedType(Type type) {
  if (type.isInteger(1))
    return IntegerType::get(type.getContext(), 8);
  if (isa<LLVM::LLVMPointerType>(type))
    return IntegerType::get(type.getContext(), 64);
  return type;
}

int64_t sharedElementBytes(Type type) {
  Type stored = SIMTLowering::sharedType(type);
  return std::max<int64_t>(1, stored.getIntOrFloatBitWidth() / 8);
}

SIMTTypeConverter::SIMTTypeConverter(MLIRContext *ctx, unsigned globalAddressSpace,
                                     unsigned sharedAddressSpace) {
  addConversion([](Type type) { return type; });
  addConversion([ctx, globalAddressSpace](tile::PointerType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, globalAddressSpace);
  });
  // A copy-engine descriptor is the address of its 128 bytes of global scratch.
  addConversion([ctx, globalAddressSpace](tile::TensorMapType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, globalAddressSpace);
  });
  addConversion([ctx, sharedAddressSpace](tile::MemDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, sharedAddressSpace);
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    Type elem = convertType(type.getElementType());
    if (!elem || !VectorType::isValidElementType(elem) ||
        !tile::isDistributedEncoding(type.getEncoding()))
      return std::nullopt;
    tile::DistributedLayout layout = tile::resolveLayout(type.getEncoding(), type.getShape());
    return VectorType::get({layout.numRegs}, elem);
  });
}

SIMTLowering::SIMTLowering(const TargetInfo &target, func::FuncOp kernel, StringRef arch,
                           unsigned warpSize)
    : target(target), kernel(kernel), arch(arch), warpSize(warpSize) {
  OpBuilder b(&kernel.getBody().front(), kernel.getBody().front().begin());
  Location loc = kernel.getLoc();
  threadId = target.getThreadId(b, loc, kernel);
  Value size = arith::ConstantIntOp::create(b, loc, warpSize, 32);
  laneId = arith::RemUIOp::create(b, loc, threadId, size);
  warpId = arith::DivUIOp::create(b, loc, threadId, size);
  sharedBase = Value();
}

tile::DistributedLayout SIMTLowering::layoutOf(Type tileType) const {
  auto tensor = cast<RankedTensorType>(tileType);
  return tile::resolveLayout(tensor.getEncoding(), tensor.getShape());
}

/// (id / stride) % count * scale, as i32, for an id below `idLimit`, skipping
/// the trivial steps.
static Value scaledDigit(OpBuilder &b, Location loc, Value id, unsigned idLimit,
                         unsigned stride, unsigned count, int64_t scale) {
  if (count == 1)
    return arith::ConstantIntOp::create(b, loc, 0, 32);
  Value digit = id;
  if (stride != 1)
    digit = arith::DivUIOp::create(b, loc, digit,
                                   arith::ConstantIntOp::create(b, loc, stride, 32));
  if (uint64_t(stride) * count < idLimit)
    digit =
        arith::RemUIOp::create(b, loc, digit, arith::ConstantIntOp::create(b, loc, count, 32));
  if (scale != 1)
    digit = arith::MulIOp::create(b, loc, digit, arith::ConstantIntOp::create(b, loc, scale, 32));
  return digit;
}

/// The unwrapped coordinate of a thread's first element along root dim `dim`.
static Value unwrappedBase(OpBuilder &b, Location loc, const SIMTLowering &simt,
                           const tile::DistributedLayout &layout,
                           const tile::DimDistribution &dim) {
  Value lane = scaledDigit(b, loc, simt.laneId, layout.warpSize, dim.laneStride, dim.tpw,
                           dim.laneStep);
  Value warp = scaledDigit(b, loc, simt.warpId, layout.numWarps, dim.warpStride, dim.wpc,
                           dim.warpStep);
  return arith::AddIOp::create(b, loc, lane, warp);
}

Value SIMTLowering::threadBase(OpBuilder &b, Location loc, const tile::DistributedLayout &layout,
                               unsigned dim) const {
  const tile::DimDistribution &root = layout.rootDims[layout.tileDims[dim]];
  Value base = unwrappedBase(b, loc, *this, layout, root);
  if (root.coverage() > root.size)
    base = arith::AndIOp::create(b, loc, base,
                                 arith::ConstantIntOp::create(b, loc, root.size - 1, 32));
  return base;
}

Value SIMTLowering::threadLinearBase(OpBuilder &b, Location loc,
                                     const tile::DistributedLayout &layout,
                                     ArrayRef<int64_t> strides) const {
  Value linear = arith::ConstantIntOp::create(b, loc, 0, 32);
  for (unsigned d = 0; d < strides.size(); ++d) {
    Value base = threadBase(b, loc, layout, d);
    if (strides[d] != 1)
      base = arith::MulIOp::create(b, loc, base,
                                   arith::ConstantIntOp::create(b, loc, strides[d], 32));
    linear = arith::AddIOp::create(b, loc, linear, base);
  }
  return linear;
}

int64_t SIMTLowering::threadLinearBaseOf(const tile::DistributedLayout &layout,
                                         ArrayRef<int64_t> strides, unsigned lane, unsigned warp) {
  int64_t linear = 0;
  for (unsigned d = 0; d < strides.size(); ++d) {
    const tile::DimDistribution &root = layout.rootDims[layout.tileDims[d]];
    int64_t base = int64_t((lane / root.laneStride) % root.tpw) * root.laneStep +
                   int64_t((warp / root.warpStride) % root.wpc) * root.warpStep;
    if (root.coverage() > root.size)
      base &= root.size - 1;
    linear += base * strides[d];
  }
  return linear;
}

int64_t SIMTLowering::linearOffset(const tile::DistributedLayout &layout, int64_t reg,
                                   ArrayRef<int64_t> strides) {
  int64_t offset = 0;
  for (unsigned d = 0; d < strides.size(); ++d)
    offset += layout.regOffsets[reg][d] * strides[d];
  return offset;
}

Value SIMTLowering::isOwner(OpBuilder &b, Location loc,
                            const tile::DistributedLayout &layout) const {
  Value owner = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (const tile::DimDistribution &dim : layout.rootDims) {
    if (dim.coverage() <= dim.size)
      continue;
    Value base = unwrappedBase(b, loc, *this, layout, dim);
    Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, base,
                                         arith::ConstantIntOp::create(b, loc, dim.size, 32));
    owner = arith::AndIOp::create(b, loc, owner, inside);
  }
  return owner;
}

Value SIMTLowering::shuffleXor(OpBuilder &b, Location loc, Value value,
                               unsigned laneMask) const {
  Type type = value.getType();
  Type i32 = b.getI32Type();
  if (type == i32)
    return target.shuffleXor(b, loc, kernel, value, laneMask);
  if (isa<LLVM::LLVMPointerType>(type)) {
    Value bits = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
    return LLVM::IntToPtrOp::create(b, loc, type, shuffleXor(b, loc, bits, laneMask));
  }
  unsigned width = type.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(width);
  Value bits = isa<FloatType>(type) ? Value(arith::BitcastOp::create(b, loc, intType, value))
                                    : value;
  Value result;
  if (width < 32) {
    Value wide = arith::ExtUIOp::create(b, loc, i32, bits);
    result = arith::TruncIOp::create(b, loc, intType,
                                     target.shuffleXor(b, loc, kernel, wide, laneMask));
  } else if (width == 32) {
    result = target.shuffleXor(b, loc, kernel, bits, laneMask);
  } else {
    // 64 bits: two 32-bit halves.
    auto halves = VectorType::get({2}, i32);
    Value pair = LLVM::BitcastOp::create(b, loc, halves, bits);
    Value out = LLVM::UndefOp::create(b, loc, halves);
    for (int64_t i = 0; i < 2; ++i) {
      Value half = vector::ExtractOp::create(b, loc, pair, i);
      out = vector::InsertOp::create(b, loc, target.shuffleXor(b, loc, kernel, half, laneMask),
                                     out, i);
    }
    result = LLVM::BitcastOp::create(b, loc, intType, out);
  }
  return isa<FloatType>(type) ? Value(arith::BitcastOp::create(b, loc, type, result)) : result;
}

Value SIMTLowering::allocationAddress(OpBuilder &b, Location loc, uint64_t offset) {
  Value base = target.getSharedMemoryBase(b, loc, kernel);
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

void planScratchReuse(SIMTLowering &simt) {
  if (!simt.allocatedBytes)
    return;
  // Buffers and resident dot operands are dead after the last op of the
  // kernel's body that touches a buffer or runs a dot.
  Block &body = simt.kernel.getBody().front();
  simt.kernel.walk([&](Operation *op) {
    if (!isa<tile::LocalAllocOp, tile::MemDescIndexOp, tile::AsyncCopyOp, tile::AsyncCommitGroupOp,
             tile::AsyncWaitOp, tile::LocalLoadOp, tile::LocalStoreOp, tile::DotOp>(op))
      return;
    Operation *ancestor = body.findAncestorOpInBlock(*op);
    if (ancestor && (!simt.lastBufferUser || simt.lastBufferUser->isBeforeInBlock(ancestor)))
      simt.lastBufferUser = ancestor;
  });
  if (!simt.lastBufferUser)
    return;
  // Scratch uses end with a barrier, buffer reads (ldmatrix) do not: the
  // first scratch write after them waits for every thread's last read.
  bool scratchAfter = false;
  for (Operation *op = simt.lastBufferUser->getNextNode(); op && !scratchAfter;
       op = op->getNextNode())
    op->walk([&](Operation *nested) {
      if (isa<tile::ConvertLayoutOp, tile::TransOp, tile::ReshapeOp, tile::GatherOp,
              tile::ElementPermutationOpInterface, tile::ReduceOp, tile::ScanOp, tile::AtomicRMWOp,
              tile::AtomicCASOp, tile::AtomicLoadOp, tile::GlobalTimerOp, tile::HistogramOp,
              tile::PrintOp, tile::AssertOp>(nested))
        scratchAfter = true;
    });
  if (!scratchAfter)
    return;
  OpBuilder b(simt.kernel.getContext());
  b.setInsertionPointAfter(simt.lastBufferUser);
  simt.barrier(b, simt.lastBufferUser->getLoc());
}

/// Whether the op `b` inserts before (or the op whose region it inserts at
/// the end of) lies in `body` after `last`.
static bool insertsAfter(OpBuilder &b, Block &body, Operation *last) {
  Block *block = b.getInsertionBlock();
  if (!block || !last)
    return false;
  Operation *at = b.getInsertionPoint() != block->end() ? &*b.getInsertionPoint()
                                                        : block->getParentOp();
  Operation *ancestor = at ? body.findAncestorOpInBlock(*at) : nullptr;
  return ancestor && ancestor != last && last->isBeforeInBlock(ancestor);
}

namespace {
/// An i32 constant at `e`'s point.
Value constantLike(const I32Expr &e, int64_t v) {
  return arith::ConstantIntOp::create(*e.b, e.loc, v, 32);
}
template <typename OpT> I32Expr apply(const I32Expr &e, Value rhs) {
  return {e.b, e.loc, OpT::create(*e.b, e.loc, e.value, rhs)};
}
} // namespace

I32Expr I32Expr::operator+(const I32Expr &other) const {
  return apply<arith::AddIOp>(*this, other.value);
}
I32Expr I32Expr::operator^(const I32Expr &other) const {
  return apply<arith::XOrIOp>(*this, other.value);
}
I32Expr I32Expr::operator*(int64_t c) const {
  return apply<arith::MulIOp>(*this, constantLike(*this, c));
}
I32Expr I32Expr::operator/(int64_t powerOf2) const {
  assert(llvm::isPowerOf2_64(powerOf2) && "I32Expr divides by powers of two");
  return *this >> llvm::Log2_64(powerOf2);
}
I32Expr I32Expr::operator%(int64_t powerOf2) const {
  assert(llvm::isPowerOf2_64(powerOf2) && "I32Expr takes moduli of powers of two");
  return *this & (powerOf2 - 1);
}
I32Expr I32Expr::operator>>(int64_t c) const {
  return apply<arith::ShRUIOp>(*this, constantLike(*this, c));
}
I32Expr I32Expr::operator<<(int64_t c) const {
  return apply<arith::ShLIOp>(*this, constantLike(*this, c));
}
I32Expr I32Expr::operator&(int64_t c) const {
  return apply<arith::AndIOp>(*this, constantLike(*this, c));
}

SwizzledOffsets::SwizzledOffsets(const tile::DistributedLayout &layout, ArrayRef<int64_t> strides,
                                 int64_t rows, int64_t cols, int64_t elemBytes,
                                 int64_t swizzleBytes)
    : tile{rows, cols, elemBytes, swizzleBytes} {
  auto swizzled = [&](int64_t index) { return tile.byteOf(index); };
  int64_t chunkBits = (swizzleBytes / 16 - 1) << 4;
  SmallVector<int64_t> threadBases;
  for (unsigned warp = 0; warp < layout.numWarps; ++warp)
    for (unsigned lane = 0; lane < layout.warpSize; ++lane)
      threadBases.push_back(SIMTLowering::threadLinearBaseOf(layout, strides, lane, warp));
  for (int64_t reg = 0; reg < layout.numRegs; ++reg) {
    int64_t offset = SIMTLowering::linearOffset(layout, reg, strides);
    regOffsets.push_back(offset);
    // x and y from the first thread, then checked for all.
    int64_t first = swizzled(threadBases[0]), firstReg = swizzled(threadBases[0] + offset);
    int64_t x = (first ^ firstReg) & chunkBits, y = firstReg - (first ^ x);
    bool holds = y >= 0 && (y & chunkBits) == 0 && llvm::all_of(threadBases, [&](int64_t t) {
                   return swizzled(t + offset) == (swizzled(t) ^ x) + y;
                 });
    split.push_back(holds ? std::optional(std::make_pair(x, y)) : std::nullopt);
  }
}

Value SwizzledOffsets::offset(OpBuilder &b, Location loc, Value index, int64_t reg) {
  auto c32 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, v, 32); };
  if (!split[reg])
    return tile.byteOf(I32Expr{&b, loc, index}).value;
  auto [x, y] = *split[reg];
  if (!base) {
    Value first =
        regOffsets[reg] ? Value(arith::SubIOp::create(b, loc, index, c32(regOffsets[reg]))) : index;
    base = tile.byteOf(I32Expr{&b, loc, first}).value;
  }
  Value &withX = bases[x];
  if (!withX)
    withX = x ? Value(arith::XOrIOp::create(b, loc, base, c32(x))) : base;
  return y ? Value(arith::AddIOp::create(b, loc, withX, c32(y))) : withX;
}

uint64_t SIMTLowering::scratchBase(OpBuilder &b) const {
  func::FuncOp body = kernel;
  return insertsAfter(b, body.getBody().front(), lastBufferUser) ? 0 : allocatedBytes;
}

Value SIMTLowering::sharedAddress(OpBuilder &b, Location loc, Value byteOffset, uint64_t limit) {
  uint64_t scratchBase = this->scratchBase(b);
  sharedBytes = std::max(sharedBytes, scratchBase + limit);
  Value base = target.getSharedMemoryBase(b, loc, kernel);
  if (scratchBase)
    byteOffset = arith::AddIOp::create(
        b, loc, byteOffset, arith::ConstantIntOp::create(b, loc, int64_t(scratchBase), 32));
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{byteOffset});
}

Value SIMTLowering::elementAddress(OpBuilder &b, Location loc, Value index, Type elem,
                                   uint64_t byteBase, uint64_t limit) {
  Value bytes = arith::ConstantIntOp::create(b, loc, sharedElementBytes(elem), 32);
  Value offset = arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, index, bytes),
                                       arith::ConstantIntOp::create(b, loc, byteBase, 32));
  return sharedAddress(b, loc, offset, limit);
}

void SIMTLowering::storeSharedScalar(OpBuilder &b, Location loc, Value value, Value address) {
  Type type = value.getType();
  if (type.isInteger(1))
    value = arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
  else if (isa<LLVM::LLVMPointerType>(type))
    value = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
  target.storeShared(b, loc, kernel, value, address);
}

Value SIMTLowering::loadSharedScalar(OpBuilder &b, Location loc, Type type, Value address) {
  Value value = target.loadShared(b, loc, kernel, sharedType(type), address);
  if (type.isInteger(1))
    return arith::TruncIOp::create(b, loc, type, value);
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, value);
  return value;
}

Value SIMTLowering::shareFromThread0(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  uint64_t bytes = sharedElementBytes(type);
  auto write = scf::IfOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, threadId, zero),
      /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(write.thenBlock());
    storeSharedScalar(b, loc, value, sharedAddress(b, loc, zero, bytes));
  }
  barrier(b, loc);
  Value shared = loadSharedScalar(b, loc, type, sharedAddress(b, loc, zero, bytes));
  barrier(b, loc);
  return shared;
}

/// The largest power of two (up to 2^30) dividing `v` (2^30 for 0).
static int64_t powerOfTwoFactor(int64_t v) {
  constexpr int64_t kMax = int64_t(1) << 30;
  return v == 0 ? kMax : std::min<int64_t>(kMax, v & -v);
}

SmallVector<std::pair<int64_t, int64_t>>
SIMTLowering::sharedAccessRuns(const tile::DistributedLayout &layout, ArrayRef<int64_t> strides,
                               Type elem, uint64_t alignment) {
  SmallVector<std::pair<int64_t, int64_t>> runs;
  int64_t elemBytes = sharedElementBytes(elem);
  bool keptAsIs = sharedType(elem) == elem && elem.getIntOrFloatBitWidth() == 8 * elemBytes;
  // Every thread's linear base is a multiple of `baseMultiple` elements: along
  // dimension d it is (lane_d * laneStep + warp_d * warpStep) mod size.
  int64_t baseMultiple = int64_t(1) << 30;
  for (unsigned d = 0; d < strides.size(); ++d) {
    const tile::DimDistribution &root = layout.rootDims[layout.tileDims[d]];
    if (root.size == 1 || strides[d] == 0)
      continue;
    int64_t step = int64_t(1) << 30;
    if (root.tpw > 1)
      step = std::min(step, powerOfTwoFactor(root.laneStep));
    if (root.wpc > 1)
      step = std::min(step, powerOfTwoFactor(root.warpStep));
    if (root.coverage() > root.size)
      step = std::min(step, powerOfTwoFactor(root.size));
    baseMultiple = std::min(baseMultiple, powerOfTwoFactor(step * strides[d]));
  }
  int64_t alignElems = std::min<int64_t>(powerOfTwoFactor(int64_t(alignment)) / elemBytes,
                                         baseMultiple);
  int64_t maxRun = keptAsIs ? std::max<int64_t>(1, std::min<int64_t>(16 / elemBytes, alignElems))
                            : 1;
  for (int64_t r = 0; r < layout.numRegs;) {
    int64_t first = linearOffset(layout, r, strides);
    int64_t count = maxRun;
    for (; count > 1; count /= 2) {
      if (r + count > layout.numRegs || powerOfTwoFactor(first) < count)
        continue;
      bool consecutive = true;
      for (int64_t i = 1; i < count && consecutive; ++i)
        consecutive = linearOffset(layout, r + i, strides) == first + i;
      if (consecutive)
        break;
    }
    runs.emplace_back(r, count);
    r += count;
  }
  return runs;
}

void SIMTLowering::storeTile(OpBuilder &b, Location loc, Value values,
                             const tile::DistributedLayout &layout, ArrayRef<int64_t> strides,
                             uint64_t byteBase, uint64_t limit) {
  Type elem = cast<VectorType>(values.getType()).getElementType();
  storeTile(
      b, loc, values, layout, strides,
      [&](Value index, int64_t) { return elementAddress(b, loc, index, elem, byteBase, limit); },
      byteBase ? byteBase : 16);
}

void SIMTLowering::storeTile(OpBuilder &b, Location loc, Value values,
                             const tile::DistributedLayout &layout, ArrayRef<int64_t> strides,
                             function_ref<Value(Value, int64_t)> address, uint64_t alignment) {
  // Only owners write: a thread holding copies may have computed them from
  // memory an owner has written since (e.g. a load, then a store to the same
  // address), and the buffer must hold what the program order gives.
  OpBuilder::InsertionGuard guard(b);
  if (layout.hasCopies()) {
    auto owner = scf::IfOp::create(b, loc, isOwner(b, loc, layout), /*withElse=*/false);
    b.setInsertionPointToStart(owner.thenBlock());
  }
  Type elem = cast<VectorType>(values.getType()).getElementType();
  Value linear = threadLinearBase(b, loc, layout, strides);
  for (auto [r, count] : sharedAccessRuns(layout, strides, elem, alignment)) {
    Value index = arith::AddIOp::create(
        b, loc, linear,
        arith::ConstantIntOp::create(b, loc, linearOffset(layout, r, strides), 32));
    if (count == 1) {
      storeSharedScalar(b, loc, vector::ExtractOp::create(b, loc, values, r), address(index, r));
      continue;
    }
    Value run = vector::ExtractStridedSliceOp::create(b, loc, values, ArrayRef<int64_t>{r},
                                                      ArrayRef<int64_t>{count},
                                                      ArrayRef<int64_t>{1});
    target.storeShared(b, loc, kernel, run, address(index, r));
  }
}

Value SIMTLowering::loadTile(OpBuilder &b, Location loc, VectorType type,
                             const tile::DistributedLayout &layout,
                             ArrayRef<int64_t> coefficients, uint64_t byteBase, uint64_t limit) {
  Type elem = type.getElementType();
  return loadTile(
      b, loc, type, layout, coefficients,
      [&](Value index) { return elementAddress(b, loc, index, elem, byteBase, limit); },
      byteBase ? byteBase : 16);
}

Value SIMTLowering::loadTile(OpBuilder &b, Location loc, VectorType type,
                             const tile::DistributedLayout &layout,
                             ArrayRef<int64_t> coefficients, function_ref<Value(Value)> address,
                             uint64_t alignment) {
  return loadRegisters(b, loc, type.getElementType(), layout, coefficients, address, alignment, 0,
                       layout.numRegs);
}

Value SIMTLowering::loadRegisters(OpBuilder &b, Location loc, Type elem,
                                  const tile::DistributedLayout &layout,
                                  ArrayRef<int64_t> coefficients,
                                  function_ref<Value(Value)> address, uint64_t alignment,
                                  int64_t first, int64_t count) {
  Value base = threadLinearBase(b, loc, layout, coefficients);
  Value result = LLVM::UndefOp::create(b, loc, VectorType::get({count}, elem));
  for (auto [run, runCount] : sharedAccessRuns(layout, coefficients, elem, alignment)) {
    int64_t lo = std::max(run, first), hi = std::min(run + runCount, first + count);
    int64_t width = lo == run && hi == run + runCount ? runCount : 1;
    for (int64_t r = lo; r < hi; r += width) {
      Value index = arith::AddIOp::create(
          b, loc, base,
          arith::ConstantIntOp::create(b, loc, linearOffset(layout, r, coefficients), 32));
      if (width == 1) {
        result = vector::InsertOp::create(b, loc, loadSharedScalar(b, loc, elem, address(index)),
                                          result, r - first);
        continue;
      }
      Value values =
          target.loadShared(b, loc, kernel, VectorType::get({width}, elem), address(index));
      result = vector::InsertStridedSliceOp::create(
          b, loc, values, result, ArrayRef<int64_t>{r - first}, ArrayRef<int64_t>{1});
    }
  }
  return result;
}

tile::MmaEncodingAttr matchMmaDot(tile::DotOp op, unsigned version) {
  auto mma = dyn_cast_or_null<tile::MmaEncodingAttr>(
      cast<RankedTensorType>(op.getAcc().getType()).getEncoding());
  if (!mma || mma.getVersion() != version || failed(verifyTensorCoreOperands(op, mma, "mma")))
    return {};
  return mma;
}

LogicalResult verifyTensorCoreOperands(tile::DotOp op, Attribute accLayout, llvm::StringRef kind) {
  auto isOperand = [&](Value operand, unsigned opIdx) {
    auto layout = dyn_cast_or_null<tile::DotOperandEncodingAttr>(
        cast<RankedTensorType>(operand.getType()).getEncoding());
    return layout && layout.getOpIdx() == opIdx && layout.getParent() == accLayout;
  };
  if (isOperand(op.getA(), 0) && isOperand(op.getB(), 1))
    return success();
  return op.emitOpError("with an ") << kind << " accumulator needs its operands in that " << kind
                                    << "'s dot_operand layouts";
}

} // namespace tilec
