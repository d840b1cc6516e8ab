// RUN: tilec-opt %s --split-input-file --tilec-pipeline-loops=num-stages=3 --canonicalize | FileCheck %s
// RUN: tilec-opt %s --split-input-file --tilec-pipeline-loops="num-stages=3 shared-memory-limit=6000" --canonicalize | FileCheck %s --check-prefix=SMALL
// RUN: tilec-opt %s --split-input-file --tilec-pipeline-loops=num-stages=1 | FileCheck %s --check-prefix=OFF
// RUN: tilec-opt %s --split-input-file --tilec-pipeline-loops="num-stages=3 async-dots=false" --canonicalize | FileCheck %s --check-prefix=SYNC
// RUN: tilec-opt %s --split-input-file --tilec-pipeline-loops="num-stages=3 shared-memory-limit=8000" | FileCheck %s --check-prefix=TWO
// RUN: tilec-opt %s --split-input-file --tilec-pipeline-loops="num-stages=3 async-copies=false shared-memory-limit=2000" --canonicalize | FileCheck %s --check-prefix=REG
// RUN: tilec-opt %s --split-input-file --tilec-pipeline-loops="num-stages=2 async-copies=false shared-memory-limit=65536" --canonicalize | FileCheck %s --check-prefix=LDS

// A 32x32x16 fp16 matmul loop (tilec-assign-layouts' output for sm_80, 4 warps): both loads
// feed the tensor-core dot through dot-operand conversions, B's with a mask and other = 0. With
// 3 stages, iterations 0 and 1 are started before the loop (masked by 0 < n and 1 < n), the
// loop carries the pointers two iterations ahead and the stage to read, waits for all but one
// group, reads its stage into the dot-operand layouts, starts iteration i + 2 into stage
// (slot + 2) mod 3 and commits it before the dot; the old pointers and loads are gone.
// CHECK-LABEL: func @pipelined
// CHECK-DAG: %[[BA:.*]] = tile.local_alloc : <3x32x16xf16, #[[SH:.*]]>
// CHECK-DAG: %[[BB:.*]] = tile.local_alloc : <3x16x32xf16, #[[SH]]>
// CHECK: %[[IN0:.*]] = arith.cmpi sgt, %[[N:.*]], %c0_i32 : i32
// CHECK: %[[A0:.*]] = tile.memdesc_index %[[BA]][%c0_i32]
// CHECK: tile.async_copy %{{.*}}, %[[A0]], %{{.*}} : tensor<32x16x!tile.ptr<f16>, #blocked>, <32x16xf16, #[[SH]]>, tensor<32x16xi1, #blocked>
// CHECK: tile.async_copy
// CHECK-NEXT: tile.async_commit_group
// CHECK: arith.cmpi sgt, %[[N]], %c1_i32 : i32
// CHECK: tile.memdesc_index %[[BA]][%c1_i32]
// CHECK: tile.async_copy
// CHECK: tile.async_copy
// CHECK-NEXT: tile.async_commit_group
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %[[N]] step %c1_i32 iter_args(%[[ACC:.*]] = %{{.*}}, %[[PA:.*]] = %{{.*}}, %[[PB:.*]] = %{{.*}}, %[[SLOT:.*]] = %c0_i32)
// CHECK-NEXT: tile.async_wait pending = 1
// CHECK-NEXT: %[[SA:.*]] = tile.memdesc_index %[[BA]][%[[SLOT]]]
// CHECK-NEXT: %[[A:.*]] = tile.local_load %[[SA]] : <32x16xf16, #[[SH]]> -> tensor<32x16xf16, #dot_a>
// CHECK-NEXT: %[[SB:.*]] = tile.memdesc_index %[[BB]][%[[SLOT]]]
// CHECK-NEXT: %[[B:.*]] = tile.local_load %[[SB]] : <16x32xf16, #[[SH]]> -> tensor<16x32xf16, #dot_b>
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[IV]], %c2_i32 : i32
// CHECK: %[[W:.*]] = arith.select
// CHECK: %[[INRANGE:.*]] = arith.cmpi slt, %[[AHEAD]], %[[N]] : i32
// CHECK: %[[WA:.*]] = tile.memdesc_index %[[BA]][%[[W]]]
// CHECK-NEXT: tile.async_copy %[[PA]], %[[WA]], %{{.*}}
// CHECK: tile.async_copy %[[PB]],
// CHECK-NEXT: tile.async_commit_group
// CHECK-NEXT: tile.dot %[[A]], %[[B]], %[[ACC]]
// CHECK-NOT: tile.load
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: tile.async_wait pending = 0
// With 6000 bytes of shared memory, 3 stages (8448 bytes: rows padded by 8 halves) do not
// fit, 2 (5632) do.
// SMALL-LABEL: func @pipelined
// SMALL: tile.local_alloc : <2x32x16xf16
// SMALL: tile.async_wait pending = 0
// OFF-LABEL: func @pipelined
// OFF-NOT: tile.local_alloc
// OFF: tile.load
// Without asynchronous copies (AMD), where two shared-memory stages do not fit (2000 bytes),
// the loads are prefetched into registers one iteration ahead, whatever num-stages: iteration 0's tiles are loaded before the loop (masked by 0 < n,
// B's with its own K mask and other too), each iteration first loads iteration i + 1's from the
// pointers the loop now carries one step ahead (masked by i + 1 < n, B's mask computed for
// i + 1), then converts the tiles the previous iteration loaded for its dot, and carries the
// new ones; no shared-memory buffer.
// REG-LABEL: func @pipelined
// REG-NOT: tile.local_alloc
// REG: %[[OTHER0:.*]] = tile.splat %cst : f16 -> tensor<16x32xf16, #blocked>
// REG: %[[IN0:.*]] = arith.cmpi sgt, %[[N:.*]], %c0_i32 : i32
// REG: %[[MA0:.*]] = tile.splat %[[IN0]] : i1 -> tensor<32x16xi1, #blocked>
// REG-NEXT: %[[A0:.*]] = tile.load %{{.*}}, %[[MA0]] : tensor<32x16x!tile.ptr<f16>, #blocked>
// REG: %[[B0:.*]] = tile.load %{{.*}}, %{{.*}}, %[[OTHER0]] : tensor<16x32x!tile.ptr<f16>, #blocked>
// REG: scf.for %[[IV:.*]] = %c0_i32 to %[[N]] step %c1_i32 iter_args(%[[ACC:.*]] = %{{.*}}, %[[PA:.*]] = %{{.*}}, %[[PB:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]])
// REG-NEXT: %[[NEXT:.*]] = arith.addi %[[IV]], %c1_i32 : i32
// REG-NEXT: %[[LEFT:.*]] = arith.subi %[[N]], %[[NEXT]] : i32
// REG: %[[PAN:.*]] = tile.addptr %[[PA]],
// REG: %[[PBN:.*]] = tile.addptr %[[PB]],
// REG: %[[IN:.*]] = arith.cmpi slt, %[[NEXT]], %[[N]] : i32
// REG: %[[AN:.*]] = tile.load %[[PA]], %{{.*}} : tensor<32x16x!tile.ptr<f16>, #blocked>
// REG: %[[BN:.*]] = tile.load %[[PB]], %{{.*}}, %{{.*}} : tensor<16x32x!tile.ptr<f16>, #blocked>
// REG-NEXT: %[[AD:.*]] = tile.convert_layout %[[A]] : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #dot_a>
// REG-NEXT: %[[BD:.*]] = tile.convert_layout %[[B]] : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #dot_b>
// REG-NEXT: %[[D:.*]] = tile.dot %[[AD]], %[[BD]], %[[ACC]]
// REG-NEXT: scf.yield %[[D]], %[[PAN]], %[[PBN]], %[[AN]], %[[BN]]
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#slice = #tile.slice<{dim = 0, parent = #blocked}>
#slice1 = #tile.slice<{dim = 0, parent = #mma}>
#slice2 = #tile.slice<{dim = 1, parent = #blocked}>
#slice3 = #tile.slice<{dim = 1, parent = #mma}>
  func.func @pipelined(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
    %c512_i32 = arith.constant 512 : i32
    %cst = arith.constant 0.000000e+00 : f16
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %c32_i32 = arith.constant 32 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = tile.make_range 0, 32 : tensor<32xi32, #slice>
    %1 = tile.make_range 0, 32 : tensor<32xi32, #slice1>
    %2 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %3 = tile.make_range 0, 32 : tensor<32xi32, #slice3>
    %4 = tile.make_range 0, 16 : tensor<16xi32, #slice2>
    %5 = tile.make_range 0, 16 : tensor<16xi32, #slice>
    %6 = tile.expand_dims %2 {axis = 1 : i32} : tensor<32xi32, #slice2> -> tensor<32x1xi32, #blocked>
    %7 = tile.splat %c16_i32 : i32 -> tensor<32x1xi32, #blocked>
    %8 = arith.muli %6, %7 : tensor<32x1xi32, #blocked>
    %9 = tile.splat %arg0 : !tile.ptr<f16> -> tensor<32x1x!tile.ptr<f16>, #blocked>
    %10 = tile.addptr %9, %8 : tensor<32x1x!tile.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
    %11 = tile.expand_dims %5 {axis = 0 : i32} : tensor<16xi32, #slice> -> tensor<1x16xi32, #blocked>
    %12 = tile.broadcast %10 : tensor<32x1x!tile.ptr<f16>, #blocked> -> tensor<32x16x!tile.ptr<f16>, #blocked>
    %13 = tile.broadcast %11 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %14 = tile.addptr %12, %13 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %15 = tile.expand_dims %4 {axis = 1 : i32} : tensor<16xi32, #slice2> -> tensor<16x1xi32, #blocked>
    %16 = tile.splat %c32_i32 : i32 -> tensor<16x1xi32, #blocked>
    %17 = arith.muli %15, %16 : tensor<16x1xi32, #blocked>
    %18 = tile.splat %arg1 : !tile.ptr<f16> -> tensor<16x1x!tile.ptr<f16>, #blocked>
    %19 = tile.addptr %18, %17 : tensor<16x1x!tile.ptr<f16>, #blocked>, tensor<16x1xi32, #blocked>
    %20 = tile.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %21 = tile.broadcast %19 : tensor<16x1x!tile.ptr<f16>, #blocked> -> tensor<16x32x!tile.ptr<f16>, #blocked>
    %22 = tile.broadcast %20 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %23 = tile.addptr %21, %22 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
    %24:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_0, %arg6 = %14, %arg7 = %23) -> (tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>)  : i32 {
      %34 = tile.load %arg6 : tensor<32x16x!tile.ptr<f16>, #blocked>
      %35 = arith.subi %arg3, %arg4 : i32
      %36 = tile.splat %35 : i32 -> tensor<16x1xi32, #blocked>
      %37 = arith.cmpi slt, %15, %36 : tensor<16x1xi32, #blocked>
      %38 = tile.broadcast %37 : tensor<16x1xi1, #blocked> -> tensor<16x32xi1, #blocked>
      %39 = tile.splat %cst : f16 -> tensor<16x32xf16, #blocked>
      %40 = tile.load %arg7, %38, %39 : tensor<16x32x!tile.ptr<f16>, #blocked>
      %41 = tile.convert_layout %34 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #dot_a>
      %42 = tile.convert_layout %40 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #dot_b>
      %43 = tile.dot %41, %42, %arg5 : tensor<32x16xf16, #dot_a>, tensor<16x32xf16, #dot_b> -> tensor<32x32xf32, #mma>
      %44 = tile.splat %c512_i32 : i32 -> tensor<32x16xi32, #blocked>
      %45 = tile.addptr %arg6, %44 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %46 = tile.splat %c512_i32 : i32 -> tensor<16x32xi32, #blocked>
      %47 = tile.addptr %arg7, %46 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %43, %45, %47 : tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>
    }
    %25 = tile.expand_dims %3 {axis = 1 : i32} : tensor<32xi32, #slice3> -> tensor<32x1xi32, #mma>
    %26 = tile.splat %c32_i32 : i32 -> tensor<32x1xi32, #mma>
    %27 = arith.muli %25, %26 : tensor<32x1xi32, #mma>
    %28 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>, #mma>
    %29 = tile.addptr %28, %27 : tensor<32x1x!tile.ptr<f32>, #mma>, tensor<32x1xi32, #mma>
    %30 = tile.expand_dims %1 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #mma>
    %31 = tile.broadcast %29 : tensor<32x1x!tile.ptr<f32>, #mma> -> tensor<32x32x!tile.ptr<f32>, #mma>
    %32 = tile.broadcast %30 : tensor<1x32xi32, #mma> -> tensor<32x32xi32, #mma>
    %33 = tile.addptr %31, %32 : tensor<32x32x!tile.ptr<f32>, #mma>, tensor<32x32xi32, #mma>
    tile.store %33, %24#0 : tensor<32x32x!tile.ptr<f32>, #mma>
    return
  }

