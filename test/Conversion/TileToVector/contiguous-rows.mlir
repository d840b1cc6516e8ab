// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// `base + rows[:, None] * stride + cols[None, :]`: rows are unit-stride, so each
// row is one masked vector load from its first pointer, and the rows are
// concatenated.
// CHECK-LABEL: func.func @load_rows_masked
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<8x!llvm.ptr>, vector<8xi32>) -> vector<8x!llvm.ptr>, f32
// CHECK: %[[A0:.*]] = vector.extract %[[P]][0] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK: %[[M0:.*]] = vector.shuffle %[[M:.*]], %[[M]] [0, 1, 2, 3] : vector<8xi1>, vector<8xi1>
// CHECK: %[[O0:.*]] = vector.shuffle %[[O:.*]], %[[O]] [0, 1, 2, 3] : vector<8xf32>, vector<8xf32>
// CHECK: %[[R0:.*]] = llvm.intr.masked.load %[[A0]], %[[M0]], %[[O0]] {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK: %[[A1:.*]] = vector.extract %[[P]][4] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK: %[[M1:.*]] = vector.shuffle %[[M]], %[[M]] [4, 5, 6, 7] : vector<8xi1>, vector<8xi1>
// CHECK: %[[O1:.*]] = vector.shuffle %[[O]], %[[O]] [4, 5, 6, 7] : vector<8xf32>, vector<8xf32>
// CHECK: %[[R1:.*]] = llvm.intr.masked.load %[[A1]], %[[M1]], %[[O1]] {alignment = 4 : i32}
// CHECK: %[[R:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf32>, vector<4xf32>
// CHECK: return %[[R]] : vector<8xf32>
func.func @load_rows_masked(%a: !tile.ptr<f32>, %stride: i32, %mask: tensor<2x4xi1>,
                            %other: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %ss = tile.splat %stride : i32 -> tensor<2x1xi32>
  %rs = arith.muli %ri, %ss : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %v = tile.load %q, %mask, %other : tensor<2x4x!tile.ptr<f32>>
  return %v : tensor<2x4xf32>
}

// Unmasked row-wise stores: one vector llvm.store per row.
// CHECK-LABEL: func.func @store_rows
// CHECK-SAME: (%{{.*}}: !llvm.ptr, %[[V:.*]]: vector<8xi16>)
// CHECK: %[[P:.*]] = llvm.getelementptr
// CHECK: %[[A0:.*]] = vector.extract %[[P]][0] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK: %[[V0:.*]] = vector.shuffle %[[V]], %[[V]] [0, 1, 2, 3] : vector<8xi16>, vector<8xi16>
// CHECK: llvm.store %[[V0]], %[[A0]] {alignment = 2 : i64} : vector<4xi16>, !llvm.ptr
// CHECK: %[[A1:.*]] = vector.extract %[[P]][4] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK: %[[V1:.*]] = vector.shuffle %[[V]], %[[V]] [4, 5, 6, 7] : vector<8xi16>, vector<8xi16>
// CHECK: llvm.store %[[V1]], %[[A1]] {alignment = 2 : i64} : vector<4xi16>, !llvm.ptr
// CHECK-NOT: llvm.intr.masked.scatter
func.func @store_rows(%a: !tile.ptr<i16>, %v: tensor<2x4xi16>) {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c16 = arith.constant dense<16> : tensor<2x1xi32>
  %rs = arith.muli %ri, %c16 : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<i16> -> tensor<2x4x!tile.ptr<i16>>
  %q = tile.addptr %p, %off : tensor<2x4x!tile.ptr<i16>>, tensor<2x4xi32>
  tile.store %q, %v : tensor<2x4x!tile.ptr<i16>>
  return
}

