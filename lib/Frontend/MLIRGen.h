//===- MLIRGen.h - MLIRGen and its emitters: AST to tile IR -----*- C++ -*-===//
//
// Internal to the frontend: the Triton value model (dtypes, block shapes,
// compile-time constexpr values) and the generator that walks the AST: the
// MLIRGen core (builder, scopes, diagnostics, value semantics) and one emitter
// class per concern (expressions, statements, builtins, memory, reductions,
// math, random numbers, fp8, debugging, Python objects).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_LIB_FRONTEND_MLIRGEN_H
#define TILEC_LIB_FRONTEND_MLIRGEN_H

#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Frontend.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"

namespace tilec::frontend {

/// The most elements a tile may have: Triton's maximum tensor numel (2^20).
/// Larger shapes are a located error rather than a compile that exhausts
/// memory.
constexpr int64_t kMaxTileElements = int64_t(1) << 20;

/// The deepest nesting of control-flow regions a kernel may reach, counted
/// across inlined @jit calls (the parser bounds each function's own nesting).
constexpr unsigned kMaxRegionNesting = 1000;

//===----------------------------------------------------------------------===//
// DType: Triton scalar types (signedness included)
//===----------------------------------------------------------------------===//

struct DType {
  enum Kind : uint8_t {
    Invalid,
    I1,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F8E5,    // float8e5: e5m2, storage type i8
    F8E4NV,  // float8e4nv: e4m3fn, storage type i8
    F8E4B15, // float8e4b15: e4m3 with bias 15, no NaN or inf, storage type i8
    F8E4B8,  // float8e4b8: e4m3fnuz (bias 8, NaN 0x80, no -0 or inf), storage type i8
    F8E5B16, // float8e5b16: e5m2fnuz (bias 16, NaN 0x80, no -0 or inf), storage type i8
    F16,
    BF16,
    F32,
    F64,
    Ptr
  };
  Kind kind = Invalid;
  /// For pointers: the pointee.
  Kind pointee = Invalid;
  /// For pointers: a pointer to constant memory (a `tl.const` parameter,
  /// signature "*kfp32"), which cannot be stored through.
  bool constPointer = false;

  DType() = default;
  DType(Kind k) : kind(k) {}
  static DType pointerTo(DType elt, bool isConst = false) {
    DType d(Ptr);
    d.pointee = elt.kind;
    d.constPointer = isConst;
    return d;
  }
  bool isValid() const { return kind != Invalid; }
  bool isBool() const { return kind == I1; }
  bool isInt() const { return kind >= I1 && kind <= U64; }
  bool isUnsigned() const { return kind >= U8 && kind <= U64; }
  bool isSigned() const { return isInt() && !isUnsigned(); }
  bool isFloat() const { return kind >= F8E5 && kind <= F64; }
  /// fp8 types are 8-bit storage: their values are i8 in the IR and are
  /// converted with integer arithmetic (MLIRGenFP8.cpp).
  bool isFP8() const { return kind >= F8E5 && kind <= F8E5B16; }
  bool isPtr() const { return kind == Ptr; }
  DType element() const { return DType(pointee); }
  unsigned bitwidth() const;
  unsigned mantissaWidth() const;
  /// Triton's dtype kind: 0 bool, 1 integral, 2 floating.
  int kindRank() const { return isBool() ? 0 : isInt() ? 1 : 2; }
  /// Triton's spelling: int32, uint8, fp16, bf16, pointer<fp32>.
  std::string str() const;
  mlir::Type toMLIR(mlir::MLIRContext *ctx) const;
  bool operator==(const DType &o) const {
    return kind == o.kind && pointee == o.pointee && constPointer == o.constPointer;
  }
  bool operator!=(const DType &o) const { return !(*this == o); }

