//===- FuzzFrontend.cpp - Grammar-aware libFuzzer harness for the frontend ===//
//
// Each input is a Python file. Every @jit function in it is compiled to tile
// IR (lexer, parser, MLIRGen, verifier) with a signature derived from its
// parameter names (`*_ptr`/`ptr` parameters are `*fp32`, others `i32`) and
// constexprs without a default bound to 16. Errors are fine; a crash, a hang
// (libFuzzer's -timeout) or an assertion is a bug.
//
// The custom mutator is grammar-aware: it either generates a whole kernel
// from a small Triton-language grammar (expressions, statements, control
// flow, sometimes absurdly deep or long), or mutates the input at the level
// of lines, brackets, names and numbers (the seed corpus is the conformance
// kernels of test/conformance), or falls back to libFuzzer's byte mutations.
//
//===----------------------------------------------------------------------===//
#include "tilec/Frontend/Frontend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/thread.h"

#include <csignal>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <random>
#include <string>
#include <vector>

using namespace tilec;

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

namespace {

/// True with probability percent/100.
bool chance(std::mt19937 &rng, unsigned percent) {
  return std::uniform_int_distribution<unsigned>(0, 99)(rng) < percent;
}

/// Compiles every @jit function of `source` to tile IR, ignoring errors.
void compileAll(const std::string &source) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, "fuzz.py"),
                               llvm::SMLoc());
  mlir::DialectRegistry registry;
  frontend::registerFrontendDialects(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) { return mlir::success(); });
  auto functions = frontend::listJitFunctions(context, sourceMgr);
  if (!functions)
    return;
  for (const frontend::JitFunctionInfo &fn : *functions) {
    frontend::KernelRequest request;
    request.kernelName = fn.name;
    for (const frontend::JitParamInfo &param : fn.params) {
      if (param.isConstexpr) {
        if (!param.hasDefault)
          request.defines.push_back({param.name, "16"});
        continue;
      }
      request.signature.push_back(llvm::StringRef(param.name).contains("ptr") ? "*fp32"
                                                                               : "i32");
    }
    mlir::OwningOpRef<mlir::ModuleOp> module =
        frontend::compileKernel(context, sourceMgr, request);
    if (module)
      (void)mlir::verify(*module);
  }
}

//===----------------------------------------------------------------------===//
// Kernel generator
//===----------------------------------------------------------------------===//

/// Generates random kernels from a small grammar of Triton's language:
///   kernel ::= '@triton.jit' 'def' NAME '(' params ')' ':' prologue stmt*
///   stmt   ::= NAME '=' expr | 'if' cond ':' stmt+ ['else' ':' stmt+]
///            | 'for' NAME 'in' 'range' '(' INT ')' ':' stmt+
///            | 'while' cond ':' stmt+ | 'tl.store' '(' ptr ',' expr ',' 'mask=mask' ')'
///   expr   ::= NAME | NUMBER | expr BINOP expr | '(' expr ')' | UNOP expr
///            | 'tl.where' '(' cond ',' expr ',' expr ')' | expr 'if' cond 'else' expr
///            | 'tl.load' '(' ptr ',' 'mask=mask' ',' 'other=' NUMBER ')'
///            | 'tl.' FN '(' expr [',' expr] ')' | expr '.to' '(' DTYPE ')'
///   cond   ::= expr CMPOP expr | 'mask'
class Generator {
public:
  explicit Generator(unsigned seed) : rng(seed) {}

  std::string kernel() {
    vars = {"offs", "x"};
    std::string s = "import triton\nimport triton.language as tl\n\n\n@triton.jit\n"
                    "def kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n"
                    "    pid = tl.program_id(0)\n"
                    "    offs = pid * BLOCK + tl.arange(0, BLOCK)\n"
                    "    mask = offs < n\n"
                    "    x = tl.load(x_ptr + offs, mask=mask, other=0.0)\n";
    unsigned count = 1 + pick(8);
    for (unsigned i = 0; i < count; ++i)
      s += stmt(1, 0);
    s += "    tl.store(y_ptr + offs, " + expr(0) + ", mask=mask)\n";
    return s;
  }

private:
  unsigned pick(unsigned n) { return n ? std::uniform_int_distribution<unsigned>(0, n - 1)(rng) : 0; }
  bool chance(unsigned percent) { return pick(100) < percent; }
  std::string indent(unsigned level) { return std::string(4 * level, ' '); }

  std::string number() {
    static const char *numbers[] = {"0", "1", "2", "16", "0.5", "1e30", "-3", "2**31",
                                    "9223372036854775807", "0x7f", "1_000", "3.0", "float('inf')"};
    if (chance(2))
      return std::string(1 + pick(400), '9');
    return numbers[pick(sizeof(numbers) / sizeof(*numbers))];
  }

