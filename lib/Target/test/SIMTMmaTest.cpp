//===- SIMTMmaTest.cpp - The SIMT target's mma.sync hook run on the simt device ===//
//
// Builds a kernel from the TargetInfo hooks alone: every lane loads its
// fragments of A (16x16), B (16x8) and C (16x8) at the places the PTX ISA's
// m16n8k16 fragment layout gives (groupID = lane / 4, threadID_in_group =
// lane % 4), calls TargetInfo::mmaM16N8K16, and stores its fragment of D the
// same way. Run on the simt device with f16 and bf16 operands at 1, 4 and 8
// warps, D must equal A * B + C exactly (small integers); a warp whose upper
// half skips the mma.sync must fail the launch, as must warps of 64 lanes.
// Checks are the runtime tests' (runtime/tests/check.h).
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

/// Row and column of fragment element `i` of lane `lane` (PTX ISA, mma.m16n8k16
/// with 16-bit floating-point operands), written independently of the
/// compiler's and the emulator's own tables.
struct Place {
  unsigned row, col;
};
Place placeA(unsigned lane, unsigned i) {
  unsigned group = lane >> 2, inGroup = lane % 4;
  unsigned row = (i < 2 || (i >= 4 && i < 6)) ? group : group + 8;
  unsigned col = inGroup * 2 + (i & 1) + (i >= 4 ? 8 : 0);
  return {row, col};
}
Place placeB(unsigned lane, unsigned i) {
  return {(lane % 4) * 2 + (i & 1) + (i >= 2 ? 8 : 0), lane >> 2};
}
Place placeC(unsigned lane, unsigned i) {
  return {(lane >> 2) + (i >= 2 ? 8 : 0), (lane % 4) * 2 + (i & 1)};
}

/// Builds `mma(a: *i16, b: *i16, c: *f32, d: *f32, mode: i32)` with operands of
/// `elem` (f16 or bf16): each warp w computes d[w] = a * b + c[w] from
/// fragments it loads with per-lane indices tables passed as constants.
/// Mode 1: lanes 16-31 skip the mma.sync.
OwningOpRef<ModuleOp> buildKernel(MLIRContext &ctx, const tilec::TargetInfo &info, Type elem) {
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder b(module->getBodyRegion());
  Type ptr = LLVM::LLVMPointerType::get(&ctx), i32 = b.getI32Type(), i16 = b.getI16Type();
  Type f32 = b.getF32Type();
  auto kernel =
      func::FuncOp::create(b, loc, "mma", b.getFunctionType({ptr, ptr, ptr, ptr, i32}, {}));
  Block *body = kernel.addEntryBlock();
  b.setInsertionPointToStart(body);
  func::ReturnOp::create(b, loc);
  b.setInsertionPointToStart(body);
  tilec::prepareKernelOnce(info, kernel);
  Value aPtr = kernel.getArgument(0), bPtr = kernel.getArgument(1);
  Value cPtr = kernel.getArgument(2), dPtr = kernel.getArgument(3), mode = kernel.getArgument(4);
  auto c32 = [&](int64_t v) -> Value { return arith::ConstantIntOp::create(b, loc, v, 32); };
  auto add = [&](Value x, Value y) -> Value { return arith::AddIOp::create(b, loc, x, y); };
  auto mul = [&](Value x, Value y) -> Value { return arith::MulIOp::create(b, loc, x, y); };
  Value tid = info.getThreadId(b, loc, kernel);
  Value lane = arith::RemUIOp::create(b, loc, tid, c32(32));
  Value warp = arith::DivUIOp::create(b, loc, tid, c32(32));
  Value group = arith::DivUIOp::create(b, loc, lane, c32(4));
  Value inGroup = arith::RemUIOp::create(b, loc, lane, c32(4));
  /// Index row * cols + col of fragment element i, from `place` at lane
  /// (group, inGroup) = (g, t): place(4g + t, i) is affine in g and t.
  auto index = [&](Place (*place)(unsigned, unsigned), unsigned i, unsigned cols) {
    Place origin = place(0, i), down = place(4, i), right = place(1, i);
    int64_t base = origin.row * cols + origin.col;
    int64_t perGroup = int64_t(down.row * cols + down.col) - base;
    int64_t perThread = int64_t(right.row * cols + right.col) - base;
    return add(c32(base), add(mul(group, c32(perGroup)), mul(inGroup, c32(perThread))));
  };
  auto loadFragments = [&](Value from, Place (*place)(unsigned, unsigned), unsigned count,
                           unsigned cols, Type type, Value offset) {
    auto vecType = VectorType::get({count}, type);
    Value vec = LLVM::UndefOp::create(b, loc, vecType);
    for (unsigned i = 0; i < count; ++i) {
      Value at = add(offset, index(place, i, cols));
      Value addr =
          LLVM::GEPOp::create(b, loc, ptr, type == f32 ? f32 : i16, from, ValueRange{at});
      Value v = LLVM::LoadOp::create(b, loc, type == f32 ? f32 : i16, addr);
      if (type != f32)
        v = arith::BitcastOp::create(b, loc, type, v);
      vec = vector::InsertOp::create(b, loc, v, vec, i);
    }
    return vec;
  };
  Value zero = c32(0), warpC = mul(warp, c32(16 * 8));
  Value a = loadFragments(aPtr, placeA, 8, 16, elem, zero);
  Value bv = loadFragments(bPtr, placeB, 4, 8, elem, zero);
  Value c = loadFragments(cPtr, placeC, 4, 8, f32, warpC);
  Value skip = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mode, c32(1)),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lane, c32(16)));
  auto branch = scf::IfOp::create(b, loc, c.getType(), skip, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(b, loc, c);
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, loc, info.mmaM16N8K16(b, loc, kernel, a, bv, c));
  }
  Value d = branch.getResult(0);
  for (unsigned i = 0; i < 4; ++i) {
    Value at = add(warpC, index(placeC, i, 8));
    Value addr = LLVM::GEPOp::create(b, loc, ptr, f32, dPtr, ValueRange{at});
    LLVM::StoreOp::create(b, loc, vector::ExtractOp::create(b, loc, d, i), addr);
  }
  kernel->setAttr(tilec::kSIMTLoweredAttr, b.getUnitAttr());
  return module;
}

