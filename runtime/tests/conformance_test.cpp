// Driver conformance suite: the same checks against every usable driver
// (CPU always; CUDA/HIP/SIMT when present and given a test module, else
// skipped).
// Usage: conformance_test DRIVER=IMAGE... [DRIVER_extra=IMAGE...]
//        [require=DRIVER...]
// (e.g. cpu=test_kernels_cpu.tilec; require= fails when DRIVER is skipped;
// simt_extra= names the SIMT emulator's own test kernels)
#include "check.h"
#include "test_util.h"
#include "tilec/simt.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <thread>
#include <vector>

using namespace testutil;

namespace {

tilec_arg ptrArg(tilec_type t, void *p) {
  tilec_arg a;
  a.type = t;
  a.ptr = p;
  return a;
}
tilec_arg intArg(tilec_type t, int64_t v) {
  tilec_arg a;
  a.type = t;
  a.i = v;
  return a;
}
tilec_arg floatArg(tilec_type t, double v) {
  tilec_arg a;
  a.type = t;
  a.f = v;
  return a;
}

/// A tensor for the TMA tests, row-major with dimension 0 innermost, its
/// rows and planes padded (strides multiples of 16): the bytes to upload,
/// every element's bytes a hash of its position, the padding 0xEE.
struct TmaTensor {
  std::vector<uint64_t> sizes;
  std::vector<uint64_t> strides; // strides[d - 1]: dimension d's, in bytes
  uint32_t elemBytes;
  std::vector<unsigned char> bytes;
};

/// Steps `index` through [0, extents) in row-major order, dimension 0
/// fastest; false after the last index.
bool nextIndex(std::vector<uint64_t> &index, const std::vector<uint64_t> &extents) {
  for (size_t d = 0; d < index.size(); ++d) {
    if (++index[d] < extents[d])
      return true;
    index[d] = 0;
  }
  return false;
}

TmaTensor tmaTensor(const std::vector<uint64_t> &sizes, uint32_t elemBytes) {
  TmaTensor t{sizes, {}, elemBytes, {}};
  uint64_t extent = (sizes[0] * elemBytes + 15) / 16 * 16 + 16;
  for (size_t d = 1; d < sizes.size(); ++d) {
    t.strides.push_back(extent);
    extent = extent * sizes[d] + 32;
  }
  t.bytes.assign(extent, 0xEE);
  std::vector<uint64_t> index(sizes.size(), 0);
  uint64_t element = 0;
  do {
    uint64_t address = index[0] * elemBytes, hash = ++element * 0x9E3779B97F4A7C15ull;
    for (size_t d = 1; d < sizes.size(); ++d)
      address += index[d] * t.strides[d - 1];
    for (uint32_t b = 0; b < elemBytes; ++b)
      t.bytes[address + b] = (unsigned char)(hash >> (8 * b + 24));
  } while (nextIndex(index, sizes));
  return t;
}

/// The tensor map of `t` (its base an offset from where the test uploads
/// it) with `box`, `swizzle` and `fill`.
tilec_simt_tensor_map tmaMap(const TmaTensor &t, const std::vector<uint32_t> &box, uint32_t swizzle,
                             uint64_t fill) {
  tilec_simt_tensor_map map;
  std::memset(&map, 0, sizeof(map));
  map.rank = uint32_t(t.sizes.size());
  map.elem_bytes = t.elemBytes;
  for (size_t d = 0; d < t.sizes.size(); ++d) {
    map.sizes[d] = t.sizes[d];
    map.box[d] = box[d];
    if (d)
      map.strides[d - 1] = t.strides[d - 1];
  }
  map.swizzle = swizzle;
  map.oob_fill = fill;
  return map;
}

/// Bytes of the box of `map`.
uint32_t tmaBoxBytes(const tilec_simt_tensor_map &map) {
  uint32_t bytes = map.elem_bytes;
  for (uint32_t d = 0; d < map.rank && d < 5; ++d)
    bytes *= map.box[d];
  return bytes;
}

/// The byte offset in `t` of the element at `index` of the box of `map`
/// whose first element is at `coords`, or nothing outside the tensor.
std::optional<uint64_t> tensorByteOfBoxElement(const TmaTensor &t, const tilec_simt_tensor_map &map,
                                               const int32_t *coords,
                                               const std::vector<uint64_t> &index) {
  uint64_t address = 0;
  for (uint32_t d = 0; d < map.rank; ++d) {
    int64_t coordinate = int64_t(coords[d]) + int64_t(index[d]);
    if (coordinate < 0 || uint64_t(coordinate) >= t.sizes[d])
      return std::nullopt;
    address += uint64_t(coordinate) * (d ? t.strides[d - 1] : t.elemBytes);
  }
  return address;
}

/// The box of `t` whose first element is at `coords`, as
/// cp.async.bulk.tensor lays it in shared memory: element by element in
/// row-major order (the low bytes of map.oob_fill outside the tensor), byte
/// offset o within the box stored at o ^ (((o >> 7) & (swizzle/16 - 1)) << 4).
std::vector<unsigned char> tmaExpectedBox(const TmaTensor &t, const tilec_simt_tensor_map &map,
                                          const int32_t *coords) {
  std::vector<unsigned char> box(tmaBoxBytes(map));
  std::vector<uint64_t> extents(map.box, map.box + map.rank), index(map.rank, 0);
  uint64_t offset = 0;
  do {
    std::optional<uint64_t> address = tensorByteOfBoxElement(t, map, coords, index);
    for (uint32_t b = 0; b < t.elemBytes; ++b, ++offset) {
      uint64_t at = map.swizzle ? offset ^ (((offset >> 7) & (map.swizzle / 16 - 1)) << 4) : offset;
      box[at] = address ? t.bytes[*address + b] : (unsigned char)(map.oob_fill >> (8 * b));
    }
  } while (nextIndex(index, extents));
  return box;
}

/// Shared memory of the TMA kernels (simt_kernels.c).
constexpr uint32_t kTmaSharedBytes = 1024 + 8192;

/// Flags of the tma_copy kernel (simt_kernels.c).
enum : int32_t {
  kTmaCopyFirst = 1,
  kTmaNoArrive = 2,
  kTmaNoInit = 4,
  kTmaNoCopy = 8,
  kTmaWarpsArrive = 16,
  kTmaCountWarps = 32
};

/// One launch of tma_copy: the box's coordinates, its shared destination,
/// the kernel's flags, the transaction bytes expected beyond the box's,
/// the mbarrier's shared offset, where the map lies in its buffer, and
/// whether the kernel copies the box out.
struct TmaCopyRun {
  std::vector<int32_t> coords;
  int32_t dst = 1024, flags = 0, extraTx = 0, mbarrier = 0;
  uint32_t mapShift = 0;
  bool copyOut = true;
};

struct Suite {
  tilec_device *dev;
  std::string path;
  /// The driver's own test kernels (simt_kernels.c), or empty.
  std::string extraPath;
  tilec_module *mod = nullptr;

  tilec_kernel *kernel(const char *name) {
    tilec_kernel *k = nullptr;
    CHECK_OK(tilec_module_get_kernel(mod, name, &k));
    return k;
  }

  /// Device buffer initialized from `host`.
  template <typename T> void *upload(const std::vector<T> &host) {
    void *p = nullptr;
    CHECK_OK(tilec_device_alloc(dev, host.size() * sizeof(T), &p));
    CHECK_OK(tilec_device_copy_to_device(dev, p, host.data(),
                                         host.size() * sizeof(T)));
    return p;
  }
  template <typename T> std::vector<T> download(void *p, size_t n) {
    std::vector<T> host(n);
    CHECK_OK(tilec_device_synchronize(dev));
    CHECK_OK(tilec_device_copy_to_host(dev, host.data(), p, n * sizeof(T)));
    return host;
  }

