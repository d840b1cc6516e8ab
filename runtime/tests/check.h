// Minimal test helpers: checks that print what failed and count failures.
#ifndef TILEC_RUNTIME_TESTS_CHECK_H
#define TILEC_RUNTIME_TESTS_CHECK_H

#include "tilec/runtime.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace check {

/// Counters (atomic: tests check from several threads).
inline std::atomic<int> &failures() {
  static std::atomic<int> n{0};
  return n;
}
inline std::atomic<int> &checks() {
  static std::atomic<int> n{0};
  return n;
}

inline bool that(bool ok, const char *what, const char *file, int line) {
  ++checks();
  if (!ok) {
    ++failures();
    std::fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what);
  }
  return ok;
}

/// Expects success; prints the status message otherwise.
inline bool ok(tilec_status s, const char *what, const char *file, int line) {
  ++checks();
  if (s) {
    ++failures();
    std::fprintf(stderr, "%s:%d: FAILED: %s\n  returned %s: %s\n", file, line,
                 what, tilec_status_code_name(tilec_status_code(s)),
                 tilec_status_message(s));
    tilec_status_free(s);
    return false;
  }
  return true;
}

/// Expects an error with `code` whose message contains `substr`.
inline bool fails(tilec_status s, tilec_code code, const char *substr,
                  const char *what, const char *file, int line) {
  ++checks();
  bool good = s && tilec_status_code(s) == code &&
              std::strstr(tilec_status_message(s), substr);
  if (!good) {
    ++failures();
    std::fprintf(stderr,
                 "%s:%d: FAILED: %s\n  expected %s containing \"%s\"\n  got "
                 "%s: %s\n",
                 file, line, what, tilec_status_code_name(code), substr,
                 tilec_status_code_name(tilec_status_code(s)),
                 s ? tilec_status_message(s) : "(success)");
  } else if (std::getenv("TILEC_TEST_VERBOSE")) {
    std::printf("  ok: %s\n", tilec_status_message(s));
  }
  tilec_status_free(s);
  return good;
}

/// Prints the summary and returns the process exit code.
inline int report(const char *name) {
  std::printf("%s: %d checks, %d failures\n", name, checks().load(),
              failures().load());
  return failures() ? 1 : 0;
}

} // namespace check

#define CHECK(cond) check::that((cond), #cond, __FILE__, __LINE__)
#define CHECK_OK(expr) check::ok((expr), #expr, __FILE__, __LINE__)
#define CHECK_FAILS(expr, code, substr)                                        \
  check::fails((expr), TILEC_STATUS_##code, (substr), #expr, __FILE__, __LINE__)

#endif
