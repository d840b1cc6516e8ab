//===- MLIRGenExpr.cpp - ExprEmitter: lowering of expressions -------------===//
#include "MLIRGen.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringSwitch.h"

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

/// Python builtins usable in kernels.
static bool isPythonBuiltin(StringRef name) {
  return llvm::is_contained({"range", "len", "min", "max", "int", "float", "bool", "print", "abs",
                             "isinstance", "str", "tuple", "getattr", "hasattr"},
                            name);
}

Val ExprEmitter::genExpr(const Expr &e) {
  if (g.stackExhausted(e.getLoc()))
    return Val();
  Val v;
  switch (e.getKind()) {
  case Expr::Kind::Name:
    v = genName(llvm::cast<NameExpr>(e));
    break;
  case Expr::Kind::Constant:
    v = genConstant(llvm::cast<ConstantExpr>(e));
    break;
  case Expr::Kind::Unary: {
    auto &u = llvm::cast<UnaryExpr>(e);
    v = g.unary(u.op, genExpr(*u.operand), u.getLoc());
    break;
  }
  case Expr::Kind::Binary: {
    auto &bin = llvm::cast<BinaryExpr>(e);
    Val lhs = genExpr(*bin.lhs);
    if (!lhs)
      return lhs;
    Val rhs = genExpr(*bin.rhs);
    if (!rhs)
      return rhs;
    v = g.binary(bin.op, lhs, rhs, bin.getLoc());
    break;
  }
  case Expr::Kind::BoolOp:
    v = genBoolOp(llvm::cast<BoolOpExpr>(e));
    break;
  case Expr::Kind::Compare:
    v = genCompare(llvm::cast<CompareExpr>(e));
    break;
  case Expr::Kind::Call:
    v = genCall(llvm::cast<CallExpr>(e));
    break;
  case Expr::Kind::Attribute:
    v = genAttribute(llvm::cast<AttributeExpr>(e));
    break;
  case Expr::Kind::Subscript:
    v = genSubscript(llvm::cast<SubscriptExpr>(e));
    break;
  case Expr::Kind::Slice:
    return g.error(e.getLoc(), "unsupported expression 'slice' outside of a subscript");
  case Expr::Kind::Tuple:
  case Expr::Kind::List: {
    std::vector<Val> elems;
    for (const ExprPtr &elt : llvm::cast<TupleExpr>(e).elts) {
      if (auto *star = llvm::dyn_cast<StarredExpr>(elt.get())) {
        Val t = genExpr(*star->value);
        if (!t)
          return t;
        if (t.kind != Val::Kind::Tuple)
          return g.error(star->getLoc(), "cannot unpack " + t.typeStr());
        elems.insert(elems.end(), t.elems.begin(), t.elems.end());
        continue;
      }
      Val x = genExpr(*elt);
      if (!x)
        return x;
      elems.push_back(std::move(x));
    }
    v = Val::tuple(std::move(elems));
    break;
  }
  case Expr::Kind::IfExp:
    v = genIfExp(llvm::cast<IfExpExpr>(e));
    break;
  case Expr::Kind::Starred:
    return g.error(e.getLoc(), "unsupported expression '*' here");
  }
  if (v)
    v.loc = e.getLoc();
  return v;
}

Val ExprEmitter::genConstant(const ConstantExpr &e) {
  switch (e.ckind) {
  case ConstantExpr::CKind::Int:
    if (e.intOverflow)
      return g.error(e.getLoc(), "integer literal is beyond the integers tilec represents "
                                 "([-2**127, 2**127))");
    // [2**63, 2**64) is uint64 in Triton; larger literals are constexprs that
    // are an error only where they become tensors ("Nonrepresentable integer").
    if (e.isUnsigned64 || e.intHigh)
      return Val::bigInteger((BigInt(e.intHigh) << 64) | BigInt(uint64_t(e.intValue)),
                             e.getLoc());
    return Val::integer(e.intValue, e.getLoc());
  case ConstantExpr::CKind::Float:
    return Val::floating(e.floatValue, e.getLoc());
  case ConstantExpr::CKind::Bool:
    return Val::boolean(e.boolValue, e.getLoc());
  case ConstantExpr::CKind::None:
    return Val::none(e.getLoc());
  case ConstantExpr::CKind::Str:
    return Val::str(e.strValue, e.getLoc());
  case ConstantExpr::CKind::Ellipsis:
    return g.error(e.getLoc(), "unsupported expression '...'");
  }
  return Val();
}

