// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine=chunk-lanes=32 --tilec-lower-nontemporal-stores=streaming=true | FileCheck %s
// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s --check-prefix=NOCPU
// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32" | FileCheck %s --check-prefix=NOCPU
// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine="chunk-lanes=32 prefetch-next-program=true" | FileCheck %s --check-prefix=NEXT

// Without the prefetch option (GPUs, or CPU row loops with prefetch=false) nothing is prefetched.
// NOCPU-NOT: llvm.intr.prefetch

// A row-wise load through pointers that the loop advances by `32 * stride`
// (computed after the load, as in a matmul's k loop) prefetches the lines of
// each row one iteration ahead: the row's first pointer moved by the advance,
// its first and last byte (16-byte rows need not be line-aligned), right
// before the row's own load.
// CHECK-LABEL: func.func @prefetch_next_rows
// CHECK-SAME: (%{{.*}}: !llvm.ptr, %[[STRIDE:.*]]: i32, %{{.*}}: i32)
// The loop carries the pointers' offset (carryPointerOffsets); the rows are those of the initial
// tile plus the offset, and the advance is the offset's increment.
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[OFF:.*]] = %{{.*}}) -> (vector<8xf32>, i64)
// CHECK:   %[[BOFF:.*]] = vector.broadcast %[[OFF]] : i64 to vector<8xi64>
// CHECK:   %[[Q:.*]] = llvm.getelementptr %{{.*}}[%[[BOFF]]] : (vector<8x!llvm.ptr>, vector<8xi64>) -> vector<8x!llvm.ptr>, f32
// CHECK:   %[[C32:.*]] = arith.constant 32 : i32
// CHECK:   %[[ADV:.*]] = arith.muli %[[C32]], %[[STRIDE]] : i32
// CHECK:   %[[ADV64:.*]] = arith.extsi %[[ADV]] : i32 to i64
// CHECK:   %[[A0:.*]] = vector.extract %[[Q]][0] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK:   %[[N0:.*]] = llvm.getelementptr %[[A0]][%[[ADV64]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:   "llvm.intr.prefetch"(%[[N0]]) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// CHECK:   %[[E0:.*]] = llvm.getelementptr %[[N0]][15] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:   "llvm.intr.prefetch"(%[[E0]])
// CHECK:   llvm.load %[[A0]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:   %[[A1:.*]] = vector.extract %[[Q]][4] : !llvm.ptr from vector<8x!llvm.ptr>
// CHECK:   %[[N1:.*]] = llvm.getelementptr %[[A1]][%[[ADV64]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:   "llvm.intr.prefetch"(%[[N1]])
// CHECK:   "llvm.intr.prefetch"
// CHECK:   llvm.load %[[A1]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
func.func @prefetch_next_rows(%a: !tile.ptr<f32>, %stride: i32, %n: i32) -> tensor<2x4xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c64 = arith.constant dense<64> : tensor<2x1xi32>
  %rs = arith.muli %ri, %c64 : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q0 = tile.addptr %p, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %zero = arith.constant dense<0.0> : tensor<2x4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %q0)
      -> (tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q : tensor<2x4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<2x4xf32>
    %c32 = arith.constant 32 : i32
    %adv = arith.muli %c32, %stride : i32
    %step = tile.splat %adv : i32 -> tensor<2x4xi32>
    %nq = tile.addptr %q, %step : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
    scf.yield %s, %nq : tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>
  }
  return %res#0 : tensor<2x4xf32>
}

// A constant advance is prefetched too.
// CHECK-LABEL: func.func @prefetch_constant_advance
// CHECK: scf.for
// CHECK:   %[[C16:.*]] = arith.constant 16 : i32
// CHECK:   %[[ADV:.*]] = arith.extsi %[[C16]] : i32 to i64
// CHECK:   %[[N0:.*]] = llvm.getelementptr %{{.*}}[%[[ADV]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:   "llvm.intr.prefetch"(%[[N0]])
// CHECK:   llvm.intr.masked.load
func.func @prefetch_constant_advance(%a: !tile.ptr<f32>, %n: i32,
                                     %mask: tensor<2x4xi1>) -> tensor<2x4xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c64 = arith.constant dense<64> : tensor<2x1xi32>
  %rs = arith.muli %ri, %c64 : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q0 = tile.addptr %p, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %zero = arith.constant dense<0.0> : tensor<2x4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = arith.constant dense<16> : tensor<2x4xi32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %q0)
      -> (tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q, %mask, %zero : tensor<2x4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<2x4xf32>
    %nq = tile.addptr %q, %step : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
    scf.yield %s, %nq : tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>
  }
  return %res#0 : tensor<2x4xf32>
}

