//===- SIMTMfmaTest.cpp - The SIMT target's MFMA hook run on the simt device ===//
//
// Builds a kernel from the TargetInfo hooks alone: every lane of a 64-lane
// wave loads its registers of A (N x K), B (K x N) and C (N x N) at the places
// AMD's CDNA3 ISA gives for v_mfma_f32_32x32x8f16 (N = 32, K = 8) and
// v_mfma_f32_16x16x16f16 (N = K = 16) (the matrix instruction calculator's
// layouts), calls TargetInfo::mfma, and stores its registers of D the same
// way. Run on the simt device with f16 and bf16 operands at 1, 4 and 8 warps,
// D must equal A * B + C exactly (small integers); a wave whose upper half
// skips the MFMA must fail the launch, as must warps of 32 lanes. Checks are the runtime tests' (runtime/tests/check.h).
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

/// The instruction under test: N x N blocks, K deep (32x32x8 or 16x16x16).
unsigned kM = 32, kN = 32, kK = 8;

/// Row and column of register `i` of lane `lane` for v_mfma_f32_32x32x8f16
/// and v_mfma_f32_16x16x16f16 (AMD CDNA3 ISA, section 7.1 and the matrix
/// instruction calculator), written independently of the compiler's and the
/// emulator's own tables.
struct Place {
  unsigned row, col;
};
Place placeA(unsigned lane, unsigned i) { return {lane % kM, (lane / kM) * 4 + i}; }
Place placeB(unsigned lane, unsigned i) { return {(lane / kN) * 4 + i, lane % kN}; }
Place placeC(unsigned lane, unsigned i) {
  return {(i / 4) * kK + (lane / kN) * 4 + i % 4, lane % kN};
}

