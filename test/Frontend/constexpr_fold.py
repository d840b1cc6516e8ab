# Constexpr arithmetic follows Python (floor division and modulo of negative
# numbers, ** and //), constexpr `if`/`and`/`not` conditions are folded so
# only the taken branch is generated, and module-level constants are visible.
# RUN: tilec compile %s --kernel k --signature '*i32' -D MODE=fast -D N=7 -D USE_BIAS=True --emit tile -o - | FileCheck %s
import triton
import triton.language as tl

SCALE = tl.constexpr(3)
OFFSET: tl.constexpr = -2
LIMIT = 100
host_value = compute_something()  # host code: skipped


@triton.jit
def k(out_ptr, MODE: tl.constexpr, N: tl.constexpr, USE_BIAS: tl.constexpr,
      EXTRA: tl.constexpr = None):
    a = -N // 2          # -4 in Python
    b = -N % 3           # 2 in Python
    c = 2 ** N + SCALE   # 131
    d = OFFSET * LIMIT   # -200
    if MODE == "fast" and not EXTRA:
        e = 1
    else:
        e = tl.load(out_ptr)
    if EXTRA is not None:
        f = tl.load(out_ptr + 100)
    elif USE_BIAS:
        f = 10
    else:
        f = 20
    tl.store(out_ptr, a + b + c + d + e + f)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[OUT:.*]]: !tile.ptr<i32>)
# The whole sum is folded: -4 + 2 + 131 - 200 + 1 + 10 = -60.
# CHECK-NEXT: %[[C:.*]] = arith.constant -60 : i32
# CHECK-NEXT: tile.store %[[OUT]], %[[C]] : !tile.ptr<i32>
# CHECK-NEXT: return


# Module-level tuples (wrapped in tl.constexpr or not, nested, with dtypes) are constants too,
# as Triton 3.9 accepts `COEFFS = tl.constexpr((1.0, 2.0))`: indexing and len() fold.
# RUN: tilec compile %s --kernel tuples --signature '*fp32' --emit tile -o - | FileCheck %s --check-prefix=TUPLES
COEFFS = tl.constexpr((1.5, -2.0, 4))
SHAPES = ((2, 3), (4, 5))
TYPES: tl.constexpr = (tl.float16, tl.int8)


@triton.jit
def tuples(out_ptr):
    tl.static_assert(len(COEFFS) == 3 and TYPES[1] == tl.int8)
    tl.store(out_ptr, COEFFS[1] * SHAPES[1][0] + COEFFS[2])

# TUPLES-LABEL: func.func @tuples(
# TUPLES-SAME: %[[OUT:.*]]: !tile.ptr<f32>)
# -2.0 * 4 + 4 = -4.0
# TUPLES: %[[C:.*]] = arith.constant -4.000000e+00 : f32
# TUPLES-NEXT: tile.store %[[OUT]], %[[C]] : !tile.ptr<f32>