  std::string expr(unsigned depth) {
    if (chance(1)) {
      // Pathological depth or length, to probe the frontend's limits.
      unsigned n = 1 + pick(3000);
      switch (pick(4)) {
      case 0:
        return std::string(n, '(') + "x" + std::string(n, ')');
      case 1: {
        std::string s = "x";
        for (unsigned i = 0; i < n; ++i)
          s += " + x";
        return s;
      }
      case 2: {
        std::string s = "x";
        for (unsigned i = 0; i < n; ++i)
          s += ".T";
        return s;
      }
      default: {
        std::string s = "x";
        for (unsigned i = 0; i < n; ++i)
          s = "x if offs > " + std::to_string(i) + " else " + s;
        return s;
      }
      }
    }
    if (depth > 4 || chance(30))
      return chance(70) ? vars[pick(vars.size())] : number();
    static const char *binops[] = {"+", "-", "*", "/", "//", "%", "<<", ">>", "&", "|", "^", "**"};
    static const char *fns[] = {"exp", "log", "sqrt", "abs", "maximum", "minimum", "sum",
                                "max", "cumsum", "sigmoid", "fma", "umulhi", "clamp"};
    static const char *dtypes[] = {"tl.float16", "tl.int8", "tl.int64", "tl.float32", "tl.bfloat16",
                                   "tl.uint32", "tl.int1"};
    switch (pick(9)) {
    case 0:
    case 1:
      return expr(depth + 1) + " " + binops[pick(12)] + " " + expr(depth + 1);
    case 2:
      return "(" + expr(depth + 1) + ")";
    case 3:
      return std::string(chance(50) ? "-" : "~") + expr(depth + 1);
    case 4:
      return "tl.where(" + cond(depth + 1) + ", " + expr(depth + 1) + ", " + expr(depth + 1) + ")";
    case 5:
      return expr(depth + 1) + " if " + cond(depth + 1) + " else " + expr(depth + 1);
    case 6:
      return "tl.load(" + std::string(chance(50) ? "x_ptr" : "y_ptr") +
             " + offs, mask=mask, other=" + number() + ")";
    case 7: {
      std::string fn = fns[pick(13)];
      std::string args = expr(depth + 1);
      for (unsigned i = 0, n = pick(3); i < n; ++i)
        args += ", " + expr(depth + 1);
      if (chance(30))
        args += ", axis=" + std::to_string(pick(3));
      return "tl." + fn + "(" + args + ")";
    }
    default:
      return "(" + expr(depth + 1) + ").to(" + dtypes[pick(7)] + ")";
    }
  }

  std::string cond(unsigned depth) {
    static const char *cmps[] = {"<", ">", "==", "!=", "<=", ">="};
    if (chance(20))
      return "mask";
    return expr(depth) + " " + cmps[pick(6)] + " " + expr(depth);
  }

  std::string stmt(unsigned level, unsigned depth) {
    if (depth > 3 || chance(50)) {
      std::string name = "v" + std::to_string(vars.size());
      std::string s = indent(level) + name + " = " + expr(0) + "\n";
      vars.push_back(name);
      return s;
    }
    std::string body;
    unsigned count = 1 + pick(3);
    for (unsigned i = 0; i < count; ++i)
      body += stmt(level + 1, depth + 1);
    switch (pick(4)) {
    case 0: {
      std::string s = indent(level) + "if " + cond(0) + ":\n" + body;
      if (chance(50))
        s += indent(level) + "else:\n" + stmt(level + 1, depth + 1);
      return s;
    }
    case 1:
      return indent(level) + "for i" + std::to_string(depth) + " in range(" +
             std::to_string(pick(5)) + "):\n" + body;
    case 2:
      return indent(level) + "while " + cond(0) + ":\n" + body + indent(level + 1) + "break\n";
    default:
      return indent(level) + "tl.store(y_ptr + offs, " + expr(0) + ", mask=mask)\n";
    }
  }

  std::mt19937 rng;
  std::vector<std::string> vars;
};

//===----------------------------------------------------------------------===//
// Structure-aware mutations
//===----------------------------------------------------------------------===//

