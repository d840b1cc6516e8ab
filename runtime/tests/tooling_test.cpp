// Tests of tilec_tooling: .npy I/O and malformed files, scalar literals,
// launch-argument parsing, grids, bench formatting, outputs, runKernel.
// Usage: tooling_test CPU_IMAGE SCRATCH_DIR
#include "check.h"
#include "test_util.h"

#include "tilec/tooling.h"

using namespace tilec::tooling;
using namespace testutil;

namespace {

std::string scratch;

NpyArray makeArray(tilec_type t, std::vector<int64_t> shape) {
  NpyArray a;
  a.dtype = t;
  a.shape = std::move(shape);
  a.data.resize(a.numElements() * tilec_type_size(t));
  for (size_t i = 0; i < a.data.size(); ++i)
    a.data[i] = (unsigned char)(i * 7 + 1);
  if (t == TILEC_TYPE_I1)
    for (auto &b : a.data)
      b &= 1;
  return a;
}

void testNpyRoundTrip() {
  const tilec_type types[] = {
      TILEC_TYPE_I1,  TILEC_TYPE_I8,   TILEC_TYPE_I16,  TILEC_TYPE_I32,
      TILEC_TYPE_I64, TILEC_TYPE_U8,   TILEC_TYPE_U16,  TILEC_TYPE_U32,
      TILEC_TYPE_U64, TILEC_TYPE_FP16, TILEC_TYPE_FP32, TILEC_TYPE_FP64};
  const std::vector<int64_t> shapes[] = {{}, {5}, {3, 4}, {2, 1, 3}, {0, 7}};
  for (tilec_type t : types)
    for (const auto &shape : shapes) {
      NpyArray a = makeArray(t, shape), b;
      std::string path = scratch + "/rt.npy";
      CHECK_OK(writeNpy(path, a));
      Bytes file = readFile(path);
      CHECK(file.size() >= 64 && (file.size() - a.data.size()) % 64 == 0);
      if (CHECK_OK(readNpy(path, b)))
        CHECK(b.dtype == t && b.shape == a.shape && b.data == a.data);
    }
  CHECK(npyDescr(TILEC_TYPE_I1) == "|b1");
  CHECK(npyDescr(TILEC_TYPE_FP16) == "<f2");
  CHECK(npyDescr(TILEC_TYPE_BF16).empty());
  NpyArray bf = makeArray(TILEC_TYPE_BF16, {2});
  CHECK_FAILS(writeNpy(scratch + "/bf.npy", bf), INVALID_ARGUMENT,
              "bf16 has no numpy dtype");
  // Exact header bytes as numpy writes them.
  NpyArray f = makeArray(TILEC_TYPE_FP32, {3});
  CHECK_OK(writeNpy(scratch + "/h.npy", f));
  Bytes h = readFile(scratch + "/h.npy");
  size_t len = h[8] | (size_t(h[9]) << 8);
  std::string header(h.begin() + 10, h.begin() + 10 + long(len));
  CHECK(header.rfind("{'descr': '<f4', 'fortran_order': False, 'shape': "
                     "(3,), }",
                     0) == 0);
  CHECK(h[6] == 1 && (10 + len) % 64 == 0 && header.back() == '\n');
}

Bytes npyBytes(int major, const std::string &dict, size_t dataBytes) {
  Bytes b = {0x93, 'N', 'U', 'M', 'P', 'Y', (unsigned char)major, 0};
  size_t lenBytes = major == 1 ? 2 : 4;
  for (size_t i = 0; i < lenBytes; ++i)
    b.push_back((unsigned char)(dict.size() >> (8 * i)));
  b.insert(b.end(), dict.begin(), dict.end());
  b.insert(b.end(), dataBytes, 0xab);
  return b;
}

tilec_status parse(const Bytes &b) {
  NpyArray a;
  return parseNpy(b.data(), b.size(), "t.npy", a);
}

void testNpyMalformed() {
  const std::string ok =
      "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }\n";
  CHECK_OK(parse(npyBytes(1, ok, 24)));
  CHECK_OK(parse(npyBytes(2, ok, 24))); // Format 2.0.
  CHECK_OK(parse(npyBytes(3, ok, 24)));
  CHECK_OK(parse(npyBytes(
      1, "{\"descr\": \"<i4\", \"shape\": (6,), \"fortran_order\": False}",
      24)));
  NpyArray a;
  Bytes b = npyBytes(1, ok, 24);
  CHECK_OK(parseNpy(b.data(), b.size(), "t", a));
  CHECK(a.shape == (std::vector<int64_t>{2, 3}) && a.dtype == TILEC_TYPE_I32);
  CHECK_FAILS(parse(Bytes{'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0, 0}),
              INVALID_ARGUMENT,
              "malformed .npy file 't.npy': missing the \\x93NUMPY magic");
  CHECK_FAILS(parse(Bytes{0x93, 'N', 'U'}), INVALID_ARGUMENT, "magic");
  CHECK_FAILS(parse(npyBytes(9, ok, 24)), INVALID_ARGUMENT,
              "unsupported format version 9.0");
  b = npyBytes(1, ok, 24);
  b.resize(30);
  CHECK_FAILS(parse(b), INVALID_ARGUMENT, "truncated header");
  CHECK_FAILS(parse(npyBytes(1, ok, 20)), INVALID_ARGUMENT,
              "truncated data (24 bytes expected for the shape, 20 present)");
  CHECK_FAILS(parse(npyBytes(1, ok, 25)), INVALID_ARGUMENT,
              "1 unexpected bytes after the data");
  CHECK_FAILS(parse(npyBytes(1, "descr <i4 shape 2", 0)), INVALID_ARGUMENT,
              "not a Python dict");
  CHECK_FAILS(parse(npyBytes(1, "{'fortran_order': False, 'shape': (2,)}", 0)),
              INVALID_ARGUMENT, "no 'descr'");
  CHECK_FAILS(parse(npyBytes(1, "{'descr': '<i4', 'fortran_order': False}", 0)),
              INVALID_ARGUMENT, "bad 'shape' (missing)");
  CHECK_FAILS(parse(npyBytes(1,
                             "{'descr': '<i4', 'fortran_order': False, "
                             "'shape': (2, -3)}",
                             0)),
              INVALID_ARGUMENT, "bad 'shape' (2, -3)");
  CHECK_FAILS(parse(npyBytes(1, "{'descr': '<i4', 'shape': (2,)}", 8)),
              INVALID_ARGUMENT, "no 'fortran_order'");
  CHECK_FAILS(parse(npyBytes(1,
                             "{'descr': '<i4', 'fortran_order': True, "
                             "'shape': (2, 2)}",
                             16)),
              INVALID_ARGUMENT, "Fortran order");
  CHECK_FAILS(parse(npyBytes(1,
                             "{'descr': '>f4', 'fortran_order': False, "
                             "'shape': (2,)}",
                             8)),
              INVALID_ARGUMENT, "big-endian ('>f4')");
  CHECK_FAILS(parse(npyBytes(1,
                             "{'descr': '<c8', 'fortran_order': False, "
                             "'shape': (2,)}",
                             16)),
              INVALID_ARGUMENT, "unsupported dtype '<c8'");
  CHECK_FAILS(parse(npyBytes(1,
                             "{'descr': '<f4', 'fortran_order': False, "
                             "'shape': (1099511627776, 1099511627776)}",
                             0)),
              INVALID_ARGUMENT, "too large");
  CHECK_FAILS(readNpy(scratch + "/absent.npy", a), NOT_FOUND, "absent.npy");
}

void testLiterals() {
  tilec_arg a;
  CHECK(parseScalarLiteral("5", a) && a.type == TILEC_TYPE_I32 && a.i == 5);
  CHECK(parseScalarLiteral("-2147483648", a) && a.type == TILEC_TYPE_I32);
  CHECK(parseScalarLiteral("2147483648", a) && a.type == TILEC_TYPE_I64 &&
        a.i == 2147483648ll);
  CHECK(parseScalarLiteral("-2147483649", a) && a.type == TILEC_TYPE_I64);
  CHECK(parseScalarLiteral("18446744073709551615", a) &&
        a.type == TILEC_TYPE_U64 && uint64_t(a.i) == ~0ull);
  CHECK(!parseScalarLiteral("18446744073709551616", a));
  CHECK(parseScalarLiteral("1.5", a) && a.type == TILEC_TYPE_FP32 &&
        a.f == 1.5);
  CHECK(parseScalarLiteral("1e-3", a) && a.type == TILEC_TYPE_FP32);
  CHECK(parseScalarLiteral("-inf", a) && a.type == TILEC_TYPE_FP32);
  CHECK(parseScalarLiteral("nan", a) && a.type == TILEC_TYPE_FP32);
  CHECK(parseScalarLiteral("True", a) && a.type == TILEC_TYPE_I1 && a.i == 1);
  CHECK(parseScalarLiteral("False", a) && a.type == TILEC_TYPE_I1 && a.i == 0);
  CHECK(!parseScalarLiteral("", a));
  CHECK(!parseScalarLiteral("0x10", a));
  CHECK(!parseScalarLiteral("x.npy", a));
  CHECK(!parseScalarLiteral("1.5f", a));
}

void testLaunchArgs() {
  NpyArray x = makeArray(TILEC_TYPE_FP32, {8});
  NpyArray flags = makeArray(TILEC_TYPE_I1, {8});
  std::string xp = scratch + "/x.npy", fp = scratch + "/flags.npy";
  CHECK_OK(writeNpy(xp, x));
  CHECK_OK(writeNpy(fp, flags));
  LaunchArgs args;
  if (CHECK_OK(
          parseLaunchArgs({xp, fp, "8", "0.5", "True", "5000000000"}, args))) {
    CHECK(args.signature() == "*fp32,*i1,i32,fp32,i1,i64");
    CHECK(args.specializedSignature() == "*fp32:16,*i1:16,i32,fp32,i1,i64:16");
    CHECK(args.args[0].isArray && !args.args[2].isArray);
    CHECK(args.args[0].array.data == x.data);
    CHECK(args.values().size() == 6);
  }
  CHECK_FAILS(parseLaunchArgs({xp, "nothere.npy"}, args), NOT_FOUND,
              "argument 1 ('nothere.npy'): no such .npy file");
  CHECK_FAILS(parseLaunchArgs({"abc"}, args), INVALID_ARGUMENT,
              "argument 0 ('abc') is neither a number, True/False, nor an "
              "existing .npy file");
  CHECK_FAILS(parseLaunchArgs({"99999999999999999999"}, args), INVALID_ARGUMENT,
              "argument 0 ('99999999999999999999'): "
              "integer literal out of range");
  std::string bad = scratch + "/bad.npy";
  CHECK(writeFile(bad, Bytes{1, 2, 3}));
  CHECK_FAILS(parseLaunchArgs({bad}, args), INVALID_ARGUMENT, "argument 0 ('");
  CHECK_FAILS(parseLaunchArgs({scratch}, args), IO_ERROR, "argument 0");
  // Same basename twice: outputs would collide.
  CHECK_OK(parseLaunchArgs({xp, xp}, args));
  CHECK_FAILS(checkOutputNames(args), INVALID_ARGUMENT,
              "would both be written to the output 'x.npy'");
}

/// Triton's specialization of single arguments: ":1", ":16" or nothing.
void testArgSpecialization() {
  auto spec = [](tilec_type type, int64_t i) {
    tilec_arg arg{};
    arg.type = type;
    arg.i = i;
    return std::string(tilec_arg_specialization(&arg));
  };
  CHECK(spec(TILEC_TYPE_I32, 1) == ":1");
  CHECK(spec(TILEC_TYPE_I64, 48) == ":16");
  CHECK(spec(TILEC_TYPE_I32, -32) == ":16");
  CHECK(spec(TILEC_TYPE_U64, 7) == "");
  CHECK(spec(TILEC_TYPE_I1, 1) == "");
  CHECK(spec(TILEC_TYPE_FP32, 1) == "");
  alignas(16) static float buffer[8];
  tilec_arg ptr{};
  ptr.type = TILEC_TYPE_PTR_FP32;
  ptr.ptr = buffer;
  CHECK(std::string(tilec_arg_specialization(&ptr)) == ":16");
  ptr.ptr = buffer + 1;
  CHECK(std::string(tilec_arg_specialization(&ptr)) == "");
  CHECK(std::string(tilec_arg_specialization(nullptr)).empty());
}

void testGrid() {
  uint32_t g[3];
  CHECK(!tilec_status_code(parseGrid("4", g)) && g[0] == 4 && g[1] == 1 &&
        g[2] == 1);
  CHECK(!tilec_status_code(parseGrid("2,3", g)) && g[0] == 2 && g[1] == 3);
  CHECK(!tilec_status_code(parseGrid("2,3,4", g)) && g[2] == 4);
  CHECK(!tilec_status_code(parseGrid("0", g)) && g[0] == 0);
  CHECK(!tilec_status_code(parseGrid("4294967295", g)) && g[0] == 4294967295u);
  for (const char *bad :
       {"", "a", "-1", "1,,2", "1,2,", "4294967296", "1.5", " 1"})
    CHECK_FAILS(parseGrid(bad, g), INVALID_ARGUMENT, "bad grid");
  CHECK_FAILS(parseGrid("1,2,3,4", g), INVALID_ARGUMENT, "at most 3");
}

void testBench() {
  BenchResult r;
  r.medianUs = 12.345;
  r.minUs = 10;
  r.runs = 7;
  CHECK(formatBench(r) == "bench: median 12.35 us, min 10.00 us over 7 runs");
  int calls = 0;
  CHECK_OK(benchmark(
      5, [&] { return ++calls, tilec_status(nullptr); }, r));
  CHECK(calls == 8 && r.runs == 5 && r.minUs <= r.medianUs);
  CHECK_FAILS(benchmark(
                  0, [] { return tilec_status(nullptr); }, r),
              INVALID_ARGUMENT, "at least 1");
  CHECK_FAILS(benchmark(
                  3,
                  [] {
                    return tilec_status_create(TILEC_STATUS_LAUNCH_FAILED,
                                               "boom");
                  },
                  r),
              LAUNCH_FAILED, "boom");
}

void testRunKernel(const std::string &image) {
  tilec_device *dev = nullptr;
  tilec_module *mod = nullptr;
  tilec_kernel *k = nullptr;
  if (!CHECK_OK(tilec_device_open("cpu", 0, &dev)) ||
      !CHECK_OK(tilec_module_load_file(dev, image.c_str(), &mod)) ||
      !CHECK_OK(tilec_module_get_kernel(mod, "scale_i64", &k)))
    return;
  NpyArray data;
  data.dtype = TILEC_TYPE_I64;
  data.shape = {4};
  int64_t v[4] = {1, 2, 3, 4};
  data.data.assign((unsigned char *)v, (unsigned char *)v + sizeof(v));
  std::string in = scratch + "/data.npy";
  CHECK_OK(writeNpy(in, data));
  LaunchArgs args;
  CHECK_OK(parseLaunchArgs({in, "3"}, args)); // i32 literal, i64 param.
  RunOptions ro;
  ro.grid[0] = 4;
  ro.benchRuns = 10;
  ro.outDir = scratch + "/out/nested";
  std::string line;
  CHECK_OK(runKernel(dev, k, args, ro, &line));
  CHECK(line.rfind("bench: median ", 0) == 0);
  NpyArray out;
  if (CHECK_OK(readNpy(scratch + "/out/nested/data.npy", out))) {
    const int64_t *o = reinterpret_cast<const int64_t *>(out.data.data());
    // One launch on fresh inputs despite the benchmark.
    CHECK(o[0] == 3 && o[1] == 6 && o[2] == 9 && o[3] == 12);
  }
  CHECK(args.args[0].value.ptr == nullptr); // Freed.
  CHECK_OK(parseLaunchArgs({in, "1.5"}, args));
  CHECK_FAILS(runKernel(dev, k, args, ro, &line), INVALID_ARGUMENT,
              "argument 1 ('factor'): expected i64, got fp32");
  tilec_module_release(mod);
  tilec_device_release(dev);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: tooling_test CPU_IMAGE SCRATCH_DIR\n");
    return 2;
  }
  scratch = argv[2];
  testNpyRoundTrip();
  testNpyMalformed();
  testLiterals();
  testLaunchArgs();
  testArgSpecialization();
  testGrid();
  testBench();
  testRunKernel(argv[1]);
  return check::report("tooling_test");
}
