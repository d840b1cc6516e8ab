// RUN: tilec-opt %s --convert-tile-to-vector --split-input-file --verify-diagnostics --allow-unregistered-dialect

// An op on tiles that no pattern knows makes the pass fail, naming the op.
func.func @unknown_tile_op(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'test.unknown'}}
  %r = "test.unknown"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A combiner op that cannot be re-emitted on vectors is reported.
func.func private @combine(f32, f32) -> f32

func.func @unsupported_combiner(%t: tensor<4xf32>) -> f32 {
  // expected-error @+1 {{failed to legalize operation 'tile.reduce'}}
  %r = tile.reduce(%t) axis = 0 : (tensor<4xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{unsupported op 'func.call' in a tile.reduce combiner}}
    %s = func.call @combine(%a, %b) : (f32, f32) -> f32
    tile.yield %s : f32
  }
  return %r : f32
}

// -----

// A scan combiner op that cannot be re-emitted on vectors is reported too.
func.func private @combine_scan(i32, i32) -> i32

func.func @unsupported_scan_combiner(%t: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{failed to legalize operation 'tile.scan'}}
  %r = tile.scan(%t) axis = 0 : (tensor<4xi32>) -> tensor<4xi32> {
  ^bb0(%a: i32, %b: i32):
    // expected-error @+1 {{unsupported op 'func.call' in a tile.scan combiner}}
    %s = func.call @combine_scan(%a, %b) : (i32, i32) -> i32
    tile.yield %s : i32
  }
  return %r : tensor<4xi32>
}
