# The vector-add tutorial kernel: program_id, arange, masks, pointer
# arithmetic, masked loads and stores.
# RUN: tilec compile %s --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -D BLOCK_SIZE=1024 --emit tile -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)

# CHECK-LABEL: func.func @add_kernel(
# CHECK-SAME: %[[X:.*]]: !tile.ptr<f32>, %[[Y:.*]]: !tile.ptr<f32>, %[[O:.*]]: !tile.ptr<f32>, %[[N:.*]]: i32)
# CHECK: %[[PID:.*]] = tile.program_id 0 : i32
# CHECK: %[[BS:.*]] = arith.constant 1024 : i32
# CHECK: %[[START:.*]] = arith.muli %[[PID]], %[[BS]] : i32
# CHECK: %[[R:.*]] = tile.make_range 0, 1024 : tensor<1024xi32>
# CHECK: %[[SS:.*]] = tile.splat %[[START]] : i32 -> tensor<1024xi32>
# CHECK: %[[OFF:.*]] = arith.addi %[[SS]], %[[R]] : tensor<1024xi32>
# CHECK: %[[NS:.*]] = tile.splat %[[N]] : i32 -> tensor<1024xi32>
# CHECK: %[[MASK:.*]] = arith.cmpi slt, %[[OFF]], %[[NS]] : tensor<1024xi32>
# CHECK: %[[XS:.*]] = tile.splat %[[X]] : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
# CHECK: %[[XP:.*]] = tile.addptr %[[XS]], %[[OFF]] : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
# CHECK: %[[XV:.*]] = tile.load %[[XP]], %[[MASK]] : tensor<1024x!tile.ptr<f32>>
# CHECK: %[[YV:.*]] = tile.load {{.*}}, %[[MASK]] : tensor<1024x!tile.ptr<f32>>
# CHECK: %[[SUM:.*]] = arith.addf %[[XV]], %[[YV]] : tensor<1024xf32>
# CHECK: %[[OP:.*]] = tile.addptr {{.*}}, %[[OFF]]
# CHECK: tile.store %[[OP]], %[[SUM]], %[[MASK]] : tensor<1024x!tile.ptr<f32>>
# CHECK: return
