//===- MLIRGenStmt.cpp - StmtEmitter: statements and control flow ---------===//
//
// Constexpr conditions are folded (only the taken branch is generated);
// runtime conditions and loops become scf.if / scf.for / scf.while carrying
// the variables the body assigns. @jit callees are inlined.
//
//===----------------------------------------------------------------------===//
#include "MLIRGen.h"
#include "tilec/Frontend/Parser.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

StmtEmitter::Flow StmtEmitter::genBlock(llvm::ArrayRef<StmtPtr> stmts, const Continuation *cont) {
  for (size_t i = 0; i < stmts.size(); ++i) {
    Flow f;
    if (auto *ifStmt = llvm::dyn_cast<IfStmt>(stmts[i].get())) {
      Continuation rest{stmts.drop_front(i + 1), cont};
      f = genIf(*ifStmt, &rest);
    } else {
      f = genStmt(*stmts[i]);
    }
    if (f != Flow::Normal)
      return f;
  }
  return Flow::Normal;
}

StmtEmitter::Flow StmtEmitter::genContinuation(const Continuation *cont) {
  for (; cont; cont = cont->next) {
    Flow f = genBlock(cont->stmts, cont->next);
    if (f != Flow::Normal)
      return f;
  }
  return Flow::Normal;
}

bool StmtEmitter::containsReturn(const StmtList &stmts) {
  return llvm::any_of(stmts, [](const StmtPtr &s) {
    if (llvm::isa<ReturnStmt>(s.get()))
      return true;
    auto *i = llvm::dyn_cast<IfStmt>(s.get());
    return i && (containsReturn(i->thenBody) || containsReturn(i->elseBody));
  });
}

int StmtEmitter::loopDepthOverFrames() const {
  int depth = 0;
  for (const MLIRGen::Frame &f : g.frames)
    depth += f.runtimeDepth;
  return depth;
}

/// Triton's error for a return inside a runtime loop.
static constexpr const char *kReturnInLoopError =
    "Cannot have `return` statements inside `while` or `for` statements in "
    "triton (note that this also applies to `return` statements that are "
    "inside functions transitively called from within `while`/`for` "
    "statements)";

StmtEmitter::Flow StmtEmitter::genStmt(const Stmt &s) {
  SMLoc l = s.getLoc();
  if (g.stackExhausted(l))
    return Flow::Error;
  switch (s.getKind()) {
  case Stmt::Kind::FunctionDef:
    g.error(l, "unsupported statement 'def'");
    return Flow::Error;
  case Stmt::Kind::Assign: {
    auto &a = llvm::cast<AssignStmt>(s);
    Val v = g.exprs.genExpr(*a.value);
    if (!v)
      return Flow::Error;
    for (const ExprPtr &t : a.targets)
      if (genAssign(*t, v, l) == Flow::Error)
        return Flow::Error;
    return Flow::Normal;
  }
  case Stmt::Kind::AnnAssign: {
    auto &a = llvm::cast<AnnAssignStmt>(s);
    if (!a.value)
      return Flow::Normal;
    Val v = g.exprs.genExpr(*a.value);
    if (!v)
      return Flow::Error;
    if (isConstexprAnnotation(a.annotation.get()) && v.isTensor()) {
      g.error(a.value->getLoc(), "value annotated tl.constexpr is not a "
                                 "compile-time constant (got " +
                                     v.typeStr() + ")");
      return Flow::Error;
    }
    return genAssign(*a.target, v, l, isConstexprAnnotation(a.annotation.get()));
  }
  case Stmt::Kind::AugAssign: {
    auto &a = llvm::cast<AugAssignStmt>(s);
    auto *name = llvm::dyn_cast<NameExpr>(a.target.get());
    if (!name) {
      g.error(a.target->getLoc(), "unsupported assignment target: only names "
                                  "can be assigned in tilec kernels");
      return Flow::Error;
    }
    Val cur = g.exprs.lookupName(name->name, name->getLoc());
    if (!cur)
      return Flow::Error;
    Val rhs = g.exprs.genExpr(*a.value);
    if (!rhs)
      return Flow::Error;
    Val r = g.binary(a.op, cur, rhs, a.opLoc);
    if (!r)
      return Flow::Error;
    return genAssign(*a.target, r, l);
  }
  case Stmt::Kind::If:
    return genIf(llvm::cast<IfStmt>(s), nullptr);
  case Stmt::Kind::For:
    return genFor(llvm::cast<ForStmt>(s));
  case Stmt::Kind::While:
    return genWhile(llvm::cast<WhileStmt>(s));
  case Stmt::Kind::Return: {
    auto &r = llvm::cast<ReturnStmt>(s);
    if (g.frames.back().runtimeDepth > 0) {
      g.error(l, kReturnInLoopError);
      return Flow::Error;
    }
    Val v = r.value ? g.exprs.genExpr(*r.value) : Val::none(l);
    if (!v)
      return Flow::Error;
    g.frames.back().returnValue = v;
    return Flow::Returned;
  }
  case Stmt::Kind::Pass:
    return Flow::Normal;
  case Stmt::Kind::Break:
    g.error(l, "'break' is not supported in tilec kernels");
    return Flow::Error;
  case Stmt::Kind::Continue:
    g.error(l, "'continue' is not supported in tilec kernels");
    return Flow::Error;
  case Stmt::Kind::ExprStmt: {
    const Expr &e = *llvm::cast<ExprStmt>(s).value;
    Val v = g.exprs.genExpr(e);
    if (!v)
      return Flow::Error;
    if (MemoryEmitter::isDiscardedAdvance(e, v)) {
      g.error(e.getLoc(), "tl.advance does not have any side effects; to move the "
                          "block pointer, assign the result of tl.advance to a "
                          "variable");
      return Flow::Error;
    }
    return Flow::Normal;
  }
  case Stmt::Kind::Assert: {
    auto &a = llvm::cast<AssertStmt>(s);
    Val t = g.exprs.genExpr(*a.test);
    if (!t)
      return Flow::Error;
    std::optional<bool> truth = g.constexprTruth(t);
    if (truth && !*truth) {
      std::string msg = "assertion failed";
      if (a.msg) {
        Val m = g.exprs.genExpr(*a.msg);
        if (m.kind == Val::Kind::Str)
          msg += ": " + m.s;
      }
      g.error(a.test->getLoc(), msg);
      return Flow::Error;
    }
    if (truth)
      return Flow::Normal;
    // A runtime condition is checked when the kernel runs (tl.device_assert).
    std::vector<Val> assertArgs = {t};
    if (a.msg) {
      Val m = g.exprs.genExpr(*a.msg);
      if (!m)
        return Flow::Error;
      assertArgs.push_back(m);
    }
    return g.debugOps.deviceAssert(assertArgs, {}, a.test->getLoc()) ? Flow::Normal : Flow::Error;
  }
  }
  return Flow::Error;
}