// Pointers advanced by a non-uniform offset (row-dependent) are not
// prefetched: the next rows are not this iteration's rows shifted.
// CHECK-LABEL: func.func @no_prefetch_nonuniform_advance
// CHECK-NOT: llvm.intr.prefetch
// CHECK: return
func.func @no_prefetch_nonuniform_advance(%a: !tile.ptr<f32>, %n: i32) -> tensor<2x4xf32> {
  %r2 = tile.make_range 0, 2 : tensor<2xi32>
  %r4 = tile.make_range 0, 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c64 = arith.constant dense<64> : tensor<2x1xi32>
  %rs = arith.muli %ri, %c64 : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cj = tile.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<2x4x!tile.ptr<f32>>
  %q0 = tile.addptr %p, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %zero = arith.constant dense<0.0> : tensor<2x4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %q0)
      -> (tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>) : i32 {
    %v = tile.load %q : tensor<2x4x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<2x4xf32>
    %nq = tile.addptr %q, %rb : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
    scf.yield %s, %nq : tensor<2x4xf32>, tensor<2x4x!tile.ptr<f32>>
  }
  return %res#0 : tensor<2x4xf32>
}

// Next program's row (tilec-strip-mine's prefetch-next-program): a row-wise
// kernel reading its row at `in + program_id(0) * stride` twice (a sum, then
// the scaled row) prefetches, in each 32-lane piece of both passes, the same
// piece of the row at `in + (program_id(0) + 1) * stride` (two 64-byte lines
// of 128 bytes), computed once before each piece loop, wrap flags dropped.
// The weights (no program id) and the store get no prefetch.
// NEXT-LABEL: func.func @next_program_row
// NEXT-SAME: (%[[OUT:.*]]: !llvm.ptr, %[[IN:.*]]: !llvm.ptr, %[[W:.*]]: !llvm.ptr, %[[STRIDE:.*]]: i32)
// NEXT: %[[PID:.*]] = tile.program_id 0 : i32
// NEXT: %[[OFF:.*]] = arith.muli %[[PID]], %[[STRIDE]] overflow<nsw> : i32
// NEXT: %[[ROW:.*]] = llvm.getelementptr %[[IN]][%[[OFF]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// NEXT: %[[PID1:.*]] = arith.addi %[[PID]], %[[ONE]] : i32
// NEXT: %[[NOFF:.*]] = arith.muli %[[PID1]], %[[STRIDE]] : i32
// NEXT: %[[NROW:.*]] = llvm.getelementptr %[[IN]][%[[NOFF]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// NEXT: scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// NEXT:   %[[P0:.*]] = llvm.getelementptr %[[NROW]][%[[LANE]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// NEXT:   "llvm.intr.prefetch"(%[[P0]]) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// NEXT:   %[[P1:.*]] = llvm.getelementptr %[[P0]][64] : (!llvm.ptr) -> !llvm.ptr, i8
// NEXT:   "llvm.intr.prefetch"(%[[P1]])
// NEXT:   %[[X:.*]] = llvm.getelementptr %[[ROW]][%[[LANE]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// NEXT:   llvm.load %[[X]]
// NEXT: scf.yield
// NEXT: %[[PID1B:.*]] = arith.addi %[[PID]], %{{.*}} : i32
// NEXT: %[[NOFFB:.*]] = arith.muli %[[PID1B]], %[[STRIDE]] : i32
// NEXT: %[[NROWB:.*]] = llvm.getelementptr %[[IN]][%[[NOFFB]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// NEXT: scf.for %[[LANEB:.*]] =
// NEXT:   llvm.getelementptr %[[W]][%[[LANEB]]]
// NEXT:   llvm.load
// NEXT:   %[[Q0:.*]] = llvm.getelementptr %[[NROWB]][%[[LANEB]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// NEXT:   "llvm.intr.prefetch"(%[[Q0]])
// NEXT:   "llvm.intr.prefetch"
// NEXT:   llvm.getelementptr %[[ROW]][%[[LANEB]]]
// NEXT:   llvm.load
// NEXT-NOT: llvm.intr.prefetch
// NEXT: return
func.func @next_program_row(%out: !tile.ptr<f32>, %in: !tile.ptr<f32>, %w: !tile.ptr<f32>,
                            %stride: i32) {
  %pid = tile.program_id 0 : i32
  %off = arith.muli %pid, %stride overflow<nsw> : i32
  %row = tile.addptr %in, %off : !tile.ptr<f32>, i32
  %cols = tile.make_range 0, 64 : tensor<64xi32>
  %rows = tile.splat %row : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %ptrs = tile.addptr %rows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %x = tile.load %ptrs : tensor<64x!tile.ptr<f32>>
  %sum = tile.reduce(%x) axis = 0 : (tensor<64xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  %wrows = tile.splat %w : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %wptrs = tile.addptr %wrows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %wv = tile.load %wptrs : tensor<64x!tile.ptr<f32>>
  %x2 = tile.load %ptrs : tensor<64x!tile.ptr<f32>>
  %ss = tile.splat %sum : f32 -> tensor<64xf32>
  %d = arith.divf %x2, %ss : tensor<64xf32>
  %y = arith.mulf %d, %wv : tensor<64xf32>
  %orow = tile.addptr %out, %off : !tile.ptr<f32>, i32
  %orows = tile.splat %orow : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %optrs = tile.addptr %orows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %optrs, %y : tensor<64x!tile.ptr<f32>>
  return
}

// A row read once (a single streaming pass, as in vector add) is not
// prefetched: that pass is bound by memory and the prefetches compete with it.
// NEXT-LABEL: func.func @no_next_program_single_pass
// NEXT-NOT: llvm.intr.prefetch
// NEXT: return
func.func @no_next_program_single_pass(%out: !tile.ptr<f32>, %in: !tile.ptr<f32>) {
  %pid = tile.program_id 0 : i32
  %c64 = arith.constant 64 : i32
  %off = arith.muli %pid, %c64 : i32
  %row = tile.addptr %in, %off : !tile.ptr<f32>, i32
  %cols = tile.make_range 0, 64 : tensor<64xi32>
  %rows = tile.splat %row : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %ptrs = tile.addptr %rows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %x = tile.load %ptrs : tensor<64x!tile.ptr<f32>>
  %y = arith.addf %x, %x : tensor<64xf32>
  %orow = tile.addptr %out, %off : !tile.ptr<f32>, i32
  %orows = tile.splat %orow : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %optrs = tile.addptr %orows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %optrs, %y : tensor<64x!tile.ptr<f32>>
  return
}

// An address whose computation could trap (a division by an argument) gets
// no next-program prefetch, though the row is read twice.
// NEXT-LABEL: func.func @no_next_program_division
// NEXT-NOT: llvm.intr.prefetch
// NEXT: return
func.func @no_next_program_division(%out: !tile.ptr<f32>, %in: !tile.ptr<f32>, %d: i32) {
  %pid = tile.program_id 0 : i32
  %q = arith.divsi %pid, %d : i32
  %row = tile.addptr %in, %q : !tile.ptr<f32>, i32
  %cols = tile.make_range 0, 64 : tensor<64xi32>
  %rows = tile.splat %row : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %ptrs = tile.addptr %rows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %x = tile.load %ptrs : tensor<64x!tile.ptr<f32>>
  %sum = tile.reduce(%x) axis = 0 : (tensor<64xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  %x2 = tile.load %ptrs : tensor<64x!tile.ptr<f32>>
  %ss = tile.splat %sum : f32 -> tensor<64xf32>
  %y = arith.divf %x2, %ss : tensor<64xf32>
  %orows = tile.splat %out : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %optrs = tile.addptr %orows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %optrs, %y : tensor<64x!tile.ptr<f32>>
  return
}

// A row read in blocks by loops of run-time trip count: the prefetch address
// is the next row's when the row is at most 64 KiB (trip count <= 256 blocks
// of 256 bytes, saturated), else the block's own (lines it loads anyway).
// NEXT-LABEL: func.func @next_program_row_blocks
// NEXT-SAME: (%{{.*}}: !llvm.ptr, %[[IN:.*]]: !llvm.ptr, %[[STRIDE:.*]]: i32, %[[N:.*]]: i32)
// NEXT: scf.for %[[OFF:.*]] = %{{.*}} to %[[N]] step
// NEXT:   %[[CUR:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// NEXT:   %[[PID1:.*]] = arith.addi
// NEXT:   %[[NOFF:.*]] = arith.muli %[[PID1]], %[[STRIDE]] : i32
// NEXT:   %[[NROW:.*]] = llvm.getelementptr %[[IN]][%[[NOFF]]]
// NEXT:   %[[NEXT:.*]] = llvm.getelementptr %[[NROW]][%[[OFF]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// NEXT:   %[[CAP:.*]] = arith.constant 257 : i64
// NEXT:   arith.ceildivsi
// NEXT:   arith.minsi
// NEXT:   arith.muli
// NEXT:   %[[TRIPS:.*]] = arith.minsi %{{.*}}, %[[CAP]] : i64
// NEXT:   %[[BUDGET:.*]] = arith.constant 256 : i64
// NEXT:   %[[FITS:.*]] = arith.cmpi sle, %[[TRIPS]], %[[BUDGET]] : i64
// NEXT:   %[[PF:.*]] = arith.select %[[FITS]], %[[NEXT]], %[[CUR]] : !llvm.ptr
// NEXT:   scf.for %[[LANE:.*]] =
// NEXT:     %[[P0:.*]] = llvm.getelementptr %[[PF]][%[[LANE]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// NEXT:     "llvm.intr.prefetch"(%[[P0]])
// NEXT:     llvm.getelementptr %[[CUR]][%[[LANE]]]
// NEXT:     llvm.load
// NEXT: scf.for
// NEXT:   arith.select %{{.*}} : !llvm.ptr
// NEXT:   scf.for
// NEXT:     "llvm.intr.prefetch"
func.func @next_program_row_blocks(%out: !tile.ptr<f32>, %in: !tile.ptr<f32>, %stride: i32, %n: i32) {
  %pid = tile.program_id 0 : i32
  %off = arith.muli %pid, %stride : i32
  %row = tile.addptr %in, %off : !tile.ptr<f32>, i32
  %orow = tile.addptr %out, %off : !tile.ptr<f32>, i32
  %cols = tile.make_range 0, 64 : tensor<64xi32>
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %o = %c0 to %n step %c64 : i32 {
    %base = tile.addptr %row, %o : !tile.ptr<f32>, i32
    %rows = tile.splat %base : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %ptrs = tile.addptr %rows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %x = tile.load %ptrs : tensor<64x!tile.ptr<f32>>
    %y = arith.addf %x, %x : tensor<64xf32>
    %obase = tile.addptr %orow, %o : !tile.ptr<f32>, i32
    %orows = tile.splat %obase : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %optrs = tile.addptr %orows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    tile.store %optrs, %y : tensor<64x!tile.ptr<f32>>
  }
  scf.for %o = %c0 to %n step %c64 : i32 {
    %base = tile.addptr %row, %o : !tile.ptr<f32>, i32
    %rows = tile.splat %base : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %ptrs = tile.addptr %rows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %x = tile.load %ptrs : tensor<64x!tile.ptr<f32>>
    %y = arith.mulf %x, %x : tensor<64xf32>
    %obase = tile.addptr %orow, %o : !tile.ptr<f32>, i32
    %orows = tile.splat %obase : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %optrs = tile.addptr %orows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    tile.store %optrs, %y : tensor<64x!tile.ptr<f32>>
  }
  return
}

// A row known to exceed 64 KiB (1024 blocks of 256 bytes) gets no prefetch:
// the next row would evict the current one from L2 before the second pass.
// NEXT-LABEL: func.func @no_next_program_long_row
// NEXT-NOT: llvm.intr.prefetch
// NEXT: return
func.func @no_next_program_long_row(%out: !tile.ptr<f32>, %in: !tile.ptr<f32>, %stride: i32) {
  %pid = tile.program_id 0 : i32
  %off = arith.muli %pid, %stride : i32
  %row = tile.addptr %in, %off : !tile.ptr<f32>, i32
  %orow = tile.addptr %out, %off : !tile.ptr<f32>, i32
  %cols = tile.make_range 0, 64 : tensor<64xi32>
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %n = arith.constant 65536 : i32
  scf.for %o = %c0 to %n step %c64 : i32 {
    %base = tile.addptr %row, %o : !tile.ptr<f32>, i32
    %rows = tile.splat %base : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %ptrs = tile.addptr %rows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %x = tile.load %ptrs : tensor<64x!tile.ptr<f32>>
    %y = arith.addf %x, %x : tensor<64xf32>
    %obase = tile.addptr %orow, %o : !tile.ptr<f32>, i32
    %orows = tile.splat %obase : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %optrs = tile.addptr %orows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    tile.store %optrs, %y : tensor<64x!tile.ptr<f32>>
  }
  scf.for %o = %c0 to %n step %c64 : i32 {
    %base = tile.addptr %row, %o : !tile.ptr<f32>, i32
    %rows = tile.splat %base : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %ptrs = tile.addptr %rows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %x = tile.load %ptrs : tensor<64x!tile.ptr<f32>>
    %y = arith.mulf %x, %x : tensor<64xf32>
    %obase = tile.addptr %orow, %o : !tile.ptr<f32>, i32
    %orows = tile.splat %obase : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %optrs = tile.addptr %orows, %cols : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    tile.store %optrs, %y : tensor<64x!tile.ptr<f32>>
  }
  return
}

// Accumulator loops that tilec-strip-mine interchanges with their piece loop
// (max-interchanged-blocks, 16 by default) keep the prefetches: they are
// hints, not accesses that would stop the interchange. The piece loop runs
// outside, the block loop inside, and each block prefetches the same piece of
// the next program's block.
// NEXT-LABEL: func.func @next_program_interchanged
// NEXT: scf.if
// NEXT:   scf.for %[[PIECE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// NEXT:     scf.for %{{.*}} iter_args(%{{.*}}) -> (vector<32xf32>) : i32 {
// NEXT:       %[[PF:.*]] = arith.select %{{.*}} : !llvm.ptr
// NEXT:       %[[P:.*]] = llvm.getelementptr %[[PF]][%[[PIECE]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// NEXT:       "llvm.intr.prefetch"(%[[P]])
// NEXT:       "llvm.intr.prefetch"
// NEXT:       llvm.load
// NEXT: } else {
func.func @next_program_interchanged(%x: !tile.ptr<f32>, %stride: i32, %n: i32) -> f32 {
  %pid = tile.program_id 0 : i32
  %roff = arith.muli %pid, %stride : i32
  %row = tile.addptr %x, %roff : !tile.ptr<f32>, i32
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %px = tile.splat %row : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %acc = scf.for %off = %c0 to %n step %c128 iter_args(%a = %zero) -> (tensor<128xf32>) : i32 {
    %s = tile.splat %off : i32 -> tensor<128xi32>
    %cols = arith.addi %s, %r : tensor<128xi32>
    %q = tile.addptr %px, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %q : tensor<128x!tile.ptr<f32>>
    %sum = arith.addf %a, %v : tensor<128xf32>
    scf.yield %sum : tensor<128xf32>
  }
  %acc2 = scf.for %off = %c0 to %n step %c128 iter_args(%a = %zero) -> (tensor<128xf32>) : i32 {
    %s = tile.splat %off : i32 -> tensor<128xi32>
    %cols = arith.addi %s, %r : tensor<128xi32>
    %q = tile.addptr %px, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %q : tensor<128x!tile.ptr<f32>>
    %sq = arith.mulf %v, %v : tensor<128xf32>
    %sum = arith.addf %a, %sq : tensor<128xf32>
    scf.yield %sum : tensor<128xf32>
  }
  %both = arith.addf %acc, %acc2 : tensor<128xf32>
  %t = tile.reduce(%both) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %m = arith.addf %a, %b : f32
    tile.yield %m : f32
  }
  return %t : f32
}
