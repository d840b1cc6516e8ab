//===- Parser.cpp - Recursive-descent parser for Triton kernels -----------===//
//
// Grammar rules follow Python's (simplified to what kernels use); each parse
// function documents the rule it implements.
//
//===----------------------------------------------------------------------===//
#include "tilec/Frontend/Parser.h"
#include "tilec/Frontend/Lexer.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include <cstdlib>

using namespace tilec::frontend;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

StringRef tilec::frontend::spell(UnaryOp op) {
  switch (op) {
  case UnaryOp::Plus:
    return "+";
  case UnaryOp::Minus:
    return "-";
  case UnaryOp::Invert:
    return "~";
  case UnaryOp::Not:
    return "not";
  }
  return "?";
}

StringRef tilec::frontend::spell(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
    return "+";
  case BinaryOp::Sub:
    return "-";
  case BinaryOp::Mul:
    return "*";
  case BinaryOp::MatMul:
    return "@";
  case BinaryOp::Div:
    return "/";
  case BinaryOp::FloorDiv:
    return "//";
  case BinaryOp::Mod:
    return "%";
  case BinaryOp::Pow:
    return "**";
  case BinaryOp::LShift:
    return "<<";
  case BinaryOp::RShift:
    return ">>";
  case BinaryOp::BitAnd:
    return "&";
  case BinaryOp::BitOr:
    return "|";
  case BinaryOp::BitXor:
    return "^";
  }
  return "?";
}

StringRef tilec::frontend::spell(CmpOp op) {
  switch (op) {
  case CmpOp::Lt:
    return "<";
  case CmpOp::Gt:
    return ">";
  case CmpOp::Le:
    return "<=";
  case CmpOp::Ge:
    return ">=";
  case CmpOp::Eq:
    return "==";
  case CmpOp::Ne:
    return "!=";
  case CmpOp::Is:
    return "is";
  case CmpOp::IsNot:
    return "is not";
  case CmpOp::In:
    return "in";
  case CmpOp::NotIn:
    return "not in";
  }
  return "?";
}

const FunctionDef *FileAST::lookupFunction(StringRef name) const {
  for (const auto &f : functions)
    if (f->name == name)
      return f.get();
  return nullptr;
}

const FileAST::BrokenFunction *FileAST::lookupBroken(StringRef name) const {
  for (const BrokenFunction &f : brokenFunctions)
    if (f.name == name)
      return &f;
  return nullptr;
}

const ModuleImport *FileAST::lookupImport(StringRef name) const {
  // As for globals: the last import wins, one in a fallback block only if
  // there is no other.
  const ModuleImport *found = nullptr;
  for (auto it = imports.rbegin(); it != imports.rend(); ++it)
    if (it->name == name && (!found || (found->fallback && !it->fallback)))
      found = &*it;
  return found;
}

const GlobalConstant *FileAST::lookupGlobal(StringRef name) const {
  // The last assignment wins, as in Python; one in a fallback block only if
  // there is no other.
  const GlobalConstant *found = nullptr;
  for (auto it = globals.rbegin(); it != globals.rend(); ++it)
    if (it->name == name && (!found || (found->fallback && !it->fallback)))
      found = &*it;
  return found;
}

/// Returns the dotted name an expression spells (`a.b.c`), or "".
static std::string dottedName(const Expr *e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(e))
    return n->name;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(e)) {
    std::string base = dottedName(a->value.get());
    return base.empty() ? "" : base + "." + a->attr;
  }
  return "";
}

bool tilec::frontend::isConstexprAnnotation(const Expr *annotation) {
  if (!annotation)
    return false;
  if (auto *c = llvm::dyn_cast<ConstantExpr>(annotation))
    return c->ckind == ConstantExpr::CKind::Str &&
           StringRef(c->strValue).ends_with("constexpr");
  std::string name = dottedName(annotation);
  return name == "constexpr" || name == "tl.constexpr" ||
         name == "triton.language.constexpr" || name == "language.constexpr";
}

bool tilec::frontend::isConstAnnotation(const Expr *annotation) {
  if (!annotation)
    return false;
  std::string name = dottedName(annotation);
  return name == "const" || name == "tl.const" || name == "triton.language.const" ||
         name == "language.const";
}

namespace {

/// The deepest nesting a kernel may use (see Parser::nest). Python itself
/// refuses more than 200 nested brackets; 1000 leaves room for long operator
/// chains while each level costs at most a few KiB of stack in the frontend
/// (which runs on a thread with a known large stack, see Driver.cpp).
constexpr unsigned kMaxNestingDepth = 1000;
/// The deepest nesting of blocks (`if`, `elif`, `for`, `while` bodies): each
/// becomes a nested region, and the passes' cost grows faster than linearly
/// with region depth (100 levels compile in under half a second).
constexpr unsigned kMaxBlockDepth = 100;

class Parser {
public:
  Parser(std::vector<Token> tokens, llvm::ArrayRef<SMLoc> unclosed,
         ErrorReporter report)
      : toks(std::move(tokens)), unclosed(unclosed), report(report) {}

  std::unique_ptr<FileAST> parseFileInput();

private:
  //===--------------------------------------------------------------------===//
  // Token helpers
  //===--------------------------------------------------------------------===//
  const Token &cur() const { return toks[pos]; }
  const Token &peek(unsigned n = 1) const {
    return toks[std::min(pos + n, toks.size() - 1)];
  }
  bool is(Token::Kind k) const { return cur().is(k); }
  void consume() {
    if (pos + 1 < toks.size())
      ++pos;
  }
  bool consumeIf(Token::Kind k) {
    if (!is(k))
      return false;
    consume();
    return true;
  }
  /// Reports an error at the current token (once: later errors are dropped).
  /// An error after a bracket that is never closed is reported, as Python
  /// does, at that bracket: everything after it was read inside it.
  /// A lexical error (`lexical`: an invalid token, a mismatched closer) is
  /// reported where it is, as Python's tokenizer reports it first.
  void error(SMLoc loc, const Twine &msg, bool lexical = false) {
    if (failed)
      return;
    failed = true;
    if (speculative)
      return;
    for (auto it = unclosed.rbegin(); it != unclosed.rend(); ++it)
      if (!lexical && it->getPointer() < loc.getPointer())
        return report(*it, Twine("'") + StringRef(it->getPointer(), 1) +
                               "' was never closed");
    report(loc, msg);
  }
  void errorAtCurrent(const Twine &msg) {
    if (cur().is(Token::error))
      return error(cur().getLoc(), cur().getErrorMessage(), /*lexical=*/true);
    error(cur().getLoc(), msg);
  }
  bool expect(Token::Kind k, StringRef context) {
    if (consumeIf(k))
      return true;
    errorAtCurrent(Twine("expected '") + Token::describe(k) + "' " + context +
                   ", found " + describeCurrent());
    return false;
  }
  std::string describeCurrent() const {
    const Token &t = cur();
    switch (t.getKind()) {
    case Token::identifier:
      return ("identifier '" + t.getSpelling() + "'").str();
    case Token::integer:
    case Token::floating:
    case Token::string:
      return (Token::describe(t.getKind()) + " '" + t.getSpelling() + "'")
          .str();
    case Token::eof:
    case Token::newline:
    case Token::indent:
    case Token::dedent:
      return Token::describe(t.getKind()).str();
    default:
      return ("'" + t.getSpelling() + "'").str();
    }
  }

