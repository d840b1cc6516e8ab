/* A fake CUDA driver / HIP runtime library for testing the GPU drivers
   without a GPU. Loaded through TILEC_CUDA_LIBRARY / TILEC_HIP_LIBRARY.
   "Device" memory is host memory; a module payload is the path of a CPU
   shared object with __tilec_entry_NAME functions, and a launch calls the
   entry with kernelParams (which have the same layout as the CPU ABI's
   args) over the whole grid. Returns the real error numbers. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void entry_fn(void **args, const int32_t grid[3], int64_t begin,
                      int64_t end);

enum {
  OK = 0,
  INVALID_VALUE = 1,
  OUT_OF_MEMORY = 2,
  INVALID_DEVICE = 101,
  INVALID_PTX = 218,
  NOT_FOUND = 500,
  LAUNCH_FAILED = 719,
};

static int initialized;
static _Thread_local int current_device = -1; /* Like a CUDA context. */
static char context_token;

static const char *error_name(int e) {
  switch (e) {
  case OK:
    return "SUCCESS";
  case INVALID_VALUE:
    return "ERROR_INVALID_VALUE";
  case OUT_OF_MEMORY:
    return "ERROR_OUT_OF_MEMORY";
  case INVALID_DEVICE:
    return "ERROR_INVALID_DEVICE";
  case INVALID_PTX:
    return "ERROR_INVALID_PTX";
  case NOT_FOUND:
    return "ERROR_NOT_FOUND";
  case LAUNCH_FAILED:
    return "ERROR_LAUNCH_FAILED";
  }
  return "ERROR_UNKNOWN";
}

/* Shared implementation. */
static int load_module(void **mod, const void *image, char *log,
                       size_t log_size) {
  const char *path = (const char *)image;
  if (strncmp(path, "fake:", 5) != 0) {
    if (log)
      snprintf(log, log_size, "ptxas fatal: not a fake module");
    return INVALID_PTX;
  }
  char file[4096];
  size_t n = strcspn(path + 5, "\n");
  if (n >= sizeof(file))
    return INVALID_PTX;
  memcpy(file, path + 5, n);
  file[n] = 0;
  *mod = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  return *mod ? OK : INVALID_PTX;
}

static int get_function(void **fn, void *mod, const char *name) {
  char sym[256];
  snprintf(sym, sizeof(sym), "__tilec_entry_%s", name);
  *fn = dlsym(mod, sym);
  return *fn ? OK : NOT_FOUND;
}

static int launch(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                  void **params) {
  int32_t grid[3] = {(int32_t)gx, (int32_t)gy, (int32_t)gz};
  if (current_device < 0 || bx == 0 || bx > 1024 || !fn)
    return LAUNCH_FAILED;
  ((entry_fn *)fn)(params, grid, 0, (int64_t)gx * gy * gz);
  return OK;
}

static int alloc(void **p, size_t size) {
  if (size > ((size_t)1 << 40))
    return OUT_OF_MEMORY;
  *p = malloc(size);
  return *p ? OK : OUT_OF_MEMORY;
}

