// RUN: not tilec-opt %s --convert-tile-to-llvm=target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tilec-opt %s --convert-tile-to-llvm=target=cpu 2>&1 | FileCheck %s --check-prefix=ORDER

// An unknown target is reported, not guessed.
// TARGET: error: unknown target 'tpu' (expected cpu, nvptx, amdgpu or simt)

// Tile ops other than program identity must be lowered first.
// ORDER: error: tile op must be lowered by convert-tile-to-vector first
func.func @kernel(%a: !tile.ptr<f32>) {
  %r = tile.make_range 0, 4 : tensor<4xi32>
  return
}
