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
    if (!kernel->hasAttr(kSIMTLoweredAttr))
      detail::runOnFirstThreadOnly(kernel, [](OpBuilder &b, Location loc) -> Value {
        return ROCDL::ThreadIdXOp::create(b, loc, b.getI32Type());
      });
  }
  void markLLVMKernel(llvm::Function *fn, unsigned threadsPerBlock) const override {
    if (!fn)
      return;
    fn->setCallingConv(llvm::CallingConv::AMDGPU_KERNEL);
    std::string size = std::to_string(threadsPerBlock);
    fn->addFnAttr("amdgpu-flat-work-group-size", size + "," + size);
  }

  /// gfx10 and gfx11 run wave32, as Triton compiles for them; CDNA runs wave64.
  unsigned getWarpSize(llvm::StringRef arch) const override {
    return arch.starts_with("gfx10") || arch.starts_with("gfx11") || arch.starts_with("gfx12")
               ? 32
               : 64;
  }
  Value getThreadId(OpBuilder &b, Location loc, func::FuncOp) const override {
    return ROCDL::ThreadIdXOp::create(b, loc, b.getI32Type());
  }
  void barrier(OpBuilder &b, Location loc, func::FuncOp) const override {
    ROCDL::BarrierOp::create(b, loc);
  }
  Value shuffleXor(OpBuilder &b, Location loc, func::FuncOp kernel, Value value,
                   int laneMask) const override {
    Value lane = getThreadId(b, loc, kernel);
    Value mask = arith::ConstantIntOp::create(b, loc, laneMask, 32);
    return permute(b, loc, value, arith::XOrIOp::create(b, loc, lane, mask));
  }
  Value shuffleIdx(OpBuilder &b, Location loc, func::FuncOp, Value value,
                   Value srcLane) const override {
    return permute(b, loc, value, srcLane);
  }
  unsigned getSharedAddressSpace() const override { return 3; }
  unsigned getGlobalAddressSpace() const override { return 1; }
  Value getSharedMemoryBase(OpBuilder &b, Location loc, func::FuncOp kernel) const override {
    return detail::getGlobalSharedMemoryBase(b, loc, kernel, getSharedAddressSpace());
  }
  void setSharedMemorySize(func::FuncOp kernel, uint64_t bytes) const override {
    detail::setGlobalSharedMemorySize(kernel, bytes);
  }

private:
  /// ds_bpermute: reads lane (address / 4) mod wave size.
  static Value permute(OpBuilder &b, Location loc, Value value, Value srcLane) {
    Type i32 = b.getI32Type();
    Value four = arith::ConstantIntOp::create(b, loc, 4, 32);
    Value address = arith::MulIOp::create(b, loc, srcLane, four);
    Value bits = arith::BitcastOp::create(b, loc, i32, value);
    Value shuffled = ROCDL::DsBpermuteOp::create(b, loc, i32, address, bits);
    return arith::BitcastOp::create(b, loc, value.getType(), shuffled);
  }
};

} // namespace

std::unique_ptr<TargetInfo> createAMDGPUTargetInfo() {
  return std::make_unique<AMDGPUTargetInfo>();
}

} // namespace tilec
