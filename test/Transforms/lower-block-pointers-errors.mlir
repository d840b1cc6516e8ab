// RUN: tilec-opt %s --split-input-file --tilec-lower-block-pointers --verify-diagnostics

// A checked load of a block of pointers has no padding value to give the lanes outside (the
// frontend has no pointer-to-pointer parameters; this guards hand-written IR).
func.func @pointer_block(%p: !tile.ptr<!tile.ptr<f32>>, %n: i64, %o: i32) -> tensor<4x!tile.ptr<f32>> {
  %bp = tile.make_block_ptr %p, [%n], [%n], [%o] order = [0] : !tile.block_ptr<4x!tile.ptr<f32>>
  // expected-error @+2 {{cannot pad a block of '!tile.ptr<f32>' outside the tensor}}
  // expected-error @+1 {{failed to legalize operation 'tile.block_load'}}
  %x = tile.block_load %bp boundary_check = [0] : !tile.block_ptr<4x!tile.ptr<f32>>
  return %x : tensor<4x!tile.ptr<f32>>
}
