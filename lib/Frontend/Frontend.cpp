//===- Frontend.cpp - Public entry points of the Triton-language frontend -===//
#include "tilec/Frontend/Frontend.h"
#include "MLIRGen.h"
#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Frontend/Parser.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ProgramStack.h"

#include <algorithm>
#include <cstdlib>
#if defined(__GLIBC__)
#include <pthread.h>
#endif

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

/// The stack left below the current frame: the thread's real bounds where the
/// C library tells them (glibc), else the smallest stack a thread commonly has.
static uintptr_t stackBytesAvailable() {
  uintptr_t sp = llvm::getStackPointer();
#if defined(__GLIBC__)
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void *low = nullptr;
    size_t size = 0;
    int rc = pthread_attr_getstack(&attr, &low, &size);
    pthread_attr_destroy(&attr);
    if (rc == 0 && sp > uintptr_t(low))
      return sp - uintptr_t(low);
  }
#endif
  return uintptr_t(1) << 20;
}

EmitterBase::EmitterBase(MLIRGen &g) : g(g), b(g.b) {}

MLIRGen::MLIRGen(MLIRContext &ctx, const llvm::SourceMgr &sourceMgr, const FileAST &file)
    : ctx(ctx), sourceMgr(sourceMgr), file(file), b(&ctx) {
  const llvm::MemoryBuffer *buf = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  fileName = StringAttr::get(&ctx, buf->getBufferIdentifier());
  // Keep a quarter of the stack (at least 256 KiB) for what runs after the
  // check: building ops, folding, and the verifier and passes that follow.
  uintptr_t available = stackBytesAvailable();
  uintptr_t reserve = std::max<uintptr_t>(available / 4, uintptr_t(256) << 10);
  uintptr_t sp = llvm::getStackPointer();
  stackLimit = available > reserve ? sp - (available - reserve) : sp;
}

bool MLIRGen::stackExhausted(SMLoc l) {
  if (llvm::getStackPointer() >= stackLimit)
    return false;
  if (!stackErrorReported)
    error(l, "kernel too deeply nested to compile: nested expressions, blocks "
             "and inlined @jit calls exhaust the compiler's stack");
  stackErrorReported = true;
  return true;
}

bool MLIRGen::regionNestingTooDeep(SMLoc l) {
  unsigned depth = 0;
  for (Operation *op = b.getInsertionBlock()->getParentOp(); op; op = op->getParentOp())
    if (++depth > kMaxRegionNesting) {
      error(l, "control flow nested too deeply: more than " + Twine(kMaxRegionNesting) +
                   " nested 'if', 'for', 'while' and conditional expressions, "
                   "counting those of inlined @jit calls");
      return true;
    }
  return false;
}

/// The dtype a runtime parameter's annotation names (`n: tl.int32`,
/// `x: tl.pointer_type(tl.float16)`), or an invalid DType for none or another
/// annotation.
static DType annotatedDType(const Expr *annotation) {
  if (!annotation)
    return DType();
  if (auto *call = llvm::dyn_cast<CallExpr>(annotation)) {
    auto *callee = llvm::dyn_cast<AttributeExpr>(call->callee.get());
    if (!callee || callee->attr != "pointer_type" || call->args.size() != 1)
      return DType();
    DType elt = annotatedDType(call->args[0].get());
    return elt.isValid() && !elt.isPtr() ? DType::pointerTo(elt) : DType();
  }
  auto *attr = llvm::dyn_cast<AttributeExpr>(annotation);
  return attr ? DType::fromTritonName(attr->attr) : DType();
}

/// "a pointer", "an integer", "a float": the kind of value a dtype holds.
static StringRef dtypeKindName(DType dt) {
  return dt.isPtr() ? "a pointer" : dt.isInt() ? "an integer" : "a float";
}

/// Splits the inside of a tuple's brackets at its top-level commas (not those
/// of nested brackets or quoted strings); a trailing comma ("1,") is dropped.
static llvm::SmallVector<StringRef> splitTupleItems(StringRef inner) {
  llvm::SmallVector<StringRef> items;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    char c = inner[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '(' || c == '[') {
      ++depth;
    } else if ((c == ')' || c == ']') && depth > 0) {
      --depth;
    } else if (c == ',' && depth == 0) {
      items.push_back(inner.slice(start, i));
      start = i + 1;
    }
  }
  if (!inner.drop_front(start).trim().empty())
    items.push_back(inner.drop_front(start));
  return items;
}