// -----

// The same loop with a wgmma dot (MMA version 3, sm_90a): its operand buffers are swizzled as
// wgmma reads them, no row padding: A's 32-byte rows (32x16 f16) with the 32-byte swizzle, B's
// 64-byte rows (16x32) with the 64-byte one.
// CHECK-DAG: #[[SW32:.*]] = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 32, order = [1, 0]}>
// CHECK-DAG: #[[SW64:.*]] = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 64, order = [1, 0]}>
// Its dot, the loop's only one, reads both operands from the buffers and is the only reader of
// its loop-carried accumulator: it stays in flight into the next iteration (async-dots). A
// dot_wait after it completes the previous iteration's dot, whose stage the copies then refill
// after a barrier; a dot_wait after the loop completes the last one, which the store reads. The
// initial accumulator enters through a wait too (one definition of its registers before the
// loop, which ptxas needs to keep the wgmmas in flight).
// CHECK-LABEL: func @wgmma_swizzled
// CHECK-DAG: tile.local_alloc : <3x32x16xf16, #[[SW32]]>
// CHECK-DAG: tile.local_alloc : <3x16x32xf16, #[[SW64]]>
// CHECK: %[[INIT:.*]] = tile.dot_wait %{{.*}} pendings = 0
// CHECK: %[[LOOP:.*]]:{{[0-9]+}} = scf.for {{.*}} iter_args(%{{[^ ]*}} = %[[INIT]],
// CHECK: tile.async_wait pending = 1
// CHECK: %[[A:.*]] = tile.local_load
// CHECK: %[[B:.*]] = tile.local_load
// CHECK-NOT: tile.async_copy
// CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %{{.*}} {is_async}
// CHECK-NEXT: %[[W:.*]] = tile.dot_wait %[[D]] pendings = 1
// CHECK-NEXT: tile.barrier
// CHECK: tile.async_copy
// CHECK: tile.async_copy
// CHECK: tile.async_commit_group
// CHECK: scf.yield %[[W]]
// CHECK: tile.async_wait pending = 0
// CHECK-NEXT: %[[F:.*]] = tile.dot_wait %[[LOOP]]#0 pendings = 0
// CHECK: tile.store %{{.*}}, %[[F]]
// With async-dots=false the copies come first and the dot waits for itself.
// SYNC-LABEL: func @wgmma_swizzled
// SYNC: scf.for
// SYNC: tile.async_copy
// SYNC: tile.async_copy
// SYNC: tile.async_commit_group
// SYNC: tile.dot
// SYNC-NOT: is_async
// SYNC-NOT: tile.dot_wait
// SYNC: tile.store
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#slice = #tile.slice<{dim = 0, parent = #blocked}>
#slice1 = #tile.slice<{dim = 0, parent = #mma}>
#slice2 = #tile.slice<{dim = 1, parent = #blocked}>
#slice3 = #tile.slice<{dim = 1, parent = #mma}>
  func.func @wgmma_swizzled(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
    %c512_i32 = arith.constant 512 : i32
    %cst = arith.constant 0.000000e+00 : f16
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %c32_i32 = arith.constant 32 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = tile.make_range 0, 32 : tensor<32xi32, #slice>
    %1 = tile.make_range 0, 32 : tensor<32xi32, #slice1>
    %2 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %3 = tile.make_range 0, 32 : tensor<32xi32, #slice3>
    %4 = tile.make_range 0, 16 : tensor<16xi32, #slice2>
    %5 = tile.make_range 0, 16 : tensor<16xi32, #slice>
    %6 = tile.expand_dims %2 {axis = 1 : i32} : tensor<32xi32, #slice2> -> tensor<32x1xi32, #blocked>
    %7 = tile.splat %c16_i32 : i32 -> tensor<32x1xi32, #blocked>
    %8 = arith.muli %6, %7 : tensor<32x1xi32, #blocked>
    %9 = tile.splat %arg0 : !tile.ptr<f16> -> tensor<32x1x!tile.ptr<f16>, #blocked>
    %10 = tile.addptr %9, %8 : tensor<32x1x!tile.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
    %11 = tile.expand_dims %5 {axis = 0 : i32} : tensor<16xi32, #slice> -> tensor<1x16xi32, #blocked>
    %12 = tile.broadcast %10 : tensor<32x1x!tile.ptr<f16>, #blocked> -> tensor<32x16x!tile.ptr<f16>, #blocked>
    %13 = tile.broadcast %11 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %14 = tile.addptr %12, %13 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %15 = tile.expand_dims %4 {axis = 1 : i32} : tensor<16xi32, #slice2> -> tensor<16x1xi32, #blocked>
    %16 = tile.splat %c32_i32 : i32 -> tensor<16x1xi32, #blocked>
    %17 = arith.muli %15, %16 : tensor<16x1xi32, #blocked>
    %18 = tile.splat %arg1 : !tile.ptr<f16> -> tensor<16x1x!tile.ptr<f16>, #blocked>
    %19 = tile.addptr %18, %17 : tensor<16x1x!tile.ptr<f16>, #blocked>, tensor<16x1xi32, #blocked>
    %20 = tile.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %21 = tile.broadcast %19 : tensor<16x1x!tile.ptr<f16>, #blocked> -> tensor<16x32x!tile.ptr<f16>, #blocked>
    %22 = tile.broadcast %20 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %23 = tile.addptr %21, %22 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
    %24:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_0, %arg6 = %14, %arg7 = %23) -> (tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>)  : i32 {
      %34 = tile.load %arg6 : tensor<32x16x!tile.ptr<f16>, #blocked>
      %35 = arith.subi %arg3, %arg4 : i32
      %36 = tile.splat %35 : i32 -> tensor<16x1xi32, #blocked>
      %37 = arith.cmpi slt, %15, %36 : tensor<16x1xi32, #blocked>
      %38 = tile.broadcast %37 : tensor<16x1xi1, #blocked> -> tensor<16x32xi1, #blocked>
      %39 = tile.splat %cst : f16 -> tensor<16x32xf16, #blocked>
      %40 = tile.load %arg7, %38, %39 : tensor<16x32x!tile.ptr<f16>, #blocked>
      %41 = tile.convert_layout %34 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #dot_a>
      %42 = tile.convert_layout %40 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #dot_b>
      %43 = tile.dot %41, %42, %arg5 : tensor<32x16xf16, #dot_a>, tensor<16x32xf16, #dot_b> -> tensor<32x32xf32, #mma>
      %44 = tile.splat %c512_i32 : i32 -> tensor<32x16xi32, #blocked>
      %45 = tile.addptr %arg6, %44 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %46 = tile.splat %c512_i32 : i32 -> tensor<16x32xi32, #blocked>
      %47 = tile.addptr %arg7, %46 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %43, %45, %47 : tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>
    }
    %25 = tile.expand_dims %3 {axis = 1 : i32} : tensor<32xi32, #slice3> -> tensor<32x1xi32, #mma>
    %26 = tile.splat %c32_i32 : i32 -> tensor<32x1xi32, #mma>
    %27 = arith.muli %25, %26 : tensor<32x1xi32, #mma>
    %28 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>, #mma>
    %29 = tile.addptr %28, %27 : tensor<32x1x!tile.ptr<f32>, #mma>, tensor<32x1xi32, #mma>
    %30 = tile.expand_dims %1 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #mma>
    %31 = tile.broadcast %29 : tensor<32x1x!tile.ptr<f32>, #mma> -> tensor<32x32x!tile.ptr<f32>, #mma>
    %32 = tile.broadcast %30 : tensor<1x32xi32, #mma> -> tensor<32x32xi32, #mma>
    %33 = tile.addptr %31, %32 : tensor<32x32x!tile.ptr<f32>, #mma>, tensor<32x32xi32, #mma>
    tile.store %33, %24#0 : tensor<32x32x!tile.ptr<f32>, #mma>
    return
  }

