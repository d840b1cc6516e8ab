// RUN: tilec-opt %s --split-input-file --verify-diagnostics --convert-tile-to-llvm=target=nvptx | FileCheck %s

// On NVIDIA GPUs program ids are block ids and the kernel stays public (its calling
// convention is set on the LLVM IR); every thread runs the body.
// CHECK-LABEL: func.func @kernel
// CHECK-NOT: scf.if
// CHECK: nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK-NOT: __tilec_entry
func.func @kernel(%a: !llvm.ptr) attributes {tilec.simt} {
  %pid = tile.program_id 1 : i32
  %np = tile.num_programs 0 : i32
  %s = arith.addi %pid, %np : i32
  llvm.store %s, %a : i32, !llvm.ptr
  return
}

// -----

// A kernel that convert-tile-to-gpu did not distribute over threads is refused:
// every thread would compute (and store) the whole tile.
// expected-error @+1 {{GPU kernel was not distributed over threads: run tilec-assign-layouts and convert-tile-to-gpu first}}
func.func @whole_tile(%a: !llvm.ptr) {
  %pid = tile.program_id 0 : i32
  llvm.store %pid, %a : i32, !llvm.ptr
  return
}