/// Parses a -D value: int, float, True/False/None, a dtype, a tuple of
/// those ("(2, 4)", "[2, 4]": Triton's tuple constexprs), else a string.
static Val parseDefine(StringRef text, SMLoc l) {
  StringRef s = text.trim();
  if (s.size() >= 2 &&
      ((s.front() == '(' && s.back() == ')') || (s.front() == '[' && s.back() == ']'))) {
    std::vector<Val> items;
    for (StringRef item : splitTupleItems(s.drop_front().drop_back())) {
      items.push_back(parseDefine(item, l));
      if (!items.back())
        return Val();
    }
    return Val::tuple(std::move(items), l);
  }
  if (s == "True" || s == "False")
    return Val::boolean(s == "True", l);
  if (s == "None")
    return Val::none(l);
  StringRef num = s;
  bool neg = num.consume_front("-");
  llvm::APInt u;
  // Python ints: int32/uint32/int64/uint64 by value where a tensor needs one;
  // beyond 128 bits a clear error instead of a string.
  if (!num.empty() && !num.getAsInteger(0, u)) {
    if (u.getActiveBits() > 127)
      return Val();
    llvm::APInt w = u.zextOrTrunc(128);
    BigInt mag =
        BigInt(w.extractBitsAsZExtValue(64, 0)) | (BigInt(w.extractBitsAsZExtValue(64, 64)) << 64);
    return Val::bigInteger(neg ? -mag : mag, l);
  }
  if (!s.empty()) {
    std::string str = s.str();
    char *end = nullptr;
    double d = std::strtod(str.c_str(), &end);
    if (end && *end == '\0' && (s.find_first_of(".eEin") != StringRef::npos))
      return Val::floating(d, l);
  }
  StringRef dt = s;
  if (dt.consume_front("tl.") || dt.consume_front("triton.language.")) {
    DType t = DType::fromTritonName(dt);
    if (t.isValid())
      return Val::dtypeObj(t, l);
  }
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front())
    s = s.drop_front().drop_back();
  return Val::str(s.str(), l);
}

std::optional<SignatureEntry> tilec::frontend::parseSignatureEntry(StringRef entry,
                                                                   std::string &error) {
  auto [type, suffix] = entry.trim().split(':');
  DType dt = DType::fromSignature(type);
  if (!dt.isValid()) {
    error = "unknown type '" + type.trim().str() + "'";
    return std::nullopt;
  }
  SignatureEntry parsed{type.trim().str(), ArgSpecialization::None};
  if (!entry.contains(':'))
    return parsed;
  auto invalid = [&](const Twine &why) {
    error = why.str();
    return std::nullopt;
  };
  suffix = suffix.trim();
  if (suffix != "16" && suffix != "1")
    return invalid("expected ':16' (divisible by 16) or ':1' (equal to 1)");
  bool isInteger = dt.isInt() && !dt.isBool();
  if (suffix == "16") {
    if (!isInteger && !dt.isPtr())
      return invalid("only integer and pointer parameters can be divisible by 16");
    parsed.specialization = ArgSpecialization::DivisibleBy16;
    return parsed;
  }
  if (dt.isPtr())
    return invalid("a pointer cannot be specialized to 1 (pointers take ':16')");
  if (!isInteger)
    return invalid("only integer parameters can be specialized to 1");
  parsed.specialization = ArgSpecialization::One;
  return parsed;
}

bool tilec::frontend::isTensorDescEntry(StringRef entry) {
  return entry.trim().starts_with("tensordesc<");
}

std::optional<TensorDescEntry> tilec::frontend::parseTensorDescEntry(StringRef entry,
                                                                     std::string &error) {
  auto fail = [&](const Twine &why) {
    error = why.str();
    return std::nullopt;
  };
  StringRef s = entry.trim();
  if (!s.consume_front("tensordesc<") || !s.consume_back(">") || !s.contains('[') ||
      !s.contains(']'))
    return fail("expected tensordesc<TYPE[BLOCK, ...]>, optionally with ',nan' before the '>'");
  auto [type, rest] = s.split('[');
  auto [dims, tail] = rest.split(']');
  TensorDescEntry parsed;
  parsed.elementType = type.trim().str();
  DType dt = DType::fromSignature(parsed.elementType);
  if (!dt.isValid() || dt.isPtr())
    return fail("unknown tensor descriptor element type '" + parsed.elementType + "'");
  llvm::SmallVector<StringRef> items;
  dims.split(items, ',');
  for (StringRef item : items) {
    int64_t d = 0;
    if (item.trim().getAsInteger(10, d) || d <= 0)
      return fail("tensor descriptor block sizes must be positive integers, got '" + item.trim() +
                  "'");
    parsed.blockShape.push_back(d);
  }
  if (parsed.blockShape.size() > 5)
    return fail("a tensor descriptor has 1 to 5 dimensions, got " +
                Twine(parsed.blockShape.size()));
  tail = tail.trim();
  if (!tail.empty()) {
    StringRef pad = tail;
    if (!pad.consume_front(",") || (pad.trim() != "nan" && pad.trim() != "zero"))
      return fail("unexpected '" + tail + "' after the block shape (expected ',nan' or ',zero')");
    parsed.padding = pad.trim().str();
  }
  return parsed;
}