/// The first int in `v` (or its tuples) that no tensor dtype holds.
static const Val *nonrepresentableInt(const Val &v) {
  if (v.kind == Val::Kind::Int && !dtypeOfInt(v.big).isValid())
    return &v;
  if (v.kind == Val::Kind::Tuple)
    for (const Val &e : v.elems)
      if (const Val *bad = nonrepresentableInt(e))
        return bad;
  return nullptr;
}

StmtEmitter::Flow StmtEmitter::genAssign(const Expr &target, Val value, SMLoc l,
                                         bool constexprAnnotated) {
  if (auto *name = llvm::dyn_cast<NameExpr>(&target)) {
    if (const Val *bad = constexprAnnotated ? nullptr : nonrepresentableInt(value)) {
      g.nonrepresentable(*bad, l);
      return Flow::Error;
    }
    value.loc = name->getLoc();
    (*g.vars)[name->name] = std::move(value);
    return Flow::Normal;
  }
  if (auto *tuple = llvm::dyn_cast<TupleExpr>(&target)) {
    if (value.kind != Val::Kind::Tuple) {
      g.error(target.getLoc(), "cannot unpack " + value.typeStr() + " into " +
                                   Twine(tuple->elts.size()) + " targets");
      return Flow::Error;
    }
    if (value.elems.size() != tuple->elts.size()) {
      g.error(target.getLoc(), "cannot unpack a tuple of " + Twine(value.elems.size()) +
                                   " values into " + Twine(tuple->elts.size()) + " targets");
      return Flow::Error;
    }
    for (size_t i = 0; i < tuple->elts.size(); ++i)
      if (genAssign(*tuple->elts[i], value.elems[i], l, constexprAnnotated) == Flow::Error)
        return Flow::Error;
    return Flow::Normal;
  }
  g.error(target.getLoc(), "unsupported assignment target: only names and tuples of names can be "
                           "assigned in tilec kernels");
  return Flow::Error;
}

void StmtEmitter::collectAssigned(const StmtList &stmts, std::vector<std::string> &out) {
  std::function<void(const Expr &)> addTarget = [&](const Expr &t) {
    if (auto *n = llvm::dyn_cast<NameExpr>(&t)) {
      if (!llvm::is_contained(out, n->name))
        out.push_back(n->name);
    } else if (auto *tu = llvm::dyn_cast<TupleExpr>(&t))
      for (const ExprPtr &e : tu->elts)
        addTarget(*e);
  };
  for (const StmtPtr &s : stmts) {
    if (auto *a = llvm::dyn_cast<AssignStmt>(s.get()))
      for (const ExprPtr &t : a->targets)
        addTarget(*t);
    else if (auto *a = llvm::dyn_cast<AnnAssignStmt>(s.get()))
      addTarget(*a->target);
    else if (auto *a = llvm::dyn_cast<AugAssignStmt>(s.get()))
      addTarget(*a->target);
    else if (auto *i = llvm::dyn_cast<IfStmt>(s.get())) {
      collectAssigned(i->thenBody, out);
      collectAssigned(i->elseBody, out);
    } else if (auto *f = llvm::dyn_cast<ForStmt>(s.get())) {
      addTarget(*f->target);
      collectAssigned(f->body, out);
    } else if (auto *w = llvm::dyn_cast<WhileStmt>(s.get()))
      collectAssigned(w->body, out);
  }
}

