// RUN: tilec-opt %s --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine=chunk-lanes=32 --canonicalize --cse | FileCheck %s

// A tl.dot's A operand loaded row by row (Dot.cpp, MemoryOps.cpp: dotReadingRowsInPlace) is read
// in place: the row loop stores each row's address in a table, the row itself when its mask is
// full, else the address of its masked copy in the load's buffer, and the microkernel broadcasts
// A's elements through the table. No full row is copied.
// CHECK-LABEL: func.func @a_in_place
// CHECK-DAG: %[[BUF:.+]] = llvm.alloca %{{.+}} x f32
// CHECK-DAG: %[[TABLE:.+]] = llvm.alloca %{{.+}} x !llvm.ptr
// CHECK: scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i64 {
// CHECK: %[[ADDR:.+]] = llvm.getelementptr %{{.+}}[%{{.+}}] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK: %[[FULL:.+]] = vector.reduction <and>, %{{.+}} : vector<32xi1> into i1
// CHECK: %[[SRC:.+]] = scf.if %[[FULL]] -> (!llvm.ptr) {
// CHECK-NEXT: scf.yield %[[ADDR]] : !llvm.ptr
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ROW:.+]] = llvm.intr.masked.load %[[ADDR]]
// CHECK: llvm.store %[[ROW]], %[[COPY:[^ ]+]]
// CHECK: scf.yield %[[COPY]] : !llvm.ptr
// CHECK: %[[SLOT:.+]] = llvm.getelementptr %[[TABLE]][%[[R]]] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
// CHECK: llvm.store %[[SRC]], %[[SLOT]] {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
// CHECK-NOT: llvm.load %[[BUF]]
// CHECK: %[[A0:.+]] = llvm.load %{{.+}} {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(
// CHECK: %[[AK:.+]] = llvm.getelementptr %[[A0]][%[[K]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[AIK:.+]] = llvm.load %[[AK]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: vector.broadcast %[[AIK]] : f32 to vector<16xf32>
// CHECK: math.fma
func.func @a_in_place(%a: !tile.ptr<f32>, %s: i32, %m: i32, %kl: i32, %b: tensor<32x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // `a + rows[:, None] * s + cols[None, :]`, masked by `(rows[:, None] < m) & (cols[None, :] < kl)`.
  %r16 = tile.make_range 0, 16 : tensor<16xi32>
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %ri = tile.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %ss = tile.splat %s : i32 -> tensor<16x1xi32>
  %rs = arith.muli %ri, %ss : tensor<16x1xi32>
  %rb = tile.broadcast %rs : tensor<16x1xi32> -> tensor<16x32xi32>
  %cj = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %cj : tensor<1x32xi32> -> tensor<16x32xi32>
  %off = arith.addi %rb, %cb : tensor<16x32xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x32x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  %ms = tile.splat %m : i32 -> tensor<16x1xi32>
  %rok = arith.cmpi slt, %ri, %ms : tensor<16x1xi32>
  %rokb = tile.broadcast %rok : tensor<16x1xi1> -> tensor<16x32xi1>
  %ks = tile.splat %kl : i32 -> tensor<1x32xi32>
  %cok = arith.cmpi slt, %cj, %ks : tensor<1x32xi32>
  %cokb = tile.broadcast %cok : tensor<1x32xi1> -> tensor<16x32xi1>
  %mask = arith.andi %rokb, %cokb : tensor<16x32xi1>
  %v = tile.load %q, %mask : tensor<16x32x!tile.ptr<f32>>
  %d = tile.dot %v, %b, %c : tensor<16x32xf32>, tensor<32x32xf32> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}

// A store between the load and the dot may change A's rows: they are copied as before.
// CHECK-LABEL: func.func @store_between
// CHECK-NOT: x !llvm.ptr
// CHECK: return
func.func @store_between(%a: !tile.ptr<f32>, %s: i32, %m: i32, %kl: i32, %b: tensor<32x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // `a + rows[:, None] * s + cols[None, :]`, masked by `(rows[:, None] < m) & (cols[None, :] < kl)`.
  %r16 = tile.make_range 0, 16 : tensor<16xi32>
  %r32 = tile.make_range 0, 32 : tensor<32xi32>
  %ri = tile.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %ss = tile.splat %s : i32 -> tensor<16x1xi32>
  %rs = arith.muli %ri, %ss : tensor<16x1xi32>
  %rb = tile.broadcast %rs : tensor<16x1xi32> -> tensor<16x32xi32>
  %cj = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tile.broadcast %cj : tensor<1x32xi32> -> tensor<16x32xi32>
  %off = arith.addi %rb, %cb : tensor<16x32xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x32x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  %ms = tile.splat %m : i32 -> tensor<16x1xi32>
  %rok = arith.cmpi slt, %ri, %ms : tensor<16x1xi32>
  %rokb = tile.broadcast %rok : tensor<16x1xi1> -> tensor<16x32xi1>
  %ks = tile.splat %kl : i32 -> tensor<1x32xi32>
  %cok = arith.cmpi slt, %cj, %ks : tensor<1x32xi32>
  %cokb = tile.broadcast %cok : tensor<1x32xi1> -> tensor<16x32xi1>
  %mask = arith.andi %rokb, %cokb : tensor<16x32xi1>
  %v = tile.load %q, %mask : tensor<16x32x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<16x32xf32>
  tile.store %q, %zero : tensor<16x32x!tile.ptr<f32>>
  %d = tile.dot %v, %b, %c : tensor<16x32xf32>, tensor<32x32xf32> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}
