//===- JIT.h - Embedding tilec: compile kernels in-process, cache, launch -*- C++ -*-===//
//
// The C++ JIT API. A Compiler opens a device, compiles Triton-language kernels
// for it (or for an explicit target), caches the module images in memory and
// on disk, and hands out Kernel handles that launch through the tilec runtime.
// Every fallible call returns a Status or Expected value; nothing throws or
// aborts. All members of Compiler and Kernel are thread-safe.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_JIT_JIT_H
#define TILEC_JIT_JIT_H

#include "tilec/runtime.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilec::jit {

/// The outcome of a fallible call: ok, or an error code and message. For
/// compile errors the message holds the compiler's diagnostics
/// (`file:line:col: error: ...` followed by the source line and a caret).
class Status {
public:
  enum class Code {
    Ok = 0,
    InvalidArgument,
    CompileError,
    NotFound,
    CorruptModule,
    Unavailable,
    LaunchFailed,
    IOError,
    Internal,
    /// A tl.device_assert failed during the launch.
    AssertionFailed
  };
  Status() = default;
  Status(Code code, std::string message) : code_(code), message_(std::move(message)) {}
  static Status ok() { return Status(); }
  /// Converts (and frees) a runtime status.
  static Status fromRuntime(tilec_status status);

  bool isOk() const { return code_ == Code::Ok; }
  explicit operator bool() const { return !isOk(); } ///< True on error.
  Code code() const { return code_; }
  const std::string &message() const { return message_; }
  /// Name of the code ("CompileError", ...).
  const char *codeName() const;

private:
  Code code_ = Code::Ok;
  std::string message_;
};

/// A value or the Status saying why there is none.
template <typename T> class Expected {
public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(Status status) : status_(std::move(status)) {}
  bool ok() const { return status_.isOk(); }
  explicit operator bool() const { return ok(); }
  const Status &status() const { return status_; }
  T &operator*() { return *value_; }
  const T &operator*() const { return *value_; }
  T *operator->() { return &*value_; }
  const T *operator->() const { return &*value_; }
  /// Moves the value out (valid only when ok()).
  T take() { return std::move(*value_); }

private:
  std::optional<T> value_;
  Status status_;
};

/// What to compile for. An empty `target` means the Compiler's device.
struct Target {
  /// "cpu", "nvptx" or "amdgpu"; empty: the opened device.
  std::string target;
  /// CPU: "native", "x86-64-v3", "aarch64"; NVPTX "sm_90"; AMDGPU "gfx942".
  std::string arch;
  /// Extra LLVM target features ("+sve").
  std::string features;
};

/// One kernel to compile.
struct KernelSpec {
  /// Source file: named in diagnostics; read when `source` is unset.
  std::string sourcePath;
  /// Source text (the whole file: every @jit function it calls must be in it).
  std::optional<std::string> source;
  /// Name of the @jit function.
  std::string kernelName;
  /// Triton types of the non-constexpr parameters, in order ("*fp32", "i32"),
  /// each optionally with Triton's specialization as in its AOT signatures:
  /// "i32:1" (the argument is 1: compiled as the constant, callers must pass
  /// 1), "i32:16" / "*fp32:16" (divisible by 16). See
  /// frontend::parseSignatureEntry. Part of the cache key.
  std::vector<std::string> signature;
  /// Values of the tl.constexpr parameters (NAME, VALUE as in `tilec -D`).
  std::vector<std::pair<std::string, std::string>> constexprs;
  /// Threads per program on GPUs = numWarps * warp size.
  unsigned numWarps = 4;
  /// Tiles in flight per pipelined load of a dot loop (Triton's num_stages)
  /// on GPUs with asynchronous copies; 0 or 1: no pipelining.
  unsigned numStages = 3;
  /// `input_precision` of fp32 `tl.dot`s that give none (see
  /// frontend::KernelRequest::defaultDotInputPrecision); empty: the target's
  /// default. Part of the cache key.
  std::string defaultDotInputPrecision;
  /// sm_90a: tf32, int8 and fp8 dots with an N-contiguous B on wgmma too, as
  /// Triton (PipelineOptions::wgmmaTransposedB). Part of the cache key.
  bool wgmmaTransposedB = false;
  /// Let code generation fuse the program's float multiplies and adds into
  /// fmas (Triton's enable_fp_fusion, PipelineOptions::fpFusion). Part of the
  /// cache key.
  bool fpFusion = true;
  /// LLVM optimization level 0-3.
  unsigned optLevel = 3;
  /// Empty: the Compiler's device.
  Target target;
};

