# An unknown option is rejected (exit 1) as a 'tilec: error:' with its name, a suggestion and a pointer to the subcommand's --help.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target cpu --emit llvm --bogus -o - 2>&1 | FileCheck %s
# CHECK: tilec: error: unknown command line argument '--bogus' (did you mean '-o'?); see 'tilec compile --help'