Val ExprEmitter::genName(const NameExpr &e) { return lookupName(e.name, e.getLoc()); }

Val ExprEmitter::lookupName(StringRef name, SMLoc l) {
  auto it = g.vars->find(name);
  if (it != g.vars->end()) {
    Val v = it->second;
    v.loc = l;
    return v;
  }
  const ModuleImport *imp = g.file.lookupImport(name);
  if (const GlobalConstant *global = g.file.lookupGlobal(name))
    if (!global->fallback || !imp || imp->fallback)
      return genExpr(*global->value);
  if (const FileAST::BrokenFunction *broken = g.file.lookupBroken(name))
    return g.error(broken->loc, broken->message);
  if (const FunctionDef *fn = g.file.lookupFunction(name)) {
    Val v;
    v.kind = Val::Kind::Function;
    v.fn = fn;
    v.loc = l;
    return v;
  }
  if (imp)
    if (std::optional<Val> v = g.pyObjects.resolveImport(*imp, l))
      return *v;
  Val v;
  v.loc = l;
  if (name == "tl" || name == "triton" || name == "tilec" || name == "libdevice") {
    v.kind = Val::Kind::Module;
    v.s = name.str();
    return v;
  }
  if (isPythonBuiltin(name)) {
    v.kind = Val::Kind::Builtin;
    v.s = name.str();
    return v;
  }
  if (imp)
    return g.error(l, "'" + name + "' is imported from '" + imp->target +
                          "', which tilec kernels cannot use (only the triton "
                          "and tilec modules are known)");
  for (auto it = g.file.computedGlobals.rbegin(); it != g.file.computedGlobals.rend(); ++it)
    if (it->first == name) {
      unsigned line = g.sourceMgr.getLineAndColumn(it->second).first;
      return g.error(l, "'" + name + "' is a module global computed in Python (line " +
                            Twine(line) +
                            "), which tilec reads only as a literal: assign it a literal, or "
                            "pass it as a tl.constexpr parameter (kernels launched from Python "
                            "see its value)");
    }
  return g.error(l, "unknown name '" + name + "'");
}

Val ExprEmitter::genAttribute(const AttributeExpr &e) {
  Val base = genExpr(*e.value);
  if (!base)
    return base;
  return attributeOf(base, e.attr, e.getLoc());
}