Val StmtEmitter::materialize(const Val &v, SMLoc l, StringRef name) {
  if (v.isTensor() || v.isBlockPtrLike())
    return v;
  if (v.isNumber())
    return g.toTensor(v, l, name);
  return g.error(l, "variable '" + name + "' of type " + v.typeStr() +
                        " cannot be carried through runtime control flow");
}

Operation *StmtEmitter::finishIf(Operation *op, llvm::ArrayRef<Value> thenVals,
                                 llvm::ArrayRef<Value> elseVals, Location l) {
  auto oldIf = llvm::cast<scf::IfOp>(op);
  if (thenVals.empty())
    return oldIf;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(oldIf);
  llvm::SmallVector<Type> types;
  for (Value v : thenVals)
    types.push_back(v.getType());
  auto newIf = scf::IfOp::create(b, l, types, oldIf.getCondition(), true);
  newIf.getThenRegion().takeBody(oldIf.getThenRegion());
  newIf.getElseRegion().takeBody(oldIf.getElseRegion());
  for (auto [block, vals] :
       {std::make_pair(newIf.thenBlock(), thenVals), std::make_pair(newIf.elseBlock(), elseVals)}) {
    Operation *term = block->getTerminator();
    b.setInsertionPoint(term);
    scf::YieldOp::create(b, l, vals);
    term->erase();
  }
  oldIf.erase();
  return newIf;
}

StmtEmitter::Flow StmtEmitter::genIf(const IfStmt &s, const Continuation *cont) {
  Val cond = g.exprs.genExpr(*s.cond);
  if (!cond)
    return Flow::Error;
  if (std::optional<bool> t = g.constexprTruth(cond))
    return genBlock(*t ? s.thenBody : s.elseBody, cont);
  Value c = g.toCondition(cond, s.cond->getLoc(), "'if'");
  if (!c)
    return Flow::Error;
  if (containsReturn(s.thenBody) || containsReturn(s.elseBody))
    return genReturningIf(s, c, cont);
  if (g.regionNestingTooDeep(s.getLoc()))
    return Flow::Error;
  Location L = g.loc(s.getLoc());
  auto ifOp = scf::IfOp::create(b, L, TypeRange{}, c, /*withElse=*/true);
  MLIRGen::Scope before = *g.vars;
  MLIRGen::Scope branchScopes[2];
  const StmtList *bodies[2] = {&s.thenBody, &s.elseBody};
  Block *blocks[2] = {ifOp.thenBlock(), ifOp.elseBlock()};
  {
    OpBuilder::InsertionGuard guard(b);
    for (int k = 0; k < 2; ++k) {
      *g.vars = before;
      b.setInsertionPoint(blocks[k]->getTerminator());
      if (genBlock(*bodies[k]) != Flow::Normal)
        return Flow::Error;
      branchScopes[k] = std::move(*g.vars);
    }
  }
  // Merge: names bound in both branches survive; differing values are yielded.
  std::vector<std::string> names;
  for (auto &entry : branchScopes[0])
    if (branchScopes[1].count(entry.getKey()))
      names.push_back(entry.getKey().str());
  llvm::sort(names);
  MLIRGen::Scope merged;
  std::vector<std::string> yielded;
  llvm::SmallVector<Value> vals[2];
  llvm::SmallVector<Val> yieldedVals;
  for (const std::string &name : names) {
    Val tv = branchScopes[0][name], ev = branchScopes[1][name];
    if (MLIRGen::sameVal(tv, ev)) {
      merged[name] = tv;
      continue;
    }
    bool canCarry = ((tv.isTensor() || tv.isNumber()) && (ev.isTensor() || ev.isNumber())) ||
                    (tv.isBlockPtrLike() && ev.isBlockPtrLike());
    if (!canCarry) {
      if (before.count(name)) {
        g.error(s.getLoc(), "variable '" + name + "' is assigned values of type " + tv.typeStr() +
                                " and " + ev.typeStr() + " in the branches of a runtime 'if'");
        return Flow::Error;
      }
      continue; // Branch-local; not visible after the 'if'.
    }
    Val m[2];
    const Val *src[2] = {&tv, &ev};
    for (int k = 0; k < 2; ++k) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(blocks[k]->getTerminator());
      if (!(m[k] = materialize(*src[k], s.getLoc(), name)))
        return Flow::Error;
    }
    if (!MemoryEmitter::sameRuntimeType(m[0], m[1])) {
      g.error(s.getLoc(), "Mismatched type for " + name + " between then block (" + m[0].typeStr() +
                              ") and else block (" + m[1].typeStr() + ")");
      return Flow::Error;
    }
    yielded.push_back(name);
    yieldedVals.push_back(m[0]);
    MemoryEmitter::flattenRuntime(m[0], vals[0]);
    MemoryEmitter::flattenRuntime(m[1], vals[1]);
  }
  Operation *newIf = finishIf(ifOp, vals[0], vals[1], L);
  llvm::SmallVector<Value> results(newIf->getResults());
  llvm::ArrayRef<Value> rest = results;
  for (size_t i = 0; i < yielded.size(); ++i)
    merged[yielded[i]] = MemoryEmitter::rebuildRuntime(yieldedVals[i], rest, s.getLoc());
  *g.vars = std::move(merged);
  return Flow::Normal;
}

