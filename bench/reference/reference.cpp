// Hand-written C++ baselines for bench/run_bench.py: one program, one kernel per call.
//
// Usage: reference KERNEL THREADS RUNS [SIZE]
//   KERNEL: vector_add | softmax | layer_norm | triad | sgemm | attention
//          | openblas_core (prints the kernel family OpenBLAS selected)
//          | check (every variant against the scalar reference at small, odd sizes)
// The memory-bound kernels (vector_add, softmax, layer_norm, triad) have several variants:
// AVX-512 and AVX2 (explicit 16- and 8-lane vectors, compiled per function with
// __attribute__((target))), each with ordinary or non-temporal (streaming) stores, and, for
// softmax and layer_norm, the `omp simd` loops built for -march=native. The variants that this
// CPU runs (__builtin_cpu_supports) are first checked against a scalar reference (double
// accumulators, std::exp); a variant that disagrees is reported on stderr and not timed (exit
// status 3). Each one is then timed and printed as "variant NAME: median X us, min Y us", and
// the last line, "bench: median X us, min Y us over N runs (best: NAME)", is the fastest
// variant by minimum (the format of `tilec run --bench`).
// Built by run_bench.py with clang++-22 -O3 -march=native -fopenmp-simd; sgemm calls
// OpenBLAS. Work is split over THREADS std::threads (row or block ranges).
#include <cblas.h>
#include <immintrin.h>
#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define INLINE_LAMBDA __attribute__((always_inline))
#define TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl")))
#define TARGET_AVX2 __attribute__((target("avx2,fma")))

