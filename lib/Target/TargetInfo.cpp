//===- TargetInfo.cpp - TargetInfo factory and shared helpers --------------===//
#include "Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

namespace tilec {

TargetInfo::~TargetInfo() = default;

Value TargetInfo::loadShared(OpBuilder &b, Location loc, func::FuncOp, Type type,
                             Value ptr) const {
  return LLVM::LoadOp::create(b, loc, type, ptr);
}

void TargetInfo::storeShared(OpBuilder &b, Location loc, func::FuncOp, Value value,
                             Value ptr) const {
  LLVM::StoreOp::create(b, loc, value, ptr);
}

void TargetInfo::atomicAddShared(OpBuilder &b, Location loc, func::FuncOp, Value value,
                                 Value ptr) const {
  LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add, ptr, value,
                            LLVM::AtomicOrdering::monotonic);
}

Value TargetInfo::getSharedMemoryBase(OpBuilder &b, Location loc, func::FuncOp kernel) const {
  return detail::getGlobalSharedMemoryBase(b, loc, kernel, getSharedAddressSpace());
}

void TargetInfo::setSharedMemorySize(func::FuncOp kernel, uint64_t bytes) const {
  detail::setGlobalSharedMemorySize(kernel, bytes);
}

/// Unit attribute of the kernels that prepareKernel has given the target's
/// ABI arguments (prepareKernelOnce).
static constexpr llvm::StringLiteral kABIPreparedAttr = "tilec.abi_prepared";

static void setGlobalScratchAttr(func::FuncOp kernel, uint64_t bytes) {
  kernel->setAttr(kGlobalScratchAttr,
                  IntegerAttr::get(IntegerType::get(kernel.getContext(), 64), int64_t(bytes)));
}

void TargetInfo::setGlobalScratchSize(func::FuncOp kernel, uint64_t bytes) const {
  assert(bytes % 128 == 0 && "global scratch comes in multiples of 128 bytes");
  (void)getGlobalScratchArgument(kernel);
  setGlobalScratchAttr(kernel, bytes);
}

uint64_t TargetInfo::getGlobalScratchSize(func::FuncOp kernel) {
  auto bytes = kernel->getAttrOfType<IntegerAttr>(kGlobalScratchAttr);
  return bytes ? bytes.getValue().getZExtValue() : 0;
}

Value TargetInfo::getGlobalScratchArgument(func::FuncOp kernel) const {
  // The target's ABI arguments, once present, stay last.
  unsigned end =
      kernel.getNumArguments() - (kernel->hasAttr(kABIPreparedAttr) ? getNumABIArguments() : 0);
  if (kernel->hasAttr(kGlobalScratchAttr))
    return kernel.getArgument(end - 1);
  MLIRContext *ctx = kernel.getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx, getGlobalAddressSpace());
  (void)kernel.insertArgument(end, ptr, DictionaryAttr::get(ctx), kernel.getLoc());
  setGlobalScratchAttr(kernel, 0);
  return kernel.getArgument(end);
}

Value TargetInfo::getGlobalScratchSlot(OpBuilder &b, Location loc, func::FuncOp kernel) const {
  Value base = getGlobalScratchArgument(kernel);
  Type i64 = b.getI64Type();
  auto wide = [&](Value i32) -> Value { return arith::ExtUIOp::create(b, loc, i64, i32); };
  // ((z * grid_y + y) * grid_x + x) in 64 bits: grids reach 2^63 programs.
  Value linear = wide(getProgramId(b, loc, kernel, 2));
  for (int axis : {1, 0}) {
    Value scaled =
        arith::MulIOp::create(b, loc, linear, wide(getNumPrograms(b, loc, kernel, axis)));
    linear = arith::AddIOp::create(b, loc, scaled, wide(getProgramId(b, loc, kernel, axis)));
  }
  Value stride = arith::ConstantIntOp::create(b, loc, int64_t(getGlobalScratchSize(kernel)), 64);
  Value offset = arith::MulIOp::create(b, loc, linear, stride);
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base, ValueRange{offset});
}