  /// Parses a signature type ("*fp32", "i32", "u8", "bf16", "int32", ...).
  static DType fromSignature(llvm::StringRef s);
  /// Parses a `tl.` dtype attribute name ("float32", "int8", "bfloat16", ...).
  static DType fromTritonName(llvm::StringRef s);
};

/// Triton's basic dtype predicates (`is_floating`, `is_int_signed`, `is_fp16`,
/// ...) by method name; nullopt for other names.
std::optional<bool> basicDTypePredicate(DType dt, llvm::StringRef name);
/// Triton's integer_promote_impl.
DType integerPromote(DType a, DType b);
/// Triton's computation_type_impl; returns an invalid DType and sets `err`
/// when the types cannot be combined.
DType computationType(DType a, bool aIsScalar, DType b, bool bIsScalar, bool divOrMod,
                      std::string &err);
/// A constexpr int: Python ints are unbounded, tilec keeps [-2**127, 2**127).
using BigInt = __int128;
constexpr BigInt kBigIntMax = BigInt(~(unsigned __int128)0 >> 1);
constexpr BigInt kBigIntMin = -kBigIntMax - 1;
/// The dtype of a Python int/float constant (Triton's to_tensor_type): int32,
/// uint32, int64 or uint64 by value; invalid outside [-2**63, 2**64) (Triton's
/// "Nonrepresentable integer").
DType dtypeOfInt(BigInt v);
/// A constexpr int in decimal, as Python prints it.
std::string bigIntStr(BigInt v);
/// A constexpr float as Python's repr prints it ("2.5", "1e+300", "inf").
std::string floatStr(double v);
DType dtypeOfFloat(double v);

//===----------------------------------------------------------------------===//
// Val: what an expression evaluates to
//===----------------------------------------------------------------------===//

struct Val {
  enum class Kind {
    Invalid,    // an error was reported
    Tensor,     // runtime scalar (shape empty) or block
    Int,        // constexpr int (`i`)
    Float,      // constexpr float (`f`)
    Bool,       // constexpr bool (`i` is 0/1)
    Str,        // constexpr string (`s`)
    None,       // None / absent argument
    DTypeObj,   // a dtype object (`dtype`)
    Tuple,      // tuple of values (`elems`)
    Function,   // a @jit function (`fn`)
    Builtin,    // a builtin function (`s` is its name, e.g. "tl.load", "range")
    Module,     // `tl`, `triton` (`s`)
    BlockPtr,   // tl.make_block_ptr: `value` is a !tile.block_ptr (MLIRGenMemory.cpp)
    TensorDesc, // tl.make_tensor_descriptor: `value` is a !tile.tensor_desc
  };
  Kind kind = Kind::Invalid;
  llvm::SMLoc loc;
  mlir::Value value;
  DType dtype;
  llvm::SmallVector<int64_t, 4> shape;
  /// A constexpr int's or bool's low 64 bits (its value when it fits int64;
  /// a uint64 constant's bits); `big` holds the exact value.
  int64_t i = 0;
  BigInt big = 0;
  double f = 0;
  std::string s;
  std::vector<Val> elems;
  const FunctionDef *fn = nullptr;

  explicit operator bool() const { return kind != Kind::Invalid; }
  bool isTensor() const { return kind == Kind::Tensor; }
  bool isBlock() const { return isTensor() && !shape.empty(); }
  bool isNumber() const { return kind == Kind::Int || kind == Kind::Float || kind == Kind::Bool; }
  bool isNone() const { return kind == Kind::None; }
  bool isBlockPtrLike() const { return kind == Kind::BlockPtr || kind == Kind::TensorDesc; }

  static Val tensor(mlir::Value v, DType dt, llvm::ArrayRef<int64_t> shape, llvm::SMLoc loc = {});
  static Val integer(int64_t v, llvm::SMLoc loc = {});
  /// A constexpr int of any value tilec represents.
  static Val bigInteger(BigInt v, llvm::SMLoc loc = {});
  /// Whether a constexpr int or bool fits int64 (so `i` is its value).
  bool fitsInt64() const { return big == BigInt(i); }
  static Val floating(double v, llvm::SMLoc loc = {});
  static Val boolean(bool v, llvm::SMLoc loc = {});
  static Val str(std::string v, llvm::SMLoc loc = {});
  static Val none(llvm::SMLoc loc = {});
  static Val dtypeObj(DType dt, llvm::SMLoc loc = {});
  static Val tuple(std::vector<Val> elems, llvm::SMLoc loc = {});

  /// Human-readable type: "int32", "fp32[64, 64]", "constexpr int", ...
  std::string typeStr() const;
};

/// Formats a shape as "[64, 32]".
std::string shapeStr(llvm::ArrayRef<int64_t> shape);

//===----------------------------------------------------------------------===//
// MLIRGen
//===----------------------------------------------------------------------===//

class MLIRGen;

/// Binds the positional and keyword arguments of a call to `fname` to
/// `params` (names ending in '?' are optional and default to None) into `out`;
/// reports Python's errors and returns false on a mismatch.
bool bindArguments(MLIRGen &g, llvm::StringRef fname, llvm::ArrayRef<llvm::StringRef> params,
                   std::vector<Val> &args, std::vector<std::pair<std::string, Val>> &kwargs,
                   llvm::SMLoc loc, llvm::SmallVectorImpl<Val> &out);

/// What `tl.store`'s cache hints ask of the store.
enum class StoreCacheHint {
  None,       ///< No hint (or one that changes nothing).
  Streaming,  ///< ".cs" / "evict_first": non-temporal (tile.store {nontemporal}).
  KeepCached, ///< "evict_last": never streamed (tile.store {evict_last}).
};

/// Creates a tile.store with the attributes `hint` asks for.
tile::StoreOp createStore(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
                          mlir::Value value, mlir::Value mask, StoreCacheHint hint);

/// What every emitter component shares: the generator that owns it (its
/// state, diagnostics and Triton value semantics) and that generator's
/// builder, so each emits at the one insertion point.
class EmitterBase {
protected:
  explicit EmitterBase(MLIRGen &g);

