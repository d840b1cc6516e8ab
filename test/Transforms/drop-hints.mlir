// RUN: tilec-opt %s --tilec-drop-hints | FileCheck %s

// tilec-drop-hints hands each use of a tile.hint its operand, on tiles and scalars.
// CHECK-LABEL: func @hints
// CHECK-SAME: (%[[BASE:.*]]: tensor<128x!tile.ptr<f32>>, %[[OFFS:.*]]: tensor<128xi32>, %[[N:.*]]: i32)
// CHECK-NOT: tile.hint
// CHECK: %[[P:.*]] = tile.addptr %[[BASE]], %[[OFFS]]
// CHECK: return %[[P]], %[[N]]
func.func @hints(%base: tensor<128x!tile.ptr<f32>>, %offs: tensor<128xi32>, %n: i32)
    -> (tensor<128x!tile.ptr<f32>>, i32) {
  %h = tile.hint %offs divisibility [128] contiguity [128] : tensor<128xi32>
  %p = tile.addptr %base, %h : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %m = tile.hint %n divisibility [16] : i32
  return %p, %m : tensor<128x!tile.ptr<f32>>, i32
}
