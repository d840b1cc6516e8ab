//===- RunCommand.cpp - `tilec run`: compile for the best device and launch =//
#include "Commands.h"

#include "tilec/Driver/Driver.h"
#include "tilec/Target/TargetInfo.h"
#include "tilec/runtime.h"
#include "tilec/tooling.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace llvm;

namespace tilec::cli {

cl::SubCommand runCommand("run", "Compile a kernel for the best device present and run it");

namespace {
cl::opt<std::string> inputFile(cl::Positional, cl::desc("FILE.py"), cl::Required,
                               cl::sub(runCommand), cl::cat(category));
cl::list<std::string> kernelArgs(cl::Positional, cl::desc("-- ARG... (scalars or .npy files)"),
                                 cl::ZeroOrMore, cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> kernelName("kernel", cl::desc("Name of the @jit function to run"),
                                cl::value_desc("NAME"), cl::sub(runCommand),
                                cl::cat(category));
cl::opt<std::string> gridSpec("grid", cl::desc("Number of programs: X[,Y[,Z]]"),
                              cl::value_desc("X[,Y[,Z]]"), cl::sub(runCommand),
                              cl::cat(category));
cl::list<std::string> defines("D", cl::Prefix, cl::desc("Constexpr parameter value"),
                              cl::value_desc("NAME=VALUE"), cl::sub(runCommand),
                              cl::cat(category));
cl::opt<std::string> outDir("out-dir", cl::desc("Where every array argument is written back"),
                            cl::value_desc("DIR"), cl::sub(runCommand),
                            cl::cat(category));
cl::opt<int> benchRuns("bench", cl::desc("Also time N launches after a warm-up"),
                       cl::value_desc("N"), cl::init(0), cl::sub(runCommand),
                       cl::cat(category));
cl::opt<std::string> deviceName("device",
                                cl::desc("cpu, cuda, hip or simt (default: $TILEC_DEVICE, else the "
                                         "best device present)"),
                                cl::init(""), cl::sub(runCommand), cl::cat(category));
cl::opt<unsigned> numWarps("num-warps", cl::desc("Warps per program on GPUs"), cl::init(4),
                           cl::sub(runCommand), cl::cat(category));
cl::opt<bool> expandF64Math("expand-f64-math",
                            cl::desc("Use tilec's own fp64 exp, log, sin, pow, ... (the code AMD "
                                     "GPUs run) instead of libm or libdevice"),
                            cl::init(false), cl::sub(runCommand), cl::cat(category));
cl::opt<unsigned> numStages("num-stages",
                            cl::desc("Tiles in flight per pipelined load of a dot loop, on "
                                     "GPUs with asynchronous copies; elsewhere, >1 prefetches "
                                     "one iteration ahead (default 3; 1: off)"),
                            cl::init(3), cl::sub(runCommand), cl::cat(category));
cl::opt<bool> enableFPFusion(
    "enable-fp-fusion",
    cl::desc("Let code generation fuse the program's float multiplies and the adds they "
             "feed into fmas, as Triton's enable_fp_fusion (default: on, as Triton 3.9)"),
    cl::init(true), cl::sub(runCommand), cl::cat(category));
cl::opt<bool> unchecked("unchecked",
                        cl::desc("Skip the bounds checks of every memory access (faster; an "
                                 "access outside an array is then undefined)"),
                        cl::init(false), cl::sub(runCommand), cl::cat(category));

/// Owns runtime handles for the duration of the command.
struct RuntimeHandles {
  tilec_device *device = nullptr;
  tilec_module *module = nullptr;
  ~RuntimeHandles() {
    tilec_module_release(module);
    tilec_device_release(device);
  }
};

/// Reports a runtime status as a CLI error; returns 1.
int failStatus(tilec_status status, const Twine &context) {
  std::string message = tilec_status_message(status);
  tilec_status_free(status);
  return fail(context + message);
}
} // namespace

int runRun() {
  if (kernelName.getNumOccurrences() == 0)
    return fail("run: missing --kernel NAME; see 'tilec run --help'");
  if (gridSpec.getNumOccurrences() == 0)
    return fail("run: missing --grid X[,Y[,Z]]; see 'tilec run --help'");
  if (outDir.getNumOccurrences() == 0)
    return fail("run: missing --out-dir DIR; see 'tilec run --help'");
  // In-process lld resets every llvm::cl option: take copies first.
  std::string source = inputFile, kernel = kernelName, grid = gridSpec, outPath = outDir;
  std::string device = deviceName;
  std::vector<std::string> specs(kernelArgs.begin(), kernelArgs.end());
  int bench = benchRuns;
  unsigned warps = numWarps, stages = numStages;
  bool checked = !unchecked, ownF64Math = expandF64Math, fpFusion = enableFPFusion;

  CompileRequest request;
  request.sourcePath = source;
  request.kernel.kernelName = kernel;
  if (!parseDefines(defines, request.kernel.defines))
    return 1;
  if (bench < 0)
    return fail("--bench expects a non-negative count, got " + Twine(bench));

  tooling::RunOptions options;
  if (tilec_status s = tooling::parseGrid(grid, options.grid))
    return failStatus(s, "--grid: ");
  options.benchRuns = bench;
  options.outDir = outPath;
  tooling::LaunchArgs args;
  if (tilec_status s = tooling::parseLaunchArgs(specs, args))
    return failStatus(s, "");
  if (tilec_status s = tooling::checkOutputNames(args))
    return failStatus(s, "");
  // Specialized like Triton's JIT: stride-1 arguments become constants.
  std::string signature = args.specializedSignature();
  if (!signature.empty())
    request.kernel.signature = splitList(signature);

  RuntimeHandles handles;
  if (tilec_status s = tilec_device_open(device.empty() ? nullptr : device.c_str(), 0,
                                         &handles.device))
    return failStatus(s, "cannot open a device: ");
  tilec_device_info info;
  if (tilec_status s = tilec_device_query(handles.device, &info))
    return failStatus(s, "");

  request.pipeline.numWarps = warps;
  request.pipeline.numStages = stages;
  request.pipeline.expandF64Math = ownF64Math;
  request.pipeline.fpFusion = fpFusion;
  selectTargetForDevice(tilec_device_driver_name(handles.device), info.arch, request.pipeline);
  // Checked mode (every access guarded against its array's extent) is
  // implemented for the CPU device; other devices run unchecked.
  std::unique_ptr<TargetInfo> target = createTargetInfo(request.pipeline.target);
  options.boundsChecks = checked && target && target->supportsBoundsChecks();
  request.pipeline.boundsChecks = options.boundsChecks;
  std::string image, diagnostics;
  if (!compileLoadableModule(request, image, diagnostics)) {
    errs() << diagnostics;
    return 1;
  }
  if (tilec_status s = tilec_module_load_data(handles.device, image.data(), image.size(),
                                              &handles.module))
    return failStatus(s, "");
  tilec_kernel *handle = nullptr;
  if (tilec_status s = tilec_module_get_kernel(handles.module, kernel.c_str(), &handle))
    return failStatus(s, "");
  if (std::error_code ec = sys::fs::create_directories(outPath))
    return fail("cannot create --out-dir '" + outPath + "': " + ec.message());

  std::string benchLine;
  if (tilec_status s = tooling::runKernel(handles.device, handle, args, options,
                                          bench > 0 ? &benchLine : nullptr))
    return failStatus(s, "");
  if (!benchLine.empty())
    outs() << benchLine << "\n";
  return 0;
}

} // namespace tilec::cli
