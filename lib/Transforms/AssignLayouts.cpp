//===- AssignLayouts.cpp - The tilec-assign-layouts pass ------------------===//
//
// Gives every tile of a GPU kernel a distributed layout encoding (see
// Passes.td): one blocked encoding per rank chosen for coalesced accesses,
// propagated through the ops, with conversions where layouts meet and
// recomputation instead of conversion for cheap values; dots the target runs
// on tensor cores get MMA layouts.
//
//===----------------------------------------------------------------------===//
#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Target/TargetInfo.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <map>

namespace tilec {
#define GEN_PASS_DEF_TILECASSIGNLAYOUTS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec;

namespace {

/// Checks that every op of `kernel` has a SIMT lowering in
/// convert-tile-to-gpu; reports the first that does not.
LogicalResult verifySIMTSupported(func::FuncOp kernel) {
  WalkResult result = kernel.walk([](Operation *op) {
    if (isa<func::FuncOp, func::ReturnOp>(op))
      return WalkResult::advance();
    Dialect *dialect = op->getDialect();
    if (isa_and_nonnull<arith::ArithDialect, math::MathDialect>(dialect))
      return WalkResult::advance();
    if (isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp, scf::ConditionOp>(op))
      return WalkResult::advance();
    if (isa<tile::ProgramIdOp, tile::NumProgramsOp, tile::GlobalTimerOp, tile::MakeRangeOp,
            tile::SplatOp, tile::BroadcastOp, tile::ExpandDimsOp, tile::ConvertLayoutOp,
            tile::HintOp, tile::AddPtrOp, tile::LoadOp, tile::StoreOp, tile::ReduceOp,
            tile::YieldOp, tile::TransOp, tile::ReshapeOp, tile::DotOp, tile::ScanOp,
            tile::GatherOp, tile::ShuffleOp, tile::JoinOp, tile::SplitOp, tile::CatOp, tile::FlipOp,
            tile::AtomicRMWOp, tile::AtomicCASOp, tile::AtomicLoadOp, tile::AtomicStoreOp,
            tile::HistogramOp, tile::PrintOp, tile::AssertOp, tile::BarrierOp,
            tile::DescriptorBlockOp, tile::MapElementwiseOp, tile::IntToPtrOp, tile::PtrToIntOp,
            tile::PtrCastOp>(op))
      return WalkResult::advance();
    op->emitError() << "'" << op->getName() << "' has no GPU (SIMT) lowering in tilec";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

bool isTile(Value v) { return isa<RankedTensorType>(v.getType()); }
Attribute layoutOf(Value v) { return tile::getEncoding(v.getType()); }

/// Ops whose tile operands and results all share one layout.
bool isElementwise(Operation *op) {
  // Its body works on the scalars of one element (group) at a time.
  if (isa<tile::MapElementwiseOp>(op))
    return true;
  if (op->getNumRegions() != 0)
    return false;
  if (isa_and_nonnull<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
      op->hasTrait<OpTrait::Elementwise>())
    return true;
  return isa<tile::AddPtrOp, tile::HintOp, tile::LoadOp, tile::StoreOp, tile::AtomicRMWOp,
             tile::AtomicCASOp, tile::AtomicLoadOp, tile::AtomicStoreOp, tile::DescriptorBlockOp>(
      op);
}

/// Warps over (M, N) of an MMA accumulator of `m` x `n` (Triton 3.9 makes
/// the same choice on the shapes measured, see docs/gpu.md): each doubling
/// goes to M while it has more 16-row blocks per warp than N has 16-column
/// blocks, else to N while N has 8-column blocks left, else to M.
std::pair<unsigned, unsigned> mmaWarps(int64_t m, int64_t n, unsigned numWarps) {
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    if (m / 16 / wm > n / 16 / wn)
      wm *= 2;
    else if (wn < n / 8)
      wn *= 2;
    else
      wm *= 2;
  }
  return {wm, wn};
}

/// Warps over (M, N) of an MFMA accumulator of `m` x `n`: as mmaWarps, with
/// `block` x `block` blocks (each doubling to M while it has more blocks per
/// warp than N, else to N while N has blocks left, else to M).
std::pair<unsigned, unsigned> mfmaWarps(int64_t m, int64_t n, int64_t block, unsigned numWarps) {
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    if (m / block / wm > n / block / wn)
      wm *= 2;
    else if (wn < n / block)
      wn *= 2;
    else
      wm *= 2;
  }
  return {wm, wn};
}

/// The MFMA version (2: CDNA2, 3: CDNA3) of an AMD `arch`; the emulator's
/// archs model CDNA3.
unsigned mfmaVersion(llvm::StringRef arch) { return arch == "gfx90a" ? 2 : 3; }

/// The K elements per lane of an MFMA operand of `type`: 1 for f32, 8 for i8,
/// 4 for 16-bit types.
unsigned mfmaKWidth(Type type) {
  return type.isF32() ? 1 : type.isInteger(8) ? 8 : 4;
}

/// Warps over (M, N) chosen for a dot outside mmaWarps/mfmaWarps (chained
/// dots), or none.
using WarpChoice = std::optional<std::pair<unsigned, unsigned>>;

/// Which dots run on tensor cores, for `target`/`arch` (null target: none).
struct MmaPolicy {
  const TargetInfo *target = nullptr;
  std::string arch;
  unsigned numWarps = 4, warpSize = 32;
  /// The pass's `wgmma-transposed-b`: no mma.sync for dots mma.sync reads
  /// better (see mmaSyncLayout).
  bool wgmmaTransposedB = false;

  /// The accumulator layout of `dot` on tensor cores, or null for the FMA path;
  /// `warps` overrides the warps over (M, N) where it fits the shape.
  Attribute accumulatorLayout(tile::DotOp dot, WarpChoice warps = std::nullopt) const {
    if (!target)
      return {};
    if (warpSize == 64)
      return mfmaAccumulatorLayout(dot, cast<RankedTensorType>(dot.getA().getType()),
                                   cast<RankedTensorType>(dot.getB().getType()),
                                   cast<RankedTensorType>(dot.getAcc().getType()), warps);
    // fp32 operands run on tensor cores as tf32 only; "ieee" keeps the FMA
    // path (exact fp32 products), "tf32x3", "bf16x3" and "bf16x6" are split
    // into tf32 or bf16 dots first (tensorCoreSplit).
    if (isF32Dot(dot) && inputPrecision(dot) != "tf32")
      return {};
    return mmaSyncLayout(dot, warps);
  }

  /// How `dot` is split into tensor-core dots (splitDotsForTensorCores):
  /// "tf32x3" for fp32 operands asking for it where their tf32 form would run
  /// on mma.sync, "bf16x3"/"bf16x6" where bf16 operands of its shape would;
  /// empty otherwise. Elsewhere these precisions run as "ieee" (exact fp32
  /// products: more precise than asked), as on CPUs; AMD's 64-lane waves run
  /// every fp32 dot on the fp32 MFMA.
  StringRef tensorCoreSplit(tile::DotOp dot) const {
    if (!target || warpSize != 32 || !isF32Dot(dot))
      return {};
    StringRef precision = inputPrecision(dot);
    if (precision == "tf32x3")
      return mmaSyncLayout(dot) ? precision : StringRef();
    if (precision != "bf16x3" && precision != "bf16x6")
      return {};
    auto cType = cast<RankedTensorType>(dot.getAcc().getType());
    int64_t k = cast<RankedTensorType>(dot.getA().getType()).getDimSize(1);
    Type bf16 = BFloat16Type::get(dot.getContext());
    if (cType.getRank() != 2 || !target->hasMmaSync(arch, bf16, cType.getElementType()))
      return {};
    // mma.sync's bf16 shape (m16n8k16).
    return fitsMmaSync(cType.getDimSize(0), cType.getDimSize(1), k, 16) ? precision : StringRef();
  }

private:
  /// Whether `warps` gives each warp whole `blockM` x `blockN` blocks of an
  /// `m` x `n` accumulator, none shared.
  static bool fits(WarpChoice warps, int64_t m, int64_t n, int64_t blockM, int64_t blockN) {
    return warps && m % (blockM * warps->first) == 0 && n % (blockN * warps->second) == 0;
  }

  /// Whether an m x n x k dot tiles into mma.sync blocks (16 x 8 x `blockK`),
  /// all three sizes powers of two.
  static bool fitsMmaSync(int64_t m, int64_t n, int64_t k, int64_t blockK) {
    return m % 16 == 0 && n % 8 == 0 && k % blockK == 0 && llvm::isPowerOf2_64(m) &&
           llvm::isPowerOf2_64(n) && llvm::isPowerOf2_64(k);
  }

  static bool isF32Dot(tile::DotOp dot) {
    return cast<RankedTensorType>(dot.getA().getType()).getElementType().isF32();
  }
  /// The dot's input_precision, or the target's default.
  llvm::StringRef inputPrecision(tile::DotOp dot) const {
    return dot.getInputPrecision().value_or(target->getDefaultDotInputPrecision(arch));
  }

  /// The `#tile.mma` accumulator layout of `dot` on mma.sync (fp32 operands as
  /// tf32), or null where the target has none or the shape does not fit.
  Attribute mmaSyncLayout(tile::DotOp dot, WarpChoice warps = std::nullopt) const {
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto bType = cast<RankedTensorType>(dot.getB().getType());
    auto cType = cast<RankedTensorType>(dot.getAcc().getType());
    Type operand = aType.getElementType();
    if (!target || warpSize != 32 || cType.getRank() != 2 || operand != bType.getElementType())
      return {};
    if (dot.getAFp8() ? !target->hasFP8MmaSync(arch, *dot.getAFp8(), *dot.getBFp8())
                      : !target->hasMmaSync(arch, operand, cType.getElementType()))
      return {};
    int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = aType.getDimSize(1);
    int64_t blockK = 256 / operand.getIntOrFloatBitWidth();
    if (!fitsMmaSync(m, n, k, blockK))
      return {};
    // wgmma where the target has it: each warpgroup's 64 rows per
    // instruction, warpgroups along M as far as M has 64-row blocks for them
    // (B is then read by every warpgroup), the others along N (as Triton:
    // [4, 2] for 64 rows at 8 warps), at least 16 columns per warpgroup and
    // one instruction's K (32 bytes: the narrowest swizzled rows). Chained
    // dots share the choice (chainedDotWarps' all-along-M default gives way).
    // wgmma reads tf32, s8 and fp8 B K-major only: an N-contiguous B (not a
    // transposition of an N x K tile) is transposed element by element on
    // its way to shared memory. For such a dot of its own, mma.sync, which
    // reads B as loaded, ran faster on an H200 (4096^3; docs/gpu.md "On a
    // GPU: the second run"): tf32 126 against 79 TFLOP/s and int8 293
    // against 175 TOP/s (128x128, 8 warps), fp8 216 against 174 TFLOP/s
    // (4 warps; 186 against 171 at 8), and it accumulates fp8 in fp32
    // throughout. Chained dots keep wgmma (attention: 71 against 33 TFLOP/s),
    // and so do dots of more than 64 accumulators per thread, which
    // mma.sync's fragments would spill (128x128 at 4 warps: tf32 116 bytes,
    // fp8 128).
    bool kMajorOnly = operand.isF32() || operand.isInteger(8);
    bool mmaSyncReadsBetter = !wgmmaTransposedB && kMajorOnly && !warps &&
                              !dot.getB().getDefiningOp<tile::TransOp>() &&
                              m * n <= 64 * int64_t(numWarps) * warpSize;
    bool wgmma = !mmaSyncReadsBetter &&
                 (dot.getAFp8() ? target->hasFP8WarpgroupMma(arch, *dot.getAFp8(), *dot.getBFp8())
                                : target->hasWarpgroupMma(arch, operand, cType.getElementType()));
    if (wgmma && numWarps % 4 == 0 && m % 64 == 0 && k * operand.getIntOrFloatBitWidth() >= 256) {
      unsigned wgM = numWarps;
      while (wgM > 4 && m % (16 * wgM))
        wgM /= 2;
      unsigned wgN = numWarps / wgM;
      bool agreed = !warps || (warps->first == wgM && warps->second == wgN) ||
                    (warps->first == numWarps && warps->second == 1);
      if (agreed && n % (16 * wgN) == 0)
        return tile::MmaEncodingAttr::get(dot.getContext(), 3, {wgM, wgN}, {16, 8});
    }
    auto [wm, wn] = fits(warps, m, n, 16, 8) ? *warps : mmaWarps(m, n, numWarps);
    return tile::MmaEncodingAttr::get(dot.getContext(), 2, {wm, wn}, {16, 8});
  }

  /// AMD matrix cores (64-lane waves), as Triton 3.9 picks them: 32x32 blocks
  /// where M and N are multiples of 32 and K of the instruction's K (f16/bf16:
  /// v_mfma_f32_32x32x8, f32: 32x32x2f32, i8: v_mfma_i32_32x32x16_i8), else
  /// 16x16 blocks (16x16x16, 16x16x4f32, 16x16x32_i8); null for the FMA path.
  /// fp32 operands run on the fp32 MFMA whatever their input_precision (its
  /// products are fp32's: "tf32" and "tf32x3" get more precision than asked).
  Attribute mfmaAccumulatorLayout(tile::DotOp dot, RankedTensorType aType, RankedTensorType bType,
                                  RankedTensorType cType, WarpChoice warps) const {
    if (cType.getRank() != 2 || aType.getElementType() != bType.getElementType())
      return {};
    int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = aType.getDimSize(1);
    if (!llvm::isPowerOf2_64(m) || !llvm::isPowerOf2_64(n) || !llvm::isPowerOf2_64(k))
      return {};
    unsigned kWidth = mfmaKWidth(aType.getElementType());
    for (unsigned nonK : {32u, 16u}) {
      if (m % nonK || n % nonK || k % (kWidth * (64 / nonK)))
        continue;
      if (dot.getAFp8()
              ? !target->hasFP8Mfma(arch, nonK, *dot.getAFp8(), *dot.getBFp8())
              : !target->hasMfma(arch, nonK, aType.getElementType(), cType.getElementType()))
        continue;
      auto [wm, wn] = fits(warps, m, n, nonK, nonK) ? *warps : mfmaWarps(m, n, nonK, numWarps);
      return tile::MfmaEncodingAttr::get(cType.getContext(), mfmaVersion(arch), {wm, wn},
                                         {nonK, nonK});
    }
    return {};
  }
};

/// The layouts chosen for loop-carried tiles: (index of the `scf.for` in walk
/// order, iter_arg number) -> layout.
using LoopLayouts = std::map<std::pair<unsigned, unsigned>, Attribute>;

/// How LayoutAssigner treats loop-carried tiles.
struct LoopPolicy {
  /// Elementwise ops take the layout of another costly operand before that of
  /// a loop-carried tile (a trial run, to learn the layouts loops produce).
  bool flexibleLoopArgs = false;
  /// Layouts for loop-carried tiles (where no dot or load asks for one).
  LoopLayouts carried;
};

class LayoutAssigner {
public:
  LayoutAssigner(func::FuncOp kernel, unsigned numWarps, unsigned warpSize,
                 const MmaPolicy &mma, const LoopPolicy &loops)
      : kernel(kernel), numWarps(numWarps), warpSize(warpSize), mma(mma), loops(loops) {}

  void run() {
    splitDotsForTensorCores();
    chooseDefaultLayouts();
    chooseMmaLayouts();
    chooseOperandLoadLayouts();
    applyLoopLayouts();
    assignBlock(kernel.getBody().front());
    removeConversions();
    sinkOperandDecodes();
    coalesceAccumulatorStores();
    eraseDeadOps();
  }

  /// For the loops of an assigned kernel, the layouts their carried tiles are
  /// computed in where those differ from the carried ones (a conversion feeds
  /// the yield).
  static LoopLayouts yieldedLayouts(func::FuncOp kernel) {
    LoopLayouts yielded;
    unsigned index = 0;
    kernel.walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
      Operation *yield = loop.getBody()->getTerminator();
      for (auto [i, operand] : llvm::enumerate(yield->getOperands()))
        if (auto convert = operand.getDefiningOp<tile::ConvertLayoutOp>())
          if (convert->getParentOp() == loop.getOperation())
            yielded[{index, unsigned(i)}] = layoutOf(convert.getSrc());
      ++index;
    });
    return yielded;
  }

