// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s --mlir-print-op-generic | tilec-opt | FileCheck %s

// Program identity ops print and parse their axis.
// CHECK-LABEL: func @grid
// CHECK: tile.program_id 0 : i32
// CHECK: tile.num_programs 2 : i32
func.func @grid() -> (i32, i32) {
  %0 = tile.program_id 0 : i32
  %1 = tile.num_programs 2 : i32
  return %0, %1 : i32, i32
}

// The global timer prints and parses its i64 result.
// CHECK-LABEL: func @timer
// CHECK: tile.global_timer : i64
// CHECK: tile.global_timer : i64
func.func @timer() -> (i64, i64) {
  %0 = tile.global_timer : i64
  %1 = tile.global_timer : i64
  return %0, %1 : i64, i64
}

// Ranges, splats and shape ops round-trip with their types.
// CHECK-LABEL: func @shapes
// CHECK: %[[R:.*]] = tile.make_range 0, 16 : tensor<16xi32>
// CHECK: %[[E:.*]] = tile.expand_dims %[[R]] {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
// CHECK: %[[B:.*]] = tile.broadcast %[[E]] : tensor<16x1xi32> -> tensor<16x8xi32>
// CHECK: %[[T:.*]] = tile.trans %[[B]] {order = array<i32: 1, 0>} : tensor<16x8xi32> -> tensor<8x16xi32>
// CHECK: tile.reshape %[[T]] : tensor<8x16xi32> -> tensor<128xi32>
func.func @shapes(%s: f32) -> (tensor<128xi32>, tensor<4x4xf32>) {
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %e = tile.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %b = tile.broadcast %e : tensor<16x1xi32> -> tensor<16x8xi32>
  %t = tile.trans %b {order = array<i32: 1, 0>} : tensor<16x8xi32> -> tensor<8x16xi32>
  %f = tile.reshape %t : tensor<8x16xi32> -> tensor<128xi32>
  %x = tile.splat %s : f32 -> tensor<4x4xf32>
  return %f, %x : tensor<128xi32>, tensor<4x4xf32>
}

// Pointer arithmetic and masked memory ops keep optional operands and store hints.
// CHECK-LABEL: func @memory
// CHECK: %[[P:.*]] = tile.splat %{{.*}} : !tile.ptr<f16> -> tensor<32x!tile.ptr<f16>>
// CHECK: %[[Q:.*]] = tile.addptr %[[P]], %{{.*}} : tensor<32x!tile.ptr<f16>>, tensor<32xi32>
// CHECK: %[[V:.*]] = tile.load %[[Q]], %{{.*}}, %{{.*}} : tensor<32x!tile.ptr<f16>>
// CHECK: tile.load %[[Q]] : tensor<32x!tile.ptr<f16>>
// CHECK: tile.store %[[Q]], %[[V]], %{{.*}} : tensor<32x!tile.ptr<f16>>
// CHECK: tile.store %[[Q]], %[[V]] {nontemporal} : tensor<32x!tile.ptr<f16>>
// CHECK: tile.store %[[Q]], %[[V]] {stream_min_programs = 64 : i64} : tensor<32x!tile.ptr<f16>>
// CHECK: tile.store %[[Q]], %[[V]] {evict_last} : tensor<32x!tile.ptr<f16>>
// CHECK: tile.load %{{.*}} : !tile.ptr<f16>
func.func @memory(%base: !tile.ptr<f16>, %m: tensor<32xi1>, %o: tensor<32xf16>, %n: i64) {
  %r = tile.make_range 0, 32 : tensor<32xi32>
  %p = tile.splat %base : !tile.ptr<f16> -> tensor<32x!tile.ptr<f16>>
  %q = tile.addptr %p, %r : tensor<32x!tile.ptr<f16>>, tensor<32xi32>
  %v = tile.load %q, %m, %o : tensor<32x!tile.ptr<f16>>
  %w = tile.load %q : tensor<32x!tile.ptr<f16>>
  tile.store %q, %v, %m : tensor<32x!tile.ptr<f16>>
  tile.store %q, %v {nontemporal} : tensor<32x!tile.ptr<f16>>
  tile.store %q, %v {stream_min_programs = 64 : i64} : tensor<32x!tile.ptr<f16>>
  tile.store %q, %v {evict_last} : tensor<32x!tile.ptr<f16>>
  %s = tile.addptr %base, %n : !tile.ptr<f16>, i64
  %x = tile.load %s : !tile.ptr<f16>
  return
}

