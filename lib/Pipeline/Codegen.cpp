//===- Codegen.cpp - emitArtifact: LLVM dialect to IR, asm, objects, images ===//
#include "Codegen.h"
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Target/TargetInfo.h"

#include "tilec/module_format.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <cstring>
#include <mutex>

using namespace mlir;

namespace tilec {
namespace {

void initializeLLVMTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
  });
}

/// The LLVM processor for `options`: the target's, with the user's features
/// (`--features`) before the ones the target adds.
LLVMProcessor selectProcessor(const PipelineOptions &options, const TargetInfo &info) {
  LLVMProcessor processor = info.getLLVMProcessor(options.arch);
  std::string features = options.features;
  if (!processor.features.empty())
    features += (features.empty() ? "" : ",") + processor.features;
  processor.features = std::move(features);
  return processor;
}

} // namespace

namespace detail {

VectorRegisters getCPUVectorRegisters(const PipelineOptions &options) {
  VectorRegisters regs;
  std::unique_ptr<TargetInfo> info = createTargetInfo(options.target);
  if (!info || info->getKind() != TargetKind::CPU)
    return regs;
  initializeLLVMTargets();
  llvm::Triple triple(info->getTriple(options.arch));
  std::string lookupError;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, lookupError);
  if (!target)
    return regs;
  LLVMProcessor processor = selectProcessor(options, *info);
  std::unique_ptr<llvm::MCSubtargetInfo> sti(target->createMCSubtargetInfo(triple, "", ""));
  if (!sti || !sti->isCPUStringValid(processor.cpu))
    return regs;
  sti.reset(target->createMCSubtargetInfo(triple, processor.cpu, processor.features));
  if (triple.isX86()) {
    // The 128- and 256-bit forms of the dot instructions (narrow microkernel
    // blocks) need AVX512-VL; AVX-VNNI has them without AVX-512.
    bool vl = sti->checkFeatures("+avx512vl");
    if (sti->checkFeatures("+avx512f"))
      return {512, 32, vl && sti->checkFeatures("+avx512bf16"),
              vl && sti->checkFeatures("+avx512vnni")};
    if (sti->checkFeatures("+avx"))
      return {256, 16, false, sti->checkFeatures("+avxvnni")};
    return {128, 16};
  }
  if (triple.isAArch64())
    return {128, 32}; // NEON (SVE code is generated at 128 bits too).
  return regs;
}

void runModulePasses(llvm::Module &module, llvm::TargetMachine &tm,
                     const llvm::PipelineTuningOptions &tuning,
                     llvm::function_ref<llvm::ModulePassManager(llvm::PassBuilder &)> build) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm, tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  build(pb).run(module, mam);
}

} // namespace detail

namespace {

/// Runs LLVM's -O<n> module pipeline with the target's cost model.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &tm, unsigned optLevel) {
  if (optLevel == 0)
    return;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::OptimizationLevel level = optLevel == 1   ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  detail::runModulePasses(module, tm, tuning, [&](llvm::PassBuilder &pb) {
    return pb.buildPerModuleDefaultPipeline(level);
  });
}

/// libdevice's `__nvvm_reflect("__CUDA_FTZ")`: 1 selects its flush-to-zero
/// paths, as Triton does by default (`enable_reflect_ftz=True`).
constexpr int kLibdeviceFtz = 1;

