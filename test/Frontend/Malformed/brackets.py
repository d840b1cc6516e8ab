# Bracket errors as Python reports them: an unclosed bracket at the bracket (also when it swallows the rest of the file), a closer that does not match its opener, and a closer with no opener.
# RUN: not tilec compile %S/Inputs/unclosed_call.py --kernel k --signature i32 --emit tile 2>&1 | FileCheck %s --check-prefix=UNCLOSED
# RUN: not tilec compile %S/Inputs/unclosed_before_kernel.py --kernel k --signature i32 --emit tile 2>&1 | FileCheck %s --check-prefix=BEFORE
# RUN: not tilec compile %S/Inputs/mismatched_bracket.py --kernel k --signature i32 --emit tile 2>&1 | FileCheck %s --check-prefix=MISMATCH
# RUN: not tilec compile %S/Inputs/unmatched_bracket.py --kernel k --signature i32 --emit tile 2>&1 | FileCheck %s --check-prefix=UNMATCHED
# UNCLOSED: unclosed_call.py:7:16: error: '[' was never closed
# UNCLOSED-NEXT: {{^}}    x = foo(a, [1,
# UNCLOSED-NEXT: {{^}}               ^
# BEFORE: unclosed_before_kernel.py:2:5: error: '(' was never closed
# MISMATCH: mismatched_bracket.py:7:18: error: closing parenthesis ')' does not match opening parenthesis '['
# UNMATCHED: unmatched_bracket.py:7:10: error: unmatched ')'
