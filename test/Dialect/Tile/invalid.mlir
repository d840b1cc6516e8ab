// RUN: tilec-opt %s --split-input-file --verify-diagnostics

// program_id's axis is 0, 1 or 2.
func.func @bad_axis() -> i32 {
  // expected-error @+1 {{attribute 'axis' failed to satisfy constraint}}
  %0 = tile.program_id 3 : i32
  return %0 : i32
}

// -----

// Ranges must have a power-of-two length.
func.func @range_not_pow2() -> tensor<12xi32> {
  // expected-error @+1 {{range length 12 must be a power of two}}
  %0 = tile.make_range 0, 12 : tensor<12xi32>
  return %0 : tensor<12xi32>
}

// -----

// The range length must match the result size.
func.func @range_size() -> tensor<8xi32> {
  // expected-error @+1 {{result has 8 elements but the range has 16}}
  %0 = tile.make_range 0, 16 : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// Ranges must be increasing.
func.func @range_empty() -> tensor<8xi32> {
  // expected-error @+1 {{end (4) must be greater than start (4)}}
  %0 = tile.make_range 4, 4 : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// Only size-1 dimensions broadcast.
func.func @bad_broadcast(%t: tensor<2x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{cannot broadcast dimension 0 of shape [2, 8] to [4, 8]}}
  %0 = tile.broadcast %t : tensor<2x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Broadcasting keeps the rank.
func.func @broadcast_rank(%t: tensor<8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{source rank 1 differs from result rank 2}}
  %0 = tile.broadcast %t : tensor<8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// expand_dims inserts exactly one size-1 dimension at axis.
func.func @bad_expand(%t: tensor<8xf32>) -> tensor<8x2xf32> {
  // expected-error @+1 {{expected result shape [8, 1], got [8, 2]}}
  %0 = tile.expand_dims %t {axis = 1 : i32} : tensor<8xf32> -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

// expand_dims' axis is at most the rank.
func.func @expand_axis(%t: tensor<8xf32>) -> tensor<8x1xf32> {
  // expected-error @+1 {{axis 3 is out of range for a rank-1 tile}}
  %0 = tile.expand_dims %t {axis = 3 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

// -----

// Reshape preserves the element count.
func.func @bad_reshape(%t: tensor<4x8xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{cannot reshape [4, 8] (32 elements) to [16] (16 elements)}}
  %0 = tile.reshape %t : tensor<4x8xf32> -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// trans needs a permutation.
func.func @bad_perm(%t: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %0 = tile.trans %t {order = array<i32: 1, 1>} : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// trans' result shape follows the order.
func.func @bad_trans_shape(%t: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected result shape [8, 4], got [4, 8]}}
  %0 = tile.trans %t {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Offsets match the pointer tile's shape.
func.func @addptr_shape(%p: tensor<8x!tile.ptr<f32>>, %o: tensor<4xi32>) {
  // expected-error @+1 {{offset shape [4] does not match pointer shape [8]}}
  %0 = tile.addptr %p, %o : tensor<8x!tile.ptr<f32>>, tensor<4xi32>
  return
}

// -----

// A scalar pointer is not offset by a tile.
func.func @addptr_scalar(%p: !tile.ptr<f32>, %o: tensor<4xi32>) {
  // expected-error @+1 {{a scalar pointer cannot be offset by a tile; splat the pointer first}}
  %0 = tile.addptr %p, %o : !tile.ptr<f32>, tensor<4xi32>
  return
}

// -----

// Pointers point to scalars.
// expected-error @+1 {{pointee type must be an integer, float or pointer type, got 'tensor<4xf32>'}}
func.func @bad_pointee(%p: !tile.ptr<tensor<4xf32>>) {
  return
}

// -----

// Reductions stay within the source's rank.
func.func @reduce_axis(%t: tensor<4xf32>) -> f32 {
  // expected-error @+1 {{axis 1 is out of range for a rank-1 tile}}
  %0 = tile.reduce(%t) axis = 1 : (tensor<4xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }
  return %0 : f32
}

// -----

// The combiner takes pairs of scalars.
func.func @reduce_args(%t: tensor<4xf32>) -> f32 {
  // expected-error @+1 {{combiner must take 2 arguments, got 1}}
  %0 = tile.reduce(%t) axis = 0 : (tensor<4xf32>) -> f32 {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return %0 : f32
}

// -----

// A reduction drops the reduced axis from the result.
func.func @reduce_result(%t: tensor<4x8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{result 0 must have type 'tensor<4xf32>', got 'tensor<8xf32>'}}
  %0 = tile.reduce(%t) axis = 1 : (tensor<4x8xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }
  return %0 : tensor<8xf32>
}

// -----

// Scans stay within the source's rank.
func.func @scan_axis(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{axis 1 is out of range for a rank-1 tile}}
  %0 = tile.scan(%t) axis = 1 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// A scan's combiner takes the accumulated and the new value of each source.
func.func @scan_args(%t: tensor<4xf32>, %u: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // expected-error @+1 {{combiner must take 4 arguments, got 2}}
  %0:2 = tile.scan(%t, %u) axis = 0 : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a, %a : f32, f32
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// A scan yields one scalar per source.
func.func @scan_yield(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{combiner must yield 1 values}}
  %0 = tile.scan(%t) axis = 0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a, %b : f32, f32
  }
  return %0 : tensor<4xf32>
}

// -----

// Combiner arguments have the source's element type.
func.func @scan_arg_type(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{combiner arguments for source 0 must have type 'f32'}}
  %0 = tile.scan(%t) axis = 0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: i32, %b: i32):
    %c = arith.sitofp %a : i32 to f32
    tile.yield %c : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// A scan's result has its source's shape.
func.func @scan_result(%t: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result 0 must have type 'tensor<4x8xf32>', got 'tensor<4xf32>'}}
  %0 = tile.scan(%t) axis = 1 : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// Scan sources share one shape.
func.func @scan_shapes(%t: tensor<4xf32>, %u: tensor<8xf32>) -> (tensor<4xf32>, tensor<8xf32>) {
  // expected-error @+1 {{all sources must have the same shape}}
  %0:2 = tile.scan(%t, %u) axis = 0 : (tensor<4xf32>, tensor<8xf32>) -> (tensor<4xf32>, tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    tile.yield %a, %b : f32, f32
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<8xf32>
}

// -----

// join's operands are tiles of rank 1 or more.
func.func @join_scalar(%a: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{joins tiles of rank 1 or more (scalars as 1-element tiles)}}
  %0 = tile.join %a, %a : tensor<f32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// join's result is the operands' shape with a minor 2.
func.func @join_shape(%a: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{expected result shape [4, 2], got [2, 4]}}
  %0 = tile.join %a, %a : tensor<4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// join's operands have one type.
func.func @join_types(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{failed to verify that all of {lhs, rhs} have same type}}
  %0 = "tile.join"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// split needs a last dimension of size 2.
func.func @split_last(%a: tensor<4x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{needs a tile of rank 2 or more whose last dimension has size 2, got [4, 4]}}
  %0:2 = tile.split %a : tensor<4x4xf32> -> tensor<4xf32>
  return %0#0 : tensor<4xf32>
}

// -----

// split of a [2] tile is left to the frontend (reshaped to [1, 2] first).
func.func @split_rank1(%a: tensor<2xf32>) -> tensor<1xf32> {
  // expected-error @+1 {{needs a tile of rank 2 or more whose last dimension has size 2, got [2]}}
  %0:2 = tile.split %a : tensor<2xf32> -> tensor<1xf32>
  return %0#0 : tensor<1xf32>
}

// -----

// split's results drop the last dimension.
func.func @split_shape(%a: tensor<4x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected result shape [4], got [2]}}
  %0:2 = tile.split %a : tensor<4x2xf32> -> tensor<2xf32>
  return %0#0 : tensor<2xf32>
}

// -----

// cat's dim is a dimension of the operands.
func.func @cat_dim(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{dim 1 is out of range for a rank-1 tile}}
  %0 = tile.cat %a, %a dim = 1 : tensor<4xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// cat doubles dimension dim.
func.func @cat_shape(%a: tensor<4x2xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expected result shape [8, 2], got [4, 4]}}
  %0 = tile.cat %a, %a dim = 0 : tensor<4x2xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// flip's dim is a dimension of the tile.
