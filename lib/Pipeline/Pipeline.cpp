//===- Pipeline.cpp - buildTilecPipeline: tile IR to the LLVM dialect ------===//
#include "tilec/Pipeline/Pipeline.h"
#include "Codegen.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Target/TargetInfo.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace mlir;

namespace tilec {

/// Lanes of the register-sized pieces CPUs process wide tiles in: 32 fp32
/// lanes are two AVX-512 registers, four AVX2 or eight NEON ones.
constexpr int64_t kCPUChunkLanes = 32;

std::optional<EmitKind> parseEmitKind(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<EmitKind>>(name)
      .Case("tile", EmitKind::Tile)
      .Case("llvm", EmitKind::LLVM)
      .Case("asm", EmitKind::Asm)
      .Case("ptx", EmitKind::Ptx)
      .Case("obj", EmitKind::Obj)
      .Case("hsaco", EmitKind::Hsaco)
      .Case("so", EmitKind::So)
      .Default(std::nullopt);
}

LogicalResult resolvePipelineOptions(PipelineOptions &options, std::string &error) {
  std::unique_ptr<TargetInfo> info = createTargetInfo(options.target);
  if (!info) {
    error = "unknown target '" + options.target + "' (expected cpu, nvptx, amdgpu or simt)";
    return failure();
  }
  if (options.arch.empty())
    options.arch = info->getDefaultArch();
  if (!info->isValidArch(options.arch)) {
    std::string syntax = info->getArchSyntax();
    error = "invalid --arch '" + options.arch + "' for target " + options.target +
            (syntax.empty() ? "" : " (expected " + syntax + ")");
    return failure();
  }
  if (options.numWarps == 0 || options.numWarps > 32 ||
      (options.numWarps & (options.numWarps - 1))) {
    error = "num_warps must be a power of two between 1 and 32, got " +
            std::to_string(options.numWarps);
    return failure();
  }
  if (options.numStages > 16) {
    error = "num_stages must be between 0 and 16, got " + std::to_string(options.numStages);
    return failure();
  }
  if (options.optLevel > 3) {
    error = "optimization level must be 0-3";
    return failure();
  }
  if (info->usesLibdevice() && options.libdevicePath.empty())
    options.libdevicePath = findLibdevice();
  return success();
}

std::string findLibdevice() {
  if (const char *path = std::getenv("TILEC_LIBDEVICE"))
    return llvm::sys::fs::is_regular_file(path) ? path : "";
  for (const char *root :
       {static_cast<const char *>(std::getenv("CUDA_HOME")),
        static_cast<const char *>(std::getenv("CUDA_PATH")), "/usr/local/cuda"}) {
    if (!root || !*root)
      continue;
    llvm::SmallString<128> path(root);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::is_regular_file(path))
      return path.str().str();
  }
  return "";
}