  MLIRGen &g;
  mlir::OpBuilder &b;
};

//===----------------------------------------------------------------------===//
// ExprEmitter (MLIRGenExpr.cpp)
//===----------------------------------------------------------------------===//

/// Owns expression evaluation: names, attributes, subscripts, comparisons,
/// boolean and conditional expressions, constants, and the dispatch of calls
/// to @jit functions, builtins, tensor methods and Python objects.
class ExprEmitter : EmitterBase {
public:
  explicit ExprEmitter(MLIRGen &g) : EmitterBase(g) {}

  Val genExpr(const Expr &e);
  Val genName(const NameExpr &e);
  Val genAttribute(const AttributeExpr &e);
  Val genSubscript(const SubscriptExpr &e);
  Val genCompare(const CompareExpr &e);
  Val genBoolOp(const BoolOpExpr &e);
  Val genIfExp(const IfExpExpr &e);
  Val genCall(const CallExpr &e);
  Val genConstant(const ConstantExpr &e);
  Val lookupName(llvm::StringRef name, llvm::SMLoc l);
  /// `base.attr` for an already evaluated `base`.
  Val attributeOf(const Val &base, llvm::StringRef attr, llvm::SMLoc l);
};

//===----------------------------------------------------------------------===//
// PythonObjectEmitter (MLIRGenAttributes.cpp)
//===----------------------------------------------------------------------===//

/// Owns the Python features kernels use on modules and types: imports, type
/// attributes, isinstance and dtypes called as functions.
class PythonObjectEmitter : EmitterBase {
public:
  explicit PythonObjectEmitter(MLIRGen &g) : EmitterBase(g) {}

  /// The value a module-level import binds (a module, a builtin function);
  /// nullopt for modules other than triton and tilec, whose names then mean
  /// what they mean without the import (`tl`, `jit`, Python builtins).
  std::optional<Val> resolveImport(const ModuleImport &imp, llvm::SMLoc l);
  /// Attributes of modules, tensors, dtypes and block types that the generic
  /// attribute code does not handle; nullopt to fall through to it.
  std::optional<Val> pythonAttribute(const Val &base, llvm::StringRef attr, llvm::SMLoc l);
  /// Calls a value made by pythonAttribute: a type method
  /// (`x.type.is_block()`), a class (`tl.tensor`), a dtype used as a function
  /// (`tl.float32(x)`).
  Val callPythonObject(const Val &callee, std::vector<Val> args,
                       std::vector<std::pair<std::string, Val>> kwargs, llvm::SMLoc l);
  /// Python's `isinstance(obj, classinfo)` on kernel values.
  Val isInstance(const Val &obj, const Val &classInfo, llvm::SMLoc l);
};

//===----------------------------------------------------------------------===//
// StmtEmitter (MLIRGenStmt.cpp)
//===----------------------------------------------------------------------===//

/// Owns statements and structured control flow: assignments, `if` (with
/// early returns), `for`/`while` loops with their carried values, and the
/// inlining of @jit calls.
class StmtEmitter : EmitterBase {
public:
  explicit StmtEmitter(MLIRGen &g) : EmitterBase(g) {}

