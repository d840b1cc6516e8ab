/* Hand-written CPU test kernels implementing the __tilec_entry_* ABI. */
#include <stdint.h>
#include <string.h>

#include "scalars.h"

typedef void entry_fn(void **args, const int32_t grid[3], int64_t begin,
                      int64_t end);

/* record_pid(*i32 out): out[4*pid..] = x, y, z, and counts executions. */
void __tilec_entry_record_pid(void **args, const int32_t grid[3], int64_t begin,
                              int64_t end) {
  int32_t *out = *(int32_t **)args[0];
  for (int64_t pid = begin; pid < end; ++pid) {
    out[4 * pid + 0] = (int32_t)(pid % grid[0]);
    out[4 * pid + 1] = (int32_t)((pid / grid[0]) % grid[1]);
    out[4 * pid + 2] = (int32_t)(pid / ((int64_t)grid[0] * grid[1]));
    __atomic_fetch_add(&out[4 * pid + 3], 1, __ATOMIC_RELAXED);
  }
}

/* add_kernel(*fp32 x, *fp32 y, *fp32 out, i32 n), BLOCK_SIZE = 64. */
void __tilec_entry_add_kernel(void **args, const int32_t grid[3], int64_t begin,
                              int64_t end) {
  const float *x = *(const float **)args[0];
  const float *y = *(const float **)args[1];
  float *out = *(float **)args[2];
  int32_t n = *(const int32_t *)args[3];
  (void)grid;
  for (int64_t pid = begin; pid < end; ++pid)
    for (int64_t i = pid * 64; i < pid * 64 + 64 && i < n; ++i)
      out[i] = x[i] + y[i];
}

/* scalars(*fp64 out, i1, ..., fp64), program 0 only. */
void __tilec_entry_scalars(void **args, const int32_t grid[3], int64_t begin,
                           int64_t end) {
  (void)grid;
  if (begin != 0 || end < 1)
    return;
  write_scalars(args);
}

/* scale_i64(*i64 data, i64 factor): data[pid] *= factor. */
void __tilec_entry_scale_i64(void **args, const int32_t grid[3], int64_t begin,
                             int64_t end) {
  int64_t *data = *(int64_t **)args[0];
  int64_t factor = *(const int64_t *)args[1];
  (void)grid;
  for (int64_t pid = begin; pid < end; ++pid)
    data[pid] *= factor;
}

/* scratch_slots(*i64 out), global_scratch 256: the runtime appends the
   scratch buffer as args[1]. Program pid fills its 256-byte slot with
   pid << 8 | word, reads word (7*pid + 3) % 32 back into out[2*pid] and
   stores the buffer's address in out[2*pid+1]. */
void __tilec_entry_scratch_slots(void **args, const int32_t grid[3], int64_t begin, int64_t end) {
  int64_t *out = *(int64_t **)args[0];
  char *scratch = *(char **)args[1];
  (void)grid;
  for (int64_t pid = begin; pid < end; ++pid) {
    int64_t *slot = (int64_t *)(scratch + pid * 256);
    for (int64_t word = 0; word < 32; ++word)
      slot[word] = pid << 8 | word;
    out[2 * pid] = slot[(7 * pid + 3) % 32];
    out[2 * pid + 1] = (int64_t)(intptr_t)scratch;
  }
}
