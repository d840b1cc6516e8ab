//===- NVPTXTargetInfo.cpp - Kernel ABI and program identity on NVIDIA GPUs ===//
#include "../Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/StringExtras.h"

#include "llvm/IR/Function.h"

using namespace mlir;

namespace tilec {
namespace {

/// Bits of a scalar or vector type.
unsigned bitsOf(Type type) {
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getNumElements() * vec.getElementType().getIntOrFloatBitWidth();
  return type.getIntOrFloatBitWidth();
}

/// Number of 32-bit words a predicated access of `type` moves as one
/// `ld/st.global[.v2|.v4].b32`, or 0 when it cannot (sub-word, 96-bit or
/// under-aligned runs keep the default branch).
unsigned wordsOfPredicatedAccess(Type type, unsigned alignment) {
  unsigned bits = bitsOf(type);
  unsigned words = bits / 32;
  if (bits % 32 != 0 || (words != 1 && words != 2 && words != 4) || alignment * 8 < bits)
    return 0;
  return words;
}

/// The PTX register list "{$first, ..., $first+n-1}" (or "$first" for n == 1).
std::string operandList(unsigned first, unsigned n) {
  if (n == 1)
    return "$" + std::to_string(first);
  SmallVector<std::string> names;
  for (unsigned i = 0; i < n; ++i)
    names.push_back("$" + std::to_string(first + i));
  return "{" + llvm::join(names, ", ") + "}";
}

/// `value` as `words` i32s.
SmallVector<Value> toWords(OpBuilder &b, Location loc, Value value, unsigned words) {
  Type i32 = b.getI32Type();
  if (words == 1)
    return {LLVM::BitcastOp::create(b, loc, i32, value)};
  Value packed = LLVM::BitcastOp::create(b, loc, VectorType::get({words}, i32), value);
  SmallVector<Value> result;
  for (unsigned i = 0; i < words; ++i)
    result.push_back(LLVM::ExtractElementOp::create(
        b, loc, packed, arith::ConstantIntOp::create(b, loc, i, 32)));
  return result;
}

class NVPTXTargetInfo : public TargetInfo {
public:
  TargetKind getKind() const override { return TargetKind::NVPTX; }
  std::string getTriple(llvm::StringRef) const override { return "nvptx64-nvidia-cuda"; }
  std::string getDefaultArch() const override { return "sm_80"; }
  std::string getArchSyntax() const override { return "sm_NN, e.g. sm_80"; }
  bool isValidArch(llvm::StringRef arch) const override {
    unsigned version;
    llvm::StringRef rest = arch;
    if (!rest.consume_front("sm_"))
      return false;
    rest.consume_back("a");
    return !rest.getAsInteger(10, version) && version >= 50;
  }

  /// PTX ISA 8.0 (CUDA 12.0) up to sm_87; sm_89 to sm_90a need 8.4 (CUDA
  /// 12.4) for the fp8 mma.sync; sm_100 and later need 8.6.
  LLVMProcessor getLLVMProcessor(llvm::StringRef arch) const override {
    unsigned sm = smVersion(arch);
    return {arch.str(), sm >= 100 ? "+ptx86" : sm >= 89 ? "+ptx84" : "+ptx80"};
  }
  /// Shared-memory pointers of 32 bits, as the shared window is: one register
  /// per address instead of two, and `[%r+imm]` operands.
  llvm::ArrayRef<llvm::StringRef> getLLVMBackendOptions() const override {
    static const llvm::StringRef options[] = {"nvptx-short-ptr=true"};
    return options;
  }
  /// A compute capability 9.0 device gets sm_90a, as Triton compiles for it:
  /// wgmma exists only there (such PTX runs on sm_90 devices only).
  std::string getArchForDevice(llvm::StringRef deviceArch) const override {
    return deviceArch == "sm_90" ? "sm_90a" : deviceArch.str();
  }
  llvm::StringRef getRuntimeDriver() const override { return "cuda"; }
  ModulePayload getModulePayload() const override { return ModulePayload::PTX; }
  bool usesLibdevice() const override { return true; }
  /// As Triton: `ex2.approx.f32(x * log2 e)` (libdevice's exp2f on f32).
  bool computesExpAsExp2() const override { return true; }

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
  Value getGlobalTimer(OpBuilder &b, Location loc, func::FuncOp) const override {
    // %globaltimer counts nanoseconds.
    return NVVM::GlobalTimerOp::create(b, loc, b.getI64Type());
  }
  void finalizeKernel(ModuleOp, func::FuncOp) const override {}
  void markLLVMKernel(llvm::Function *fn, llvm::StringRef,
                      unsigned threadsPerBlock) const override {
    if (!fn)
      return;
    fn->setCallingConv(llvm::CallingConv::PTX_Kernel);
    // PTX .reqntid: ptxas allocates registers for exactly this block size.
    fn->addFnAttr("nvvm.reqntid", std::to_string(threadsPerBlock));
  }

