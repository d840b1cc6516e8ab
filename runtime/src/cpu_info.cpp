// Host CPU detection via CPUID (x86-64) or the auxiliary vector (AArch64).
#include "cpu_info.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sched.h>
#include <unistd.h>
#include <vector>

#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__)
#include <sys/auxv.h>
#endif

using namespace tilec;

namespace {

struct Feature {
  Feature(const char *name, unsigned long present)
      : llvmName(name), present(present != 0) {}
  const char *llvmName;
  bool present;
};

#if defined(__x86_64__)
const char *HostArch = "x86_64";

uint64_t xgetbv0() {
  uint32_t lo, hi;
  asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (uint64_t(hi) << 32) | lo;
}

std::vector<Feature> detectFeatures() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  __get_cpuid(1, &a, &b, &c, &d);
  unsigned c1 = c, d1 = d;
  bool osAvx = false, osAvx512 = false;
  if (c1 & (1u << 27)) { // OSXSAVE: the OS saves the vector registers.
    uint64_t xcr0 = xgetbv0();
    osAvx = (xcr0 & 6) == 6;
    osAvx512 = (xcr0 & 0xe6) == 0xe6;
  }
  unsigned b7 = 0, c7 = 0, d7 = 0, a71 = 0;
  if (__get_cpuid_max(0, nullptr) >= 7) {
    __cpuid_count(7, 0, a, b7, c7, d7);
    __cpuid_count(7, 1, a71, b, c, d);
  }
  bool avx = osAvx && (c1 & (1u << 28));
  bool a512 = osAvx512 && (b7 & (1u << 16));
  return {
      {"sse2", (d1 >> 26) & 1},
      {"sse3", c1 & 1},
      {"ssse3", (c1 >> 9) & 1},
      {"sse4.1", (c1 >> 19) & 1},
      {"sse4.2", (c1 >> 20) & 1},
      {"popcnt", (c1 >> 23) & 1},
      {"avx", avx},
      {"f16c", avx && ((c1 >> 29) & 1)},
      {"fma", avx && ((c1 >> 12) & 1)},
      {"bmi", (b7 >> 3) & 1},
      {"bmi2", (b7 >> 8) & 1},
      {"avx2", avx && ((b7 >> 5) & 1)},
      {"avx512f", a512},
      {"avx512dq", a512 && ((b7 >> 17) & 1)},
      {"avx512cd", a512 && ((b7 >> 28) & 1)},
      {"avx512bw", a512 && ((b7 >> 30) & 1)},
      {"avx512vl", a512 && ((b7 >> 31) & 1)},
      {"avx512vnni", a512 && ((c7 >> 11) & 1)},
      {"avx512bf16", a512 && ((a71 >> 5) & 1)},
      {"avx512fp16", a512 && ((d7 >> 23) & 1)},
  };
}

std::string detectName() {
  unsigned regs[12] = {};
  if (__get_cpuid_max(0x80000000u, nullptr) < 0x80000004u)
    return "x86-64 CPU";
  for (unsigned i = 0; i < 3; ++i)
    __get_cpuid(0x80000002u + i, &regs[4 * i], &regs[4 * i + 1],
                &regs[4 * i + 2], &regs[4 * i + 3]);
  char buf[49] = {};
  std::memcpy(buf, regs, 48);
  std::string s(buf);
  size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? "x86-64 CPU" : s.substr(b, e - b + 1);
}

#elif defined(__aarch64__)
const char *HostArch = "aarch64";

std::vector<Feature> detectFeatures() {
  unsigned long h = getauxval(AT_HWCAP), h2 = getauxval(AT_HWCAP2);
  // Bit numbers from the Linux arm64 <asm/hwcap.h>.
  return {
      {"neon", (h >> 1) & 1},   {"crc", (h >> 7) & 1},
      {"lse", (h >> 8) & 1},    {"fullfp16", (h >> 9) & 1},
      {"rdm", (h >> 12) & 1},   {"dotprod", (h >> 20) & 1},
      {"sve", (h >> 22) & 1},   {"sve2", (h2 >> 1) & 1},
      {"i8mm", (h2 >> 13) & 1}, {"bf16", (h2 >> 14) & 1},
  };
}

std::string detectName() { return "AArch64 CPU"; }

#else
#if defined(__riscv)
const char *HostArch = "riscv64";
#elif defined(__powerpc64__)
const char *HostArch = "ppc64le";
#else
const char *HostArch = "unknown";
#endif
std::vector<Feature> detectFeatures() { return {}; }
std::string detectName() { return std::string(HostArch) + " CPU"; }
#endif

const std::vector<Feature> &hostFeatures() {
  static const std::vector<Feature> f = detectFeatures();
  return f;
}

int detectThreads() {
  if (const char *env = std::getenv("TILEC_NUM_THREADS")) {
    char *end = nullptr;
    long n = std::strtol(env, &end, 10);
    if (end != env && *end == 0 && n >= 1 && n <= 4096)
      return int(n);
    std::fprintf(stderr,
                 "tilec: ignoring TILEC_NUM_THREADS='%s' (expected an "
                 "integer 1..4096)\n",
                 env);
  }
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
    return CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? int(n) : 1;
}

} // namespace

const HostCpu &tilec::hostCpu() {
  static const HostCpu cpu = [] {
    HostCpu c;
    c.arch = HostArch;
    for (const Feature &f : hostFeatures())
      if (f.present)
        c.features += std::string(c.features.empty() ? "+" : ",+") + f.llvmName;
    c.name = detectName();
    c.threads = detectThreads();
    return c;
  }();
  return cpu;
}

std::string tilec::canonicalArch(const std::string &arch) {
  if (arch == "x86-64" || arch == "amd64" || arch == "x86_64")
    return "x86_64";
  if (arch == "arm64" || arch == "aarch64")
    return "aarch64";
  return arch;
}

std::string tilec::missingFeature(const std::string &features) {
  size_t pos = 0;
  while (pos <= features.size()) {
    size_t comma = features.find(',', pos);
    if (comma == std::string::npos)
      comma = features.size();
    std::string f = features.substr(pos, comma - pos);
    pos = comma + 1;
    if (f.empty() || f[0] == '-')
      continue;
    if (f[0] == '+')
      f.erase(0, 1);
    for (const Feature &h : hostFeatures())
      if (f == h.llvmName && !h.present)
        return f;
  }
  return "";
}
