// tilec-assign-layouts converts an upcast fp8 dot operand to its dot-operand layout as bytes and decodes it after that shared-memory read.
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=nvptx arch=sm_80" --canonicalize --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_80" | FileCheck %s
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=nvptx arch=sm_80" --canonicalize --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_80" --tilec-pipeline-loops=num-stages=3 | FileCheck %s --check-prefix=ASYNC
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=amdgpu arch=gfx942 threads-per-warp=64" --canonicalize --tilec-assign-layouts="num-warps=4 target=amdgpu arch=gfx942 threads-per-warp=64" --tilec-pipeline-loops="num-stages=2 async-copies=false shared-memory-limit=65536" | FileCheck %s --check-prefix=LDS
// RUN: tilec-opt %s --tilec-upcast-fp8-dots="target=nvptx arch=sm_90a" --canonicalize --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_90a" | FileCheck %s --check-prefix=WGMMA

// sm_80 has no fp8 mma.sync: tilec-upcast-fp8-dots decodes the bytes to f16. The loads, read only
// through the decoding, coalesce 16 bytes per thread; the bytes are converted to the f16
// dot-operand layouts (kWidth 2) and decoded there, right before the dot.
// CHECK-DAG: #[[BL:.*]] = #tile.blocked<{sizePerThread = [1, 16]
// CHECK-DAG: #[[DA:.*]] = #tile.dot_operand<opIdx = 0, parent = #{{.*}}, kWidth = 2>
// CHECK-DAG: #[[DB:.*]] = #tile.dot_operand<opIdx = 1, parent = #{{.*}}, kWidth = 2>
// CHECK-LABEL: func @decoded(
// CHECK: scf.for
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<i8>, #[[BL]]>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<i8>, #[[BL]]>
// CHECK-NOT: arith.extui
// CHECK: %[[CA:.*]] = tile.convert_layout %[[A]] : tensor<64x64xi8, #[[BL]]> -> tensor<64x64xi8, #[[DA]]>
// CHECK-NEXT: %[[XA:.*]] = arith.extui %[[CA]] : tensor<64x64xi8, #[[DA]]> to tensor<64x64xi32, #[[DA]]>
// CHECK: %[[FA:.*]] = arith.truncf %{{.*}} : tensor<64x64xf32, #[[DA]]> to tensor<64x64xf16, #[[DA]]>
// CHECK: %[[CB:.*]] = tile.convert_layout %[[B]] : tensor<64x64xi8, #[[BL]]> -> tensor<64x64xi8, #[[DB]]>
// CHECK-NEXT: arith.extui %[[CB]] : tensor<64x64xi8, #[[DB]]> to tensor<64x64xi32, #[[DB]]>
// CHECK: %[[FB:.*]] = arith.truncf %{{.*}} : tensor<64x64xf32, #[[DB]]> to tensor<64x64xf16, #[[DB]]>
// CHECK-NEXT: tile.dot %[[FA]], %[[FB]], %{{.*}} : tensor<64x64xf16, #[[DA]]>, tensor<64x64xf16, #[[DB]]>

// With cp.async (3 stages) the ring buffers hold the bytes, and each iteration decodes what it
// reads from its stage.
// ASYNC-LABEL: func @decoded(
// ASYNC-DAG: %[[BUFA:.*]] = tile.local_alloc : <3x64x64xi8,
// ASYNC-DAG: %[[BUFB:.*]] = tile.local_alloc : <3x64x64xi8,
// ASYNC: tile.async_copy %{{.*}} : tensor<64x64x!tile.ptr<i8>, #{{.*}}>, <64x64xi8,
// ASYNC: scf.for
// ASYNC: tile.async_wait
// ASYNC-NEXT: %[[SA:.*]] = tile.memdesc_index %[[BUFA]]
// ASYNC-NEXT: %[[RA:.*]] = tile.local_load %[[SA]] : <64x64xi8, #{{.*}}> -> tensor<64x64xi8, #[[DA:.*]]>
// ASYNC-NEXT: %[[SB:.*]] = tile.memdesc_index %[[BUFB]]
// ASYNC-NEXT: %[[RB:.*]] = tile.local_load %[[SB]] : <64x64xi8, #{{.*}}> -> tensor<64x64xi8, #[[DB:.*]]>
// ASYNC: tile.async_commit_group
// ASYNC: arith.extui %[[RA]] : tensor<64x64xi8, #[[DA]]> to tensor<64x64xi32, #[[DA]]>
// ASYNC: %[[FA:.*]] = arith.truncf %{{.*}} to tensor<64x64xf16, #[[DA]]>
// ASYNC: arith.extui %[[RB]] : tensor<64x64xi8, #[[DB]]> to tensor<64x64xi32, #[[DB]]>
// ASYNC: %[[FB:.*]] = arith.truncf %{{.*}} to tensor<64x64xf16, #[[DB]]>
// ASYNC-NEXT: tile.dot %[[FA]], %[[FB]]
// ASYNC-NOT: tile.load