// -----

// A load whose `other` is not zero (B's) stays: a masked-off copy writes zeros. A is still
// pipelined.
// CHECK-LABEL: func @nonzero_other
// CHECK: tile.local_alloc : <3x32x16xf16
// CHECK-NOT: tile.local_alloc
// CHECK: scf.for
// CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32x!tile.ptr<f16>, #blocked>
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#slice = #tile.slice<{dim = 0, parent = #blocked}>
#slice1 = #tile.slice<{dim = 0, parent = #mma}>
#slice2 = #tile.slice<{dim = 1, parent = #blocked}>
#slice3 = #tile.slice<{dim = 1, parent = #mma}>
  func.func @nonzero_other(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
    %c512_i32 = arith.constant 512 : i32
    %cst = arith.constant 1.000000e+00 : f16
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %c32_i32 = arith.constant 32 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = tile.make_range 0, 32 : tensor<32xi32, #slice>
    %1 = tile.make_range 0, 32 : tensor<32xi32, #slice1>
    %2 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %3 = tile.make_range 0, 32 : tensor<32xi32, #slice3>
    %4 = tile.make_range 0, 16 : tensor<16xi32, #slice2>
    %5 = tile.make_range 0, 16 : tensor<16xi32, #slice>
    %6 = tile.expand_dims %2 {axis = 1 : i32} : tensor<32xi32, #slice2> -> tensor<32x1xi32, #blocked>
    %7 = tile.splat %c16_i32 : i32 -> tensor<32x1xi32, #blocked>
    %8 = arith.muli %6, %7 : tensor<32x1xi32, #blocked>
    %9 = tile.splat %arg0 : !tile.ptr<f16> -> tensor<32x1x!tile.ptr<f16>, #blocked>
    %10 = tile.addptr %9, %8 : tensor<32x1x!tile.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
    %11 = tile.expand_dims %5 {axis = 0 : i32} : tensor<16xi32, #slice> -> tensor<1x16xi32, #blocked>
    %12 = tile.broadcast %10 : tensor<32x1x!tile.ptr<f16>, #blocked> -> tensor<32x16x!tile.ptr<f16>, #blocked>
    %13 = tile.broadcast %11 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %14 = tile.addptr %12, %13 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %15 = tile.expand_dims %4 {axis = 1 : i32} : tensor<16xi32, #slice2> -> tensor<16x1xi32, #blocked>
    %16 = tile.splat %c32_i32 : i32 -> tensor<16x1xi32, #blocked>
    %17 = arith.muli %15, %16 : tensor<16x1xi32, #blocked>
    %18 = tile.splat %arg1 : !tile.ptr<f16> -> tensor<16x1x!tile.ptr<f16>, #blocked>
    %19 = tile.addptr %18, %17 : tensor<16x1x!tile.ptr<f16>, #blocked>, tensor<16x1xi32, #blocked>
    %20 = tile.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %21 = tile.broadcast %19 : tensor<16x1x!tile.ptr<f16>, #blocked> -> tensor<16x32x!tile.ptr<f16>, #blocked>
    %22 = tile.broadcast %20 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %23 = tile.addptr %21, %22 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
    %24:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_0, %arg6 = %14, %arg7 = %23) -> (tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>)  : i32 {
      %34 = tile.load %arg6 : tensor<32x16x!tile.ptr<f16>, #blocked>
      %35 = arith.subi %arg3, %arg4 : i32
      %36 = tile.splat %35 : i32 -> tensor<16x1xi32, #blocked>
      %37 = arith.cmpi slt, %15, %36 : tensor<16x1xi32, #blocked>
      %38 = tile.broadcast %37 : tensor<16x1xi1, #blocked> -> tensor<16x32xi1, #blocked>
      %39 = tile.splat %cst : f16 -> tensor<16x32xf16, #blocked>
      %40 = tile.load %arg7, %38, %39 : tensor<16x32x!tile.ptr<f16>, #blocked>
      %41 = tile.convert_layout %34 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #dot_a>
      %42 = tile.convert_layout %40 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #dot_b>
      %43 = tile.dot %41, %42, %arg5 : tensor<32x16xf16, #dot_a>, tensor<16x32xf16, #dot_b> -> tensor<32x32xf32, #mma>
      %44 = tile.splat %c512_i32 : i32 -> tensor<32x16xi32, #blocked>
      %45 = tile.addptr %arg6, %44 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %46 = tile.splat %c512_i32 : i32 -> tensor<16x32xi32, #blocked>
      %47 = tile.addptr %arg7, %46 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %43, %45, %47 : tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>
    }
    %25 = tile.expand_dims %3 {axis = 1 : i32} : tensor<32xi32, #slice3> -> tensor<32x1xi32, #mma>
    %26 = tile.splat %c32_i32 : i32 -> tensor<32x1xi32, #mma>
    %27 = arith.muli %25, %26 : tensor<32x1xi32, #mma>
    %28 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>, #mma>
    %29 = tile.addptr %28, %27 : tensor<32x1x!tile.ptr<f32>, #mma>, tensor<32x1xi32, #mma>
    %30 = tile.expand_dims %1 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #mma>
    %31 = tile.broadcast %29 : tensor<32x1x!tile.ptr<f32>, #mma> -> tensor<32x32x!tile.ptr<f32>, #mma>
    %32 = tile.broadcast %30 : tensor<1x32xi32, #mma> -> tensor<32x32xi32, #mma>
    %33 = tile.addptr %31, %32 : tensor<32x32x!tile.ptr<f32>, #mma>, tensor<32x32xi32, #mma>
    tile.store %33, %24#0 : tensor<32x32x!tile.ptr<f32>, #mma>
    return
  }

// -----