Value TargetInfo::maskedLoadGlobal(OpBuilder &b, Location loc, Type type, Value ptr,
                                   Value enabled, Value fallback, unsigned alignment) const {
  auto branch = scf::IfOp::create(b, loc, type, enabled, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(branch.thenBlock());
  scf::YieldOp::create(b, loc, Value(LLVM::LoadOp::create(b, loc, type, ptr, alignment)));
  b.setInsertionPointToStart(branch.elseBlock());
  scf::YieldOp::create(b, loc, fallback);
  return branch.getResult(0);
}

void TargetInfo::maskedStoreGlobal(OpBuilder &b, Location loc, Value value, Value ptr,
                                   Value enabled, unsigned alignment) const {
  auto branch = scf::IfOp::create(b, loc, TypeRange{}, enabled, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(branch.thenBlock());
  LLVM::StoreOp::create(b, loc, value, ptr, alignment);
}

Value createGlobalCString(OpBuilder &b, Location loc, ModuleOp module, StringRef text) {
  std::string name;
  for (unsigned n = 0;; ++n) {
    name = "__tilec_str_" + std::to_string(n);
    if (!module.lookupSymbol(name))
      break;
  }
  std::string withNul = text.str();
  withNul.push_back('\0');
  return LLVM::createGlobalString(loc, b, name, withNul, LLVM::Linkage::Internal);
}

/// The module that `b` inserts into.
static ModuleOp enclosingModule(OpBuilder &b) {
  return b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
}

LogicalResult TargetInfo::emitPrintf(OpBuilder &b, Location loc, Value format,
                                     ValueRange args) const {
  ModuleOp module = enclosingModule(b);
  Type ptrTy = LLVM::LLVMPointerType::get(b.getContext());
  FailureOr<LLVM::LLVMFuncOp> printfFn =
      LLVM::lookupOrCreateFn(b, module, "printf", {ptrTy}, b.getI32Type(), /*isVarArg=*/true);
  if (failed(printfFn))
    return emitError(loc, "a function 'printf' with another signature exists");
  SmallVector<Value> operands{format};
  llvm::append_range(operands, args);
  LLVM::CallOp::create(b, loc, *printfFn, operands);
  return success();
}

Value TargetInfo::getGlobalTimer(OpBuilder &b, Location loc, func::FuncOp) const {
  ModuleOp module = enclosingModule(b);
  Type ptrTy = LLVM::LLVMPointerType::get(b.getContext());
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  FailureOr<LLVM::LLVMFuncOp> clockFn =
      LLVM::lookupOrCreateFn(b, module, "clock_gettime", {i32, ptrTy}, i32);
  if (failed(clockFn)) {
    emitError(loc, "a function 'clock_gettime' with another signature exists");
    return Value();
  }
  // struct timespec { time_t tv_sec; long tv_nsec; }: two i64s on the 64-bit
  // Linux hosts that run host kernels. Its slot is freed right away (stack
  // save/restore), so that a polling loop does not grow the stack.
  Value stack = LLVM::StackSaveOp::create(b, loc, ptrTy);
  Value one = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
  Value timespec = LLVM::AllocaOp::create(b, loc, ptrTy, LLVM::LLVMArrayType::get(i64, 2), one, 8);
  const int32_t clockMonotonic = 1; // CLOCK_MONOTONIC on Linux.
  Value clockId = LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(clockMonotonic));
  LLVM::CallOp::create(b, loc, *clockFn, ValueRange{clockId, timespec});
  Value seconds = LLVM::LoadOp::create(b, loc, i64, timespec);
  Value nsField = LLVM::GEPOp::create(b, loc, ptrTy, i64, timespec, ArrayRef<LLVM::GEPArg>{1});
  Value nanoseconds = LLVM::LoadOp::create(b, loc, i64, nsField);
  LLVM::StackRestoreOp::create(b, loc, stack);
  Value perSecond = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1000000000));
  Value scaled = LLVM::MulOp::create(b, loc, seconds, perSecond);
  return LLVM::AddOp::create(b, loc, scaled, nanoseconds);
}

