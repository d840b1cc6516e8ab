# Nesting that grows through recursive @jit inlining is a located error, never a stack overflow or a slow teardown.
# RUN: %python %S/Inputs/gen_deep.py recursive_ifexp 900 > %t.ifexp.py
# RUN: not tilec compile %t.ifexp.py --kernel k --signature '*fp32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=IFEXP
# RUN: %python %S/Inputs/gen_deep.py recursive_blocks 90 > %t.blocks.py
# RUN: not tilec compile %t.blocks.py --kernel k --signature '*fp32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCKS
# Shallow recursion still ends at the call-depth limit.
# RUN: %python %S/Inputs/gen_deep.py recursive_ifexp 5 > %t.shallow.py
# RUN: not tilec compile %t.shallow.py --kernel k --signature '*fp32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHALLOW
# IFEXP: ifexp.py:7:{{[0-9]+}}: error: control flow nested too deeply: more than 1000 nested 'if', 'for', 'while' and conditional expressions, counting those of inlined @jit calls
# IFEXP: note: in call to 'f'
# BLOCKS: blocks.py:{{[0-9]+}}:{{[0-9]+}}: error: control flow nested too deeply: more than 1000
# SHALLOW: shallow.py:7:{{[0-9]+}}: error: maximum @jit call depth exceeded while inlining 'f' (recursive call?)