void buildTilecPipeline(OpPassManager &pm, const PipelineOptions &options) {
  // GPUs and the SIMT emulator share the GPU pipeline; only CPUs strip-mine.
  std::unique_ptr<TargetInfo> info = createTargetInfo(options.target);
  TargetKind kind = info ? info->getKind() : TargetKind::CPU;
  bool isCPU = kind == TargetKind::CPU;
  // Tile level. Block pointers and tensor descriptors become pointer tiles
  // and masks on every target; where a copy engine (TMA) may copy the blocks
  // of pipelined loops, the loaded blocks stay marked for tilec-pipeline-loops.
  bool tmaLoads =
      !isCPU && info && options.numStages > 1 && info->hasTensorMemoryAccelerator(options.arch);
  // Triton's enable_fp_fusion: only the program's own multiplies and adds may
  // fuse, so this runs before any pass creates float arithmetic.
  if (options.fpFusion)
    pm.addPass(createTilecFPFusion());
  TilecLowerBlockPointersOptions blockPointers;
  blockPointers.markDescriptorBlocks = tmaLoads;
  pm.addPass(createTilecLowerBlockPointers(blockPointers));
  pm.addPass(createInlinerPass());
  // Every target sorts with Triton's bitonic network of tile ops for now
  // (canonicalization and CSE then share the network's constant masks).
  pm.addPass(createTilecExpandSort());
  // fp8 dots the target has no fp8 tensor cores for become f16 dots (before
  // canonicalization, which folds their decoding as it would a cast's).
  TilecUpcastFP8DotsOptions fp8;
  fp8.target = isCPU ? "" : options.target;
  fp8.arch = options.arch;
  fp8.threadsPerWarp = info ? info->getWarpSize(options.arch) : 32;
  pm.addPass(createTilecUpcastFP8Dots(fp8));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // GPUs: tiles get layouts and become per-thread SIMT code (kernels with ops
  // the SIMT lowering lacks stay whole tiles, run by each program's thread 0).
  if (!isCPU) {
    TilecAssignLayoutsOptions layouts;
    layouts.numWarps = options.numWarps;
    layouts.threadsPerWarp = info ? info->getWarpSize(options.arch) : 32;
    layouts.target = options.target;
    layouts.arch = options.arch;
    layouts.wgmmaTransposedB = options.wgmmaTransposedB;
    pm.addPass(createTilecAssignLayouts(layouts));
    if (options.numStages > 1 && info) {
      TilecPipelineLoopsOptions pipelining;
      pipelining.numStages = options.numStages;
      pipelining.sharedMemoryLimit = info->getSharedMemoryLimit(options.arch);
      pipelining.asyncCopies = info->hasAsyncCopy(options.arch);
      pipelining.tmaLoads = tmaLoads;
      pm.addPass(createTilecPipelineLoops(pipelining));
    }
    ConvertTileToGPUOptions simt;
    simt.target = options.target;
    simt.arch = options.arch;
    pm.addPass(createConvertTileToGPU(simt));
  }
  // Tiles to flat vectors; math that needs no library on any target.
  ConvertTileToVectorOptions vectorOptions;
  vectorOptions.stackAddressSpace = info ? info->getStackAddressSpace() : 0;
  if (isCPU) {
    // The CPU lowering has its own access analysis: hints only hide the
    // address arithmetic it matches.
    pm.addPass(createTilecDropHints());
    // Wide tiles run as loops over register-sized pieces (see StripMine.cpp),
    // with the next iteration's rows prefetched.
    vectorOptions.chunkLanes = kCPUChunkLanes;
    vectorOptions.prefetch = true;
    detail::VectorRegisters regs = detail::getCPUVectorRegisters(options);
    vectorOptions.vectorBits = regs.bits;
    vectorOptions.vectorRegisters = regs.count;
    vectorOptions.dotVdpbf16ps = regs.dotVdpbf16ps;
    vectorOptions.dotVpdpbusd = regs.dotVpdpbusd;
    // Launches whose output exceeds the last-level cache stream their stores;
    // loops carry scalar offsets, not whole tiles of pointers.
    pm.addPass(createTilecStreamingStores());
    pm.addPass(createTilecCarryPointerOffsets());
  }
  pm.addPass(createConvertTileToVector(vectorOptions));
  if (isCPU) {
    TilecStripMineOptions stripMine;
    stripMine.chunkLanes = kCPUChunkLanes;
    // Accumulator loops keep their block order with 512-bit vectors (design
    // item 22 in docs/performance.md: interchanged, the DRAM-bound first pass
    // of layer norm ran ~15% slower on AVX-512 Zen 4 and Zen 5; on AVX2 Zen 3
    // the interchange was faster).
    if (detail::getCPUVectorRegisters(options).bits >= 512)
      stripMine.maxInterchangedBlocks = 0;
    // Each thread runs consecutive programs: row-wise kernels prefetch the
    // next program's row while reading their own (docs/performance.md, issue
    // 15's fourth session).
    stripMine.prefetchNextProgram = true;
    pm.addPass(createTilecStripMine(stripMine));
  }
  TilecLowerNonTemporalStoresOptions nonTemporal;
  nonTemporal.streaming = isCPU;
  pm.addPass(createTilecLowerNonTemporalStores(nonTemporal));
  math::MathExtendToSupportedTypesOptions extend;
  extend.targetTypeStr = "f32";
  pm.addPass(math::createMathExtendToSupportedTypes(extend));
  TilecExpandMathOptions mathOptions;
  mathOptions.target = options.target;
  mathOptions.libdevice = info && info->usesLibdevice() && !options.libdevicePath.empty();
  mathOptions.nativeExpLog = info && info->lowersExpLogNatively();
  mathOptions.expAsExp2 = info && info->computesExpAsExp2();
  mathOptions.libm = !info || info->runsOnHost();
  // tilec's own f64 functions where the target has no library for them.
  mathOptions.f64Expansions =
      options.expandF64Math || (!mathOptions.libm && !mathOptions.libdevice);
  pm.addPass(createTilecExpandMath(mathOptions));
  pm.addPass(createTilecGuardIntDivision());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Target ABI, then everything to the LLVM dialect.
  ConvertTileToLLVMOptions abi;
  abi.target = options.target;
  pm.addPass(createConvertTileToLLVM(abi));
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

LogicalResult compileModule(ModuleOp module, const PipelineOptions &options, EmitKind kind,
                            ArrayRef<KernelInfo> kernels, std::string &output,
                            std::string &error, std::vector<KernelInfo> *described) {
  if (kind == EmitKind::Tile) {
    llvm::raw_string_ostream os(output);
    OpPrintingFlags flags;
    if (options.printDebugInfo)
      flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false).useLocalScope();
    module.print(os, flags);
    return success();
  }
  PassManager pm(module.getContext());
  buildTilecPipeline(pm, options);
  if (failed(pm.run(module))) {
    error = "lowering to the LLVM dialect failed";
    return failure();
  }
  return emitArtifact(module, options, kind, kernels, output, error, described);
}

} // namespace tilec
