// Per-module global scratch memory for kernels with `global_scratch B`.
#include "global_scratch.h"

#include <cstdint>
#include <string>

using namespace tilec;

namespace {
using ull = unsigned long long;
constexpr uint64_t kAlignment = TILEC_GLOBAL_SCRATCH_ALIGNMENT;
} // namespace

tilec_status GlobalScratch::reserve(DeviceImpl &device, const tilec_kernel_metadata &k,
                                    const uint32_t grid[3], void **base, uint64_t *bytes) {
  uint64_t programs = uint64_t(grid[0]) * grid[1], need = 0;
  if (__builtin_mul_overflow(programs, uint64_t(grid[2]), &programs) ||
      __builtin_mul_overflow(programs, k.global_scratch, &need) ||
      need > uint64_t(SIZE_MAX) - (kAlignment - 1))
    return tilec_status_create(
        TILEC_STATUS_INVALID_ARGUMENT,
        "kernel '%s': %llu bytes of global scratch per program for a grid of "
        "%u x %u x %u programs overflow 64 bits",
        k.name, ull(k.global_scratch), grid[0], grid[1], grid[2]);
  *bytes = need;
  if (need <= capacity) {
    *base = alignedBase;
    return nullptr;
  }
  tilec_device_info info{};
  if (tilec_status s = device.query(&info))
    tilec_status_free(s); // Unknown size: the allocation decides.
  else if (info.memory_bytes && need > info.memory_bytes)
    return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                               "kernel '%s': needs %llu bytes of global scratch (%llu programs x "
                               "%llu bytes), more than the device's %llu bytes of memory",
                               k.name, ull(need), ull(programs), ull(k.global_scratch),
                               ull(info.memory_bytes));
  if (allocation) {
    // Launches still queued on a GPU may use the old buffer.
    if (tilec_status s = device.synchronize())
      return s;
    device.free(allocation);
    allocation = alignedBase = nullptr;
    capacity = 0;
  }
  void *raw = nullptr;
  if (tilec_status s = device.alloc(size_t(need + kAlignment - 1), &raw)) {
    std::string what = "kernel '" + std::string(k.name) + "': cannot allocate " +
                       std::to_string(need) + " bytes of global scratch (" +
                       std::to_string(programs) + " programs x " +
                       std::to_string(k.global_scratch) + " bytes)";
    return tilec_status_annotate(s, what.c_str());
  }
  uintptr_t address = (uintptr_t(raw) + kAlignment - 1) & ~uintptr_t(kAlignment - 1);
  allocation = raw;
  alignedBase = reinterpret_cast<void *>(address);
  capacity = need;
  *base = alignedBase;
  return nullptr;
}

void GlobalScratch::release(DeviceImpl &device) {
  if (!allocation)
    return;
  if (tilec_status s = device.synchronize())
    tilec_status_free(s); // The buffer goes either way.
  device.free(allocation);
  allocation = alignedBase = nullptr;
  capacity = 0;
}
