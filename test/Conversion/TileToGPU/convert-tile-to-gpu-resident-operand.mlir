// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_80" --convert-tile-to-gpu="target=nvptx arch=sm_80" --canonicalize | FileCheck %s

// A dot operand that is loop invariant (attention's q: loaded before the loop, read by the dot in
// every iteration) is written to shared memory once, before the loop, to a region of its own
// (32 rows of 40 halves: 2560 bytes at the base), followed by a barrier; in the loop only the
// other operand is staged (in scratch after the region: 2560 more bytes) and A's fragments are
// read with ldmatrix from the region (base offset 0), B's from the scratch (offset 2560).
// CHECK: llvm.mlir.global internal @__tilec_smem_resident() {{.*}} : !llvm.array<5120 x i8>
// CHECK-LABEL: func @resident
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__tilec_smem_resident : !llvm.ptr<3>
// Each thread writes its 8 halves of a row with one 16-byte store, in both places.
// CHECK: llvm.store %{{.*}}, %{{.*}} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: scf.for
// CHECK: llvm.store %{{.*}}, %{{.*}} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[B:.*]] = llvm.getelementptr %[[SMEM]][2560] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[AROW:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: %[[BROW:.*]] = llvm.getelementptr %[[B]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: %[[AINT:.*]] = llvm.ptrtoint %[[AROW]] : !llvm.ptr<3> to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4+0];", "=r,=r,=r,=r,r" %[[AINT]]
// CHECK: %[[BINT:.*]] = llvm.ptrtoint %[[BROW]] : !llvm.ptr<3> to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {$0, $1, $2, $3}, [$4+0];", "=r,=r,=r,=r,r" %[[BINT]]
// CHECK: nvvm.mma.sync
// CHECK: nvvm.barrier0
// CHECK: scf.yield
func.func @resident(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                    %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                    %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %r = tile.make_range 0, 32 : tensor<32xi32>
  %rows = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols = tile.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c32 = arith.constant dense<32> : tensor<32x1xi32>
  %rowoff = arith.muli %rows, %c32 : tensor<32x1xi32>
  %rb = tile.broadcast %rowoff : tensor<32x1xi32> -> tensor<32x32xi32>
  %cb = tile.broadcast %cols : tensor<1x32xi32> -> tensor<32x32xi32>
  %off = arith.addi %rb, %cb : tensor<32x32xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<32x32x!tile.ptr<f16>>
  %ap = tile.addptr %as, %off : tensor<32x32x!tile.ptr<f16>>, tensor<32x32xi32>
  %va = tile.load %ap : tensor<32x32x!tile.ptr<f16>>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<32x32x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %off : tensor<32x32x!tile.ptr<f16>>, tensor<32x32xi32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32>) : i32 {
    %vb = tile.load %bp : tensor<32x32x!tile.ptr<f16>>
    %e = math.exp %vb : tensor<32x32xf16>
    %d = tile.dot %va, %e, %acc : tensor<32x32xf16>, tensor<32x32xf16> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  %cs = tile.splat %c : !tile.ptr<f32> -> tensor<32x32x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %off : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
  tile.store %cp, %acc : tensor<32x32x!tile.ptr<f32>>
  return
}
