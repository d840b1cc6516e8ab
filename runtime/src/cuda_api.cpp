// CUDA driver API (libcuda.so.1, loaded with dlopen) behind a GpuApi table.
#include "gpu_api.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <mutex>
#include <vector>

using namespace tilec;

namespace {

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef unsigned long long CUdeviceptr;

// Enum values from cuda.h.
enum {
  AttrMaxGridX = 5,
  AttrMultiprocessors = 16,
  AttrCcMajor = 75,
  AttrCcMinor = 76,
  FuncAttrMaxDynamicShared = 8,
  JitErrorLogBuffer = 5,
  JitErrorLogBufferSize = 6,
};

struct Cuda {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceTotalMem_v2)(size_t *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuMemAlloc_v2)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree_v2)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD_v2)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH_v2)(void *, CUdeviceptr, size_t);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, void *, void **,
                             void **);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
};

Cuda cu;
std::string loadError;

tilec_status check(CUresult r, const char *call,
                   tilec_code fallback = TILEC_STATUS_INTERNAL,
                   const char *detail = "") {
  if (r == 0)
    return nullptr;
  const char *name = nullptr, *str = nullptr;
  if (!cu.cuGetErrorName || cu.cuGetErrorName(r, &name) != 0)
    name = "CUDA_ERROR_UNKNOWN";
  if (!cu.cuGetErrorString || cu.cuGetErrorString(r, &str) != 0)
    str = "unknown error";
  return tilec_status_create(gpuErrorCode(r, fallback),
                             "cuda: %s failed: %s (%d: %s)%s", call, name, r,
                             str, detail);
}

tilec_status load() {
  static std::once_flag once;
  std::call_once(once, [] {
    static const char *const names[] = {"libcuda.so.1", "libcuda.so", nullptr};
    void *h = openVendorLibrary("TILEC_CUDA_LIBRARY", names, loadError);
    if (!h)
      return;
#define TILEC_CUDA_SYM(name)                                                   \
  cu.name = reinterpret_cast<decltype(cu.name)>(dlsym(h, #name));              \
  if (!cu.name) {                                                              \
    loadError = "the CUDA driver library lacks " #name;                        \
    return;                                                                    \
  }
    TILEC_CUDA_SYM(cuInit)
    TILEC_CUDA_SYM(cuDeviceGetCount)
    TILEC_CUDA_SYM(cuDeviceGet)
    TILEC_CUDA_SYM(cuDeviceGetName)
    TILEC_CUDA_SYM(cuDeviceGetAttribute)
    TILEC_CUDA_SYM(cuDeviceTotalMem_v2)
    TILEC_CUDA_SYM(cuDevicePrimaryCtxRetain)
    TILEC_CUDA_SYM(cuDevicePrimaryCtxRelease_v2)
    TILEC_CUDA_SYM(cuCtxSetCurrent)
    TILEC_CUDA_SYM(cuCtxSynchronize)
    TILEC_CUDA_SYM(cuMemAlloc_v2)
    TILEC_CUDA_SYM(cuMemFree_v2)
    TILEC_CUDA_SYM(cuMemcpyHtoD_v2)
    TILEC_CUDA_SYM(cuMemcpyDtoH_v2)
    TILEC_CUDA_SYM(cuModuleLoadDataEx)
    TILEC_CUDA_SYM(cuModuleUnload)
    TILEC_CUDA_SYM(cuModuleGetFunction)
    TILEC_CUDA_SYM(cuFuncSetAttribute)
    TILEC_CUDA_SYM(cuLaunchKernel)
    TILEC_CUDA_SYM(cuGetErrorName)
    TILEC_CUDA_SYM(cuGetErrorString)
#undef TILEC_CUDA_SYM
    if (tilec_status s = check(cu.cuInit(0), "cuInit")) {
      loadError = tilec_status_message(s);
      tilec_status_free(s);
    }
  });
  if (!loadError.empty())
    return tilec_status_create(TILEC_STATUS_UNAVAILABLE, "cuda: %s",
                               loadError.c_str());
  return nullptr;
}

tilec_status deviceCount(int *n) {
  return check(cu.cuDeviceGetCount(n), "cuDeviceGetCount");
}

tilec_status getDevice(int ordinal, CUdevice *dev) {
  return check(cu.cuDeviceGet(dev, ordinal), "cuDeviceGet",
               TILEC_STATUS_NOT_FOUND);
}

tilec_status deviceInfo(int ordinal, tilec_device_info *info) {
  CUdevice dev;
  int major = 0, minor = 0, sms = 0;
  size_t mem = 0;
  if (tilec_status s = getDevice(ordinal, &dev))
    return s;
  if (tilec_status s =
          check(cu.cuDeviceGetName(info->name, int(sizeof(info->name)), dev),
                "cuDeviceGetName"))
    return s;
  if (tilec_status s = check(cu.cuDeviceGetAttribute(&major, AttrCcMajor, dev),
                             "cuDeviceGetAttribute(COMPUTE_CAPABILITY_MAJOR)"))
    return s;
  if (tilec_status s = check(cu.cuDeviceGetAttribute(&minor, AttrCcMinor, dev),
                             "cuDeviceGetAttribute(COMPUTE_CAPABILITY_MINOR)"))
    return s;
  if (tilec_status s =
          check(cu.cuDeviceGetAttribute(&sms, AttrMultiprocessors, dev),
                "cuDeviceGetAttribute(MULTIPROCESSOR_COUNT)"))
    return s;
  if (tilec_status s =
          check(cu.cuDeviceTotalMem_v2(&mem, dev), "cuDeviceTotalMem"))
    return s;
  std::snprintf(info->arch, sizeof(info->arch), "sm_%d%d", major, minor);
  info->compute_units = sms;
  info->memory_bytes = mem;
  return nullptr;
}

void maxGrid(int ordinal, uint64_t out[3]) {
  out[0] = 0x7fffffff;
  out[1] = out[2] = 65535;
  CUdevice dev;
  if (cu.cuDeviceGet(&dev, ordinal) != 0)
    return;
  for (int i = 0; i < 3; ++i) {
    int v = 0;
    if (cu.cuDeviceGetAttribute(&v, AttrMaxGridX + i, dev) == 0 && v > 0)
      out[i] = uint64_t(v);
  }
}

tilec_status open(int ordinal, void **ctx) {
  CUdevice dev;
  if (tilec_status s = getDevice(ordinal, &dev))
    return s;
  return check(
      cu.cuDevicePrimaryCtxRetain(reinterpret_cast<CUcontext *>(ctx), dev),
      "cuDevicePrimaryCtxRetain");
}

void close(int ordinal, void *) {
  CUdevice dev;
  if (cu.cuDeviceGet(&dev, ordinal) == 0)
    cu.cuDevicePrimaryCtxRelease_v2(dev);
}

tilec_status makeCurrent(int, void *ctx) {
  return check(cu.cuCtxSetCurrent(static_cast<CUcontext>(ctx)),
               "cuCtxSetCurrent");
}

tilec_status alloc(size_t size, void **ptr) {
  CUdeviceptr p = 0;
  tilec_status s = check(cu.cuMemAlloc_v2(&p, size), "cuMemAlloc");
  *ptr = reinterpret_cast<void *>(uintptr_t(p));
  return s;
}

void free(void *ptr) { cu.cuMemFree_v2(CUdeviceptr(uintptr_t(ptr))); }

tilec_status copyToDevice(void *dst, const void *src, size_t size) {
  return check(cu.cuMemcpyHtoD_v2(CUdeviceptr(uintptr_t(dst)), src, size),
               "cuMemcpyHtoD");
}

tilec_status copyToHost(void *dst, const void *src, size_t size) {
  return check(cu.cuMemcpyDtoH_v2(dst, CUdeviceptr(uintptr_t(src)), size),
               "cuMemcpyDtoH");
}

tilec_status synchronize() {
  return check(cu.cuCtxSynchronize(), "cuCtxSynchronize",
               TILEC_STATUS_LAUNCH_FAILED);
}

tilec_status moduleLoad(const void *data, size_t size, const char *kind,
                        void **mod) {
  // PTX must be NUL-terminated; cubins are self-delimiting.
  std::vector<char> buf(static_cast<const char *>(data),
                        static_cast<const char *>(data) + size);
  buf.push_back(0);
  char log[4096] = {};
  int opts[] = {JitErrorLogBuffer, JitErrorLogBufferSize};
  void *vals[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof(log)))};
  CUresult r = cu.cuModuleLoadDataEx(reinterpret_cast<CUmodule *>(mod),
                                     buf.data(), 2, opts, vals);
  std::string detail = log[0] ? std::string(": ") + log : "";
  std::string call = std::string("cuModuleLoadDataEx(") + kind + ")";
  return check(r, call.c_str(), TILEC_STATUS_CORRUPT_MODULE, detail.c_str());
}

