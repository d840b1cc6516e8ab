// RUN: tilec-opt %s --convert-tile-to-vector --convert-scf-to-cf --convert-vector-to-llvm \
// RUN:   --convert-math-to-llvm --convert-arith-to-llvm --convert-func-to-llvm \
// RUN:   --convert-cf-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir | FileCheck %s

// The pass's output lowers with upstream passes alone and translates to LLVM IR:
// contiguous masked accesses become llvm.masked.load/store, others gathers/scatters.
// CHECK-LABEL: define void @copy_block
// CHECK: getelementptr float, ptr %{{.*}}, i64 %{{.*}}
// CHECK: call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4 %{{.*}}, <8 x i1> %{{.*}}, <8 x float> zeroinitializer)
// CHECK: call void @llvm.masked.store.v8f32.p0(<8 x float> %{{.*}}, ptr align 4 %{{.*}}, <8 x i1> %{{.*}})
func.func @copy_block(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %start: i32, %n: i32) {
  %r = tile.make_range 0, 8 : tensor<8xi32>
  %s = tile.splat %start : i32 -> tensor<8xi32>
  %off = arith.addi %s, %r : tensor<8xi32>
  %ns = tile.splat %n : i32 -> tensor<8xi32>
  %m = arith.cmpi slt, %off, %ns : tensor<8xi32>
  %ps = tile.splat %src : !tile.ptr<f32> -> tensor<8x!tile.ptr<f32>>
  %qs = tile.addptr %ps, %off : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %qs, %m : tensor<8x!tile.ptr<f32>>
  %pd = tile.splat %dst : !tile.ptr<f32> -> tensor<8x!tile.ptr<f32>>
  %qd = tile.addptr %pd, %off : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %qd, %v, %m : tensor<8x!tile.ptr<f32>>
  return
}

// CHECK-LABEL: define void @transpose_gather_scatter
// CHECK: getelementptr float, <4 x ptr> %{{.*}}, <4 x i32> %{{.*}}
// CHECK: call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> align 4 %{{.*}}, <4 x i1> splat (i1 true), <4 x float> zeroinitializer)
// CHECK: shufflevector <4 x float> %{{.*}}, <4 x float> %{{.*}}, <4 x i32> <i32 0, i32 2, i32 1, i32 3>
// CHECK: call void @llvm.masked.scatter.v4f32.v4p0(<4 x float> %{{.*}}, <4 x ptr> align 4 %{{.*}}, <4 x i1> splat (i1 true))
func.func @transpose_gather_scatter(%p: tensor<2x2x!tile.ptr<f32>>, %o: tensor<2x2xi32>) {
  %q = tile.addptr %p, %o : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi32>
  %v = tile.load %q : tensor<2x2x!tile.ptr<f32>>
  %t = tile.trans %v {order = array<i32: 1, 0>} : tensor<2x2xf32> -> tensor<2x2xf32>
  tile.store %q, %t : tensor<2x2x!tile.ptr<f32>>
  return
}

// CHECK-LABEL: define float @row_sums_dot
// CHECK: call <2 x float> @llvm.fma.v2f32
// CHECK: fadd <2 x float>
func.func @row_sums_dot(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> f32 {
  %d = tile.dot %a, %b, %c : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  %f = tile.reshape %d : tensor<2x2xf32> -> tensor<4xf32>
  %s = tile.reduce(%f) axis = 0 : (tensor<4xf32>) -> f32 {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    tile.yield %r : f32
  }
  return %s : f32
}
