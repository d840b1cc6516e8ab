//===- Pipeline.h - The one tilec compilation pipeline -----------*- C++ -*-===//
//
// The CLI and the JIT both compile through buildTilecPipeline (tile IR -> LLVM
// dialect) and emitArtifact (LLVM dialect -> LLVM IR / asm / PTX / object /
// HSACO / shared object).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_PIPELINE_PIPELINE_H
#define TILEC_PIPELINE_PIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec {

/// The stages `tilec compile --emit` can stop after, in pipeline order.
enum class EmitKind { Tile, LLVM, Asm, Ptx, Obj, Hsaco, So };

/// Parses an --emit value; std::nullopt if unknown.
std::optional<EmitKind> parseEmitKind(llvm::StringRef name);

/// What to compile for.
struct PipelineOptions {
  /// "cpu", "nvptx" or "amdgpu".
  std::string target = "cpu";
  /// CPU: "native" (host CPU and features), an LLVM CPU name such as
  /// "x86-64-v3", or "aarch64" (generic AArch64 + NEON); NVPTX: "sm_80", "sm_90", ...;
  /// AMDGPU: "gfx942", ... Empty selects the target's default.
  std::string arch;
  /// Extra LLVM target features, e.g. "+sve".
  std::string features;
  /// Threads per program on GPUs = numWarps * warp size.
  unsigned numWarps = 4;
  /// Tiles each pipelined load of a loop keeps in flight (Triton's
  /// num_stages; tilec-pipeline-loops), where the target has asynchronous
  /// copies; 0 or 1: no pipelining.
  unsigned numStages = 3;
  /// Run tf32, int8 and fp8 dots whose B wgmma would read transposed on wgmma
  /// too, as Triton does (tilec-assign-layouts' `wgmma-transposed-b`); by
  /// default those that no other dot chains to and whose accumulators fit
  /// mma.sync's fragments run on mma.sync, measured faster on an H200.
  bool wgmmaTransposedB = false;
  /// LLVM optimization level (0-3).
  unsigned optLevel = 3;
  /// Print source locations (`loc(...)`) in emitted tile IR.
  bool printDebugInfo = false;
  /// CPU and simt: guard every kernel memory access against its pointer
  /// parameter's extent, passed at launch by tilec_launch_bounded (checked
  /// mode, lib/Pipeline/BoundsChecks.cpp). `tilec run` turns it on.
  bool boundsChecks = false;
  /// NVPTX: libdevice's bitcode, linked for the math functions (found by
  /// resolvePipelineOptions, see findLibdevice); empty: tilec's own expansions.
  std::string libdevicePath;
  /// tilec's own f64 math expansions (tilec-expand-math's `f64-expansions`)
  /// also where libm or libdevice would be called: tests the code AMD GPUs run
  /// on the CPU (`tilec run/compile --expand-f64-math`).
  bool expandF64Math = false;
  /// Let code generation fuse the program's float multiplies and the adds
  /// they feed into fmas (Triton's enable_fp_fusion, on by default in Triton
  /// 3.9; tilec-fp-fusion).
  bool fpFusion = true;
};

/// The libdevice bitcode NVPTX math is linked with: $TILEC_LIBDEVICE when set
/// (empty: none), else nvvm/libdevice/libdevice.10.bc under $CUDA_HOME,
/// $CUDA_PATH or /usr/local/cuda. Empty when there is none.
std::string findLibdevice();

/// Validates `options` (known target, arch valid for it); fills in defaults.
llvm::LogicalResult resolvePipelineOptions(PipelineOptions &options,
                                           std::string &error);

/// Adds the passes lowering tile IR to the LLVM dialect for `options.target`.
void buildTilecPipeline(mlir::OpPassManager &pm, const PipelineOptions &options);

/// A kernel of a module, as recorded in module images for the runtime.
struct KernelInfo {
  std::string name;
  /// Triton signature types ("*fp32", "i32", ...) of the non-constexpr parameters.
  std::vector<std::string> paramTypes;
  /// Their names, for error messages (may be empty).
  std::vector<std::string> paramNames;
  /// Indices of the parameters compiled for the value 1 (Triton's ':1'): the
  /// runtime refuses launches passing anything else.
  std::vector<unsigned> paramsSpecializedToOne;
  /// Indices of the pointer parameters the kernel may store through (filled
  /// by code generation for module images).
  std::vector<unsigned> paramsStored;
  /// Dynamic shared memory each launch must provide (bytes; 0: none), from
  /// code generation (kDynamicSharedMemoryAttr).
  uint64_t sharedMemBytes = 0;
  /// Global scratch memory per program (bytes; 0: none), from code
  /// generation (kGlobalScratchAttr): the kernel then takes the buffer as a
  /// parameter after those of `paramTypes`, which the runtime passes.
  uint64_t globalScratchBytes = 0;
};

/// Lowers an LLVM-dialect module (the output of buildTilecPipeline) to `kind`
/// (LLVM, Asm, Ptx, Obj, Hsaco or So). `So` and `Hsaco`/`Ptx` outputs for the
/// runtime are wrapped into a tilec module image carrying `kernels`.
/// On failure returns failure and sets `error`. `described`, when given, gets
/// `kernels` as code generation completes them (`paramsStored`,
/// `sharedMemBytes`, `globalScratchBytes`), for images built from the output later
/// (buildModuleImage).
llvm::LogicalResult emitArtifact(mlir::ModuleOp module, const PipelineOptions &options,
                                 EmitKind kind, llvm::ArrayRef<KernelInfo> kernels,
                                 std::string &output, std::string &error,
                                 std::vector<KernelInfo> *described = nullptr);

/// Wraps a raw PTX payload (EmitKind::Ptx) into a module image the runtime
/// loads; `So`/`Hsaco` artifacts already are images. `kernels` should be
/// emitArtifact's `described` (stored parameters, dynamic shared memory,
/// global scratch); the dynamic shared memory and the global scratch are also
/// read from the payload's comment lines, for PTX that tilec wrote earlier.
llvm::LogicalResult buildModuleImage(const std::string &payload, const PipelineOptions &options,
                                     llvm::ArrayRef<KernelInfo> kernels, std::string &image,
                                     std::string &error);

/// Runs the pipeline and emitArtifact; `module` is lowered in place.
llvm::LogicalResult compileModule(mlir::ModuleOp module, const PipelineOptions &options,
                                  EmitKind kind, llvm::ArrayRef<KernelInfo> kernels,
                                  std::string &output, std::string &error,
                                  std::vector<KernelInfo> *described = nullptr);

} // namespace tilec

#endif // TILEC_PIPELINE_PIPELINE_H
