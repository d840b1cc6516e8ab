// Running a kernel from host arrays: transfers, benchmarking, outputs.
#include "tilec/tooling.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

using namespace tilec;
using namespace tilec::tooling;

tilec_status tooling::uploadArgs(tilec_device *dev, LaunchArgs &args) {
  for (size_t i = 0; i < args.args.size(); ++i) {
    LaunchArg &a = args.args[i];
    if (!a.isArray)
      continue;
    if (!a.value.ptr)
      if (tilec_status s =
              tilec_device_alloc(dev, a.array.numBytes(), &a.value.ptr))
        return tilec_status_annotate(
            s,
            ("argument " + std::to_string(i) + " ('" + a.spec + "')").c_str());
    if (tilec_status s = tilec_device_copy_to_device(
            dev, a.value.ptr, a.array.data.data(), a.array.numBytes()))
      return s;
  }
  return nullptr;
}

tilec_status tooling::downloadArgs(tilec_device *dev, LaunchArgs &args) {
  if (tilec_status s = tilec_device_synchronize(dev))
    return s;
  for (LaunchArg &a : args.args)
    if (a.isArray && a.value.ptr)
      if (tilec_status s = tilec_device_copy_to_host(
              dev, a.array.data.data(), a.value.ptr, a.array.numBytes()))
        return s;
  return nullptr;
}

void tooling::freeDeviceArgs(tilec_device *dev, LaunchArgs &args) {
  for (LaunchArg &a : args.args)
    if (a.isArray && a.value.ptr) {
      tilec_device_free(dev, a.value.ptr);
      a.value.ptr = nullptr;
    }
}

tilec_status tooling::benchmark(int runs,
                                const std::function<tilec_status()> &fn,
                                BenchResult &out) {
  if (runs < 1)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               "--bench needs at least 1 run, got %d", runs);
  for (int i = 0; i < 3; ++i)
    if (tilec_status s = fn())
      return s;
  std::vector<double> us;
  us.reserve(size_t(runs));
  for (int i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    if (tilec_status s = fn())
      return s;
    us.push_back(std::chrono::duration<double, std::micro>(
                     std::chrono::steady_clock::now() - start)
                     .count());
  }
  std::sort(us.begin(), us.end());
  size_t n = us.size();
  out.runs = runs;
  out.minUs = us.front();
  out.medianUs = n % 2 ? us[n / 2] : (us[n / 2 - 1] + us[n / 2]) / 2;
  return nullptr;
}

std::string tooling::formatBench(const BenchResult &r) {
  char buf[128];
  std::snprintf(buf, sizeof(buf),
                "bench: median %.2f us, min %.2f us over %d "
                "runs",
                r.medianUs, r.minUs, r.runs);
  return buf;
}

namespace {
tilec_status launchOnce(tilec_device *dev, tilec_kernel *k,
                        const uint32_t grid[3],
                        const std::vector<tilec_arg> &v,
                        const std::vector<uint64_t> *extents) {
  if (tilec_status s =
          extents ? tilec_launch_bounded(k, grid, v.data(), v.size(),
                                         extents->data())
                  : tilec_launch(k, grid, v.data(), v.size()))
    return s;
  return tilec_device_synchronize(dev);
}

/// The extent of every argument: an array's size in bytes, 0 for scalars.
std::vector<uint64_t> extentsOf(const LaunchArgs &args) {
  std::vector<uint64_t> extents;
  for (const LaunchArg &a : args.args)
    extents.push_back(a.isArray ? uint64_t(a.array.numBytes()) : 0);
  return extents;
}

tilec_status runSteps(tilec_device *dev, tilec_kernel *k, LaunchArgs &args,
                      const RunOptions &opts, std::string *benchLine) {
  if (tilec_status s = checkLaunchArgs(args, k))
    return s;
  if (!opts.outDir.empty())
    if (tilec_status s = checkOutputNames(args))
      return s;
  if (tilec_status s = uploadArgs(dev, args))
    return s;
  std::vector<uint64_t> extentList = extentsOf(args);
  const std::vector<uint64_t> *extents =
      opts.boundsChecks ? &extentList : nullptr;
  if (opts.benchRuns > 0) {
    std::vector<tilec_arg> v = args.values();
    BenchResult r;
    if (tilec_status s = benchmark(
            opts.benchRuns,
            [&] { return launchOnce(dev, k, opts.grid, v, extents); },
            r))
      return s;
    if (benchLine)
      *benchLine = formatBench(r);
    // Outputs come from a single launch on fresh inputs.
    if (tilec_status s = uploadArgs(dev, args))
      return s;
  }
  if (tilec_status s = launchOnce(dev, k, opts.grid, args.values(), extents))
    return s;
  if (tilec_status s = downloadArgs(dev, args))
    return s;
  return opts.outDir.empty() ? nullptr : writeOutputs(args, opts.outDir);
}
} // namespace

tilec_status tooling::runKernel(tilec_device *dev, tilec_kernel *k,
                                LaunchArgs &args, const RunOptions &opts,
                                std::string *benchLine) {
  tilec_status s = runSteps(dev, k, args, opts, benchLine);
  freeDeviceArgs(dev, args);
  return s;
}
