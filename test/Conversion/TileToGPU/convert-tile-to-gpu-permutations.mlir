// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu=target=nvptx --canonicalize | FileCheck %s

// join into the pair layout (the new minor dim in each thread's registers) and split back
// move registers only: no shared memory, no barrier.
#b = #tile.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#p = #tile.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func @join_split
// CHECK-SAME: (%[[A:.*]]: vector<2xf32>, %[[B:.*]]: vector<2xf32>)
// CHECK: %[[J:.*]] = vector.interleave %[[A]], %[[B]] : vector<2xf32> -> vector<4xf32>
// CHECK: %[[LO:.*]] = vector.shuffle %[[J]], %[[J]] [0, 2] : vector<4xf32>, vector<4xf32>
// CHECK: %[[HI:.*]] = vector.shuffle %[[J]], %[[J]] [1, 3] : vector<4xf32>, vector<4xf32>
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: !llvm.ptr<3>
// CHECK: return %[[J]], %[[LO]], %[[HI]]
func.func @join_split(%a: tensor<256xf32, #b>, %b: tensor<256xf32, #b>)
    -> (tensor<256x2xf32, #p>, tensor<256xf32, #b>, tensor<256xf32, #b>) attributes {tilec.simt} {
  %j = tile.join %a, %b : tensor<256xf32, #b> -> tensor<256x2xf32, #p>
  %lo, %hi = tile.split %j : tensor<256x2xf32, #p> -> tensor<256xf32, #b>
  return %j, %lo, %hi : tensor<256x2xf32, #p>, tensor<256xf32, #b>, tensor<256xf32, #b>
}

// -----

// A join of joined 3-D tiles of pointers stays in registers.
#b3 = #tile.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 4, 4], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]}>
#p4 = #tile.blocked<{sizePerThread = [1, 1, 2, 2], threadsPerWarp = [2, 4, 4, 1], warpsPerCTA = [2, 1, 1, 1], order = [3, 2, 1, 0]}>
#p5 = #tile.blocked<{sizePerThread = [1, 1, 2, 2, 2], threadsPerWarp = [2, 4, 4, 1, 1], warpsPerCTA = [2, 1, 1, 1, 1], order = [4, 3, 2, 1, 0]}>
// CHECK-LABEL: func @join_joined
// CHECK: %[[J:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<2x!llvm.ptr<1>> -> vector<4x!llvm.ptr<1>>
// CHECK: vector.interleave %[[J]], %[[J]] : vector<4x!llvm.ptr<1>> -> vector<8x!llvm.ptr<1>>
// CHECK-NOT: nvvm.barrier0
func.func @join_joined(%a: tensor<4x4x8x!tile.ptr<i8>, #b3>)
    -> tensor<4x4x8x2x2x!tile.ptr<i8>, #p5> attributes {tilec.simt} {
  %j = tile.join %a, %a : tensor<4x4x8x!tile.ptr<i8>, #b3> -> tensor<4x4x8x2x!tile.ptr<i8>, #p4>
  %k = tile.join %j, %j : tensor<4x4x8x2x!tile.ptr<i8>, #p4> -> tensor<4x4x8x2x2x!tile.ptr<i8>, #p5>
  return %k : tensor<4x4x8x2x2x!tile.ptr<i8>, #p5>
}

// -----

// A flip along a dimension each thread holds whole reverses its registers.
#r = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func @flip_registers
// CHECK-SAME: (%[[X:.*]]: vector<4xbf16>)
// CHECK: %[[F:.*]] = vector.shuffle %[[X]], %[[X]] [3, 2, 1, 0] : vector<4xbf16>, vector<4xbf16>
// CHECK-NOT: nvvm.shfl.sync
// CHECK: return %[[F]]
func.func @flip_registers(%x: tensor<128x4xbf16, #r>) -> tensor<128x4xbf16, #r> attributes {tilec.simt} {
  %f = tile.flip %x dim = 1 : tensor<128x4xbf16, #r>
  return %f : tensor<128x4xbf16, #r>
}

// -----

// A flip along the lanes of a warp: registers reversed, then one XOR shuffle per register
// with the partner lane 31 - lane (mask 31); no shared memory.
#l = #tile.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: func @flip_lanes
// CHECK: vector.extract %{{.*}}[1] : i8 from vector<2xi8>
// CHECK: nvvm.shfl.sync {{ *}}bfly %{{.*}}, %{{.*}}, %c31_i32,
// CHECK: vector.extract %{{.*}}[0] : i8 from vector<2xi8>
// CHECK: nvvm.shfl.sync {{ *}}bfly %{{.*}}, %{{.*}}, %c31_i32,
// CHECK-NOT: nvvm.barrier0
func.func @flip_lanes(%x: tensor<64xi8, #l>) -> tensor<64xi8, #l> attributes {tilec.simt} {
  %f = tile.flip %x dim = 0 : tensor<64xi8, #l>
  return %f : tensor<64xi8, #l>
}

// -----

// A flip along warps goes through shared memory: each register reads the mirrored
// element at an affine index (no index table).
#w = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NOT: __tilec_shuffle
// CHECK-LABEL: func @flip_warps
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: nvvm.barrier0
func.func @flip_warps(%x: tensor<128xf32, #w>) -> tensor<128xf32, #w> attributes {tilec.simt} {
  %f = tile.flip %x dim = 0 : tensor<128xf32, #w>
  return %f : tensor<128xf32, #w>
}

// -----

// cat in its operands' layout, which no thread holds copies of, appends the registers of the
// second operand to those of the first.
#c = #tile.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func @cat_registers
// CHECK-SAME: (%[[A:.*]]: vector<2xf16>, %[[B:.*]]: vector<2xf16>)
// CHECK: %[[C:.*]] = vector.shuffle %[[A]], %[[B]] [0, 1, 2, 3] : vector<2xf16>, vector<2xf16>
// CHECK-NOT: nvvm.barrier0
// CHECK: return %[[C]]
func.func @cat_registers(%a: tensor<32x8xf16, #c>, %b: tensor<32x8xf16, #c>)
    -> tensor<64x8xf16, #c> attributes {tilec.simt} {
  %r = tile.cat %a, %b dim = 0 : tensor<32x8xf16, #c> -> tensor<64x8xf16, #c>
  return %r : tensor<64x8xf16, #c>
}

// -----

// A 1-D cat of tiles smaller than the threads (lanes hold copies) goes through shared memory;
// result element i is element i of the operands written one after the other (affine).
#s = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NOT: __tilec_shuffle
// CHECK-LABEL: func @cat_copies
// CHECK: nvvm.barrier0
// CHECK: nvvm.barrier0
func.func @cat_copies(%a: tensor<16xi32, #s>, %b: tensor<16xi32, #s>)
    -> tensor<32xi32, #s> attributes {tilec.simt} {
  %r = tile.cat %a, %b dim = 0 : tensor<16xi32, #s> -> tensor<32xi32, #s>
  return %r : tensor<32xi32, #s>
}

// -----

// Along dim 1 the positions are not affine: a table of them in global memory.
#t = #tile.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK: llvm.mlir.global internal constant @__tilec_shuffle_0(dense<[0, 1, 4, 5, 2, 3, 6, 7]>
// CHECK-LABEL: func @cat_table
// CHECK: llvm.mlir.addressof @__tilec_shuffle_0
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<1> -> i32
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i32
// CHECK: nvvm.barrier0
func.func @cat_table(%a: tensor<2x2xi32, #t>, %b: tensor<2x2xi32, #t>)
    -> tensor<2x4xi32, #t> attributes {tilec.simt} {
  %r = tile.cat %a, %b dim = 1 : tensor<2x2xi32, #t> -> tensor<2x4xi32, #t>
  return %r : tensor<2x4xi32, #t>
}