namespace {

int numThreads = 1;

/// 64-byte aligned allocator (streaming stores need aligned addresses); buffers of 2 MiB and
/// more are 2 MiB aligned and ask for transparent huge pages (as numpy does for the arrays
/// tilec runs on: with THP in `madvise` mode, 4 KiB pages cost DRAM-bound loops ~20%).
template <typename T> struct AlignedAlloc {
  using value_type = T;
  AlignedAlloc() = default;
  template <typename U> AlignedAlloc(const AlignedAlloc<U> &) {}
  T *allocate(size_t n) {
    size_t bytes = (n * sizeof(T) + 63) / 64 * 64, huge = size_t(2) << 20;
    if (bytes < huge)
      return static_cast<T *>(std::aligned_alloc(64, bytes));
    bytes = (bytes + huge - 1) / huge * huge;
    void *p = std::aligned_alloc(huge, bytes);
    madvise(p, bytes, MADV_HUGEPAGE);
    return static_cast<T *>(p);
  }
  void deallocate(T *p, size_t) { std::free(p); }
  bool operator==(const AlignedAlloc &) const { return true; }
  bool operator!=(const AlignedAlloc &) const { return false; }
};
using Buffer = std::vector<float, AlignedAlloc<float>>;

/// Runs body(begin, end) over [0, n) split into numThreads contiguous ranges.
void parallelFor(int64_t n, const std::function<void(int64_t, int64_t)> &body) {
  if (numThreads == 1) {
    body(0, n);
    return;
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < numThreads; ++t) {
    int64_t b = n * t / numThreads, e = n * (t + 1) / numThreads;
    threads.emplace_back([&, b, e] { body(b, e); });
  }
  for (auto &th : threads)
    th.join();
}

// ------------------------------------------------------------------ vectors
// W-lane float and int vectors (clang vector extensions); W = 1 is plain float/int32_t. The
// kernels below are templates over the lane type, so one body serves the scalar tail, the
// AVX2 (8-lane) and the AVX-512 (16-lane) variants: each variant is instantiated inside a
// function compiled for its target, where the W-lane operations become single instructions.
template <int W> struct Lanes {
  typedef float F __attribute__((ext_vector_type(W)));
  typedef int32_t I __attribute__((ext_vector_type(W)));
};
template <> struct Lanes<1> {
  using F = float;
  using I = int32_t;
};

template <typename T> ALWAYS_INLINE T vmax(T a, T b) { return a < b ? b : a; } // std::max
template <typename T> ALWAYS_INLINE T vmin(T a, T b) { return b < a ? b : a; } // std::min

template <typename T> ALWAYS_INLINE T load(const float *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <typename T> ALWAYS_INLINE void store(float *p, T v) { std::memcpy(p, &v, sizeof v); }

/// Branch-free, vectorizable expf (Cephes-style range reduction, degree-6 polynomial), for
/// float and for W-lane vectors.
template <typename T> ALWAYS_INLINE T fastExp(T x) {
  using I = std::conditional_t<std::is_same_v<T, float>, int32_t,
                               typename Lanes<sizeof(T) / sizeof(float)>::I>;
  x = vmin(vmax(x, T(-87.3f)), T(88.7f));
  T n = __builtin_elementwise_roundeven(x * 1.44269504088896341f);
  T r = __builtin_elementwise_fma(n, T(-0.693359375f), x);
  r = __builtin_elementwise_fma(n, T(2.12194440e-4f), r);
  T p = T(1.9875691500e-4f);
  p = __builtin_elementwise_fma(p, r, T(1.3981999507e-3f));
  p = __builtin_elementwise_fma(p, r, T(8.3334519073e-3f));
  p = __builtin_elementwise_fma(p, r, T(4.1665795894e-2f));
  p = __builtin_elementwise_fma(p, r, T(1.6666665459e-1f));
  p = __builtin_elementwise_fma(p, r, T(5.0000001201e-1f));
  p = __builtin_elementwise_fma(p * r, r, r) + 1.0f;
  I bits;
  if constexpr (std::is_same_v<T, float>)
    bits = (static_cast<int32_t>(n) + 127) << 23;
  else
    bits = (__builtin_convertvector(n, I) + 127) << 23;
  return p * __builtin_bit_cast(T, bits);
}

/// Folds body(lanes, c) (the values of columns c.. as the type of `lanes`) over [0, cols) with
/// op: W lanes at a time into four independent accumulators, then a scalar tail.
template <int W, typename Body, typename Op>
ALWAYS_INLINE float foldRow(int64_t cols, float init, Body body, Op op) {
  using F = typename Lanes<W>::F;
  F acc0 = init, acc1 = init, acc2 = init, acc3 = init;
  int64_t c = 0;
  for (; c + 4 * W <= cols; c += 4 * W) {
    acc0 = op(acc0, body(F(), c));
    acc1 = op(acc1, body(F(), c + W));
    acc2 = op(acc2, body(F(), c + 2 * W));
    acc3 = op(acc3, body(F(), c + 3 * W));
  }
  for (; c + W <= cols; c += W)
    acc0 = op(acc0, body(F(), c));
  F acc = op(op(acc0, acc1), op(acc2, acc3));
  float result = init;
  for (int i = 0; i < W; ++i)
    result = op(result, float(acc[i]));
  for (; c < cols; ++c)
    result = op(result, body(0.0f, c));
  return result;
}

/// out[c] = body(lanes, c) over [0, cols), W lanes at a time; with NT, non-temporal stores
/// where out is aligned for them (ordinary stores otherwise), then a scalar tail.
template <int W, bool NT, typename Body>
ALWAYS_INLINE void mapRow(float *out, int64_t cols, Body body) {
  using F = typename Lanes<W>::F;
  int64_t c = 0;
  if (NT && reinterpret_cast<uintptr_t>(out) % sizeof(F) == 0) {
    for (; c + W <= cols; c += W)
      __builtin_nontemporal_store(body(F(), c), reinterpret_cast<F *>(out + c));
  } else {
    for (; c + W <= cols; c += W)
      store(out + c, body(F(), c));
  }
  for (; c < cols; ++c)
    out[c] = body(0.0f, c);
}

constexpr auto maxOp = [](auto a, auto b) INLINE_LAMBDA { return vmax(a, b); };
constexpr auto addOp = [](auto a, auto b) INLINE_LAMBDA { return a + b; };

// ------------------------------------------------------------------ kernels
/// The operands of one kernel call; each kernel reads the fields it needs.
struct Job {
  const float *x = nullptr, *y = nullptr, *w = nullptr, *bias = nullptr;
  float *out = nullptr, *mean = nullptr, *rstd = nullptr;
  int64_t n = 0;    // elements (element-wise kernels) or rows
  int64_t cols = 1; // row length (row kernels)
  float scalar = 0; // the triad's s, layer norm's eps
};

/// Element-wise kernels split their range into 16-float (64-byte) pieces so that every
/// thread's range stays aligned for streaming stores; row kernels split rows.
struct VectorAdd {
  static constexpr int64_t grain = 16;
  template <int W, bool NT> ALWAYS_INLINE static void run(const Job &j, int64_t b, int64_t e) {
    mapRow<W, NT>(j.out + b, e - b, [&](auto lanes, int64_t c) INLINE_LAMBDA {
      using T = decltype(lanes);
      return load<T>(j.x + b + c) + load<T>(j.y + b + c);
    });
  }
  static void scalar(const Job &j, int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i)
      j.out[i] = j.x[i] + j.y[i];
  }
};

/// STREAM's triad, a[i] = b[i] + s * c[i] (out = x + scalar * y).
struct Triad {
  static constexpr int64_t grain = 16;
  template <int W, bool NT> ALWAYS_INLINE static void run(const Job &j, int64_t b, int64_t e) {
    mapRow<W, NT>(j.out + b, e - b, [&](auto lanes, int64_t c) INLINE_LAMBDA {
      using T = decltype(lanes);
      return load<T>(j.x + b + c) + j.scalar * load<T>(j.y + b + c);
    });
  }
  static void scalar(const Job &j, int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i)
      j.out[i] = j.x[i] + j.scalar * j.y[i];
  }
};

