// Shared code of the host drivers (cpu, simt): shared-object payloads loaded
// with dlopen(), device assertions, host memory and the thread pool.
#ifndef TILEC_RUNTIME_HOST_MODULE_H
#define TILEC_RUNTIME_HOST_MODULE_H

#include "driver.h"
#include "thread_pool.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

namespace tilec {

/// The first tl.device_assert failure of one launch (and how many followed).
struct AssertRecord {
  std::mutex mutex;
  bool failed = false;
  std::string message;
  int64_t moreFailures = 0;

  /// NULL, or ASSERTION_FAILED with the first failure's message.
  tilec_status status();
};

/// While alive, device assertions failing on this OS thread go to `record`.
class AssertScope {
public:
  explicit AssertScope(AssertRecord *record);
  ~AssertScope();
  AssertScope(const AssertScope &) = delete;
  AssertScope &operator=(const AssertScope &) = delete;

private:
  AssertRecord *previous;
};

/// The first out-of-bounds access of one bounds-checked launch (and how many
/// followed), reported by checked-mode kernels through `__tilec_bounds_hook`.
struct BoundsRecord {
  std::mutex mutex;
  bool failed = false;
  uint32_t param = 0;   ///< UINT32_MAX: outside every pointer parameter;
                        ///< num_params: the global scratch buffer.
  int64_t offset = 0;   ///< From the parameter's base (else the address).
  uint64_t bytes = 0;   ///< Size of the access.
  bool isStore = false;
  int64_t more = 0;

  /// NULL, or OUT_OF_BOUNDS naming the first access for kernel `k` whose
  /// parameters had the extents `bounds` ({base, end} each).
  tilec_status status(const tilec_kernel_metadata &k, const uint64_t *bounds);
};

/// While alive, out-of-bounds accesses on this OS thread go to `record`.
class BoundsScope {
public:
  explicit BoundsScope(BoundsRecord *record);
  ~BoundsScope();
  BoundsScope(const BoundsScope &) = delete;
  BoundsScope &operator=(const BoundsScope &) = delete;

private:
  BoundsRecord *previous;
};

/// Points a checked module's `__tilec_bounds_hook` at the runtime's
/// recorder and returns its `__tilec_bounds` table slot; NULL for a module
/// compiled without bounds checks.
void **boundsTableSlot(void *handle);

/// The file a module's payload was dlopen()ed from. It stays open (and a
/// temporary file stays on disk) while the module is loaded: glibc returns an
/// already loaded library for a path it has seen, so a path must not be
/// reused by another module before this one is unloaded.
struct PayloadFile {
  int fd = -1;
  std::string tmpPath;
  void release();
};

/// A payload loaded with dlopen(); kernels are resolved with dlsym().
class HostModule : public ModuleImpl {
public:
  HostModule(void *handle, PayloadFile file)
      : handle(handle), file(std::move(file)) {}
  ~HostModule() override;
  tilec_status getFunction(const tilec_kernel_metadata &k, void **fn) override;

protected:
  void *handle;

private:
  PayloadFile file;
};

/// A device whose memory is host memory and whose programs run on a pool of
/// host threads; subclasses check targets and create modules.
class HostDevice : public DeviceImpl {
public:
  tilec_status alloc(size_t size, void **ptr) override;
  void free(void *ptr) override;
  tilec_status copyToDevice(void *dst, const void *src, size_t size) override;
  tilec_status copyToHost(void *dst, const void *src, size_t size) override;
  tilec_status synchronize() override { return nullptr; }
  void maxGrid(uint64_t out[3]) override;
  /// Loads the payload with dlopen(), installs the assertion hook and calls
  /// createModule.
  tilec_status loadModule(const tilec_module_image *img, const char *path,
                          ModuleImpl **out) override;

  /// The pool that runs programs, created on first use (devices that never
  /// launch cost no threads).
  ThreadPool &threadPool();

protected:
  /// "cpu" or "simt", for messages.
  virtual const char *driverName() const = 0;
  /// Wraps a loaded payload (`handle`, kept open through `file`); NULL when
  /// out of memory.
  virtual HostModule *createModule(const tilec_module_image *img, void *handle,
                                   PayloadFile file) = 0;
  /// INVALID_ARGUMENT unless `img` targets `driver`.
  static tilec_status checkDriver(const tilec_module_image *img,
                                  const char *driver);
  /// UNAVAILABLE when `img` needs CPU features the host lacks.
  static tilec_status checkFeatures(const tilec_module_image *img);

private:
  std::once_flag poolOnce;
  std::unique_ptr<ThreadPool> pool;
};

/// NOT_FOUND unless `ordinal` is 0 (host drivers have one device).
tilec_status checkHostOrdinal(const char *driver, int ordinal);

/// Fills `info` with the host CPU's name, features, threads and memory.
void hostDeviceInfo(const char *driver, tilec_device_info *info);

} // namespace tilec

#endif
