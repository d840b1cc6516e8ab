# Conditional expressions with a runtime condition over block pointers and tensor descriptors merge them as values of their tile types (a descriptor with its sizes and strides, for desc.shape), component by component once lowered (LOWER; this used to crash the compiler), and values of different block shapes are an error.
# RUN: tilec compile %s --kernel k --signature '*fp32,*fp32,i32' --emit tile -o - | FileCheck %s
# RUN: tilec compile %s --kernel k --signature '*fp32,*fp32,i32' --emit tile -o - | tilec-opt --tilec-lower-block-pointers | FileCheck %s --check-prefix=LOWER
# RUN: not tilec compile %s --kernel mismatch --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MISMATCH
from tilec import jit
import tilec.language as tl


@jit
def k(a, b, n):
    bp = tl.make_block_ptr(a, (n, ), (1, ), (0, ), (16, ), (0, )) if n > 8 else tl.make_block_ptr(
        b, (n, ), (1, ), (4, ), (16, ), (0, ))
    x = tl.load(bp, boundary_check=(0, ))
    da = tl.make_tensor_descriptor(a, [n], [1], [16])
    db = tl.make_tensor_descriptor(b, [n], [1], [16])
    d = da if n > 4 else db
    d.store([0], x)

# CHECK-LABEL: func.func @k(
# CHECK: %[[BP:.*]] = scf.if %{{.*}} -> (!tile.block_ptr<16xf32>)
# CHECK: tile.block_load %[[BP]] boundary_check = [0] : !tile.block_ptr<16xf32>
# CHECK: %[[D:.*]]:3 = scf.if %{{.*}} -> (!tile.tensor_desc<16xf32>, i64, i64)
# CHECK: tile.descriptor_store %[[D]]#0[%{{.*}}], %{{.*}} : !tile.tensor_desc<16xf32>
# LOWER-LABEL: func.func @k(
# The block pointer: base, size, stride and offset come out of one scf.if.
# LOWER: %{{.*}}:4 = scf.if %{{.*}} -> (!tile.ptr<f32>, i64, i64, i32)
# The descriptor: base, size and stride, then the size and stride desc.shape would read.
# LOWER: %{{.*}}:5 = scf.if %{{.*}} -> (!tile.ptr<f32>, i64, i64, i64, i64)
# LOWER: tile.store


@jit
def mismatch(a, n):
    d = tl.make_tensor_descriptor(a, [n], [1], [16]) if n > 4 else tl.make_tensor_descriptor(
        a, [n], [1], [32])
# MISMATCH: ifexp_block_values.py:34:54: error: Ternary expression with dynamic condition has inconsistent types tensor descriptor of fp32[16] and tensor descriptor of fp32[32]
