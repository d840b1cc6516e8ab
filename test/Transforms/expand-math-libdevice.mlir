// RUN: tilec-opt %s --tilec-expand-math="target=nvptx libdevice=true libm=false" | FileCheck %s

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
