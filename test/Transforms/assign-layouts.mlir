// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 threads-per-warp=32" --split-input-file | FileCheck %s

// A vector add over 16-byte aligned pointers gets 4 elements per thread (128-bit
// accesses), every tile one layout, and the kernel is marked for the SIMT lowering.
// CHECK: #[[B:.*]] = #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func @vadd
// CHECK-SAME: attributes {tilec.simt}
// CHECK: tile.make_range 0, 1024 : tensor<1024xi32, #[[B]]>
// CHECK: tile.load %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK-NOT: tile.convert_layout
func.func @vadd(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %n: i32 {tile.divisibility = 16 : i32}) {
  %pid = tile.program_id 0 : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %s = tile.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %s, %r : tensor<1024xi32>
  %ns = tile.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp, %mask : tensor<1024x!tile.ptr<f32>>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %yp, %v, %mask : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// A row reduction yields a slice of its source's layout, which expand_dims takes
// back without conversion; the column range used both ways is recomputed in each
// layout instead of being converted.
// CHECK-DAG: #[[B2:.*]] = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROW:.*]] = #tile.slice<{dim = 1, parent = #[[B2]]}>
// CHECK-LABEL: func @row_softmax_shift
// CHECK: tile.reduce(%{{.*}}) axis = 1 : (tensor<4x128xf32, #[[B2]]>) -> tensor<4xf32, #[[ROW]]>
// CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<4xf32, #[[ROW]]> -> tensor<4x1xf32, #[[B2]]>
// CHECK-NOT: tile.convert_layout
func.func @row_softmax_shift(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %rows = tile.make_range 0, 4 : tensor<4xi32>
  %cols = tile.make_range 0, 128 : tensor<128xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %c128 = arith.constant dense<128> : tensor<4x1xi32>
  %rs = arith.muli %r2, %c128 : tensor<4x1xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %rb = tile.broadcast %rs : tensor<4x1xi32> -> tensor<4x128xi32>
  %cb = tile.broadcast %c2 : tensor<1x128xi32> -> tensor<4x128xi32>
  %offs = arith.addi %rb, %cb : tensor<4x128xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<4x128x!tile.ptr<f32>>
  %ptrs = tile.addptr %ps, %offs : tensor<4x128x!tile.ptr<f32>>, tensor<4x128xi32>
  %x = tile.load %ptrs : tensor<4x128x!tile.ptr<f32>>
  %m = tile.reduce(%x) axis = 1 : (tensor<4x128xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %mx = arith.maximumf %a, %b : f32
    tile.yield %mx : f32
  }
  %m2 = tile.expand_dims %m {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %mb = tile.broadcast %m2 : tensor<4x1xf32> -> tensor<4x128xf32>
  %d = arith.subf %x, %mb : tensor<4x128xf32>
  tile.store %ptrs, %d : tensor<4x128x!tile.ptr<f32>>
  return
}

// -----

// A loop carrying a running row maximum (online softmax): the carried tile takes the layout
// the loop computes it in (the slice of the 2-D tile it reduces, learned by a trial run), not
// the rank's default, so nothing is converted in the loop, nor for the 1-D store after it.
// CHECK-DAG: #[[B2:.*]] = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROW:.*]] = #tile.slice<{dim = 1, parent = #[[B2]]}>
// CHECK-LABEL: func @running_max
// CHECK: %[[INIT:.*]] = arith.constant dense<0xFF800000> : tensor<64xf32, #[[ROW]]>
// CHECK: %[[LOOP:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[M:.*]] = %[[INIT]]) -> (tensor<64xf32, #[[ROW]]>)
// CHECK-NOT: tile.convert_layout
// CHECK: %[[R:.*]] = tile.reduce
// CHECK: %[[NEW:.*]] = arith.maximumf %[[M]], %[[R]] : tensor<64xf32, #[[ROW]]>
// CHECK-NOT: tile.convert_layout
// CHECK: scf.yield %[[NEW]] : tensor<64xf32, #[[ROW]]>
// CHECK: tile.store %{{.*}}, %[[LOOP]] : tensor<64x!tile.ptr<f32>, #[[ROW]]>
func.func @running_max(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                       %q: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %ninf = arith.constant dense<0xFF800000> : tensor<64xf32>
  %rows = tile.make_range 0, 64 : tensor<64xi32>
  %cols = tile.make_range 0, 128 : tensor<128xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %w = arith.constant dense<128> : tensor<64x1xi32>
  %rw = arith.muli %r2, %w : tensor<64x1xi32>
  %rb = tile.broadcast %rw : tensor<64x1xi32> -> tensor<64x128xi32>
  %cb = tile.broadcast %c2 : tensor<1x128xi32> -> tensor<64x128xi32>
  %off = arith.addi %rb, %cb : tensor<64x128xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x128x!tile.ptr<f32>>
  %ptrs = tile.addptr %ps, %off : tensor<64x128x!tile.ptr<f32>>, tensor<64x128xi32>
  %max = scf.for %i = %c0 to %c8 step %c1 iter_args(%m = %ninf) -> (tensor<64xf32>) : i32 {
    %x = tile.load %ptrs : tensor<64x128x!tile.ptr<f32>>
    %r = tile.reduce(%x) axis = 1 : (tensor<64x128xf32>) -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.maximumf %a, %b : f32
      tile.yield %s : f32
    }
    %new = arith.maximumf %m, %r : tensor<64xf32>
    scf.yield %new : tensor<64xf32>
  }
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %qp = tile.addptr %qs, %rows : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %qp, %max : tensor<64x!tile.ptr<f32>>
  return
}

// -----

// A histogram's mask takes its input's layout (here a row sum's slice layout; the mask, loaded,
// is converted), and its bins the default 1-D layout, which the store of the bins keeps.
// CHECK-DAG: #[[B2:.*]] = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROWS:.*]] = #tile.slice<{dim = 1, parent = #[[B2]]}>
// CHECK-DAG: #[[B1:.*]] = #tile.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func @histogram
// CHECK: %[[S:.*]] = tile.reduce
// CHECK: %[[M:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : tensor<64xi8, #[[B1]]>
// CHECK: %[[MC:.*]] = tile.convert_layout %[[M]] : tensor<64xi1, #[[B1]]> -> tensor<64xi1, #[[ROWS]]>
// CHECK: %[[H:.*]] = tile.histogram %[[S]], %[[MC]] : tensor<64xi32, #[[ROWS]]>, tensor<64xi1, #[[ROWS]]> -> tensor<256xi32, #[[B1]]>
// CHECK: tile.store %{{.*}}, %[[H]] : tensor<256x!tile.ptr<i32>, #[[B1]]>
func.func @histogram(%x: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                     %mp: !tile.ptr<i8> {tile.divisibility = 16 : i32},
                     %o: !tile.ptr<i32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 64 : tensor<64xi32>
  %c = tile.make_range 0, 16 : tensor<16xi32>
  %re = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %c16 = arith.constant dense<16> : tensor<64x1xi32>
  %rm = arith.muli %re, %c16 : tensor<64x1xi32>
  %rb = tile.broadcast %rm : tensor<64x1xi32> -> tensor<64x16xi32>
  %cb = tile.broadcast %ce : tensor<1x16xi32> -> tensor<64x16xi32>
  %offs = arith.addi %rb, %cb : tensor<64x16xi32>
  %xs = tile.splat %x : !tile.ptr<i32> -> tensor<64x16x!tile.ptr<i32>>
  %xp = tile.addptr %xs, %offs : tensor<64x16x!tile.ptr<i32>>, tensor<64x16xi32>
  %v = tile.load %xp : tensor<64x16x!tile.ptr<i32>>
  %s = tile.reduce(%v) axis = 1 : (tensor<64x16xi32>) -> tensor<64xi32> {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    tile.yield %t : i32
  }
  %ms = tile.splat %mp : !tile.ptr<i8> -> tensor<64x!tile.ptr<i8>>
  %mpp = tile.addptr %ms, %r : tensor<64x!tile.ptr<i8>>, tensor<64xi32>
  %mv = tile.load %mpp : tensor<64x!tile.ptr<i8>>
  %zero = arith.constant dense<0> : tensor<64xi8>
  %m = arith.cmpi ne, %mv, %zero : tensor<64xi8>
  %h = tile.histogram %s, %m : tensor<64xi32>, tensor<64xi1> -> tensor<256xi32>
  %b = tile.make_range 0, 256 : tensor<256xi32>
  %os = tile.splat %o : !tile.ptr<i32> -> tensor<256x!tile.ptr<i32>>
  %op = tile.addptr %os, %b : tensor<256x!tile.ptr<i32>>, tensor<256xi32>
  tile.store %op, %h : tensor<256x!tile.ptr<i32>>
  return
}

// -----

// join takes its operands' blocked layout with the new minor dimension of 2 in each thread's
// registers; split of that gives the operands' layout back, with no conversion.
// CHECK-DAG: #[[V:.*]] = #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[P:.*]] = #tile.blocked<{sizePerThread = [4, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func @join_split
// CHECK: %[[J:.*]] = tile.join %{{.*}}, %{{.*}} : tensor<512xf32, #[[V]]> -> tensor<512x2xf32, #[[P]]>
// CHECK: tile.split %[[J]] : tensor<512x2xf32, #[[P]]> -> tensor<512xf32, #[[V]]>
// CHECK-NOT: tile.convert_layout
func.func @join_split(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 512 : tensor<512xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %a = tile.load %xp : tensor<512x!tile.ptr<f32>>
  %b = arith.negf %a : tensor<512xf32>
  %j = tile.join %a, %b : tensor<512xf32> -> tensor<512x2xf32>
  %lo, %hi = tile.split %j : tensor<512x2xf32> -> tensor<512xf32>
  %s = arith.addf %lo, %hi : tensor<512xf32>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  tile.store %yp, %s : tensor<512x!tile.ptr<f32>>
  return
}

// -----

// A split of a tile whose pairs straddle lanes converts it to the pair layout of its
// results' default layout first.
// CHECK-DAG: #[[L:.*]] = #tile.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[P:.*]] = #tile.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[H:.*]] = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func @split_loaded
// CHECK: %[[R:.*]] = tile.reshape %{{.*}} : tensor<64x4xf32, #[[L]]> -> tensor<128x2xf32, #[[L]]>
// CHECK: %[[C:.*]] = tile.convert_layout %[[R]] : tensor<128x2xf32, #[[L]]> -> tensor<128x2xf32, #[[P]]>
// CHECK: tile.split %[[C]] : tensor<128x2xf32, #[[P]]> -> tensor<128xf32, #[[H]]>
func.func @split_loaded(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0, 64 : tensor<64xi32>
  %c = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c4 = arith.constant dense<4> : tensor<64x1xi32>
  %rows = arith.muli %c, %c4 : tensor<64x1xi32>
  %k = tile.make_range 0, 4 : tensor<4xi32>
  %kk = tile.expand_dims %k {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tile.broadcast %rows : tensor<64x1xi32> -> tensor<64x4xi32>
  %kb = tile.broadcast %kk : tensor<1x4xi32> -> tensor<64x4xi32>
  %offs = arith.addi %rb, %kb : tensor<64x4xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<64x4x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<64x4x!tile.ptr<f32>>, tensor<64x4xi32>
  %v = tile.load %xp : tensor<64x4x!tile.ptr<f32>>
  %pairs = tile.reshape %v : tensor<64x4xf32> -> tensor<128x2xf32>
  %lo, %hi = tile.split %pairs : tensor<128x2xf32> -> tensor<128xf32>
  %s = arith.subf %lo, %hi : tensor<128xf32>
  %r2 = tile.make_range 0, 128 : tensor<128xi32>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %r2 : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %yp, %s : tensor<128x!tile.ptr<f32>>
  return
}
