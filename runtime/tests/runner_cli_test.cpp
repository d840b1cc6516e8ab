// Command-line tests of tilec-runner: runs it as a child process and checks
// exit codes, messages and output files.
// Usage: runner_cli_test SCRATCH_DIR CPU_IMAGE [EMULATOR...] RUNNER
#include "check.h"
#include "test_util.h"

#include "tilec/tooling.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace tilec::tooling;
using namespace testutil;

namespace {

std::vector<std::string> runnerCmd;
std::string scratch, image;

struct Result {
  int rc = -1;
  std::string out, err;
};

std::string slurp(const std::string &path) {
  Bytes b = readFile(path);
  return std::string(b.begin(), b.end());
}

Result runRunner(const std::vector<std::string> &args) {
  std::vector<std::string> all = runnerCmd;
  all.insert(all.end(), args.begin(), args.end());
  std::string outPath = scratch + "/stdout.txt",
              errPath = scratch + "/stderr.txt";
  Result r;
  pid_t pid = fork();
  if (pid == 0) {
    int o = open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int e = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(o, 1);
    dup2(e, 2);
    std::vector<char *> argv;
    for (std::string &s : all)
      argv.push_back(&s[0]);
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(outPath);
  r.err = slurp(errPath);
  return r;
}

bool expect(const Result &r, int rc, const std::string &text,
            const char *what) {
  bool ok = r.rc == rc && (r.out + r.err).find(text) != std::string::npos;
  if (!check::that(ok, what, __FILE__, __LINE__))
    std::fprintf(stderr,
                 "  expected rc %d and \"%s\"\n  got rc %d\n  stdout: "
                 "%s\n  stderr: %s\n",
                 rc, text.c_str(), r.rc, r.out.c_str(), r.err.c_str());
  return ok;
}

template <typename T>
std::string writeArray(const std::string &name, tilec_type t,
                       const std::vector<T> &values) {
  NpyArray a;
  a.dtype = t;
  a.shape = {int64_t(values.size())};
  a.data.assign((const unsigned char *)values.data(),
                (const unsigned char *)(values.data() + values.size()));
  std::string path = scratch + "/" + name;
  CHECK_OK(writeNpy(path, a));
  return path;
}

template <typename T> std::vector<T> readArray(const std::string &path) {
  NpyArray a;
  if (!CHECK_OK(readNpy(path, a)))
    return {};
  const T *p = reinterpret_cast<const T *>(a.data.data());
  return std::vector<T>(p, p + a.data.size() / sizeof(T));
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: runner_cli_test SCRATCH_DIR CPU_IMAGE "
                         "[EMULATOR...] RUNNER\n");
    return 2;
  }
  scratch = argv[1];
  image = argv[2];
  runnerCmd.assign(argv + 3, argv + argc);
  std::string out = scratch + "/out";

  std::vector<float> x(1000), y(1000), zeros(1000, 0);
  for (int i = 0; i < 1000; ++i) {
    x[i] = float(i);
    y[i] = 0.25f * float(i);
  }
  std::string xp = writeArray("x.npy", TILEC_TYPE_FP32, x);
  std::string yp = writeArray("y.npy", TILEC_TYPE_FP32, y);
  std::string op = writeArray("o.npy", TILEC_TYPE_FP32, zeros);
  const std::vector<std::string> add = {
      image, "--kernel", "add_kernel", "--grid", "16", "--out-dir", out, "--"};
  auto with = [](std::vector<std::string> base,
                 const std::vector<std::string> &more) {
    base.insert(base.end(), more.begin(), more.end());
    return base;
  };

