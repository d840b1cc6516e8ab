# A Python syntax error in the source (an unclosed bracket) is reported at the bracket, as Python does, by list, compile and run (no crash).
# RUN: not tilec list %S/Inputs/syntax_error.py 2>&1 | FileCheck %s
# RUN: not tilec compile %S/Inputs/syntax_error.py --kernel k --signature i32 --target cpu --emit llvm -o - 2>&1 | FileCheck %s
# RUN: not tilec run %S/Inputs/syntax_error.py --kernel k --grid 1 --out-dir %t -- 1 2>&1 | FileCheck %s
# CHECK: syntax_error.py:4:9: error: '(' was never closed