/// Three passes per row, as the omp simd version: max; exp(x - max) stored and summed;
/// multiply by 1 / sum (streaming stores in the NT variants: the row is in cache by then, and
/// the final write skips the read for ownership, as tilec's final pass does).
struct Softmax {
  static constexpr int64_t grain = 1;
  template <int W, bool NT> ALWAYS_INLINE static void run(const Job &j, int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const float *x = j.x + r * j.cols;
      float *y = j.out + r * j.cols;
      float m = foldRow<W>(
          j.cols, -INFINITY,
          [&](auto lanes, int64_t c) INLINE_LAMBDA { return load<decltype(lanes)>(x + c); }, maxOp);
      float s = foldRow<W>(
          j.cols, 0.0f,
          [&](auto lanes, int64_t c) INLINE_LAMBDA {
            using T = decltype(lanes);
            T v = fastExp(load<T>(x + c) - m);
            store(y + c, v);
            return v;
          },
          addOp);
      float inv = 1.0f / s;
      mapRow<W, NT>(y, j.cols, [&](auto lanes, int64_t c) INLINE_LAMBDA {
        return load<decltype(lanes)>(y + c) * inv;
      });
    }
  }
  static void ompSimd(const Job &j, int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const float *x = j.x + r * j.cols;
      float *y = j.out + r * j.cols;
      float m = -INFINITY;
#pragma omp simd reduction(max : m)
      for (int64_t c = 0; c < j.cols; ++c)
        m = std::fmax(m, x[c]);
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (int64_t c = 0; c < j.cols; ++c) {
        float v = fastExp(x[c] - m);
        y[c] = v;
        s += v;
      }
      float inv = 1.0f / s;
#pragma omp simd
      for (int64_t c = 0; c < j.cols; ++c)
        y[c] *= inv;
    }
  }
  static void scalar(const Job &j, int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const float *x = j.x + r * j.cols;
      float m = *std::max_element(x, x + j.cols);
      double s = 0;
      for (int64_t c = 0; c < j.cols; ++c)
        s += std::exp(double(x[c]) - m);
      for (int64_t c = 0; c < j.cols; ++c)
        j.out[r * j.cols + c] = float(std::exp(double(x[c]) - m) / s);
    }
  }
};

