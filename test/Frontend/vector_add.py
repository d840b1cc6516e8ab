# The vector-add tutorial kernel of examples/: program_id, arange, masks, pointer
# arithmetic, masked loads and stores.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -D BLOCK_SIZE=1024 --emit tile -o - | FileCheck %s

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