  /// Scalar arithmetic before codegen, as Triton's IR is (softmax-4096 at 4
  /// warps on sm_80: 63 registers with vector IR, 56 split).
  bool scalarizesBeforeCodegen() const override { return true; }
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
  /// What one block may use: static `.shared` arrays up to 48 KiB, dynamic
  /// shared memory (which the launch opts in to) up to the architecture's
  /// maximum per block.
  uint64_t getSharedMemoryLimit(llvm::StringRef arch) const override {
    unsigned sm = smVersion(arch);
    if (sm >= 120)
      return 99 * 1024;
    if (sm >= 90)
      return 227 * 1024;
    if (sm == 80 || sm == 87)
      return 163 * 1024;
    if (sm == 86 || sm == 89)
      return 99 * 1024;
    if (sm >= 75)
      return 64 * 1024;
    if (sm >= 70)
      return 96 * 1024;
    return kStaticSharedBytes;
  }
  /// Up to 48 KiB a static array; above, the kernel's dynamic shared memory
  /// (`.extern .shared`), whose size the launch gives (kDynamicSharedMemoryAttr).
  void setSharedMemorySize(func::FuncOp kernel, uint64_t bytes) const override {
    if (bytes <= kStaticSharedBytes)
      return TargetInfo::setSharedMemorySize(kernel, bytes);
    detail::setGlobalSharedMemoryDynamic(kernel, bytes);
  }
  unsigned getSharedAddressSpace() const override { return 3; }
  StringRef getAtomicSyncScope(AtomicScope scope) const override {
    // LLVM's NVPTX scopes: "block" (a program), "device" (the device), "" (the system).
    switch (scope) {
    case AtomicScope::Program:
      return "block";
    case AtomicScope::Device:
      return "device";
    case AtomicScope::System:
      return "";
    }
    llvm_unreachable("unknown atomic scope");
  }
  /// LLVM 22's NVPTX back end emits every `atomicrmw` as a relaxed `atom`,
  /// whatever its ordering (`cmpxchg`, atomic loads and stores keep theirs).
  bool dropsAtomicRMWOrdering() const override { return true; }
  unsigned getGlobalAddressSpace() const override { return 1; }

  /// `@p ld.global.v4.b32` as Triton emits it: the fallback is moved into the
  /// destination registers first, so no branch splits the kernel and ptxas
  /// schedules all loads of a tile together. (Upstream `nvvm.inline_ptx` puts
  /// its predicate on the first instruction only, so the asm is built here.)
  Value maskedLoadGlobal(OpBuilder &b, Location loc, Type type, Value ptr, Value enabled,
                         Value fallback, unsigned alignment) const override {
    unsigned words = wordsOfPredicatedAccess(type, alignment);
    if (!words)
      return TargetInfo::maskedLoadGlobal(b, loc, type, ptr, enabled, fallback, alignment);
    // Operands: $0..$w-1 results, $w address, $w+1 predicate, then fallbacks.
    std::string code;
    for (unsigned i = 0; i < words; ++i)
      code += "mov.b32 $" + std::to_string(i) + ", $" + std::to_string(words + 2 + i) + ";\n\t";
    code += "@$" + std::to_string(words + 1) + " ld.global" +
            (words > 1 ? ".v" + std::to_string(words) : std::string()) + ".b32 " +
            operandList(0, words) + ", [$" + std::to_string(words) + "];";
    std::string constraints = llvm::join(SmallVector<std::string>(words, "=r"), ",") + ",l,b," +
                              llvm::join(SmallVector<std::string>(words, "r"), ",");
    SmallVector<Value> operands{ptr, enabled};
    llvm::append_range(operands, toWords(b, loc, fallback, words));
    Type i32 = b.getI32Type();
    Type resultType =
        words == 1 ? i32
                   : LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                      SmallVector<Type>(words, i32));
    Value asmResult = inlineAsm(b, loc, resultType, operands, code, constraints);
    if (words == 1)
      return LLVM::BitcastOp::create(b, loc, type, asmResult);
    Value packed = LLVM::UndefOp::create(b, loc, VectorType::get({words}, i32));
    for (unsigned i = 0; i < words; ++i)
      packed = LLVM::InsertElementOp::create(
          b, loc, packed, LLVM::ExtractValueOp::create(b, loc, asmResult, i),
          arith::ConstantIntOp::create(b, loc, i, 32));
    return LLVM::BitcastOp::create(b, loc, type, packed);
  }
  /// `@p st.global.v4.b32`, for the same reason.
  void maskedStoreGlobal(OpBuilder &b, Location loc, Value value, Value ptr, Value enabled,
                         unsigned alignment) const override {
    unsigned words = wordsOfPredicatedAccess(value.getType(), alignment);
    if (!words)
      return TargetInfo::maskedStoreGlobal(b, loc, value, ptr, enabled, alignment);
    // Operands: $0 predicate, $1 address, then the words.
    std::string code = "@$0 st.global" +
                       (words > 1 ? ".v" + std::to_string(words) : std::string()) + ".b32 [$1], " +
                       operandList(2, words) + ";";
    std::string constraints =
        "b,l," + llvm::join(SmallVector<std::string>(words, "r"), ",");
    SmallVector<Value> operands{enabled, ptr};
    llvm::append_range(operands, toWords(b, loc, value, words));
    inlineAsm(b, loc, Type(), operands, code, constraints);
  }

