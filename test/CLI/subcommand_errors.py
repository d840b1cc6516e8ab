# Command-level errors: no subcommand, an unknown subcommand, and compile without the required --kernel.
# RUN: not tilec 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: not tilec frobnicate 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not tilec compile %examples/vector_add.py --signature '*fp32' --target cpu --emit llvm -o - 2>&1 | FileCheck %s --check-prefix=NOKERNEL
# NONE: error: missing command (compile, run, devices or list); see 'tilec --help'
# UNKNOWN: tilec: error: unknown subcommand 'frobnicate' (expected compile, run, devices or list); see 'tilec --help'
# NOKERNEL: tilec: error: compile: missing --kernel NAME; see 'tilec compile --help'