/// Options of a Compiler.
struct CompilerOptions {
  /// Runtime driver of the device to open: "cpu", "cuda", "hip", or empty
  /// for $TILEC_DEVICE, else the best usable device.
  std::string device;
  int ordinal = 0;
  /// Open no device: the Compiler only compiles images for explicit targets.
  bool noDevice = false;
  /// Disk cache directory; empty: $TILEC_CACHE_DIR, else ~/.cache/tilec.
  std::string cacheDir;
  /// Disable the disk cache (also by TILEC_CACHE_DISABLE=1).
  bool diskCache = true;
  /// Size cap of the disk cache in bytes; 0: $TILEC_CACHE_MAX_BYTES, else 1 GiB.
  /// After a write, the least recently used entries (by mtime) are removed.
  uint64_t cacheMaxBytes = 0;
};

/// Counters of a Compiler, for tests and benchmarks.
struct CompilerStats {
  uint64_t memoryHits = 0;
  uint64_t diskHits = 0;
  uint64_t compiles = 0;
  uint64_t corruptEntries = 0; ///< Disk entries rejected and rebuilt.
  uint64_t evictions = 0;
};

class Module;

/// A launchable kernel; cheap to copy (shares its module).
class Kernel {
public:
  Kernel() = default;
  const std::string &name() const;
  /// Triton types of the parameters ("*fp32").
  const std::vector<tilec_type> &paramTypes() const { return types_; }
  /// Their names.
  const std::vector<std::string> &paramNames() const { return names_; }
  /// The cache key of the module (hex).
  const std::string &cacheKey() const;
  /// Runtime handle (owned by the module).
  tilec_kernel *handle() const { return kernel_; }

  /// Launches over grid[0] x grid[1] x grid[2] programs. Arguments are
  /// checked against the parameters (see tilec_kernel_check_args). On the
  /// CPU the call returns when the kernel is done; on GPUs it is asynchronous.
  Status launch(const uint32_t grid[3], const tilec_arg *args, size_t numArgs) const;
  Status launch(std::initializer_list<uint32_t> grid, std::initializer_list<tilec_arg> args) const;

private:
  friend class Compiler;
  std::shared_ptr<Module> module_;
  tilec_kernel *kernel_ = nullptr;
  std::vector<tilec_type> types_;
  std::vector<std::string> names_;
};

/// Compiles, caches and loads kernels for one device.
class Compiler {
public:
  /// Opens the device named by `options` and prepares the cache.
  static Expected<std::unique_ptr<Compiler>> create(const CompilerOptions &options = {});
  ~Compiler();
  Compiler(const Compiler &) = delete;
  Compiler &operator=(const Compiler &) = delete;

  /// Compiles (or finds in a cache) `spec` for the device and loads it.
  Expected<Kernel> compile(const KernelSpec &spec);
  /// Compiles (or finds in the caches) `spec` to a module image (bytes the
  /// runtime loads with tilec_module_load_data); needs no device when
  /// `spec.target` is explicit.
  Expected<std::string> compileImage(const KernelSpec &spec);
  /// Loads a module image on the device and returns its kernel `name`.
  Expected<Kernel> load(const std::string &image, const std::string &name);

  /// The opened device (null with noDevice).
  tilec_device *device() const { return device_; }
  /// Its description.
  const tilec_device_info &deviceInfo() const { return info_; }
  /// The disk cache directory ("" when disabled).
  const std::string &cacheDir() const { return cacheDir_; }
  CompilerStats stats() const;
  /// Forgets the in-memory cache (loaded modules stay alive while Kernels use them).
  void clearMemoryCache();
  /// The cache key of `spec` (hex SHA-256 of everything that affects the code).
  Expected<std::string> cacheKey(const KernelSpec &spec) const;

  /// The compiler version string that is part of every cache key.
  static const char *version();

private:
  struct Impl;
  Compiler();
  std::unique_ptr<Impl> impl_;
  tilec_device *device_ = nullptr;
  tilec_device_info info_{};
  std::string cacheDir_;
};

} // namespace tilec::jit

#endif // TILEC_JIT_JIT_H