  /// What the layout conversions left in an assigned kernel cost: elements
  /// moved, 8 times more per enclosing loop.
  static double conversionCost(func::FuncOp kernel) {
    double cost = 0;
    kernel.walk([&](tile::ConvertLayoutOp convert) {
      double weight = double(cast<RankedTensorType>(convert.getType()).getNumElements());
      for (Operation *parent = convert->getParentOp(); parent != kernel.getOperation();
           parent = parent->getParentOp())
        if (isa<LoopLikeOpInterface>(parent))
          weight *= 8;
      cost += weight;
    });
    return cost;
  }

private:
  /// Gives the loop-carried tiles of `loops.carried` their layouts, where no
  /// dot or load asked for one.
  void applyLoopLayouts() {
    unsigned index = 0;
    kernel.walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
      for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
        auto it = loops.carried.find({index, unsigned(i)});
        if (it != loops.carried.end() && isTile(arg))
          preferred.try_emplace(arg, it->second);
      }
      ++index;
    });
  }

  /// Triton's split fp32 dots on tensor cores (its F32DotTC pass): each
  /// operand x is split into pieces x = p0 + p1 (+ p2) of the narrower type,
  /// and the dot becomes (p0.p0 + nan_to_zero(sum of the other products kept))
  /// + acc, each product a dot on tensor cores:
  /// - "tf32x3": p0 = tf32(x), p1 = x - p0 (fp32 values read as tf32); the
  ///   products p1.p0 and p0.p1, so that only p1.p1 (near fp32's rounding) is
  ///   dropped;
  /// - "bf16x3": p0 = bf16(x), p1 = bf16(x - p0); products p1.p0, p0.p1;
  /// - "bf16x6": also p2 = bf16(x - p0 - p1); products p1.p1, p2.p0, p0.p2,
  ///   p1.p0, p0.p1 (the dropped ones are below fp32's rounding).
  /// A NaN of the small terms (an infinite operand: inf * 0) is dropped, as
  /// Triton does, so that the big term decides.
  void splitDotsForTensorCores() {
    SmallVector<std::pair<tile::DotOp, StringRef>> dots;
    kernel.walk([&](tile::DotOp dot) {
      if (StringRef split = mma.tensorCoreSplit(dot); !split.empty())
        dots.push_back({dot, split});
    });
    for (auto [dot, split] : dots) {
      OpBuilder b(dot);
      Location loc = dot.getLoc();
      Type type = dot.getType();
      bool tf32 = split == "tf32x3";
      unsigned numPieces = split == "bf16x6" ? 3 : 2;
      auto pieces = [&](Value x) {
        SmallVector<Value, 3> parts;
        auto shape = cast<RankedTensorType>(x.getType()).getShape();
        auto bf16Type = RankedTensorType::get(shape, b.getBF16Type());
        Value rest = x;
        for (unsigned i = 0; i < numPieces; ++i) {
          if (tf32) {
            Value big = i + 1 < numPieces ? roundToTF32(b, loc, rest) : rest;
            parts.push_back(big);
            if (i + 1 < numPieces)
              rest = arith::SubFOp::create(b, loc, rest, big);
            continue;
          }
          Value piece = arith::TruncFOp::create(b, loc, bf16Type, rest);
          parts.push_back(piece);
          if (i + 1 < numPieces)
            rest = arith::SubFOp::create(b, loc, rest,
                                         arith::ExtFOp::create(b, loc, x.getType(), piece));
        }
        return parts;
      };
      SmallVector<Value, 3> a = pieces(dot.getA()), bp = pieces(dot.getB());
      StringAttr precision = tf32 ? b.getStringAttr("tf32") : StringAttr();
      auto product = [&](Value x, Value y, Value acc) {
        return tile::DotOp::create(b, loc, type, x, y, acc, precision, StringAttr(), StringAttr());
      };
      // The small products, smallest first, as (A piece, B piece).
      SmallVector<std::pair<unsigned, unsigned>> terms;
      if (numPieces == 3)
        terms = {{1, 1}, {2, 0}, {0, 2}};
      terms.append({{1, 0}, {0, 1}});
      Value zero = arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(type)));
      Value small = zero;
      for (auto [i, j] : terms)
        small = product(a[i], bp[j], small);
      Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, small, small);
      Value masked = arith::SelectOp::create(b, loc, isNaN, zero, small);
      tile::DotOp big = product(a[0], bp[0], masked);
      Value sum = arith::AddFOp::create(b, loc, big, dot.getAcc());
      if (auto arg = dyn_cast<BlockArgument>(dot.getAcc()))
        splitAccumulators.push_back({arg, big});
      dot.replaceAllUsesWith(sum);
      dot.erase();
    }
  }

  /// A dot of the same region whose A or B operand is computed from `dot`'s
  /// result, or from whose result `dot`'s A or B operand is computed (through
  /// any ops but other dots' accumulators), or null.
  static tile::DotOp chainedDot(tile::DotOp dot) {
    Region *region = dot->getParentRegion();
    auto isOperand = [](tile::DotOp d, OpOperand &use) {
      return use.getOperandNumber() < 2 && use.getOwner() == d.getOperation();
    };
    SmallVector<Value> work = {dot.getResult()};
    DenseSet<Value> seen;
    while (!work.empty()) {
      Value v = work.pop_back_val();
      if (!seen.insert(v).second)
        continue;
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        if (user->getParentRegion() != region)
          continue;
        if (auto next = dyn_cast<tile::DotOp>(user)) {
          if (isOperand(next, use))
            return next;
          continue;
        }
        llvm::append_range(work, user->getResults());
      }
    }
    work = {dot.getA(), dot.getB()};
    seen.clear();
    while (!work.empty()) {
      Value v = work.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (!seen.insert(v).second || !def || def->getParentRegion() != region)
        continue;
      if (auto previous = dyn_cast<tile::DotOp>(def))
        return previous;
      llvm::append_range(work, def->getOperands());
    }
    return {};
  }

  /// As Triton 3.9 does for chained dots (attention's `p = softmax(q.k^T)`
  /// then `p.v`): all warps along M where M >= N, else along N, so that row
  /// reductions between the dots stay within a warp; a chained dot that has
  /// its layout already lends its warps.
  WarpChoice chainedDotWarps(tile::DotOp dot) const {
    tile::DotOp other = chainedDot(dot);
    if (!other)
      return std::nullopt;
    Attribute chosen = mmaDots.lookup(other);
    if (auto mmaLayout = dyn_cast_or_null<tile::MmaEncodingAttr>(chosen))
      return std::make_pair(mmaLayout.getWarpsPerCTA()[0], mmaLayout.getWarpsPerCTA()[1]);
    if (auto mfmaLayout = dyn_cast_or_null<tile::MfmaEncodingAttr>(chosen))
      return std::make_pair(mfmaLayout.getWarpsPerCTA()[0], mfmaLayout.getWarpsPerCTA()[1]);
    auto cType = cast<RankedTensorType>(dot.getAcc().getType());
    if (cType.getRank() != 2)
      return std::nullopt;
    if (cType.getDimSize(0) >= cType.getDimSize(1))
      return std::make_pair(numWarps, 1u);
    return std::make_pair(1u, numWarps);
  }

  /// Picks the dots that run on tensor cores; a loop-carried accumulator is
  /// to keep the MMA layout through its loop (also one that a tf32x3 split
  /// adds to its last dot).
  void chooseMmaLayouts() {
    auto preferLayout = [&](Value acc, Attribute layout) {
      auto arg = dyn_cast<BlockArgument>(acc);
      if (arg && isa<scf::ForOp>(arg.getOwner()->getParentOp()))
        preferred[arg] = layout;
    };
    kernel.walk([&](tile::DotOp dot) {
      Attribute layout = mma.accumulatorLayout(dot, chainedDotWarps(dot));
      if (!layout)
        return;
      mmaDots[dot] = layout;
      preferLayout(dot.getAcc(), layout);
    });
    for (auto [arg, big] : splitAccumulators)
      if (Attribute layout = mmaDots.lookup(big))
        preferLayout(arg, layout);
  }

  /// Consecutive elements per thread along the last dimension for 128-bit
  /// accesses through the tile of pointers `ptr`: bounded by its contiguity
  /// and alignment (AxisInfo), and by the tile's elements per thread.
  int64_t coalescedWidth(AxisInfoAnalysis &axisInfo, Value ptr) const {
    auto type = cast<RankedTensorType>(ptr.getType());
    Type elem = cast<tile::PointerType>(type.getElementType()).getPointeeType();
    int64_t bytes = std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
    AxisInfo info = axisInfo.get(ptr);
    unsigned last = type.getRank() - 1;
    int64_t alignment = std::max<int64_t>(1, info.divisibility[last] / bytes);
    int64_t vec = std::min<int64_t>({16 / bytes, info.contiguity[last], alignment});
    // Every thread keeps work: no more per thread than the tile spreads to.
    vec = std::min<int64_t>(vec, std::max<int64_t>(1, type.getNumElements() /
                                                          (numWarps * warpSize)));
    return std::max<int64_t>(vec, 1);
  }

  /// Whether every use of `v` is as a dot's A or B operand, directly or
  /// through transpositions (which also go through shared memory), marks of
  /// descriptor blocks (tile.descriptor_block, which move no data) and pure
  /// elementwise ops that read nothing but what they compute from `v` and
  /// constants (element bitcasts: `x.to(tl.bfloat16, bitcast=True)`; fp8
  /// decodings, which sinkOperandDecodes moves after the conversion).
  static bool readOnlyAsDotOperand(Value v) {
    llvm::SetVector<Operation *> chain;
    SmallVector<Value> work = {v};
    while (!work.empty()) {
      Value x = work.pop_back_val();
      for (OpOperand &use : x.getUses()) {
        Operation *user = use.getOwner();
        if (auto dot = dyn_cast<tile::DotOp>(user)) {
          if (use.get() == dot.getAcc())
            return false;
          continue;
        }
        if (!isa<tile::TransOp, tile::DescriptorBlockOp>(user) && !tile::isPureElementwise(user))
          return false;
        if (chain.insert(user))
          work.push_back(user->getResult(0));
      }
    }
    auto fromV = [&](Value x) {
      Operation *def = x.getDefiningOp();
      return x == v || !isTile(x) || (def && chain.contains(def)) ||
             isa_and_nonnull<tile::SplatOp, arith::ConstantOp>(def);
    };
    return llvm::all_of(chain,
                        [&](Operation *op) { return llvm::all_of(op->getOperands(), fromV); });
  }

  /// Loads read only as dot operands go through shared memory on their way to
  /// the dot (staged, or copied asynchronously by tilec-pipeline-loops), so
  /// each gets the blocked layout that coalesces its own accesses, as Triton's
  /// coalescing gives every memory op its own: a 16-bit operand of a kernel
  /// whose rank's default suits its 32-bit accumulator still moves 16 bytes
  /// per access. A loop-carried pointer tile such a load reads keeps that
  /// layout through its loop, so its increments need no conversion.
  void chooseOperandLoadLayouts() {
    AxisInfoAnalysis axisInfo;
    kernel.walk([&](tile::LoadOp load) {
      auto type = dyn_cast<RankedTensorType>(load.getPtr().getType());
      if (!type || load.getResult().use_empty())
        return;
      if (!readOnlyAsDotOperand(load.getResult()))
        return;
      Attribute layout = tile::getDefaultBlockedEncoding(
          kernel.getContext(), type.getShape(), coalescedWidth(axisInfo, load.getPtr()),
          warpSize, numWarps);
      if (layout == defaultLayout(type))
        return;
      operandLoads[load] = layout;
      auto arg = dyn_cast<BlockArgument>(load.getPtr());
      if (arg && isa<scf::ForOp>(arg.getOwner()->getParentOp()))
        preferred.try_emplace(arg, layout);
    });
  }

  /// One blocked encoding per rank, from the largest memory access of that
  /// rank (its pointers' contiguity and alignment give the vector width).
  void chooseDefaultLayouts() {
    AxisInfoAnalysis axisInfo;
    struct Choice {
      SmallVector<int64_t> shape;
      int64_t numel = 0;
      unsigned vec = 1;
    };
    DenseMap<unsigned, Choice> choices;
    kernel.walk([&](Operation *op) {
      for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults())) {
        auto type = dyn_cast<RankedTensorType>(v.getType());
        if (!type)
          continue;
        Choice &choice = choices[type.getRank()];
        if (type.getNumElements() > choice.numel && choice.vec == 1) {
          choice.shape = SmallVector<int64_t>(type.getShape());
          choice.numel = type.getNumElements();
        }
      }
      Value ptr;
      if (auto load = dyn_cast<tile::LoadOp>(op))
        ptr = load.getPtr();
      else if (auto store = dyn_cast<tile::StoreOp>(op))
        ptr = store.getPtr();
      auto type = ptr ? dyn_cast<RankedTensorType>(ptr.getType()) : RankedTensorType();
      if (!type)
        return;
      int64_t vec = coalescedWidth(axisInfo, ptr);
      Choice &choice = choices[type.getRank()];
      if (type.getNumElements() > choice.numel ||
          (type.getNumElements() == choice.numel && unsigned(vec) > choice.vec)) {
        choice.shape = SmallVector<int64_t>(type.getShape());
        choice.numel = type.getNumElements();
        choice.vec = vec;
      }
    });
    for (auto &[rank, choice] : choices)
      defaults[rank] = tile::getDefaultBlockedEncoding(kernel.getContext(), choice.shape,
                                                       choice.vec, warpSize, numWarps);
  }

  Attribute defaultLayout(Type type) {
    auto tensor = cast<RankedTensorType>(type);
    auto it = defaults.find(tensor.getRank());
    if (it != defaults.end())
      return it->second;
    Attribute layout = tile::getDefaultBlockedEncoding(kernel.getContext(), tensor.getShape(),
                                                       1, warpSize, numWarps);
    defaults[tensor.getRank()] = layout;
    return layout;
  }

  static void setLayout(Value v, Attribute layout) {
    v.setType(tile::withEncoding(v.getType(), layout));
  }

  /// `v` in `layout`, converted right before `user` if it differs.
  Value convertTo(Value v, Attribute layout, Operation *user) {
    if (!isTile(v) || layoutOf(v) == layout)
      return v;
    OpBuilder b(user);
    return tile::ConvertLayoutOp::create(b, v.getLoc(),
                                         tile::withEncoding(v.getType(), layout), v);
  }

  void convertOperand(OpOperand &operand, Attribute layout) {
    operand.set(convertTo(operand.get(), layout, operand.getOwner()));
  }

  void assignBlock(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block))
      assignOp(&op);
  }

  void assignOp(Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      for (auto [init, arg, result] :
           llvm::zip(loop.getInitArgsMutable(), loop.getRegionIterArgs(), loop.getResults()))
        if (isTile(init.get())) {
          if (Attribute layout = preferred.lookup(arg))
            convertOperand(init, layout);
          setLayout(arg, layoutOf(init.get()));
          setLayout(result, layoutOf(init.get()));
        }
      assignBlock(*loop.getBody());
      matchYield(loop.getBody()->getTerminator(), loop.getRegionIterArgs());
      return;
    }
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      assignBlock(*branch.thenBlock());
      Operation *thenYield = branch.thenBlock()->getTerminator();
      for (auto [value, result] : llvm::zip(thenYield->getOperands(), branch.getResults()))
        if (isTile(value))
          setLayout(result, layoutOf(value));
      if (branch.elseBlock()) {
        assignBlock(*branch.elseBlock());
        matchYield(branch.elseBlock()->getTerminator(), branch.getResults());
      }
      return;
    }
    if (auto loop = dyn_cast<scf::WhileOp>(op)) {
      for (auto [init, arg] : llvm::zip(loop.getInits(), loop.getBeforeArguments()))
        if (isTile(init))
          setLayout(arg, layoutOf(init));
      assignBlock(loop.getBefore().front());
      auto condition = loop.getConditionOp();
      for (auto [value, arg, result] : llvm::zip(condition.getArgs(), loop.getAfterArguments(),
                                                 loop.getResults()))
        if (isTile(value)) {
          setLayout(arg, layoutOf(value));
          setLayout(result, layoutOf(value));
        }
      assignBlock(loop.getAfter().front());
      matchYield(loop.getAfter().front().getTerminator(), loop.getBeforeArguments());
      return;
    }
    if (auto reduce = dyn_cast<tile::ReduceOp>(op)) {
      Attribute layout = layoutOf(reduce.getSrcs().front());
      for (OpOperand &src : reduce->getOpOperands())
        convertOperand(src, layout);
      for (Value result : reduce.getResults())
        if (isTile(result))
          setLayout(result, tile::SliceEncodingAttr::get(op->getContext(), reduce.getAxis(),
                                                         layout));
      return;
    }
    if (auto expand = dyn_cast<tile::ExpandDimsOp>(op)) {
      // A slice along the expanded axis expands to its parent as it is.
      auto slice = dyn_cast_or_null<tile::SliceEncodingAttr>(layoutOf(expand.getSrc()));
      if (slice && slice.getDim() == unsigned(expand.getAxis()) &&
          isa<tile::BlockedEncodingAttr, tile::MmaEncodingAttr, tile::MfmaEncodingAttr>(
              slice.getParent())) {
        setLayout(expand.getResult(), slice.getParent());
        return;
      }
      Attribute layout = defaultLayout(expand.getType());
      convertOperand(expand.getSrcMutable(),
                     tile::SliceEncodingAttr::get(op->getContext(), expand.getAxis(), layout));
      setLayout(expand.getResult(), layout);
      return;
    }
    if (auto dot = dyn_cast<tile::DotOp>(op)) {
      if (Attribute layout = mmaDots.lookup(dot)) {
        // Tensor cores: operands in the registers mma.sync (MFMA) reads.
        MLIRContext *ctx = op->getContext();
        // MMA: the operand elements of one 32-bit register (2 for 16-bit
        // types, 1 for tf32, 4 for s8).
        Type operand = cast<RankedTensorType>(dot.getA().getType()).getElementType();
        unsigned kWidth = isa<tile::MfmaEncodingAttr>(layout)
                              ? mfmaKWidth(operand)
                              : 32 / operand.getIntOrFloatBitWidth();
        convertOperand(dot.getAMutable(),
                       tile::DotOperandEncodingAttr::get(ctx, 0, layout, kWidth));
        convertOperand(dot.getBMutable(),
                       tile::DotOperandEncodingAttr::get(ctx, 1, layout, kWidth));
        convertOperand(dot.getAccMutable(), layout);
      }
      // The result is the accumulator, updated in place.
      setLayout(dot.getResult(), layoutOf(dot.getAcc()));
      return;
    }
    if (auto join = dyn_cast<tile::JoinOp>(op)) {
      // Both elements of a pair in one thread: the operands' blocked layout
      // with the new minor dimension in registers (join moves no data).
      auto layout = dyn_cast<tile::BlockedEncodingAttr>(layoutOf(join.getLhs()));
      if (!layout)
        layout = cast<tile::BlockedEncodingAttr>(defaultLayout(join.getLhs().getType()));
      for (OpOperand &operand : op->getOpOperands())
        convertOperand(operand, layout);
      setLayout(join.getResult(), pairLayout(layout));
      return;
    }
    if (auto split = dyn_cast<tile::SplitOp>(op)) {
      // The inverse: a source holding pairs in registers splits into the
      // layout without them; another source is converted to such a layout.
      auto layout = dyn_cast<tile::BlockedEncodingAttr>(layoutOf(split.getSrc()));
      tile::BlockedEncodingAttr halves = layout ? unpairedLayout(layout) : nullptr;
      if (!halves) {
        halves = cast<tile::BlockedEncodingAttr>(defaultLayout(split.getLhs().getType()));
        convertOperand(split.getSrcMutable(), pairLayout(halves));
      }
      setLayout(split.getLhs(), halves);
      setLayout(split.getRhs(), halves);
      return;
    }
    if (isa<tile::CatOp, tile::FlipOp>(op)) {
      // The operands' layout (a blocked one, for cat, whose two halves are
      // then the registers of the operands when no thread holds copies).
      Attribute layout = layoutOf(op->getOperand(0));
      if (isa<tile::CatOp>(op) && !isa<tile::BlockedEncodingAttr>(layout))
        layout = defaultLayout(op->getResult(0).getType());
      for (OpOperand &operand : op->getOpOperands())
        convertOperand(operand, layout);
      setLayout(op->getResult(0), layout);
      return;
    }
    if (auto gather = dyn_cast<tile::GatherOp>(op)) {
      // Each thread reads the source elements its index registers name.
      setLayout(gather.getResult(), layoutOf(gather.getIndex()));
      return;
    }
    if (auto histogram = dyn_cast<tile::HistogramOp>(op)) {
      // The mask in the input's layout; the bins, read back from shared
      // memory, in the default layout of rank 1.
      if (histogram.getMask())
        convertOperand(histogram.getMaskMutable()[0], layoutOf(histogram.getInput()));
      setLayout(histogram.getResult(), defaultLayout(histogram.getType()));
      return;
    }
    if (auto scan = dyn_cast<tile::ScanOp>(op)) {
      Attribute layout = layoutOf(scan.getSrcs().front());
      for (OpOperand &src : scan->getOpOperands())
        convertOperand(src, layout);
      for (Value result : scan.getResults())
        setLayout(result, layout);
      return;
    }
    if (auto broadcast = dyn_cast<tile::BroadcastOp>(op)) {
      Attribute layout = layoutOf(broadcast.getSrc());
      if (!isa<tile::BlockedEncodingAttr>(layout)) {
        layout = defaultLayout(broadcast.getType());
        convertOperand(broadcast.getSrcMutable(), layout);
      }
      setLayout(broadcast.getResult(), layout);
      return;
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense || !isTile(constant.getResult()))
        return;
      auto type = cast<RankedTensorType>(
          tile::withEncoding(constant.getType(), defaultLayout(constant.getType())));
      constant.setValueAttr(dense.reshape(type));
      setLayout(constant.getResult(), type.getEncoding());
      return;
    }
    if (Attribute layout = operandLoads.lookup(op)) {
      for (OpOperand &operand : op->getOpOperands())
        convertOperand(operand, layout);
      setLayout(op->getResult(0), layout);
      return;
    }
    if (isElementwise(op)) {
      // Prefer the layout of an operand that is expensive to recompute (on
      // a trial run to learn loops' layouts, one that is not loop-carried).
      Attribute layout, carriedLayout;
      for (Value v : op->getOperands()) {
        if (!isTile(v))
          continue;
        bool cheap = isRematerializable(v);
        if (!cheap && loops.flexibleLoopArgs && isLoopCarried(v)) {
          if (!carriedLayout)
            carriedLayout = layoutOf(v);
          continue;
        }
        if (!layout || !cheap)
          layout = layoutOf(v);
        if (!cheap)
          break;
      }
      if (carriedLayout && (!layout || isRematerializableLayoutOf(op, layout)))
        layout = carriedLayout;
      for (Value v : op->getResults())
        if (!layout && isTile(v))
          layout = defaultLayout(v.getType());
      if (!layout)
        return;
      for (OpOperand &operand : op->getOpOperands())
        convertOperand(operand, layout);
      for (Value v : op->getResults())
        setLayout(v, layout);
      return;
    }
    // Everything else (ranges, splats, and the ops that move data through shared
    // memory: trans, reshape, dot) produces the default layout of its rank and
    // accepts any operand layout.
    for (Value v : op->getResults())
      if (isTile(v))
        setLayout(v, defaultLayout(v.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        assignBlock(block);
  }

  /// `layout` with a minor dimension of size 2 appended, held in registers.
  static tile::BlockedEncodingAttr pairLayout(tile::BlockedEncodingAttr layout) {
    auto append = [](ArrayRef<unsigned> list, unsigned value) {
      SmallVector<unsigned> out(list);
      out.push_back(value);
      return out;
    };
    SmallVector<unsigned> order = {layout.getRank()};
    llvm::append_range(order, layout.getOrder());
    return tile::BlockedEncodingAttr::get(layout.getContext(), append(layout.getSizePerThread(), 2),
                                          append(layout.getThreadsPerWarp(), 1),
                                          append(layout.getWarpsPerCTA(), 1), order);
  }

  /// `layout` without its last dimension, if that holds pairs in registers
  /// (the inverse of pairLayout), else null.
  static tile::BlockedEncodingAttr unpairedLayout(tile::BlockedEncodingAttr layout) {
    unsigned last = layout.getRank() - 1;
    if (last == 0 || layout.getSizePerThread()[last] < 2 || layout.getThreadsPerWarp()[last] != 1 ||
        layout.getWarpsPerCTA()[last] != 1)
      return nullptr;
    SmallVector<unsigned> order;
    for (unsigned d : layout.getOrder())
      if (d != last)
        order.push_back(d);
    return tile::BlockedEncodingAttr::get(
        layout.getContext(), layout.getSizePerThread().drop_back(),
        layout.getThreadsPerWarp().drop_back(), layout.getWarpsPerCTA().drop_back(), order);
  }

  /// Converts the yielded tiles of `terminator` to the layouts of `targets`.
  void matchYield(Operation *terminator, ValueRange targets) {
    for (auto [operand, target] : llvm::zip(terminator->getOpOperands(), targets))
      if (isTile(target))
        convertOperand(operand, layoutOf(target));
  }

  /// Whether `v` is a tile carried by an `scf.for`.
  static bool isLoopCarried(Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && isa<scf::ForOp>(arg.getOwner()->getParentOp()) && arg.getArgNumber() > 0;
  }

  /// Whether every tile operand of `op` in `layout` is cheap to recompute
  /// (none of them is costly there).
  static bool isRematerializableLayoutOf(Operation *op, Attribute layout) {
    return llvm::all_of(op->getOperands(), [&](Value v) {
      return !isTile(v) || layoutOf(v) != layout || isRematerializable(v);
    });
  }

  /// Whether `v` is cheap to recompute in another layout.
  static bool isRematerializable(Value v, unsigned depth = 0) {
    if (depth > 12)
      return false;
    Operation *def = v.getDefiningOp();
    if (!def || def->getNumRegions() != 0 || def->getNumResults() != 1)
      return false;
    if (isa<tile::MakeRangeOp, tile::SplatOp>(def))
      return true;
    if (auto constant = dyn_cast<arith::ConstantOp>(def))
      return isa<SplatElementsAttr>(constant.getValue());
    bool elementwise = isa_and_nonnull<arith::ArithDialect, math::MathDialect>(def->getDialect()) ||
                       def->hasTrait<OpTrait::Elementwise>() ||
                       isa<tile::AddPtrOp, tile::ExpandDimsOp, tile::BroadcastOp,
                           tile::ConvertLayoutOp, tile::HintOp>(def);
    if (!elementwise)
      return false;
    return llvm::all_of(def->getOperands(), [&](Value operand) {
      return !isTile(operand) || isRematerializable(operand, depth + 1);
    });
  }

  /// `v` recomputed in `layout` right after its definition (`v` itself when it
  /// has it already), or null.
  Value rematerialize(Value v, Attribute layout) {
    if (layoutOf(v) == layout)
      return v;
    auto key = std::make_pair(v, layout);
    if (auto it = rematerialized.find(key); it != rematerialized.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    if (auto convert = dyn_cast_or_null<tile::ConvertLayoutOp>(def))
      return rematerialize(convert.getSrc(), layout);
    // Broadcasts and expansions of costly values are still recomputed: the
    // costly values they read are converted instead (convertLeaf).
    if (!def || (!isRematerializable(v) && !isa<tile::BroadcastOp, tile::ExpandDimsOp>(def)))
      return convertLeaf(v, layout);
    // Dot operands come from conversions: their slices and smaller tiles are
    // no layouts; splats and constants are the exceptions.
    if (isa<tile::DotOperandEncodingAttr>(layout) && !isa<tile::SplatOp, arith::ConstantOp>(def))
      return nullptr;
    SmallVector<Value> operands;
    for (auto [i, operand] : llvm::enumerate(def->getOperands())) {
      if (!isTile(operand)) {
        operands.push_back(operand);
        continue;
      }
      Attribute wanted = layout;
      if (auto expand = dyn_cast<tile::ExpandDimsOp>(def))
        wanted = tile::SliceEncodingAttr::get(def->getContext(), expand.getAxis(), layout);
      Value remat = rematerialize(operand, wanted);
      if (!remat)
        return nullptr;
      operands.push_back(remat);
    }
    OpBuilder b(def->getContext());
    b.setInsertionPointAfter(def);
    for (Value operand : operands)
      if (Operation *producer = operand.getDefiningOp())
        if (producer->getBlock() == def->getBlock() && def->isBeforeInBlock(producer))
          b.setInsertionPointAfter(producer);
    Operation *clone = b.clone(*def);
    clone->setOperands(operands);
    Type type = tile::withEncoding(v.getType(), layout);
    clone->getResult(0).setType(type);
    if (auto constant = dyn_cast<arith::ConstantOp>(clone))
      constant.setValueAttr(
          cast<DenseElementsAttr>(constant.getValue()).reshape(cast<ShapedType>(type)));
    rematerialized[key] = clone->getResult(0);
    return clone->getResult(0);
  }

  /// `v`, a value that is costly to recompute, converted to `layout` right
  /// after its definition, when it is small enough for the conversion being
  /// removed (leafElements left), else null. Dot-operand layouts come from
  /// their own conversions.
  Value convertLeaf(Value v, Attribute layout) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type || type.getNumElements() > leafElements ||
        isa<tile::DotOperandEncodingAttr>(layout))
      return nullptr;
    leafElements -= type.getNumElements();
    OpBuilder b(kernel.getContext());
    if (Operation *def = v.getDefiningOp())
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
    Value converted =
        tile::ConvertLayoutOp::create(b, v.getLoc(), tile::withEncoding(type, layout), v);
    rematerialized[{v, layout}] = converted;
    return converted;
  }

  /// Replaces conversions of cheap values by recomputation, and conversions
  /// of broadcasts (and other cheap ops) of costly values by the broadcasts of
  /// those values converted, where they have at most a quarter of the
  /// elements; then drops the ops left unused.
  void removeConversions() {
    SmallVector<tile::ConvertLayoutOp> converts;
    kernel.walk([&](tile::ConvertLayoutOp op) { converts.push_back(op); });
    for (tile::ConvertLayoutOp convert : converts) {
      leafElements = cast<RankedTensorType>(convert.getType()).getNumElements() / 4;
      Value remat = rematerialize(convert.getSrc(), layoutOf(convert.getResult()));
      leafElements = 0;
      if (!remat)
        continue;
      convert.getResult().replaceAllUsesWith(remat);
      convert.erase();
    }
  }

  /// The ops of `convert`'s block that compute its source elementwise (arith,
  /// math) from one tile `root` and from splat constants, in block order, into
  /// `chain`; false unless `root` has narrower elements than the source and
  /// nothing but `chain` and `convert` reads what `chain` computes.
  static bool narrowElementwiseSource(tile::ConvertLayoutOp convert,
                                      SmallVectorImpl<Operation *> &chain, Value &root) {
    llvm::SetVector<Operation *> ops;
    SmallVector<Value> work = {convert.getSrc()};
    while (!work.empty()) {
      Value v = work.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (def && ops.contains(def))
        continue;
      bool cheap = def && (isa<tile::SplatOp>(def) ||
                           (isa<arith::ConstantOp>(def) &&
                            isa<SplatElementsAttr>(cast<arith::ConstantOp>(def).getValue())));
      if (!isTile(v) || cheap)
        continue;
      if (!def || def->getBlock() != convert->getBlock() || !tile::isPureElementwise(def)) {
        if (root && root != v)
          return false;
        root = v;
        continue;
      }
      if (ops.size() == 64)
        return false;
      ops.insert(def);
      llvm::append_range(work, def->getOperands());
    }
    if (!root || ops.empty() ||
        getElementTypeOrSelf(root.getType()).getIntOrFloatBitWidth() >=
            getElementTypeOrSelf(convert.getType()).getIntOrFloatBitWidth())
      return false;
    for (Operation *op : ops)
      for (Operation *user : op->getUsers())
        if (user != convert.getOperation() && !ops.contains(user))
          return false;
    chain.assign(ops.begin(), ops.end());
    llvm::sort(chain, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
    return true;
  }

  /// As Triton decomposes the conversions of decoded dot operands: an operand
  /// computed elementwise from a narrower tile (fp8 bytes that
  /// tilec-upcast-fp8-dots decodes to f16) is converted to its dot-operand
  /// layout as that tile, and the elementwise ops run on the values read in
  /// the operand layout, right before the dot. Shared memory then holds (and
  /// tilec-pipeline-loops copies) the narrow elements, and the wide ones live
  /// only next to the MMA. mma.sync and MFMA operands, which the dots read
  /// from registers; wgmma reads its operands from shared memory.
  void sinkOperandDecodes() {
    SmallVector<tile::ConvertLayoutOp> converts;
    kernel.walk([&](tile::ConvertLayoutOp convert) {
      auto operand = dyn_cast<tile::DotOperandEncodingAttr>(layoutOf(convert.getResult()));
      auto parent = operand ? dyn_cast<tile::MmaEncodingAttr>(operand.getParent()) : nullptr;
      if (operand && !(parent && parent.getVersion() == 3))
        converts.push_back(convert);
    });
    for (tile::ConvertLayoutOp convert : converts) {
      SmallVector<Operation *> chain;
      Value root;
      if (!narrowElementwiseSource(convert, chain, root))
        continue;
      Attribute layout = layoutOf(convert.getResult());
      OpBuilder b(convert);
      IRMapping map;
      map.map(root, tile::ConvertLayoutOp::create(
                        b, convert.getLoc(), tile::withEncoding(root.getType(), layout), root));
      // Splat constants and splats are recomputed in the layout.
      for (Operation *op : chain)
        for (Value operand : op->getOperands())
          if (isTile(operand) && operand != root && !map.contains(operand) &&
              !llvm::is_contained(chain, operand.getDefiningOp()))
            map.map(operand, rematerialize(operand, layout));
      for (Operation *op : chain) {
        Operation *clone = b.clone(*op, map);
        clone->getResult(0).setType(tile::withEncoding(op->getResult(0).getType(), layout));
      }
      convert.getResult().replaceAllUsesWith(map.lookup(convert.getSrc()));
      convert.erase();
    }
  }

  /// A tensor-core accumulator (`#tile.mma`, `#tile.mfma`) holds 1 or 2
  /// consecutive elements of a row per thread, so a store in its layout moves
  /// 2 to 8 bytes per access where the memory allows 16. As Triton's
  /// coalescing does, such a store takes the blocked layout that coalesces
  /// its pointers: the value goes through shared memory (one conversion,
  /// after the dot loop), the pointers and mask are recomputed in the layout.
  void coalesceAccumulatorStores() {
    AxisInfoAnalysis axisInfo;
    kernel.walk([&](tile::StoreOp store) {
      auto type = dyn_cast<RankedTensorType>(store.getValue().getType());
      if (!type || !isa_and_nonnull<tile::MmaEncodingAttr, tile::MfmaEncodingAttr>(
                       type.getEncoding()))
        return;
      int64_t vec = coalescedWidth(axisInfo, store.getPtr());
      if (Value mask = store.getMask(); mask && isTile(mask))
        vec = std::min<int64_t>(vec, axisInfo.get(mask).constancy[type.getRank() - 1]);
      if (vec <= getAccessVectorWidth(axisInfo, store.getPtr(), store.getMask()))
        return;
      Attribute layout = tile::getDefaultBlockedEncoding(kernel.getContext(), type.getShape(),
                                                         vec, warpSize, numWarps);
      for (OpOperand &operand : store->getOpOperands()) {
        if (!isTile(operand.get()))
          continue;
        Value remat = operand.get() == store.getValue() ? Value()
                                                        : rematerialize(operand.get(), layout);
        operand.set(remat ? remat : convertTo(operand.get(), layout, store));
      }
    });
  }

  void eraseDeadOps() {
    kernel.walk<WalkOrder::PostOrder, ReverseIterator>([](Operation *op) {
      if (op->getNumResults() && isOpTriviallyDead(op))
        op->erase();
    });
  }

  func::FuncOp kernel;
  unsigned numWarps, warpSize;
  const MmaPolicy &mma;
  const LoopPolicy &loops;
  /// Dots on tensor cores, and loop-carried accumulators that keep their layout.
  DenseMap<Operation *, Attribute> mmaDots;
  DenseMap<Value, Attribute> preferred;
  /// Loads read only as dot operands, with the layouts that coalesce them.
  DenseMap<Operation *, Attribute> operandLoads;
  /// Loop-carried accumulators of tf32x3 dots and the last dot of each split.
  SmallVector<std::pair<BlockArgument, tile::DotOp>> splitAccumulators;
  DenseMap<unsigned, Attribute> defaults;
  DenseMap<std::pair<Value, Attribute>, Value> rematerialized;
  /// Elements that conversions of costly values may still move while one
  /// conversion is being removed (convertLeaf).
  int64_t leafElements = 0;
};