  /// Normal: fell off the end of the statements; Returned: every path reached
  /// the end of the function (a `return`, or an early-return `if` that also
  /// generated the statements after it); Error: an error was reported.
  enum class Flow { Normal, Returned, Error };
  /// The statements that follow a block up to the end of the function: the
  /// rest of the enclosing block, then the rest of its enclosing block, ...
  /// An `if` whose branches return generates them inside the branch that
  /// falls through, so early returns become structured scf.if.
  struct Continuation {
    llvm::ArrayRef<StmtPtr> stmts;
    const Continuation *next;
  };
  Flow genBlock(llvm::ArrayRef<StmtPtr> stmts, const Continuation *cont = nullptr);
  /// Generates the statements of `cont` and of all continuations after it.
  Flow genContinuation(const Continuation *cont);
  Flow genStmt(const Stmt &s);
  /// Binds `target` to `value`. A number assigned to a name becomes a tensor
  /// in Triton (unless annotated tl.constexpr), so an int no tensor holds is
  /// Triton's "Nonrepresentable integer" at `l`.
  Flow genAssign(const Expr &target, Val value, llvm::SMLoc l, bool constexprAnnotated = false);
  Flow genIf(const IfStmt &s, const Continuation *cont = nullptr);
  /// A runtime `if` with a `return` in a branch: each branch is followed by
  /// `cont`, and the values returned on both paths are merged.
  Flow genReturningIf(const IfStmt &s, mlir::Value cond, const Continuation *cont);
  /// True if `stmts` contain a `return` (also in nested `if`s).
  static bool containsReturn(const StmtList &stmts);
  /// Number of runtime loops around the current point, over all inlined
  /// frames (Triton rejects returns in `if`s inside loops, transitively).
  int loopDepthOverFrames() const;
  Flow genFor(const ForStmt &s);
  Flow genWhile(const WhileStmt &s);
  Val inlineCall(const FunctionDef &fn, std::vector<Val> args,
                 std::vector<std::pair<std::string, Val>> kwargs, llvm::SMLoc l);
  /// Names assigned (anywhere) in `stmts`.
  static void collectAssigned(const StmtList &stmts, std::vector<std::string> &out);
  /// Replaces a result-less scf.if (both regions generated) by one yielding
  /// `thenVals`/`elseVals`; returns the new op (the old one if no values).
  mlir::Operation *finishIf(mlir::Operation *ifOp, llvm::ArrayRef<mlir::Value> thenVals,
                            llvm::ArrayRef<mlir::Value> elseVals, mlir::Location l);
  /// Converts a loop-carried/branch value to a runtime value.
  Val materialize(const Val &v, llvm::SMLoc l, llvm::StringRef name);
};

//===----------------------------------------------------------------------===//
// BuiltinEmitter (MLIRGenBuiltins.cpp)
//===----------------------------------------------------------------------===//

/// Owns the dispatch of `tl.<name>` builtin calls and tensor methods to the
/// components that implement them, and the builtins that need no component
/// of their own (program ids, ranges, loads and stores, casts, dot, ...).
class BuiltinEmitter : EmitterBase {
public:
  explicit BuiltinEmitter(MLIRGen &g) : EmitterBase(g) {}

  /// True if `tl.<name>` is a supported builtin function.
  static bool isTritonBuiltin(llvm::StringRef name);
  /// True if tensors have the method `name` (`x.name(...)`).
  static bool isTensorMethod(llvm::StringRef name);
  Val callBuiltin(llvm::StringRef name, std::vector<Val> args,
                  std::vector<std::pair<std::string, Val>> kwargs, llvm::SMLoc l);
  /// Calls a tensor method (`x.to(...)`, `x.sum(...)`).
  Val callMethod(const Val &self, llvm::StringRef name, std::vector<Val> args,
                 std::vector<std::pair<std::string, Val>> kwargs, llvm::SMLoc l);
};

//===----------------------------------------------------------------------===//
// RandomEmitter (MLIRGenRandom.cpp)
//===----------------------------------------------------------------------===//

/// Owns tl.umulhi and the Philox random-number builtins (tl.randint,
/// tl.rand, tl.randn, ...).
class RandomEmitter : EmitterBase {
public:
  explicit RandomEmitter(MLIRGen &g) : EmitterBase(g) {}

  /// The parameters of `tl.<name>` if it is a random-number builtin (or
  /// tl.umulhi); names ending in '?' are optional.
  static std::optional<llvm::ArrayRef<llvm::StringRef>> randomBuiltinParams(llvm::StringRef name);
  /// Generates `tl.<name>` with arguments bound to randomBuiltinParams(name).
  Val genRandom(llvm::StringRef name, llvm::ArrayRef<Val> args, llvm::SMLoc l);
  /// The high half of the unsigned product (Triton's tl.umulhi).
  Val umulhi(const Val &x, const Val &y, llvm::SMLoc l);
};

//===----------------------------------------------------------------------===//
// MathEmitter (MLIRGenMath.cpp)
//===----------------------------------------------------------------------===//

/// Owns elementwise math functions (`tl.exp`, `tl.abs`, ...), the
/// libdevice functions and the reading of NaN-propagation arguments.
class MathEmitter : EmitterBase {
public:
  explicit MathEmitter(MLIRGen &g) : EmitterBase(g) {}

