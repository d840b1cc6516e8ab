/* tilec module image format: writer and validating parser (no LLVM). */
#ifndef TILEC_MODULE_FORMAT_H
#define TILEC_MODULE_FORMAT_H

/*
 * A tilec module image is one file:
 *
 *   [payload bytes][metadata text][32-byte trailer]
 *
 * payload   The code: an ELF shared object (CPU), PTX text or a cubin (CUDA),
 *           or an HSACO code object (HIP). Because ELF loaders ignore bytes
 *           after the sections they map, an image whose payload is a .so can
 *           be passed to dlopen() as is.
 * metadata  UTF-8/ASCII text, one directive per line ('\n' separated; blank
 *           lines and lines starting with '#' are ignored; tokens separated by
 *           spaces or tabs):
 *
 *             tilec-module 1                    first line; metadata version
 *             target cpu x86_64 +avx2,+fma      cpu ARCH [FEATURES] |
 *                                               cuda sm_NN | hip gfxNNN |
 *                                               simt warp32|warp64 [FEATURES]
 *             payload so                        so | ptx | cubin | hsaco
 *             kernel add_kernel                 starts a kernel
 *             entry __tilec_entry_add_kernel    optional; default CPU:
 *                                               __tilec_entry_NAME, SIMT:
 *                                               __tilec_simt_entry_NAME,
 *                                               GPU: NAME
 *             num_warps 4                       optional (default 4), 1..32
 *             shared_mem 0                      optional dynamic shared bytes
 *             global_scratch 256                optional global scratch bytes
 *                                               per program (below)
 *             param *fp32 x_ptr                 one per parameter, in order:
 *             param i32 n                       TYPE [NAME] [=1] [+stored]
 *             end                               ends the kernel
 *
 *           `target` and `payload` appear once, before the kernels; at least
 *           one kernel; kernel names are identifiers and unique. Payload
 *           kinds must fit the target: cpu->so, simt->so, cuda->ptx|cubin,
 *           hip->hsaco. CPU and SIMT FEATURES are a comma-separated LLVM
 *           feature list; the runtime refuses modules whose known features the
 *           host lacks. A simt module is the GPU lowering compiled for the
 *           host, run by the SIMT emulator with the named warp size (see
 *           tilec/simt.h).
 *
 *           `global_scratch B` (B a multiple of 128, at most 2^32; 0, the
 *           default, means none) gives each program B bytes of global memory
 *           for the launch, as Triton 3.x's `global_scratch` parameter (e.g.
 *           TMA descriptors built at run time). Such a kernel takes one more
 *           pointer parameter after those its `param` lines list, which
 *           callers never pass: at every launch the runtime appends a pointer
 *           to grid_x*grid_y*grid_z*B bytes of device memory, 128-byte
 *           aligned, contents undefined, and program (x, y, z) owns the B
 *           bytes at ((z*grid_y + y)*grid_x + x)*B. It is args[n] of a host
 *           entry (CPU, SIMT) with n `param` lines, kernelParams[n] on CUDA
 *           and HIP. The buffer belongs to the module; launches reuse it.
 * trailer   Little-endian: 8-byte magic "TILECMD1", u64 payload size, u64
 *           metadata size, u32 CRC-32 (IEEE, as zlib) of payload+metadata,
 *           u32 format version (TILEC_MODULE_FORMAT_VERSION).
 */

#include "tilec/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TILEC_MODULE_MAGIC "TILECMD1"
#define TILEC_MODULE_TRAILER_SIZE 32
#define TILEC_MODULE_FORMAT_VERSION 1
/// `global_scratch B`: B is a multiple of this, and the buffer's alignment.
#define TILEC_GLOBAL_SCRATCH_ALIGNMENT 128
/// The largest `global_scratch B` (bytes per program).
#define TILEC_GLOBAL_SCRATCH_MAX_BYTES 4294967296ull

