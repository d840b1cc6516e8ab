/* Lists tilec's devices, then runs add_kernel (out = x + y) of a precompiled module on the CPU. */
#include "tilec/runtime.h"

#include <stdio.h>
#include <stdlib.h>

/* Prints and frees a failed status; returns nonzero when `s` is an error. */
static int failed(tilec_status s, const char *what) {
  if (!s)
    return 0;
  fprintf(stderr, "%s: %s\n", what, tilec_status_message(s));
  tilec_status_free(s);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: run_module MODULE.tilec\n");
    return 2;
  }
  int count = tilec_device_count(NULL);
  for (int i = 0; i < count; ++i) {
    tilec_device_info info;
    if (failed(tilec_device_info_get(NULL, i, &info), "device info"))
      return 1;
    printf("device %d: %s %s (%s)\n", i, info.driver, info.name, info.arch);
  }

  enum { N = 1000 };
  float x[N], y[N], out[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = 0.5f * (float)i;
  }
  tilec_device *dev = NULL;
  tilec_module *mod = NULL;
  tilec_kernel *kernel = NULL;
  void *buf[3] = {NULL, NULL, NULL};
  if (failed(tilec_device_open("cpu", 0, &dev), "open") ||
      failed(tilec_module_load_file(dev, argv[1], &mod), "load") ||
      failed(tilec_module_get_kernel(mod, "add_kernel", &kernel), "kernel"))
    return 1;
  for (int b = 0; b < 3; ++b)
    if (failed(tilec_device_alloc(dev, sizeof x, &buf[b]), "alloc"))
      return 1;
  if (failed(tilec_device_copy_to_device(dev, buf[0], x, sizeof x), "copy") ||
      failed(tilec_device_copy_to_device(dev, buf[1], y, sizeof y), "copy"))
    return 1;
  tilec_arg args[4] = {{TILEC_TYPE_PTR_FP32, {.ptr = buf[0]}},
                       {TILEC_TYPE_PTR_FP32, {.ptr = buf[1]}},
                       {TILEC_TYPE_PTR_FP32, {.ptr = buf[2]}},
                       {TILEC_TYPE_I32, {.i = N}}};
  const uint32_t grid[3] = {(N + 127) / 128, 1, 1};
  if (failed(tilec_launch(kernel, grid, args, 4), "launch") ||
      failed(tilec_device_copy_to_host(dev, out, buf[2], sizeof out), "copy back"))
    return 1;
  for (int i = 0; i < N; ++i)
    if (out[i] != x[i] + y[i]) {
      fprintf(stderr, "out[%d] = %g, expected %g\n", i, out[i], x[i] + y[i]);
      return 1;
    }
  printf("add_kernel: %d elements correct\n", N);
  for (int b = 0; b < 3; ++b)
    tilec_device_free(dev, buf[b]);
  tilec_module_release(mod);
  tilec_device_release(dev);
  return 0;
}