  //===--------------------------------------------------------------------===//
  // File level
  //===--------------------------------------------------------------------===//
  void skipStatement();
  bool decoratorIsJit() const;
  void tryParseGlobal(FileAST &file);
  void parseModuleImport(FileAST &file);
  bool enterModuleLevelBlock();
  bool inFallbackBlock() const {
    return llvm::is_contained(moduleBlocks, true);
  }

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//
  std::unique_ptr<FunctionDef> parseFuncDef(std::vector<ExprPtr> decorators);
  bool parseSuite(StmtList &body);
  bool parseStatement(StmtList &out);
  bool parseSimpleStatement(StmtList &out);
  StmtPtr parseSmallStatement();
  StmtPtr parseExprStatement();
  StmtPtr parseIf(SMLoc loc);
  StmtPtr parseFor();
  StmtPtr parseWhile();

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//
  ExprPtr parseTestList(bool allowStar = false);
  ExprPtr parseTest();
  ExprPtr parseOrTest();
  ExprPtr parseAndTest();
  ExprPtr parseNotTest();
  ExprPtr parseComparison();
  ExprPtr parseBinary(int minPrec);
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parseAtomExpr();
  ExprPtr parseAtom();
  ExprPtr parseNumber();
  ExprPtr parseStrings();
  bool parseArgList(CallExpr &call);
  ExprPtr parseSubscriptItem();

  //===--------------------------------------------------------------------===//
  // Nesting
  //===--------------------------------------------------------------------===//
  /// Restores the nesting depth on scope exit; see `nest`.
  struct DepthScope {
    Parser &parser;
    unsigned saved;
    explicit DepthScope(Parser &parser) : parser(parser), saved(parser.depth) {}
    ~DepthScope() { parser.depth = saved; }
  };
  /// Adds one level of nesting (a bracket, a unary operator, an operand of a
  /// chained binary operator or trailer, a block): every level is one more
  /// level of recursion here, in the AST's destructor and in MLIRGen, so the
  /// depth is bounded well before any stack runs out. Reports a located
  /// "nesting too deep" error and returns false past the limit.
  bool nest() {
    if (++depth <= kMaxNestingDepth)
      return true;
    error(cur().getLoc(), "nesting too deep: more than " +
                              Twine(kMaxNestingDepth) +
                              " nested expressions, operands or blocks");
    return false;
  }

  /// Adds one level of block nesting; reports a located error and returns
  /// false past kMaxBlockDepth. The caller decrements `blockDepth` on exit,
  /// also when this fails.
  bool nestBlock() {
    if (++blockDepth <= kMaxBlockDepth)
      return true;
    error(cur().getLoc(), "nesting too deep: more than " +
                              Twine(kMaxBlockDepth) + " nested blocks");
    return false;
  }

  std::vector<Token> toks;
  llvm::ArrayRef<SMLoc> unclosed;
  size_t pos = 0;
  unsigned depth = 0, blockDepth = 0;
  ErrorReporter report;
  bool failed = false;
  bool speculative = false;
  /// The module-level blocks being read (enterModuleLevelBlock), innermost
  /// last: whether each is a fallback (`except`, `else`, `elif`) block.
  std::vector<bool> moduleBlocks;
};

} // namespace

//===----------------------------------------------------------------------===//
// File level
//===----------------------------------------------------------------------===//

/// Skips one logical line and, if an indented block follows, that block.
void Parser::skipStatement() {
  while (!is(Token::newline) && !is(Token::eof))
    consume();
  consumeIf(Token::newline);
  if (!is(Token::indent))
    return;
  int depth = 0;
  do {
    if (is(Token::indent))
      ++depth;
    else if (is(Token::dedent))
      --depth;
    consume();
  } while (depth > 0 && !is(Token::eof));
}

/// decorator ::= '@' dotted_name ['(' arglist ')'] NEWLINE, and it is a jit
/// decorator if the dotted name is `jit` or ends with `.jit`.
bool Parser::decoratorIsJit() const {
  size_t p = pos + 1;
  StringRef last;
  while (p < toks.size() && toks[p].is(Token::identifier)) {
    last = toks[p].getSpelling();
    ++p;
    if (p < toks.size() && toks[p].is(Token::period))
      ++p;
    else
      break;
  }
  return last == "jit" && p < toks.size() &&
         (toks[p].is(Token::newline) || toks[p].is(Token::l_paren));
}

/// Whether a global's value is kept: a constant (signed or not), a dotted
/// name (`tl.float16`, `tl.extra.cuda.libdevice`: only evaluated if a kernel
/// uses the global), or a tuple or list of such values.
static bool isLiteralLike(const Expr *v) {
  if (auto *u = llvm::dyn_cast<UnaryExpr>(v))
    if (u->op == UnaryOp::Minus || u->op == UnaryOp::Plus)
      v = u->operand.get();
  if (auto *tuple = llvm::dyn_cast<TupleExpr>(v))
    return llvm::all_of(tuple->elts, [](const ExprPtr &e) { return isLiteralLike(e.get()); });
  if (llvm::isa<AttributeExpr>(v))
    return !dottedName(v).empty();
  auto *c = llvm::dyn_cast<ConstantExpr>(v);
  return c && c->ckind != ConstantExpr::CKind::Ellipsis;
}

