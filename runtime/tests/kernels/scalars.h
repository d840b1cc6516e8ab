/* The body of the test kernel `scalars`, shared by the CPU and SIMT test
 * kernels. */
#ifndef TILEC_TEST_KERNELS_SCALARS_H
#define TILEC_TEST_KERNELS_SCALARS_H

#include <stdint.h>
#include <string.h>

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
   fp32, fp64): out[i] = the i-th scalar as a double. */
static void write_scalars(void **args) {
  double *out = *(double **)args[0];
  uint32_t bf;
  float f;
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

#endif