/* CUDA driver API. */
int cuInit(unsigned flags) {
  initialized = flags == 0;
  return OK;
}
int cuDeviceGetCount(int *n) {
  *n = initialized ? 1 : 0;
  return OK;
}
int cuDeviceGet(int *dev, int ordinal) {
  *dev = ordinal;
  return ordinal == 0 ? OK : INVALID_DEVICE;
}
int cuDeviceGetName(char *name, int len, int dev) {
  (void)dev;
  snprintf(name, (size_t)len, "Fake CUDA Device");
  return OK;
}
int cuDeviceGetAttribute(int *v, int attr, int dev) {
  (void)dev;
  switch (attr) {
  case 5:
    *v = 2147483647;
    return OK;
  case 6:
  case 7:
    *v = 65535;
    return OK;
  case 16:
    *v = 132;
    return OK;
  case 75:
    *v = 9;
    return OK;
  case 76:
    *v = 0;
    return OK;
  }
  return INVALID_VALUE;
}
int cuDeviceTotalMem_v2(size_t *bytes, int dev) {
  (void)dev;
  *bytes = (size_t)80 << 30;
  return OK;
}
int cuDevicePrimaryCtxRetain(void **ctx, int dev) {
  (void)dev;
  *ctx = &context_token;
  return OK;
}
int cuDevicePrimaryCtxRelease_v2(int dev) {
  (void)dev;
  return OK;
}
int cuCtxSetCurrent(void *ctx) {
  current_device = ctx == &context_token ? 0 : -1;
  return ctx == &context_token ? OK : INVALID_VALUE;
}
int cuCtxSynchronize(void) { return OK; }
int cuMemAlloc_v2(unsigned long long *p, size_t size) {
  void *q = NULL;
  int r = alloc(&q, size);
  *p = (unsigned long long)(uintptr_t)q;
  return r;
}
int cuMemFree_v2(unsigned long long p) {
  free((void *)(uintptr_t)p);
  return OK;
}
int cuMemcpyHtoD_v2(unsigned long long dst, const void *src, size_t n) {
  memcpy((void *)(uintptr_t)dst, src, n);
  return OK;
}
int cuMemcpyDtoH_v2(void *dst, unsigned long long src, size_t n) {
  memcpy(dst, (const void *)(uintptr_t)src, n);
  return OK;
}
int cuModuleLoadDataEx(void **mod, const void *image, unsigned n, int *opts,
                       void **vals) {
  char *log = NULL;
  size_t log_size = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (opts[i] == 5)
      log = (char *)vals[i];
    if (opts[i] == 6)
      log_size = (size_t)(uintptr_t)vals[i];
  }
  return load_module(mod, image, log, log_size);
}
int cuModuleUnload(void *mod) {
  dlclose(mod);
  return OK;
}
int cuModuleGetFunction(void **fn, void *mod, const char *name) {
  return get_function(fn, mod, name);
}
int cuFuncSetAttribute(void *fn, int attr, int value) {
  (void)fn;
  (void)attr;
  return value <= 227 * 1024 ? OK : INVALID_VALUE;
}
int cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                   unsigned by, unsigned bz, unsigned shmem, void *stream,
                   void **params, void **extra) {
  (void)by;
  (void)bz;
  (void)shmem;
  (void)stream;
  (void)extra;
  return launch(fn, gx, gy, gz, bx, params);
}
int cuGetErrorName(int e, const char **s) {
  static _Thread_local char buf[64];
  snprintf(buf, sizeof(buf), "CUDA_%s", error_name(e));
  *s = buf;
  return OK;
}
int cuGetErrorString(int e, const char **s) {
  *s = e == OK ? "no error" : "fake error";
  return OK;
}

/* HIP runtime API. */
int hipInit(unsigned flags) { return cuInit(flags); }
int hipGetDeviceCount(int *n) { return cuDeviceGetCount(n); }
int hipDeviceGetName(char *name, int len, int dev) {
  if (dev != 0)
    return INVALID_DEVICE;
  snprintf(name, (size_t)len, "Fake HIP Device");
  return OK;
}
int hipDeviceTotalMem(size_t *bytes, int dev) {
  return cuDeviceTotalMem_v2(bytes, dev);
}
int hipGetDevicePropertiesR0600(void *props, int dev) {
  (void)dev;
  /* gcnArchName lives deep inside the real structure. */
  strcpy((char *)props + 1160, "gfx942:sramecc+:xnack-");
  return OK;
}
int hipSetDevice(int dev) {
  current_device = dev == 0 ? 0 : -1;
  return dev == 0 ? OK : INVALID_DEVICE;
}
int hipDeviceSynchronize(void) { return OK; }
int hipMalloc(void **p, size_t size) { return alloc(p, size); }
int hipFree(void *p) {
  free(p);
  return OK;
}
int hipMemcpyHtoD(void *dst, const void *src, size_t n) {
  memcpy(dst, src, n);
  return OK;
}
int hipMemcpyDtoH(void *dst, const void *src, size_t n) {
  memcpy(dst, src, n);
  return OK;
}
int hipModuleLoadData(void **mod, const void *image) {
  return load_module(mod, image, NULL, 0);
}
int hipModuleUnload(void *mod) {
  dlclose(mod);
  return OK;
}
int hipModuleGetFunction(void **fn, void *mod, const char *name) {
  return get_function(fn, mod, name);
}
int hipModuleLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz,
                          unsigned bx, unsigned by, unsigned bz, unsigned shmem,
                          void *stream, void **params, void **extra) {
  (void)by;
  (void)bz;
  (void)shmem;
  (void)stream;
  (void)extra;
  return launch(fn, gx, gy, gz, bx, params);
}
const char *hipGetErrorName(int e) {
  static _Thread_local char buf[64];
  snprintf(buf, sizeof(buf), "hip%s", error_name(e));
  return buf;
}
const char *hipGetErrorString(int e) { return e == OK ? "no error" : "fake"; }
