// RUN: tilec-opt %s --convert-tile-to-vector | FileCheck %s

// Binary float arithmetic on 2-D tiles becomes the same op on the flat vector.
// CHECK-LABEL: func.func @float_binary
// CHECK-SAME: (%[[A:.*]]: vector<8xf32>, %[[B:.*]]: vector<8xf32>) -> vector<8xf32>
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : vector<8xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[S]], %[[B]] fastmath<fast> : vector<8xf32>
// CHECK: %[[X:.*]] = arith.maxnumf %[[M]], %[[A]] : vector<8xf32>
// CHECK: return %[[X]] : vector<8xf32>
func.func @float_binary(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = arith.addf %a, %b : tensor<2x4xf32>
  %m = arith.mulf %s, %b fastmath<fast> : tensor<2x4xf32>
  %x = arith.maxnumf %m, %a : tensor<2x4xf32>
  return %x : tensor<2x4xf32>
}

// Comparisons keep their predicate and yield i1 vectors; select takes a vector condition.
// CHECK-LABEL: func.func @compare_select
// CHECK: %[[C:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: %[[F:.*]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: %[[AND:.*]] = arith.andi %[[C]], %[[F]] : vector<4xi1>
// CHECK: arith.select %[[AND]], %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
func.func @compare_select(%i: tensor<4xi32>, %j: tensor<4xi32>, %x: tensor<4xf32>,
                          %y: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.cmpi slt, %i, %j : tensor<4xi32>
  %f = arith.cmpf ogt, %x, %y : tensor<4xf32>
  %and = arith.andi %c, %f : tensor<4xi1>
  %r = arith.select %and, %x, %y : tensor<4xi1>, tensor<4xf32>
  return %r : tensor<4xf32>
}

// A scalar condition may select between whole tiles.
// CHECK-LABEL: func.func @scalar_condition_select
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
func.func @scalar_condition_select(%c: i1, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.select %c, %x, %y : tensor<4xf32>
  return %r : tensor<4xf32>
}

// Casts change the element type of the vector.
// CHECK-LABEL: func.func @casts
// CHECK: %[[E:.*]] = arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK: %[[I:.*]] = arith.fptosi %[[E]] : vector<4xf32> to vector<4xi32>
// CHECK: %[[W:.*]] = arith.extsi %[[I]] : vector<4xi32> to vector<4xi64>
// CHECK: %[[T:.*]] = arith.trunci %[[I]] : vector<4xi32> to vector<4xi8>
// CHECK: %[[B:.*]] = arith.bitcast %[[E]] : vector<4xf32> to vector<4xi32>
// CHECK: %[[U:.*]] = arith.uitofp %[[B]] : vector<4xi32> to vector<4xf32>
// CHECK: %[[H:.*]] = arith.truncf %[[U]] : vector<4xf32> to vector<4xbf16>
func.func @casts(%x: tensor<4xf16>) -> (tensor<4xi64>, tensor<4xi8>, tensor<4xbf16>) {
  %e = arith.extf %x : tensor<4xf16> to tensor<4xf32>
  %i = arith.fptosi %e : tensor<4xf32> to tensor<4xi32>
  %w = arith.extsi %i : tensor<4xi32> to tensor<4xi64>
  %t = arith.trunci %i : tensor<4xi32> to tensor<4xi8>
  %b = arith.bitcast %e : tensor<4xf32> to tensor<4xi32>
  %u = arith.uitofp %b : tensor<4xi32> to tensor<4xf32>
  %h = arith.truncf %u : tensor<4xf32> to tensor<4xbf16>
  return %w, %t, %h : tensor<4xi64>, tensor<4xi8>, tensor<4xbf16>
}

// math ops (unary and the ternary fma) are rebuilt on vectors.
// CHECK-LABEL: func.func @math_ops
// CHECK: %[[E:.*]] = math.exp %{{.*}} : vector<16xf32>
// CHECK: %[[S:.*]] = math.sqrt %[[E]] : vector<16xf32>
// CHECK: %[[F:.*]] = math.fma %[[S]], %[[E]], %{{.*}} : vector<16xf32>
// CHECK: %[[A:.*]] = math.absi %{{.*}} : vector<16xi32>
func.func @math_ops(%x: tensor<4x4xf32>, %i: tensor<4x4xi32>) -> (tensor<4x4xf32>, tensor<4x4xi32>) {
  %e = math.exp %x : tensor<4x4xf32>
  %s = math.sqrt %e : tensor<4x4xf32>
  %f = math.fma %s, %e, %x : tensor<4x4xf32>
  %a = math.absi %i : tensor<4x4xi32>
  return %f, %a : tensor<4x4xf32>, tensor<4x4xi32>
}

// Scalar code and the program identity ops are left alone.
// CHECK-LABEL: func.func @scalars_untouched
// CHECK: %[[P:.*]] = tile.program_id 0 : i32
// CHECK: %[[N:.*]] = tile.num_programs 1 : i32
// CHECK: %[[M:.*]] = arith.muli %[[P]], %[[N]] : i32
// CHECK: return %[[M]] : i32
func.func @scalars_untouched() -> i32 {
  %p = tile.program_id 0 : i32
  %n = tile.num_programs 1 : i32
  %m = arith.muli %p, %n : i32
  return %m : i32
}