/// Links libdevice into `module` when it calls `__nv_*` functions (see
/// tilec-expand-math's `libdevice` option): only the functions needed, made
/// internal so that -O3 inlines them and drops the rest. NVVMReflect (in the
/// NVPTX pipelines) folds libdevice's `__nvvm_reflect` calls with the
/// `nvvm-reflect-ftz` module flag set here.
LogicalResult linkLibdevice(llvm::Module &module, StringRef path, std::string &error) {
  if (llvm::none_of(module.functions(), [](const llvm::Function &f) {
        return f.isDeclaration() && f.getName().starts_with("__nv_");
      }))
    return success();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = "cannot read libdevice '" + path.str() + "': " + buffer.getError().message();
    return failure();
  }
  llvm::Expected<std::unique_ptr<llvm::Module>> library =
      llvm::parseBitcodeFile((*buffer)->getMemBufferRef(), module.getContext());
  if (!library) {
    error = "cannot load libdevice '" + path.str() + "': " + llvm::toString(library.takeError());
    return failure();
  }
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());
  llvm::StringSet<> defined;
  for (const llvm::GlobalValue &value : (*library)->global_values())
    if (!value.isDeclaration())
      defined.insert(value.getName());
  if (llvm::Linker::linkModules(module, std::move(*library), llvm::Linker::Flags::LinkOnlyNeeded)) {
    error = "cannot link libdevice '" + path.str() + "'";
    return failure();
  }
  for (llvm::GlobalValue &value : module.global_values())
    if (!value.isDeclaration() && defined.contains(value.getName()))
      value.setLinkage(llvm::GlobalValue::InternalLinkage);
  module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", kLibdeviceFtz);
  return success();
}

/// Where LLVM's fatal errors go on this thread while BackendErrors::run runs.
thread_local std::string *fatalErrorSink = nullptr;

/// LLVM's fatal error handler (installed once): inside BackendErrors::run the
/// reason is kept and the compile unwinds to its CrashRecoveryContext;
/// elsewhere LLVM's default report and exit follow.
void onFatalError(void *, const char *reason, bool) {
  if (!fatalErrorSink) {
    llvm::errs() << "LLVM ERROR: " << reason << "\n";
    return;
  }
  *fatalErrorSink = reason;
  llvm::sys::Process::Exit(1);
}

/// Collects the errors LLVM reports while it links, optimizes and compiles a
/// module, which would otherwise exit the process: diagnostics of error
/// severity ("no libcall available", a stack frame over the limit) and fatal
/// errors ("Cannot select"). Warnings and remarks are printed as before.
class BackendErrors {
public:
  /// Sends `context`'s diagnostics to this collector.
  explicit BackendErrors(llvm::LLVMContext &context) {
    context.setDiagnosticHandler(std::make_unique<Forward>(*this));
  }

  bool failed() const { return !message.empty(); }
  const std::string &getMessage() const { return message; }

  /// Runs `fn`, which may report fatal errors or crash; false if it did not
  /// return normally, in which case LLVM's state is left as it was (leak it).
  bool run(llvm::function_ref<void()> fn) {
    static std::once_flag once;
    std::call_once(once, [] { llvm::install_fatal_error_handler(onFatalError); });
    static std::mutex mutex;
    static unsigned users = 0;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (users++ == 0)
        llvm::CrashRecoveryContext::Enable();
    }
    std::string fatal;
    fatalErrorSink = &fatal;
    llvm::CrashRecoveryContext recovery;
    bool returned = recovery.RunSafely(fn);
    fatalErrorSink = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (--users == 0)
        llvm::CrashRecoveryContext::Disable();
    }
    if (!returned && !fatal.empty())
      add(fatal);
    else if (!returned)
      add("the LLVM back end crashed (" +
          (recovery.RetCode > 128 ? std::string(strsignal(recovery.RetCode - 128))
                                  : "exit code " + std::to_string(recovery.RetCode)) +
          ")");
    return returned;
  }

private:
  /// The context owns its handler: this forwards to the collector.
  struct Forward : llvm::DiagnosticHandler {
    BackendErrors &errors;
    explicit Forward(BackendErrors &errors) : errors(errors) {}
    bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
      if (info.getSeverity() != llvm::DS_Error)
        return false;
      std::string text;
      llvm::raw_string_ostream os(text);
      llvm::DiagnosticPrinterRawOStream printer(os);
      info.print(printer);
      errors.add(text);
      return true;
    }
  };

  void add(llvm::StringRef text) {
    // Back-end diagnostics have no source location (tilec emits no debug info).
    text.consume_front("<unknown>:0:0: ");
    if (!message.empty())
      message += "; ";
    message += text.rtrim().str();
  }

  std::string message;
};

/// The most elements one vector value may have in the LLVM IR handed to
/// code generation: LLVM's SelectionDAG fails ("SmallVector unable to grow")
/// on larger vectors (65536 lanes), so such a tile is refused up front.
constexpr uint64_t kMaxVectorElements = 32768;

