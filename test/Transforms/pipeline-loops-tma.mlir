// RUN: tilec-opt %s --split-input-file --tilec-pipeline-loops="num-stages=3 shared-memory-limit=232448 tma-loads=1" | FileCheck %s
// RUN: tilec-opt %s --split-input-file --tilec-pipeline-loops="num-stages=3 shared-memory-limit=232448" | FileCheck %s --check-prefix=OFF

#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// A wgmma matmul loop whose A and B are marked descriptor blocks (tilec-lower-block-pointers'
// marks; the pointer tiles here stand for the masked loads it builds) with loop-invariant
// tensors, unit last strides and row strides known to be multiples of 16 bytes: the copy
// engine loads both. Before the loop: one tensor map per operand (A's 64-byte rows: a 64x32
// box with the 64-byte swizzle; B's 128-byte rows: 32x64, 128-byte swizzle), the ring of 3
// mbarriers, and iterations 0 and 1, each an arrival expecting both tiles' bytes (4096 + 4096,
// none past the loop's end) and the two copies at the blocks' offsets. Each iteration
// synchronizes and waits on its stage's barrier for phase (k / 3) % 2; no cp.async group is
// left; after the loop the barriers are invalidated. Without tma-loads the marks are dropped
// and both loads become cp.async copies.
// CHECK-LABEL: func @both_engine
// CHECK-SAME: (%[[A:.*]]: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %[[B:.*]]: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %[[M:.*]]: i64, %[[K:.*]]: i64 {tile.divisibility = 16 : i32}, %[[N:.*]]: i64 {tile.divisibility = 16 : i32}
// CHECK-NOT: tile.async_copy
// CHECK-DAG: %[[MAPA:.*]] = tile.make_tensor_map %[[A]], [%[[M]], %[[K]]], [%[[K]], %{{.*}}] : !tile.ptr<f16> -> !tile.tensor_map<64x32xf16, swizzle = 64>
// CHECK-DAG: %[[MAPB:.*]] = tile.make_tensor_map %[[B]], [%[[K]], %[[N]]], [%[[N]], %{{.*}}] : !tile.ptr<f16> -> !tile.tensor_map<32x64xf16, swizzle = 128>
// CHECK: %[[BARS:.*]] = tile.local_alloc : <3x1x1xi64, #{{.*}}>
// CHECK-COUNT-3: tile.mbarrier_init %{{.*}} count = 1
// CHECK: %[[IN0:.*]] = arith.cmpi slt, %c0_i32, %[[STEPS:.*]] : i32
// CHECK: %[[BAR0:.*]] = tile.memdesc_index %[[BARS]][%c0_i32{{.*}}]
// CHECK: %[[BYTES0:.*]] = arith.select %[[IN0]], %c8192_i32, %c0_i32
// CHECK: tile.mbarrier_arrive %[[BAR0]], %[[BYTES0]]
// CHECK: tile.async_tma_load %[[MAPA]][%{{.*}}, %{{.*}}] into %{{.*}}, %[[BAR0]], %[[IN0]] : !tile.tensor_map<64x32xf16, swizzle = 64>, !tile.memdesc<64x32xf16, #{{.*}}>
// CHECK: tile.async_tma_load %[[MAPB]][%{{.*}}, %{{.*}}] into %{{.*}}, %[[BAR0]], %[[IN0]] : !tile.tensor_map<32x64xf16, swizzle = 128>, !tile.memdesc<32x64xf16, #{{.*}}>
// CHECK: tile.mbarrier_arrive
// CHECK-COUNT-2: tile.async_tma_load
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %[[STEPS]] step %c1_i32 iter_args(%{{.*}} = %{{.*}}, %[[SLOT:.*]] = %c0_i32{{.*}})
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: %[[D:.*]] = arith.subi %[[IV]], %c0_i32
// CHECK-NEXT: %[[KK:.*]] = arith.divui %[[D]], %c1_i32
// CHECK: %[[ROUND:.*]] = arith.divui %[[KK]], %c3_i32
// CHECK: %[[PHASE:.*]] = arith.andi %[[ROUND]], %c1_i32
// CHECK-NEXT: %[[BAR:.*]] = tile.memdesc_index %[[BARS]][%[[SLOT]]]
// CHECK-NEXT: tile.mbarrier_wait %[[BAR]], %[[PHASE]]
// CHECK: tile.dot {{.*}} {is_async}
// CHECK: tile.mbarrier_arrive
// CHECK-COUNT-2: tile.async_tma_load
// CHECK: scf.yield
// CHECK-NOT: tile.async_wait
// CHECK: tile.barrier
// CHECK-COUNT-3: tile.mbarrier_inval
// CHECK-NOT: tile.descriptor_block
// OFF-LABEL: func @both_engine
// OFF-NOT: tile.descriptor_block
// OFF-NOT: tile.make_tensor_map
// OFF-COUNT-2: tile.async_copy
func.func @both_engine(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                       %m: i64, %k: i64 {tile.divisibility = 16 : i32}, %n: i64 {tile.divisibility = 16 : i32},
                       %pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>,
                       %steps: i32, %om: i32, %on: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %ok = arith.muli %i, %c32 : i32
    %la = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
    %xa = tile.descriptor_block %la of %a[%m, %k] [%k, %one] at [%om, %ok] : tensor<64x32xf16, #blocked>, !tile.ptr<f16>
    %lb = tile.load %pb : tensor<32x64x!tile.ptr<f16>, #blocked>
    %xb = tile.descriptor_block %lb of %b[%k, %n] [%n, %one] at [%ok, %on] : tensor<32x64xf16, #blocked>, !tile.ptr<f16>
    %da = tile.convert_layout %xa : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #dot_a>
    %db = tile.convert_layout %xb : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #dot_b>
    %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #dot_a>, tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  return %r : tensor<64x64xf32, #mma>
}