bool tilec::frontend::isTupleEntry(StringRef entry) {
  entry = entry.trim();
  return entry.starts_with("(") && entry.ends_with(")");
}

std::vector<std::string> tilec::frontend::splitTopLevelCommas(StringRef list) {
  std::vector<std::string> items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    char c = i < list.size() ? list[i] : ',';
    if (c == '(' || c == '<' || c == '[')
      ++depth;
    else if ((c == ')' || c == '>' || c == ']') && depth > 0)
      --depth;
    else if (c == ',' && (depth == 0 || i == list.size())) {
      items.push_back(list.slice(start, i).trim().str());
      start = i + 1;
    }
  }
  return items;
}

std::vector<std::string> tilec::frontend::splitTupleEntry(StringRef entry) {
  StringRef inner = entry.trim().drop_front().drop_back();
  if (inner.trim().empty())
    return {};
  std::vector<std::string> elements = splitTopLevelCommas(inner);
  if (elements.back().empty()) // a trailing comma: "(i32,)"
    elements.pop_back();
  return elements;
}

std::vector<ExpandedParam> tilec::frontend::expandSignatureEntry(StringRef entry) {
  if (isTupleEntry(entry)) {
    std::vector<ExpandedParam> params;
    for (auto [k, element] : llvm::enumerate(splitTupleEntry(entry)))
      for (ExpandedParam &part : expandSignatureEntry(element))
        params.push_back({std::move(part.entry), "_" + std::to_string(k) + part.nameSuffix});
    return params;
  }
  std::string error;
  std::optional<TensorDescEntry> desc =
      isTensorDescEntry(entry) ? parseTensorDescEntry(entry, error) : std::nullopt;
  if (!desc)
    return {{entry.trim().str(), ""}};
  size_t rank = desc->blockShape.size();
  std::vector<ExpandedParam> params{{"*" + desc->elementType + ":16", ""}};
  for (size_t i = 0; i < rank; ++i)
    params.push_back({"i64", "_shape" + std::to_string(i)});
  for (size_t i = 0; i < rank; ++i)
    params.push_back({i + 1 == rank ? "i64:1" : "i64", "_stride" + std::to_string(i)});
  return params;
}