func.func @flip_dim(%a: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{dim 2 is out of range for a rank-2 tile}}
  %0 = tile.flip %a dim = 2 : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// flip needs a power-of-two size along dim.
func.func @flip_size(%a: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{needs a power-of-two size along dim 0, got [3, 2]}}
  %0 = tile.flip %a dim = 0 : tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// A shuffle names one source position per result element.
func.func @shuffle_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{has 3 indices but the result has 4 elements}}
  %0 = tile.shuffle %a, %a [0, 1, 2] : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Shuffle positions index the concatenation of both sources.
func.func @shuffle_range(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{index 4 is out of range for 4 source elements}}
  %0 = tile.shuffle %a, %b [0, 4] : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Shuffle sources and result share one element type.
func.func @shuffle_types(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{failed to verify that all of {lhs, rhs, result} have same element type}}
  %0 = tile.shuffle %a, %b [0, 3] : tensor<2xf32>, tensor<2xi32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Dot operands agree on the reduction dimension.
func.func @dot_k(%a: tensor<4x8xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{reduction dimensions differ: [4, 8] * [4, 4]}}
  %0 = tile.dot %a, %b, %c : tensor<4x8xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// The accumulator has the product's shape.
func.func @dot_acc(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{accumulator shape [4, 8] does not match [4, 8] * [8, 4]}}
  %0 = tile.dot %a, %b, %c : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Float products accumulate in floats.
