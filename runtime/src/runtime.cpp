// Core of the C API: driver registry, devices, memory, modules, launch.
#include "args.h"
#include "driver.h"
#include "global_scratch.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <vector>

using namespace tilec;

struct tilec_device {
  const Driver *driver;
  DeviceImpl *impl;
};

struct tilec_kernel {
  tilec_module *module;
  const tilec_kernel_metadata *md;
  void *fn;
  std::string signature;
};

struct tilec_module {
  tilec_device *device;
  tilec_module_image *image;
  ModuleImpl *impl = nullptr;
  std::string target;
  std::vector<tilec_kernel> kernels;
  /// The buffer of its kernels' `global_scratch` (unused by most modules).
  GlobalScratch scratch;
};

namespace {

const char *const DriverNames[] = {"cpu", "cuda", "hip", "simt"};

const Driver *const *drivers() {
  static const Driver *const list[] = {&cpuDriver(), &cudaDriver(),
                                       &hipDriver(), &simtDriver()};
  return list;
}
constexpr size_t NumDrivers = sizeof(DriverNames) / sizeof(DriverNames[0]);

const Driver *findDriver(const char *name) {
  for (size_t i = 0; i < NumDrivers; ++i)
    if (std::strcmp(drivers()[i]->name, name) == 0)
      return drivers()[i];
  return nullptr;
}

tilec_status unknownDriver(const char *name, const char *what) {
  return tilec_status_create(TILEC_STATUS_NOT_FOUND,
                             "%s'%s' is not a driver (expected cpu, cuda, hip "
                             "or simt)",
                             what, name);
}

tilec_status nullArg(const char *fn) {
  return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT, "%s: NULL argument",
                             fn);
}

/// Driver of a usable device: TILEC_DEVICE, else cuda, hip, cpu in order
/// (the simt emulator only when named).
tilec_status chooseDriver(const Driver **out) {
  if (const char *env = std::getenv("TILEC_DEVICE")) {
    if (*env) {
      *out = findDriver(env);
      return *out ? nullptr : unknownDriver(env, "TILEC_DEVICE=");
    }
  }
  for (const char *name : {"cuda", "hip", "cpu"}) {
    const Driver *d = findDriver(name);
    if (d->deviceCount() > 0) {
      *out = d;
      return nullptr;
    }
  }
  *out = &cpuDriver();
  return nullptr;
}

tilec_status finishLoad(tilec_device *dev, tilec_module_image *img,
                        const char *path, tilec_module **out) {
  if (tilec_status s = dev->impl->checkTarget(img)) {
    tilec_module_image_free(img);
    return s;
  }
  auto *mod = new (std::nothrow) tilec_module;
  if (!mod) {
    tilec_module_image_free(img);
    return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                               "out of memory loading a module");
  }
  mod->device = dev;
  mod->image = img;
  const tilec_module_metadata *md = tilec_module_image_metadata(img);
  mod->target = std::string(md->target) + " " + md->arch;
  if (md->features && *md->features)
    mod->target += std::string(" ") + md->features;
  tilec_status s = dev->impl->loadModule(img, path, &mod->impl);
  for (size_t i = 0; !s && i < md->num_kernels; ++i) {
    tilec_kernel k{mod, &md->kernels[i], nullptr, ""};
    for (size_t j = 0; j < k.md->num_params; ++j)
      k.signature +=
          std::string(j ? "," : "") + tilec_type_name(k.md->param_types[j]);
    s = mod->impl->getFunction(*k.md, &k.fn);
    mod->kernels.push_back(std::move(k));
  }
  if (s) {
    tilec_module_release(mod);
    return s;
  }
  *out = mod;
  return nullptr;
}

} // namespace

void tilec::copyString(char *dst, size_t cap, const char *src) {
  if (!cap)
    return;
  size_t n = src ? std::strlen(src) : 0;
  if (n >= cap)
    n = cap - 1;
  if (n)
    std::memcpy(dst, src, n);
  dst[n] = 0;
}

