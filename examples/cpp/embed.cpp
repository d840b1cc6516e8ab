//===- embed.cpp - Embedding tilec: compile vector add from a string and run it ===//
//
// Build: part of tilec's CMake build (target tilec-embed-example), or in your
// own project with `find_package(tilec)` and `target_link_libraries(app
// tilec::TilecJIT)`. Run: ./tilec-embed-example [n]
//
//===----------------------------------------------------------------------===//
#include "tilec/JIT/JIT.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

static const char *kSource = R"PY(
import triton.language as tl
from triton import jit


@jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)
)PY";

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 100000;
  const int block = 1024;

  // 1. A compiler for the CPU (the default is $TILEC_DEVICE, else the best device).
  tilec::jit::CompilerOptions options;
  options.device = "cpu";
  auto compiler = tilec::jit::Compiler::create(options);
  if (!compiler.ok()) {
    std::fprintf(stderr, "%s\n", compiler.status().message().c_str());
    return 1;
  }

  // 2. Compile the kernel for a signature and constexprs (cached in memory and on disk).
  tilec::jit::KernelSpec spec;
  spec.sourcePath = "embedded_add.py";
  spec.source = kSource;
  spec.kernelName = "add_kernel";
  spec.signature = {"*fp32", "*fp32", "*fp32", "i32"};
  spec.constexprs = {{"BLOCK", std::to_string(block)}};
  auto kernel = (*compiler)->compile(spec);
  if (!kernel.ok()) { // Compile errors carry file:line:col and the source line.
    std::fprintf(stderr, "%s", kernel.status().message().c_str());
    return 1;
  }

  // 3. Launch over cdiv(n, BLOCK) programs (CPU memory is plain host memory).
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) {
    x[i] = std::sin(float(i));
    y[i] = std::cos(float(i));
  }
  tilec_arg args[4];
  args[0].type = TILEC_TYPE_PTR_FP32;
  args[0].ptr = x.data();
  args[1].type = TILEC_TYPE_PTR_FP32;
  args[1].ptr = y.data();
  args[2].type = TILEC_TYPE_PTR_FP32;
  args[2].ptr = out.data();
  args[3].type = TILEC_TYPE_I32;
  args[3].i = n;
  uint32_t grid[3] = {uint32_t((n + block - 1) / block), 1, 1};
  if (tilec::jit::Status s = kernel->launch(grid, args, 4)) {
    std::fprintf(stderr, "launch failed: %s\n", s.message().c_str());
    return 1;
  }

  float maxErr = 0;
  for (int i = 0; i < n; ++i)
    maxErr = std::fmax(maxErr, std::fabs(out[i] - (x[i] + y[i])));
  std::printf("embed: vector add of %d elements on %s, max error %g: %s\n", n,
              (*compiler)->deviceInfo().driver, maxErr, maxErr == 0 ? "OK" : "FAIL");
  return maxErr == 0 ? 0 : 1;
}
