//===- RunCommand.cpp - `tilec run`: compile for the best device and launch =//
#include "Commands.h"

namespace tilec::cli {

llvm::cl::SubCommand runCommand("run", "Compile a kernel for the best device present and run it");

int runRun() { return fail("'tilec run' is not available yet"); }

} // namespace tilec::cli
