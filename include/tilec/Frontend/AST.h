//===- AST.h - Abstract syntax tree of Triton kernels ------------*- C++
//-*-===//
//
// Expressions and statements of the Python subset used by @jit functions.
// Every node carries the llvm::SMLoc of its first token (for operators: of the
// operator token).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_AST_H
#define TILEC_FRONTEND_AST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/SMLoc.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilec::frontend {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

class Expr {
public:
  enum class Kind {
    Name,
    Constant,
    Unary,
    Binary,
    BoolOp,
    Compare,
    Call,
    Attribute,
    Subscript,
    Slice,
    Tuple,
    List,
    IfExp,
    Starred,
  };
  Expr(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;
  Kind getKind() const { return kind; }
  llvm::SMLoc getLoc() const { return loc; }

private:
  const Kind kind;
  llvm::SMLoc loc;
};
using ExprPtr = std::unique_ptr<Expr>;

/// `foo`
class NameExpr : public Expr {
public:
  NameExpr(llvm::SMLoc loc, std::string name)
      : Expr(Kind::Name, loc), name(std::move(name)) {}
  std::string name;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Name; }
};

/// `1`, `2.5`, `True`, `None`, `"s"`, `...`
class ConstantExpr : public Expr {
public:
  enum class CKind { Int, Float, Bool, None, Str, Ellipsis };
  ConstantExpr(llvm::SMLoc loc, CKind ckind)
      : Expr(Kind::Constant, loc), ckind(ckind) {}
  CKind ckind;
  /// Integer value: its low 64 bits in `intValue` and the next 64 in
  /// `intHigh` (`isUnsigned64` for values in [2**63, 2**64)); `intOverflow`
  /// is set at 2**127 and beyond, which tilec does not represent.
  int64_t intValue = 0;
  uint64_t intHigh = 0;
  bool isUnsigned64 = false;
  bool intOverflow = false;
  double floatValue = 0;
  bool boolValue = false;
  std::string strValue;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Constant; }
};

enum class UnaryOp { Plus, Minus, Invert, Not };
enum class BinaryOp {
  Add,
  Sub,
  Mul,
  MatMul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  LShift,
  RShift,
  BitAnd,
  BitOr,
  BitXor
};
enum class CmpOp { Lt, Gt, Le, Ge, Eq, Ne, Is, IsNot, In, NotIn };
enum class BoolOpKind { And, Or };

llvm::StringRef spell(UnaryOp op);
llvm::StringRef spell(BinaryOp op);
llvm::StringRef spell(CmpOp op);

/// `-x`, `~x`, `not x`, `+x`
class UnaryExpr : public Expr {
public:
  UnaryExpr(llvm::SMLoc loc, UnaryOp op, ExprPtr operand)
      : Expr(Kind::Unary, loc), op(op), operand(std::move(operand)) {}
  UnaryOp op;
  ExprPtr operand;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Unary; }
};

/// `a + b` (loc is the operator's)
class BinaryExpr : public Expr {
public:
  BinaryExpr(llvm::SMLoc loc, BinaryOp op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::Binary, loc), op(op), lhs(std::move(lhs)),
        rhs(std::move(rhs)) {}
  BinaryOp op;
  ExprPtr lhs, rhs;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Binary; }
};

/// `a and b and c`
class BoolOpExpr : public Expr {
public:
  BoolOpExpr(llvm::SMLoc loc, BoolOpKind op, std::vector<ExprPtr> values)
      : Expr(Kind::BoolOp, loc), op(op), values(std::move(values)) {}
  BoolOpKind op;
  std::vector<ExprPtr> values;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BoolOp; }
};

/// `a < b <= c`: operands.size() == ops.size() + 1; opLocs are the operators'.
class CompareExpr : public Expr {
public:
  CompareExpr(llvm::SMLoc loc) : Expr(Kind::Compare, loc) {}
  std::vector<CmpOp> ops;
  std::vector<llvm::SMLoc> opLocs;
  std::vector<ExprPtr> operands;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Compare; }
};

/// A keyword argument `name=value`.
struct Keyword {
  llvm::SMLoc loc;
  std::string name;
  ExprPtr value;
};

/// `f(a, b, k=c)`
class CallExpr : public Expr {
public:
  CallExpr(llvm::SMLoc loc, ExprPtr callee)
      : Expr(Kind::Call, loc), callee(std::move(callee)) {}
  ExprPtr callee;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Call; }
};

