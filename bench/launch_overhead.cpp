//===- launch_overhead.cpp - Warm C++ launch overhead and cold compile times ===//
//
// Prints the mean warm launch time of an empty kernel (grid 1) through the JIT
// API, then the cold compile time (no disk cache) of each example kernel.
// Usage: tilec-bench-launch [launches] (default 200000).
//
//===----------------------------------------------------------------------===//
#include "tilec/JIT/JIT.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#ifndef TILEC_EXAMPLES_DIR
#define TILEC_EXAMPLES_DIR "examples"
#endif

using Clock = std::chrono::steady_clock;

static const char *kEmpty = R"PY(
import triton.language as tl
from triton import jit


@jit
def empty_kernel(x_ptr):
    pid = tl.program_id(0)
)PY";

/// One example kernel: file, name, signature, constexprs.
struct Example {
  const char *file;
  const char *kernel;
  std::vector<std::string> signature;
  std::vector<std::pair<std::string, std::string>> constexprs;
};

int main(int argc, char **argv) {
  long launches = argc > 1 ? std::atol(argv[1]) : 200000;
  tilec::jit::CompilerOptions options;
  options.device = "cpu";
  options.diskCache = false;
  auto compiler = tilec::jit::Compiler::create(options);
  if (!compiler.ok()) {
    std::fprintf(stderr, "%s\n", compiler.status().message().c_str());
    return 1;
  }
  tilec::jit::Compiler &c = **compiler;

  tilec::jit::KernelSpec spec;
  spec.sourcePath = "empty.py";
  spec.source = kEmpty;
  spec.kernelName = "empty_kernel";
  spec.signature = {"*fp32"};
  auto t0 = Clock::now();
  auto kernel = c.compile(spec);
  double compileMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  if (!kernel.ok()) {
    std::fprintf(stderr, "%s", kernel.status().message().c_str());
    return 1;
  }
  float dummy = 0;
  tilec_arg arg;
  arg.type = TILEC_TYPE_PTR_FP32;
  arg.ptr = &dummy;
  uint32_t grid[3] = {1, 1, 1};
  for (int i = 0; i < 1000; ++i)
    (void)kernel->launch(grid, &arg, 1);
  // Batches of 1000 launches; report the mean and the median batch.
  std::vector<double> batches;
  for (long done = 0; done < launches; done += 1000) {
    auto b0 = Clock::now();
    for (int i = 0; i < 1000; ++i)
      if (tilec::jit::Status s = kernel->launch(grid, &arg, 1)) {
        std::fprintf(stderr, "%s\n", s.message().c_str());
        return 1;
      }
    batches.push_back(std::chrono::duration<double, std::micro>(Clock::now() - b0).count() /
                      1000.0);
  }
  double mean = 0;
  for (double b : batches)
    mean += b;
  mean /= batches.size();
  std::sort(batches.begin(), batches.end());
  std::printf("warm C++ launch, empty kernel, grid 1, cpu: mean %.3f us, median %.3f us "
              "(%zu x 1000 launches)\n",
              mean, batches[batches.size() / 2], batches.size());
  std::printf("cold compile empty_kernel: %.1f ms\n", compileMs);

  // Warm compile (memory cache hit).
  auto w0 = Clock::now();
  for (int i = 0; i < 1000; ++i)
    (void)c.compile(spec);
  std::printf("warm compile() (memory-cache hit incl. key hash): %.2f us\n",
              std::chrono::duration<double, std::micro>(Clock::now() - w0).count() / 1000.0);

  const Example examples[] = {
      {"vector_add.py", "add_kernel", {"*fp32", "*fp32", "*fp32", "i32"}, {{"BLOCK_SIZE", "1024"}}},
      {"softmax.py",
       "softmax_kernel",
       {"*fp32", "*fp32", "i32", "i32", "i32", "i32"},
       {{"BLOCK_SIZE", "1024"}}},
      {"layer_norm.py",
       "_layer_norm_fwd_fused",
       {"*fp32", "*fp32", "*fp32", "*fp32", "*fp32", "*fp32", "i32", "i32", "fp32"},
       {{"BLOCK_SIZE", "256"}}},
      {"matmul.py",
       "matmul_kernel",
       {"*fp32", "*fp32", "*fp32", "i32", "i32", "i32", "i32", "i32", "i32", "i32", "i32", "i32"},
       {{"BLOCK_SIZE_M", "32"}, {"BLOCK_SIZE_N", "32"}, {"BLOCK_SIZE_K", "16"}}},
  };
  for (const Example &e : examples) {
    tilec::jit::KernelSpec s;
    s.sourcePath = std::string(TILEC_EXAMPLES_DIR) + "/" + e.file;
    s.kernelName = e.kernel;
    s.signature = e.signature;
    s.constexprs = e.constexprs;
    auto start = Clock::now();
    auto k = c.compile(s);
    double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (!k.ok())
      std::printf("cold compile %-24s FAILED: %s\n", e.kernel, k.status().message().c_str());
    else
      std::printf("cold compile %-24s %.1f ms\n", e.kernel, ms);
  }
  return 0;
}