Val ExprEmitter::attributeOf(const Val &base, StringRef attr, SMLoc l) {
  if (std::optional<Val> r = g.pyObjects.pythonAttribute(base, attr, l))
    return *r;
  Val v;
  v.loc = l;
  switch (base.kind) {
  case Val::Kind::Module: {
    if (base.s == "triton" && attr == "language") {
      v.kind = Val::Kind::Module;
      v.s = "tl";
      return v;
    }
    if (base.s == "tl" &&
        (attr == "math" || attr == "extra" || attr == "standard" || attr == "random")) {
      v.kind = Val::Kind::Module;
      v.s = "tl." + attr.str();
      return v;
    }
    // libdevice: tl.extra.libdevice, tl.extra.cuda.libdevice, ... or the
    // name `libdevice` imported from triton.language.extra[.cuda|.hip].
    if (base.s == "tl.extra" && (attr == "cuda" || attr == "hip")) {
      v.kind = Val::Kind::Module;
      v.s = "tl.extra." + attr.str();
      return v;
    }
    if (StringRef(base.s).starts_with("tl.extra") && attr == "libdevice") {
      v.kind = Val::Kind::Module;
      v.s = "libdevice";
      return v;
    }
    if (base.s == "libdevice") {
      v.kind = Val::Kind::Builtin;
      v.s = "libdevice." + attr.str();
      return v;
    }
    if (base.s == "tl" && attr == "PropagateNan") {
      v.kind = Val::Kind::Module;
      v.s = "tl.PropagateNan";
      return v;
    }
    if (base.s == "tl.PropagateNan") {
      if (attr == "ALL")
        return Val::integer(MathEmitter::kPropagateNanAll, l);
      if (attr == "NONE")
        return Val::integer(MathEmitter::kPropagateNanNone, l);
      return g.error(l, "tl.PropagateNan has no member '" + attr + "'");
    }
    if (StringRef(base.s).starts_with("tl")) {
      DType dt = DType::fromTritonName(attr);
      if (dt.isValid())
        return Val::dtypeObj(dt, l);
    }
    StringRef canonical = attr == "cdiv" && base.s != "tl" ? "cdiv" : attr;
    if (BuiltinEmitter::isTritonBuiltin(canonical) &&
        (StringRef(base.s).starts_with("tl") || canonical == "cdiv" || canonical == "jit")) {
      v.kind = Val::Kind::Builtin;
      v.s = "tl." + canonical.str();
      return v;
    }
    return g.error(l, "unsupported function '" + base.s + "." + attr + "'");
  }
  case Val::Kind::Tensor:
    if (attr == "dtype")
      return Val::dtypeObj(base.dtype, l);
    if (attr == "shape") {
      std::vector<Val> dims;
      for (int64_t d : base.shape)
        dims.push_back(Val::integer(d, l));
      return Val::tuple(std::move(dims), l);
    }
    if (attr == "T") {
      if (base.shape.size() != 2)
        return g.error(l, "'.T' requires a 2-D tensor, got " + base.typeStr());
      return g.reductions.trans(base, {1, 0}, l);
    }
    if (!BuiltinEmitter::isTensorMethod(attr))
      return g.error(l, "'tensor' object has no attribute '" + attr + "'");
    v.kind = Val::Kind::Builtin;
    v.s = "method:" + attr.str();
    v.elems.push_back(base);
    return v;
  case Val::Kind::DTypeObj:
    if (attr == "element_ty") {
      if (!base.dtype.isPtr())
        return g.error(l, "'element_ty' requires a pointer dtype, got " + base.dtype.str());
      return Val::dtypeObj(base.dtype.element(), l);
    }
    if (attr == "primitive_bitwidth")
      return Val::integer(base.dtype.bitwidth(), l);
    if (attr == "name")
      return Val::str(base.dtype.str(), l);
    v.kind = Val::Kind::Builtin;
    v.s = "dtype:" + attr.str();
    v.elems.push_back(base);
    return v;
  case Val::Kind::BlockPtr:
  case Val::Kind::TensorDesc:
    return g.memory.memoryAttribute(base, attr, l);
  case Val::Kind::Int:
  case Val::Kind::Float:
  case Val::Kind::Bool:
    // A number assigned to a local is a scalar tensor in Triton (`acc = 0`
    // then `acc.to(tl.int64)`, `value.dtype`): its dtype and tensor methods
    // are those of the number as a tensor (int32, int64 or uint64; fp32 or
    // fp64; int1).
    if (attr == "dtype" || attr == "to" || attr == "cast") {
      Val t = g.toTensor(base, l, "'." + attr.str() + "'");
      return t ? attributeOf(t, attr, l) : t;
    }
    [[fallthrough]];
  default:
    return g.error(l, "unsupported attribute '" + attr + "' of " + base.typeStr());
  }
}

