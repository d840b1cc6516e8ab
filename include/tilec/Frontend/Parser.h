//===- Parser.h - Recursive-descent parser for Triton kernels ----*- C++
//-*-===//
#ifndef TILEC_FRONTEND_PARSER_H
#define TILEC_FRONTEND_PARSER_H

#include "tilec/Frontend/AST.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SourceMgr.h"

namespace tilec::frontend {

/// Receives syntax errors: the offending location and a message.
using ErrorReporter =
    llvm::function_ref<void(llvm::SMLoc, const llvm::Twine &)>;

/// Parses a Python file: the functions decorated with `@jit`, `@triton.jit`,
/// `@tilec.jit` (with or without arguments) are parsed completely, module-level
/// constants are recorded, and everything else is skipped token by token.
/// Returns null after reporting the first syntax error in a @jit function.
std::unique_ptr<FileAST> parseFile(const llvm::SourceMgr &sourceMgr,
                                   unsigned bufferID, ErrorReporter report);

/// Returns true if `annotation` spells `tl.constexpr`,
/// `triton.language.constexpr` or `constexpr`.
bool isConstexprAnnotation(const Expr *annotation);
/// Whether a parameter annotation is `tl.const` (a pointer to constant memory).
bool isConstAnnotation(const Expr *annotation);

} // namespace tilec::frontend

#endif // TILEC_FRONTEND_PARSER_H
