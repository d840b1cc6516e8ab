//===- JIT.cpp - In-process compilation, memory/disk caches and launches ---===//
#include "tilec/JIT/JIT.h"

#include "tilec/Driver/Driver.h"
#include "tilec/Target/TargetInfo.h"
#include "tilec/module_format.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

#ifndef TILEC_JIT_VERSION
#define TILEC_JIT_VERSION "unknown"
#endif

namespace tilec::jit {

//===----------------------------------------------------------------------===//
// Status
//===----------------------------------------------------------------------===//

namespace {
/// A JIT status code, its name, and the runtime code it stands for (none for
/// the JIT's own codes).
struct CodeInfo {
  Status::Code code;
  const char *name;
  std::optional<tilec_code> runtime;
};
constexpr CodeInfo kCodes[] = {
    {Status::Code::Ok, "Ok", TILEC_STATUS_OK},
    {Status::Code::InvalidArgument, "InvalidArgument", TILEC_STATUS_INVALID_ARGUMENT},
    {Status::Code::CompileError, "CompileError", std::nullopt},
    {Status::Code::NotFound, "NotFound", TILEC_STATUS_NOT_FOUND},
    {Status::Code::CorruptModule, "CorruptModule", TILEC_STATUS_CORRUPT_MODULE},
    {Status::Code::Unavailable, "Unavailable", TILEC_STATUS_UNAVAILABLE},
    {Status::Code::LaunchFailed, "LaunchFailed", TILEC_STATUS_LAUNCH_FAILED},
    {Status::Code::IOError, "IOError", TILEC_STATUS_IO_ERROR},
    {Status::Code::Internal, "Internal", TILEC_STATUS_INTERNAL},
    {Status::Code::AssertionFailed, "AssertionFailed", TILEC_STATUS_ASSERTION_FAILED},
};
} // namespace

Status Status::fromRuntime(tilec_status status) {
  if (!status)
    return Status();
  Code code = Code::Internal; // also for runtime codes the JIT has no name for
  for (const CodeInfo &info : kCodes)
    if (info.runtime == tilec_status_code(status) && info.code != Code::Ok)
      code = info.code;
  Status result(code, tilec_status_message(status));
  tilec_status_free(status);
  return result;
}

const char *Status::codeName() const {
  for (const CodeInfo &info : kCodes)
    if (info.code == code_)
      return info.name;
  return "Internal";
}

//===----------------------------------------------------------------------===//
// Module and Kernel
//===----------------------------------------------------------------------===//

/// A loaded module; keeps its device open while alive.
class Module {
public:
  Module(std::shared_ptr<tilec_device> device, tilec_module *module, std::string key,
         std::string name)
      : device(std::move(device)), module(module), key(std::move(key)), name(std::move(name)) {}
  ~Module() { tilec_module_release(module); }
  std::shared_ptr<tilec_device> device;
  tilec_module *module;
  std::string key;
  std::string name;
};

static const std::string emptyString;

const std::string &Kernel::name() const { return module_ ? module_->name : emptyString; }
const std::string &Kernel::cacheKey() const { return module_ ? module_->key : emptyString; }

Status Kernel::launch(const uint32_t grid[3], const tilec_arg *args, size_t numArgs) const {
  if (!kernel_)
    return Status(Status::Code::InvalidArgument, "launch of an empty Kernel handle");
  return Status::fromRuntime(tilec_launch(kernel_, grid, args, numArgs));
}

Status Kernel::launch(std::initializer_list<uint32_t> grid,
                      std::initializer_list<tilec_arg> args) const {
  if (grid.size() < 1 || grid.size() > 3)
    return Status(Status::Code::InvalidArgument,
                  "grid must have 1 to 3 dimensions, got " + std::to_string(grid.size()));
  uint32_t g[3] = {1, 1, 1};
  std::copy(grid.begin(), grid.end(), g);
  return launch(g, args.begin(), args.size());
}

//===----------------------------------------------------------------------===//
// Compiler
//===----------------------------------------------------------------------===//

/// How a spec is compiled: the resolved pipeline and the target's key text.
struct Resolved {
  PipelineOptions pipeline;
  std::string targetKey;
};

/// A spec ready to build: its resolved pipeline, cache key, and source text.
struct PreparedSpec {
  Resolved resolved;
  std::string key;
  KernelSpec withSource;
};

struct Compiler::Impl {
  std::shared_ptr<tilec_device> device;
  std::string driver;
  tilec_device_info deviceInfo{};
  uint64_t cacheMaxBytes = 0;