namespace {
/// Merges the values two paths return into one: equal values pass through,
/// runtime values (and constexpr numbers, decayed to tensors as Triton does)
/// become results of the scf.if, tuples are merged element by element.
struct ReturnMerger {
  MLIRGen &g;
  mlir::Block *blocks[2];
  SMLoc loc;
  /// Values yielded by each branch and the Val each result stands for.
  llvm::SmallVector<Value> yields[2];
  llvm::SmallVector<Val> results;

  /// Returns a template of the merged value: leaves that become results are
  /// tensors with a null value whose `i` is the result index.
  std::optional<Val> merge(const Val &t, const Val &e) {
    if (t.isNone() && e.isNone())
      return t;
    if (MLIRGen::sameVal(t, e) && !t.isNone())
      return t;
    if (t.kind == Val::Kind::Tuple && e.kind == Val::Kind::Tuple &&
        t.elems.size() == e.elems.size()) {
      std::vector<Val> elems;
      for (size_t i = 0; i < t.elems.size(); ++i) {
        std::optional<Val> m = merge(t.elems[i], e.elems[i]);
        if (!m)
          return std::nullopt;
        elems.push_back(*m);
      }
      return Val::tuple(std::move(elems), loc);
    }
    auto runtimeLike = [](const Val &v) { return v.isTensor() || v.isNumber(); };
    if (!runtimeLike(t) || !runtimeLike(e))
      return inconsistent(t, e);
    Val m[2];
    const Val *src[2] = {&t, &e};
    for (int k = 0; k < 2; ++k) {
      mlir::OpBuilder::InsertionGuard guard(g.b);
      g.b.setInsertionPoint(blocks[k]->getTerminator());
      if (!(m[k] = g.stmts.materialize(*src[k], loc, "return value")))
        return std::nullopt;
    }
    if (m[0].dtype != m[1].dtype || m[0].shape != m[1].shape)
      return inconsistent(m[0], m[1]);
    yields[0].push_back(m[0].value);
    yields[1].push_back(m[1].value);
    Val leaf = Val::tensor(Value(), m[0].dtype, m[0].shape, loc);
    leaf.i = int64_t(results.size());
    results.push_back(leaf);
    return leaf;
  }

  std::optional<Val> inconsistent(const Val &t, const Val &e) {
    g.error(loc, "Return type mismatch: " + t.typeStr() + " and " + e.typeStr());
    return std::nullopt;
  }

  /// Replaces the template's leaves by the results of `ifOp`.
  Val resolve(const Val &tmpl, mlir::Operation *ifOp) {
    if (tmpl.kind == Val::Kind::Tuple) {
      std::vector<Val> elems;
      for (const Val &e : tmpl.elems)
        elems.push_back(resolve(e, ifOp));
      return Val::tuple(std::move(elems), tmpl.loc);
    }
    if (tmpl.isTensor() && !tmpl.value)
      return Val::tensor(ifOp->getResult(tmpl.i), tmpl.dtype, tmpl.shape, tmpl.loc);
    return tmpl;
  }
};
} // namespace

StmtEmitter::Flow StmtEmitter::genReturningIf(const IfStmt &s, Value c, const Continuation *cont) {
  if (loopDepthOverFrames() > 0) {
    g.error(s.getLoc(), kReturnInLoopError);
    return Flow::Error;
  }
  if (g.staticRangeDepth > 0) {
    g.error(s.getLoc(), "'return' inside a runtime 'if' in the body of "
                        "tl.static_range is not supported in tilec kernels");
    return Flow::Error;
  }
  if (g.regionNestingTooDeep(s.getLoc()))
    return Flow::Error;
  Location L = g.loc(s.getLoc());
  auto ifOp = scf::IfOp::create(b, L, TypeRange{}, c, /*withElse=*/true);
  MLIRGen::Scope before = *g.vars;
  const StmtList *bodies[2] = {&s.thenBody, &s.elseBody};
  ReturnMerger merger{g, {ifOp.thenBlock(), ifOp.elseBlock()}, s.getLoc(), {}, {}};
  Val returned[2];
  for (int k = 0; k < 2; ++k) {
    OpBuilder::InsertionGuard guard(b);
    *g.vars = before;
    b.setInsertionPoint(merger.blocks[k]->getTerminator());
    g.frames.back().returnValue = Val::none(s.getLoc());
    Flow f = genBlock(*bodies[k], cont);
    if (f == Flow::Normal)
      f = genContinuation(cont);
    if (f == Flow::Error)
      return Flow::Error;
    returned[k] = g.frames.back().returnValue;
  }
  *g.vars = std::move(before);
  std::optional<Val> tmpl = merger.merge(returned[0], returned[1]);
  if (!tmpl)
    return Flow::Error;
  Operation *newIf = finishIf(ifOp, merger.yields[0], merger.yields[1], L);
  g.frames.back().returnValue = merger.resolve(*tmpl, newIf);
  return Flow::Returned;
}

