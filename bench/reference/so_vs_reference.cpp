// A/B timing of a tilec CPU kernel module (.so) against reference.cpp's variants, interleaved in
// one process.
//
// Usage: so_vs_reference KERNEL MODULE.so THREADS ROUNDS [VARIANT]
//   KERNEL: layer_norm (examples/layer_norm.py, BLOCK_SIZE 1024) | softmax (examples/softmax.py,
//   BLOCK_SIZE 4096), 4096 x 4096; MODULE.so from `tilec compile --emit so` with the signature
//   `tilec run` uses (layer norm: '*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,
//   i32:16,fp32'; softmax: '*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16').
//   VARIANT: the reference variant (default avx2-nt for layer norm, omp-simd for softmax).
// Both run on the same buffers (2 MiB pages), alternately, ROUNDS times each, rows split over
// THREADS std::threads the same way; prints the minimum and median of each and tilec's largest
// difference from the reference's output. With CPUTIME=1 and one thread, times are the thread's
// CPU time (time the OS gave to other tenants is not counted; memory stalls are).
// Build: clang++-22 -O3 -march=native -fopenmp-simd -std=c++17 -w so_vs_reference.cpp
//        -o so_vs_reference -lopenblas -lpthread -ldl
#define main reference_main
#include "reference.cpp"
#undef main
#include <ctime>
#include <dlfcn.h>

using Entry = void (*)(void **, const int32_t *, int64_t, int64_t);

int main(int argc, char **argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: so_vs_reference KERNEL MODULE.so THREADS ROUNDS [VARIANT]\n");
    return 2;
  }
  std::string kernel = argv[1], so = argv[2];
  numThreads = std::max(1, std::atoi(argv[3]));
  int rounds = std::max(1, std::atoi(argv[4]));
  std::string variant = argc > 5 ? argv[5] : (kernel == "softmax" ? "omp-simd" : "avx2-nt");
  void *handle = dlopen(so.c_str(), RTLD_NOW);
  if (!handle) {
    std::fprintf(stderr, "%s\n", dlerror());
    return 1;
  }
  auto fn = reinterpret_cast<Entry>(dlsym(handle, kernel == "softmax"
                                                      ? "__tilec_entry_softmax_kernel"
                                                      : "__tilec_entry__layer_norm_fwd_fused"));
  Kernel k = kernelNamed(kernel);
  RangeFn ref = nullptr;
  for (const Variant &v : k.variants)
    if (variant == v.name && v.supported())
      ref = v.fn;
  if (!fn || !ref) {
    std::fprintf(stderr, "no kernel entry or no such variant on this CPU\n");
    return 1;
  }
  int64_t n = 4096;
  Problem p(kernel, n, n);
  Buffer y(n * n, 0.f), mean(n, 0.f), rstd(n, 0.f);
  int32_t size = int32_t(n);
  float eps = 1e-5f;
  const float *x = p.x.data(), *w = p.w.data(), *b = p.bias.data();
  float *yp = y.data(), *mp = mean.data(), *rp = rstd.data();
  std::vector<void *> args;
  if (kernel == "softmax")
    args = {&yp, &x, &size, &size, &size, &size};
  else
    args = {&x, &yp, &w, &b, &mp, &rp, &size, &size, &eps};
  int32_t grid[3] = {size, 1, 1};
  auto runTilec = [&] {
    parallelFor(n, [&](int64_t begin, int64_t end) { fn(args.data(), grid, begin, end); });
  };
  auto runRef = [&] { runJob(ref, p.job, k.grain); };
  runTilec();
  runRef();
  double diff = mismatch(y, p.out);
  bool cpuTime = numThreads == 1 && std::getenv("CPUTIME");
  std::vector<double> times[2];
  for (int i = 0; i < rounds; ++i)
    for (int side = 0; side < 2; ++side) {
      timespec c0, c1;
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
      auto t0 = std::chrono::steady_clock::now();
      if (side)
        runRef();
      else
        runTilec();
      auto t1 = std::chrono::steady_clock::now();
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
      double cpu = (c1.tv_sec - c0.tv_sec) * 1e6 + (c1.tv_nsec - c0.tv_nsec) * 1e-3;
      times[side].push_back(cpuTime ? cpu
                                    : std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
  for (auto &t : times)
    std::sort(t.begin(), t.end());
  std::printf("%s threads=%d tilec min %.0f median %.0f us | reference %s min %.0f median %.0f us"
              " | ratio (min) %.2f | mismatch %g\n",
              kernel.c_str(), numThreads, times[0][0], times[0][rounds / 2], variant.c_str(),
              times[1][0], times[1][rounds / 2], times[1][0] / times[0][0], diff);
  return diff > 0 ? 3 : 0;
}