  mutable std::mutex mutex;
  std::condition_variable inFlightDone;
  std::set<std::string> inFlight;
  std::map<std::string, Kernel> kernels;
  std::map<std::string, std::string> images;
  CompilerStats stats;

  Expected<Resolved> resolve(const KernelSpec &spec) const;
  /// Resolves `spec`, reads its source and computes its cache key.
  Expected<PreparedSpec> prepare(const KernelSpec &spec) const;
  /// Returns `cache[key]`, or runs `build` (without the lock) and caches its
  /// success; one thread builds a key while the others wait for it.
  template <typename T, typename BuildFn>
  Expected<T> buildOnce(std::map<std::string, T> &cache, const std::string &key, BuildFn build);
  Expected<std::string> buildImage(const KernelSpec &spec, const Resolved &resolved,
                                   const std::string &key, const std::string &cacheDir);
  bool readDiskEntry(const std::string &path, std::string &image);
  void writeDiskEntry(const std::string &dir, const std::string &path, const std::string &image);
  void evict(const std::string &dir, const std::string &keep);
};

Compiler::Compiler() : impl_(std::make_unique<Impl>()) {}
Compiler::~Compiler() = default;

const char *Compiler::version() { return "tilec " TILEC_JIT_VERSION; }

/// Reads an environment variable ("" when unset).
static std::string env(const char *name) {
  const char *value = std::getenv(name);
  return value ? value : "";
}

Expected<std::unique_ptr<Compiler>> Compiler::create(const CompilerOptions &options) {
  std::unique_ptr<Compiler> compiler(new Compiler());
  Impl &impl = *compiler->impl_;
  if (!options.noDevice) {
    tilec_device *device = nullptr;
    if (Status s = Status::fromRuntime(tilec_device_open(
            options.device.empty() ? nullptr : options.device.c_str(), options.ordinal, &device)))
      return Status(s.code(), "cannot open a device: " + s.message());
    impl.device = std::shared_ptr<tilec_device>(device, tilec_device_release);
    compiler->device_ = device;
    if (Status s = Status::fromRuntime(tilec_device_query(device, &compiler->info_)))
      return s;
    impl.driver = tilec_device_driver_name(device);
    impl.deviceInfo = compiler->info_;
  }

  bool disk = options.diskCache && env("TILEC_CACHE_DISABLE") != "1";
  if (disk) {
    std::string dir = options.cacheDir;
    if (dir.empty())
      dir = env("TILEC_CACHE_DIR");
    if (dir.empty()) {
      llvm::SmallString<256> home;
      if (llvm::sys::path::home_directory(home)) {
        llvm::sys::path::append(home, ".cache", "tilec");
        dir = std::string(home);
      }
    }
    // A cache directory that cannot be created disables the disk cache.
    if (!dir.empty() && !llvm::sys::fs::create_directories(dir))
      compiler->cacheDir_ = dir;
  }
  impl.cacheMaxBytes = options.cacheMaxBytes;
  if (!impl.cacheMaxBytes) {
    unsigned long long fromEnv = 0;
    if (!llvm::getAsUnsignedInteger(env("TILEC_CACHE_MAX_BYTES"), 10, fromEnv) && fromEnv)
      impl.cacheMaxBytes = fromEnv;
    else
      impl.cacheMaxBytes = 1ull << 30;
  }
  return std::move(compiler);
}

Expected<Resolved> Compiler::Impl::resolve(const KernelSpec &spec) const {
  Resolved r;
  r.pipeline.numWarps = spec.numWarps;
  r.pipeline.numStages = spec.numStages;
  r.pipeline.wgmmaTransposedB = spec.wgmmaTransposedB;
  r.pipeline.fpFusion = spec.fpFusion;
  r.pipeline.optLevel = spec.optLevel;
  std::string target = spec.target.target;
  if (target.empty()) {
    if (!device)
      return Status(Status::Code::InvalidArgument,
                    "no target given and the Compiler has no device");
    selectTargetForDevice(driver, deviceInfo.arch, r.pipeline);
  } else {
    r.pipeline.target = target;
    r.pipeline.arch = spec.target.arch;
    r.pipeline.features = spec.target.features;
  }
  std::string error;
  if (failed(resolvePipelineOptions(r.pipeline, error)))
    return Status(Status::Code::InvalidArgument, error);
  r.targetKey = r.pipeline.target + " " + r.pipeline.arch + " " + r.pipeline.features;
  if (!r.pipeline.libdevicePath.empty())
    r.targetKey += " libdevice=" + r.pipeline.libdevicePath;
  // The host's CPU and features decide the code of native CPU and SIMT modules.
  std::unique_ptr<TargetInfo> info = createTargetInfo(r.pipeline.target);
  if (info && info->dependsOnHostCPU(r.pipeline.arch)) {
    // Part of the key (computed once).
    static const std::string host = [] {
      std::string text = " host=" + std::string(llvm::sys::getHostCPUName());
      std::vector<std::string> features;
      for (const auto &feature : llvm::sys::getHostCPUFeatures())
        if (feature.second)
          features.push_back(feature.first().str());
      std::sort(features.begin(), features.end());
      for (const std::string &feature : features)
        text += "," + feature;
      return text;
    }();
    r.targetKey += host;
  }
  return r;
}

/// Reads the source of `spec` (its text, or its file).
static Expected<std::string> readSource(const KernelSpec &spec) {
  if (spec.source)
    return *spec.source;
  std::string text, error;
  if (!readSourceFile(spec.sourcePath, text, error))
    return Status(Status::Code::NotFound, "error: " + error);
  return text;
}

/// Hashes `parts` unambiguously (each with its length).
static std::string hashParts(const std::vector<std::string> &parts) {
  llvm::SHA256 hasher;
  for (const std::string &part : parts) {
    uint64_t size = part.size();
    hasher.update(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(&size), 8));
    hasher.update(part);
  }
  auto digest = hasher.final();
  return llvm::toHex(digest, /*LowerCase=*/true).substr(0, 40);
}

