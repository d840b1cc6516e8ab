//===- Driver.h - Source-to-artifact compilation for the CLI and JIT -*- C++ -*-===//
#ifndef TILEC_DRIVER_DRIVER_H
#define TILEC_DRIVER_DRIVER_H

#include "tilec/Frontend/Frontend.h"
#include "tilec/Pipeline/Pipeline.h"

#include <optional>
#include <string>

namespace tilec {

/// One kernel to compile from Triton-language source.
struct CompileRequest {
  /// Path of the source file; used in diagnostics, and read unless `source` is set.
  std::string sourcePath;
  /// Source text to compile instead of reading `sourcePath`.
  std::optional<std::string> source;
  /// Kernel name, signature and constexpr values.
  frontend::KernelRequest kernel;
  PipelineOptions pipeline;
  EmitKind emit = EmitKind::So;
};

/// Compiles `request` to the artifact its `emit` names. Returns false on
/// failure; `diagnostics` then holds every error, each as
/// `file:line:col: error: message` plus the source line and a caret.
/// Thread-safe: each call uses its own MLIR context.
bool compileKernelSource(const CompileRequest &request, std::string &artifact,
                         std::string &diagnostics);

/// The target for a runtime device: "cuda" -> nvptx for its sm arch, "hip" ->
/// amdgpu for its gfx arch, anything else -> the host CPU ("native").
void selectTargetForDevice(llvm::StringRef driver, llvm::StringRef deviceArch,
                           PipelineOptions &options);

/// The artifact the runtime loads for `target`: So (cpu), Ptx (nvptx), Hsaco (amdgpu).
EmitKind loadableEmitKind(llvm::StringRef target);

/// Compiles `request` (its `emit` is ignored) to a module image the runtime
/// loads with tilec_module_load_data; raw PTX is wrapped into an image.
bool compileLoadableModule(const CompileRequest &request, std::string &image,
                           std::string &diagnostics);

} // namespace tilec

#endif // TILEC_DRIVER_DRIVER_H