// A reduction carries its combiner region; 1-D sources reduce to scalars.
// CHECK-LABEL: func @reduce
// CHECK: tile.reduce(%{{.*}}) axis = 1 : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK: arith.addf
// CHECK: tile.yield %{{.*}} : f32
// CHECK: tile.reduce(%{{.*}}, %{{.*}}) axis = 0 : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32)
func.func @reduce(%t: tensor<4x8xf32>, %v: tensor<8xf32>, %i: tensor<8xi32>) -> (tensor<4xf32>, f32, i32) {
  %s = tile.reduce(%t) axis = 1 : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tile.yield %r : f32
  }
  %m:2 = tile.reduce(%v, %i) axis = 0 : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %x = arith.select %gt, %a, %b : f32
    %xi = arith.select %gt, %ai, %bi : i32
    tile.yield %x, %xi : f32, i32
  }
  return %s, %m#0, %m#1 : tensor<4xf32>, f32, i32
}

// A scan keeps its source's shape; `reverse` prints only when set.
// CHECK-LABEL: func @scan
// CHECK: tile.scan(%{{.*}}) axis = 1 reverse : (tensor<4x8xi32>) -> tensor<4x8xi32>
// CHECK: arith.addi
// CHECK: tile.yield %{{.*}} : i32
// CHECK: tile.scan(%{{.*}}, %{{.*}}) axis = 0 : (tensor<8xf32>, tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
func.func @scan(%t: tensor<4x8xi32>, %v: tensor<8xf32>, %i: tensor<8xi32>) -> (tensor<4x8xi32>, tensor<8xf32>, tensor<8xi32>) {
  %s = tile.scan(%t) axis = 1 reverse : (tensor<4x8xi32>) -> tensor<4x8xi32> {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    tile.yield %r : i32
  }
  %m:2 = tile.scan(%v, %i) axis = 0 : (tensor<8xf32>, tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %x = arith.select %gt, %a, %b : f32
    %xi = arith.select %gt, %ai, %bi : i32
    tile.yield %x, %xi : f32, i32
  }
  return %s, %m#0, %m#1 : tensor<4x8xi32>, tensor<8xf32>, tensor<8xi32>
}

// A mapped body branches on its scalars; with pack = 2 it takes two scalars of each source and
// yields two of each result.
// CHECK-LABEL: func @map_elementwise
// CHECK: %[[M:.*]] = tile.map_elementwise(%{{.*}}, %{{.*}}) pack = 1 : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32>
// CHECK: scf.if
// CHECK: tile.yield %{{.*}} : i32
// CHECK: tile.map_elementwise(%[[M]]) pack = 2 : (tensor<128xi32>) -> (tensor<128xf32>, tensor<128xi1>)
// CHECK: tile.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, i1, i1
func.func @map_elementwise(%x: tensor<128xi32>, %y: tensor<128xi32>) -> (tensor<128xf32>, tensor<128xi1>) {
  %m = tile.map_elementwise(%x, %y) pack = 1 : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32> {
  ^bb0(%a: i32, %b: i32):
    %lt = arith.cmpi slt, %a, %b : i32
    %v = scf.if %lt -> (i32) {
      scf.yield %a : i32
    } else {
      %d = arith.subi %a, %b : i32
      scf.yield %d : i32
    }
    tile.yield %v : i32
  }
  %f:2 = tile.map_elementwise(%m) pack = 2 : (tensor<128xi32>) -> (tensor<128xf32>, tensor<128xi1>) {
  ^bb0(%a0: i32, %a1: i32):
    %f0 = arith.sitofp %a0 : i32 to f32
    %f1 = arith.sitofp %a1 : i32 to f32
    %c0 = arith.constant 0 : i32
    %n0 = arith.cmpi slt, %a0, %c0 : i32
    %n1 = arith.cmpi slt, %a1, %c0 : i32
    tile.yield %f0, %f1, %n0, %n1 : f32, f32, i1, i1
  }
  return %f#0, %f#1 : tensor<128xf32>, tensor<128xi1>
}