/// `value.attr` (loc is the attribute name's)
class AttributeExpr : public Expr {
public:
  AttributeExpr(llvm::SMLoc loc, ExprPtr value, std::string attr)
      : Expr(Kind::Attribute, loc), value(std::move(value)),
        attr(std::move(attr)) {}
  ExprPtr value;
  std::string attr;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Attribute; }
};

/// `value[i, j:k, None]`; each index is an expression or a SliceExpr.
class SubscriptExpr : public Expr {
public:
  SubscriptExpr(llvm::SMLoc loc, ExprPtr value)
      : Expr(Kind::Subscript, loc), value(std::move(value)) {}
  ExprPtr value;
  std::vector<ExprPtr> indices;
  /// True when written with a trailing comma or several indices (`x[a, b]`).
  bool isTuple = false;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Subscript; }
};

/// `lower:upper:step` inside a subscript; parts may be null.
class SliceExpr : public Expr {
public:
  SliceExpr(llvm::SMLoc loc) : Expr(Kind::Slice, loc) {}
  ExprPtr lower, upper, step;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Slice; }
};

/// `(a, b)` or `a, b`
class TupleExpr : public Expr {
public:
  TupleExpr(llvm::SMLoc loc, std::vector<ExprPtr> elts, bool isList = false)
      : Expr(isList ? Kind::List : Kind::Tuple, loc), elts(std::move(elts)) {}
  std::vector<ExprPtr> elts;
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Tuple || e->getKind() == Kind::List;
  }
};

/// `a if cond else b`
class IfExpExpr : public Expr {
public:
  IfExpExpr(llvm::SMLoc loc, ExprPtr cond, ExprPtr thenExpr, ExprPtr elseExpr)
      : Expr(Kind::IfExp, loc), cond(std::move(cond)),
        thenExpr(std::move(thenExpr)), elseExpr(std::move(elseExpr)) {}
  ExprPtr cond, thenExpr, elseExpr;
  static bool classof(const Expr *e) { return e->getKind() == Kind::IfExp; }
};

/// `*x` in a call or a tuple.
class StarredExpr : public Expr {
public:
  StarredExpr(llvm::SMLoc loc, ExprPtr value)
      : Expr(Kind::Starred, loc), value(std::move(value)) {}
  ExprPtr value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Starred; }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum class Kind {
    FunctionDef,
    Assign,
    AnnAssign,
    AugAssign,
    If,
    For,
    While,
    Return,
    Pass,
    Break,
    Continue,
    ExprStmt,
    Assert,
  };
  Stmt(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
  virtual ~Stmt() = default;
  Kind getKind() const { return kind; }
  llvm::SMLoc getLoc() const { return loc; }

private:
  const Kind kind;
  llvm::SMLoc loc;
};
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

/// A parameter `name: annotation = default`.
struct Param {
  llvm::SMLoc loc;
  std::string name;
  ExprPtr annotation;   // may be null
  ExprPtr defaultValue; // may be null
};

/// `@decorators def name(params) -> ret: body`
class FunctionDef : public Stmt {
public:
  FunctionDef(llvm::SMLoc loc) : Stmt(Kind::FunctionDef, loc) {}
  std::string name;
  llvm::SMLoc nameLoc;
  std::vector<ExprPtr> decorators;
  std::vector<Param> params;
  ExprPtr returns; // may be null
  StmtList body;
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::FunctionDef;
  }
};

/// `t1 = t2 = value`
class AssignStmt : public Stmt {
public:
  AssignStmt(llvm::SMLoc loc) : Stmt(Kind::Assign, loc) {}
  std::vector<ExprPtr> targets;
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assign; }
};

/// `target: annotation = value` (value may be null)
class AnnAssignStmt : public Stmt {
public:
  AnnAssignStmt(llvm::SMLoc loc) : Stmt(Kind::AnnAssign, loc) {}
  ExprPtr target, annotation, value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::AnnAssign; }
};

/// `target op= value` (opLoc is the operator's)
class AugAssignStmt : public Stmt {
public:
  AugAssignStmt(llvm::SMLoc loc) : Stmt(Kind::AugAssign, loc) {}
  ExprPtr target, value;
  BinaryOp op = BinaryOp::Add;
  llvm::SMLoc opLoc;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::AugAssign; }
};

