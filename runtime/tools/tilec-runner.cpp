// tilec-runner: loads a tilec module and runs one kernel on .npy arrays and
// scalar arguments (the runtime-only counterpart of `tilec run`).
#include "tilec/module_format.h"
#include "tilec/runtime.h"
#include "tilec/tooling.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace tilec::tooling;

namespace {

const char *const Usage =
    "usage: tilec-runner MODULE --kernel NAME --grid X[,Y[,Z]] "
    "[--out-dir DIR]\n"
    "                    [--bench N] [--device cpu|cuda|hip|simt] -- ARG...\n"
    "       tilec-runner --list MODULE\n"
    "       tilec-runner --help\n"
    "\n"
    "Runs kernel NAME of the tilec module MODULE over the grid. Each ARG is\n"
    "a scalar literal (integer -> i32, or i64 when it does not fit; float ->\n"
    "fp32; True/False -> i1) or a .npy file (a pointer argument of the\n"
    "array's dtype). After the launch every array argument is written to\n"
    "DIR/<file name>. --kernel may be omitted when the module has one\n"
    "kernel. --bench N times N launches after a warm-up and prints\n"
    "'bench: median X us, min Y us over N runs'. The device defaults to\n"
    "$TILEC_DEVICE, else the best available (cuda, hip, cpu).\n";

struct Options {
  std::string module, kernel, grid, outDir, device;
  int bench = 0;
  bool list = false, gridGiven = false;
  std::vector<std::string> args;
};

int usageError(const std::string &msg) {
  std::fprintf(stderr, "tilec-runner: error: %s\n(see tilec-runner --help)\n",
               msg.c_str());
  return 2;
}

int fail(tilec_status s) {
  std::fprintf(stderr, "tilec-runner: error: %s\n", tilec_status_message(s));
  tilec_status_free(s);
  return 1;
}

/// Parses argv; returns -1 to continue, else an exit code.
int parseOptions(int argc, char **argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--") {
      o.args.assign(argv + i + 1, argv + argc);
      break;
    }
    if (a == "-h" || a == "--help") {
      std::fputs(Usage, stdout);
      return 0;
    }
    if (a == "--list") {
      o.list = true;
      continue;
    }
    std::string value;
    size_t eq = a.find('=');
    std::string flag = a.substr(0, eq);
    static const char *const valued[] = {"--kernel", "--grid", "--out-dir",
                                         "--bench", "--device"};
    bool isValued = false;
    for (const char *v : valued)
      isValued |= flag == v;
    if (isValued) {
      if (eq != std::string::npos)
        value = a.substr(eq + 1);
      else if (i + 1 < argc)
        value = argv[++i];
      else
        return usageError(flag + " needs a value");
      if (flag == "--kernel")
        o.kernel = value;
      else if (flag == "--grid") {
        o.grid = value;
        o.gridGiven = true;
      } else if (flag == "--out-dir")
        o.outDir = value;
      else if (flag == "--device")
        o.device = value;
      else {
        char *end = nullptr;
        long n = std::strtol(value.c_str(), &end, 10);
        if (value.empty() || *end || n < 1 || n > 10000000)
          return usageError("--bench needs a positive integer, got '" + value +
                            "'");
        o.bench = int(n);
      }
      continue;
    }
    if (a.size() > 1 && a[0] == '-')
      return usageError("unknown option '" + a + "'");
    if (!o.module.empty())
      return usageError("unexpected '" + a +
                        "' (put kernel arguments after "
                        "'--')");
    o.module = a;
  }
  if (o.module.empty())
    return usageError("missing MODULE");
  return -1;
}

int listModule(const std::string &path) {
  tilec_module_image *img = nullptr;
  if (tilec_status s = tilec_module_image_read_file(path.c_str(), &img))
    return fail(s);
  const tilec_module_metadata *md = tilec_module_image_metadata(img);
  size_t payload = 0;
  tilec_module_image_payload(img, &payload);
  std::printf("module %s: target %s %s%s%s, payload %s (%zu bytes)\n",
              path.c_str(), md->target, md->arch,
              md->features && *md->features ? " " : "",
              md->features ? md->features : "", md->payload, payload);
  for (size_t i = 0; i < md->num_kernels; ++i) {
    const tilec_kernel_metadata &k = md->kernels[i];
    std::printf("kernel %s(", k.name);
    for (size_t j = 0; j < k.num_params; ++j) {
      const char *n = k.param_names[j];
      std::printf("%s%s%s%s", j ? ", " : "", tilec_type_name(k.param_types[j]),
                  *n ? " " : "", n);
    }
    std::printf(") num_warps=%u", k.num_warps);
    if (k.global_scratch)
      std::printf(" global_scratch=%llu", (unsigned long long)k.global_scratch);
    std::printf("\n");
  }
  tilec_module_image_free(img);
  return 0;
}

int run(const Options &o) {
  if (!o.gridGiven)
    return usageError("missing --grid X[,Y[,Z]]");
  uint32_t grid[3];
  if (tilec_status s = parseGrid(o.grid, grid))
    return fail(s);
  LaunchArgs args;
  if (tilec_status s = parseLaunchArgs(o.args, args))
    return fail(s);
  tilec_device *dev = nullptr;
  if (tilec_status s = tilec_device_open(
          o.device.empty() ? nullptr : o.device.c_str(), 0, &dev))
    return fail(s);
  tilec_module *mod = nullptr;
  tilec_kernel *k = nullptr;
  tilec_status s = tilec_module_load_file(dev, o.module.c_str(), &mod);
  if (!s && o.kernel.empty()) {
    if (tilec_module_kernel_count(mod) == 1)
      k = tilec_module_kernel_at(mod, 0);
    else
      s = tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                              "module '%s' has %zu kernels: choose one with "
                              "--kernel NAME (see --list)",
                              o.module.c_str(), tilec_module_kernel_count(mod));
  } else if (!s) {
    s = tilec_module_get_kernel(mod, o.kernel.c_str(), &k);
  }
  std::string benchLine;
  if (!s) {
    RunOptions ro;
    std::memcpy(ro.grid, grid, sizeof(grid));
    ro.benchRuns = o.bench;
    ro.outDir = o.outDir;
    s = runKernel(dev, k, args, ro, &benchLine);
  }
  if (!benchLine.empty())
    std::printf("%s\n", benchLine.c_str());
  tilec_module_release(mod);
  tilec_device_release(dev);
  return s ? fail(s) : 0;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  int rc = parseOptions(argc, argv, o);
  if (rc >= 0)
    return rc;
  return o.list ? listModule(o.module) : run(o);
}