// A shuffle picks elements of two tiles by position into any result shape.
// CHECK-LABEL: func @shuffle
// CHECK: tile.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5, 2, 6, 3, 7] : tensor<4xf16>, tensor<4xf16> -> tensor<4x2xf16>
// CHECK: tile.shuffle %{{.*}}, %{{.*}} [1, 0] : tensor<2x!tile.ptr<i8>>, tensor<2x!tile.ptr<i8>> -> tensor<2x!tile.ptr<i8>>
func.func @shuffle(%a: tensor<4xf16>, %b: tensor<4xf16>, %p: tensor<2x!tile.ptr<i8>>) -> (tensor<4x2xf16>, tensor<2x!tile.ptr<i8>>) {
  %j = tile.shuffle %a, %b [0, 4, 1, 5, 2, 6, 3, 7] : tensor<4xf16>, tensor<4xf16> -> tensor<4x2xf16>
  %f = tile.shuffle %p, %p [1, 0] : tensor<2x!tile.ptr<i8>>, tensor<2x!tile.ptr<i8>> -> tensor<2x!tile.ptr<i8>>
  return %j, %f : tensor<4x2xf16>, tensor<2x!tile.ptr<i8>>
}

// join appends a minor dimension of 2, split removes it, cat doubles one dimension and flip
// keeps the type; layout encodings and pointer elements are kept.
// CHECK-LABEL: func @permutations
// CHECK: %[[J:.*]] = tile.join %{{.*}}, %{{.*}} : tensor<4x8xbf16> -> tensor<4x8x2xbf16>
// CHECK: %[[LO:.*]], %[[HI:.*]] = tile.split %[[J]] : tensor<4x8x2xbf16> -> tensor<4x8xbf16>
// CHECK: tile.cat %[[LO]], %[[HI]] dim = 1 : tensor<4x8xbf16> -> tensor<4x16xbf16>
// CHECK: tile.flip %{{.*}} dim = 0 : tensor<2x!tile.ptr<i8>>
// CHECK: tile.join %{{.*}}, %{{.*}} : tensor<64xi8, #{{.*}}> -> tensor<64x2xi8, #{{.*}}>
#perm1 = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#perm2 = #tile.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
func.func @permutations(%a: tensor<4x8xbf16>, %b: tensor<4x8xbf16>, %p: tensor<2x!tile.ptr<i8>>,
                        %q: tensor<64xi8, #perm1>)
    -> (tensor<4x16xbf16>, tensor<2x!tile.ptr<i8>>, tensor<64x2xi8, #perm2>) {
  %j = tile.join %a, %b : tensor<4x8xbf16> -> tensor<4x8x2xbf16>
  %lo, %hi = tile.split %j : tensor<4x8x2xbf16> -> tensor<4x8xbf16>
  %c = tile.cat %lo, %hi dim = 1 : tensor<4x8xbf16> -> tensor<4x16xbf16>
  %f = tile.flip %p dim = 0 : tensor<2x!tile.ptr<i8>>
  %e = tile.join %q, %q : tensor<64xi8, #perm1> -> tensor<64x2xi8, #perm2>
  return %c, %f, %e : tensor<4x16xbf16>, tensor<2x!tile.ptr<i8>>, tensor<64x2xi8, #perm2>
}

// Dot products accumulate in a wider type, 2-D and batched.
// CHECK-LABEL: func @dot
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32xf16>, tensor<32x8xf16> -> tensor<16x8xf32>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "tf32"} : tensor<2x4x4xf32>, tensor<2x4x4xf32> -> tensor<2x4x4xf32>
func.func @dot(%a: tensor<16x32xf16>, %b: tensor<32x8xf16>, %c: tensor<16x8xf32>,
               %x: tensor<2x4x4xf32>) -> (tensor<16x8xf32>, tensor<2x4x4xf32>) {
  %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<32x8xf16> -> tensor<16x8xf32>
  %e = tile.dot %x, %x, %x {input_precision = "tf32"} : tensor<2x4x4xf32>, tensor<2x4x4xf32> -> tensor<2x4x4xf32>
  return %d, %e : tensor<16x8xf32>, tensor<2x4x4xf32>
}

