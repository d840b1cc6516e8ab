# Broken @jit headers never crash: each broken function reports its own located error (list shows all of
# them), and a valid kernel of the same file still compiles.
# RUN: not tilec list %S/Inputs/broken_headers.py 2>&1 | FileCheck %s --check-prefix=LIST
# RUN: not tilec compile %S/Inputs/broken_headers.py --kernel b --signature i32 --emit tile 2>&1 | FileCheck %s --check-prefix=B
# RUN: tilec compile %S/Inputs/broken_headers.py --kernel ok --signature '*i32' --emit tile | FileCheck %s --check-prefix=OK
# LIST: broken_headers.py:2:6: error: expected '(' after function name, found end of line
# LIST: broken_headers.py:4:6: error: expected '(' after function name, found end of line
# LIST: broken_headers.py:6:4: error: expected function name after 'def', found end of line
# B: broken_headers.py:4:6: error: expected '(' after function name, found end of line
# OK: func.func @ok
