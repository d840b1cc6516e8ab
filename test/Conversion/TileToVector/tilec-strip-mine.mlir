// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine=chunk-lanes=32 --tilec-lower-nontemporal-stores=streaming=true --canonicalize --cse | FileCheck %s
// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s --check-prefix=NOCHUNK
// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine="chunk-lanes=32 max-interchanged-blocks=0" --canonicalize --cse | FileCheck %s --check-prefix=INORDER
// RUN: not tilec-opt %s --convert-tile-to-vector=chunk-lanes=32 --tilec-strip-mine="max-interchanged-blocks=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: tilec-strip-mine: max-interchanged-blocks must not be negative, got -1

// A masked elementwise chain over 128 lanes (vector add) becomes one scf.for
// over 32-lane pieces: the mask, both masked loads, the add and the store of a
// piece run together (plain loads and store when the piece's mask is all true,
// which for `offsets < n` is a scalar test of the piece's last offset; the
// vector mask is then computed only in the masked branches); the range
// constant becomes its first piece plus the lane offset, and nothing 128 lanes
// wide is left.
// CHECK-LABEL: func.func @add_chain
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr, %[[OUT:.*]]: !llvm.ptr, %[[N:.*]]: i32)
// CHECK-NOT: vector<128x
// CHECK-DAG: %[[FIRST:.*]] = arith.constant dense<[0, 1, 2, {{.*}}, 31]> : vector<32xi32>
// CHECK-DAG: %[[XS:.*]] = llvm.getelementptr %[[X]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-DAG: %[[YS:.*]] = llvm.getelementptr %[[Y]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-DAG: %[[OS:.*]] = llvm.getelementptr %[[OUT]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: %[[L32:.*]] = arith.trunci %[[LANE]] : i64 to i32
// CHECK: %[[XA:.*]] = llvm.getelementptr %[[XS]][%[[LANE]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[LAST:.*]] = arith.addi %[[L32]], %{{.*}} : i32
// CHECK: %[[OFF0:.*]] = arith.addi %{{.*}}, %[[L32]] : i32
// CHECK: %[[OFF31:.*]] = arith.addi %{{.*}}, %[[LAST]] : i32
// CHECK: %[[BELOW:.*]] = arith.cmpi slt, %[[OFF31]], %[[N]] : i32
// CHECK: %[[NOWRAP:.*]] = arith.cmpi sle, %[[OFF0]], %[[OFF31]] : i32
// CHECK: %[[ALL:.*]] = arith.andi %[[BELOW]], %[[NOWRAP]] : i1
// CHECK: %[[XV:.*]] = scf.if %[[ALL]] -> (vector<32xf32>) {
// CHECK: %[[XP:.*]] = llvm.load %[[XA]] {alignment = 4 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK: scf.yield %[[XP]]
// CHECK: } else {
// CHECK: %[[LB:.*]] = vector.broadcast %[[L32]] : i32 to vector<32xi32>
// CHECK: %[[RNG:.*]] = arith.addi %[[LB]], %[[FIRST]] : vector<32xi32>
// CHECK: %[[OFF:.*]] = arith.addi %{{.*}}, %[[RNG]] : vector<32xi32>
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %[[OFF]], %{{.*}} : vector<32xi32>
// CHECK: %[[XM:.*]] = llvm.intr.masked.load %[[XA]], %[[MASK]], %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<32xi1>, vector<32xf32>) -> vector<32xf32>
// CHECK: scf.yield %[[XM]]
// CHECK: }
// CHECK: %[[YA:.*]] = llvm.getelementptr %[[YS]][%[[LANE]]]
// CHECK: %[[YV:.*]] = scf.if %[[ALL]] -> (vector<32xf32>) {
// CHECK: llvm.load %[[YA]]
// CHECK: } else {
// CHECK: %[[YMASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: llvm.intr.masked.load %[[YA]], %[[YMASK]], %{{.*}} -> vector<32xf32>
// CHECK: }
// CHECK: %[[SUM:.*]] = arith.addf %[[XV]], %[[YV]] : vector<32xf32>
// CHECK: %[[OA:.*]] = llvm.getelementptr %[[OS]][%[[LANE]]]
// CHECK: scf.if %[[ALL]] {
// CHECK: llvm.store %[[SUM]], %[[OA]] {alignment = 4 : i64} : vector<32xf32>, !llvm.ptr
// CHECK: } else {
// CHECK: %[[OMASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: llvm.intr.masked.store %[[SUM]], %[[OA]], %[[OMASK]] {alignment = 4 : i32} : vector<32xf32>, vector<32xi1> into !llvm.ptr
// CHECK: }
// CHECK: }
// CHECK-NOT: vector<128x
// CHECK: return
// NOCHUNK-LABEL: func.func @add_chain
// NOCHUNK-NOT: scf.for
// NOCHUNK: arith.addf %{{.*}}, %{{.*}} : vector<128xf32>
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
// 32-lane accumulator carried by an scf.for over every piece (the first one
// taken as is), then folds that accumulator in halves.
// CHECK-LABEL: func.func @wide_max
// CHECK-SAME: (%[[T:.*]]: vector<256xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[BUF:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECK: llvm.store %[[T]], %[[BUF]] {alignment = 64 : i64} : vector<256xf32>, !llvm.ptr
// CHECK: %[[ACC:.*]] = scf.for %[[I:.*]] = %[[ZERO]] to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (vector<32xf32>) : i64 {
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BUF]][%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[C:.*]] = llvm.load %[[P]] {{.*}} : !llvm.ptr -> vector<32xf32>
// CHECK: %[[M:.*]] = arith.maxnumf %[[A]], %[[C]] : vector<32xf32>
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[I]], %[[ZERO]] : i64
// CHECK: %[[NEXT:.*]] = arith.select %[[FIRST]], %[[C]], %[[M]] : vector<32xf32>
// CHECK: scf.yield %[[NEXT]] : vector<32xf32>
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

