//===- SIMTHooksTest.cpp - The SIMT target's hooks compiled and run on the simt
// device ===//
//
// Builds a kernel from the TargetInfo SIMT hooks alone (thread id, xor and idx
// shuffles of i32 and f32, shared memory, barriers), as convert-tile-to-gpu
// does, compiles it with the tilec pipeline for --target simt and runs it on
// the runtime's simt device at several warp counts and both warp sizes,
// checking every thread's results and the three launch errors. Checks are the
// runtime tests' (runtime/tests/check.h).
//
//===----------------------------------------------------------------------===//
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Pipeline/Registration.h"
#include "tilec/Target/TargetInfo.h"
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

/// Results per thread in `out`.
constexpr int kResults = 4;

/// Builds `hooks(out: !llvm.ptr, mode: i32)` for `numWarps` warps of
/// `warpSize`: thread t of program p writes out[(p*T + t)*4 + 0..3] = the sum
/// of t+1 over its warp (xor shuffles), over the program (shared memory and a
/// barrier), float(t ^ 1) (an f32 xor shuffle), and the id of lane
/// (lane + 1) % warpSize (an idx shuffle). Mode 1: thread 5 stores past the
/// shared memory; mode 2: threads 0-2 wait at a second barrier; mode 3:
/// thread 2 skips a shuffle that the others make (and meets them in the next
/// one).
OwningOpRef<ModuleOp> buildKernel(MLIRContext &ctx, const tilec::TargetInfo &info,
                                  unsigned numWarps, unsigned warpSize) {
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder b(module->getBodyRegion());
  Type ptr = LLVM::LLVMPointerType::get(&ctx), i32 = b.getI32Type(), i8 = b.getI8Type();
  auto kernel = func::FuncOp::create(b, loc, "hooks", b.getFunctionType({ptr, i32}, {}));
  Block *body = kernel.addEntryBlock();
  b.setInsertionPointToStart(body);
  func::ReturnOp::create(b, loc);
  b.setInsertionPointToStart(body);
  tilec::prepareKernelOnce(info, kernel);
  Value out = kernel.getArgument(0), mode = kernel.getArgument(1);

  auto c32 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, v, 32); };
  auto eq = [&](Value x, Value y) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  };
  auto ult = [&](Value x, Value y) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  };
  auto both = [&](Value x, Value y) -> Value { return arith::AndIOp::create(b, loc, x, y); };
  auto add = [&](Value x, Value y) -> Value { return arith::AddIOp::create(b, loc, x, y); };
  auto mul = [&](Value x, Value y) -> Value { return arith::MulIOp::create(b, loc, x, y); };
  /// Runs `then` under `cond`, then continues after the scf.if.
  auto when = [&](Value cond, llvm::function_ref<void()> then) {
    auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    then();
  };
  auto sharedAt = [&](Value byteOffset) -> Value {
    Value base = info.getSharedMemoryBase(b, loc, kernel);
    return LLVM::GEPOp::create(b, loc, ptr, i8, base, ValueRange{byteOffset});
  };

  Value tid = info.getThreadId(b, loc, kernel);
  Value lane = arith::RemUIOp::create(b, loc, tid, c32(warpSize));
  Value warp = arith::DivUIOp::create(b, loc, tid, c32(warpSize));
  when(eq(mode, c32(3)), [&] {
    when(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, tid, c32(2)),
         [&] { info.shuffleXor(b, loc, kernel, tid, 1); });
  });
  Value warpSum = add(tid, c32(1));
  for (unsigned mask = warpSize / 2; mask; mask /= 2)
    warpSum = add(warpSum, info.shuffleXor(b, loc, kernel, warpSum, mask));
  Value asFloat = arith::UIToFPOp::create(b, loc, b.getF32Type(), tid);
  Value neighbour =
      arith::FPToSIOp::create(b, loc, i32, info.shuffleXor(b, loc, kernel, asFloat, 1));
  Value nextLane = arith::RemUIOp::create(b, loc, add(lane, c32(1)), c32(warpSize));
  Value next = info.shuffleIdx(b, loc, kernel, tid, nextLane);
  when(eq(lane, c32(0)),
       [&] { info.storeShared(b, loc, kernel, warpSum, sharedAt(mul(warp, c32(4)))); });
  info.barrier(b, loc, kernel);
  Value total = c32(0);
  for (unsigned w = 0; w < numWarps; ++w)
    total = add(total, info.loadShared(b, loc, kernel, i32, sharedAt(c32(4 * w))));
  Value pid = info.getProgramId(b, loc, kernel, 0);
  Value first = mul(add(mul(pid, c32(numWarps * warpSize)), tid), c32(kResults));
  Value results[kResults] = {warpSum, total, neighbour, next};
  for (int k = 0; k < kResults; ++k) {
    Value addr = LLVM::GEPOp::create(b, loc, ptr, i32, out, ValueRange{add(first, c32(k))});
    LLVM::StoreOp::create(b, loc, results[k], addr);
  }
  when(both(eq(mode, c32(1)), eq(tid, c32(5))),
       [&] { info.storeShared(b, loc, kernel, tid, sharedAt(c32(4 * numWarps))); });
  when(both(eq(mode, c32(2)), ult(tid, c32(3))), [&] { info.barrier(b, loc, kernel); });
  info.setSharedMemorySize(kernel, 4 * numWarps);
  kernel->setAttr(tilec::kSIMTLoweredAttr, b.getUnitAttr());
  return module;
}

