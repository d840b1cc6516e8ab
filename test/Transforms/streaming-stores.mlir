// RUN: tilec-opt %s --tilec-streaming-stores --split-input-file | FileCheck %s
// RUN: tilec-opt %s --tilec-streaming-stores="min-grid-bytes=1000" --split-input-file | FileCheck %s --check-prefix=SMALL
// RUN: not tilec-opt %s --tilec-streaming-stores="min-grid-bytes=0" 2>&1 | FileCheck %s --check-prefix=BAD

// The vector add's output is never read: 32 MiB / 16 KiB per program = 2048 programs.
// CHECK-LABEL: func.func @vector_add
// CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} {stream_min_programs = 2048 : i64} : tensor<4096x!tile.ptr<f32>>
// SMALL-LABEL: func.func @vector_add
// SMALL: {stream_min_programs = 1 : i64}
// BAD: min-grid-bytes must be positive
func.func @vector_add(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id 0 : i32
  %c = arith.constant 4096 : i32
  %start = arith.muli %pid, %c : i32
  %r = tile.make_range 0, 4096 : tensor<4096xi32>
  %s = tile.splat %start : i32 -> tensor<4096xi32>
  %offs = arith.addi %s, %r : tensor<4096xi32>
  %ns = tile.splat %n : i32 -> tensor<4096xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<4096xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<4096x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<4096x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %offs : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
  %a = tile.load %xp, %mask : tensor<4096x!tile.ptr<f32>>
  %b = tile.load %yp, %mask : tensor<4096x!tile.ptr<f32>>
  %sum = arith.addf %a, %b : tensor<4096xf32>
  %os = tile.splat %out : !tile.ptr<f32> -> tensor<4096x!tile.ptr<f32>>
  %op = tile.addptr %os, %offs : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
  tile.store %op, %sum, %mask : tensor<4096x!tile.ptr<f32>>
  return
}

// -----

