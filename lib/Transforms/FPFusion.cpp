//===- FPFusion.cpp - Mark the program's float multiplies and adds contractible -===//
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tilec {
#define GEN_PASS_DEF_TILECFPFUSION
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

struct TilecFPFusionPass : public tilec::impl::TilecFPFusionBase<TilecFPFusionPass> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (!isa<arith::MulFOp, arith::AddFOp, arith::SubFOp>(op))
        return;
      auto fastMath = cast<arith::ArithFastMathInterface>(op);
      arith::FastMathFlags flags =
          fastMath.getFastMathFlagsAttr().getValue() | arith::FastMathFlags::contract;
      op->setAttr(fastMath.getFastMathAttrName(),
                  arith::FastMathFlagsAttr::get(op->getContext(), flags));
    });
  }
};

} // namespace