  /// `tl.<name>(x)` for the elementwise math functions of one argument.
  Val mathUnary(llvm::StringRef name, const Val &x, llvm::SMLoc l);

  /// Calls `libdevice.<name>` with Triton's typing (MLIRGenLibdevice.cpp);
  /// names tilec does not implement are refused by name.
  Val callLibdevice(llvm::StringRef name, std::vector<Val> args,
                    std::vector<std::pair<std::string, Val>> kwargs, llvm::SMLoc l);
  /// Values of Triton's tl.PropagateNan.NONE and tl.PropagateNan.ALL.
  static constexpr int64_t kPropagateNanNone = 0, kPropagateNanAll = 0xFFFF;
  /// Reads a `propagate_nan` argument (None means NONE): true for ALL.
  std::optional<bool> getPropagateNan(const Val &v);
};

//===----------------------------------------------------------------------===//
// FP8Emitter (MLIRGenFP8.cpp)
//===----------------------------------------------------------------------===//

/// Owns the fp8 storage types: casts to and from them (integer arithmetic
/// on their bytes), rounding toward zero, and refusing fp8 arithmetic.
class FP8Emitter : EmitterBase {
public:
  explicit FP8Emitter(MLIRGen &g) : EmitterBase(g) {}

  /// Casts to or from an fp8 type: round to nearest even (or toward zero
  /// with `towardZero`), saturating to the largest finite value.
  Val castFP8(const Val &v, DType to, llvm::SMLoc l, bool towardZero = false);
  /// The fp8 byte of `value` (round to nearest even, saturating).
  static uint8_t encodeFP8Constant(double value, DType dt);
  /// Float casts with fp_downcast_rounding="rtz": like cast, rounded toward
  /// zero.
  Val castTowardZero(const Val &v, DType to, llvm::SMLoc l);
  /// Reports arithmetic on fp8 values (tilec has no fp8 arithmetic).
  bool rejectFP8Arithmetic(DType dt, llvm::SMLoc l, llvm::StringRef opName);
};

//===----------------------------------------------------------------------===//
// DebugEmitter (MLIRGenDebug.cpp)
//===----------------------------------------------------------------------===//

/// Owns the debugging builtins: print, tl.static_print, tl.static_assert,
/// tl.device_print and tl.device_assert.
class DebugEmitter : EmitterBase {
public:
  explicit DebugEmitter(MLIRGen &g) : EmitterBase(g) {}

  /// print, tl.static_print, tl.device_print, tl.device_assert.
  static bool isDebugBuiltin(llvm::StringRef name);
  Val genDebugBuiltin(llvm::StringRef name, std::vector<Val> args,
                      std::vector<std::pair<std::string, Val>> kwargs, llvm::SMLoc l);
  /// tl.device_assert(cond, msg="", mask=None): a runtime check.
  Val deviceAssert(llvm::ArrayRef<Val> args, llvm::ArrayRef<std::pair<std::string, Val>> kwargs,
                   llvm::SMLoc l);
};

//===----------------------------------------------------------------------===//
// ReductionEmitter (MLIRGenReductions.cpp)
//===----------------------------------------------------------------------===//

/// Owns reductions, scans, sorting and shape ops (reshape, trans, join,
/// split, cat, flip, ...), with their combine functions.
class ReductionEmitter : EmitterBase {
public:
  explicit ReductionEmitter(MLIRGen &g) : EmitterBase(g) {}

