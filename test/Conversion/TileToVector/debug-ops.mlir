// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// A CPU runs each program as one thread: tl.debug_barrier (tile.barrier) is dropped, and the
// store and load it ordered stay in order.
// CHECK-LABEL: func @debug_barrier
// CHECK-NOT: tile.barrier
// CHECK: llvm.store
// CHECK-NEXT: llvm.load
func.func @debug_barrier(%p: !tile.ptr<i32>, %v: i32) -> i32 {
  tile.store %p, %v : !tile.ptr<i32>
  tile.barrier
  %0 = tile.load %p : !tile.ptr<i32>
  return %0 : i32
}

// tile.print and tile.assert stay for the target lowering, on flat vectors.
// CHECK-LABEL: func @print_assert
// CHECK: tile.print " x: " %{{.*}} : vector<8xi32> {hex = false, is_signed = array<i1: true>, shapes = [array<i64: 2, 4>]}
// CHECK: tile.assert %{{.*}}, "ok" : vector<8xi1>
func.func @print_assert(%x: tensor<2x4xi32>, %ok: tensor<2x4xi1>) {
  tile.print " x: " %x : tensor<2x4xi32> {hex = false, is_signed = array<i1: true>}
  tile.assert %ok, "ok" : tensor<2x4xi1>
  return
}
