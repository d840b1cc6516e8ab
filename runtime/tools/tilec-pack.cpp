// tilec-pack: wraps a payload and metadata text into a tilec module image,
// or validates and dumps an image.
#include "tilec/module_format.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

const char *const Usage =
    "usage: tilec-pack PAYLOAD METADATA.txt OUTPUT   build a module image\n"
    "       tilec-pack --dump IMAGE                  validate, print "
    "metadata\n";

bool readFile(const char *path, std::vector<char> &out) {
  FILE *f = std::fopen(path, "rb");
  if (!f) {
    std::fprintf(stderr, "tilec-pack: cannot open '%s': %s\n", path,
                 std::strerror(errno));
    return false;
  }
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0)
    out.insert(out.end(), buf, buf + n);
  bool ok = !std::ferror(f);
  std::fclose(f);
  if (!ok)
    std::fprintf(stderr, "tilec-pack: cannot read '%s'\n", path);
  return ok;
}

int fail(tilec_status s) {
  std::fprintf(stderr, "tilec-pack: error: %s\n", tilec_status_message(s));
  tilec_status_free(s);
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 2 &&
      (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h"))) {
    std::fputs(Usage, stdout);
    return 0;
  }
  if (argc == 3 && !std::strcmp(argv[1], "--dump")) {
    tilec_module_image *img = nullptr;
    if (tilec_status s = tilec_module_image_read_file(argv[2], &img))
      return fail(s);
    size_t payload = 0;
    tilec_module_image_payload(img, &payload);
    std::printf("# payload: %zu bytes\n%s", payload,
                tilec_module_image_metadata_text(img));
    tilec_module_image_free(img);
    return 0;
  }
  if (argc != 4) {
    std::fputs(Usage, stderr);
    return 2;
  }
  std::vector<char> payload, metadata;
  if (!readFile(argv[1], payload) || !readFile(argv[2], metadata))
    return 1;
  if (tilec_status s =
          tilec_module_image_write_text(argv[3], payload.data(), payload.size(),
                                        metadata.data(), metadata.size()))
    return fail(s);
  return 0;
}
