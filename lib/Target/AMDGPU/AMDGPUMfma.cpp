//===- AMDGPUMfma.cpp - AMD matrix cores (MFMA) for tile.dot on CDNA2/CDNA3 ===//
//
// v_mfma_f32_32x32x8 and v_mfma_f32_16x16x16 (f16 and bf16_1k) through the
// upstream rocdl.mfma ops, for the AMDGPU TargetInfo.
//
//===----------------------------------------------------------------------===//
#include "AMDGPUMfma.h"

#include "../Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;

namespace tilec::amdgpu {

bool hasMfma(llvm::StringRef arch, unsigned nonK, Type operand, Type acc) {
  // CDNA2 (gfx90a) and CDNA3 (gfx940-gfx942, gfx950) have all four; gfx908
  // lacks the _1k bf16 forms and is left to the FMA path.
  bool cdna = arch == "gfx90a" || arch == "gfx940" || arch == "gfx941" || arch == "gfx942" ||
              arch == "gfx950";
  return cdna && detail::isMfmaF32(nonK, operand, acc);
}

Value buildMfma(OpBuilder &b, Location loc, unsigned nonK, Value a, Value bOperand, Value c) {
  Type elem = cast<VectorType>(a.getType()).getElementType();
  Value cbsz = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value abid = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value blgp = arith::ConstantIntOp::create(b, loc, 0, 32);
  if (elem.isBF16()) {
    // The _1k bf16 intrinsics take the bit patterns as i16s.
    auto bits = VectorType::get({4}, b.getI16Type());
    SmallVector<Value> args{LLVM::BitcastOp::create(b, loc, bits, a),
                            LLVM::BitcastOp::create(b, loc, bits, bOperand), c, cbsz, abid, blgp};
    if (nonK == 16)
      return ROCDL::mfma_f32_16x16x16bf16_1k::create(b, loc, c.getType(), args);
    return ROCDL::mfma_f32_32x32x8bf16_1k::create(b, loc, c.getType(), args);
  }
  SmallVector<Value> args{a, bOperand, c, cbsz, abid, blgp};
  if (nonK == 16)
    return ROCDL::mfma_f32_16x16x16f16::create(b, loc, c.getType(), args);
  return ROCDL::mfma_f32_32x32x8f16::create(b, loc, c.getType(), args);
}

} // namespace tilec::amdgpu
