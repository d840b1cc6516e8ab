// RUN: tilec-opt %s --convert-tile-to-vector="chunk-lanes=32" | FileCheck %s
// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s --check-prefix=OFF

// A masked elementwise chain over 128 lanes (vector add) becomes one scf.for
// over 32-lane pieces: the mask, both masked loads, the add and the masked
// store of a piece run together; the range constant becomes its first piece
// plus the lane offset, and nothing 128 lanes wide is left.
// CHECK-LABEL: func.func @add_chain
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr, %[[OUT:.*]]: !llvm.ptr, %[[N:.*]]: i32)
// CHECK-NOT: vector<128x
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: %[[FIRST:.*]] = arith.constant dense<[0, 1, 2, {{.*}}, 31]> : vector<32xi32>
// CHECK: %[[L32:.*]] = arith.trunci %[[LANE]] : i64 to i32
// CHECK: %[[OFF:.*]] = arith.addi %[[FIRST]], %{{.*}} : vector<32xi32>
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: %[[XA:.*]] = llvm.getelementptr %{{.*}}[%[[LANE]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[XV:.*]] = llvm.intr.masked.load %[[XA]], %[[MASK]], %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<32xi1>, vector<32xf32>) -> vector<32xf32>
// CHECK: %[[YV:.*]] = llvm.intr.masked.load %{{.*}}, %[[MASK]], %{{.*}} -> vector<32xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[XV]], %[[YV]] : vector<32xf32>
// CHECK: llvm.intr.masked.store %[[SUM]], %{{.*}}, %[[MASK]] {alignment = 4 : i32} : vector<32xf32>, vector<32xi1> into !llvm.ptr
// CHECK: }
// CHECK-NOT: vector<128x
// CHECK: return
// OFF-LABEL: func.func @add_chain
// OFF-NOT: scf.for
// OFF: arith.addf %{{.*}}, %{{.*}} : vector<128xf32>
func.func @add_chain(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id 0 : i32
  %c128 = arith.constant 128 : i32
  %start = arith.muli %pid, %c128 : i32
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %s = tile.splat %start : i32 -> tensor<128xi32>
  %off = arith.addi %s, %r : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %off, %ns : tensor<128xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qx = tile.addptr %px, %off : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %vx = tile.load %qx, %m : tensor<128x!tile.ptr<f32>>
  %py = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qy = tile.addptr %py, %off : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %vy = tile.load %qy, %m : tensor<128x!tile.ptr<f32>>
  %sum = arith.addf %vx, %vy : tensor<128xf32>
  %po = tile.splat %out : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qo = tile.addptr %po, %off : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %qo, %sum, %m : tensor<128x!tile.ptr<f32>>
  return
}

// A 1-D reduction wider than a piece folds pieces of a stack copy into a
// 32-lane accumulator carried by an scf.for starting at the second piece,
// then folds that accumulator in halves.
// CHECK-LABEL: func.func @wide_max
// CHECK-SAME: (%[[T:.*]]: vector<256xf32>)
// CHECK: %[[BUF:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECK: llvm.store %[[T]], %[[BUF]] {alignment = 64 : i64} : vector<256xf32>, !llvm.ptr
// CHECK: %[[FIRST:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<32xf32>
// CHECK: %[[ACC:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[FIRST]]) -> (vector<32xf32>) : i64 {
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BUF]][%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[C:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK: %[[M:.*]] = arith.maxnumf %[[A]], %[[C]] : vector<32xf32>
// CHECK: scf.yield %[[M]] : vector<32xf32>
// CHECK: vector.shuffle %[[ACC]], %[[ACC]] [0, 1, {{.*}}, 15] : vector<32xf32>, vector<32xf32>
// CHECK: vector.extract %{{.*}}[0] : f32 from vector<1xf32>
func.func @wide_max(%t: tensor<256xf32>) -> f32 {
  %r = tile.reduce(%t) axis = 0 : (tensor<256xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tile.yield %m : f32
  }
  return %r : f32
}

// Softmax-like: a run ends where a reduction needs its result; values
// crossing runs go through a stack buffer written one piece at a time and
// read one piece at a time by the next run.
// CHECK-LABEL: func.func @normalize
// CHECK: %[[E:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: scf.for
// CHECK: math.exp %{{.*}} : vector<32xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 64 : i64} : vector<32xf32>, !llvm.ptr
// CHECK: }
// CHECK: scf.for {{.*}} iter_args
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK: scf.for
// CHECK: arith.divf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<32xf32>, !llvm.ptr
// CHECK: }
func.func @normalize(%x: !tile.ptr<f32>) {
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %p = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %q = tile.addptr %p, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %q : tensor<128x!tile.ptr<f32>>
  %e = math.exp %v : tensor<128xf32>
  %s = tile.reduce(%e) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  }
  %ss = tile.splat %s : f32 -> tensor<128xf32>
  %d = arith.divf %e, %ss : tensor<128xf32>
  tile.store %q, %d : tensor<128x!tile.ptr<f32>>
  return
}

// Pieces never put a load after a store: the run is cut there, so the
// second load reads memory after every lane of the store is written.
// CHECK-LABEL: func.func @store_then_load
// CHECK: scf.for
// CHECK: llvm.store %{{.*}} : vector<32xf32>, !llvm.ptr
// CHECK: }
// CHECK: scf.for
// CHECK: llvm.load %{{.*}} -> vector<32xf32>
// CHECK: arith.mulf
// CHECK: }
func.func @store_then_load(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qx = tile.addptr %px, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %py = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qy = tile.addptr %py, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %qx : tensor<128x!tile.ptr<f32>>
  %w = arith.addf %v, %v : tensor<128xf32>
  tile.store %qy, %w : tensor<128x!tile.ptr<f32>>
  %u = tile.load %qx : tensor<128x!tile.ptr<f32>>
  %z = arith.mulf %u, %u : tensor<128xf32>
  tile.store %qy, %z : tensor<128x!tile.ptr<f32>>
  return
}

// Tiles no wider than a piece are left alone.
// CHECK-LABEL: func.func @narrow
// CHECK-NOT: scf.for
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
func.func @narrow(%a: tensor<32xf32>) -> tensor<32xf32> {
  %s = arith.addf %a, %a : tensor<32xf32>
  return %s : tensor<32xf32>
}
