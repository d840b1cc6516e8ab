//===- Commands.h - The tilec CLI's subcommands -------------------*- C++ -*-===//
#ifndef TILEC_TOOLS_TILEC_COMMANDS_H
#define TILEC_TOOLS_TILEC_COMMANDS_H

#include "llvm/Support/CommandLine.h"

#include <string>
#include <utility>
#include <vector>

namespace tilec::cli {

extern llvm::cl::SubCommand compileCommand;
extern llvm::cl::SubCommand runCommand;
extern llvm::cl::SubCommand devicesCommand;
extern llvm::cl::SubCommand listCommand;
extern llvm::cl::OptionCategory category;

int runCompile();
int runRun();
int runDevices();
int runList();

/// Prints `tilec: error: <message>` to stderr and returns 1.
int fail(const llvm::Twine &message);

/// Splits -D NAME=VALUE definitions; false (after reporting) if one is malformed.
bool parseDefines(const std::vector<std::string> &raw,
                  std::vector<std::pair<std::string, std::string>> &defines);

/// Splits a comma-separated list, keeping empty items so they can be reported;
/// commas inside `<...>`, `[...]` or `(...)` (`tensordesc<fp32[16, 32]>`, a tuple
/// `(*fp32, i32)`) do not split.
std::vector<std::string> splitList(llvm::StringRef list);

/// Writes `data` to `path` ("-" is stdout); false (after reporting) on failure.
bool writeOutput(llvm::StringRef path, llvm::StringRef data);

} // namespace tilec::cli

#endif // TILEC_TOOLS_TILEC_COMMANDS_H
