// GPU driver shared by CUDA and HIP: devices, memory and modules over a
// GpuApi table.
#include "gpu_api.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <new>
#include <string>

using namespace tilec;

namespace {

class GpuModule : public ModuleImpl {
public:
  GpuModule(const GpuApi &api, int ordinal, void *ctx, void *mod)
      : api(api), ordinal(ordinal), ctx(ctx), mod(mod) {}
  ~GpuModule() override {
    if (!api.makeCurrent(ordinal, ctx))
      api.moduleUnload(mod);
  }

  tilec_status getFunction(const tilec_kernel_metadata &k, void **fn) override {
    if (tilec_status s = api.makeCurrent(ordinal, ctx))
      return s;
    return tilec_status_annotate(api.getFunction(mod, k.entry, fn),
                                 ("kernel '" + std::string(k.name) +
                                  "': cannot find entry '" + k.entry + "'")
                                     .c_str());
  }

  tilec_status launch(void *fn, const tilec_kernel_metadata &k,
                      const uint32_t grid[3], void **args) override {
    if (tilec_status s = api.makeCurrent(ordinal, ctx))
      return s;
    uint32_t block = k.num_warps * api.warpSize;
    return tilec_status_annotate(
        api.launch(fn, grid, block, k.shared_mem, args),
        ("kernel '" + std::string(k.name) + "'").c_str());
  }

private:
  const GpuApi &api;
  int ordinal;
  void *ctx, *mod;
};

class GpuDevice : public DeviceImpl {
public:
  GpuDevice(const GpuApi &api, int ordinal, void *ctx, std::string arch)
      : api(api), ordinal(ordinal), ctx(ctx), arch(std::move(arch)) {}
  ~GpuDevice() override { api.close(ordinal, ctx); }

  tilec_status query(tilec_device_info *info) override {
    return gpuInfo(api, ordinal, info);
  }
  tilec_status alloc(size_t size, void **ptr) override {
    if (tilec_status s = api.makeCurrent(ordinal, ctx))
      return s;
    return api.alloc(size ? size : 1, ptr);
  }
  void free(void *ptr) override {
    if (tilec_status s = api.makeCurrent(ordinal, ctx))
      tilec_status_free(s);
    else
      api.free(ptr);
  }
  tilec_status copyToDevice(void *dst, const void *src, size_t size) override {
    if (tilec_status s = api.makeCurrent(ordinal, ctx))
      return s;
    return api.copyToDevice(dst, src, size);
  }
  tilec_status copyToHost(void *dst, const void *src, size_t size) override {
    if (tilec_status s = api.makeCurrent(ordinal, ctx))
      return s;
    return api.copyToHost(dst, src, size);
  }
  tilec_status synchronize() override {
    if (tilec_status s = api.makeCurrent(ordinal, ctx))
      return s;
    return api.synchronize();
  }
  void maxGrid(uint64_t out[3]) override { api.maxGrid(ordinal, out); }

  tilec_status checkTarget(const tilec_module_image *img) override {
    const tilec_module_metadata *md = tilec_module_image_metadata(img);
    const char *label = tilec_module_image_label(img);
    if (std::strcmp(md->target, api.driver) != 0)
      return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                                 "module '%s' targets %s %s, not the %s "
                                 "driver",
                                 label, md->target, md->arch, api.driver);
    for (size_t i = 0; i < md->num_kernels; ++i)
      if (md->kernels[i].num_warps * api.warpSize > 1024)
        return tilec_status_create(
            TILEC_STATUS_INVALID_ARGUMENT,
            "module '%s': kernel '%s' has num_warps %u, more than %u "
            "threads per block",
            label, md->kernels[i].name, md->kernels[i].num_warps, 1024u);
    std::string why = api.archMismatch(md->arch, md->payload, arch.c_str());
    if (!why.empty())
      return tilec_status_create(TILEC_STATUS_UNAVAILABLE,
                                 "module '%s' cannot run on %s device %d: %s",
                                 label, api.driver, ordinal, why.c_str());
    return nullptr;
  }

