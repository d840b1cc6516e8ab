// Shared code of the host drivers (cpu, simt): dlopen()ed payloads, device
// assertions, host memory.
#include "host_module.h"
#include "cpu_info.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <new>
#include <sys/mman.h>
#include <unistd.h>

namespace tilec {
namespace {

/// The assertion record of the launch whose programs this thread is running.
thread_local AssertRecord *currentAsserts = nullptr;

/// Called by kernels (through the module global `__tilec_assert_hook`)
/// where a device assertion fails; the program continues.
void assertFailed(const char *message, const char *file, int32_t line,
                  const char *function, int32_t pidX, int32_t pidY,
                  int32_t pidZ) {
  AssertRecord *record = currentAsserts;
  if (!record)
    return;
  std::lock_guard<std::mutex> lock(record->mutex);
  if (record->failed) {
    ++record->moreFailures;
    return;
  }
  record->failed = true;
  record->message = std::string(file) + ":" + std::to_string(line) + ": " +
                    function + ": program (" + std::to_string(pidX) + ", " +
                    std::to_string(pidY) + ", " + std::to_string(pidZ) +
                    "): device assertion failed" +
                    (*message ? std::string(": ") + message : std::string());
}

/// The bounds record of the launch whose programs this thread is running.
thread_local BoundsRecord *currentBounds = nullptr;

/// Called by checked-mode kernels (through `__tilec_bounds_hook`) for an
/// access outside its parameter's extent; the access is skipped.
void boundsViolated(uint32_t param, int64_t offset, uint64_t bytes,
                    uint32_t isStore) {
  BoundsRecord *record = currentBounds;
  if (!record)
    return;
  std::lock_guard<std::mutex> lock(record->mutex);
  if (record->failed) {
    ++record->more;
    return;
  }
  record->failed = true;
  record->param = param;
  record->offset = offset;
  record->bytes = bytes;
  record->isStore = isStore != 0;
}

/// Points the module's hook slot (if it has one) at assertFailed.
void installAssertHook(void *handle) {
  using Hook = void (*)(const char *, const char *, int32_t, const char *,
                        int32_t, int32_t, int32_t);
  dlerror();
  if (auto *slot = static_cast<Hook *>(dlsym(handle, "__tilec_assert_hook")))
    *slot = assertFailed;
}

tilec_status dlopenError(const tilec_module_image *img) {
  const char *err = dlerror();
  return tilec_status_create(TILEC_STATUS_CORRUPT_MODULE,
                             "module '%s': cannot load its shared object: %s",
                             tilec_module_image_label(img),
                             err ? err : "unknown dlopen error");
}

/// Writes the payload to an anonymous file (memfd, else a temporary file) and
/// dlopen()s it through /proc/self/fd; `file` keeps that path unique while
/// the module is loaded.
tilec_status dlopenPayload(const tilec_module_image *img, void **handle,
                           PayloadFile &file) {
  size_t size = 0;
  const void *payload = tilec_module_image_payload(img, &size);
  int fd = memfd_create("tilec-module", MFD_CLOEXEC);
  std::string tmp;
  if (fd < 0) {
    const char *dir = std::getenv("TMPDIR");
    tmp = std::string(dir && *dir ? dir : "/tmp") + "/tilec-module-XXXXXX";
    fd = mkstemp(&tmp[0]);
    if (fd < 0)
      return tilec_status_create(TILEC_STATUS_IO_ERROR,
                                 "module '%s': cannot create a file for its "
                                 "payload: %s",
                                 tilec_module_image_label(img),
                                 std::strerror(errno));
  }
  const char *p = static_cast<const char *>(payload);
  size_t left = size;
  while (left) {
    ssize_t n = write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      tilec_status s = tilec_status_create(
          TILEC_STATUS_IO_ERROR, "module '%s': cannot write its payload: %s",
          tilec_module_image_label(img), std::strerror(errno));
      close(fd);
      if (!tmp.empty())
        unlink(tmp.c_str());
      return s;
    }
    p += n;
    left -= size_t(n);
  }
  std::string path = tmp.empty() ? "/proc/self/fd/" + std::to_string(fd) : tmp;
  *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  file.fd = fd;
  file.tmpPath = tmp;
  if (*handle)
    return nullptr;
  tilec_status s = dlopenError(img);
  file.release();
  return s;
}

} // namespace

