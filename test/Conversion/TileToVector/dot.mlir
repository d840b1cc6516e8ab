// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// Small dots are unrolled. f32 dot 2x2x2: rows of C accumulate fma(broadcast(A[i,k]), B[k,:], row)
// over k, then the rows are concatenated.
// CHECK-LABEL: func.func @dot_f32
// CHECK-SAME: (%[[A:.*]]: vector<4xf32>, %[[B:.*]]: vector<4xf32>, %[[C:.*]]: vector<4xf32>) -> vector<4xf32>
// CHECK: %[[B0:.*]] = vector.shuffle %[[B]], %[[B]] [0, 1] : vector<4xf32>, vector<4xf32>
// CHECK: %[[B1:.*]] = vector.shuffle %[[B]], %[[B]] [2, 3] : vector<4xf32>, vector<4xf32>
// CHECK: %[[C0:.*]] = vector.shuffle %[[C]], %[[C]] [0, 1] : vector<4xf32>, vector<4xf32>
// CHECK: %[[A00:.*]] = vector.extract %[[A]][0] : f32 from vector<4xf32>
// CHECK: %[[S00:.*]] = vector.broadcast %[[A00]] : f32 to vector<2xf32>
// CHECK: %[[R00:.*]] = math.fma %[[S00]], %[[B0]], %[[C0]] : vector<2xf32>
// CHECK: %[[A01:.*]] = vector.extract %[[A]][1] : f32 from vector<4xf32>
// CHECK: %[[S01:.*]] = vector.broadcast %[[A01]] : f32 to vector<2xf32>
// CHECK: %[[R0:.*]] = math.fma %[[S01]], %[[B1]], %[[R00]] : vector<2xf32>
// CHECK: %[[C1:.*]] = vector.shuffle %[[C]], %[[C]] [2, 3] : vector<4xf32>, vector<4xf32>
// CHECK: %[[A10:.*]] = vector.extract %[[A]][2] : f32 from vector<4xf32>
// CHECK: %[[S10:.*]] = vector.broadcast %[[A10]] : f32 to vector<2xf32>
// CHECK: %[[R10:.*]] = math.fma %[[S10]], %[[B0]], %[[C1]] : vector<2xf32>
// CHECK: %[[A11:.*]] = vector.extract %[[A]][3] : f32 from vector<4xf32>
// CHECK: %[[S11:.*]] = vector.broadcast %[[A11]] : f32 to vector<2xf32>
// CHECK: %[[R1:.*]] = math.fma %[[S11]], %[[B1]], %[[R10]] : vector<2xf32>
// CHECK: %[[R:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3] : vector<2xf32>, vector<2xf32>
// CHECK: return %[[R]] : vector<4xf32>
func.func @dot_f32(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %d = tile.dot %a, %b, %c : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}

// f16 inputs with an f32 accumulator are extended first.
// CHECK-LABEL: func.func @dot_f16_f32
// CHECK-SAME: (%[[A:.*]]: vector<8xf16>, %[[B:.*]]: vector<8xf16>, %[[C:.*]]: vector<4xf32>)
// CHECK: %[[AE:.*]] = arith.extf %[[A]] : vector<8xf16> to vector<8xf32>
// CHECK: %[[BE:.*]] = arith.extf %[[B]] : vector<8xf16> to vector<8xf32>
// CHECK: vector.extract %[[AE]][0] : f32 from vector<8xf32>
// CHECK-COUNT-7: math.fma
// CHECK: math.fma
// CHECK-NOT: math.fma
// CHECK: return
func.func @dot_f16_f32(%a: tensor<2x4xf16>, %b: tensor<4x2xf16>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %d = tile.dot %a, %b, %c : tensor<2x4xf16>, tensor<4x2xf16> -> tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}

// bf16 inputs with an f32 accumulator.
// CHECK-LABEL: func.func @dot_bf16_f32
// CHECK: arith.extf %{{.*}} : vector<4xbf16> to vector<4xf32>
// CHECK: math.fma
func.func @dot_bf16_f32(%a: tensor<2x2xbf16>, %b: tensor<2x2xbf16>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %d = tile.dot %a, %b, %c : tensor<2x2xbf16>, tensor<2x2xbf16> -> tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}