  /// Builds a combiner body from scalar arguments (the N accumulated values,
  /// then the N new ones); returns the N combined values, or nullopt after
  /// reporting an error.
  using CombinerBody =
      llvm::function_ref<std::optional<std::vector<Val>>(llvm::ArrayRef<Val>, llvm::ArrayRef<Val>)>;
  /// True if `tl.<name>` is handled by callReductionBuiltin.
  static bool isReductionBuiltin(llvm::StringRef name);
  /// Generates `tl.<name>(args, kwargs)` for the functions of this area.
  Val callReductionBuiltin(llvm::StringRef name, std::vector<Val> args,
                           std::vector<std::pair<std::string, Val>> kwargs, llvm::SMLoc l);
  Val reduce(const Val &x, const Val &axis, bool keepDims, llvm::StringRef kind, llvm::SMLoc l);
  /// Fills `region` with a block of 2N scalar arguments of `dtypes` whose body
  /// is `body`, terminated by tile.yield; `what` names the combine function in
  /// errors. False after reporting an error.
  bool buildCombiner(mlir::Region &region, llvm::ArrayRef<DType> dtypes, CombinerBody body,
                     llvm::StringRef what, llvm::SMLoc l);
  /// tile.reduce (or tile.scan when `isScan`) of the same-shape `inputs`
  /// along `axis` (None: all dimensions, reductions only), one result each.
  std::optional<std::vector<Val>> combineAlongAxis(bool isScan, std::vector<Val> inputs,
                                                   const Val &axis, bool keepDims, bool reverse,
                                                   CombinerBody body, llvm::StringRef fname,
                                                   llvm::StringRef what, llvm::SMLoc l);
  /// Calls a user combine function on scalars; its results as a list.
  std::optional<std::vector<Val>> callCombineFn(const Val &fn, llvm::ArrayRef<Val> lhs,
                                                llvm::ArrayRef<Val> rhs, llvm::SMLoc l);
  /// tl.map_elementwise(fn, *inputs, pack=pack): tile.map_elementwise with
  /// `fn` inlined on `pack` scalars of each broadcast input.
  Val mapElementwise(const Val &fn, std::vector<Val> inputs, int64_t pack, llvm::SMLoc l);
  /// Triton's argmax/argmin combine function on (value, index) pairs.
  std::optional<std::vector<Val>> argMinMaxCombine(bool isMax, bool tieBreakLeft,
                                                   llvm::ArrayRef<Val> lhs, llvm::ArrayRef<Val> rhs,
                                                   llvm::SMLoc l);
  /// tl.max/tl.min with return_indices: (values, int32 indices).
  std::optional<std::vector<Val>> reduceWithIndices(bool isMax, const Val &x, const Val &axis,
                                                    bool tieBreakLeft, bool keepDims,
                                                    llvm::StringRef fname, llvm::SMLoc l);
  Val reshape(const Val &x, llvm::ArrayRef<int64_t> shape, llvm::SMLoc l);
  Val trans(const Val &x, llvm::ArrayRef<int64_t> order, llvm::SMLoc l);
  /// The element of a one-element tile as a scalar.
  Val singleElement(const Val &x, llvm::SMLoc l);
  /// tl.join (tile.join; two scalars give a [2] tile).
  Val join(const Val &a, const Val &b, llvm::SMLoc l);
  /// tl.split (tile.split; a [2] tile gives two scalars).
  std::optional<std::pair<Val, Val>> split(const Val &a, llvm::SMLoc l);
  /// tile.cat of `x` and `y` (one shape and dtype) along `dim`.
  Val cat(const Val &x, const Val &y, int64_t dim, llvm::SMLoc l);
  /// One merge stage of Triton's bitonic network along the last (power-of-two)
  /// dim (tile::buildBitonicMerge): runs of 2^stage lanes, down where
  /// `descending` says or, when it is nullopt, alternately (down where bit
  /// `stage` of the lane is set).
  Val bitonicMerge(const Val &x, unsigned stage, std::optional<bool> descending, llvm::SMLoc l);
  /// Triton's bitonic top-k (tl.topk): the `k` (a power of two) largest or
  /// smallest along the last dim, in order.
  Val bitonicTopK(const Val &x, int64_t k, bool descending, llvm::SMLoc l);
};

//===----------------------------------------------------------------------===//
// MemoryEmitter (MLIRGenMemory.cpp)
//===----------------------------------------------------------------------===//

/// Owns the memory builtins beyond plain tl.load/tl.store: block pointers,
/// tensor descriptors, atomics and gather, store cache hints, and the
/// flattening of block-pointer-like values into SSA values.
class MemoryEmitter : EmitterBase {
public:
  explicit MemoryEmitter(MLIRGen &g) : EmitterBase(g) {}

