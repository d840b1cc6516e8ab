//===- SoftFloat.cpp - In-module fp64 -> fp16/bf16 truncation helpers -----===//
//
// x86 has no instruction that rounds an f64 to f16 or bf16, so LLVM lowers
// such truncations (explicit casts, and f16 arithmetic it promotes to f64,
// such as fma) to the compiler-rt calls __truncdfhf2 / __truncdfbf2. tilec's
// shared objects link nothing else, so these are defined here, hidden, in the
// module itself: round to fp32 with round-to-odd, then to the 16-bit type.
// fp32 keeps 13 more bits than fp16 and 16 more than bf16, so the two steps
// round exactly like one round-to-nearest-even step.
//
//===----------------------------------------------------------------------===//
#include "Codegen.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

namespace tilec::detail {
namespace {

/// Defines `name(double) -> half` returning `x` rounded to nearest even.
void defineTruncFromDouble(llvm::Module &module, llvm::StringRef name, llvm::Type *halfType) {
  if (module.getFunction(name))
    return;
  llvm::LLVMContext &ctx = module.getContext();
  llvm::Type *f64 = llvm::Type::getDoubleTy(ctx), *f32 = llvm::Type::getFloatTy(ctx),
             *i32 = llvm::Type::getInt32Ty(ctx);
  auto *fn = llvm::Function::Create(llvm::FunctionType::get(halfType, {f64}, false),
                                    llvm::GlobalValue::ExternalLinkage, name, module);
  fn->setVisibility(llvm::GlobalValue::HiddenVisibility);
  fn->setDoesNotThrow();
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", fn));
  llvm::Value *x = fn->getArg(0);
  // Round to odd: truncate toward zero, then set the last bit if inexact.
  llvm::Value *nearest = b.CreateFPTrunc(x, f32);
  llvm::Value *back = b.CreateFPExt(nearest, f64);
  llvm::Value *inexact = b.CreateFCmpUNE(back, x); // also true for NaN
  llvm::Value *roundedAway = b.CreateFCmpOGT(
      b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, back),
      b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x));
  llvm::Value *bits = b.CreateBitCast(nearest, i32);
  llvm::Value *towardZero = b.CreateSub(bits, b.CreateZExt(roundedAway, i32));
  llvm::Value *odd = b.CreateOr(towardZero, b.getInt32(1));
  llvm::Value *f32Odd = b.CreateBitCast(b.CreateSelect(inexact, odd, bits), f32);
  b.CreateRet(b.CreateFPTrunc(f32Odd, halfType));
  llvm::appendToCompilerUsed(module, {fn});
}

/// `__truncsfbf2` (f32 -> bf16, round to nearest even, NaNs stay quiet NaNs)
/// in integer arithmetic: LLVM calls it for scalar conversions, and libgcc
/// before GCC 13 does not have it.
void defineTruncFloatToBFloat(llvm::Module &module) {
  llvm::StringRef name = "__truncsfbf2";
  if (llvm::Function *existing = module.getFunction(name); existing && !existing->isDeclaration())
    return;
  llvm::LLVMContext &ctx = module.getContext();
  llvm::Type *f32 = llvm::Type::getFloatTy(ctx), *bf16 = llvm::Type::getBFloatTy(ctx),
             *i32 = llvm::Type::getInt32Ty(ctx), *i16 = llvm::Type::getInt16Ty(ctx);
  llvm::Function *fn = module.getFunction(name);
  if (!fn)
    fn = llvm::Function::Create(llvm::FunctionType::get(bf16, {f32}, false),
                                llvm::GlobalValue::ExternalLinkage, name, module);
  fn->setLinkage(llvm::GlobalValue::ExternalLinkage);
  fn->setVisibility(llvm::GlobalValue::HiddenVisibility);
  fn->setDoesNotThrow();
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", fn));
  llvm::Value *x = fn->getArg(0);
  llvm::Value *bits = b.CreateBitCast(x, i32);
  // bits + 0x7fff + (bit 16 of bits): rounds to nearest, ties to even.
  llvm::Value *lsb = b.CreateAnd(b.CreateLShr(bits, 16), b.getInt32(1));
  llvm::Value *rounded = b.CreateAdd(b.CreateAdd(bits, b.getInt32(0x7fff)), lsb);
  llvm::Value *quietNaN = b.CreateOr(b.CreateLShr(bits, 16), b.getInt32(0x40));
  llvm::Value *isNaN = b.CreateFCmpUNO(x, x);
  llvm::Value *high = b.CreateSelect(isNaN, quietNaN, b.CreateLShr(rounded, 16));
  b.CreateRet(b.CreateBitCast(b.CreateTrunc(high, i16), bf16));
  llvm::appendToCompilerUsed(module, {fn});
}

} // namespace

void defineSoftFloatHelpers(llvm::Module &module) {
  if (!module.getTargetTriple().isX86())
    return;
  defineTruncFromDouble(module, "__truncdfhf2", llvm::Type::getHalfTy(module.getContext()));
  defineTruncFromDouble(module, "__truncdfbf2", llvm::Type::getBFloatTy(module.getContext()));
  defineTruncFloatToBFloat(module);
}

} // namespace tilec::detail