// Softmax-like: a run ends where a reduction needs its result, and the
// reduction's fold joins it: the exp run adds each piece into the sum's
// accumulator as it goes. It also writes its pieces into the copy the sum
// read, which the final run reads `e` from (no second buffer, no 128-lane
// value).
// CHECK-LABEL: func.func @normalize
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr)
// CHECK: %[[E:.*]] = llvm.alloca %{{.*}} x f32
// CHECK-NOT: llvm.alloca
// CHECK: %[[ACC:.*]] = scf.for %[[I:.*]] = %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (vector<32xf32>) : i64 {
// CHECK: %[[EX:.*]] = math.exp %{{.*}} : vector<32xf32>
// CHECK: %[[EA:.*]] = llvm.getelementptr %[[E]][%[[I]]]
// CHECK: llvm.store %[[EX]], %[[EA]] {alignment = 64 : i64} : vector<32xf32>, !llvm.ptr
// CHECK: %[[ADD:.*]] = arith.addf %[[A]], %[[EX]] : vector<32xf32>
// CHECK: %[[NEXT:.*]] = arith.select %{{.*}}, %[[EX]], %[[ADD]] : vector<32xf32>
// CHECK: scf.yield %[[NEXT]] : vector<32xf32>
// CHECK: }
// CHECK-NOT: scf.for {{.*}} iter_args
// CHECK: vector.shuffle %[[ACC]], %[[ACC]]
// CHECK: %[[S:.*]] = vector.extract
// CHECK: scf.for %[[J:.*]] = %{{.*}} : i64 {
// CHECK: %[[EB:.*]] = llvm.getelementptr %[[E]][%[[J]]]
// CHECK: %[[EV:.*]] = llvm.load %[[EB]] {alignment = 64 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK: %[[SB:.*]] = vector.broadcast %[[S]] : f32 to vector<32xf32>
// CHECK: %[[D:.*]] = arith.divf %[[EV]], %[[SB]] : vector<32xf32>
// CHECK: %[[XA:.*]] = llvm.getelementptr %[[X]][%[[J]]]
// CHECK: llvm.store %[[D]], %[[XA]] {alignment = 4 : i64} : vector<32xf32>, !llvm.ptr
// CHECK: }
// CHECK-NOT: vector<128x
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