  expect(runRunner({"--help"}), 0, "usage: tilec-runner MODULE", "--help");
  expect(runRunner({}), 2, "missing MODULE", "no arguments");
  expect(runRunner({"--list", image}), 0,
         "kernel add_kernel(*fp32 x_ptr, *fp32 y_ptr, *fp32 out_ptr, i32 n) "
         "num_warps=4",
         "--list");
  expect(runRunner({"--list", image}), 0,
         "kernel scratch_slots(*i64 out) num_warps=4 global_scratch=256", "--list global scratch");
  // A kernel with global scratch runs from the command line as any other.
  std::string slots = writeArray("slots.npy", TILEC_TYPE_I64, std::vector<int64_t>(8, -1));
  if (expect(runRunner({image, "--kernel", "scratch_slots", "--grid", "4", "--out-dir", out, "--",
                        slots}),
             0, "", "global scratch")) {
    std::vector<int64_t> o = readArray<int64_t>(out + "/slots.npy");
    CHECK(o.size() == 8 && o[0] == 3 && o[2] == (1 << 8 | 10) && o[6] == (3 << 8 | 24) &&
          o[1] == o[7] && o[1] % 128 == 0);
  }
  if (expect(runRunner(with(add, {xp, yp, op, "1000"})), 0, "", "add")) {
    std::vector<float> o = readArray<float>(out + "/o.npy");
    size_t bad = o.size() == 1000 ? 0 : 1000;
    for (size_t i = 0; i < o.size(); ++i)
      bad += o[i] != x[i] + y[i];
    CHECK(bad == 0);
    CHECK(readArray<float>(out + "/x.npy") == x);
  }
  Result bench = runRunner(with(add, {xp, yp, op, "1000"}));
  bench = runRunner({image, "--kernel=add_kernel", "--grid=16", "--bench", "5",
                     "--out-dir", out, "--", xp, yp, op, "1000"});
  if (expect(bench, 0, " over 5 runs\n", "--bench"))
    CHECK(bench.out.rfind("bench: median ", 0) == 0 &&
          bench.out.find(" us, min ") != std::string::npos);
  expect(runRunner(with(add, {xp, yp, op, "1.5"})), 1,
         "argument 3 ('n'): expected i32, got fp32", "float for i32");
  expect(runRunner(with(add, {xp, yp, op})), 1,
         "kernel 'add_kernel' expects 4 arguments (*fp32,*fp32,*fp32,i32), "
         "got 3",
         "too few arguments");
  expect(runRunner(with(add, {xp, "7", op, "1000"})), 1,
         "argument 1 ('y_ptr'): expected pointer *fp32, got scalar i32",
         "scalar for pointer");
  std::string ip = writeArray("i.npy", TILEC_TYPE_I32, std::vector<int>(4));
  expect(runRunner(with(add, {xp, ip, op, "1000"})), 1,
         "argument 1 ('y_ptr'): expected *fp32, got *i32", "wrong dtype");
  expect(runRunner(with(add, {xp, yp, scratch + "/missing.npy", "1"})), 1,
         "argument 2 ('" + scratch + "/missing.npy'): no such .npy file",
         "missing .npy");
  expect(runRunner({image, "--kernel", "nope", "--grid", "1", "--"}), 1,
         "kernel 'nope' not found in module '" + image +
             "' (available: record_pid, add_kernel, scalars, scale_i64, scratch_slots)",
         "missing kernel");
  expect(runRunner({image, "--grid", "1"}), 1, "has 5 kernels", "--kernel omitted");
  expect(runRunner({scratch + "/absent.tilec", "--kernel", "k", "--grid", "1"}),
         1, "cannot open module", "missing module");
  expect(runRunner({image, "--kernel", "add_kernel", "--frob"}), 2,
         "unknown option '--frob'", "bad flag");
  expect(runRunner({image, "--kernel", "add_kernel", "--", xp}), 2,
         "missing --grid", "missing --grid");
  expect(runRunner({image, "--grid", "1", "--bench", "0"}), 2,
         "--bench needs a positive integer", "--bench 0");
  expect(runRunner({image, "--grid", "1", "--kernel"}), 2,
         "--kernel needs a value", "--kernel without value");
  expect(runRunner({image, "--grid", "x"}), 1, "bad grid 'x'", "bad grid");
  expect(runRunner({image, "extra", "--grid", "1"}), 2, "unexpected 'extra'",
         "stray positional");
  expect(runRunner(with({image, "--kernel", "add_kernel", "--grid", "16",
                         "--device", "tpu", "--"},
                        {xp, yp, op, "1000"})),
         1, "'tpu' is not a driver", "bad device");
  // Every program of a 3-D grid runs once.
  std::string rp =
      writeArray("pids.npy", TILEC_TYPE_I32, std::vector<int32_t>(4 * 12));
  if (expect(runRunner({image, "--kernel", "record_pid", "--grid", "3,2,2",
                        "--out-dir", out, "--device", "cpu", "--", rp}),
             0, "", "record_pid 3-D")) {
    std::vector<int32_t> p = readArray<int32_t>(out + "/pids.npy");
    size_t bad = p.size() == 48 ? 0 : 48;
    for (int pid = 0; pid < 12 && !bad; ++pid)
      bad += p[4 * pid] != pid % 3 || p[4 * pid + 1] != pid / 3 % 2 ||
             p[4 * pid + 2] != pid / 6 || p[4 * pid + 3] != 1;
    CHECK(bad == 0);
  }
  // An empty grid launches nothing, and outputs are still written.
  if (expect(runRunner({image, "--kernel", "record_pid", "--grid", "0,4",
                        "--out-dir", out + "/empty", "--", rp}),
             0, "", "empty grid"))
    CHECK(readArray<int32_t>(out + "/empty/pids.npy") ==
          std::vector<int32_t>(48, 0));
  // A damaged module.
  Bytes img = readFile(image);
  img[img.size() / 2] ^= 1;
  std::string damaged = scratch + "/damaged.tilec";
  CHECK(writeFile(damaged, img));
  expect(runRunner({damaged, "--kernel", "add_kernel", "--grid", "1"}), 1,
         "CRC-32 mismatch", "damaged module");
  expect(runRunner({"--list", damaged}), 1, "CRC-32 mismatch",
         "--list damaged module");
  return check::report("runner_cli_test");
}
