//===- AMDGPUMfma.cpp - AMD matrix cores (MFMA) for tile.dot on CDNA2/CDNA3 ===//
//
// v_mfma_f32_32x32x8f16 and v_mfma_f32_32x32x8bf16_1k through the upstream
// rocdl.mfma ops, for the AMDGPU TargetInfo.
//
//===----------------------------------------------------------------------===//
#include "AMDGPUMfma.h"

#include "../Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;

namespace tilec::amdgpu {

bool hasMfma32x32x8(llvm::StringRef arch, Type operand, Type acc) {
  // CDNA2 (gfx90a) and CDNA3 (gfx940-gfx942, gfx950) have both instructions;
  // gfx908 lacks the _1k bf16 form and is left to the FMA path.
  bool cdna = arch == "gfx90a" || arch == "gfx940" || arch == "gfx941" || arch == "gfx942" ||
              arch == "gfx950";
  return cdna && detail::isMfma32x32x8F32(operand, acc);
}

Value buildMfma32x32x8(OpBuilder &b, Location loc, Value a, Value bOperand, Value c) {
  Type elem = cast<VectorType>(a.getType()).getElementType();
  Value cbsz = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value abid = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value blgp = arith::ConstantIntOp::create(b, loc, 0, 32);
  if (elem.isBF16()) {
    // The _1k bf16 intrinsic takes the bit patterns as i16s.
    auto bits = VectorType::get({4}, b.getI16Type());
    Value aBits = LLVM::BitcastOp::create(b, loc, bits, a);
    Value bBits = LLVM::BitcastOp::create(b, loc, bits, bOperand);
    return ROCDL::mfma_f32_32x32x8bf16_1k::create(b, loc, c.getType(),
                                                  ValueRange{aBits, bBits, c, cbsz, abid, blgp});
  }
  return ROCDL::mfma_f32_32x32x8f16::create(b, loc, c.getType(),
                                            ValueRange{a, bOperand, c, cbsz, abid, blgp});
}

} // namespace tilec::amdgpu