struct AssignLayoutsPass : public tilec::impl::TilecAssignLayoutsBase<AssignLayoutsPass> {
  using Base::Base;

  /// Assigns layouts to a copy of `kernel` under `loops`; returns what its
  /// conversions cost, and the layouts its loops yield into `yielded`.
  double trial(func::FuncOp kernel, const MmaPolicy &mma, const LoopPolicy &loops,
               LoopLayouts *yielded = nullptr) {
    func::FuncOp copy = kernel.clone();
    LayoutAssigner(copy, numWarps, threadsPerWarp, mma, loops).run();
    double cost = LayoutAssigner::conversionCost(copy);
    if (yielded)
      *yielded = LayoutAssigner::yieldedLayouts(copy);
    copy.erase();
    return cost;
  }

  /// Loop-carried tiles: a trial run that lets elementwise ops follow their
  /// other operands tells in which layouts the loops compute what they carry
  /// (attention's running maximum and sum in the slice of the dot's layout,
  /// not the default); carrying those is kept when it leaves fewer elements
  /// to convert than carrying the layouts of the loops' initial values.
  LoopPolicy chooseLoopPolicy(func::FuncOp kernel, const MmaPolicy &mma) {
    LoopPolicy plain;
    bool hasLoop = false;
    kernel.walk([&](scf::ForOp) { hasLoop = true; });
    if (!hasLoop)
      return plain;
    LoopPolicy learn;
    learn.flexibleLoopArgs = true;
    LoopPolicy carried;
    trial(kernel, mma, learn, &carried.carried);
    if (carried.carried.empty())
      return plain;
    return trial(kernel, mma, carried) < trial(kernel, mma, plain) ? carried : plain;
  }