// A loaded row used before and after its reduction is read from memory by
// both runs (nothing writes memory in between) instead of being copied to a
// stack buffer: the first run folds the maximum as it loads, the second loads
// the row again; no buffer is left.
// CHECK-LABEL: func.func @reload_row
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr)
// CHECK-NOT: llvm.alloca
// CHECK: %[[ACC:.*]] = scf.for %[[I:.*]] = %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (vector<32xf32>) : i64 {
// CHECK: %[[XA:.*]] = llvm.getelementptr %[[X]][%[[I]]]
// CHECK: %[[XV:.*]] = llvm.load %[[XA]] {alignment = 4 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK: %[[M:.*]] = arith.maxnumf %[[A]], %[[XV]] : vector<32xf32>
// CHECK: arith.select %{{.*}}, %[[XV]], %[[M]] : vector<32xf32>
// CHECK: }
// CHECK: %[[MAX:.*]] = vector.extract
// CHECK: scf.for %[[J:.*]] = %{{.*}} : i64 {
// CHECK: %[[XB:.*]] = llvm.getelementptr %[[X]][%[[J]]]
// CHECK: %[[XW:.*]] = llvm.load %[[XB]] {alignment = 4 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK: %[[D:.*]] = arith.subf %[[XW]], %{{.*}} : vector<32xf32>
// CHECK: llvm.store %[[D]], %{{.*}} : vector<32xf32>, !llvm.ptr
// CHECK: }
// CHECK-NOT: llvm.alloca
func.func @reload_row(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qx = tile.addptr %px, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %qx : tensor<128x!tile.ptr<f32>>
  %m = tile.reduce(%v) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tile.yield %t : f32
  }
  %ms = tile.splat %m : f32 -> tensor<128xf32>
  %d = arith.subf %v, %ms : tensor<128xf32>
  %py = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qy = tile.addptr %py, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %qy, %d : tensor<128x!tile.ptr<f32>>
  return
}

// A store to program memory between the load and its later use may change
// what the load read: the later run reads the row from the stack copy.
// CHECK-LABEL: func.func @no_reload_after_store
// CHECK: %[[COPY:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: scf.for %[[I:.*]] = %{{.*}} : i64 {
// CHECK: %[[XV:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK: %[[CA:.*]] = llvm.getelementptr %[[COPY]][%[[I]]]
// CHECK: llvm.store %[[XV]], %[[CA]]
// CHECK: }
// CHECK: llvm.store %{{.*}} : f32, !llvm.ptr
// CHECK: scf.for %[[J:.*]] = %{{.*}} : i64 {
// CHECK: %[[CB:.*]] = llvm.getelementptr %[[COPY]][%[[J]]]
// CHECK: llvm.load %[[CB]] {alignment = 64 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK: }
func.func @no_reload_after_store(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %s: f32) {
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qx = tile.addptr %px, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %qx : tensor<128x!tile.ptr<f32>>
  %e = math.exp %v : tensor<128xf32>
  %py = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qy = tile.addptr %py, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %qy, %e : tensor<128x!tile.ptr<f32>>
  tile.store %x, %s : !tile.ptr<f32>
  %w = arith.mulf %v, %v : tensor<128xf32>
  tile.store %qy, %w : tensor<128x!tile.ptr<f32>>
  return
}

