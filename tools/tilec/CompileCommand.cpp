//===- CompileCommand.cpp - `tilec compile` and `tilec list` ---------------===//
#include "Commands.h"

#include "tilec/Driver/Driver.h"
#include "tilec/Pipeline/Registration.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace tilec::cli {

cl::SubCommand compileCommand("compile", "Compile one kernel ahead of time");
cl::SubCommand listCommand("list", "List the @jit functions of a file and their parameters");

namespace {
cl::opt<std::string> inputFile(cl::Positional, cl::desc("FILE.py"), cl::Required,
                               cl::sub(compileCommand), cl::cat(category));
cl::opt<std::string> kernelName("kernel", cl::desc("Name of the @jit function to compile"),
                                cl::value_desc("NAME"), cl::sub(compileCommand),
                                cl::cat(category));
cl::opt<std::string> signature("signature",
                               cl::desc("Types of the non-constexpr parameters, e.g. "
                                        "'*fp32,*fp32,i32'"),
                               cl::value_desc("SIG"), cl::init(""), cl::sub(compileCommand),
                               cl::cat(category));
cl::list<std::string> defines("D", cl::Prefix, cl::desc("Constexpr parameter value"),
                              cl::value_desc("NAME=VALUE"), cl::sub(compileCommand),
                              cl::cat(category));
cl::opt<std::string> target("target", cl::desc("cpu, nvptx, amdgpu or simt"), cl::init("cpu"),
                            cl::sub(compileCommand), cl::cat(category));
cl::opt<std::string> arch("arch",
                          cl::desc("native|aarch64|<LLVM CPU> (cpu), sm_NN (nvptx), gfxNNN "
                                   "(amdgpu), warp32|warp64 (simt)"),
                          cl::init(""), cl::sub(compileCommand), cl::cat(category));
cl::opt<std::string> features("features", cl::desc("Extra LLVM target features, e.g. +sve"),
                              cl::init(""), cl::sub(compileCommand), cl::cat(category));
cl::opt<std::string> emit("emit", cl::desc("tile|llvm|asm|ptx|obj|hsaco|so"),
                          cl::sub(compileCommand), cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file ('-' for stdout)"),
                                cl::value_desc("OUT"), cl::init("-"),
                                cl::sub(compileCommand), cl::cat(category));
cl::opt<unsigned> numWarps("num-warps", cl::desc("Warps per program on GPUs"), cl::init(4),
                           cl::sub(compileCommand), cl::cat(category));
cl::opt<bool> expandF64Math("expand-f64-math",
                            cl::desc("Use tilec's own fp64 exp, log, sin, pow, ... (the code AMD "
                                     "GPUs run) instead of libm or libdevice"),
                            cl::init(false), cl::sub(compileCommand), cl::cat(category));
cl::opt<unsigned> numStages("num-stages",
                            cl::desc("Tiles in flight per pipelined load of a dot loop, on "
                                     "GPUs with asynchronous copies; elsewhere, >1 prefetches "
                                     "one iteration ahead (default 3; 1: off)"),
                            cl::init(3), cl::sub(compileCommand), cl::cat(category));
cl::opt<bool> wgmmaTransposedB(
    "wgmma-transposed-b",
    cl::desc("sm_90a: run tf32, int8 and fp8 dots with an N-contiguous B on wgmma, as Triton "
             "does, where mma.sync was measured faster (unchained dots of at most 64 "
             "accumulators per thread)"),
    cl::init(false), cl::sub(compileCommand), cl::cat(category));
cl::opt<std::string> defaultDotInputPrecision(
    "default-dot-input-precision",
    cl::desc(
        "input_precision of fp32 tl.dot calls that give none: ieee, tf32, tf32x3, bf16x3 or bf16x6 "
        "(Triton's default_dot_input_precision; default: the target's)"),
    cl::init(""), cl::sub(compileCommand), cl::cat(category));
cl::opt<bool> enableFPFusion(
    "enable-fp-fusion",
    cl::desc("Let code generation fuse the program's float multiplies and the adds they "
             "feed into fmas, as Triton's enable_fp_fusion (default: on, as Triton 3.9)"),
    cl::init(true), cl::sub(compileCommand), cl::cat(category));
cl::opt<bool> printDebugInfo("mlir-print-debuginfo",
                             cl::desc("Print source locations in --emit tile output"),
                             cl::init(false), cl::sub(compileCommand), cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::Prefix, cl::desc("LLVM optimization level (0-3)"),
                           cl::init(3), cl::sub(compileCommand), cl::cat(category));

cl::opt<std::string> listFile(cl::Positional, cl::desc("FILE.py"), cl::Required,
                              cl::sub(listCommand), cl::cat(category));
} // namespace

int runCompile() {
  if (kernelName.getNumOccurrences() == 0)
    return fail("compile: missing --kernel NAME; see 'tilec compile --help'");
  if (emit.getNumOccurrences() == 0)
    return fail("compile: missing --emit tile|llvm|asm|ptx|obj|hsaco|so; see 'tilec compile "
                "--help'");
  std::optional<EmitKind> kind = parseEmitKind(emit);
  if (!kind)
    return fail("unknown --emit '" + emit + "' (expected tile, llvm, asm, ptx, obj, hsaco or so)");
  CompileRequest request;
  request.sourcePath = inputFile;
  request.kernel.kernelName = kernelName;
  if (!signature.empty())
    request.kernel.signature = splitList(signature);
  if (!parseDefines(defines, request.kernel.defines))
    return 1;
  request.kernel.defaultDotInputPrecision = defaultDotInputPrecision;
  request.pipeline.target = target;
  request.pipeline.arch = arch;
  request.pipeline.features = features;
  request.pipeline.numWarps = numWarps;
  request.pipeline.numStages = numStages;
  request.pipeline.wgmmaTransposedB = wgmmaTransposedB;
  request.pipeline.optLevel = optLevel;
  request.pipeline.printDebugInfo = printDebugInfo;
  request.pipeline.expandF64Math = expandF64Math;
  request.pipeline.fpFusion = enableFPFusion;
  request.emit = *kind;
  if ((*kind == EmitKind::Obj || *kind == EmitKind::So || *kind == EmitKind::Hsaco) &&
      outputFile == "-")
    return fail("--emit " + emit + " writes a binary file: give it with -o OUT");

  // In-process lld resets every llvm::cl option: copy what is needed after it.
  std::string outputPath = outputFile;
  std::string artifact, diagnostics;
  if (!compileKernelSource(request, artifact, diagnostics)) {
    errs() << diagnostics;
    return 1;
  }
  return writeOutput(outputPath, artifact) ? 0 : 1;
}

int runList() {
  std::string text, error;
  if (!readSourceFile(listFile, text, error))
    return fail(error);
  SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(text, listFile), SMLoc());
  mlir::DialectRegistry registry;
  frontend::registerFrontendDialects(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, errs());
  auto functions = frontend::listJitFunctions(context, sourceMgr);
  if (!functions)
    return 1;
  for (const frontend::JitFunctionInfo &fn : *functions) {
    outs() << fn.name << "(";
    llvm::interleaveComma(fn.params, outs(), [](const frontend::JitParamInfo &p) {
      outs() << p.name << (p.isConstexpr ? ": tl.constexpr" : "");
    });
    outs() << ")  line " << fn.line << "\n";
  }
  return 0;
}

} // namespace tilec::cli
