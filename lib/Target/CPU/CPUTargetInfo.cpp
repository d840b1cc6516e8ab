//===- CPUTargetInfo.cpp - Kernel ABI and program identity on CPUs ---------===//
//
// A CPU kernel receives its program ids and the grid size as trailing i32
// arguments; an exported entry `__tilec_entry_<name>` runs a range of program
// ids sequentially, which the runtime's thread pool splits across cores. On a
// 2-D grid, programs that cannot observe each other run in groups of
// kGroupRows rows of x (x fastest within a group, then y), so neighbouring
// programs share both the data of their y and that of the group's x values.
//
//===----------------------------------------------------------------------===//
#include "../Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;

namespace tilec {
namespace {

/// Number of ABI arguments appended to each kernel: pid x/y/z, grid x/y/z.
constexpr unsigned kNumAbiArgs = 6;

/// Program ids x per group of the grouped order on 2-D grids. A matmul
/// program (x, y) reads row panel x of A and column panel y of B: within a
/// group, kGroupRows row panels are reused from the cache by every y, and each
/// column panel by kGroupRows consecutive programs (as Triton's tutorial does
/// with GROUP_SIZE_M). 8 measured best of 4, 8, 16 on the 2048 matmul.
constexpr int64_t kGroupRows = 8;

/// Whether programs of `kernel` (lowered to LLVM) may observe the order in
/// which they run: atomics (ordered loads and stores too), fences, inline assembly and calls
/// (prints, asserts, runtime helpers). Plain loads and stores of other programs' data race anyway,
/// so their order is unspecified already.
bool mayObserveProgramOrder(func::FuncOp kernel) {
  return kernel
      .walk([](Operation *op) {
        bool ordered = false;
        if (auto load = dyn_cast<LLVM::LoadOp>(op))
          ordered = load.getOrdering() != LLVM::AtomicOrdering::not_atomic;
        if (auto store = dyn_cast<LLVM::StoreOp>(op))
          ordered = store.getOrdering() != LLVM::AtomicOrdering::not_atomic;
        return ordered || isa<LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp, LLVM::FenceOp,
                              LLVM::InlineAsmOp, LLVM::CallOp, func::CallOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

class CPUTargetInfo : public TargetInfo {
public:
  TargetKind getKind() const override { return TargetKind::CPU; }

  std::string getTriple(llvm::StringRef arch) const override {
    if (arch == "aarch64" || arch.starts_with("neoverse") || arch.starts_with("cortex-a") ||
        arch == "apple-m1" || arch == "generic-aarch64")
      return "aarch64-unknown-linux-gnu";
    if (arch == "native")
      return llvm::sys::getProcessTriple();
    return "x86_64-unknown-linux-gnu";
  }
  std::string getDefaultArch() const override { return "native"; }
  bool isValidArch(llvm::StringRef arch) const override { return !arch.empty(); }

  /// `native` is the host's processor with all of its features; `aarch64`
  /// is a generic AArch64 with NEON; any other arch names an LLVM processor.
  LLVMProcessor getLLVMProcessor(llvm::StringRef arch) const override {
    if (arch == "native")
      return getHostProcessor();
    if (arch == "aarch64")
      return {"generic", "+neon"};
    return {arch.str(), ""};
  }
  bool dependsOnHostCPU(llvm::StringRef arch) const override { return arch == "native"; }
  bool runsOnHost() const override { return true; }
  llvm::StringRef getRuntimeDriver() const override { return "cpu"; }
  std::string getRuntimeArch(llvm::StringRef arch) const override {
    return llvm::Triple(getTriple(arch)).getArchName().str();
  }
  ModulePayload getModulePayload() const override { return ModulePayload::SharedObject; }
  std::string getArchForDevice(llvm::StringRef) const override { return "native"; }
  bool supportsBoundsChecks() const override { return true; }

  void prepareKernel(func::FuncOp kernel) const override {
    SmallVector<Type> abi(kNumAbiArgs, IntegerType::get(kernel.getContext(), 32));
    detail::prepareHostKernel(kernel, abi);
  }

  unsigned getNumABIArguments() const override { return kNumAbiArgs; }
  Value getProgramId(OpBuilder &, Location, func::FuncOp kernel, int axis) const override {
    return kernel.getArgument(kernel.getNumArguments() - kNumAbiArgs + axis);
  }
  Value getNumPrograms(OpBuilder &, Location, func::FuncOp kernel, int axis) const override {
    return kernel.getArgument(kernel.getNumArguments() - 3 + axis);
  }

  void finalizeKernel(ModuleOp module, func::FuncOp kernel) const override {
    MLIRContext *ctx = module.getContext();
    Location loc = kernel.getLoc();
    Type i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    OpBuilder b(module.getBodyRegion());
    b.setInsertionPointAfter(kernel);
    auto entryType = b.getFunctionType({ptr, ptr, i64, i64}, {});
    auto entry = func::FuncOp::create(b, loc, ("__tilec_entry_" + kernel.getName()).str(),
                                      entryType);
    Block *body = entry.addEntryBlock();
    b.setInsertionPointToStart(body);
    Value args = body->getArgument(0), grid = body->getArgument(1);
    Value begin = body->getArgument(2), end = body->getArgument(3);

    SmallVector<Value> gridDims = detail::loadI32Array(b, loc, grid, 3);
    SmallVector<Value> callArgs =
        detail::loadKernelArguments(b, loc, kernel, args, kernel.getNumArguments() - kNumAbiArgs);

    Value one = arith::ConstantIntOp::create(b, loc, 1, 64);
    Value gx = arith::ExtSIOp::create(b, loc, i64, gridDims[0]);
    Value gy = arith::ExtSIOp::create(b, loc, i64, gridDims[1]);
    auto loop = scf::ForOp::create(b, loc, begin, end, one);
    b.setInsertionPointToStart(loop.getBody());
    Value linear = loop.getInductionVar();
    Value x = arith::RemSIOp::create(b, loc, linear, gx);
    Value rest = arith::DivSIOp::create(b, loc, linear, gx);
    Value y = arith::RemSIOp::create(b, loc, rest, gy);
    Value z = arith::DivSIOp::create(b, loc, rest, gy);
    if (!mayObserveProgramOrder(kernel)) {
      // Grouped order on 2-D grids: the i-th program of a z slice is in group
      // i / (kGroupRows * gy), whose rows of x (kGroupRows, fewer in the last
      // group) run x fastest. A bijection on each z slice.
      auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, v, 64); };
      Value gridIs2D = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, gy, one);
      auto grouped = scf::IfOp::create(b, loc, TypeRange{i64, i64}, gridIs2D, /*else=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(grouped.thenBlock());
        Value inSlice =
            arith::RemSIOp::create(b, loc, linear, arith::MulIOp::create(b, loc, gx, gy));
        Value groupLen = arith::MulIOp::create(b, loc, gy, cst(kGroupRows));
        Value first = arith::MulIOp::create(
            b, loc, arith::DivSIOp::create(b, loc, inSlice, groupLen), cst(kGroupRows));
        Value rows = arith::MinSIOp::create(b, loc, arith::SubIOp::create(b, loc, gx, first),
                                            cst(kGroupRows));
        Value inGroup = arith::RemSIOp::create(b, loc, inSlice, groupLen);
        scf::YieldOp::create(
            b, loc,
            ValueRange{
                arith::AddIOp::create(b, loc, first, arith::RemSIOp::create(b, loc, inGroup, rows)),
                arith::DivSIOp::create(b, loc, inGroup, rows)});
        b.setInsertionPointToStart(grouped.elseBlock());
        scf::YieldOp::create(b, loc, ValueRange{x, y});
      }
      x = grouped.getResult(0);
      y = grouped.getResult(1);
    }
    SmallVector<Value> operands(callArgs);
    for (Value v : {x, y, z})
      operands.push_back(arith::TruncIOp::create(b, loc, i32, v));
    operands.append(gridDims.begin(), gridDims.end());
    func::CallOp::create(b, loc, kernel, operands);
    b.setInsertionPointToEnd(body);
    func::ReturnOp::create(b, loc);
  }

  void markLLVMKernel(llvm::Function *, llvm::StringRef, unsigned) const override {
    // The exported entry point is an ordinary C function.
  }

  // A CPU program is one thread whose vectors are shuffled explicitly; the
  // SIMT hooks describe that single thread (convert-tile-to-gpu is not run for
  // CPUs).
  unsigned getWarpSize(llvm::StringRef) const override { return 1; }
  Value getThreadId(OpBuilder &b, Location loc, func::FuncOp) const override {
    return arith::ConstantIntOp::create(b, loc, 0, 32);
  }
  void barrier(OpBuilder &, Location, func::FuncOp) const override {}
  Value shuffleXor(OpBuilder &, Location, func::FuncOp, Value value, int) const override {
    return value;
  }
  Value shuffleIdx(OpBuilder &, Location, func::FuncOp, Value value, Value) const override {
    return value;
  }
  unsigned getSharedAddressSpace() const override { return 0; }
};

} // namespace

std::unique_ptr<TargetInfo> createCPUTargetInfo() {
  return std::make_unique<CPUTargetInfo>();
}

} // namespace tilec
