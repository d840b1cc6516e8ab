// Per-module global scratch memory for kernels with `global_scratch B`.
#ifndef TILEC_RUNTIME_GLOBAL_SCRATCH_H
#define TILEC_RUNTIME_GLOBAL_SCRATCH_H

#include "driver.h"

#include <cstdint>
#include <mutex>

namespace tilec {

/// The global scratch memory of one module's kernels (module_format.h,
/// `global_scratch B`): one device buffer, grown to the largest launch's
/// need (grid programs x B bytes) and freed with the module.
///
/// Every launch may use the whole buffer from its start: launches on one
/// device run in order (CUDA/HIP: one stream; the host drivers return when
/// the grid has run), so no launch sees another's programs at work in it, and
/// the contents are undefined for each launch anyway. A smaller buffer is
/// freed only after synchronizing the device, since launches still queued on
/// a GPU may use it. Callers hold `mutex` from reserve() until the launch has
/// been issued, so another thread cannot replace the buffer under a host
/// driver's running grid.
class GlobalScratch {
public:
  std::mutex mutex;

  /// Points `*base` at TILEC_GLOBAL_SCRATCH_ALIGNMENT-aligned device memory
  /// for kernel `k` on `grid` (no zero dimension), `*bytes` its size: grid
  /// programs x k.global_scratch bytes. Fails with INVALID_ARGUMENT when that
  /// size overflows 64 bits, OUT_OF_MEMORY when it exceeds the device's
  /// memory or the allocation fails (naming the kernel and the size).
  tilec_status reserve(DeviceImpl &device, const tilec_kernel_metadata &k, const uint32_t grid[3],
                       void **base, uint64_t *bytes);
  /// Synchronizes `device` and frees the buffer (at module release).
  void release(DeviceImpl &device);

private:
  void *allocation = nullptr; ///< As the device allocated it.
  void *alignedBase = nullptr;
  uint64_t capacity = 0; ///< Usable bytes from alignedBase.
};

} // namespace tilec

#endif
