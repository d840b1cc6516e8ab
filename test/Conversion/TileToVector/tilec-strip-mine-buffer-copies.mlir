// RUN: tilec-opt %s --tilec-strip-mine=chunk-lanes=32 | FileCheck %s

// A tile filled into one buffer row by row, reloaded whole and stored into a second buffer that
// is only read afterwards (a transposed gather): the readers read the first buffer, and the
// whole-tile copy (a value as wide as the tile crossing LLVM blocks) is gone.
// CHECK-LABEL: func.func @forwarded
// CHECK: %[[SRC:.*]] = llvm.alloca %{{.*}} x bf16 {alignment = 128 : i64}
// CHECK-NOT: vector<16384xbf16>
// CHECK: scf.for
// CHECK: %[[ROW:.*]] = llvm.getelementptr %[[SRC]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
// CHECK: llvm.store %{{.*}}, %[[ROW]]
// CHECK-NOT: vector<16384xbf16>
// CHECK: llvm.getelementptr %[[SRC]][%{{.*}}] : (!llvm.ptr, vector<32xi64>) -> vector<32x!llvm.ptr>, bf16
// CHECK: llvm.intr.masked.gather
// CHECK-NOT: vector<16384xbf16>
// CHECK: return
func.func @forwarded(%p: !llvm.ptr, %idx: vector<128xi64>, %m: vector<128xi1>, %pass: vector<128xbf16>) -> vector<128xbf16> {
  %n = arith.constant 16384 : i64
  %n2 = arith.constant 16384 : i64
  %src = llvm.alloca %n x bf16 {alignment = 64 : i64} : (i64) -> !llvm.ptr
  %dst = llvm.alloca %n2 x bf16 {alignment = 128 : i64} : (i64) -> !llvm.ptr
  %c0 = arith.constant 0 : i64
  %c128 = arith.constant 128 : i64
  %c1 = arith.constant 1 : i64
  scf.for %i = %c0 to %c128 step %c1 : i64 {
    %row = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
    %v = llvm.load %row {alignment = 2 : i64} : !llvm.ptr -> vector<128xbf16>
    %off = arith.muli %i, %c128 : i64
    %at = llvm.getelementptr %src[%off] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
    llvm.store %v, %at {alignment = 2 : i64} : vector<128xbf16>, !llvm.ptr
  }
  %whole = llvm.load %src {alignment = 64 : i64} : !llvm.ptr -> vector<16384xbf16>
  llvm.store %whole, %dst {alignment = 64 : i64} : vector<16384xbf16>, !llvm.ptr
  %ptrs = llvm.getelementptr %dst[%idx] : (!llvm.ptr, vector<128xi64>) -> vector<128x!llvm.ptr>, bf16
  %g = llvm.intr.masked.gather %ptrs, %m, %pass {alignment = 2 : i32} : (vector<128x!llvm.ptr>, vector<128xi1>, vector<128xbf16>) -> vector<128xbf16>
  return %g : vector<128xbf16>
}

// The first buffer is written again after the reload: the copy stays.
// CHECK-LABEL: func.func @source_rewritten
// CHECK: %[[W:.*]] = llvm.load %[[S:.*]] {{.*}} -> vector<256xf32>
// CHECK: llvm.store %[[W]], %[[D:.*]] {{.*}} : vector<256xf32>, !llvm.ptr
// CHECK: llvm.store %{{.*}}, %[[S]]
// CHECK: llvm.load %[[D]]
func.func @source_rewritten(%v: vector<256xf32>, %u: vector<256xf32>) -> vector<32xf32> {
  %n = arith.constant 256 : i64
  %src = llvm.alloca %n x f32 {alignment = 64 : i64} : (i64) -> !llvm.ptr
  %dst = llvm.alloca %n x f32 {alignment = 64 : i64} : (i64) -> !llvm.ptr
  llvm.store %v, %src {alignment = 64 : i64} : vector<256xf32>, !llvm.ptr
  %whole = llvm.load %src {alignment = 64 : i64} : !llvm.ptr -> vector<256xf32>
  llvm.store %whole, %dst {alignment = 64 : i64} : vector<256xf32>, !llvm.ptr
  llvm.store %u, %src {alignment = 64 : i64} : vector<256xf32>, !llvm.ptr
  %r = llvm.load %dst {alignment = 64 : i64} : !llvm.ptr -> vector<32xf32>
  return %r : vector<32xf32>
}

// The second buffer is also written elsewhere: the copy stays.
// CHECK-LABEL: func.func @destination_written_twice
// CHECK: %[[W:.*]] = llvm.load %{{.*}} -> vector<256xf32>
// CHECK: llvm.store %[[W]], %[[D:.*]] {{.*}} : vector<256xf32>, !llvm.ptr
// CHECK: llvm.store %{{.*}}, %[[D]] {{.*}} : vector<32xf32>, !llvm.ptr
func.func @destination_written_twice(%v: vector<256xf32>, %u: vector<32xf32>) -> vector<32xf32> {
  %n = arith.constant 256 : i64
  %src = llvm.alloca %n x f32 {alignment = 64 : i64} : (i64) -> !llvm.ptr
  %dst = llvm.alloca %n x f32 {alignment = 64 : i64} : (i64) -> !llvm.ptr
  llvm.store %v, %src {alignment = 64 : i64} : vector<256xf32>, !llvm.ptr
  %whole = llvm.load %src {alignment = 64 : i64} : !llvm.ptr -> vector<256xf32>
  llvm.store %whole, %dst {alignment = 64 : i64} : vector<256xf32>, !llvm.ptr
  llvm.store %u, %dst {alignment = 64 : i64} : vector<32xf32>, !llvm.ptr
  %r = llvm.load %dst {alignment = 64 : i64} : !llvm.ptr -> vector<32xf32>
  return %r : vector<32xf32>
}
