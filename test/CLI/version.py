# tilec --version names the tool, its version and the LLVM it was built with.
# RUN: tilec --version | FileCheck %s
# CHECK: tilec {{[0-9]+\.[0-9]+\.[0-9]+}} (LLVM {{[0-9]+}}.{{.*}})