/// Names assigned in `body` that exist before the loop, materialized so they
/// can be carried; fills `carried` (names) and `inits` (their values).
static bool prepareCarried(MLIRGen &g, const StmtList &body, StringRef skip, SMLoc l,
                           std::vector<std::string> &carried, llvm::SmallVectorImpl<Val> &inits) {
  std::vector<std::string> assigned;
  StmtEmitter::collectAssigned(body, assigned);
  for (const std::string &name : assigned) {
    if (name == skip)
      continue;
    auto it = g.vars->find(name);
    if (it == g.vars->end())
      continue;
    Val v = it->second;
    if (!v.isTensor() && !v.isNumber() && !v.isBlockPtrLike())
      continue;
    if (!(v = g.stmts.materialize(v, l, name)))
      return false;
    it->second = v;
    carried.push_back(name);
    inits.push_back(v);
  }
  return true;
}

/// Checks the values of carried names at the end of a loop body and collects
/// them; also rejects changes to constexpr values that cannot be carried.
static bool collectYields(MLIRGen &g, const MLIRGen::Scope &before, const StmtList &body,
                          StringRef skip, const std::vector<std::string> &carried,
                          llvm::ArrayRef<Val> inits, SMLoc l, llvm::SmallVectorImpl<Value> &out) {
  for (size_t i = 0; i < carried.size(); ++i) {
    Val v = g.vars->lookup(carried[i]);
    if (!(v = g.stmts.materialize(v, l, carried[i])))
      return false;
    if (!MemoryEmitter::sameRuntimeType(v, inits[i])) {
      g.error(l, "loop-carried variable '" + carried[i] + "' has type " + inits[i].typeStr() +
                     " before the loop but " + v.typeStr() + " at the end of the loop body");
      return false;
    }
    MemoryEmitter::flattenRuntime(v, out);
  }
  std::vector<std::string> assigned;
  StmtEmitter::collectAssigned(body, assigned);
  for (const std::string &name : assigned) {
    if (name == skip || llvm::is_contained(carried, name))
      continue;
    auto it = before.find(name);
    if (it != before.end() && !MLIRGen::sameVal(it->second, g.vars->lookup(name))) {
      g.error(l, "variable '" + name + "' of type " + it->second.typeStr() +
                     " cannot be reassigned inside a loop");
      return false;
    }
  }
  return true;
}

