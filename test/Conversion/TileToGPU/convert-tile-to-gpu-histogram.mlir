// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu=target=nvptx --canonicalize | FileCheck %s
// RUN: tilec-opt %s --split-input-file --convert-tile-to-gpu=target=simt --canonicalize | FileCheck %s --check-prefix=SIMT

// 1024 bins x 1024 inputs over 128 threads: the bins are 4096 bytes of shared memory; each
// thread zeroes 4 bins (one 128-bit store) every 512, a barrier, then for each of its 8 input
// registers an atomic add of 1 to its bin when the value is in [0, 1024) (one unsigned
// compare), a barrier, it reads its 8 result registers (bins tid + 128 r), and a barrier.
#b = #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#flat = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: llvm.mlir.global internal @__tilec_smem_bins1024() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<4096 x i8>
// CHECK-LABEL: func @bins1024
// CHECK-SAME: (%[[X:.*]]: vector<8xi32>) -> vector<8xi32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[NB:.*]] = arith.constant 1024 : i32
// CHECK-DAG: %[[STEP:.*]] = arith.constant 512 : i32
// CHECK-DAG: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[FIRST:.*]] = arith.muli %[[TID]], %{{.*}} : i32
// CHECK: scf.for %[[I:.*]] = %[[FIRST]] to %[[NB]] step %[[STEP]] : i32 {
// CHECK: llvm.store %[[ZERO]], %{{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK: }
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[X0:.*]] = vector.extract %[[X]][0] : i32 from vector<8xi32>
// CHECK: %[[IN0:.*]] = arith.cmpi ult, %[[X0]], %[[NB]] : i32
// CHECK: scf.if %[[IN0]] {
// CHECK: %[[OFF:.*]] = arith.muli %[[X0]], %{{.*}} : i32
// CHECK: %[[AT:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.atomicrmw add %[[AT]], %[[ONE]] monotonic : !llvm.ptr<3>, i32
// CHECK-COUNT-7: llvm.atomicrmw add
// CHECK-NOT: llvm.atomicrmw
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: %[[R:.*]] = vector.from_elements
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: return %[[R]]
// The emulator checks each shared access (ctx->fail on an offset outside shared memory), the
// atomic adds included, and barriers through ctx->barrier.
// SIMT-LABEL: func @bins1024
// SIMT: scf.for
// SIMT: llvm.call %{{.*}}(%{{.*}}, %{{.*}}, %{{.*}}) {convergent} : !llvm.ptr, (!llvm.ptr, i32, i64) -> ()
// SIMT-NEXT: }
// SIMT-NEXT: llvm.store %{{.*}}, %{{.*}} : vector<4xi32>, !llvm.ptr
// SIMT: llvm.call %{{.*}}(%{{.*}}) {convergent} : !llvm.ptr, (!llvm.ptr) -> ()
// SIMT: scf.if
// SIMT: llvm.call %{{.*}}(%{{.*}}, %{{.*}}, %{{.*}}) {convergent} : !llvm.ptr, (!llvm.ptr, i32, i64) -> ()
// SIMT-NEXT: }
// SIMT-NEXT: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr, i32
// SIMT-COUNT-7: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr, i32
func.func @bins1024(%x: tensor<1024xi32, #b>) -> tensor<1024xi32, #flat> attributes {tilec.simt} {
  %h = tile.histogram %x : tensor<1024xi32, #b> -> tensor<1024xi32, #flat>
  return %h : tensor<1024xi32, #flat>
}

// -----

// 16 inputs over 128 threads: only the first holder of an element (warp * 32 + lane < 16)
// counts it, under its mask; i8 values are sign-extended. 4 bins: one i32 zero each from 4
// threads; every thread reads its bin (thread % 4) back.
#flat = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: llvm.mlir.global internal @__tilec_smem_replicated() {{.*}} : !llvm.array<16 x i8>
// CHECK-LABEL: func @replicated
// CHECK-SAME: (%[[X:.*]]: vector<1xi8>, %[[M:.*]]: vector<1xi1>) -> vector<1xi32>
// CHECK: scf.for %{{.*}} = %[[TID:.*]] to %{{.*}} step %{{.*}} : i32 {
// CHECK: llvm.store %{{.*}}, %{{.*}} : vector<1xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[T:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[OWNER:.*]] = arith.cmpi ult, %[[T]], %{{.*}} : i32
// CHECK: %[[X0:.*]] = vector.extract %[[X]][0] : i8 from vector<1xi8>
// CHECK: %[[V:.*]] = arith.extsi %[[X0]] : i8 to i32
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[V]], %{{.*}} : i32
// CHECK: %[[OWNED:.*]] = arith.andi %[[OWNER]], %[[IN]] : i1
// CHECK: %[[M0:.*]] = vector.extract %[[M]][0] : i1 from vector<1xi1>
// CHECK: %[[ON:.*]] = arith.andi %[[OWNED]], %[[M0]] : i1
// CHECK: scf.if %[[ON]] {
// CHECK: llvm.atomicrmw add
// CHECK: nvvm.barrier0
// CHECK: %[[BIN:.*]] = arith.andi %{{.*}}, %{{.*}} : i32
// CHECK: llvm.load
// CHECK: nvvm.barrier0
func.func @replicated(%x: tensor<16xi8, #flat>, %m: tensor<16xi1, #flat>) -> tensor<4xi32, #flat> attributes {tilec.simt} {
  %h = tile.histogram %x, %m : tensor<16xi8, #flat>, tensor<16xi1, #flat> -> tensor<4xi32, #flat>
  return %h : tensor<4xi32, #flat>
}

// -----

// i64 values are compared in 64 bits (2^32 is out of range), then the bin is truncated.
#flat = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func @wide
// CHECK: %[[X0:.*]] = vector.extract %{{.*}}[0] : i64 from vector<1xi64>
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[X0]], %{{.*}} : i64
// CHECK: scf.if %[[IN]] {
// CHECK: %[[BIN:.*]] = arith.trunci %[[X0]] : i64 to i32
// CHECK: arith.muli %[[BIN]], %{{.*}} : i32
// CHECK: llvm.atomicrmw add
func.func @wide(%x: tensor<128xi64, #flat>) -> tensor<4xi32, #flat> attributes {tilec.simt} {
  %h = tile.histogram %x : tensor<128xi64, #flat> -> tensor<4xi32, #flat>
  return %h : tensor<4xi32, #flat>
}
