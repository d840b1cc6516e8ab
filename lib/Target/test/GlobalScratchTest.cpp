//===- GlobalScratchTest.cpp - Global scratch memory from TargetInfo to the runtime ===//
//
// Builds a kernel on TargetInfo's global scratch hooks (setGlobalScratchSize,
// getGlobalScratchSlot), as a lowering that needs per-program global memory
// would: thread 0 of each program fills its slot, and after a barrier the last
// thread reads a word back and reports where its slot is. Compiled for the SIMT
// emulator, the image's metadata says `global_scratch 256` and the kernel runs
// on the simt device over 1-D and 3-D grids, a grown buffer included; compiled
// for the CPU in checked mode, it runs with bounds checks, which hold the
// program's accesses to the launch's part of the buffer; compiled for NVPTX, the PTX takes the
// buffer as its last parameter and an image built from the PTX text later still says
// `global_scratch 256`. A kernel that takes the parameter without a size is refused. Checks are the
// runtime tests' (runtime/tests/check.h).
//
//===----------------------------------------------------------------------===//
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Pipeline/Registration.h"
#include "tilec/Target/TargetInfo.h"
#include "tilec/module_format.h"
#include "tilec/runtime.h"

#include "SIMTTestSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace mlir;

namespace {

constexpr unsigned kNumWarps = 2;
/// Scratch bytes per program: 32 i64 words.
constexpr uint64_t kSlotBytes = 256;
constexpr int64_t kSlotWords = kSlotBytes / 8;
/// Results per program in `out`: the word read back, the slot's byte offset
/// in the buffer, the buffer's address.
constexpr int kResults = 3;

/// Builds `scratch(out: !llvm.ptr, overflow: i32)` for `info` and programs of
/// `threads` threads: with linear program id p, thread 0 stores p << 8 | w
/// into word w of the program's slot (and, when `overflow` is not 0, into the
/// word after the slot); after a barrier the last thread stores
/// out[3p..3p+2] = word (7p + 3) % 32 of the slot, the slot's offset from the
/// buffer, and the buffer's address. Without `setSize` the kernel takes the
/// scratch parameter but never sets its size.
OwningOpRef<ModuleOp> buildKernel(MLIRContext &ctx, const tilec::TargetInfo &info, unsigned threads,
                                  bool setSize = true) {
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder b(module->getBodyRegion());
  Type ptr = LLVM::LLVMPointerType::get(&ctx), i64 = b.getI64Type();
  auto kernel =
      func::FuncOp::create(b, loc, "scratch", b.getFunctionType({ptr, b.getI32Type()}, {}));
  Block *body = kernel.addEntryBlock();
  b.setInsertionPointToStart(body);
  func::ReturnOp::create(b, loc);
  b.setInsertionPointToStart(body);
  tilec::prepareKernelOnce(info, kernel);
  if (setSize)
    info.setGlobalScratchSize(kernel, kSlotBytes);
  Value out = kernel.getArgument(0), overflow = kernel.getArgument(1);

  auto c64 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, v, 64); };
  auto add = [&](Value x, Value y) -> Value { return arith::AddIOp::create(b, loc, x, y); };
  auto mul = [&](Value x, Value y) -> Value { return arith::MulIOp::create(b, loc, x, y); };
  auto wide = [&](Value i32) -> Value { return arith::ExtUIOp::create(b, loc, i64, i32); };
  auto at = [&](Value base, Value index) -> Value {
    return LLVM::GEPOp::create(b, loc, base.getType(), i64, base, ValueRange{index});
  };
  /// Runs `then` when the i64 values `x` and `y` differ or are equal.
  auto when = [&](arith::CmpIPredicate predicate, Value x, Value y,
                  llvm::function_ref<void()> then) {
    Value cond = arith::CmpIOp::create(b, loc, predicate, x, y);
    auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    then();
  };
  /// Runs `then` when thread `tid` is the calling one.
  auto onThread = [&](int64_t tid, llvm::function_ref<void()> then) {
    when(arith::CmpIPredicate::eq, wide(info.getThreadId(b, loc, kernel)), c64(tid), then);
  };

  // The linear program id, computed here independently of the hook.
  Value linear = wide(info.getProgramId(b, loc, kernel, 2));
  for (int axis : {1, 0})
    linear = add(mul(linear, wide(info.getNumPrograms(b, loc, kernel, axis))),
                 wide(info.getProgramId(b, loc, kernel, axis)));
  Value slot = info.getGlobalScratchSlot(b, loc, kernel);
  Value buffer = info.getGlobalScratchArgument(kernel);
  onThread(0, [&] {
    Value pattern = arith::ShLIOp::create(b, loc, linear, c64(8));
    for (int64_t word = 0; word < kSlotWords; ++word)
      LLVM::StoreOp::create(b, loc, arith::OrIOp::create(b, loc, pattern, c64(word)),
                            at(slot, c64(word)));
    when(arith::CmpIPredicate::ne, wide(overflow), c64(0),
         [&] { LLVM::StoreOp::create(b, loc, pattern, at(slot, c64(kSlotWords))); });
  });
  info.barrier(b, loc, kernel);
  onThread(threads - 1, [&] {
    Value word = arith::RemUIOp::create(b, loc, add(mul(linear, c64(7)), c64(3)), c64(kSlotWords));
    Value readBack = LLVM::LoadOp::create(b, loc, i64, at(slot, word));
    Value bufferAddress = LLVM::PtrToIntOp::create(b, loc, i64, buffer);
    Value slotOffset =
        arith::SubIOp::create(b, loc, LLVM::PtrToIntOp::create(b, loc, i64, slot), bufferAddress);
    Value results[kResults] = {readBack, slotOffset, bufferAddress};
    Value first = mul(linear, c64(kResults));
    for (int r = 0; r < kResults; ++r)
      LLVM::StoreOp::create(b, loc, results[r], at(out, add(first, c64(r))));
  });
  kernel->setAttr(tilec::kSIMTLoweredAttr, b.getUnitAttr());
  return module;
}

