//===- SIMTTargetInfo.cpp - The GPU lowering compiled for the SIMT emulator
//===//
//
// The `simt` target compiles the GPU lowering for the host CPU; the runtime's
// simt driver runs every thread of a program as a fiber. A kernel receives its
// program ids, the grid size and a `tilec_simt_thread *ctx` as trailing
// arguments (tilec/simt.h); thread ids, barriers, shuffles and shared memory
// go through ctx, and shared accesses are bounds-checked; mma.sync is
// ctx->mma, which the emulator computes from all 32 lanes' fragments, and
// ldmatrix is ctx->ldmatrix, which reads the rows all 32 lanes address. An exported entry
// `__tilec_simt_entry_<name>(args, grid, pid, ctx)` runs one thread of one
// program.
//
//===----------------------------------------------------------------------===//
#include "../Targets.h"

#include "tilec/simt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

namespace tilec {
namespace {

/// ABI arguments appended to each kernel: pid x/y/z, grid x/y/z (i32), ctx.
constexpr unsigned kNumAbiArgs = 7;

class SIMTTargetInfo : public TargetInfo {
public:
  TargetKind getKind() const override { return TargetKind::SIMT; }
  std::string getTriple(llvm::StringRef) const override { return llvm::sys::getProcessTriple(); }
  std::string getDefaultArch() const override { return "warp32"; }
  std::string getArchSyntax() const override { return "warp32, warp32-wgmma or warp64"; }
  /// warp32 models NVIDIA sm_80 (mma.sync, ldmatrix, cp.async), warp32-wgmma
  /// sm_90 (also wgmma), warp64 AMD CDNA3 (MFMA).
  bool isValidArch(llvm::StringRef arch) const override {
    return arch == "warp32" || arch == "warp32-wgmma" || arch == "warp64";
  }

  /// The emulator runs on this host: its arch names the warp size, not a CPU.
  LLVMProcessor getLLVMProcessor(llvm::StringRef) const override { return getHostProcessor(); }
  bool dependsOnHostCPU(llvm::StringRef) const override { return true; }
  bool runsOnHost() const override { return true; }
  llvm::StringRef getRuntimeDriver() const override { return "simt"; }
  ModulePayload getModulePayload() const override { return ModulePayload::SharedObject; }

  void prepareKernel(func::FuncOp kernel) const override {
    MLIRContext *ctx = kernel.getContext();
    SmallVector<Type> abi(kNumAbiArgs - 1, IntegerType::get(ctx, 32));
    abi.push_back(LLVM::LLVMPointerType::get(ctx));
    detail::prepareHostKernel(kernel, abi);
  }
  unsigned getNumABIArguments() const override { return kNumAbiArgs; }
  Value getProgramId(OpBuilder &, Location, func::FuncOp kernel, int axis) const override {
    return kernel.getArgument(kernel.getNumArguments() - kNumAbiArgs + axis);
  }
  Value getNumPrograms(OpBuilder &, Location, func::FuncOp kernel, int axis) const override {
    return kernel.getArgument(kernel.getNumArguments() - 4 + axis);
  }

  void finalizeKernel(ModuleOp module, func::FuncOp kernel) const override {
    MLIRContext *ctx = module.getContext();
    Location loc = kernel.getLoc();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    OpBuilder b(module.getBodyRegion());
    b.setInsertionPointAfter(kernel);
    auto entry = func::FuncOp::create(b, loc, ("__tilec_simt_entry_" + kernel.getName()).str(),
                                      b.getFunctionType({ptr, ptr, ptr, ptr}, {}));
    Block *body = entry.addEntryBlock();
    b.setInsertionPointToStart(body);
    SmallVector<Value> operands = detail::loadKernelArguments(
        b, loc, kernel, body->getArgument(0), kernel.getNumArguments() - kNumAbiArgs);
    SmallVector<Value> grid = detail::loadI32Array(b, loc, body->getArgument(1), 3);
    SmallVector<Value> pid = detail::loadI32Array(b, loc, body->getArgument(2), 3);
    operands.append(pid);
    operands.append(grid);
    operands.push_back(body->getArgument(3));
    func::CallOp::create(b, loc, kernel, operands);
    func::ReturnOp::create(b, loc);
  }