// A column stride that is a runtime scalar s (cols[None, :] * s) is versioned:
// scf.if (s == 1) loads row by row, otherwise gathers.
// CHECK-LABEL: func.func @runtime_column_stride_is_versioned
// CHECK-SAME: (%{{.*}}: !llvm.ptr, %[[S:.*]]: i32)
// CHECK: %[[P:.*]] = llvm.getelementptr
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[UNIT:.*]] = arith.cmpi eq, %[[S]], %[[ONE]] : i32
// CHECK: %[[V:.*]] = scf.if %[[UNIT]] -> (vector<8xf32>) {
// CHECK:   %[[A0:.*]] = vector.extract %[[P]][0] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK:   llvm.load %[[A0]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:   %[[A1:.*]] = vector.extract %[[P]][4] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK:   llvm.load %[[A1]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK: } else {
// CHECK:   %[[G:.*]] = llvm.intr.masked.gather %[[P]]
// CHECK:   scf.yield %[[G]] : vector<8xf32>
// CHECK: }
// CHECK: return %[[V]]
func.func @runtime_column_stride_is_versioned(%a: !tile.ptr<f32>, %s: i32) -> tensor<2x4xf32> {
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %ss = tile.splat %s : i32 -> tensor<1x4xi32>
  %cs = arith.muli %cj, %ss : tensor<1x4xi32>
  %cb = tile.broadcast %cs : tensor<1x4xi32> -> tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q = tile.addptr %p, %cb : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %v = tile.load %q : tensor<2x4x!tile.ptr<f32>>
  return %v : tensor<2x4xf32>
}

// A transposed access (rows[None, :] * stride + cols[:, None]) is not row-contiguous.
// CHECK-LABEL: func.func @transposed_is_gather
// CHECK: llvm.intr.masked.gather
func.func @transposed_is_gather(%a: !tile.ptr<f32>) -> tensor<4x2xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
  %c4 = arith.constant dense<4> : tensor<1x2xi32>
  %rs = arith.muli %ri, %c4 : tensor<1x2xi32>
  %rb = tile.broadcast %rs : tensor<1x2xi32> -> tensor<4x2xi32>
  %cj = tile.expand_dims %r4 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %cb = tile.broadcast %cj : tensor<4x1xi32> -> tensor<4x2xi32>
  %off = arith.addi %rb, %cb : tensor<4x2xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<4x2x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<4x2x!tile.ptr<f32>>, tensor<4x2xi32>
  %v = tile.load %q : tensor<4x2x!tile.ptr<f32>>
  return %v : tensor<4x2xf32>
}

// A 1-D offset through subi (range - (-1)) that the start-address analysis
// does not match is still unit-stride: one row load from its first pointer.
// CHECK-LABEL: func.func @one_row_through_subi
// CHECK: %[[A:.*]] = vector.extract %{{.*}}[0] : !llvm.ptr from vector<4x!llvm.ptr>
// CHECK: llvm.load %[[A]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
func.func @one_row_through_subi(%a: !tile.ptr<f32>) -> tensor<4xf32> {
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %m1 = arith.constant dense<-1> : tensor<4xi32>
  %off = arith.subi %r4, %m1 : tensor<4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %v = tile.load %q : tensor<4x!tile.ptr<f32>>
  return %v : tensor<4xf32>
}

// A pointer tile carried by scf.for and advanced by a uniform offset keeps its
// unit-stride rows: the load in the loop body is row-wise.
// CHECK-LABEL: func.func @loop_carried_rows
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[Q:.*]] = %{{.*}}) -> (vector<8xf32>, vector<8x!llvm.ptr>)
// CHECK:   %[[A0:.*]] = vector.extract %[[Q]][0] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK:   llvm.load %[[A0]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:   %[[A1:.*]] = vector.extract %[[Q]][4] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK:   llvm.load %[[A1]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK-NOT: llvm.intr.masked.gather
// CHECK: return
func.func @loop_carried_rows(%a: !tile.ptr<f32>, %n: i32) -> tensor<2x4xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c16 = arith.constant dense<16> : tensor<2x1xi32>
  %rs = arith.muli %ri, %c16 : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q0 = tile.addptr %p, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %zero = arith.constant dense<0.0> : tensor<2x4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = tile.splat %n : i32 -> tensor<2x4xi32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %q0)
      -> (tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q : tensor<2x4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<2x4xf32>
    %nq = tile.addptr %q, %step : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
    scf.yield %s, %nq : tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>
  }
  return %res#0 : tensor<2x4xf32>
}

// A loop that advances only some lanes (by a range) breaks the proof: a gather.
// CHECK-LABEL: func.func @loop_carried_nonuniform_step
// CHECK: scf.for
// CHECK:   llvm.intr.masked.gather
func.func @loop_carried_nonuniform_step(%a: !tile.ptr<f32>, %n: i32) -> tensor<4xf32> {
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
  %q0 = tile.addptr %p, %r4 : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %q0)
      -> (tensor<4xf32>, tensor<4x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q : tensor<4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<4xf32>
    %nq = tile.addptr %q, %r4 : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
    scf.yield %s, %nq : tensor<4xf32>, tensor<4x!tile.ptr<f32>>
  }
  return %res#0 : tensor<4xf32>
}