extern "C" {

const char *const *tilec_driver_names(size_t *count) {
  if (count)
    *count = NumDrivers;
  return DriverNames;
}

tilec_status tilec_driver_probe(const char *name) {
  if (!name)
    return nullArg("tilec_driver_probe");
  const Driver *d = findDriver(name);
  return d ? d->probe() : unknownDriver(name, "");
}

int tilec_device_count(const char *driver) {
  if (driver) {
    const Driver *d = findDriver(driver);
    return d ? d->deviceCount() : 0;
  }
  int n = 0;
  for (size_t i = 0; i < NumDrivers; ++i)
    n += drivers()[i]->deviceCount();
  return n;
}

tilec_status tilec_device_info_get(const char *driver, int index,
                                   tilec_device_info *info) {
  if (!info)
    return nullArg("tilec_device_info_get");
  if (driver) {
    const Driver *d = findDriver(driver);
    if (!d)
      return unknownDriver(driver, "");
    if (tilec_status s = d->probe())
      return s;
    int n = d->deviceCount();
    if (index < 0 || index >= n)
      return tilec_status_create(TILEC_STATUS_NOT_FOUND,
                                 "%s: no device %d (there are %d)", driver,
                                 index, n);
    tilec_status s = d->deviceInfo(index, info);
    if (!s)
      info->ordinal = index;
    return s;
  }
  int rest = index;
  for (size_t i = 0; index >= 0 && i < NumDrivers; ++i) {
    int n = drivers()[i]->deviceCount();
    if (rest < n)
      return tilec_device_info_get(drivers()[i]->name, rest, info);
    rest -= n;
  }
  return tilec_status_create(TILEC_STATUS_NOT_FOUND,
                             "no device %d (there are %d devices)", index,
                             tilec_device_count(nullptr));
}

tilec_status tilec_device_open(const char *driver, int ordinal,
                               tilec_device **out) {
  if (!out)
    return nullArg("tilec_device_open");
  *out = nullptr;
  const Driver *d = nullptr;
  if (driver) {
    d = findDriver(driver);
    if (!d)
      return unknownDriver(driver, "");
  } else if (tilec_status s = chooseDriver(&d)) {
    return s;
  }
  if (tilec_status s = d->probe())
    return s;
  int n = d->deviceCount();
  if (ordinal < 0 || ordinal >= n)
    return tilec_status_create(TILEC_STATUS_NOT_FOUND,
                               "%s: no device %d (there %s %d)", d->name,
                               ordinal, n == 1 ? "is" : "are", n);
  DeviceImpl *impl = nullptr;
  if (tilec_status s = d->open(ordinal, &impl))
    return s;
  *out = new (std::nothrow) tilec_device{d, impl};
  if (!*out) {
    delete impl;
    return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                               "out of memory opening a device");
  }
  return nullptr;
}

void tilec_device_release(tilec_device *dev) {
  if (!dev)
    return;
  delete dev->impl;
  delete dev;
}

const char *tilec_device_driver_name(const tilec_device *dev) {
  return dev ? dev->driver->name : "";
}

tilec_status tilec_device_query(const tilec_device *dev,
                                tilec_device_info *info) {
  if (!dev || !info)
    return nullArg("tilec_device_query");
  return dev->impl->query(info);
}

tilec_status tilec_device_alloc(tilec_device *dev, size_t size,
                                void **out_ptr) {
  if (!dev || !out_ptr)
    return nullArg("tilec_device_alloc");
  return dev->impl->alloc(size, out_ptr);
}

void tilec_device_free(tilec_device *dev, void *ptr) {
  if (dev && ptr)
    dev->impl->free(ptr);
}

tilec_status tilec_device_copy_to_device(tilec_device *dev, void *dst,
                                         const void *src, size_t size) {
  if (!dev || (size && (!dst || !src)))
    return nullArg("tilec_device_copy_to_device");
  return size ? dev->impl->copyToDevice(dst, src, size) : nullptr;
}

tilec_status tilec_device_copy_to_host(tilec_device *dev, void *dst,
                                       const void *src, size_t size) {
  if (!dev || (size && (!dst || !src)))
    return nullArg("tilec_device_copy_to_host");
  return size ? dev->impl->copyToHost(dst, src, size) : nullptr;
}

