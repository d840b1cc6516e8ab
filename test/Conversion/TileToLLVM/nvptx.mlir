// RUN: tilec-opt %s --convert-tile-to-llvm=target=nvptx | FileCheck %s

// On NVIDIA GPUs program ids are block ids, the kernel stays public (its calling
// convention is set on the LLVM IR), and only thread 0 of a program runs the (whole-tile) body.
// CHECK-LABEL: func.func @kernel
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]]
// CHECK: scf.if %[[FIRST]]
// CHECK: nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK-NOT: __tilec_entry
func.func @kernel(%a: !llvm.ptr) {
  %pid = tile.program_id 1 : i32
  %np = tile.num_programs 0 : i32
  %s = arith.addi %pid, %np : i32
  llvm.store %s, %a : i32, !llvm.ptr
  return
}