StmtEmitter::Flow StmtEmitter::genFor(const ForStmt &s) {
  auto *call = llvm::dyn_cast<CallExpr>(s.iter.get());
  Val callee = call ? g.exprs.genExpr(*call->callee) : Val();
  if (call && !callee)
    return Flow::Error;
  if (!call || callee.kind != Val::Kind::Builtin ||
      !llvm::is_contained({"range", "tl.range", "tl.static_range"}, callee.s)) {
    g.error(s.iter->getLoc(), "unsupported iterator in 'for' loop: only range(), "
                              "tl.range() and tl.static_range() are supported");
    return Flow::Error;
  }
  auto *target = llvm::dyn_cast<NameExpr>(s.target.get());
  if (!target) {
    g.error(s.target->getLoc(), "unsupported loop target: only a name is allowed");
    return Flow::Error;
  }
  std::vector<Val> args;
  for (const ExprPtr &a : call->args) {
    Val v = g.exprs.genExpr(*a);
    if (!v)
      return Flow::Error;
    args.push_back(v);
  }
  Val stepKw;
  for (const Keyword &kw : call->keywords) {
    if (callee.s == "range") {
      g.error(kw.loc, "range() takes no keyword arguments");
      return Flow::Error;
    }
    if (kw.name == "step" || kw.name == "arg2") {
      if (!(stepKw = g.exprs.genExpr(*kw.value)))
        return Flow::Error;
    }
    // Other tl.range arguments (num_stages, loop_unroll_factor, ...) are
    // scheduling hints: accepted and ignored.
  }
  if (args.empty() || args.size() > 3) {
    g.error(call->getLoc(), callee.s + "() expects 1 to 3 arguments, got " + Twine(args.size()));
    return Flow::Error;
  }
  SMLoc l = s.getLoc();
  Val start = args.size() == 1 ? Val::integer(0, l) : args[0];
  Val end = args.size() == 1 ? args[0] : args[1];
  Val step = args.size() == 3 ? args[2] : stepKw ? stepKw : Val::integer(1, l);

  if (callee.s == "tl.static_range") {
    std::optional<int64_t> lo = g.getConstInt(start, "tl.static_range start");
    std::optional<int64_t> hi = lo ? g.getConstInt(end, "tl.static_range end") : std::nullopt;
    std::optional<int64_t> st = hi ? g.getConstInt(step, "tl.static_range step") : std::nullopt;
    if (!st)
      return Flow::Error;
    if (*st == 0) {
      g.error(call->getLoc(), "tl.static_range() step must not be zero");
      return Flow::Error;
    }
    int64_t count = 0;
    // The last increment may pass INT64_MAX (MIN): the unrolling ends there.
    bool done = false;
    for (int64_t i = *lo; !done && (*st > 0 ? i < *hi : i > *hi);
         done = __builtin_add_overflow(i, *st, &i)) {
      if (++count > 4096) {
        g.error(call->getLoc(), "tl.static_range() unrolls more than 4096 iterations");
        return Flow::Error;
      }
      (*g.vars)[target->name] = Val::integer(i, target->getLoc());
      ++g.staticRangeDepth;
      Flow f = genBlock(s.body);
      --g.staticRangeDepth;
      if (f != Flow::Normal)
        return f;
    }
    return Flow::Normal;
  }

  // Runtime loop: bounds are i32 unless one needs i64.
  bool wide = false;
  for (Val *v : {&start, &end, &step}) {
    if (v->isTensor()) {
      if (!v->dtype.isInt() || v->isBlock()) {
        g.error(v->loc, "loop bounds must be integer scalars, got " + v->typeStr());
        return Flow::Error;
      }
      wide |= v->dtype.bitwidth() == 64;
    } else if (v->kind == Val::Kind::Int || v->kind == Val::Kind::Bool) {
      if (!g.getConstInt(*v, "a loop bound"))
        return Flow::Error;
      wide |= v->i < INT32_MIN || v->i > INT32_MAX;
    } else {
      g.error(v->loc, "loop bounds must be integers, got " + v->typeStr());
      return Flow::Error;
    }
  }
  if (!step.isTensor() && (step.i == 0 || step.i == INT64_MIN)) {
    g.error(step.loc, step.i == 0 ? "range() step must not be zero" : "range() step out of range");
    return Flow::Error;
  }
  // A constant negative step counts down: i = lo, lo + step, ... while
  // i > hi. The loop then runs over u = ~i (~ is strictly decreasing and
  // never overflows) from ~lo up to ~hi by -step, and i = ~u.
  bool descending = !step.isTensor() && step.i < 0;
  Val stepUp = descending ? Val::integer(-step.i, step.loc) : step;
  // Constant bounds whose last increment would pass INT32_MAX (range(0,
  // 2**31 - 1, 2**30)) count in i64: an i32 counter would wrap and never end.
  if (!wide && !start.isTensor() && !end.isTensor() && !step.isTensor()) {
    int64_t lo = descending ? ~start.i : start.i, hi = descending ? ~end.i : end.i;
    int64_t st = stepUp.i;
    if (lo < hi && lo + ((hi - 1 - lo) / st) * st + st > INT32_MAX)
      wide = true;
  }
  // So do runtime i32 bounds unless the step is 1 or -1 (the counter then
  // never passes hi): range(0, n, 2**30) with n = 2**31 - 1 would wrap. The
  // body still sees an i32 induction variable.
  bool runtimeBounds = start.isTensor() || end.isTensor() || step.isTensor();
  DType ivType(wide ? DType::I64 : DType::I32);
  DType counterType(wide || (runtimeBounds && (step.isTensor() || stepUp.i != 1)) ? DType::I64
                                                                                  : DType::I32);
  Value bounds[3];
  Val *bvals[3] = {&start, &end, &stepUp};
  Location L = g.loc(l);
  for (int k = 0; k < 3; ++k) {
    Val v = bvals[k]->isTensor() ? g.cast(*bvals[k], counterType, bvals[k]->loc)
                                 : g.constant(*bvals[k], counterType, {}, bvals[k]->loc);
    if (!v)
      return Flow::Error;
    bounds[k] = v.value;
  }
  // Counting down runs over u = i ^ mask with mask all ones (u = ~i): for a
  // constant negative step, and for a runtime step its sign (step >> 63),
  // which also makes the step |step|. A runtime step of 0 runs no iteration
  // (Python raises ValueError; a kernel must not hang).
  Value mask;
  Type counter = bounds[0].getType();
  if (descending)
    mask = arith::ConstantOp::create(b, L, b.getIntegerAttr(counter, -1));
  if (step.isTensor()) {
    Value zero = arith::ConstantOp::create(b, L, b.getIntegerAttr(counter, 0));
    Value isZero = arith::CmpIOp::create(b, L, arith::CmpIPredicate::eq, bounds[2], zero);
    bounds[1] = arith::SelectOp::create(b, L, isZero, bounds[0], bounds[1]);
    Value shift = arith::ConstantOp::create(
        b, L, b.getIntegerAttr(counter, counter.getIntOrFloatBitWidth() - 1));
    mask = arith::ShRSIOp::create(b, L, bounds[2], shift);
    bounds[2] = arith::SubIOp::create(b, L, arith::XOrIOp::create(b, L, bounds[2], mask), mask);
  }
  if (mask) {
    bounds[0] = arith::XOrIOp::create(b, L, bounds[0], mask);
    bounds[1] = arith::XOrIOp::create(b, L, bounds[1], mask);
  }
  // An i64 counter stepping by more than 1 can pass INT64_MAX after its last
  // iteration (range(5, 2**63 - 1, 2**63 - 2)), wrap and run again or forever.
  // Unless constant bounds show it cannot, the loop runs over the trip count
  // k in [0, ceil((hi - lo) / step)) (unsigned: hi - lo and a step of 2**63
  // fit) and the counter is lo + k * step, which never passes hi. The count
  // is kept below 2**63 (only a step of 1 reaches more).
  Value tripLo, tripStep;
  if (counterType.bitwidth() == 64 && ivType.bitwidth() == 64 &&
      (step.isTensor() || stepUp.i != 1)) {
    bool safe = false;
    if (!runtimeBounds) {
      __int128 lo = descending ? ~start.i : start.i, hi = descending ? ~end.i : end.i;
      safe = lo >= hi || lo + (hi - 1 - lo) / stepUp.i * stepUp.i + stepUp.i <= INT64_MAX;
    }
    if (!safe) {
      Type i64 = b.getI64Type();
      auto c64 = [&](int64_t v) { return arith::ConstantOp::create(b, L, b.getIntegerAttr(i64, v)); };
      Value zero = c64(0), one = c64(1);
      Value nonEmpty = arith::CmpIOp::create(b, L, arith::CmpIPredicate::slt, bounds[0], bounds[1]);
      Value diff = arith::SubIOp::create(b, L, bounds[1], bounds[0]);
      // A runtime step of 0 already made the range empty; divide by 1 then.
      Value stepIsZero = arith::CmpIOp::create(b, L, arith::CmpIPredicate::eq, bounds[2], zero);
      Value divisor = arith::SelectOp::create(b, L, stepIsZero, one, bounds[2]);
      Value quot = arith::DivUIOp::create(b, L, diff, divisor);
      Value rem = arith::RemUIOp::create(b, L, diff, divisor);
      Value partial = arith::ExtUIOp::create(
          b, L, i64, arith::CmpIOp::create(b, L, arith::CmpIPredicate::ne, rem, zero));
      Value trips = arith::AddIOp::create(b, L, quot, partial);
      Value tooMany = arith::CmpIOp::create(b, L, arith::CmpIPredicate::slt, trips, zero);
      trips = arith::SelectOp::create(b, L, tooMany, c64(INT64_MAX), trips);
      trips = arith::SelectOp::create(b, L, nonEmpty, trips, zero);
      tripLo = bounds[0];
      tripStep = bounds[2];
      bounds[0] = zero;
      bounds[1] = trips;
      bounds[2] = one;
    }
  }
  std::vector<std::string> carried;
  llvm::SmallVector<Val> inits;
  if (!prepareCarried(g, s.body, target->name, l, carried, inits))
    return Flow::Error;
  llvm::SmallVector<Value> initValues;
  for (const Val &v : inits)
    MemoryEmitter::flattenRuntime(v, initValues);
  if (g.regionNestingTooDeep(l))
    return Flow::Error;
  auto forOp = scf::ForOp::create(b, L, bounds[0], bounds[1], bounds[2], initValues);
  MLIRGen::Scope before = *g.vars;
  {
    OpBuilder::InsertionGuard guard(b);
    Block *body = forOp.getBody();
    if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
      b.setInsertionPoint(&body->back());
    else
      b.setInsertionPointToEnd(body);
    Value iv = forOp.getInductionVar();
    if (tripLo)
      iv = arith::AddIOp::create(b, L, tripLo, arith::MulIOp::create(b, L, iv, tripStep));
    if (mask)
      iv = arith::XOrIOp::create(b, L, iv, mask);
    if (counterType.bitwidth() != ivType.bitwidth())
      iv = arith::TruncIOp::create(b, L, b.getI32Type(), iv);
    (*g.vars)[target->name] = Val::tensor(iv, ivType, {}, target->getLoc());
    llvm::SmallVector<Value> iterArgs(forOp.getRegionIterArgs());
    llvm::ArrayRef<Value> rest = iterArgs;
    for (size_t i = 0; i < carried.size(); ++i)
      (*g.vars)[carried[i]] = MemoryEmitter::rebuildRuntime(inits[i], rest, l);
    ++g.frames.back().runtimeDepth;
    if (genBlock(s.body) != Flow::Normal)
      return Flow::Error;
    --g.frames.back().runtimeDepth;
    llvm::SmallVector<Value> yields;
    if (!collectYields(g, before, s.body, target->name, carried, inits, l, yields))
      return Flow::Error;
    if (!carried.empty())
      scf::YieldOp::create(b, L, yields);
  }
  *g.vars = std::move(before);
  llvm::SmallVector<Value> forResults(forOp.getResults());
  llvm::ArrayRef<Value> rest = forResults;
  for (size_t i = 0; i < carried.size(); ++i)
    (*g.vars)[carried[i]] = MemoryEmitter::rebuildRuntime(inits[i], rest, l);
  return Flow::Normal;
}

