// RUN: tilec-opt %s --tilec-expand-math | FileCheck %s

// exp and log become polynomial arithmetic on the same vector type: no calls.
// CHECK-LABEL: func @transcendental
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK: math.fma
// CHECK-NOT: call
func.func @transcendental(%x: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>) {
  %e = math.exp %x : vector<8xf32>
  %l = math.log %x : vector<8xf32>
  return %e, %l : vector<8xf32>, vector<8xf32>
}

// sqrt and fma are kept: every target has instructions for them.
// CHECK-LABEL: func @kept
// CHECK: math.sqrt
// CHECK: math.fma
func.func @kept(%x: vector<8xf32>) -> vector<8xf32> {
  %s = math.sqrt %x : vector<8xf32>
  %f = math.fma %s, %x, %x : vector<8xf32>
  return %f : vector<8xf32>
}

// Scalars are expanded too.
// CHECK-LABEL: func @scalar
// CHECK-NOT: math.erf
func.func @scalar(%x: f32) -> f32 {
  %e = math.erf %x : f32
  return %e : f32
}

// rsqrt becomes an exact 1/sqrt (the upstream rewrites are AVX2-only).
// CHECK-LABEL: func @rsqrt
// CHECK-SAME: (%[[X:.*]]: vector<8xf32>)
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<8xf32>
// CHECK-DAG: %[[ROOT:.*]] = math.sqrt %[[X]] : vector<8xf32>
// CHECK: arith.divf %[[ONE]], %[[ROOT]] : vector<8xf32>
// CHECK-NOT: math.rsqrt
func.func @rsqrt(%x: vector<8xf32>) -> vector<8xf32> {
  %r = math.rsqrt %x : vector<8xf32>
  return %r : vector<8xf32>
}

// f32 sin/cos are first reduced by a three-part pi/2 with fused multiply-adds, then the
// polynomial runs on the remainder and the quadrant selects sin or cos and the sign.
// CHECK-LABEL: func @sin_range_reduction
// CHECK: math.roundeven
// CHECK-COUNT-3: math.fma
// CHECK: arith.fptosi
// CHECK-NOT: math.sin
// CHECK-NOT: math.cos
// CHECK: arith.select
// CHECK-NOT: call
func.func @sin_range_reduction(%x: vector<8xf32>) -> vector<8xf32> {
  %s = math.sin %x : vector<8xf32>
  return %s : vector<8xf32>
}
