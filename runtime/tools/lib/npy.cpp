// .npy reading and writing (format 1.0-3.0, little-endian, C order).
#include "tilec/tooling.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tilec;
using namespace tilec::tooling;

namespace {

struct Descr {
  const char *name; // Without the byte-order character.
  tilec_type type;
};
const Descr Descrs[] = {
    {"b1", TILEC_TYPE_I1},   {"i1", TILEC_TYPE_I8},   {"i2", TILEC_TYPE_I16},
    {"i4", TILEC_TYPE_I32},  {"i8", TILEC_TYPE_I64},  {"u1", TILEC_TYPE_U8},
    {"u2", TILEC_TYPE_U16},  {"u4", TILEC_TYPE_U32},  {"u8", TILEC_TYPE_U64},
    {"f2", TILEC_TYPE_FP16}, {"f4", TILEC_TYPE_FP32}, {"f8", TILEC_TYPE_FP64},
};

const char Magic[] = "\x93NUMPY";

tilec_status malformed(const std::string &label, const std::string &why) {
  return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                             "malformed .npy file '%s': %s", label.c_str(),
                             why.c_str());
}

/// Value text of `key` in the header dict ("" if absent).
std::string dictValue(const std::string &h, const char *key) {
  for (char q : {'\'', '"'}) {
    std::string k = std::string(1, q) + key + q;
    size_t p = h.find(k);
    if (p == std::string::npos)
      continue;
    p = h.find(':', p + k.size());
    if (p == std::string::npos)
      return "";
    ++p;
    while (p < h.size() && h[p] == ' ')
      ++p;
    size_t e = p;
    if (p < h.size() && h[p] == '(') {
      e = h.find(')', p);
      return e == std::string::npos ? "" : h.substr(p, e - p + 1);
    }
    if (p < h.size() && (h[p] == '\'' || h[p] == '"')) {
      e = h.find(h[p], p + 1);
      return e == std::string::npos ? "" : h.substr(p, e - p + 1);
    }
    while (e < h.size() && h[e] != ',' && h[e] != '}')
      ++e;
    return h.substr(p, e - p);
  }
  return "";
}

bool parseShape(const std::string &v, std::vector<int64_t> &shape) {
  if (v.size() < 2 || v.front() != '(' || v.back() != ')')
    return false;
  shape.clear();
  size_t i = 1;
  while (i < v.size() - 1) {
    while (i < v.size() - 1 && (v[i] == ' ' || v[i] == ','))
      ++i;
    if (i >= v.size() - 1)
      break;
    int64_t d = 0;
    size_t start = i;
    while (v[i] >= '0' && v[i] <= '9') {
      if (d > (int64_t(1) << 50))
        return false;
      d = d * 10 + (v[i] - '0');
      ++i;
    }
    if (i == start)
      return false; // Not a non-negative integer ('L' suffixes are py2).
    if (v[i] == 'L')
      ++i;
    shape.push_back(d);
  }
  return true;
}

const size_t MaxHeaderBytes = 1 << 20;

} // namespace

size_t NpyArray::numElements() const {
  size_t n = 1;
  for (int64_t d : shape)
    n *= size_t(d);
  return n;
}

std::string tooling::npyDescr(tilec_type dtype) {
  for (const Descr &d : Descrs)
    if (d.type == dtype)
      return std::string(tilec_type_size(dtype) == 1 ? "|" : "<") + d.name;
  return "";
}

namespace {

/// Parses the fixed prefix of a .npy file (magic, version, header length):
/// the offset of the header dict and its length.
tilec_status parsePrefix(const unsigned char *d, size_t size,
                         const std::string &label, size_t &start,
                         size_t &headerLen) {
  if (size < 10 || std::memcmp(d, Magic, 6) != 0)
    return malformed(label, "missing the \\x93NUMPY magic");
  int major = d[6];
  if (major == 1) {
    headerLen = d[8] | (size_t(d[9]) << 8);
    start = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12)
      return malformed(label, "truncated header");
    headerLen = d[8] | (size_t(d[9]) << 8) | (size_t(d[10]) << 16) |
                (size_t(d[11]) << 24);
    start = 12;
  } else {
    return malformed(label, "unsupported format version " +
                                std::to_string(major) + "." +
                                std::to_string(d[7]));
  }
  if (headerLen > MaxHeaderBytes)
    return malformed(label, "a header of " + std::to_string(headerLen) +
                                " bytes (the limit is " +
                                std::to_string(MaxHeaderBytes) + ")");
  return nullptr;
}