  /// CUDA's device printf: `vprintf(format, buffer)`, the arguments packed in
  /// a stack buffer with their natural alignment (a literal struct), which
  /// the CUDA driver reads back and prints at the kernel's end.
  LogicalResult emitPrintf(OpBuilder &b, Location loc, Value format,
                           ValueRange args) const override {
    MLIRContext *ctx = b.getContext();
    auto module = b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
    Type ptrTy = LLVM::LLVMPointerType::get(ctx);
    FailureOr<LLVM::LLVMFuncOp> vprintf = LLVM::lookupOrCreateFn(
        b, module, "vprintf", {ptrTy, ptrTy}, b.getI32Type(), /*isVarArg=*/false);
    if (failed(vprintf))
      return emitError(loc, "a function 'vprintf' with another signature exists");
    Value buffer = LLVM::ZeroOp::create(b, loc, ptrTy);
    if (!args.empty()) {
      auto layout = LLVM::LLVMStructType::getLiteral(ctx, llvm::to_vector(args.getTypes()));
      // In the function's entry block, so that a print in a loop reuses one buffer.
      Operation *function = b.getInsertionBlock()->getParentOp();
      while (!isa<FunctionOpInterface>(function))
        function = function->getParentOp();
      OpBuilder entry = OpBuilder::atBlockBegin(&function->getRegion(0).front());
      Value one = LLVM::ConstantOp::create(entry, loc, entry.getI64Type(), 1);
      buffer = LLVM::AllocaOp::create(entry, loc, ptrTy, layout, one, /*alignment=*/8);
      for (auto [i, arg] : llvm::enumerate(args)) {
        Value field = LLVM::GEPOp::create(b, loc, ptrTy, layout, buffer,
                                          ArrayRef<LLVM::GEPArg>{0, int32_t(i)});
        LLVM::StoreOp::create(b, loc, arg, field);
      }
    }
    LLVM::CallOp::create(b, loc, *vprintf, ValueRange{format, buffer});
    return success();
  }
  /// CUDA's device assert: `__assertfail(message, file, line, function,
  /// sizeof(char))`, which reports the failure and ends the kernel with an
  /// error the launch returns; a trap follows in case it returns.
  LogicalResult emitAssertFailure(OpBuilder &b, Location loc, func::FuncOp kernel,
                                  StringRef message, StringRef file,
                                  unsigned line) const override {
    MLIRContext *ctx = b.getContext();
    auto module = kernel->getParentOfType<ModuleOp>();
    Type ptrTy = LLVM::LLVMPointerType::get(ctx);
    FailureOr<LLVM::LLVMFuncOp> assertFail = LLVM::lookupOrCreateFn(
        b, module, "__assertfail", {ptrTy, ptrTy, b.getI32Type(), ptrTy, b.getI64Type()},
        LLVM::LLVMVoidType::get(ctx));
    if (failed(assertFail))
      return emitError(loc, "a function '__assertfail' with another signature exists");
    Value args[] = {createGlobalCString(b, loc, module, message),
                    createGlobalCString(b, loc, module, file),
                    LLVM::ConstantOp::create(b, loc, b.getI32Type(), line),
                    createGlobalCString(b, loc, module, kernel.getSymName()),
                    LLVM::ConstantOp::create(b, loc, b.getI64Type(), 1)};
    LLVM::CallOp::create(b, loc, *assertFail, args);
    LLVM::Trap::create(b, loc);
    return success();
  }

