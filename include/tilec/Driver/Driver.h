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

/// The largest source file tilec reads (64 MiB).
constexpr uint64_t kMaxSourceBytes = 64ull << 20;

/// Reads a kernel's source file: a regular file (its size checked against
/// kMaxSourceBytes before reading) or a pipe (read up to that limit). Refuses
/// directories and devices (`/dev/zero` would never end). False with `error`
/// set to "cannot read 'PATH': why" on failure.
bool readSourceFile(llvm::StringRef path, std::string &text, std::string &error);

/// Writes `data` to `path` so that a reader never sees a partial file: into a
/// unique temporary file in the same directory, renamed over `path` once
/// complete (a full disk or a kill leaves the previous file intact). A path
/// that exists and is not a regular file (`/dev/null`, `/dev/full`, a FIFO)
/// is written directly. False with `error` set on any failure, including
/// write errors reported only when the file is closed.
bool writeFileAtomically(llvm::StringRef path, llvm::StringRef data, std::string &error);

/// Compiles `request` to the artifact its `emit` names. Returns false on
/// failure; `diagnostics` then holds every error, each as
/// `file:line:col: error: message` plus the source line and a caret.
/// Thread-safe: each call uses its own MLIR context.
bool compileKernelSource(const CompileRequest &request, std::string &artifact,
                         std::string &diagnostics,
                         std::vector<KernelInfo> *described = nullptr);

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
