// Module image container: CRC-32, trailer, build/write and validating parse.
#include "module_format_internal.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sys/stat.h>
#include <unistd.h>

using namespace tilec;

struct tilec_module_image {
  std::vector<unsigned char> data;
  size_t payloadSize = 0;
  std::string label, metadataText;
  MetadataStore md;
};

namespace {

const uint32_t *crcTable() {
  static uint32_t table[256];
  static bool init = [] {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k)
        c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      table[i] = c;
    }
    return true;
  }();
  (void)init;
  return table;
}

void putLE(unsigned char *p, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i)
    p[i] = (unsigned char)(v >> (8 * i));
}

uint64_t getLE(const unsigned char *p, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i)
    v |= uint64_t(p[i]) << (8 * i);
  return v;
}

tilec_status corrupt(const std::string &label, const char *fmt,
                     const std::string &detail) {
  return tilec_status_create(TILEC_STATUS_CORRUPT_MODULE, fmt, label.c_str(),
                             detail.c_str());
}

/// Locates the trailer; explains what is wrong when it is not at the end.
tilec_status checkTrailer(const unsigned char *d, size_t size,
                          const std::string &label) {
  const size_t T = TILEC_MODULE_TRAILER_SIZE;
  if (size >= T && std::memcmp(d + size - T, TILEC_MODULE_MAGIC, 8) == 0)
    return nullptr;
  // Look for a magic nearby to tell truncation from trailing garbage.
  if (size >= 8) {
    size_t from = size > 4096 ? size - 4096 : 0;
    for (size_t p = size - 8 + 1; p-- > from;) {
      if (std::memcmp(d + p, TILEC_MODULE_MAGIC, 8) != 0)
        continue;
      if (p + T > size)
        return corrupt(label, "module '%s' is truncated: %s",
                       "the trailer is cut off (" + std::to_string(size - p) +
                           " of 32 bytes present)");
      return corrupt(label, "module '%s' is corrupt: %s",
                     std::to_string(size - p - T) +
                         " unexpected bytes after the trailer");
    }
  }
  // The file ends inside the magic: at most 7 bytes of the trailer left
  // (3 or more, so that a stray 'T' at the end is not taken for one).
  for (size_t k = size < 7 ? size : 7; k >= 3; --k)
    if (std::memcmp(d + size - k, TILEC_MODULE_MAGIC, k) == 0)
      return corrupt(label, "module '%s' is truncated: %s",
                     "the trailer is cut off (" + std::to_string(k) +
                         " of 32 bytes present)");
  if (size < T)
    return corrupt(label, "module '%s' is not a tilec module: %s",
                   "file is " + std::to_string(size) +
                       " bytes, smaller than the 32-byte trailer");
  return corrupt(label, "module '%s' is not a tilec module: %s",
                 "bad magic (no 'TILECMD1' trailer at the end; the file may "
                 "be truncated or not a module image)");
}

} // namespace

extern "C" {

uint32_t tilec_crc32(uint32_t crc, const void *data, size_t size) {
  const uint32_t *table = crcTable();
  const unsigned char *p = static_cast<const unsigned char *>(data);
  crc = ~crc;
  for (size_t i = 0; i < size; ++i)
    crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

void tilec_free(void *ptr) { std::free(ptr); }

tilec_status tilec_module_image_build_text(const void *payload,
                                           size_t payload_size,
                                           const char *metadata,
                                           size_t metadata_size, void **image,
                                           size_t *image_size) {
  if ((!payload && payload_size) || !metadata || !image || !image_size)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               "tilec_module_image_build: NULL argument");
  MetadataStore md;
  if (tilec_status s = parseMetadata(metadata, metadata_size, "module metadata",
                                     TILEC_STATUS_INVALID_ARGUMENT, md))
    return s;
  size_t total = payload_size + metadata_size + TILEC_MODULE_TRAILER_SIZE;
  auto *buf = static_cast<unsigned char *>(std::malloc(total));
  if (!buf)
    return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                               "out of memory building a %zu-byte module",
                               total);
  if (payload_size)
    std::memcpy(buf, payload, payload_size);
  std::memcpy(buf + payload_size, metadata, metadata_size);
  unsigned char *t = buf + payload_size + metadata_size;
  std::memcpy(t, TILEC_MODULE_MAGIC, 8);
  putLE(t + 8, payload_size, 8);
  putLE(t + 16, metadata_size, 8);
  putLE(t + 24, tilec_crc32(0, buf, payload_size + metadata_size), 4);
  putLE(t + 28, TILEC_MODULE_FORMAT_VERSION, 4);
  *image = buf;
  *image_size = total;
  return nullptr;
}

