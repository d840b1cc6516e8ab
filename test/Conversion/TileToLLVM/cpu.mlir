// RUN: tilec-opt %s --convert-tile-to-llvm=target=cpu | FileCheck %s

// The CPU kernel takes program ids and grid size as trailing i32 arguments and
// becomes an internal (LLVM linkage), always-inlined function.
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[N:.*]]: i32, %[[PX:.*]]: i32, %[[PY:.*]]: i32, %[[PZ:.*]]: i32, %[[GX:.*]]: i32, %[[GY:.*]]: i32, %[[GZ:.*]]: i32)
// CHECK-SAME: always_inline, llvm.linkage = #llvm.linkage<internal>
// CHECK: arith.addi %[[PY]], %[[GZ]] : i32
func.func @kernel(%a: !llvm.ptr, %n: i32) {
  %pid = tile.program_id 1 : i32
  %np = tile.num_programs 2 : i32
  %s = arith.addi %pid, %np : i32
  llvm.store %s, %a : i32, !llvm.ptr
  return
}

// The entry loads the grid and each argument once, then runs [begin, end).
// CHECK-LABEL: func.func @__tilec_entry_kernel
// CHECK-SAME: (%[[ARGS:.*]]: !llvm.ptr, %[[GRID:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64)
// CHECK: %[[SLOT0:.*]] = llvm.getelementptr %[[ARGS]][0]
// CHECK: %[[P0:.*]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[V0:.*]] = llvm.load %[[P0]] : !llvm.ptr -> !llvm.ptr
// CHECK: scf.for %[[ID:.*]] = %[[BEGIN]] to %[[END]]
// CHECK: arith.remsi %[[ID]]
// CHECK: func.call @kernel(%[[V0]],