  void memory() {
    std::vector<unsigned char> data(1 << 20);
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = (unsigned char)(i * 2654435761u >> 13);
    void *p = upload(data);
    CHECK(download<unsigned char>(p, data.size()) == data);
    tilec_device_free(dev, p);
    void *empty = nullptr;
    CHECK_OK(tilec_device_alloc(dev, 0, &empty));
    CHECK(empty != nullptr);
    tilec_device_free(dev, empty);
    tilec_device_free(dev, nullptr);
    CHECK_FAILS(tilec_device_alloc(dev, 16, nullptr), INVALID_ARGUMENT,
                "NULL argument");
  }

  void load() {
    CHECK_OK(tilec_module_load_file(dev, path.c_str(), &mod));
    if (!mod)
      return;
    Bytes bytes = readFile(path);
    tilec_module *fromData = nullptr;
    if (CHECK_OK(tilec_module_load_data(dev, bytes.data(), bytes.size(),
                                        &fromData))) {
      CHECK(tilec_module_kernel_count(fromData) == 5);
      // The in-memory module works on its own.
      tilec_kernel *k = nullptr;
      CHECK_OK(tilec_module_get_kernel(fromData, "scale_i64", &k));
      std::vector<int64_t> v = {1, 2, 3};
      void *d = upload(v);
      tilec_arg args[] = {ptrArg(TILEC_TYPE_PTR_I64, d),
                          intArg(TILEC_TYPE_I64, -3)};
      uint32_t grid[3] = {3, 1, 1};
      CHECK_OK(tilec_launch(k, grid, args, 2));
      CHECK((download<int64_t>(d, 3) == std::vector<int64_t>{-3, -6, -9}));
      tilec_device_free(dev, d);
      tilec_module_release(fromData);
    }
    CHECK(tilec_module_kernel_count(mod) == 5);
    CHECK(std::strncmp(tilec_module_target(mod), tilec_device_driver_name(dev),
                       std::strlen(tilec_device_driver_name(dev))) == 0);
  }

  void introspection() {
    tilec_kernel *k = nullptr;
    CHECK_FAILS(tilec_module_get_kernel(mod, "foo", &k), NOT_FOUND,
                ("kernel 'foo' not found in module '" + path +
                 "' (available: record_pid, add_kernel, scalars, scale_i64, "
                 "scratch_slots)")
                    .c_str());
    CHECK(k == nullptr);
    k = kernel("add_kernel");
    if (!k)
      return;
    CHECK(std::strcmp(tilec_kernel_name(k), "add_kernel") == 0);
    CHECK(tilec_kernel_num_params(k) == 4);
    CHECK(tilec_kernel_param_type(k, 0) == TILEC_TYPE_PTR_FP32);
    CHECK(tilec_kernel_param_type(k, 3) == TILEC_TYPE_I32);
    CHECK(tilec_kernel_param_type(k, 4) == TILEC_TYPE_INVALID);
    CHECK(std::strcmp(tilec_kernel_param_name(k, 3), "n") == 0);
    CHECK(std::strcmp(tilec_kernel_signature(k), "*fp32,*fp32,*fp32,i32") == 0);
    CHECK(tilec_kernel_num_warps(k) == 4);
    CHECK(tilec_kernel_num_warps(kernel("scalars")) == 1);
    CHECK(tilec_module_kernel_at(mod, 0) == kernel("record_pid"));
    CHECK(tilec_module_kernel_at(mod, 5) == nullptr);
  }

  void argumentChecks() {
    tilec_kernel *k = kernel("add_kernel");
    if (!k)
      return;
    float dummy[4];
    uint32_t grid[3] = {1, 1, 1};
    tilec_arg good[] = {
        ptrArg(TILEC_TYPE_PTR_FP32, dummy), ptrArg(TILEC_TYPE_PTR_FP32, dummy),
        ptrArg(TILEC_TYPE_PTR_FP32, dummy), intArg(TILEC_TYPE_I32, 0)};
    CHECK_OK(tilec_kernel_check_args(k, good, 4));
    CHECK_FAILS(tilec_launch(k, grid, good, 3), INVALID_ARGUMENT,
                "kernel 'add_kernel' expects 4 arguments "
                "(*fp32,*fp32,*fp32,i32), got 3");
    tilec_arg a[4];
    std::memcpy(a, good, sizeof(a));
    a[3] = floatArg(TILEC_TYPE_FP32, 1.0);
    CHECK_FAILS(tilec_launch(k, grid, a, 4), INVALID_ARGUMENT,
                "kernel 'add_kernel': argument 3 ('n'): expected i32, got "
                "fp32");
    a[3] = ptrArg(TILEC_TYPE_PTR_I32, dummy);
    CHECK_FAILS(tilec_launch(k, grid, a, 4), INVALID_ARGUMENT,
                "argument 3 ('n'): expected scalar i32, got pointer *i32");
    a[3] = intArg(TILEC_TYPE_I64, int64_t(1) << 40);
    CHECK_FAILS(tilec_launch(k, grid, a, 4), INVALID_ARGUMENT,
                "argument 3 ('n'): value 1099511627776 does not fit in i32");
    a[3] = intArg(TILEC_TYPE_I64, 7); // Fits: accepted.
    CHECK_OK(tilec_kernel_check_args(k, a, 4));
    a[0] = intArg(TILEC_TYPE_I32, 5);
    CHECK_FAILS(tilec_launch(k, grid, a, 4), INVALID_ARGUMENT,
                "argument 0 ('x_ptr'): expected pointer *fp32, got scalar "
                "i32");
    a[0] = ptrArg(TILEC_TYPE_PTR_FP16, dummy);
    CHECK_FAILS(tilec_launch(k, grid, a, 4), INVALID_ARGUMENT,
                "argument 0 ('x_ptr'): expected *fp32, got *fp16");
    a[0] = ptrArg(TILEC_TYPE_PTR, dummy); // Untyped pointer: accepted.
    CHECK_OK(tilec_kernel_check_args(k, a, 4));
    a[0].type = tilec_type(0x77);
    CHECK_FAILS(tilec_launch(k, grid, a, 4), INVALID_ARGUMENT,
                "invalid argument type tag");
    tilec_kernel *s = kernel("scalars");
    tilec_arg sa[14];
    sa[0] = ptrArg(TILEC_TYPE_PTR_FP64, dummy);
    for (int i = 1; i < 14; ++i)
      sa[i] = intArg(TILEC_TYPE_I32, 0);
    sa[10] = sa[11] = sa[12] = sa[13] = floatArg(TILEC_TYPE_FP32, 0);
    CHECK_OK(tilec_kernel_check_args(s, sa, 14));
    sa[1] = intArg(TILEC_TYPE_I32, 2);
    CHECK_FAILS(tilec_kernel_check_args(s, sa, 14), INVALID_ARGUMENT,
                "argument 1 ('b'): value 2 does not fit in i1");
    sa[1] = intArg(TILEC_TYPE_I1, 1);
    sa[6] = intArg(TILEC_TYPE_I32, -1);
    CHECK_FAILS(tilec_kernel_check_args(s, sa, 14), INVALID_ARGUMENT,
                "argument 6 ('b8'): value -1 does not fit in u8");
    sa[6] = intArg(TILEC_TYPE_I32, 0);
    sa[13] = intArg(TILEC_TYPE_I32, 1);
    CHECK_FAILS(tilec_kernel_check_args(s, sa, 14), INVALID_ARGUMENT,
                "argument 13 ('d'): expected fp64, got i32");
  }