StmtEmitter::Flow StmtEmitter::genWhile(const WhileStmt &s) {
  SMLoc l = s.getLoc();
  std::vector<std::string> carried;
  llvm::SmallVector<Val> inits;
  if (!prepareCarried(g, s.body, "", l, carried, inits))
    return Flow::Error;
  llvm::SmallVector<Value> initValues;
  llvm::SmallVector<Type> types;
  llvm::SmallVector<Location> locs;
  Location L = g.loc(l);
  for (const Val &v : inits)
    MemoryEmitter::flattenRuntime(v, initValues);
  for (Value v : initValues) {
    types.push_back(v.getType());
    locs.push_back(L);
  }
  if (g.regionNestingTooDeep(l))
    return Flow::Error;
  auto whileOp = scf::WhileOp::create(b, L, types, initValues);
  MLIRGen::Scope before = *g.vars;
  {
    OpBuilder::InsertionGuard guard(b);
    auto bindArgs = [&](Block *blk) {
      llvm::SmallVector<Value> blockArgs(blk->getArguments());
      llvm::ArrayRef<Value> rest = blockArgs;
      for (size_t i = 0; i < carried.size(); ++i)
        (*g.vars)[carried[i]] = MemoryEmitter::rebuildRuntime(inits[i], rest, l);
    };
    ++g.frames.back().runtimeDepth;
    Block *beforeBlock = b.createBlock(&whileOp.getBefore(), {}, types, locs);
    bindArgs(beforeBlock);
    Val cond = g.exprs.genExpr(*s.cond);
    if (!cond)
      return Flow::Error;
    Value c = g.toCondition(cond, s.cond->getLoc(), "'while'");
    if (!c)
      return Flow::Error;
    scf::ConditionOp::create(b, L, c, beforeBlock->getArguments());

    *g.vars = before;
    Block *afterBlock = b.createBlock(&whileOp.getAfter(), {}, types, locs);
    bindArgs(afterBlock);
    if (genBlock(s.body) != Flow::Normal)
      return Flow::Error;
    --g.frames.back().runtimeDepth;
    llvm::SmallVector<Value> yields;
    if (!collectYields(g, before, s.body, "", carried, inits, l, yields))
      return Flow::Error;
    scf::YieldOp::create(b, L, yields);
  }
  *g.vars = std::move(before);
  llvm::SmallVector<Value> whileResults(whileOp.getResults());
  llvm::ArrayRef<Value> rest = whileResults;
  for (size_t i = 0; i < carried.size(); ++i)
    (*g.vars)[carried[i]] = MemoryEmitter::rebuildRuntime(inits[i], rest, l);
  return Flow::Normal;
}

