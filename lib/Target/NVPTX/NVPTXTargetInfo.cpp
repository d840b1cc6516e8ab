//===- NVPTXTargetInfo.cpp - Kernel ABI and program identity on NVIDIA GPUs ===//
#include "../Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/IR/Function.h"

using namespace mlir;

namespace tilec {
namespace {

class NVPTXTargetInfo : public TargetInfo {
public:
  TargetKind getKind() const override { return TargetKind::NVPTX; }
  std::string getTriple(llvm::StringRef) const override { return "nvptx64-nvidia-cuda"; }
  std::string getDefaultArch() const override { return "sm_80"; }
  bool isValidArch(llvm::StringRef arch) const override {
    unsigned version;
    llvm::StringRef rest = arch;
    if (!rest.consume_front("sm_"))
      return false;
    rest.consume_back("a");
    return !rest.getAsInteger(10, version) && version >= 50;
  }

  void prepareKernel(func::FuncOp kernel) const override {
    // Kernels stay public; they become kernel entries in markLLVMKernel.
    (void)kernel;
  }
  Value getProgramId(OpBuilder &b, Location loc, func::FuncOp, int axis) const override {
    return detail::createPerAxis<NVVM::BlockIdXOp, NVVM::BlockIdYOp, NVVM::BlockIdZOp>(b, loc,
                                                                                      axis);
  }
  Value getNumPrograms(OpBuilder &b, Location loc, func::FuncOp, int axis) const override {
    return detail::createPerAxis<NVVM::GridDimXOp, NVVM::GridDimYOp, NVVM::GridDimZOp>(b, loc,
                                                                                      axis);
  }
  void finalizeKernel(ModuleOp, func::FuncOp kernel) const override {
    if (!kernel->hasAttr(kSIMTLoweredAttr))
      detail::runOnFirstThreadOnly(kernel, [](OpBuilder &b, Location loc) -> Value {
        return NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
      });
  }
  void markLLVMKernel(llvm::Function *fn, unsigned threadsPerBlock) const override {
    if (!fn)
      return;
    fn->setCallingConv(llvm::CallingConv::PTX_Kernel);
    // PTX .reqntid: ptxas allocates registers for exactly this block size.
    fn->addFnAttr("nvvm.reqntid", std::to_string(threadsPerBlock));
  }

  unsigned getWarpSize(llvm::StringRef) const override { return 32; }
  Value getThreadId(OpBuilder &b, Location loc, func::FuncOp) const override {
    return NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  }
  void barrier(OpBuilder &b, Location loc, func::FuncOp) const override {
    NVVM::Barrier0Op::create(b, loc);
  }
  Value shuffleXor(OpBuilder &b, Location loc, func::FuncOp, Value value,
                   int laneMask) const override {
    return shuffle(b, loc, value, arith::ConstantIntOp::create(b, loc, laneMask, 32),
                   NVVM::ShflKind::bfly);
  }
  Value shuffleIdx(OpBuilder &b, Location loc, func::FuncOp, Value value,
                   Value srcLane) const override {
    return shuffle(b, loc, value, srcLane, NVVM::ShflKind::idx);
  }
  unsigned getSharedAddressSpace() const override { return 3; }
  unsigned getGlobalAddressSpace() const override { return 1; }
  Value getSharedMemoryBase(OpBuilder &b, Location loc, func::FuncOp kernel) const override {
    return detail::getGlobalSharedMemoryBase(b, loc, kernel, getSharedAddressSpace());
  }
  void setSharedMemorySize(func::FuncOp kernel, uint64_t bytes) const override {
    detail::setGlobalSharedMemorySize(kernel, bytes);
  }

  /// mma.sync.aligned.m16n8k16 with f32 accumulators: sm_80 and later.
  bool hasMmaM16N8K16(llvm::StringRef arch, Type operand, Type acc) const override {
    unsigned version;
    llvm::StringRef rest = arch;
    if (!rest.consume_front("sm_"))
      return false;
    rest.consume_back("a");
    return !rest.getAsInteger(10, version) && version >= 80 &&
           detail::isMmaM16N8K16F32(operand, acc);
  }
  /// `nvvm.mma.sync`: f16 fragments travel as `vector<2xf16>` pairs, bf16
  /// ones as the i32 holding a pair.
  Value mmaM16N8K16(OpBuilder &b, Location loc, func::FuncOp, Value a, Value bOperand,
                    Value c) const override {
    Type elem = cast<VectorType>(a.getType()).getElementType();
    auto pairs = [&](Value fragments, int64_t count) {
      SmallVector<Value> result;
      for (int64_t i = 0; i < count; ++i) {
        Value pair = vector::ExtractStridedSliceOp::create(
            b, loc, fragments, ArrayRef<int64_t>{2 * i}, ArrayRef<int64_t>{2},
            ArrayRef<int64_t>{1});
        if (elem.isBF16())
          pair = LLVM::BitcastOp::create(b, loc, b.getI32Type(), pair);
        result.push_back(pair);
      }
      return result;
    };
    SmallVector<Value> accs;
    for (int64_t i = 0; i < 4; ++i)
      accs.push_back(vector::ExtractOp::create(b, loc, c, i));
    Type f32 = b.getF32Type();
    auto resultType = LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
    NVVM::MMATypes ptxType = elem.isBF16() ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
    Value d = NVVM::MmaOp::create(
        b, loc, resultType, pairs(a, 4), pairs(bOperand, 2), accs, ArrayRef<int64_t>{16, 8, 16},
        std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row, NVVM::MMALayout::col});
    Value result = LLVM::UndefOp::create(b, loc, c.getType());
    for (int64_t i = 0; i < 4; ++i)
      result = vector::InsertOp::create(b, loc, LLVM::ExtractValueOp::create(b, loc, d, i),
                                        result, i);
    return result;
  }

private:
  static Value shuffle(OpBuilder &b, Location loc, Value value, Value lane,
                       NVVM::ShflKind kind) {
    Value all = arith::ConstantIntOp::create(b, loc, -1, 32);
    Value clamp = arith::ConstantIntOp::create(b, loc, 0x1f, 32);
    return NVVM::ShflOp::create(b, loc, value.getType(), all, value, lane, clamp, kind,
                                UnitAttr());
  }
};

} // namespace

std::unique_ptr<TargetInfo> createNVPTXTargetInfo() {
  return std::make_unique<NVPTXTargetInfo>();
}

} // namespace tilec