/// The most elements of any vector value or operand in `module`.
uint64_t largestVector(const llvm::Module &module) {
  uint64_t largest = 0;
  auto visit = [&](llvm::Type *type) {
    if (auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type))
      largest = std::max<uint64_t>(largest, vector->getNumElements());
  };
  for (const llvm::Function &fn : module)
    for (const llvm::BasicBlock &block : fn)
      for (const llvm::Instruction &inst : block) {
        visit(inst.getType());
        for (const llvm::Value *operand : inst.operands())
          visit(operand->getType());
      }
  return largest;
}

/// Reports a code generation error at the kernels of `module` (the source
/// line of their `def`): "kernel 'k': <message>".
void reportBackendError(ModuleOp module, ArrayRef<KernelInfo> kernels, llvm::StringRef message) {
  if (kernels.empty()) {
    emitError(module.getLoc()) << message;
    return;
  }
  for (const KernelInfo &kernel : kernels) {
    Operation *function = module.lookupSymbol(kernel.name);
    emitError(function ? function->getLoc() : module.getLoc())
        << "kernel '" << kernel.name << "': " << message;
  }
}

/// What PTX text states of each kernel in comment lines `// ATTR KERNEL BYTES`
/// (emitArtifact), for images built from it later (buildModuleImage): the
/// launch's dynamic shared memory and each program's global scratch.
constexpr std::pair<llvm::StringLiteral, uint64_t KernelInfo::*> kPTXKernelNotes[] = {
    {kDynamicSharedMemoryAttr, &KernelInfo::sharedMemBytes},
    {kGlobalScratchAttr, &KernelInfo::globalScratchBytes}};

/// The word of an image's `payload` line.
llvm::StringRef payloadName(ModulePayload payload) {
  switch (payload) {
  case ModulePayload::SharedObject:
    return "so";
  case ModulePayload::PTX:
    return "ptx";
  case ModulePayload::HSACO:
    return "hsaco";
  }
  llvm_unreachable("unknown module payload");
}

/// Metadata text of a tilec module image (see tilec/module_format.h): `target
/// DRIVER ARCH [FEATURES]` (features of host code only), `payload KIND`, then
/// each kernel.
std::string moduleMetadata(const PipelineOptions &options, const TargetInfo &info,
                           const std::string &features, ArrayRef<KernelInfo> kernels) {
  std::string text = "tilec-module 1\n";
  text += "target " + info.getRuntimeDriver().str() + " " + info.getRuntimeArch(options.arch);
  if (info.runsOnHost() && !features.empty())
    text += " " + features;
  text += "\npayload " + payloadName(info.getModulePayload()).str() + "\n";
  for (const KernelInfo &kernel : kernels) {
    text += "kernel " + kernel.name + "\n";
    text += "num_warps " + std::to_string(options.numWarps) + "\n";
    if (kernel.sharedMemBytes)
      text += "shared_mem " + std::to_string(kernel.sharedMemBytes) + "\n";
    if (kernel.globalScratchBytes)
      text += "global_scratch " + std::to_string(kernel.globalScratchBytes) + "\n";
    for (auto [i, type] : llvm::enumerate(kernel.paramTypes)) {
      text += "param " + type;
      if (i < kernel.paramNames.size() && !kernel.paramNames[i].empty())
        text += " " + kernel.paramNames[i];
      if (llvm::is_contained(kernel.paramsSpecializedToOne, i))
        text += " =1";
      if (llvm::is_contained(kernel.paramsStored, i))
        text += " +stored";
      text += "\n";
    }
    text += "end\n";
  }
  return text;
}

/// Appends the metadata block and trailer to `payload`.
LogicalResult wrapImage(const std::string &payload, const std::string &metadata,
                        std::string &output, std::string &error) {
  void *image = nullptr;
  size_t imageSize = 0;
  tilec_status status = tilec_module_image_build_text(
      payload.data(), payload.size(), metadata.data(), metadata.size(), &image, &imageSize);
  if (status) {
    error = std::string("cannot build the module image: ") + tilec_status_message(status);
    tilec_status_free(status);
    return failure();
  }
  output.assign(static_cast<const char *>(image), imageSize);
  tilec_free(image);
  return success();
}