// -----

#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// B's row stride is not known to be a multiple of 16 bytes (the engine needs it), so B stays
// a cp.async copy while A's NaN-padded block goes through the engine (a map that fills with
// NaN): each issue both arrives at the barrier and commits a cp.async group, and each
// iteration waits for both; a block whose base is computed in the loop is not copied by the
// engine either.
// CHECK-LABEL: func @mixed
// CHECK: tile.make_tensor_map %{{.*}} : !tile.ptr<f16> -> !tile.tensor_map<64x32xf16, swizzle = 64, nan>
// CHECK-NOT: tile.make_tensor_map
// CHECK: tile.mbarrier_arrive
// CHECK-NEXT: tile.memdesc_index
// CHECK-NEXT: tile.async_tma_load
// CHECK: tile.async_copy
// CHECK-NEXT: tile.async_commit_group
// CHECK: scf.for
// CHECK-NEXT: tile.async_wait pending = 1
// CHECK: tile.mbarrier_wait
// CHECK: tile.async_wait pending = 0
// CHECK-COUNT-3: tile.mbarrier_inval
func.func @mixed(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                 %m: i64, %k: i64 {tile.divisibility = 16 : i32}, %n: i64,
                 %pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>,
                 %steps: i32, %om: i32, %on: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
  %nan = arith.constant dense<0x7E00> : tensor<64x32xf16, #blocked>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %ok = arith.muli %i, %c32 : i32
    %true = arith.constant dense<true> : tensor<64x32xi1, #blocked>
    %la = tile.load %pa, %true, %nan : tensor<64x32x!tile.ptr<f16>, #blocked>
    %xa = tile.descriptor_block %la of %a[%m, %k] [%k, %one] at [%om, %ok] : tensor<64x32xf16, #blocked>, !tile.ptr<f16>
    %hb = tile.hint %pb divisibility [16, 16] contiguity [1, 64] : tensor<32x64x!tile.ptr<f16>, #blocked>
    %lb = tile.load %hb : tensor<32x64x!tile.ptr<f16>, #blocked>
    %xb = tile.descriptor_block %lb of %b[%k, %n] [%n, %one] at [%ok, %on] : tensor<32x64xf16, #blocked>, !tile.ptr<f16>
    %da = tile.convert_layout %xa : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #dot_a>
    %db = tile.convert_layout %xb : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #dot_b>
    %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #dot_a>, tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  return %r : tensor<64x64xf32, #mma>
}

// -----

#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// A block whose base pointer moves in the loop cannot have its map made once before it: the
// load is a cp.async copy and its mark is dropped.
// CHECK-LABEL: func @moving_base
// CHECK-NOT: tile.make_tensor_map
// CHECK-NOT: tile.descriptor_block
// CHECK: tile.async_copy
func.func @moving_base(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %m: i64, %k: i64 {tile.divisibility = 16 : i32},
                       %pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %db: tensor<32x64xf16, #dot_b>,
                       %steps: i32, %om: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %base = tile.addptr %a, %i : !tile.ptr<f16>, i32
    %ha = tile.hint %pa divisibility [16, 16] contiguity [1, 32] : tensor<64x32x!tile.ptr<f16>, #blocked>
    %la = tile.load %ha : tensor<64x32x!tile.ptr<f16>, #blocked>
    %xa = tile.descriptor_block %la of %base[%m, %k] [%k, %one] at [%om, %c0] : tensor<64x32xf16, #blocked>, !tile.ptr<f16>
    %da = tile.convert_layout %xa : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #dot_a>
    %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #dot_a>, tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  return %r : tensor<64x64xf32, #mma>
}