/// Three passes per row, as the omp simd version: sum; sum of squared deviations; the
/// normalized, scaled and shifted row (streaming stores in the NT variants).
struct LayerNorm {
  static constexpr int64_t grain = 1;
  template <int W, bool NT> ALWAYS_INLINE static void run(const Job &j, int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const float *x = j.x + r * j.cols;
      float mu =
          foldRow<W>(
              j.cols, 0.0f,
              [&](auto lanes, int64_t c) INLINE_LAMBDA { return load<decltype(lanes)>(x + c); },
              addOp) /
          j.cols;
      float var = foldRow<W>(
          j.cols, 0.0f,
          [&](auto lanes, int64_t c) INLINE_LAMBDA {
            auto d = load<decltype(lanes)>(x + c) - mu;
            return d * d;
          },
          addOp);
      float rs = 1.0f / std::sqrt(var / j.cols + j.scalar);
      j.mean[r] = mu;
      j.rstd[r] = rs;
      mapRow<W, NT>(j.out + r * j.cols, j.cols, [&](auto lanes, int64_t c) INLINE_LAMBDA {
        using T = decltype(lanes);
        return (load<T>(x + c) - mu) * rs * load<T>(j.w + c) + load<T>(j.bias + c);
      });
    }
  }
  static void ompSimd(const Job &j, int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const float *x = j.x + r * j.cols;
      float *y = j.out + r * j.cols;
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (int64_t c = 0; c < j.cols; ++c)
        s += x[c];
      float mu = s / j.cols;
      float v = 0;
#pragma omp simd reduction(+ : v)
      for (int64_t c = 0; c < j.cols; ++c)
        v += (x[c] - mu) * (x[c] - mu);
      float rs = 1.0f / std::sqrt(v / j.cols + j.scalar);
      j.mean[r] = mu;
      j.rstd[r] = rs;
#pragma omp simd
      for (int64_t c = 0; c < j.cols; ++c)
        y[c] = (x[c] - mu) * rs * j.w[c] + j.bias[c];
    }
  }
  static void scalar(const Job &j, int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const float *x = j.x + r * j.cols;
      double s = 0, v = 0;
      for (int64_t c = 0; c < j.cols; ++c)
        s += x[c];
      double mu = s / j.cols;
      for (int64_t c = 0; c < j.cols; ++c)
        v += (x[c] - mu) * (x[c] - mu);
      double rs = 1.0 / std::sqrt(v / j.cols + j.scalar);
      j.mean[r] = float(mu), j.rstd[r] = float(rs);
      for (int64_t c = 0; c < j.cols; ++c)
        j.out[r * j.cols + c] = float((x[c] - mu) * rs * j.w[c] + j.bias[c]);
    }
  }
};

// ------------------------------------------------------------------ variants
using RangeFn = void (*)(const Job &, int64_t, int64_t);

template <typename K, bool NT> TARGET_AVX512 void avx512(const Job &j, int64_t b, int64_t e) {
  K::template run<16, NT>(j, b, e);
}
template <typename K, bool NT> TARGET_AVX2 void avx2(const Job &j, int64_t b, int64_t e) {
  K::template run<8, NT>(j, b, e);
}

bool hasAvx512() {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
}
bool hasAvx2() { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }
bool always() { return true; }

struct Variant {
  const char *name;
  bool (*supported)();
  RangeFn fn;
};

/// The explicit-vector variants of kernel K, widest first, plus the extra ones given.
template <typename K> std::vector<Variant> variantsOf(std::vector<Variant> extra = {}) {
  std::vector<Variant> v = {{"avx512", hasAvx512, avx512<K, false>},
                            {"avx512-nt", hasAvx512, avx512<K, true>},
                            {"avx2", hasAvx2, avx2<K, false>},
                            {"avx2-nt", hasAvx2, avx2<K, true>}};
  v.insert(v.end(), extra.begin(), extra.end());
  return v;
}

/// Runs fn over the job's units (elements in grain-sized pieces, or rows) on numThreads.
void runJob(RangeFn fn, const Job &j, int64_t grain) {
  parallelFor((j.n + grain - 1) / grain,
              [&](int64_t b, int64_t e) { fn(j, b * grain, std::min(e * grain, j.n)); });
}

