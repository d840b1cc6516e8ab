//===- UpcastFP8Dots.cpp - fp8 dots without fp8 tensor cores become f16 dots ===//
//
// A tile.dot with fp8 operands keeps them where the target multiplies that
// pair of formats on its tensor cores and the dot's shape fits the
// instruction as tilec-assign-layouts places it; elsewhere its operands are
// decoded exactly to f16 (tile/FP8.h, the decoding of the frontend's casts)
// and it becomes an f16 dot with its f32 accumulator.
//
//===----------------------------------------------------------------------===//
#include "tilec/Dialect/Tile/FP8.h"
#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Target/TargetInfo.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/MathExtras.h"

namespace tilec {
#define GEN_PASS_DEF_TILECUPCASTFP8DOTS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec;

namespace {

struct TilecUpcastFP8DotsPass : public tilec::impl::TilecUpcastFP8DotsBase<TilecUpcastFP8DotsPass> {
  using TilecUpcastFP8DotsBase::TilecUpcastFP8DotsBase;

  /// Whether `dot` runs on an fp8 tensor-core instruction of `info`.
  bool onTensorCores(tile::DotOp dot, const TargetInfo &info, StringRef arch) const {
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto cType = cast<RankedTensorType>(dot.getAcc().getType());
    if (cType.getRank() != 2)
      return false;
    int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = aType.getDimSize(1);
    if (!llvm::isPowerOf2_64(m) || !llvm::isPowerOf2_64(n) || !llvm::isPowerOf2_64(k))
      return false;
    StringRef a = *dot.getAFp8(), b = *dot.getBFp8();
    if (threadsPerWarp == 32)
      return info.hasFP8MmaSync(arch, a, b) && m % 16 == 0 && n % 8 == 0 && k % 32 == 0;
    if (threadsPerWarp == 64)
      for (unsigned nonK : {32u, 16u})
        if (info.hasFP8Mfma(arch, nonK, a, b) && m % nonK == 0 && n % nonK == 0 &&
            k % (8 * (64 / nonK)) == 0)
          return true;
    return false;
  }

  /// Decodes the fp8 tile `bytes` of format `name` to f16 (exact).
  static Value toF16(OpBuilder &b, Location loc, Value bytes, StringRef name) {
    Value wide = tile::decodeFP8ToF32(b, loc, bytes, *tile::FP8Format::byName(name));
    auto type = cast<RankedTensorType>(bytes.getType()).clone(b.getF16Type());
    return arith::TruncFOp::create(b, loc, type, wide);
  }

  void runOnOperation() override {
    std::unique_ptr<TargetInfo> info;
    std::string targetArch = arch;
    if (tensorCores && !target.empty()) {
      info = createTargetInfo(target);
      if (!info) {
        getOperation().emitError() << "unknown target '" << target << "'";
        return signalPassFailure();
      }
      if (targetArch.empty())
        targetArch = info->getDefaultArch();
    }
    SmallVector<tile::DotOp> upcasts;
    getOperation().walk([&](tile::DotOp dot) {
      if (dot.getAFp8() && !(info && onTensorCores(dot, *info, targetArch)))
        upcasts.push_back(dot);
    });
    for (tile::DotOp dot : upcasts) {
      OpBuilder b(dot);
      Location loc = dot.getLoc();
      Value a = toF16(b, loc, dot.getA(), *dot.getAFp8());
      Value bOperand = toF16(b, loc, dot.getB(), *dot.getBFp8());
      Value result =
          tile::DotOp::create(b, loc, dot.getType(), a, bOperand, dot.getAcc(),
                              /*input_precision=*/StringAttr(), StringAttr(), StringAttr());
      dot.replaceAllUsesWith(result);
      dot.erase();
    }
  }
};

} // namespace
