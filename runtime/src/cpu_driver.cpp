// CPU driver: dlopen()ed shared-object payloads run on a thread pool.
#include "cpu_info.h"
#include "driver.h"
#include "thread_pool.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

using namespace tilec;

namespace {

/// `void __tilec_entry_NAME(void **args, const int32_t grid[3], int64_t
/// begin, int64_t end)`.
using EntryFn = void (*)(void **, const int32_t *, int64_t, int64_t);

/// The first tl.device_assert failure of one launch (and how many followed).
struct AssertRecord {
  std::mutex mutex;
  bool failed = false;
  std::string message;
  int64_t moreFailures = 0;
};

struct LaunchCtx {
  EntryFn fn;
  void **args;
  int32_t grid[3];
  AssertRecord asserts;
};

/// The assertion record of the launch whose programs this thread is running.
thread_local AssertRecord *currentAsserts = nullptr;

void runRange(void *c, int64_t begin, int64_t end) {
  auto *ctx = static_cast<LaunchCtx *>(c);
  currentAsserts = &ctx->asserts;
  ctx->fn(ctx->args, ctx->grid, begin, end);
  currentAsserts = nullptr;
}

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

/// Points the module's hook slot (if it has one) at assertFailed.
void installAssertHook(void *handle) {
  using Hook = void (*)(const char *, const char *, int32_t, const char *,
                        int32_t, int32_t, int32_t);
  dlerror();
  if (auto *slot = static_cast<Hook *>(dlsym(handle, "__tilec_assert_hook")))
    *slot = assertFailed;
}

/// The file a module's payload was dlopen()ed from. It stays open (and a
/// temporary file stays on disk) while the module is loaded: glibc returns an
/// already loaded library for a path it has seen, so a path must not be
/// reused by another module before this one is unloaded.
struct PayloadFile {
  int fd = -1;
  std::string tmpPath;
  void release() {
    if (fd >= 0)
      close(fd);
    if (!tmpPath.empty())
      unlink(tmpPath.c_str());
    fd = -1;
    tmpPath.clear();
  }
};

class CpuModule : public ModuleImpl {
public:
  CpuModule(void *handle, PayloadFile file, ThreadPool &(*pool)(void *), void *device)
      : handle(handle), file(std::move(file)), pool(pool), device(device) {}
  ~CpuModule() override {
    dlclose(handle);
    file.release();
  }

  tilec_status getFunction(const tilec_kernel_metadata &k, void **fn) override {
    dlerror();
    *fn = dlsym(handle, k.entry);
    if (!*fn)
      return tilec_status_create(
          TILEC_STATUS_CORRUPT_MODULE,
          "kernel '%s': the payload does not export its entry '%s'", k.name,
          k.entry);
    return nullptr;
  }