/// n approximately standard-normal floats (Irwin-Hall: the sum of four 16-bit uniforms of a
/// splitmix64 stream, centred and scaled), fast enough for the 2^26-element inputs.
Buffer randomVector(size_t n, unsigned seed) {
  Buffer v(n);
  uint64_t state = seed * 0x9E3779B97F4A7C15ull;
  for (auto &x : v) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    uint32_t sum = (z & 0xFFFF) + ((z >> 16) & 0xFFFF) + ((z >> 32) & 0xFFFF) + (z >> 48);
    x = (float(sum) - 2 * 65535.0f) * (1.7320508f / 65536.0f); // 4 U(0,1) have variance 1/3
  }
  return v;
}

/// A memory-bound kernel's data: inputs, and outputs (out, mean, rstd) of rows x cols.
struct Problem {
  Buffer x, y, w, bias, out, mean, rstd;
  Job job;
  Problem(const std::string &kernel, int64_t rows, int64_t cols) {
    x = randomVector(rows * cols, 1);
    out.assign(rows * cols, 0);
    job.x = x.data(), job.out = out.data(), job.n = rows, job.cols = cols;
    if (kernel == "vector_add" || kernel == "triad") {
      y = randomVector(rows * cols, 2);
      job.y = y.data(), job.n = rows * cols, job.scalar = 3.0f;
    } else if (kernel == "layer_norm") {
      w = randomVector(cols, 2), bias = randomVector(cols, 3);
      mean.assign(rows, 0), rstd.assign(rows, 0);
      job.w = w.data(), job.bias = bias.data(), job.mean = mean.data(), job.rstd = rstd.data(),
      job.scalar = 1e-5f;
    }
  }
  std::vector<Buffer *> outputs() {
    std::vector<Buffer *> o = {&out};
    if (!mean.empty())
      o.insert(o.end(), {&mean, &rstd});
    return o;
  }
};

/// Largest |got - want| beyond rtol * |want| + atol (atol: 1e-6 of the largest |want|);
/// 0 when every element agrees (NaN never does).
double mismatch(const Buffer &got, const Buffer &want) {
  double scale = 0, worst = 0;
  for (float v : want)
    scale = std::max(scale, double(std::fabs(v)));
  for (size_t i = 0; i < got.size(); ++i) {
    double d = std::fabs(double(got[i]) - want[i]);
    if (!(d <= 1e-4 * std::fabs(want[i]) + 1e-6 * scale))
      worst = std::max(worst, std::isnan(d) ? INFINITY : d);
  }
  return worst;
}

struct Kernel {
  std::vector<Variant> variants;
  RangeFn scalar;
  int64_t grain;
};

Kernel kernelNamed(const std::string &name) {
  if (name == "vector_add")
    return {variantsOf<VectorAdd>(), VectorAdd::scalar, VectorAdd::grain};
  if (name == "triad")
    return {variantsOf<Triad>(), Triad::scalar, Triad::grain};
  if (name == "softmax")
    return {variantsOf<Softmax>({{"omp-simd", always, Softmax::ompSimd}}), Softmax::scalar,
            Softmax::grain};
  return {variantsOf<LayerNorm>({{"omp-simd", always, LayerNorm::ompSimd}}), LayerNorm::scalar,
          LayerNorm::grain};
}

/// Runs each supported variant once and compares its outputs with the scalar reference's;
/// returns the variants that agree, reporting the others on stderr (and, if verbose, every
/// variant's outcome on stdout).
std::vector<Variant> checkedVariants(const std::string &name, Problem &p, bool verbose) {
  Kernel k = kernelNamed(name);
  runJob(k.scalar, p.job, k.grain);
  std::vector<Buffer> want;
  for (Buffer *o : p.outputs())
    want.push_back(*o);
  std::vector<Variant> ok;
  for (const Variant &v : k.variants) {
    if (!v.supported()) {
      if (verbose)
        std::printf("%s %s: not supported by this CPU, skipped\n", name.c_str(), v.name);
      continue;
    }
    for (Buffer *o : p.outputs())
      std::fill(o->begin(), o->end(), NAN);
    runJob(v.fn, p.job, k.grain);
    double worst = 0;
    for (size_t i = 0; i < want.size(); ++i)
      worst = std::max(worst, mismatch(*p.outputs()[i], want[i]));
    if (worst > 0) {
      std::fprintf(stderr, "error: %s variant %s differs from the scalar reference (|diff| %g)\n",
                   name.c_str(), v.name, worst);
      continue;
    }
    if (verbose)
      std::printf("%s %s: agrees with the scalar reference\n", name.c_str(), v.name);
    ok.push_back(v);
  }
  return ok;
}