  void scalars() {
    tilec_kernel *k = kernel("scalars");
    if (!k)
      return;
    std::vector<double> out(13, -1);
    void *d = upload(out);
    tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_FP64, d),
                     intArg(TILEC_TYPE_I1, 1),
                     intArg(TILEC_TYPE_I32, -128),
                     intArg(TILEC_TYPE_I32, -30000),
                     intArg(TILEC_TYPE_I32, 2000000000),
                     intArg(TILEC_TYPE_I64, -(int64_t(1) << 40)),
                     intArg(TILEC_TYPE_I32, 255),
                     intArg(TILEC_TYPE_I32, 65535),
                     intArg(TILEC_TYPE_I64, 4000000000),
                     intArg(TILEC_TYPE_U64, int64_t(0x8000000000000800ull)),
                     floatArg(TILEC_TYPE_FP32, -1.5),
                     floatArg(TILEC_TYPE_FP64, 2.5),
                     floatArg(TILEC_TYPE_FP32, 3.25),
                     floatArg(TILEC_TYPE_FP64, 1e300)};
    uint32_t grid[3] = {1, 1, 1};
    CHECK_OK(tilec_launch(k, grid, a, 14));
    std::vector<double> got = download<double>(d, 13);
    const double want[] = {1,
                           -128,
                           -30000,
                           2000000000,
                           -1099511627776.0,
                           255,
                           65535,
                           4e9,
                           9223372036854777856.0,
                           -1.5,
                           2.5,
                           3.25,
                           1e300};
    for (int i = 0; i < 13; ++i)
      if (!CHECK(got[i] == want[i]))
        std::fprintf(stderr, "  scalar %d: got %.17g, want %.17g\n", i + 1,
                     got[i], want[i]);
    // fp16 rounding and range.
    a[10] = floatArg(TILEC_TYPE_FP64, 65504.0);
    a[11] = floatArg(TILEC_TYPE_FP32, 1.0 / 3.0);
    CHECK_OK(tilec_launch(k, grid, a, 14));
    got = download<double>(d, 13);
    CHECK(got[9] == 65504.0);
    CHECK(std::fabs(got[10] - 1.0 / 3.0) < 1.0 / 256);
    a[10] = floatArg(TILEC_TYPE_FP64, 1e6);
    a[11] = floatArg(TILEC_TYPE_FP64, 5.960464477539063e-08); // fp16 min
    CHECK_OK(tilec_launch(k, grid, a, 14));
    got = download<double>(d, 13);
    CHECK(std::isinf(got[9]));
    tilec_device_free(dev, d);
  }

  /// Every program of the grid runs exactly once and sees its ids.
  void grid(uint32_t gx, uint32_t gy, uint32_t gz) {
    tilec_kernel *k = kernel("record_pid");
    if (!k)
      return;
    size_t n = size_t(gx) * gy * gz;
    void *d = upload(std::vector<int32_t>(4 * n, 0));
    tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_I32, d)};
    uint32_t grid[3] = {gx, gy, gz};
    CHECK_OK(tilec_launch(k, grid, a, 1));
    std::vector<int32_t> got = download<int32_t>(d, 4 * n);
    size_t bad = 0;
    for (size_t pid = 0; pid < n; ++pid) {
      int32_t x = int32_t(pid % gx), y = int32_t(pid / gx % gy),
              z = int32_t(pid / (size_t(gx) * gy));
      if (got[4 * pid] != x || got[4 * pid + 1] != y || got[4 * pid + 2] != z ||
          got[4 * pid + 3] != 1)
        ++bad;
    }
    if (!CHECK(bad == 0))
      std::fprintf(stderr, "  grid (%u,%u,%u): %zu programs wrong\n", gx, gy,
                   gz, bad);
    tilec_device_free(dev, d);
  }

  void grids() {
    const uint32_t shapes[][3] = {{1, 1, 1}, {7, 1, 1},   {1000, 1, 1},
                                  {5, 3, 1}, {3, 4, 5},   {1, 1, 9},
                                  {1, 6, 1}, {64, 64, 4}, {100003, 1, 1}};
    for (const auto &s : shapes)
      grid(s[0], s[1], s[2]);
    tilec_kernel *k = kernel("record_pid");
    std::vector<int32_t> sentinel(4, 42);
    void *d = upload(sentinel);
    tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_I32, d)};
    const uint32_t emptyGrids[][3] = {{0, 5, 1}, {4, 0, 1}, {4, 1, 0}};
    for (const auto &g : emptyGrids)
      CHECK_OK(tilec_launch(k, g, a, 1)); // Empty grid: nothing runs.
    CHECK(download<int32_t>(d, 4) == sentinel);
    uint32_t huge[3] = {0x80000000u, 1, 1};
    CHECK_FAILS(tilec_launch(k, huge, a, 1), INVALID_ARGUMENT,
                "grid dimension 0 is 2147483648, more than the");
    tilec_arg wrong[] = {ptrArg(TILEC_TYPE_PTR_FP32, d)};
    uint32_t empty[3] = {0, 1, 1};
    CHECK_FAILS(tilec_launch(k, empty, wrong, 1), INVALID_ARGUMENT,
                "expected *i32, got *fp32");
    tilec_device_free(dev, d);
  }

  void addKernel(int n, int launches, const char *what) {
    tilec_kernel *k = kernel("add_kernel");
    if (!k)
      return;
    std::vector<float> x(n), y(n), out(n, 0);
    for (int i = 0; i < n; ++i) {
      x[i] = float(i);
      y[i] = float(2 * i) + 0.5f;
    }
    void *dx = upload(x), *dy = upload(y), *dout = upload(out);
    tilec_arg a[] = {
        ptrArg(TILEC_TYPE_PTR_FP32, dx), ptrArg(TILEC_TYPE_PTR_FP32, dy),
        ptrArg(TILEC_TYPE_PTR_FP32, dout), intArg(TILEC_TYPE_I32, n)};
    uint32_t grid[3] = {uint32_t((n + 63) / 64), 1, 1};
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < launches; ++i)
      CHECK_OK(tilec_launch(k, grid, a, 4));
    CHECK_OK(tilec_device_synchronize(dev));
    double us = std::chrono::duration<double, std::micro>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    if (launches > 1)
      std::printf("  %s: %d launches of %u programs, %.2f us per launch\n",
                  what, launches, grid[0], us / launches);
    out = download<float>(dout, size_t(n));
    int bad = 0;
    for (int i = 0; i < n; ++i)
      bad += out[i] != x[i] + y[i];
    CHECK(bad == 0);
    for (void *p : {dx, dy, dout})
      tilec_device_free(dev, p);
  }

  /// Launches scratch_slots (global_scratch 256) on `grid`; checks every
  /// program's read-back word, that all programs got the same 128-byte
  /// aligned buffer, and (`readSlots`: no other thread launches meanwhile)
  /// every slot's contents in it. Returns the buffer.
  uint64_t scratchLaunch(tilec_kernel *k, uint32_t gx, uint32_t gy, uint32_t gz,
                         bool readSlots = true) {
    size_t programs = size_t(gx) * gy * gz;
    void *d = upload(std::vector<int64_t>(2 * programs, -1));
    tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_I64, d)};
    uint32_t grid[3] = {gx, gy, gz};
    CHECK_OK(tilec_launch(k, grid, a, 1));
    std::vector<int64_t> out = download<int64_t>(d, 2 * programs);
    tilec_device_free(dev, d);
    uint64_t base = uint64_t(out[1]);
    size_t badWords = 0, badBases = 0;
    for (size_t pid = 0; pid < programs; ++pid) {
      badWords += out[2 * pid] != int64_t(pid << 8 | (7 * pid + 3) % 32);
      badBases += uint64_t(out[2 * pid + 1]) != base;
    }
    if (!CHECK(badWords == 0 && badBases == 0))
      std::fprintf(stderr,
                   "  scratch grid (%u,%u,%u): %zu wrong words, %zu programs "
                   "with another buffer\n",
                   gx, gy, gz, badWords, badBases);
    if (!CHECK(base != 0 && base % 128 == 0))
      std::fprintf(stderr, "  scratch buffer at 0x%llx\n", (unsigned long long)base);
    if (base == 0 || badBases || !readSlots)
      return base;
    std::vector<int64_t> slots =
        download<int64_t>(reinterpret_cast<void *>(uintptr_t(base)), 32 * programs);
    size_t badSlots = 0;
    for (size_t word = 0; word < slots.size(); ++word)
      badSlots += slots[word] != int64_t((word / 32) << 8 | word % 32);
    CHECK(badSlots == 0);
    return base;
  }

  /// Global scratch: appended as the kernel's trailing argument, one slot of
  /// 256 bytes per program; the module's buffer grows for a larger grid and
  /// is reused by smaller ones; sizes that overflow or exceed the device's
  /// memory are refused.
  void globalScratch() {
    tilec_kernel *k = kernel("scratch_slots");
    if (!k)
      return;
    CHECK(tilec_kernel_num_params(k) == 1); // The buffer is not a parameter.
    CHECK(std::strcmp(tilec_kernel_signature(k), "*i64") == 0);
    scratchLaunch(k, 5, 3, 2);
    uint64_t grown = scratchLaunch(k, 40, 2, 3);
    CHECK(scratchLaunch(k, 7, 1, 1) == grown); // Reused, not reallocated.
    void *d = upload(std::vector<int64_t>(2, 0));
    tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_I64, d)};
    uint32_t overflow[3] = {0x7fffffffu, 65535, 65535};
    CHECK_FAILS(tilec_launch(k, overflow, a, 1), INVALID_ARGUMENT,
                "kernel 'scratch_slots': 256 bytes of global scratch per "
                "program for a grid of 2147483647 x 65535 x 65535 programs "
                "overflow 64 bits");
    uint32_t huge[3] = {0x7fffffffu, 65535, 1};
    CHECK_FAILS(tilec_launch(k, huge, a, 1), OUT_OF_MEMORY,
                "kernel 'scratch_slots': needs 36028247246373120 bytes");
    tilec_device_free(dev, d);
    CHECK(scratchLaunch(k, 7, 1, 1) == grown); // Still the same buffer.
    // Two host threads launching ever larger grids: each launch keeps its
    // buffer while the other grows the module's.
    auto body = [this, k](uint32_t first) {
      for (uint32_t i = 0; i < 12; ++i)
        scratchLaunch(k, first + 23 * i, 1, 2, /*readSlots=*/false);
    };
    std::thread t(body, 300);
    body(301);
    t.join();
  }

  /// Launches from two host threads at once.
  void concurrentLaunches() {
    auto body = [this] {
      for (int i = 0; i < 20; ++i)
        grid(37, 3, 1);
    };
    std::thread t(body);
    body();
    t.join();
  }

  tilec_status loadRaw(const std::string &payload, const std::string &target,
                       const std::string &kind) {
    Bytes img =
        rawImage(Bytes(payload.begin(), payload.end()),
                 "tilec-module 1\ntarget " + target + "\npayload " + kind +
                     "\nkernel record_pid\nparam *i32 out\n"
                     "end\n");
    tilec_module *m = nullptr;
    tilec_status s = tilec_module_load_data(dev, img.data(), img.size(), &m);
    tilec_module_release(m);
    return s;
  }

  /// Modules for other drivers, bad payloads and other architectures.
  void foreignModules() {
    std::string driver = tilec_device_driver_name(dev);
    std::string notThis = "not the " + driver + " driver";
    if (driver == "cpu") {
      CHECK_FAILS(loadRaw("x", "cuda sm_90", "ptx"), INVALID_ARGUMENT,
                  notThis.c_str());
      return;
    }
    CHECK_FAILS(loadRaw("x", "cpu x86_64", "so"), INVALID_ARGUMENT,
                notThis.c_str());
    if (driver == "simt") {
      CHECK_FAILS(loadRaw("garbage", "simt warp32", "so"), CORRUPT_MODULE,
                  "module '<memory>': cannot load its shared object");
      CHECK_FAILS(loadRaw("x", "simt warp16", "so"), CORRUPT_MODULE,
                  "expected 'target simt warp32', 'warp32-wgmma' or 'warp64', "
                  "got 'warp16'");
      return;
    }
    const char *arch = driver == "cuda" ? "sm_80" : "gfx942";
    const char *kind = driver == "cuda" ? "ptx" : "hsaco";
    CHECK_FAILS(loadRaw("garbage", std::string(driver) + " " + arch, kind),
                CORRUPT_MODULE, "module '<memory>': ");
    const char *future = driver == "cuda" ? "sm_120" : "gfx90a";
    CHECK_FAILS(
        loadRaw("x", driver + " " + future, kind), UNAVAILABLE,
        (std::string("is for ") + future + " but the device is").c_str());
  }

  void run() {
    tilec_device_info info;
    if (CHECK_OK(tilec_device_query(dev, &info))) {
      std::printf("  device: %s %d: %s (%s) %s, %d compute units\n",
                  info.driver, info.ordinal, info.name, info.arch,
                  info.features, info.compute_units);
      CHECK(std::strcmp(info.driver, tilec_device_driver_name(dev)) == 0);
    }
    memory();
    load();
    if (!mod)
      return;
    introspection();
    foreignModules();
    argumentChecks();
    scalars();
    grids();
    addKernel(1000, 1, "add");
    addKernel(1 << 20, 1, "add 1M");
    addKernel(256, 2000, "warm small launches");
    concurrentLaunches();
    globalScratch();
    for (int i = 0; i < 300; ++i) // Many back-to-back small grids.
      grid(uint32_t(1 + i % 17), 1, uint32_t(1 + i % 3));
    tilec_module_release(mod);
    if (!extraPath.empty())
      simt();
  }

  /// Launches `name` of `m` with one *i32 buffer (`size` zeros) and an i32;
  /// returns the status and the buffer.
  tilec_status launchWith(tilec_module *m, const char *name, size_t size,
                          int32_t value, std::vector<int32_t> &out,
                          uint32_t programs = 1) {
    tilec_kernel *k = nullptr;
    if (!CHECK_OK(tilec_module_get_kernel(m, name, &k)))
      return nullptr;
    void *d = upload(std::vector<int32_t>(size, 0));
    tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_I32, d), intArg(TILEC_TYPE_I32, value)};
    uint32_t grid[3] = {programs, 1, 1};
    tilec_status s = tilec_launch(k, grid, a, tilec_kernel_num_params(k));
    out = download<int32_t>(d, size);
    tilec_device_free(dev, d);
    return s;
  }

  /// Launches `name` of `m` on one program with tensor maps `maps`, map i
  /// over `tensors[i]` (uploaded here: map.base is an offset from its
  /// tensor's address; the maps lie one after the other from byte
  /// `mapShift` of their buffer), `control` and an output of `outBytes`
  /// zeros; returns the status and the output.
  tilec_status launchTmaKernel(tilec_module *m, const char *name,
                               const std::vector<const TmaTensor *> &tensors,
                               std::vector<tilec_simt_tensor_map> maps, uint32_t mapShift,
                               const std::vector<int32_t> &control, size_t outBytes,
                               std::vector<unsigned char> &out) {
    tilec_kernel *k = nullptr;
    if (!CHECK_OK(tilec_module_get_kernel(m, name, &k)))
      return nullptr;
    std::vector<void *> buffers;
    std::vector<unsigned char> mapBytes(mapShift + maps.size() * sizeof(tilec_simt_tensor_map));
    for (size_t i = 0; i < maps.size(); ++i) {
      buffers.push_back(upload(tensors[i]->bytes));
      maps[i].base += reinterpret_cast<uintptr_t>(buffers.back());
      std::memcpy(&mapBytes[mapShift + i * sizeof(maps[i])], &maps[i], sizeof(maps[i]));
    }
    void *dmap = upload(mapBytes), *dcontrol = upload(control);
    void *dout = upload(std::vector<unsigned char>(std::max<size_t>(outBytes, 1), 0));
    tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_U8, dmap), ptrArg(TILEC_TYPE_PTR_I32, dcontrol),
                     ptrArg(TILEC_TYPE_PTR, dout)};
    uint32_t grid[3] = {1, 1, 1};
    tilec_status s = tilec_launch(k, grid, a, 3);
    out = download<unsigned char>(dout, outBytes);
    buffers.insert(buffers.end(), {dmap, dcontrol, dout});
    for (void *p : buffers)
      tilec_device_free(dev, p);
    return s;
  }

  /// tma_copy of `map` over `tensor` as `run` says; `out` gets what thread 0
  /// read at the destination before its arrival, then what every thread
  /// read there after its wait.
  tilec_status launchTmaCopy(tilec_module *m, const TmaTensor &tensor,
                             const tilec_simt_tensor_map &map, const TmaCopyRun &run,
                             std::vector<unsigned char> &out) {
    int32_t boxBytes = int32_t(tmaBoxBytes(map)), n = run.copyOut ? boxBytes : 0;
    std::vector<int32_t> control = run.coords;
    control.resize(5, 0);
    control.insert(control.end(), {n, boxBytes + run.extraTx, run.dst, run.flags,
                                   int32_t(run.mapShift), run.mbarrier});
    return launchTmaKernel(m, "tma_copy", {&tensor}, {map}, run.mapShift, control, 2 * size_t(n),
                           out);
  }

  /// A tma_copy of `map` lands the box as the reference lays it out, and
  /// (kTmaCopyFirst) not before the arrival that completes the phase.
  void checkTmaCopy(tilec_module *m, const TmaTensor &tensor, const tilec_simt_tensor_map &map,
                    const TmaCopyRun &run) {
    std::vector<unsigned char> out;
    if (!CHECK_OK(launchTmaCopy(m, tensor, map, run, out)))
      return;
    std::vector<int32_t> coords = run.coords;
    coords.resize(5, 0);
    std::vector<unsigned char> want = tmaExpectedBox(tensor, map, coords.data());
    auto after = out.begin() + long(want.size());
    bool landed = std::equal(want.begin(), want.end(), after);
    bool early = (run.flags & kTmaCopyFirst) &&
                 !std::all_of(out.begin(), after, [](unsigned char c) { return c == 0xA5; });
    if (!CHECK(landed && !early))
      std::fprintf(stderr,
                   "  tma_copy rank %u, %u-byte elements, box[0] %u, swizzle %u, fill 0x%llx, "
                   "coords (%d, %d, %d): %s\n",
                   map.rank, map.elem_bytes, map.box[0], map.swizzle,
                   (unsigned long long)map.oob_fill, coords[0], coords[1], coords[2],
                   landed ? "the box landed before the arrival" : "wrong box");
  }

  /// tma_roundtrip: a box of `map`'s shape loaded from one tensor at
  /// `coords` and stored by tma_store into a second tensor of the same shape
  /// (all 0x11) at the same coordinates lands exactly on the part of the box
  /// inside the tensor; every other byte, row padding included, stays.
  void checkTmaRoundTrip(tilec_module *m, const TmaTensor &src, tilec_simt_tensor_map map,
                         const std::vector<int32_t> &coords) {
    tilec_kernel *k = nullptr;
    if (!CHECK_OK(tilec_module_get_kernel(m, "tma_roundtrip", &k)))
      return;
    TmaTensor dst = src;
    std::fill(dst.bytes.begin(), dst.bytes.end(), 0x11);
    void *dsrc = upload(src.bytes), *ddst = upload(dst.bytes);
    tilec_simt_tensor_map maps[2] = {map, map};
    maps[0].base = reinterpret_cast<uintptr_t>(dsrc);
    maps[1].base = reinterpret_cast<uintptr_t>(ddst);
    std::vector<unsigned char> mapBytes(sizeof(maps));
    std::memcpy(mapBytes.data(), maps, sizeof(maps));
    std::vector<int32_t> control = coords;
    control.resize(5, 0);
    control.push_back(int32_t(tmaBoxBytes(map)));
    void *dmap = upload(mapBytes), *dcontrol = upload(control);
    void *dout = upload(std::vector<unsigned char>(1, 0));
    tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_U8, dmap), ptrArg(TILEC_TYPE_PTR_I32, dcontrol),
                     ptrArg(TILEC_TYPE_PTR, dout)};
    uint32_t grid[3] = {1, 1, 1};
    if (CHECK_OK(tilec_launch(k, grid, a, 3))) {
      std::vector<unsigned char> got = download<unsigned char>(ddst, dst.bytes.size());
      // The expected tensor: the box's in-bounds elements copied over.
      std::vector<unsigned char> want = dst.bytes;
      std::vector<uint64_t> extents(map.box, map.box + map.rank), index(map.rank, 0);
      do {
        if (std::optional<uint64_t> address =
                tensorByteOfBoxElement(src, map, control.data(), index))
          std::memcpy(&want[*address], &src.bytes[*address], src.elemBytes);
      } while (nextIndex(index, extents));
      if (!CHECK(got == want))
        std::fprintf(stderr, "  tma_roundtrip %u-byte elements, swizzle %u, coords (%d, %d)\n",
                     map.elem_bytes, map.swizzle, control[0], control[1]);
    }
    for (void *p : {dsrc, ddst, dmap, dcontrol, dout})
      tilec_device_free(dev, p);
  }

  /// TMA boxes feed a wgmma as they land (tma_wgmma): A = rows 10 .. 73 of a
  /// 70 x 16 f16 tensor (the last 4 out of bounds: zeros) and B = the
  /// columns of an 8 x 16 one, both in 32-byte rows swizzled by 32 bytes,
  /// give D = A * B in every thread's accumulators.
  void simtTmaWgmma(tilec_module *m) {
    // Small integers (-2 .. 2): exact in f16, and every sum exact in f32.
    auto smallTensor = [](uint64_t rows, std::vector<int> &values) {
      static const uint16_t halfBits[] = {0xC000, 0xBC00, 0x0000, 0x3C00, 0x4000};
      TmaTensor t{{16, rows}, {32}, 2, std::vector<unsigned char>(rows * 32)};
      values.resize(rows * 16);
      for (size_t i = 0; i < values.size(); ++i) {
        values[i] = int((i * 7 + rows) % 5) - 2;
        std::memcpy(&t.bytes[2 * i], &halfBits[values[i] + 2], 2);
      }
      return t;
    };
    std::vector<int> a, b;
    TmaTensor tensorA = smallTensor(70, a), tensorB = smallTensor(8, b);
    std::vector<unsigned char> out;
    if (!CHECK_OK(
            launchTmaKernel(m, "tma_wgmma", {&tensorA, &tensorB},
                            {tmaMap(tensorA, {16, 64}, 32, 0), tmaMap(tensorB, {16, 8}, 32, 0)}, 0,
                            {0, 10, 0, 0}, 128 * 4 * sizeof(float), out)))
      return;
    int bad = 0;
    for (uint32_t thread = 0; thread < 128; ++thread)
      for (uint32_t i = 0; i < 4; ++i) {
        uint32_t warp = thread / 32, lane = thread % 32;
        uint32_t row = 16 * warp + lane / 4 + 8 * (i / 2), col = 2 * (lane % 4) + i % 2;
        int want = 0;
        for (uint32_t k = 0; k < 16 && 10 + row < 70; ++k)
          want += a[(10 + row) * 16 + k] * b[col * 16 + k];
        float got;
        std::memcpy(&got, &out[(4 * thread + i) * sizeof(float)], sizeof(got));
        bad += got != float(want);
      }
    if (!CHECK(bad == 0))
      std::fprintf(stderr, "  tma_wgmma: %d of 512 accumulators wrong\n", bad);
  }

  /// The emulator's TMA tensor copies and mbarriers (tma_copy,
  /// tma_pipeline): boxes of every rank and swizzle, in and out of bounds,
  /// phases, and the errors a GPU would hang or fault on.
  void simtTma(tilec_module *m) {
    // 2-D boxes of a 37 x 45 tensor of 2- and 4-byte elements, every swizzle
    // (rows of its span; 48 bytes unswizzled), inside, across and past every
    // edge, out-of-bounds fill 0 or a NaN (bits above the element ignored),
    // the phase completed by the copy or by the arrival after it, with one
    // arrival or one per warp.
    const int32_t corners[][2] = {{0, 0},    {5, 3},    {-3, -2},  {40, 30},
                                  {-20, 35}, {30, -10}, {100, 100}};
    for (uint32_t elemBytes : {2u, 4u}) {
      TmaTensor tensor = tmaTensor({45, 37}, elemBytes);
      uint64_t nan = 0xdead000000000000ull | (elemBytes == 2 ? 0x7e00 : 0x7fc00000);
      int variant = 0;
      for (uint32_t swizzle : {0u, 32u, 64u, 128u})
        for (const auto &corner : corners)
          for (uint64_t fill : {uint64_t(0), nan}) {
            TmaCopyRun run;
            run.coords = {corner[0], corner[1]};
            ++variant;
            run.flags = (variant % 2 ? kTmaCopyFirst : 0) |
                        (variant % 5 < 2 ? kTmaWarpsArrive | kTmaCountWarps : 0);
            run.dst = variant % 3 ? 1024 : 3072;
            uint32_t box0 = (swizzle ? swizzle : 48) / elemBytes;
            checkTmaCopy(m, tensor, tmaMap(tensor, {box0, 16}, swizzle, fill), run);
            // The same box back through tma_store into a second tensor.
            if (!fill)
              checkTmaRoundTrip(m, tensor, tmaMap(tensor, {box0, 16}, swizzle, 0), run.coords);
          }
    }
    // Ranks 1, 3 and 5.
    TmaTensor line = tmaTensor({100}, 2);
    for (int32_t x : {50, -10, 0}) {
      TmaCopyRun run;
      run.coords = {x};
      checkTmaCopy(m, line, tmaMap(line, {64}, 128, 0xffff), run);
    }
    TmaTensor cube = tmaTensor({20, 7, 5}, 4);
    for (std::vector<int32_t> at : {std::vector<int32_t>{-2, 5, -1}, {12, 0, 3}, {0, 2, 1}}) {
      TmaCopyRun run;
      run.coords = at;
      run.flags = kTmaCopyFirst;
      checkTmaCopy(m, cube, tmaMap(cube, {8, 4, 3}, 32, 0x7f800001), run);
    }
    TmaTensor five = tmaTensor({4, 3, 2, 2, 2}, 4);
    TmaCopyRun fiveRun;
    fiveRun.coords = {0, -1, 1, 0, 1};
    checkTmaCopy(m, five, tmaMap(five, {4, 2, 2, 2, 2}, 0, 0x12345678), fiveRun);

    // A pipeline: 5 boxes of 8 rows (the last past the end) through a ring
    // of 1, 2 or 3 buffers, each mbarrier through phases 0, 1, 0, ...
    TmaTensor tensor = tmaTensor({45, 37}, 4);
    tilec_simt_tensor_map rows = tmaMap(tensor, {16, 8}, 64, 0);
    const uint32_t tiles = 5, boxBytes = tmaBoxBytes(rows);
    for (int32_t stages : {1, 2, 3}) {
      std::vector<unsigned char> out;
      if (!CHECK_OK(launchTmaKernel(m, "tma_pipeline", {&tensor}, {rows}, 0,
                                    {stages, int32_t(tiles), int32_t(boxBytes)}, tiles * boxBytes,
                                    out)))
        continue;
      int bad = 0;
      for (uint32_t tile = 0; tile < tiles; ++tile) {
        const int32_t at[5] = {0, int32_t(8 * tile), 0, 0, 0};
        std::vector<unsigned char> want = tmaExpectedBox(tensor, rows, at);
        bad += !std::equal(want.begin(), want.end(), out.begin() + long(tile * boxBytes));
      }
      if (!CHECK(bad == 0))
        std::fprintf(stderr, "  tma_pipeline with %d stages: %d of %u boxes wrong\n", stages, bad,
                     tiles);
    }

    // What a GPU would hang on: a phase that never gets its arrival, or its
    // bytes, or gets more bytes than it expects; an mbarrier never
    // initialized, misaligned or outside shared memory. Then bad
    // destinations (misaligned, outside shared memory, too small).
    std::vector<unsigned char> out;
    tilec_simt_tensor_map good = tmaMap(tensor, {32, 16}, 128, 0); // 2048 bytes
    tilec_simt_tensor_map plain = tmaMap(tensor, {12, 16}, 0, 0);
    tilec_simt_tensor_map huge = tmaMap(tensor, {256, 256}, 0, 0);
    struct BadRun {
      const tilec_simt_tensor_map &map;
      int32_t flags, extraTx, mbarrier, dst;
      const char *message;
    };
    const BadRun badRuns[] = {
        {good, kTmaNoArrive, 0, 0, 1024,
         "kernel 'tma_copy': program (0, 0, 0), thread 0: deadlock: mbarrier wait for phase 0 "
         "can never complete (every thread of the program waits or has exited): mbarrier at "
         "shared offset 0, phase 0 (parity 0): 1 of 1 arrivals missing, copies issued for 2048 "
         "of the 0 transaction bytes expected"},
        {good, 0, 16, 0, 1024,
         "deadlock: mbarrier wait for phase 0 can never complete (every thread of the program "
         "waits or has exited): mbarrier at shared offset 0, phase 0 (parity 0): 0 of 1 arrivals "
         "missing, copies issued for 2048 of the 2064 transaction bytes expected"},
        {good, kTmaCopyFirst, -16, 0, 1024,
         "thread 0: mbarrier phase with more bytes copied than expected: mbarrier at shared "
         "offset 0, phase 0 (parity 0): 0 of 1 arrivals missing, copies issued for 2048 of the "
         "2032 transaction bytes expected (a GPU would never complete the phase)"},
        {good, kTmaWarpsArrive, 16, 0, 1024,
         "mbarrier.arrive.expect_tx: an arrival more than the phase expects (mbarrier at shared "
         "offset 0, phase 0 (parity 0): 0 of 1 arrivals missing, copies issued for 2048 of the "
         "2064 transaction bytes expected)"},
        {good, kTmaCountWarps, 0, 0, 1024,
         "deadlock: mbarrier wait for phase 0 can never complete (every thread of the program "
         "waits or has exited): mbarrier at shared offset 0, phase 0 (parity 0): 3 of 4 arrivals "
         "missing, copies issued for 2048 of the 2048 transaction bytes expected"},
        {good, kTmaNoInit | kTmaNoCopy, 0, 0, 1024,
         "mbarrier wait: mbarrier at shared offset 0 was never initialized (mbarrier.init)"},
        {good, kTmaNoInit | kTmaCopyFirst, 0, 0, 1024,
         "mbarrier at shared offset 0 was never initialized (mbarrier.init)"},
        {good, 0, 0, 4, 1024,
         "thread 0: mbarrier.init: mbarrier at shared offset 4 is not 8-byte aligned"},
        {good, 0, 0, 9212, 1024,
         "mbarrier.init: mbarrier at shared offset 9212 is outside shared memory (size 9216)"},
        {good, 0, 0, 0, 1024 + 128,
         "thread 0: cp.async.bulk.tensor: destination at shared offset 1152 is not 1024-byte "
         "aligned (the repeat of its 128-byte swizzle)"},
        {plain, 0, 0, 0, 1024 + 16,
         "cp.async.bulk.tensor: destination at shared offset 1040 is not 128-byte aligned"},
        {plain, 0, 0, 0, 9216,
         "cp.async.bulk.tensor: destination at shared offset 9216 is outside shared memory (size "
         "9216)"},
        {good, 0, 0, 0, 8192,
         "cp.async.bulk.tensor: box of 2048 bytes at shared offset 8192 does not fit in shared "
         "memory (size 9216)"},
        {huge, 0, 0, 0, 1024,
         "box of 262144 bytes at shared offset 1024 does not fit in shared memory"},
    };
    for (const BadRun &bad : badRuns) {
      TmaCopyRun run;
      run.flags = bad.flags;
      run.extraTx = bad.extraTx;
      run.mbarrier = bad.mbarrier;
      run.dst = bad.dst;
      // (The kernel fills the box it copies out: only one in shared memory.)
      run.copyOut = bad.dst + tmaBoxBytes(bad.map) <= kTmaSharedBytes;
      CHECK_FAILS(launchTmaCopy(m, tensor, bad.map, run, out), LAUNCH_FAILED, bad.message);
    }
    // Bad maps (the kernel copies nothing out: their boxes need not fit).
    TmaCopyRun run;
    run.copyOut = false;
    struct BadMap {
      void (*spoil)(tilec_simt_tensor_map &);
      const char *message;
    };
    const BadMap badMaps[] = {
        {[](tilec_simt_tensor_map &map) { map.rank = 0; },
         "cp.async.bulk.tensor: tensor map rank 0 (expected 1 .. 5)"},
        {[](tilec_simt_tensor_map &map) { map.rank = 6; }, "tensor map rank 6 (expected 1 .. 5)"},
        {[](tilec_simt_tensor_map &map) { map.box[1] = 0; },
         "cp.async.bulk.tensor: tensor map box[1] 0 (expected 1 .. 256)"},
        {[](tilec_simt_tensor_map &map) { map.box[0] = 260; },
         "cp.async.bulk.tensor: tensor map box[0] 260 (expected 1 .. 256)"},
        {[](tilec_simt_tensor_map &map) { map.box[0] = 3; },
         "tensor map box[0] * elem_bytes = 12 bytes, not a multiple of 16"},
        {[](tilec_simt_tensor_map &map) { map.elem_bytes = 3; },
         "tensor map elem_bytes 3 (expected 1, 2, 4 or 8)"},
        {[](tilec_simt_tensor_map &map) { map.sizes[1] = 0; },
         "tensor map sizes[1] 0 (expected 1 .. 2^32)"},
        {[](tilec_simt_tensor_map &map) { map.strides[0] = 200; },
         "tensor map strides[0] 200 (the byte stride of dimension 1; expected a multiple of 16 "
         "below 2^40)"},
        {[](tilec_simt_tensor_map &map) { map.swizzle = 16; },
         "tensor map swizzle 16 (expected 0, 32, 64 or 128)"},
        {[](tilec_simt_tensor_map &map) {
           map.box[0] = 32;
           map.swizzle = 64;
         },
         "tensor map box[0] * elem_bytes = 128 bytes, more than its swizzle span of 64 bytes"},
        {[](tilec_simt_tensor_map &map) { map.base = 8; },
         "cp.async.bulk.tensor: tensor map base 0x"},
    };
    for (const BadMap &spoiled : badMaps) {
      tilec_simt_tensor_map map = plain;
      spoiled.spoil(map);
      CHECK_FAILS(launchTmaCopy(m, tensor, map, run, out), LAUNCH_FAILED, spoiled.message);
    }
    run.mapShift = 16;
    CHECK_FAILS(launchTmaCopy(m, tensor, plain, run, out), LAUNCH_FAILED, "is not 64-byte aligned");
  }

  /// The SIMT emulator: barriers, shuffles, shared memory, error reports.
  void simt() {
    tilec_module *m = nullptr;
    if (!CHECK_OK(tilec_module_load_file(dev, extraPath.c_str(), &m)))
      return;
    std::string target = tilec_module_target(m);
    uint32_t warp = target.find("warp64") != std::string::npos ? 64 : 32;
    // block_sum: shuffles within warps, shared memory across them.
    tilec_kernel *k = nullptr;
    if (CHECK_OK(tilec_module_get_kernel(m, "block_sum", &k))) {
      const uint32_t programs = 300, threads = 4 * warp;
      std::vector<int32_t> in(programs * threads);
      for (size_t i = 0; i < in.size(); ++i)
        in[i] = int32_t(i * 7 % 1000) - 300;
      void *din = upload(in), *dout = upload(std::vector<int32_t>(programs, 0));
      tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_I32, din), ptrArg(TILEC_TYPE_PTR_I32, dout)};
      uint32_t grid[3] = {programs, 1, 1};
      CHECK_OK(tilec_launch(k, grid, a, 2));
      std::vector<int32_t> out = download<int32_t>(dout, programs);
      int bad = 0;
      for (uint32_t p = 0; p < programs; ++p) {
        int32_t want = 0;
        for (uint32_t i = 0; i < threads; ++i)
          want += in[p * threads + i];
        bad += out[p] != want;
      }
      CHECK(bad == 0);
      tilec_device_free(dev, din);
      tilec_device_free(dev, dout);
    }
    std::vector<int32_t> out;
    // Every lane reads lane 3; a lane outside the warp is refused.
    CHECK_OK(launchWith(m, "shuffle_lane", warp, 3, out));
    CHECK(out == std::vector<int32_t>(warp, 30));
    CHECK_FAILS(launchWith(m, "shuffle_lane", warp, int32_t(warp) + 1, out), LAUNCH_FAILED,
                ("kernel 'shuffle_lane': program (0, 0, 0), thread 0: shuffle from lane " +
                 std::to_string(warp + 1) + ", outside the warp of " + std::to_string(warp) +
                 " lanes")
                    .c_str());
    // A barrier that part of the block never reaches.
    CHECK_OK(launchWith(m, "partial_barrier", 4 * warp, 4 * int32_t(warp), out, 3));
    CHECK(out == std::vector<int32_t>(4 * warp, 1));
    std::string partial = "barrier reached by only part of the block (5 of " +
                          std::to_string(4 * warp) + " threads; " +
                          std::to_string(4 * warp - 5) + " exited)";
    CHECK_FAILS(launchWith(m, "partial_barrier", 4 * warp, 5, out), LAUNCH_FAILED,
                ("kernel 'partial_barrier': program (0, 0, 0): " + partial).c_str());
    CHECK_FAILS(launchWith(m, "partial_barrier", 4 * warp, 5, out, 40), LAUNCH_FAILED,
                partial.c_str());
    // A shuffle whose source lane has exited; other lanes and warps are fine.
    CHECK_OK(launchWith(m, "inactive_shuffle", 2 * warp, -1, out));
    CHECK(out[2] == 3 && out[3] == 2 && out[warp + 1] == int32_t(warp));
    CHECK_FAILS(launchWith(m, "inactive_shuffle", 2 * warp, 3, out), LAUNCH_FAILED,
                "program (0, 0, 0), thread 2: shuffle from an inactive lane (lane 3, "
                "thread 3, has exited)");
    CHECK_FAILS(launchWith(m, "inactive_shuffle", 2 * warp, int32_t(warp) + 6, out),
                LAUNCH_FAILED, "shuffle from an inactive lane");
    // Shared memory: in bounds, past the end, before the start.
    CHECK_OK(launchWith(m, "shared_oob", 1, 15, out));
    CHECK(out[0] == 1);
    CHECK_FAILS(launchWith(m, "shared_oob", 1, 16, out), LAUNCH_FAILED,
                "program (0, 0, 0), thread 7: shared memory access out of bounds at "
                "offset 64 (size 64)");
    CHECK_FAILS(launchWith(m, "shared_oob", 1, -2, out), LAUNCH_FAILED,
                "out of bounds at offset -8 (size 64)");
    // An unfinished wgmma's operands: a cp.async into them before the
    // warpgroup's wgmma.wait_group fails, after it or elsewhere it does not.
    if (warp == 32) {
      const int32_t beforeWait = 1 << 16;
      CHECK_OK(launchWith(m, "wgmma_race", 128, 0, out));
      CHECK(out == std::vector<int32_t>(128, 1));
      CHECK_OK(launchWith(m, "wgmma_race", 128, beforeWait | 3072, out));
      CHECK_FAILS(launchWith(m, "wgmma_race", 128, beforeWait | 2288, out), LAUNCH_FAILED,
                  "program (0, 0, 0), thread 5: cp.async to shared offset 2288 overwrites "
                  "bytes [2048, 2304) that an unfinished wgmma of warpgroup 0 reads");
      CHECK_FAILS(launchWith(m, "wgmma_race", 128, beforeWait | 0, out), LAUNCH_FAILED,
                  "overwrites bytes [0, 2048)");
      // The same by cp.async.bulk.tensor, checked when it is issued and when
      // it lands (`early`: issued before the wgmma, landed after it).
      const int32_t tma = 1 << 17, early = 1 << 18;
      CHECK_OK(launchWith(m, "wgmma_race", 128, tma | 2176, out));
      CHECK(out == std::vector<int32_t>(128, 1));
      CHECK_OK(launchWith(m, "wgmma_race", 128, tma | early | 2176, out));
      CHECK_OK(launchWith(m, "wgmma_race", 128, beforeWait | tma | 3072, out));
      const char *landing = "program (0, 0, 0), thread 5: cp.async.bulk.tensor to shared offset "
                            "2176 overwrites bytes [2048, 2304) that an unfinished wgmma of "
                            "warpgroup 0 reads";
      CHECK_FAILS(launchWith(m, "wgmma_race", 128, beforeWait | tma | 2176, out), LAUNCH_FAILED,
                  landing);
      CHECK_FAILS(launchWith(m, "wgmma_race", 128, beforeWait | tma | early | 2176, out),
                  LAUNCH_FAILED, landing);
      CHECK_FAILS(launchWith(m, "wgmma_race", 128, beforeWait | tma | 0, out), LAUNCH_FAILED,
                  "cp.async.bulk.tensor to shared offset 0 overwrites bytes [0, 2048)");
      simtTmaWgmma(m);
    }
    simtTma(m);
    // Device assertions, as on the CPU driver.
    if (CHECK_OK(tilec_module_get_kernel(m, "assert_positive", &k))) {
      std::vector<int32_t> data = {1, 2, -3, 4, -5};
      void *d = upload(data);
      tilec_arg a[] = {ptrArg(TILEC_TYPE_PTR_I32, d)};
      uint32_t grid[3] = {5, 1, 1};
      CHECK_FAILS(tilec_launch(k, grid, a, 1), ASSERTION_FAILED,
                  "device assertion failed: data > 0 (and 1 more failures)");
      grid[0] = 2;
      CHECK_OK(tilec_launch(k, grid, a, 1));
      tilec_device_free(dev, d);
    }
    tilec_module_release(m);
  }
};

