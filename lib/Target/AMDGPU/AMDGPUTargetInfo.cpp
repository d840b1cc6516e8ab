//===- AMDGPUTargetInfo.cpp - Kernel ABI and program identity on AMD GPUs --===//
//
// Grid sizes come from the HSA dispatch packet rather than ockl, whose device
// library is not available with Debian's LLVM.
//
//===----------------------------------------------------------------------===//
#include "../Targets.h"
#include "AMDGPUMfma.h"

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
  std::string getArchSyntax() const override { return "gfxNNN, e.g. gfx942"; }
  bool isValidArch(llvm::StringRef arch) const override {
    return arch.starts_with("gfx") && arch.size() > 3 &&
           arch.drop_front(3).find_first_not_of("0123456789abcdef") == llvm::StringRef::npos;
  }

  LLVMProcessor getLLVMProcessor(llvm::StringRef arch) const override { return {arch.str(), ""}; }
  llvm::StringRef getRuntimeDriver() const override { return "hip"; }
  ModulePayload getModulePayload() const override { return ModulePayload::HSACO; }

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
  Value getGlobalTimer(OpBuilder &b, Location loc, func::FuncOp) const override {
    // The 100 MHz real-time counter: s_memrealtime, or s_sendmsg_rtn_b64 REALTIME
    // from gfx11 on (LLVM's llvm.readsteadycounter picks one), in 10 ns ticks.
    Type i64 = b.getI64Type();
    Value ticks = LLVM::CallIntrinsicOp::create(
                      b, loc, i64, b.getStringAttr("llvm.readsteadycounter"), ValueRange{})
                      .getResult(0);
    Value nsPerTick = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(10));
    return LLVM::MulOp::create(b, loc, ticks, nsPerTick);
  }
  void finalizeKernel(ModuleOp, func::FuncOp) const override {}
  void markLLVMKernel(llvm::Function *fn, llvm::StringRef arch,
                      unsigned threadsPerBlock) const override {
    if (!fn)
      return;
    fn->setCallingConv(llvm::CallingConv::AMDGPU_KERNEL);
    std::string size = std::to_string(threadsPerBlock);
    fn->addFnAttr("amdgpu-flat-work-group-size", size + "," + size);
    // CDNA3 (gfx94x, gfx950) can preload kernel arguments into SGPRs before the
    // first instruction (`inreg` asks for it; the back end preloads what fits
    // in the user SGPRs and loads the rest, and it emits the prologue that
    // firmware without preloading runs instead), as Triton does there. The
    // arguments are then ready with no s_load, which also frees the
    // scheduler from waiting on them: vadd's 8-warp kernel needs 6 VGPRs, not 10.
    if (amdgpu::isCDNA3(arch))
      for (llvm::Argument &arg : fn->args())
        arg.addAttr(llvm::Attribute::InReg);
  }

  /// v_exp_f32 and v_log_f32 with the back end's range scaling, as ocml's
  /// exp/log compile to.
  bool lowersExpLogNatively() const override { return true; }
  bool computesExpAsExp2() const override { return true; }
  /// Scalar arithmetic: a vector fdiv of 8 lanes, split by the back end in one
  /// DAG, runs its 8 divisions interleaved (softmax-4096 at 8 warps: 53 VGPRs,
  /// 24 when split before codegen; Triton's IR is scalar: 22).
  bool scalarizesBeforeCodegen() const override { return true; }
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
  /// Butterfly steps take no address register where an immediate pattern
  /// exists, as in Triton's AMD reductions: xor 1 and 2 stay inside a quad
  /// (DPP quad_perm, a VALU operand modifier), xor 4 to 16 inside 32 lanes
  /// (ds_swizzle in bit mode); only xor 32 permutes through a lane address.
  Value shuffleXor(OpBuilder &b, Location loc, func::FuncOp kernel, Value value,
                   int laneMask) const override {
    if (laneMask == 1 || laneMask == 2) {
      // quad_perm selectors, two bits per lane of the quad: [1,0,3,2] and [2,3,0,1].
      // Every source lane exists, so bound_ctrl changes nothing but lets LLVM's
      // DPP combiner fold the move into its user (v_add_f32_dpp).
      int32_t quadPerm = laneMask == 1 ? 0xB1 : 0x4E;
      return ROCDL::DPPUpdateOp::create(b, loc, value.getType(), value, value, quadPerm,
                                        /*rowMask=*/0xF, /*bankMask=*/0xF,
                                        /*boundCtrl=*/true);
    }
    if (laneMask > 0 && laneMask < 32) {
      // Bit mode: source lane = ((lane & and_mask) | or_mask) ^ xor_mask within 32 lanes.
      int32_t pattern = 0x1F | (laneMask << 10);
      Value offset = arith::ConstantIntOp::create(b, loc, pattern, 32);
      return ROCDL::DsSwizzleOp::create(b, loc, b.getI32Type(), value, offset);
    }
    Value lane = getThreadId(b, loc, kernel);
    Value mask = arith::ConstantIntOp::create(b, loc, laneMask, 32);
    return permute(b, loc, value, arith::XOrIOp::create(b, loc, lane, mask));
  }
  Value shuffleIdx(OpBuilder &b, Location loc, func::FuncOp, Value value,
                   Value srcLane) const override {
    return permute(b, loc, value, srcLane);
  }
  /// LDS per workgroup: 64 KiB on CDNA and RDNA (gfx950's 160 KiB is not used).
  uint64_t getSharedMemoryLimit(llvm::StringRef) const override { return 64 * 1024; }
  unsigned getSharedAddressSpace() const override { return 3; }
  StringRef getAtomicSyncScope(AtomicScope scope) const override {
    // LLVM's AMDGPU scopes: "workgroup" (a program), "agent" (the device), "" (the system).
    switch (scope) {
    case AtomicScope::Program:
      return "workgroup";
    case AtomicScope::Device:
      return "agent";
    case AtomicScope::System:
      return "";
    }
    llvm_unreachable("unknown atomic scope");
  }
  unsigned getGlobalAddressSpace() const override { return 1; }
  unsigned getStackAddressSpace() const override { return 5; }

  /// Branch-free: a masked-off thread loads from a 16-byte slot of the module
  /// instead of `ptr`, and selects `fallback`. The loads of a tile then issue
  /// back to back, as buffer loads with out-of-range offsets do in Triton,
  /// instead of one branch (and one set of live registers) per access.
  Value maskedLoadGlobal(OpBuilder &b, Location loc, Type type, Value ptr, Value enabled,
                         Value fallback, unsigned alignment) const override {
    if (alignment > kMaskedLoadSlotBytes)
      return TargetInfo::maskedLoadGlobal(b, loc, type, ptr, enabled, fallback, alignment);
    Value slot = maskedLoadSlot(b, loc, ptr);
    Value address = LLVM::SelectOp::create(b, loc, enabled, ptr, slot);
    Value loaded = LLVM::LoadOp::create(b, loc, type, address, alignment);
    return LLVM::SelectOp::create(b, loc, enabled, loaded, fallback);
  }

  /// Device printing on AMD goes through the hostcall buffer of ROCm's ockl,
  /// which is not available with Debian's LLVM: refused (docs/gpu.md).
  LogicalResult emitPrintf(OpBuilder &, Location loc, Value, ValueRange) const override {
    return emitError(loc, "tl.device_print is not supported on AMD GPUs by tilec: printing "
                          "needs ROCm's device library (ockl hostcalls), which tilec does not "
                          "link; print on --target cpu or simt instead");
  }
  /// Without ockl's hostcalls a failed assertion cannot report its message: it
  /// traps (`s_trap`), and the launch fails (docs/gpu.md).
  LogicalResult emitAssertFailure(OpBuilder &b, Location loc, func::FuncOp, StringRef,
                                  StringRef, unsigned) const override {
    LLVM::Trap::create(b, loc);
    return success();
  }

  /// v_mfma_f32_32x32x8 and 16x16x16 (f16, bf16_1k) on CDNA2 and CDNA3
  /// (AMDGPUMfma.cpp).
  bool hasMfma(llvm::StringRef arch, unsigned nonK, Type operand, Type acc) const override {
    return amdgpu::hasMfma(arch, nonK, operand, acc);
  }
  Value mfma(OpBuilder &b, Location loc, func::FuncOp, unsigned nonK, Value a, Value bOperand,
             Value c) const override {
    return amdgpu::buildMfma(b, loc, nonK, a, bOperand, c);
  }
  /// v_mfma_f32_32x32x16 and 16x16x32 with fp8/bf8 (e4m3fnuz/e5m2fnuz)
  /// operands on gfx940-gfx942 (AMDGPUMfma.cpp).
  bool hasFP8Mfma(llvm::StringRef arch, unsigned nonK, llvm::StringRef a,
                  llvm::StringRef b) const override {
    return amdgpu::hasFP8Mfma(arch, nonK, a, b);
  }
  Value fp8Mfma(OpBuilder &b, Location loc, func::FuncOp, unsigned nonK, llvm::StringRef aFormat,
                llvm::StringRef bFormat, Value a, Value bOperand, Value c) const override {
    return amdgpu::buildFP8Mfma(b, loc, nonK, aFormat, bFormat, a, bOperand, c);
  }

private:
  static constexpr unsigned kMaskedLoadSlotBytes = 16;

  /// Address of `__tilec_masked_load_slot`, zero-filled global memory that
  /// masked-off loads read (no vector access is wider than 16 bytes).
  static Value maskedLoadSlot(OpBuilder &b, Location loc, Value like) {
    auto module = b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
    constexpr llvm::StringLiteral name = "__tilec_masked_load_slot";
    auto ptrType = cast<LLVM::LLVMPointerType>(like.getType());
    if (!module.lookupSymbol<LLVM::GlobalOp>(name)) {
      OpBuilder mb(module.getBodyRegion());
      mb.setInsertionPointToStart(module.getBody());
      auto type = LLVM::LLVMArrayType::get(b.getI8Type(), kMaskedLoadSlotBytes);
      LLVM::GlobalOp::create(mb, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal, name,
                             mb.getStringAttr(std::string(kMaskedLoadSlotBytes, '\0')),
                             /*alignment=*/kMaskedLoadSlotBytes,
                             ptrType.getAddressSpace());
    }
    return LLVM::AddressOfOp::create(b, loc, ptrType, name);
  }

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