Val ExprEmitter::genSubscript(const SubscriptExpr &e) {
  Val base = genExpr(*e.value);
  if (!base)
    return base;
  SMLoc l = e.getLoc();
  if (base.kind == Val::Kind::Tuple) {
    if (e.indices.size() != 1 || e.isTuple)
      return g.error(l, "a tuple index must be a single constexpr int");
    const Expr &idx = *e.indices.front();
    int64_t n = base.elems.size();
    if (auto *slice = llvm::dyn_cast<SliceExpr>(&idx)) {
      auto part = [&](const ExprPtr &p, int64_t dflt) -> std::optional<int64_t> {
        if (!p)
          return dflt;
        Val pv = genExpr(*p);
        if (!pv)
          return std::nullopt;
        if (pv.isNone())
          return dflt;
        return g.getConstInt(pv, "a tuple slice bound");
      };
      std::optional<int64_t> step = part(slice->step, 1);
      if (!step)
        return Val();
      if (*step <= 0)
        return g.error(l, "tuple slices need a positive step");
      std::optional<int64_t> lo = part(slice->lower, 0), hi = part(slice->upper, n);
      if (!lo || !hi)
        return Val();
      auto clampIdx = [&](int64_t x) {
        if (x < 0)
          x += n;
        return std::clamp<int64_t>(x, 0, n);
      };
      std::vector<Val> elems;
      for (int64_t i = clampIdx(*lo); i < clampIdx(*hi); i += *step)
        elems.push_back(base.elems[i]);
      return Val::tuple(std::move(elems), l);
    }
    Val iv = genExpr(idx);
    if (!iv)
      return iv;
    std::optional<int64_t> i = g.getConstInt(iv, "a tuple index");
    if (!i)
      return Val();
    int64_t k = *i < 0 ? *i + n : *i;
    if (k < 0 || k >= n)
      return g.error(idx.getLoc(), "tuple index " + Twine(*i) + " out of range");
    return base.elems[k];
  }
  if (!base.isTensor())
    return g.error(l, "'" + base.typeStr() + "' object is not subscriptable");
  // Only ':' (keep a dimension) and None (insert one) are allowed on tensors;
  // as in Triton, a slice's bounds and step may be given as None (`None:`).
  // The message starts as Triton's ("unsupported tensor index").
  const char *badIndex = "unsupported tensor index: only ':' and None are allowed";
  size_t slices = 0;
  for (const ExprPtr &idx : e.indices) {
    if (auto *s = llvm::dyn_cast<SliceExpr>(idx.get())) {
      for (const ExprPtr *part : {&s->lower, &s->upper, &s->step}) {
        if (!*part)
          continue;
        Val v = genExpr(**part);
        if (!v)
          return v;
        if (!v.isNone())
          return g.error(idx->getLoc(), badIndex);
      }
      ++slices;
      continue;
    }
    auto *c = llvm::dyn_cast<ConstantExpr>(idx.get());
    if (!c || c->ckind != ConstantExpr::CKind::None)
      return g.error(idx->getLoc(), badIndex);
  }
  // As in Triton, the i-th index inserts a dimension at i (None) or keeps one
  // (':'); dimensions after the last ':' are kept as they are (`x[None]` of a
  // 1-D x is 1 x N), and more ':' than dimensions is an error.
  if (slices > base.shape.size())
    return g.error(l, "too many indices for tensor of rank " + Twine(base.shape.size()));
  Val cur = base;
  int64_t axis = 0;
  for (const ExprPtr &idx : e.indices) {
    if (llvm::isa<SliceExpr>(idx.get())) {
      ++axis;
      continue;
    }
    if (!(cur = g.expandDims(cur, axis, idx->getLoc())))
      return cur;
    ++axis;
  }
  return cur;
}

Val ExprEmitter::genCompare(const CompareExpr &e) {
  Val lhs = genExpr(*e.operands[0]);
  if (!lhs)
    return lhs;
  Val result;
  for (size_t i = 0; i < e.ops.size(); ++i) {
    Val rhs = genExpr(*e.operands[i + 1]);
    if (!rhs)
      return rhs;
    Val r = g.compare(e.ops[i], lhs, rhs, e.opLocs[i]);
    if (!r)
      return r;
    if (!result) {
      result = r;
    } else if (std::optional<bool> t = g.constexprTruth(result)) {
      if (!*t)
        return result;
      result = r;
    } else {
      result = g.logical(true, result, r, e.opLocs[i]);
      if (!result)
        return result;
    }
    if (std::optional<bool> t = g.constexprTruth(result); t && !*t)
      return result; // Short-circuit like Python.
    lhs = rhs;
  }
  return result;
}

Val ExprEmitter::genBoolOp(const BoolOpExpr &e) {
  bool isAnd = e.op == BoolOpKind::And;
  Val result = genExpr(*e.values[0]);
  for (size_t i = 1; i < e.values.size() && result; ++i) {
    if (std::optional<bool> t = g.constexprTruth(result)) {
      // Python semantics on constexprs: the deciding operand is the result.
      if (*t != isAnd)
        return result;
      result = genExpr(*e.values[i]);
      continue;
    }
    Val next = genExpr(*e.values[i]);
    if (!next)
      return next;
    result = g.logical(isAnd, result, next, e.getLoc());
  }
  return result;
}