func.func @dot_types(%a: tensor<4x4xf16>, %c: tensor<4x4xi32>) -> tensor<4x4xi32> {
  // expected-error @+1 {{accumulator type 'i32' is incompatible with operand type 'f16'}}
  %0 = tile.dot %a, %a, %c : tensor<4x4xf16>, tensor<4x4xf16> -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// Only warpgroup MMA dots (a version-3 #tile.mma accumulator) run asynchronously.
func.func @dot_async_not_wgmma(%a: tensor<16x32xf16>, %b: tensor<32x8xf16>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  // expected-error @+1 {{is_async needs a version-3 #tile.mma accumulator (warpgroup MMA), got 'tensor<16x8xf32>'}}
  %0 = tile.dot %a, %b, %c {is_async} : tensor<16x32xf16>, tensor<32x8xf16> -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// tile.dot_wait waits for warpgroup MMA accumulators only.
#mma2 = #tile.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
func.func @dot_wait_not_wgmma(%c: tensor<64x64xf32, #mma2>) -> tensor<64x64xf32, #mma2> {
  // expected-error @+1 {{waits for warpgroup MMA accumulators (a version-3 #tile.mma layout), got 'tensor<64x64xf32, #tile.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>>'}}
  %0 = tile.dot_wait %c pendings = 0 : tensor<64x64xf32, #mma2>
  return %0 : tensor<64x64xf32, #mma2>
}

// -----

// Its pendings count is not negative.
#mma3 = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
func.func @dot_wait_negative(%c: tensor<64x64xf32, #mma3>) -> tensor<64x64xf32, #mma3> {
  // expected-error @+1 {{attribute 'pendings' failed to satisfy constraint}}
  %0 = tile.dot_wait %c pendings = -1 : tensor<64x64xf32, #mma3>
  return %0 : tensor<64x64xf32, #mma3>
}

// -----

// fp8 operands name both formats.
func.func @dot_fp8_one_format(%a: tensor<16x32xi8>, %b: tensor<32x8xi8>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  // expected-error @+1 {{fp8 operands need both a_fp8 and b_fp8}}
  %0 = tile.dot %a, %b, %c {a_fp8 = "fp8e4nv"} : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// fp8 formats are Triton's dtype names.
func.func @dot_fp8_unknown(%a: tensor<16x32xi8>, %b: tensor<32x8xi8>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  // expected-error @+1 {{unknown fp8 format "e4m3" (expected "fp8e5", "fp8e4nv", "fp8e4b15", "fp8e4b8" or "fp8e5b16")}}
  %0 = tile.dot %a, %b, %c {a_fp8 = "fp8e5", b_fp8 = "e4m3"} : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// fp8 operands are bytes.
func.func @dot_fp8_f16(%a: tensor<16x32xf16>, %b: tensor<32x8xf16>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  // expected-error @+1 {{fp8 operands must be i8 tiles, got 'f16'}}
  %0 = tile.dot %a, %b, %c {a_fp8 = "fp8e5", b_fp8 = "fp8e5"} : tensor<16x32xf16>, tensor<32x8xf16> -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// fp8 products accumulate in f32.
func.func @dot_fp8_acc(%a: tensor<16x32xi8>, %b: tensor<32x8xi8>, %c: tensor<16x8xf16>) -> tensor<16x8xf16> {
  // expected-error @+1 {{fp8 operands need an f32 accumulator, got 'f16'}}
  %0 = tile.dot %a, %b, %c {a_fp8 = "fp8e5", b_fp8 = "fp8e4nv"} : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf16>
  return %0 : tensor<16x8xf16>
}

// -----

// input_precision is for f32 operands.
func.func @dot_fp8_precision(%a: tensor<16x32xi8>, %b: tensor<32x8xi8>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  // expected-error @+1 {{input_precision applies to f32 operands, not to fp8 ones}}
  %0 = tile.dot %a, %b, %c {a_fp8 = "fp8e5", b_fp8 = "fp8e5", input_precision = "tf32"} : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// input_precision is one of Triton's values.
func.func @dot_precision(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{input_precision must be one of "ieee", "tf32", "tf32x3", "bf16x3", "bf16x6", got "fast"}}
  %0 = tile.dot %a, %a, %a {input_precision = "fast"} : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// A mask has the pointer tile's shape.
func.func @load_mask(%p: tensor<4x!tile.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @+1 {{failed to verify that mask is a boolean of ptr's shape}}
  %0 = "tile.load"(%p, %m) {operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<4x!tile.ptr<f32>>, tensor<8xi1>) -> tensor<4xf32>
  return
}

// -----

// Stored values have the pointee type.
func.func @store_type(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf16>) {
  // expected-error @+1 {{failed to verify that value is the pointee of ptr}}
  "tile.store"(%p, %v) : (tensor<4x!tile.ptr<f32>>, tensor<4xf16>) -> ()
  return
}

// -----

// Integer atomics need integer elements.
func.func @atomic_int_kind_on_float(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'add' needs integer elements, got 'f32'}}
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<f32>
  return
}

// -----

// Float atomics need float elements.
func.func @atomic_float_kind_on_int(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'fadd' needs floating-point elements, got 'i32'}}
  %0 = tile.atomic_rmw fadd acq_rel gpu %p, %v : !tile.ptr<i32>
  return
}

// -----

// Float max/min work on 32- or 64-bit floats only.
func.func @atomic_fmax_f16(%p: !tile.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'fmax' needs 32- or 64-bit floats, got 'f16'}}
  %0 = tile.atomic_rmw fmax acq_rel gpu %p, %v : !tile.ptr<f16>
  return
}

// -----

// Integer atomics are 32 or 64 bits wide.
func.func @atomic_i16(%p: !tile.ptr<i16>, %v: i16) {
  // expected-error @+1 {{needs 32- or 64-bit integers or 16- to 64-bit floats, got 'i16'}}
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<i16>
  return
}

// -----

// The value of an atomic has the pointee type.
func.func @atomic_value_type(%p: !tile.ptr<i32>, %v: i64) {
  // expected-error @+1 {{failed to verify that value is the pointee of ptr}}
  %0 = "tile.atomic_rmw"(%p, %v) {kind = 0 : i32, sem = 3 : i32, scope = 0 : i32} : (!tile.ptr<i32>, i64) -> i32
  return
}

// -----

// Compare-and-swap works on 16-, 32- and 64-bit elements.
func.func @atomic_cas_i8(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{elements must be 16, 32 or 64 bits wide, got 'i8'}}
  %0 = tile.atomic_cas acq_rel gpu %p, %v, %v : !tile.ptr<i8>
  return
}

// -----

// A gather's index has the source's rank.
func.func @gather_rank(%src: tensor<4x8xf32>, %idx: tensor<32xi32>) {
  // expected-error @+1 {{index rank 1 differs from source rank 2}}
  %0 = tile.gather %src[%idx] {axis = 1 : i32} : tensor<4x8xf32>, tensor<32xi32> -> tensor<32xf32>
  return
}

// -----

// A gather's axis is one of the source's dimensions.
func.func @gather_axis(%src: tensor<4x8xf32>, %idx: tensor<4x8xi32>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = tile.gather %src[%idx] {axis = 2 : i32} : tensor<4x8xf32>, tensor<4x8xi32> -> tensor<4x8xf32>
  return
}

// -----

// Outside the axis, index and source shapes agree.
func.func @gather_shape(%src: tensor<4x8xf32>, %idx: tensor<2x8xi32>) {
  // expected-error @+1 {{index shape [2, 8] differs from source shape [4, 8] outside axis 1}}
  %0 = tile.gather %src[%idx] {axis = 1 : i32} : tensor<4x8xf32>, tensor<2x8xi32> -> tensor<2x8xf32>
  return
}

// -----

// The result has the index's shape and the source's element type.
func.func @gather_result(%src: tensor<4x8xf32>, %idx: tensor<4x2xi32>) {
  // expected-error @+1 {{result type 'tensor<4x2xf16>' must have the index's shape and the source's element type}}
  %0 = tile.gather %src[%idx] {axis = 1 : i32} : tensor<4x8xf32>, tensor<4x2xi32> -> tensor<4x2xf16>
  return
}

// -----

// tile.print needs one is_signed entry per value.
func.func @print_signedness(%x: tensor<4xi32>) {
  // expected-error @+1 {{has 1 values but 2 is_signed entries}}
  tile.print " x: " %x : tensor<4xi32> {hex = false, is_signed = array<i1: true, false>}
  return
}

// -----

// tile.print needs one shape per value once shapes are recorded.
func.func @print_shapes(%x: vector<4xi32>) {
  // expected-error @+1 {{has 1 values but 0 shapes}}
  tile.print " x: " %x : vector<4xi32> {hex = false, is_signed = array<i1: true>, shapes = []}
  return
}

// -----

// Recorded tile.print shapes are i64 arrays.
func.func @print_shape_kind(%x: vector<4xi32>) {
  // expected-error @+1 {{shapes must be i64 arrays}}
  tile.print " x: " %x : vector<4xi32> {hex = false, is_signed = array<i1: true>, shapes = [4]}
  return
}

// -----

// A store is either always streaming or streaming from a grid size, not both.
func.func @store_stream_both(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'stream_min_programs' conflicts with 'nontemporal'}}
  tile.store %p, %v {nontemporal, stream_min_programs = 8 : i64} : tensor<4x!tile.ptr<f32>>
  return
}