// A mask that is not a comparison of lane sequences (here the lanes of a
// loaded tile) is tested for all-true lanes by a vector reduction per piece.
// CHECK-LABEL: func.func @data_mask
// CHECK: scf.for
// CHECK: %[[M:.*]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK: %[[ALL:.*]] = vector.reduction <and>, %[[M]] : vector<32xi1> into i1
// CHECK: scf.if %[[ALL]] {
// CHECK: llvm.store
// CHECK: } else {
// CHECK: llvm.intr.masked.store
func.func @data_mask(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qx = tile.addptr %px, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %qx : tensor<128x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %m = arith.cmpf ogt, %v, %zero : tensor<128xf32>
  %py = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qy = tile.addptr %py, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %qy, %v, %m : tensor<128x!tile.ptr<f32>>
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

// A wide vector carried by scf.for (an accumulator) lives in a stack buffer
// that the loop body updates piece by piece. When the loop has at most 16
// blocks (n <= 16 * 128), it is interchanged with the piece loop: each piece
// of the accumulator is updated by all the blocks in turn, in the same order
// per lane, carried by the inner loop (in registers) from the splat it was
// initialized with, and the reduction's fold joins the piece loop, combining
// each piece once it is final (same order: bit-identical sums). Longer loops
// keep their order (one stream at a time): the initial store, the piecewise
// update in place, then the fold reading the buffer.
// CHECK-LABEL: func.func @accumulate
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[N:.*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<32xf32>
// CHECK-DAG: %[[LIMIT:.*]] = arith.constant 2048 : i64
// CHECK-DAG: %[[ACC:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[FEW:.*]] = arith.cmpi sle, %[[N64]], %[[LIMIT]] : i64
// CHECK: %[[RES:.*]] = scf.if %[[FEW]] -> (vector<32xf32>) {
// CHECK-NOT: %[[ACC]]
// CHECK: %[[FOLD:.*]] = scf.for %[[I:.*]] = %{{.*}} iter_args(%[[R:.*]] = %[[ZERO]]) -> (vector<32xf32>) : i64 {
// CHECK: %[[SUM:.*]] = scf.for %[[OFF:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[OLD:.*]] = %[[ZERO]]) -> (vector<32xf32>) : i32 {
// CHECK: %[[OFF64:.*]] = arith.extsi %[[OFF]] : i32 to i64
// CHECK: %[[ROW:.*]] = llvm.getelementptr %[[X]][%[[OFF64]]]
// CHECK: %[[XA:.*]] = llvm.getelementptr %[[ROW]][%[[I]]]
// CHECK: %[[V:.*]] = llvm.load %[[XA]] {{.*}} -> vector<32xf32>
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %[[V]] : vector<32xf32>
// CHECK: scf.yield %[[NEW]] : vector<32xf32>
// CHECK: }
// CHECK: %[[ADDED:.*]] = arith.addf %[[R]], %[[SUM]] : vector<32xf32>
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[I]], %{{.*}} : i64
// CHECK: %[[NEXT:.*]] = arith.select %[[FIRST]], %[[SUM]], %[[ADDED]] : vector<32xf32>
// CHECK: scf.yield %[[NEXT]] : vector<32xf32>
// CHECK: }
// CHECK: scf.yield %[[FOLD]] : vector<32xf32>
// CHECK: } else {
// CHECK: llvm.store %{{.*}}, %[[ACC]] {alignment = 64 : i64} : vector<128xf32>, !llvm.ptr
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} : i32 {
// CHECK: scf.for %[[J:.*]] = %{{.*}} : i64 {
// CHECK: %[[AA:.*]] = llvm.getelementptr %[[ACC]][%[[J]]]
// CHECK: %[[AOLD:.*]] = llvm.load %[[AA]] {alignment = 64 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK: %[[ANEW:.*]] = arith.addf %[[AOLD]], %{{.*}} : vector<32xf32>
// CHECK: llvm.store %[[ANEW]], %[[AA]] {alignment = 64 : i64} : vector<32xf32>, !llvm.ptr
// CHECK: }
// CHECK: }
// CHECK: %[[SLOW:.*]] = scf.for %[[K:.*]] = %{{.*}} iter_args
// CHECK: llvm.getelementptr %[[ACC]][%[[K]]]
// CHECK: scf.yield %[[SLOW]] : vector<32xf32>
// CHECK: }
// CHECK: vector.shuffle %[[RES]], %[[RES]]
// With max-interchanged-blocks=0 (what CPUs with 512-bit vectors get) no
// loop is interchanged: the blocks update the buffer in place, in order (one
// stream), and the fold reads it afterwards.
// INORDER-LABEL: func.func @accumulate
// INORDER-SAME: (%[[X:.*]]: !llvm.ptr, %[[N:.*]]: i32)
// INORDER: %[[ACC:.*]] = llvm.alloca %{{.*}} x f32
// INORDER-NOT: scf.if
// INORDER: llvm.store %{{.*}}, %[[ACC]] {alignment = 64 : i64} : vector<128xf32>, !llvm.ptr
// INORDER: scf.for %[[OFF:.*]] = %{{.*}} to %[[N]] step %{{.*}} : i32 {
// INORDER: %[[ROW:.*]] = llvm.getelementptr %[[X]]
// INORDER: scf.for %[[J:.*]] = %{{.*}} : i64 {
// INORDER: %[[AA:.*]] = llvm.getelementptr %[[ACC]][%[[J]]]
// INORDER: %[[AOLD:.*]] = llvm.load %[[AA]] {alignment = 64 : i64} : !llvm.ptr -> vector<32xf32>
// INORDER: %[[XA:.*]] = llvm.getelementptr %[[ROW]][%[[J]]]
// INORDER: %[[V:.*]] = llvm.load %[[XA]]
// INORDER: %[[ANEW:.*]] = arith.addf %[[AOLD]], %[[V]] : vector<32xf32>
// INORDER: llvm.store %[[ANEW]], %[[AA]] {alignment = 64 : i64} : vector<32xf32>, !llvm.ptr
// INORDER: }
// INORDER: }
// INORDER: %[[FOLD:.*]] = scf.for %[[K:.*]] = %{{.*}} iter_args
// INORDER: llvm.getelementptr %[[ACC]][%[[K]]]
// INORDER: vector.shuffle %[[FOLD]], %[[FOLD]]
func.func @accumulate(%x: !tile.ptr<f32>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %acc = scf.for %off = %c0 to %n step %c128 iter_args(%a = %zero) -> (tensor<128xf32>) : i32 {
    %s = tile.splat %off : i32 -> tensor<128xi32>
    %cols = arith.addi %s, %r : tensor<128xi32>
    %q = tile.addptr %px, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %q : tensor<128x!tile.ptr<f32>>
    %sum = arith.addf %a, %v : tensor<128xf32>
    scf.yield %sum : tensor<128xf32>
  }
  %t = tile.reduce(%acc) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %m = arith.addf %a, %b : f32
    tile.yield %m : f32
  }
  return %t : f32
}