// i8 inputs with an i32 accumulator: sign-extended, then muli + addi.
// CHECK-LABEL: func.func @dot_i8_i32
// CHECK-SAME: (%[[A:.*]]: vector<2xi8>, %[[B:.*]]: vector<2xi8>, %[[C:.*]]: vector<1xi32>)
// CHECK: %[[AE:.*]] = arith.extsi %[[A]] : vector<2xi8> to vector<2xi32>
// CHECK: %[[BE:.*]] = arith.extsi %[[B]] : vector<2xi8> to vector<2xi32>
// CHECK: %[[B0:.*]] = vector.shuffle %[[BE]], %[[BE]] [0] : vector<2xi32>, vector<2xi32>
// CHECK: %[[B1:.*]] = vector.shuffle %[[BE]], %[[BE]] [1] : vector<2xi32>, vector<2xi32>
// CHECK: %[[A0:.*]] = vector.extract %[[AE]][0] : i32 from vector<2xi32>
// CHECK: %[[S0:.*]] = vector.broadcast %[[A0]] : i32 to vector<1xi32>
// CHECK: %[[P0:.*]] = arith.muli %[[S0]], %[[B0]] : vector<1xi32>
// CHECK: %[[R0:.*]] = arith.addi %[[C]], %[[P0]] : vector<1xi32>
// CHECK: %[[A1:.*]] = vector.extract %[[AE]][1] : i32 from vector<2xi32>
// CHECK: %[[S1:.*]] = vector.broadcast %[[A1]] : i32 to vector<1xi32>
// CHECK: %[[P1:.*]] = arith.muli %[[S1]], %[[B1]] : vector<1xi32>
// CHECK: %[[R1:.*]] = arith.addi %[[R0]], %[[P1]] : vector<1xi32>
// CHECK: return %[[R1]] : vector<1xi32>
func.func @dot_i8_i32(%a: tensor<1x2xi8>, %b: tensor<2x1xi8>, %c: tensor<1x1xi32>) -> tensor<1x1xi32> {
  %d = tile.dot %a, %b, %c : tensor<1x2xi8>, tensor<2x1xi8> -> tensor<1x1xi32>
  return %d : tensor<1x1xi32>
}

// Batched 3-D dot: each batch uses its own slices of A, B and C.
// CHECK-LABEL: func.func @dot_batched
// CHECK-SAME: (%[[A:.*]]: vector<2xf32>, %[[B:.*]]: vector<4xf32>, %[[C:.*]]: vector<4xf32>)
// CHECK: %[[B0:.*]] = vector.shuffle %[[B]], %[[B]] [0, 1] : vector<4xf32>, vector<4xf32>
// CHECK: %[[C0:.*]] = vector.shuffle %[[C]], %[[C]] [0, 1] : vector<4xf32>, vector<4xf32>
// CHECK: %[[A0:.*]] = vector.extract %[[A]][0] : f32 from vector<2xf32>
// CHECK: %[[S0:.*]] = vector.broadcast %[[A0]] : f32 to vector<2xf32>
// CHECK: %[[R0:.*]] = math.fma %[[S0]], %[[B0]], %[[C0]] : vector<2xf32>
// CHECK: %[[B1:.*]] = vector.shuffle %[[B]], %[[B]] [2, 3] : vector<4xf32>, vector<4xf32>
// CHECK: %[[C1:.*]] = vector.shuffle %[[C]], %[[C]] [2, 3] : vector<4xf32>, vector<4xf32>
// CHECK: %[[A1:.*]] = vector.extract %[[A]][1] : f32 from vector<2xf32>
// CHECK: %[[S1:.*]] = vector.broadcast %[[A1]] : f32 to vector<2xf32>
// CHECK: %[[R1:.*]] = math.fma %[[S1]], %[[B1]], %[[C1]] : vector<2xf32>
// CHECK: %[[R:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3] : vector<2xf32>, vector<2xf32>
// CHECK: return %[[R]]
func.func @dot_batched(%a: tensor<2x1x1xf32>, %b: tensor<2x1x2xf32>, %c: tensor<2x1x2xf32>)
    -> tensor<2x1x2xf32> {
  %d = tile.dot %a, %b, %c : tensor<2x1x1xf32>, tensor<2x1x2xf32> -> tensor<2x1x2xf32>
  return %d : tensor<2x1x2xf32>
}

// A large f32 dot (M*N*K >= 4096, N a multiple of 16) uses the microkernel:
// A, B, C spill to entry-block allocas, scf.for loops walk 8x32 blocks of C
// and an scf.for over k carries 16 vector<16xf32> accumulators.
// CHECK-LABEL: func.func @dot_microkernel
// CHECK-SAME: (%[[A:.*]]: vector<128xf32>, %[[B:.*]]: vector<256xf32>, %[[C:.*]]: vector<512xf32>)
// CHECK-DAG: %[[CB:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECK-DAG: %[[BB:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECK-DAG: %[[AB:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECK: llvm.store %[[A]], %[[AB]] {alignment = 64 : i64} : vector<128xf32>, !llvm.ptr
// CHECK: llvm.store %[[B]], %[[BB]] {alignment = 64 : i64} : vector<256xf32>, !llvm.ptr
// CHECK: llvm.store %[[C]], %[[CB]] {alignment = 64 : i64} : vector<512xf32>, !llvm.ptr
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[ACCS:.*]]:16 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (vector<16xf32>, {{.*}}) : i64 {
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[AIK:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[S:.*]] = vector.broadcast %[[AIK]] : f32 to vector<16xf32>
// CHECK: math.fma %[[S]], %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-COUNT-15: math.fma
// CHECK: scf.yield
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// CHECK: %[[R:.*]] = llvm.load %[[CB]] {alignment = 64 : i64} : !llvm.ptr -> vector<512xf32>
// CHECK: return %[[R]]
func.func @dot_microkernel(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %c: tensor<16x32xf32>)
    -> tensor<16x32xf32> {
  %d = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<8x32xf32> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}