tilec_status AssertRecord::status() {
  if (!failed)
    return nullptr;
  std::string more;
  if (moreFailures)
    more = " (and " + std::to_string(moreFailures) + " more failures)";
  return tilec_status_create(TILEC_STATUS_ASSERTION_FAILED, "%s%s",
                             message.c_str(), more.c_str());
}

tilec_status BoundsRecord::status(const tilec_kernel_metadata &k,
                                  const uint64_t *bounds) {
  if (!failed)
    return nullptr;
  std::string more;
  if (this->more)
    more = " (and " + std::to_string(this->more) + " more)";
  const char *what = isStore ? "store" : "load";
  if (param == k.num_params && k.global_scratch) // The buffer after the user's.
    return tilec_status_create(TILEC_STATUS_OUT_OF_BOUNDS,
                               "kernel '%s': out-of-bounds %s of %llu bytes at byte offset %lld of "
                               "the global scratch buffer, which has %llu bytes%s",
                               k.name, what, (unsigned long long)bytes, (long long)offset,
                               (unsigned long long)(bounds[2 * param + 1] - bounds[2 * param]),
                               more.c_str());
  if (param >= k.num_params)
    return tilec_status_create(
        TILEC_STATUS_OUT_OF_BOUNDS,
        "kernel '%s': out-of-bounds %s of %llu bytes at address 0x%llx, "
        "outside every array argument%s",
        k.name, what, (unsigned long long)bytes, (unsigned long long)offset,
        more.c_str());
  const char *name = k.param_names && k.param_names[param] &&
                             *k.param_names[param]
                         ? k.param_names[param]
                         : "";
  uint64_t extent = bounds[2 * param + 1] - bounds[2 * param];
  return tilec_status_create(
      TILEC_STATUS_OUT_OF_BOUNDS,
      "kernel '%s': out-of-bounds %s of %llu bytes at byte offset %lld of "
      "argument %u%s%s%s, which has %llu bytes%s",
      k.name, what, (unsigned long long)bytes, (long long)offset, param,
      *name ? " ('" : "", name, *name ? "')" : "",
      (unsigned long long)extent, more.c_str());
}

BoundsScope::BoundsScope(BoundsRecord *record) : previous(currentBounds) {
  currentBounds = record;
}
BoundsScope::~BoundsScope() { currentBounds = previous; }

void **boundsTableSlot(void *handle) {
  using Hook = void (*)(uint32_t, int64_t, uint64_t, uint32_t);
  dlerror();
  auto *table = static_cast<void **>(dlsym(handle, "__tilec_bounds"));
  auto *hook = static_cast<Hook *>(dlsym(handle, "__tilec_bounds_hook"));
  if (!table || !hook)
    return nullptr;
  *hook = boundsViolated;
  return table;
}

AssertScope::AssertScope(AssertRecord *record) : previous(currentAsserts) {
  currentAsserts = record;
}
AssertScope::~AssertScope() { currentAsserts = previous; }

void PayloadFile::release() {
  if (fd >= 0)
    close(fd);
  if (!tmpPath.empty())
    unlink(tmpPath.c_str());
  fd = -1;
  tmpPath.clear();
}

HostModule::~HostModule() {
  dlclose(handle);
  file.release();
}

tilec_status HostModule::getFunction(const tilec_kernel_metadata &k,
                                     void **fn) {
  dlerror();
  *fn = dlsym(handle, k.entry);
  if (!*fn)
    return tilec_status_create(
        TILEC_STATUS_CORRUPT_MODULE,
        "kernel '%s': the payload does not export its entry '%s'", k.name,
        k.entry);
  return nullptr;
}