// -----

#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// A flipped block (row stride -64, a multiple of 16 bytes but negative): the engine takes
// unsigned strides, so the load stays a cp.async copy.
// CHECK-LABEL: func @negative_stride
// CHECK-NOT: tile.make_tensor_map
// CHECK: tile.async_copy
func.func @negative_stride(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %m: i64, %k: i64,
                           %pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %db: tensor<32x64xf16, #dot_b>,
                           %steps: i32, %om: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i64
  %neg = arith.constant -64 : i64
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %ha = tile.hint %pa divisibility [16, 16] contiguity [1, 32] : tensor<64x32x!tile.ptr<f16>, #blocked>
    %la = tile.load %ha : tensor<64x32x!tile.ptr<f16>, #blocked>
    %xa = tile.descriptor_block %la of %a[%m, %k] [%neg, %one] at [%om, %i] : tensor<64x32xf16, #blocked>, !tile.ptr<f16>
    %da = tile.convert_layout %xa : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #dot_a>
    %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #dot_a>, tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  return %r : tensor<64x64xf32, #mma>
}

// -----

#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// A persistent kernel's loop over tiles around the K loop: the tensor is known at the kernel's
// entry, so its map is made there, once, not for every tile; the barriers are initialized and
// invalidated around each run of the K loop.
// CHECK-LABEL: func @persistent
// CHECK: tile.make_tensor_map
// CHECK: scf.for
// CHECK: tile.mbarrier_init
// CHECK: scf.for
// CHECK: tile.mbarrier_wait
// CHECK: tile.mbarrier_inval
func.func @persistent(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %m: i64, %k: i64 {tile.divisibility = 16 : i32},
                      %pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %db: tensor<32x64xf16, #dot_b>,
                      %tiles: i32, %steps: i32, %out: tensor<64x64x!tile.ptr<f32>, #mma>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
  scf.for %t = %c0 to %tiles step %c1 : i32 {
    %om = arith.muli %t, %c64 : i32
    %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %la = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
      %xa = tile.descriptor_block %la of %a[%m, %k] [%k, %one] at [%om, %i] : tensor<64x32xf16, #blocked>, !tile.ptr<f16>
      %da = tile.convert_layout %xa : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #dot_a>
      %d = tile.dot %da, %db, %acc : tensor<64x32xf16, #dot_a>, tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tile.store %out, %r : tensor<64x64x!tile.ptr<f32>, #mma>
  }
  return
}

// -----

#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>

// Marks that no copy is made of are dropped, except those of stored tiles (here through the
// conversion to the store's layout), which convert-tile-to-gpu may write with the engine; a
// load's mark whose tile is stored (not marked `stored`) is dropped too.
// CHECK-LABEL: func @store_marks
// CHECK: %[[X:.*]] = tile.load
// CHECK-NOT: tile.descriptor_block %[[X]]
// CHECK: %[[S:.*]] = tile.descriptor_block %[[X]] stored of
// CHECK-NEXT: %[[C:.*]] = tile.convert_layout %[[S]]
// CHECK-NEXT: tile.store %{{.*}}, %[[C]]
// CHECK: %[[Y:.*]] = tile.load
// CHECK-NEXT: tile.store %{{.*}}, %[[Y]]
func.func @store_marks(%a: !tile.ptr<f16>, %m: i64, %k: i64, %o: i32,
                       %pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pc: tensor<64x32x!tile.ptr<f16>, #blocked1>) {
  %one = arith.constant 1 : i64
  %la = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
  %xa = tile.descriptor_block %la of %a[%m, %k] [%k, %one] at [%o, %o] : tensor<64x32xf16, #blocked>, !tile.ptr<f16>
  %s = tile.descriptor_block %xa stored of %a[%m, %k] [%k, %one] at [%o, %o] : tensor<64x32xf16, #blocked>, !tile.ptr<f16>
  %c = tile.convert_layout %s : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #blocked1>
  tile.store %pc, %c : tensor<64x32x!tile.ptr<f16>, #blocked1>
  %ly = tile.load %pa : tensor<64x32x!tile.ptr<f16>, #blocked>
  %xy = tile.descriptor_block %ly of %a[%m, %k] [%k, %one] at [%o, %o] : tensor<64x32xf16, #blocked>, !tile.ptr<f16>
  tile.store %pa, %xy : tensor<64x32x!tile.ptr<f16>, #blocked>
  return
}
