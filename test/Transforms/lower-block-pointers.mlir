// RUN: tilec-opt %s --split-input-file --tilec-lower-block-pointers | FileCheck %s
// RUN: tilec-opt %s --split-input-file --tilec-lower-block-pointers=mark-descriptor-blocks=1 | FileCheck %s --check-prefix=MARK
// RUN: tilec-opt %s --split-input-file --tilec-lower-block-pointers | FileCheck %s --check-prefix=NOMARK
// NOMARK-NOT: tile.descriptor_block

// A 2-D block load checked along dimension 1 only: the pointer tile is
// base + (o0 + arange(4)) * s (rows) + (o1 + arange(8)) * 1 (columns) in i64, the mask
// 0 <= o1 + arange(8) < n spread over the rows, and NaN fills the masked lanes.
// CHECK-LABEL: func @load_2d
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[M:.*]]: i64, %[[N:.*]]: i64, %[[S:.*]]: i64, %[[O:.*]]: i32)
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: %[[R0:.*]] = tile.make_range 0, 4 : tensor<4xi32>
// CHECK: %[[O0:.*]] = tile.splat %[[O]] : i32 -> tensor<4xi32>
// CHECK: %[[I0:.*]] = arith.addi %[[R0]], %[[O0]] : tensor<4xi32>
// CHECK: %[[W0:.*]] = arith.extsi %[[I0]] : tensor<4xi32> to tensor<4xi64>
// CHECK: %[[S0:.*]] = tile.splat %[[S]] : i64 -> tensor<4xi64>
// CHECK: %[[ROWS:.*]] = arith.muli %[[W0]], %[[S0]] : tensor<4xi64>
// CHECK: %[[ROWS2:.*]] = tile.expand_dims %[[ROWS]] {axis = 1 : i32} : tensor<4xi64> -> tensor<4x1xi64>
// CHECK: %[[ROWSB:.*]] = tile.broadcast %[[ROWS2]] : tensor<4x1xi64> -> tensor<4x8xi64>
// CHECK: %[[R1:.*]] = tile.make_range 0, 8 : tensor<8xi32>
// CHECK: %[[I1:.*]] = arith.addi %[[R1]], %{{.*}} : tensor<8xi32>
// CHECK: %[[W1:.*]] = arith.extsi %[[I1]] : tensor<8xi32> to tensor<8xi64>
// CHECK: %[[S1:.*]] = tile.splat %[[ONE]] : i64 -> tensor<8xi64>
// CHECK: %[[COLS:.*]] = arith.muli %[[W1]], %[[S1]] : tensor<8xi64>
// CHECK: %[[COLS2:.*]] = tile.expand_dims %[[COLS]] {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
// CHECK: %[[COLSB:.*]] = tile.broadcast %[[COLS2]] : tensor<1x8xi64> -> tensor<4x8xi64>
// CHECK: %[[OFFS:.*]] = arith.addi %[[ROWSB]], %[[COLSB]] : tensor<4x8xi64>
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK: %[[ZS:.*]] = tile.splat %[[Z]] : i64 -> tensor<8xi64>
// CHECK: %[[LO:.*]] = arith.cmpi sge, %[[W1]], %[[ZS]] : tensor<8xi64>
// CHECK: %[[NS:.*]] = tile.splat %[[N]] : i64 -> tensor<8xi64>
// CHECK: %[[HI:.*]] = arith.cmpi slt, %[[W1]], %[[NS]] : tensor<8xi64>
// CHECK: %[[IN:.*]] = arith.andi %[[LO]], %[[HI]] : tensor<8xi1>
// CHECK: %[[IN2:.*]] = tile.expand_dims %[[IN]] {axis = 0 : i32} : tensor<8xi1> -> tensor<1x8xi1>
// CHECK: %[[MASK:.*]] = tile.broadcast %[[IN2]] : tensor<1x8xi1> -> tensor<4x8xi1>
// CHECK: %[[BASE:.*]] = tile.splat %[[P]] : !tile.ptr<f32> -> tensor<4x8x!tile.ptr<f32>>
// CHECK: %[[PTRS:.*]] = tile.addptr %[[BASE]], %[[OFFS]] : tensor<4x8x!tile.ptr<f32>>, tensor<4x8xi64>
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<4x8xf32>
// CHECK: %[[X:.*]] = tile.load %[[PTRS]], %[[MASK]], %[[NAN]] : tensor<4x8x!tile.ptr<f32>>
// CHECK: return %[[X]]
func.func @load_2d(%p: !tile.ptr<f32>, %m: i64, %n: i64, %s: i64, %o: i32) -> tensor<4x8xf32> {
  %c1 = arith.constant 1 : i64
  %bp = tile.make_block_ptr %p, [%m, %n], [%s, %c1], [%o, %o] order = [1, 0] : !tile.block_ptr<4x8xf32>
  %x = tile.block_load %bp boundary_check = [1] padding = nan : !tile.block_ptr<4x8xf32>
  return %x : tensor<4x8xf32>
}

