//===- Lexer.h - Python tokenizer for Triton kernels -------------*- C++
//-*-===//
//
// Tokens of Python source (with INDENT/DEDENT/NEWLINE) produced over an
// llvm::SourceMgr buffer.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_LEXER_H
#define TILEC_FRONTEND_LEXER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include <memory>
#include <string>
#include <vector>

namespace tilec::frontend {

/// One token; its spelling points into the source buffer.
class Token {
public:
  enum Kind {
#define TOK_MARKER(NAME) NAME,
#define TOK_IDENTIFIER(NAME) NAME,
#define TOK_LITERAL(NAME) NAME,
#define TOK_KEYWORD(SPELLING) kw_##SPELLING,
#define TOK_PUNCT(NAME, SPELLING) NAME,
#define TOK_OPERATOR(NAME, SPELLING) NAME,
#include "tilec/Frontend/TokenKinds.def"
    NumKinds
  };

  Token(Kind kind = eof, llvm::StringRef spelling = {})
      : kind(kind), spelling(spelling) {}

  Kind getKind() const { return kind; }
  bool is(Kind k) const { return kind == k; }
  bool isNot(Kind k) const { return kind != k; }
  bool isKeyword() const;
  llvm::StringRef getSpelling() const { return spelling; }
  llvm::SMLoc getLoc() const {
    return llvm::SMLoc::getFromPointer(spelling.data());
  }
  /// For error tokens: the lexer's message.
  llvm::StringRef getErrorMessage() const { return message; }
  void setErrorMessage(llvm::StringRef m) { message = m; }

  /// Returns the fixed spelling of punctuation/operator/keyword kinds, or a
  /// description ("identifier", "end of file", ...) for the others.
  static llvm::StringRef describe(Kind kind);

private:
  Kind kind;
  llvm::StringRef spelling;
  llvm::StringRef message;
};

/// Tokenizes a whole buffer, following Python's rules for logical lines,
/// indentation, implicit line joining inside brackets and backslash
/// continuations. Lexical errors become `error` tokens; lexing goes on.
class Lexer {
public:
  Lexer(const llvm::SourceMgr &sourceMgr, unsigned bufferID);

  /// Lexes the whole buffer; the result always ends with NEWLINE? DEDENT* EOF.
  std::vector<Token> lexAll();

  /// After lexAll: the opening brackets never closed before the end of the
  /// file, outermost first (each encloses everything after it).
  llvm::ArrayRef<llvm::SMLoc> getUnclosedBrackets() const { return unclosed; }

private:
  void lexLineStart(std::vector<Token> &out);
  Token lexToken();
  Token lexIdentifierOrString(const char *start);
  Token lexNumber(const char *start);
  Token lexString(const char *start, const char *quote);
  Token makeError(const char *start, llvm::StringRef message);
  /// Keeps a composed error message alive as long as the lexer's tokens.
  llvm::StringRef saveMessage(std::string message) {
    messages.push_back(std::make_unique<std::string>(std::move(message)));
    return *messages.back();
  }
  Token make(Token::Kind kind, const char *start) {
    return Token(kind, llvm::StringRef(start, curPtr - start));
  }

  const char *curPtr, *bufEnd;
  llvm::SmallVector<unsigned, 8> indentStack{0};
  int bracketDepth = 0;
  /// Start of every bracket open at the current point, innermost last.
  llvm::SmallVector<const char *, 8> openBrackets;
  llvm::SmallVector<llvm::SMLoc, 4> unclosed;
  std::vector<std::unique_ptr<std::string>> messages;
};

} // namespace tilec::frontend

#endif // TILEC_FRONTEND_LEXER_H
