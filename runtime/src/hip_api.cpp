// HIP runtime API (libamdhip64.so, loaded with dlopen) behind a GpuApi table.
#include "gpu_api.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <mutex>

using namespace tilec;

namespace {

typedef int hipError_t;

struct Hip {
  hipError_t (*hipInit)(unsigned);
  hipError_t (*hipGetDeviceCount)(int *);
  hipError_t (*hipDeviceGetName)(char *, int, int);
  hipError_t (*hipDeviceTotalMem)(size_t *, int);
  hipError_t (*hipSetDevice)(int);
  hipError_t (*hipDeviceSynchronize)();
  hipError_t (*hipMalloc)(void **, size_t);
  hipError_t (*hipFree)(void *);
  hipError_t (*hipMemcpyHtoD)(void *, const void *, size_t);
  hipError_t (*hipMemcpyDtoH)(void *, const void *, size_t);
  hipError_t (*hipModuleLoadData)(void **, const void *);
  hipError_t (*hipModuleUnload)(void *);
  hipError_t (*hipModuleGetFunction)(void **, void *, const char *);
  hipError_t (*hipModuleLaunchKernel)(void *, unsigned, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, unsigned,
                                      void *, void **, void **);
  const char *(*hipGetErrorName)(hipError_t);
  const char *(*hipGetErrorString)(hipError_t);
  /// hipGetDevicePropertiesR0600 (ROCm 6) or hipGetDeviceProperties.
  hipError_t (*getProps)(void *, int);
};

Hip hip;
std::string loadError;

tilec_status check(hipError_t r, const char *call,
                   tilec_code fallback = TILEC_STATUS_INTERNAL) {
  if (r == 0)
    return nullptr;
  const char *name = hip.hipGetErrorName ? hip.hipGetErrorName(r) : nullptr;
  const char *str = hip.hipGetErrorString ? hip.hipGetErrorString(r) : nullptr;
  return tilec_status_create(
      gpuErrorCode(r, fallback), "hip: %s failed: %s (%d: %s)", call,
      name ? name : "hipErrorUnknown", r, str ? str : "unknown error");
}

tilec_status load() {
  static std::once_flag once;
  std::call_once(once, [] {
    static const char *const names[] = {
        "libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5",
        "/opt/rocm/lib/libamdhip64.so", nullptr};
    void *h = openVendorLibrary("TILEC_HIP_LIBRARY", names, loadError);
    if (!h)
      return;
#define TILEC_HIP_SYM(name)                                                    \
  hip.name = reinterpret_cast<decltype(hip.name)>(dlsym(h, #name));            \
  if (!hip.name) {                                                             \
    loadError = "the HIP runtime library lacks " #name;                        \
    return;                                                                    \
  }
    TILEC_HIP_SYM(hipInit)
    TILEC_HIP_SYM(hipGetDeviceCount)
    TILEC_HIP_SYM(hipDeviceGetName)
    TILEC_HIP_SYM(hipDeviceTotalMem)
    TILEC_HIP_SYM(hipSetDevice)
    TILEC_HIP_SYM(hipDeviceSynchronize)
    TILEC_HIP_SYM(hipMalloc)
    TILEC_HIP_SYM(hipFree)
    TILEC_HIP_SYM(hipMemcpyHtoD)
    TILEC_HIP_SYM(hipMemcpyDtoH)
    TILEC_HIP_SYM(hipModuleLoadData)
    TILEC_HIP_SYM(hipModuleUnload)
    TILEC_HIP_SYM(hipModuleGetFunction)
    TILEC_HIP_SYM(hipModuleLaunchKernel)
    TILEC_HIP_SYM(hipGetErrorName)
    TILEC_HIP_SYM(hipGetErrorString)
#undef TILEC_HIP_SYM
    hip.getProps = reinterpret_cast<decltype(hip.getProps)>(
        dlsym(h, "hipGetDevicePropertiesR0600"));
    if (!hip.getProps)
      hip.getProps = reinterpret_cast<decltype(hip.getProps)>(
          dlsym(h, "hipGetDeviceProperties"));
    if (tilec_status s = check(hip.hipInit(0), "hipInit")) {
      loadError = tilec_status_message(s);
      tilec_status_free(s);
    }
  });
  if (!loadError.empty())
    return tilec_status_create(TILEC_STATUS_UNAVAILABLE, "hip: %s",
                               loadError.c_str());
  return nullptr;
}

tilec_status deviceCount(int *n) {
  return check(hip.hipGetDeviceCount(n), "hipGetDeviceCount");
}

/// The gcnArchName ("gfx942:sramecc+:xnack-") of a device. Its offset in
/// hipDeviceProp_t differs between ROCm versions, so the structure is
/// scanned for it instead.
std::string gcnArch(int ordinal) {
  if (!hip.getProps)
    return "";
  static char props[16384];
  static std::mutex m;
  std::lock_guard<std::mutex> l(m);
  std::memset(props, 0, sizeof(props));
  if (hip.getProps(props, ordinal) != 0)
    return "";
  for (size_t i = 0; i + 4 < sizeof(props); ++i) {
    if (std::memcmp(props + i, "gfx", 3) != 0 ||
        !(props[i + 3] >= '0' && props[i + 3] <= '9'))
      continue;
    size_t e = i + 3;
    while (e < sizeof(props) && props[e] && props[e] != ':')
      ++e;
    return std::string(props + i, e - i);
  }
  return "";
}

tilec_status deviceInfo(int ordinal, tilec_device_info *info) {
  size_t mem = 0;
  if (tilec_status s = check(
          hip.hipDeviceGetName(info->name, int(sizeof(info->name)), ordinal),
          "hipDeviceGetName", TILEC_STATUS_NOT_FOUND))
    return s;
  if (tilec_status s =
          check(hip.hipDeviceTotalMem(&mem, ordinal), "hipDeviceTotalMem"))
    return s;
  copyString(info->arch, sizeof(info->arch), gcnArch(ordinal).c_str());
  info->memory_bytes = mem;
  return nullptr;
}

void maxGrid(int, uint64_t out[3]) {
  out[0] = 0x7fffffff;
  out[1] = out[2] = 65535;
}

tilec_status open(int ordinal, void **ctx) {
  *ctx = nullptr;
  return check(hip.hipSetDevice(ordinal), "hipSetDevice");
}

void close(int, void *) {}

tilec_status makeCurrent(int ordinal, void *) {
  return check(hip.hipSetDevice(ordinal), "hipSetDevice");
}

tilec_status alloc(size_t size, void **ptr) {
  return check(hip.hipMalloc(ptr, size), "hipMalloc");
}

void free(void *ptr) { hip.hipFree(ptr); }

tilec_status copyToDevice(void *dst, const void *src, size_t size) {
  return check(hip.hipMemcpyHtoD(dst, src, size), "hipMemcpyHtoD");
}

tilec_status copyToHost(void *dst, const void *src, size_t size) {
  return check(hip.hipMemcpyDtoH(dst, src, size), "hipMemcpyDtoH");
}

tilec_status synchronize() {
  return check(hip.hipDeviceSynchronize(), "hipDeviceSynchronize",
               TILEC_STATUS_LAUNCH_FAILED);
}

tilec_status moduleLoad(const void *data, size_t, const char *, void **mod) {
  return check(hip.hipModuleLoadData(mod, data), "hipModuleLoadData",
               TILEC_STATUS_CORRUPT_MODULE);
}

void moduleUnload(void *mod) { hip.hipModuleUnload(mod); }

tilec_status getFunction(void *mod, const char *name, void **fn) {
  return check(hip.hipModuleGetFunction(fn, mod, name), "hipModuleGetFunction",
               TILEC_STATUS_NOT_FOUND);
}

tilec_status launch(void *fn, const uint32_t grid[3], uint32_t block,
                    uint32_t sharedMem, void **params) {
  return check(hip.hipModuleLaunchKernel(fn, grid[0], grid[1], grid[2], block,
                                         1, 1, sharedMem, nullptr, params,
                                         nullptr),
               "hipModuleLaunchKernel", TILEC_STATUS_LAUNCH_FAILED);
}

std::string archMismatch(const char *moduleArch, const char *,
                         const char *deviceArch) {
  std::string m = moduleArch, d = deviceArch;
  m = m.substr(0, m.find(':'));
  if (d.empty() || m == d) // Unknown device arch: let the loader decide.
    return "";
  return "the hsaco is for " + m + " but the device is " + d;
}

const GpuApi &hipApi() {
  static const GpuApi api = {
      "hip",        64,           load,       deviceCount, deviceInfo,
      maxGrid,      open,         close,      makeCurrent, alloc,
      free,         copyToDevice, copyToHost, synchronize, moduleLoad,
      moduleUnload, getFunction,  launch,     archMismatch};
  return api;
}

} // namespace

const Driver &tilec::hipDriver() { return gpuDriver<hipApi>(); }
