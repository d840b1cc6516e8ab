// RUN: tilec-opt %s --convert-tile-to-vector="dot-vdpbf16ps=true dot-vpdpbusd=true" | FileCheck %s
// RUN: tilec-opt %s --convert-tile-to-vector="vector-bits=256 vector-registers=16 dot-vpdpbusd=true" | FileCheck %s --check-prefix=AVXVNNI
// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s --check-prefix=OFF

// bf16 x bf16 -> f32 with vdpbf16ps: B is packed in K pairs (rows 2q and 2q+1 interleaved),
// then each k step multiplies 8 rows x 2 vectors of C by one 32-bit broadcast of A[i, k..k+1]
// each; K = 35 is odd: the last pair is A[i, 34] and a zero (B's row 35 is zeros).
// CHECK-LABEL: func.func @dot_bf16_odd_k
// CHECK: %[[PACKED:.*]] = llvm.alloca %{{.*}} x bf16
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: %[[R0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xbf16>
// CHECK: %[[R1:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xbf16>
// CHECK: %[[PAIRS:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 16, 1, 17, 2, 18
// CHECK: llvm.store %[[PAIRS]], %{{.*}} : vector<32xbf16>, !llvm.ptr
// The tail pair of B: row 34 and zeros.
// CHECK: %[[LAST:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xbf16>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xbf16>
// CHECK: vector.shuffle %[[LAST]], %[[ZERO]] [0, 16, 1, 17
// CHECK: %{{.*}}:16 = scf.for %{{.*}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{.*}}, {{.*}}) -> (vector<16xf32>, {{.*}}) : i64 {
// CHECK: %[[BV:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<32xbf16>
// CHECK: %[[AW:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: %[[AS:.*]] = vector.broadcast %[[AW]] : i32 to vector<16xi32>
// CHECK: %[[AP:.*]] = vector.bitcast %[[AS]] : vector<16xi32> to vector<32xbf16>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"(%[[ACC]], %[[AP]], %[[BV]]) : (vector<16xf32>, vector<32xbf16>, vector<32xbf16>) -> vector<16xf32>
// CHECK-COUNT-15: llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"
// CHECK: scf.yield
// The tail step: A[i, 34] inserted into a zero pair.
// CHECK: %[[A34:.*]] = llvm.load %{{.*}} : !llvm.ptr -> bf16
// CHECK: %[[PART:.*]] = vector.insert %[[A34]], %{{.*}} [0] : bf16 into vector<2xbf16>
// CHECK: vector.bitcast %[[PART]] : vector<2xbf16> to vector<1xi32>
// CHECK-COUNT-16: llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"
// OFF-LABEL: func.func @dot_bf16_odd_k
// OFF-NOT: llvm.call_intrinsic
// OFF: arith.extf %{{.*}} : vector<560xbf16> to vector<560xf32>
// OFF: math.fma
func.func @dot_bf16_odd_k(%a: tensor<16x35xbf16>, %b: tensor<35x32xbf16>, %c: tensor<16x32xf32>)
    -> tensor<16x32xf32> {
  %d = tile.dot %a, %b, %c : tensor<16x35xbf16>, tensor<35x32xbf16> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}

// i8 x i8 -> i32 with vpdpbusd (unsigned x signed bytes): A is biased by 128 (xor 0x80), B is
// packed in K quads (two levels of interleaving) while 128 * its column sums are computed with
// the same instruction, and C starts as C - 128 * colsum(B). K = 34: one partial quad.
// CHECK-LABEL: func.func @dot_i8
// CHECK: %[[SUMS:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: %[[BIAS:.*]] = arith.constant dense<-128> : vector<544xi8>
// CHECK: arith.xori %{{.*}}, %[[BIAS]] : vector<544xi8>
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} iter_args(%[[S:[a-z0-9_]+]] = %{{.*}}) -> (vector<16xi32>) : i64 {
// CHECK: %[[P01:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 16, 1, 17
// CHECK: %[[P23:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 16, 1, 17
// CHECK: %[[U01:.*]] = vector.bitcast %[[P01]] : vector<32xi8> to vector<16xi16>
// CHECK: %[[U23:.*]] = vector.bitcast %[[P23]] : vector<32xi8> to vector<16xi16>
// CHECK: %[[U:.*]] = vector.shuffle %[[U01]], %[[U23]] [0, 16, 1, 17
// CHECK: %[[QUADS:.*]] = vector.bitcast %[[U]] : vector<32xi16> to vector<64xi8>
// CHECK: %[[NEXT:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[S]], %{{.*}}, %[[QUADS]])
// CHECK: scf.yield %[[NEXT]] : vector<16xi32>
// CHECK: llvm.store %{{.*}}, %{{.*}} : vector<16xi32>, !llvm.ptr
// CHECK: %[[C0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xi32>
// CHECK: %[[CS:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xi32>
// CHECK: arith.subi %[[C0]], %[[CS]] : vector<16xi32>
// CHECK: scf.for
// CHECK-COUNT-16: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK: scf.yield
// 256-bit registers with AVX-VNNI: vector<8xi32> accumulators, the 256-bit form.
// AVXVNNI-LABEL: func.func @dot_i8
// AVXVNNI: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.256"({{.*}}) : (vector<8xi32>, vector<32xi8>, vector<32xi8>) -> vector<8xi32>
// OFF-LABEL: func.func @dot_i8
// OFF-NOT: llvm.call_intrinsic
// OFF: arith.extsi
func.func @dot_i8(%a: tensor<16x34xi8>, %b: tensor<34x32xi8>, %c: tensor<16x32xi32>)
    -> tensor<16x32xi32> {
  %d = tile.dot %a, %b, %c : tensor<16x34xi8>, tensor<34x32xi8> -> tensor<16x32xi32>
  return %d : tensor<16x32xi32>
}

// f16 operands keep the FMA path (x86 has no f16 dot-product instruction before AVX512-FP16),
// and so do dots too small for the microkernel.
// CHECK-LABEL: func.func @dot_f16
// CHECK-NOT: llvm.call_intrinsic
// CHECK: math.fma
func.func @dot_f16(%a: tensor<16x32xf16>, %b: tensor<32x32xf16>, %c: tensor<16x32xf32>)
    -> tensor<16x32xf32> {
  %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<32x32xf16> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}
// CHECK-LABEL: func.func @dot_bf16_small
// CHECK-NOT: llvm.call_intrinsic
// CHECK: math.fma
func.func @dot_bf16_small(%a: tensor<4x16xbf16>, %b: tensor<16x16xbf16>, %c: tensor<4x16xf32>)
    -> tensor<4x16xf32> {
  %d = tile.dot %a, %b, %c : tensor<4x16xbf16>, tensor<16x16xbf16> -> tensor<4x16xf32>
  return %d : tensor<4x16xf32>
}