// A load with a user other than a dot-operand conversion stays; B is still pipelined.
// CHECK-LABEL: func @other_use
// CHECK: tile.local_alloc : <3x16x32xf16
// CHECK-NOT: tile.local_alloc
// CHECK: scf.for
// CHECK: tile.load %{{.*}} : tensor<32x16x!tile.ptr<f16>, #blocked>
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#slice = #tile.slice<{dim = 0, parent = #blocked}>
#slice1 = #tile.slice<{dim = 0, parent = #mma}>
#slice2 = #tile.slice<{dim = 1, parent = #blocked}>
#slice3 = #tile.slice<{dim = 1, parent = #mma}>
  func.func @other_use(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
    %c512_i32 = arith.constant 512 : i32
    %cst = arith.constant 0.000000e+00 : f16
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %c32_i32 = arith.constant 32 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = tile.make_range 0, 32 : tensor<32xi32, #slice>
    %1 = tile.make_range 0, 32 : tensor<32xi32, #slice1>
    %2 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %3 = tile.make_range 0, 32 : tensor<32xi32, #slice3>
    %4 = tile.make_range 0, 16 : tensor<16xi32, #slice2>
    %5 = tile.make_range 0, 16 : tensor<16xi32, #slice>
    %6 = tile.expand_dims %2 {axis = 1 : i32} : tensor<32xi32, #slice2> -> tensor<32x1xi32, #blocked>
    %7 = tile.splat %c16_i32 : i32 -> tensor<32x1xi32, #blocked>
    %8 = arith.muli %6, %7 : tensor<32x1xi32, #blocked>
    %9 = tile.splat %arg0 : !tile.ptr<f16> -> tensor<32x1x!tile.ptr<f16>, #blocked>
    %10 = tile.addptr %9, %8 : tensor<32x1x!tile.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
    %11 = tile.expand_dims %5 {axis = 0 : i32} : tensor<16xi32, #slice> -> tensor<1x16xi32, #blocked>
    %12 = tile.broadcast %10 : tensor<32x1x!tile.ptr<f16>, #blocked> -> tensor<32x16x!tile.ptr<f16>, #blocked>
    %13 = tile.broadcast %11 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %14 = tile.addptr %12, %13 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %15 = tile.expand_dims %4 {axis = 1 : i32} : tensor<16xi32, #slice2> -> tensor<16x1xi32, #blocked>
    %16 = tile.splat %c32_i32 : i32 -> tensor<16x1xi32, #blocked>
    %17 = arith.muli %15, %16 : tensor<16x1xi32, #blocked>
    %18 = tile.splat %arg1 : !tile.ptr<f16> -> tensor<16x1x!tile.ptr<f16>, #blocked>
    %19 = tile.addptr %18, %17 : tensor<16x1x!tile.ptr<f16>, #blocked>, tensor<16x1xi32, #blocked>
    %20 = tile.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %21 = tile.broadcast %19 : tensor<16x1x!tile.ptr<f16>, #blocked> -> tensor<16x32x!tile.ptr<f16>, #blocked>
    %22 = tile.broadcast %20 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %23 = tile.addptr %21, %22 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
    %24:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_0, %arg6 = %14, %arg7 = %23) -> (tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>)  : i32 {
      %34 = tile.load %arg6 : tensor<32x16x!tile.ptr<f16>, #blocked>
      tile.store %arg6, %34 : tensor<32x16x!tile.ptr<f16>, #blocked>
      %35 = arith.subi %arg3, %arg4 : i32
      %36 = tile.splat %35 : i32 -> tensor<16x1xi32, #blocked>
      %37 = arith.cmpi slt, %15, %36 : tensor<16x1xi32, #blocked>
      %38 = tile.broadcast %37 : tensor<16x1xi1, #blocked> -> tensor<16x32xi1, #blocked>
      %39 = tile.splat %cst : f16 -> tensor<16x32xf16, #blocked>
      %40 = tile.load %arg7, %38, %39 : tensor<16x32x!tile.ptr<f16>, #blocked>
      %41 = tile.convert_layout %34 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #dot_a>
      %42 = tile.convert_layout %40 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #dot_b>
      %43 = tile.dot %41, %42, %arg5 : tensor<32x16xf16, #dot_a>, tensor<16x32xf16, #dot_b> -> tensor<32x32xf32, #mma>
      %44 = tile.splat %c512_i32 : i32 -> tensor<32x16xi32, #blocked>
      %45 = tile.addptr %arg6, %44 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %46 = tile.splat %c512_i32 : i32 -> tensor<16x32xi32, #blocked>
      %47 = tile.addptr %arg7, %46 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %43, %45, %47 : tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>
    }
    %25 = tile.expand_dims %3 {axis = 1 : i32} : tensor<32xi32, #slice3> -> tensor<32x1xi32, #mma>
    %26 = tile.splat %c32_i32 : i32 -> tensor<32x1xi32, #mma>
    %27 = arith.muli %25, %26 : tensor<32x1xi32, #mma>
    %28 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>, #mma>
    %29 = tile.addptr %28, %27 : tensor<32x1x!tile.ptr<f32>, #mma>, tensor<32x1xi32, #mma>
    %30 = tile.expand_dims %1 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #mma>
    %31 = tile.broadcast %29 : tensor<32x1x!tile.ptr<f32>, #mma> -> tensor<32x32x!tile.ptr<f32>, #mma>
    %32 = tile.broadcast %30 : tensor<1x32xi32, #mma> -> tensor<32x32xi32, #mma>
    %33 = tile.addptr %31, %32 : tensor<32x32x!tile.ptr<f32>, #mma>, tensor<32x32xi32, #mma>
    tile.store %33, %24#0 : tensor<32x32x!tile.ptr<f32>, #mma>
    return
  }

// -----

// Two pipelined loops in one kernel keep both their buffers: with 8000 bytes, the first loop's
// 2 stages (5632 bytes, with the second loop's 2048 bytes of dot staging) leave no room for the
// second, which keeps its loads.
// TWO-LABEL: func @two_loops
// TWO: tile.local_alloc : <2x32x16xf16
// TWO: tile.local_alloc : <2x16x32xf16
// TWO-NOT: tile.local_alloc
// TWO: scf.for
// TWO: tile.async_wait pending = 0
// TWO: scf.for
// TWO: tile.load
// CHECK-LABEL: func @two_loops
// CHECK-COUNT-4: tile.local_alloc
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#slice = #tile.slice<{dim = 0, parent = #blocked}>
#slice1 = #tile.slice<{dim = 0, parent = #mma}>
#slice2 = #tile.slice<{dim = 1, parent = #blocked}>
#slice3 = #tile.slice<{dim = 1, parent = #mma}>
  func.func @two_loops(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
    %c512_i32 = arith.constant 512 : i32
    %cst = arith.constant 0.000000e+00 : f16
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %c32_i32 = arith.constant 32 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = tile.make_range 0, 32 : tensor<32xi32, #slice>
    %1 = tile.make_range 0, 32 : tensor<32xi32, #slice1>
    %2 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %3 = tile.make_range 0, 32 : tensor<32xi32, #slice3>
    %4 = tile.make_range 0, 16 : tensor<16xi32, #slice2>
    %5 = tile.make_range 0, 16 : tensor<16xi32, #slice>
    %6 = tile.expand_dims %2 {axis = 1 : i32} : tensor<32xi32, #slice2> -> tensor<32x1xi32, #blocked>
    %7 = tile.splat %c16_i32 : i32 -> tensor<32x1xi32, #blocked>
    %8 = arith.muli %6, %7 : tensor<32x1xi32, #blocked>
    %9 = tile.splat %arg0 : !tile.ptr<f16> -> tensor<32x1x!tile.ptr<f16>, #blocked>
    %10 = tile.addptr %9, %8 : tensor<32x1x!tile.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
    %11 = tile.expand_dims %5 {axis = 0 : i32} : tensor<16xi32, #slice> -> tensor<1x16xi32, #blocked>
    %12 = tile.broadcast %10 : tensor<32x1x!tile.ptr<f16>, #blocked> -> tensor<32x16x!tile.ptr<f16>, #blocked>
    %13 = tile.broadcast %11 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %14 = tile.addptr %12, %13 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %15 = tile.expand_dims %4 {axis = 1 : i32} : tensor<16xi32, #slice2> -> tensor<16x1xi32, #blocked>
    %16 = tile.splat %c32_i32 : i32 -> tensor<16x1xi32, #blocked>
    %17 = arith.muli %15, %16 : tensor<16x1xi32, #blocked>
    %18 = tile.splat %arg1 : !tile.ptr<f16> -> tensor<16x1x!tile.ptr<f16>, #blocked>
    %19 = tile.addptr %18, %17 : tensor<16x1x!tile.ptr<f16>, #blocked>, tensor<16x1xi32, #blocked>
    %20 = tile.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %21 = tile.broadcast %19 : tensor<16x1x!tile.ptr<f16>, #blocked> -> tensor<16x32x!tile.ptr<f16>, #blocked>
    %22 = tile.broadcast %20 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %23 = tile.addptr %21, %22 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
    %24:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_0, %arg6 = %14, %arg7 = %23) -> (tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>)  : i32 {
      %34 = tile.load %arg6 : tensor<32x16x!tile.ptr<f16>, #blocked>
      %35 = arith.subi %arg3, %arg4 : i32
      %36 = tile.splat %35 : i32 -> tensor<16x1xi32, #blocked>
      %37 = arith.cmpi slt, %15, %36 : tensor<16x1xi32, #blocked>
      %38 = tile.broadcast %37 : tensor<16x1xi1, #blocked> -> tensor<16x32xi1, #blocked>
      %39 = tile.splat %cst : f16 -> tensor<16x32xf16, #blocked>
      %40 = tile.load %arg7, %38, %39 : tensor<16x32x!tile.ptr<f16>, #blocked>
      %41 = tile.convert_layout %34 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #dot_a>
      %42 = tile.convert_layout %40 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #dot_b>
      %43 = tile.dot %41, %42, %arg5 : tensor<32x16xf16, #dot_a>, tensor<16x32xf16, #dot_b> -> tensor<32x32xf32, #mma>
      %44 = tile.splat %c512_i32 : i32 -> tensor<32x16xi32, #blocked>
      %45 = tile.addptr %arg6, %44 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %46 = tile.splat %c512_i32 : i32 -> tensor<16x32xi32, #blocked>
      %47 = tile.addptr %arg7, %46 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %43, %45, %47 : tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>
    }
    %124:3 = scf.for %arg14 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg15 = %cst_0, %arg16 = %14, %arg17 = %23) -> (tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>)  : i32 {
      %134 = tile.load %arg16 : tensor<32x16x!tile.ptr<f16>, #blocked>
      %135 = arith.subi %arg3, %arg14 : i32
      %136 = tile.splat %135 : i32 -> tensor<16x1xi32, #blocked>
      %137 = arith.cmpi slt, %15, %136 : tensor<16x1xi32, #blocked>
      %138 = tile.broadcast %137 : tensor<16x1xi1, #blocked> -> tensor<16x32xi1, #blocked>
      %139 = tile.splat %cst : f16 -> tensor<16x32xf16, #blocked>
      %140 = tile.load %arg17, %138, %139 : tensor<16x32x!tile.ptr<f16>, #blocked>
      %141 = tile.convert_layout %134 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #dot_a>
      %142 = tile.convert_layout %140 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #dot_b>
      %143 = tile.dot %141, %142, %arg15 : tensor<32x16xf16, #dot_a>, tensor<16x32xf16, #dot_b> -> tensor<32x32xf32, #mma>
      %144 = tile.splat %c512_i32 : i32 -> tensor<32x16xi32, #blocked>
      %145 = tile.addptr %arg16, %144 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %146 = tile.splat %c512_i32 : i32 -> tensor<16x32xi32, #blocked>
      %147 = tile.addptr %arg17, %146 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %143, %145, %147 : tensor<32x32xf32, #mma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>
    }
    %25 = tile.expand_dims %3 {axis = 1 : i32} : tensor<32xi32, #slice3> -> tensor<32x1xi32, #mma>
    %26 = tile.splat %c32_i32 : i32 -> tensor<32x1xi32, #mma>
    %27 = arith.muli %25, %26 : tensor<32x1xi32, #mma>
    %28 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>, #mma>
    %29 = tile.addptr %28, %27 : tensor<32x1x!tile.ptr<f32>, #mma>, tensor<32x1xi32, #mma>
    %30 = tile.expand_dims %1 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #mma>
    %31 = tile.broadcast %29 : tensor<32x1x!tile.ptr<f32>, #mma> -> tensor<32x32x!tile.ptr<f32>, #mma>
    %32 = tile.broadcast %30 : tensor<1x32xi32, #mma> -> tensor<32x32xi32, #mma>
    %33 = tile.addptr %31, %32 : tensor<32x32x!tile.ptr<f32>, #mma>, tensor<32x32xi32, #mma>
    %sum = arith.addf %24#0, %124#0 : tensor<32x32xf32, #mma>
    tile.store %33, %sum : tensor<32x32x!tile.ptr<f32>, #mma>
    return
  }


