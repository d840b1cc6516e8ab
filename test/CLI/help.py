# --help of tilec and of its subcommands: the usage lines, the subcommands and each one's own options.
# RUN: tilec --help | FileCheck %s --check-prefix=TOP
# RUN: tilec compile --help | FileCheck %s --check-prefix=COMPILE
# RUN: tilec run --help | FileCheck %s --check-prefix=RUN-HELP
# TOP: OVERVIEW: tilec: compile and run Triton-language kernels
# TOP: tilec compile FILE.py --kernel NAME --signature SIG
# TOP: tilec run FILE.py --kernel NAME --grid X[,Y[,Z]]
# TOP: SUBCOMMANDS:
# TOP-DAG: compile - Compile one kernel ahead of time
# TOP-DAG: devices - List the devices found
# TOP-DAG: list - List the @jit functions
# TOP-DAG: run - Compile a kernel for the best device present and run it
# COMPILE: USAGE: tilec compile [options] FILE.py
# COMPILE-DAG: --arch=<string>
# COMPILE-DAG: --emit=<string> - tile|llvm|asm|ptx|obj|hsaco|so
# COMPILE-DAG: --signature=<SIG>
# COMPILE-DAG: --target=<string> - cpu, nvptx, amdgpu or simt
# COMPILE-DAG: -D <NAME=VALUE>
# RUN-HELP: USAGE: tilec run [options] FILE.py -- ARG...
# RUN-HELP-DAG: --grid=<X[,Y[,Z]]>
# RUN-HELP-DAG: --out-dir=<DIR>
# RUN-HELP-DAG: --bench=<N>
# RUN-HELP-DAG: --device=<string>