LogicalResult TargetInfo::emitAssertFailure(OpBuilder &b, Location loc, func::FuncOp kernel,
                                            StringRef message, StringRef file,
                                            unsigned line) const {
  ModuleOp module = enclosingModule(b);
  MLIRContext *ctx = b.getContext();
  Type ptrTy = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type();
  // The hook slot: an exported, writable pointer, null until the driver sets it.
  if (!module.lookupSymbol(kAssertHookSymbol)) {
    OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
    auto global = LLVM::GlobalOp::create(mb, loc, ptrTy, /*isConstant=*/false,
                                         LLVM::Linkage::External, kAssertHookSymbol, Attribute());
    Block *init = mb.createBlock(&global.getInitializerRegion());
    mb.setInsertionPointToStart(init);
    LLVM::ReturnOp::create(mb, loc, LLVM::ZeroOp::create(mb, loc, ptrTy).getResult());
  }
  Value slot = LLVM::AddressOfOp::create(b, loc, ptrTy, kAssertHookSymbol);
  Value hook = LLVM::LoadOp::create(b, loc, ptrTy, slot);
  Value null = LLVM::ZeroOp::create(b, loc, ptrTy);
  Value installed = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, hook, null);
  auto ifInstalled = scf::IfOp::create(b, loc, installed, /*withElseRegion=*/true);
  OpBuilder call = OpBuilder::atBlockBegin(ifInstalled.thenBlock());
  SmallVector<Value> args = {hook,
                             createGlobalCString(call, loc, module, message),
                             createGlobalCString(call, loc, module, file),
                             arith::ConstantIntOp::create(call, loc, line, 32),
                             createGlobalCString(call, loc, module, kernel.getSymName())};
  for (int axis = 0; axis < 3; ++axis)
    args.push_back(getProgramId(call, loc, kernel, axis));
  auto hookTy = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                            {ptrTy, ptrTy, i32, ptrTy, i32, i32, i32});
  LLVM::CallOp::create(call, loc, hookTy, args);
  // Loaded outside the runtime (no hook): stop the process like a failed C assert.
  OpBuilder otherwise = OpBuilder::atBlockBegin(ifInstalled.elseBlock());
  FailureOr<LLVM::LLVMFuncOp> abortFn =
      LLVM::lookupOrCreateFn(otherwise, module, "abort", {}, LLVM::LLVMVoidType::get(ctx));
  if (failed(abortFn))
    return emitError(loc, "a function 'abort' with another signature exists");
  LLVM::CallOp::create(otherwise, loc, *abortFn, ValueRange{});
  return success();
}

bool detail::isMmaSyncFP8Format(llvm::StringRef format) {
  return format == "fp8e4nv" || format == "fp8e5";
}

bool detail::isMmaSyncType(Type operand, Type acc) {
  if (operand.isInteger(8))
    return acc.isInteger(32);
  return (operand.isF16() || operand.isBF16() || operand.isF32()) && acc.isF32();
}

Value roundToTF32(OpBuilder &b, Location loc, Value v) {
  Type intType = b.getI32Type();
  if (auto shaped = dyn_cast<ShapedType>(v.getType()))
    intType = shaped.clone(intType);
  auto constant = [&](uint32_t value) -> Value {
    TypedAttr attr = b.getI32IntegerAttr(int32_t(value));
    if (auto shaped = dyn_cast<ShapedType>(intType))
      attr = DenseElementsAttr::get(shaped, attr);
    return arith::ConstantOp::create(b, loc, attr);
  };
  Value bits = arith::BitcastOp::create(b, loc, intType, v);
  Value exponent = arith::AndIOp::create(b, loc, bits, constant(0x7f800000u));
  Value special =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponent, constant(0x7f800000u));
  // Adding half an ulp of tf32 to the magnitude rounds it half away from zero.
  Value rounded = arith::AndIOp::create(
      b, loc, arith::AddIOp::create(b, loc, bits, constant(0x1000u)), constant(0xffffe000u));
  Value result = arith::SelectOp::create(b, loc, special, bits, rounded);
  return arith::BitcastOp::create(b, loc, v.getType(), result);
}

llvm::StringRef TargetInfo::getDefaultDotInputPrecision(llvm::StringRef) const { return "ieee"; }

bool TargetInfo::hasMmaSync(llvm::StringRef, Type, Type) const { return false; }
bool TargetInfo::hasFP8MmaSync(llvm::StringRef, llvm::StringRef, llvm::StringRef) const {
  return false;
}
Value TargetInfo::fp8MmaSync(OpBuilder &, Location, func::FuncOp, llvm::StringRef, llvm::StringRef,
                             Value, Value, Value) const {
  llvm_unreachable("fp8 mma.sync requested from a target without it (check hasFP8MmaSync)");
}

Value TargetInfo::mmaSync(OpBuilder &, Location, func::FuncOp, Value, Value, Value) const {
  llvm_unreachable("mma.sync requested from a target without it (check hasMmaSync)");
}

bool TargetInfo::hasLoadMatrix(llvm::StringRef) const { return false; }

Value TargetInfo::loadMatrix(OpBuilder &, Location, func::FuncOp, Value, int64_t, Type,
                             unsigned, bool) const {
  llvm_unreachable("ldmatrix requested from a target without it (check hasLoadMatrix)");
}

bool TargetInfo::hasWarpgroupMma(llvm::StringRef, Type, Type) const { return false; }
bool TargetInfo::hasFP8WarpgroupMma(llvm::StringRef, llvm::StringRef, llvm::StringRef) const {
  return false;
}