// -----

// A B operand that is tl.trans of a load (attention's k, loaded row-major [N, K]) is pipelined
// too: its buffer holds the tile as loaded (3 stages of 32x16), and each iteration reads its
// stage back in the load's layout for the transposition, which convert-tile-to-gpu folds into
// the dot (it reads B transposed from the buffer).
// CHECK-LABEL: func @transposed_b
// CHECK-COUNT-2: tile.local_alloc : <3x32x16xf16
// CHECK: scf.for
// CHECK: tile.local_load %{{.*}} : <32x16xf16, #{{.*}}> -> tensor<32x16xf16, #dot_a>
// CHECK: %[[T:.*]] = tile.local_load %{{.*}} : <32x16xf16, #{{.*}}> -> tensor<32x16xf16, #blocked>
// CHECK: %[[TT:.*]] = tile.trans %[[T]]
// CHECK: tile.convert_layout %[[TT]]
// CHECK-NOT: tile.load
// CHECK: scf.yield
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#slice = #tile.slice<{dim = 1, parent = #mma}>
#slice1 = #tile.slice<{dim = 1, parent = #blocked}>
#slice2 = #tile.slice<{dim = 0, parent = #mma}>
#slice3 = #tile.slice<{dim = 0, parent = #blocked}>
  func.func @transposed_b(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
    %c32_i32 = arith.constant 32 : i32
    %c16_i32 = arith.constant 16 : i32
    %c512_i32 = arith.constant 512 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %0 = tile.make_range 0, 32 : tensor<32xi32, #slice>
    %1 = tile.make_range 0, 32 : tensor<32xi32, #slice1>
    %2 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %3 = tile.make_range 0, 32 : tensor<32xi32, #slice1>
    %4 = tile.make_range 0, 16 : tensor<16xi32, #slice3>
    %5 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32x32xf32, #mma>)  : i32 {
      %15 = arith.muli %arg4, %c512_i32 : i32
      %16 = tile.addptr %arg0, %15 : !tile.ptr<f16>, i32
      %17 = tile.expand_dims %1 {axis = 1 : i32} : tensor<32xi32, #slice1> -> tensor<32x1xi32, #blocked>
      %18 = tile.splat %c16_i32 : i32 -> tensor<32x1xi32, #blocked>
      %19 = arith.muli %17, %18 : tensor<32x1xi32, #blocked>
      %20 = tile.splat %16 : !tile.ptr<f16> -> tensor<32x1x!tile.ptr<f16>, #blocked>
      %21 = tile.addptr %20, %19 : tensor<32x1x!tile.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
      %22 = tile.expand_dims %4 {axis = 0 : i32} : tensor<16xi32, #slice3> -> tensor<1x16xi32, #blocked>
      %23 = tile.broadcast %21 : tensor<32x1x!tile.ptr<f16>, #blocked> -> tensor<32x16x!tile.ptr<f16>, #blocked>
      %24 = tile.broadcast %22 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
      %25 = tile.addptr %23, %24 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %26 = tile.load %25 : tensor<32x16x!tile.ptr<f16>, #blocked>
      %27 = arith.muli %arg4, %c512_i32 : i32
      %28 = tile.addptr %arg1, %27 : !tile.ptr<f16>, i32
      %29 = tile.expand_dims %3 {axis = 1 : i32} : tensor<32xi32, #slice1> -> tensor<32x1xi32, #blocked>
      %30 = tile.splat %c16_i32 : i32 -> tensor<32x1xi32, #blocked>
      %31 = arith.muli %29, %30 : tensor<32x1xi32, #blocked>
      %32 = tile.splat %28 : !tile.ptr<f16> -> tensor<32x1x!tile.ptr<f16>, #blocked>
      %33 = tile.addptr %32, %31 : tensor<32x1x!tile.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
      %34 = tile.expand_dims %4 {axis = 0 : i32} : tensor<16xi32, #slice3> -> tensor<1x16xi32, #blocked>
      %35 = tile.broadcast %33 : tensor<32x1x!tile.ptr<f16>, #blocked> -> tensor<32x16x!tile.ptr<f16>, #blocked>
      %36 = tile.broadcast %34 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
      %37 = tile.addptr %35, %36 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %38 = tile.load %37 : tensor<32x16x!tile.ptr<f16>, #blocked>
      %39 = tile.trans %38 {order = array<i32: 1, 0>} : tensor<32x16xf16, #blocked> -> tensor<16x32xf16, #blocked1>
      %40 = tile.convert_layout %26 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #dot_a>
      %41 = tile.convert_layout %39 : tensor<16x32xf16, #blocked1> -> tensor<16x32xf16, #dot_b>
      %42 = tile.dot %40, %41, %arg5 : tensor<32x16xf16, #dot_a>, tensor<16x32xf16, #dot_b> -> tensor<32x32xf32, #mma>
      scf.yield %42 : tensor<32x32xf32, #mma>
    }
    %6 = tile.expand_dims %0 {axis = 1 : i32} : tensor<32xi32, #slice> -> tensor<32x1xi32, #mma>
    %7 = tile.splat %c32_i32 : i32 -> tensor<32x1xi32, #mma>
    %8 = arith.muli %6, %7 : tensor<32x1xi32, #mma>
    %9 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>, #mma>
    %10 = tile.addptr %9, %8 : tensor<32x1x!tile.ptr<f32>, #mma>, tensor<32x1xi32, #mma>
    %11 = tile.expand_dims %2 {axis = 0 : i32} : tensor<32xi32, #slice2> -> tensor<1x32xi32, #mma>
    %12 = tile.broadcast %10 : tensor<32x1x!tile.ptr<f32>, #mma> -> tensor<32x32x!tile.ptr<f32>, #mma>
    %13 = tile.broadcast %11 : tensor<1x32xi32, #mma> -> tensor<32x32xi32, #mma>
    %14 = tile.addptr %12, %13 : tensor<32x32x!tile.ptr<f32>, #mma>, tensor<32x32xi32, #mma>
    tile.store %14, %5 : tensor<32x32x!tile.ptr<f32>, #mma>
    return
  }

// -----