// fp8 operands are i8 tiles with their formats named (any two of Triton's).
// CHECK-LABEL: func @dot_fp8
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"} : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
func.func @dot_fp8(%a: tensor<16x32xi8>, %b: tensor<32x8xi8>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"} : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
  return %d : tensor<16x8xf32>
}

// Atomics print their kind, memory semantic and scope; the mask is optional.
// CHECK-LABEL: func @atomics
// CHECK-SAME: (%[[P:.*]]: tensor<16x!tile.ptr<i32>>, %[[V:.*]]: tensor<16xi32>, %[[M:.*]]: tensor<16xi1>, %[[Q:.*]]: !tile.ptr<f32>, %[[X:.*]]: f32)
// CHECK: tile.atomic_rmw add acq_rel gpu %[[P]], %[[V]], %[[M]] : tensor<16x!tile.ptr<i32>>
// CHECK: tile.atomic_rmw umax relaxed sys %[[P]], %[[V]] : tensor<16x!tile.ptr<i32>>
// CHECK: tile.atomic_rmw xor release cta %[[P]], %[[V]] : tensor<16x!tile.ptr<i32>>
// CHECK: tile.atomic_rmw fmax acquire gpu %[[Q]], %[[X]] : !tile.ptr<f32>
// CHECK: tile.atomic_cas acq_rel gpu %[[P]], %[[V]], %[[V]] : tensor<16x!tile.ptr<i32>>
// CHECK: tile.atomic_cas relaxed cta %[[Q]], %[[X]], %[[X]] : !tile.ptr<f32>
func.func @atomics(%p: tensor<16x!tile.ptr<i32>>, %v: tensor<16xi32>, %m: tensor<16xi1>,
                   %q: !tile.ptr<f32>, %x: f32) {
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v, %m : tensor<16x!tile.ptr<i32>>
  %1 = tile.atomic_rmw umax relaxed sys %p, %v : tensor<16x!tile.ptr<i32>>
  %2 = tile.atomic_rmw xor release cta %p, %v : tensor<16x!tile.ptr<i32>>
  %3 = tile.atomic_rmw fmax acquire gpu %q, %x : !tile.ptr<f32>
  %4 = tile.atomic_cas acq_rel gpu %p, %v, %v : tensor<16x!tile.ptr<i32>>
  %5 = tile.atomic_cas relaxed cta %q, %x, %x : !tile.ptr<f32>
  return
}