/// Compiles the kernel for `arch` and `numWarps` into a module image.
std::string compile(unsigned numWarps, const std::string &arch, bool bf16) {
  DialectRegistry registry;
  tilec::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::unique_ptr<tilec::TargetInfo> info = tilec::createTargetInfo("simt");
  CHECK(info->hasMmaM16N8K16(arch, Float16Type::get(&ctx), Float32Type::get(&ctx)) ==
        (arch == "warp32"));
  Type elem = bf16 ? Type(BFloat16Type::get(&ctx)) : Type(Float16Type::get(&ctx));
  OwningOpRef<ModuleOp> module = buildKernel(ctx, *info, elem);
  tilec::KernelInfo kernel{
      "mma", {"*i16", "*i16", "*fp32", "*fp32", "i32"}, {"a", "b", "c", "d", "mode"}, {}, {}};
  return tilec::test::compileForSIMT(*module, numWarps, arch, kernel);
}

/// The bits of small integer `v` (|v| < 256) as f16 or bf16.
uint16_t encode(int v, bool bf16) {
  float f = float(v);
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  if (bf16)
    return uint16_t(bits >> 16); // exact: at most 8 significant bits
  if (v == 0)
    return 0;
  uint32_t sign = bits >> 31, exponent = ((bits >> 23) & 0xff) - 127 + 15;
  return uint16_t((sign << 15) | (exponent << 10) | ((bits >> 13) & 0x3ff));
}

void run(unsigned numWarps, unsigned warpSize, bool bf16) {
  std::string arch = "warp" + std::to_string(warpSize);
  std::printf("%s, %u warps of %u\n", bf16 ? "bf16" : "f16", numWarps, warpSize);
  std::string image = compile(numWarps, arch, bf16);
  if (image.empty())
    return;
  tilec::test::LoadedSIMTKernel loaded;
  if (!loaded.load(image, "mma"))
    return;
  tilec_kernel *k = loaded.kernel;
  int a[16][16], bm[16][8];
  std::vector<uint16_t> aBits(16 * 16), bBits(16 * 8);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      a[i][j] = (i * 7 + j * 3) % 11 - 5;
      aBits[i * 16 + j] = encode(a[i][j], bf16);
    }
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      bm[i][j] = (i * 5 + j * 13) % 9 - 4;
      bBits[i * 8 + j] = encode(bm[i][j], bf16);
    }
  std::vector<float> c(size_t(numWarps) * 128), d(c.size(), -1.0f);
  for (size_t i = 0; i < c.size(); ++i)
    c[i] = float(int(i % 17) - 8) + 0.5f;
  auto launch = [&](int32_t mode) {
    tilec_arg args[5];
    args[0].type = TILEC_TYPE_PTR_I16;
    args[0].ptr = aBits.data();
    args[1].type = TILEC_TYPE_PTR_I16;
    args[1].ptr = bBits.data();
    args[2].type = TILEC_TYPE_PTR_FP32;
    args[2].ptr = c.data();
    args[3].type = TILEC_TYPE_PTR_FP32;
    args[3].ptr = d.data();
    args[4].type = TILEC_TYPE_I32;
    args[4].i = mode;
    uint32_t dims[3] = {1, 1, 1};
    return tilec_launch(k, dims, args, 5);
  };
  if (warpSize != 32) {
    CHECK_FAILS(launch(0), LAUNCH_FAILED,
                "kernel 'mma': program (0, 0, 0), thread 0: mma.sync needs warps of 32 lanes, "
                "the launch has 64");
  } else {
    CHECK_OK(launch(0));
    int bad = 0;
    for (unsigned w = 0; w < numWarps; ++w)
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 8; ++j) {
          float want = c[w * 128 + i * 8 + j];
          for (int kk = 0; kk < 16; ++kk)
            want += float(a[i][kk] * bm[kk][j]);
          float got = d[w * 128 + i * 8 + j];
          if (got != want && bad++ < 5)
            std::fprintf(stderr, "  warp %u d[%d][%d]: got %g, want %g\n", w, i, j, got, want);
        }
    if (!CHECK(bad == 0))
      std::fprintf(stderr, "  %d wrong results\n", bad);
    CHECK_FAILS(launch(1), LAUNCH_FAILED,
                "kernel 'mma': program (0, 0, 0), thread 0: mma.sync with an inactive lane "
                "(thread 16 of its warp has exited)");
  }
}

} // namespace

int main() {
  for (bool bf16 : {false, true})
    for (unsigned numWarps : {1u, 4u, 8u})
      run(numWarps, 32, bf16);
  run(1, 64, false);
  return check::report("simt-mma-test");
}