void testRegistry() {
  size_t n = 0;
  const char *const *names = tilec_driver_names(&n);
  CHECK(n == 4);
  CHECK(std::strcmp(names[0], "cpu") == 0);
  CHECK(std::strcmp(names[3], "simt") == 0);
  CHECK_OK(tilec_driver_probe("cpu"));
  CHECK_FAILS(tilec_driver_probe("tpu"), NOT_FOUND,
              "'tpu' is not a driver (expected cpu, cuda, hip or simt)");
  CHECK(tilec_device_count("cpu") == 1);
  CHECK(tilec_device_count("tpu") == 0);
  CHECK(tilec_device_count(nullptr) >= 1);
  tilec_device *dev = nullptr;
  CHECK_FAILS(tilec_device_open("cpu", 1, &dev), NOT_FOUND,
              "cpu: no device 1 (there is 1)");
  CHECK_FAILS(tilec_device_open("tpu", 0, &dev), NOT_FOUND, "'tpu'");
  tilec_device_info info;
  CHECK_FAILS(tilec_device_info_get(nullptr, 99, &info), NOT_FOUND,
              "no device 99");
  CHECK_OK(tilec_device_info_get("cpu", 0, &info));
  CHECK(info.compute_units >= 1);
  for (const char *gpu : {"cuda", "hip"}) {
    tilec_status s = tilec_driver_probe(gpu);
    if (s) {
      CHECK(tilec_status_code(s) == TILEC_STATUS_UNAVAILABLE);
      CHECK(tilec_device_count(gpu) == 0);
      CHECK_FAILS(tilec_device_open(gpu, 0, &dev), UNAVAILABLE, gpu);
      tilec_status_free(s);
    }
  }
  // TILEC_DEVICE picks the driver when none is given.
  setenv("TILEC_DEVICE", "cpu", 1);
  if (CHECK_OK(tilec_device_open(nullptr, 0, &dev)))
    CHECK(std::strcmp(tilec_device_driver_name(dev), "cpu") == 0);
  tilec_device_release(dev);
  setenv("TILEC_DEVICE", "quantum", 1);
  CHECK_FAILS(tilec_device_open(nullptr, 0, &dev), NOT_FOUND,
              "TILEC_DEVICE='quantum' is not a driver");
  // The SIMT emulator: only when named; its warp size from the environment.
  setenv("TILEC_DEVICE", "simt", 1);
  if (CHECK_OK(tilec_device_open(nullptr, 0, &dev)))
    CHECK(std::strcmp(tilec_device_driver_name(dev), "simt") == 0);
  tilec_device_release(dev);
  const char *warpEnv = std::getenv("TILEC_SIMT_WARP_SIZE");
  std::string savedWarp = warpEnv ? warpEnv : "";
  setenv("TILEC_SIMT_WARP_SIZE", "64", 1);
  if (CHECK_OK(tilec_device_info_get("simt", 0, &info)))
    CHECK(std::strcmp(info.arch, "warp64") == 0);
  setenv("TILEC_SIMT_WARP_SIZE", "16", 1);
  CHECK_FAILS(tilec_driver_probe("simt"), UNAVAILABLE,
              "simt: TILEC_SIMT_WARP_SIZE='16' is not 32 or 64");
  if (warpEnv)
    setenv("TILEC_SIMT_WARP_SIZE", savedWarp.c_str(), 1);
  else
    unsetenv("TILEC_SIMT_WARP_SIZE");
  unsetenv("TILEC_DEVICE");
  if (CHECK_OK(tilec_device_open(nullptr, 0, &dev))) {
    CHECK(std::strcmp(tilec_device_driver_name(dev), "simt") != 0);
    tilec_device_release(dev);
  }
  // Status helpers.
  tilec_status s = tilec_status_create(TILEC_STATUS_IO_ERROR, "x=%d", 5);
  s = tilec_status_annotate(s, "reading");
  CHECK(std::strcmp(tilec_status_message(s), "reading: x=5") == 0);
  CHECK(tilec_status_code(s) == TILEC_STATUS_IO_ERROR);
  tilec_status_free(s);
  CHECK(tilec_status_code(nullptr) == TILEC_STATUS_OK);
  CHECK(std::strcmp(tilec_status_message(nullptr), "") == 0);
}

} // namespace

