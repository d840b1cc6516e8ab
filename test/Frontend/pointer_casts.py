# Pointer casts become tile ops: int64 -> pointer (tile.int_to_ptr), pointer -> int64
# (tile.ptr_to_int), pointer -> int1 (not null), and pointer -> pointer (tile.ptr_cast), also
# under bitcast=True; casting to the pointer's own type is no op.
# RUN: tilec compile %s --kernel k --signature '*i64,*fp32,*i64' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(table, x, out):
    offs = tl.arange(0, 4)
    a = tl.load(table).to(tl.pointer_type(tl.float16))
    tl.store(a + offs, tl.load(a + offs) + 1)
    ps = tl.load(table + offs).to(tl.pointer_type(tl.float32))
    tl.store(x + offs, tl.load(ps))
    tl.store(out, x.to(tl.int64))
    tl.store(out + 1, x.to(tl.int1).to(tl.int64))
    q = x.to(tl.pointer_type(tl.int32), bitcast=True)
    tl.store(q, tl.load((x + offs).to(tl.pointer_type(tl.int8))).to(tl.int32).sum(axis=0))
    tl.store(x.to(tl.pointer_type(tl.float32)), 0.0)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[TABLE:[^:]*]]: !tile.ptr<i64>
# CHECK-SAME: %[[X:[^:]*]]: !tile.ptr<f32>
# CHECK: %[[A:.*]] = tile.load %[[TABLE]] : !tile.ptr<i64>
# CHECK: tile.int_to_ptr %[[A]] : i64 -> !tile.ptr<f16>
# CHECK: %[[AS:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<i64>>
# CHECK: tile.int_to_ptr %[[AS]] : tensor<4xi64> -> tensor<4x!tile.ptr<f32>>
# CHECK: tile.ptr_to_int %[[X]] : !tile.ptr<f32> -> i64
# CHECK: %[[I:.*]] = tile.ptr_to_int %[[X]] : !tile.ptr<f32> -> i64
# CHECK: arith.cmpi ne, %[[I]], %{{.*}} : i64
# CHECK: %[[Q:.*]] = tile.ptr_cast %[[X]] : !tile.ptr<f32> -> !tile.ptr<i32>
# CHECK: %[[XS:.*]] = tile.addptr %{{.*}} : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
# CHECK: tile.ptr_cast %[[XS]] : tensor<4x!tile.ptr<f32>> -> tensor<4x!tile.ptr<i8>>
# CHECK: tile.store %[[Q]]
# CHECK-NOT: tile.ptr_cast
# CHECK: tile.store %[[X]]