// -----

// A streaming store's minimum program count is positive.
func.func @store_stream_zero(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'stream_min_programs' must be at least 1, got 0}}
  tile.store %p, %v {stream_min_programs = 0 : i64} : tensor<4x!tile.ptr<f32>>
  return
}

// -----

// A store kept cached cannot also stream.
func.func @store_evict_last_streaming(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'evict_last' (keep cached) conflicts with streaming}}
  tile.store %p, %v {evict_last, stream_min_programs = 8 : i64} : tensor<4x!tile.ptr<f32>>
  return
}

// -----

// A layout conversion keeps the shape.
#b = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @convert_layout_shape(%x: tensor<64xf32, #b>) -> tensor<32xf32, #b> {
  // expected-error @+1 {{source shape [64] differs from result shape [32]}}
  %0 = tile.convert_layout %x : tensor<64xf32, #b> -> tensor<32xf32, #b>
  return %0 : tensor<32xf32, #b>
}

// -----

// Blocked encodings have one entry per dimension in every list.
// expected-error @+1 {{blocked encoding needs one sizePerThread, threadsPerWarp and warpsPerCTA entry per dimension of order}}
func.func @blocked_ranks(%x: tensor<64xf32, #tile.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) {
  return
}

// -----

// Blocked sizes are powers of two.
// expected-error @+1 {{blocked encoding sizes must be powers of two, got 3}}
func.func @blocked_pow2(%x: tensor<64xf32, #tile.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) {
  return
}

// -----

// order is a permutation of the dimensions.
// expected-error @+1 {{order must be a permutation of [0, 2)}}
func.func @blocked_order(%x: tensor<4x64xf32, #tile.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 1]}>>) {
  return
}

// -----

#b2 = #tile.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// A slice removes one of its parent's dimensions.
// expected-error @+1 {{slice dim 2 is out of range for a rank-2 parent}}
func.func @slice_dim(%x: tensor<64xf32, #tile.slice<{dim = 2, parent = #b2}>>) {
  return
}

// -----

// The MMA accumulator layout describes mma.sync (version 2) and wgmma (version 3).
// expected-error @+1 {{mma encoding supports versions 2 (mma.sync) and 3 (wgmma), got 1}}
func.func @mma_version(%x: tensor<16x16xf32, #tile.mma<version = 1, warpsPerCTA = [2, 2], instrShape = [16, 8]>>) {
  return
}

// -----

// A wgmma accumulator puts the four warps of each warpgroup along M.
// expected-error @+1 {{mma version 3 needs warpsPerCTA = [4k, n] (a warpgroup's four warps along M), got [2, 2]}}
func.func @mma_v3_warps(%x: tensor<64x64xf32, #tile.mma<version = 3, warpsPerCTA = [2, 2], instrShape = [16, 8]>>) {
  return
}

// -----

// MMA warps are laid out over M and N only.
// expected-error @+1 {{mma encoding needs 2 warpsPerCTA entries (M, N), got 3}}
func.func @mma_rank(%x: tensor<16x16xf32, #tile.mma<version = 2, warpsPerCTA = [2, 2, 1], instrShape = [16, 8]>>) {
  return
}

// -----

// MMA warp counts are powers of two.
// expected-error @+1 {{mma warpsPerCTA must be powers of two, got 3}}
func.func @mma_warps_pow2(%x: tensor<16x16xf32, #tile.mma<version = 2, warpsPerCTA = [3, 1], instrShape = [16, 8]>>) {
  return
}

// -----

// The accumulator blocks are those of m16n8k16.
// expected-error @+1 {{mma version 2 needs instrShape = [16, 8]}}
func.func @mma_instr(%x: tensor<16x16xf32, #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 16]>>) {
  return
}

// -----

// MMA tiles have powers of two (smaller ones than a 16x8 block wrap).
// expected-error @+1 {{mma encoding needs a tile of powers of two, got 24x8}}
func.func @mma_shape(%x: tensor<24x8xf32, #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>>) {
  return
}

// -----

// An MMA tile is a matrix.
// expected-error @+1 {{mma encoding needs a rank-2 tile, got rank 1}}
func.func @mma_tile_rank(%x: tensor<16xf32, #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>>) {
  return
}

// -----

#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// A dot operand is A (0) or B (1).
// expected-error @+1 {{dot_operand opIdx must be 0 (A) or 1 (B), got 2}}
func.func @dot_operand_idx(%x: tensor<16x16xf16, #tile.dot_operand<opIdx = 2, parent = #mma, kWidth = 2>>) {
  return
}

// -----

#b = #tile.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// Dot operands are the fragments of an MMA accumulator's instruction.
// expected-error @+1 {{dot_operand parent must be an mma or mfma encoding}}
func.func @dot_operand_parent(%x: tensor<16x16xf16, #tile.dot_operand<opIdx = 0, parent = #b, kWidth = 2>>) {
  return
}

// -----

#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// mma.sync registers hold 1 (tf32), 2 (16-bit) or 4 (s8) K elements.
// expected-error @+1 {{dot_operand kWidth must be 1 (tf32, m16n8k8), 2 (16-bit, m16n8k16) or 4 (s8, m16n8k32) under an mma parent, got 3}}
func.func @dot_operand_kwidth(%x: tensor<16x16xf16, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 3>>) {
  return
}

// -----

#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// Operand A holds at least one 16x16 (M x K) block.
// expected-error @+1 {{dot_operand A needs a tile of powers of two, at least 16x16, got 16x8}}
func.func @dot_operand_a_shape(%x: tensor<16x8xf16, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>>) {
  return
}

// -----

#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// Operand B holds at least one 16x8 (K x N) block.
// expected-error @+1 {{dot_operand B needs a tile of powers of two, at least 16x8, got 8x8}}
func.func @dot_operand_b_shape(%x: tensor<8x8xf16, #tile.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>>) {
  return
}

// -----

#mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// A slice of a dot operand is not a layout.
// expected-error @+1 {{slice parent must be a blocked, mma, mfma or slice encoding}}
func.func @slice_of_dot_operand(%x: tensor<16xf16, #tile.slice<{dim = 1, parent = #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>}>>) {
  return
}

// -----