/// Times body: one warm-up call, then `runs` calls; returns {median, min} in microseconds.
std::pair<double, double> timeRuns(const std::function<void()> &body, int runs) {
  body();
  std::vector<double> us;
  for (int i = 0; i < runs; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    body();
    auto t1 = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(us.begin(), us.end());
  return {us[us.size() / 2], us[0]};
}

/// Flash-attention forward, one (batch*head, 64-row query block) per work item:
/// Q, K, V, O are [bh, seq, d] row-major, online softmax over 64-key blocks.
void attention(const float *q, const float *k, const float *v, float *o, int64_t bh, int64_t seq,
               int64_t d, float scale) {
  constexpr int64_t BM = 64, BN = 64;
  int64_t blocks = seq / BM;
  parallelFor(bh * blocks, [&](int64_t b, int64_t e) {
    std::vector<float> s(BM * BN), kt(d * BN), acc(BM * d), mi(BM), li(BM);
    for (int64_t item = b; item < e; ++item) {
      int64_t h = item / blocks, mb = item % blocks;
      const float *qb = q + (h * seq + mb * BM) * d;
      const float *kh = k + h * seq * d, *vh = v + h * seq * d;
      std::fill(acc.begin(), acc.end(), 0.0f);
      std::fill(mi.begin(), mi.end(), -INFINITY);
      std::fill(li.begin(), li.end(), 0.0f);
      for (int64_t n0 = 0; n0 < seq; n0 += BN) {
        for (int64_t j = 0; j < BN; ++j)
          for (int64_t c = 0; c < d; ++c)
            kt[c * BN + j] = kh[(n0 + j) * d + c];
        for (int64_t i = 0; i < BM; ++i) {
          float *si = s.data() + i * BN;
#pragma omp simd
          for (int64_t j = 0; j < BN; ++j)
            si[j] = 0;
          for (int64_t c = 0; c < d; ++c) {
            float qic = qb[i * d + c] * scale;
#pragma omp simd
            for (int64_t j = 0; j < BN; ++j)
              si[j] += qic * kt[c * BN + j];
          }
          float m = mi[i];
#pragma omp simd reduction(max : m)
          for (int64_t j = 0; j < BN; ++j)
            m = std::fmax(m, si[j]);
          float sum = 0;
#pragma omp simd reduction(+ : sum)
          for (int64_t j = 0; j < BN; ++j) {
            si[j] = fastExp(si[j] - m);
            sum += si[j];
          }
          float alpha = fastExp(mi[i] - m);
          li[i] = li[i] * alpha + sum;
          mi[i] = m;
          float *ai = acc.data() + i * d;
#pragma omp simd
          for (int64_t c = 0; c < d; ++c)
            ai[c] *= alpha;
          for (int64_t j = 0; j < BN; ++j) {
            float p = si[j];
            const float *vj = vh + (n0 + j) * d;
#pragma omp simd
            for (int64_t c = 0; c < d; ++c)
              ai[c] += p * vj[c];
          }
        }
      }
      float *ob = o + (h * seq + mb * BM) * d;
      for (int64_t i = 0; i < BM; ++i)
        for (int64_t c = 0; c < d; ++c)
          ob[i * d + c] = acc[i * d + c] / li[i];
    }
  });
}

/// `check`: every variant of every memory-bound kernel against the scalar reference at sizes
/// that leave scalar tails and rows unaligned for streaming stores.
int checkAll() {
  int failures = 0;
  for (const char *name : {"vector_add", "triad", "softmax", "layer_norm"}) {
    bool rowwise = std::string(name) == "softmax" || std::string(name) == "layer_norm";
    for (int64_t cols : {64, 1001}) {
      Problem p(name, rowwise ? 37 : 1, rowwise ? cols : cols * 997 + 5);
      Kernel k = kernelNamed(name);
      size_t supported = std::count_if(k.variants.begin(), k.variants.end(),
                                       [](const Variant &v) { return v.supported(); });
      failures += supported - checkedVariants(name, p, cols == 64).size();
    }
  }
  std::printf("check: %s\n", failures ? "FAILED" : "all supported variants agree");
  return failures ? 3 : 0;
}

/// Checks and times every supported variant of a memory-bound kernel; the last line is the
/// fastest one's.
int benchVariants(const std::string &name, int runs, int64_t rows, int64_t cols) {
  Problem p(name, rows, cols);
  Kernel k = kernelNamed(name);
  std::vector<Variant> ok = checkedVariants(name, p, true);
  size_t supported = std::count_if(k.variants.begin(), k.variants.end(),
                                   [](const Variant &v) { return v.supported(); });
  if (ok.empty()) {
    std::fprintf(stderr, "error: no %s variant agrees with the scalar reference\n", name.c_str());
    return 3;
  }
  std::pair<double, double> best{0, INFINITY};
  const char *bestName = "";
  for (const Variant &v : ok) {
    auto t = timeRuns([&] { runJob(v.fn, p.job, k.grain); }, runs);
    std::printf("variant %s: median %.1f us, min %.1f us\n", v.name, t.first, t.second);
    if (t.second < best.second)
      best = t, bestName = v.name;
  }
  std::printf("bench: median %.1f us, min %.1f us over %d runs (best: %s)\n", best.first,
              best.second, runs, bestName);
  return ok.size() == supported ? 0 : 3;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2 ||
      (argc < 4 && std::string(argv[1]) != "openblas_core" && std::string(argv[1]) != "check")) {
    std::fprintf(stderr, "usage: reference KERNEL THREADS RUNS [SIZE]\n");
    return 2;
  }
  std::string kernel = argv[1];
  if (kernel == "openblas_core") {
    std::printf("%s\n", openblas_get_corename());
    return 0;
  }
  numThreads = argc > 2 ? std::max(1, std::atoi(argv[2])) : 1;
  if (kernel == "check")
    return checkAll();
  int runs = std::max(1, std::atoi(argv[3]));
  int64_t size = argc > 4 ? std::atoll(argv[4]) : 0;
  openblas_set_num_threads(numThreads);

  if (kernel == "vector_add" || kernel == "triad")
    return benchVariants(kernel, runs, 1, size ? size : (int64_t(1) << 26));
  if (kernel == "softmax" || kernel == "layer_norm")
    return benchVariants(kernel, runs, size ? size : 4096, size ? size : 4096);

  std::function<void()> body;
  Buffer a, b, c, d;
  if (kernel == "sgemm") {
    int64_t n = size ? size : 1024;
    a = randomVector(n * n, 1), b = randomVector(n * n, 2), c.assign(n * n, 0);
    body = [&, n] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(),
                  n, 0.0f, c.data(), n);
    };
  } else if (kernel == "attention") {
    int64_t seq = size ? size : 1024, bh = 8, dim = 64;
    a = randomVector(bh * seq * dim, 1), b = randomVector(bh * seq * dim, 2);
    d = randomVector(bh * seq * dim, 3), c.assign(bh * seq * dim, 0);
    body = [&, seq, bh, dim] {
      attention(a.data(), b.data(), d.data(), c.data(), bh, seq, dim, 0.125f);
    };
  } else {
    std::fprintf(stderr, "unknown kernel '%s'\n", kernel.c_str());
    return 2;
  }
  auto t = timeRuns(body, runs);
  std::printf("bench: median %.1f us, min %.1f us over %d runs\n", t.first, t.second, runs);
  return 0;
}
