//===- tilec.cpp - Entry point of the tilec command-line driver ------------===//
#include "Commands.h"

#include "tilec/Driver/Driver.h"
#include "tilec/Frontend/Frontend.h"

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
  return tilec::frontend::splitTopLevelCommas(list);
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
    if (outs().has_error()) {
      outs().clear_error();
      fail("cannot write to standard output");
      return false;
    }
    return true;
  }
  std::string error;
  if (!writeFileAtomically(path, data, error)) {
    fail(error);
    return false;
  }
  return true;
}

/// Reports what llvm::cl printed about a bad command line (`tilec compile:
/// Unknown command line argument '--x'.  Try: 'tilec compile --help'`) in
/// tilec's form: `tilec: error: unknown command line argument '--x'; see
/// 'tilec compile --help'`. `command` is the subcommand given, or "".
/// Returns 1.
static int reportUsageErrors(StringRef text, StringRef command) {
  std::string help = command.empty() ? "'tilec --help'" : "'tilec " + command.str() + " --help'";
  SmallVector<StringRef> lines;
  text.split(lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  std::vector<std::string> messages;
  for (StringRef line : lines) {
    line = line.trim();
    // Drop llvm::cl's "PROGRAM[ subcommand]: " prefix.
    size_t colon = line.find(": ");
    if (colon != StringRef::npos && line.take_front(colon).contains("tilec"))
      line = line.drop_front(colon + 2);
    // llvm::cl's "Try: 'PROGRAM --help'" / "See: PROGRAM --help" pointers
    // are replaced by one to the subcommand's help.
    for (StringRef marker : {"Try:", "See:"}) {
      size_t at = line.find(marker);
      if (at != StringRef::npos)
        line = line.take_front(at).rtrim(" .:");
    }
    if (line.empty())
      continue;
    std::string message = line.str();
    if (StringRef(message).starts_with("Must specify at least") ||
        StringRef(message).starts_with("Not enough positional"))
      message = "missing FILE.py";
    if (message[0] >= 'A' && message[0] <= 'Z' &&
        !(message.size() > 1 && message[1] >= 'A' && message[1] <= 'Z'))
      message[0] = char(message[0] - 'A' + 'a');
    // "Did you mean '-o'?" completes the line before it.
    if (StringRef(message).starts_with("did you mean") && !messages.empty()) {
      messages.back() += " (" + message + ")";
      continue;
    }
    if (!llvm::is_contained(messages, message))
      messages.push_back(message);
  }
  if (messages.empty())
    messages.push_back("bad command line");
  for (const std::string &message : messages)
    fail(message + "; see " + help);
  return 1;
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
  if (argc > 1 && argv[1][0] != '-') {
    StringRef command = argv[1];
    if (command != "compile" && command != "run" && command != "devices" && command != "list")
      return fail("unknown subcommand '" + command +
                  "' (expected compile, run, devices or list); see 'tilec --help'");
  }
  std::string usageErrors;
  raw_string_ostream usageOS(usageErrors);
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
          &usageOS))
    return reportUsageErrors(usageErrors,
                             argc > 1 && argv[1][0] != '-' ? StringRef(argv[1]) : StringRef());
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