// gfx942 (OCP formats, no MFMA) prefetches into two-stage LDS buffers, which hold the bytes (B
// column-major), read in the f16 MFMA operand layouts (kWidth 4) and decoded there.
// LDS-DAG: #[[DA:.*]] = #tile.dot_operand<opIdx = 0, parent = #{{.*}}, kWidth = 4>
// LDS-DAG: #[[DB:.*]] = #tile.dot_operand<opIdx = 1, parent = #{{.*}}, kWidth = 4>
// LDS-LABEL: func @decoded(
// LDS-DAG: tile.local_alloc : <2x64x64xi8, #[[ROW:.*]]>
// LDS-DAG: tile.local_alloc : <2x64x64xi8, #[[COL:.*]]>
// LDS: scf.for
// LDS: %[[RA:.*]] = tile.local_load %{{.*}} : <64x64xi8, #[[ROW]]> -> tensor<64x64xi8, #[[DA]]>
// LDS-NEXT: arith.extui %[[RA]] : tensor<64x64xi8, #[[DA]]> to tensor<64x64xi32, #[[DA]]>
// LDS: %[[FA:.*]] = arith.truncf %{{.*}} to tensor<64x64xf16, #[[DA]]>
// LDS: %[[RB:.*]] = tile.local_load %{{.*}} : <64x64xi8, #[[COL]]> -> tensor<64x64xi8, #[[DB]]>
// LDS-NEXT: arith.extui %[[RB]] : tensor<64x64xi8, #[[DB]]> to tensor<64x64xi32, #[[DB]]>
// LDS: %[[FB:.*]] = arith.truncf %{{.*}} to tensor<64x64xf16, #[[DB]]>
// LDS-NEXT: tile.dot %[[FA]], %[[FB]]
// LDS: tile.local_store %{{.*}} : tensor<64x64xi8, #{{.*}}>, <64x64xi8, #[[ROW]]>

// wgmma reads its operands from shared memory: there the fnuz bytes (upcast on sm_90a) are
// decoded before the conversion, in the loads' layout, and the f16 tiles staged.
// WGMMA-LABEL: func @decoded_fnuz(
// WGMMA: %[[A:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<i8>, #[[BL:.*]]>
// WGMMA: arith.extui %[[A]] : tensor<64x64xi8, #[[BL]]> to tensor<64x64xi32, #[[BL]]>
// WGMMA: %[[FA:.*]] = arith.truncf %{{.*}} : tensor<64x64xf32, #[[BL]]> to tensor<64x64xf16, #[[BL]]>
// WGMMA: tile.convert_layout %[[FA]] : tensor<64x64xf16, #[[BL]]> -> tensor<64x64xf16, #{{.*}}>
func.func @decoded(%pa: !tile.ptr<i8> {tile.divisibility = 16 : i32}, %pb: !tile.ptr<i8> {tile.divisibility = 16 : i32}, %q: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c4096 = arith.constant 4096 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = tile.make_range 0, 64 : tensor<64xi32>
  %row = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %s64 = tile.splat %c64 : i32 -> tensor<64x1xi32>
  %rowoff = arith.muli %row, %s64 : tensor<64x1xi32>
  %col = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rb = tile.broadcast %rowoff : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb = tile.broadcast %col : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rb, %cb : tensor<64x64xi32>
  %sa = tile.splat %pa : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %a0 = tile.addptr %sa, %off : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
  %sb = tile.splat %pb : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %b0 = tile.addptr %sb, %off : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
  %step = tile.splat %c4096 : i32 -> tensor<64x64xi32>
  %res:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %ap = %a0, %bp = %b0) -> (tensor<64x64xf32>, tensor<64x64x!tile.ptr<i8>>, tensor<64x64x!tile.ptr<i8>>) : i32 {
    %a = tile.load %ap : tensor<64x64x!tile.ptr<i8>>
    %b = tile.load %bp : tensor<64x64x!tile.ptr<i8>>
    %d = tile.dot %a, %b, %acc {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"} : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xf32>
    %na = tile.addptr %ap, %step : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
    %nb = tile.addptr %bp, %step : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
    scf.yield %d, %na, %nb : tensor<64x64xf32>, tensor<64x64x!tile.ptr<i8>>, tensor<64x64x!tile.ptr<i8>>
  }
  %so = tile.splat %q : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %o = tile.addptr %so, %off : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %o, %res#0 : tensor<64x64x!tile.ptr<f32>>
  return
}
func.func @decoded_fnuz(%pa: !tile.ptr<i8> {tile.divisibility = 16 : i32}, %pb: !tile.ptr<i8> {tile.divisibility = 16 : i32}, %q: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c4096 = arith.constant 4096 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = tile.make_range 0, 64 : tensor<64xi32>
  %row = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %s64 = tile.splat %c64 : i32 -> tensor<64x1xi32>
  %rowoff = arith.muli %row, %s64 : tensor<64x1xi32>
  %col = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rb = tile.broadcast %rowoff : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb = tile.broadcast %col : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rb, %cb : tensor<64x64xi32>
  %sa = tile.splat %pa : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %a0 = tile.addptr %sa, %off : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
  %sb = tile.splat %pb : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %b0 = tile.addptr %sb, %off : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
  %step = tile.splat %c4096 : i32 -> tensor<64x64xi32>
  %res:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %ap = %a0, %bp = %b0) -> (tensor<64x64xf32>, tensor<64x64x!tile.ptr<i8>>, tensor<64x64x!tile.ptr<i8>>) : i32 {
    %a = tile.load %ap : tensor<64x64x!tile.ptr<i8>>
    %b = tile.load %bp : tensor<64x64x!tile.ptr<i8>>
    %d = tile.dot %a, %b, %acc {a_fp8 = "fp8e4b8", b_fp8 = "fp8e5b16"} : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xf32>
    %na = tile.addptr %ap, %step : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
    %nb = tile.addptr %bp, %step : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
    scf.yield %d, %na, %nb : tensor<64x64xf32>, tensor<64x64x!tile.ptr<i8>>, tensor<64x64x!tile.ptr<i8>>
  }
  %so = tile.splat %q : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %o = tile.addptr %so, %off : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %o, %res#0 : tensor<64x64x!tile.ptr<f32>>
  return
}
