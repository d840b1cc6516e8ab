# Pathologically deep or long expressions and blocks are a located "nesting too deep" error, never a stack overflow.
# RUN: %python %S/Inputs/gen_deep.py parens 9000 > %t.parens.py
# RUN: not tilec compile %t.parens.py --kernel k --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARENS
# RUN: %python %S/Inputs/gen_deep.py chain 20000 > %t.chain.py
# RUN: not tilec compile %t.chain.py --kernel k --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHAIN
# RUN: %python %S/Inputs/gen_deep.py trans 30000 > %t.trans.py
# RUN: not tilec compile %t.trans.py --kernel k --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRANS
# RUN: %python %S/Inputs/gen_deep.py unary 50000 > %t.unary.py
# RUN: not tilec compile %t.unary.py --kernel k --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNARY
# RUN: %python %S/Inputs/gen_deep.py ifexp 2000 > %t.ifexp.py
# RUN: not tilec compile %t.ifexp.py --kernel k --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=IFEXP
# RUN: %python %S/Inputs/gen_deep.py blocks 6000 > %t.blocks.py
# RUN: not tilec compile %t.blocks.py --kernel k --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCKS
# RUN: %python %S/Inputs/gen_deep.py elif 500 > %t.elif.py
# RUN: not tilec compile %t.elif.py --kernel k --signature '*i32' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=ELIF
# RUN: not tilec list %t.chain.py 2>&1 | FileCheck %s --check-prefix=CHAIN
# Within the limits, deep code compiles: 900 nested parentheses, 900 chained additions, 90 nested blocks.
# RUN: %python %S/Inputs/gen_deep.py parens 900 > %t.parens_ok.py
# RUN: tilec compile %t.parens_ok.py --kernel k --signature '*i32' --emit so -o %t.so
# RUN: %python %S/Inputs/gen_deep.py chain 900 > %t.chain_ok.py
# RUN: tilec compile %t.chain_ok.py --kernel k --signature '*i32' --emit so -o %t.so
# RUN: %python %S/Inputs/gen_deep.py blocks 90 > %t.blocks_ok.py
# RUN: tilec compile %t.blocks_ok.py --kernel k --signature '*i32' --emit so -o %t.so
# PARENS: parens.py:7:1008: error: nesting too deep: more than 1000 nested expressions, operands or blocks
# CHAIN: chain.py:7:2006: error: nesting too deep: more than 1000 nested expressions, operands or blocks
# TRANS: trans.py:7:2010: error: nesting too deep: more than 1000 nested expressions, operands or blocks
# UNARY: unary.py:7:1008: error: nesting too deep: more than 1000 nested expressions, operands or blocks
# IFEXP: ifexp.py:8:{{[0-9]+}}: error: nesting too deep: more than 1000 nested expressions, operands or blocks
# BLOCKS: blocks.py:107:114: error: nesting too deep: more than 100 nested blocks
# ELIF: elif.py:206:18: error: nesting too deep: more than 100 nested blocks
