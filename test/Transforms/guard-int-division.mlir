// RUN: tilec-opt %s --tilec-guard-int-division | FileCheck %s

// An unsigned vector division gets divisor 1 where the divisor is zero.
// CHECK-LABEL: func.func @unsigned_vector
// CHECK-SAME: (%[[A:.*]]: vector<8xi32>, %[[B:.*]]: vector<8xi32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<8xi32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<8xi32>
// CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[B]], %[[ZERO]]
// CHECK: %[[SAFE:.*]] = arith.select %[[ISZERO]], %[[ONE]], %[[B]]
// CHECK: arith.divui %[[A]], %[[SAFE]]
func.func @unsigned_vector(%a: vector<8xi32>, %b: vector<8xi32>) -> vector<8xi32> {
  %q = arith.divui %a, %b : vector<8xi32>
  return %q : vector<8xi32>
}

// A signed remainder is also guarded against INT_MIN % -1.
// CHECK-LABEL: func.func @signed_scalar
// CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i64)
// CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[B]], %{{.*}}
// CHECK-DAG: %[[MINUS1:.*]] = arith.constant -1 : i64
// CHECK-DAG: %[[MIN:.*]] = arith.constant -9223372036854775808 : i64
// CHECK: %[[ISM1:.*]] = arith.cmpi eq, %[[B]], %[[MINUS1]]
// CHECK: %[[ISMIN:.*]] = arith.cmpi eq, %[[A]], %[[MIN]]
// CHECK: %[[OVF:.*]] = arith.andi %[[ISM1]], %[[ISMIN]]
// CHECK: %[[BAD:.*]] = arith.ori %[[ISZERO]], %[[OVF]]
// CHECK: %[[SAFE:.*]] = arith.select %[[BAD]], %{{.*}}, %[[B]]
// CHECK: arith.remsi %[[A]], %[[SAFE]]
func.func @signed_scalar(%a: i64, %b: i64) -> i64 {
  %r = arith.remsi %a, %b : i64
  return %r : i64
}

// Constant divisors without zero (or -1 for signed) are left alone.
// CHECK-LABEL: func.func @safe_constants
// CHECK-NOT: arith.select
// CHECK: arith.divsi %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: arith.remui %{{.*}}, %{{.*}} : i32
func.func @safe_constants(%a: vector<4xi32>, %s: i32) -> (vector<4xi32>, i32) {
  %c = arith.constant dense<[3, -2, 7, 16]> : vector<4xi32>
  %q = arith.divsi %a, %c : vector<4xi32>
  %c5 = arith.constant 5 : i32
  %r = arith.remui %s, %c5 : i32
  return %q, %r : vector<4xi32>, i32
}

// A signed constant divisor of -1 still needs the overflow guard.
// CHECK-LABEL: func.func @minus_one_constant
// CHECK: arith.select
// CHECK: arith.divsi
func.func @minus_one_constant(%a: i32) -> i32 {
  %m = arith.constant -1 : i32
  %q = arith.divsi %a, %m : i32
  return %q : i32
}