/// Every emit kind, in EmitKind's order, with its `--emit` name.
constexpr std::pair<EmitKind, llvm::StringLiteral> kEmitKinds[] = {
    {EmitKind::Tile, "tile"}, {EmitKind::LLVM, "llvm"}, {EmitKind::Asm, "asm"},
    {EmitKind::Ptx, "ptx"},   {EmitKind::Obj, "obj"},   {EmitKind::Hsaco, "hsaco"},
    {EmitKind::So, "so"}};

/// Whether a target whose images carry `payload` can emit `kind`: IR and
/// assembly always; object files where the target has them (not PTX); the
/// loadable forms only of their own payload.
bool emitKindValidFor(EmitKind kind, ModulePayload payload) {
  switch (kind) {
  case EmitKind::Tile:
  case EmitKind::LLVM:
  case EmitKind::Asm:
    return true;
  case EmitKind::Ptx:
    return payload == ModulePayload::PTX;
  case EmitKind::Obj:
    return payload != ModulePayload::PTX;
  case EmitKind::Hsaco:
    return payload == ModulePayload::HSACO;
  case EmitKind::So:
    return payload == ModulePayload::SharedObject;
  }
  return false;
}

/// "--emit K is not available for --target T (T: tile, llvm, ...)".
std::string invalidEmitKindMessage(EmitKind kind, llvm::StringRef target,
                                   ModulePayload payload) {
  std::string message;
  std::string valid;
  for (auto [each, name] : kEmitKinds) {
    if (each == kind)
      message = "--emit " + name.str() + " is not available for --target " + target.str();
    if (emitKindValidFor(each, payload))
      valid += (valid.empty() ? "" : ", ") + name.str();
  }
  return message + " (" + target.str() + ": " + valid + ")";
}

} // namespace

/// Sets the back-end options a target asks for, each once per process (an
/// option given twice is an error in LLVM's command line).
static LogicalResult setLLVMBackendOptions(ArrayRef<StringRef> options, std::string &error) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  auto &registered = llvm::cl::getRegisteredOptions();
  for (StringRef option : options) {
    auto [name, value] = option.split('=');
    llvm::cl::Option *known = registered.lookup(name);
    if (!known) {
      error = "LLVM has no back-end option '" + name.str() + "'";
      return failure();
    }
    if (known->getNumOccurrences() == 0 && known->addOccurrence(0, name, value)) {
      error = "LLVM refused the back-end option '" + option.str() + "'";
      return failure();
    }
  }
  return success();
}

