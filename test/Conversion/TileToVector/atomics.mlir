// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// A masked scalar atomic runs under scf.if; masked off it yields zero. relaxed is monotonic.
// CHECK-LABEL: func.func @scalar_masked
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: f32, %[[M:.*]]: i1)
// CHECK: %[[R:.*]] = scf.if %[[M]] -> (f32) {
// CHECK: %[[OLD:.*]] = llvm.atomicrmw fadd %[[P]], %[[V]] monotonic : !llvm.ptr, f32
// CHECK: scf.yield %[[OLD]] : f32
// CHECK: } else {
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.yield %[[Z]] : f32
// CHECK: return %[[R]]
func.func @scalar_masked(%p: !tile.ptr<f32>, %v: f32, %m: i1) -> f32 {
  %0 = tile.atomic_rmw fadd relaxed gpu %p, %v, %m : !tile.ptr<f32>
  return %0 : f32
}

// Float max as Triton does it: signed max on the bits of a non-negative value, unsigned min on
// those of a negative one.
// CHECK-LABEL: func.func @scalar_fmax
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: f32)
// CHECK: %[[BITS:.*]] = arith.bitcast %[[V]] : f32 to i32
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[BITS]], %{{.*}} : i32
// CHECK: %[[OLD:.*]] = scf.if %[[NEG]] -> (i32) {
// CHECK: llvm.atomicrmw umin %[[P]], %[[BITS]] acq_rel : !llvm.ptr, i32
// CHECK: } else {
// CHECK: llvm.atomicrmw max %[[P]], %[[BITS]] acq_rel : !llvm.ptr, i32
// CHECK: %[[R:.*]] = arith.bitcast %[[OLD]] : i32 to f32
// CHECK: return %[[R]]
func.func @scalar_fmax(%p: !tile.ptr<f32>, %v: f32) -> f32 {
  %0 = tile.atomic_rmw fmax acq_rel gpu %p, %v : !tile.ptr<f32>
  return %0 : f32
}

// Tiles: pointers, values and the mask (as i8) are spilled; one atomic per lane in an scf.for
// whose old values fill the result buffer.
// CHECK-LABEL: func.func @tile_add
// CHECK-SAME: (%[[P:.*]]: vector<4x!llvm.ptr>, %[[V:.*]]: vector<4xi32>, %[[M:.*]]: vector<4xi1>)
// CHECK-DAG: %[[RES:.*]] = llvm.alloca %{{.*}} x i32
// CHECK-DAG: %[[PB:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK: llvm.store %[[P]], %[[PB]]
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: %[[PA:.*]] = llvm.getelementptr %[[PB]][%[[LANE]]]
// CHECK: %[[PL:.*]] = llvm.load %[[PA]] {{.*}} -> !llvm.ptr
// CHECK: %[[ML:.*]] = arith.trunci %{{.*}} : i8 to i1
// CHECK: %[[OLD:.*]] = scf.if %[[ML]] -> (i32) {
// CHECK: llvm.atomicrmw add %[[PL]], %{{.*}} acquire : !llvm.ptr, i32
// CHECK: %[[RA:.*]] = llvm.getelementptr %[[RES]][%[[LANE]]]
// CHECK: llvm.store %[[OLD]], %[[RA]]
// CHECK: %[[R:.*]] = llvm.load %[[RES]] {{.*}} -> vector<4xi32>
// CHECK: return %[[R]]
func.func @tile_add(%p: tensor<4x!tile.ptr<i32>>, %v: tensor<4xi32>, %m: tensor<4xi1>) -> tensor<4xi32> {
  %0 = tile.atomic_rmw add acquire gpu %p, %v, %m : tensor<4x!tile.ptr<i32>>
  return %0 : tensor<4xi32>
}

// Float compare-and-swap compares bit patterns; a release cmpxchg fails with monotonic order.
// CHECK-LABEL: func.func @cas_f32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[C:.*]]: f32, %[[V:.*]]: f32)
// CHECK: %[[CI:.*]] = arith.bitcast %[[C]] : f32 to i32
// CHECK: %[[VI:.*]] = arith.bitcast %[[V]] : f32 to i32
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[CI]], %[[VI]] release monotonic : !llvm.ptr, i32
// CHECK: %[[OLD:.*]] = llvm.extractvalue %[[PAIR]][0]
// CHECK: %[[R:.*]] = arith.bitcast %[[OLD]] : i32 to f32
// CHECK: return %[[R]]
func.func @cas_f32(%p: !tile.ptr<f32>, %c: f32, %v: f32) -> f32 {
  %0 = tile.atomic_cas release gpu %p, %c, %v : !tile.ptr<f32>
  return %0 : f32
}

// An atomic load is one ordered llvm.load; a boolean is read as its byte and compared with zero.
// CHECK-LABEL: func.func @load_acquire
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[B:.*]]: !llvm.ptr)
// CHECK: %[[V:.*]] = llvm.load %[[P]] atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[BYTE:.*]] = llvm.load %[[B]] atomic monotonic {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK: %[[Z:.*]] = arith.constant 0 : i8
// CHECK: %[[BOOL:.*]] = arith.cmpi ne, %[[BYTE]], %[[Z]] : i8
// CHECK: return %[[V]], %[[BOOL]]
func.func @load_acquire(%p: !tile.ptr<i32>, %b: !tile.ptr<i1>) -> (i32, i1) {
  %0 = tile.atomic_load acquire gpu %p : !tile.ptr<i32>
  %1 = tile.atomic_load relaxed sys %b : !tile.ptr<i1>
  return %0, %1 : i32, i1
}

// A masked tile of atomic stores: one release llvm.store per lane, under the lane's mask.
// CHECK-LABEL: func.func @tile_store
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: %[[PL:.*]] = llvm.load %{{.*}} -> !llvm.ptr
// CHECK: %[[VL:.*]] = llvm.load %{{.*}} -> f64
// CHECK: %[[ML:.*]] = arith.trunci %{{.*}} : i8 to i1
// CHECK: scf.if %[[ML]] {
// CHECK: llvm.store %[[VL]], %[[PL]] atomic release {alignment = 8 : i64} : f64, !llvm.ptr
// CHECK-NOT: llvm.load %{{.*}} -> vector
// CHECK: return
func.func @tile_store(%p: tensor<4x!tile.ptr<f64>>, %v: tensor<4xf64>, %m: tensor<4xi1>) {
  tile.atomic_store release gpu %p, %v, %m : tensor<4x!tile.ptr<f64>>
  return
}
