// tilec_status: heap-allocated error objects with a code and a message.
#include "tilec/runtime.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

struct tilec_status_object {
  tilec_code code;
  char *message;
};

namespace {
/// Returned when allocating a status itself fails; never freed.
tilec_status_object OutOfMemoryStatus = {
    TILEC_STATUS_OUT_OF_MEMORY,
    const_cast<char *>("out of memory while reporting an error")};

tilec_status makeStatus(tilec_code code, char *message) {
  if (!message)
    return &OutOfMemoryStatus;
  auto *s = static_cast<tilec_status_object *>(
      std::malloc(sizeof(tilec_status_object)));
  if (!s) {
    std::free(message);
    return &OutOfMemoryStatus;
  }
  s->code = code;
  s->message = message;
  return s;
}

char *vformat(const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (n < 0)
    n = 0;
  char *buf = static_cast<char *>(std::malloc(size_t(n) + 1));
  if (!buf)
    return nullptr;
  std::vsnprintf(buf, size_t(n) + 1, fmt, ap);
  return buf;
}
} // namespace

extern "C" {

tilec_code tilec_status_code(tilec_status s) {
  return s ? s->code : TILEC_STATUS_OK;
}

const char *tilec_status_message(tilec_status s) { return s ? s->message : ""; }

void tilec_status_free(tilec_status s) {
  if (!s || s == &OutOfMemoryStatus)
    return;
  std::free(s->message);
  std::free(s);
}

const char *tilec_status_code_name(tilec_code code) {
  switch (code) {
  case TILEC_STATUS_OK:
    return "OK";
  case TILEC_STATUS_INVALID_ARGUMENT:
    return "INVALID_ARGUMENT";
  case TILEC_STATUS_NOT_FOUND:
    return "NOT_FOUND";
  case TILEC_STATUS_CORRUPT_MODULE:
    return "CORRUPT_MODULE";
  case TILEC_STATUS_UNAVAILABLE:
    return "UNAVAILABLE";
  case TILEC_STATUS_LAUNCH_FAILED:
    return "LAUNCH_FAILED";
  case TILEC_STATUS_IO_ERROR:
    return "IO_ERROR";
  case TILEC_STATUS_OUT_OF_MEMORY:
    return "OUT_OF_MEMORY";
  case TILEC_STATUS_INTERNAL:
    return "INTERNAL";
  case TILEC_STATUS_ASSERTION_FAILED:
    return "ASSERTION_FAILED";
  case TILEC_STATUS_OUT_OF_BOUNDS:
    return "OUT_OF_BOUNDS";
  case TILEC_STATUS_FORCE_INT32:
    break;
  }
  return "UNKNOWN";
}

tilec_status tilec_status_create(tilec_code code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = vformat(fmt, ap);
  va_end(ap);
  return makeStatus(code, msg);
}

tilec_status tilec_status_annotate(tilec_status s, const char *prefix) {
  if (!s)
    return nullptr;
  tilec_status out = tilec_status_create(s->code, "%s: %s", prefix, s->message);
  tilec_status_free(s);
  return out;
}

} // extern "C"