/// global ::= NAME '=' test NEWLINE | NAME ':' test '=' test NEWLINE
/// Only literal-like values (isLiteralLike, optionally wrapped in
/// `tl.constexpr(...)`) are kept.
void Parser::tryParseGlobal(FileAST &file) {
  size_t start = pos;
  speculative = true;
  failed = false;
  StmtList stmts;
  bool ok = parseSimpleStatement(stmts);
  speculative = false;
  bool wasFailed = failed;
  failed = false;
  if (!ok || wasFailed || stmts.size() != 1) {
    pos = start;
    skipStatement();
    return;
  }
  Stmt *s = stmts.front().get();
  const Expr *target = nullptr;
  ExprPtr *value = nullptr;
  if (auto *a = llvm::dyn_cast<AssignStmt>(s)) {
    if (a->targets.size() == 1)
      target = a->targets.front().get();
    value = &a->value;
  } else if (auto *a = llvm::dyn_cast<AnnAssignStmt>(s)) {
    target = a->target.get();
    if (a->value)
      value = &a->value;
  }
  auto *name = llvm::dyn_cast_or_null<NameExpr>(target);
  if (!name || !value)
    return;
  // Unwrap `tl.constexpr(v)`.
  if (auto *call = llvm::dyn_cast<CallExpr>(value->get()))
    if (isConstexprAnnotation(call->callee.get()) && call->args.size() == 1 &&
        call->keywords.empty())
      value = &call->args.front();
  if (!isLiteralLike(value->get())) {
    file.computedGlobals.emplace_back(name->name, name->getLoc());
    return;
  }
  file.globals.push_back(
      {name->name, name->getLoc(), std::move(*value), inFallbackBlock()});
}

/// import_stmt ::= 'import' dotted_name ['as' NAME] (',' dotted_name ['as'
///                 NAME])* NEWLINE
///               | 'from' ('.'* dotted_name | '.'+) 'import' ['('] NAME
///                 ['as' NAME] (',' NAME ['as' NAME])* [','] [')'] NEWLINE
/// `import *` binds nothing.
void Parser::parseModuleImport(FileAST &file) {
  auto parseDotted = [&](std::string &path) {
    if (!is(Token::identifier))
      return false;
    path = cur().getSpelling().str();
    consume();
    while (is(Token::period) && peek().is(Token::identifier)) {
      consume();
      path += "." + cur().getSpelling().str();
      consume();
    }
    return true;
  };
  auto parseAlias = [&](std::string &name) {
    if (!consumeIf(Token::kw_as))
      return true;
    if (!is(Token::identifier))
      return false;
    name = cur().getSpelling().str();
    consume();
    return true;
  };
  if (consumeIf(Token::kw_import)) {
    do {
      SMLoc l = cur().getLoc();
      std::string path, name;
      if (!parseDotted(path))
        break;
      std::string root = path.substr(0, path.find('.'));
      name = root;
      bool aliased = is(Token::kw_as);
      if (!parseAlias(name))
        break;
      file.imports.push_back(
          {name, l, aliased ? path : root, inFallbackBlock()});
    } while (consumeIf(Token::comma));
  } else if (consumeIf(Token::kw_from)) {
    // Relative imports (`from .utils import f`) keep their dots, so that
    // using `f` reports where it comes from.
    std::string dots;
    while (is(Token::period)) {
      dots += ".";
      consume();
    }
    std::string module;
    if ((parseDotted(module) || !dots.empty()) && consumeIf(Token::kw_import)) {
      module = dots + module;
      consumeIf(Token::l_paren);
      while (is(Token::identifier)) {
        SMLoc l = cur().getLoc();
        std::string name = cur().getSpelling().str();
        consume();
        std::string target = StringRef(module).ends_with(".")
                                 ? module + name
                                 : module + "." + name;
        if (!parseAlias(name))
          break;
        file.imports.push_back({name, l, target, inFallbackBlock()});
        if (!consumeIf(Token::comma))
          break;
      }
    }
  }
  skipStatement();
}

/// Module-level `try:`, `except ...:`, `else:`, `finally:`, `if ...:` and
/// `elif ...:` blocks are read as module level too, so that imports, globals
/// and @jit functions inside them are found (e.g. an import with a fallback
/// in `except ImportError:`). Consumes the header and the INDENT; false (and
/// nothing consumed) for other statements and one-line forms.
bool Parser::enterModuleLevelBlock() {
  if (!is(Token::kw_try) && !is(Token::kw_except) && !is(Token::kw_else) &&
      !is(Token::kw_finally) && !is(Token::kw_if) && !is(Token::kw_elif))
    return false;
  size_t p = pos;
  while (p < toks.size() && !toks[p].is(Token::newline) &&
         !toks[p].is(Token::eof))
    ++p;
  if (p + 1 >= toks.size() || !toks[p + 1].is(Token::indent))
    return false;
  moduleBlocks.push_back(is(Token::kw_except) || is(Token::kw_else) ||
                         is(Token::kw_elif));
  pos = p + 2;
  return true;
}