tilec_status tilec_module_image_build(const void *payload, size_t payload_size,
                                      const tilec_module_metadata *md,
                                      void **image, size_t *image_size) {
  char *text = nullptr;
  size_t len = 0;
  if (tilec_status s = tilec_module_metadata_format(md, &text, &len))
    return s;
  tilec_status s = tilec_module_image_build_text(payload, payload_size, text,
                                                 len, image, image_size);
  std::free(text);
  return s;
}

tilec_status tilec_module_image_write_text(const char *path,
                                           const void *payload,
                                           size_t payload_size,
                                           const char *metadata,
                                           size_t metadata_size) {
  if (!path)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               "tilec_module_image_write: NULL path");
  void *image = nullptr;
  size_t size = 0;
  if (tilec_status s = tilec_module_image_build_text(
          payload, payload_size, metadata, metadata_size, &image, &size))
    return s;
  // Write a temporary file and rename it over `path`, so a process that has
  // the old module mapped never sees it change underneath.
  std::string tmp = std::string(path) + ".tmp." + std::to_string(getpid());
  FILE *f = std::fopen(tmp.c_str(), "wb");
  tilec_status st = nullptr;
  if (!f) {
    st = tilec_status_create(TILEC_STATUS_IO_ERROR,
                             "cannot create module '%s': %s", path,
                             std::strerror(errno));
  } else {
    bool ok = std::fwrite(image, 1, size, f) == size;
    ok = (std::fclose(f) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path) != 0) {
      st = tilec_status_create(TILEC_STATUS_IO_ERROR,
                               "cannot write module '%s': %s", path,
                               std::strerror(errno));
      std::remove(tmp.c_str());
    }
  }
  std::free(image);
  return st;
}

tilec_status tilec_module_image_write(const char *path, const void *payload,
                                      size_t payload_size,
                                      const tilec_module_metadata *md) {
  char *text = nullptr;
  size_t len = 0;
  if (tilec_status s = tilec_module_metadata_format(md, &text, &len))
    return s;
  tilec_status s =
      tilec_module_image_write_text(path, payload, payload_size, text, len);
  std::free(text);
  return s;
}

