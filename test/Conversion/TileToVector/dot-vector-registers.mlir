// RUN: tilec-opt %s --convert-tile-to-vector="vector-bits=256 vector-registers=16" | FileCheck %s --check-prefix=AVX2
// RUN: tilec-opt %s --convert-tile-to-vector="vector-bits=128 vector-registers=32" | FileCheck %s --check-prefix=NEON

// With 16 registers of 256 bits (AVX2) the tl.dot microkernel uses vector<8xf32>
// accumulators, 4 rows x 2 vectors = 8 of them (12 at most: registers are left
// for the B vectors and the broadcast A element).
// AVX2-LABEL: func.func @dot_microkernel
// AVX2: scf.for
// AVX2: scf.for
// AVX2: %{{.*}}:8 = scf.for %{{.*}} iter_args({{.*}}) -> (vector<8xf32>, {{.*}}) : i64 {
// AVX2-COUNT-8: math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
// AVX2: scf.yield
// With 32 registers of 128 bits (NEON), vector<4xf32> accumulators, 8 x 2 = 16.
// NEON-LABEL: func.func @dot_microkernel
// NEON: %{{.*}}:16 = scf.for %{{.*}} iter_args({{.*}}) -> (vector<4xf32>, {{.*}}) : i64 {
// NEON-COUNT-16: math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// NEON: scf.yield
func.func @dot_microkernel(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %c: tensor<16x32xf32>)
    -> tensor<16x32xf32> {
  %d = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<8x32xf32> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}