LogicalResult emitArtifact(ModuleOp module, const PipelineOptions &options, EmitKind kind,
                           ArrayRef<KernelInfo> kernels, std::string &output,
                           std::string &error, std::vector<KernelInfo> *describedOut) {
  std::unique_ptr<TargetInfo> info = createTargetInfo(options.target);
  if (!info) {
    error = "unknown target '" + options.target + "'";
    return failure();
  }
  if (!emitKindValidFor(kind, info->getModulePayload())) {
    error = invalidEmitKindMessage(kind, options.target, info->getModulePayload());
    return failure();
  }
  initializeLLVMTargets();

  llvm::Triple triple(info->getTriple(options.arch));
  std::string lookupError;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, lookupError);
  if (!target) {
    error = "no LLVM target for " + triple.str() + ": " + lookupError;
    return failure();
  }
  LLVMProcessor processor = selectProcessor(options, *info);
  {
    // Ask a generic subtarget, so LLVM does not print its own warning first.
    std::unique_ptr<llvm::MCSubtargetInfo> sti(
        target->createMCSubtargetInfo(triple, "", ""));
    if (!sti || !sti->isCPUStringValid(processor.cpu)) {
      error = "unknown processor '" + processor.cpu + "' for " + triple.str();
      return failure();
    }
  }
  if (failed(setLLVMBackendOptions(info->getLLVMBackendOptions(), error)))
    return failure();
  llvm::TargetOptions targetOptions;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, processor.cpu, processor.features, targetOptions, llvm::Reloc::PIC_, std::nullopt,
      options.optLevel >= 3 ? llvm::CodeGenOptLevel::Aggressive
                            : llvm::CodeGenOptLevel::Default));
  if (!tm) {
    error = "cannot create an LLVM target machine for " + triple.str();
    return failure();
  }

  // Kernels whose shared memory is dynamic, and how much each launch gives;
  // kernels with global scratch memory, and how much each program uses.
  llvm::StringMap<uint64_t> dynamicShared, globalScratch;
  module.walk([&](Operation *op) {
    auto name = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!name)
      return;
    if (auto bytes = op->getAttrOfType<IntegerAttr>(kDynamicSharedMemoryAttr))
      dynamicShared[name.getValue()] = bytes.getInt();
    if (auto bytes = op->getAttrOfType<IntegerAttr>(kGlobalScratchAttr))
      globalScratch[name.getValue()] = bytes.getInt();
  });
  for (const KernelInfo &kernel : kernels)
    if (auto scratch = globalScratch.find(kernel.name);
        scratch != globalScratch.end() && !scratch->second) {
      reportBackendError(module, kernel,
                         "internal error: it takes a global scratch parameter but "
                         "no size was set (TargetInfo::setGlobalScratchSize)");
      error = "code generation for " + triple.str() + " failed";
      return failure();
    }
  // On the heap: after a fatal error or crash in LLVM, both are leaked.
  auto llvmContext = std::make_unique<llvm::LLVMContext>();
  BackendErrors backendErrors(*llvmContext);
  std::unique_ptr<llvm::Module> llvmModule = translateModuleToLLVMIR(module, *llvmContext, "tilec");
  if (!llvmModule) {
    error = "translation to LLVM IR failed";
    return failure();
  }
  if (uint64_t largest = largestVector(*llvmModule); largest > kMaxVectorElements) {
    reportBackendError(module, kernels,
                       "a tile of " + std::to_string(largest) +
                           " elements is too large for code generation (at most " +
                           std::to_string(kMaxVectorElements) +
                           " elements per tile value on this path)");
    error = "code generation for " + triple.str() + " failed";
    return failure();
  }
  // Which pointer parameters each kernel stores through, for the runtime's
  // users (a read-only array passed there is refused).
  std::vector<KernelInfo> described(kernels.begin(), kernels.end());
  for (KernelInfo &kernel : described) {
    if (llvm::Function *fn = llvmModule->getFunction(kernel.name);
        fn && !fn->isDeclaration())
      kernel.paramsStored =
          detail::storedParams(*fn, unsigned(kernel.paramTypes.size()));
    kernel.sharedMemBytes = dynamicShared.lookup(kernel.name);
    kernel.globalScratchBytes = globalScratch.lookup(kernel.name);
  }
  if (describedOut)
    *describedOut = described;
  if (options.boundsChecks && info->supportsBoundsChecks()) {
    // The global scratch buffer is checked as a parameter too (the runtime
    // passes its extent after the user's).
    std::vector<std::pair<std::string, unsigned>> checked;
    for (const KernelInfo &kernel : described)
      checked.push_back(
          {kernel.name, unsigned(kernel.paramTypes.size() + (kernel.globalScratchBytes ? 1 : 0))});
    detail::insertBoundsChecks(*llvmModule, checked);
  }
  for (const KernelInfo &kernel : kernels)
    info->markLLVMKernel(llvmModule->getFunction(kernel.name), options.arch,
                         options.numWarps * info->getWarpSize(options.arch));
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(tm->createDataLayout());
  if (info->usesLibdevice() && !options.libdevicePath.empty() &&
      failed(linkLibdevice(*llvmModule, options.libdevicePath, error))) {
    if (backendErrors.failed())
      error += ": " + backendErrors.getMessage();
    return failure();
  }
  // LLVM's errors from here on name the kernel and its source line, and end
  // the compile, not the process.
  auto backendFailed = [&] {
    reportBackendError(module, kernels, backendErrors.getMessage());
    error = "code generation for " + triple.str() + " failed";
    return failure();
  };
  auto runLLVM = [&](llvm::function_ref<void()> fn) {
    if (backendErrors.run(fn))
      return true;
    (void)llvmModule.release();
    (void)llvmContext.release();
    return false;
  };
  if (!runLLVM([&] { optimizeModule(*llvmModule, *tm, options.optLevel); }) ||
      backendErrors.failed())
    return backendFailed();
  // Loop-carried pointer tiles keep only the lanes their accesses read.
  if (options.optLevel > 0)
    for (llvm::Function &fn : *llvmModule)
      if (!fn.isDeclaration())
        detail::narrowLoopCarriedVectors(fn);
  if (options.optLevel > 0 && info->scalarizesBeforeCodegen() &&
      (!runLLVM([&] { detail::prepareForGPUCodegen(*llvmModule, *tm); }) || backendErrors.failed()))
    return backendFailed();
  if (info->runsOnHost())
    detail::defineSoftFloatHelpers(*llvmModule);
  {
    std::string verifyErrors;
    llvm::raw_string_ostream os(verifyErrors);
    if (llvm::verifyModule(*llvmModule, &os)) {
      error = "internal error: invalid LLVM IR: " + verifyErrors;
      return failure();
    }
  }
  if (kind == EmitKind::LLVM) {
    llvm::raw_string_ostream os(output);
    llvmModule->print(os, nullptr);
    return success();
  }

  bool wantsObject = kind == EmitKind::Obj || kind == EmitKind::So || kind == EmitKind::Hsaco;
  llvm::SmallString<0> code;
  llvm::raw_svector_ostream codeStream(code);
  auto codegen = std::make_unique<llvm::legacy::PassManager>();
  if (tm->addPassesToEmitFile(*codegen, codeStream, nullptr,
                              wantsObject ? llvm::CodeGenFileType::ObjectFile
                                          : llvm::CodeGenFileType::AssemblyFile)) {
    error = "the LLVM target cannot emit this file type";
    return failure();
  }
  if (!runLLVM([&] { codegen->run(*llvmModule); })) {
    (void)codegen.release();
    (void)tm.release();
    return backendFailed();
  }
  if (backendErrors.failed())
    return backendFailed();
  if (kind != EmitKind::So && kind != EmitKind::Hsaco) {
    output.assign(code.begin(), code.end());
    // Text whose loader must know sizes of a kernel's launches says them.
    if (!wantsObject)
      for (const KernelInfo &kernel : described)
        for (auto [attr, field] : kPTXKernelNotes)
          if (kernel.*field)
            output +=
                "// " + attr.str() + " " + kernel.name + " " + std::to_string(kernel.*field) + "\n";
    return success();
  }
  llvm::Expected<std::string> linked = detail::linkSharedObject(code.str());
  if (!linked) {
    error = llvm::toString(linked.takeError());
    return failure();
  }
  return wrapImage(*linked, moduleMetadata(options, *info, processor.features, described),
                   output, error);
}

