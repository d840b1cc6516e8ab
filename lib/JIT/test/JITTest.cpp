//===- JITTest.cpp - Tests of the C++ JIT API (compile, caches, launch, threads) ===//
//
// A plain test program (no gtest): each check prints FAIL with its line and
// the program exits nonzero if any failed. Uses a fresh cache directory.
//
//===----------------------------------------------------------------------===//
#include "tilec/Driver/Driver.h"
#include "tilec/JIT/JIT.h"
#include "tilec/runtime.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <memory>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace tilec::jit;

static int failures = 0;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      ++failures;                                                                                  \
      std::fprintf(stderr, "FAIL %s:%d: %s ", __FILE__, __LINE__, #cond);                          \
      std::fprintf(stderr, "" __VA_ARGS__);                                                        \
      std::fprintf(stderr, "\n");                                                                  \
    }                                                                                              \
  } while (0)

static const char *kSource = R"PY(import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def broken_kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, undefined_name)
)PY";

static KernelSpec addSpec(int block) {
  KernelSpec spec;
  spec.sourcePath = "vector_add.py";
  spec.source = kSource;
  spec.kernelName = "add_kernel";
  spec.signature = {"*fp32", "*fp32", "*fp32", "i32"};
  spec.constexprs = {{"BLOCK", std::to_string(block)}};
  return spec;
}

/// Launches `kernel` on n elements and checks out = x + y.
static bool runAdd(const Kernel &kernel, int n, int block) {
  struct Free {
    void operator()(float *p) const { std::free(p); }
  };
  size_t bytes = (size_t(n) * 4 + 63) / 64 * 64;
  std::unique_ptr<float[], Free> xs((float *)std::aligned_alloc(64, bytes)),
      ys((float *)std::aligned_alloc(64, bytes)), outs((float *)std::aligned_alloc(64, bytes));
  float *x = xs.get(), *y = ys.get(), *out = outs.get();
  for (int i = 0; i < n; ++i)
    out[i] = -1.0f;
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = float(2 * i) + 0.5f;
  }
  tilec_arg args[4];
  args[0].type = TILEC_TYPE_PTR_FP32;
  args[0].ptr = x;
  args[1].type = TILEC_TYPE_PTR_FP32;
  args[1].ptr = y;
  args[2].type = TILEC_TYPE_PTR_FP32;
  args[2].ptr = out;
  args[3].type = TILEC_TYPE_I32;
  args[3].i = n;
  uint32_t grid[3] = {uint32_t((n + block - 1) / block), 1, 1};
  Status s = kernel.launch(grid, args, 4);
  if (s) {
    std::fprintf(stderr, "launch: %s\n", s.message().c_str());
    return false;
  }
  for (int i = 0; i < n; ++i)
    if (out[i] != x[i] + y[i]) {
      std::fprintf(stderr, "runAdd(n=%d, block=%d): out[%d] = %g, expected %g\n", n, block, i,
                   out[i], x[i] + y[i]);
      return false;
    }
  return true;
}

/// A compile request for kSource's add_kernel with BLOCK = `block`.
static tilec::CompileRequest addRequest(const char *block) {
  tilec::CompileRequest request;
  request.sourcePath = "vector_add.py";
  request.source = kSource;
  request.kernel.kernelName = "add_kernel";
  request.kernel.signature = {"*fp32", "*fp32", "*fp32", "i32"};
  request.kernel.defines = {{"BLOCK", block}};
  return request;
}

/// A PTX module image (built without a GPU) records what code generation
/// found: the pointer the kernel stores through ("+stored", so that callers
/// can refuse read-only arrays there), and none of the others.
static void checkPtxImageMetadata() {
  tilec::CompileRequest request = addRequest("256");
  request.pipeline.target = "nvptx";
  request.pipeline.arch = "sm_80";
  std::string image, diagnostics;
  CHECK(tilec::compileLoadableModule(request, image, diagnostics), "%s", diagnostics.c_str());
  CHECK(image.find("payload ptx\n") != std::string::npos);
  CHECK(image.find("param *fp32 out_ptr +stored\n") != std::string::npos);
  CHECK(image.find("param *fp32 x_ptr\n") != std::string::npos);
  CHECK(image.find("param *fp32 y_ptr\n") != std::string::npos);
}