void TargetInfo::warpgroupMmaFence(OpBuilder &, Location, func::FuncOp) const {
  llvm_unreachable("wgmma requested from a target without it (check hasWarpgroupMma)");
}

Value TargetInfo::warpgroupMma(OpBuilder &, Location, func::FuncOp, Type,
                               const WarpgroupMmaOperand &, const WarpgroupMmaOperand &, Value,
                               unsigned) const {
  llvm_unreachable("wgmma requested from a target without it (check hasWarpgroupMma)");
}

void TargetInfo::warpgroupMmaCommit(OpBuilder &, Location, func::FuncOp) const {
  llvm_unreachable("wgmma requested from a target without it (check hasWarpgroupMma)");
}

SmallVector<Value> TargetInfo::warpgroupMmaWait(OpBuilder &, Location, func::FuncOp, unsigned,
                                                ValueRange) const {
  llvm_unreachable("wgmma requested from a target without it (check hasWarpgroupMma)");
}

Value detail::matrixDescriptor(OpBuilder &b, Location loc, Value address,
                               const WarpgroupMmaOperand &operand) {
  auto constant = [&](uint64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, int64_t(v), 64);
  };
  // Bits 0-13: address / 16 (18 address bits); 16-29: leading byte offset /
  // 16; 32-45: stride byte offset / 16; 62-63: 1 = 128-byte, 2 = 64-byte, 3 =
  // 32-byte swizzle, 0 = none.
  uint64_t mode = operand.swizzleBytes == 128  ? 1
                  : operand.swizzleBytes == 64 ? 2
                  : operand.swizzleBytes == 32 ? 3
                                               : 0;
  uint64_t fields = ((operand.leadingBytes >> 4) & 0x3fff) << 16 |
                    ((operand.strideBytes >> 4) & 0x3fff) << 32 | mode << 62;
  Value start = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, address, constant(4)), constant(0x3fff));
  return arith::OrIOp::create(b, loc, start, constant(fields));
}

bool detail::isWarpgroupMmaType(Type operand, Type acc) {
  return ((operand.isF16() || operand.isBF16() || operand.isF32()) && acc.isF32()) ||
         (operand.isInteger(8) && acc.isInteger(32));
}

bool detail::isMfmaFP8Format(llvm::StringRef format) {
  return format == "fp8e4b8" || format == "fp8e5b16";
}

bool detail::isMfmaType(unsigned nonK, Type operand, Type acc) {
  if (nonK != 32 && nonK != 16)
    return false;
  if (operand.isInteger(8))
    return acc.isInteger(32);
  return (operand.isF16() || operand.isBF16() || operand.isF32()) && acc.isF32();
}

bool TargetInfo::hasMfma(llvm::StringRef, unsigned, Type, Type) const { return false; }
bool TargetInfo::hasFP8Mfma(llvm::StringRef, unsigned, llvm::StringRef, llvm::StringRef) const {
  return false;
}

Value TargetInfo::mfma(OpBuilder &, Location, func::FuncOp, unsigned, Value, Value,
                       Value) const {
  llvm_unreachable("MFMA requested from a target without it (check hasMfma)");
}
Value TargetInfo::fp8Mfma(OpBuilder &, Location, func::FuncOp, unsigned, llvm::StringRef,
                          llvm::StringRef, Value, Value, Value) const {
  llvm_unreachable("fp8 MFMA requested from a target without it (check hasFP8Mfma)");
}

bool TargetInfo::hasAsyncCopy(llvm::StringRef) const { return false; }

void TargetInfo::asyncCopy(OpBuilder &, Location, func::FuncOp, Value, Value, unsigned,
                           Value) const {
  llvm_unreachable("cp.async requested from a target without it (check hasAsyncCopy)");
}

void TargetInfo::asyncCommitGroup(OpBuilder &, Location, func::FuncOp) const {
  llvm_unreachable("cp.async requested from a target without it (check hasAsyncCopy)");
}

void TargetInfo::asyncWaitGroup(OpBuilder &, Location, func::FuncOp, unsigned) const {
  llvm_unreachable("cp.async requested from a target without it (check hasAsyncCopy)");
}

void TargetInfo::encodeTensorMap(OpBuilder &, Location, func::FuncOp, Value,
                                 const TensorMapFields &) const {
  llvm_unreachable("TMA requested from a target without it (check hasTensorMemoryAccelerator)");
}

