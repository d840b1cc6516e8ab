//===- Frontend.h - Public API of the Triton-language frontend ---*- C++
//-*-===//
#ifndef TILEC_FRONTEND_FRONTEND_H
#define TILEC_FRONTEND_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilec::frontend {

/// Triton's specialization of an integer or pointer argument (what its JIT
/// derives from the argument's value, and its AOT compiler's `--signature`
/// spells "i32:16" / "i32:1").
enum class ArgSpecialization {
  None,
  /// ":16": the integer, or the pointer's address, is a multiple of 16
  /// (Triton's `tt.divisibility = 16`).
  DivisibleBy16,
  /// ":1": the integer is 1; the parameter becomes the constant 1.
  One
};

/// A signature entry split into its type and specialization.
struct SignatureEntry {
  std::string type;
  ArgSpecialization specialization = ArgSpecialization::None;
};

/// Parses a signature entry in Triton AOT syntax: a type ("*fp32", "i32",
/// see KernelRequest::signature), optionally followed by ":16" (integers and
/// pointers) or ":1" (integers). Returns nullopt and sets `error` to the
/// reason for an unknown type or a specialization the type cannot have
/// ("fp32:1", "*fp32:1", "i32:7").
std::optional<SignatureEntry> parseSignatureEntry(llvm::StringRef entry,
                                                  std::string &error);

/// A host tensor descriptor parameter (`triton.tools.tensor_descriptor.TensorDescriptor`),
/// spelled in a signature as Triton's specialization does: `tensordesc<fp32[16, 32]>`, with
/// `,nan` before the `>` for NaN padding.
struct TensorDescEntry {
  /// The element type's signature name ("fp32").
  std::string elementType;
  std::vector<int64_t> blockShape;
  /// "zero" or "nan".
  std::string padding = "zero";
};

/// True if `entry` is a tensor descriptor entry (starts with "tensordesc<").
bool isTensorDescEntry(llvm::StringRef entry);

/// Parses a `tensordesc<...>` entry; returns nullopt and sets `error` for a
/// malformed one (unknown element type, no block shape, 0 or more than 5
/// dimensions, non-positive sizes, an unknown padding).
std::optional<TensorDescEntry> parseTensorDescEntry(llvm::StringRef entry, std::string &error);

/// Splits a comma-separated list at the commas outside `(...)`, `<...>` and
/// `[...]` (a signature: `(*fp32, i32), tensordesc<fp32[16, 32]>`), trimming
/// each item and keeping empty ones.
std::vector<std::string> splitTopLevelCommas(llvm::StringRef list);

/// True if `entry` is a tuple entry: "(*fp32:16, i32)", a tuple of scalars and
/// pointers passed as one runtime parameter (Triton 3.x flattens tuples).
bool isTupleEntry(llvm::StringRef entry);

/// The element entries of a tuple entry (top-level commas; "()" has none).
std::vector<std::string> splitTupleEntry(llvm::StringRef entry);

/// One runtime parameter of a compiled kernel that a signature entry stands for.
struct ExpandedParam {
  /// Its signature entry ("*fp32:16", "i64").
  std::string entry;
  /// What follows the Python parameter's name in its name ("", "_shape0"): runtime
  /// parameter names are identifiers.
  std::string nameSuffix;
};

/// The runtime parameters a (valid) signature entry stands for: the entry
/// itself, or for a tensor descriptor of rank r its base pointer (16-byte
/// aligned, as Triton requires: "*fp32:16"), its r sizes and r strides (i64;
/// the last stride is 1: "i64:1"), or for a tuple its elements in order
/// (suffixes "_0", "_1", ...), which is how launchers pass them.
std::vector<ExpandedParam> expandSignatureEntry(llvm::StringRef entry);

/// What to compile: a @jit function of the main SourceMgr buffer, specialized.
struct KernelRequest {
  /// Name of the @jit function to compile; also the func.func's name.
  std::string kernelName;
  /// One type per non-constexpr parameter, in order: "*fp32" (pointer),
  /// "i1", "i8", "i16", "i32", "i64", "u8".."u64", "fp16", "bf16", "fp32",
  /// "fp64" (also accepted: "f16"/"f32"/"f64", "int32", "float32", ...),
  /// or a host tensor descriptor ("tensordesc<fp32[16, 32]>", see
  /// TensorDescEntry; it stands for several parameters of the compiled
  /// function, expandSignatureEntry),
  /// each optionally specialized (parseSignatureEntry): a ":1" parameter
  /// is the constant 1 in the kernel (it stays a parameter of the compiled
  /// function, whose callers must pass 1), a ":16" one carries
  /// `tile.divisibility = 16` on its function argument.
  std::vector<std::string> signature;
  /// Values of tl.constexpr parameters (-D NAME=VALUE). VALUE is an integer
  /// (decimal or 0x hex), a float, True/False, None, a dtype (`tl.float16`,
  /// `fp16`) or else a string (surrounding quotes are removed).
  std::vector<std::pair<std::string, std::string>> defines;
  /// The `input_precision` ("ieee", "tf32" or "tf32x3") of `tl.dot`s that give
  /// neither it nor `allow_tf32`, as Triton's `default_dot_input_precision`
  /// option and `TRITON_F32_DEFAULT`; empty: the target's default
  /// (TargetInfo::getDefaultDotInputPrecision), decided after the frontend.
  std::string defaultDotInputPrecision;
};

/// Compiles `request.kernelName` from the main buffer of `sourceMgr` to a
/// module holding one func.func in the tile dialect (+ arith/math/scf on
/// tensors). Loads the dialects it needs into `context`. On error, emits
/// diagnostics (at FileLineColLoc locations) through `context` and returns
/// null.
mlir::OwningOpRef<mlir::ModuleOp> compileKernel(mlir::MLIRContext &context,
                                                llvm::SourceMgr &sourceMgr,
                                                const KernelRequest &request);

/// A parameter of a @jit function.
struct JitParamInfo {
  std::string name;
  /// Annotated `tl.constexpr`: given with -D, absent from the signature.
  bool isConstexpr = false;
  /// Has a default value (`= ...`).
  bool hasDefault = false;
};

/// A @jit function of a file.
struct JitFunctionInfo {
  std::string name;
  unsigned line = 0;
  std::vector<JitParamInfo> params;
};

/// Lists the @jit functions of the main buffer of `sourceMgr` in file order.
/// On a syntax error, emits diagnostics through `context` and returns nullopt.
std::optional<std::vector<JitFunctionInfo>>
listJitFunctions(mlir::MLIRContext &context, llvm::SourceMgr &sourceMgr);

/// Registers the dialects compileKernel produces (tile, arith, math, scf,
/// func) in `registry`.
void registerFrontendDialects(mlir::DialectRegistry &registry);

} // namespace tilec::frontend

#endif // TILEC_FRONTEND_FRONTEND_H
