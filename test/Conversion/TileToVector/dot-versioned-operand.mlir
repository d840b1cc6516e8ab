// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine=chunk-lanes=32 --tilec-lower-nontemporal-stores=streaming=true --canonicalize --cse | FileCheck %s

// An operand of tl.dot loaded with a runtime column stride is versioned
// (`scf.if (stride == 1)`, see annotateContiguousAccesses). The dot's copy of
// it moves into both branches: the unit-stride branch stores each loaded row
// straight into the dot's A buffer, and the scf.if passes no 128-lane value.
// CHECK-LABEL: func.func @versioned_dot
// CHECK: %[[ABUF:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: {{^ +}}scf.if %{{[0-9a-z_]+}} {
// CHECK: %[[ROW:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<8xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = {{.*}}} : vector<8xf32>, !llvm.ptr
// CHECK: } else {
// CHECK: llvm.intr.masked.gather
// CHECK: }
// CHECK-NOT: scf.yield
// CHECK: math.fma
func.func @versioned_dot(%a: !tile.ptr<f32>, %s: i32, %b: tensor<8x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %r16 = tile.make_range 0, 16 : tensor<16xi32>
  %r8 = tile.make_range 0, 8 : tensor<8xi32>
  %ri = tile.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %c8 = arith.constant dense<8> : tensor<16x1xi32>
  %rs = arith.muli %ri, %c8 : tensor<16x1xi32>
  %rb = tile.broadcast %rs : tensor<16x1xi32> -> tensor<16x8xi32>
  %cj = tile.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %ss = tile.splat %s : i32 -> tensor<1x8xi32>
  %cs = arith.muli %cj, %ss : tensor<1x8xi32>
  %cb = tile.broadcast %cs : tensor<1x8xi32> -> tensor<16x8xi32>
  %off = arith.addi %rb, %cb : tensor<16x8xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x8x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<16x8x!tile.ptr<f32>>, tensor<16x8xi32>
  %v = tile.load %q : tensor<16x8x!tile.ptr<f32>>
  %d = tile.dot %v, %b, %c : tensor<16x8xf32>, tensor<8x32xf32> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}