  void markLLVMKernel(llvm::Function *, llvm::StringRef, unsigned) const override {
    // The exported entry point is an ordinary C function.
  }

  unsigned getWarpSize(llvm::StringRef arch) const override { return arch == "warp64" ? 64 : 32; }
  Value getThreadId(OpBuilder &b, Location loc, func::FuncOp kernel) const override {
    return loadField(b, loc, kernel, b.getI32Type(), offsetof(tilec_simt_thread, thread_id));
  }
  void barrier(OpBuilder &b, Location loc, func::FuncOp kernel) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, barrier), Type(), {});
  }
  Value shuffleXor(OpBuilder &b, Location loc, func::FuncOp kernel, Value value,
                   int laneMask) const override {
    return shuffle(b, loc, kernel, value, arith::ConstantIntOp::create(b, loc, laneMask, 32),
                   TILEC_SIMT_SHUFFLE_XOR);
  }
  Value shuffleIdx(OpBuilder &b, Location loc, func::FuncOp kernel, Value value,
                   Value srcLane) const override {
    return shuffle(b, loc, kernel, value, srcLane, TILEC_SIMT_SHUFFLE_IDX);
  }
  unsigned getSharedAddressSpace() const override { return 0; }
  Value getSharedMemoryBase(OpBuilder &b, Location loc, func::FuncOp kernel) const override {
    return loadField(b, loc, kernel, LLVM::LLVMPointerType::get(b.getContext()),
                     offsetof(tilec_simt_thread, shared));
  }
  /// Exports the size as `__tilec_simt_shared_bytes_<name>`, which the runtime
  /// reads to allocate each program's shared memory.
  void setSharedMemorySize(func::FuncOp kernel, uint64_t bytes) const override {
    auto module = kernel->getParentOfType<ModuleOp>();
    std::string name = ("__tilec_simt_shared_bytes_" + kernel.getName()).str();
    auto i64 = IntegerType::get(kernel.getContext(), 64);
    auto value = IntegerAttr::get(i64, bytes);
    if (auto global = module.lookupSymbol<LLVM::GlobalOp>(name)) {
      global.setValueAttr(value);
      return;
    }
    OpBuilder b(module.getBodyRegion());
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, kernel.getLoc(), i64, /*isConstant=*/true, LLVM::Linkage::External,
                           name, value,
                           /*alignment=*/8);
  }
  Value loadShared(OpBuilder &b, Location loc, func::FuncOp kernel, Type type,
                   Value ptr) const override {
    checkShared(b, loc, kernel, type, ptr);
    return LLVM::LoadOp::create(b, loc, type, ptr);
  }
  void storeShared(OpBuilder &b, Location loc, func::FuncOp kernel, Value value,
                   Value ptr) const override {
    checkShared(b, loc, kernel, value.getType(), ptr);
    LLVM::StoreOp::create(b, loc, value, ptr);
  }
  void atomicAddShared(OpBuilder &b, Location loc, func::FuncOp kernel, Value value,
                       Value ptr) const override {
    checkShared(b, loc, kernel, value.getType(), ptr);
    TargetInfo::atomicAddShared(b, loc, kernel, value, ptr);
  }

  /// As the GPUs they emulate: tf32 at warp size 32 (NVIDIA), ieee at 64 (AMD).
  llvm::StringRef getDefaultDotInputPrecision(llvm::StringRef arch) const override {
    return getWarpSize(arch) == 32 ? "tf32" : "ieee";
  }
  /// The emulator models mma.sync at warp size 32 (arch warp32) only.
  bool hasMmaSync(llvm::StringRef arch, Type operand, Type acc) const override {
    return getWarpSize(arch) == 32 && detail::isMmaSyncType(operand, acc);
  }
  /// Stores the fragments in a `tilec_simt_mma_fragments` on the thread's
  /// stack (f32 operands rounded to tf32 first, as cvt.rna.tf32.f32), calls
  /// ctx->mma and reads d back.
  Value mmaSync(OpBuilder &b, Location loc, func::FuncOp kernel, Value a, Value bOperand,
                Value c) const override {
    Type elem = cast<VectorType>(a.getType()).getElementType();
    if (elem.isF32()) {
      a = roundToTF32(b, loc, a);
      bOperand = roundToTF32(b, loc, bOperand);
    }
    uint32_t kind = elem.isF32()     ? TILEC_SIMT_MMA_M16N8K8_F32_TF32
                    : elem.isBF16()  ? TILEC_SIMT_MMA_M16N8K16_F32_BF16
                    : elem.isF16()   ? TILEC_SIMT_MMA_M16N8K16_F32_F16
                                     : TILEC_SIMT_MMA_M16N8K32_S32_S8;
    return callMma(b, loc, kernel, kind, a, bOperand, c);
  }

  /// The emulator's warp-32 archs model sm_89-class mma.sync, which has fp8
  /// m16n8k32 for e4m3fn (`fp8e4nv`) and e5m2 (`fp8e5`) in any pair.
  bool hasFP8MmaSync(llvm::StringRef arch, llvm::StringRef a, llvm::StringRef b) const override {
    return getWarpSize(arch) == 32 && detail::isMmaSyncFP8Format(a) &&
           detail::isMmaSyncFP8Format(b);
  }
  /// As mmaSync, with the fp8 bytes in the s8 fields and the formats in the
  /// kind.
  Value fp8MmaSync(OpBuilder &b, Location loc, func::FuncOp kernel, llvm::StringRef aFormat,
                   llvm::StringRef bFormat, Value a, Value bOperand, Value c) const override {
    uint32_t kind = TILEC_SIMT_MMA_M16N8K32_F32_E4M3_E4M3 + (aFormat == "fp8e5" ? 2 : 0) +
                    (bFormat == "fp8e5" ? 1 : 0);
    return callMma(b, loc, kernel, kind, a, bOperand, c);
  }

  /// The emulator models wgmma on arch warp32-wgmma.
  bool hasWarpgroupMma(llvm::StringRef arch, Type operand, Type acc) const override {
    return arch == "warp32-wgmma" && detail::isWarpgroupMmaType(operand, acc);
  }
  bool hasFP8WarpgroupMma(llvm::StringRef arch, llvm::StringRef a,
                          llvm::StringRef b) const override {
    return arch == "warp32-wgmma" && detail::isMmaSyncFP8Format(a) && detail::isMmaSyncFP8Format(b);
  }
  /// The emulator computes each wgmma at once: nothing to fence.
  void warpgroupMmaFence(OpBuilder &, Location, func::FuncOp) const override {}
  /// Calls ctx->wgmma_commit, which opens the thread's next group.
  void warpgroupMmaCommit(OpBuilder &b, Location loc, func::FuncOp kernel) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, wgmma_commit), Type(), {});
  }
  /// Calls ctx->wgmma_wait: the emulator's wgmmas have computed their sums
  /// already, and the wait ends their groups' claim on the shared memory they
  /// read (a cp.async into it before that fails the launch).
  SmallVector<Value> warpgroupMmaWait(OpBuilder &b, Location loc, func::FuncOp kernel,
                                      unsigned pendings, ValueRange accumulators) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, wgmma_wait), Type(),
              {arith::ConstantIntOp::create(b, loc, pendings, 32)});
    return SmallVector<Value>(accumulators);
  }
  /// Stores the accumulators on the thread's stack, calls ctx->wgmma with
  /// descriptors whose addresses are offsets in the program's shared memory,
  /// and reads D back.
  Value warpgroupMma(OpBuilder &b, Location loc, func::FuncOp kernel, Type operand,
                     const WarpgroupMmaOperand &a, const WarpgroupMmaOperand &bOperand, Value acc,
                     unsigned n) const override {
    Value buffer = stackBuffer(b, loc, kernel, kWgmmaBufferAttr, 128 * sizeof(float));
    LLVM::StoreOp::create(b, loc, acc, buffer, /*alignment=*/16);
    Type i64 = b.getI64Type();
    Value shared = LLVM::PtrToIntOp::create(
        b, loc, i64,
        loadField(b, loc, kernel, LLVM::LLVMPointerType::get(b.getContext()),
                  offsetof(tilec_simt_thread, shared)));
    auto descriptor = [&](const WarpgroupMmaOperand &op) {
      Value address = LLVM::PtrToIntOp::create(b, loc, i64, op.start);
      return detail::matrixDescriptor(b, loc, arith::SubIOp::create(b, loc, address, shared), op);
    };
    uint32_t kind = !a.fp8.empty() ? TILEC_SIMT_WGMMA_F32_E4M3_E4M3 + (a.fp8 == "fp8e5" ? 2 : 0) +
                                         (bOperand.fp8 == "fp8e5" ? 1 : 0)
                    : operand.isF32()      ? TILEC_SIMT_WGMMA_F32_TF32
                    : operand.isBF16()     ? TILEC_SIMT_WGMMA_F32_BF16
                    : operand.isInteger(8) ? TILEC_SIMT_WGMMA_S32_S8
                                           : TILEC_SIMT_WGMMA_F32_F16;
    uint32_t shape = n | (a.mnMajor ? TILEC_SIMT_WGMMA_TRANS_A : 0) |
                     (bOperand.mnMajor ? TILEC_SIMT_WGMMA_TRANS_B : 0);
    callField(b, loc, kernel, offsetof(tilec_simt_thread, wgmma), Type(),
              {arith::ConstantIntOp::create(b, loc, kind, 32), descriptor(a),
               descriptor(bOperand), arith::ConstantIntOp::create(b, loc, shape, 32), buffer});
    return LLVM::LoadOp::create(b, loc, acc.getType(), buffer, /*alignment=*/16);
  }

  /// The emulator models ldmatrix at warp size 32, as mma.sync.
  bool hasLoadMatrix(llvm::StringRef arch) const override { return getWarpSize(arch) == 32; }
  /// Calls ctx->ldmatrix with the lane's row address and a 16-byte buffer on
  /// the thread's stack for its words, and reads them back.
  Value loadMatrix(OpBuilder &b, Location loc, func::FuncOp kernel, Value rowBase,
                   int64_t byteOffset, Type elem, unsigned count, bool transpose) const override {
    Value rowAddress = LLVM::GEPOp::create(b, loc, rowBase.getType(), b.getI8Type(), rowBase,
                                           ArrayRef<LLVM::GEPArg>{int32_t(byteOffset)});
    Value buffer = stackBuffer(b, loc, kernel, kLdmatrixBufferAttr, 4 * sizeof(uint32_t));
    uint32_t shape = count | (transpose ? TILEC_SIMT_LDMATRIX_TRANS : 0);
    callField(b, loc, kernel, offsetof(tilec_simt_thread, ldmatrix), Type(),
              {arith::ConstantIntOp::create(b, loc, shape, 32), rowAddress, buffer});
    Value words = LLVM::LoadOp::create(b, loc, VectorType::get({count}, b.getI32Type()), buffer,
                                       /*alignment=*/16);
    return LLVM::BitcastOp::create(b, loc, VectorType::get({2 * count}, elem), words);
  }

  /// The emulator models the MFMAs (f16, bf16, f32, i8) at warp size 64
  /// (arch warp64) only.
  bool hasMfma(llvm::StringRef arch, unsigned nonK, Type operand, Type acc) const override {
    return getWarpSize(arch) == 64 && detail::isMfmaType(nonK, operand, acc);
  }
  /// Stores the registers in a `tilec_simt_mfma_fragments` on the thread's
  /// stack, calls ctx->mfma and reads d back.
  Value mfma(OpBuilder &b, Location loc, func::FuncOp kernel, unsigned nonK, Value a,
             Value bOperand, Value c) const override {
    Type elem = cast<VectorType>(a.getType()).getElementType();
    bool wide = nonK == 32;
    uint32_t kind =
        elem.isF32()     ? (wide ? TILEC_SIMT_MFMA_32X32X2_F32_F32 : TILEC_SIMT_MFMA_16X16X4_F32_F32)
        : elem.isInteger(8) ? (wide ? TILEC_SIMT_MFMA_32X32X16_I32_I8
                                    : TILEC_SIMT_MFMA_16X16X32_I32_I8)
        : elem.isBF16() ? (wide ? TILEC_SIMT_MFMA_32X32X8_F32_BF16
                                : TILEC_SIMT_MFMA_16X16X16_F32_BF16)
                        : (wide ? TILEC_SIMT_MFMA_32X32X8_F32_F16 : TILEC_SIMT_MFMA_16X16X16_F32_F16);
    return callMfma(b, loc, kernel, kind, a, bOperand, c);
  }
  /// The emulator models CDNA3's fp8 MFMAs (fp8 = e4m3fnuz, bf8 = e5m2fnuz,
  /// any pair) at warp size 64.
  bool hasFP8Mfma(llvm::StringRef arch, unsigned nonK, llvm::StringRef a,
                  llvm::StringRef b) const override {
    return getWarpSize(arch) == 64 && (nonK == 32 || nonK == 16) && detail::isMfmaFP8Format(a) &&
           detail::isMfmaFP8Format(b);
  }
  /// As mfma, with the fp8 bytes in the i8 fields and the formats in the kind.
  Value fp8Mfma(OpBuilder &b, Location loc, func::FuncOp kernel, unsigned nonK,
                llvm::StringRef aFormat, llvm::StringRef bFormat, Value a, Value bOperand,
                Value c) const override {
    uint32_t kind = TILEC_SIMT_MFMA_32X32X16_F32_FP8_FP8 + (nonK == 16 ? 4 : 0) +
                    (aFormat == "fp8e5b16" ? 2 : 0) + (bFormat == "fp8e5b16" ? 1 : 0);
    return callMfma(b, loc, kernel, kind, a, bOperand, c);
  }

  /// The emulator models cp.async (per thread): a copy lands in shared memory
  /// only when a wait completes its group. At warp size 32, as NVIDIA from
  /// sm_80; at 64 (arch warp64, which models AMD's MFMA) there is none, as on
  /// AMD, so that dot loops are prefetched into registers there.
  bool hasAsyncCopy(llvm::StringRef arch) const override { return getWarpSize(arch) == 32; }
  /// ctx->async_copy(dst, src, bytes, enabled ? bytes : 0).
  void asyncCopy(OpBuilder &b, Location loc, func::FuncOp kernel, Value dst, Value src,
                 unsigned bytes, Value enabled) const override {
    Value full = arith::ConstantIntOp::create(b, loc, bytes, 32);
    Value none = arith::ConstantIntOp::create(b, loc, 0, 32);
    Value srcBytes = arith::SelectOp::create(b, loc, enabled, full, none);
    callField(b, loc, kernel, offsetof(tilec_simt_thread, async_copy), Type(),
              {dst, src, full, srcBytes});
  }
  void asyncCommitGroup(OpBuilder &b, Location loc, func::FuncOp kernel) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, async_commit), Type(), {});
  }
  void asyncWaitGroup(OpBuilder &b, Location loc, func::FuncOp kernel,
                      unsigned pending) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, async_wait), Type(),
              {arith::ConstantIntOp::create(b, loc, pending, 32)});
  }

  /// The emulator models Hopper's TMA with wgmma (arch warp32-wgmma).
  bool hasTensorMemoryAccelerator(llvm::StringRef arch) const override {
    return arch == "warp32-wgmma";
  }
  /// Stores the fields as a `tilec_simt_tensor_map` at `map`.
  void encodeTensorMap(OpBuilder &b, Location loc, func::FuncOp, Value map,
                       const TensorMapFields &fields) const override {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    auto store = [&](Value value, size_t offset) {
      Value at = LLVM::GEPOp::create(b, loc, map.getType(), b.getI8Type(), map,
                                     ArrayRef<LLVM::GEPArg>{int32_t(offset)});
      LLVM::StoreOp::create(b, loc, value, at);
    };
    auto constant = [&](int64_t v, Type type) -> Value {
      return arith::ConstantIntOp::create(b, loc, type, v);
    };
    unsigned elemBits = fields.element.getIntOrFloatBitWidth();
    store(LLVM::PtrToIntOp::create(b, loc, i64, fields.base),
          offsetof(tilec_simt_tensor_map, base));
    store(constant(fields.sizes.size(), i32), offsetof(tilec_simt_tensor_map, rank));
    store(constant(elemBits / 8, i32), offsetof(tilec_simt_tensor_map, elem_bytes));
    for (auto [d, size] : llvm::enumerate(fields.sizes))
      store(size, offsetof(tilec_simt_tensor_map, sizes) + 8 * d);
    for (auto [d, stride] : llvm::enumerate(fields.byteStrides))
      store(stride, offsetof(tilec_simt_tensor_map, strides) + 8 * d);
    for (auto [d, box] : llvm::enumerate(fields.box))
      store(constant(box, i32), offsetof(tilec_simt_tensor_map, box) + 4 * d);
    store(constant(fields.swizzle, i32), offsetof(tilec_simt_tensor_map, swizzle));
    uint64_t fill = 0;
    if (fields.nanFill)
      fill = APFloat::getQNaN(cast<FloatType>(fields.element).getFloatSemantics())
                 .bitcastToAPInt()
                 .getZExtValue();
    store(constant(int64_t(fill), i64), offsetof(tilec_simt_tensor_map, oob_fill));
  }
  /// ctx->tma_load with the coordinates in an i32 array on the stack.
  void tmaLoad(OpBuilder &b, Location loc, func::FuncOp kernel, Value map, ValueRange coords,
               Value dst, Value barrier) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, tma_load), Type(),
              {map, coordinateArray(b, loc, kernel, coords), dst, barrier});
  }
  /// ctx->tma_store with the coordinates in an i32 array on the stack.
  void tmaStore(OpBuilder &b, Location loc, func::FuncOp kernel, Value map, ValueRange coords,
                Value src) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, tma_store), Type(),
              {map, coordinateArray(b, loc, kernel, coords), src});
  }
  /// The emulator's copies read shared memory in program order: nothing.
  void asyncProxyFence(OpBuilder &, Location, func::FuncOp) const override {}
  void mbarrierInit(OpBuilder &b, Location loc, func::FuncOp kernel, Value barrier,
                    unsigned count) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, mbarrier_init), Type(),
              {barrier, arith::ConstantIntOp::create(b, loc, count, 32)});
  }
  void mbarrierArriveExpectTx(OpBuilder &b, Location loc, func::FuncOp kernel, Value barrier,
                              Value bytes) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, mbarrier_arrive_expect_tx), Type(),
              {barrier, bytes});
  }
  /// The emulator's mbarrier_init starts a barrier afresh: nothing to do.
  void mbarrierInval(OpBuilder &, Location, func::FuncOp, Value) const override {}
  void mbarrierWait(OpBuilder &b, Location loc, func::FuncOp kernel, Value barrier,
                    Value phase) const override {
    callField(b, loc, kernel, offsetof(tilec_simt_thread, mbarrier_wait), Type(), {barrier, phase});
  }

