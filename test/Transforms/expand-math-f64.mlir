// tilec-expand-math's f64-expansions (AMD GPUs, NVPTX without libdevice): every f64 transcendental
// function becomes arith/math arithmetic (fma, bit operations, sqrt, division), no math op left for
// a library; without the option such targets refuse f64 math, and host targets keep it for libm.
// RUN: tilec-opt %s --tilec-expand-math="target=amdgpu libm=false native-exp-log=true exp-as-exp2=true f64-expansions=true" | FileCheck %s
// RUN: not tilec-opt %s --tilec-expand-math="target=amdgpu libm=false native-exp-log=true exp-as-exp2=true" 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: tilec-opt %s --tilec-expand-math | FileCheck %s --check-prefix=LIBM

// exp: n = round(x log2(e)) through the 1.5 * 2^52 rounding constant, whose bits give n as an
// integer; r = x - n ln2 with the two-part ln2 (Cody-Waite).
// CHECK-LABEL: func @exp
// CHECK-SAME: (%[[X:.*]]: f64)
// CHECK-DAG: %[[LOG2E:.*]] = arith.constant 1.4426950408889634 : f64
// CHECK-DAG: %[[MAGIC:.*]] = arith.constant 0x4338000000000000 : f64
// CHECK-DAG: %[[LN2HI:.*]] = arith.constant 0.69314718055994529 : f64
// CHECK-DAG: %[[LN2LO:.*]] = arith.constant 2.3190468138462996E-17 : f64
// CHECK: %[[T:.*]] = math.fma %{{.*}}, %[[LOG2E]], %[[MAGIC]] : f64
// CHECK: %[[N:.*]] = arith.subf %[[T]], %[[MAGIC]] : f64
// CHECK: arith.bitcast %[[T]] : f64 to i64
// CHECK: %[[NEG:.*]] = arith.negf %[[N]] : f64
// CHECK: %[[R1:.*]] = math.fma %[[NEG]], %[[LN2HI]], %{{.*}} : f64
// CHECK: math.fma %{{.*}}, %[[LN2LO]], %[[R1]] : f64
// CHECK-NOT: math.exp
// CHECK: return
// REFUSED: error: 'exp' on fp64 is not supported by tilec on target amdgpu
// LIBM-LABEL: func @exp
// LIBM: math.exp %{{.*}} : f64
func.func @exp(%x: f64) -> f64 {
  %e = math.exp %x : f64
  return %e : f64
}

// Every other function, on vectors: nothing is left for a library.
// CHECK-LABEL: func @all_functions
// CHECK-NOT: math.{{(exp|exp2|expm1|log|log2|log10|log1p|sin|cos|tan|sinh|cosh|tanh|atan|atan2|asin|acos|acosh|atanh|cbrt|erf|erfc|powf) }}
// CHECK: math.fma {{.*}} : vector<4xf64>
// CHECK-NOT: math.{{(exp|exp2|expm1|log|log2|log10|log1p|sin|cos|tan|sinh|cosh|tanh|atan|atan2|asin|acos|acosh|atanh|cbrt|erf|erfc|powf) }}
// CHECK: return
func.func @all_functions(%x: vector<4xf64>, %y: vector<4xf64>) -> vector<4xf64> {
  %0 = math.exp2 %x : vector<4xf64>
  %1 = math.expm1 %x : vector<4xf64>
  %2 = math.log %x : vector<4xf64>
  %3 = math.log2 %x : vector<4xf64>
  %4 = math.log10 %x : vector<4xf64>
  %5 = math.log1p %x : vector<4xf64>
  %6 = math.sin %x : vector<4xf64>
  %7 = math.cos %x : vector<4xf64>
  %8 = math.tan %x : vector<4xf64>
  %9 = math.sinh %x : vector<4xf64>
  %10 = math.cosh %x : vector<4xf64>
  %11 = math.tanh %x : vector<4xf64>
  %12 = math.atan %x : vector<4xf64>
  %13 = math.atan2 %x, %y : vector<4xf64>
  %14 = math.asin %x : vector<4xf64>
  %15 = math.acos %x : vector<4xf64>
  %16 = math.acosh %x : vector<4xf64>
  %17 = math.atanh %x : vector<4xf64>
  %18 = math.cbrt %x : vector<4xf64>
  %19 = math.erf %x : vector<4xf64>
  %20 = math.erfc %x : vector<4xf64>
  %21 = math.powf %x, %y : vector<4xf64>
  %s0 = arith.addf %0, %1 : vector<4xf64>
  %s1 = arith.addf %s0, %2 : vector<4xf64>
  %s2 = arith.addf %s1, %3 : vector<4xf64>
  %s3 = arith.addf %s2, %4 : vector<4xf64>
  %s4 = arith.addf %s3, %5 : vector<4xf64>
  %s5 = arith.addf %s4, %6 : vector<4xf64>
  %s6 = arith.addf %s5, %7 : vector<4xf64>
  %s7 = arith.addf %s6, %8 : vector<4xf64>
  %s8 = arith.addf %s7, %9 : vector<4xf64>
  %s9 = arith.addf %s8, %10 : vector<4xf64>
  %s10 = arith.addf %s9, %11 : vector<4xf64>
  %s11 = arith.addf %s10, %12 : vector<4xf64>
  %s12 = arith.addf %s11, %13 : vector<4xf64>
  %s13 = arith.addf %s12, %14 : vector<4xf64>
  %s14 = arith.addf %s13, %15 : vector<4xf64>
  %s15 = arith.addf %s14, %16 : vector<4xf64>
  %s16 = arith.addf %s15, %17 : vector<4xf64>
  %s17 = arith.addf %s16, %18 : vector<4xf64>
  %s18 = arith.addf %s17, %19 : vector<4xf64>
  %s19 = arith.addf %s18, %20 : vector<4xf64>
  %s20 = arith.addf %s19, %21 : vector<4xf64>
  return %s20 : vector<4xf64>
}

// f32 math is left to the f32 patterns (here, with native-exp-log, exp becomes exp2).
// CHECK-LABEL: func @f32_unchanged
// CHECK: math.exp2 %{{.*}} : f32
func.func @f32_unchanged(%x: f32) -> f32 {
  %e = math.exp %x : f32
  return %e : f32
}