/// Parses the header dict `h` into `out` (dtype and shape, no data) and the
/// number of data bytes the shape needs.
tilec_status parseHeader(const std::string &h, const std::string &label,
                         NpyArray &out, size_t &want) {
  if (h.find('{') == std::string::npos || h.find('}') == std::string::npos)
    return malformed(label, "the header is not a Python dict");
  std::string descr = dictValue(h, "descr"),
              fortran = dictValue(h, "fortran_order"),
              shape = dictValue(h, "shape");
  if (descr.size() < 3)
    return malformed(label, "no 'descr' string in the header");
  descr = descr.substr(1, descr.size() - 2);
  if (fortran.find("True") != std::string::npos)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               ".npy file '%s' is in Fortran order; save it "
                               "with np.ascontiguousarray() first",
                               label.c_str());
  if (fortran.find("False") == std::string::npos)
    return malformed(label, "no 'fortran_order' in the header");
  out = NpyArray();
  if (!parseShape(shape, out.shape))
    return malformed(label,
                     "bad 'shape' " + (shape.empty() ? "(missing)" : shape));
  char order = descr.empty() ? 0 : descr[0];
  std::string code =
      (order == '<' || order == '>' || order == '|' || order == '=')
          ? descr.substr(1)
          : descr;
  for (const Descr &x : Descrs)
    if (code == x.name)
      out.dtype = x.type;
  if (out.dtype == TILEC_TYPE_INVALID)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               ".npy file '%s' has unsupported dtype '%s' "
                               "(supported: bool, int8..int64, "
                               "uint8..uint64, float16, float32, float64)",
                               label.c_str(), descr.c_str());
  if (order == '>' && tilec_type_size(out.dtype) > 1)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               ".npy file '%s' is big-endian ('%s'); only "
                               "little-endian arrays are supported",
                               label.c_str(), descr.c_str());
  want = tilec_type_size(out.dtype);
  for (int64_t dim : out.shape)
    if (__builtin_mul_overflow(want, size_t(dim), &want))
      return malformed(label, "the shape " + shape + " is too large");
  return nullptr;
}

/// The error for `have` data bytes where the shape needs `want`, or null.
tilec_status checkDataSize(const std::string &label, size_t want,
                           size_t have) {
  if (have < want)
    return malformed(label, "truncated data (" + std::to_string(want) +
                                " bytes expected for the shape, " +
                                std::to_string(have) + " present)");
  if (have > want)
    return malformed(label, std::to_string(have - want) +
                                " unexpected bytes after the data");
  return nullptr;
}

} // namespace

tilec_status tooling::parseNpy(const void *bytes, size_t size,
                               const std::string &label, NpyArray &out) {
  const auto *d = static_cast<const unsigned char *>(bytes);
  size_t start = 0, headerLen = 0, want = 0;
  if (tilec_status s = parsePrefix(d, size, label, start, headerLen))
    return s;
  if (headerLen > size - start)
    return malformed(label, "truncated header (" + std::to_string(headerLen) +
                                " bytes announced, " +
                                std::to_string(size - start) + " present)");
  std::string h(reinterpret_cast<const char *>(d + start), headerLen);
  if (tilec_status s = parseHeader(h, label, out, want))
    return s;
  if (tilec_status s = checkDataSize(label, want, size - start - headerLen))
    return s;
  out.data.assign(d + start + headerLen, d + size);
  return nullptr;
}

namespace {
/// Reads up to `n` bytes (fewer only at the end of the file); false on a
/// read error.
bool readFully(int fd, unsigned char *p, size_t n, size_t &got) {
  got = 0;
  while (got < n) {
    ssize_t r = ::read(fd, p + got, n - got);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      return false;
    if (r == 0)
      break;
    got += size_t(r);
  }
  return true;
}
} // namespace

