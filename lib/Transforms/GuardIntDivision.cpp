//===- GuardIntDivision.cpp - Integer division that never traps ---------===//
//
// `arith.divsi/divui/remsi/remui` by zero (and signed INT_MIN / -1) are
// undefined behaviour in LLVM and trap on x86. Triton leaves such results
// unspecified but never kills the process, so every division whose divisor is
// not a constant known to be safe gets a guarded divisor: 1 where it is zero
// (or where a signed division would overflow, which then yields the wrapped
// quotient INT_MIN and remainder 0, as two's complement arithmetic does).
//
//===----------------------------------------------------------------------===//
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

namespace tilec {
#define GEN_PASS_DEF_TILECGUARDINTDIVISION
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

/// A splat or scalar integer constant of `type`.
Value intConstant(OpBuilder &b, Location loc, Type type, const APInt &value) {
  TypedAttr attr = b.getIntegerAttr(getElementTypeOrSelf(type), value);
  if (auto shaped = dyn_cast<ShapedType>(type))
    attr = SplatElementsAttr::get(shaped, attr);
  return arith::ConstantOp::create(b, loc, type, attr);
}

/// True if `divisor` is a constant with no zero (and, for signed division,
/// no -1) element.
bool isSafeConstantDivisor(Value divisor, bool isSigned) {
  auto isSafe = [&](const APInt &v) { return !v.isZero() && !(isSigned && v.isAllOnes()); };
  APInt scalar;
  if (matchPattern(divisor, m_ConstantInt(&scalar)))
    return isSafe(scalar);
  DenseIntElementsAttr elements;
  if (matchPattern(divisor, m_Constant(&elements)))
    return llvm::all_of(elements.getValues<APInt>(), isSafe);
  return false;
}

/// Replaces the divisor of `op` (operands: dividend, divisor) by a guarded one.
void guardDivisor(Operation *op, bool isSigned) {
  Value dividend = op->getOperand(0), divisor = op->getOperand(1);
  if (isSafeConstantDivisor(divisor, isSigned))
    return;
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type type = divisor.getType();
  unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
  Value zero = intConstant(b, loc, type, APInt::getZero(width));
  Value one = intConstant(b, loc, type, APInt(width, 1));
  Value unsafe = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, divisor, zero);
  if (isSigned) {
    Value minusOne = intConstant(b, loc, type, APInt::getAllOnes(width));
    Value intMin = intConstant(b, loc, type, APInt::getSignedMinValue(width));
    Value overflow = arith::AndIOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, divisor, minusOne),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, dividend, intMin));
    unsafe = arith::OrIOp::create(b, loc, unsafe, overflow);
  }
  op->setOperand(1, arith::SelectOp::create(b, loc, unsafe, one, divisor));
}

struct TilecGuardIntDivisionPass
    : public tilec::impl::TilecGuardIntDivisionBase<TilecGuardIntDivisionPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (isa<arith::DivSIOp, arith::RemSIOp>(op))
        guardDivisor(op, /*isSigned=*/true);
      else if (isa<arith::DivUIOp, arith::RemUIOp>(op))
        guardDivisor(op, /*isSigned=*/false);
    });
  }
};

} // namespace