  tilec_status launch(void *fn, const tilec_kernel_metadata &,
                      const uint32_t grid[3], void **args) override {
    LaunchCtx ctx{reinterpret_cast<EntryFn>(fn),
                  args,
                  {int32_t(grid[0]), int32_t(grid[1]), int32_t(grid[2])}};
    int64_t total = int64_t(grid[0]) * grid[1] * grid[2];
    pool(device).run(runRange, &ctx, total);
    std::fflush(stdout); // tl.device_print output, before the launch returns
    if (!ctx.asserts.failed)
      return nullptr;
    std::string more;
    if (ctx.asserts.moreFailures)
      more = " (and " + std::to_string(ctx.asserts.moreFailures) + " more failures)";
    return tilec_status_create(TILEC_STATUS_ASSERTION_FAILED, "%s%s",
                               ctx.asserts.message.c_str(), more.c_str());
  }

private:
  void *handle;
  PayloadFile file;
  ThreadPool &(*pool)(void *device);
  void *device;
};

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
tilec_status dlopenPayload(const tilec_module_image *img, void **handle, PayloadFile &file) {
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

class CpuDevice : public DeviceImpl {
public:
  tilec_status query(tilec_device_info *info) override;

  tilec_status alloc(size_t size, void **ptr) override {
    *ptr = nullptr;
    size_t rounded = ((size ? size : 1) + 63) / 64 * 64;
    if (posix_memalign(ptr, 64, rounded) != 0 || !*ptr)
      return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                                 "cpu: cannot allocate %zu bytes", size);
    return nullptr;
  }
  void free(void *ptr) override { std::free(ptr); }
  tilec_status copyToDevice(void *dst, const void *src, size_t size) override {
    if (size)
      std::memmove(dst, src, size);
    return nullptr;
  }
  tilec_status copyToHost(void *dst, const void *src, size_t size) override {
    return copyToDevice(dst, src, size);
  }
  tilec_status synchronize() override { return nullptr; }

  void maxGrid(uint64_t out[3]) override {
    out[0] = out[1] = out[2] = 0x7fffffff; // The entry takes int32 dims.
  }

  tilec_status checkTarget(const tilec_module_image *img) override {
    const tilec_module_metadata *md = tilec_module_image_metadata(img);
    const char *label = tilec_module_image_label(img);
    const HostCpu &cpu = hostCpu();
    if (std::strcmp(md->target, "cpu") != 0)
      return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                                 "module '%s' targets %s %s, not the cpu "
                                 "driver",
                                 label, md->target, md->arch);
    if (canonicalArch(md->arch) != cpu.arch)
      return tilec_status_create(TILEC_STATUS_UNAVAILABLE,
                                 "module '%s' targets %s but this host is %s",
                                 label, md->arch, cpu.arch.c_str());
    std::string missing = missingFeature(md->features);
    if (!missing.empty())
      return tilec_status_create(TILEC_STATUS_UNAVAILABLE,
                                 "module '%s' needs CPU feature '%s', which "
                                 "this host (%s) lacks",
                                 label, missing.c_str(), cpu.name.c_str());
    return nullptr;
  }

  tilec_status loadModule(const tilec_module_image *img, const char *path,
                          ModuleImpl **out) override {
    // Load the validated bytes, not `path` again: the file may have been
    // replaced since it was read, and dlopen() of a path it has already
    // loaded returns the old library.
    (void)path;
    void *handle = nullptr;
    PayloadFile file;
    if (tilec_status s = dlopenPayload(img, &handle, file))
      return s;
    installAssertHook(handle);
    *out = new (std::nothrow) CpuModule(handle, file, threadPool, this);
    if (!*out) {
      dlclose(handle);
      file.release();
      return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                                 "cpu: out of memory loading a module");
    }
    return nullptr;
  }

private:
  /// Created on first launch so that devices that never launch cost no
  /// threads.
  static ThreadPool &threadPool(void *self) {
    auto *dev = static_cast<CpuDevice *>(self);
    std::call_once(dev->poolOnce, [dev] {
      dev->pool.reset(new ThreadPool(hostCpu().threads));
    });
    return *dev->pool;
  }

  std::once_flag poolOnce;
  std::unique_ptr<ThreadPool> pool;
};

tilec_status cpuInfo(int ordinal, tilec_device_info *info) {
  if (ordinal != 0)
    return tilec_status_create(TILEC_STATUS_NOT_FOUND,
                               "cpu: no device %d (there is 1 device)",
                               ordinal);
  const HostCpu &cpu = hostCpu();
  std::memset(info, 0, sizeof(*info));
  copyString(info->driver, sizeof(info->driver), "cpu");
  copyString(info->name, sizeof(info->name), cpu.name.c_str());
  copyString(info->arch, sizeof(info->arch), cpu.arch.c_str());
  copyString(info->features, sizeof(info->features), cpu.features.c_str());
  info->compute_units = cpu.threads;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  info->memory_bytes = pages > 0 && page > 0 ? uint64_t(pages) * page : 0;
  return nullptr;
}

tilec_status CpuDevice::query(tilec_device_info *info) {
  return cpuInfo(0, info);
}

tilec_status cpuProbe() { return nullptr; }
int cpuCount() { return 1; }

tilec_status cpuOpen(int ordinal, DeviceImpl **out) {
  if (ordinal != 0)
    return tilec_status_create(TILEC_STATUS_NOT_FOUND,
                               "cpu: no device %d (there is 1 device)",
                               ordinal);
  *out = new (std::nothrow) CpuDevice;
  return *out ? nullptr
              : tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                                    "cpu: out of memory opening the device");
}

} // namespace

const Driver &tilec::cpuDriver() {
  static const Driver d = {"cpu", cpuProbe, cpuCount, cpuInfo, cpuOpen};
  return d;
}