  /// Handles the memory builtins `tl.<name>` (block pointers, tensor
  /// descriptors, atomics, gather) and tl.load/tl.store on block pointers or
  /// with block-pointer-only arguments; nullopt for everything else.
  std::optional<Val> callMemoryBuiltin(llvm::StringRef name, std::vector<Val> &args,
                                       std::vector<std::pair<std::string, Val>> &kwargs,
                                       llvm::SMLoc l);
  /// What a store's `cache_modifier`/`eviction_policy` hints ask for:
  /// streaming (".cs" or "evict_first"), keeping the data cached
  /// ("evict_last") or nothing. Reports Triton's error for an unknown hint
  /// (nullopt).
  std::optional<StoreCacheHint> storeCacheHint(const Val &cacheModifier, const Val &evictionPolicy,
                                               llvm::SMLoc l);
  /// The tensor descriptor a host `TensorDescriptor` kernel argument stands
  /// for, from its parameters (base, sizes, strides) and its signature's block
  /// shape and padding; checked as tl.make_tensor_descriptor's arguments are,
  /// with errors at `l` (the parameter).
  Val hostTensorDescriptor(const Val &base, llvm::ArrayRef<Val> shape, llvm::ArrayRef<Val> strides,
                           llvm::ArrayRef<int64_t> blockShape, llvm::StringRef padding,
                           llvm::SMLoc l);
  /// `bp.attr` of a block pointer or tensor descriptor.
  Val memoryAttribute(const Val &self, llvm::StringRef attr, llvm::SMLoc l);
  /// `desc.load(...)`/`desc.store(...)` of a tensor descriptor.
  Val callMemoryMethod(const Val &self, llvm::StringRef name, std::vector<Val> args,
                       std::vector<std::pair<std::string, Val>> kwargs, llvm::SMLoc l);
  /// Appends the SSA values a runtime value consists of (one for a tensor or
  /// a block pointer; a tensor descriptor's, then its sizes and strides).
  static void flattenRuntime(const Val &v, llvm::SmallVectorImpl<mlir::Value> &out);
  /// Rebuilds a value shaped like `like` from the front of `values` (as
  /// produced by flattenRuntime), dropping the values it uses.
  static Val rebuildRuntime(const Val &like, llvm::ArrayRef<mlir::Value> &values, llvm::SMLoc l);
  /// True if the statement `e`, evaluating to `v`, is a `tl.advance` call whose
  /// result is dropped (Triton's must_use_result).
  static bool isDiscardedAdvance(const Expr &e, const Val &v);
  /// True if `a` and `b` are runtime values of the same type and structure.
  static bool sameRuntimeType(const Val &a, const Val &b);
};

//===----------------------------------------------------------------------===//
// MLIRGen (Frontend.cpp, MLIRGenValues.cpp)
//===----------------------------------------------------------------------===//

/// The core of the generator: owns the builder, the variable scopes and the
/// inlined call frames, locations and diagnostics, the resource limits, and
/// Triton's value semantics (constants, casts, broadcasting, the typing of
/// binary and unary operators, constexpr folding). One component per concern
/// above does the rest; each reaches this core through its `g`.
class MLIRGen {
public:
  MLIRGen(mlir::MLIRContext &ctx, const llvm::SourceMgr &sourceMgr, const FileAST &file);

  /// Generates the kernel; null after reporting errors.
  mlir::OwningOpRef<mlir::ModuleOp> genKernel(const FunctionDef &fn, const KernelRequest &request);

  //===--------------------------------------------------------------------===//
  // Diagnostics and locations
  //===--------------------------------------------------------------------===//
  mlir::Location loc(llvm::SMLoc l);
  /// Reports an error; returns an invalid Val for convenience.
  Val error(llvm::SMLoc l, const llvm::Twine &msg);
  /// True, after reporting a located error at `l`, when the generator has used
  /// up the stack it may use. The parser bounds each expression's and block's
  /// nesting, but inlining @jit calls stacks them: a call nested 900 deep in
  /// a function that calls itself 64 times would otherwise overflow the stack.
  bool stackExhausted(llvm::SMLoc l);
  /// True, after reporting a located error at `l`, when a new `scf.if`,
  /// `scf.for` or `scf.while` at the insertion point would nest more than
  /// kMaxRegionNesting regions deep (counting the regions of inlined @jit
  /// calls): past that, MLIR's recursive walks and teardown get slow or
  /// overflow.
  bool regionNestingTooDeep(llvm::SMLoc l);

