// Host CPU description: architecture, ISA features, name, thread count.
#ifndef TILEC_RUNTIME_CPU_INFO_H
#define TILEC_RUNTIME_CPU_INFO_H

#include <string>

namespace tilec {

struct HostCpu {
  std::string arch;     ///< "x86_64", "aarch64", ...
  std::string features; ///< Known LLVM features present: "+avx,+avx2,...".
  std::string name;
  int threads = 1; ///< TILEC_NUM_THREADS, else the CPUs we may run on.
};

/// Detected once per process.
const HostCpu &hostCpu();

/// Canonical architecture name ("x86-64"/"amd64" -> "x86_64", "arm64" ->
/// "aarch64").
std::string canonicalArch(const std::string &arch);

/// The first feature of the comma-separated LLVM list `features` that this
/// host is known to lack ("" when none). Features unknown to the runtime
/// are not checked.
std::string missingFeature(const std::string &features);

} // namespace tilec

#endif
