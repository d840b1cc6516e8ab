// Vendor-neutral GPU API table that the CUDA and HIP drivers fill in; the
// shared GPU driver (gpu_driver.cpp) implements the HAL on top of it.
#ifndef TILEC_RUNTIME_GPU_API_H
#define TILEC_RUNTIME_GPU_API_H

#include "driver.h"

#include <string>

namespace tilec {

struct GpuApi {
  const char *driver; ///< "cuda" or "hip" (also the module target name).
  unsigned warpSize;
  /// Loads and initializes the vendor library once (UNAVAILABLE if absent).
  tilec_status (*load)();
  tilec_status (*deviceCount)(int *n);
  /// Fills name, arch, compute_units and memory_bytes.
  tilec_status (*deviceInfo)(int ordinal, tilec_device_info *info);
  /// Largest grid per dimension of device `ordinal`.
  void (*maxGrid)(int ordinal, uint64_t out[3]);
  tilec_status (*open)(int ordinal, void **ctx);
  void (*close)(int ordinal, void *ctx);
  /// Binds the device to the calling thread.
  tilec_status (*makeCurrent)(int ordinal, void *ctx);
  tilec_status (*alloc)(size_t size, void **ptr);
  void (*free)(void *ptr);
  tilec_status (*copyToDevice)(void *dst, const void *src, size_t size);
  tilec_status (*copyToHost)(void *dst, const void *src, size_t size);
  tilec_status (*synchronize)();
  /// Loads a payload ("ptx", "cubin", "hsaco").
  tilec_status (*moduleLoad)(const void *data, size_t size,
                             const char *payloadKind, void **mod);
  void (*moduleUnload)(void *mod);
  tilec_status (*getFunction)(void *mod, const char *name, void **fn);
  tilec_status (*launch)(void *fn, const uint32_t grid[3], uint32_t block,
                         uint32_t sharedMem, void **params);
  /// "" when a module for `moduleArch` with `payloadKind` can run on a
  /// device of `deviceArch`, else why not.
  std::string (*archMismatch)(const char *moduleArch, const char *payloadKind,
                              const char *deviceArch);
};

/// Status code for a CUDA/HIP error number (they share the numbering).
tilec_code gpuErrorCode(int err, tilec_code fallback);

/// dlopen()s the first loadable of `names` (or $envVar when set). On
/// failure returns NULL and sets `why`.
void *openVendorLibrary(const char *envVar, const char *const *names,
                        std::string &why);

/// Opens a device of `api`.
tilec_status openGpuDevice(const GpuApi &api, int ordinal, DeviceImpl **out);
/// NULL when `api` is usable (library present, at least one device).
tilec_status probeGpu(const GpuApi &api);
/// Devices of `api` (0 when unusable).
int countGpus(const GpuApi &api);
tilec_status gpuInfo(const GpuApi &api, int ordinal, tilec_device_info *info);

/// The registry entry of the GPU driver over Api().
template <const GpuApi &(*Api)()> const Driver &gpuDriver() {
  static const Driver d = {
      Api().driver, [] { return probeGpu(Api()); },
      [] { return countGpus(Api()); },
      [](int o, tilec_device_info *i) { return gpuInfo(Api(), o, i); },
      [](int o, DeviceImpl **out) { return openGpuDevice(Api(), o, out); }};
  return d;
}

} // namespace tilec

#endif
