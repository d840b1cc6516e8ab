//===- SIMTMfmaTest.cpp - The SIMT target's MFMA hook run on the simt device ===//
//
// Builds a kernel from the TargetInfo hooks alone: every lane of a 64-lane
// wave loads its registers of A (N x K), B (K x N) and C (N x N) at the places
// AMD's CDNA3 ISA gives for v_mfma_f32_32x32x8f16 (N = 32, K = 8),
// v_mfma_f32_16x16x16f16 (N = K = 16), their bf16_1k forms,
// v_mfma_f32_32x32x2f32, v_mfma_f32_16x16x4f32, v_mfma_i32_32x32x16_i8 and
// v_mfma_i32_16x16x32_i8 (the matrix instruction calculator's layouts), and
// v_mfma_f32_32x32x16 / 16x16x32 with fp8 x bf8 and bf8 x fp8 (e4m3fnuz,
// e5m2fnuz bytes; the i8 layouts), calls TargetInfo::mfma (fp8Mfma), and
// stores its registers of D the same way. Run on the simt device with f16,
// bf16, f32, i8 and fp8 operands at 1, 4 and 8 warps, D must equal A * B + C
// exactly (small integers; i8 over its whole range, with i32 accumulators; fp8
// encoded here from the formats' definitions); a wave whose upper half skips
// the MFMA must fail the launch,
// as must warps of 32 lanes. Checks are the runtime tests'
// (runtime/tests/check.h).
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

/// The operand types of the instructions tested.
enum class Kind { F16, BF16, F32, I8, FP8_BF8, BF8_FP8 };
const char *kindName(Kind kind) {
  const char *names[] = {"f16", "bf16", "f32", "i8", "fp8 x bf8", "bf8 x fp8"};
  return names[int(kind)];
}
bool isFP8(Kind kind) { return kind == Kind::FP8_BF8 || kind == Kind::BF8_FP8; }
/// Triton's name of the format of A (`isA`) or B of an fp8 kind.
const char *fp8Format(Kind kind, bool isA) {
  return (kind == Kind::BF8_FP8) == isA ? "fp8e5b16" : "fp8e4b8";
}
/// The instruction under test: N x N blocks, K deep, kW elements per lane.
unsigned kM = 32, kN = 32, kK = 8, kW = 4;

/// Row and column of register `i` of lane `lane` for the MFMAs under test
/// (AMD CDNA3 ISA, section 7.1 and the matrix instruction calculator: A and B
/// hold kW consecutive K elements per lane, the accumulator's runs of four rows
/// are 8 (32x32) or 16 (16x16) rows apart whatever the operands), written
/// independently of the compiler's and the emulator's own tables.
struct Place {
  unsigned row, col;
};
Place placeA(unsigned lane, unsigned i) { return {lane % kM, (lane / kM) * kW + i}; }
Place placeB(unsigned lane, unsigned i) { return {(lane / kN) * kW + i, lane % kN}; }
Place placeC(unsigned lane, unsigned i) {
  return {(i / 4) * (kN == 32 ? 8 : 16) + (lane / kN) * 4 + i % 4, lane % kN};
}

