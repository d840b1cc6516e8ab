// Internal driver interface (a HAL in the style of IREE): every backend
// implements Driver, DeviceImpl and ModuleImpl; runtime.cpp does the rest.
#ifndef TILEC_RUNTIME_DRIVER_H
#define TILEC_RUNTIME_DRIVER_H

#include "tilec/module_format.h"
#include "tilec/runtime.h"

namespace tilec {

/// A loaded payload on one device.
class ModuleImpl {
public:
  virtual ~ModuleImpl() = default;
  /// Resolves the entry of kernel `k` (NOT_FOUND / CORRUPT_MODULE).
  virtual tilec_status getFunction(const tilec_kernel_metadata &k,
                                   void **fn) = 0;
  /// Launches a resolved function. `args[i]` points to the value of
  /// parameter i in its exact type; for a kernel with global scratch
  /// (`k.global_scratch`), `args[k.num_params]` then points to the pointer to
  /// its buffer (runtime.cpp allocates it). The grid has no zero dimension.
  virtual tilec_status launch(void *fn, const tilec_kernel_metadata &k,
                              const uint32_t grid[3], void **args) = 0;
  /// launch() with bounds checks: `bounds` holds {base, end} per parameter
  /// (zeros for scalars), the global scratch buffer included. Only host drivers of checked modules
  /// support it.
  virtual tilec_status launchBounded(void *fn, const tilec_kernel_metadata &k,
                                     const uint32_t grid[3], void **args,
                                     const uint64_t *bounds);
};

/// An open device.
class DeviceImpl {
public:
  virtual ~DeviceImpl() = default;
  virtual tilec_status query(tilec_device_info *info) = 0;
  virtual tilec_status alloc(size_t size, void **ptr) = 0;
  virtual void free(void *ptr) = 0;
  virtual tilec_status copyToDevice(void *dst, const void *src,
                                    size_t size) = 0;
  virtual tilec_status copyToHost(void *dst, const void *src, size_t size) = 0;
  virtual tilec_status synchronize() = 0;
  /// Largest grid per dimension.
  virtual void maxGrid(uint64_t out[3]) = 0;
  /// Checks the target of a validated image against this device.
  virtual tilec_status checkTarget(const tilec_module_image *img) = 0;
  /// Loads the payload of a validated image. `path` is the image file when
  /// it was loaded from one (else NULL).
  virtual tilec_status loadModule(const tilec_module_image *img,
                                  const char *path, ModuleImpl **out) = 0;
};

/// A backend entry in the registry.
struct Driver {
  const char *name;
  /// NULL when usable, else UNAVAILABLE with the reason.
  tilec_status (*probe)();
  /// Number of devices (0 when unusable).
  int (*deviceCount)();
  tilec_status (*deviceInfo)(int ordinal, tilec_device_info *info);
  tilec_status (*open)(int ordinal, DeviceImpl **out);
};

const Driver &cpuDriver();
const Driver &cudaDriver();
const Driver &hipDriver();
const Driver &simtDriver();

/// Copies `src` into a fixed-size char array, truncating.
void copyString(char *dst, size_t cap, const char *src);

} // namespace tilec

#endif