// The AMD form (no asynchronous copies, MFMA dots, gfx942's 64 KiB): A and B are double-buffered
// in shared memory, unpadded, A row-major and B column-major (order [0, 1]). Iteration 0's tiles
// are loaded and written to stage 0 before the loop, then one barrier; each iteration loads
// iteration i + 1's tiles (masked by i + 1 < n), reads its operands from stage `slot` where the
// conversions were, runs the dot, writes the new tiles to stage 1 - slot and ends with the
// loop's only barrier. With too little shared memory (REG, 2000 bytes) the tiles stay in
// registers; with num-stages=1 (OFF) nothing changes.
// LDS: #[[ROW:shared[0-9]*]] = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// LDS-NEXT: #[[COL:shared[0-9]*]] = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
// LDS-LABEL: func @mfma_lds
// LDS: %[[BA:.*]] = tile.local_alloc : <2x32x16xf16, #[[ROW]]>
// LDS-NEXT: %[[BB:.*]] = tile.local_alloc : <2x16x32xf16, #[[COL]]>
// LDS: %[[A0:.*]] = tile.load %{{.*}}, %{{.*}} : tensor<32x16x!tile.ptr<f16>, #blocked>
// LDS: %[[B0:.*]] = tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32x!tile.ptr<f16>, #blocked>
// LDS: %[[SA0:.*]] = tile.memdesc_index %[[BA]][%c0_i32]
// LDS-NEXT: tile.local_store %[[A0]], %[[SA0]] : tensor<32x16xf16, #blocked>, <32x16xf16, #[[ROW]]>
// LDS-NEXT: %[[SB0:.*]] = tile.memdesc_index %[[BB]][%c0_i32]
// LDS-NEXT: tile.local_store %[[B0]], %[[SB0]] : tensor<16x32xf16, #blocked>, <16x32xf16, #[[COL]]>
// LDS-NEXT: tile.barrier
// LDS-NEXT: scf.for %[[IV:.*]] = %c0_i32 to %[[N:.*]] step %c1_i32 iter_args(%[[ACC:.*]] = %{{.*}}, %[[PA:.*]] = %{{.*}}, %[[PB:.*]] = %{{.*}}, %[[SLOT:.*]] = %c0_i32)
// LDS-NEXT: %[[NEXT:.*]] = arith.addi %[[IV]], %c1_i32 : i32
// LDS: %[[IN:.*]] = arith.cmpi slt, %[[NEXT]], %[[N]] : i32
// LDS: %[[AN:.*]] = tile.load %[[PA]], %{{.*}} : tensor<32x16x!tile.ptr<f16>, #blocked>
// LDS: %[[BN:.*]] = tile.load %[[PB]], %{{.*}}, %{{.*}} : tensor<16x32x!tile.ptr<f16>, #blocked>
// LDS-NEXT: %[[SA:.*]] = tile.memdesc_index %[[BA]][%[[SLOT]]]
// LDS-NEXT: %[[A:.*]] = tile.local_load %[[SA]] : <32x16xf16, #[[ROW]]> -> tensor<32x16xf16, #dot_a>
// LDS-NEXT: %[[SB:.*]] = tile.memdesc_index %[[BB]][%[[SLOT]]]
// LDS-NEXT: %[[B:.*]] = tile.local_load %[[SB]] : <16x32xf16, #[[COL]]> -> tensor<16x32xf16, #dot_b>
// LDS-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]]
// LDS: %[[W:.*]] = arith.subi %c1_i32, %[[SLOT]] : i32
// LDS-NEXT: %[[WA:.*]] = tile.memdesc_index %[[BA]][%[[W]]]
// LDS-NEXT: tile.local_store %[[AN]], %[[WA]]
// LDS-NEXT: %[[WB:.*]] = tile.memdesc_index %[[BB]][%[[W]]]
// LDS-NEXT: tile.local_store %[[BN]], %[[WB]]
// LDS-NEXT: tile.barrier
// LDS-NEXT: scf.yield %[[D]], %{{.*}}, %{{.*}}, %[[W]]
// LDS-NOT: tile.barrier
// LDS: tile.store
// REG-LABEL: func @mfma_lds
// REG-NOT: tile.local_alloc
// REG: scf.for
// REG-NOT: tile.local_
// REG: tile.convert_layout
// REG-NOT: tile.local_
// REG: scf.yield
// OFF-LABEL: func @mfma_lds
// OFF-NOT: tile.local_alloc
// OFF: tile.load
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mfma, kWidth = 4>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mfma, kWidth = 4>
#slice = #tile.slice<{dim = 0, parent = #blocked}>
#slice1 = #tile.slice<{dim = 0, parent = #mfma}>
#slice2 = #tile.slice<{dim = 1, parent = #blocked}>
#slice3 = #tile.slice<{dim = 1, parent = #mfma}>
  func.func @mfma_lds(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tilec.simt} {
    %c512_i32 = arith.constant 512 : i32
    %cst = arith.constant 0.000000e+00 : f16
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mfma>
    %c32_i32 = arith.constant 32 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = tile.make_range 0, 32 : tensor<32xi32, #slice>
    %1 = tile.make_range 0, 32 : tensor<32xi32, #slice1>
    %2 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %3 = tile.make_range 0, 32 : tensor<32xi32, #slice3>
    %4 = tile.make_range 0, 16 : tensor<16xi32, #slice2>
    %5 = tile.make_range 0, 16 : tensor<16xi32, #slice>
    %6 = tile.expand_dims %2 {axis = 1 : i32} : tensor<32xi32, #slice2> -> tensor<32x1xi32, #blocked>
    %7 = tile.splat %c16_i32 : i32 -> tensor<32x1xi32, #blocked>
    %8 = arith.muli %6, %7 : tensor<32x1xi32, #blocked>
    %9 = tile.splat %arg0 : !tile.ptr<f16> -> tensor<32x1x!tile.ptr<f16>, #blocked>
    %10 = tile.addptr %9, %8 : tensor<32x1x!tile.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
    %11 = tile.expand_dims %5 {axis = 0 : i32} : tensor<16xi32, #slice> -> tensor<1x16xi32, #blocked>
    %12 = tile.broadcast %10 : tensor<32x1x!tile.ptr<f16>, #blocked> -> tensor<32x16x!tile.ptr<f16>, #blocked>
    %13 = tile.broadcast %11 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %14 = tile.addptr %12, %13 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
    %15 = tile.expand_dims %4 {axis = 1 : i32} : tensor<16xi32, #slice2> -> tensor<16x1xi32, #blocked>
    %16 = tile.splat %c32_i32 : i32 -> tensor<16x1xi32, #blocked>
    %17 = arith.muli %15, %16 : tensor<16x1xi32, #blocked>
    %18 = tile.splat %arg1 : !tile.ptr<f16> -> tensor<16x1x!tile.ptr<f16>, #blocked>
    %19 = tile.addptr %18, %17 : tensor<16x1x!tile.ptr<f16>, #blocked>, tensor<16x1xi32, #blocked>
    %20 = tile.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %21 = tile.broadcast %19 : tensor<16x1x!tile.ptr<f16>, #blocked> -> tensor<16x32x!tile.ptr<f16>, #blocked>
    %22 = tile.broadcast %20 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %23 = tile.addptr %21, %22 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
    %24:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_0, %arg6 = %14, %arg7 = %23) -> (tensor<32x32xf32, #mfma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>)  : i32 {
      %34 = tile.load %arg6 : tensor<32x16x!tile.ptr<f16>, #blocked>
      %35 = arith.subi %arg3, %arg4 : i32
      %36 = tile.splat %35 : i32 -> tensor<16x1xi32, #blocked>
      %37 = arith.cmpi slt, %15, %36 : tensor<16x1xi32, #blocked>
      %38 = tile.broadcast %37 : tensor<16x1xi1, #blocked> -> tensor<16x32xi1, #blocked>
      %39 = tile.splat %cst : f16 -> tensor<16x32xf16, #blocked>
      %40 = tile.load %arg7, %38, %39 : tensor<16x32x!tile.ptr<f16>, #blocked>
      %41 = tile.convert_layout %34 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #dot_a>
      %42 = tile.convert_layout %40 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #dot_b>
      %43 = tile.dot %41, %42, %arg5 : tensor<32x16xf16, #dot_a>, tensor<16x32xf16, #dot_b> -> tensor<32x32xf32, #mfma>
      %44 = tile.splat %c512_i32 : i32 -> tensor<32x16xi32, #blocked>
      %45 = tile.addptr %arg6, %44 : tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %46 = tile.splat %c512_i32 : i32 -> tensor<16x32xi32, #blocked>
      %47 = tile.addptr %arg7, %46 : tensor<16x32x!tile.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %43, %45, %47 : tensor<32x32xf32, #mfma>, tensor<32x16x!tile.ptr<f16>, #blocked>, tensor<16x32x!tile.ptr<f16>, #blocked>
    }
    %25 = tile.expand_dims %3 {axis = 1 : i32} : tensor<32xi32, #slice3> -> tensor<32x1xi32, #mfma>
    %26 = tile.splat %c32_i32 : i32 -> tensor<32x1xi32, #mfma>
    %27 = arith.muli %25, %26 : tensor<32x1xi32, #mfma>
    %28 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>, #mfma>
    %29 = tile.addptr %28, %27 : tensor<32x1x!tile.ptr<f32>, #mfma>, tensor<32x1xi32, #mfma>
    %30 = tile.expand_dims %1 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #mfma>
    %31 = tile.broadcast %29 : tensor<32x1x!tile.ptr<f32>, #mfma> -> tensor<32x32x!tile.ptr<f32>, #mfma>
    %32 = tile.broadcast %30 : tensor<1x32xi32, #mfma> -> tensor<32x32xi32, #mfma>
    %33 = tile.addptr %31, %32 : tensor<32x32x!tile.ptr<f32>, #mfma>, tensor<32x32xi32, #mfma>
    tile.store %33, %24#0 : tensor<32x32x!tile.ptr<f32>, #mfma>
    return
  }


// -----