/// Builds `mfma(a, b, c, d, mode: i32)` with operands of `elem` (a, b: *i16
/// holding f16 or bf16 bits, *f32 or *i8; c, d: *f32, or *i32 for i8): each
/// warp w computes d[w] = a * b + c[w] from the registers its lanes load.
/// Mode 1: lanes 32-63 skip the MFMA. For an fp8 `kind` the i8 operands are
/// fp8 bytes and the accumulators f32 (TargetInfo::fp8Mfma).
OwningOpRef<ModuleOp> buildKernel(MLIRContext &ctx, const tilec::TargetInfo &info, Type elem,
                                  Kind kind) {
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder b(module->getBodyRegion());
  Type ptr = LLVM::LLVMPointerType::get(&ctx), i32 = b.getI32Type();
  Type memElem = elem.getIntOrFloatBitWidth() == 16 ? b.getI16Type() : elem;
  Type accElem = kind == Kind::I8 ? i32 : Type(b.getF32Type());
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
                           unsigned cols, Type memType, Type type, Value offset) {
    auto vecType = VectorType::get({count}, type);
    Value vec = LLVM::UndefOp::create(b, loc, vecType);
    for (unsigned i = 0; i < count; ++i) {
      Value at = add(offset, index(place, i, cols));
      Value addr = LLVM::GEPOp::create(b, loc, ptr, memType, from, ValueRange{at});
      Value v = LLVM::LoadOp::create(b, loc, memType, addr);
      if (type != memType)
        v = arith::BitcastOp::create(b, loc, type, v);
      vec = vector::InsertOp::create(b, loc, v, vec, i);
    }
    return vec;
  };
  Value zero = c32(0), warpC = mul(warp, c32(kM * kN));
  Value a = loadRegisters(aPtr, placeA, kW, kK, memElem, elem, zero);
  Value bv = loadRegisters(bPtr, placeB, kW, kN, memElem, elem, zero);
  unsigned cRegs = kM * kN / 64;
  Value c = loadRegisters(cPtr, placeC, cRegs, kN, accElem, accElem, warpC);
  Value skip = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mode, c32(1)),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lane, c32(32)));
  auto branch = scf::IfOp::create(b, loc, c.getType(), skip, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(b, loc, c);
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, loc,
                         isFP8(kind) ? info.fp8Mfma(b, loc, kernel, kN, fp8Format(kind, true),
                                                    fp8Format(kind, false), a, bv, c)
                                     : info.mfma(b, loc, kernel, kN, a, bv, c));
  }
  Value d = branch.getResult(0);
  for (unsigned i = 0; i < cRegs; ++i) {
    Value at = add(warpC, index(placeC, i, kN));
    Value addr = LLVM::GEPOp::create(b, loc, ptr, accElem, dPtr, ValueRange{at});
    LLVM::StoreOp::create(b, loc, vector::ExtractOp::create(b, loc, d, i), addr);
  }
  kernel->setAttr(tilec::kSIMTLoweredAttr, b.getUnitAttr());
  return module;
}

/// Compiles the kernel for `arch` and `numWarps` into a module image.
std::string compile(unsigned numWarps, const std::string &arch, Kind kind) {
  DialectRegistry registry;
  tilec::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::unique_ptr<tilec::TargetInfo> info = tilec::createTargetInfo("simt");
  CHECK(info->hasMfma(arch, kN, Float16Type::get(&ctx), Float32Type::get(&ctx)) ==
        (arch == "warp64"));
  CHECK(info->hasMfma(arch, kN, Float32Type::get(&ctx), Float32Type::get(&ctx)) ==
        (arch == "warp64"));
  CHECK(info->hasMfma(arch, kN, IntegerType::get(&ctx, 8), IntegerType::get(&ctx, 32)) ==
        (arch == "warp64"));
  CHECK(info->hasFP8Mfma(arch, kN, "fp8e4b8", "fp8e5b16") == (arch == "warp64"));
  CHECK(!info->hasFP8Mfma(arch, kN, "fp8e4nv", "fp8e5b16"));
  Type elem = kind == Kind::F16    ? Type(Float16Type::get(&ctx))
              : kind == Kind::BF16 ? Type(BFloat16Type::get(&ctx))
              : kind == Kind::F32  ? Type(Float32Type::get(&ctx))
                                   : Type(IntegerType::get(&ctx, 8));
  OwningOpRef<ModuleOp> module = buildKernel(ctx, *info, elem, kind);
  std::string operand = kind == Kind::F32                 ? "*fp32"
                        : kind == Kind::I8 || isFP8(kind) ? "*i8"
                                                          : "*i16";
  std::string acc = kind == Kind::I8 ? "*i32" : "*fp32";
  tilec::KernelInfo kernel{
      "mfma", {operand, operand, acc, acc, "i32"}, {"a", "b", "c", "d", "mode"}, {}, {}};
  return tilec::test::compileForSIMT(*module, numWarps, arch, kernel);
}

