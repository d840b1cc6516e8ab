// RUN: tilec-opt %s --split-input-file --convert-tile-to-vector | FileCheck %s

// The input and mask are spilled, the bins zeroed; one loop over the 16 lanes adds 1 to the
// bin of each enabled lane in [0, 8) (one unsigned compare of the sign-extended value), and
// 0 to bin 0 otherwise; the counts are read back as one vector.
// CHECK-LABEL: func.func @masked
// CHECK-SAME: (%[[X:.*]]: vector<16xi8>, %[[M:.*]]: vector<16xi1>) -> vector<8xi32>
// CHECK-DAG: %[[BINS:.*]] = llvm.alloca %{{.*}} x i32
// CHECK-DAG: %[[MB:.*]] = llvm.alloca %{{.*}} x i8
// CHECK-DAG: %[[XB:.*]] = llvm.alloca %{{.*}} x i8
// CHECK: llvm.store %[[X]], %[[XB]]
// CHECK: %[[M8:.*]] = arith.extui %[[M]] : vector<16xi1> to vector<16xi8>
// CHECK: llvm.store %[[M8]], %[[MB]]
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: %[[BYTES:.*]] = arith.constant 32 : i64
// CHECK: "llvm.intr.memset"(%[[BINS]], %[[ZERO]], %[[BYTES]])
// CHECK: %[[N:.*]] = arith.constant 16 : i64
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} to %[[N]] step %{{.*}} : i64 {
// CHECK: %[[XA:.*]] = llvm.getelementptr %[[XB]][%[[LANE]]]
// CHECK: %[[V8:.*]] = llvm.load %[[XA]] {{.*}} -> i8
// CHECK: %[[V:.*]] = arith.extsi %[[V8]] : i8 to i64
// CHECK: %[[NB:.*]] = arith.constant 8 : i64
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[V]], %[[NB]] : i64
// CHECK: %[[MA:.*]] = llvm.getelementptr %[[MB]][%[[LANE]]]
// CHECK: %[[MV8:.*]] = llvm.load %[[MA]] {{.*}} -> i8
// CHECK: %[[MV:.*]] = arith.trunci %[[MV8]] : i8 to i1
// CHECK: %[[ON:.*]] = arith.andi %[[IN]], %[[MV]] : i1
// CHECK: %[[BIN:.*]] = arith.select %[[ON]], %[[V]], %{{.*}} : i64
// CHECK: %[[BA:.*]] = llvm.getelementptr %[[BINS]][%[[BIN]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: %[[OLD:.*]] = llvm.load %[[BA]] {{.*}} -> i32
// CHECK: %[[ADD:.*]] = arith.extui %[[ON]] : i1 to i32
// CHECK: %[[NEW:.*]] = arith.addi %[[OLD]], %[[ADD]] : i32
// CHECK: llvm.store %[[NEW]], %[[BA]]
// CHECK: }
// CHECK: %[[R:.*]] = llvm.load %[[BINS]] {{.*}} -> vector<8xi32>
// CHECK: return %[[R]]
func.func @masked(%x: tensor<16xi8>, %m: tensor<16xi1>) -> tensor<8xi32> {
  %h = tile.histogram %x, %m : tensor<16xi8>, tensor<16xi1> -> tensor<8xi32>
  return %h : tensor<8xi32>
}

// -----

// An input loaded contiguously and not written over since is read where it was loaded (no
// stack copy); i64 values are compared as they are.
// CHECK-LABEL: func.func @loaded
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
// CHECK-COUNT-1: llvm.alloca
// CHECK-NOT: llvm.alloca
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: %[[A:.*]] = llvm.getelementptr %[[P]][%[[LANE]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK: %[[V:.*]] = llvm.load %[[A]] {{.*}} -> i64
// CHECK-NOT: arith.extsi
// CHECK: arith.cmpi ult, %[[V]], %{{.*}} : i64
func.func @loaded(%p: !tile.ptr<i64>) -> tensor<4xi32> {
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %s = tile.splat %p : !tile.ptr<i64> -> tensor<16x!tile.ptr<i64>>
  %a = tile.addptr %s, %r : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  %x = tile.load %a : tensor<16x!tile.ptr<i64>>
  %h = tile.histogram %x : tensor<16xi64> -> tensor<4xi32>
  return %h : tensor<4xi32>
}

// -----

// A store after the load may change that memory: the loaded values are copied to the stack.
// CHECK-LABEL: func.func @overwritten
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
// CHECK: %[[BINS:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: %[[COPY:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: %[[X:.*]] = llvm.load %[[P]] {{.*}} -> vector<16xi32>
// CHECK: llvm.store %{{.*}}, %[[P]]
// CHECK: llvm.store %[[X]], %[[COPY]]
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: llvm.getelementptr %[[COPY]][%[[LANE]]]
func.func @overwritten(%p: !tile.ptr<i32>) -> tensor<4xi32> {
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %s = tile.splat %p : !tile.ptr<i32> -> tensor<16x!tile.ptr<i32>>
  %a = tile.addptr %s, %r : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %x = tile.load %a : tensor<16x!tile.ptr<i32>>
  tile.store %a, %r : tensor<16x!tile.ptr<i32>>
  %h = tile.histogram %x : tensor<16xi32> -> tensor<4xi32>
  return %h : tensor<4xi32>
}
