//===- SIMTTestSupport.h - Compile and load hand-built kernels on the SIMT emulator -*- C++ -*-===//
#ifndef TILEC_LIB_TARGET_TEST_SIMTTESTSUPPORT_H
#define TILEC_LIB_TARGET_TEST_SIMTTESTSUPPORT_H

#include "tilec/Pipeline/Pipeline.h"
#include "tilec/runtime.h"

#include "check.h"

#include "mlir/IR/BuiltinOps.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

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

  /// Opens the device (of `driver`: the SIMT emulator unless told), loads
  /// `image` and finds `name`; false (with a failed check) on an error.
  bool load(const std::string &image, const char *name, const char *driver = "simt") {
    return CHECK_OK(tilec_device_open(driver, 0, &device)) &&
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

/// Accumulator inputs of the tensor-core tests: fp32 values with a .5
/// fraction (kept by exact sums) and int32 values across the int32 range.
inline void fillAccumulators(std::vector<float> &c, std::vector<int32_t> &cInt) {
  for (size_t i = 0; i < c.size(); ++i) {
    c[i] = float(int(i % 17) - 8) + 0.5f;
    cInt[i] = int32_t(i * 7919 % 100003) - 50000;
  }
}

/// Launches one program of a tensor-core test kernel `(A, B, C, D, mode)`:
/// A and B are `operandType` arrays, C and D `accType` ones.
inline tilec_status launchDotTestKernel(tilec_kernel *kernel, tilec_type operandType,
                                        const void *a, const void *b, tilec_type accType,
                                        const void *c, void *d, int32_t mode) {
  tilec_arg args[5];
  args[0].type = args[1].type = operandType;
  args[0].ptr = const_cast<void *>(a);
  args[1].ptr = const_cast<void *>(b);
  args[2].type = args[3].type = accType;
  args[2].ptr = const_cast<void *>(c);
  args[3].ptr = d;
  args[4].type = TILEC_TYPE_I32;
  args[4].i = mode;
  uint32_t dims[3] = {1, 1, 1};
  return tilec_launch(kernel, dims, args, 5);
}

} // namespace tilec::test

#endif // TILEC_LIB_TARGET_TEST_SIMTTESTSUPPORT_H