/// The byte of small integer `v` in a fnuz fp8 format with `mantissaBits`
/// and `bias` (e4m3fnuz: 3, 8; e5m2fnuz: 2, 16), where it is exact.
int8_t encodeFnuz(int v, int mantissaBits, int bias) {
  if (v == 0)
    return 0;
  unsigned magnitude = unsigned(v < 0 ? -v : v), exponent = 0;
  while (magnitude >> (exponent + 1))
    ++exponent;
  unsigned mantissa = ((magnitude - (1u << exponent)) << mantissaBits) >> exponent;
  return int8_t((v < 0 ? 0x80 : 0) | (exponent + bias) << mantissaBits | mantissa);
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

void run(unsigned numWarps, unsigned warpSize, Kind kind) {
  std::string arch = "warp" + std::to_string(warpSize);
  std::printf("%ux%ux%u %s, %u warps of %u\n", kM, kN, kK, kindName(kind), numWarps, warpSize);
  std::string image = compile(numWarps, arch, kind);
  if (image.empty())
    return;
  tilec::test::LoadedSIMTKernel loaded;
  if (!loaded.load(image, "mfma"))
    return;
  tilec_kernel *k = loaded.kernel;
  bool i8 = kind == Kind::I8, f32 = kind == Kind::F32, fp8 = isFP8(kind);
  auto fp8Byte = [&](int v, bool isA) {
    return std::string(fp8Format(kind, isA)) == "fp8e4b8" ? encodeFnuz(v, 3, 8)
                                                          : encodeFnuz(v, 2, 16);
  };
  // Small integers (i8: its whole range), exact in every operand type.
  std::vector<std::vector<int>> a(kM, std::vector<int>(kK)), bm(kK, std::vector<int>(kN));
  std::vector<uint16_t> aBits(kM * kK), bBits(kK * kN);
  std::vector<float> aF(kM * kK), bF(kK * kN);
  std::vector<int8_t> aI(kM * kK), bI(kK * kN);
  for (unsigned i = 0; i < kM; ++i)
    for (unsigned j = 0; j < kK; ++j) {
      a[i][j] = i8 ? int(i * 37 + j * 11) % 256 - 128 : int(i * 7 + j * 3) % 11 - 5;
      aBits[i * kK + j] = i8 ? 0 : encode(a[i][j], kind == Kind::BF16);
      aF[i * kK + j] = float(a[i][j]);
      aI[i * kK + j] = fp8 ? fp8Byte(a[i][j], true) : int8_t(a[i][j]);
    }
  for (unsigned i = 0; i < kK; ++i)
    for (unsigned j = 0; j < kN; ++j) {
      bm[i][j] = i8 ? int(i * 23 + j * 59) % 255 - 127 : int(i * 5 + j * 13) % 9 - 4;
      bBits[i * kN + j] = i8 ? 0 : encode(bm[i][j], kind == Kind::BF16);
      bF[i * kN + j] = float(bm[i][j]);
      bI[i * kN + j] = fp8 ? fp8Byte(bm[i][j], false) : int8_t(bm[i][j]);
    }
  std::vector<float> c(size_t(numWarps) * kM * kN), d(c.size(), -1.0f);
  std::vector<int32_t> cI(c.size()), dI(c.size(), -1);
  tilec::test::fillAccumulators(c, cI);
  bool bytes = i8 || fp8;
  auto operandType = bytes ? TILEC_TYPE_PTR_I8 : f32 ? TILEC_TYPE_PTR_FP32 : TILEC_TYPE_PTR_I16;
  void *aData = bytes ? (void *)aI.data() : f32 ? (void *)aF.data() : (void *)aBits.data();
  void *bData = bytes ? (void *)bI.data() : f32 ? (void *)bF.data() : (void *)bBits.data();
  auto launch = [&](int32_t mode) {
    return tilec::test::launchDotTestKernel(
        k, operandType, aData, bData, i8 ? TILEC_TYPE_PTR_I32 : TILEC_TYPE_PTR_FP32,
        i8 ? (void *)cI.data() : (void *)c.data(), i8 ? (void *)dI.data() : (void *)d.data(), mode);
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
        size_t at = w * kM * kN + i * kN + j;
        int64_t want = i8 ? cI[at] : int64_t(c[at] - 0.5f); // C's fraction .5 is kept below
        for (unsigned kk = 0; kk < kK; ++kk)
          want += int64_t(a[i][kk]) * bm[kk][j];
        double got = i8 ? double(dI[at]) : double(d[at]) - 0.5;
        if (got != double(want) && bad++ < 5)
          std::fprintf(stderr, "  warp %u d[%u][%u]: got %g, want %g\n", w, i, j, got,
                       double(want));
      }
  if (!CHECK(bad == 0))
    std::fprintf(stderr, "  %d wrong results\n", bad);
  CHECK_FAILS(launch(1), LAUNCH_FAILED,
              "kernel 'mfma': program (0, 0, 0), thread 0: MFMA with an inactive lane "
              "(thread 32 of its warp has exited)");
}

} // namespace

int main() {
  for (Kind kind : {Kind::F16, Kind::BF16, Kind::F32, Kind::I8, Kind::FP8_BF8, Kind::BF8_FP8})
    for (unsigned n : {32u, 16u}) {
      kM = kN = n;
      kW = kind == Kind::F32 ? 1 : kind == Kind::I8 || isFP8(kind) ? 8 : 4;
      kK = kW * (64 / n);
      for (unsigned numWarps : {1u, 4u, 8u})
        run(numWarps, 64, kind);
    }
  kM = kN = 32;
  kW = 4;
  kK = 8;
  run(1, 32, Kind::F16);
  return check::report("simt-mfma-test");
}
