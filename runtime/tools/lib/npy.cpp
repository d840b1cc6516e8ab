// .npy reading and writing (format 1.0-3.0, little-endian, C order).
#include "tilec/tooling.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

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

tilec_status tooling::parseNpy(const void *bytes, size_t size,
                               const std::string &label, NpyArray &out) {
  const auto *d = static_cast<const unsigned char *>(bytes);
  if (size < 10 || std::memcmp(d, Magic, 6) != 0)
    return malformed(label, "missing the \\x93NUMPY magic");
  int major = d[6];
  size_t headerLen, start;
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
  if (headerLen > size - start)
    return malformed(label, "truncated header (" + std::to_string(headerLen) +
                                " bytes announced, " +
                                std::to_string(size - start) + " present)");
  std::string h(reinterpret_cast<const char *>(d + start), headerLen);
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
  size_t want = tilec_type_size(out.dtype);
  for (int64_t dim : out.shape)
    if (__builtin_mul_overflow(want, size_t(dim), &want))
      return malformed(label, "the shape " + shape + " is too large");
  size_t have = size - start - headerLen;
  if (have < want)
    return malformed(label, "truncated data (" + std::to_string(want) +
                                " bytes expected for the shape, " +
                                std::to_string(have) + " present)");
  if (have > want)
    return malformed(label, std::to_string(have - want) +
                                " unexpected bytes after the data");
  out.data.assign(d + start + headerLen, d + size);
  return nullptr;
}

tilec_status tooling::readNpy(const std::string &path, NpyArray &out) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    return tilec_status_create(
        errno == ENOENT ? TILEC_STATUS_NOT_FOUND : TILEC_STATUS_IO_ERROR,
        "cannot open '%s': %s", path.c_str(), std::strerror(errno));
  std::vector<unsigned char> buf;
  unsigned char chunk[65536];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0)
    buf.insert(buf.end(), chunk, chunk + n);
  bool err = std::ferror(f);
  std::fclose(f);
  if (err)
    return tilec_status_create(TILEC_STATUS_IO_ERROR,
                               "cannot read '%s' (is it a directory?)",
                               path.c_str());
  return parseNpy(buf.data(), buf.size(), path, out);
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
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    return tilec_status_create(TILEC_STATUS_IO_ERROR, "cannot create '%s': %s",
                               path.c_str(), std::strerror(errno));
  bool ok = std::fwrite(head.data(), 1, head.size(), f) == head.size() &&
            std::fwrite(h.data(), 1, h.size(), f) == h.size() &&
            std::fwrite(a.data.data(), 1, a.data.size(), f) == a.data.size();
  ok = std::fclose(f) == 0 && ok;
  if (!ok)
    return tilec_status_create(TILEC_STATUS_IO_ERROR, "cannot write '%s'",
                               path.c_str());
  return nullptr;
}
