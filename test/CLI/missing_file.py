# A source file that does not exist is reported by name for compile, run and list.
# RUN: not tilec compile %t.nothere.py --kernel k --signature i32 --target cpu --emit llvm -o - 2>&1 | FileCheck %s --check-prefix=COMPILE
# RUN: not tilec run %t.nothere.py --kernel k --grid 1 --out-dir %t.out -- 1 2>&1 | FileCheck %s --check-prefix=RUNCMD
# RUN: not tilec list %t.nothere.py 2>&1 | FileCheck %s --check-prefix=LIST
# COMPILE: error: cannot read '{{.*}}nothere.py': No such file or directory
# RUNCMD: error: cannot read '{{.*}}nothere.py': No such file or directory
# LIST: error: cannot read '{{.*}}nothere.py': No such file or directory
