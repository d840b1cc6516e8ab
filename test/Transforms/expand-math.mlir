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
// From 2^17 on, under a branch taken when some lane needs it, the reduction is in f64 by
// eight exact products with 24-bit pieces of 2/pi, each reduced mod 4.
// CHECK: %[[LARGE:.*]] = arith.cmpf oge, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[LARGE]] : vector<8xi1> into i1
// CHECK: %{{.*}}:2 = scf.if %[[ANY]] -> (vector<8xf32>, vector<8xi32>)
// CHECK: %[[WIDE:.*]] = arith.extf %{{.*}} : vector<8xf32> to vector<8xf64>
// CHECK-COUNT-8: arith.mulf %[[WIDE]], %{{.*}} : vector<8xf64>
// CHECK: arith.truncf %{{.*}} : vector<8xf64> to vector<8xf32>
// CHECK: scf.yield
// CHECK: } else {
// CHECK: scf.yield
// CHECK-NOT: math.sin
// CHECK-NOT: math.cos
// CHECK: arith.select
// CHECK-NOT: call
func.func @sin_range_reduction(%x: vector<8xf32>) -> vector<8xf32> {
  %s = math.sin %x : vector<8xf32>
  return %s : vector<8xf32>
}

// f32 exp is tilec's own expansion: x raised to -104, t = x * log2(e) + (1.5 * 2^23 + 127)
// capped at n = 127, n = t - magic, a two-part ln2 reduction, a degree-7 Horner polynomial
// and the scale 2^n as t's bits shifted left by 23 (no floor, no float-to-int conversion);
// below n = -125 (denormal results) the scale is 2^(n+64) and the product is scaled by 2^-64.
// CHECK-LABEL: func @exp_f32
// CHECK-SAME: (%[[X:.*]]: vector<8xf32>)
// CHECK-DAG: %[[LO:.*]] = arith.constant dense<-1.040000e+02> : vector<8xf32>
// CHECK-DAG: %[[MAGIC:.*]] = arith.constant dense<0x4B40007F> : vector<8xf32>
// CHECK-DAG: %[[CAP:.*]] = arith.constant dense<0x4B4000FE> : vector<8xf32>
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant dense<23> : vector<8xi32>
// CHECK-DAG: %[[DENORMAL:.*]] = arith.constant dense<-1.250000e+02> : vector<8xf32>
// CHECK-DAG: %[[SIXTYFOUR:.*]] = arith.constant dense<6.400000e+01> : vector<8xf32>
// CHECK-DAG: %[[DOWN:.*]] = arith.constant dense<5.42101086E-20> : vector<8xf32>
// CHECK: %[[ABOVE:.*]] = arith.cmpf uge, %[[X]], %[[LO]]
// CHECK: %[[CLAMPED:.*]] = arith.select %[[ABOVE]], %[[X]], %[[LO]]
// CHECK: %[[T0:.*]] = math.fma %[[CLAMPED]], %{{.*}}, %[[MAGIC]]
// CHECK: %[[BELOW:.*]] = arith.cmpf ule, %[[T0]], %[[CAP]]
// CHECK: %[[T:.*]] = arith.select %[[BELOW]], %[[T0]], %[[CAP]]
// CHECK: %[[N:.*]] = arith.subf %[[T]], %[[MAGIC]]
// CHECK: %[[R0:.*]] = math.fma %[[N]], %{{.*}}, %[[CLAMPED]]
// CHECK: %[[R:.*]] = math.fma %[[N]], %{{.*}}, %[[R0]]
// CHECK: %[[TINY:.*]] = arith.cmpf olt, %[[N]], %[[DENORMAL]]
// CHECK: %[[TUP:.*]] = arith.addf %[[T]], %[[SIXTYFOUR]]
// CHECK: %[[TS:.*]] = arith.select %[[TINY]], %[[TUP]], %[[T]]
// CHECK-COUNT-7: math.fma %{{.*}}, %[[R]], %{{.*}}
// CHECK: %[[TBITS:.*]] = arith.bitcast %[[TS]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[BITS:.*]] = arith.shli %[[TBITS]], %[[SHIFT]]
// CHECK: %[[SCALE:.*]] = arith.bitcast %[[BITS]] : vector<8xi32> to vector<8xf32>
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %[[SCALE]]
// CHECK: %[[BACK:.*]] = arith.select %[[TINY]], %[[DOWN]], %{{.*}}
// CHECK: arith.mulf %[[P]], %[[BACK]]
// CHECK-NOT: math.floor
// CHECK-NOT: arith.fptosi
// CHECK-NOT: math.exp
func.func @exp_f32(%x: vector<8xf32>) -> vector<8xf32> {
  %e = math.exp %x : vector<8xf32>
  return %e : vector<8xf32>
}

// f32 tan, sinh, cosh, log10 and pow are tilec's own expansions (no libm call, which GPU back ends
// lack): tan divides the reduced sin and cos, pow splits x into exponent and mantissa bits.
// CHECK-LABEL: func @more_f32
// CHECK-NOT: math.tan
// CHECK-NOT: math.sinh
// CHECK-NOT: math.cosh
// CHECK-NOT: math.log10
// CHECK-NOT: math.powf
// CHECK-NOT: math.log
// CHECK-NOT: math.exp
// CHECK-NOT: call
// CHECK: return
func.func @more_f32(%x: vector<8xf32>, %y: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %t = math.tan %x : vector<8xf32>
  %s = math.sinh %x : vector<8xf32>
  %c = math.cosh %x : vector<8xf32>
  %l = math.log10 %x : vector<8xf32>
  %p = math.powf %x, %y : vector<8xf32>
  return %t, %s, %c, %l, %p : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// CPUs: f64 erf, erfc, cbrt, expm1 and log1p (no LLVM intrinsic, or an imprecise lowering) are
// libm calls, lane by lane; other f64 functions stay for LLVM's intrinsics.
// CHECK-LABEL: func @libm_f64
// CHECK: call @erf(
// CHECK: call @cbrt(
// CHECK: call @expm1(
// CHECK: math.exp {{.*}} : f64
func.func @libm_f64(%x: vector<2xf64>, %y: f64) -> (vector<2xf64>, f64, f64, f64) {
  %e = math.erf %x : vector<2xf64>
  %c = math.cbrt %y : f64
  %m = math.expm1 %y : f64
  %x2 = math.exp %y : f64
  return %e, %c, %m, %x2 : vector<2xf64>, f64, f64, f64
}

// CPUs: f32 exp2 is expanded (LLVM would call exp2f lane by lane); GPUs keep their instruction.
// CHECK-LABEL: func @exp2_f32
// CHECK-NOT: math.exp2
// CHECK: arith.shli
// CHECK-NOT: call
func.func @exp2_f32(%x: vector<8xf32>) -> vector<8xf32> {
  %e = math.exp2 %x : vector<8xf32>
  return %e : vector<8xf32>
}