  tilec_status loadModule(const tilec_module_image *img, const char *,
                          ModuleImpl **out) override {
    if (tilec_status s = api.makeCurrent(ordinal, ctx))
      return s;
    size_t size = 0;
    const void *payload = tilec_module_image_payload(img, &size);
    void *mod = nullptr;
    const char *kind = tilec_module_image_metadata(img)->payload;
    if (tilec_status s = api.moduleLoad(payload, size, kind, &mod))
      return tilec_status_annotate(
          s, ("module '" + std::string(tilec_module_image_label(img)) + "'")
                 .c_str());
    *out = new (std::nothrow) GpuModule(api, ordinal, ctx, mod);
    if (!*out) {
      api.moduleUnload(mod);
      return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                                 "out of memory loading a module");
    }
    return nullptr;
  }

private:
  const GpuApi &api;
  int ordinal;
  void *ctx;
  std::string arch;
};

} // namespace

tilec_code tilec::gpuErrorCode(int err, tilec_code fallback) {
  switch (err) {
  case 2: // *_ERROR_OUT_OF_MEMORY
    return TILEC_STATUS_OUT_OF_MEMORY;
  case 100: // NO_DEVICE
  case 35:  // INSUFFICIENT_DRIVER (CUDA)
  case 3:   // NOT_INITIALIZED
    return TILEC_STATUS_UNAVAILABLE;
  case 200: // INVALID_IMAGE
  case 209: // NO_BINARY_FOR_GPU
  case 218: // INVALID_PTX
  case 222: // UNSUPPORTED_PTX_VERSION
    return TILEC_STATUS_CORRUPT_MODULE;
  case 500: // NOT_FOUND
    return TILEC_STATUS_NOT_FOUND;
  default:
    if (err >= 700 && err <= 720) // Launch and execution failures.
      return TILEC_STATUS_LAUNCH_FAILED;
    return fallback;
  }
}

void *tilec::openVendorLibrary(const char *envVar, const char *const *names,
                               std::string &why) {
  const char *env = std::getenv(envVar);
  if (env && *env) {
    void *h = dlopen(env, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      const char *e = dlerror();
      why = std::string("cannot load ") + envVar + "='" + env +
            "': " + (e ? e : "unknown error");
    }
    return h;
  }
  std::string tried;
  for (const char *const *n = names; *n; ++n) {
    if (void *h = dlopen(*n, RTLD_NOW | RTLD_LOCAL))
      return h;
    tried += std::string(tried.empty() ? "" : ", ") + *n;
  }
  why = "driver library not found (tried " + tried + ")";
  return nullptr;
}

tilec_status tilec::probeGpu(const GpuApi &api) {
  if (tilec_status s = api.load())
    return s;
  int n = 0;
  if (tilec_status s = api.deviceCount(&n))
    return s;
  if (n <= 0)
    return tilec_status_create(TILEC_STATUS_UNAVAILABLE,
                               "%s: the driver reports no devices", api.driver);
  return nullptr;
}

int tilec::countGpus(const GpuApi &api) {
  int n = 0;
  tilec_status s = api.load();
  if (!s)
    s = api.deviceCount(&n);
  tilec_status_free(s);
  return s ? 0 : n;
}

tilec_status tilec::gpuInfo(const GpuApi &api, int ordinal,
                            tilec_device_info *info) {
  if (tilec_status s = api.load())
    return s;
  std::memset(info, 0, sizeof(*info));
  copyString(info->driver, sizeof(info->driver), api.driver);
  info->ordinal = ordinal;
  return api.deviceInfo(ordinal, info);
}

tilec_status tilec::openGpuDevice(const GpuApi &api, int ordinal,
                                  DeviceImpl **out) {
  tilec_device_info info;
  if (tilec_status s = gpuInfo(api, ordinal, &info))
    return s;
  void *ctx = nullptr;
  if (tilec_status s = api.open(ordinal, &ctx))
    return s;
  *out = new (std::nothrow) GpuDevice(api, ordinal, ctx, info.arch);
  if (!*out) {
    api.close(ordinal, ctx);
    return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                               "out of memory opening a device");
  }
  return nullptr;
}