// A store through runtime-strided rows is versioned the same way.
// CHECK-LABEL: func.func @runtime_stride_store_is_versioned
// CHECK-SAME: (%{{.*}}: !llvm.ptr, %[[S:.*]]: i64, %[[V:.*]]: vector<4xf32>, %[[M:.*]]: vector<4xi1>)
// CHECK: %[[UNIT:.*]] = arith.cmpi eq, %[[S]], %{{.*}} : i64
// CHECK: scf.if %[[UNIT]] {
// CHECK:   llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<2xf32>, vector<2xi1> into !llvm.ptr
// CHECK:   llvm.intr.masked.store
// CHECK: } else {
// CHECK:   llvm.intr.masked.scatter %[[V]], %{{.*}}, %[[M]]
// CHECK: }
func.func @runtime_stride_store_is_versioned(%a: !tile.ptr<f32>, %s: i64, %v: tensor<2x2xf32>,
                                             %m: tensor<2x2xi1>) {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r64 = arith.extsi %r2 : tensor<2xi32> to tensor<2xi64>
  %cj = tile.expand_dims %r64 {axis = 0 : i32} : tensor<2xi64> -> tensor<1x2xi64>
  %ss = tile.splat %s : i64 -> tensor<1x2xi64>
  %cs = arith.muli %ss, %cj : tensor<1x2xi64>
  %ri = tile.expand_dims %r64 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
  %c8 = arith.constant dense<8> : tensor<2x1xi64>
  %rs = arith.muli %ri, %c8 : tensor<2x1xi64>
  %rb = tile.broadcast %rs : tensor<2x1xi64> -> tensor<2x2xi64>
  %cb = tile.broadcast %cs : tensor<1x2xi64> -> tensor<2x2xi64>
  %off = arith.addi %rb, %cb : tensor<2x2xi64>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x2x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<2x2x!tile.ptr<f32>>, tensor<2x2xi64>
  tile.store %q, %v, %m : tensor<2x2x!tile.ptr<f32>>
  return
}

// A mask built from a row predicate and a column predicate
// (`(rows[:, None] < M) & (cols[None, :] < K)`) is not materialized per element:
// row r's mask is splat(rowPred[r]) & colPred, with no 8-lane mask sliced.
// CHECK-LABEL: func.func @load_rows_factored_mask
// CHECK-SAME: (%{{.*}}: !llvm.ptr, %{{.*}}: i32, %[[RP:.*]]: vector<2xi1>, %[[CP:.*]]: vector<4xi1>)
// CHECK: %[[A0:.*]] = vector.extract %{{.*}}[0] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK: %[[R0:.*]] = vector.extract %[[RP]][0] : i1 from vector<2xi1>
// CHECK: %[[S0:.*]] = vector.broadcast %[[R0]] : i1 to vector<4xi1>
// CHECK: %[[M0:.*]] = arith.andi %[[S0]], %[[CP]] : vector<4xi1>
// CHECK: llvm.intr.masked.load %[[A0]], %[[M0]], %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK: %[[R1:.*]] = vector.extract %[[RP]][1] : i1 from vector<2xi1>
// CHECK: %[[S1:.*]] = vector.broadcast %[[R1]] : i1 to vector<4xi1>
// CHECK: %[[M1:.*]] = arith.andi %[[S1]], %[[CP]] : vector<4xi1>
// CHECK: llvm.intr.masked.load %{{.*}}, %[[M1]], %{{.*}}
func.func @load_rows_factored_mask(%a: !tile.ptr<f32>, %stride: i32, %rowPred: tensor<2x1xi1>,
                                   %colPred: tensor<1x4xi1>) -> tensor<2x4xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %ss = tile.splat %stride : i32 -> tensor<2x1xi32>
  %rs = arith.muli %ri, %ss : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q = tile.addptr %p, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %mr = tile.broadcast %rowPred : tensor<2x1xi1> -> tensor<2x4xi1>
  %mc = tile.broadcast %colPred : tensor<1x4xi1> -> tensor<2x4xi1>
  %m = arith.andi %mr, %mc : tensor<2x4xi1>
  %v = tile.load %q, %m : tensor<2x4x!tile.ptr<f32>>
  return %v : tensor<2x4xf32>
}