/// Mutates Python source at the level of lines, brackets, names and numbers.
std::string mutateSource(const std::string &in, std::mt19937 &rng) {
  auto pick = [&](size_t n) {
    return n ? std::uniform_int_distribution<size_t>(0, n - 1)(rng) : size_t(0);
  };
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= in.size()) {
    size_t end = in.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(in.substr(start));
      break;
    }
    lines.push_back(in.substr(start, end - start));
    start = end + 1;
  }
  if (lines.empty())
    lines.push_back("");
  size_t at = pick(lines.size());
  std::string &line = lines[at];
  static const char *snippets[] = {
      "    x = (", "    x = x[:, None]", "    tl.store(y_ptr, x)", "@jit", "def", "    if x:",
      "    else:", "        pass", "    return x", "    x = tl.zeros((32768, 32768), tl.float32)",
      "    x = tl.reshape(x, (2, 2, 2))", "  ", "\t", "    x = 1 if x else 2 if x else 3",
      "    x = tl.dot(x, x)", "    x = x.T.T.T", "    for i in range(10):", "    while True:",
      "@triton.jit", "def k(", "    x = ]", "    x = '''", "    x = \\"};
  switch (pick(9)) {
  case 0: // Duplicate a line.
    lines.insert(lines.begin() + at, line);
    break;
  case 1: // Delete a line.
    lines.erase(lines.begin() + at);
    break;
  case 2: // Insert a snippet.
    lines.insert(lines.begin() + at, snippets[pick(sizeof(snippets) / sizeof(*snippets))]);
    break;
  case 3: { // Insert or delete one bracket.
    static const char brackets[] = "()[]{}";
    size_t pos = pick(line.size() + 1);
    if (chance(rng, 50) && pos < line.size())
      line.erase(pos, 1);
    else
      line.insert(pos, 1, brackets[pick(6)]);
    break;
  }
  case 4: { // Wrap a part of the line in deep parentheses.
    size_t pos = line.find('=');
    if (pos == std::string::npos)
      break;
    size_t depth = 1 + pick(chance(rng, 10) ? 5000 : 50);
    line.insert(pos + 1, " " + std::string(depth, '('));
    line += std::string(depth, ')');
    break;
  }
  case 5: { // Replace a number with an extreme one.
    size_t pos = line.find_first_of("0123456789");
    if (pos == std::string::npos)
      break;
    static const char *numbers[] = {"0", "2147483648", "18446744073709551616", "65536",
                                    "1e309", "-1", "0b2", "00", "1j"};
    size_t end = line.find_first_not_of("0123456789._xabcdefABCDEF", pos);
    line.replace(pos, (end == std::string::npos ? line.size() : end) - pos,
                 numbers[pick(sizeof(numbers) / sizeof(*numbers))]);
    break;
  }
  case 6: { // Change the indentation.
    if (chance(rng, 50))
      line.insert(0, std::string(1 + pick(8), ' '));
    else if (!line.empty() && line[0] == ' ')
      line.erase(0, std::min(line.size(), 1 + pick(8)));
    break;
  }
  case 7: { // Swap two lines.
    size_t other = pick(lines.size());
    std::swap(lines[at], lines[other]);
    break;
  }
  default: { // Swap an operator.
    static const char ops[] = "+-*/%<>&|^~@.,:";
    size_t pos = line.find_first_of(ops);
    if (pos != std::string::npos)
      line[pos] = ops[pick(sizeof(ops) - 1)];
    break;
  }
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i)
    out += lines[i] + (i + 1 < lines.size() ? "\n" : "");
  return out;
}

/// Makes libFuzzer's crash handlers run on an alternate signal stack. Without
/// this, a stack overflow faults again inside the handler and the process dies
/// with a bare "Segmentation fault": no report and no crash-* reproducer.
/// libFuzzer installs its handlers before the first input runs, so the first
/// call adds SA_ONSTACK to them.
void runCrashHandlersOnAlternateStack() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int signal : {SIGSEGV, SIGBUS}) {
      struct sigaction action;
      if (sigaction(signal, nullptr, &action) == 0 && action.sa_handler != SIG_DFL &&
          action.sa_handler != SIG_IGN) {
        action.sa_flags |= SA_ONSTACK;
        sigaction(signal, &action, nullptr);
      }
    }
  });
}

/// Gives the calling thread an alternate signal stack for its lifetime.
class ScopedAlternateSignalStack {
public:
  ScopedAlternateSignalStack() : memory(1u << 20) {
    stack_t stack{};
    stack.ss_sp = memory.data();
    stack.ss_size = memory.size();
    sigaltstack(&stack, nullptr);
  }
  ~ScopedAlternateSignalStack() {
    stack_t disable{};
    disable.ss_flags = SS_DISABLE;
    sigaltstack(&disable, nullptr);
  }

private:
  std::vector<char> memory;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  runCrashHandlersOnAlternateStack();
  std::string source(reinterpret_cast<const char *>(data), size);
  // The stack the CLI and JIT compile on (see Driver.cpp).
  llvm::thread worker(std::optional<unsigned>(64u << 20), [&] {
    ScopedAlternateSignalStack alternateStack;
    compileAll(source);
  });
  worker.join();
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t maxSize,
                                          unsigned seed) {
  std::mt19937 rng(seed);
  std::string out;
  unsigned choice = std::uniform_int_distribution<unsigned>(0, 9)(rng);
  if (choice < 2) {
    out = Generator(seed).kernel();
  } else if (choice < 8) {
    out = std::string(reinterpret_cast<const char *>(data), size);
    for (unsigned i = 0, n = 1 + seed % 3; i < n; ++i)
      out = mutateSource(out, rng);
  } else {
    return LLVMFuzzerMutate(data, size, maxSize);
  }
  if (out.size() > maxSize)
    out.resize(maxSize);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}