Val ExprEmitter::genIfExp(const IfExpExpr &e) {
  Val cond = genExpr(*e.cond);
  if (!cond)
    return cond;
  if (std::optional<bool> t = g.constexprTruth(cond))
    return genExpr(*t ? *e.thenExpr : *e.elseExpr);
  Value c = g.toCondition(cond, e.cond->getLoc(), "a conditional expression");
  if (!c)
    return Val();
  if (g.regionNestingTooDeep(e.getLoc()))
    return Val();
  Location L = g.loc(e.getLoc());
  auto ifOp = scf::IfOp::create(b, L, TypeRange{}, c, /*withElse=*/true);
  Val vals[2];
  const Expr *exprs[2] = {e.thenExpr.get(), e.elseExpr.get()};
  Block *blocks[2] = {ifOp.thenBlock(), ifOp.elseBlock()};
  {
    OpBuilder::InsertionGuard guard(b);
    for (int k = 0; k < 2; ++k) {
      b.setInsertionPoint(blocks[k]->getTerminator());
      vals[k] = genExpr(*exprs[k]);
      if (vals[k])
        vals[k] = g.stmts.materialize(vals[k], exprs[k]->getLoc(), "conditional expression");
      if (!vals[k])
        return vals[k];
    }
  }
  if (!MemoryEmitter::sameRuntimeType(vals[0], vals[1]))
    return g.error(e.getLoc(), "Ternary expression with dynamic condition has inconsistent "
                               "types " +
                                   vals[0].typeStr() + " and " + vals[1].typeStr());
  // Block pointers and tensor descriptors are merged component by component.
  llvm::SmallVector<Value> flat[2];
  for (int k = 0; k < 2; ++k)
    MemoryEmitter::flattenRuntime(vals[k], flat[k]);
  Operation *newIf = g.stmts.finishIf(ifOp, flat[0], flat[1], L);
  llvm::SmallVector<Value> results(newIf->getResults());
  llvm::ArrayRef<Value> rest = results;
  return MemoryEmitter::rebuildRuntime(vals[0], rest, e.getLoc());
}

Val ExprEmitter::genCall(const CallExpr &e) {
  Val callee = genExpr(*e.callee);
  if (!callee)
    return callee;
  std::vector<Val> args;
  for (const ExprPtr &a : e.args) {
    if (auto *star = llvm::dyn_cast<StarredExpr>(a.get())) {
      Val t = genExpr(*star->value);
      if (!t)
        return t;
      if (t.kind != Val::Kind::Tuple)
        return g.error(star->getLoc(), "cannot unpack " + t.typeStr());
      args.insert(args.end(), t.elems.begin(), t.elems.end());
      continue;
    }
    Val v = genExpr(*a);
    if (!v)
      return v;
    args.push_back(std::move(v));
  }
  std::vector<std::pair<std::string, Val>> kwargs;
  for (const Keyword &kw : e.keywords) {
    Val v = genExpr(*kw.value);
    if (!v)
      return v;
    kwargs.emplace_back(kw.name, std::move(v));
  }
  SMLoc l = e.getLoc();
  if (callee.kind == Val::Kind::Function)
    return g.stmts.inlineCall(*callee.fn, std::move(args), std::move(kwargs), l);
  if (callee.kind == Val::Kind::DTypeObj)
    return g.pyObjects.callPythonObject(callee, std::move(args), std::move(kwargs), l);
  if (callee.kind == Val::Kind::Builtin) {
    StringRef name = callee.s;
    if (name.consume_front("method:"))
      return g.builtins.callMethod(callee.elems.front(), name, std::move(args), std::move(kwargs),
                                   l);
    if (name.starts_with("type:") || name.starts_with("class:"))
      return g.pyObjects.callPythonObject(callee, std::move(args), std::move(kwargs), l);
    if (name.consume_front("dtype:")) {
      DType dt = callee.elems.front().dtype;
      std::optional<bool> r = basicDTypePredicate(dt, name);
      if (!r)
        return g.error(l, "unsupported dtype method '" + name + "'");
      return Val::boolean(*r, l);
    }
    return g.builtins.callBuiltin(name, std::move(args), std::move(kwargs), l);
  }
  return g.error(l, "'" + callee.typeStr() + "' object is not callable");
}