/// Identifies the compiler binary this code is part of (path, size, mtime),
/// so a rebuilt compiler never reuses old disk entries even when the version
/// string did not change.
static const std::string &binaryStamp() {
  static const std::string stamp = [] {
    Dl_info info;
    std::string text;
    if (dladdr(reinterpret_cast<void *>(&binaryStamp), &info) && info.dli_fname) {
      llvm::sys::fs::file_status st;
      text = info.dli_fname;
      if (!llvm::sys::fs::status(info.dli_fname, st))
        text += " " + std::to_string(st.getSize()) + " " +
                std::to_string(st.getLastModificationTime().time_since_epoch().count());
    }
    return text;
  }();
  return stamp;
}

/// The cache key of a spec whose source is `source`.
static std::string computeKey(const KernelSpec &spec, const std::string &source,
                              const Resolved &resolved) {
  std::vector<std::string> parts = {Compiler::version(),
                                    binaryStamp(),
                                    source,
                                    spec.kernelName,
                                    resolved.targetKey,
                                    std::to_string(spec.numWarps),
                                    std::to_string(spec.numStages),
                                    std::to_string(spec.optLevel),
                                    spec.defaultDotInputPrecision,
                                    spec.wgmmaTransposedB ? "wgmma-transposed-b" : "",
                                    spec.fpFusion ? "fp-fusion" : "no-fp-fusion"};
  parts.push_back("sig");
  parts.insert(parts.end(), spec.signature.begin(), spec.signature.end());
  parts.push_back("constexprs");
  for (const auto &[name, value] : spec.constexprs) {
    parts.push_back(name);
    parts.push_back(value);
  }
  return hashParts(parts);
}

Expected<std::string> Compiler::cacheKey(const KernelSpec &spec) const {
  Expected<Resolved> resolved = impl_->resolve(spec);
  if (!resolved)
    return resolved.status();
  Expected<std::string> source = readSource(spec);
  if (!source)
    return source.status();
  return computeKey(spec, *source, *resolved);
}

bool Compiler::Impl::readDiskEntry(const std::string &path, std::string &image) {
  // Only a regular file is an entry: a non-blocking open never waits for a
  // FIFO's writer, and anything else (a FIFO, a device, a directory, an entry
  // larger than the cache) is rebuilt and replaced by the rename.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || uint64_t(st.st_size) > cacheMaxBytes) {
    ::close(fd);
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.corruptEntries;
    return false;
  }
  auto file = llvm::MemoryBuffer::getOpenFile(fd, path, uint64_t(st.st_size),
                                              /*RequiresNullTerminator=*/false);
  ::close(fd);
  if (!file)
    return false;
  tilec_module_image *parsed = nullptr;
  tilec_status status = tilec_module_image_parse((*file)->getBufferStart(),
                                                 (*file)->getBufferSize(), path.c_str(), &parsed);
  if (status) {
    tilec_status_free(status);
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.corruptEntries;
    return false;
  }
  tilec_module_image_free(parsed);
  image = (*file)->getBuffer().str();
  // LRU: a hit refreshes the entry's mtime.
  int touchFd;
  if (!llvm::sys::fs::openFileForWrite(path, touchFd, llvm::sys::fs::CD_OpenExisting,
                                       llvm::sys::fs::OF_Append)) {
    (void)llvm::sys::fs::setLastAccessAndModificationTime(touchFd,
                                                          std::chrono::system_clock::now());
    llvm::sys::Process::SafelyCloseFileDescriptor(touchFd);
  }
  return true;
}