// A gather keeps the source's element type and takes the index's shape.
// CHECK-LABEL: func @gather
// CHECK: tile.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : tensor<4x8xf32>, tensor<4x16xi32> -> tensor<4x16xf32>
func.func @gather(%src: tensor<4x8xf32>, %idx: tensor<4x16xi32>) -> tensor<4x16xf32> {
  %0 = tile.gather %src[%idx] {axis = 1 : i32} : tensor<4x8xf32>, tensor<4x16xi32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// Histograms round-trip with and without a mask, on narrow and wide inputs.
// CHECK-LABEL: func @histogram
// CHECK-SAME: (%[[X:.*]]: tensor<128xi32>, %[[Y:.*]]: tensor<64xi8>, %[[M:.*]]: tensor<64xi1>, %[[Z:.*]]: tensor<8xi64>)
// CHECK: tile.histogram %[[X]] : tensor<128xi32> -> tensor<256xi32>
// CHECK: tile.histogram %[[Y]], %[[M]] : tensor<64xi8>, tensor<64xi1> -> tensor<16xi32>
// CHECK: tile.histogram %[[Z]] : tensor<8xi64> -> tensor<1xi32>
func.func @histogram(%x: tensor<128xi32>, %y: tensor<64xi8>, %m: tensor<64xi1>, %z: tensor<8xi64>)
    -> (tensor<256xi32>, tensor<16xi32>, tensor<1xi32>) {
  %0 = tile.histogram %x : tensor<128xi32> -> tensor<256xi32>
  %1 = tile.histogram %y, %m : tensor<64xi8>, tensor<64xi1> -> tensor<16xi32>
  %2 = tile.histogram %z : tensor<8xi64> -> tensor<1xi32>
  return %0, %1, %2 : tensor<256xi32>, tensor<16xi32>, tensor<1xi32>
}

// Sorts round-trip ascending, descending and unsigned, on rows and on a single lane.
// CHECK-LABEL: func @sort
// CHECK-SAME: (%[[X:.*]]: tensor<4x128xf32>, %[[Y:.*]]: tensor<64xi32>, %[[Z:.*]]: tensor<1xf16>)
// CHECK: tile.sort %[[X]] descending = false : tensor<4x128xf32>
// CHECK: tile.sort %[[Y]] descending = true unsigned : tensor<64xi32>
// CHECK: tile.sort %[[Z]] descending = true : tensor<1xf16>
func.func @sort(%x: tensor<4x128xf32>, %y: tensor<64xi32>, %z: tensor<1xf16>)
    -> (tensor<4x128xf32>, tensor<64xi32>, tensor<1xf16>) {
  %0 = tile.sort %x descending = false : tensor<4x128xf32>
  %1 = tile.sort %y descending = true unsigned : tensor<64xi32>
  %2 = tile.sort %z descending = true : tensor<1xf16>
  return %0, %1, %2 : tensor<4x128xf32>, tensor<64xi32>, tensor<1xf16>
}

// Debugging ops round-trip: prints with and without values, an assertion on a tile.
// CHECK-LABEL: func @debug
// CHECK: tile.print " x: " %{{.*}}, %{{.*}} : tensor<4xi32>, f32 {hex = false, is_signed = array<i1: true, false>}
// CHECK: tile.print "hello" {hex = true, is_signed = array<i1>}
// CHECK: tile.assert %{{.*}}, "x is small" : tensor<4xi1>
func.func @debug(%x: tensor<4xi32>, %y: f32, %ok: tensor<4xi1>) {
  tile.print " x: " %x, %y : tensor<4xi32>, f32 {hex = false, is_signed = array<i1: true, false>}
  tile.print "hello" {hex = true, is_signed = array<i1>}
  tile.assert %ok, "x is small" : tensor<4xi1>
  return
}

// Axis hints round-trip on tiles of integers and pointers and on scalars.
// CHECK-LABEL: func @hints
// CHECK: %[[H:.*]] = tile.hint %{{.*}} divisibility [128] contiguity [128] : tensor<128xi32>
// CHECK: tile.hint %{{.*}} constancy [1, 16] : tensor<4x16x!tile.ptr<f16>>
// CHECK: tile.hint %{{.*}} divisibility [16] : i32
// CHECK: return %[[H]]
func.func @hints(%offs: tensor<128xi32>, %p: tensor<4x16x!tile.ptr<f16>>, %n: i32) -> tensor<128xi32> {
  %0 = tile.hint %offs divisibility [128] contiguity [128] : tensor<128xi32>
  %1 = tile.hint %p constancy [1, 16] : tensor<4x16x!tile.ptr<f16>>
  %2 = tile.hint %n divisibility [16] : i32
  return %0 : tensor<128xi32>
}

// Block pointers round-trip: made with sizes, strides, offsets and order, advanced, loaded
// with and without boundary checks and nan padding, stored with checks and cache hints.
// CHECK-LABEL: func @block_pointers
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f16>, %[[M:.*]]: i64, %[[N:.*]]: i64, %[[S:.*]]: i64, %[[O:.*]]: i32, %[[Q:.*]]: !tile.ptr<f32>)
// CHECK: %[[BP:.*]] = tile.make_block_ptr %[[P]], [%[[M]], %[[N]]], [%[[S]], %{{.*}}], [%[[O]], %[[O]]] order = [1, 0] : !tile.block_ptr<64x32xf16>
// CHECK: %[[NEXT:.*]] = tile.advance %[[BP]], [%[[O]], %{{.*}}] : !tile.block_ptr<64x32xf16>
// CHECK: %[[X:.*]] = tile.block_load %[[NEXT]] boundary_check = [0, 1] : !tile.block_ptr<64x32xf16>
// CHECK: tile.block_load %[[BP]] : !tile.block_ptr<64x32xf16>
// CHECK: %[[F:.*]] = tile.make_block_ptr %[[Q]], [%[[M]]], [%{{.*}}], [%[[O]]] order = [0] : !tile.block_ptr<16xf32>
// CHECK: %[[Y:.*]] = tile.block_load %[[F]] boundary_check = [0] padding = nan : !tile.block_ptr<16xf32>
// CHECK: tile.block_store %[[NEXT]], %[[X]] boundary_check = [1] : !tile.block_ptr<64x32xf16>
// CHECK: tile.block_store %[[F]], %[[Y]] {nontemporal} : !tile.block_ptr<16xf32>
func.func @block_pointers(%p: !tile.ptr<f16>, %m: i64, %n: i64, %s: i64, %o: i32, %q: !tile.ptr<f32>) {
  %c1 = arith.constant 1 : i64
  %c32 = arith.constant 32 : i32
  %bp = tile.make_block_ptr %p, [%m, %n], [%s, %c1], [%o, %o] order = [1, 0] : !tile.block_ptr<64x32xf16>
  %next = tile.advance %bp, [%o, %c32] : !tile.block_ptr<64x32xf16>
  %x = tile.block_load %next boundary_check = [0, 1] : !tile.block_ptr<64x32xf16>
  %x2 = tile.block_load %bp : !tile.block_ptr<64x32xf16>
  %f = tile.make_block_ptr %q, [%m], [%c1], [%o] order = [0] : !tile.block_ptr<16xf32>
  %y = tile.block_load %f boundary_check = [0] padding = nan : !tile.block_ptr<16xf32>
  tile.block_store %next, %x boundary_check = [1] : !tile.block_ptr<64x32xf16>
  tile.block_store %f, %y {nontemporal} : !tile.block_ptr<16xf32>
  return
}