// -----

// Without boundary_check a load has neither mask nor padding; a store checked along both
// dimensions ands the two masks and keeps its cache hint; bools load as i1.
// CHECK-LABEL: func @unchecked_and_store
// CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<2x4x!tile.ptr<i1>>
// CHECK: %[[ROWM:.*]] = tile.broadcast %{{.*}} : tensor<2x1xi1> -> tensor<2x4xi1>
// CHECK: %[[COLM:.*]] = tile.broadcast %{{.*}} : tensor<1x4xi1> -> tensor<2x4xi1>
// CHECK: %[[MASK:.*]] = arith.andi %[[ROWM]], %[[COLM]] : tensor<2x4xi1>
// CHECK: tile.store %{{.*}}, %[[X]], %[[MASK]] {evict_last} : tensor<2x4x!tile.ptr<i1>>
func.func @unchecked_and_store(%p: !tile.ptr<i1>, %n: i64, %o: i32) {
  %bp = tile.make_block_ptr %p, [%n, %n], [%n, %n], [%o, %o] order = [1, 0] : !tile.block_ptr<2x4xi1>
  %x = tile.block_load %bp : !tile.block_ptr<2x4xi1>
  tile.block_store %bp, %x boundary_check = [0, 1] {evict_last} : !tile.block_ptr<2x4xi1>
  return
}

// -----

