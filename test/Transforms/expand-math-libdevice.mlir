// RUN: tilec-opt %s --tilec-expand-math="target=nvptx libdevice=true libm=false" | FileCheck %s
// RUN: tilec-opt %s --tilec-expand-math="target=nvptx libdevice=true libm=false exp-as-exp2=true" | FileCheck %s --check-prefix=EXP2

// With libdevice (NVPTX), transcendental functions on f32 and f64 become __nv_* calls (vectors
// lane by lane), fmod too; sqrt, fma and rounding stay instructions and rsqrt stays 1/sqrt.
// CHECK-DAG: llvm.func @__nv_expf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_tan(f64) -> f64
// CHECK-DAG: llvm.func @__nv_powf(f32, f32) -> f32
// CHECK-DAG: llvm.func @__nv_fmodf(f32, f32) -> f32
// CHECK-LABEL: func @libdevice
// CHECK-COUNT-2: llvm.call @__nv_expf
// CHECK: llvm.call @__nv_tan
// CHECK: llvm.call @__nv_powf
// CHECK: llvm.call @__nv_fmodf
// CHECK: math.sqrt
// CHECK: math.fma
// CHECK: math.floor
// CHECK: arith.divf
// CHECK-NOT: math.rsqrt

// With exp-as-exp2 (the pipeline's choice on GPUs, as Triton lowers tl.exp), the f32 exp is
// exp2 of x * log2(e): libdevice's exp2f; f64 math keeps its own functions.
// EXP2-LABEL: func @libdevice
// EXP2: %[[L2E:.*]] = arith.constant dense<1.44269502> : vector<2xf32>
// EXP2: %[[S:.*]] = arith.mulf %{{.*}}, %[[L2E]] : vector<2xf32>
// EXP2-COUNT-2: llvm.call @__nv_exp2f
// EXP2-NOT: __nv_expf
// EXP2: llvm.call @__nv_tan
func.func @libdevice(%x: vector<2xf32>, %d: f64, %y: f32) -> (vector<2xf32>, f64, f32, f32, f32, f32, f32, f32) {
  %e = math.exp %x : vector<2xf32>
  %t = math.tan %d : f64
  %p = math.powf %y, %y : f32
  %m = arith.remf %y, %y : f32
  %s = math.sqrt %y : f32
  %f = math.fma %y, %y, %y : f32
  %fl = math.floor %y : f32
  %r = math.rsqrt %y : f32
  return %e, %t, %p, %m, %s, %f, %fl, %r : vector<2xf32>, f64, f32, f32, f32, f32, f32, f32
}