// Tensor descriptors round-trip: zero (default) and nan padding in the type, loads, stores
// and atomics at offsets.
// CHECK-LABEL: func @tensor_descriptors
// CHECK: %[[D:.*]] = tile.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tile.tensor_desc<8x16xf32, nan>
// CHECK: %[[X:.*]] = tile.descriptor_load %[[D]][%{{.*}}, %{{.*}}] : !tile.tensor_desc<8x16xf32, nan>
// CHECK: tile.descriptor_store %[[D]][%{{.*}}, %{{.*}}], %[[X]] : !tile.tensor_desc<8x16xf32, nan>
// CHECK: %[[I:.*]] = tile.make_tensor_descriptor %{{.*}}, [%{{.*}}], [%{{.*}}] : !tile.tensor_desc<8xi32>
// CHECK: tile.descriptor_atomic umax %[[I]][%{{.*}}], %{{.*}} : !tile.tensor_desc<8xi32>
// CHECK: tile.descriptor_atomic fadd %[[D]][%{{.*}}, %{{.*}}], %[[X]] : !tile.tensor_desc<8x16xf32, nan>
func.func @tensor_descriptors(%p: !tile.ptr<f32>, %q: !tile.ptr<i32>, %m: i64, %o: i32, %v: tensor<8xi32>) {
  %c1 = arith.constant 1 : i64
  %d = tile.make_tensor_descriptor %p, [%m, %m], [%m, %c1] : !tile.tensor_desc<8x16xf32, nan>
  %x = tile.descriptor_load %d[%o, %o] : !tile.tensor_desc<8x16xf32, nan>
  tile.descriptor_store %d[%o, %o], %x : !tile.tensor_desc<8x16xf32, nan>
  %i = tile.make_tensor_descriptor %q, [%m], [%c1] : !tile.tensor_desc<8xi32, zero>
  tile.descriptor_atomic umax %i[%o], %v : !tile.tensor_desc<8xi32>
  tile.descriptor_atomic fadd %d[%o, %o], %x : !tile.tensor_desc<8x16xf32, nan>
  return
}

