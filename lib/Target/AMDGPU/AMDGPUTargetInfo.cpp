//===- AMDGPUTargetInfo.cpp - Kernel ABI and program identity on AMD GPUs --===//
//
// Grid sizes come from the HSA dispatch packet rather than ockl, whose device
// library is not available with Debian's LLVM.
//
//===----------------------------------------------------------------------===//
#include "../Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

#include "llvm/IR/Function.h"

using namespace mlir;

namespace tilec {
namespace {

/// Byte offsets in hsa_kernel_dispatch_packet_t.
constexpr int32_t kWorkgroupSizeXOffset = 4; // u16 workgroup_size_{x,y,z}
constexpr int32_t kGridSizeXOffset = 12;     // u32 grid_size_{x,y,z}

class AMDGPUTargetInfo : public TargetInfo {
public:
  TargetKind getKind() const override { return TargetKind::AMDGPU; }
  std::string getTriple(llvm::StringRef) const override { return "amdgcn-amd-amdhsa"; }
  std::string getDefaultArch() const override { return "gfx942"; }
  bool isValidArch(llvm::StringRef arch) const override {
    return arch.starts_with("gfx") && arch.size() > 3 &&
           arch.drop_front(3).find_first_not_of("0123456789abcdef") == llvm::StringRef::npos;
  }

  void prepareKernel(func::FuncOp kernel) const override {
    // Kernels stay public; they become kernel entries in markLLVMKernel.
    (void)kernel;
  }
  Value getProgramId(OpBuilder &b, Location loc, func::FuncOp, int axis) const override {
    return detail::createPerAxis<ROCDL::BlockIdXOp, ROCDL::BlockIdYOp, ROCDL::BlockIdZOp>(
        b, loc, axis);
  }
  Value getNumPrograms(OpBuilder &b, Location loc, func::FuncOp, int axis) const override {
    MLIRContext *ctx = b.getContext();
    Type constPtr = LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/4);
    Type i8 = b.getI8Type(), i16 = b.getI16Type(), i32 = b.getI32Type();
    Value packet = LLVM::CallIntrinsicOp::create(b, loc, constPtr,
                                                 b.getStringAttr("llvm.amdgcn.dispatch.ptr"),
                                                 ValueRange{})
                       .getResult(0);
    auto field = [&](int32_t offset, Type type) -> Value {
      Value addr = LLVM::GEPOp::create(b, loc, constPtr, i8, packet,
                                       ArrayRef<LLVM::GEPArg>{offset});
      return LLVM::LoadOp::create(b, loc, type, addr);
    };
    Value gridItems = field(kGridSizeXOffset + 4 * axis, i32);
    Value groupItems = arith::ExtUIOp::create(
        b, loc, i32, field(kWorkgroupSizeXOffset + 2 * axis, i16));
    return arith::DivUIOp::create(b, loc, gridItems, groupItems);
  }
  void finalizeKernel(ModuleOp, func::FuncOp kernel) const override {
    detail::runOnFirstThreadOnly(kernel, [](OpBuilder &b, Location loc) -> Value {
      return ROCDL::ThreadIdXOp::create(b, loc, b.getI32Type());
    });
  }
  void markLLVMKernel(llvm::Function *fn) const override {
    if (fn)
      fn->setCallingConv(llvm::CallingConv::AMDGPU_KERNEL);
  }
  void barrier(OpBuilder &b, Location loc) const override { ROCDL::BarrierOp::create(b, loc); }
  Value shuffleXor(OpBuilder &b, Location loc, Value value, int laneMask) const override {
    // ds_bpermute takes a byte address: ((lane ^ mask) * 4).
    Type i32 = b.getI32Type();
    Value lane = ROCDL::ThreadIdXOp::create(b, loc, i32);
    Value mask = arith::ConstantIntOp::create(b, loc, laneMask, 32);
    Value four = arith::ConstantIntOp::create(b, loc, 4, 32);
    Value src = arith::MulIOp::create(b, loc, arith::XOrIOp::create(b, loc, lane, mask), four);
    Value bits = arith::BitcastOp::create(b, loc, i32, value);
    Value shuffled = ROCDL::DsBpermuteOp::create(b, loc, i32, src, bits);
    return arith::BitcastOp::create(b, loc, value.getType(), shuffled);
  }
  unsigned getWarpSize() const override { return 64; }
  unsigned getSharedAddressSpace() const override { return 3; }
};

} // namespace

std::unique_ptr<TargetInfo> createAMDGPUTargetInfo() {
  return std::make_unique<AMDGPUTargetInfo>();
}

} // namespace tilec