void TargetInfo::tmaLoad(OpBuilder &, Location, func::FuncOp, Value, ValueRange, Value,
                         Value) const {
  llvm_unreachable("TMA requested from a target without it (check hasTensorMemoryAccelerator)");
}

void TargetInfo::tmaStore(OpBuilder &, Location, func::FuncOp, Value, ValueRange, Value) const {
  llvm_unreachable("TMA requested from a target without it (check hasTensorMemoryAccelerator)");
}

void TargetInfo::asyncProxyFence(OpBuilder &, Location, func::FuncOp) const {
  llvm_unreachable("TMA requested from a target without it (check hasTensorMemoryAccelerator)");
}

void TargetInfo::mbarrierInit(OpBuilder &, Location, func::FuncOp, Value, unsigned) const {
  llvm_unreachable("mbarrier requested from a target without TMA");
}

void TargetInfo::mbarrierArriveExpectTx(OpBuilder &, Location, func::FuncOp, Value, Value) const {
  llvm_unreachable("mbarrier requested from a target without TMA");
}

void TargetInfo::mbarrierInval(OpBuilder &, Location, func::FuncOp, Value) const {
  llvm_unreachable("mbarrier requested from a target without TMA");
}

void TargetInfo::mbarrierWait(OpBuilder &, Location, func::FuncOp, Value, Value) const {
  llvm_unreachable("mbarrier requested from a target without TMA");
}

void prepareKernelOnce(const TargetInfo &info, func::FuncOp kernel) {
  if (kernel->hasAttr(kABIPreparedAttr))
    return;
  info.prepareKernel(kernel);
  kernel->setAttr(kABIPreparedAttr, UnitAttr::get(kernel.getContext()));
}

llvm::ArrayRef<llvm::StringLiteral> getTargetNames() {
  static constexpr llvm::StringLiteral names[] = {"cpu", "nvptx", "amdgpu", "simt"};
  return names;
}

LLVMProcessor getHostProcessor() {
  LLVMProcessor host{llvm::sys::getHostCPUName().str(), ""};
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    if (feature.second)
      host.features += (host.features.empty() ? "+" : ",+") + feature.first().str();
  return host;
}

std::unique_ptr<TargetInfo> createTargetInfo(llvm::StringRef target) {
  if (target == "cpu")
    return createCPUTargetInfo();
  if (target == "nvptx")
    return createNVPTXTargetInfo();
  if (target == "amdgpu")
    return createAMDGPUTargetInfo();
  if (target == "simt")
    return createSIMTTargetInfo();
  return nullptr;
}

static std::string sharedGlobalName(func::FuncOp kernel) {
  return ("__tilec_smem_" + kernel.getName()).str();
}

Value detail::getGlobalSharedMemoryBase(OpBuilder &b, Location loc, func::FuncOp kernel,
                                        unsigned addressSpace) {
  auto module = kernel->getParentOfType<ModuleOp>();
  std::string name = sharedGlobalName(kernel);
  auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
  MLIRContext *ctx = b.getContext();
  if (!global) {
    OpBuilder mb(module.getBodyRegion());
    mb.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), 0);
    // 1024-byte aligned: wgmma's swizzled operands XOR address bits 4-6 with
    // bits 7-9 of the shared-memory address itself.
    global = LLVM::GlobalOp::create(mb, loc, type, /*isConstant=*/false,
                                    LLVM::Linkage::Internal, name, Attribute(),
                                    /*alignment=*/1024, addressSpace);
  }
  return LLVM::AddressOfOp::create(b, loc, LLVM::LLVMPointerType::get(ctx, addressSpace),
                                   name);
}

void detail::setGlobalSharedMemoryDynamic(func::FuncOp kernel, uint64_t bytes) {
  auto module = kernel->getParentOfType<ModuleOp>();
  if (auto global = module.lookupSymbol<LLVM::GlobalOp>(sharedGlobalName(kernel)))
    global.setLinkage(LLVM::Linkage::External);
  kernel->setAttr(kDynamicSharedMemoryAttr,
                  IntegerAttr::get(IntegerType::get(kernel.getContext(), 64), int64_t(bytes)));
}

void detail::setGlobalSharedMemorySize(func::FuncOp kernel, uint64_t bytes) {
  auto module = kernel->getParentOfType<ModuleOp>();
  auto global = module.lookupSymbol<LLVM::GlobalOp>(sharedGlobalName(kernel));
  if (!global)
    return;
  global.setGlobalType(
      LLVM::LLVMArrayType::get(IntegerType::get(kernel.getContext(), 8), bytes));
}

} // namespace tilec