// A block pointer is an SSA value: loops carry it and branches yield it.
// CHECK-LABEL: func @block_pointer_loop
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[B:.*]] = %{{.*}}) -> (!tile.block_ptr<16xf32>)
// CHECK: tile.advance %[[B]], [%{{.*}}] : !tile.block_ptr<16xf32>
// CHECK: tile.block_load %[[R]] : !tile.block_ptr<16xf32>
func.func @block_pointer_loop(%p: !tile.ptr<f32>, %n: i64, %o: i32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %bp = tile.make_block_ptr %p, [%n], [%one], [%o] order = [0] : !tile.block_ptr<16xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %bp) -> (!tile.block_ptr<16xf32>) {
    %next = tile.advance %b, [%o] : !tile.block_ptr<16xf32>
    scf.yield %next : !tile.block_ptr<16xf32>
  }
  %x = tile.block_load %r : !tile.block_ptr<16xf32>
  return %x : tensor<16xf32>
}

// A program barrier (tl.debug_barrier) round-trips.
// CHECK-LABEL: func @barrier
// CHECK: tile.barrier
func.func @barrier() {
  tile.barrier
  return
}

// The copy-engine ops round-trip: a descriptor-block mark, a tensor map (NaN fill), a TMA copy
// counted by an mbarrier, and the barrier's init, arrival, wait and invalidation.
// CHECK-LABEL: func @tma
// CHECK: %[[B:.*]] = tile.descriptor_block %{{.*}} of %[[P:.*]][%[[M:.*]], %[[K:.*]]] [%[[S:.*]], %[[ONE:.*]]] at [%[[R:.*]], %[[C:.*]]] : tensor<128x64xf16>, !tile.ptr<f16>
// CHECK: tile.descriptor_block %[[B]] stored of %[[P]]
// CHECK: %[[MAP:.*]] = tile.make_tensor_map %[[P]], [%[[M]], %[[K]]], [%[[S]], %[[ONE]]] : !tile.ptr<f16> -> !tile.tensor_map<128x64xf16, swizzle = 128, nan>
// CHECK: tile.mbarrier_init %[[BAR:.*]] count = 1 : !tile.memdesc<1x1xi64, #{{.*}}>
// CHECK: tile.mbarrier_arrive %[[BAR]], %{{.*}} : !tile.memdesc<1x1xi64
// CHECK: tile.async_tma_load %[[MAP]][%[[R]], %[[C]]] into %{{.*}}, %[[BAR]], %{{.*}} : !tile.tensor_map<128x64xf16, swizzle = 128, nan>, !tile.memdesc<128x64xf16, #{{.*}}>, !tile.memdesc<1x1xi64
// CHECK: tile.mbarrier_wait %[[BAR]], %{{.*}} : !tile.memdesc<1x1xi64
// CHECK: tile.mbarrier_inval %[[BAR]] : !tile.memdesc<1x1xi64
#swizzled = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 128, order = [1, 0]}>
#plain = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @tma(%x: tensor<128x64xf16>, %p: !tile.ptr<f16>, %m: i64, %k: i64, %s: i64, %r: i32,
               %c: i32, %in: i1) -> tensor<128x64xf16> {
  %one = arith.constant 1 : i64
  %b = tile.descriptor_block %x of %p[%m, %k] [%s, %one] at [%r, %c] : tensor<128x64xf16>, !tile.ptr<f16>
  %st = tile.descriptor_block %b stored of %p[%m, %k] [%s, %one] at [%r, %c] : tensor<128x64xf16>, !tile.ptr<f16>
  %map = tile.make_tensor_map %p, [%m, %k], [%s, %one] : !tile.ptr<f16> -> !tile.tensor_map<128x64xf16, swizzle = 128, nan>
  %buf = tile.local_alloc : !tile.memdesc<2x128x64xf16, #swizzled>
  %bars = tile.local_alloc : !tile.memdesc<2x1x1xi64, #plain>
  %i0 = arith.constant 0 : i32
  %stage = tile.memdesc_index %buf[%i0] : !tile.memdesc<2x128x64xf16, #swizzled> -> !tile.memdesc<128x64xf16, #swizzled>
  %bar = tile.memdesc_index %bars[%i0] : !tile.memdesc<2x1x1xi64, #plain> -> !tile.memdesc<1x1xi64, #plain>
  tile.mbarrier_init %bar count = 1 : !tile.memdesc<1x1xi64, #plain>
  %bytes = arith.constant 16384 : i32
  tile.mbarrier_arrive %bar, %bytes : !tile.memdesc<1x1xi64, #plain>
  tile.async_tma_load %map[%r, %c] into %stage, %bar, %in : !tile.tensor_map<128x64xf16, swizzle = 128, nan>, !tile.memdesc<128x64xf16, #swizzled>, !tile.memdesc<1x1xi64, #plain>
  tile.mbarrier_wait %bar, %i0 : !tile.memdesc<1x1xi64, #plain>
  tile.mbarrier_inval %bar : !tile.memdesc<1x1xi64, #plain>
  return %st : tensor<128x64xf16>
}

