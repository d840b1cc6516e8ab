// Driver conformance suite: the same checks against every usable driver
// (CPU always; CUDA/HIP/SIMT when present and given a test module, else
// skipped).
// Usage: conformance_test DRIVER=IMAGE... [DRIVER_extra=IMAGE...]
//        [require=DRIVER...]
// (e.g. cpu=test_kernels_cpu.tilec; require= fails when DRIVER is skipped;
// simt_extra= names the SIMT emulator's own test kernels)
#include "check.h"
#include "test_util.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
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
    }
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
