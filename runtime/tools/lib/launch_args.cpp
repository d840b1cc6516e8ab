// Launch arguments from the command line: scalar literals and .npy files.
#include "tilec/tooling.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>

using namespace tilec;
using namespace tilec::tooling;

namespace {

bool parseInteger(const std::string &s, tilec_arg &out) {
  size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size())
    return false;
  for (size_t j = i; j < s.size(); ++j)
    if (s[j] < '0' || s[j] > '9')
      return false;
  errno = 0;
  if (s[0] == '-') {
    long long v = std::strtoll(s.c_str(), nullptr, 10);
    if (errno == ERANGE)
      return false;
    out.type = v >= INT32_MIN ? TILEC_TYPE_I32 : TILEC_TYPE_I64;
    out.i = v;
    return true;
  }
  unsigned long long v = std::strtoull(s.c_str(), nullptr, 10);
  if (errno == ERANGE)
    return false;
  out.type = v <= INT32_MAX   ? TILEC_TYPE_I32
             : v <= INT64_MAX ? TILEC_TYPE_I64
                              : TILEC_TYPE_U64;
  out.i = int64_t(v);
  return true;
}

bool parseFloat(const std::string &s, tilec_arg &out) {
  // Only decimal floats: reject hex and things strtod takes loosely.
  for (char c : s)
    if (!std::strchr("0123456789+-.eEinfatyINFATYnN", c))
      return false;
  if (s.find_first_of(".eEnN") == std::string::npos)
    return false; // Integers that did not fit are not floats.
  char *end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size())
    return false;
  out.type = TILEC_TYPE_FP32;
  out.f = v;
  return true;
}

std::string argLabel(size_t i, const std::string &spec) {
  return "argument " + std::to_string(i) + " ('" + spec + "')";
}

std::string baseName(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

bool tooling::parseScalarLiteral(const std::string &text, tilec_arg &out) {
  if (text.empty())
    return false;
  if (text == "True" || text == "False" || text == "true" || text == "false") {
    out.type = TILEC_TYPE_I1;
    out.i = text[0] == 'T' || text[0] == 't';
    return true;
  }
  return parseInteger(text, out) || parseFloat(text, out);
}

tilec_status tooling::parseLaunchArgs(const std::vector<std::string> &specs,
                                      LaunchArgs &out) {
  out.args.clear();
  for (size_t i = 0; i < specs.size(); ++i) {
    LaunchArg a;
    a.spec = specs[i];
    if (parseScalarLiteral(a.spec, a.value)) {
      out.args.push_back(std::move(a));
      continue;
    }
    bool digitsOnly =
        !a.spec.empty() &&
        a.spec.find_first_not_of("+-0123456789") == std::string::npos;
    if (digitsOnly)
      return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                                 "%s: integer literal out of range",
                                 argLabel(i, a.spec).c_str());
    struct stat st;
    if (stat(a.spec.c_str(), &st) != 0) {
      bool looksLikePath = a.spec.find('/') != std::string::npos ||
                           a.spec.find(".npy") != std::string::npos;
      if (looksLikePath)
        return tilec_status_create(TILEC_STATUS_NOT_FOUND,
                                   "%s: no such .npy file",
                                   argLabel(i, a.spec).c_str());
      return tilec_status_create(
          TILEC_STATUS_INVALID_ARGUMENT,
          "%s is neither a number, True/False, nor an existing .npy file",
          argLabel(i, a.spec).c_str());
    }
    if (tilec_status s = readNpy(a.spec, a.array))
      return tilec_status_annotate(s, argLabel(i, a.spec).c_str());
    a.isArray = true;
    a.value.type = tilec_type(TILEC_TYPE_PTR | a.array.dtype);
    a.value.ptr = nullptr;
    out.args.push_back(std::move(a));
  }
  return nullptr;
}

std::string LaunchArgs::signature() const {
  std::string s;
  for (size_t i = 0; i < args.size(); ++i)
    s += std::string(i ? "," : "") + tilec_type_name(args[i].value.type);
  return s;
}

std::string LaunchArgs::specializedSignature() const {
  std::string s;
  for (size_t i = 0; i < args.size(); ++i) {
    const tilec_arg &value = args[i].value;
    s += std::string(i ? "," : "") + tilec_type_name(value.type);
    // Arrays are not allocated yet; their buffers will be (see the header).
    s += args[i].isArray ? ":16" : tilec_arg_specialization(&value);
  }
  return s;
}

std::vector<tilec_arg> LaunchArgs::values() const {
  std::vector<tilec_arg> v;
  for (const LaunchArg &a : args)
    v.push_back(a.value);
  return v;
}

tilec_status tooling::checkLaunchArgs(const LaunchArgs &args,
                                      const tilec_kernel *k) {
  std::vector<tilec_arg> v = args.values();
  tilec_status s = tilec_kernel_check_args(k, v.data(), v.size());
  if (!s)
    return nullptr;
  std::string prefix = "arguments (" + args.signature() + ") do not match " +
                       tilec_kernel_name(k) + "(" + tilec_kernel_signature(k) +
                       ")";
  return tilec_status_annotate(s, prefix.c_str());
}

tilec_status tooling::parseGrid(const std::string &text, uint32_t grid[3]) {
  grid[0] = grid[1] = grid[2] = 1;
  size_t pos = 0;
  for (int dim = 0; dim < 3; ++dim) {
    size_t comma = text.find(',', pos);
    std::string part = text.substr(
        pos, comma == std::string::npos ? std::string::npos : comma - pos);
    char *end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(part.c_str(), &end, 10);
    if (part.empty() || part[0] < '0' || part[0] > '9' || *end ||
        errno == ERANGE || v > 0xffffffffull)
      return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                                 "bad grid '%s': expected X[,Y[,Z]] with "
                                 "non-negative integers below 2^32",
                                 text.c_str());
    grid[dim] = uint32_t(v);
    if (comma == std::string::npos)
      return nullptr;
    pos = comma + 1;
  }
  return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                             "bad grid '%s': at most 3 dimensions",
                             text.c_str());
}

tilec_status tooling::checkOutputNames(const LaunchArgs &args) {
  for (size_t i = 0; i < args.args.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (args.args[i].isArray && args.args[j].isArray &&
          baseName(args.args[i].spec) == baseName(args.args[j].spec))
        return tilec_status_create(
            TILEC_STATUS_INVALID_ARGUMENT,
            "arguments %zu ('%s') and %zu ('%s') would both be written to "
            "the output '%s'",
            j, args.args[j].spec.c_str(), i, args.args[i].spec.c_str(),
            baseName(args.args[i].spec).c_str());
  return nullptr;
}

tilec_status tooling::writeOutputs(const LaunchArgs &args,
                                   const std::string &outDir) {
  if (tilec_status s = checkOutputNames(args))
    return s;
  // mkdir -p outDir.
  for (size_t p = 1; p <= outDir.size(); ++p) {
    if (p != outDir.size() && outDir[p] != '/')
      continue;
    std::string dir = outDir.substr(0, p);
    if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
      return tilec_status_create(TILEC_STATUS_IO_ERROR,
                                 "cannot create output directory '%s': %s",
                                 dir.c_str(), std::strerror(errno));
  }
  for (const LaunchArg &a : args.args)
    if (a.isArray)
      if (tilec_status s = writeNpy(outDir + "/" + baseName(a.spec), a.array))
        return s;
  return nullptr;
}