/// One kernel of a module.
typedef struct tilec_kernel_metadata {
  const char *name;  ///< Kernel (Python function) name.
  const char *entry; ///< Symbol; NULL or "" means the target's default.
  uint32_t num_warps;
  uint32_t shared_mem; ///< Dynamic shared memory bytes (GPU).
  size_t num_params;
  const tilec_type *param_types;
  const char *const *param_names; ///< NULL, or entries NULL/"" if unnamed.
  /// NULL, or per parameter 1 if the kernel was compiled for the value 1 only
  /// (Triton's ':1' specialization; metadata "param i32 NAME =1"): launches
  /// passing another value are refused.
  const unsigned char *param_specialized_to_one;
  /// NULL, or per parameter 1 if the kernel may store through that pointer
  /// parameter (metadata "param *fp32 NAME +stored"; tilec's code generator
  /// records it for every kernel it compiles for the CPU): a read-only buffer
  /// passed there is refused by the Python package.
  const unsigned char *param_stored;
  /// Global scratch bytes per program (metadata "global_scratch B"; 0:
  /// none): a multiple of 128. The kernel then takes one trailing pointer
  /// parameter, not in param_types, that the runtime supplies at launch.
  uint64_t global_scratch;
} tilec_kernel_metadata;

/// Metadata of a module.
typedef struct tilec_module_metadata {
  const char *target;   ///< "cpu", "cuda", "hip" or "simt".
  const char *arch;     ///< "x86_64", "aarch64", "sm_90", "gfx942", ...
  const char *features; ///< CPU feature list ("+avx2,+fma") or NULL/"".
  const char *payload;  ///< "so", "ptx", "cubin" or "hsaco".
  size_t num_kernels;
  const tilec_kernel_metadata *kernels;
} tilec_module_metadata;

/// CRC-32 (IEEE 802.3 polynomial, zlib-compatible) continuing from `crc`
/// (start with 0).
TILEC_API uint32_t tilec_crc32(uint32_t crc, const void *data, size_t size);

/// Frees memory returned by this API (NULL is fine).
TILEC_API void tilec_free(void *ptr);

/// Renders `md` as metadata text after validating it. `*text` is
/// NUL-terminated, `*size` excludes the NUL; free with tilec_free().
TILEC_API tilec_status tilec_module_metadata_format(
    const tilec_module_metadata *md, char **text, size_t *size);

/// Builds an image in memory from a payload and validated metadata text;
/// free `*image` with tilec_free().
TILEC_API tilec_status tilec_module_image_build_text(
    const void *payload, size_t payload_size, const char *metadata,
    size_t metadata_size, void **image, size_t *image_size);
/// Like tilec_module_image_build_text() with structured metadata.
TILEC_API tilec_status tilec_module_image_build(const void *payload,
                                                size_t payload_size,
                                                const tilec_module_metadata *md,
                                                void **image,
                                                size_t *image_size);
/// Writes an image file (replacing `path`).
TILEC_API tilec_status
tilec_module_image_write(const char *path, const void *payload,
                         size_t payload_size, const tilec_module_metadata *md);
/// Writes an image file from metadata text (validated first).
TILEC_API tilec_status tilec_module_image_write_text(const char *path,
                                                     const void *payload,
                                                     size_t payload_size,
                                                     const char *metadata,
                                                     size_t metadata_size);

/// A parsed, validated image (owns a copy of the data).
typedef struct tilec_module_image tilec_module_image;

/// Validates and parses an image. `label` (e.g. the file name) prefixes
/// error messages ("module 'x.so' is truncated: ..."). CORRUPT_MODULE
/// errors say exactly what is wrong.
TILEC_API tilec_status tilec_module_image_parse(const void *data, size_t size,
                                                const char *label,
                                                tilec_module_image **out);
/// Reads and parses an image file (NOT_FOUND / IO_ERROR / CORRUPT_MODULE).
TILEC_API tilec_status tilec_module_image_read_file(const char *path,
                                                    tilec_module_image **out);
TILEC_API void tilec_module_image_free(tilec_module_image *img);
/// Parsed metadata; entries are filled in (defaults applied).
TILEC_API const tilec_module_metadata *
tilec_module_image_metadata(const tilec_module_image *img);
TILEC_API const void *tilec_module_image_payload(const tilec_module_image *img,
                                                 size_t *size);
/// The metadata text as stored in the image (NUL-terminated).
TILEC_API const char *
tilec_module_image_metadata_text(const tilec_module_image *img);
/// The whole image bytes.
TILEC_API const void *tilec_module_image_data(const tilec_module_image *img,
                                              size_t *size);
/// The label given to the parser.
TILEC_API const char *tilec_module_image_label(const tilec_module_image *img);

#ifdef __cplusplus
}
#endif

#endif /* TILEC_MODULE_FORMAT_H */