tilec_status tilec_device_synchronize(tilec_device *dev) {
  if (!dev)
    return nullArg("tilec_device_synchronize");
  return dev->impl->synchronize();
}

tilec_status tilec_module_load_file(tilec_device *dev, const char *path,
                                    tilec_module **out) {
  if (!dev || !path || !out)
    return nullArg("tilec_module_load_file");
  *out = nullptr;
  tilec_module_image *img = nullptr;
  if (tilec_status s = tilec_module_image_read_file(path, &img))
    return s;
  return finishLoad(dev, img, path, out);
}

tilec_status tilec_module_load_data(tilec_device *dev, const void *data,
                                    size_t size, tilec_module **out) {
  if (!dev || (!data && size) || !out)
    return nullArg("tilec_module_load_data");
  *out = nullptr;
  tilec_module_image *img = nullptr;
  if (tilec_status s = tilec_module_image_parse(data, size, "<memory>", &img))
    return s;
  return finishLoad(dev, img, nullptr, out);
}

void tilec_module_release(tilec_module *mod) {
  if (!mod)
    return;
  mod->scratch.release(*mod->device->impl);
  delete mod->impl;
  tilec_module_image_free(mod->image);
  delete mod;
}

size_t tilec_module_kernel_count(const tilec_module *mod) {
  return mod ? mod->kernels.size() : 0;
}

tilec_kernel *tilec_module_kernel_at(tilec_module *mod, size_t index) {
  return mod && index < mod->kernels.size() ? &mod->kernels[index] : nullptr;
}

const char *tilec_module_target(const tilec_module *mod) {
  return mod ? mod->target.c_str() : "";
}

tilec_status tilec_module_get_kernel(tilec_module *mod, const char *name,
                                     tilec_kernel **out) {
  if (!mod || !name || !out)
    return nullArg("tilec_module_get_kernel");
  std::string avail;
  for (tilec_kernel &k : mod->kernels) {
    if (std::strcmp(k.md->name, name) == 0) {
      *out = &k;
      return nullptr;
    }
    avail += std::string(avail.empty() ? "" : ", ") + k.md->name;
  }
  *out = nullptr;
  return tilec_status_create(TILEC_STATUS_NOT_FOUND,
                             "kernel '%s' not found in module '%s' "
                             "(available: %s)",
                             name, tilec_module_image_label(mod->image),
                             avail.c_str());
}

const char *tilec_kernel_name(const tilec_kernel *k) {
  return k ? k->md->name : "";
}

size_t tilec_kernel_num_params(const tilec_kernel *k) {
  return k ? k->md->num_params : 0;
}

tilec_type tilec_kernel_param_type(const tilec_kernel *k, size_t i) {
  return k && i < k->md->num_params ? k->md->param_types[i]
                                    : TILEC_TYPE_INVALID;
}

const char *tilec_kernel_param_name(const tilec_kernel *k, size_t i) {
  return k && i < k->md->num_params ? k->md->param_names[i] : "";
}

int tilec_kernel_param_stored(const tilec_kernel *k, size_t i) {
  return k && i < k->md->num_params && k->md->param_stored
             ? k->md->param_stored[i]
             : 0;
}

const char *tilec_kernel_signature(const tilec_kernel *k) {
  return k ? k->signature.c_str() : "";
}

int tilec_kernel_num_warps(const tilec_kernel *k) {
  return k ? int(k->md->num_warps) : 0;
}

tilec_status tilec_kernel_check_args(const tilec_kernel *k,
                                     const tilec_arg *args, size_t num_args) {
  if (!k)
    return nullArg("tilec_kernel_check_args");
  return checkArgs(*k->md, args, num_args, nullptr, nullptr);
}

tilec_status ModuleImpl::launchBounded(void *, const tilec_kernel_metadata &k,
                                       const uint32_t *, void **,
                                       const uint64_t *) {
  return tilec_status_create(TILEC_STATUS_UNAVAILABLE,
                             "kernel '%s': bounds-checked launches are "
                             "available on the cpu device only",
                             k.name);
}

