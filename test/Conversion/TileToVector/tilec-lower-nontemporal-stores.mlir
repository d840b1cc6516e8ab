// RUN: tilec-opt %s --tilec-carry-pointer-offsets --convert-tile-to-vector="chunk-lanes=32 prefetch=true" --tilec-strip-mine=chunk-lanes=32 --tilec-lower-nontemporal-stores=streaming=true | FileCheck %s
// RUN: tilec-opt %s --convert-tile-to-vector --tilec-lower-nontemporal-stores | FileCheck %s --check-prefix=GPU

// A streaming store of a full vector is versioned on its address: aligned to
// the vector width it is a non-temporal store, otherwise a plain one.
// CHECK-LABEL: func.func @store_streaming
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[V:.*]]: vector<16xf32>)
// CHECK: %[[I:.*]] = llvm.ptrtoint %[[A]] : !llvm.ptr to i64
// CHECK: %[[LOW:.*]] = arith.andi %[[I]], %{{.*}} : i64
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[LOW]], %{{.*}} : i64
// CHECK: scf.if %[[OK]] {
// CHECK-NEXT: llvm.store %[[V]], %[[A]] {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
// CHECK-NEXT: } else {
// CHECK-NEXT: llvm.store %[[V]], %[[A]] {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// CHECK-NOT: tilec.nontemporal
// Without strip-mining (GPU targets) the hint is dropped.
// GPU-LABEL: func.func @store_streaming
// GPU-NOT: nontemporal
// GPU: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// GPU-NOT: nontemporal
func.func @store_streaming(%a: !tile.ptr<f32>, %v: tensor<16xf32>) {
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %q = tile.addptr %p, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %q, %v {nontemporal} : tensor<16x!tile.ptr<f32>>
  return
}

// A masked streaming store stays an ordinary masked store: only full-width
// stores stream.
// CHECK-LABEL: func.func @store_streaming_masked
// CHECK-NOT: nontemporal
// CHECK: llvm.intr.masked.store
// CHECK-NOT: nontemporal
// CHECK: return
func.func @store_streaming_masked(%a: !tile.ptr<f32>, %v: tensor<16xf32>, %m: tensor<16xi1>) {
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %q = tile.addptr %p, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %q, %v, %m {nontemporal} : tensor<16x!tile.ptr<f32>>
  return
}

// A strip-mined masked streaming store streams its fully enabled pieces (the
// plain store of a piece whose mask is all true) and masks the others.
// CHECK-LABEL: func.func @store_streaming_strip_mined
// CHECK: scf.for
// CHECK: %[[ALL:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: scf.if %[[ALL]] {
// CHECK: llvm.ptrtoint
// CHECK: scf.if
// CHECK-NEXT: llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<32xf32>, !llvm.ptr
// CHECK-NEXT: } else {
// CHECK-NEXT: llvm.store {{.*}} {alignment = 4 : i64} : vector<32xf32>, !llvm.ptr
// CHECK: } else {
// CHECK: llvm.intr.masked.store
func.func @store_streaming_strip_mined(%a: !tile.ptr<f32>, %n: i32) {
  %r = tile.make_range 0, 128 : tensor<128xi32>
  %nn = tile.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %nn : tensor<128xi32>
  %v = arith.sitofp %r : tensor<128xi32> to tensor<128xf32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %q = tile.addptr %p, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %q, %v, %m {nontemporal} : tensor<128x!tile.ptr<f32>>
  return
}

// A store streaming from a grid size is versioned on the launch's program
// count (computed once at the kernel's entry) and on its address.
// CHECK-LABEL: func.func @store_streaming_large_grid
// CHECK-DAG: %[[NX:.*]] = tile.num_programs 0 : i32
// CHECK-DAG: %[[NY:.*]] = tile.num_programs 1 : i32
// CHECK-DAG: %[[NZ:.*]] = tile.num_programs 2 : i32
// CHECK: %[[LARGE:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : i64
// CHECK: %[[OK:.*]] = arith.cmpi eq
// CHECK: %[[BOTH:.*]] = arith.andi %[[LARGE]], %[[OK]] : i1
// CHECK: scf.if %[[BOTH]] {
// CHECK-NEXT: llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
// CHECK-NEXT: } else {
// CHECK-NEXT: llvm.store {{.*}} {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// CHECK-NOT: tilec.nontemporal
// GPU-LABEL: func.func @store_streaming_large_grid
// GPU-NOT: nontemporal
// GPU-NOT: tile.num_programs
// GPU: return
func.func @store_streaming_large_grid(%a: !tile.ptr<f32>, %v: tensor<16xf32>) {
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %q = tile.addptr %p, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %q, %v {stream_min_programs = 4096 : i64} : tensor<16x!tile.ptr<f32>>
  return
}

// In a loop marked tile.stream_trip_count, the program count is multiplied by
// the loop's trip count, computed before the loop; the mark is removed.
// CHECK-LABEL: func.func @store_streaming_in_loop
// CHECK-SAME: %[[N:[^:]*]]: i32
// CHECK: %[[UB:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[SPAN:.*]] = arith.subi %[[UB]], %{{.*}} : i64
// CHECK: %[[TRIPS:.*]] = arith.ceildivsi %[[SPAN]], %{{.*}} : i64
// CHECK: %[[POS:.*]] = arith.maxsi %[[TRIPS]], %{{.*}} : i64
// CHECK: %[[RUNS:.*]] = arith.muli %{{.*}}, %[[POS]] : i64
// CHECK: %[[LARGE:.*]] = arith.cmpi uge, %[[RUNS]], %{{.*}} : i64
// CHECK: scf.for
// CHECK: arith.andi %[[LARGE]], %{{.*}} : i1
// CHECK: llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
// CHECK-NOT: tile.stream_trip_count
// CHECK: return
func.func @store_streaming_in_loop(%a: !tile.ptr<f32>, %v: tensor<16xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %r = tile.make_range 0, 16 : tensor<16xi32>
  scf.for %i = %c0 to %n step %c16 : i32 {
    %is = tile.splat %i : i32 -> tensor<16xi32>
    %offs = arith.addi %is, %r : tensor<16xi32>
    %p = tile.splat %a : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
    %q = tile.addptr %p, %offs : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
    tile.store %q, %v {stream_min_programs = 4096 : i64} : tensor<16x!tile.ptr<f32>>
  } {tile.stream_trip_count}
  return
}