tilec_status tilec_module_image_parse(const void *data, size_t size,
                                      const char *label,
                                      tilec_module_image **out) {
  if ((!data && size) || !out)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               "tilec_module_image_parse: NULL argument");
  *out = nullptr;
  std::string name = label ? label : "<memory>";
  const auto *d = static_cast<const unsigned char *>(data);
  if (tilec_status s = checkTrailer(d, size, name))
    return s;
  const unsigned char *t = d + size - TILEC_MODULE_TRAILER_SIZE;
  uint64_t payloadSize = getLE(t + 8, 8), metaSize = getLE(t + 16, 8);
  uint32_t crc = uint32_t(getLE(t + 24, 4));
  uint32_t version = uint32_t(getLE(t + 28, 4));
  if (version != TILEC_MODULE_FORMAT_VERSION)
    return tilec_status_create(
        TILEC_STATUS_CORRUPT_MODULE,
        "module '%s' has unsupported format version %u (this runtime reads "
        "version %d)",
        name.c_str(), version, TILEC_MODULE_FORMAT_VERSION);
  uint64_t body = size - TILEC_MODULE_TRAILER_SIZE;
  if (payloadSize > body || metaSize > body - payloadSize)
    return tilec_status_create(
        TILEC_STATUS_CORRUPT_MODULE,
        "module '%s' is truncated: the trailer announces %llu payload + %llu "
        "metadata bytes but only %llu bytes precede it",
        name.c_str(), (unsigned long long)payloadSize,
        (unsigned long long)metaSize, (unsigned long long)body);
  if (payloadSize + metaSize != body)
    return tilec_status_create(
        TILEC_STATUS_CORRUPT_MODULE,
        "module '%s' is corrupt: %llu unexpected bytes before the payload "
        "(trailer announces %llu payload + %llu metadata bytes)",
        name.c_str(), (unsigned long long)(body - payloadSize - metaSize),
        (unsigned long long)payloadSize, (unsigned long long)metaSize);
  uint32_t actual = tilec_crc32(0, d, body);
  if (actual != crc)
    return tilec_status_create(
        TILEC_STATUS_CORRUPT_MODULE,
        "module '%s' is corrupt: CRC-32 mismatch (stored 0x%08x, computed "
        "0x%08x)",
        name.c_str(), crc, actual);
  auto *img = new (std::nothrow) tilec_module_image;
  if (!img)
    return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                               "out of memory loading module '%s'",
                               name.c_str());
  std::string what = "module '" + name + "' has malformed metadata";
  const char *meta = reinterpret_cast<const char *>(d + payloadSize);
  if (tilec_status s = parseMetadata(meta, metaSize, what.c_str(),
                                     TILEC_STATUS_CORRUPT_MODULE, img->md)) {
    delete img;
    return s;
  }
  img->md.buildViews();
  img->data.assign(d, d + size);
  img->payloadSize = payloadSize;
  img->label = name;
  img->metadataText.assign(meta, metaSize);
  *out = img;
  return nullptr;
}

tilec_status tilec_module_image_read_file(const char *path,
                                          tilec_module_image **out) {
  if (!path || !out)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               "tilec_module_image_read_file: NULL argument");
  *out = nullptr;
  FILE *f = std::fopen(path, "rb");
  if (!f)
    return tilec_status_create(
        errno == ENOENT ? TILEC_STATUS_NOT_FOUND : TILEC_STATUS_IO_ERROR,
        "cannot open module '%s': %s", path, std::strerror(errno));
  struct stat st;
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
    std::fclose(f);
    return tilec_status_create(TILEC_STATUS_IO_ERROR,
                               "cannot read module '%s': not a regular file",
                               path);
  }
  std::vector<unsigned char> buf(size_t(st.st_size));
  size_t got = buf.empty() ? 0 : std::fread(buf.data(), 1, buf.size(), f);
  bool err = std::ferror(f);
  std::fclose(f);
  if (err || got != buf.size())
    return tilec_status_create(TILEC_STATUS_IO_ERROR,
                               "cannot read module '%s': short read", path);
  return tilec_module_image_parse(buf.data(), buf.size(), path, out);
}

void tilec_module_image_free(tilec_module_image *img) { delete img; }

const tilec_module_metadata *
tilec_module_image_metadata(const tilec_module_image *img) {
  return &img->md.view;
}

const void *tilec_module_image_payload(const tilec_module_image *img,
                                       size_t *size) {
  if (size)
    *size = img->payloadSize;
  return img->data.data();
}

const char *tilec_module_image_metadata_text(const tilec_module_image *img) {
  return img->metadataText.c_str();
}

const void *tilec_module_image_data(const tilec_module_image *img,
                                    size_t *size) {
  if (size)
    *size = img->data.size();
  return img->data.data();
}

const char *tilec_module_image_label(const tilec_module_image *img) {
  return img->label.c_str();
}

} // extern "C"
