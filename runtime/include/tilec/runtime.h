/* tilec runtime C API: devices, memory, module loading and kernel launch. */
#ifndef TILEC_RUNTIME_H
#define TILEC_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define TILEC_API __attribute__((visibility("default")))
#else
#define TILEC_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===*
 * Status
 *===----------------------------------------------------------------------===*/

/// Error codes carried by a tilec_status.
typedef enum tilec_code {
  TILEC_STATUS_OK = 0,
  TILEC_STATUS_INVALID_ARGUMENT = 1, ///< Bad call arguments (types, counts).
  TILEC_STATUS_NOT_FOUND = 2,        ///< Missing file, kernel, driver, device.
  TILEC_STATUS_CORRUPT_MODULE = 3,   ///< Malformed or damaged module image.
  TILEC_STATUS_UNAVAILABLE = 4,      ///< Driver library or hardware absent.
  TILEC_STATUS_LAUNCH_FAILED = 5, ///< The driver rejected or failed a launch.
  TILEC_STATUS_IO_ERROR = 6,      ///< Reading or writing a file failed.
  TILEC_STATUS_OUT_OF_MEMORY = 7, ///< Host or device allocation failed.
  TILEC_STATUS_INTERNAL = 8,      ///< Anything else (driver errors, bugs).
  TILEC_STATUS_ASSERTION_FAILED = 9, ///< A tl.device_assert failed in a launch.
  TILEC_STATUS_OUT_OF_BOUNDS = 10, ///< A checked launch accessed memory outside an argument.
  TILEC_STATUS_FORCE_INT32 = 0x7fffffff,
} tilec_code;

/// Result of every fallible call: NULL means success, otherwise an owned
/// error object that the caller releases with tilec_status_free().
typedef struct tilec_status_object *tilec_status;