/// Checked mode (PipelineOptions::boundsChecks + tilec_launch_bounded): the
/// arrays lie at the end of a page followed by an inaccessible guard page,
/// with canaries before them; launched over more elements than they hold,
/// the kernel fails with OUT_OF_BOUNDS naming the argument, writes nothing
/// outside (no fault, canaries intact) and computes the elements inside.
static void checkBoundedLaunch() {
  tilec::CompileRequest request = addRequest("64");
  request.pipeline.boundsChecks = true;
  std::string image, diagnostics;
  CHECK(tilec::compileLoadableModule(request, image, diagnostics), "%s", diagnostics.c_str());
  tilec_device *dev = nullptr;
  tilec_module *mod = nullptr;
  tilec_kernel *k = nullptr;
  CHECK(!tilec_device_open("cpu", 0, &dev));
  CHECK(dev && !tilec_module_load_data(dev, image.data(), image.size(), &mod));
  CHECK(mod && !tilec_module_get_kernel(mod, "add_kernel", &k));
  if (!k)
    return;
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  const int n = 64, have = 20; // The launch covers 64 elements, the arrays hold 20.
  float *arrays[3];
  unsigned char *regions[3];
  for (int i = 0; i < 3; ++i) {
    regions[i] = static_cast<unsigned char *>(
        mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    CHECK(mprotect(regions[i] + page, page, PROT_NONE) == 0); // Guard page after the array.
    std::memset(regions[i], 0xA5, page);                       // Canaries before it.
    arrays[i] = reinterpret_cast<float *>(regions[i] + page) - have;
    for (int j = 0; j < have; ++j)
      arrays[i][j] = i == 2 ? -1.0f : float(j * (i + 1));
  }
  tilec_arg args[4];
  for (int i = 0; i < 3; ++i) {
    args[i].type = TILEC_TYPE_PTR_FP32;
    args[i].ptr = arrays[i];
  }
  args[3].type = TILEC_TYPE_I32;
  args[3].i = n;
  uint64_t extents[4] = {have * 4, have * 4, have * 4, 0};
  uint32_t grid[3] = {1, 1, 1};
  tilec_status s = tilec_launch_bounded(k, grid, args, 4, extents);
  CHECK(tilec_status_code(s) == TILEC_STATUS_OUT_OF_BOUNDS, "%s", tilec_status_message(s));
  CHECK(s && std::strstr(tilec_status_message(s), "byte offset 80 of argument 0 ('x_ptr'), which "
                                                  "has 80 bytes"),
        "%s", tilec_status_message(s));
  tilec_status_free(s);
  for (int i = 0; i < 3; ++i) {
    bool intact = true;
    for (size_t j = 0; j < page - have * 4; ++j)
      intact &= regions[i][j] == 0xA5;
    CHECK(intact, "canary of array %d overwritten", i);
  }
  // The same module launched within the extents runs and checks nothing.
  args[3].i = have;
  s = tilec_launch_bounded(k, grid, args, 4, extents);
  CHECK(!s, "%s", tilec_status_message(s));
  tilec_status_free(s);
  bool sums = true;
  for (int j = 0; j < have; ++j)
    sums &= arrays[2][j] == float(3 * j);
  CHECK(sums, "wrong sums");
  for (unsigned char *region : regions)
    munmap(region, 2 * page);
  tilec_module_release(mod);
  tilec_device_release(dev);
}

static std::vector<std::string> cacheFiles(const std::string &dir) {
  std::vector<std::string> files;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d))
      if (std::strstr(e->d_name, ".tcm"))
        files.push_back(dir + "/" + e->d_name);
    closedir(d);
  }
  return files;
}

