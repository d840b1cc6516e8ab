//===- SIMTMmaTest.cpp - The SIMT target's mma.sync hook run on the simt device ===//
//
// Builds a kernel from the TargetInfo hooks alone: every lane loads its
// fragments of A (16xK), B (Kx8) and C (16x8) at the places the PTX ISA's
// fragment layouts give (groupID = lane / 4, threadID_in_group = lane % 4)
// for m16n8k16 (f16, bf16), m16n8k8 (tf32) and m16n8k32 (s8), calls
// TargetInfo::mmaSync, and stores its fragment of D the same way. Run on the
// simt device at 1, 4 and 8 warps, D must equal A * B + C exactly: 16-bit
// operands are small integers; f32 operands include values below tf32's
// precision and ties, which must be rounded to tf32 to nearest, ties away from
// zero, before the products are summed in f32 in k order; s8 sums are exact
// in i32. A warp whose upper half skips the mma.sync must fail the launch, as
// must warps of 64 lanes. Checks are the runtime tests' (runtime/tests/check.h).
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

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace mlir;

namespace {

/// The operand types of the instructions tested.
enum class Kind { F16, BF16, TF32, S8 };
const char *kindName(Kind kind) {
  const char *names[] = {"f16", "bf16", "tf32", "s8"};
  return names[int(kind)];
}
/// K of the instruction: m16n8k16, m16n8k8 (tf32), m16n8k32 (s8).
unsigned instrK(Kind kind) { return kind == Kind::TF32 ? 8 : kind == Kind::S8 ? 32 : 16; }
/// Fragment elements per lane of A (B has half as many).
unsigned aCount(Kind kind) { return instrK(kind) / 2; }

/// Row and column of fragment element `i` of lane `lane` (PTX ISA, the
/// mma.m16n8k16 / m16n8k8 / m16n8k32 fragment figures), written independently
/// of the compiler's and the emulator's own tables.
struct Place {
  unsigned row, col;
};
Place placeA(Kind kind, unsigned lane, unsigned i) {
  unsigned group = lane >> 2, inGroup = lane % 4;
  switch (kind) {
  case Kind::TF32: // a0: (g, t), a1: (g+8, t), a2: (g, t+4), a3: (g+8, t+4)
    return {group + (i % 2 ? 8 : 0), inGroup + (i >= 2 ? 4 : 0)};
  case Kind::S8: // a0..a3: (g, 4t..), a4..a7: (g+8, 4t..), a8..a15: 16 columns further
    return {group + ((i / 4) % 2 ? 8 : 0), inGroup * 4 + (i % 4) + (i >= 8 ? 16 : 0)};
  default: {
    unsigned row = (i < 2 || (i >= 4 && i < 6)) ? group : group + 8;
    unsigned col = inGroup * 2 + (i & 1) + (i >= 4 ? 8 : 0);
    return {row, col};
  }
  }
}
Place placeB(Kind kind, unsigned lane, unsigned i) {
  switch (kind) {
  case Kind::TF32: // b0: (t, g), b1: (t+4, g)
    return {(lane % 4) + (i ? 4 : 0), lane >> 2};
  case Kind::S8: // b0..b3: (4t.., g), b4..b7: (4t+16.., g)
    return {(lane % 4) * 4 + (i % 4) + (i >= 4 ? 16 : 0), lane >> 2};
  default:
    return {(lane % 4) * 2 + (i & 1) + (i >= 2 ? 8 : 0), lane >> 2};
  }
}
Place placeC(Kind, unsigned lane, unsigned i) {
  return {(lane >> 2) + (i >= 2 ? 8 : 0), (lane % 4) * 2 + (i & 1)};
}
using PlaceFn = Place (*)(Kind, unsigned, unsigned);

/// Builds `mma(a, b, c, d, mode: i32)` for `kind` (a, b: *i16 holding f16 or
/// bf16 bits, *f32 or *i8; c, d: *f32 or *i32): each warp w computes d[w] =
/// a * b + c[w] from fragments it loads at per-lane indices affine in the
/// lane's group and thread. Mode 1: lanes 16-31 skip the mma.sync.
OwningOpRef<ModuleOp> buildKernel(MLIRContext &ctx, const tilec::TargetInfo &info, Kind kind) {
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder b(module->getBodyRegion());
  Type ptr = LLVM::LLVMPointerType::get(&ctx), i32 = b.getI32Type();
  Type elem = kind == Kind::F16    ? Type(b.getF16Type())
              : kind == Kind::BF16 ? Type(b.getBF16Type())
              : kind == Kind::TF32 ? Type(b.getF32Type())
                                   : Type(b.getI8Type());
  Type memElem = elem.isIntOrFloat() && elem.getIntOrFloatBitWidth() == 16 ? b.getI16Type() : elem;
  Type accElem = kind == Kind::S8 ? Type(i32) : Type(b.getF32Type());
  unsigned k = instrK(kind);
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
  auto index = [&](PlaceFn place, unsigned i, unsigned cols) {
    Place origin = place(kind, 0, i), down = place(kind, 4, i), right = place(kind, 1, i);
    int64_t base = origin.row * cols + origin.col;
    int64_t perGroup = int64_t(down.row * cols + down.col) - base;
    int64_t perThread = int64_t(right.row * cols + right.col) - base;
    return add(c32(base), add(mul(group, c32(perGroup)), mul(inGroup, c32(perThread))));
  };
  auto loadFragments = [&](Value from, PlaceFn place, unsigned count, unsigned cols,
                           Type memType, Type type, Value offset) {
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
  Value zero = c32(0), warpC = mul(warp, c32(16 * 8));
  Value a = loadFragments(aPtr, placeA, aCount(kind), k, memElem, elem, zero);
  Value bv = loadFragments(bPtr, placeB, aCount(kind) / 2, 8, memElem, elem, zero);
  Value c = loadFragments(cPtr, placeC, 4, 8, accElem, accElem, warpC);
  Value skip = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mode, c32(1)),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lane, c32(16)));
  auto branch = scf::IfOp::create(b, loc, c.getType(), skip, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(b, loc, c);
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, loc, info.mmaSync(b, loc, kernel, a, bv, c));
  }
  Value d = branch.getResult(0);
  for (unsigned i = 0; i < 4; ++i) {
    Value at = add(warpC, index(placeC, i, 8));
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
  CHECK(info->hasMmaSync(arch, Float16Type::get(&ctx), Float32Type::get(&ctx)) ==
        (arch == "warp32"));
  CHECK(info->hasMmaSync(arch, Float32Type::get(&ctx), Float32Type::get(&ctx)) ==
        (arch == "warp32"));
  CHECK(info->hasMmaSync(arch, IntegerType::get(&ctx, 8), IntegerType::get(&ctx, 32)) ==
        (arch == "warp32"));
  CHECK(!info->hasMmaSync(arch, IntegerType::get(&ctx, 8), Float32Type::get(&ctx)));
  OwningOpRef<ModuleOp> module = buildKernel(ctx, *info, kind);
  std::string operand = kind == Kind::TF32 ? "*fp32" : kind == Kind::S8 ? "*i8" : "*i16";
  std::string acc = kind == Kind::S8 ? "*i32" : "*fp32";
  tilec::KernelInfo kernel{
      "mma", {operand, operand, acc, acc, "i32"}, {"a", "b", "c", "d", "mode"}, {}, {}};
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

/// An f32 operand for tf32: 1 + j/8 (j < 8), signed, plus nothing, a quarter
/// of a tf32 ulp (2^-10 in [1, 2)), half an ulp (a tie) or three quarters.
float tf32Input(int i) {
  float base = 1.0f + float(i % 8) / 8;
  float extra = std::ldexp(float((i / 8) % 4), -12);
  return (i % 3 == 1 ? -1.0f : 1.0f) * (base + extra);
}
/// `x` in [1, 2) in magnitude rounded to tf32 (10 fraction bits) to nearest,
/// ties away from zero.
float tf32Rounded(float x) {
  float magnitude = std::floor(std::fabs(x) * 1024.0f + 0.5f) / 1024.0f;
  return x < 0 ? -magnitude : magnitude;
}

/// Operand element (i, j) of A (isA) or B as an exact small value; and the
/// value the instruction multiplies.
double operandValue(Kind kind, bool isA, int i, int j) {
  int v = isA ? (i * 7 + j * 3) % 11 - 5 : (i * 5 + j * 13) % 9 - 4;
  if (kind == Kind::S8)
    return isA ? (i * 37 + j * 11) % 256 - 128 : (i * 23 + j * 59) % 255 - 127;
  if (kind == Kind::TF32)
    return tf32Input(isA ? i * 5 + j : i + 3 * j + 1);
  return v;
}

void run(unsigned numWarps, unsigned warpSize, Kind kind) {
  std::string arch = "warp" + std::to_string(warpSize);
  std::printf("%s, %u warps of %u\n", kindName(kind), numWarps, warpSize);
  std::string image = compile(numWarps, arch, kind);
  if (image.empty())
    return;
  tilec::test::LoadedSIMTKernel loaded;
  if (!loaded.load(image, "mma"))
    return;
  tilec_kernel *k = loaded.kernel;
  const int kk = int(instrK(kind));
  std::vector<double> a(16 * kk), bm(kk * 8); // the values multiplied
  std::vector<uint16_t> a16(a.size()), b16(bm.size());
  std::vector<float> a32(a.size()), b32(bm.size());
  std::vector<int8_t> a8(a.size()), b8(bm.size());
  auto fill = [&](bool isA, int rows, int cols, std::vector<double> &values,
                  std::vector<uint16_t> &bits16, std::vector<float> &f32, std::vector<int8_t> &s8) {
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        double v = operandValue(kind, isA, i, j);
        size_t at = size_t(i) * cols + j;
        bits16[at] = kind == Kind::F16 || kind == Kind::BF16 ? encode(int(v), kind == Kind::BF16) : 0;
        f32[at] = float(v);
        s8[at] = kind == Kind::S8 ? int8_t(v) : 0;
        values[at] = kind == Kind::TF32 ? tf32Rounded(float(v)) : v;
      }
  };
  fill(true, 16, kk, a, a16, a32, a8);
  fill(false, kk, 8, bm, b16, b32, b8);
  std::vector<float> c(size_t(numWarps) * 128), d(c.size(), -1.0f);
  std::vector<int32_t> cInt(c.size()), dInt(c.size(), -1);
  tilec::test::fillAccumulators(c, cInt);
  auto launch = [&](int32_t mode) {
    bool s8 = kind == Kind::S8, tf32 = kind == Kind::TF32;
    return tilec::test::launchDotTestKernel(
        k, s8 ? TILEC_TYPE_PTR_I8 : tf32 ? TILEC_TYPE_PTR_FP32 : TILEC_TYPE_PTR_I16,
        s8 ? (void *)a8.data() : tf32 ? (void *)a32.data() : (void *)a16.data(),
        s8 ? (void *)b8.data() : tf32 ? (void *)b32.data() : (void *)b16.data(),
        s8 ? TILEC_TYPE_PTR_I32 : TILEC_TYPE_PTR_FP32,
        s8 ? (void *)cInt.data() : (void *)c.data(), s8 ? (void *)dInt.data() : (void *)d.data(),
        mode);
  };
  if (warpSize != 32) {
    CHECK_FAILS(launch(0), LAUNCH_FAILED,
                "kernel 'mma': program (0, 0, 0), thread 0: mma.sync needs warps of 32 lanes, "
                "the launch has 64");
    return;
  }
  CHECK_OK(launch(0));
  int bad = 0;
  for (unsigned w = 0; w < numWarps; ++w)
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) {
        size_t at = w * 128 + i * 8 + j;
        double want, got;
        if (kind == Kind::S8) {
          int64_t sum = cInt[at];
          for (int x = 0; x < kk; ++x)
            sum += int64_t(a[i * kk + x]) * int64_t(bm[x * 8 + j]);
          want = double(sum);
          got = dInt[at];
        } else {
          // Exact products (16-bit or tf32 operands), summed in f32 in k order.
          float sum = c[at];
          for (int x = 0; x < kk; ++x)
            sum += float(a[i * kk + x] * bm[x * 8 + j]);
          want = sum;
          got = d[at];
        }
        if (got != want && bad++ < 5)
          std::fprintf(stderr, "  warp %u d[%d][%d]: got %.9g, want %.9g\n", w, i, j, got, want);
      }
  if (!CHECK(bad == 0))
    std::fprintf(stderr, "  %d wrong results\n", bad);
  CHECK_FAILS(launch(1), LAUNCH_FAILED,
              "kernel 'mma': program (0, 0, 0), thread 0: mma.sync with an inactive lane "
              "(thread 16 of its warp has exited)");
}

} // namespace

int main() {
  for (Kind kind : {Kind::F16, Kind::BF16, Kind::TF32, Kind::S8})
    for (unsigned numWarps : {1u, 4u, 8u})
      run(numWarps, 32, kind);
  run(1, 64, Kind::F16);
  return check::report("simt-mma-test");
}
