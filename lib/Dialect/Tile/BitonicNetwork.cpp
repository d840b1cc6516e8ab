//===- BitonicNetwork.cpp - Triton's bitonic sorting network on tiles -----===//
#include "tilec/Dialect/Tile/BitonicNetwork.h"

#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace tilec::tile {

Value buildBitonicMerge(OpBuilder &b, Location loc, Value x, unsigned stage,
                        std::optional<bool> descending, bool isUnsigned) {
  auto type = cast<RankedTensorType>(x.getType());
  int64_t n = type.getShape().back();
  int64_t total = type.getNumElements();
  auto maskType = RankedTensorType::get(type.getShape(), b.getI1Type(), type.getEncoding());
  bool isFloat = isa<FloatType>(type.getElementType());
  arith::CmpIPredicate intGreater =
      isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
  Value cur = x;
  for (unsigned i = 0; i < stage; ++i) {
    unsigned bit = stage - 1 - i;
    SmallVector<int64_t> partner;
    SmallVector<bool> flipLane;
    for (int64_t flat = 0; flat < total; ++flat) {
      int64_t pos = flat % n;
      partner.push_back(flat ^ (int64_t(1) << bit));
      bool isRight = (pos >> bit) & 1;
      bool down = descending ? *descending : ((pos >> stage) & 1);
      flipLane.push_back(down != isRight);
    }
    Value other = ShuffleOp::create(b, loc, type, cur, cur, partner);
    Value greater;
    if (isFloat)
      greater = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, cur, other);
    else
      greater = arith::CmpIOp::create(b, loc, intGreater, cur, other);
    Value flip =
        arith::ConstantOp::create(b, loc, maskType, DenseElementsAttr::get(maskType, flipLane));
    // Ascending lanes on the left of their pair (flip = 0) take the partner
    // when greater; the flip mask inverts that for the other lanes.
    Value takeOther = arith::XOrIOp::create(b, loc, greater, flip);
    cur = arith::SelectOp::create(b, loc, takeOther, other, cur);
  }
  return cur;
}

Value buildBitonicSort(OpBuilder &b, Location loc, Value x, bool descending, bool isUnsigned) {
  auto type = cast<RankedTensorType>(x.getType());
  unsigned logN = llvm::Log2_64(type.getShape().back());
  Value cur = x;
  for (unsigned stage = 1; stage <= logN; ++stage)
    cur = buildBitonicMerge(b, loc, cur, stage,
                            stage < logN ? std::nullopt : std::optional<bool>(descending),
                            isUnsigned);
  return cur;
}

} // namespace tilec::tile