// A buffer allocates stages of 2-D tiles.
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @alloc_rank() {
  // expected-error @+1 {{allocates stages of 2-D tiles (a rank-3 buffer), got rank 2}}
  %b = tile.local_alloc : !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

// NVIDIA's swizzles are 32, 64 or 128 bytes wide.
func.func @shared_swizzle_width() {
  // expected-error @+2 {{shared swizzleBytes must be 32, 64 or 128, got 16}}
  // expected-error @+1 {{failed to parse Tile_MemDescType parameter 'encoding'}}
  %b = tile.local_alloc : !tile.memdesc<2x64x32xf16, #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 16, order = [1, 0]}>>
  return
}

// -----

// A swizzled buffer is row-major, without padding or the vec/phase swizzle.
func.func @shared_swizzle_pad() {
  // expected-error @+2 {{shared swizzleBytes needs vec = perPhase = maxPhase = 1, no pad and a 2-D order}}
  // expected-error @+1 {{failed to parse Tile_MemDescType parameter 'encoding'}}
  %b = tile.local_alloc : !tile.memdesc<2x64x32xf16, #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 64, order = [1, 0], pad = 8}>>
  return
}

// -----

// Buffers need a #tile.shared encoding.
#blocked = #tile.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
func.func @memdesc_encoding() {
  // expected-error @+1 {{shared-memory buffers need a #tile.shared encoding}}
  %b = tile.local_alloc : !tile.memdesc<2x64x32xf16, #blocked>
  return
}

// -----

// Buffers hold integers or floats of 8 bits or more.
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @memdesc_i1() {
  // expected-error @+1 {{shared-memory buffers hold integers or floats of 8 bits or more, got 'i1'}}
  %b = tile.local_alloc : !tile.memdesc<2x64x32xi1, #shared>
  return
}

// -----

// memdesc_index drops the first dimension and keeps the rest.
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @index_shape(%i: i32) {
  %b = tile.local_alloc : !tile.memdesc<2x64x32xf16, #shared>
  // expected-error @+1 {{result must be the source without its first dimension}}
  %s = tile.memdesc_index %b[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<32x32xf16, #shared>
  return
}

// -----

// async_copy's pointers match the buffer's shape and element width (it moves bytes).
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @copy_type(%p: tensor<64x32x!tile.ptr<f32>>, %i: i32) {
  %b = tile.local_alloc : !tile.memdesc<2x64x32xf16, #shared>
  %s = tile.memdesc_index %b[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  // expected-error @+1 {{copies 'f32' elements into a buffer of 'f16', whose elements have a different bit width}}
  tile.async_copy %p, %s : tensor<64x32x!tile.ptr<f32>>, !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

// Integer bits into a float buffer of another width: i8 into bf16.
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @copy_width(%p: tensor<64x32x!tile.ptr<i8>>, %i: i32) {
  %b = tile.local_alloc : !tile.memdesc<2x64x32xbf16, #shared>
  %s = tile.memdesc_index %b[%i] : !tile.memdesc<2x64x32xbf16, #shared> -> !tile.memdesc<64x32xbf16, #shared>
  // expected-error @+1 {{copies 'i8' elements into a buffer of 'bf16', whose elements have a different bit width}}
  tile.async_copy %p, %s : tensor<64x32x!tile.ptr<i8>>, !tile.memdesc<64x32xbf16, #shared>
  return
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @copy_shape(%p: tensor<32x32x!tile.ptr<f16>>, %i: i32) {
  %b = tile.local_alloc : !tile.memdesc<2x64x32xf16, #shared>
  %s = tile.memdesc_index %b[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  // expected-error @+1 {{pointer tile shape [32, 32] differs from the buffer's [64, 32]}}
  tile.async_copy %p, %s : tensor<32x32x!tile.ptr<f16>>, !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

// async_wait waits for a non-negative number of pending groups.
func.func @wait_negative() {
  // expected-error @+1 {{attribute 'pending' failed to satisfy constraint}}
  tile.async_wait pending = -1
  return
}

// -----

// local_load reads the buffer's shape and element type.
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @local_load_type(%i: i32) -> tensor<64x32xf32> {
  %b = tile.local_alloc : !tile.memdesc<2x64x32xf16, #shared>
  %s = tile.memdesc_index %b[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  // expected-error @+1 {{does not match the buffer}}
  %v = tile.local_load %s : !tile.memdesc<64x32xf16, #shared> -> tensor<64x32xf32>
  return %v : tensor<64x32xf32>
}

// -----

// local_store writes a tile of the buffer's shape and element type.
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @local_store_shape(%i: i32, %v: tensor<32x32xf16>) {
  %b = tile.local_alloc : !tile.memdesc<2x64x32xf16, #shared>
  %s = tile.memdesc_index %b[%i] : !tile.memdesc<2x64x32xf16, #shared> -> !tile.memdesc<64x32xf16, #shared>
  // expected-error @+1 {{does not match the buffer}}
  tile.local_store %v, %s : tensor<32x32xf16>, !tile.memdesc<64x32xf16, #shared>
  return
}

// -----

// A hint has one entry per dimension.
func.func @hint_rank(%x: tensor<4x8xi32>) -> tensor<4x8xi32> {
  // expected-error @+1 {{divisibility has 1 entries; 'tensor<4x8xi32>' needs 2}}
  %0 = tile.hint %x divisibility [16] : tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

// Hints promise properties of integers and pointers only.
func.func @hint_float(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expects integers or pointers (a scalar or a tile), got 'tensor<8xf32>'}}
  %0 = tile.hint %x contiguity [8] : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A hint promises something.
func.func @hint_empty(%x: i32) -> i32 {
  // expected-error @+1 {{expects at least one of divisibility, contiguity and constancy}}
  %0 = tile.hint %x : i32
  return %0 : i32
}

// -----

// Hint entries are positive.
func.func @hint_zero(%x: tensor<8xi32>) -> tensor<8xi32> {
  // expected-error @+1 {{contiguity entries must be at least 1}}
  %0 = tile.hint %x contiguity [0] : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// A histogram counts a 1-D input.
func.func @histogram_rank(%x: tensor<4x8xi32>) {
  // expected-error @+1 {{input must be a 1-D tile, got 'tensor<4x8xi32>'}}
  %0 = tile.histogram %x : tensor<4x8xi32> -> tensor<8xi32>
  return
}

// -----

// A histogram counts integers (i8 to i64), not floats.
func.func @histogram_float(%x: tensor<8xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer values}}
  %0 = tile.histogram %x : tensor<8xf32> -> tensor<8xi32>
  return
}

// -----

// Booleans are not counted directly (the frontend widens them to i32).
func.func @histogram_bool(%x: tensor<8xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 8-bit signless integer}}
  %0 = tile.histogram %x : tensor<8xi1> -> tensor<2xi32>
  return
}

// -----

// The mask has the input's shape.
func.func @histogram_mask_shape(%x: tensor<8xi32>, %m: tensor<16xi1>) {
  // expected-error @+1 {{mask shape [16] differs from the input's [8]}}
  %0 = tile.histogram %x, %m : tensor<8xi32>, tensor<16xi1> -> tensor<8xi32>
  return
}

// -----

#flat = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#wide = #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// The mask has the input's layout.
func.func @histogram_mask_layout(%x: tensor<128xi32, #flat>, %m: tensor<128xi1, #wide>) {
  // expected-error @+1 {{mask layout differs from the input's}}
  %0 = tile.histogram %x, %m : tensor<128xi32, #flat>, tensor<128xi1, #wide> -> tensor<8xi32, #flat>
  return
}

// -----

// The counts are a 1-D tile, one element per bin.
func.func @histogram_result_rank(%x: tensor<8xi32>) {
  // expected-error @+1 {{result must be a 1-D tile of bins, got 'tensor<2x4xi32>'}}
  %0 = tile.histogram %x : tensor<8xi32> -> tensor<2x4xi32>
  return
}

// -----

// The number of bins is a power of two.
func.func @histogram_bins(%x: tensor<8xi32>) {
  // expected-error @+1 {{number of bins 12 must be a power of two}}
  %0 = tile.histogram %x : tensor<8xi32> -> tensor<12xi32>
  return
}

// -----

// The counts are i32.
func.func @histogram_counts(%x: tensor<8xi32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 32-bit signless integer values}}
  %0 = tile.histogram %x : tensor<8xi32> -> tensor<8xi64>
  return
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// Tiles have distributed layouts (shared layouts are for buffers).
func.func @histogram_shared(%x: tensor<8xi32, #shared>) {
  // expected-error @+1 {{expects distributed (blocked, slice, mma, dot_operand) encodings}}
  %0 = tile.histogram %x : tensor<8xi32, #shared> -> tensor<8xi32>
  return
}

// -----

// A sort needs a dimension to sort.
func.func @sort_rank0(%x: tensor<f32>) {
  // expected-error @+1 {{input must have at least one dimension, got 'tensor<f32>'}}
  %0 = tile.sort %x descending = false : tensor<f32>
  return
}

// -----

// The sorted (last) dimension is a power of two, as Triton's bitonic network needs.
func.func @sort_not_pow2(%x: tensor<4x6xi32>) {
  // expected-error @+1 {{sorted (last) dimension must be a power of two, got [4, 6]}}
  %0 = tile.sort %x descending = true : tensor<4x6xi32>
  return
}

// -----

// Only integers compare as unsigned.
func.func @sort_unsigned_float(%x: tensor<8xf32>) {
  // expected-error @+1 {{'unsigned' needs integer elements, got 'f32'}}
  %0 = tile.sort %x descending = false unsigned : tensor<8xf32>
  return
}

// -----

// The result has the input's type.
func.func @sort_result_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{all of {input, result} have same type}}
  %0 = "tile.sort"(%x) {descending = false} : (tensor<8xf32>) -> tensor<8xf16>
  return
}

// -----

// Pointers have no order to sort by.
func.func @sort_pointers(%x: tensor<8x!tile.ptr<f32>>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = tile.sort %x descending = false : tensor<8x!tile.ptr<f32>>
  return
}

// -----

// descending is a bool.
func.func @sort_descending_attr(%x: tensor<8xf32>) {
  // expected-error @+1 {{attribute 'descending' failed to satisfy constraint: bool attribute}}
  %0 = "tile.sort"(%x) {descending = 1 : i32} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

// Block pointers name blocks of power-of-two dimensions.
// expected-error @+1 {{a block pointer block dimensions must be powers of two}}
func.func @block_ptr_not_pow2(%b: !tile.block_ptr<12xf32>) {
  return
}

// -----

// A block pointer has rank 1 at least.
// expected-error @+1 {{a block pointer needs a block of rank 1 at least}}
func.func @block_ptr_rank0(%b: !tile.block_ptr<f32>) {
  return
}

// -----

// A block pointer's elements are what a pointer can point to.
// expected-error @+1 {{pointee type must be an integer, float or pointer type, got 'index'}}
func.func @block_ptr_index(%b: !tile.block_ptr<4xindex>) {
  return
}

// -----

// make_block_ptr takes one size, stride and offset per dimension.
func.func @make_block_ptr_rank(%p: !tile.ptr<f32>, %n: i64, %o: i32) {
  // expected-error @+1 {{expects 2 sizes (one per block dimension), got 1}}
  %bp = tile.make_block_ptr %p, [%n], [%n], [%o] order = [0] : !tile.block_ptr<4x4xf32>
  return
}

// -----

// order is a permutation of the block's dimensions.
func.func @make_block_ptr_order(%p: !tile.ptr<f32>, %n: i64, %o: i32) {
  // expected-error @+1 {{order must be a permutation of the 2 block dimensions, got [1, 1]}}
  %bp = tile.make_block_ptr %p, [%n, %n], [%n, %n], [%o, %o] order = [1, 1] : !tile.block_ptr<4x4xf32>
  return
}

// -----

// The base points to the block's elements.
func.func @make_block_ptr_base(%p: !tile.ptr<f16>, %n: i64, %o: i32) {
  // expected-error @+1 {{failed to verify that base points to the block's elements}}
  %bp = "tile.make_block_ptr"(%p, %n, %n, %o) {order = array<i32: 0>} : (!tile.ptr<f16>, i64, i64, i32) -> !tile.block_ptr<4xf32>
  return
}

// -----

// Offsets are i32, as Triton's.
func.func @make_block_ptr_i64_offsets(%p: !tile.ptr<f32>, %n: i64) {
  // expected-error @+1 {{operand #3 must be variadic of 32-bit signless integer}}
  %bp = "tile.make_block_ptr"(%p, %n, %n, %n) {order = array<i32: 0>} : (!tile.ptr<f32>, i64, i64, i64) -> !tile.block_ptr<4xf32>
  return
}

// -----

// advance moves every dimension.
func.func @advance_rank(%b: !tile.block_ptr<4x4xf32>, %o: i32) {
  // expected-error @+1 {{expects 2 offsets (one per block dimension), got 1}}
  %0 = tile.advance %b, [%o] : !tile.block_ptr<4x4xf32>
  return
}

// -----

// boundary_check names dimensions of the block.
func.func @block_load_check_range(%b: !tile.block_ptr<4x4xf32>) {
  // expected-error @+1 {{boundary_check dimension 2 is out of range for a block of rank 2}}
  %0 = tile.block_load %b boundary_check = [0, 2] : !tile.block_ptr<4x4xf32>
  return
}

// -----

// boundary_check lists each dimension once, in increasing order.
func.func @block_store_check_order(%b: !tile.block_ptr<4x4xf32>, %v: tensor<4x4xf32>) {
  // expected-error @+1 {{boundary_check dimensions must be increasing, got [1, 0]}}
  tile.block_store %b, %v boundary_check = [1, 0] : !tile.block_ptr<4x4xf32>
  return
}

// -----

// NaN padding needs float elements.
func.func @block_load_nan_int(%b: !tile.block_ptr<4xi32>) {
  // expected-error @+1 {{padding nan needs float elements, got 'i32'}}
  %0 = tile.block_load %b boundary_check = [0] padding = nan : !tile.block_ptr<4xi32>
  return
}

// -----

// A block load gives the block's tile.
func.func @block_load_type(%b: !tile.block_ptr<4xf32>) {
  // expected-error @+1 {{failed to verify that result is the block's tile}}
  %0 = "tile.block_load"(%b) : (!tile.block_ptr<4xf32>) -> tensor<8xf32>
  return
}

// -----

// A block store writes a tile of the block's shape.
func.func @block_store_type(%b: !tile.block_ptr<4xf32>, %v: tensor<4xf16>) {
  // expected-error @+1 {{failed to verify that value is the block's tile}}
  "tile.block_store"(%b, %v) : (!tile.block_ptr<4xf32>, tensor<4xf16>) -> ()
  return
}

// -----

// Tensor descriptors have at most 5 dimensions.
// expected-error @+1 {{a tensor descriptor has 1 to 5 dimensions, got 6}}
func.func @desc_rank6(%d: !tile.tensor_desc<1x1x1x1x1x4xf32>) {
  return
}

// -----

// NaN padding needs float elements.
// expected-error @+1 {{padding nan needs float elements, got 'i32'}}
func.func @desc_nan_int(%d: !tile.tensor_desc<8xi32, nan>) {
  return
}

// -----

// A descriptor block holds at least 16 bytes in its last dimension.
func.func @desc_16_bytes(%p: !tile.ptr<f32>, %n: i64) {
  // expected-error @+1 {{descriptor block shape must have at least 16 bytes in the last dimension, got 8}}
  %d = tile.make_tensor_descriptor %p, [%n, %n], [%n, %n] : !tile.tensor_desc<8x2xf32>
  return
}

// -----

// make_tensor_descriptor takes one size and stride per dimension.
func.func @desc_sizes(%p: !tile.ptr<f32>, %n: i64) {
  // expected-error @+1 {{expects 2 sizes (one per block dimension), got 1}}
  %d = tile.make_tensor_descriptor %p, [%n], [%n] : !tile.tensor_desc<8x8xf32>
  return
}

// -----

// A descriptor access has one offset per dimension.
func.func @desc_load_offsets(%d: !tile.tensor_desc<8x8xf32>, %o: i32) {
  // expected-error @+1 {{expects 2 offsets (one per block dimension), got 1}}
  %0 = tile.descriptor_load %d[%o] : !tile.tensor_desc<8x8xf32>
  return
}

// -----

// A descriptor store writes a tile of the block's type.
func.func @desc_store_type(%d: !tile.tensor_desc<8xf32>, %o: i32, %v: tensor<8xi32>) {
  // expected-error @+1 {{failed to verify that value is the descriptor's block}}
  "tile.descriptor_store"(%d, %o, %v) : (!tile.tensor_desc<8xf32>, i32, tensor<8xi32>) -> ()
  return
}

// -----

// Descriptor reductions have no exchange.
func.func @desc_atomic_xchg(%d: !tile.tensor_desc<8xi32>, %o: i32, %v: tensor<8xi32>) {
  // expected-error @+1 {{'xchg' is not a descriptor reduction}}
  tile.descriptor_atomic xchg %d[%o], %v : !tile.tensor_desc<8xi32>
  return
}

// -----

// Integer reductions need integer elements.
func.func @desc_atomic_float_max(%d: !tile.tensor_desc<8xf32>, %o: i32, %v: tensor<8xf32>) {
  // expected-error @+1 {{'max' needs integer elements, got 'f32'}}
  tile.descriptor_atomic max %d[%o], %v : !tile.tensor_desc<8xf32>
  return
}

// -----

// A barrier is not part of a combiner, which runs per pair of elements.
func.func @barrier_in_combiner(%x: tensor<8xf32>) -> f32 {
  %0 = tile.reduce(%x) axis = 0 : (tensor<8xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{cannot be inside a reduce or scan combiner}}
    tile.barrier
    %r = arith.addf %a, %b : f32
    tile.yield %r : f32
  }
  return %0 : f32
}

// -----

// A descriptor-block mark names one size, stride and offset per dimension.
func.func @descriptor_block_rank(%x: tensor<8x16xf32>, %p: !tile.ptr<f32>, %n: i64, %o: i32) -> tensor<8x16xf32> {
  // expected-error @+1 {{needs one size, stride and offset per dimension of the 2-D block, got 1, 1 and 1}}
  %b = tile.descriptor_block %x of %p[%n] [%n] at [%o] : tensor<8x16xf32>, !tile.ptr<f32>
  return %b : tensor<8x16xf32>
}

// -----

// The mark's base points to the block's elements.
func.func @descriptor_block_base(%x: tensor<8x16xf32>, %p: !tile.ptr<f16>, %n: i64, %o: i32) -> tensor<8x16xf32> {
  // expected-error @+1 {{base points to 'f16', not the block's 'f32'}}
  %b = tile.descriptor_block %x of %p[%n, %n] [%n, %n] at [%o, %o] : tensor<8x16xf32>, !tile.ptr<f16>
  return %b : tensor<8x16xf32>
}

// -----

// A swizzled tensor map's box rows span the swizzle exactly.
// expected-error @+1 {{a box row of 64 bytes: it must be a multiple of 16 bytes, and the swizzle's span when swizzled (swizzle = 128)}}
func.func private @map_row(!tile.tensor_map<64x32xf16, swizzle = 128>)

// -----

// Boxes have at most 256 elements per dimension.
// expected-error @+1 {{a tensor map's box has 2 dimensions of 1 to 256 elements}}
func.func private @map_box(!tile.tensor_map<512x64xf16, swizzle = 128>)

// -----

// The swizzle is one of the engine's modes.
// expected-error @+1 {{swizzle is 0, 32, 64 or 128 bytes, got 16}}
func.func private @map_swizzle(!tile.tensor_map<64x8xf16, swizzle = 16>)

// -----

// The engine fills with NaN only f16, bf16 and f32 elements.
// expected-error @+1 {{a tensor map fills with NaN f16, bf16 or f32 elements only, got 'f64'}}
func.func private @map_nan(!tile.tensor_map<64x16xf64, swizzle = 128, nan>)

// -----

// A tensor map describes a 2-D tensor.
func.func @map_rank(%p: !tile.ptr<f16>, %n: i64) {
  // expected-error @+1 {{describes a 2-D tensor: 2 sizes and 2 strides, got 1 and 1}}
  %m = tile.make_tensor_map %p, [%n], [%n] : !tile.ptr<f16> -> !tile.tensor_map<128x64xf16, swizzle = 128>
  return
}

// -----

// A copy fills a tile of the map's rows and swizzle with whole boxes.
#sw64 = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 64, order = [1, 0]}>
#plain = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @tma_dst(%m: !tile.tensor_map<128x64xf16, swizzle = 128>, %d: !tile.memdesc<128x64xf16, #sw64>,
                   %b: !tile.memdesc<1x1xi64, #plain>, %o: i32, %in: i1) {
  // expected-error @+1 {{copies boxes of '!tile.tensor_map<128x64xf16, swizzle = 128>' side by side into a row-major, unpadded tile of as many rows, whole boxes of columns and the same swizzle and element width}}
  tile.async_tma_load %m[%o, %o] into %d, %b, %in : !tile.tensor_map<128x64xf16, swizzle = 128>, !tile.memdesc<128x64xf16, #sw64>, !tile.memdesc<1x1xi64, #plain>
  return
}

// -----

// An mbarrier is a 1x1 i64 shared-memory tile.
#plain = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
func.func @mbarrier_type(%b: !tile.memdesc<2x1xi64, #plain>, %p: i32) {
  // expected-error @+1 {{barrier must be a 1x1 i64 shared-memory tile, got '!tile.memdesc<2x1xi64, #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>'}}
  tile.mbarrier_wait %b, %p : !tile.memdesc<2x1xi64, #plain>
  return
}

// -----

// A mapped body takes `pack` scalars of each source.
func.func @map_args(%t: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{body must take 2 arguments (pack 2 x 1 sources), got 1}}
  %0 = tile.map_elementwise(%t) pack = 2 : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32):
    tile.yield %a, %a : f32, f32
  }
  return %0 : tensor<8xf32>
}