// An in-place update reads what it writes: its store stays cached.
// CHECK-LABEL: func.func @in_place
// CHECK-NOT: stream_min_programs
// CHECK: return
func.func @in_place(%x: !tile.ptr<f32>) {
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %a = tile.load %xp : tensor<1024x!tile.ptr<f32>>
  %b = arith.addf %a, %a : tensor<1024xf32>
  tile.store %xp, %b : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// The bytes of every streamed store count (2 x 8 KiB + 1 KiB of i8 per program); a
// scalar store and an already non-temporal store are left as they are.
// CHECK-LABEL: func.func @several_stores
// CHECK: tile.store %{{.*}}, %{{.*}} {stream_min_programs = 1928 : i64} : tensor<2048x!tile.ptr<f32>>
// CHECK: tile.store %{{.*}}, %{{.*}} {stream_min_programs = 1928 : i64} : tensor<2048x!tile.ptr<f32>>
// CHECK: tile.store %{{.*}}, %{{.*}} {stream_min_programs = 1928 : i64} : tensor<1024x!tile.ptr<i8>>
// CHECK: tile.store %{{.*}}, %{{.*}} {nontemporal} : tensor<2048x!tile.ptr<f32>>
// CHECK: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f32>
func.func @several_stores(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<i8>,
                          %d: !tile.ptr<f32>, %e: !tile.ptr<f32>, %v: tensor<2048xf32>,
                          %w: tensor<1024xi8>, %s: f32) {
  %r = tile.make_range 0, 2048 : tensor<2048xi32>
  %as = tile.splat %a : !tile.ptr<f32> -> tensor<2048x!tile.ptr<f32>>
  %ap = tile.addptr %as, %r : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
  tile.store %ap, %v : tensor<2048x!tile.ptr<f32>>
  %bs = tile.splat %b : !tile.ptr<f32> -> tensor<2048x!tile.ptr<f32>>
  %bp = tile.addptr %bs, %r : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
  tile.store %bp, %v : tensor<2048x!tile.ptr<f32>>
  %r8 = tile.make_range 0, 1024 : tensor<1024xi32>
  %cs = tile.splat %c : !tile.ptr<i8> -> tensor<1024x!tile.ptr<i8>>
  %cp = tile.addptr %cs, %r8 : tensor<1024x!tile.ptr<i8>>, tensor<1024xi32>
  tile.store %cp, %w : tensor<1024x!tile.ptr<i8>>
  %ds = tile.splat %d : !tile.ptr<f32> -> tensor<2048x!tile.ptr<f32>>
  %dp = tile.addptr %ds, %r : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
  tile.store %dp, %v {nontemporal} : tensor<2048x!tile.ptr<f32>>
  tile.store %e, %s : !tile.ptr<f32>
  return
}

// -----

// A pointer advanced in a loop is traced through the loop: the store's argument
// is the one loaded from, so nothing streams.
// CHECK-LABEL: func.func @loop_carried
// CHECK-NOT: stream_min_programs
// CHECK: return
func.func @loop_carried(%x: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = arith.constant 256 : i32
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %p0 = tile.addptr %xs, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %a = tile.load %p0 : tensor<256x!tile.ptr<f32>>
  %end = scf.for %i = %c0 to %n step %c1 iter_args(%p = %p0) -> (tensor<256x!tile.ptr<f32>>) : i32 {
    tile.store %p, %a : tensor<256x!tile.ptr<f32>>
    %ss = tile.splat %step : i32 -> tensor<256xi32>
    %next = tile.addptr %p, %ss : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
    scf.yield %next : tensor<256x!tile.ptr<f32>>
  }
  return
}

// -----

// A pointer loaded from memory may point anywhere: nothing streams.
// CHECK-LABEL: func.func @loaded_pointer
// CHECK-NOT: stream_min_programs
// CHECK: return
func.func @loaded_pointer(%pp: !tile.ptr<!tile.ptr<f32>>, %out: !tile.ptr<f32>,
                          %v: tensor<256xf32>) {
  %p = tile.load %pp : !tile.ptr<!tile.ptr<f32>>
  %r = tile.make_range 0, 256 : tensor<256xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %pr = tile.addptr %ps, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %a = tile.load %pr : tensor<256x!tile.ptr<f32>>
  %os = tile.splat %out : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %op = tile.addptr %os, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %op, %a : tensor<256x!tile.ptr<f32>>
  return
}

// -----

// A store in a loop writes its bytes once per iteration: the loop is marked so
// that the lowering multiplies the program count by its trip count.
// CHECK-LABEL: func.func @store_in_loop
// CHECK: scf.for
// CHECK: tile.store %{{.*}}, %{{.*}} {stream_min_programs = 8192 : i64} : tensor<1024x!tile.ptr<f32>>
// CHECK: } {tile.stream_trip_count}
func.func @store_in_loop(%out: !tile.ptr<f32>, %v: tensor<1024xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %step = arith.constant 1024 : i32
  %r = tile.make_range 0, 1024 : tensor<1024xi32>
  scf.for %i = %c0 to %n step %step : i32 {
    %is = tile.splat %i : i32 -> tensor<1024xi32>
    %offs = arith.addi %is, %r : tensor<1024xi32>
    %os = tile.splat %out : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %op = tile.addptr %os, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %op, %v : tensor<1024x!tile.ptr<f32>>
  }
  return
}

// -----

// An evict_last store (Triton's "keep cached" hint) is never streamed.
// CHECK-LABEL: func.func @evict_last
// CHECK-NOT: stream_min_programs
// CHECK: tile.store %{{.*}}, %{{.*}} {evict_last} : tensor<4096x!tile.ptr<f32>>
func.func @evict_last(%out: !tile.ptr<f32>, %v: tensor<4096xf32>) {
  %r = tile.make_range 0, 4096 : tensor<4096xi32>
  %os = tile.splat %out : !tile.ptr<f32> -> tensor<4096x!tile.ptr<f32>>
  %op = tile.addptr %os, %r : tensor<4096x!tile.ptr<f32>>, tensor<4096xi32>
  tile.store %op, %v {evict_last} : tensor<4096x!tile.ptr<f32>>
  return
}
