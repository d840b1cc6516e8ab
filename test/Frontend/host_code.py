# Host code around the kernels is skipped token by token: imports, classes,
# other decorators (autotune/heuristics stacked above @triton.jit), lambdas,
# dicts, f-strings, triple-quoted strings, walrus, line continuations and
# non-kernel functions never reach the kernel parser.
# RUN: tilec compile %s --kernel copy --signature '*fp32,*fp32' -D BLOCK=16 --emit tile -o - | FileCheck %s
# RUN: tilec list %s | FileCheck %s --check-prefix=LIST
"""Module docstring with 'quotes' and "more quotes"."""
import torch
import triton
import triton.language as tl
from dataclasses import dataclass


@dataclass
class Config:
    block: int = 128
    name: str = f"cfg-{block!r:>10}"

    def describe(self) -> str:
        return '''multi
line ''' + {"a": [1, 2, 3], 'b': (lambda x: x ** 2)(3)}["a"].__repr__()


def host(x, *args, **kwargs):
    if (n := len(args)) > 2:
        print(f"{n} args: {args!r}", end='\n')
    y = x @ x \
        + 0x_ff + 0o17 + 0b1010 + 1_000_000 + 1.5e-3 + 3j
    return y


@triton.autotune(
    configs=[triton.Config({'BLOCK': 128}, num_warps=4),
             triton.Config({'BLOCK': 256}, num_warps=8)],
    key=['n'],
)
@triton.heuristics({'EVEN': lambda args: args['n'] % args['BLOCK'] == 0})
@triton.jit
def copy(src, dst, BLOCK: tl.constexpr):
    """Kernel docstring."""
    offs = tl.arange(0, BLOCK)  # comment after code
    tl.store(dst + offs,
             tl.load(src + offs))


@torch.no_grad()
def launch(x):
    copy[(1,)](x, x, BLOCK=16)


@triton.jit
def helper(a, b: tl.constexpr = 4, *, c=None):
    pass

# CHECK-LABEL: func.func @copy(
# CHECK: %[[R:.*]] = tile.make_range 0, 16 : tensor<16xi32>
# CHECK: %[[V:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>>
# CHECK: tile.store %{{.*}}, %[[V]] : tensor<16x!tile.ptr<f32>>
# LIST: copy(src, dst, BLOCK: tl.constexpr) line 39
# LIST-NEXT: helper(a, b: tl.constexpr, c) line 52
