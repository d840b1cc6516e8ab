// CPU driver: dlopen()ed shared-object payloads run on a thread pool.
#include "cpu_info.h"
#include "host_module.h"

#include <cstdio>
#include <cstring>
#include <new>
#include <string>

using namespace tilec;

namespace {

/// `void __tilec_entry_NAME(void **args, const int32_t grid[3], int64_t
/// begin, int64_t end)`.
using EntryFn = void (*)(void **, const int32_t *, int64_t, int64_t);

struct LaunchCtx {
  EntryFn fn;
  void **args;
  int32_t grid[3];
  AssertRecord asserts;
  BoundsRecord bounds;
};

void runRange(void *c, int64_t begin, int64_t end) {
  auto *ctx = static_cast<LaunchCtx *>(c);
  AssertScope scope(&ctx->asserts);
  BoundsScope boundsScope(&ctx->bounds);
  ctx->fn(ctx->args, ctx->grid, begin, end);
}

class CpuModule : public HostModule {
public:
  CpuModule(void *handle, PayloadFile file, HostDevice &device)
      : HostModule(handle, std::move(file)), device(device) {}

  tilec_status launch(void *fn, const tilec_kernel_metadata &,
                      const uint32_t grid[3], void **args) override {
    LaunchCtx ctx;
    runPrograms(ctx, fn, grid, args);
    return ctx.asserts.status();
  }

  tilec_status launchBounded(void *fn, const tilec_kernel_metadata &k,
                             const uint32_t grid[3], void **args,
                             const uint64_t *bounds) override {
    void **table = boundsTableSlot(handle);
    if (!table)
      return tilec_status_create(
          TILEC_STATUS_INVALID_ARGUMENT,
          "kernel '%s': its module was compiled without bounds checks",
          k.name);
    std::lock_guard<std::mutex> lock(boundsMutex);
    LaunchCtx ctx;
    *table = const_cast<uint64_t *>(bounds);
    runPrograms(ctx, fn, grid, args);
    *table = nullptr;
    if (tilec_status s = ctx.bounds.status(k, bounds)) {
      tilec_status_free(ctx.asserts.status());
      return s;
    }
    return ctx.asserts.status();
  }

private:
  /// Runs every program of `grid` on the thread pool, then flushes
  /// tl.device_print's output before the launch returns.
  void runPrograms(LaunchCtx &ctx, void *fn, const uint32_t grid[3], void **args) {
    ctx.fn = reinterpret_cast<EntryFn>(fn);
    ctx.args = args;
    for (int i = 0; i < 3; ++i)
      ctx.grid[i] = int32_t(grid[i]);
    device.threadPool().run(runRange, &ctx, int64_t(grid[0]) * grid[1] * grid[2]);
    std::fflush(stdout);
  }

  HostDevice &device;
  std::mutex boundsMutex;
};

class CpuDevice : public HostDevice {
public:
  tilec_status query(tilec_device_info *info) override {
    hostDeviceInfo("cpu", info);
    return nullptr;
  }

  tilec_status checkTarget(const tilec_module_image *img) override {
    if (tilec_status s = checkDriver(img, "cpu"))
      return s;
    const tilec_module_metadata *md = tilec_module_image_metadata(img);
    const HostCpu &cpu = hostCpu();
    if (canonicalArch(md->arch) != cpu.arch)
      return tilec_status_create(TILEC_STATUS_UNAVAILABLE,
                                 "module '%s' targets %s but this host is %s",
                                 tilec_module_image_label(img), md->arch,
                                 cpu.arch.c_str());
    return checkFeatures(img);
  }

protected:
  const char *driverName() const override { return "cpu"; }
  HostModule *createModule(const tilec_module_image *, void *handle,
                           PayloadFile file) override {
    return new (std::nothrow) CpuModule(handle, std::move(file), *this);
  }
};

tilec_status cpuInfo(int ordinal, tilec_device_info *info) {
  if (tilec_status s = checkHostOrdinal("cpu", ordinal))
    return s;
  hostDeviceInfo("cpu", info);
  return nullptr;
}

tilec_status cpuProbe() { return nullptr; }
int cpuCount() { return 1; }

tilec_status cpuOpen(int ordinal, DeviceImpl **out) {
  if (tilec_status s = checkHostOrdinal("cpu", ordinal))
    return s;
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