/// Whether `fn` is decorated `@jit(noinline=True)` (any `...jit(...)` call
/// with a literal `noinline=True`).
static bool isNoinline(const FunctionDef &fn) {
  for (const ExprPtr &d : fn.decorators)
    if (auto *call = llvm::dyn_cast<CallExpr>(d.get()))
      for (const Keyword &kw : call->keywords)
        if (auto *c = llvm::dyn_cast<ConstantExpr>(kw.value.get());
            kw.name == "noinline" && c && c->ckind == ConstantExpr::CKind::Bool && c->boolValue)
          return true;
  return false;
}

Val StmtEmitter::inlineCall(const FunctionDef &fn, std::vector<Val> args,
                            std::vector<std::pair<std::string, Val>> kwargs, SMLoc l) {
  if (g.frames.size() > 64)
    return g.error(l, "maximum @jit call depth exceeded while inlining '" + fn.name +
                          "' (recursive call?)");
  const auto &params = fn.params;
  if (args.size() > params.size())
    return g.error(l, "'" + fn.name + "' takes " + Twine(params.size()) + " arguments but " +
                          Twine(args.size()) + " were given");
  std::vector<std::optional<Val>> bound(params.size());
  for (size_t i = 0; i < args.size(); ++i)
    bound[i] = std::move(args[i]);
  for (auto &kw : kwargs) {
    const std::string &name = kw.first;
    Val &v = kw.second;
    auto it = llvm::find_if(params, [&](const Param &p) { return p.name == name; });
    if (it == params.end())
      return g.error(v.loc, "'" + fn.name + "' got an unexpected keyword argument '" + name + "'");
    size_t idx = it - params.begin();
    if (bound[idx])
      return g.error(v.loc, "'" + fn.name + "' got multiple values for argument '" + name + "'");
    bound[idx] = std::move(v);
  }
  MLIRGen::Scope callee;
  for (size_t i = 0; i < params.size(); ++i) {
    const Param &p = params[i];
    if (!bound[i]) {
      if (!p.defaultValue)
        return g.error(l, "missing argument '" + p.name + "' in call to '" + fn.name + "'");
      MLIRGen::Scope defaults;
      MLIRGen::Scope *saved = g.vars;
      g.vars = &defaults;
      bound[i] = g.exprs.genExpr(*p.defaultValue);
      g.vars = saved;
      if (!*bound[i])
        return Val();
    }
    // As Triton's compiler: a noinline function takes scalars only (tilec
    // inlines every call, but keeps the language rule).
    const Val &v = *bound[i];
    if (v.isTensor() && !llvm::all_of(v.shape, [](int64_t d) { return d == 1; }) && isNoinline(fn))
      return g.error(l, "Function " + fn.name +
                            " is marked noinline, but was called with "
                            "non-scalar argument " +
                            p.name + ":" + v.typeStr());
    // As Triton: a tensor passed to a constexpr-annotated parameter of a
    // called @jit function stays a tensor (only constants specialize it);
    // uses that need a constant report it where they are.
    callee[p.name] = std::move(*bound[i]);
  }
  MLIRGen::Scope *saved = g.vars;
  g.vars = &callee;
  g.frames.push_back(MLIRGen::Frame{&fn, Val::none(l), 0, l});
  Flow f = genBlock(fn.body);
  Val ret = g.frames.back().returnValue;
  g.frames.pop_back();
  g.vars = saved;
  if (f == Flow::Error)
    return Val();
  ret.loc = l;
  return ret;
}
