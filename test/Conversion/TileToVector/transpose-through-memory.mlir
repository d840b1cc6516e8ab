// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine=chunk-lanes=32 --tilec-lower-nontemporal-stores=streaming=true | FileCheck %s

// On CPUs a 2-D transpose of more than 1024 lanes goes through memory: the source is spilled
// and each result row gathers a column of it (lanes j * 32 + i) into a buffer read back whole,
// in a loop over the 32 result rows; no 2048-lane shuffle.
// CHECK-LABEL: func.func @transpose_wide
// CHECK-SAME: (%[[X:.+]]: vector<2048xf32>)
// CHECK-NOT: vector.shuffle
// CHECK: %[[DST:.+]] = llvm.alloca %{{.+}} x f32
// CHECK: %[[SRC:.+]] = llvm.alloca %{{.+}} x f32
// CHECK: llvm.store %[[X]], %[[SRC]] {alignment = 64 : i64} : vector<2048xf32>, !llvm.ptr
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[C32:.+]] step %{{.+}} : i64 {
// CHECK: scf.for
// CHECK: %[[COLS:.+]] = arith.addi %{{.+}}, %{{.+}} : vector<32xi64>
// CHECK: %[[BI:.+]] = vector.broadcast %[[I]] : i64 to vector<32xi64>
// CHECK: %[[IDX:.+]] = arith.addi %[[COLS]], %[[BI]] : vector<32xi64>
// CHECK: %[[PTRS:.+]] = llvm.getelementptr %[[SRC]][%[[IDX]]] : (!llvm.ptr, vector<32xi64>) -> vector<32x!llvm.ptr>, f32
// CHECK: llvm.intr.masked.gather %[[PTRS]]
// CHECK: %[[T:.+]] = llvm.load %[[DST]] {alignment = 64 : i64} : !llvm.ptr -> vector<2048xf32>
// CHECK: return %[[T]]
func.func @transpose_wide(%x: tensor<64x32xf32>) -> tensor<32x64xf32> {
  %t = tile.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  return %t : tensor<32x64xf32>
}

// A small transpose stays one shuffle.
// CHECK-LABEL: func.func @transpose_small
// CHECK: vector.shuffle %{{.+}}, %{{.+}} [0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31] : vector<32xf32>, vector<32xf32>
// CHECK-NOT: llvm.intr.masked.gather
func.func @transpose_small(%x: tensor<8x4xf32>) -> tensor<4x8xf32> {
  %t = tile.trans %x {order = array<i32: 1, 0>} : tensor<8x4xf32> -> tensor<4x8xf32>
  return %t : tensor<4x8xf32>
}