// An scf.for carries the block pointer's components; only the advanced offset changes.
// CHECK-LABEL: func @for_loop
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[N:.*]]: i64, %[[O:.*]]: i32, %[[K:.*]]: i32)
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: %[[R:.*]]:5 = scf.for %{{.*}} iter_args(%[[B:.*]] = %[[P]], %[[BN:.*]] = %[[N]], %[[BS:.*]] = %[[ONE]], %[[BO:.*]] = %[[O]], %[[ACC:.*]] = %{{.*}}) -> (!tile.ptr<f32>, i64, i64, i32, tensor<8xf32>)
// CHECK: tile.splat %[[BO]] : i32 -> tensor<8xi32>
// CHECK: tile.splat %[[BS]] : i64 -> tensor<8xi64>
// CHECK: tile.splat %[[B]] : !tile.ptr<f32> -> tensor<8x!tile.ptr<f32>>
// CHECK: %[[X:.*]] = tile.load
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK: %[[MOVED:.*]] = arith.addi %[[BO]], %[[O]] : i32
// CHECK: scf.yield %[[B]], %[[BN]], %[[BS]], %[[MOVED]], %[[SUM]] : !tile.ptr<f32>, i64, i64, i32, tensor<8xf32>
// CHECK: return %[[R]]#4
func.func @for_loop(%p: !tile.ptr<f32>, %n: i64, %o: i32, %k: i32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %bp = tile.make_block_ptr %p, [%n], [%one], [%o] order = [0] : !tile.block_ptr<8xf32>
  %r:2 = scf.for %i = %c0 to %k step %c1 iter_args(%b = %bp, %acc = %zero)
      -> (!tile.block_ptr<8xf32>, tensor<8xf32>) : i32 {
    %x = tile.block_load %b : !tile.block_ptr<8xf32>
    %sum = arith.addf %acc, %x : tensor<8xf32>
    %next = tile.advance %b, [%o] : !tile.block_ptr<8xf32>
    scf.yield %next, %sum : !tile.block_ptr<8xf32>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}

// -----

// scf.while and scf.if carry the components too: the while's condition and body see them,
// and the branches of the if yield the moved and the unmoved offsets.
// CHECK-LABEL: func @while_and_if
// CHECK: %[[W:.*]]:5 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, !tile.ptr<i32>, i64, i64, i32) -> (i32, !tile.ptr<i32>, i64, i64, i32)
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, !tile.ptr<i32>, i64, i64, i32
// CHECK: ^bb0(%{{.*}}: i32, %{{.*}}: !tile.ptr<i32>, %{{.*}}: i64, %{{.*}}: i64, %[[WO:.*]]: i32):
// CHECK: arith.addi %[[WO]], %{{.*}} : i32
// CHECK: %[[IF:.*]]:4 = scf.if %{{.*}} -> (!tile.ptr<i32>, i64, i64, i32) {
// CHECK: %[[MOVED:.*]] = arith.addi %[[W]]#4, %{{.*}} : i32
// CHECK: scf.yield %[[W]]#1, %[[W]]#2, %[[W]]#3, %[[MOVED]] : !tile.ptr<i32>, i64, i64, i32
// CHECK: } else {
// CHECK: scf.yield %[[W]]#1, %[[W]]#2, %[[W]]#3, %[[W]]#4 : !tile.ptr<i32>, i64, i64, i32
// CHECK: tile.splat %[[IF]]#3 : i32 -> tensor<16xi32>
// CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<i32>>
func.func @while_and_if(%p: !tile.ptr<i32>, %n: i64, %o: i32, %flip: i1) -> tensor<16xi32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %one = arith.constant 1 : i64
  %bp = tile.make_block_ptr %p, [%n], [%one], [%o] order = [0] : !tile.block_ptr<16xi32>
  %w:2 = scf.while (%i = %c0, %b = %bp) : (i32, !tile.block_ptr<16xi32>) -> (i32, !tile.block_ptr<16xi32>) {
    %more = arith.cmpi slt, %i, %o : i32
    scf.condition(%more) %i, %b : i32, !tile.block_ptr<16xi32>
  } do {
  ^bb0(%i: i32, %b: !tile.block_ptr<16xi32>):
    %next = tile.advance %b, [%c16] : !tile.block_ptr<16xi32>
    %j = arith.addi %i, %c16 : i32
    scf.yield %j, %next : i32, !tile.block_ptr<16xi32>
  }
  %q = scf.if %flip -> (!tile.block_ptr<16xi32>) {
    %moved = tile.advance %w#1, [%c16] : !tile.block_ptr<16xi32>
    scf.yield %moved : !tile.block_ptr<16xi32>
  } else {
    scf.yield %w#1 : !tile.block_ptr<16xi32>
  }
  %x = tile.block_load %q boundary_check = [0] : !tile.block_ptr<16xi32>
  return %x : tensor<16xi32>
}

// -----

// Descriptor accesses check every dimension at the access's offsets: a load pads with the
// descriptor's padding (zero here), a store is masked, an atomic is a masked relaxed
// tile.atomic_rmw.
// CHECK-LABEL: func @descriptors
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[M:.*]]: i64, %[[N:.*]]: i64, %[[R:.*]]: i32, %[[C:.*]]: i32)
// CHECK: tile.splat %[[R]] : i32 -> tensor<2xi32>
// CHECK: tile.splat %[[M]] : i64 -> tensor<2xi64>
// CHECK: tile.splat %[[C]] : i32 -> tensor<4xi32>
// CHECK: tile.splat %[[N]] : i64 -> tensor<4xi64>
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<2x4xi1>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<2x4xf32>
// CHECK: %[[X:.*]] = tile.load %{{.*}}, %[[MASK]], %[[ZERO]] : tensor<2x4x!tile.ptr<f32>>
// CHECK: %[[SMASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<2x4xi1>
// CHECK: tile.store %{{.*}}, %[[X]], %[[SMASK]] : tensor<2x4x!tile.ptr<f32>>
// CHECK: %[[AMASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<2x4xi1>
// CHECK: tile.atomic_rmw fadd relaxed gpu %{{.*}}, %[[X]], %[[AMASK]] : tensor<2x4x!tile.ptr<f32>>
// With mark-descriptor-blocks (targets with TMA), the loaded 2-D block goes through a mark
// naming the descriptor's base, sizes, strides and the load's offsets, and so does the stored
// one (at the store's offsets); the atomic reads the loaded tile through its mark.
// MARK-LABEL: func @descriptors
// MARK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[M:.*]]: i64, %[[N:.*]]: i64, %[[R:.*]]: i32, %[[C:.*]]: i32)
// MARK: %[[ONE:.*]] = arith.constant 1 : i64
// MARK: %[[X:.*]] = tile.load
// MARK-NEXT: %[[B:.*]] = tile.descriptor_block %[[X]] of %[[P]][%[[M]], %[[N]]] [%[[N]], %[[ONE]]] at [%[[R]], %[[C]]] : tensor<2x4xf32>, !tile.ptr<f32>
// MARK: %[[S:.*]] = tile.descriptor_block %[[B]] stored of %[[P]][%[[M]], %[[N]]] [%[[N]], %[[ONE]]] at [%[[C]], %[[R]]] : tensor<2x4xf32>, !tile.ptr<f32>
// MARK-NEXT: tile.store %{{.*}}, %[[S]], %{{.*}} : tensor<2x4x!tile.ptr<f32>>
// MARK: tile.atomic_rmw fadd relaxed gpu %{{.*}}, %[[B]], %{{.*}}
func.func @descriptors(%p: !tile.ptr<f32>, %m: i64, %n: i64, %r: i32, %c: i32) {
  %one = arith.constant 1 : i64
  %d = tile.make_tensor_descriptor %p, [%m, %n], [%n, %one] : !tile.tensor_desc<2x4xf32>
  %x = tile.descriptor_load %d[%r, %c] : !tile.tensor_desc<2x4xf32>
  tile.descriptor_store %d[%c, %r], %x : !tile.tensor_desc<2x4xf32>
  tile.descriptor_atomic fadd %d[%r, %r], %x : !tile.tensor_desc<2x4xf32>
  return
}

