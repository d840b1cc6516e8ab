// Declarations of tilec's tile-level and pipeline transforms.
#ifndef TILEC_TRANSFORMS_PASSES_TD
#define TILEC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TilecExpandMath : Pass<"tilec-expand-math", "mlir::ModuleOp"> {
  let summary = "Rewrites transcendental math into vectorizable polynomial approximations";
  let description = [{
    Widens f16/bf16 math to f32, then replaces `math.exp`, `math.log`, `math.erf`,
    `math.sin`, ... with MLIR's polynomial approximations, so they vectorize on CPUs and
    need no device math library (ocml/libdevice) on GPUs. `math.sqrt` and `math.fma` are
    kept: every target has instructions for them.

    Before:

    ```mlir
    %e = math.exp %x : vector<8xf32>
    ```

    After:

    ```mlir
    %0 = arith.mulf %x, %cst_log2e : vector<8xf32>
    ... (range reduction, polynomial, exponent reconstruction via arith/bitcast)
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "Target kind (cpu, nvptx, amdgpu): on GPUs, f64 math left for a libm call "
           "(exp, log, sin, ...) is refused with an error naming the op and target">
  ];
}

def TilecGuardIntDivision : Pass<"tilec-guard-int-division", "mlir::ModuleOp"> {
  let summary = "Makes integer division and remainder by zero (or INT_MIN / -1) harmless";
  let description = [{
    LLVM treats an integer division by zero, or a signed `INT_MIN / -1`, as undefined
    behaviour, and x86 traps on it, killing the process. Triton leaves the result
    unspecified, so tilec computes it with the divisor replaced by 1 in those lanes. Divisors
    that are constants without such values are left alone.

    Before:

    ```mlir
    %q = arith.divui %a, %b : vector<8xi32>
    ```

    After:

    ```mlir
    %z = arith.cmpi eq, %b, %zero : vector<8xi32>
    %s = arith.select %z, %one, %b : vector<8xi1>, vector<8xi32>
    %q = arith.divui %a, %s : vector<8xi32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // TILEC_TRANSFORMS_PASSES_TD