// Operands loaded as i16 bit patterns and bitcast to bf16 (`x.to(tl.bfloat16, bitcast=True)`),
// B also transposed after its bitcast: both loads are pipelined, their buffers hold bf16 (the
// copies move the i16 bytes), the dot reads A and the transposition reads B from their stages,
// and no bitcast or load is left in the loop. Without asynchronous copies (LDS) A is
// double-buffered, its registers bitcast before each `tile.local_store`; B (read through a
// transposition, which only MFMA dots read from a buffer) is carried in registers as i16 and
// bitcast where it was.
// CHECK-LABEL: func @bitcast_operands
// CHECK: %[[BA:.*]] = tile.local_alloc : <3x32x16xbf16, #[[SH:.*]]>
// CHECK: %[[BB:.*]] = tile.local_alloc : <3x32x16xbf16, #[[SH]]>
// CHECK: %[[A0:.*]] = tile.memdesc_index %[[BA]][%c0_i32]
// CHECK: tile.async_copy %{{.*}}, %[[A0]], %{{.*}} : tensor<32x16x!tile.ptr<i16>, #blocked1>, <32x16xbf16, #[[SH]]>, tensor<32x16xi1, #blocked1>
// CHECK: %[[B0:.*]] = tile.memdesc_index %[[BB]][%c0_i32]
// CHECK: tile.async_copy %{{.*}}, %[[B0]], %{{.*}} : tensor<32x16x!tile.ptr<i16>, #blocked1>, <32x16xbf16, #[[SH]]>, tensor<32x16xi1, #blocked1>
// CHECK: scf.for %{{.*}} = %c0_i32 to %{{.*}} step %c1_i32 iter_args(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %c0_i32)
// CHECK-NEXT: tile.async_wait pending = 1
// CHECK-NEXT: %[[SA:.*]] = tile.memdesc_index %[[BA]][%[[SLOT]]]
// CHECK-NEXT: %[[A:.*]] = tile.local_load %[[SA]] : <32x16xbf16, #[[SH]]> -> tensor<32x16xbf16, #dot_a>
// CHECK-NEXT: %[[SB:.*]] = tile.memdesc_index %[[BB]][%[[SLOT]]]
// CHECK-NEXT: %[[B:.*]] = tile.local_load %[[SB]] : <32x16xbf16, #[[SH]]> -> tensor<32x16xbf16, #blocked1>
// CHECK-NOT: arith.bitcast
// CHECK-NOT: tile.load
// CHECK: tile.async_copy %{{.*}} : tensor<32x16x!tile.ptr<i16>, #blocked1>, <32x16xbf16, #[[SH]]>
// CHECK: tile.async_copy %{{.*}} : tensor<32x16x!tile.ptr<i16>, #blocked1>, <32x16xbf16, #[[SH]]>
// CHECK-NEXT: tile.async_commit_group
// CHECK-NEXT: %[[BT:.*]] = tile.trans %[[B]]
// CHECK-NEXT: %[[BD:.*]] = tile.convert_layout %[[BT]]
// CHECK-NEXT: tile.dot %[[A]], %[[BD]], %[[ACC]]
// CHECK-NOT: arith.bitcast
// CHECK: scf.yield
// LDS-LABEL: func @bitcast_operands
// LDS: %[[BA:.*]] = tile.local_alloc : <2x32x16xbf16
// LDS-NOT: tile.local_alloc
// LDS: %[[A0:.*]] = tile.load %{{.*}}, %{{.*}} : tensor<32x16x!tile.ptr<i16>, #blocked1>
// LDS: %[[B0:.*]] = tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16x!tile.ptr<i16>, #blocked1>
// LDS-NEXT: %[[A0C:.*]] = arith.bitcast %[[A0]] : tensor<32x16xi16, #blocked1> to tensor<32x16xbf16, #blocked1>
// LDS-NEXT: %[[SA0:.*]] = tile.memdesc_index %[[BA]][%c0_i32]
// LDS-NEXT: tile.local_store %[[A0C]], %[[SA0]] : tensor<32x16xbf16, #blocked1>
// LDS-NEXT: tile.barrier
// LDS-NEXT: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[B:.*]] = %[[B0]], %[[SLOT:.*]] = %c0_i32) -> (tensor<32x32xf32, #mma>, tensor<32x16xi16, #blocked1>, i32)
// LDS: %[[AN:.*]] = tile.load %{{.*}} : tensor<32x16x!tile.ptr<i16>, #blocked1>
// LDS: %[[BN:.*]] = tile.load %{{.*}} : tensor<32x16x!tile.ptr<i16>, #blocked1>
// LDS-NEXT: %[[BC:.*]] = arith.bitcast %[[B]] : tensor<32x16xi16, #blocked1> to tensor<32x16xbf16, #blocked1>
// LDS-NEXT: %[[BT:.*]] = tile.trans %[[BC]]
// LDS-NEXT: %[[SA:.*]] = tile.memdesc_index %[[BA]][%[[SLOT]]]
// LDS-NEXT: %[[A:.*]] = tile.local_load %[[SA]] : <32x16xbf16, {{.*}}> -> tensor<32x16xbf16, #dot_a>
// LDS-NEXT: %[[BD:.*]] = tile.convert_layout %[[BT]]
// LDS-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[BD]], %[[ACC]]
// LDS: %[[ANC:.*]] = arith.bitcast %[[AN]] : tensor<32x16xi16, #blocked1> to tensor<32x16xbf16, #blocked1>
// LDS-NEXT: %[[WA:.*]] = tile.memdesc_index %[[BA]][%[[W:.*]]]
// LDS-NEXT: tile.local_store %[[ANC]], %[[WA]]
// LDS-NEXT: tile.barrier
// LDS-NEXT: scf.yield %[[D]], %[[BN]], %[[W]]
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#slice = #tile.slice<{dim = 0, parent = #blocked}>
#slice1 = #tile.slice<{dim = 1, parent = #blocked}>
#slice2 = #tile.slice<{dim = 1, parent = #blocked1}>
#slice3 = #tile.slice<{dim = 0, parent = #blocked1}>
  func.func @bitcast_operands(%arg0: !tile.ptr<i16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<i16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32) attributes {tilec.simt} {
    %c32_i32 = arith.constant 32 : i32
    %c0_i16 = arith.constant 0 : i16
    %c16_i32 = arith.constant 16 : i32
    %c512_i32 = arith.constant 512 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %0 = tile.make_range 0, 32 : tensor<32xi32, #slice>
    %1 = tile.make_range 0, 32 : tensor<32xi32, #slice1>
    %2 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %3 = tile.make_range 0, 16 : tensor<16xi32, #slice3>
    %4 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32x32xf32, #mma>)  : i32 {
      %15 = arith.muli %arg4, %c512_i32 : i32
      %16 = tile.addptr %arg0, %15 : !tile.ptr<i16>, i32
      %17 = tile.expand_dims %2 {axis = 1 : i32} : tensor<32xi32, #slice2> -> tensor<32x1xi32, #blocked1>
      %18 = tile.splat %c16_i32 : i32 -> tensor<32x1xi32, #blocked1>
      %19 = arith.muli %17, %18 : tensor<32x1xi32, #blocked1>
      %20 = tile.splat %16 : !tile.ptr<i16> -> tensor<32x1x!tile.ptr<i16>, #blocked1>
      %21 = tile.addptr %20, %19 : tensor<32x1x!tile.ptr<i16>, #blocked1>, tensor<32x1xi32, #blocked1>
      %22 = tile.expand_dims %3 {axis = 0 : i32} : tensor<16xi32, #slice3> -> tensor<1x16xi32, #blocked1>
      %23 = tile.broadcast %21 : tensor<32x1x!tile.ptr<i16>, #blocked1> -> tensor<32x16x!tile.ptr<i16>, #blocked1>
      %24 = tile.broadcast %22 : tensor<1x16xi32, #blocked1> -> tensor<32x16xi32, #blocked1>
      %25 = tile.addptr %23, %24 : tensor<32x16x!tile.ptr<i16>, #blocked1>, tensor<32x16xi32, #blocked1>
      %26 = tile.load %25 : tensor<32x16x!tile.ptr<i16>, #blocked1>
      %27 = tile.addptr %arg1, %15 : !tile.ptr<i16>, i32
      %28 = tile.splat %27 : !tile.ptr<i16> -> tensor<32x1x!tile.ptr<i16>, #blocked1>
      %29 = tile.addptr %28, %19 : tensor<32x1x!tile.ptr<i16>, #blocked1>, tensor<32x1xi32, #blocked1>
      %30 = tile.broadcast %29 : tensor<32x1x!tile.ptr<i16>, #blocked1> -> tensor<32x16x!tile.ptr<i16>, #blocked1>
      %31 = tile.addptr %30, %24 : tensor<32x16x!tile.ptr<i16>, #blocked1>, tensor<32x16xi32, #blocked1>
      %32 = arith.subi %arg3, %arg4 : i32
      %33 = tile.splat %32 : i32 -> tensor<32x1xi32, #blocked1>
      %34 = arith.cmpi slt, %17, %33 : tensor<32x1xi32, #blocked1>
      %35 = tile.broadcast %34 : tensor<32x1xi1, #blocked1> -> tensor<32x16xi1, #blocked1>
      %36 = tile.splat %c0_i16 : i16 -> tensor<32x16xi16, #blocked1>
      %37 = tile.load %31, %35, %36 : tensor<32x16x!tile.ptr<i16>, #blocked1>
      %38 = arith.bitcast %37 : tensor<32x16xi16, #blocked1> to tensor<32x16xbf16, #blocked1>
      %39 = tile.trans %38 {order = array<i32: 1, 0>} : tensor<32x16xbf16, #blocked1> -> tensor<16x32xbf16, #blocked>
      %40 = arith.bitcast %26 : tensor<32x16xi16, #blocked1> to tensor<32x16xbf16, #blocked1>
      %41 = tile.convert_layout %40 : tensor<32x16xbf16, #blocked1> -> tensor<32x16xbf16, #dot_a>
      %42 = tile.convert_layout %39 : tensor<16x32xbf16, #blocked> -> tensor<16x32xbf16, #dot_b>
      %43 = tile.dot %41, %42, %arg5 : tensor<32x16xbf16, #dot_a>, tensor<16x32xbf16, #dot_b> -> tensor<32x32xf32, #mma>
      scf.yield %43 : tensor<32x32xf32, #mma>
    }
    %5 = tile.expand_dims %1 {axis = 1 : i32} : tensor<32xi32, #slice1> -> tensor<32x1xi32, #blocked>
    %6 = tile.splat %c32_i32 : i32 -> tensor<32x1xi32, #blocked>
    %7 = arith.muli %5, %6 : tensor<32x1xi32, #blocked>
    %8 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>, #blocked>
    %9 = tile.addptr %8, %7 : tensor<32x1x!tile.ptr<f32>, #blocked>, tensor<32x1xi32, #blocked>
    %10 = tile.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #slice> -> tensor<1x32xi32, #blocked>
    %11 = tile.broadcast %9 : tensor<32x1x!tile.ptr<f32>, #blocked> -> tensor<32x32x!tile.ptr<f32>, #blocked>
    %12 = tile.broadcast %10 : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %13 = tile.addptr %11, %12 : tensor<32x32x!tile.ptr<f32>, #blocked>, tensor<32x32xi32, #blocked>
    %14 = tile.convert_layout %4 : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #blocked>
    tile.store %13, %14 : tensor<32x32x!tile.ptr<f32>, #blocked>
    return
  }


