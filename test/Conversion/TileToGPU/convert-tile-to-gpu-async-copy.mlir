// RUN: tilec-opt %s -split-input-file --convert-tile-to-gpu="target=nvptx arch=sm_80" --canonicalize | FileCheck %s
// RUN: tilec-opt %s -split-input-file --convert-tile-to-gpu="target=simt arch=warp32" --canonicalize | FileCheck %s --check-prefix=SIMT
// RUN: not tilec-opt %s -split-input-file --convert-tile-to-gpu="target=nvptx arch=sm_75" 2>&1 | FileCheck %s --check-prefix=SM75

// A 2-stage buffer of 32x32 f16 tiles, rows padded by 8 halves (80 bytes per row, 2560 per
// tile), at the base of shared memory: each of the 128 threads holds 8 consecutive halves of a
// row (16-byte aligned pointers), so it starts one 16-byte cp.async.cg per copy, into row
// tid / 4 at column 8 * (tid % 4) of the stage, with source size 16 or 0 as its mask says. The
// wait is cp.async.wait_group then a barrier; the local_load reads the thread's 8 halves back
// from the same places. The column sum after it takes its 256 bytes of scratch from the base:
// the buffer is dead after the local_load (a barrier follows it), so 5120 bytes in all.
// CHECK: llvm.mlir.global internal @__tilec_smem_copy() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<5120 x i8>
// CHECK-LABEL: func @copy
// CHECK: llvm.mlir.addressof @__tilec_smem_copy : !llvm.ptr<3>
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = {{ *}}cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} : f16, !llvm.ptr<3>
// SIMT-LABEL: func @copy
// SIMT: llvm.call %{{.*}}(%{{.*}}, %{{.*}}, %{{.*}}, %c16_i32, %{{.*}}) {convergent} : !llvm.ptr, (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32) -> ()
// SIMT: llvm.call %{{.*}}(%{{.*}}) {convergent} : !llvm.ptr, (!llvm.ptr) -> ()
// SIMT: llvm.call %{{.*}}(%{{.*}}, %c0_i32) {convergent} : !llvm.ptr, (!llvm.ptr, i32) -> ()
#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #tile.slice<{dim = 0, parent = #blocked}>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], pad = 8}>
func.func @copy(%base: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %out: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                %slot: i32, %n: i32) attributes {tilec.simt} {
  %r = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<{dim = 1, parent = #blocked}>>
  %c = tile.make_range 0, 32 : tensor<32xi32, #tile.slice<{dim = 0, parent = #blocked}>>
  %rows = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #tile.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
  %cols = tile.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #tile.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %c32 = arith.constant dense<32> : tensor<32x1xi32, #blocked>
  %rowoff = arith.muli %rows, %c32 : tensor<32x1xi32, #blocked>
  %rb = tile.broadcast %rowoff : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
  %cb = tile.broadcast %cols : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
  %offs = arith.addi %rb, %cb : tensor<32x32xi32, #blocked>
  %ptrs0 = tile.splat %base : !tile.ptr<f16> -> tensor<32x32x!tile.ptr<f16>, #blocked>
  %ptrs = tile.addptr %ptrs0, %offs : tensor<32x32x!tile.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
  %nr = tile.splat %n : i32 -> tensor<32x1xi32, #blocked>
  %mrow = arith.cmpi slt, %rows, %nr : tensor<32x1xi32, #blocked>
  %mask = tile.broadcast %mrow : tensor<32x1xi1, #blocked> -> tensor<32x32xi1, #blocked>
  %buf = tile.local_alloc : !tile.memdesc<2x32x32xf16, #shared>
  %stage = tile.memdesc_index %buf[%slot] : !tile.memdesc<2x32x32xf16, #shared> -> !tile.memdesc<32x32xf16, #shared>
  tile.async_copy %ptrs, %stage, %mask : tensor<32x32x!tile.ptr<f16>, #blocked>, !tile.memdesc<32x32xf16, #shared>, tensor<32x32xi1, #blocked>
  tile.async_commit_group
  tile.async_wait pending = 0
  %v = tile.local_load %stage : !tile.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
  %s = tile.reduce(%v) axis = 0 : (tensor<32x32xf16, #blocked>) -> tensor<32xf16, #col> {
  ^bb0(%x: f16, %y: f16):
    %z = arith.addf %x, %y : f16
    tile.yield %z : f16
  }
  %optrs0 = tile.splat %out : !tile.ptr<f16> -> tensor<32x!tile.ptr<f16>, #col>
  %optrs = tile.addptr %optrs0, %c : tensor<32x!tile.ptr<f16>, #col>, tensor<32xi32, #col>
  tile.store %optrs, %s : tensor<32x!tile.ptr<f16>, #col>
  return
}

// -----

// Without asynchronous copies (sm_75) the ops are errors at the op.
#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], pad = 8}>
func.func @no_async(%p: tensor<32x32x!tile.ptr<f16>, #blocked>) attributes {tilec.simt} {
  %buf = tile.local_alloc : !tile.memdesc<1x32x32xf16, #shared>
  %c0 = arith.constant 0 : i32
  %stage = tile.memdesc_index %buf[%c0] : !tile.memdesc<1x32x32xf16, #shared> -> !tile.memdesc<32x32xf16, #shared>
  // SM75: [[@LINE+1]]:3: error: 'tile.async_copy' op target has no asynchronous copies to shared memory
  tile.async_copy %p, %stage : tensor<32x32x!tile.ptr<f16>, #blocked>, !tile.memdesc<32x32xf16, #shared>
  return
}
