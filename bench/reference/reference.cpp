// Hand-written C++ baselines for bench/run_bench.py: one program, one kernel per call.
//
// Usage: reference KERNEL THREADS RUNS [SIZE]
//   KERNEL: vector_add | softmax | layer_norm | sgemm | attention
//          | openblas_core (prints the kernel family OpenBLAS selected)
// Prints "bench: median X us, min Y us over N runs" (the format of `tilec run --bench`).
// Built by run_bench.py with clang++-22 -O3 -march=native -fopenmp-simd; sgemm calls
// OpenBLAS. Work is split over THREADS std::threads (row or block ranges).
#include <cblas.h>
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

int numThreads = 1;

/// 64-byte aligned allocator (streaming stores need aligned addresses).
template <typename T> struct AlignedAlloc {
  using value_type = T;
  AlignedAlloc() = default;
  template <typename U> AlignedAlloc(const AlignedAlloc<U> &) {}
  T *allocate(size_t n) {
    return static_cast<T *>(std::aligned_alloc(64, (n * sizeof(T) + 63) / 64 * 64));
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

/// Branch-free, vectorizable expf (Cephes-style range reduction, degree-6 polynomial).
inline float fastExp(float x) {
  x = std::min(std::max(x, -87.3f), 88.7f);
  float n = std::nearbyint(x * 1.44269504088896341f);
  float r = std::fma(n, -0.693359375f, x);
  r = std::fma(n, 2.12194440e-4f, r);
  float p = 1.9875691500e-4f;
  p = std::fma(p, r, 1.3981999507e-3f);
  p = std::fma(p, r, 8.3334519073e-3f);
  p = std::fma(p, r, 4.1665795894e-2f);
  p = std::fma(p, r, 1.6666665459e-1f);
  p = std::fma(p, r, 5.0000001201e-1f);
  p = std::fma(p * r, r, r) + 1.0f;
  int32_t bits = (static_cast<int32_t>(n) + 127) << 23;
  float scale;
  std::memcpy(&scale, &bits, 4);
  return p * scale;
}

Buffer randomVector(size_t n, unsigned seed) {
  Buffer v(n);
  std::mt19937 gen(seed);
  std::normal_distribution<float> dist;
  for (auto &x : v)
    x = dist(gen);
  return v;
}

void vectorAdd(const float *x, const float *y, float *out, int64_t n) {
  // Streaming stores: the output is never re-read, skip the read-for-ownership.
  parallelFor(n / 16, [&](int64_t b, int64_t e) {
    for (int64_t i = b * 16; i < e * 16; i += 16) { // n % 16 == 0 here
#if defined(__AVX512F__)
      _mm512_stream_ps(out + i, _mm512_add_ps(_mm512_loadu_ps(x + i), _mm512_loadu_ps(y + i)));
#else // AVX2 hosts (out is 32-byte aligned)
      for (int64_t j = i; j < i + 16; j += 8)
        _mm256_stream_ps(out + j, _mm256_add_ps(_mm256_loadu_ps(x + j), _mm256_loadu_ps(y + j)));
#endif
    }
  });
  _mm_sfence();
}

void softmax(const float *in, float *out, int64_t rows, int64_t cols) {
  parallelFor(rows, [&](int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const float *x = in + r * cols;
      float *y = out + r * cols;
      float m = -INFINITY;
#pragma omp simd reduction(max : m)
      for (int64_t c = 0; c < cols; ++c)
        m = std::fmax(m, x[c]);
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (int64_t c = 0; c < cols; ++c) {
        float v = fastExp(x[c] - m);
        y[c] = v;
        s += v;
      }
      float inv = 1.0f / s;
#pragma omp simd
      for (int64_t c = 0; c < cols; ++c)
        y[c] *= inv;
    }
  });
}

void layerNorm(const float *in, float *out, const float *w, const float *bias, float *mean,
               float *rstd, int64_t rows, int64_t cols, float eps) {
  parallelFor(rows, [&](int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const float *x = in + r * cols;
      float *y = out + r * cols;
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (int64_t c = 0; c < cols; ++c)
        s += x[c];
      float mu = s / cols;
      float v = 0;
#pragma omp simd reduction(+ : v)
      for (int64_t c = 0; c < cols; ++c)
        v += (x[c] - mu) * (x[c] - mu);
      float rs = 1.0f / std::sqrt(v / cols + eps);
      mean[r] = mu;
      rstd[r] = rs;
#pragma omp simd
      for (int64_t c = 0; c < cols; ++c)
        y[c] = (x[c] - mu) * rs * w[c] + bias[c];
    }
  });
}

/// Flash-attention forward, one (batch*head, 64-row query block) per work item:
/// Q, K, V, O are [bh, seq, d] row-major, online softmax over 64-key blocks.
void attention(const float *q, const float *k, const float *v, float *o, int64_t bh,
               int64_t seq, int64_t d, float scale) {
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

} // namespace

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: reference KERNEL THREADS RUNS [SIZE]\n");
    return 2;
  }
  std::string kernel = argv[1];
  if (kernel == "openblas_core") {
    std::printf("%s\n", openblas_get_corename());
    return 0;
  }
  numThreads = std::max(1, std::atoi(argv[2]));
  int runs = std::max(1, std::atoi(argv[3]));
  int64_t size = argc > 4 ? std::atoll(argv[4]) : 0;
  openblas_set_num_threads(numThreads);

  std::function<void()> body;
  Buffer a, b, c, d, e, f;
  if (kernel == "vector_add") {
    int64_t n = size ? size : (int64_t(1) << 26);
    a = randomVector(n, 1), b = randomVector(n, 2), c.assign(n, 0);
    body = [&, n] { vectorAdd(a.data(), b.data(), c.data(), n); };
  } else if (kernel == "softmax") {
    int64_t n = size ? size : 4096;
    a = randomVector(n * n, 1), c.assign(n * n, 0);
    body = [&, n] { softmax(a.data(), c.data(), n, n); };
  } else if (kernel == "layer_norm") {
    int64_t n = size ? size : 4096;
    a = randomVector(n * n, 1), b = randomVector(n, 2), d = randomVector(n, 3);
    c.assign(n * n, 0), e.assign(n, 0), f.assign(n, 0);
    body = [&, n] {
      layerNorm(a.data(), c.data(), b.data(), d.data(), e.data(), f.data(), n, n, 1e-5f);
    };
  } else if (kernel == "sgemm") {
    int64_t n = size ? size : 1024;
    a = randomVector(n * n, 1), b = randomVector(n * n, 2), c.assign(n * n, 0);
    body = [&, n] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n,
                  b.data(), n, 0.0f, c.data(), n);
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
  body(); // warm-up
  std::vector<double> us;
  for (int i = 0; i < runs; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    body();
    auto t1 = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(us.begin(), us.end());
  std::printf("bench: median %.1f us, min %.1f us over %d runs\n", us[us.size() / 2], us[0], runs);
  return 0;
}
