# tl.store cache hints: cache_modifier=".cs" and eviction_policy="evict_first" mark the store
# non-temporal (streaming); the other Triton hints are accepted and change nothing; unknown
# hints are Triton's errors.
# RUN: tilec compile %s --kernel hints --signature '*fp32' --emit tile -o - | FileCheck %s
# RUN: tilec compile %s --kernel hints --signature '*fp32' --emit tile -o - | tilec-opt --tilec-lower-block-pointers | FileCheck %s --check-prefix=LOWER
# RUN: not tilec compile %s --kernel bad_cache --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BADCACHE
# RUN: not tilec compile %s --kernel bad_eviction --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BADEVICTION
import triton.language as tl
from triton import jit


# Streaming hints (".cs", "evict_first", also on block pointers) set {nontemporal}; "evict_last"
# sets {evict_last} (never streamed); the others change nothing.
# CHECK-LABEL: func.func @hints
# CHECK: tile.store %{{.*}}, %{{.*}} {nontemporal} : tensor<16x!tile.ptr<f32>>
# CHECK: tile.store %{{.*}}, %{{.*}} {nontemporal} : tensor<16x!tile.ptr<f32>>
# CHECK: tile.store %{{.*}}, %{{.*}} {evict_last} : tensor<16x!tile.ptr<f32>>
# CHECK-NOT: nontemporal
# CHECK: tile.store %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<f32>>
# CHECK: tile.block_store %{{.*}}, %{{.*}} {nontemporal} : !tile.block_ptr<16xf32>
# The block store's hint reaches the tile.store it is lowered to.
# LOWER-LABEL: func.func @hints
# LOWER-COUNT-4: tile.store
# LOWER: tile.store %{{.*}}, %{{.*}} {nontemporal} : tensor<16x!tile.ptr<f32>>
@jit
def hints(p):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    tl.store(p + offs, x, cache_modifier=".cs")
    tl.store(p + offs, x, eviction_policy="evict_first")
    tl.store(p + offs, x, cache_modifier=".wb", eviction_policy="evict_last")
    tl.store(p + offs, x, cache_modifier="")
    bp = tl.make_block_ptr(p, (16,), (1,), (0,), (16,), (0,))
    tl.store(bp, x, cache_modifier=".cs")


@jit
def bad_cache(p):
    tl.store(p + tl.arange(0, 16), 1.0, cache_modifier=".ca")
# BADCACHE: {{.*}}store_cache_hints.py:[[@LINE-1]]:56: error: Cache modifier .ca not supported


@jit
def bad_eviction(p):
    tl.store(p + tl.arange(0, 16), 1.0, eviction_policy="evict_normal")
# BADEVICTION: {{.*}}store_cache_hints.py:[[@LINE-1]]:57: error: Eviction policy evict_normal not supported