void Compiler::Impl::writeDiskEntry(const std::string &dir, const std::string &path,
                                    const std::string &image) {
  // Atomic publish: a unique temporary file in the same directory, renamed;
  // a full disk or a kill leaves no partial entry.
  // Something else under the entry's name (a FIFO, a device) is removed
  // first: writeFileAtomically would write into it instead of replacing it.
  struct stat st;
  if (::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
    (void)::unlink(path.c_str()); // llvm::sys::fs::remove refuses special files.
  std::string error;
  if (!writeFileAtomically(path, image, error))
    return;
  evict(dir, path);
}

void Compiler::Impl::evict(const std::string &dir, const std::string &keep) {
  struct Entry {
    llvm::sys::TimePoint<> mtime;
    uint64_t size;
    std::string path;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  auto now = std::chrono::system_clock::now();
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    llvm::sys::fs::file_status st;
    if (llvm::sys::fs::status(it->path(), st) ||
        st.type() != llvm::sys::fs::file_type::regular_file)
      continue;
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    // Temporary files of crashed writers: removed after an hour.
    if (name.contains(".tcm.tmp-")) {
      if (now - st.getLastModificationTime() > std::chrono::hours(1))
        (void)llvm::sys::fs::remove(it->path());
      continue;
    }
    if (!name.ends_with(".tcm"))
      continue;
    entries.push_back({st.getLastModificationTime(), st.getSize(), it->path()});
    total += st.getSize();
  }
  if (total <= cacheMaxBytes)
    return;
  std::sort(entries.begin(), entries.end(),
            [](const Entry &a, const Entry &b) { return a.mtime < b.mtime; });
  for (const Entry &e : entries) {
    if (total <= cacheMaxBytes)
      break;
    if (e.path == keep)
      continue;
    if (!llvm::sys::fs::remove(e.path)) {
      total -= e.size;
      std::lock_guard<std::mutex> lock(mutex);
      ++stats.evictions;
    }
  }
}

Expected<std::string> Compiler::Impl::buildImage(const KernelSpec &spec, const Resolved &resolved,
                                                 const std::string &key,
                                                 const std::string &cacheDir) {
  std::string path;
  if (!cacheDir.empty()) {
    llvm::SmallString<256> p(cacheDir);
    llvm::sys::path::append(p, key + ".tcm");
    path = std::string(p);
    std::string image;
    if (readDiskEntry(path, image)) {
      std::lock_guard<std::mutex> lock(mutex);
      ++stats.diskHits;
      return image;
    }
  }

  CompileRequest request;
  request.sourcePath = spec.sourcePath.empty() ? "<source>" : spec.sourcePath;
  request.source = spec.source;
  request.kernel.kernelName = spec.kernelName;
  request.kernel.signature = spec.signature;
  request.kernel.defines = spec.constexprs;
  request.kernel.defaultDotInputPrecision = spec.defaultDotInputPrecision;
  request.pipeline = resolved.pipeline;
  std::string artifact, diagnostics;
  if (!compileLoadableModule(request, artifact, diagnostics))
    return Status(Status::Code::CompileError, diagnostics);
  {
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.compiles;
  }
  if (!path.empty())
    writeDiskEntry(cacheDir, path, artifact);
  return artifact;
}

/// Marks `key` in flight for the lifetime of the guard (waits while another
/// thread builds it), so one process compiles each key once.
class InFlightGuard {
public:
  InFlightGuard(std::unique_lock<std::mutex> &lock, std::condition_variable &cv,
                std::set<std::string> &inFlight, const std::string &key)
      : lock(lock), cv(cv), inFlight(inFlight), key(key) {
    cv.wait(lock, [&] { return !inFlight.count(key); });
  }
  void claim() {
    inFlight.insert(key);
    claimed = true;
  }
  ~InFlightGuard() {
    if (!claimed)
      return;
    if (!lock.owns_lock())
      lock.lock();
    inFlight.erase(key);
    cv.notify_all();
  }

private:
  std::unique_lock<std::mutex> &lock;
  std::condition_variable &cv;
  std::set<std::string> &inFlight;
  std::string key;
  bool claimed = false;
};

Expected<PreparedSpec> Compiler::Impl::prepare(const KernelSpec &spec) const {
  Expected<Resolved> resolved = resolve(spec);
  if (!resolved)
    return resolved.status();
  Expected<std::string> source = readSource(spec);
  if (!source)
    return source.status();
  PreparedSpec prepared{*resolved, computeKey(spec, *source, *resolved), spec};
  prepared.withSource.source = source.take();
  return prepared;
}

template <typename T, typename BuildFn>
Expected<T> Compiler::Impl::buildOnce(std::map<std::string, T> &cache, const std::string &key,
                                      BuildFn build) {
  std::unique_lock<std::mutex> lock(mutex);
  InFlightGuard guard(lock, inFlightDone, inFlight, key);
  auto it = cache.find(key);
  if (it != cache.end()) {
    ++stats.memoryHits;
    return it->second;
  }
  guard.claim();
  lock.unlock();
  Expected<T> built = build();
  lock.lock();
  if (built)
    cache[key] = *built;
  return built;
}

Expected<std::string> Compiler::compileImage(const KernelSpec &spec) {
  Impl &impl = *impl_;
  Expected<PreparedSpec> prepared = impl.prepare(spec);
  if (!prepared)
    return prepared.status();
  return impl.buildOnce(impl.images, prepared->key, [&] {
    return impl.buildImage(prepared->withSource, prepared->resolved, prepared->key, cacheDir_);
  });
}

Expected<Kernel> Compiler::load(const std::string &image, const std::string &name) {
  if (!impl_->device)
    return Status(Status::Code::InvalidArgument, "the Compiler has no device");
  tilec_module *module = nullptr;
  if (impl_->driver == "cpu" || impl_->driver == "simt") {
    // The CPU driver's tilec_module_load_data dlopen()s "/proc/self/fd/N";
    // glibc returns an already loaded module for a reused path, so a second
    // module could run the first one's code. Load from a unique file instead.
    llvm::SmallString<256> tmp;
    int fd;
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile("tilec-jit", "so", fd, tmp))
      return Status(Status::Code::IOError, "cannot create a temporary file: " + ec.message());
    {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      os.write(image.data(), image.size());
      os.flush();
      if (os.has_error()) {
        os.clear_error();
        (void)llvm::sys::fs::remove(tmp);
        return Status(Status::Code::IOError, "cannot write " + std::string(tmp));
      }
    }
    Status s =
        Status::fromRuntime(tilec_module_load_file(impl_->device.get(), tmp.c_str(), &module));
    (void)llvm::sys::fs::remove(tmp);
    if (s)
      return s;
  } else if (Status s = Status::fromRuntime(tilec_module_load_data(
                 impl_->device.get(), image.data(), image.size(), &module))) {
    return s;
  }
  Kernel kernel;
  kernel.module_ = std::make_shared<Module>(impl_->device, module, "", name);
  if (Status s =
          Status::fromRuntime(tilec_module_get_kernel(module, name.c_str(), &kernel.kernel_)))
    return s;
  size_t n = tilec_kernel_num_params(kernel.kernel_);
  for (size_t i = 0; i < n; ++i) {
    kernel.types_.push_back(tilec_kernel_param_type(kernel.kernel_, i));
    kernel.names_.push_back(tilec_kernel_param_name(kernel.kernel_, i));
  }
  return kernel;
}

Expected<Kernel> Compiler::compile(const KernelSpec &spec) {
  Impl &impl = *impl_;
  if (!impl.device)
    return Status(Status::Code::InvalidArgument, "the Compiler has no device");
  Expected<PreparedSpec> prepared = impl.prepare(spec);
  if (!prepared)
    return prepared.status();
  return impl.buildOnce(impl.kernels, prepared->key, [&]() -> Expected<Kernel> {
    Expected<std::string> image =
        impl.buildImage(prepared->withSource, prepared->resolved, prepared->key, cacheDir_);
    if (!image)
      return image.status();
    Expected<Kernel> kernel = load(*image, spec.kernelName);
    if (kernel)
      kernel->module_->key = prepared->key;
    return kernel;
  });
}

CompilerStats Compiler::stats() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->stats;
}

void Compiler::clearMemoryCache() {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->kernels.clear();
  impl_->images.clear();
}

} // namespace tilec::jit