tilec_status HostDevice::alloc(size_t size, void **ptr) {
  *ptr = nullptr;
  // Buffers of 4 MiB and more are 2 MiB aligned and ask for transparent huge
  // pages, as numpy does for its arrays: with THP in `madvise` mode, 4 KiB
  // pages cost DRAM-bound kernels TLB misses and a page fault every 4 KiB.
  constexpr size_t huge = size_t(2) << 20;
  bool large = size >= 2 * huge;
  size_t align = large ? huge : 64;
  size_t rounded = ((size ? size : 1) + align - 1) / align * align;
  if (posix_memalign(ptr, align, rounded) != 0 || !*ptr)
    return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                               "%s: cannot allocate %zu bytes", driverName(),
                               size);
#ifdef MADV_HUGEPAGE
  if (large)
    madvise(*ptr, rounded, MADV_HUGEPAGE); // A hint: failure is harmless.
#endif
  return nullptr;
}

void HostDevice::free(void *ptr) { std::free(ptr); }

tilec_status HostDevice::copyToDevice(void *dst, const void *src, size_t size) {
  if (size)
    std::memmove(dst, src, size);
  return nullptr;
}

tilec_status HostDevice::copyToHost(void *dst, const void *src, size_t size) {
  return copyToDevice(dst, src, size);
}

void HostDevice::maxGrid(uint64_t out[3]) {
  // CUDA's limits, which Triton's launches obey: a grid that a GPU would
  // refuse is refused here too (and y, z fit the entries' int32 dims).
  out[0] = 0x7fffffff;
  out[1] = out[2] = 65535;
}

tilec_status HostDevice::loadModule(const tilec_module_image *img,
                                    const char *path, ModuleImpl **out) {
  // Load the validated bytes, not `path` again: the file may have been
  // replaced since it was read, and dlopen() of a path it has already
  // loaded returns the old library.
  (void)path;
  void *handle = nullptr;
  PayloadFile file;
  if (tilec_status s = dlopenPayload(img, &handle, file))
    return s;
  installAssertHook(handle);
  *out = createModule(img, handle, file);
  if (!*out) {
    dlclose(handle);
    file.release();
    return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                               "%s: out of memory loading a module",
                               driverName());
  }
  return nullptr;
}

ThreadPool &HostDevice::threadPool() {
  std::call_once(poolOnce,
                 [this] { pool.reset(new ThreadPool(hostCpu().threads)); });
  return *pool;
}

tilec_status HostDevice::checkDriver(const tilec_module_image *img,
                                     const char *driver) {
  const tilec_module_metadata *md = tilec_module_image_metadata(img);
  if (std::strcmp(md->target, driver) == 0)
    return nullptr;
  return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                             "module '%s' targets %s %s, not the %s driver",
                             tilec_module_image_label(img), md->target,
                             md->arch, driver);
}

tilec_status HostDevice::checkFeatures(const tilec_module_image *img) {
  std::string missing =
      missingFeature(tilec_module_image_metadata(img)->features);
  if (missing.empty())
    return nullptr;
  return tilec_status_create(TILEC_STATUS_UNAVAILABLE,
                             "module '%s' needs CPU feature '%s', which "
                             "this host (%s) lacks",
                             tilec_module_image_label(img), missing.c_str(),
                             hostCpu().name.c_str());
}

tilec_status checkHostOrdinal(const char *driver, int ordinal) {
  if (ordinal == 0)
    return nullptr;
  return tilec_status_create(TILEC_STATUS_NOT_FOUND,
                             "%s: no device %d (there is 1 device)", driver,
                             ordinal);
}

void hostDeviceInfo(const char *driver, tilec_device_info *info) {
  const HostCpu &cpu = hostCpu();
  std::memset(info, 0, sizeof(*info));
  copyString(info->driver, sizeof(info->driver), driver);
  copyString(info->name, sizeof(info->name), cpu.name.c_str());
  copyString(info->arch, sizeof(info->arch), cpu.arch.c_str());
  copyString(info->features, sizeof(info->features), cpu.features.c_str());
  info->compute_units = cpu.threads;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  info->memory_bytes = pages > 0 && page > 0 ? uint64_t(pages) * page : 0;
}

} // namespace tilec
