// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine=chunk-lanes=32 --tilec-lower-nontemporal-stores=streaming=true | FileCheck %s

// A 16-row load of `base + rows[:, None] * stride + cols[None, :]` with a factored mask runs as
// a loop over its rows: row start and row mask come from the factors (element `row` of the rows
// and of the row predicate), a full row is a plain load, and the rows fill a stack buffer read
// back whole. No 512-lane tile of pointers or mask is built.
// The row number and the row predicate are computed as scalars from the factors (make_range:
// the row itself; `rows < m`: a scalar compare), never extracted from a 16-lane vector at a
// dynamic position (LLVM spills the whole vector to the stack for that, in every iteration).
// CHECK-LABEL: func.func @load_rows_loop
// CHECK-SAME: (%[[A:[^:]+]]: !llvm.ptr, %[[S:[^:]+]]: i32, %[[M:[^:]+]]: i32,
// CHECK-NOT: vector<512x!llvm.ptr>
// CHECK-NOT: vector<512xi1>
// CHECK: %[[BUF:.+]] = llvm.alloca %{{.+}} x f32
// CHECK: scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i64 {
// CHECK-NOT: vector.extract
// CHECK: %[[RI:.+]] = arith.index_cast %[[R]] : i64 to index
// CHECK: %[[ROW:.+]] = arith.index_cast %[[RI]] : index to i32
// CHECK: %[[ROWOFF:.+]] = arith.muli %[[ROW]], %[[S]] : i32
// CHECK: %[[START:.+]] = arith.addi %[[ROWOFF]], %{{.+}} : i32
// CHECK: %[[ADDR:.+]] = llvm.getelementptr %[[A]][%[[START]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK: %[[ROWN:.+]] = arith.index_cast %[[RI]] : index to i32
// CHECK: %[[ROK:.+]] = arith.cmpi slt, %[[ROWN]], %[[M]] : i32
// CHECK: %[[ROWOK:.+]] = vector.broadcast %[[ROK]] : i1 to vector<32xi1>
// CHECK: %[[MASK:.+]] = arith.andi %[[ROWOK]], %{{.+}} : vector<32xi1>
// CHECK: %[[FULL:.+]] = vector.reduction <and>, %[[MASK]]
// CHECK: scf.if %[[FULL]] -> (vector<32xf32>) {
// CHECK: llvm.load %[[ADDR]] {{.*}} -> vector<32xf32>
// CHECK: } else {
// CHECK: llvm.intr.masked.load %[[ADDR]], %[[MASK]]
// CHECK: llvm.store %{{.+}}, %{{.+}} : vector<32xf32>, !llvm.ptr
// CHECK: }
// CHECK: %[[ALL:.+]] = llvm.load %[[BUF]] {alignment = 64 : i64} : !llvm.ptr -> vector<512xf32>
// CHECK: return %[[ALL]]
func.func @load_rows_loop(%a: !tile.ptr<f32>, %stride: i32, %m: i32, %k: i32) -> tensor<16x32xf32> {
  %r16 = tile.make_range 0, 16 : tensor<16xi32>
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %ri = tile.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %ss = tile.splat %stride : i32 -> tensor<16x1xi32>
  %rs = arith.muli %ri, %ss : tensor<16x1xi32>
  %rb = tile.broadcast %rs : tensor<16x1xi32> -> tensor<16x32xi32>
  %cj = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %cj : tensor<1x32xi32> -> tensor<16x32xi32>
  %off = arith.addi %rb, %cb : tensor<16x32xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x32x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  %ms = tile.splat %m : i32 -> tensor<16x1xi32>
  %rowOk = arith.cmpi slt, %ri, %ms : tensor<16x1xi32>
  %ks = tile.splat %k : i32 -> tensor<1x32xi32>
  %colOk = arith.cmpi slt, %cj, %ks : tensor<1x32xi32>
  %rowMask = tile.broadcast %rowOk : tensor<16x1xi1> -> tensor<16x32xi1>
  %colMask = tile.broadcast %colOk : tensor<1x32xi1> -> tensor<16x32xi1>
  %mask = arith.andi %rowMask, %colMask : tensor<16x32xi1>
  %zero = arith.constant 0.0 : f32
  %other = tile.splat %zero : f32 -> tensor<16x32xf32>
  %v = tile.load %q, %mask, %other : tensor<16x32x!tile.ptr<f32>>
  return %v : tensor<16x32xf32>
}