LogicalResult buildModuleImage(const std::string &payload, const PipelineOptions &options,
                               ArrayRef<KernelInfo> kernels, std::string &image,
                               std::string &error) {
  std::unique_ptr<TargetInfo> info = createTargetInfo(options.target);
  if (!info) {
    error = "unknown target '" + options.target + "'";
    return failure();
  }
  LLVMProcessor processor = selectProcessor(options, *info);
  // Text payloads (PTX) state each kernel's dynamic shared memory and global
  // scratch in comment lines (emitArtifact).
  std::vector<KernelInfo> described(kernels.begin(), kernels.end());
  if (info->getModulePayload() == ModulePayload::PTX) {
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(payload).split(lines, '\n');
    for (llvm::StringRef line : lines)
      for (auto [attr, field] : kPTXKernelNotes) {
        llvm::StringRef note = line;
        if (!note.consume_front("// ") || !note.consume_front(attr) || !note.consume_front(" "))
          continue;
        auto [name, bytesText] = note.split(' ');
        uint64_t bytes = 0;
        if (bytesText.trim().getAsInteger(10, bytes))
          continue;
        for (KernelInfo &kernel : described)
          if (kernel.name == name)
            kernel.*field = bytes;
      }
  }
  return wrapImage(payload, moduleMetadata(options, *info, processor.features, described), image,
                   error);
}

} // namespace tilec