// Pointer casts print and parse their operand and result types, scalar and tile.
// CHECK-LABEL: func @pointer_casts
// CHECK: %[[P:.*]] = tile.int_to_ptr %{{.*}} : i64 -> !tile.ptr<f16>
// CHECK: tile.ptr_to_int %[[P]] : !tile.ptr<f16> -> i64
// CHECK: %[[PS:.*]] = tile.int_to_ptr %{{.*}} : tensor<8xi64> -> tensor<8x!tile.ptr<f32>>
// CHECK: %[[QS:.*]] = tile.ptr_cast %[[PS]] : tensor<8x!tile.ptr<f32>> -> tensor<8x!tile.ptr<i8>>
// CHECK: tile.ptr_to_int %[[QS]] : tensor<8x!tile.ptr<i8>> -> tensor<8xi64>
func.func @pointer_casts(%a: i64, %as: tensor<8xi64>) -> (i64, tensor<8xi64>) {
  %p = tile.int_to_ptr %a : i64 -> !tile.ptr<f16>
  %0 = tile.ptr_to_int %p : !tile.ptr<f16> -> i64
  %ps = tile.int_to_ptr %as : tensor<8xi64> -> tensor<8x!tile.ptr<f32>>
  %qs = tile.ptr_cast %ps : tensor<8x!tile.ptr<f32>> -> tensor<8x!tile.ptr<i8>>
  %1 = tile.ptr_to_int %qs : tensor<8x!tile.ptr<i8>> -> tensor<8xi64>
  return %0, %1 : i64, tensor<8xi64>
}

// Atomic loads and stores print and parse their ordering, scope and optional mask.
// CHECK-LABEL: func @atomic_load_store
// CHECK: %[[V:.*]] = tile.atomic_load acquire gpu %{{.*}} : !tile.ptr<i32>
// CHECK: %[[XS:.*]] = tile.atomic_load relaxed sys %[[PS:.*]], %[[M:.*]] : tensor<8x!tile.ptr<f32>>
// CHECK: tile.atomic_store release gpu %{{.*}}, %[[V]] : !tile.ptr<i32>
// CHECK: tile.atomic_store relaxed cta %[[PS]], %[[XS]], %[[M]] : tensor<8x!tile.ptr<f32>>
func.func @atomic_load_store(%p: !tile.ptr<i32>, %ps: tensor<8x!tile.ptr<f32>>, %m: tensor<8xi1>) -> tensor<8xf32> {
  %v = tile.atomic_load acquire gpu %p : !tile.ptr<i32>
  %xs = tile.atomic_load relaxed sys %ps, %m : tensor<8x!tile.ptr<f32>>
  tile.atomic_store release gpu %p, %v : !tile.ptr<i32>
  tile.atomic_store relaxed cta %ps, %xs, %m : tensor<8x!tile.ptr<f32>>
  return %xs : tensor<8xf32>
}
