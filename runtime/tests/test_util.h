// Helpers shared by the runtime tests: file I/O and raw image construction.
#ifndef TILEC_RUNTIME_TESTS_TEST_UTIL_H
#define TILEC_RUNTIME_TESTS_TEST_UTIL_H

#include "tilec/module_format.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace testutil {

using Bytes = std::vector<unsigned char>;

inline Bytes readFile(const std::string &path) {
  Bytes out;
  if (FILE *f = std::fopen(path.c_str(), "rb")) {
    unsigned char buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0)
      out.insert(out.end(), buf, buf + n);
    std::fclose(f);
  }
  return out;
}

inline bool writeFile(const std::string &path, const Bytes &data) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    return false;
  bool ok = std::fwrite(data.data(), 1, data.size(), f) == data.size();
  return std::fclose(f) == 0 && ok;
}

inline void putLE(unsigned char *p, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i)
    p[i] = (unsigned char)(v >> (8 * i));
}

/// An image with a correct trailer around arbitrary (unvalidated) metadata.
inline Bytes rawImage(const Bytes &payload, const std::string &metadata,
                      uint32_t version = TILEC_MODULE_FORMAT_VERSION) {
  Bytes img = payload;
  img.insert(img.end(), metadata.begin(), metadata.end());
  uint32_t crc = tilec_crc32(0, img.data(), img.size());
  unsigned char t[TILEC_MODULE_TRAILER_SIZE];
  std::memcpy(t, TILEC_MODULE_MAGIC, 8);
  putLE(t + 8, payload.size(), 8);
  putLE(t + 16, metadata.size(), 8);
  putLE(t + 24, crc, 4);
  putLE(t + 28, version, 4);
  img.insert(img.end(), t, t + sizeof(t));
  return img;
}

/// Splits a valid image into payload and metadata text.
inline void splitImage(const Bytes &image, Bytes &payload,
                       std::string &metadata) {
  tilec_module_image *img = nullptr;
  tilec_status s =
      tilec_module_image_parse(image.data(), image.size(), "split", &img);
  if (s) {
    tilec_status_free(s);
    return;
  }
  size_t n = 0;
  const auto *p =
      static_cast<const unsigned char *>(tilec_module_image_payload(img, &n));
  payload.assign(p, p + n);
  metadata = tilec_module_image_metadata_text(img);
  tilec_module_image_free(img);
}

} // namespace testutil

#endif
