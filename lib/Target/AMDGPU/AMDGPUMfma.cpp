//===- AMDGPUMfma.cpp - AMD matrix cores (MFMA) for tile.dot on CDNA2/CDNA3 ===//
//
// v_mfma_f32_32x32x8 and v_mfma_f32_16x16x16 (f16 and bf16_1k),
// v_mfma_f32_32x32x2f32 and 16x16x4f32, v_mfma_i32_32x32x16_i8 and
// 16x16x32_i8, and CDNA3's fp8/bf8 v_mfma_f32_32x32x16 and 16x16x32 through
// the upstream rocdl.mfma ops, for the AMDGPU TargetInfo.
//
//===----------------------------------------------------------------------===//
#include "AMDGPUMfma.h"

#include "../Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec::amdgpu {

bool isCDNA3(llvm::StringRef arch) {
  return arch == "gfx940" || arch == "gfx941" || arch == "gfx942" || arch == "gfx950";
}

bool hasMfma(llvm::StringRef arch, unsigned nonK, Type operand, Type acc) {
  // CDNA2 (gfx90a) and CDNA3 (gfx940-gfx942, gfx950) have the f16, bf16_1k
  // and f32 forms; the i8 forms with 8 elements per lane are CDNA3's (gfx90a
  // has 32x32x8i8 instead, left to the FMA path). gfx908 lacks the _1k bf16
  // forms and is left to the FMA path.
  if (!isCDNA3(arch) && (arch != "gfx90a" || operand.isInteger(8)))
    return false;
  return detail::isMfmaType(nonK, operand, acc);
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
  if (elem.isF32()) {
    // One f32 per lane.
    SmallVector<Value> args{vector::ExtractOp::create(b, loc, a, 0),
                            vector::ExtractOp::create(b, loc, bOperand, 0), c, cbsz, abid, blgp};
    if (nonK == 16)
      return ROCDL::mfma_f32_16x16x4f32::create(b, loc, c.getType(), args);
    return ROCDL::mfma_f32_32x32x2f32::create(b, loc, c.getType(), args);
  }
  if (elem.isInteger(8)) {
    // Eight i8 per lane, as one i64 (the lowest K in the low byte).
    Type i64 = b.getI64Type();
    SmallVector<Value> args{LLVM::BitcastOp::create(b, loc, i64, a),
                            LLVM::BitcastOp::create(b, loc, i64, bOperand), c, cbsz, abid, blgp};
    if (nonK == 16)
      return ROCDL::mfma_i32_16x16x32_i8::create(b, loc, c.getType(), args);
    return ROCDL::mfma_i32_32x32x16_i8::create(b, loc, c.getType(), args);
  }
  SmallVector<Value> args{a, bOperand, c, cbsz, abid, blgp};
  if (nonK == 16)
    return ROCDL::mfma_f32_16x16x16f16::create(b, loc, c.getType(), args);
  return ROCDL::mfma_f32_32x32x8f16::create(b, loc, c.getType(), args);
}

bool hasFP8Mfma(llvm::StringRef arch, unsigned nonK, llvm::StringRef aFormat,
                llvm::StringRef bFormat) {
  bool fnuzFP8 = arch == "gfx940" || arch == "gfx941" || arch == "gfx942";
  return fnuzFP8 && (nonK == 32 || nonK == 16) && detail::isMfmaFP8Format(aFormat) &&
         detail::isMfmaFP8Format(bFormat);
}

Value buildFP8Mfma(OpBuilder &b, Location loc, unsigned nonK, llvm::StringRef aFormat,
                   llvm::StringRef bFormat, Value a, Value bOperand, Value c) {
  // Eight fp8 bytes per lane, as one i64 (the lowest K in the low byte), as
  // for i8; the instruction's name gives the formats (bf8: e5m2fnuz).
  Type i64 = b.getI64Type();
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value aBits = LLVM::BitcastOp::create(b, loc, i64, a);
  Value bBits = LLVM::BitcastOp::create(b, loc, i64, bOperand);
  SmallVector<Value> args{aBits, bBits, c, zero, zero, zero};
  Type type = c.getType();
  bool aBf8 = aFormat == "fp8e5b16", bBf8 = bFormat == "fp8e5b16";
  if (nonK == 16) {
    if (aBf8)
      return bBf8 ? ROCDL::mfma_f32_16x16x32_bf8_bf8::create(b, loc, type, args).getResult()
                  : ROCDL::mfma_f32_16x16x32_bf8_fp8::create(b, loc, type, args).getResult();
    return bBf8 ? ROCDL::mfma_f32_16x16x32_fp8_bf8::create(b, loc, type, args).getResult()
                : ROCDL::mfma_f32_16x16x32_fp8_fp8::create(b, loc, type, args).getResult();
  }
  if (aBf8)
    return bBf8 ? ROCDL::mfma_f32_32x32x16_bf8_bf8::create(b, loc, type, args).getResult()
                : ROCDL::mfma_f32_32x32x16_bf8_fp8::create(b, loc, type, args).getResult();
  return bBf8 ? ROCDL::mfma_f32_32x32x16_fp8_bf8::create(b, loc, type, args).getResult()
              : ROCDL::mfma_f32_32x32x16_fp8_fp8::create(b, loc, type, args).getResult();
}

} // namespace tilec::amdgpu