int main(int argc, char **argv) {
  std::map<std::string, std::string> modules;
  std::vector<std::string> required;
  for (int i = 1; i < argc; ++i) {
    const char *eq = std::strchr(argv[i], '=');
    if (!eq) {
      std::fprintf(stderr, "usage: conformance_test DRIVER=IMAGE... "
                           "[require=DRIVER...]\n");
      return 2;
    }
    std::string key(argv[i], size_t(eq - argv[i]));
    if (key == "require")
      required.push_back(eq + 1);
    else
      modules[key] = eq + 1;
  }
  testRegistry();
  size_t n = 0;
  const char *const *names = tilec_driver_names(&n);
  int ran = 0;
  for (size_t i = 0; i < n; ++i) {
    const char *driver = names[i];
    if (tilec_status s = tilec_driver_probe(driver)) {
      std::printf("SKIP %s: %s\n", driver, tilec_status_message(s));
      tilec_status_free(s);
      continue;
    }
    if (!modules.count(driver)) {
      std::printf("SKIP %s: no test module for this driver\n", driver);
      continue;
    }
    std::printf("RUN %s\n", driver);
    for (size_t r = 0; r < required.size(); ++r)
      if (required[r] == driver)
        required.erase(required.begin() + long(r--));
    for (int ordinal = 0; ordinal < tilec_device_count(driver); ++ordinal) {
      Suite suite;
      if (!CHECK_OK(tilec_device_open(driver, ordinal, &suite.dev)))
        continue;
      suite.path = modules[driver];
      if (modules.count(std::string(driver) + "_extra"))
        suite.extraPath = modules[std::string(driver) + "_extra"];
      int before = check::failures();
      suite.run();
      tilec_device_release(suite.dev);
      std::printf("%s %s device %d\n",
                  check::failures() == before ? "PASS" : "FAIL", driver,
                  ordinal);
      ++ran;
    }
  }
  CHECK(ran >= 1);
  for (const std::string &r : required)
    CHECK(("required driver " + r + " did not run", false));
  return check::report("conformance_test");
}
