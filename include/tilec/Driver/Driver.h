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

} // namespace tilec

#endif // TILEC_DRIVER_DRIVER_H