/// `if cond: then else: orelse` (`elif` is a nested IfStmt in orelse)
class IfStmt : public Stmt {
public:
  IfStmt(llvm::SMLoc loc) : Stmt(Kind::If, loc) {}
  ExprPtr cond;
  StmtList thenBody, elseBody;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::If; }
};

/// `for target in iter: body`
class ForStmt : public Stmt {
public:
  ForStmt(llvm::SMLoc loc) : Stmt(Kind::For, loc) {}
  ExprPtr target, iter;
  StmtList body;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::For; }
};

/// `while cond: body`
class WhileStmt : public Stmt {
public:
  WhileStmt(llvm::SMLoc loc) : Stmt(Kind::While, loc) {}
  ExprPtr cond;
  StmtList body;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::While; }
};

/// `return value?`
class ReturnStmt : public Stmt {
public:
  ReturnStmt(llvm::SMLoc loc, ExprPtr value)
      : Stmt(Kind::Return, loc), value(std::move(value)) {}
  ExprPtr value; // may be null
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Return; }
};

/// `pass`, `break`, `continue`
class SimpleStmt : public Stmt {
public:
  SimpleStmt(Kind kind, llvm::SMLoc loc) : Stmt(kind, loc) {}
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::Pass || s->getKind() == Kind::Break ||
           s->getKind() == Kind::Continue;
  }
};

/// An expression statement (calls, docstrings).
class ExprStmt : public Stmt {
public:
  ExprStmt(llvm::SMLoc loc, ExprPtr value)
      : Stmt(Kind::ExprStmt, loc), value(std::move(value)) {}
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::ExprStmt; }
};

/// `assert test, msg`
class AssertStmt : public Stmt {
public:
  AssertStmt(llvm::SMLoc loc) : Stmt(Kind::Assert, loc) {}
  ExprPtr test, msg;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assert; }
};

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

/// A module-level constant `NAME = VALUE`, `NAME = tl.constexpr(VALUE)` or
/// `NAME: tl.constexpr = VALUE`.
struct GlobalConstant {
  std::string name;
  llvm::SMLoc loc;
  ExprPtr value;
  /// As ModuleImport::fallback.
  bool fallback = false;
};

/// A module-level import binding `name` to the dotted path `target`:
/// `import a.b as name` binds `a.b`; `from a.b import c as name` binds `a.b.c`;
/// `import a.b` binds `a` to `a`.
struct ModuleImport {
  std::string name;
  llvm::SMLoc loc;
  std::string target;
  /// Inside a module-level `except`, `else` or `elif` block: an alternative
  /// that Python runs only when the `try`/`if` branch does not bind the name.
  bool fallback = false;
};

/// What the file-level driver keeps of a Python file: its @jit functions,
/// module-level constants and imports. Everything else is skipped.
struct FileAST {
  /// A @jit function whose definition failed to parse. As in Triton, the error
  /// is reported only when the function is compiled or called.
  struct BrokenFunction {
    std::string name;
    llvm::SMLoc loc;
    std::string message;
  };
  std::vector<std::unique_ptr<FunctionDef>> functions;
  std::vector<BrokenFunction> brokenFunctions;
  /// The outermost bracket left open at the end of the file, if any: the
  /// rest of the file after it is one logical line, so a @jit function after
  /// it is not found.
  llvm::SMLoc unclosedBracket;
  const BrokenFunction *lookupBroken(llvm::StringRef name) const;
  std::vector<GlobalConstant> globals;
  /// Module-level names assigned a value the frontend does not evaluate
  /// (`LOG2E = math.log2(math.e)`), with the assignment: named in the error
  /// where a kernel reads one (the Python JIT supplies their values).
  std::vector<std::pair<std::string, llvm::SMLoc>> computedGlobals;
  std::vector<ModuleImport> imports;
  const FunctionDef *lookupFunction(llvm::StringRef name) const;
  const GlobalConstant *lookupGlobal(llvm::StringRef name) const;
  /// The last import binding `name` outside fallback blocks, else the last
  /// in one (of `try: import A` / `except: import B`, the one Python normally
  /// runs), or null.
  const ModuleImport *lookupImport(llvm::StringRef name) const;
};

} // namespace tilec::frontend

#endif // TILEC_FRONTEND_AST_H