/// file_input ::= (NEWLINE | stmt)* ENDMARKER
std::unique_ptr<FileAST> Parser::parseFileInput() {
  auto file = std::make_unique<FileAST>();
  while (!is(Token::eof)) {
    if (consumeIf(Token::newline))
      continue;
    if (is(Token::at)) {
      // decorated ::= decorator+ (funcdef | classdef)
      std::vector<ExprPtr> decorators;
      bool isJit = false;
      while (is(Token::at)) {
        if (decoratorIsJit()) {
          isJit = true;
          consume();
          ExprPtr d = parseTest();
          if (!d || !expect(Token::newline, "after decorator"))
            return nullptr;
          decorators.push_back(std::move(d));
        } else {
          while (!is(Token::newline) && !is(Token::eof))
            consume();
          consumeIf(Token::newline);
        }
      }
      if (isJit && is(Token::kw_def)) {
        // A @jit function that does not parse only matters if it is used:
        // keep its first error, skip it, and go on with the file.
        size_t start = pos;
        FileAST::BrokenFunction broken;
        bool failedToParse = false;
        auto capture = [&](SMLoc l, const Twine &message) {
          if (!failedToParse) {
            failedToParse = true;
            broken.loc = l;
            broken.message = message.str();
          }
        };
        ErrorReporter saved = report;
        report = capture;
        // Each function reports its own first error: an earlier broken
        // function must not silence this one.
        failed = false;
        depth = blockDepth = 0;
        SMLoc defLoc = cur().getLoc();
        auto fn = parseFuncDef(std::move(decorators));
        report = saved;
        failed = false;
        if (fn) {
          file->functions.push_back(std::move(fn));
          continue;
        }
        pos = start;
        if (peek().is(Token::identifier))
          broken.name = peek().getSpelling().str();
        if (!failedToParse || !broken.loc.isValid()) {
          broken.loc = defLoc;
          if (!failedToParse)
            broken.message = "invalid @jit function";
        }
        skipStatement();
        file->brokenFunctions.push_back(std::move(broken));
      } else {
        skipStatement();
      }
      continue;
    }
    if (is(Token::identifier) &&
        (peek().is(Token::equal) || peek().is(Token::colon))) {
      tryParseGlobal(*file);
      continue;
    }
    if (is(Token::kw_import) || is(Token::kw_from)) {
      parseModuleImport(*file);
      continue;
    }
    // The end of a module-level block entered below.
    if (consumeIf(Token::dedent)) {
      if (!moduleBlocks.empty())
        moduleBlocks.pop_back();
      continue;
    }
    if (enterModuleLevelBlock())
      continue;
    skipStatement();
  }
  if (!unclosed.empty())
    file->unclosedBracket = unclosed.front();
  return file;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// funcdef ::= 'def' NAME '(' [param (',' param)* [',']] ')' ['->' test] ':'
/// suite param   ::= NAME [':' test] ['=' test]
std::unique_ptr<FunctionDef>
Parser::parseFuncDef(std::vector<ExprPtr> decorators) {
  auto fn = std::make_unique<FunctionDef>(cur().getLoc());
  fn->decorators = std::move(decorators);
  consume(); // 'def'
  if (!is(Token::identifier)) {
    errorAtCurrent("expected function name after 'def', found " +
                   describeCurrent());
    return nullptr;
  }
  fn->name = cur().getSpelling().str();
  fn->nameLoc = cur().getLoc();
  consume();
  if (!expect(Token::l_paren, "after function name"))
    return nullptr;
  while (!is(Token::r_paren)) {
    // A bare '*' or '/' only separates keyword-only/positional-only
    // parameters: accepted and ignored.
    if ((is(Token::star) || is(Token::slash)) && peek().is(Token::comma)) {
      consume();
      consume();
      continue;
    }
    if (is(Token::star) || is(Token::starstar) || is(Token::slash)) {
      errorAtCurrent(Twine("unsupported parameter '") + cur().getSpelling() +
                     "' in a @jit function");
      return nullptr;
    }
    if (!is(Token::identifier)) {
      errorAtCurrent("expected parameter name, found " + describeCurrent());
      return nullptr;
    }
    Param p;
    p.loc = cur().getLoc();
    p.name = cur().getSpelling().str();
    consume();
    if (consumeIf(Token::colon) && !(p.annotation = parseTest()))
      return nullptr;
    if (consumeIf(Token::equal) && !(p.defaultValue = parseTest()))
      return nullptr;
    fn->params.push_back(std::move(p));
    if (!consumeIf(Token::comma))
      break;
  }
  if (!expect(Token::r_paren, "after parameters"))
    return nullptr;
  if (consumeIf(Token::arrow) && !(fn->returns = parseTest()))
    return nullptr;
  if (!expect(Token::colon, "after function signature"))
    return nullptr;
  if (!parseSuite(fn->body))
    return nullptr;
  return fn;
}

/// suite ::= simple_stmt | NEWLINE INDENT stmt+ DEDENT
bool Parser::parseSuite(StmtList &body) {
  DepthScope scope(*this);
  llvm::scope_exit leave([&] { --blockDepth; });
  if (!nest() || !nestBlock())
    return false;
  if (!consumeIf(Token::newline))
    return parseSimpleStatement(body);
  if (!expect(Token::indent, "to start a block"))
    return false;
  while (!is(Token::dedent) && !is(Token::eof))
    if (!parseStatement(body))
      return false;
  consumeIf(Token::dedent);
  return true;
}

/// stmt ::= if_stmt | for_stmt | while_stmt | simple_stmt
bool Parser::parseStatement(StmtList &out) {
  SMLoc loc = cur().getLoc();
  switch (cur().getKind()) {
  case Token::kw_if: {
    StmtPtr s = parseIf(loc);
    if (!s)
      return false;
    out.push_back(std::move(s));
    return true;
  }
  case Token::kw_for: {
    StmtPtr s = parseFor();
    if (!s)
      return false;
    out.push_back(std::move(s));
    return true;
  }
  case Token::kw_while: {
    StmtPtr s = parseWhile();
    if (!s)
      return false;
    out.push_back(std::move(s));
    return true;
  }
  case Token::kw_def:
  case Token::kw_class:
  case Token::kw_with:
  case Token::kw_try:
  case Token::kw_async:
    errorAtCurrent(Twine("unsupported statement '") + cur().getSpelling() +
                   "'");
    return false;
  case Token::at:
    errorAtCurrent("unsupported statement: decorators inside a @jit function");
    return false;
  case Token::indent:
    errorAtCurrent("unexpected indent");
    return false;
  default:
    return parseSimpleStatement(out);
  }
}

/// simple_stmt ::= small_stmt (';' small_stmt)* [';'] NEWLINE
bool Parser::parseSimpleStatement(StmtList &out) {
  while (true) {
    StmtPtr s = parseSmallStatement();
    if (!s)
      return false;
    out.push_back(std::move(s));
    if (!consumeIf(Token::semicolon) || is(Token::newline))
      break;
  }
  return expect(Token::newline, "at end of statement");
}

/// small_stmt ::= 'pass' | 'break' | 'continue' | 'return' [testlist]
///              | 'assert' test [',' test] | expr_stmt
StmtPtr Parser::parseSmallStatement() {
  SMLoc loc = cur().getLoc();
  switch (cur().getKind()) {
  case Token::kw_pass:
    consume();
    return std::make_unique<SimpleStmt>(Stmt::Kind::Pass, loc);
  case Token::kw_break:
    consume();
    return std::make_unique<SimpleStmt>(Stmt::Kind::Break, loc);
  case Token::kw_continue:
    consume();
    return std::make_unique<SimpleStmt>(Stmt::Kind::Continue, loc);
  case Token::kw_return: {
    consume();
    ExprPtr value;
    if (!is(Token::newline) && !is(Token::semicolon) &&
        !(value = parseTestList()))
      return nullptr;
    return std::make_unique<ReturnStmt>(loc, std::move(value));
  }
  case Token::kw_assert: {
    consume();
    auto s = std::make_unique<AssertStmt>(loc);
    if (!(s->test = parseTest()))
      return nullptr;
    if (consumeIf(Token::comma) && !(s->msg = parseTest()))
      return nullptr;
    return s;
  }
  case Token::kw_del:
  case Token::kw_global:
  case Token::kw_nonlocal:
  case Token::kw_raise:
  case Token::kw_import:
  case Token::kw_from:
  case Token::kw_yield:
    errorAtCurrent(Twine("unsupported statement '") + cur().getSpelling() +
                   "'");
    return nullptr;
  default:
    return parseExprStatement();
  }
}

static bool augAssignOp(Token::Kind k, BinaryOp &op) {
  switch (k) {
  case Token::plusequal:
    op = BinaryOp::Add;
    return true;
  case Token::minusequal:
    op = BinaryOp::Sub;
    return true;
  case Token::starequal:
    op = BinaryOp::Mul;
    return true;
  case Token::slashequal:
    op = BinaryOp::Div;
    return true;
  case Token::slashslashequal:
    op = BinaryOp::FloorDiv;
    return true;
  case Token::percentequal:
    op = BinaryOp::Mod;
    return true;
  case Token::starstarequal:
    op = BinaryOp::Pow;
    return true;
  case Token::lesslessequal:
    op = BinaryOp::LShift;
    return true;
  case Token::greatergreaterequal:
    op = BinaryOp::RShift;
    return true;
  case Token::ampequal:
    op = BinaryOp::BitAnd;
    return true;
  case Token::pipeequal:
    op = BinaryOp::BitOr;
    return true;
  case Token::caretequal:
    op = BinaryOp::BitXor;
    return true;
  case Token::atequal:
    op = BinaryOp::MatMul;
    return true;
  default:
    return false;
  }
}

/// expr_stmt ::= testlist (':' test ['=' testlist]      -- annotated
///                        | augassign testlist           -- augmented
///                        | ('=' testlist)*)             -- plain
StmtPtr Parser::parseExprStatement() {
  SMLoc loc = cur().getLoc();
  ExprPtr first = parseTestList(/*allowStar=*/true);
  if (!first)
    return nullptr;
  if (consumeIf(Token::colon)) {
    auto s = std::make_unique<AnnAssignStmt>(loc);
    s->target = std::move(first);
    if (!(s->annotation = parseTest()))
      return nullptr;
    if (consumeIf(Token::equal) && !(s->value = parseTestList()))
      return nullptr;
    return s;
  }
  BinaryOp op;
  if (augAssignOp(cur().getKind(), op)) {
    auto s = std::make_unique<AugAssignStmt>(loc);
    s->opLoc = cur().getLoc();
    s->op = op;
    consume();
    s->target = std::move(first);
    if (!(s->value = parseTestList()))
      return nullptr;
    return s;
  }
  if (!is(Token::equal))
    return std::make_unique<ExprStmt>(loc, std::move(first));
  auto s = std::make_unique<AssignStmt>(loc);
  ExprPtr last = std::move(first);
  while (consumeIf(Token::equal)) {
    s->targets.push_back(std::move(last));
    if (!(last = parseTestList(/*allowStar=*/true)))
      return nullptr;
  }
  s->value = std::move(last);
  return s;
}

/// if_stmt ::= 'if' test ':' suite ('elif' test ':' suite)* ['else' ':' suite]
StmtPtr Parser::parseIf(SMLoc loc) {
  consume(); // 'if' or 'elif'
  auto s = std::make_unique<IfStmt>(loc);
  if (!(s->cond = parseTest()) || !expect(Token::colon, "after condition") ||
      !parseSuite(s->thenBody))
    return nullptr;
  if (is(Token::kw_elif)) {
    // An `elif` is an `if` nested in the `else` block.
    DepthScope scope(*this);
    llvm::scope_exit leave([&] { --blockDepth; });
    if (!nest() || !nestBlock())
      return nullptr;
    StmtPtr elif = parseIf(cur().getLoc());
    if (!elif)
      return nullptr;
    s->elseBody.push_back(std::move(elif));
  } else if (consumeIf(Token::kw_else)) {
    if (!expect(Token::colon, "after 'else'") || !parseSuite(s->elseBody))
      return nullptr;
  }
  return s;
}

/// for_stmt ::= 'for' exprlist 'in' testlist ':' suite
StmtPtr Parser::parseFor() {
  auto s = std::make_unique<ForStmt>(cur().getLoc());
  consume();
  // The target stops before 'in': parse an or_expr list, not a full test.
  std::vector<ExprPtr> targets;
  SMLoc tloc = cur().getLoc();
  do {
    ExprPtr t = parseBinary(0);
    if (!t)
      return nullptr;
    targets.push_back(std::move(t));
  } while (consumeIf(Token::comma) && !is(Token::kw_in));
  s->target = targets.size() == 1
                  ? std::move(targets.front())
                  : std::make_unique<TupleExpr>(tloc, std::move(targets));
  if (!expect(Token::kw_in, "in 'for' statement") ||
      !(s->iter = parseTestList()) ||
      !expect(Token::colon, "after 'for' header") || !parseSuite(s->body))
    return nullptr;
  if (is(Token::kw_else)) {
    errorAtCurrent("unsupported statement 'for ... else'");
    return nullptr;
  }
  return s;
}

/// while_stmt ::= 'while' test ':' suite
StmtPtr Parser::parseWhile() {
  auto s = std::make_unique<WhileStmt>(cur().getLoc());
  consume();
  if (!(s->cond = parseTest()) || !expect(Token::colon, "after condition") ||
      !parseSuite(s->body))
    return nullptr;
  if (is(Token::kw_else)) {
    errorAtCurrent("unsupported statement 'while ... else'");
    return nullptr;
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// testlist ::= test (',' test)* [',']   (a tuple if there is a comma)
ExprPtr Parser::parseTestList(bool allowStar) {
  SMLoc loc = cur().getLoc();
  auto parseItem = [&]() -> ExprPtr {
    if (allowStar && is(Token::star)) {
      SMLoc sloc = cur().getLoc();
      consume();
      ExprPtr v = parseBinary(0);
      return v ? std::make_unique<StarredExpr>(sloc, std::move(v)) : nullptr;
    }
    return parseTest();
  };
  ExprPtr first = parseItem();
  if (!first || !is(Token::comma))
    return first;
  std::vector<ExprPtr> elts;
  elts.push_back(std::move(first));
  while (consumeIf(Token::comma)) {
    if (is(Token::newline) || is(Token::equal) || is(Token::r_paren) ||
        is(Token::colon) || is(Token::semicolon) || is(Token::eof))
      break;
    ExprPtr e = parseItem();
    if (!e)
      return nullptr;
    elts.push_back(std::move(e));
  }
  return std::make_unique<TupleExpr>(loc, std::move(elts));
}

/// test ::= or_test ['if' or_test 'else' test]
ExprPtr Parser::parseTest() {
  DepthScope scope(*this);
  if (!nest())
    return nullptr;
  if (is(Token::kw_lambda)) {
    errorAtCurrent("unsupported expression 'lambda'");
    return nullptr;
  }
  if (is(Token::kw_yield) || is(Token::kw_await)) {
    errorAtCurrent(Twine("unsupported expression '") + cur().getSpelling() +
                   "'");
    return nullptr;
  }
  ExprPtr e = parseOrTest();
  if (!e || !is(Token::kw_if))
    return e;
  SMLoc loc = cur().getLoc();
  consume();
  ExprPtr cond = parseOrTest();
  if (!cond || !expect(Token::kw_else, "in conditional expression"))
    return nullptr;
  ExprPtr other = parseTest();
  if (!other)
    return nullptr;
  return std::make_unique<IfExpExpr>(loc, std::move(cond), std::move(e),
                                     std::move(other));
}

/// or_test ::= and_test ('or' and_test)*
ExprPtr Parser::parseOrTest() {
  ExprPtr first = parseAndTest();
  if (!first || !is(Token::kw_or))
    return first;
  SMLoc loc = cur().getLoc();
  std::vector<ExprPtr> values;
  values.push_back(std::move(first));
  while (consumeIf(Token::kw_or)) {
    ExprPtr e = parseAndTest();
    if (!e)
      return nullptr;
    values.push_back(std::move(e));
  }
  return std::make_unique<BoolOpExpr>(loc, BoolOpKind::Or, std::move(values));
}

/// and_test ::= not_test ('and' not_test)*
ExprPtr Parser::parseAndTest() {
  ExprPtr first = parseNotTest();
  if (!first || !is(Token::kw_and))
    return first;
  SMLoc loc = cur().getLoc();
  std::vector<ExprPtr> values;
  values.push_back(std::move(first));
  while (consumeIf(Token::kw_and)) {
    ExprPtr e = parseNotTest();
    if (!e)
      return nullptr;
    values.push_back(std::move(e));
  }
  return std::make_unique<BoolOpExpr>(loc, BoolOpKind::And, std::move(values));
}

/// not_test ::= 'not' not_test | comparison
ExprPtr Parser::parseNotTest() {
  if (!is(Token::kw_not))
    return parseComparison();
  SMLoc loc = cur().getLoc();
  consume();
  DepthScope scope(*this);
  if (!nest())
    return nullptr;
  ExprPtr e = parseNotTest();
  return e ? std::make_unique<UnaryExpr>(loc, UnaryOp::Not, std::move(e))
           : nullptr;
}

/// comparison ::= or_expr (comp_op or_expr)*
/// comp_op ::= '<'|'>'|'=='|'>='|'<='|'!='|'in'|'not' 'in'|'is'|'is' 'not'
ExprPtr Parser::parseComparison() {
  ExprPtr first = parseBinary(0);
  if (!first)
    return nullptr;
  std::unique_ptr<CompareExpr> cmp;
  while (true) {
    CmpOp op;
    SMLoc opLoc = cur().getLoc();
    switch (cur().getKind()) {
    case Token::less:
      op = CmpOp::Lt;
      break;
    case Token::greater:
      op = CmpOp::Gt;
      break;
    case Token::lessequal:
      op = CmpOp::Le;
      break;
    case Token::greaterequal:
      op = CmpOp::Ge;
      break;
    case Token::equalequal:
      op = CmpOp::Eq;
      break;
    case Token::exclaimequal:
      op = CmpOp::Ne;
      break;
    case Token::kw_in:
      op = CmpOp::In;
      break;
    case Token::kw_is:
      op = peek().is(Token::kw_not) ? CmpOp::IsNot : CmpOp::Is;
      break;
    case Token::kw_not:
      if (!peek().is(Token::kw_in))
        return cmp ? std::move(cmp) : std::move(first);
      op = CmpOp::NotIn;
      break;
    default:
      if (cmp)
        return cmp;
      return first;
    }
    consume();
    if (op == CmpOp::IsNot || op == CmpOp::NotIn)
      consume();
    if (!cmp) {
      cmp = std::make_unique<CompareExpr>(first->getLoc());
      cmp->operands.push_back(std::move(first));
    }
    ExprPtr rhs = parseBinary(0);
    if (!rhs)
      return nullptr;
    cmp->ops.push_back(op);
    cmp->opLocs.push_back(opLoc);
    cmp->operands.push_back(std::move(rhs));
  }
}

/// Binary operator precedence (higher binds tighter), -1 if not binary.
static int binaryPrecedence(Token::Kind k, BinaryOp &op) {
  switch (k) {
  case Token::pipe:
    op = BinaryOp::BitOr;
    return 1;
  case Token::caret:
    op = BinaryOp::BitXor;
    return 2;
  case Token::amp:
    op = BinaryOp::BitAnd;
    return 3;
  case Token::lessless:
    op = BinaryOp::LShift;
    return 4;
  case Token::greatergreater:
    op = BinaryOp::RShift;
    return 4;
  case Token::plus:
    op = BinaryOp::Add;
    return 5;
  case Token::minus:
    op = BinaryOp::Sub;
    return 5;
  case Token::star:
    op = BinaryOp::Mul;
    return 6;
  case Token::at:
    op = BinaryOp::MatMul;
    return 6;
  case Token::slash:
    op = BinaryOp::Div;
    return 6;
  case Token::slashslash:
    op = BinaryOp::FloorDiv;
    return 6;
  case Token::percent:
    op = BinaryOp::Mod;
    return 6;
  default:
    return -1;
  }
}

/// Precedence climbing over the left-associative binary levels:
///   or_expr    ::= xor_expr ('|' xor_expr)*
///   xor_expr   ::= and_expr ('^' and_expr)*
///   and_expr   ::= shift_expr ('&' shift_expr)*
///   shift_expr ::= arith_expr (('<<'|'>>') arith_expr)*
///   arith_expr ::= term (('+'|'-') term)*
///   term       ::= factor (('*'|'@'|'/'|'%'|'//') factor)*
ExprPtr Parser::parseBinary(int minPrec) {
  DepthScope scope(*this);
  ExprPtr lhs = parseFactor();
  if (!lhs)
    return nullptr;
  while (true) {
    BinaryOp op;
    int prec = binaryPrecedence(cur().getKind(), op);
    if (prec < 0 || prec < minPrec)
      return lhs;
    // Each operator nests the chain so far one level deeper in the AST.
    if (!nest())
      return nullptr;
    SMLoc loc = cur().getLoc();
    consume();
    ExprPtr rhs = parseBinary(prec + 1);
    if (!rhs)
      return nullptr;
    lhs = std::make_unique<BinaryExpr>(loc, op, std::move(lhs), std::move(rhs));
  }
}

/// factor ::= ('+'|'-'|'~') factor | power
ExprPtr Parser::parseFactor() {
  UnaryOp op;
  switch (cur().getKind()) {
  case Token::plus:
    op = UnaryOp::Plus;
    break;
  case Token::minus:
    op = UnaryOp::Minus;
    break;
  case Token::tilde:
    op = UnaryOp::Invert;
    break;
  default:
    return parsePower();
  }
  SMLoc loc = cur().getLoc();
  consume();
  DepthScope scope(*this);
  if (!nest())
    return nullptr;
  ExprPtr e = parseFactor();
  return e ? std::make_unique<UnaryExpr>(loc, op, std::move(e)) : nullptr;
}

/// power ::= atom_expr ['**' factor]
ExprPtr Parser::parsePower() {
  ExprPtr base = parseAtomExpr();
  if (!base || !is(Token::starstar))
    return base;
  SMLoc loc = cur().getLoc();
  consume();
  DepthScope scope(*this);
  if (!nest())
    return nullptr;
  ExprPtr exp = parseFactor();
  return exp ? std::make_unique<BinaryExpr>(loc, BinaryOp::Pow, std::move(base),
                                            std::move(exp))
             : nullptr;
}

/// atom_expr ::= atom trailer*
/// trailer   ::= '(' [arglist] ')' | '[' subscriptlist ']' | '.' NAME
ExprPtr Parser::parseAtomExpr() {
  DepthScope scope(*this);
  ExprPtr e = parseAtom();
  while (e) {
    SMLoc loc = cur().getLoc();
    // Each trailer nests the expression so far one level deeper in the AST.
    if ((is(Token::l_paren) || is(Token::l_square) || is(Token::period)) &&
        !nest())
      return nullptr;
    if (consumeIf(Token::l_paren)) {
      auto call = std::make_unique<CallExpr>(e->getLoc(), std::move(e));
      if (!parseArgList(*call))
        return nullptr;
      e = std::move(call);
    } else if (consumeIf(Token::l_square)) {
      // subscriptlist ::= subscript (',' subscript)* [',']
      auto sub = std::make_unique<SubscriptExpr>(loc, std::move(e));
      do {
        if (is(Token::r_square))
          break;
        ExprPtr idx = parseSubscriptItem();
        if (!idx)
          return nullptr;
        sub->indices.push_back(std::move(idx));
        if (is(Token::comma))
          sub->isTuple = true;
      } while (consumeIf(Token::comma));
      if (sub->indices.empty()) {
        errorAtCurrent("expected subscript expression");
        return nullptr;
      }
      if (!expect(Token::r_square, "after subscript"))
        return nullptr;
      e = std::move(sub);
    } else if (consumeIf(Token::period)) {
      if (!is(Token::identifier)) {
        errorAtCurrent("expected attribute name after '.', found " +
                       describeCurrent());
        return nullptr;
      }
      e = std::make_unique<AttributeExpr>(cur().getLoc(), std::move(e),
                                          cur().getSpelling().str());
      consume();
    } else {
      break;
    }
  }
  return e;
}

/// subscript ::= test | [test] ':' [test] [':' [test]]
ExprPtr Parser::parseSubscriptItem() {
  SMLoc loc = cur().getLoc();
  ExprPtr lower;
  if (!is(Token::colon)) {
    lower = parseTest();
    if (!lower || !is(Token::colon))
      return lower;
  }
  consume(); // ':'
  auto slice = std::make_unique<SliceExpr>(loc);
  slice->lower = std::move(lower);
  auto atEnd = [&] {
    return is(Token::comma) || is(Token::r_square) || is(Token::colon);
  };
  if (!atEnd() && !(slice->upper = parseTest()))
    return nullptr;
  if (consumeIf(Token::colon) && !atEnd() && !(slice->step = parseTest()))
    return nullptr;
  return slice;
}

/// arglist  ::= argument (',' argument)* [',']
/// argument ::= test | NAME '=' test | '*' test | '**' test
bool Parser::parseArgList(CallExpr &call) {
  while (!is(Token::r_paren)) {
    if (is(Token::starstar)) {
      errorAtCurrent(
          "unsupported expression '**' (keyword argument unpacking)");
      return false;
    }
    if (is(Token::identifier) && peek().is(Token::equal)) {
      Keyword kw;
      kw.loc = cur().getLoc();
      kw.name = cur().getSpelling().str();
      consume();
      consume();
      if (!(kw.value = parseTest()))
        return false;
      call.keywords.push_back(std::move(kw));
    } else {
      if (!call.keywords.empty()) {
        errorAtCurrent("positional argument follows keyword argument");
        return false;
      }
      ExprPtr arg;
      if (is(Token::star)) {
        SMLoc sloc = cur().getLoc();
        consume();
        ExprPtr v = parseTest();
        if (!v)
          return false;
        arg = std::make_unique<StarredExpr>(sloc, std::move(v));
      } else if (!(arg = parseTest())) {
        return false;
      }
      call.args.push_back(std::move(arg));
    }
    if (!consumeIf(Token::comma))
      break;
  }
  return expect(Token::r_paren, "after call arguments");
}

/// atom ::= '(' [testlist] ')' | '[' [testlist] ']' | NAME | NUMBER | STRING+
///        | '...' | 'None' | 'True' | 'False'
ExprPtr Parser::parseAtom() {
  SMLoc loc = cur().getLoc();
  switch (cur().getKind()) {
  case Token::identifier: {
    auto e = std::make_unique<NameExpr>(loc, cur().getSpelling().str());
    consume();
    return e;
  }
  case Token::integer:
  case Token::floating:
    return parseNumber();
  case Token::string:
    return parseStrings();
  case Token::kw_True:
  case Token::kw_False: {
    auto e = std::make_unique<ConstantExpr>(loc, ConstantExpr::CKind::Bool);
    e->boolValue = is(Token::kw_True);
    consume();
    return e;
  }
  case Token::kw_None:
    consume();
    return std::make_unique<ConstantExpr>(loc, ConstantExpr::CKind::None);
  case Token::ellipsis:
    consume();
    return std::make_unique<ConstantExpr>(loc, ConstantExpr::CKind::Ellipsis);
  case Token::l_paren:
  case Token::l_square: {
    bool isList = is(Token::l_square);
    Token::Kind close = isList ? Token::r_square : Token::r_paren;
    consume();
    std::vector<ExprPtr> elts;
    bool sawComma = false;
    while (!is(close)) {
      ExprPtr e;
      if (is(Token::star)) {
        SMLoc sloc = cur().getLoc();
        consume();
        ExprPtr v = parseBinary(0);
        if (!v)
          return nullptr;
        e = std::make_unique<StarredExpr>(sloc, std::move(v));
      } else if (!(e = parseTest())) {
        return nullptr;
      }
      if (is(Token::kw_for)) {
        errorAtCurrent("unsupported expression 'comprehension'");
        return nullptr;
      }
      if (!isList && is(Token::colonequal)) {
        errorAtCurrent("unsupported expression ':='");
        return nullptr;
      }
      elts.push_back(std::move(e));
      if (!consumeIf(Token::comma))
        break;
      sawComma = true;
    }
    if (!expect(close, isList ? "to close list" : "to close parenthesis"))
      return nullptr;
    if (!isList && elts.size() == 1 && !sawComma)
      return std::move(elts.front()); // Parenthesized expression.
    return std::make_unique<TupleExpr>(loc, std::move(elts), isList);
  }
  case Token::l_brace:
    errorAtCurrent("unsupported expression 'dict or set display'");
    return nullptr;
  default:
    errorAtCurrent("expected expression, found " + describeCurrent());
    return nullptr;
  }
}

/// NUMBER ::= decinteger | hexinteger | octinteger | bininteger | floatnumber
ExprPtr Parser::parseNumber() {
  SMLoc loc = cur().getLoc();
  std::string text;
  for (char c : cur().getSpelling())
    if (c != '_')
      text.push_back(c);
  bool isFloat = is(Token::floating);
  consume();
  if (isFloat) {
    if (!text.empty() && (text.back() == 'j' || text.back() == 'J')) {
      error(loc, "unsupported expression 'complex literal'");
      return nullptr;
    }
    auto e = std::make_unique<ConstantExpr>(loc, ConstantExpr::CKind::Float);
    e->floatValue = std::strtod(text.c_str(), nullptr);
    return e;
  }
  unsigned radix = 10;
  StringRef digits = text;
  if (digits.size() > 1 && digits[0] == '0') {
    char p = digits[1] | 0x20;
    if (p == 'x' || p == 'o' || p == 'b') {
      radix = p == 'x' ? 16 : p == 'o' ? 8 : 2;
      digits = digits.drop_front(2);
    } else if (digits.find_first_not_of('0') != StringRef::npos) {
      error(loc, "invalid decimal literal with leading zeros");
      return nullptr;
    }
  }
  auto e = std::make_unique<ConstantExpr>(loc, ConstantExpr::CKind::Int);
  // One pass over the digits (linear in the literal's length): the value is
  // accumulated until it no longer fits in 127 bits (tilec's constexpr ints),
  // then only checked.
  using U128 = unsigned __int128;
  const U128 kMax = ~U128(0) >> 1;
  U128 value = 0;
  bool overflow = false;
  for (char c : digits) {
    unsigned digit = llvm::hexDigitValue(c);
    if (digit >= radix) {
      error(loc, "invalid digit '" + Twine(c) + "' in integer literal");
      return nullptr;
    }
    if (overflow)
      continue;
    if (value > (kMax - digit) / radix)
      overflow = true;
    else
      value = value * radix + digit;
  }
  if (digits.empty()) {
    error(loc, "invalid integer literal");
    return nullptr;
  }
  if (overflow) {
    e->intOverflow = true;
  } else {
    e->intValue = static_cast<int64_t>(uint64_t(value));
    e->intHigh = uint64_t(value >> 64);
    e->isUnsigned64 = e->intHigh == 0 && uint64_t(value) > uint64_t(INT64_MAX);
  }
  return e;
}

/// Decodes one string literal token (prefix, quotes, escapes).
static std::string decodeString(StringRef spelling) {
  size_t q = spelling.find_first_of("'\"");
  StringRef prefix = spelling.take_front(q);
  bool raw = prefix.find_first_of("rR") != StringRef::npos;
  StringRef body = spelling.drop_front(q);
  size_t quoteLen = body.size() >= 6 && (body.starts_with("\"\"\"") ||
                                         body.starts_with("'''"))
                        ? 3
                        : 1;
  body = body.drop_front(quoteLen).drop_back(quoteLen);
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || raw || i + 1 == body.size()) {
      out.push_back(c);
      continue;
    }
    char n = body[++i];
    switch (n) {
    case 'n':
      out.push_back('\n');
      break;
    case 't':
      out.push_back('\t');
      break;
    case 'r':
      out.push_back('\r');
      break;
    case '0':
      out.push_back('\0');
      break;
    case '\n':
      break;
    case '\\':
    case '\'':
    case '"':
      out.push_back(n);
      break;
    default:
      out.push_back('\\');
      out.push_back(n);
    }
  }
  return out;
}

/// STRING+ (adjacent literals concatenate)
ExprPtr Parser::parseStrings() {
  auto e =
      std::make_unique<ConstantExpr>(cur().getLoc(), ConstantExpr::CKind::Str);
  while (is(Token::string)) {
    e->strValue += decodeString(cur().getSpelling());
    consume();
  }
  return e;
}

std::unique_ptr<FileAST>
tilec::frontend::parseFile(const llvm::SourceMgr &sourceMgr, unsigned bufferID,
                           ErrorReporter report) {
  Lexer lexer(sourceMgr, bufferID);
  std::vector<Token> tokens = lexer.lexAll();
  Parser parser(std::move(tokens), lexer.getUnclosedBrackets(), report);
  return parser.parseFileInput();
}