  //===--------------------------------------------------------------------===//
  // Values and Triton semantics (MLIRGenValues.cpp)
  //===--------------------------------------------------------------------===//
  mlir::Type mlirType(DType dt, llvm::ArrayRef<int64_t> shape);
  /// A runtime constant of `dt` (splat to `shape` if non-empty).
  Val constant(const Val &number, DType dt, llvm::ArrayRef<int64_t> shape, llvm::SMLoc l);
  /// Reports Triton's "Nonrepresentable integer" for a constexpr int outside
  /// [-2**63, 2**64).
  Val nonrepresentable(const Val &v, llvm::SMLoc l);
  /// Converts constexpr numbers to runtime scalars (Triton's to_tensor);
  /// tensors pass through; anything else is an error mentioning `what`.
  Val toTensor(const Val &v, llvm::SMLoc l, llvm::StringRef what);
  /// Triton's cast (or bitcast).
  Val cast(const Val &v, DType to, llvm::SMLoc l, bool bitcast = false);
  /// Splats/broadcasts `v` to `shape`. With `sameRank` (Triton's
  /// broadcast_impl_shape, used by loads and stores), a block `v` must have
  /// `shape`'s rank: no leading dimensions are added.
  Val broadcastTo(const Val &v, llvm::ArrayRef<int64_t> shape, llvm::SMLoc l,
                  llvm::StringRef context, bool sameRank = false);
  /// The shape two shapes broadcast to (Triton's rules: leading 1s added to the
  /// shorter, then each dimension equal or 1); nullopt after an error naming
  /// `context`.
  std::optional<llvm::SmallVector<int64_t, 4>> broadcastShape(llvm::ArrayRef<int64_t> a,
                                                              llvm::ArrayRef<int64_t> b,
                                                              llvm::SMLoc l,
                                                              llvm::StringRef context);
  /// Broadcasts two runtime values to a common shape.
  bool broadcastPair(Val &a, Val &b, llvm::SMLoc l, llvm::StringRef context);
  Val expandDims(const Val &v, int64_t axis, llvm::SMLoc l);
  /// Converts both operands to a common computation type (Triton's
  /// binary_op_type_checking_impl) and broadcasts them.
  bool binaryTypeCheck(Val &a, Val &b, llvm::SMLoc l, llvm::StringRef opName, bool allowLhsPtr,
                       bool allowRhsPtr, bool arithCheck, bool divOrMod);
  Val binary(BinaryOp op, const Val &a, const Val &b, llvm::SMLoc l);
  Val compare(CmpOp op, const Val &a, const Val &b, llvm::SMLoc l);
  Val unary(UnaryOp op, const Val &v, llvm::SMLoc l);
  /// tl.maximum/minimum; `propagateNan` (tl.PropagateNan.ALL) makes a NaN
  /// operand give NaN, otherwise the other operand is returned.
  Val minMax(bool isMax, const Val &a, const Val &b, llvm::SMLoc l, llvm::StringRef name,
             bool propagateNan = false);
  Val logical(bool isAnd, const Val &a, const Val &b, llvm::SMLoc l);
  /// Truth value of a constexpr, or nullopt for runtime values.
  std::optional<bool> constexprTruth(const Val &v);
  /// A runtime i1 scalar for a condition.
  mlir::Value toCondition(const Val &v, llvm::SMLoc l, llvm::StringRef what);
  /// Python semantics for constexpr arithmetic.
  Val foldBinary(BinaryOp op, const Val &a, const Val &b, llvm::SMLoc l);
  Val foldCompare(CmpOp op, const Val &a, const Val &b, llvm::SMLoc l);
  /// True if `a` and `b` denote the same value (same SSA value / constant).
  static bool sameVal(const Val &a, const Val &b);
  /// Reads a constexpr int (e.g. an axis); reports an error otherwise.
  std::optional<int64_t> getConstInt(const Val &v, llvm::StringRef what);
  /// Reads a constexpr shape: an int or a tuple/list of ints.
  std::optional<llvm::SmallVector<int64_t, 4>> getShape(const Val &v, llvm::StringRef what);

  mlir::MLIRContext &ctx;
  const llvm::SourceMgr &sourceMgr;
  const FileAST &file;
  mlir::OpBuilder b;
  mlir::StringAttr fileName;
  /// `input_precision` of `tl.dot`s that give neither it nor `allow_tf32`
  /// (KernelRequest::defaultDotInputPrecision); empty: the target's default.
  std::string defaultDotInputPrecision;
  /// The lowest stack address the generator may reach (see stackExhausted).
  uintptr_t stackLimit = 0;
  /// Set once stackExhausted has reported its error.
  bool stackErrorReported = false;

  /// Variables of the function being generated.
  using Scope = llvm::StringMap<Val>;
  Scope *vars = nullptr;
  /// The inlined call stack (for return values and recursion limits).
  struct Frame {
    const FunctionDef *fn;
    Val returnValue;
    /// Nesting depth of runtime loops (return is not allowed inside).
    int runtimeDepth = 0;
    /// Where the function was called from (invalid for the kernel).
    llvm::SMLoc callLoc;
  };
  std::vector<Frame> frames;
  /// Nesting depth of tl.static_range bodies (early returns are refused).
  int staticRangeDepth = 0;

  /// The components, one per concern; each refers back to this core (so they
  /// are declared after the builder they share).
  ExprEmitter exprs{*this};
  PythonObjectEmitter pyObjects{*this};
  StmtEmitter stmts{*this};
  BuiltinEmitter builtins{*this};
  MemoryEmitter memory{*this};
  ReductionEmitter reductions{*this};
  MathEmitter mathOps{*this};
  RandomEmitter randoms{*this};
  FP8Emitter fp8{*this};
  DebugEmitter debugOps{*this};
};

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_MLIRGEN_H