  /// fp32 dots run on tensor cores as tf32 unless asked otherwise, as Triton's
  /// NVIDIA backend (`default_dot_input_precision`).
  llvm::StringRef getDefaultDotInputPrecision(llvm::StringRef) const override { return "tf32"; }
  /// mma.sync.aligned.m16n8k16 (f16, bf16), m16n8k8 (tf32) and m16n8k32
  /// (s8): sm_80 and later.
  bool hasMmaSync(llvm::StringRef arch, Type operand, Type acc) const override {
    return smVersion(arch) >= 80 && detail::isMmaSyncType(operand, acc);
  }
  /// fp8 mma.sync.aligned.m16n8k32 (.e4m3, .e5m2, any pair, f32
  /// accumulators): sm_89 and later.
  bool hasFP8MmaSync(llvm::StringRef arch, llvm::StringRef a, llvm::StringRef b) const override {
    return smVersion(arch) >= 89 && detail::isMmaSyncFP8Format(a) && detail::isMmaSyncFP8Format(b);
  }
  /// `llvm.nvvm.mma.m16n8k32.row.col.f32.<A>.<B>.f32` (`nvvm.mma.sync` has no
  /// fp8 types): A's four and B's two registers as the i32 holding four fp8
  /// bytes each, the lowest K in the low byte.
  Value fp8MmaSync(OpBuilder &b, Location loc, func::FuncOp, llvm::StringRef aFormat,
                   llvm::StringRef bFormat, Value a, Value bOperand, Value c) const override {
    Type i32 = b.getI32Type(), f32 = b.getF32Type();
    SmallVector<Value> args;
    auto words = [&](Value fragments, int64_t count) {
      Value packed = LLVM::BitcastOp::create(b, loc, VectorType::get({count}, i32), fragments);
      for (int64_t i = 0; i < count; ++i)
        args.push_back(vector::ExtractOp::create(b, loc, packed, i));
    };
    words(a, 4);
    words(bOperand, 2);
    for (int64_t i = 0; i < 4; ++i)
      args.push_back(vector::ExtractOp::create(b, loc, c, i));
    auto ptxType = [](llvm::StringRef format) { return format == "fp8e5" ? "e5m2" : "e4m3"; };
    std::string name = (llvm::Twine("llvm.nvvm.mma.m16n8k32.row.col.f32.") + ptxType(aFormat) +
                        "." + ptxType(bFormat) + ".f32")
                           .str();
    auto resultType = LLVM::LLVMStructType::getLiteral(b.getContext(), SmallVector<Type>(4, f32));
    Value d =
        LLVM::CallIntrinsicOp::create(b, loc, resultType, b.getStringAttr(name), args).getResult(0);
    Value result = LLVM::UndefOp::create(b, loc, c.getType());
    for (int64_t i = 0; i < 4; ++i)
      result =
          vector::InsertOp::create(b, loc, LLVM::ExtractValueOp::create(b, loc, d, i), result, i);
    return result;
  }
  /// ldmatrix: sm_75 and later.
  bool hasLoadMatrix(llvm::StringRef arch) const override { return smVersion(arch) >= 75; }
  /// `nvvm.mma.sync`: f16 fragments travel as `vector<2xf16>` pairs; bf16
  /// pairs, s8 quadruples and tf32 values (each f32 rounded by
  /// `cvt.rna.tf32.f32`) as the i32 holding them. s8 sums wrap.
  Value mmaSync(OpBuilder &b, Location loc, func::FuncOp, Value a, Value bOperand,
                Value c) const override {
    Type elem = cast<VectorType>(a.getType()).getElementType();
    int64_t w = 32 / elem.getIntOrFloatBitWidth();
    Type i32 = b.getI32Type();
    auto words = [&](Value fragments, int64_t count) {
      SmallVector<Value> result;
      for (int64_t i = 0; i < count; ++i) {
        if (elem.isF32()) {
          Value v = vector::ExtractOp::create(b, loc, fragments, i);
          result.push_back(NVVM::ConvertFloatToTF32Op::create(b, loc, i32, v,
                                                              NVVM::FPRoundingMode::RNA,
                                                              NVVM::SaturationMode::NONE, false));
          continue;
        }
        Value word = vector::ExtractStridedSliceOp::create(
            b, loc, fragments, ArrayRef<int64_t>{w * i}, ArrayRef<int64_t>{w},
            ArrayRef<int64_t>{1});
        if (!elem.isF16())
          word = LLVM::BitcastOp::create(b, loc, i32, word);
        result.push_back(word);
      }
      return result;
    };
    Type accElem = cast<VectorType>(c.getType()).getElementType();
    SmallVector<Value> accs;
    for (int64_t i = 0; i < 4; ++i)
      accs.push_back(vector::ExtractOp::create(b, loc, c, i));
    auto resultType =
        LLVM::LLVMStructType::getLiteral(b.getContext(), SmallVector<Type>(4, accElem));
    NVVM::MMATypes ptxType = elem.isF32()    ? NVVM::MMATypes::tf32
                             : elem.isBF16() ? NVVM::MMATypes::bf16
                             : elem.isF16()  ? NVVM::MMATypes::f16
                                             : NVVM::MMATypes::s8;
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (ptxType == NVVM::MMATypes::s8)
      overflow = NVVM::MMAIntOverflow::wrapped;
    Value d = NVVM::MmaOp::create(
        b, loc, resultType, words(a, 4), words(bOperand, 2), accs,
        ArrayRef<int64_t>{16, 8, 8 * w}, std::nullopt, overflow,
        std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row, NVVM::MMALayout::col});
    Value result = LLVM::UndefOp::create(b, loc, c.getType());
    for (int64_t i = 0; i < 4; ++i)
      result = vector::InsertOp::create(b, loc, LLVM::ExtractValueOp::create(b, loc, d, i),
                                        result, i);
    return result;
  }
  /// `ldmatrix` as inline PTX with the offset as an immediate,
  /// `[rowBase+byteOffset]`: `nvvm.ldmatrix` takes a bare pointer, and LLVM
  /// hoists each of a loop's loop-invariant row addresses into a register of
  /// its own (32 of them, 64 registers, on a 128x128x64 fp16 matmul at 4
  /// warps). Each word it returns holds a pair of elements, the lower in its
  /// low half.
  Value loadMatrix(OpBuilder &b, Location loc, func::FuncOp, Value rowBase, int64_t byteOffset,
                   Type elem, unsigned count, bool transpose) const override {
    Type i32 = b.getI32Type();
    Type resultType = i32;
    if (count > 1)
      resultType = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                    SmallVector<Type>(count, i32));
    std::string code = ("ldmatrix.sync.aligned.m8n8.x" + llvm::Twine(count) +
                        (transpose ? ".trans" : "") + ".shared.b16 {")
                           .str();
    std::string constraints;
    for (unsigned j = 0; j < count; ++j) {
      code += (j ? ", $" : "$") + std::to_string(j);
      constraints += "=r,";
    }
    code += "}, [$" + std::to_string(count) + "+" + std::to_string(byteOffset) + "];";
    constraints += "r";
    // The shared pointer as a 32-bit shared-window address.
    Value address = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), rowBase);
    Value loaded = inlineAsm(b, loc, resultType, {address}, code, constraints);
    auto pairType = VectorType::get({2}, elem);
    Value result = LLVM::UndefOp::create(b, loc, VectorType::get({2 * count}, elem));
    for (unsigned j = 0; j < count; ++j) {
      Value word = count > 1 ? Value(LLVM::ExtractValueOp::create(b, loc, loaded, j)) : loaded;
      Value pair = LLVM::BitcastOp::create(b, loc, pairType, word);
      result = vector::InsertStridedSliceOp::create(b, loc, pair, result,
                                                    ArrayRef<int64_t>{2 * int64_t(j)},
                                                    ArrayRef<int64_t>{1});
    }
    return result;
  }

  /// wgmma: sm_90a, the architecture-specific target (plain sm_90 PTX runs
  /// on later GPUs too, and has no wgmma).
  bool hasWarpgroupMma(llvm::StringRef arch, Type operand, Type acc) const override {
    return arch == "sm_90a" && detail::isWarpgroupMmaType(operand, acc);
  }
  /// fp8 wgmma (.e4m3, .e5m2, any pair): sm_90a too.
  bool hasFP8WarpgroupMma(llvm::StringRef arch, llvm::StringRef a,
                          llvm::StringRef b) const override {
    return arch == "sm_90a" && detail::isMmaSyncFP8Format(a) && detail::isMmaSyncFP8Format(b);
  }
  void warpgroupMmaFence(OpBuilder &b, Location loc, func::FuncOp) const override {
    inlineAsm(b, loc, Type(), {}, "fence.proxy.async.shared::cta;", "");
    inlineAsm(b, loc, Type(), {}, "wgmma.fence.sync.aligned;", "");
  }
  /// Inline PTX: the accumulators are tied in-out operands, scale-d is true.
  Value warpgroupMma(OpBuilder &b, Location loc, func::FuncOp, Type operand,
                     const WarpgroupMmaOperand &a, const WarpgroupMmaOperand &bOperand, Value acc,
                     unsigned n) const override {
    unsigned regs = n / 2;
    bool fp8 = !a.fp8.empty();
    bool tf32 = operand.isF32(), s8 = operand.isInteger(8) && !fp8;
    auto fp8Type = [](llvm::StringRef format) { return format == "fp8e5" ? "e5m2" : "e4m3"; };
    std::string code =
        "{\n.reg .pred p;\nmov.pred p, -1;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(n) +
        (tf32  ? std::string("k8.f32.tf32.tf32")
         : fp8 ? std::string("k32.f32.") + fp8Type(a.fp8) + "." + fp8Type(bOperand.fp8)
         : s8  ? std::string("k32.s32.s8.s8")
               : std::string("k16.f32.") + (operand.isBF16() ? "bf16.bf16" : "f16.f16")) +
        " {";
    for (unsigned r = 0; r < regs; ++r)
      code += (r ? ", $" : "$") + std::to_string(r);
    // tf32 and fp8 have no transpose operands (both K-major); integer wgmma
    // has neither those nor the operand scales, and its sums wrap (no
    // .satfinite).
    code += "}, $" + std::to_string(regs) + ", $" + std::to_string(regs + 1) + ", p" +
            (s8 ? std::string() : std::string(", 1, 1")) +
            (tf32 || s8 || fp8 ? std::string()
                               : std::string(", ") + (a.mnMajor ? "1" : "0") + ", " +
                                     (bOperand.mnMajor ? "1" : "0")) +
            ";\n}";
    // Descriptors hold the 32-bit shared-window address.
    auto descriptor = [&](const WarpgroupMmaOperand &operand) {
      Value address = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), operand.start);
      return detail::matrixDescriptor(
          b, loc, arith::ExtUIOp::create(b, loc, b.getI64Type(), address), operand);
    };
    return tiedRegistersAsm(b, loc, code, acc, {descriptor(a), descriptor(bOperand)}, "l,l")
        .front();
  }
  void warpgroupMmaCommit(OpBuilder &b, Location loc, func::FuncOp) const override {
    inlineAsm(b, loc, Type(), {}, "wgmma.commit_group.sync.aligned;", "");
  }
  /// Inline PTX whose outputs are the accumulator registers, each tied to its
  /// input (as Triton's warp_group_dot_wait): the registers a wgmma of the
  /// waited groups writes are read only after the wait.
  SmallVector<Value> warpgroupMmaWait(OpBuilder &b, Location loc, func::FuncOp, unsigned pendings,
                                      ValueRange accumulators) const override {
    return tiedRegistersAsm(b, loc,
                            "wgmma.wait_group.sync.aligned " + std::to_string(pendings) + ";",
                            accumulators, {}, "");
  }

  bool hasAsyncCopy(llvm::StringRef arch) const override { return smVersion(arch) >= 80; }
  /// `cp.async.cg` (16 bytes, L2 only, as Triton's) or `.ca` with a source
  /// size: 0 bytes from global memory, all zeros, where `enabled` is false.
  void asyncCopy(OpBuilder &b, Location loc, func::FuncOp, Value dst, Value src, unsigned bytes,
                 Value enabled) const override {
    Value full = arith::ConstantIntOp::create(b, loc, bytes, 32);
    Value none = arith::ConstantIntOp::create(b, loc, 0, 32);
    Value srcBytes = arith::SelectOp::create(b, loc, enabled, full, none);
    NVVM::CpAsyncOp::create(b, loc, dst, src, bytes,
                            bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                        : NVVM::LoadCacheModifierKind::CA,
                            srcBytes);
  }
  void asyncCommitGroup(OpBuilder &b, Location loc, func::FuncOp) const override {
    NVVM::CpAsyncCommitGroupOp::create(b, loc);
  }
  void asyncWaitGroup(OpBuilder &b, Location loc, func::FuncOp,
                      unsigned pending) const override {
    NVVM::CpAsyncWaitGroupOp::create(b, loc, pending);
  }

  /// TMA: sm_90a (tensormap.replace, as wgmma, needs the
  /// architecture-specific target).
  bool hasTensorMemoryAccelerator(llvm::StringRef arch) const override { return arch == "sm_90a"; }
  /// Zeroes the 128 bytes at `map`, sets each field with
  /// `tensormap.replace` in global memory (as Triton 3.9 does in shared
  /// memory before copying the map out), and hands the map to the tensormap
  /// proxy (release, then acquire, on this thread, which issues the copies).
  void encodeTensorMap(OpBuilder &b, Location loc, func::FuncOp, Value map,
                       const TensorMapFields &fields) const override {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    auto zeros = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(VectorType::get({2}, i64), b.getZeroAttr(i64)));
    for (int32_t chunk = 0; chunk < 8; ++chunk) {
      Value at = LLVM::GEPOp::create(b, loc, map.getType(), b.getI8Type(), map,
                                     ArrayRef<LLVM::GEPArg>{16 * chunk});
      LLVM::StoreOp::create(b, loc, zeros, at, /*alignment=*/16);
    }
    Value address = LLVM::PtrToIntOp::create(b, loc, i64, map);
    auto replace = [&](StringRef field, StringRef type, std::optional<int> ordinal, Value value) {
      std::string code =
          ("tensormap.replace.tile." + field + ".global.b1024." + type + " [$0], ").str();
      if (ordinal)
        code += std::to_string(*ordinal) + ", ";
      code += "$1;";
      inlineAsm(b, loc, Type(), {address, value}, code, type == "b64" ? "l,l" : "l,r");
    };
    // The fields ptxas takes as immediates only.
    auto replaceWith = [&](StringRef field, int64_t value) {
      inlineAsm(b, loc, Type(), {address},
                ("tensormap.replace.tile." + field + ".global.b1024.b32 [$0], " +
                 std::to_string(value) + ";")
                    .str(),
                "l");
    };
    auto constant = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, v, 32); };
    replace("global_address", "b64", std::nullopt,
            LLVM::PtrToIntOp::create(b, loc, i64, fields.base));
    int rank = int(fields.sizes.size());
    replaceWith("rank", rank - 1);
    for (int d = 0; d < rank; ++d) {
      replace("box_dim", "b32", d, constant(fields.box[d]));
      replace("global_dim", "b32", d, arith::TruncIOp::create(b, loc, i32, fields.sizes[d]));
      replace("element_stride", "b32", d, constant(1));
    }
    for (int d = 0; d + 1 < rank; ++d)
      replace("global_stride", "b64", d, fields.byteStrides[d]);
    replaceWith("elemtype", tensorMapElementType(fields.element));
    if (fields.swizzle)
      replaceWith("swizzle_mode", llvm::Log2_64(fields.swizzle) - 4);
    if (fields.nanFill)
      replaceWith("fill_mode", 1);
    inlineAsm(b, loc, Type(), {}, "fence.proxy.tensormap::generic.release.gpu;", "");
    inlineAsm(b, loc, Type(), {address}, "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;",
              "l");
  }
  void tmaLoad(OpBuilder &b, Location loc, func::FuncOp, Value map, ValueRange coords, Value dst,
               Value barrier) const override {
    std::string code = "cp.async.bulk.tensor." + std::to_string(coords.size()) +
                       "d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, {";
    SmallVector<Value> operands = {sharedAddress(b, loc, dst),
                                   LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), map)};
    std::string constraints = "r,l";
    for (auto [i, coord] : llvm::enumerate(coords)) {
      code += (i ? ", $" : "$") + std::to_string(2 + i);
      constraints += ",r";
      operands.push_back(coord);
    }
    code += "}], [$" + std::to_string(operands.size()) + "];";
    constraints += ",r";
    operands.push_back(sharedAddress(b, loc, barrier));
    inlineAsm(b, loc, Type(), operands, code, constraints);
  }
  /// `cp.async.bulk.tensor` from shared to global memory in its own bulk
  /// group, then `wait_group 0`: the writes have completed, not only the
  /// source's reads (Triton waits for `.read` only), and the source may be
  /// reused.
  void tmaStore(OpBuilder &b, Location loc, func::FuncOp, Value map, ValueRange coords,
                Value src) const override {
    std::string code = "cp.async.bulk.tensor." + std::to_string(coords.size()) +
                       "d.global.shared::cta.tile.bulk_group [$0, {";
    SmallVector<Value> operands = {LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), map)};
    std::string constraints = "l";
    for (auto [i, coord] : llvm::enumerate(coords)) {
      code += (i ? ", $" : "$") + std::to_string(1 + i);
      constraints += ",r";
      operands.push_back(coord);
    }
    code += "}], [$" + std::to_string(operands.size()) + "];";
    constraints += ",r";
    operands.push_back(sharedAddress(b, loc, src));
    inlineAsm(b, loc, Type(), operands, code, constraints);
    inlineAsm(b, loc, Type(), {}, "cp.async.bulk.commit_group;", "");
    inlineAsm(b, loc, Type(), {}, "cp.async.bulk.wait_group 0;", "");
  }
  void asyncProxyFence(OpBuilder &b, Location loc, func::FuncOp) const override {
    inlineAsm(b, loc, Type(), {}, "fence.proxy.async.shared::cta;", "");
  }
  void mbarrierInit(OpBuilder &b, Location loc, func::FuncOp, Value barrier,
                    unsigned count) const override {
    inlineAsm(b, loc, Type(), {sharedAddress(b, loc, barrier)},
              "mbarrier.init.shared.b64 [$0], " + std::to_string(count) + ";", "r");
  }
  void mbarrierArriveExpectTx(OpBuilder &b, Location loc, func::FuncOp, Value barrier,
                              Value bytes) const override {
    inlineAsm(b, loc, Type(), {sharedAddress(b, loc, barrier), bytes},
              "mbarrier.arrive.expect_tx.shared.b64 _, [$0], $1;", "r,r");
  }
  void mbarrierInval(OpBuilder &b, Location loc, func::FuncOp, Value barrier) const override {
    inlineAsm(b, loc, Type(), {sharedAddress(b, loc, barrier)}, "mbarrier.inval.shared.b64 [$0];",
              "r");
  }
  /// `mbarrier.try_wait.parity` until it succeeds (the label is local to the
  /// braces).
  void mbarrierWait(OpBuilder &b, Location loc, func::FuncOp, Value barrier,
                    Value phase) const override {
    inlineAsm(b, loc, Type(), {sharedAddress(b, loc, barrier), phase},
              "{\n.reg .pred done;\nwaitLoop:\n"
              "mbarrier.try_wait.parity.shared.b64 done, [$0], $1;\n"
              "@!done bra.uni waitLoop;\n}",
              "r,r");
  }

