//===- SIMTLdmatrixTest.cpp - The SIMT target's ldmatrix hook run on the simt device ===//
//
// Builds a kernel from the TargetInfo hooks alone: the threads copy a 32x8
// matrix of 16-bit values to shared memory (row i at byte 16 * i); lane l then
// addresses row (5 * l + 3) % 32 (a permutation, so a lane's own row is not
// what it gets back) and calls TargetInfo::loadMatrix as ldmatrix .x1, .x2 and
// .x4, plain and .trans, storing the words it gets. Every word must be what
// the PTX ISA's ldmatrix fragment layout gives (written here independently of
// the emulator): word j of lane l holds matrix j's elements (row l / 4,
// columns 2 * (l % 4) and 2 * (l % 4) + 1), transposed (rows 2 * (l % 4),
// 2 * (l % 4) + 1 of column l / 4), the first in the low half, where matrix j's
// row r is the row lane 8 * j + r addressed. A misaligned row, a row outside
// shared memory, a warp whose upper half skips the ldmatrix, and warps of 64
// lanes fail the launch. Checks are the runtime tests' (runtime/tests/check.h).
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
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/MLIRContext.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace mlir;

namespace {

/// The shapes tested, in the order the kernel stores their words.
struct Shape {
  unsigned count;
  bool transpose;
};
constexpr Shape kShapes[] = {{1, false}, {2, false}, {4, false},
                             {1, true},  {2, true},  {4, true}};
constexpr unsigned kWordsPerLane = 1 + 2 + 4 + 1 + 2 + 4;

/// The row lane `lane` addresses.
unsigned rowOf(unsigned lane) { return (5 * lane + 3) % 32; }

/// Builds `ldm(src: *i16, out: *i32, mode: i32)`. Mode 1: lane 3 adds 2 bytes
/// to its address; mode 2: lane 5 addresses the row past shared memory; mode 3:
/// lanes 16-31 skip the ldmatrix.
OwningOpRef<ModuleOp> buildKernel(MLIRContext &ctx, const tilec::TargetInfo &info) {
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder b(module->getBodyRegion());
  Type ptr = LLVM::LLVMPointerType::get(&ctx), i32 = b.getI32Type(), i16 = b.getI16Type();
  auto kernel = func::FuncOp::create(b, loc, "ldm", b.getFunctionType({ptr, ptr, i32}, {}));
  Block *body = kernel.addEntryBlock();
  b.setInsertionPointToStart(body);
  func::ReturnOp::create(b, loc);
  b.setInsertionPointToStart(body);
  tilec::prepareKernelOnce(info, kernel);
  Value src = kernel.getArgument(0), out = kernel.getArgument(1), mode = kernel.getArgument(2);
  auto c32 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, v, 32); };
  auto add = [&](Value x, Value y) -> Value { return arith::AddIOp::create(b, loc, x, y); };
  auto mul = [&](Value x, Value y) -> Value { return arith::MulIOp::create(b, loc, x, y); };
  auto eq = [&](Value x, int64_t y) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, c32(y));
  };
  Value tid = info.getThreadId(b, loc, kernel);
  Value lane = arith::RemUIOp::create(b, loc, tid, c32(32));
  Value warp = arith::DivUIOp::create(b, loc, tid, c32(32));
  Value shared = info.getSharedMemoryBase(b, loc, kernel);
  // Warp 0's lanes copy row `lane` (8 values); the other warps wait.
  auto copy = scf::IfOp::create(b, loc, eq(warp, 0), /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(copy.thenBlock());
    for (int64_t c = 0; c < 8; ++c) {
      Value index = add(mul(lane, c32(8)), c32(c));
      Value v = LLVM::LoadOp::create(
          b, loc, i16, LLVM::GEPOp::create(b, loc, ptr, i16, src, ValueRange{index}));
      info.storeShared(b, loc, kernel, v,
                       LLVM::GEPOp::create(b, loc, shared.getType(), i16, shared,
                                           ValueRange{index}));
    }
  }
  info.barrier(b, loc, kernel);
  // Row (5 * lane + 3) % 32, with the faults of modes 1 and 2.
  Value row = arith::RemUIOp::create(b, loc, add(mul(lane, c32(5)), c32(3)), c32(32));
  Value offset = mul(row, c32(16));
  Value misaligned = arith::AndIOp::create(b, loc, eq(mode, 1), eq(lane, 3));
  offset = arith::SelectOp::create(b, loc, misaligned, add(offset, c32(2)), offset);
  Value outside = arith::AndIOp::create(b, loc, eq(mode, 2), eq(lane, 5));
  offset = arith::SelectOp::create(b, loc, outside, c32(32 * 16), offset);
  Value address = LLVM::GEPOp::create(b, loc, shared.getType(), b.getI8Type(), shared,
                                      ValueRange{offset});
  Value skip = arith::AndIOp::create(
      b, loc, eq(mode, 3),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lane, c32(16)));
  auto branch = scf::IfOp::create(b, loc, TypeRange{}, skip, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.elseBlock());
    Value laneWords = mul(tid, c32(kWordsPerLane));
    unsigned word = 0;
    for (Shape shape : kShapes) {
      Value halves = info.loadMatrix(b, loc, kernel, address, 0, b.getF16Type(), shape.count,
                                     shape.transpose);
      Value words =
          LLVM::BitcastOp::create(b, loc, VectorType::get({shape.count}, i32), halves);
      for (unsigned j = 0; j < shape.count; ++j, ++word)
        LLVM::StoreOp::create(b, loc, vector::ExtractOp::create(b, loc, words, j),
                              LLVM::GEPOp::create(b, loc, ptr, i32, out,
                                                  ValueRange{add(laneWords, c32(word))}));
    }
  }
  info.setSharedMemorySize(kernel, 32 * 16);
  kernel->setAttr(tilec::kSIMTLoweredAttr, b.getUnitAttr());
  return module;
}