/// Code of `s` (TILEC_STATUS_OK for NULL).
TILEC_API tilec_code tilec_status_code(tilec_status s);
/// Human readable message of `s` ("" for NULL); valid until freed.
TILEC_API const char *tilec_status_message(tilec_status s);
/// Frees `s` (NULL is fine).
TILEC_API void tilec_status_free(tilec_status s);
/// Name of a code, e.g. "NOT_FOUND".
TILEC_API const char *tilec_status_code_name(tilec_code code);
/// Creates a status with a printf-style message (for tools and drivers).
TILEC_API tilec_status tilec_status_create(tilec_code code, const char *fmt,
                                           ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/// Returns a new status "<prefix>: <message of s>" with the code of `s`, and
/// frees `s`. Returns NULL when `s` is NULL.
TILEC_API tilec_status tilec_status_annotate(tilec_status s,
                                             const char *prefix);

/*===----------------------------------------------------------------------===*
 * Types (Triton signature types)
 *===----------------------------------------------------------------------===*/

/// Scalar element types; pointer types are TILEC_TYPE_PTR | element.
typedef enum tilec_type {
  TILEC_TYPE_INVALID = 0,
  TILEC_TYPE_I1 = 1,
  TILEC_TYPE_I8 = 2,
  TILEC_TYPE_I16 = 3,
  TILEC_TYPE_I32 = 4,
  TILEC_TYPE_I64 = 5,
  TILEC_TYPE_U8 = 6,
  TILEC_TYPE_U16 = 7,
  TILEC_TYPE_U32 = 8,
  TILEC_TYPE_U64 = 9,
  TILEC_TYPE_FP16 = 10,
  TILEC_TYPE_BF16 = 11,
  TILEC_TYPE_FP32 = 12,
  TILEC_TYPE_FP64 = 13,
  /// Pointer flag. TILEC_TYPE_PTR alone (no element) is an untyped pointer
  /// argument that matches any pointer parameter.
  TILEC_TYPE_PTR = 0x100,
  TILEC_TYPE_PTR_I1 = 0x101,
  TILEC_TYPE_PTR_I8 = 0x102,
  TILEC_TYPE_PTR_I16 = 0x103,
  TILEC_TYPE_PTR_I32 = 0x104,
  TILEC_TYPE_PTR_I64 = 0x105,
  TILEC_TYPE_PTR_U8 = 0x106,
  TILEC_TYPE_PTR_U16 = 0x107,
  TILEC_TYPE_PTR_U32 = 0x108,
  TILEC_TYPE_PTR_U64 = 0x109,
  TILEC_TYPE_PTR_FP16 = 0x10a,
  TILEC_TYPE_PTR_BF16 = 0x10b,
  TILEC_TYPE_PTR_FP32 = 0x10c,
  TILEC_TYPE_PTR_FP64 = 0x10d,
  /// Makes every int a representable value (callers may pass any tag).
  TILEC_TYPE_FORCE_INT32 = 0x7fffffff,
} tilec_type;

/// Triton spelling of `t` ("*fp32", "i32", "*" for an untyped pointer);
/// "invalid" for unknown values.
TILEC_API const char *tilec_type_name(tilec_type t);
/// Parses a Triton spelling ("*fp32", "i32", "fp16", ...). Returns
/// TILEC_TYPE_INVALID when `name` is not a type.
TILEC_API tilec_type tilec_type_parse(const char *name);
/// Size in bytes of a scalar type or of a pointer's element (i1 is 1 byte).
TILEC_API size_t tilec_type_size(tilec_type t);
/// Whether `t` has the pointer flag.
TILEC_API int tilec_type_is_pointer(tilec_type t);

/*===----------------------------------------------------------------------===*
 * Drivers and devices
 *===----------------------------------------------------------------------===*/

typedef struct tilec_device tilec_device;
typedef struct tilec_module tilec_module;
typedef struct tilec_kernel tilec_kernel;

/// Names of all registered drivers ("cpu", "cuda", "hip", "simt"), whether or not
/// they are usable here. `count` receives the number of names.
TILEC_API const char *const *tilec_driver_names(size_t *count);
/// NULL when driver `name` can be used here, else why not (NOT_FOUND for an
/// unknown name, UNAVAILABLE when its library or hardware is absent).
TILEC_API tilec_status tilec_driver_probe(const char *name);

/// Description of one device.
typedef struct tilec_device_info {
  char driver[16];       ///< "cpu", "cuda", "hip" or "simt".
  int ordinal;           ///< Index within its driver.
  char name[256];        ///< CPU model name or GPU product name.
  char arch[64];         ///< "x86_64", "aarch64", "sm_90", "gfx942".
  char features[1024];   ///< CPU: ISA features ("+avx2,+fma,..."); GPU: "".
  int compute_units;     ///< CPU: threads used; GPU: SMs / CUs (0: unknown).
  uint64_t memory_bytes; ///< Total memory (0: unknown).
} tilec_device_info;

/// Number of devices of driver `driver` (NULL: of all usable drivers). An
/// unusable or unknown driver has 0 devices.
TILEC_API int tilec_device_count(const char *driver);
/// Fills `info` for device `index` of `driver`; with driver NULL, `index`
/// counts over all usable drivers in tilec_driver_names() order.
TILEC_API tilec_status tilec_device_info_get(const char *driver, int index,
                                             tilec_device_info *info);
/// Opens device `ordinal` of `driver`. With driver NULL the environment
/// variable TILEC_DEVICE (cpu|cuda|hip|simt) chooses the driver, else the best
/// usable one (cuda, then hip, then cpu; never simt).
TILEC_API tilec_status tilec_device_open(const char *driver, int ordinal,
                                         tilec_device **out);
/// Releases a device (NULL is fine). Modules must be released first.
TILEC_API void tilec_device_release(tilec_device *dev);
/// Driver name of `dev` ("cpu", "cuda", "hip", "simt").
TILEC_API const char *tilec_device_driver_name(const tilec_device *dev);
/// Fills `info` for an open device.
TILEC_API tilec_status tilec_device_query(const tilec_device *dev,
                                          tilec_device_info *info);

/*===----------------------------------------------------------------------===*
 * Memory. Device pointers are opaque addresses (host memory on the CPU).
 *===----------------------------------------------------------------------===*/

/// Allocates `size` bytes (64-byte aligned on the CPU).
TILEC_API tilec_status tilec_device_alloc(tilec_device *dev, size_t size,
                                          void **out_ptr);
/// Frees memory from tilec_device_alloc (NULL is fine).
TILEC_API void tilec_device_free(tilec_device *dev, void *ptr);
/// Copies `size` bytes from host `src` to device `dst`.
TILEC_API tilec_status tilec_device_copy_to_device(tilec_device *dev, void *dst,
                                                   const void *src,
                                                   size_t size);
/// Copies `size` bytes from device `src` to host `dst`.
TILEC_API tilec_status tilec_device_copy_to_host(tilec_device *dev, void *dst,
                                                 const void *src, size_t size);
/// Waits for all work on `dev`.
TILEC_API tilec_status tilec_device_synchronize(tilec_device *dev);

/*===----------------------------------------------------------------------===*
 * Modules and kernels
 *===----------------------------------------------------------------------===*/

/// Loads a tilec module image file (see tilec/module_format.h).
TILEC_API tilec_status tilec_module_load_file(tilec_device *dev,
                                              const char *path,
                                              tilec_module **out);
/// Loads a tilec module image from memory (copied; `data` may be freed).
TILEC_API tilec_status tilec_module_load_data(tilec_device *dev,
                                              const void *data, size_t size,
                                              tilec_module **out);
/// Releases a module and its kernels (NULL is fine); a module whose kernels
/// have global scratch memory first waits for the device, whose queued
/// launches may still use it.
TILEC_API void tilec_module_release(tilec_module *mod);
/// Number of kernels in `mod`.
TILEC_API size_t tilec_module_kernel_count(const tilec_module *mod);
/// Kernel `index` of `mod` (NULL when out of range); owned by the module.
TILEC_API tilec_kernel *tilec_module_kernel_at(tilec_module *mod, size_t index);
/// Target of `mod`, e.g. "cpu x86_64 +avx2" or "cuda sm_90".
TILEC_API const char *tilec_module_target(const tilec_module *mod);
/// Looks up kernel `name`; NOT_FOUND lists the available kernels.
TILEC_API tilec_status tilec_module_get_kernel(tilec_module *mod,
                                               const char *name,
                                               tilec_kernel **out);

TILEC_API const char *tilec_kernel_name(const tilec_kernel *k);
TILEC_API size_t tilec_kernel_num_params(const tilec_kernel *k);
/// Type of parameter `i` (TILEC_TYPE_INVALID when out of range).
TILEC_API tilec_type tilec_kernel_param_type(const tilec_kernel *k, size_t i);
/// Name of parameter `i` ("" when the module does not record it).
TILEC_API const char *tilec_kernel_param_name(const tilec_kernel *k, size_t i);
/// 1 if the kernel may store through pointer parameter `i` (recorded by
/// tilec's code generator as "+stored" in the module metadata), else 0.
TILEC_API int tilec_kernel_param_stored(const tilec_kernel *k, size_t i);
/// Comma-separated Triton signature of the parameters ("*fp32,*fp32,i32").
TILEC_API const char *tilec_kernel_signature(const tilec_kernel *k);
TILEC_API int tilec_kernel_num_warps(const tilec_kernel *k);

/*===----------------------------------------------------------------------===*
 * Launch
 *===----------------------------------------------------------------------===*/

/// A tagged launch argument. Pointer arguments carry a device pointer in
/// `ptr` (type TILEC_TYPE_PTR_* or the untyped TILEC_TYPE_PTR); integer
/// scalars use `i`, floating scalars use `f`.
typedef struct tilec_arg {
  tilec_type type;
  union {
    void *ptr;
    int64_t i;
    double f;
  };
} tilec_arg;

/// Triton's JIT specialization of a launch argument, spelled as in Triton's
/// AOT signatures: ":1" for an integer equal to 1, ":16" for an integer or a
/// pointer divisible by 16, "" otherwise (bools, floats, other values).
TILEC_API const char *tilec_arg_specialization(const tilec_arg *arg);

/// Checks `args` against the parameters of `k`: count; pointer vs scalar;
/// pointer element types must match exactly; an integer scalar is accepted
/// for any integer parameter its value fits in (so a literal tagged i32 can
/// feed an i64 parameter); a floating scalar for any floating parameter.
TILEC_API tilec_status tilec_kernel_check_args(const tilec_kernel *k,
                                               const tilec_arg *args,
                                               size_t num_args);
/// Launches `k` over grid[0] x grid[1] x grid[2] programs and waits for it
/// to finish on the CPU (GPU launches are asynchronous; use
/// tilec_device_synchronize). A grid with a zero dimension launches nothing
/// (as Triton); arguments are still checked. A kernel with global scratch
/// memory (module_format.h, `global_scratch B`) also gets the module's
/// scratch buffer, grown to grid programs x B bytes as needed (failing with
/// OUT_OF_MEMORY, or INVALID_ARGUMENT when that size overflows 64 bits);
/// callers pass only the kernel's listed parameters.
TILEC_API tilec_status tilec_launch(tilec_kernel *k, const uint32_t grid[3],
                                    const tilec_arg *args, size_t num_args);
/// tilec_launch with bounds checks: `extents[i]` is the size in bytes of the
/// buffer pointer argument i points to (ignored for scalars). The module
/// must have been compiled in checked mode (PipelineOptions::boundsChecks,
/// as `tilec run` does; CPU device only): every access of the kernel outside
/// its argument's [ptr, ptr + extent) is skipped (nothing is written outside)
/// and the launch fails with TILEC_STATUS_OUT_OF_BOUNDS naming the first one:
/// the parameter, the byte offset and the extent. Bounded launches of one
/// module run one at a time.
TILEC_API tilec_status tilec_launch_bounded(tilec_kernel *k, const uint32_t grid[3],
                                            const tilec_arg *args, size_t num_args,
                                            const uint64_t *extents);

#ifdef __cplusplus
}
#endif

#endif /* TILEC_RUNTIME_H */