const tilec::KernelInfo kKernel{"scratch", {"*i64", "i32"}, {"out", "overflow"}, {}, {}};

/// A context with every dialect of the pipeline loaded.
std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  tilec::registerAllDialects(registry);
  auto ctx = std::make_unique<MLIRContext>(registry);
  ctx->loadAllAvailableDialects();
  return ctx;
}

/// Checks that `image`'s kernel lists its two parameters and 256 bytes of
/// global scratch.
void checkMetadata(const std::string &image) {
  tilec_module_image *parsed = nullptr;
  if (!CHECK_OK(tilec_module_image_parse(image.data(), image.size(), "scratch", &parsed)))
    return;
  const tilec_kernel_metadata &k = tilec_module_image_metadata(parsed)->kernels[0];
  CHECK(k.global_scratch == kSlotBytes);
  CHECK(k.num_params == 2);
  CHECK(std::strstr(tilec_module_image_metadata_text(parsed), "\nglobal_scratch 256\n"));
  tilec_module_image_free(parsed);
}

/// Launches the kernel on `grid` with `out` sized for its results
/// (`bounded`: with bounds checks, `out`'s extent given).
tilec_status launch(tilec_kernel *k, const uint32_t grid[3], std::vector<int64_t> &out,
                    bool bounded, int32_t overflow = 0) {
  out.assign(size_t(grid[0]) * grid[1] * grid[2] * kResults, -1);
  tilec_arg args[2];
  args[0].type = TILEC_TYPE_PTR_I64;
  args[0].ptr = out.data();
  args[1].type = TILEC_TYPE_I32;
  args[1].i = overflow;
  uint64_t extents[2] = {out.size() * sizeof(int64_t), 0};
  return bounded ? tilec_launch_bounded(k, grid, args, 2, extents) : tilec_launch(k, grid, args, 2);
}

/// Launches the kernel on `grid` (`bounded`: with bounds checks) and checks
/// every program's results.
void launchAndCheck(tilec_kernel *k, uint32_t gx, uint32_t gy, uint32_t gz, bool bounded = false) {
  size_t programs = size_t(gx) * gy * gz;
  std::vector<int64_t> out;
  uint32_t grid[3] = {gx, gy, gz};
  if (!CHECK_OK(launch(k, grid, out, bounded)))
    return;
  int64_t buffer = out[2];
  CHECK(buffer != 0 && buffer % TILEC_GLOBAL_SCRATCH_ALIGNMENT == 0);
  int bad = 0;
  for (size_t p = 0; p < programs; ++p) {
    const int64_t *got = &out[p * kResults];
    int64_t want[kResults] = {int64_t(p << 8 | (7 * p + 3) % kSlotWords), int64_t(p * kSlotBytes),
                              buffer};
    for (int r = 0; r < kResults; ++r)
      if (got[r] != want[r] && bad++ < 5)
        std::fprintf(stderr, "  grid (%u,%u,%u) program %zu result %d: got %lld, want %lld\n", gx,
                     gy, gz, p, r, (long long)got[r], (long long)want[r]);
  }
  CHECK(bad == 0);
}

/// Compiles for the SIMT emulator at `arch`, checks the metadata and runs.
void runOnSIMT(const std::string &arch) {
  std::printf("simt %s\n", arch.c_str());
  std::unique_ptr<MLIRContext> ctx = makeContext();
  std::unique_ptr<tilec::TargetInfo> info = tilec::createTargetInfo("simt");
  OwningOpRef<ModuleOp> module = buildKernel(*ctx, *info, kNumWarps * info->getWarpSize(arch));
  std::string image = tilec::test::compileForSIMT(*module, kNumWarps, arch, kKernel);
  if (image.empty())
    return;
  checkMetadata(image);
  tilec::test::LoadedSIMTKernel loaded;
  if (!loaded.load(image, "scratch"))
    return;
  launchAndCheck(loaded.kernel, 5, 1, 1);
  launchAndCheck(loaded.kernel, 3, 4, 5); // A larger buffer.
  launchAndCheck(loaded.kernel, 2, 1, 1);
}