// -----

// fp32 operands loaded as i32 bits and bitcast, read by a wgmma dot as tf32 (sm_90a): the buffers
// hold f32, swizzled, and B's (row-major K x N) is stored transposed (order [0, 1]) as wgmma
// reads tf32 operands K-major only.
// CHECK-DAG: #[[SWA:.*]] = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 64, order = [1, 0]}>
// CHECK-DAG: #[[SWB:.*]] = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 64, order = [0, 1]}>
// CHECK-LABEL: func @bitcast_tf32_wgmma
// CHECK: tile.local_alloc : <3x64x16xf32, #[[SWA]]>
// CHECK: tile.local_alloc : <3x16x32xf32, #[[SWB]]>
// CHECK: tile.async_copy %{{.*}} : tensor<64x16x!tile.ptr<i32>, #{{.*}}>, <64x16xf32, #[[SWA]]>
// CHECK: tile.async_copy %{{.*}} : tensor<16x32x!tile.ptr<i32>, #{{.*}}>, <16x32xf32, #[[SWB]]>
// CHECK: scf.for
// CHECK-NOT: arith.bitcast
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x16xf32, #dot_a>, tensor<16x32xf32, #dot_b>
// CHECK-NOT: arith.bitcast
// CHECK: scf.yield
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#dot_a = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 1>
#dot_b = #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 1>
#slice = #tile.slice<{dim = 1, parent = #blocked}>
#slice1 = #tile.slice<{dim = 1, parent = #blocked1}>
#slice2 = #tile.slice<{dim = 0, parent = #blocked}>
#slice3 = #tile.slice<{dim = 0, parent = #blocked1}>
  func.func @bitcast_tf32_wgmma(%arg0: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32) attributes {tilec.simt} {
    %c32_i32 = arith.constant 32 : i32
    %c512_i32 = arith.constant 512 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %0 = tile.make_range 0, 64 : tensor<64xi32, #slice>
    %1 = tile.make_range 0, 64 : tensor<64xi32, #slice1>
    %2 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %3 = tile.make_range 0, 32 : tensor<32xi32, #slice2>
    %4 = tile.make_range 0, 16 : tensor<16xi32, #slice>
    %5 = tile.make_range 0, 16 : tensor<16xi32, #slice3>
    %6 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<64x32xf32, #mma>)  : i32 {
      %17 = arith.muli %arg4, %c1024_i32 : i32
      %18 = tile.addptr %arg0, %17 : !tile.ptr<i32>, i32
      %19 = tile.expand_dims %1 {axis = 1 : i32} : tensor<64xi32, #slice1> -> tensor<64x1xi32, #blocked1>
      %20 = tile.splat %c16_i32 : i32 -> tensor<64x1xi32, #blocked1>
      %21 = arith.muli %19, %20 : tensor<64x1xi32, #blocked1>
      %22 = tile.splat %18 : !tile.ptr<i32> -> tensor<64x1x!tile.ptr<i32>, #blocked1>
      %23 = tile.addptr %22, %21 : tensor<64x1x!tile.ptr<i32>, #blocked1>, tensor<64x1xi32, #blocked1>
      %24 = tile.expand_dims %5 {axis = 0 : i32} : tensor<16xi32, #slice3> -> tensor<1x16xi32, #blocked1>
      %25 = tile.broadcast %23 : tensor<64x1x!tile.ptr<i32>, #blocked1> -> tensor<64x16x!tile.ptr<i32>, #blocked1>
      %26 = tile.broadcast %24 : tensor<1x16xi32, #blocked1> -> tensor<64x16xi32, #blocked1>
      %27 = tile.addptr %25, %26 : tensor<64x16x!tile.ptr<i32>, #blocked1>, tensor<64x16xi32, #blocked1>
      %28 = tile.load %27 : tensor<64x16x!tile.ptr<i32>, #blocked1>
      %29 = arith.muli %arg4, %c512_i32 : i32
      %30 = tile.addptr %arg1, %29 : !tile.ptr<i32>, i32
      %31 = tile.expand_dims %4 {axis = 1 : i32} : tensor<16xi32, #slice> -> tensor<16x1xi32, #blocked>
      %32 = tile.splat %c32_i32 : i32 -> tensor<16x1xi32, #blocked>
      %33 = arith.muli %31, %32 : tensor<16x1xi32, #blocked>
      %34 = tile.splat %30 : !tile.ptr<i32> -> tensor<16x1x!tile.ptr<i32>, #blocked>
      %35 = tile.addptr %34, %33 : tensor<16x1x!tile.ptr<i32>, #blocked>, tensor<16x1xi32, #blocked>
      %36 = tile.expand_dims %2 {axis = 0 : i32} : tensor<32xi32, #slice2> -> tensor<1x32xi32, #blocked>
      %37 = tile.broadcast %35 : tensor<16x1x!tile.ptr<i32>, #blocked> -> tensor<16x32x!tile.ptr<i32>, #blocked>
      %38 = tile.broadcast %36 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
      %39 = tile.addptr %37, %38 : tensor<16x32x!tile.ptr<i32>, #blocked>, tensor<16x32xi32, #blocked>
      %40 = tile.load %39 : tensor<16x32x!tile.ptr<i32>, #blocked>
      %41 = arith.bitcast %28 : tensor<64x16xi32, #blocked1> to tensor<64x16xf32, #blocked1>
      %42 = arith.bitcast %40 : tensor<16x32xi32, #blocked> to tensor<16x32xf32, #blocked>
      %43 = tile.convert_layout %41 : tensor<64x16xf32, #blocked1> -> tensor<64x16xf32, #dot_a>
      %44 = tile.convert_layout %42 : tensor<16x32xf32, #blocked> -> tensor<16x32xf32, #dot_b>
      %45 = tile.dot %43, %44, %arg5 : tensor<64x16xf32, #dot_a>, tensor<16x32xf32, #dot_b> -> tensor<64x32xf32, #mma>
      scf.yield %45 : tensor<64x32xf32, #mma>
    }
    %7 = tile.expand_dims %0 {axis = 1 : i32} : tensor<64xi32, #slice> -> tensor<64x1xi32, #blocked>
    %8 = tile.splat %c32_i32 : i32 -> tensor<64x1xi32, #blocked>
    %9 = arith.muli %7, %8 : tensor<64x1xi32, #blocked>
    %10 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<64x1x!tile.ptr<f32>, #blocked>
    %11 = tile.addptr %10, %9 : tensor<64x1x!tile.ptr<f32>, #blocked>, tensor<64x1xi32, #blocked>
    %12 = tile.expand_dims %3 {axis = 0 : i32} : tensor<32xi32, #slice2> -> tensor<1x32xi32, #blocked>
    %13 = tile.broadcast %11 : tensor<64x1x!tile.ptr<f32>, #blocked> -> tensor<64x32x!tile.ptr<f32>, #blocked>
    %14 = tile.broadcast %12 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %15 = tile.addptr %13, %14 : tensor<64x32x!tile.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
    %16 = tile.convert_layout %6 : tensor<64x32xf32, #mma> -> tensor<64x32xf32, #blocked>
    tile.store %15, %16 : tensor<64x32x!tile.ptr<f32>, #blocked>
    return
  }

