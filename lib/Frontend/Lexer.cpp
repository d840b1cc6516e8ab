//===- Lexer.cpp - Python tokenizer for Triton kernels --------------------===//
#include "tilec/Frontend/Lexer.h"

#include "llvm/ADT/StringSwitch.h"
#include <cctype>

using namespace tilec::frontend;
using llvm::StringRef;

bool Token::isKeyword() const {
  switch (kind) {
#define TOK_KEYWORD(SPELLING)                                                  \
  case kw_##SPELLING:                                                          \
    return true;
#include "tilec/Frontend/TokenKinds.def"
  default:
    return false;
  }
}

StringRef Token::describe(Kind kind) {
  switch (kind) {
  case eof:
    return "end of file";
  case error:
    return "invalid token";
  case newline:
    return "end of line";
  case indent:
    return "indented block";
  case dedent:
    return "end of indented block";
  case identifier:
    return "identifier";
  case integer:
    return "integer literal";
  case floating:
    return "floating-point literal";
  case string:
    return "string literal";
#define TOK_KEYWORD(SPELLING)                                                  \
  case kw_##SPELLING:                                                          \
    return #SPELLING;
#define TOK_PUNCT(NAME, SPELLING)                                              \
  case NAME:                                                                   \
    return SPELLING;
#define TOK_OPERATOR(NAME, SPELLING)                                           \
  case NAME:                                                                   \
    return SPELLING;
#include "tilec/Frontend/TokenKinds.def"
  default:
    return "token";
  }
}

Lexer::Lexer(const llvm::SourceMgr &sourceMgr, unsigned bufferID) {
  const llvm::MemoryBuffer *buf = sourceMgr.getMemoryBuffer(bufferID);
  curPtr = buf->getBufferStart();
  bufEnd = buf->getBufferEnd();
}

Token Lexer::makeError(const char *start, StringRef message) {
  Token tok(Token::error,
            StringRef(start, std::max<size_t>(1, curPtr - start)));
  tok.setErrorMessage(message);
  return tok;
}

static bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
static bool isIdentChar(char c) {
  return isIdentStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

std::vector<Token> Lexer::lexAll() {
  std::vector<Token> out;
  bool atLineStart = true;
  while (true) {
    if (atLineStart && bracketDepth == 0) {
      lexLineStart(out);
      atLineStart = false;
      if (!out.empty() && out.back().is(Token::eof))
        return out;
    }
    // Skip horizontal whitespace, comments and continuations.
    while (curPtr < bufEnd) {
      char c = *curPtr;
      if (c == ' ' || c == '\t' || c == '\f') {
        ++curPtr;
      } else if (c == '#') {
        while (curPtr < bufEnd && *curPtr != '\n' && *curPtr != '\r')
          ++curPtr;
      } else if (c == '\\' && curPtr + 1 < bufEnd &&
                 (curPtr[1] == '\n' || curPtr[1] == '\r')) {
        curPtr += 2;
        if (curPtr[-1] == '\r' && curPtr < bufEnd && *curPtr == '\n')
          ++curPtr;
      } else if ((c == '\n' || c == '\r') && bracketDepth > 0) {
        ++curPtr; // Implicit line joining.
      } else {
        break;
      }
    }
    if (curPtr >= bufEnd) {
      atLineStart = true;
      // Brackets still open at the end of the file, outermost first.
      for (const char *opener : openBrackets)
        unclosed.push_back(llvm::SMLoc::getFromPointer(opener));
      openBrackets.clear();
      if (!out.empty() && !out.back().is(Token::newline) &&
          !out.back().is(Token::dedent) && !out.back().is(Token::indent))
        out.push_back(Token(Token::newline, StringRef(curPtr, 0)));
      bracketDepth = 0;
      continue;
    }
    char c = *curPtr;
    if (c == '\n' || c == '\r') {
      const char *start = curPtr++;
      if (c == '\r' && curPtr < bufEnd && *curPtr == '\n')
        ++curPtr;
      out.push_back(Token(Token::newline, StringRef(start, 1)));
      atLineStart = true;
      continue;
    }
    out.push_back(lexToken());
  }
}

/// Measures indentation at the start of a logical line and emits INDENT /
/// DEDENT tokens. Blank and comment-only lines are skipped entirely.
void Lexer::lexLineStart(std::vector<Token> &out) {
  while (true) {
    const char *lineStart = curPtr;
    unsigned col = 0;
    while (curPtr < bufEnd &&
           (*curPtr == ' ' || *curPtr == '\t' || *curPtr == '\f')) {
      col = *curPtr == '\t' ? (col / 8 + 1) * 8 : col + 1;
      ++curPtr;
    }
    if (curPtr >= bufEnd) {
      while (indentStack.size() > 1) {
        indentStack.pop_back();
        out.push_back(Token(Token::dedent, StringRef(curPtr, 0)));
      }
      out.push_back(Token(Token::eof, StringRef(curPtr, 0)));
      return;
    }
    char c = *curPtr;
    if (c == '#') {
      while (curPtr < bufEnd && *curPtr != '\n' && *curPtr != '\r')
        ++curPtr;
      c = curPtr < bufEnd ? *curPtr : '\n';
    }
    if (c == '\n' || c == '\r') {
      if (curPtr < bufEnd)
        ++curPtr;
      if (c == '\r' && curPtr < bufEnd && *curPtr == '\n')
        ++curPtr;
      continue; // Blank line.
    }
    if (curPtr >= bufEnd)
      continue;
    (void)lineStart;
    if (col > indentStack.back()) {
      indentStack.push_back(col);
      out.push_back(Token(Token::indent, StringRef(curPtr, 0)));
    } else {
      while (col < indentStack.back()) {
        indentStack.pop_back();
        out.push_back(Token(Token::dedent, StringRef(curPtr, 0)));
      }
      if (col != indentStack.back()) {
        const char *start = curPtr;
        Token tok(Token::error, StringRef(start, 1));
        tok.setErrorMessage(
            "unindent does not match any outer indentation level");
        out.push_back(tok);
        indentStack.push_back(col);
      }
    }
    return;
  }
}

Token Lexer::lexToken() {
  const char *start = curPtr;
  char c = *curPtr;
  if (isIdentStart(c))
    return lexIdentifierOrString(start);
  if (std::isdigit(static_cast<unsigned char>(c)) ||
      (c == '.' && curPtr + 1 < bufEnd &&
       std::isdigit(static_cast<unsigned char>(curPtr[1]))))
    return lexNumber(start);
  if (c == '"' || c == '\'')
    return lexString(start, curPtr);

  // Punctuation and operators: longest match first.
  struct Spelled {
    StringRef text;
    Token::Kind kind;
  };
  static const Spelled table[] = {
#define TOK_OPERATOR(NAME, SPELLING) {SPELLING, Token::NAME},
#include "tilec/Frontend/TokenKinds.def"
#define TOK_PUNCT(NAME, SPELLING) {SPELLING, Token::NAME},
#include "tilec/Frontend/TokenKinds.def"
  };
  StringRef rest(curPtr, bufEnd - curPtr);
  const Spelled *best = nullptr;
  for (const Spelled &s : table)
    if (rest.starts_with(s.text) &&
        (!best || s.text.size() > best->text.size()))
      best = &s;
  if (!best) {
    ++curPtr;
    return makeError(start, "invalid character in source");
  }
  curPtr += best->text.size();
  switch (best->kind) {
  case Token::l_paren:
  case Token::l_square:
  case Token::l_brace:
    ++bracketDepth;
    openBrackets.push_back(start);
    break;
  case Token::r_paren:
  case Token::r_square:
  case Token::r_brace: {
    // As Python's tokenizer: a closer must match the innermost opener.
    if (openBrackets.empty())
      return makeError(start, saveMessage("unmatched '" + std::string(1, c) + "'"));
    const char *opener = openBrackets.pop_back_val();
    --bracketDepth;
    char expected = *opener == '(' ? ')' : *opener == '[' ? ']' : '}';
    if (c != expected) {
      Token tok(Token::error, StringRef(start, 1));
      tok.setErrorMessage(saveMessage("closing parenthesis '" + std::string(1, c) +
                                      "' does not match opening parenthesis '" +
                                      std::string(1, *opener) + "'"));
      return tok;
    }
    break;
  }
  default:
    break;
  }
  return make(best->kind, start);
}

Token Lexer::lexIdentifierOrString(const char *start) {
  while (curPtr < bufEnd && isIdentChar(*curPtr))
    ++curPtr;
  StringRef text(start, curPtr - start);
  // String prefixes: r, b, f, u and two-letter combinations.
  if (curPtr < bufEnd && (*curPtr == '"' || *curPtr == '\'') &&
      text.size() <= 2 && text.find_first_not_of("rRbBfFuU") == StringRef::npos)
    return lexString(start, curPtr);
  Token::Kind kind = llvm::StringSwitch<Token::Kind>(text)
#define TOK_KEYWORD(SPELLING) .Case(#SPELLING, Token::kw_##SPELLING)
#include "tilec/Frontend/TokenKinds.def"
                         .Default(Token::identifier);
  return make(kind, start);
}

Token Lexer::lexNumber(const char *start) {
  auto isDigitOrSep = [](char c, bool hex) {
    return c == '_' || (hex ? std::isxdigit(static_cast<unsigned char>(c))
                            : std::isdigit(static_cast<unsigned char>(c)));
  };
  if (*curPtr == '0' && curPtr + 1 < bufEnd &&
      StringRef("xXoObB").contains(curPtr[1])) {
    curPtr += 2;
    while (curPtr < bufEnd && isDigitOrSep(*curPtr, true))
      ++curPtr;
    if (curPtr < bufEnd && isIdentChar(*curPtr)) {
      while (curPtr < bufEnd && isIdentChar(*curPtr))
        ++curPtr;
      return makeError(start, "invalid integer literal");
    }
    return make(Token::integer, start);
  }
  bool isFloat = false;
  while (curPtr < bufEnd && isDigitOrSep(*curPtr, false))
    ++curPtr;
  if (curPtr < bufEnd && *curPtr == '.') {
    isFloat = true;
    ++curPtr;
    while (curPtr < bufEnd && isDigitOrSep(*curPtr, false))
      ++curPtr;
  }
  if (curPtr < bufEnd && (*curPtr == 'e' || *curPtr == 'E')) {
    const char *save = curPtr++;
    if (curPtr < bufEnd && (*curPtr == '+' || *curPtr == '-'))
      ++curPtr;
    if (curPtr < bufEnd && std::isdigit(static_cast<unsigned char>(*curPtr))) {
      isFloat = true;
      while (curPtr < bufEnd && isDigitOrSep(*curPtr, false))
        ++curPtr;
    } else {
      curPtr = save;
    }
  }
  if (curPtr < bufEnd && (*curPtr == 'j' || *curPtr == 'J')) {
    ++curPtr; // Imaginary literal (host code only).
    isFloat = true;
  }
  if (curPtr < bufEnd && isIdentChar(*curPtr)) {
    while (curPtr < bufEnd && isIdentChar(*curPtr))
      ++curPtr;
    return makeError(start, "invalid numeric literal");
  }
  return make(isFloat ? Token::floating : Token::integer, start);
}

Token Lexer::lexString(const char *start, const char *quotePtr) {
  char quote = *quotePtr;
  curPtr = quotePtr;
  bool triple = curPtr + 2 < bufEnd && curPtr[1] == quote && curPtr[2] == quote;
  curPtr += triple ? 3 : 1;
  while (true) {
    if (curPtr >= bufEnd)
      return makeError(start, triple
                                  ? "unterminated triple-quoted string literal"
                                  : "unterminated string literal");
    char c = *curPtr;
    if (c == '\\') {
      curPtr += 2; // Skip the escaped character (also in raw strings).
      continue;
    }
    if (!triple && (c == '\n' || c == '\r'))
      return makeError(start, "unterminated string literal");
    if (c == quote) {
      if (!triple) {
        ++curPtr;
        break;
      }
      if (curPtr + 2 < bufEnd && curPtr[1] == quote && curPtr[2] == quote) {
        curPtr += 3;
        break;
      }
    }
    ++curPtr;
  }
  if (curPtr > bufEnd)
    curPtr = bufEnd;
  return make(Token::string, start);
}