OwningOpRef<ModuleOp> MLIRGen::genKernel(const FunctionDef &fn, const KernelRequest &request) {
  SMLoc defLoc = fn.nameLoc;
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc(fn.getLoc()));
  b.setInsertionPointToEnd(module->getBody());
  defaultDotInputPrecision = request.defaultDotInputPrecision;

  // Check the -D names.
  llvm::StringMap<StringRef> defines;
  llvm::StringSet<> noneParams;
  for (const auto &define : request.defines) {
    const std::string &name = define.first;
    const std::string &value = define.second;
    auto it = llvm::find_if(fn.params, [&](const Param &p) { return p.name == name; });
    if (it == fn.params.end()) {
      error(defLoc, "unknown -D name '" + name + "': kernel '" + fn.name +
                        "' has no parameter named '" + name + "'");
      return nullptr;
    }
    if (!isConstexprAnnotation(it->annotation.get())) {
      // As in Triton, a runtime parameter whose argument is None is
      // specialized to the constexpr None and leaves the signature.
      if (StringRef(value).trim() != "None") {
        error(it->loc, "parameter '" + name +
                           "' is not a tl.constexpr and can only be given "
                           "with -D as None; list its type in the signature");
        return nullptr;
      }
      noneParams.insert(name);
      continue;
    }
    defines[name] = value;
  }
  size_t numRuntime = llvm::count_if(fn.params, [&](const Param &p) {
    return !isConstexprAnnotation(p.annotation.get()) && !noneParams.contains(p.name);
  });
  if (request.signature.size() != numRuntime) {
    error(defLoc, "signature has " + Twine(request.signature.size()) + " types but kernel '" +
                      fn.name + "' has " + Twine(numRuntime) + " non-constexpr parameters");
    return nullptr;
  }

  // Bind parameters.
  Scope kernelVars;
  vars = &kernelVars;
  frames.push_back(Frame{&fn, Val::none(defLoc), 0, SMLoc()});
  llvm::SmallVector<Type> argTypes;
  // One per function argument; a tensor descriptor parameter has several
  // (expandSignatureEntry), the first of which carries its `desc`.
  struct RuntimeParam {
    std::string name;
    DType dtype;
    ArgSpecialization specialization;
    std::optional<TensorDescEntry> desc;
    SMLoc loc;
    /// On the first argument of a tuple parameter: its number of elements
    /// (the arguments that follow); -1 elsewhere.
    int tupleElements = -1;
  };
  llvm::SmallVector<RuntimeParam> runtimeParams;
  llvm::SmallVector<Location> argLocs;
  size_t sigIdx = 0;
  for (const Param &p : fn.params) {
    if (noneParams.contains(p.name)) {
      kernelVars[p.name] = Val::none(p.loc);
      continue;
    }
    if (!isConstexprAnnotation(p.annotation.get())) {
      StringRef entry = request.signature[sigIdx++];
      std::string reason;
      if (isTupleEntry(entry)) {
        // A tuple of scalars and pointers (Triton 3.x flattens tuple arguments):
        // one function argument per element, bound as a tuple.
        std::vector<std::string> elements = splitTupleEntry(entry);
        if (annotatedDType(p.annotation.get()).isValid()) {
          error(p.loc, "parameter '" + p.name + "' is annotated with a dtype but its argument " +
                           "is a tuple ('" + entry + "')");
          return nullptr;
        }
        size_t first = runtimeParams.size();
        for (const std::string &element : elements) {
          std::optional<SignatureEntry> parsed;
          if (isTupleEntry(element) || isTensorDescEntry(element) ||
              !(parsed = parseSignatureEntry(element, reason))) {
            error(p.loc,
                  "invalid signature entry '" + entry + "' for parameter '" + p.name + "': " +
                      (parsed || isTupleEntry(element) || isTensorDescEntry(element)
                           ? "tuple elements must be scalars or pointers, got '" + element + "'"
                           : reason));
            return nullptr;
          }
          DType dt = DType::fromSignature(parsed->type);
          argTypes.push_back(dt.toMLIR(&ctx));
          argLocs.push_back(loc(p.loc));
          runtimeParams.push_back({p.name, dt, parsed->specialization, std::nullopt, p.loc});
        }
        if (elements.empty())
          kernelVars[p.name] = Val::tuple({}, p.loc);
        else
          runtimeParams[first].tupleElements = int(elements.size());
        continue;
      }
      std::optional<TensorDescEntry> desc;
      if (isTensorDescEntry(entry) && !(desc = parseTensorDescEntry(entry, reason))) {
        error(p.loc,
              "invalid signature entry '" + entry + "' for parameter '" + p.name + "': " + reason);
        return nullptr;
      }
      for (const ExpandedParam &part : expandSignatureEntry(entry)) {
        std::optional<SignatureEntry> parsed = parseSignatureEntry(part.entry, reason);
        if (!parsed) {
          error(p.loc, "invalid signature entry '" + entry + "' for parameter '" + p.name +
                           "': " + reason);
          return nullptr;
        }
        DType dt = DType::fromSignature(parsed->type);
        if (dt.isPtr() && isConstAnnotation(p.annotation.get()))
          dt.constPointer = true;
        // A parameter annotated with a dtype takes arguments of that kind only:
        // `inf` or 2.5 (fp32) for `n: tl.int32` is refused, not reinterpreted.
        DType annotated = annotatedDType(p.annotation.get());
        if (annotated.isValid() && dt.isValid() &&
            (desc || annotated.isPtr() != dt.isPtr() || annotated.isInt() != dt.isInt())) {
          error(p.loc, "parameter '" + p.name + "' is annotated " + annotated.str() + " (" +
                           dtypeKindName(annotated) + ") but its argument's type is '" +
                           (desc ? entry.str() : parsed->type) + "' (" +
                           (desc ? StringRef("a tensor descriptor") : dtypeKindName(dt)) + ")");
          return nullptr;
        }
        argTypes.push_back(dt.toMLIR(&ctx));
        argLocs.push_back(loc(p.loc));
        runtimeParams.push_back({p.name, dt, parsed->specialization, desc, p.loc});
        desc.reset();
      }
      continue;
    }
    auto it = defines.find(p.name);
    if (it != defines.end()) {
      kernelVars[p.name] = parseDefine(it->second, p.loc);
      if (!kernelVars[p.name]) {
        error(p.loc, "constexpr '" + p.name + "' = " + it->second +
                         " is beyond the integers tilec represents ([-2**127, 2**127))");
        return nullptr;
      }
    } else if (p.defaultValue) {
      Val v = exprs.genExpr(*p.defaultValue);
      if (!v)
        return nullptr;
      kernelVars[p.name] = v;
    } else {
      error(p.loc, "missing value for tl.constexpr parameter '" + p.name + "' (pass -D " + p.name +
                       "=VALUE)");
      return nullptr;
    }
  }

  auto funcType = b.getFunctionType(argTypes, {});
  auto func = func::FuncOp::create(b, loc(defLoc), fn.name, funcType);
  Block *entry = b.createBlock(&func.getBody(), {}, argTypes, argLocs);
  b.setInsertionPointToStart(entry);
  // Triton's specializations: a parameter known to be 1 is that constant
  // (of its type, so the kernel computes exactly what it computes unspecialized);
  // a known divisibility is recorded on the argument.
  std::vector<Val> args;
  for (auto [i, param] : llvm::enumerate(runtimeParams)) {
    Value value = entry->getArgument(i);
    if (param.specialization == ArgSpecialization::One)
      value = arith::ConstantOp::create(b, value.getLoc(), b.getIntegerAttr(value.getType(), 1));
    else if (param.specialization == ArgSpecialization::DivisibleBy16)
      func.setArgAttr(i, "tile.divisibility", b.getI32IntegerAttr(16));
    args.push_back(Val::tensor(value, param.dtype, {}, param.loc));
  }
  // Bind each parameter to its argument, or to the descriptor its arguments make.
  for (size_t i = 0; i < runtimeParams.size();) {
    const RuntimeParam &param = runtimeParams[i];
    if (param.tupleElements >= 0) {
      std::vector<Val> elements(args.begin() + i, args.begin() + i + param.tupleElements);
      kernelVars[param.name] = Val::tuple(std::move(elements), param.loc);
      i += param.tupleElements;
      continue;
    }
    if (!param.desc) {
      kernelVars[param.name] = args[i++];
      continue;
    }
    size_t rank = param.desc->blockShape.size();
    // A host descriptor's strides but the last are multiples of 16 bytes, as
    // Triton's TensorDescriptor requires (and tilec's Python one checks), as
    // its base is 16-byte aligned: the copy engine (TMA) may copy its blocks.
    auto pointer = mlir::cast<tile::PointerType>(entry->getArgument(i).getType());
    int64_t elemBytes = std::max<int64_t>(1, pointer.getPointeeType().getIntOrFloatBitWidth() / 8);
    for (size_t d = 0; d + 1 < rank && elemBytes < 16; ++d)
      func.setArgAttr(i + 1 + rank + d, "tile.divisibility",
                      b.getI32IntegerAttr(int32_t(16 / elemBytes)));
    llvm::ArrayRef<Val> parts = llvm::ArrayRef<Val>(args).slice(i, 1 + 2 * rank);
    Val desc =
        memory.hostTensorDescriptor(parts.front(), parts.slice(1, rank), parts.slice(1 + rank),
                                    param.desc->blockShape, param.desc->padding, param.loc);
    if (!desc)
      return nullptr;
    kernelVars[param.name] = desc;
    i += parts.size();
  }

  StmtEmitter::Flow f = stmts.genBlock(fn.body);
  if (f == StmtEmitter::Flow::Error)
    return nullptr;
  if (f == StmtEmitter::Flow::Returned && !frames.back().returnValue.isNone()) {
    error(frames.back().returnValue.loc, "a kernel cannot return a value");
    return nullptr;
  }
  frames.pop_back();
  // The return is located at the end of the function's last statement.
  SMLoc endLoc = fn.body.empty() ? defLoc : fn.body.back()->getLoc();
  func::ReturnOp::create(b, loc(endLoc));
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