// Rows whose numbers are loaded from memory have no scalar form: element `row` of the loaded
// vector is extracted, as before.
// CHECK-LABEL: func.func @load_rows_loaded_numbers
// CHECK: scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i64 {
// CHECK: %[[RI:.+]] = arith.index_cast %[[R]] : i64 to index
// CHECK: %[[ROW:.+]] = vector.extract %{{.+}}[%[[RI]]] : i32 from vector<16xi32>
// CHECK: arith.muli %[[ROW]], %{{.+}} : i32
func.func @load_rows_loaded_numbers(%a: !tile.ptr<f32>, %idx: !tile.ptr<i32>, %stride: i32) -> tensor<16x32xf32> {
  %r16 = tile.make_range 0, 16 : tensor<16xi32>
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %ip = tile.splat %idx : !tile.ptr<i32> -> tensor<16x!tile.ptr<i32>>
  %iq = tile.addptr %ip, %r16 : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %rows = tile.load %iq : tensor<16x!tile.ptr<i32>>
  %ri = tile.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %ss = tile.splat %stride : i32 -> tensor<16x1xi32>
  %rs = arith.muli %ri, %ss : tensor<16x1xi32>
  %rb = tile.broadcast %rs : tensor<16x1xi32> -> tensor<16x32xi32>
  %cj = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %cj : tensor<1x32xi32> -> tensor<16x32xi32>
  %off = arith.addi %rb, %cb : tensor<16x32xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x32x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  %v = tile.load %q : tensor<16x32x!tile.ptr<f32>>
  return %v : tensor<16x32xf32>
}

// The same rows stored: the value goes through a stack buffer, one row per iteration.
// CHECK-LABEL: func.func @store_rows_loop
// CHECK-SAME: (%[[A:[^:]+]]: !llvm.ptr, %[[S:[^:]+]]: i32, %[[V:[^:]+]]: vector<512xf32>)
// CHECK-NOT: vector<512x!llvm.ptr>
// CHECK: scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i64 {
// CHECK: %[[ADDR:.+]] = llvm.getelementptr %[[A]][%{{.+}}] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK: %[[ROWV:.+]] = llvm.load %{{.+}} : !llvm.ptr -> vector<32xf32>
// CHECK: llvm.store %[[ROWV]], %[[ADDR]] {alignment = 4 : i64} : vector<32xf32>, !llvm.ptr
// CHECK: }
func.func @store_rows_loop(%a: !tile.ptr<f32>, %stride: i32, %v: tensor<16x32xf32>) {
  %r16 = tile.make_range 0, 16 : tensor<16xi32>
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %ri = tile.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %ss = tile.splat %stride : i32 -> tensor<16x1xi32>
  %rs = arith.muli %ri, %ss : tensor<16x1xi32>
  %rb = tile.broadcast %rs : tensor<16x1xi32> -> tensor<16x32xi32>
  %cj = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %cj : tensor<1x32xi32> -> tensor<16x32xi32>
  %off = arith.addi %rb, %cb : tensor<16x32xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x32x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  tile.store %q, %v : tensor<16x32x!tile.ptr<f32>>
  return
}

// A loop that advances a tile of pointers by a uniform amount (`ptrs += 32`) carries one i64
// offset instead of the 128 pointers; the body loads from the initial tile plus the offset.
// CHECK-LABEL: func.func @carried_pointers
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}, %[[OFF:.+]] = %{{.+}}) -> (vector<128xf32>, i64)
// CHECK: %[[NEXT:.+]] = arith.addi %[[OFF]], %{{.+}} : i64
// CHECK: scf.yield %{{.+}}, %[[NEXT]] : vector<128xf32>, i64
func.func @carried_pointers(%a: !tile.ptr<f32>, %stride: i32, %n: i32) -> tensor<4x32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %ri = tile.expand_dims %r4 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %ss = tile.splat %stride : i32 -> tensor<4x1xi32>
  %rs = arith.muli %ri, %ss : tensor<4x1xi32>
  %rb = tile.broadcast %rs : tensor<4x1xi32> -> tensor<4x32xi32>
  %cj = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %cj : tensor<1x32xi32> -> tensor<4x32xi32>
  %off = arith.addi %rb, %cb : tensor<4x32xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<4x32x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<4x32x!tile.ptr<f32>>, tensor<4x32xi32>
  %zero = arith.constant dense<0.0> : tensor<4x32xf32>
  %inc = arith.constant dense<32> : tensor<4x32xi32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %ptrs = %q) -> (tensor<4x32xf32>, tensor<4x32x!tile.ptr<f32>>) : i32 {
    %v = tile.load %ptrs : tensor<4x32x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<4x32xf32>
    %next = tile.addptr %ptrs, %inc : tensor<4x32x!tile.ptr<f32>>, tensor<4x32xi32>
    scf.yield %s, %next : tensor<4x32xf32>, tensor<4x32x!tile.ptr<f32>>
  }
  return %r#0 : tensor<4x32xf32>
}
