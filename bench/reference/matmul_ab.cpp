// A/B timing of tilec matmul modules (.so) against each other and OpenBLAS, interleaved in one
// process.
//
// Usage: matmul_ab N THREADS ROUNDS MODULE.so...
//   MODULE.so: `tilec compile --emit so` of examples/matmul.py (matmul_kernel) or
//   bench/kernels/matmul_lowp.py (matmul_lowp_kernel) with the signature `tilec run` uses, e.g.
//   '*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1'
//   (bf16: '*u16:16,*u16:16,*fp32:16,...', int8: '*i8:16,*i8:16,*i32:16,...') and the blocks
//   -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 (-DINT8=0/1 for matmul_lowp).
// All modules run on the same N x N operands (2 MiB pages; leading dimension LD, default N, from
// the environment), in turn with OpenBLAS's cblas_sgemm, ROUNDS times each; prints the minimum and
// median of each. Programs are split over THREADS std::threads in chunks claimed dynamically, as
// the runtime's pool does. With CPUTIME=1 and one thread, times are the thread's CPU time (time the
// OS gave to other tenants is not counted). Modules are read as (before, after) pairs: each second
// module's output is compared bit for bit with the first's of its pair; the first module's is also
// compared with OpenBLAS's (meaningful for fp32 modules only: low-precision ones read the fp32
// operands' bytes as their own elements, for timing).
// Build: clang++-22 -O2 -std=c++17 matmul_ab.cpp -o matmul_ab -lopenblas -lpthread -ldl
#include <algorithm>
#include <atomic>
#include <cblas.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <string>
#include <sys/mman.h>
#include <thread>
#include <vector>

extern "C" void openblas_set_num_threads(int);
using Entry = void (*)(void **, const int32_t *, int64_t, int64_t);

static float *allocHuge(size_t floats) {
  size_t bytes = floats * 4 + (2 << 20);
  void *p = nullptr;
  if (posix_memalign(&p, 2 << 20, bytes))
    return nullptr;
  madvise(p, bytes, MADV_HUGEPAGE);
  return static_cast<float *>(p);
}

int main(int argc, char **argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: matmul_ab N THREADS ROUNDS MODULE.so...\n");
    return 2;
  }
  int n = std::atoi(argv[1]), threads = std::max(1, std::atoi(argv[2]));
  int rounds = std::max(1, std::atoi(argv[3]));
  int ld = std::getenv("LD") ? std::atoi(std::getenv("LD")) : n;
  std::vector<Entry> fns;
  std::vector<std::string> names;
  for (int i = 4; i < argc; ++i) {
    void *h = dlopen(argv[i], RTLD_NOW | RTLD_LOCAL);
    Entry fn = h ? reinterpret_cast<Entry>(dlsym(h, "__tilec_entry_matmul_kernel")) : nullptr;
    if (h && !fn)
      fn = reinterpret_cast<Entry>(dlsym(h, "__tilec_entry_matmul_lowp_kernel"));
    if (!fn) {
      std::fprintf(stderr, "%s: %s\n", argv[i], h ? "no matmul entry" : dlerror());
      return 1;
    }
    fns.push_back(fn);
    names.push_back(argv[i]);
  }
  size_t elems = size_t(n) * ld;
  float *a = allocHuge(elems), *b = allocHuge(elems), *c = allocHuge(elems),
        *ref = allocHuge(elems);
  if (!a || !b || !c || !ref)
    return 1;
  srand(3);
  for (size_t i = 0; i < elems; ++i) {
    a[i] = rand() / float(RAND_MAX) - 0.5f;
    b[i] = rand() / float(RAND_MAX) - 0.5f;
  }
  openblas_set_num_threads(threads);
  int32_t size = n, lead = ld, one = 1;
  void *args[] = {&a, &b, &c, &size, &size, &size, &lead, &one, &lead, &one, &lead, &one};
  int32_t grid[3] = {(n + 63) / 64, (n + 63) / 64, 1};
  int64_t total = int64_t(grid[0]) * grid[1];
  auto runTilec = [&](Entry fn) {
    std::atomic<int64_t> next{0};
    int64_t chunk = std::max<int64_t>(1, total / (threads * 16));
    auto work = [&] {
      for (int64_t s; (s = next.fetch_add(chunk)) < total;)
        fn(args, grid, s, std::min(total, s + chunk));
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
      pool.emplace_back(work);
    work();
    for (auto &t : pool)
      t.join();
  };
  auto runBlas = [&] {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.f, a, ld, b, ld, 0.f, ref,
                ld);
  };
  runBlas();
  std::vector<float> before;
  for (size_t i = 0; i < fns.size(); ++i) {
    std::memset(c, 0, elems * 4);
    runTilec(fns[i]);
    if (i % 2 == 0) {
      before.assign(c, c + elems);
      if (i == 0) {
        double diff = 0;
        for (size_t j = 0; j < elems; ++j)
          diff = std::max(diff, double(std::fabs(c[j] - ref[j])));
        std::printf("%s: largest difference from OpenBLAS %g\n", names[i].c_str(), diff);
      }
    } else {
      std::printf("%s: %s %s\n", names[i].c_str(),
                  std::memcmp(before.data(), c, elems * 4) ? "DIFFERS from" : "bit-identical to",
                  names[i - 1].c_str());
    }
  }
  bool cpuTime = threads == 1 && std::getenv("CPUTIME");
  std::vector<std::vector<double>> times(fns.size() + 1);
  for (int r = 0; r < rounds; ++r)
    for (size_t s = 0; s <= fns.size(); ++s) {
      timespec c0, c1;
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
      auto t0 = std::chrono::steady_clock::now();
      if (s == fns.size())
        runBlas();
      else
        runTilec(fns[s]);
      auto t1 = std::chrono::steady_clock::now();
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
      times[s].push_back(cpuTime ? (c1.tv_sec - c0.tv_sec) * 1e3 + (c1.tv_nsec - c0.tv_nsec) * 1e-6
                                 : std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
  double work = 2.0 * n * n * n;
  for (size_t s = 0; s <= fns.size(); ++s) {
    std::sort(times[s].begin(), times[s].end());
    std::printf("%-28s min %8.2f ms (%6.1f G/s) median %8.2f ms\n",
                s == fns.size() ? "openblas sgemm" : names[s].c_str(), times[s][0],
                work / times[s][0] * 1e-6, times[s][rounds / 2]);
  }
  return 0;
}
