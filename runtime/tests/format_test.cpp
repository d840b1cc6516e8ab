// Module image format tests: round trips and every kind of damaged input,
// through the parser and through tilec_module_load_* on the CPU device.
// Usage: format_test GOOD_CPU_IMAGE SCRATCH_DIR
#include "check.h"
#include "test_util.h"

#include "tilec/module_format.h"

#include <cstdlib>

using namespace testutil;

namespace {

tilec_status parse(const Bytes &b) {
  tilec_module_image *img = nullptr;
  tilec_status s = tilec_module_image_parse(b.data(), b.size(), "x.so", &img);
  tilec_module_image_free(img);
  return s;
}

void testCrcAndTypes() {
  CHECK(tilec_crc32(0, "123456789", 9) == 0xCBF43926u);
  CHECK(tilec_crc32(tilec_crc32(0, "1234", 4), "56789", 5) == 0xCBF43926u);
  const char *names[] = {
      "i1",   "i8",   "i16",  "i32",  "i64",   "u8",    "u16",   "u32",  "u64",
      "fp16", "bf16", "fp32", "fp64", "*i1",   "*i8",   "*i16",  "*i32", "*i64",
      "*u8",  "*u16", "*u32", "*u64", "*fp16", "*bf16", "*fp32", "*fp64"};
  for (const char *n : names)
    CHECK(std::strcmp(tilec_type_name(tilec_type_parse(n)), n) == 0);
  CHECK(tilec_type_parse("fp8") == TILEC_TYPE_INVALID);
  CHECK(tilec_type_parse("**fp32") == TILEC_TYPE_INVALID);
  CHECK(tilec_type_parse("*") == TILEC_TYPE_PTR);
  CHECK(tilec_type_size(TILEC_TYPE_PTR_BF16) == 2);
  CHECK(tilec_type_size(TILEC_TYPE_I1) == 1);
  CHECK(std::strcmp(tilec_type_name(tilec_type(0x999)), "invalid") == 0);
}

void testGoodImage(const Bytes &good) {
  tilec_module_image *img = nullptr;
  if (!CHECK_OK(tilec_module_image_parse(good.data(), good.size(), "t", &img)))
    return;
  const tilec_module_metadata *md = tilec_module_image_metadata(img);
  CHECK(std::strcmp(md->target, "cpu") == 0);
  CHECK(std::strcmp(md->payload, "so") == 0);
  CHECK(md->num_kernels == 5);
  if (md->num_kernels == 5) {
    const tilec_kernel_metadata &k = md->kernels[1];
    CHECK(std::strcmp(k.name, "add_kernel") == 0);
    CHECK(std::strcmp(k.entry, "__tilec_entry_add_kernel") == 0);
    CHECK(k.num_warps == 4); // default
    CHECK(k.num_params == 4);
    CHECK(k.param_types[0] == TILEC_TYPE_PTR_FP32);
    CHECK(std::strcmp(k.param_names[3], "n") == 0);
    CHECK(md->kernels[2].num_warps == 1);
    CHECK(k.global_scratch == 0);
    CHECK(md->kernels[4].global_scratch == 256);
  }
  // Rebuild from the structured metadata: same payload, same meaning.
  size_t psize = 0;
  const void *payload = tilec_module_image_payload(img, &psize);
  void *rebuilt = nullptr;
  size_t rsize = 0;
  if (CHECK_OK(
          tilec_module_image_build(payload, psize, md, &rebuilt, &rsize))) {
    tilec_module_image *img2 = nullptr;
    if (CHECK_OK(tilec_module_image_parse(rebuilt, rsize, "r", &img2))) {
      const tilec_module_metadata *m2 = tilec_module_image_metadata(img2);
      CHECK(m2->num_kernels == md->num_kernels);
      CHECK(std::strcmp(m2->kernels[2].param_names[10], "h") == 0);
      CHECK(m2->kernels[2].param_types[11] == TILEC_TYPE_BF16);
      tilec_module_image_free(img2);
    }
    tilec_free(rebuilt);
  }
  tilec_module_image_free(img);
}

/// Parses an image of `payload` with metadata `text` and renders its
/// structured metadata back to text in `rendered`. Returns the image (free
/// it), or null after a failed check.
tilec_module_image *parseAndRender(const Bytes &payload, const std::string &text,
                                   std::string &rendered) {
  Bytes img = rawImage(payload, text);
  tilec_module_image *parsed = nullptr;
  if (!CHECK_OK(tilec_module_image_parse(img.data(), img.size(), "m", &parsed)))
    return nullptr;
  char *buffer = nullptr;
  size_t size = 0;
  if (!CHECK_OK(
          tilec_module_metadata_format(tilec_module_image_metadata(parsed), &buffer, &size))) {
    tilec_module_image_free(parsed);
    return nullptr;
  }
  rendered.assign(buffer, size);
  tilec_free(buffer);
  return parsed;
}

/// "+stored" marks the pointer parameters a kernel stores through; it
/// survives a round trip through the structured metadata.
void testStoredParams(const Bytes &payload) {
  std::string text = "tilec-module 1\ntarget cpu x86_64\npayload so\nkernel k\n"
                     "param *fp32 x\nparam *fp32 y +stored\nparam i64 n =1\n"
                     "param *i32 z +stored\nend\n";
  std::string rendered;
  tilec_module_image *parsed = parseAndRender(payload, text, rendered);
  if (!parsed)
    return;
  const tilec_kernel_metadata &k =
      tilec_module_image_metadata(parsed)->kernels[0];
  CHECK(k.param_stored != nullptr);
  if (k.param_stored) {
    CHECK(!k.param_stored[0] && k.param_stored[1] && !k.param_stored[2] &&
          k.param_stored[3]);
    CHECK(k.param_specialized_to_one[2]);
  }
  CHECK(rendered.find("param *fp32 y +stored\n") != std::string::npos);
  CHECK(rendered.find("param *fp32 x\n") != std::string::npos);
  CHECK(rendered.find("param i64 n =1\n") != std::string::npos);
  tilec_module_image_free(parsed);
}

/// "global_scratch B" (bytes per program) survives a round trip through the
/// structured metadata; kernels without it have 0.
void testGlobalScratch(const Bytes &payload) {
  std::string text = "tilec-module 1\ntarget cuda sm_90\npayload ptx\n"
                     "kernel k\nglobal_scratch 256\nparam *fp32 x\nend\n"
                     "kernel j\nglobal_scratch 0\nend\nkernel i\nend\n";
  std::string rendered;
  tilec_module_image *parsed = parseAndRender(payload, text, rendered);
  if (!parsed)
    return;
  const tilec_module_metadata *md = tilec_module_image_metadata(parsed);
  CHECK(md->kernels[0].global_scratch == 256);
  CHECK(md->kernels[0].num_params == 1); // The scratch pointer is not listed.
  CHECK(md->kernels[1].global_scratch == 0);
  CHECK(md->kernels[2].global_scratch == 0);
  CHECK(rendered.find("kernel k\nentry k\nnum_warps 4\nglobal_scratch 256\n"
                      "param *fp32 x\nend\n") != std::string::npos);
  CHECK(rendered.find("kernel j\nentry j\nnum_warps 4\nend\n") != std::string::npos);
  // The largest value parses; the writer refuses what the parser refuses.
  std::string largest = "tilec-module 1\ntarget cpu x86_64\npayload so\n"
                        "kernel k\nglobal_scratch 4294967296\nend\n";
  CHECK_OK(parse(rawImage(payload, largest)));
  tilec_kernel_metadata k = md->kernels[0];
  k.global_scratch = 96;
  tilec_module_metadata bad = *md;
  bad.num_kernels = 1;
  bad.kernels = &k;
  char *refused = nullptr;
  size_t size = 0;
  CHECK_FAILS(tilec_module_metadata_format(&bad, &refused, &size), INVALID_ARGUMENT,
              "expected 'global_scratch N' with N a multiple of 128");
  tilec_module_image_free(parsed);
}

void testDamagedContainer(const Bytes &good) {
  const size_t T = TILEC_MODULE_TRAILER_SIZE;
  CHECK_OK(parse(good));
  for (size_t cut : {size_t(1), size_t(7), size_t(27), size_t(29)})
    CHECK_FAILS(parse(Bytes(good.begin(), good.end() - long(cut))),
                CORRUPT_MODULE,
                "module 'x.so' is truncated: the trailer is "
                "cut off");
  CHECK_FAILS(parse(Bytes(good.begin(), good.end() - 31)), CORRUPT_MODULE,
              "truncated");
  CHECK_FAILS(parse(Bytes(good.begin(), good.end() - 100)), CORRUPT_MODULE,
              "truncated");
  CHECK_FAILS(parse(Bytes(good.begin(), good.begin() + long(good.size() / 2))),
              CORRUPT_MODULE, "bad magic");
  CHECK_FAILS(parse(Bytes(good.begin(), good.begin() + 5)), CORRUPT_MODULE,
              "smaller than the 32-byte trailer");
  CHECK_FAILS(parse(Bytes()), CORRUPT_MODULE, "0 bytes");

  Bytes b = good;
  b[100] ^= 0x40; // Payload byte.
  CHECK_FAILS(parse(b), CORRUPT_MODULE, "CRC-32 mismatch");
  b = good;
  b[b.size() - T - 5] ^= 0x01; // Metadata byte.
  CHECK_FAILS(parse(b), CORRUPT_MODULE, "CRC-32 mismatch");
  b = good;
  b[b.size() - T] = 'X'; // Magic.
  CHECK_FAILS(parse(b), CORRUPT_MODULE, "bad magic");
  b = good;
  putLE(&b[b.size() - 4], 2, 4); // Version.
  CHECK_FAILS(parse(b), CORRUPT_MODULE, "unsupported format version 2");
  b = good;
  putLE(&b[b.size() - T + 8], good.size(), 8); // Payload size too large.
  CHECK_FAILS(parse(b), CORRUPT_MODULE, "is truncated: the trailer announces");
  b = good;
  putLE(&b[b.size() - T + 8], 10, 8); // Payload size too small.
  CHECK_FAILS(parse(b), CORRUPT_MODULE, "unexpected bytes before the payload");
  b = good;
  b.push_back('z');
  CHECK_FAILS(parse(b), CORRUPT_MODULE, "1 unexpected bytes after the trailer");
  b = good;
  putLE(&b[b.size() - T + 8], ~0ull, 8); // Overflowing sizes.
  CHECK_FAILS(parse(b), CORRUPT_MODULE, "truncated");
}

void testBadMetadata(const Bytes &payload) {
  const std::string head = "tilec-module 1\ntarget cpu x86_64\npayload so\n";
  const std::string k = "kernel k\nparam *fp32 x\nend\n";
  struct Case {
    std::string text;
    const char *error;
  } cases[] = {
      {std::string("\x01\x02garbage\xff", 11), "line 1: unexpected control"},
      {"", "empty metadata"},
      {"hello world\n", "line 1: expected 'tilec-module 1'"},
      {"tilec-module 2\n", "metadata version '2' is not supported"},
      {"tilec-module 1\npayload so\n" + k, "line 3: 'kernel' before"},
      {"tilec-module 1\ntarget cpu x86_64\n" + k, "line 3: 'kernel' before"},
      {"tilec-module 1\ntarget cpu x86_64\npayload so\n", "no kernels"},
      {"tilec-module 1\ntarget tpu v5\n", "line 2: unknown target 'tpu'"},
      {"tilec-module 1\ntarget cuda 90\n", "expected 'target cuda sm_NN'"},
      {"tilec-module 1\ntarget hip mi300\n", "expected 'target hip gfxNNN'"},
      {"tilec-module 1\ntarget cpu x86_64 +avx extra\n", "too many tokens"},
      {head + "payload so\n", "line 4: duplicate 'payload'"},
      {"tilec-module 1\ntarget cpu x86_64\npayload elf\n", "unknown payload kind 'elf'"},
      {"tilec-module 1\ntarget cpu x86_64\npayload ptx\n" + k,
       "payload 'ptx' does not fit target 'cpu'"},
      {head + "frobnicate 3\n", "line 4: unknown directive 'frobnicate'"},
      {head + "kernel 9k\nend\n", "line 4: expected 'kernel NAME'"},
      {head + k + k, "line 7: duplicate kernel 'k'"},
      {head + "kernel k\nparam *fp33 x\nend\n", "line 5: unknown parameter type '*fp33'"},
      {head + "kernel k\nparam * x\nend\n", "unknown parameter type '*'"},
      {head + "kernel k\nparam i32 a b\nend\n", "expected 'param TYPE [NAME] [=1] [+stored]'"},
      {head + "kernel k\nparam i32 a b =1\nend\n", "expected 'param TYPE [NAME] [=1] [+stored]'"},
      {head + "kernel k\nparam fp32 a =1\nend\n",
       "only integer parameters can be specialized to 1 ('=1'), not fp32"},
      {head + "kernel k\nparam *i32 a =1\nend\n",
       "only integer parameters can be specialized to 1 ('=1'), not *i32"},
      {head + "kernel k\nparam i32 n +stored\nend\n",
       "only pointer parameters can be stored through ('+stored'), not i32"},
      {head + "kernel k\nparam *i32 a +stored =1\nend\n",
       "expected 'param TYPE [NAME] [=1] [+stored]'"},
      {head + "kernel k\nparam i32 3a\nend\n", "bad parameter name '3a'"},
      {head + "kernel k\nnum_warps 0\nend\n", "num_warps N' with 1 <= N"},
      {head + "kernel k\nnum_warps 64\nend\n", "num_warps N' with 1 <= N"},
      {head + "kernel k\nnum_warps four\nend\n", "num_warps N' with 1 <= N"},
      {head + "kernel k\nnum_warps 4\nnum_warps 4\nend\n", "line 6: duplicate 'num_warps'"},
      {head + "kernel k\nparam i32 n\n", "kernel 'k' is missing 'end'"},
      {head + "kernel k\nkernel j\nend\n", "'kernel' inside kernel 'k'"},
      {head + "param i32 n\n", "line 4: 'param' outside a kernel"},
      {head + "end\n", "line 4: 'end' outside a kernel"},
      {head + k + "target cpu x86_64\n", "line 7: duplicate 'target'"},
      {head + "kernel k\nentry\nend\n", "expected 'entry SYMBOL'"},
      {head + "kernel k\nglobal_scratch lots\nend\n",
       "line 5: expected 'global_scratch N' with N a multiple of 128 from 0 "
       "to 4294967296, got 'lots'"},
      {head + "kernel k\nglobal_scratch 100\nend\n",
       "multiple of 128 from 0 to 4294967296, got '100'"},
      {head + "kernel k\nglobal_scratch -128\nend\n", "got '-128'"},
      {head + "kernel k\nglobal_scratch 4294967424\nend\n", "got '4294967424'"},
      {head + "kernel k\nglobal_scratch\nend\n",
       "expected 'global_scratch N' with N a multiple of 128 from 0 to "
       "4294967296"},
      {head + "kernel k\nglobal_scratch 128 256\nend\n", "expected 'global_scratch N'"},
      {head + "kernel k\nglobal_scratch 128\nglobal_scratch 128\nend\n",
       "line 6: duplicate 'global_scratch'"},
      {head + "global_scratch 128\n", "line 4: 'global_scratch' outside a "
                                      "kernel"},
  };
  for (const Case &c : cases) {
    Bytes img = rawImage(payload, c.text);
    CHECK_FAILS(parse(img), CORRUPT_MODULE, c.error);
    // The writer refuses the same text with INVALID_ARGUMENT.
    void *out = nullptr;
    size_t size = 0;
    CHECK_FAILS(tilec_module_image_build_text(payload.data(), payload.size(),
                                              c.text.data(), c.text.size(),
                                              &out, &size),
                INVALID_ARGUMENT, c.error);
  }
  // Comments, blank lines, CRLF and tabs are fine.
  std::string ok = "# hello\r\ntilec-module 1\r\n\r\ntarget\tcpu  x86_64\r\n"
                   "payload so\nkernel k\n  param *fp32\nend\n";
  CHECK_OK(parse(rawImage(payload, ok)));
  // Whole message format.
  tilec_status s = parse(rawImage(payload, head + "bogus\n"));
  CHECK(s && std::strcmp(tilec_status_message(s),
                         "module 'x.so' has malformed metadata: line 4: "
                         "unknown directive 'bogus'") == 0);
  tilec_status_free(s);
}

void testWriterErrors(const Bytes &payload, const std::string &dir) {
  tilec_type types[] = {TILEC_TYPE_PTR_FP32};
  const char *names[] = {"has space"};
  tilec_kernel_metadata k = {"k", nullptr, 4, 0, 1, types, names};
  tilec_module_metadata md = {"cpu", "x86_64", "", "so", 1, &k};
  char *text = nullptr;
  size_t len = 0;
  CHECK_FAILS(tilec_module_metadata_format(&md, &text, &len), INVALID_ARGUMENT,
              "parameter 0 has a bad name");
  names[0] = "x";
  if (CHECK_OK(tilec_module_metadata_format(&md, &text, &len)))
    CHECK(std::strstr(text, "param *fp32 x\n") != nullptr);
  tilec_free(text);
  md.payload = "ptx";
  CHECK_FAILS(tilec_module_metadata_format(&md, &text, &len), INVALID_ARGUMENT,
              "does not fit target");
  md.payload = "so";
  md.num_kernels = 0;
  CHECK_FAILS(tilec_module_image_write((dir + "/w.tilec").c_str(),
                                       payload.data(), payload.size(), &md),
              INVALID_ARGUMENT, "no kernels");
  md.num_kernels = 1;
  CHECK_FAILS(tilec_module_image_write("/nonexistent-dir/w.tilec",
                                       payload.data(), payload.size(), &md),
              IO_ERROR, "cannot create module '/nonexistent-dir/w.tilec'");
  std::string path = dir + "/w.tilec";
  CHECK_OK(tilec_module_image_write(path.c_str(), payload.data(),
                                    payload.size(), &md));
  tilec_module_image *img = nullptr;
  if (CHECK_OK(tilec_module_image_read_file(path.c_str(), &img))) {
    CHECK(std::strcmp(tilec_module_image_label(img), path.c_str()) == 0);
    tilec_module_image_free(img);
  }
  CHECK_FAILS(
      tilec_module_image_read_file((dir + "/missing.tilec").c_str(), &img),
      NOT_FOUND, "missing.tilec");
  CHECK_FAILS(tilec_module_image_read_file(dir.c_str(), &img), IO_ERROR,
              "not a regular file");
}

/// Bad inputs through the loading API of the CPU device.
void testLoading(const Bytes &good, const std::string &dir) {
  tilec_device *dev = nullptr;
  if (!CHECK_OK(tilec_device_open("cpu", 0, &dev)))
    return;
  tilec_module *mod = nullptr;
  CHECK_FAILS(tilec_module_load_file(dev, (dir + "/nope.tilec").c_str(), &mod),
              NOT_FOUND, "nope.tilec");
  Bytes trunc(good.begin(), good.end() - 3);
  std::string tpath = dir + "/truncated.tilec";
  CHECK(writeFile(tpath, trunc));
  CHECK_FAILS(tilec_module_load_file(dev, tpath.c_str(), &mod), CORRUPT_MODULE,
              "truncated.tilec' is truncated");
  CHECK_FAILS(tilec_module_load_data(dev, trunc.data(), trunc.size(), &mod),
              CORRUPT_MODULE, "is truncated");
  Bytes flipped = good;
  flipped[flipped.size() / 3] ^= 0xff;
  CHECK_FAILS(tilec_module_load_data(dev, flipped.data(), flipped.size(), &mod),
              CORRUPT_MODULE, "CRC-32");
  CHECK(mod == nullptr);

  Bytes payload;
  std::string meta;
  splitImage(good, payload, meta);
  const tilec_module_metadata *hostMd = nullptr;
  tilec_device_info info;
  CHECK_OK(tilec_device_query(dev, &info));
  std::string arch = info.arch;
  (void)hostMd;
  std::string head = "tilec-module 1\ntarget cpu " + arch + "\npayload so\n";
  // A declared kernel whose entry the payload lacks.
  Bytes ghost = rawImage(payload, head + "kernel ghost\nparam i32 n\nend\n");
  CHECK_FAILS(tilec_module_load_data(dev, ghost.data(), ghost.size(), &mod),
              CORRUPT_MODULE,
              "kernel 'ghost': the payload does not export its entry "
              "'__tilec_entry_ghost'");
  // A payload that is not a shared object.
  Bytes junk = rawImage(Bytes(4096, 0x5a), head + "kernel k\nend\n");
  CHECK_FAILS(tilec_module_load_data(dev, junk.data(), junk.size(), &mod),
              CORRUPT_MODULE, "cannot load its shared object");
  // Another architecture, another driver.
  std::string other = arch == "x86_64" ? "aarch64" : "x86_64";
  Bytes foreign = rawImage(payload, "tilec-module 1\ntarget cpu " + other +
                                        "\npayload so\nkernel k\nend\n");
  CHECK_FAILS(tilec_module_load_data(dev, foreign.data(), foreign.size(), &mod),
              UNAVAILABLE, ("targets " + other + " but this host is").c_str());
  Bytes cuda = rawImage(payload, "tilec-module 1\ntarget cuda sm_90\npayload "
                                 "ptx\nkernel k\nend\n");
  CHECK_FAILS(tilec_module_load_data(dev, cuda.data(), cuda.size(), &mod),
              INVALID_ARGUMENT, "targets cuda sm_90, not the cpu driver");
  // A feature this host lacks (when one of the candidates is missing).
  const char *candidates[] = {"avx512fp16", "avx512bf16", "avx512f",
                              "sve2",       "sve",        "i8mm"};
  std::string features = std::string(",") + info.features + ",";
  for (const char *f : candidates) {
    bool known = arch == "x86_64" ? f[0] == 'a' : f[0] != 'a';
    if (!known ||
        features.find(std::string(",+") + f + ",") != std::string::npos)
      continue;
    Bytes needs =
        rawImage(payload, "tilec-module 1\ntarget cpu " + arch + " +" + f +
                              "\npayload so\nkernel k\nend\n");
    CHECK_FAILS(tilec_module_load_data(dev, needs.data(), needs.size(), &mod),
                UNAVAILABLE,
                (std::string("needs CPU feature '") + f + "'").c_str());
    break;
  }
  // Unknown features are not checked.
  Bytes unknown = rawImage(payload, head.substr(0, head.find("\npayload")) +
                                        " +made-up-feature\npayload so\n" +
                                        "kernel record_pid\nend\n");
  if (CHECK_OK(
          tilec_module_load_data(dev, unknown.data(), unknown.size(), &mod)))
    tilec_module_release(mod);
  tilec_device_release(dev);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: format_test GOOD_CPU_IMAGE SCRATCH_DIR\n");
    return 2;
  }
  Bytes good = readFile(argv[1]);
  if (!CHECK(good.size() > 1000))
    return check::report("format_test");
  Bytes payload;
  std::string meta;
  splitImage(good, payload, meta);
  testCrcAndTypes();
  testGoodImage(good);
  testDamagedContainer(good);
  testBadMetadata(payload);
  testStoredParams(payload);
  testGlobalScratch(payload);
  testWriterErrors(payload, argv[2]);
  testLoading(good, argv[2]);
  return check::report("format_test");
}