// An accumulator whose initial value is not a constant: each piece is loaded
// from its buffer before the inner loop (and the fold still joins the loop).
// CHECK-LABEL: func.func @accumulate_from_loaded
// CHECK: %[[ACC:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: llvm.store %{{.*}}, %[[ACC]] {alignment = 64 : i64} : vector<128xf32>, !llvm.ptr
// CHECK: scf.if
// CHECK: scf.for %[[I:.*]] = %{{.*}} iter_args(%{{.*}}) -> (vector<32xf32>) : i64 {
// CHECK: %[[AA:.*]] = llvm.getelementptr %[[ACC]][%[[I]]]
// CHECK: %[[INIT:.*]] = llvm.load %[[AA]] {alignment = 64 : i64} : !llvm.ptr -> vector<32xf32>
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (vector<32xf32>) : i32 {
// CHECK: arith.addf %{{.*}}, %[[SUM]] : vector<32xf32>
func.func @accumulate_from_loaded(%x: !tile.ptr<f32>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %p0 = tile.addptr %px, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %first = tile.load %p0 : tensor<128x!tile.ptr<f32>>
  %acc = scf.for %off = %c128 to %n step %c128 iter_args(%a = %first) -> (tensor<128xf32>) : i32 {
    %s = tile.splat %off : i32 -> tensor<128xi32>
    %cols = arith.addi %s, %r : tensor<128xi32>
    %q = tile.addptr %px, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %q : tensor<128x!tile.ptr<f32>>
    %sum = arith.addf %a, %v : tensor<128xf32>
    scf.yield %sum : tensor<128xf32>
  }
  %t = tile.reduce(%acc) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %m = arith.addf %a, %b : f32
    tile.yield %m : f32
  }
  return %t : f32
}

