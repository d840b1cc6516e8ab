/* Hand-written CPU test kernels implementing the __tilec_entry_* ABI. */
#include <stdint.h>
#include <string.h>

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

static double half_to_double(uint16_t h) {
  int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v;
  if (exp == 0)
    v = mant / 16777216.0; /* mant * 2^-24 */
  else if (exp == 31)
    v = mant ? 0.0 / 0.0 : 1.0 / 0.0;
  else {
    v = (1024 + mant);
    for (int e = exp - 25; e > 0; --e)
      v *= 2;
    for (int e = exp - 25; e < 0; ++e)
      v /= 2;
  }
  return (h & 0x8000) ? -v : v;
}

/* scalars(*fp64 out, i1, i8, i16, i32, i64, u8, u16, u32, u64, fp16, bf16,
   fp32, fp64): out[i] = the i-th scalar as a double (program 0 only). */
void __tilec_entry_scalars(void **args, const int32_t grid[3], int64_t begin,
                           int64_t end) {
  double *out = *(double **)args[0];
  uint32_t bf;
  float f;
  (void)grid;
  if (begin != 0 || end < 1)
    return;
  out[0] = *(const int8_t *)args[1];
  out[1] = *(const int8_t *)args[2];
  out[2] = *(const int16_t *)args[3];
  out[3] = *(const int32_t *)args[4];
  out[4] = (double)*(const int64_t *)args[5];
  out[5] = *(const uint8_t *)args[6];
  out[6] = *(const uint16_t *)args[7];
  out[7] = *(const uint32_t *)args[8];
  out[8] = (double)*(const uint64_t *)args[9];
  out[9] = half_to_double(*(const uint16_t *)args[10]);
  bf = (uint32_t) * (const uint16_t *)args[11] << 16;
  memcpy(&f, &bf, 4);
  out[10] = f;
  out[11] = *(const float *)args[12];
  out[12] = *(const double *)args[13];
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
