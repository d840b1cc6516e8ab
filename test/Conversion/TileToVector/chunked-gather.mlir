// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// Gathers wider than 64 lanes spill pointers, mask (as i8) and pass-through to
// entry-block allocas and gather 16 lanes per scf.for iteration.
// CHECK-LABEL: func.func @gather_chunked
// CHECK-SAME: (%[[P:.*]]: vector<128x!llvm.ptr>, %[[M:.*]]: vector<128xi1>, %[[O:.*]]: vector<128xf32>)
// CHECK-DAG: %[[RES:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECK-DAG: %[[PB:.*]] = llvm.alloca %{{.*}} x !llvm.ptr {alignment = 64 : i64}
// CHECK-DAG: %[[MB:.*]] = llvm.alloca %{{.*}} x i8 {alignment = 64 : i64}
// CHECK: llvm.store %[[P]], %[[PB]] {alignment = 64 : i64} : vector<128x!llvm.ptr>, !llvm.ptr
// CHECK: %[[M8:.*]] = arith.extui %[[M]] : vector<128xi1> to vector<128xi8>
// CHECK: llvm.store %[[M8]], %[[MB]]
// CHECK: llvm.store %[[O]]
// CHECK: scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: %[[PC:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16x!llvm.ptr>
// CHECK: %[[MC8:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xi8>
// CHECK: %[[MC:.*]] = arith.trunci %[[MC8]] : vector<16xi8> to vector<16xi1>
// CHECK: %[[OC:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[G:.*]] = llvm.intr.masked.gather %[[PC]], %[[MC]], %[[OC]] {alignment = 4 : i32} : (vector<16x!llvm.ptr>, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK: llvm.store %[[G]], %{{.*}} {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// CHECK: }
// CHECK: %[[V:.*]] = llvm.load %[[RES]] {alignment = 64 : i64} : !llvm.ptr -> vector<128xf32>
// CHECK: return %[[V]]
func.func @gather_chunked(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf32>)
    -> tensor<128xf32> {
  %v = tile.load %p, %m, %o : tensor<128x!tile.ptr<f32>>
  return %v : tensor<128xf32>
}

// Wide scatters: the same chunk loop around a 16-lane masked.scatter.
// CHECK-LABEL: func.func @scatter_chunked
// CHECK: scf.for
// CHECK: llvm.intr.masked.scatter %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<16xf32>, vector<16xi1> into vector<16x!llvm.ptr>
func.func @scatter_chunked(%p: tensor<8x16x!tile.ptr<f32>>, %v: tensor<8x16xf32>) {
  tile.store %p, %v : tensor<8x16x!tile.ptr<f32>>
  return
}

// Up to 64 lanes stay one gather.
// CHECK-LABEL: func.func @gather_small
// CHECK-NOT: scf.for
// CHECK: llvm.intr.masked.gather {{.*}} -> vector<64xf32>
func.func @gather_small(%p: tensor<64x!tile.ptr<f32>>) -> tensor<64xf32> {
  %v = tile.load %p : tensor<64x!tile.ptr<f32>>
  return %v : tensor<64xf32>
}

// With stack-address-space=5 (AMDGPU) the buffers are allocated in address
// space 5 and cast to generic pointers.
// RUN: tilec-opt %s --convert-tile-to-vector="stack-address-space=5" | FileCheck %s --check-prefix=AS5
// AS5-LABEL: func.func @gather_chunked
// AS5: %[[A:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 64 : i64} : (i64) -> !llvm.ptr<5>
// AS5: llvm.addrspacecast %[[A]] : !llvm.ptr<5> to !llvm.ptr
// AS5-NOT: tilec.stack_address_space
