// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// Blocked, slice and shared encodings round-trip, and so does tile.convert_layout.
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #tile.slice<{dim = 1, parent = #blocked}>
#flat = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[BLOCKED:.*]] = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROW:.*]] = #tile.slice<{dim = 1, parent = #[[BLOCKED]]}>
// CHECK-DAG: #[[SHARED:.*]] = #tile.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: func @encodings
// CHECK-SAME: %[[X:.*]]: tensor<16x32xf32, #[[BLOCKED]]>
func.func @encodings(%x: tensor<16x32xf32, #blocked>) -> tensor<16xf32, #flat> {
  // CHECK: %[[S:.*]] = tile.reduce(%[[X]]) axis = 1 : (tensor<16x32xf32, #[[BLOCKED]]>) -> tensor<16xf32, #[[ROW]]>
  %s = tile.reduce(%x) axis = 1 : (tensor<16x32xf32, #blocked>) -> tensor<16xf32, #row> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tile.yield %r : f32
  }
  // CHECK: tile.convert_layout %[[S]] : tensor<16xf32, #[[ROW]]> -> tensor<16xf32, #{{.*}}>
  %c = tile.convert_layout %s : tensor<16xf32, #row> -> tensor<16xf32, #flat>
  return %c : tensor<16xf32, #flat>
}

// CHECK-LABEL: func @shared
// CHECK-SAME: attributes {smem = #[[SHARED]]}
func.func @shared() attributes {smem = #tile.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>} {
  return
}