  void runOnOperation() override {
    if (numWarps == 0 || (numWarps & (numWarps - 1)) || threadsPerWarp == 0 ||
        (threadsPerWarp & (threadsPerWarp - 1))) {
      getOperation().emitError("num-warps and threads-per-warp must be powers of two");
      return signalPassFailure();
    }
    std::unique_ptr<TargetInfo> info;
    MmaPolicy mma;
    mma.numWarps = numWarps;
    mma.warpSize = threadsPerWarp;
    mma.wgmmaTransposedB = wgmmaTransposedB;
    if (tensorCores && !target.empty()) {
      info = createTargetInfo(target);
      if (!info) {
        getOperation().emitError() << "unknown target '" << target << "'";
        return signalPassFailure();
      }
      mma.target = info.get();
      mma.arch = arch.empty() ? info->getDefaultArch() : std::string(arch);
    }
    for (auto kernel : getOperation().getOps<func::FuncOp>()) {
      // Kernels already written per thread (e.g. built from the SIMT hooks
      // directly) are left as they are.
      if (kernel.isExternal() || kernel->hasAttr(kSIMTLoweredAttr))
        continue;
      if (failed(verifySIMTSupported(kernel)))
        return signalPassFailure();
      // fp8 dots that no fp8 tensor-core instruction takes were upcast to f16
      // by tilec-upcast-fp8-dots; the FMA path has no fp8 arithmetic.
      WalkResult fp8 = kernel.walk([&](tile::DotOp dot) {
        if (!dot.getAFp8() || mma.accumulatorLayout(dot))
          return WalkResult::advance();
        dot.emitOpError("with fp8 operands has no tensor-core layout here; run "
                        "tilec-upcast-fp8-dots first");
        return WalkResult::interrupt();
      });
      if (fp8.wasInterrupted())
        return signalPassFailure();
      LayoutAssigner(kernel, numWarps, threadsPerWarp, mma, chooseLoopPolicy(kernel, mma))
          .run();
      kernel->setAttr(kSIMTLoweredAttr, UnitAttr::get(kernel.getContext()));
    }
  }
};

} // namespace