private:
  static constexpr uint64_t kStaticSharedBytes = 48 * 1024;
  /// The 32-bit shared-window address of the shared pointer `ptr`.
  static Value sharedAddress(OpBuilder &b, Location loc, Value ptr) {
    return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr);
  }
  /// The PTX ISA's tensormap `elemtype` code of `element`: raw bytes for
  /// integers and fp8 (.u8, .u16, .u32, .u64), else the float type (.f16,
  /// .f32, .f64, .bf16).
  static int64_t tensorMapElementType(Type element) {
    if (element.isF16())
      return 6;
    if (element.isF32())
      return 7;
    if (element.isF64())
      return 9;
    if (element.isBF16())
      return 10;
    switch (element.getIntOrFloatBitWidth()) {
    case 8:
      return 0;
    case 16:
      return 1;
    case 32:
      return 2;
    default:
      return 4;
    }
  }
  /// NN of `sm_NN` or `sm_NNa`; 0 for anything else.
  static unsigned smVersion(llvm::StringRef arch) {
    unsigned version;
    llvm::StringRef rest = arch;
    if (!rest.consume_front("sm_"))
      return 0;
    rest.consume_back("a");
    return rest.getAsInteger(10, version) ? 0 : version;
  }

  /// A side-effecting `llvm.inline_asm` (so LLVM keeps its order with other
  /// memory accesses and barriers); `resultType` is null for none.
  static Value inlineAsm(OpBuilder &b, Location loc, Type resultType, ValueRange operands,
                         StringRef code, StringRef constraints) {
    auto op = LLVM::InlineAsmOp::create(
        b, loc, resultType ? TypeRange{resultType} : TypeRange{}, operands, code, constraints,
        /*has_side_effects=*/true, /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
    return resultType ? op.getResult(0) : Value();
  }

  /// Inline PTX `code` whose outputs $0.. are the elements of `accumulators`
  /// in order (`=f` for f32, `=r` for i32), each tied to its own input, and
  /// whose next operands are `inputs` (`inputConstraints`, e.g. "l,l"): the
  /// code reads and writes the accumulator registers in place. Returns the
  /// accumulators as it leaves them.
  static SmallVector<Value> tiedRegistersAsm(OpBuilder &b, Location loc, const std::string &code,
                                             ValueRange accumulators, ValueRange inputs,
                                             StringRef inputConstraints) {
    SmallVector<Value> operands(inputs);
    SmallVector<Type> types;
    for (Value acc : accumulators) {
      auto type = cast<VectorType>(acc.getType());
      for (int64_t r = 0; r < type.getNumElements(); ++r) {
        operands.push_back(vector::ExtractOp::create(b, loc, acc, r));
        types.push_back(type.getElementType());
      }
    }
    SmallVector<std::string> constraints;
    for (Type type : types)
      constraints.push_back(type.isF32() ? "=f" : "=r");
    if (!inputConstraints.empty())
      constraints.push_back(inputConstraints.str());
    for (size_t r = 0; r < types.size(); ++r)
      constraints.push_back(std::to_string(r));
    Value asmResult = inlineAsm(b, loc, LLVM::LLVMStructType::getLiteral(b.getContext(), types),
                                operands, code, llvm::join(constraints, ","));
    SmallVector<Value> results;
    unsigned next = 0;
    for (Value acc : accumulators) {
      Value result = LLVM::UndefOp::create(b, loc, acc.getType());
      for (int64_t r = 0; r < cast<VectorType>(acc.getType()).getNumElements(); ++r)
        result = vector::InsertOp::create(
            b, loc, LLVM::ExtractValueOp::create(b, loc, asmResult, next++), result, r);
      results.push_back(result);
    }
    return results;
  }

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
