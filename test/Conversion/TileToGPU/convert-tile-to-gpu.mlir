// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu=target=nvptx --canonicalize | FileCheck %s

// Each thread holds 4 consecutive elements at 512-element repetitions: the range is
// its thread base plus constant register offsets, and 16-byte aligned, contiguous
// runs of 4 become one masked 128-bit load and store per run (predicated PTX).
#b = #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func @vadd
// CHECK-DAG: arith.constant dense<[0, 1, 2, 3, 512, 513, 514, 515]> : vector<8xi32>
// CHECK-DAG: nvvm.read.ptx.sreg.tid.x
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<8x!llvm.ptr<1>>, vector<8xi32>) -> vector<8x!llvm.ptr<1>>, f32
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r"
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r"
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};"
func.func @vadd(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %n: i32 {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
  %pid = tile.program_id 0 : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.make_range 0, 1024 : tensor<1024xi32, #b>
  %s = tile.splat %start : i32 -> tensor<1024xi32, #b>
  %offs = arith.addi %s, %r : tensor<1024xi32, #b>
  %ns = tile.splat %n : i32 -> tensor<1024xi32, #b>
  %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32, #b>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #b>
  %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f32>, #b>, tensor<1024xi32, #b>
  %v = tile.load %xp, %mask : tensor<1024x!tile.ptr<f32>, #b>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #b>
  %yp = tile.addptr %ys, %offs : tensor<1024x!tile.ptr<f32>, #b>, tensor<1024xi32, #b>
  tile.store %yp, %v, %mask : tensor<1024x!tile.ptr<f32>, #b>
  return
}

// -----

// A row maximum folds a thread's 4 registers, then 5 butterfly shuffles across the
// 32 lanes of the row; no shared memory since each row lies in one warp.
#b2 = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #tile.slice<{dim = 1, parent = #b2}>
// CHECK-LABEL: func @row_max
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>) -> vector<1xf32>
// CHECK: %[[E0:.*]] = vector.extract %[[X]][0]
// CHECK: %[[E1:.*]] = vector.extract %[[X]][1]
// CHECK: %[[M01:.*]] = arith.maximumf %[[E0]], %[[E1]] : f32
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.barrier
// CHECK: return
func.func @row_max(%x: tensor<4x128xf32, #b2>) -> tensor<4xf32, #row> attributes {tilec.simt} {
  %m = tile.reduce(%x) axis = 1 : (tensor<4x128xf32, #b2>) -> tensor<4xf32, #row> {
  ^bb0(%a: f32, %b: f32):
    %mx = arith.maximumf %a, %b : f32
    tile.yield %mx : f32
  }
  return %m : tensor<4xf32, #row>
}

// -----

// A column sum crosses the 4 warps: partials go through shared memory between barriers.
#b3 = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #tile.slice<{dim = 0, parent = #b3}>
// CHECK: llvm.mlir.global internal @__tilec_smem_col_sum() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<2048 x i8>
// CHECK-LABEL: func @col_sum
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: nvvm.barrier0
func.func @col_sum(%x: tensor<4x128xf32, #b3>) -> tensor<128xf32, #col> attributes {tilec.simt} {
  %m = tile.reduce(%x) axis = 0 : (tensor<4x128xf32, #b3>) -> tensor<128xf32, #col> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  return %m : tensor<128xf32, #col>
}

// -----

// tl.debug_barrier (tile.barrier) is the target's block barrier, between thread 0's store and
// the load it orders.
// CHECK-LABEL: func @debug_barrier
// CHECK: st.global.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
func.func @debug_barrier(%p: !tile.ptr<i32>, %v: i32) -> i32 attributes {tilec.simt} {
  tile.store %p, %v : !tile.ptr<i32>
  tile.barrier
  %0 = tile.load %p : !tile.ptr<i32>
  return %0 : i32
}
