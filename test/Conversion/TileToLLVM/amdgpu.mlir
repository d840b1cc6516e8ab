// RUN: tilec-opt %s --convert-tile-to-llvm=target=amdgpu | FileCheck %s

// On AMD GPUs program ids are workgroup ids and grid sizes come from the HSA
// dispatch packet (grid items / workgroup items), not from ockl.
// CHECK-LABEL: func.func @kernel
// CHECK: rocdl.workgroup.id.x : i32
// CHECK: %[[PKT:.*]] = llvm.call_intrinsic "llvm.amdgcn.dispatch.ptr"() : () -> !llvm.ptr<4>
// CHECK: %[[GRIDP:.*]] = llvm.getelementptr %[[PKT]][16] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// CHECK: %[[GRID:.*]] = llvm.load %[[GRIDP]] : !llvm.ptr<4> -> i32
// CHECK: %[[WGP:.*]] = llvm.getelementptr %[[PKT]][6] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// CHECK: %[[WG:.*]] = llvm.load %[[WGP]] : !llvm.ptr<4> -> i16
// CHECK: %[[WG32:.*]] = arith.extui %[[WG]] : i16 to i32
// CHECK: arith.divui %[[GRID]], %[[WG32]] : i32
// CHECK-NOT: ockl
func.func @kernel(%a: !llvm.ptr) attributes {tilec.simt} {
  %pid = tile.program_id 0 : i32
  %np = tile.num_programs 1 : i32
  %s = arith.addi %pid, %np : i32
  llvm.store %s, %a : i32, !llvm.ptr
  return
}