/// Builds `mfma(a: *i16, b: *i16, c: *f32, d: *f32, mode: i32)` with operands
/// of `elem` (f16 or bf16): each warp w computes d[w] = a * b + c[w] from the
/// registers its lanes load. Mode 1: lanes 32-63 skip the MFMA.
OwningOpRef<ModuleOp> buildKernel(MLIRContext &ctx, const tilec::TargetInfo &info, Type elem) {
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder b(module->getBodyRegion());
  Type ptr = LLVM::LLVMPointerType::get(&ctx), i32 = b.getI32Type(), i16 = b.getI16Type();
  Type f32 = b.getF32Type();
  auto kernel =
      func::FuncOp::create(b, loc, "mfma", b.getFunctionType({ptr, ptr, ptr, ptr, i32}, {}));
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
  Value lane = arith::RemUIOp::create(b, loc, tid, c32(64));
  Value warp = arith::DivUIOp::create(b, loc, tid, c32(64));
  Value column = arith::RemUIOp::create(b, loc, lane, c32(kN));
  Value half = arith::DivUIOp::create(b, loc, lane, c32(kN));
  /// Index row * cols + col of register i, from `place` at lane N * group +
  /// column: place(N * g + c, i) is affine in g and c.
  auto index = [&](Place (*place)(unsigned, unsigned), unsigned i, unsigned cols) {
    Place origin = place(0, i), next = place(1, i), upper = place(kN, i);
    int64_t base = origin.row * cols + origin.col;
    int64_t perColumn = int64_t(next.row * cols + next.col) - base;
    int64_t perHalf = int64_t(upper.row * cols + upper.col) - base;
    return add(c32(base), add(mul(column, c32(perColumn)), mul(half, c32(perHalf))));
  };
  auto loadRegisters = [&](Value from, Place (*place)(unsigned, unsigned), unsigned count,
                           unsigned cols, Type type, Value offset) {
    auto vecType = VectorType::get({count}, type);
    Value vec = LLVM::UndefOp::create(b, loc, vecType);
    for (unsigned i = 0; i < count; ++i) {
      Value at = add(offset, index(place, i, cols));
      Value addr = LLVM::GEPOp::create(b, loc, ptr, type == f32 ? f32 : i16, from, ValueRange{at});
      Value v = LLVM::LoadOp::create(b, loc, type == f32 ? f32 : i16, addr);
      if (type != f32)
        v = arith::BitcastOp::create(b, loc, type, v);
      vec = vector::InsertOp::create(b, loc, v, vec, i);
    }
    return vec;
  };
  Value zero = c32(0), warpC = mul(warp, c32(kM * kN));
  Value a = loadRegisters(aPtr, placeA, 4, kK, elem, zero);
  Value bv = loadRegisters(bPtr, placeB, 4, kN, elem, zero);
  unsigned cRegs = kM * kN / 64;
  Value c = loadRegisters(cPtr, placeC, cRegs, kN, f32, warpC);
  Value skip = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mode, c32(1)),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lane, c32(32)));
  auto branch = scf::IfOp::create(b, loc, c.getType(), skip, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(b, loc, c);
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, loc, info.mfma(b, loc, kernel, kN, a, bv, c));
  }
  Value d = branch.getResult(0);
  for (unsigned i = 0; i < cRegs; ++i) {
    Value at = add(warpC, index(placeC, i, kN));
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
  CHECK(info->hasMfma(arch, kN, Float16Type::get(&ctx), Float32Type::get(&ctx)) ==
        (arch == "warp64"));
  Type elem = bf16 ? Type(BFloat16Type::get(&ctx)) : Type(Float16Type::get(&ctx));
  OwningOpRef<ModuleOp> module = buildKernel(ctx, *info, elem);
  tilec::KernelInfo kernel{
      "mfma", {"*i16", "*i16", "*fp32", "*fp32", "i32"}, {"a", "b", "c", "d", "mode"}, {}, {}};
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
  std::printf("%ux%ux%u %s, %u warps of %u\n", kM, kN, kK, bf16 ? "bf16" : "f16", numWarps,
              warpSize);
  std::string image = compile(numWarps, arch, bf16);
  if (image.empty())
    return;
  tilec::test::LoadedSIMTKernel loaded;
  if (!loaded.load(image, "mfma"))
    return;
  tilec_kernel *k = loaded.kernel;
  std::vector<std::vector<int>> a(kM, std::vector<int>(kK)), bm(kK, std::vector<int>(kN));
  std::vector<uint16_t> aBits(kM * kK), bBits(kK * kN);
  for (unsigned i = 0; i < kM; ++i)
    for (unsigned j = 0; j < kK; ++j) {
      a[i][j] = int(i * 7 + j * 3) % 11 - 5;
      aBits[i * kK + j] = encode(a[i][j], bf16);
    }
  for (unsigned i = 0; i < kK; ++i)
    for (unsigned j = 0; j < kN; ++j) {
      bm[i][j] = int(i * 5 + j * 13) % 9 - 4;
      bBits[i * kN + j] = encode(bm[i][j], bf16);
    }
  std::vector<float> c(size_t(numWarps) * kM * kN), d(c.size(), -1.0f);
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
  if (warpSize != 64) {
    CHECK_FAILS(launch(0), LAUNCH_FAILED,
                "kernel 'mfma': program (0, 0, 0), thread 0: MFMA needs warps of 64 lanes, "
                "the launch has 32");
    return;
  }
  CHECK_OK(launch(0));
  int bad = 0;
  for (unsigned w = 0; w < numWarps; ++w)
    for (unsigned i = 0; i < kM; ++i)
      for (unsigned j = 0; j < kN; ++j) {
        float want = c[w * kM * kN + i * kN + j];
        for (unsigned kk = 0; kk < kK; ++kk)
          want += float(a[i][kk] * bm[kk][j]);
        float got = d[w * kM * kN + i * kN + j];
        if (got != want && bad++ < 5)
          std::fprintf(stderr, "  warp %u d[%u][%u]: got %g, want %g\n", w, i, j, got, want);
      }
  if (!CHECK(bad == 0))
    std::fprintf(stderr, "  %d wrong results\n", bad);
  CHECK_FAILS(launch(1), LAUNCH_FAILED,
              "kernel 'mfma': program (0, 0, 0), thread 0: MFMA with an inactive lane "
              "(thread 32 of its warp has exited)");
}

} // namespace

int main() {
  for (unsigned n : {32u, 16u}) {
    kM = kN = n;
    kK = 4 * (64 / n);
    for (bool bf16 : {false, true})
      for (unsigned numWarps : {1u, 4u, 8u})
        run(numWarps, 64, bf16);
  }
  run(1, 32, false);
  return check::report("simt-mfma-test");
}
