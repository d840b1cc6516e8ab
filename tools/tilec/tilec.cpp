//===- tilec.cpp - Entry point of the tilec command-line driver ------------===//
#include "Commands.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace tilec::cli {

cl::OptionCategory category("tilec options");

int fail(const Twine &message) {
  errs() << "tilec: error: " << message << "\n";
  return 1;
}

std::vector<std::string> splitList(StringRef list) {
  SmallVector<StringRef> parts;
  list.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  std::vector<std::string> result;
  for (StringRef part : parts)
    result.push_back(part.trim().str());
  return result;
}

bool parseDefines(const std::vector<std::string> &raw,
                  std::vector<std::pair<std::string, std::string>> &defines) {
  for (const std::string &item : raw) {
    auto [name, value] = StringRef(item).split('=');
    if (name.empty() || StringRef(item).find('=') == StringRef::npos) {
      fail("-D expects NAME=VALUE, got '" + item + "'");
      return false;
    }
    defines.emplace_back(name.trim().str(), value.trim().str());
  }
  return true;
}

bool writeOutput(StringRef path, StringRef data) {
  if (path == "-") {
    outs() << data;
    outs().flush();
    return true;
  }
  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_None);
  if (ec) {
    fail("cannot write '" + path + "': " + ec.message());
    return false;
  }
  os << data;
  return true;
}

} // namespace tilec::cli

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  using namespace tilec::cli;
  cl::SetVersionPrinter([](raw_ostream &os) {
    os << "tilec " << TILEC_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
  });
  // Hide LLVM's own backend options; --help and --version stay.
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "tilec: compile and run Triton-language kernels on CPUs, NVIDIA and AMD GPUs\n\n"
          "  tilec compile FILE.py --kernel NAME --signature SIG [-D NAME=VALUE]...\n"
          "        --target cpu|nvptx|amdgpu [--arch ARCH] --emit "
          "tile|llvm|asm|ptx|obj|hsaco|so -o OUT\n"
          "  tilec run FILE.py --kernel NAME --grid X[,Y[,Z]] [-D NAME=VALUE]... "
          "--out-dir DIR [--bench N] -- ARG...\n"
          "  tilec devices\n"
          "  tilec list FILE.py\n",
          &errs()))
    return 1;
  if (compileCommand)
    return runCompile();
  if (runCommand)
    return runRun();
  if (devicesCommand)
    return runDevices();
  if (listCommand)
    return runList();
  return fail("missing command (compile, run, devices or list); see 'tilec --help'");
}