// -----

// Mapped sources share one shape.
func.func @map_shapes(%t: tensor<8xf32>, %u: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{all sources must have the same shape and layout}}
  %0 = tile.map_elementwise(%t, %u) pack = 1 : (tensor<8xf32>, tensor<4xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }
  return %0 : tensor<8xf32>
}

// -----

// A mapped body yields `pack` scalars of each result, of the result's element type.
func.func @map_yield_type(%t: tensor<8xf32>) -> tensor<8xi32> {
  // expected-error @+1 {{body must yield 'i32' for element 0 of result 0}}
  %0 = tile.map_elementwise(%t) pack = 1 : (tensor<8xf32>) -> tensor<8xi32> {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return %0 : tensor<8xi32>
}

// -----

// A mapped body yields a value per result and packed element.
func.func @map_yield_count(%t: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{body must yield 2 values (pack 2 x 1 results)}}
  %0 = tile.map_elementwise(%t) pack = 2 : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }
  return %0 : tensor<8xf32>
}

// -----

// Results keep the sources' shape.
func.func @map_result_shape(%t: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result 0 must have the sources' shape and layout}}
  %0 = tile.map_elementwise(%t) pack = 1 : (tensor<8xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return %0 : tensor<4xf32>
}

// -----

// pack is positive.
func.func @map_pack(%t: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{attribute 'pack' failed to satisfy constraint}}
  %0 = tile.map_elementwise(%t) pack = 0 : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0:
    tile.yield
  }
  return %0 : tensor<8xf32>
}