static void loadDialects(MLIRContext &ctx) {
  ctx.loadDialect<tilec::tile::TileDialect, arith::ArithDialect, math::MathDialect, scf::SCFDialect,
                  func::FuncDialect>();
}

void tilec::frontend::registerFrontendDialects(DialectRegistry &registry) {
  registry.insert<tilec::tile::TileDialect, arith::ArithDialect, math::MathDialect, scf::SCFDialect,
                  func::FuncDialect>();
}

/// Parses the main buffer, reporting syntax errors through `ctx`.
static std::unique_ptr<FileAST> parseMain(MLIRContext &ctx, llvm::SourceMgr &sourceMgr) {
  unsigned id = sourceMgr.getMainFileID();
  auto fileName = StringAttr::get(&ctx, sourceMgr.getMemoryBuffer(id)->getBufferIdentifier());
  auto reporter = [&](SMLoc l, const Twine &msg) {
    auto lc = sourceMgr.getLineAndColumn(l, id);
    emitError(FileLineColLoc::get(fileName, lc.first, lc.second)) << msg.str();
  };
  return parseFile(sourceMgr, id, reporter);
}

/// Reports the parse error kept for a @jit function that did not parse.
static void reportBroken(MLIRContext &ctx, llvm::SourceMgr &sourceMgr,
                         const FileAST::BrokenFunction &broken) {
  unsigned id = sourceMgr.getMainFileID();
  // The parser always records a location; an unknown one is reported at the
  // start of the file rather than trusted.
  std::pair<unsigned, unsigned> lc{1, 1};
  if (broken.loc.isValid() && sourceMgr.FindBufferContainingLoc(broken.loc) == id)
    lc = sourceMgr.getLineAndColumn(broken.loc, id);
  emitError(FileLineColLoc::get(&ctx, sourceMgr.getMemoryBuffer(id)->getBufferIdentifier(),
                                lc.first, lc.second))
      << broken.message;
}