std::string compile(unsigned numWarps, const std::string &arch) {
  DialectRegistry registry;
  tilec::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::unique_ptr<tilec::TargetInfo> info = tilec::createTargetInfo("simt");
  CHECK(info->hasLoadMatrix(arch) == (arch == "warp32"));
  OwningOpRef<ModuleOp> module = buildKernel(ctx, *info);
  tilec::KernelInfo kernel{"ldm", {"*i16", "*i32", "i32"}, {"src", "out", "mode"}, {}, {}};
  return tilec::test::compileForSIMT(*module, numWarps, arch, kernel);
}

void run(unsigned numWarps, unsigned warpSize) {
  std::string arch = "warp" + std::to_string(warpSize);
  std::printf("%u warps of %u\n", numWarps, warpSize);
  std::string image = compile(numWarps, arch);
  if (image.empty())
    return;
  tilec::test::LoadedSIMTKernel loaded;
  if (!loaded.load(image, "ldm"))
    return;
  std::vector<uint16_t> src(32 * 8);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = uint16_t(0x1000 + 37 * i);
  std::vector<uint32_t> out(size_t(numWarps) * warpSize * kWordsPerLane, 0xdeadbeef);
  auto launch = [&](int32_t mode) {
    tilec_arg args[3];
    args[0].type = TILEC_TYPE_PTR_I16;
    args[0].ptr = src.data();
    args[1].type = TILEC_TYPE_PTR_I32;
    args[1].ptr = out.data();
    args[2].type = TILEC_TYPE_I32;
    args[2].i = mode;
    uint32_t dims[3] = {1, 1, 1};
    return tilec_launch(loaded.kernel, dims, args, 3);
  };
  if (warpSize != 32) {
    // The last thread through the barrier is the first to reach the ldmatrix.
    CHECK_FAILS(launch(0), LAUNCH_FAILED,
                "kernel 'ldm': program (0, 0, 0), thread 63: ldmatrix needs warps of 32 lanes, "
                "the launch has 64");
    return;
  }
  CHECK_OK(launch(0));
  // Element (r, c) of matrix j: row r of matrix j is the row lane 8j + r addressed.
  auto element = [&](unsigned j, unsigned r, unsigned c) { return src[rowOf(8 * j + r) * 8 + c]; };
  int bad = 0;
  for (unsigned t = 0; t < numWarps * 32; ++t) {
    unsigned lane = t % 32, group = lane / 4, inGroup = lane % 4;
    unsigned word = 0;
    for (Shape shape : kShapes)
      for (unsigned j = 0; j < shape.count; ++j, ++word) {
        uint16_t first = shape.transpose ? element(j, 2 * inGroup, group)
                                         : element(j, group, 2 * inGroup);
        uint16_t second = shape.transpose ? element(j, 2 * inGroup + 1, group)
                                          : element(j, group, 2 * inGroup + 1);
        uint32_t want = uint32_t(first) | uint32_t(second) << 16;
        uint32_t got = out[t * kWordsPerLane + word];
        if (got != want && bad++ < 5)
          std::fprintf(stderr, "  thread %u x%u%s word %u: got %08x, want %08x\n", t,
                       shape.count, shape.transpose ? ".trans" : "", j, got, want);
      }
  }
  if (!CHECK(bad == 0))
    std::fprintf(stderr, "  %d wrong words\n", bad);
  CHECK_FAILS(launch(1), LAUNCH_FAILED,
              "kernel 'ldm': program (0, 0, 0), thread 3: ldmatrix row at shared offset 290 is "
              "not 16-byte aligned");
  CHECK_FAILS(launch(2), LAUNCH_FAILED,
              "kernel 'ldm': program (0, 0, 0), thread 5: ldmatrix row at shared offset 512 is "
              "outside shared memory (size 512)");
  CHECK_FAILS(launch(3), LAUNCH_FAILED,
              "kernel 'ldm': program (0, 0, 0), thread 0: ldmatrix with an inactive lane "
              "(thread 16 of its warp has exited)");
}

} // namespace

int main() {
  for (unsigned numWarps : {1u, 2u})
    run(numWarps, 32);
  run(1, 64);
  return check::report("simt-ldmatrix-test");
}