// -----

// A descriptor of nan padding fills with NaN; a loop carries its base, sizes and strides.
// CHECK-LABEL: func @nan_descriptor_loop
// CHECK: scf.for %{{.*}} iter_args(%[[B:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (!tile.ptr<f16>, i64, i64, tensor<8xf16>)
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7E00> : tensor<8xf16>
// CHECK: tile.load %{{.*}}, %{{.*}}, %[[NAN]] : tensor<8x!tile.ptr<f16>>
// 1-D blocks are not marked (the copy engine path takes 2-D tiles).
// MARK-LABEL: func @nan_descriptor_loop
// MARK-NOT: tile.descriptor_block
// MARK: return
func.func @nan_descriptor_loop(%p: !tile.ptr<f16>, %n: i64, %k: i32) -> tensor<8xf16> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i64
  %init = arith.constant dense<0.0> : tensor<8xf16>
  %d = tile.make_tensor_descriptor %p, [%n], [%one] : !tile.tensor_desc<8xf16, nan>
  %r:2 = scf.for %i = %c0 to %k step %c1 iter_args(%dd = %d, %acc = %init)
      -> (!tile.tensor_desc<8xf16, nan>, tensor<8xf16>) : i32 {
    %x = tile.descriptor_load %dd[%i] : !tile.tensor_desc<8xf16, nan>
    scf.yield %dd, %x : !tile.tensor_desc<8xf16, nan>, tensor<8xf16>
  }
  return %r#1 : tensor<8xf16>
}

// -----

// Functions, calls and returns take and give the components in place of a block pointer.
// CHECK-LABEL: func @callee
// CHECK-SAME: (%{{.*}}: !tile.ptr<f32>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i32) -> (!tile.ptr<f32>, i64, i64, i32)
// CHECK-LABEL: func @caller
// CHECK: %[[R:.*]]:4 = call @callee(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!tile.ptr<f32>, i64, i64, i32) -> (!tile.ptr<f32>, i64, i64, i32)
// CHECK: tile.splat %[[R]]#0 : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
func.func @callee(%b: !tile.block_ptr<4xf32>) -> !tile.block_ptr<4xf32> {
  %c4 = arith.constant 4 : i32
  %next = tile.advance %b, [%c4] : !tile.block_ptr<4xf32>
  return %next : !tile.block_ptr<4xf32>
}
func.func @caller(%p: !tile.ptr<f32>, %n: i64, %o: i32) -> tensor<4xf32> {
  %bp = tile.make_block_ptr %p, [%n], [%n], [%o] order = [0] : !tile.block_ptr<4xf32>
  %moved = call @callee(%bp) : (!tile.block_ptr<4xf32>) -> !tile.block_ptr<4xf32>
  %x = tile.block_load %moved : !tile.block_ptr<4xf32>
  return %x : tensor<4xf32>
}