void moduleUnload(void *mod) { cu.cuModuleUnload(static_cast<CUmodule>(mod)); }

tilec_status getFunction(void *mod, const char *name, void **fn) {
  return check(cu.cuModuleGetFunction(reinterpret_cast<CUfunction *>(fn),
                                      static_cast<CUmodule>(mod), name),
               "cuModuleGetFunction", TILEC_STATUS_NOT_FOUND);
}

tilec_status launch(void *fn, const uint32_t grid[3], uint32_t block,
                    uint32_t sharedMem, void **params) {
  if (sharedMem > 48 * 1024)
    if (tilec_status s = check(
            cu.cuFuncSetAttribute(static_cast<CUfunction>(fn),
                                  FuncAttrMaxDynamicShared, int(sharedMem)),
            "cuFuncSetAttribute(MAX_DYNAMIC_SHARED)",
            TILEC_STATUS_LAUNCH_FAILED))
      return s;
  return check(cu.cuLaunchKernel(static_cast<CUfunction>(fn), grid[0], grid[1],
                                 grid[2], block, 1, 1, sharedMem, nullptr,
                                 params, nullptr),
               "cuLaunchKernel", TILEC_STATUS_LAUNCH_FAILED);
}

/// sm_XY[a] -> XY (0 when malformed).
int smNumber(const char *arch) {
  return std::strncmp(arch, "sm_", 3) == 0 ? std::atoi(arch + 3) : 0;
}

std::string archMismatch(const char *moduleArch, const char *kind,
                         const char *deviceArch) {
  int m = smNumber(moduleArch), d = smNumber(deviceArch);
  // Architecture-specific code (sm_90a) runs on that architecture only.
  size_t length = std::strlen(moduleArch);
  bool specific = length > 0 && moduleArch[length - 1] == 'a';
  bool ok = specific                          ? d == m
            : std::strcmp(kind, "ptx") == 0 ? d >= m
                                              : d / 10 == m / 10 && d >= m;
  if (ok)
    return "";
  return std::string("the ") + kind + " is for " + moduleArch +
         " but the device is " + deviceArch;
}

const GpuApi &cudaApi() {
  static const GpuApi api = {
      "cuda",       32,           load,       deviceCount, deviceInfo,
      maxGrid,      open,         close,      makeCurrent, alloc,
      free,         copyToDevice, copyToHost, synchronize, moduleLoad,
      moduleUnload, getFunction,  launch,     archMismatch};
  return api;
}

} // namespace

const Driver &tilec::cudaDriver() { return gpuDriver<cudaApi>(); }