private:
  static constexpr llvm::StringLiteral kTmaCoordsAttr = "tilec.simt_tma_coords";
  /// The i32 `coords` in the kernel's array of five on the thread's stack.
  static Value coordinateArray(OpBuilder &b, Location loc, func::FuncOp kernel, ValueRange coords) {
    Value buffer = stackBuffer(b, loc, kernel, kTmaCoordsAttr, 5 * sizeof(int32_t));
    for (auto [d, coord] : llvm::enumerate(coords)) {
      Value at = LLVM::GEPOp::create(b, loc, buffer.getType(), b.getI32Type(), buffer,
                                     ArrayRef<LLVM::GEPArg>{int32_t(d)});
      LLVM::StoreOp::create(b, loc, coord, at);
    }
    return buffer;
  }
  static constexpr llvm::StringLiteral kMmaBufferAttr = "tilec.simt_mma_fragments";
  static constexpr llvm::StringLiteral kLdmatrixBufferAttr = "tilec.simt_ldmatrix_words";
  static constexpr llvm::StringLiteral kMfmaBufferAttr = "tilec.simt_mfma_fragments";
  static constexpr llvm::StringLiteral kWgmmaBufferAttr = "tilec.simt_wgmma_accumulators";
  /// Stores an MFMA's registers in the kernel's `tilec_simt_mfma_fragments`
  /// on the thread's stack, calls ctx->mfma with `kind` and reads d back.
  static Value callMfma(OpBuilder &b, Location loc, func::FuncOp kernel, uint32_t kind, Value a,
                        Value bOperand, Value c) {
    Value buffer = stackBuffer(b, loc, kernel, kMfmaBufferAttr, sizeof(tilec_simt_mfma_fragments));
    return callWithFragments<tilec_simt_mfma_fragments>(
        b, loc, kernel, buffer, offsetof(tilec_simt_thread, mfma), kind, a, bOperand, c);
  }
  /// The same for ctx->mma with the kernel's `tilec_simt_mma_fragments`.
  static Value callMma(OpBuilder &b, Location loc, func::FuncOp kernel, uint32_t kind, Value a,
                       Value bOperand, Value c) {
    return callWithFragments<tilec_simt_mma_fragments>(
        b, loc, kernel, fragmentBuffer(b, loc, kernel), offsetof(tilec_simt_thread, mma), kind, a,
        bOperand, c);
  }
  /// Stores a lane's registers `a`, `bOperand` and `c` in `buffer` at their
  /// fields of `Fragments` (8-byte aligned only), calls the ctx function at
  /// byte `field` of tilec_simt_thread with `kind` and the buffer, and reads d
  /// back from c's field.
  template <typename Fragments>
  static Value callWithFragments(OpBuilder &b, Location loc, func::FuncOp kernel, Value buffer,
                                 size_t field, uint32_t kind, Value a, Value bOperand, Value c) {
    auto store = [&](Value value, size_t offset) {
      Value addr = LLVM::GEPOp::create(b, loc, buffer.getType(), b.getI8Type(), buffer,
                                       ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)});
      LLVM::StoreOp::create(b, loc, value, addr, /*alignment=*/8);
      return addr;
    };
    store(a, offsetof(Fragments, a));
    store(bOperand, offsetof(Fragments, b));
    Value cAddr = store(c, offsetof(Fragments, c));
    callField(b, loc, kernel, field, Type(),
              {arith::ConstantIntOp::create(b, loc, kind, 32), buffer});
    return LLVM::LoadOp::create(b, loc, c.getType(), cAddr, /*alignment=*/8);
  }
  /// The kernel's `tilec_simt_mma_fragments` buffer: one alloca in the entry
  /// block, shared by all mma.sync of the kernel.
  static Value fragmentBuffer(OpBuilder &b, Location loc, func::FuncOp kernel) {
    return stackBuffer(b, loc, kernel, kMmaBufferAttr, sizeof(tilec_simt_mma_fragments));
  }
  /// A 16-byte aligned stack buffer of `bytes` bytes marked `attr`: one alloca
  /// in the kernel's entry block, shared by all the calls that use it.
  static Value stackBuffer(OpBuilder &b, Location loc, func::FuncOp kernel,
                           llvm::StringRef attr, size_t bytes) {
    Block &entry = kernel.getBody().front();
    for (auto alloca : entry.getOps<LLVM::AllocaOp>())
      if (alloca->hasAttr(attr))
        return alloca;
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&entry);
    Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes);
    auto alloca = LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                                         type, one, /*alignment=*/16);
    alloca->setAttr(attr, b.getUnitAttr());
    return alloca;
  }
  static Value context(func::FuncOp kernel) {
    return kernel.getArgument(kernel.getNumArguments() - 1);
  }
  /// Loads the field of `ctx` at byte `offset`.
  static Value loadField(OpBuilder &b, Location loc, func::FuncOp kernel, Type type,
                         size_t offset) {
    Type ptr = LLVM::LLVMPointerType::get(b.getContext());
    Value addr = LLVM::GEPOp::create(b, loc, ptr, b.getI8Type(), context(kernel),
                                     ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)});
    return LLVM::LoadOp::create(b, loc, type, addr);
  }
  /// Calls the callback at byte `offset` of ctx with (ctx, args...); returns
  /// its result (`result` null: void).
  static Value callField(OpBuilder &b, Location loc, func::FuncOp kernel, size_t offset,
                         Type result, ValueRange args) {
    MLIRContext *ctx = b.getContext();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    SmallVector<Value> operands = {loadField(b, loc, kernel, ptr, offset), context(kernel)};
    operands.append(args.begin(), args.end());
    SmallVector<Type> params = {ptr};
    for (Value arg : args)
      params.push_back(arg.getType());
    auto type = LLVM::LLVMFunctionType::get(result ? result : LLVM::LLVMVoidType::get(ctx), params);
    auto call = LLVM::CallOp::create(b, loc, type, operands);
    // The hooks are collective (every thread of a warp or block calls the
    // same one): convergent, so that LLVM does not duplicate a call into the
    // branches of a thread-dependent condition (e.g. the `tid == 0` store of
    // a scalar), where the threads would reach different call sites.
    call.setConvergent(true);
    return result ? call.getResult() : Value();
  }
  /// ctx->shuffle on a value of at most 32 bits (carried as an i32).
  Value shuffle(OpBuilder &b, Location loc, func::FuncOp kernel, Value value, Value lane,
                uint32_t kind) const {
    Type type = value.getType(), i32 = b.getI32Type();
    unsigned bits = type.getIntOrFloatBitWidth();
    Type bitsType = b.getIntegerType(bits);
    Value word = value;
    if (type != bitsType)
      word = arith::BitcastOp::create(b, loc, bitsType, word);
    if (bits < 32)
      word = arith::ExtUIOp::create(b, loc, i32, word);
    Value kindValue = arith::ConstantIntOp::create(b, loc, kind, 32);
    Value result = callField(b, loc, kernel, offsetof(tilec_simt_thread, shuffle), i32,
                             {word, lane, kindValue});
    if (bits < 32)
      result = arith::TruncIOp::create(b, loc, bitsType, result);
    if (type != bitsType)
      result = arith::BitcastOp::create(b, loc, type, result);
    return result;
  }
  /// Calls ctx->fail(ctx, SHARED_OOB, offset) unless a `type` access at `ptr`
  /// lies within [ctx->shared, ctx->shared + ctx->shared_size).
  /// Fails the launch on a misaligned vector access (TILEC_SIMT_FAIL_MISALIGNED_GLOBAL).
  void checkGlobalAccess(OpBuilder &b, Location loc, Value ptr, unsigned bytes,
                         Value enabled) const override {
    if (bytes <= 1)
      return;
    Operation *parent = b.getInsertionBlock()->getParentOp();
    auto kernel = isa<func::FuncOp>(parent) ? cast<func::FuncOp>(parent)
                                            : parent->getParentOfType<func::FuncOp>();
    Type i64 = b.getI64Type();
    Value address = LLVM::PtrToIntOp::create(b, loc, i64, ptr);
    Value low = arith::AndIOp::create(b, loc, address,
                                      arith::ConstantIntOp::create(b, loc, bytes - 1, 64));
    Value misaligned = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, low,
                                             arith::ConstantIntOp::create(b, loc, 0, 64));
    if (enabled)
      misaligned = arith::AndIOp::create(b, loc, misaligned, enabled);
    auto ifMisaligned = scf::IfOp::create(b, loc, misaligned, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifMisaligned.thenBlock());
    Value detail = arith::OrIOp::create(
        b, loc, address, arith::ConstantIntOp::create(b, loc, int64_t(bytes) << 56, 64));
    callField(b, loc, kernel, offsetof(tilec_simt_thread, fail), Type(),
              {arith::ConstantIntOp::create(b, loc, TILEC_SIMT_FAIL_MISALIGNED_GLOBAL, 32),
               detail});
  }

  static void checkShared(OpBuilder &b, Location loc, func::FuncOp kernel, Type type, Value ptr) {
    Type i64 = b.getI64Type();
    uint64_t bytes = DataLayout::closest(kernel).getTypeSize(type);
    Value base = loadField(b, loc, kernel, LLVM::LLVMPointerType::get(b.getContext()),
                           offsetof(tilec_simt_thread, shared));
    Value size = loadField(b, loc, kernel, i64, offsetof(tilec_simt_thread, shared_size));
    Value offset = arith::SubIOp::create(b, loc, LLVM::PtrToIntOp::create(b, loc, i64, ptr),
                                         LLVM::PtrToIntOp::create(b, loc, i64, base));
    Value end =
        arith::AddIOp::create(b, loc, offset, arith::ConstantIntOp::create(b, loc, bytes, 64));
    // A pointer below the base wraps to a huge offset.
    Value inside = arith::AndIOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, offset, size),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, end, size));
    Value outside =
        arith::XOrIOp::create(b, loc, inside, arith::ConstantIntOp::create(b, loc, 1, 1));
    auto ifOutside = scf::IfOp::create(b, loc, outside, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOutside.thenBlock());
    callField(b, loc, kernel, offsetof(tilec_simt_thread, fail), Type(),
              {arith::ConstantIntOp::create(b, loc, TILEC_SIMT_FAIL_SHARED_OOB, 32), offset});
  }
};

} // namespace

std::unique_ptr<TargetInfo> createSIMTTargetInfo() { return std::make_unique<SIMTTargetInfo>(); }

} // namespace tilec