/// Compiles the kernel for `arch` and `numWarps` into a module image.
std::string compile(unsigned numWarps, const std::string &arch) {
  DialectRegistry registry;
  tilec::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::unique_ptr<tilec::TargetInfo> info = tilec::createTargetInfo("simt");
  OwningOpRef<ModuleOp> module = buildKernel(ctx, *info, numWarps, info->getWarpSize(arch));
  tilec::KernelInfo kernel{"hooks", {"*i32", "i32"}, {"out", "mode"}, {}, {}};
  return tilec::test::compileForSIMT(*module, numWarps, arch, kernel);
}

void run(unsigned numWarps, unsigned warpSize) {
  std::string arch = "warp" + std::to_string(warpSize);
  std::printf("%u warps of %u\n", numWarps, warpSize);
  std::string image = compile(numWarps, arch);
  if (image.empty())
    return;
  tilec::test::LoadedSIMTKernel loaded;
  if (!loaded.load(image, "hooks"))
    return;
  tilec_kernel *k = loaded.kernel;
  const unsigned programs = 3, threads = numWarps * warpSize;
  std::vector<int32_t> out(size_t(programs) * threads * kResults, -1);
  auto launch = [&](int32_t mode, uint32_t grid) {
    tilec_arg args[2];
    args[0].type = TILEC_TYPE_PTR_I32;
    args[0].ptr = out.data();
    args[1].type = TILEC_TYPE_I32;
    args[1].i = mode;
    uint32_t dims[3] = {grid, 1, 1};
    return tilec_launch(k, dims, args, 2);
  };
  CHECK_OK(launch(0, programs));
  int bad = 0;
  for (unsigned p = 0; p < programs; ++p)
    for (unsigned t = 0; t < threads; ++t) {
      unsigned lane = t % warpSize, warp = t / warpSize;
      int64_t warpSum = int64_t(warpSize) * warp * warpSize + warpSize * (warpSize + 1) / 2;
      const int32_t *got = &out[(size_t(p) * threads + t) * kResults];
      int32_t want[kResults] = {int32_t(warpSum), int32_t(threads * (threads + 1) / 2),
                                int32_t(t ^ 1), int32_t(warp * warpSize + (lane + 1) % warpSize)};
      for (int r = 0; r < kResults; ++r)
        if (got[r] != want[r] && bad++ < 5)
          std::fprintf(stderr, "  program %u thread %u result %d: got %d, want %d\n", p, t, r,
                       got[r], want[r]);
    }
  if (!CHECK(bad == 0))
    std::fprintf(stderr, "  %d wrong results\n", bad);
  std::string size = std::to_string(4 * numWarps), partner = std::to_string(2 ^ (warpSize / 2));
  std::string outOfBounds = "kernel 'hooks': program (0, 0, 0), thread 5: shared memory access "
                            "out of bounds at offset " +
                            size + " (size " + size + ")";
  CHECK_FAILS(launch(1, 1), LAUNCH_FAILED, outOfBounds.c_str());
  std::string partial = "kernel 'hooks': program (0, 0, 0): barrier reached by only part of the "
                        "block (3 of " +
                        std::to_string(threads) + " threads; " + std::to_string(threads - 3) +
                        " exited)";
  CHECK_FAILS(launch(2, 1), LAUNCH_FAILED, partial.c_str());
  std::string divergent = "kernel 'hooks': program (0, 0, 0), thread 2: shuffle from an inactive "
                          "lane (lane " +
                          partner + ", thread " + partner + ", is in another shuffle)";
  CHECK_FAILS(launch(3, 1), LAUNCH_FAILED, divergent.c_str());
}

} // namespace

int main() {
  for (unsigned numWarps : {1u, 4u, 8u})
    run(numWarps, 32);
  for (unsigned numWarps : {1u, 4u})
    run(numWarps, 64);
  return check::report("simt-hooks-test");
}