/// Compiles for the CPU in checked mode (one thread per program) and runs it
/// plain and bounds-checked: the buffer's extent, which the runtime passes
/// after the user's, covers every program's slot.
void runOnCPU() {
  std::printf("cpu\n");
  std::unique_ptr<MLIRContext> ctx = makeContext();
  std::unique_ptr<tilec::TargetInfo> info = tilec::createTargetInfo("cpu");
  OwningOpRef<ModuleOp> module = buildKernel(*ctx, *info, /*threads=*/1);
  tilec::PipelineOptions options;
  options.target = "cpu";
  options.boundsChecks = true;
  std::string error, image;
  if (!CHECK(succeeded(tilec::resolvePipelineOptions(options, error))) ||
      !CHECK(succeeded(
          tilec::compileModule(*module, options, tilec::EmitKind::So, {kKernel}, image, error)))) {
    std::fprintf(stderr, "  %s\n", error.c_str());
    return;
  }
  checkMetadata(image);
  tilec::test::LoadedSIMTKernel loaded;
  if (!loaded.load(image, "scratch", "cpu"))
    return;
  launchAndCheck(loaded.kernel, 6, 1, 1);
  launchAndCheck(loaded.kernel, 4, 3, 2, /*bounded=*/true);
  launchAndCheck(loaded.kernel, 5, 1, 1, /*bounded=*/true);
  // The buffer's extent is this launch's grid, not the larger buffer: the
  // last program's word past its slot is out of bounds.
  std::vector<int64_t> out;
  uint32_t grid[3] = {3, 1, 1};
  CHECK_FAILS(launch(loaded.kernel, grid, out, /*bounded=*/true, /*overflow=*/1), OUT_OF_BOUNDS,
              "kernel 'scratch': out-of-bounds store of 8 bytes at byte offset 768 of the global "
              "scratch buffer, which has 768 bytes");
}

/// Compiles for NVPTX: the PTX entry takes the buffer after its own, says its
/// size in a comment line, and an image built from the text carries it.
void compileForNVPTX() {
  std::printf("nvptx\n");
  std::unique_ptr<MLIRContext> ctx = makeContext();
  std::unique_ptr<tilec::TargetInfo> info = tilec::createTargetInfo("nvptx");
  OwningOpRef<ModuleOp> module = buildKernel(*ctx, *info, kNumWarps * 32);
  tilec::PipelineOptions options;
  options.target = "nvptx";
  options.arch = "sm_90";
  options.numWarps = kNumWarps;
  std::string error, ptx, image;
  std::vector<tilec::KernelInfo> described;
  if (!CHECK(succeeded(tilec::resolvePipelineOptions(options, error))) ||
      !CHECK(succeeded(tilec::compileModule(*module, options, tilec::EmitKind::Ptx, {kKernel}, ptx,
                                            error, &described)))) {
    std::fprintf(stderr, "  %s\n", error.c_str());
    return;
  }
  CHECK(described.size() == 1 && described[0].globalScratchBytes == kSlotBytes);
  // `out`, `overflow`, then the buffer.
  CHECK(ptx.find("scratch_param_2") != std::string::npos);
  CHECK(ptx.find("scratch_param_3") == std::string::npos);
  CHECK(ptx.find("// tilec.global_scratch_bytes scratch 256\n") != std::string::npos);
  // From the PTX text alone, as for PTX that tilec wrote earlier.
  if (CHECK(succeeded(tilec::buildModuleImage(ptx, options, {kKernel}, image, error))))
    checkMetadata(image);
  else
    std::fprintf(stderr, "  %s\n", error.c_str());
}

/// A kernel that takes the scratch parameter but sets no size is refused.
void refuseUnsizedScratch() {
  std::unique_ptr<MLIRContext> ctx = makeContext();
  std::unique_ptr<tilec::TargetInfo> info = tilec::createTargetInfo("simt");
  OwningOpRef<ModuleOp> module = buildKernel(*ctx, *info, kNumWarps * 32, /*setSize=*/false);
  tilec::PipelineOptions options;
  options.target = "simt";
  options.numWarps = kNumWarps;
  std::string error, image, diagnostics;
  ctx->getDiagEngine().registerHandler([&](Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return success();
  });
  CHECK(succeeded(tilec::resolvePipelineOptions(options, error)));
  CHECK(
      failed(tilec::compileModule(*module, options, tilec::EmitKind::So, {kKernel}, image, error)));
  if (!CHECK(diagnostics.find("kernel 'scratch': internal error: it takes a global scratch "
                              "parameter but no size was set") != std::string::npos))
    std::fprintf(stderr, "  diagnostics: %s\n  error: %s\n", diagnostics.c_str(), error.c_str());
}

} // namespace

int main() {
  runOnSIMT("warp32");
  runOnSIMT("warp64");
  runOnCPU();
  compileForNVPTX();
  refuseUnsizedScratch();
  return check::report("global-scratch-test");
}
