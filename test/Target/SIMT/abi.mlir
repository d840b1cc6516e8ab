// RUN: tilec-opt %s --convert-tile-to-llvm=target=simt | FileCheck %s

// A simt kernel takes program ids, grid size (i32) and the thread context
// (tilec_simt_thread *) as trailing arguments. The exported entry loads the
// arguments, grid[] and pid[] and calls it with ctx.
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[N:.*]]: i32, %[[PX:.*]]: i32, %[[PY:.*]]: i32, %[[PZ:.*]]: i32, %[[GX:.*]]: i32, %[[GY:.*]]: i32, %[[GZ:.*]]: i32, %[[CTX:.*]]: !llvm.ptr)
// CHECK-SAME: always_inline, llvm.linkage = #llvm.linkage<internal>
// CHECK-NOT: scf.if
// CHECK: arith.addi %[[PY]], %[[GZ]] : i32
func.func @kernel(%a: !llvm.ptr, %n: i32) attributes {tilec.simt} {
  %pid = tile.program_id 1 : i32
  %np = tile.num_programs 2 : i32
  %s = arith.addi %pid, %np : i32
  llvm.store %s, %a : i32, !llvm.ptr
  return
}

// CHECK-LABEL: func.func @__tilec_simt_entry_kernel
// CHECK-SAME: (%[[ARGS:.*]]: !llvm.ptr, %[[GRID:.*]]: !llvm.ptr, %[[PID:.*]]: !llvm.ptr, %[[ECTX:.*]]: !llvm.ptr)
// CHECK: %[[G0P:.*]] = llvm.getelementptr %[[GRID]][0] : (!llvm.ptr) -> !llvm.ptr, i32
// CHECK-NEXT: %[[G0:.*]] = llvm.load %[[G0P]] : !llvm.ptr -> i32
// CHECK: %[[P0P:.*]] = llvm.getelementptr %[[PID]][0] : (!llvm.ptr) -> !llvm.ptr, i32
// CHECK-NEXT: %[[P0:.*]] = llvm.load %[[P0P]] : !llvm.ptr -> i32
// CHECK: call @kernel(%{{.*}}, %{{.*}}, %[[P0]], %{{.*}}, %{{.*}}, %[[G0]], %{{.*}}, %{{.*}}, %[[ECTX]])

// A kernel marked `tilec.simt` (distributed by convert-tile-to-gpu) runs on
// every thread: no thread-0 guard.
// CHECK-LABEL: func.func @distributed
// CHECK-NOT: scf.if
// CHECK: llvm.store
// CHECK-LABEL: func.func @__tilec_simt_entry_distributed
func.func @distributed(%a: !llvm.ptr) attributes {tilec.simt} {
  %pid = tile.program_id 0 : i32
  llvm.store %pid, %a : i32, !llvm.ptr
  return
}
