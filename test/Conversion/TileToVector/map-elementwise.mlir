// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// Four groups are unrolled: each extracts its lanes at constant positions, runs the inlined body
// (its scf.if kept) and inserts the result at the same position.
// CHECK-LABEL: func.func @unrolled
// CHECK-SAME: (%[[X:.*]]: vector<4xi32>, %[[Y:.*]]: vector<4xi32>) -> vector<4xi32>
// CHECK: %[[Z:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK: %[[A0:.*]] = vector.extract %[[X]][0] : i32 from vector<4xi32>
// CHECK: %[[B0:.*]] = vector.extract %[[Y]][0] : i32 from vector<4xi32>
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[A0]], %[[B0]] : i32
// CHECK: %[[V0:.*]] = scf.if %[[LT]] -> (i32) {
// CHECK: arith.subi %[[A0]], %[[B0]] : i32
// CHECK: %[[R0:.*]] = vector.insert %[[V0]], %[[Z]] [0] : i32 into vector<4xi32>
// CHECK: vector.extract %[[X]][3]
// CHECK: %[[R3:.*]] = vector.insert %{{.*}}, %{{.*}} [3] : i32 into vector<4xi32>
// CHECK: return %[[R3]] : vector<4xi32>
func.func @unrolled(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  %r = tile.map_elementwise(%x, %y) pack = 1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32> {
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
  return %r : tensor<4xi32>
}

// 35 lanes in pairs are 18 groups, more than are unrolled: the source goes to a stack buffer,
// an scf.for over the 17 full pairs loads two lanes, runs the body and stores two lanes of each
// result (i1 as i8), the results are loaded back whole, and the last, partial pair reads lane 34
// twice and keeps one result lane.
// CHECK-LABEL: func.func @looped
// CHECK-SAME: (%[[X:.*]]: vector<35xf32>)
// CHECK-DAG: %[[FLAGS:.*]] = llvm.alloca %{{.*}} x i8
// CHECK-DAG: %[[SUMS:.*]] = llvm.alloca %{{.*}} x f32
// CHECK-DAG: %[[SRC:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: llvm.store %[[X]], %[[SRC]]
// CHECK: %[[C17:.*]] = arith.constant 17 : index
// CHECK: scf.for %[[G:.*]] = %{{.*}} to %[[C17]]
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[SRC]]
// CHECK: %[[L0:.*]] = llvm.load %[[P0]] {{.*}} -> vector<1xf32>
// CHECK: %[[A0:.*]] = vector.extract %[[L0]][0]
// CHECK: %[[A1:.*]] = vector.extract %{{.*}}[0]
// CHECK: %[[S:.*]] = arith.addf %[[A0]], %[[A1]] : f32
// CHECK: %[[C:.*]] = arith.cmpf olt, %[[A0]], %[[A1]] : f32
// CHECK: llvm.getelementptr %[[SUMS]]
// CHECK: arith.extui %{{.*}} : vector<1xi1> to vector<1xi8>
// CHECK: llvm.getelementptr %[[FLAGS]]
// CHECK: }
// CHECK: %[[ALL:.*]] = llvm.load %{{.*}} {alignment = 64 : i64} : !llvm.ptr -> vector<35xf32>
// CHECK: %[[B:.*]] = llvm.load %{{.*}} {alignment = 64 : i64} : !llvm.ptr -> vector<35xi8>
// CHECK: %[[ALLF:.*]] = arith.trunci %[[B]] : vector<35xi8> to vector<35xi1>
// CHECK: %[[T0:.*]] = vector.extract %[[X]][34]
// CHECK: %[[T1:.*]] = vector.extract %[[X]][34]
// CHECK: %[[TS:.*]] = arith.addf %[[T0]], %[[T1]]
// CHECK: %[[TC:.*]] = arith.cmpf olt, %[[T0]], %[[T1]]
// CHECK: %[[OUT:.*]] = vector.insert %[[TS]], %[[ALL]] [34]
// CHECK: %[[OUTF:.*]] = vector.insert %[[TC]], %[[ALLF]] [34]
// CHECK: return %[[OUT]], %[[OUTF]]
func.func @looped(%x: tensor<35xf32>) -> (tensor<35xf32>, tensor<35xi1>) {
  %r:2 = tile.map_elementwise(%x) pack = 2 : (tensor<35xf32>) -> (tensor<35xf32>, tensor<35xi1>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    %c = arith.cmpf olt, %a, %b : f32
    tile.yield %s, %a, %c, %c : f32, f32, i1, i1
  }
  return %r#0, %r#1 : tensor<35xf32>, tensor<35xi1>
}