/// tilec_launch, bounded by `extents` when it is not null.
static tilec_status launchImpl(tilec_kernel *k, const uint32_t grid[3],
                               const tilec_arg *args, size_t num_args,
                               const uint64_t *extents) {
  if (!k || !grid || (extents && !args && num_args))
    return nullArg(extents ? "tilec_launch_bounded" : "tilec_launch");
  // One slot more than the arguments: a kernel with global scratch takes
  // its buffer as a trailing parameter.
  enum { InlineArgs = 32 };
  uint64_t slotBuf[InlineArgs + 1];
  void *ptrBuf[InlineArgs + 1];
  std::vector<uint64_t> slotVec;
  std::vector<void *> ptrVec;
  uint64_t *slots = slotBuf;
  void **ptrs = ptrBuf;
  if (num_args > InlineArgs) {
    slotVec.resize(num_args + 1);
    ptrVec.resize(num_args + 1);
    slots = slotVec.data();
    ptrs = ptrVec.data();
  }
  if (tilec_status s = checkArgs(*k->md, args, num_args, slots, ptrs))
    return s;
  if (!grid[0] || !grid[1] || !grid[2])
    return nullptr; // Like Triton: an empty grid launches nothing.
  DeviceImpl &device = *k->module->device->impl;
  uint64_t maxGrid[3];
  device.maxGrid(maxGrid);
  for (int i = 0; i < 3; ++i)
    if (grid[i] > maxGrid[i])
      return tilec_status_create(
          TILEC_STATUS_INVALID_ARGUMENT,
          "kernel '%s': grid dimension %d is %u, more than the %s maximum "
          "%llu",
          k->md->name, i, grid[i], k->module->device->driver->name,
          (unsigned long long)maxGrid[i]);
  // Global scratch: the buffer stays this launch's until it has been issued.
  std::unique_lock<std::mutex> scratchLock;
  void *scratchBase = nullptr;
  uint64_t scratchBytes = 0;
  size_t numPassed = num_args;
  if (k->md->global_scratch) {
    GlobalScratch &scratch = k->module->scratch;
    scratchLock = std::unique_lock<std::mutex>(scratch.mutex);
    if (tilec_status s = scratch.reserve(device, *k->md, grid, &scratchBase, &scratchBytes))
      return s;
    std::memcpy(&slots[num_args], &scratchBase, sizeof(void *));
    ptrs[num_args] = &slots[num_args];
    numPassed = num_args + 1;
  }
  if (!extents)
    return k->module->impl->launch(k->fn, *k->md, grid, ptrs);
  // {base, end} per parameter, the scratch buffer included; scalars get an
  // empty range.
  std::vector<uint64_t> bounds(2 * numPassed, 0);
  for (size_t i = 0; i < num_args; ++i)
    if (i < k->md->num_params && (k->md->param_types[i] & TILEC_TYPE_PTR)) {
      uint64_t base = uint64_t(uintptr_t(args[i].ptr));
      bounds[2 * i] = base;
      bounds[2 * i + 1] =
          extents[i] > UINT64_MAX - base ? UINT64_MAX : base + extents[i];
    }
  if (numPassed > num_args) {
    bounds[2 * num_args] = uint64_t(uintptr_t(scratchBase));
    bounds[2 * num_args + 1] = bounds[2 * num_args] + scratchBytes;
  }
  return k->module->impl->launchBounded(k->fn, *k->md, grid, ptrs,
                                        bounds.data());
}

tilec_status tilec_launch(tilec_kernel *k, const uint32_t grid[3],
                          const tilec_arg *args, size_t num_args) {
  return launchImpl(k, grid, args, num_args, nullptr);
}

tilec_status tilec_launch_bounded(tilec_kernel *k, const uint32_t grid[3],
                                  const tilec_arg *args, size_t num_args,
                                  const uint64_t *extents) {
  if (!extents)
    return nullArg("tilec_launch_bounded");
  return launchImpl(k, grid, args, num_args, extents);
}

} // extern "C"
