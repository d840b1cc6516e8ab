//===- SIMTTestSupport.h - Compile and load hand-built kernels on the SIMT emulator -*- C++ -*-===//
#ifndef TILEC_LIB_TARGET_TEST_SIMTTESTSUPPORT_H
#define TILEC_LIB_TARGET_TEST_SIMTTESTSUPPORT_H

#include "tilec/Pipeline/Pipeline.h"
#include "tilec/runtime.h"

#include "check.h"

#include "mlir/IR/BuiltinOps.h"

#include <cstdio>
#include <string>

namespace tilec::test {

/// Compiles `module` (one kernel, already written per thread) for the SIMT
/// emulator at `arch` ("warp32"/"warp64") and `numWarps` into a module image;
/// empty (with a failed check) on an error.
inline std::string compileForSIMT(mlir::ModuleOp module, unsigned numWarps,
                                  const std::string &arch, const tilec::KernelInfo &kernel) {
  tilec::PipelineOptions options;
  options.target = "simt";
  options.arch = arch;
  options.numWarps = numWarps;
  std::string error, image;
  if (!CHECK(mlir::succeeded(tilec::resolvePipelineOptions(options, error))) ||
      !CHECK(mlir::succeeded(
          tilec::compileModule(module, options, tilec::EmitKind::So, {kernel}, image, error))))
    std::fprintf(stderr, "  %s\n", error.c_str());
  return image;
}

/// A module image loaded on the `simt` device, with one of its kernels.
struct LoadedSIMTKernel {
  tilec_device *device = nullptr;
  tilec_module *module = nullptr;
  tilec_kernel *kernel = nullptr;

  /// Opens the device, loads `image` and finds `name`; false (with a failed
  /// check) on an error.
  bool load(const std::string &image, const char *name) {
    return CHECK_OK(tilec_device_open("simt", 0, &device)) &&
           CHECK_OK(tilec_module_load_data(device, image.data(), image.size(), &module)) &&
           CHECK_OK(tilec_module_get_kernel(module, name, &kernel));
  }
  ~LoadedSIMTKernel() {
    if (module)
      tilec_module_release(module);
    if (device)
      tilec_device_release(device);
  }
};

} // namespace tilec::test

#endif // TILEC_LIB_TARGET_TEST_SIMTTESTSUPPORT_H