// -----

// Only 64-bit integers become pointers.
func.func @int_to_ptr_i32(%a: i32) {
  // expected-error @+1 {{operand #0 must be 64-bit signless integer or ranked tensor of 64-bit signless integer values}}
  %0 = tile.int_to_ptr %a : i32 -> !tile.ptr<f32>
  return
}

// -----

// A pointer cast keeps the shape.
func.func @ptr_cast_shape(%p: tensor<8x!tile.ptr<f32>>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tile.ptr_cast %p : tensor<8x!tile.ptr<f32>> -> tensor<4x!tile.ptr<i32>>
  return
}

// -----

// A pointer cast keeps the layout.
#l1 = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#l2 = #tile.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @ptr_to_int_layout(%p: tensor<256x!tile.ptr<f32>, #l1>) {
  // expected-error @+1 {{result layout differs from the operand's}}
  %0 = tile.ptr_to_int %p : tensor<256x!tile.ptr<f32>, #l1> -> tensor<256xi64, #l2>
  return
}

// -----

// An atomic load acquires or is relaxed.
func.func @atomic_load_release(%p: !tile.ptr<i32>) {
  // expected-error @+1 {{orders as acquire or relaxed, got release}}
  %0 = tile.atomic_load release gpu %p : !tile.ptr<i32>
  return
}

// -----

// An atomic store releases or is relaxed.
func.func @atomic_store_acq_rel(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{orders as release or relaxed, got acq_rel}}
  tile.atomic_store acq_rel gpu %p, %v : !tile.ptr<i32>
  return
}