// A loop that also stores to program memory keeps its order (blocks outside,
// pieces inside): interchanging it would reorder its stores and loads.
// CHECK-LABEL: func.func @accumulate_and_store
// CHECK: scf.for %{{.*}} = %{{.*}} : i32 {
// CHECK: scf.for %{{.*}} = %{{.*}} : i64 {
// CHECK: arith.addf
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : vector<32xf32>, !llvm.ptr
// CHECK: }
// CHECK: }
func.func @accumulate_and_store(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %py = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %acc = scf.for %off = %c0 to %n step %c128 iter_args(%a = %zero) -> (tensor<128xf32>) : i32 {
    %s = tile.splat %off : i32 -> tensor<128xi32>
    %cols = arith.addi %s, %r : tensor<128xi32>
    %q = tile.addptr %px, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %q : tensor<128x!tile.ptr<f32>>
    %sum = arith.addf %a, %v : tensor<128xf32>
    %qy = tile.addptr %py, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    tile.store %qy, %sum : tensor<128x!tile.ptr<f32>>
    scf.yield %sum : tensor<128xf32>
  }
  %t = tile.reduce(%acc) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %m = arith.addf %a, %b : f32
    tile.yield %m : f32
  }
  return %t : f32
}

// A select by a mask of lane sequences (`tl.where(offsets < n, x, 0)`) is
// versioned like the masked loads: a piece whose lanes are all enabled takes
// the true value (a scalar test), and only the others compare and select.
// CHECK-LABEL: func.func @where_in_bounds
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[OUT:.*]]: !llvm.ptr, %[[N:.*]]: i32)
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} : i64 {
// CHECK: %[[V:.*]] = llvm.load %{{.*}} -> vector<32xf32>
// CHECK: %[[D:.*]] = arith.mulf %[[V]], %[[V]] : vector<32xf32>
// CHECK: %[[BELOW:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : i32
// CHECK: %[[ALL:.*]] = arith.andi %[[BELOW]], %{{.*}} : i1
// CHECK: %[[W:.*]] = scf.if %[[ALL]] -> (vector<32xf32>) {
// CHECK: scf.yield %[[D]] : vector<32xf32>
// CHECK: } else {
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: %[[SEL:.*]] = arith.select %[[MASK]], %[[D]], %{{.*}} : vector<32xi1>, vector<32xf32>
// CHECK: scf.yield %[[SEL]] : vector<32xf32>
// CHECK: }
// CHECK: llvm.store %[[W]], %{{.*}} : vector<32xf32>, !llvm.ptr
func.func @where_in_bounds(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %q = tile.addptr %px, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %q : tensor<128x!tile.ptr<f32>>
  %d = arith.mulf %v, %v : tensor<128xf32>
  %w = arith.select %mask, %d, %zero : tensor<128xi1>, tensor<128xf32>
  %po = tile.splat %out : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qo = tile.addptr %po, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %qo, %w : tensor<128x!tile.ptr<f32>>
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

// A 2-D tile reduced along its rows (axis 1, rows of at least a piece) is
// reduced row after row by an scf.for writing one result lane per row: no
// strided shuffles of the whole tile, code independent of the row count.
// CHECK-LABEL: func.func @row_sums
// CHECK-SAME: (%[[T:.*]]: vector<256xf32>)
// CHECK-DAG: %[[OUT:.*]] = llvm.alloca %{{.*}} x f32
// CHECK-DAG: %[[BUF:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: llvm.store %[[T]], %[[BUF]] {alignment = 64 : i64} : vector<256xf32>, !llvm.ptr
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} : i64 {
// CHECK: %[[BASE:.*]] = arith.muli %[[ROW]], %{{.*}} : i64
// CHECK: scf.for %[[K:.*]] = %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (vector<32xf32>) : i64 {
// CHECK: %[[IDX:.*]] = arith.addi %[[BASE]], %[[K]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BUF]][%[[IDX]]]
// CHECK: %[[L:.*]] = llvm.load %[[P]] {{.*}} -> vector<32xf32>
// CHECK: arith.addf %[[A]], %[[L]] : vector<32xf32>
// CHECK: }
// CHECK: %[[ONE:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<1xf32>
// CHECK: %[[DST:.*]] = llvm.getelementptr %[[OUT]][%[[ROW]]]
// CHECK: llvm.store %[[ONE]], %[[DST]] {alignment = 4 : i64} : vector<1xf32>, !llvm.ptr
// CHECK: }
// CHECK: %[[R:.*]] = llvm.load %[[OUT]] {alignment = 64 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK: return %[[R]]
func.func @row_sums(%t: tensor<4x64xf32>) -> tensor<4xf32> {
  %r = tile.reduce(%t) axis = 1 : (tensor<4x64xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  return %r : tensor<4xf32>
}