tilec_status tooling::readNpy(const std::string &path, NpyArray &out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return tilec_status_create(
        errno == ENOENT ? TILEC_STATUS_NOT_FOUND : TILEC_STATUS_IO_ERROR,
        "cannot open '%s': %s", path.c_str(), std::strerror(errno));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st;
  if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode))
    return tilec_status_create(TILEC_STATUS_IO_ERROR,
                               "cannot read '%s' (is it a directory?)",
                               path.c_str());
  bool regular = S_ISREG(st.st_mode);
  auto ioError = [&] {
    return tilec_status_create(TILEC_STATUS_IO_ERROR, "cannot read '%s': %s",
                               path.c_str(), std::strerror(errno));
  };
  // Everything is read bounded by the header: the prefix, the header it
  // announces (at most MaxHeaderBytes), then exactly the data the shape
  // needs, checked against the file's size before anything is allocated; a
  // pipe or device is read only that far (and one byte more, to report
  // trailing bytes).
  unsigned char prefix[12];
  size_t got;
  if (!readFully(fd, prefix, 10, got))
    return ioError();
  size_t start = 0, headerLen = 0, want = 0;
  if (got == 10 && prefix[6] >= 2 && std::memcmp(prefix, Magic, 6) == 0) {
    size_t more;
    if (!readFully(fd, prefix + 10, 2, more))
      return ioError();
    got += more;
  }
  if (tilec_status s = parsePrefix(prefix, got, path, start, headerLen))
    return s;
  std::string h(headerLen, '\0');
  if (!readFully(fd, reinterpret_cast<unsigned char *>(&h[0]), headerLen, got))
    return ioError();
  if (got < headerLen)
    return malformed(path, "truncated header (" + std::to_string(headerLen) +
                               " bytes announced, " + std::to_string(got) +
                               " present)");
  if (tilec_status s = parseHeader(h, path, out, want))
    return s;
  if (regular) {
    size_t have = size_t(st.st_size) - std::min(size_t(st.st_size), start + headerLen);
    if (tilec_status s = checkDataSize(path, want, have))
      return s;
  }
  // Data arrives in chunks, so that a pipe announcing more than it sends
  // never allocates what it announced.
  const size_t Chunk = size_t(1) << 24;
  size_t have = 0;
  while (have < want) {
    size_t n = std::min(Chunk, want - have);
    out.data.resize(have + n);
    if (!readFully(fd, out.data.data() + have, n, got))
      return ioError();
    have += got;
    if (got < n)
      break;
  }
  unsigned char extra;
  size_t trailing = 0;
  if (have == want && !readFully(fd, &extra, 1, trailing))
    return ioError();
  if (tilec_status s = checkDataSize(path, want, have + trailing))
    return s;
  return nullptr;
}

tilec_status tooling::writeNpy(const std::string &path, const NpyArray &a) {
  std::string descr = npyDescr(a.dtype);
  if (descr.empty())
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               "cannot write '%s': %s has no numpy dtype",
                               path.c_str(), tilec_type_name(a.dtype));
  if (a.data.size() != a.numElements() * tilec_type_size(a.dtype))
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               "cannot write '%s': %zu data bytes do not "
                               "match the shape",
                               path.c_str(), a.data.size());
  std::string shape = "(";
  for (size_t i = 0; i < a.shape.size(); ++i)
    shape += std::to_string(a.shape[i]) + (a.shape.size() == 1 ? "," : "") +
             (i + 1 < a.shape.size() ? ", " : "");
  shape += ")";
  std::string h = "{'descr': '" + descr +
                  "', 'fortran_order': False, 'shape': " + shape + ", }";
  bool v2 = h.size() + 11 > 65535;
  size_t pre = v2 ? 12 : 10;
  size_t total = (pre + h.size() + 1 + 63) / 64 * 64;
  h.append(total - pre - h.size() - 1, ' ');
  h += '\n';
  std::string head(Magic, 6);
  head += char(v2 ? 2 : 1);
  head += char(0);
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i)
    head += char((h.size() >> (8 * i)) & 0xff);
  // A temporary file in the same directory, renamed once complete: a full
  // disk or a kill leaves the previous file intact. An existing path that is
  // not a regular file (/dev/null, a FIFO) is written in place.
  struct stat st;
  bool direct = ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
  std::string tmp = path + ".tmp-XXXXXX";
  int fd = direct ? ::open(path.c_str(), O_WRONLY | O_CLOEXEC)
                  : ::mkstemp(&tmp[0]);
  if (fd < 0)
    return tilec_status_create(TILEC_STATUS_IO_ERROR, "cannot create '%s': %s",
                               path.c_str(), std::strerror(errno));
  auto writeAll = [&](const void *p, size_t n) {
    const char *c = static_cast<const char *>(p);
    while (n > 0) {
      ssize_t w = ::write(fd, c, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return false;
      c += w;
      n -= size_t(w);
    }
    return true;
  };
  bool ok = writeAll(head.data(), head.size()) && writeAll(h.data(), h.size()) &&
            writeAll(a.data.data(), a.data.size()) &&
            (direct || ::fsync(fd) == 0);
  int err = ok ? 0 : errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && !direct) {
    mode_t mask = ::umask(0);
    ::umask(mask);
    (void)::chmod(tmp.c_str(), 0666 & ~mask);
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
      ok = false;
      err = errno;
    }
  }
  if (!ok) {
    if (!direct)
      ::unlink(tmp.c_str());
    return tilec_status_create(TILEC_STATUS_IO_ERROR, "cannot write '%s': %s",
                               path.c_str(),
                               std::strerror(err ? err : EIO));
  }
  return nullptr;
}
