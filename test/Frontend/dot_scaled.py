# tl.dot_scaled upcasts each operand with K last: an mx-format rhs ([K, N] e2m1 bytes with
# scales) is transposed, upcast along K and transposed back; an unscaled bf16 rhs is only
# converted in place (no transposition pair for the CPU lowering to copy through memory).
# RUN: tilec compile %s --kernel scaled_rhs --signature '*u8,*u8,*u8,*u8,*fp32' --emit tile -o - | FileCheck %s --check-prefix=SCALED
# RUN: tilec compile %s --kernel plain_rhs --signature '*u8,*u8,*bf16,*fp32' --emit tile -o - | FileCheck %s --check-prefix=PLAIN
import triton.language as tl
from triton import jit


@jit
def scaled_rhs(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, out):
    m = tl.arange(0, 32)
    k = tl.arange(0, 64)
    s = tl.arange(0, 2)
    a = tl.load(a_ptr + m[:, None] * 64 + k[None, :])
    a_scale = tl.load(a_scale_ptr + m[:, None] * 2 + s[None, :])
    b = tl.load(b_ptr + tl.arange(0, 32)[:, None] * 32 + m[None, :])
    b_scale = tl.load(b_scale_ptr + m[:, None] * 2 + s[None, :])
    c = tl.dot_scaled(a, a_scale, "e5m2", b, b_scale, "e2m1")
    tl.store(out + m[:, None] * 32 + m[None, :], c)

# SCALED-LABEL: func.func @scaled_rhs
# SCALED: tile.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x32xi8> -> tensor<32x32xi8>
# SCALED: tile.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x64xbf16> -> tensor<64x32xbf16>
# SCALED: tile.dot %{{.*}} : tensor<32x64xbf16>, tensor<64x32xbf16> -> tensor<32x32xf32>


@jit
def plain_rhs(a_ptr, a_scale_ptr, b_ptr, out):
    m = tl.arange(0, 32)
    k = tl.arange(0, 64)
    s = tl.arange(0, 2)
    a = tl.load(a_ptr + m[:, None] * 64 + k[None, :])
    a_scale = tl.load(a_scale_ptr + m[:, None] * 2 + s[None, :])
    b = tl.load(b_ptr + k[:, None] * 32 + m[None, :])
    c = tl.dot_scaled(a, a_scale, "e4m3", b, None, "bf16")
    tl.store(out + m[:, None] * 32 + m[None, :], c)

# PLAIN-LABEL: func.func @plain_rhs
# PLAIN: %[[B:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<bf16>>
# PLAIN-NOT: tile.trans
# PLAIN: tile.dot %{{.*}}, %[[B]], %{{.*}} : tensor<32x64xbf16>, tensor<64x32xbf16> -> tensor<32x32xf32>