OwningOpRef<ModuleOp> tilec::frontend::compileKernel(MLIRContext &context,
                                                     llvm::SourceMgr &sourceMgr,
                                                     const KernelRequest &request) {
  loadDialects(context);
  if (sourceMgr.getNumBuffers() == 0) {
    emitError(UnknownLoc::get(&context)) << "no source buffer to compile";
    return nullptr;
  }
  std::unique_ptr<FileAST> file = parseMain(context, sourceMgr);
  if (!file)
    return nullptr;
  const FunctionDef *fn = file->lookupFunction(request.kernelName);
  if (const FileAST::BrokenFunction *broken =
          fn ? nullptr : file->lookupBroken(request.kernelName)) {
    reportBroken(context, sourceMgr, *broken);
    return nullptr;
  }
  if (!fn && file->unclosedBracket.isValid()) {
    auto lc = sourceMgr.getLineAndColumn(file->unclosedBracket);
    emitError(FileLineColLoc::get(
        &context, sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBufferIdentifier(),
        lc.first, lc.second))
        << "'" << StringRef(file->unclosedBracket.getPointer(), 1) << "' was never closed";
    return nullptr;
  }
  if (!fn) {
    auto fileName = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBufferIdentifier();
    std::string names;
    for (const auto &f : file->functions)
      names += (names.empty() ? "" : ", ") + f->name;
    emitError(FileLineColLoc::get(&context, fileName, 1, 1))
        << "no @jit function named '" << request.kernelName << "'"
        << (names.empty() ? std::string(" (the file has no @jit functions)")
                          : " (found: " + names + ")");
    return nullptr;
  }
  MLIRGen gen(context, sourceMgr, *file);
  return gen.genKernel(*fn, request);
}

std::optional<std::vector<JitFunctionInfo>>
tilec::frontend::listJitFunctions(MLIRContext &context, llvm::SourceMgr &sourceMgr) {
  if (sourceMgr.getNumBuffers() == 0)
    return std::vector<JitFunctionInfo>{};
  std::unique_ptr<FileAST> file = parseMain(context, sourceMgr);
  if (!file)
    return std::nullopt;
  // Listing is about the whole file: every @jit function must parse.
  for (const FileAST::BrokenFunction &broken : file->brokenFunctions)
    reportBroken(context, sourceMgr, broken);
  if (!file->brokenFunctions.empty())
    return std::nullopt;
  std::vector<JitFunctionInfo> result;
  for (const auto &f : file->functions) {
    JitFunctionInfo info;
    info.name = f->name;
    info.line = sourceMgr.getLineAndColumn(f->nameLoc).first;
    for (const Param &p : f->params)
      info.params.push_back(
          {p.name, isConstexprAnnotation(p.annotation.get()), bool(p.defaultValue)});
    result.push_back(std::move(info));
  }
  return result;
}
