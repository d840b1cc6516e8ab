// Reusable pieces of the runtime command-line tools (tilec-runner and the
// compiler's `tilec run`): .npy arrays, launch arguments, running and
// benchmarking a kernel. C++ (no exceptions); errors are tilec_status.
#ifndef TILEC_TOOLING_H
#define TILEC_TOOLING_H

#include "tilec/runtime.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tilec {
namespace tooling {

/*===-- .npy arrays -------------------------------------------------------===*/

/// A host array in C order. `dtype` is a scalar tilec_type (bool arrays
/// are TILEC_TYPE_I1, one byte per element).
struct NpyArray {
  tilec_type dtype = TILEC_TYPE_INVALID;
  std::vector<int64_t> shape; ///< Empty for a 0-d array.
  std::vector<unsigned char> data;

  size_t numElements() const;
  size_t numBytes() const { return data.size(); }
};

/// numpy `descr` of a dtype ("<f4", "|b1"); "" when numpy has none (bf16).
std::string npyDescr(tilec_type dtype);
/// Parses .npy bytes (format 1.0, 2.0 and 3.0; little-endian, C order;
/// bool, i1..i8, u1..u8, f2, f4, f8). `label` names the file in errors.
tilec_status parseNpy(const void *data, size_t size, const std::string &label,
                      NpyArray &out);
/// Reads a .npy file (NOT_FOUND, IO_ERROR, INVALID_ARGUMENT if malformed).
tilec_status readNpy(const std::string &path, NpyArray &out);
/// Writes a .npy file (format 1.0, or 2.0 for very large headers).
tilec_status writeNpy(const std::string &path, const NpyArray &array);

/*===-- Launch arguments --------------------------------------------------===*/

/// One command-line ARG.
struct LaunchArg {
  std::string spec; ///< As written on the command line.
  /// Scalars: the value. Arrays: TILEC_TYPE_PTR | dtype, ptr = device
  /// buffer once uploaded (NULL before).
  tilec_arg value{};
  bool isArray = false;
  NpyArray array; ///< Arrays: host data (outputs after download).
};

/// The ARGs of one launch.
struct LaunchArgs {
  std::vector<LaunchArg> args;

  /// Triton signature of the arguments, e.g. "*fp32,*fp32,i32".
  std::string signature() const;
  /// The signature specialized as Triton's JIT specializes these values, in
  /// its AOT spelling: integers equal to 1 get ":1", integers divisible by 16
  /// and arrays (device buffers: tilec_device_alloc aligns them to at least
  /// 64 bytes) get ":16"; bools and floats none. E.g. "*fp32:16,i32:16,i32:1".
  std::string specializedSignature() const;
  /// The tagged values to pass to tilec_launch().
  std::vector<tilec_arg> values() const;
};

/// Parses a scalar literal: integer -> i32 (i64 when it does not fit, u64
/// above the i64 range), float (1.5, 1e-3, inf, nan) -> fp32,
/// True/False -> i1. Returns false when `text` is not a literal.
bool parseScalarLiteral(const std::string &text, tilec_arg &out);
/// Parses every ARG: a scalar literal, else a path to a .npy file (a
/// pointer argument of the array's dtype). Errors name the argument.
tilec_status parseLaunchArgs(const std::vector<std::string> &specs,
                             LaunchArgs &out);
/// Checks the arguments against the kernel's parameters (count, pointer vs
/// scalar, dtypes; see tilec_kernel_check_args). Errors name the argument.
tilec_status checkLaunchArgs(const LaunchArgs &args, const tilec_kernel *k);

/// Parses a grid "X[,Y[,Z]]" (missing dimensions are 1; 0 is allowed and
/// launches nothing).
tilec_status parseGrid(const std::string &text, uint32_t grid[3]);

/*===-- Device transfers and outputs --------------------------------------===*/

/// Allocates a device buffer per array and copies the host data in.
tilec_status uploadArgs(tilec_device *dev, LaunchArgs &args);
/// Copies the arrays' device data back into their host arrays.
tilec_status downloadArgs(tilec_device *dev, LaunchArgs &args);
/// Frees the device buffers (safe to call twice).
void freeDeviceArgs(tilec_device *dev, LaunchArgs &args);
/// Fails when two array arguments would be written to the same output file.
tilec_status checkOutputNames(const LaunchArgs &args);
/// Writes every array argument to outDir/<basename of its file>, creating
/// outDir if needed.
tilec_status writeOutputs(const LaunchArgs &args, const std::string &outDir);

/*===-- Benchmarking ------------------------------------------------------===*/

struct BenchResult {
  double medianUs = 0, minUs = 0;
  int runs = 0;
};

/// Calls `fn` a few times to warm up, then `runs` timed times. Stops at
/// the first error.
tilec_status benchmark(int runs, const std::function<tilec_status()> &fn,
                       BenchResult &out);
/// "bench: median X us, min Y us over N runs".
std::string formatBench(const BenchResult &r);

/*===-- The whole run -----------------------------------------------------===*/

struct RunOptions {
  uint32_t grid[3] = {1, 1, 1};
  int benchRuns = 0;  ///< > 0: benchmark that many launches first.
  std::string outDir; ///< Empty: do not write outputs.
  /// Launch with tilec_launch_bounded, each array's extent its size (the
  /// module must be compiled in checked mode).
  bool boundsChecks = false;
};

/// Checks the arguments, uploads them, optionally benchmarks (then
/// re-uploads the inputs so that the outputs come from one launch),
/// launches, synchronizes, downloads and writes the outputs. When
/// benchmarking, `benchLine` receives formatBench()'s line.
tilec_status runKernel(tilec_device *dev, tilec_kernel *k, LaunchArgs &args,
                       const RunOptions &opts, std::string *benchLine);

} // namespace tooling
} // namespace tilec

#endif
