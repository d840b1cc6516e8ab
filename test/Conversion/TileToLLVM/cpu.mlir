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
// Its programs only load and store, so on a 2-D grid (y > 1) they run in groups of 8 x values,
// x fastest within a group (x = first + i % rows, y = i / rows); 1-D grids keep the plain order.
// CHECK: scf.for %[[ID:.*]] = %[[BEGIN]] to %[[END]]
// CHECK: %[[X:.*]] = arith.remsi %[[ID]]
// CHECK: %[[Y:.*]] = arith.remsi
// CHECK: %[[IS2D:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i64
// CHECK: %[[XY:.*]]:2 = scf.if %[[IS2D]] -> (i64, i64) {
// CHECK: %[[ROWS:.*]] = arith.minsi
// CHECK: %[[IN:.*]] = arith.remsi %{{.*}}, %{{.*}} : i64
// CHECK: %[[GX:.*]] = arith.remsi %[[IN]], %[[ROWS]] : i64
// CHECK: %[[FX:.*]] = arith.addi %{{.*}}, %[[GX]] : i64
// CHECK: %[[GY:.*]] = arith.divsi %[[IN]], %[[ROWS]] : i64
// CHECK: scf.yield %[[FX]], %[[GY]] : i64, i64
// CHECK: } else {
// CHECK: scf.yield %[[X]], %[[Y]] : i64, i64
// CHECK: arith.trunci %[[XY]]#0
// CHECK: arith.trunci %[[XY]]#1
// CHECK: func.call @kernel(%[[V0]],

// A kernel with an atomic may observe the order of its programs (a ticket counter): it keeps
// the plain order.
// CHECK-LABEL: func.func @__tilec_entry_counter
// CHECK-NOT: scf.if
// CHECK: func.call @counter(
func.func @counter(%a: !llvm.ptr) {
  %pid = tile.program_id 0 : i32
  %old = llvm.atomicrmw add %a, %pid seq_cst : !llvm.ptr, i32
  llvm.store %old, %a : i32, !llvm.ptr
  return
}