int main() {
  char tmpl[] = "/tmp/tilec-jit-test-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  CompilerOptions options;
  options.device = "cpu";
  options.cacheDir = dir;

  // Compile + launch.
  auto compiler = Compiler::create(options);
  CHECK(compiler.ok(), "%s", compiler.status().message().c_str());
  if (!compiler.ok())
    return 1;
  Compiler &c = **compiler;
  auto kernel = c.compile(addSpec(256));
  CHECK(kernel.ok(), "%s", kernel.status().message().c_str());
  if (!kernel.ok())
    return 1;
  CHECK(runAdd(*kernel, 1000, 256));
  CHECK(c.stats().compiles == 1);
  CHECK(kernel->paramNames().size() == 4 && kernel->paramNames()[3] == "n");

  // In-memory hit.
  auto again = c.compile(addSpec(256));
  CHECK(again.ok() && again->handle() == kernel->handle());
  CHECK(c.stats().memoryHits == 1);

  // Argument errors come back as values.
  tilec_arg bad[1];
  bad[0].type = TILEC_TYPE_PTR_FP32;
  bad[0].ptr = nullptr;
  uint32_t grid[3] = {1, 1, 1};
  Status s = kernel->launch(grid, bad, 1);
  CHECK(s && s.code() == Status::Code::InvalidArgument, "%s", s.message().c_str());

  // Disk hit from a fresh compiler.
  CHECK(cacheFiles(dir).size() == 1);
  {
    auto c2 = Compiler::create(options);
    auto k2 = (*c2)->compile(addSpec(256));
    CHECK(k2.ok() && runAdd(*k2, 777, 256));
    CHECK((*c2)->stats().diskHits == 1 && (*c2)->stats().compiles == 0);
  }

  // A corrupt entry is detected, rebuilt and overwritten.
  {
    std::string path = cacheFiles(dir).front();
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    f.write("CORRUPTCORRUPT", 14);
    f.close();
    auto c3 = Compiler::create(options);
    auto k3 = (*c3)->compile(addSpec(256));
    CHECK(k3.ok() && runAdd(*k3, 555, 256));
    CHECK((*c3)->stats().corruptEntries == 1 && (*c3)->stats().compiles == 1);
    auto c4 = Compiler::create(options);
    auto k4 = (*c4)->compile(addSpec(256));
    CHECK(k4.ok() && (*c4)->stats().diskHits == 1, "entry was not rewritten");
  }

  // An entry that is not a regular file (a FIFO: opening it to read would
  // wait for a writer) is rebuilt and replaced, without hanging.
  {
    std::string path = cacheFiles(dir).front();
    CHECK(unlink(path.c_str()) == 0 && mkfifo(path.c_str(), 0600) == 0);
    auto cf = Compiler::create(options);
    auto kf = (*cf)->compile(addSpec(256));
    CHECK(kf.ok() && runAdd(*kf, 333, 256));
    CHECK((*cf)->stats().corruptEntries == 1 && (*cf)->stats().compiles == 1);
    struct stat st;
    CHECK(stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode), "the FIFO was not replaced");
  }

  // Truncated entry.
  {
    std::string path = cacheFiles(dir).front();
    CHECK(truncate(path.c_str(), 64) == 0);
    auto c5 = Compiler::create(options);
    auto k5 = (*c5)->compile(addSpec(256));
    CHECK(k5.ok() && (*c5)->stats().corruptEntries == 1);
  }

  // Compile errors carry file:line:col and the source line.
  {
    KernelSpec spec = addSpec(64);
    spec.kernelName = "broken_kernel";
    spec.signature = {"*fp32"};
    auto broken = c.compile(spec);
    CHECK(!broken.ok() && broken.status().code() == Status::Code::CompileError);
    const std::string &m = broken.status().message();
    CHECK(m.find("vector_add.py:18:") != std::string::npos &&
              m.find("undefined_name") != std::string::npos && m.find("^") != std::string::npos,
          "diagnostics: %s", m.c_str());
    KernelSpec missing = addSpec(64);
    missing.source.reset();
    missing.sourcePath = dir + "/does-not-exist.py";
    CHECK(!c.compile(missing).ok());
    KernelSpec badSig = addSpec(64);
    badSig.signature = {"*fp33"};
    CHECK(!c.compile(badSig).ok());
  }

  // Larger blocks, single-threaded.
  for (int block : {128, 512, 1024}) {
    auto k = c.compile(addSpec(block));
    CHECK(k.ok() && runAdd(*k, 3000, block), "block %d", block);
  }

  // Thread safety: several threads compiling (same and different keys) and launching.
  {
    std::atomic<int> bad{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] {
        int block = (t % 2) ? 128 : 512;
        auto k = c.compile(addSpec(block));
        if (!k.ok()) {
          std::fprintf(stderr, "thread %d: %s\n", t, k.status().message().c_str());
          ++bad;
          return;
        }
        for (int i = 0; i < 20; ++i)
          if (!runAdd(*k, 3000 + t, block)) {
            std::fprintf(stderr, "thread %d: wrong result\n", t);
            ++bad;
          }
      });
    for (auto &th : threads)
      th.join();
    CHECK(bad == 0);
  }

  // Eviction by size: a tiny cap keeps only the newest entry.
  {
    CompilerOptions small = options;
    small.cacheMaxBytes = 1;
    auto c6 = Compiler::create(small);
    CHECK((*c6)->compile(addSpec(32)).ok());
    CHECK(cacheFiles(dir).size() == 1, "entries: %zu", cacheFiles(dir).size());
    CHECK((*c6)->stats().evictions >= 1);
  }

  // Cross-compiling an image needs no device.
  {
    CompilerOptions none = options;
    none.noDevice = true;
    none.diskCache = false;
    auto c7 = Compiler::create(none);
    KernelSpec spec = addSpec(64);
    spec.target.target = "cpu";
    spec.target.arch = "x86-64-v3";
    auto image = (*c7)->compileImage(spec);
    CHECK(image.ok() && image->size() > 32, "%s", image.status().message().c_str());
    auto noTarget = (*c7)->compile(addSpec(64));
    CHECK(!noTarget.ok());
  }

  checkBoundedLaunch();
  checkPtxImageMetadata();

  for (const std::string &f : cacheFiles(dir))
    unlink(f.c_str());
  rmdir(dir.c_str());
  if (failures) {
    std::fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  std::printf("tilec-jit-test: all checks passed\n");
  return 0;
}
