//===- DebugOps.cpp - tile.print / tile.assert on the CPU -----------------===//
//
// tile.print becomes printf calls in a loop over the elements (the format of
// Triton's device_print). tile.assert calls the runtime's hook through the
// module global kAssertHookSymbol, which the CPU driver sets after loading the
// module, so the module needs no runtime symbol at link time.
//
//===----------------------------------------------------------------------===//
#include "DebugOps.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <cmath>

using namespace mlir;

namespace tilec {
namespace {

/// The address of a new private constant string (a unique global).
Value globalString(OpBuilder &b, Location loc, ModuleOp module, StringRef text) {
  std::string name;
  for (unsigned n = 0;; ++n) {
    name = "__tilec_str_" + std::to_string(n);
    if (!module.lookupSymbol(name))
      break;
  }
  std::string withNul = text.str();
  withNul.push_back('\0');
  return LLVM::createGlobalString(loc, b, name, withNul, LLVM::Linkage::Internal);
}

/// printf's conversion of one element, and the element promoted as C
/// varargs promote it (floats to double, small integers to int).
std::pair<std::string, Value> formatElement(OpBuilder &b, Location loc, Value elt, bool hex,
                                            bool isSigned) {
  Type t = elt.getType();
  if (isa<LLVM::LLVMPointerType>(t))
    return {"%p", elt};
  unsigned bits = t.getIntOrFloatBitWidth();
  if (hex) {
    if (isa<FloatType>(t))
      elt = arith::BitcastOp::create(b, loc, b.getIntegerType(bits), elt);
    if (bits < 32)
      elt = arith::ExtUIOp::create(b, loc, b.getI32Type(), elt);
    std::string fmt = "0x%0" + std::to_string(std::max(1u, bits / 4)) + (bits > 32 ? "llx" : "x");
    return {fmt, elt};
  }
  if (isa<FloatType>(t)) {
    if (bits < 64)
      elt = arith::ExtFOp::create(b, loc, b.getF64Type(), elt);
    return {"%f", elt};
  }
  if (bits < 32)
    elt = isSigned && bits > 1 ? Value(arith::ExtSIOp::create(b, loc, b.getI32Type(), elt))
                               : Value(arith::ExtUIOp::create(b, loc, b.getI32Type(), elt));
  std::string conv = isSigned && bits > 1 ? "i" : "u";
  return {(bits == 64 ? "%ll" : "%") + conv, elt};
}

LogicalResult lowerPrint(tile::PrintOp op, func::FuncOp kernel, const TargetInfo &info) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  ModuleOp module = op->getParentOfType<ModuleOp>();
  Type ptrTy = LLVM::LLVMPointerType::get(b.getContext());
  FailureOr<LLVM::LLVMFuncOp> printfFn =
      LLVM::lookupOrCreateFn(b, module, "printf", {ptrTy}, b.getI32Type(), /*isVarArg=*/true);
  if (failed(printfFn))
    return op.emitError("a function 'printf' with another signature exists");
  SmallVector<Value> pids;
  for (int axis = 0; axis < 3; ++axis)
    pids.push_back(info.getProgramId(b, loc, kernel, axis));
  auto call = [&](OpBuilder &bb, StringRef format, ArrayRef<Value> args) {
    SmallVector<Value> operands = {globalString(bb, loc, module, format)};
    operands.append(pids.begin(), pids.end());
    operands.append(args.begin(), args.end());
    LLVM::CallOp::create(bb, loc, *printfFn, operands);
  };
  std::string pidFormat = "pid (%u, %u, %u)";
  if (op.getValues().empty()) {
    call(b, pidFormat + op.getPrefix().str() + "\n", {});
    op.erase();
    return success();
  }
  size_t numValues = op.getValues().size();
  for (auto [i, value] : llvm::enumerate(op.getValues())) {
    ArrayRef<int64_t> shape;
    if (auto shapes = op.getShapes())
      shape = cast<DenseI64ArrayAttr>((*shapes)[i]).asArrayRef();
    // Each index is padded to the digits of its dimension, as Triton does.
    std::string format = pidFormat + " idx (";
    for (auto [d, dim] : llvm::enumerate(shape))
      format += (d ? ", %" : "%") + std::to_string(dim > 0 ? int(std::ceil(std::log10(double(dim)))) : 0) + "u";
    format += ")" + op.getPrefix().str();
    if (numValues > 1)
      format += "(operand " + std::to_string(i) + ") ";
    bool isSigned = op.getIsSigned()[i];
    auto vecTy = dyn_cast<VectorType>(value.getType());
    if (!vecTy) {
      auto [conv, elt] = formatElement(b, loc, value, op.getHex(), isSigned);
      call(b, format + conv + "\n", {elt});
      continue;
    }
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value count = arith::ConstantIndexOp::create(b, loc, vecTy.getNumElements());
    auto loop = scf::ForOp::create(b, loc, zero, count, one);
    OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
    Value j = loop.getInductionVar();
    Value elt = vector::ExtractOp::create(body, loc, value, ArrayRef<OpFoldResult>{j});
    // Row-major multi-index of flat element j.
    SmallVector<Value> index(shape.size());
    Value rest = j;
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      Value dim = arith::ConstantIndexOp::create(body, loc, shape[d]);
      index[d] = arith::IndexCastOp::create(body, loc, body.getI32Type(),
                                            arith::RemUIOp::create(body, loc, rest, dim));
      rest = arith::DivUIOp::create(body, loc, rest, dim);
    }
    auto [conv, promoted] = formatElement(body, loc, elt, op.getHex(), isSigned);
    index.push_back(promoted);
    call(body, format + conv + "\n", index);
  }
  op.erase();
  return success();
}

LogicalResult lowerAssert(tile::AssertOp op, func::FuncOp kernel, const TargetInfo &info) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  ModuleOp module = op->getParentOfType<ModuleOp>();
  MLIRContext *ctx = b.getContext();
  Type ptrTy = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type();

  // The hook slot: an exported, writable pointer, null until the driver sets it.
  if (!module.lookupSymbol(kAssertHookSymbol)) {
    OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
    auto global = LLVM::GlobalOp::create(mb, loc, ptrTy, /*isConstant=*/false,
                                         LLVM::Linkage::External, kAssertHookSymbol, Attribute());
    Block *init = mb.createBlock(&global.getInitializerRegion());
    mb.setInsertionPointToStart(init);
    LLVM::ReturnOp::create(mb, loc, LLVM::ZeroOp::create(mb, loc, ptrTy).getResult());
  }

  Value cond = op.getCondition();
  Value allTrue = cond;
  if (isa<VectorType>(cond.getType()))
    allTrue = vector::ReductionOp::create(b, loc, vector::CombiningKind::AND, cond);
  Value anyFalse = arith::XOrIOp::create(b, loc, allTrue, arith::ConstantIntOp::create(b, loc, 1, 1));
  auto ifFailed = scf::IfOp::create(b, loc, anyFalse, /*withElseRegion=*/false);
  OpBuilder then = OpBuilder::atBlockBegin(ifFailed.thenBlock());

  std::string file = "<unknown>";
  int line = 0;
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>()) {
    file = fileLoc.getFilename().str();
    line = int(fileLoc.getLine());
  }
  Value slot = LLVM::AddressOfOp::create(then, loc, ptrTy, kAssertHookSymbol);
  Value hook = LLVM::LoadOp::create(then, loc, ptrTy, slot);
  Value null = LLVM::ZeroOp::create(then, loc, ptrTy);
  Value installed = LLVM::ICmpOp::create(then, loc, LLVM::ICmpPredicate::ne, hook, null);
  auto ifInstalled = scf::IfOp::create(then, loc, installed, /*withElseRegion=*/true);
  OpBuilder call = OpBuilder::atBlockBegin(ifInstalled.thenBlock());
  SmallVector<Value> args = {hook,
                             globalString(call, loc, module, op.getMessage()),
                             globalString(call, loc, module, file),
                             arith::ConstantIntOp::create(call, loc, line, 32),
                             globalString(call, loc, module, kernel.getSymName())};
  for (int axis = 0; axis < 3; ++axis)
    args.push_back(info.getProgramId(call, loc, kernel, axis));
  auto hookTy = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                            {ptrTy, ptrTy, i32, ptrTy, i32, i32, i32});
  LLVM::CallOp::create(call, loc, hookTy, args);
  // Loaded outside the runtime (no hook): stop the process like a failed C assert.
  OpBuilder otherwise = OpBuilder::atBlockBegin(ifInstalled.elseBlock());
  FailureOr<LLVM::LLVMFuncOp> abortFn =
      LLVM::lookupOrCreateFn(otherwise, module, "abort", {}, LLVM::LLVMVoidType::get(ctx));
  if (failed(abortFn))
    return op.emitError("a function 'abort' with another signature exists");
  LLVM::CallOp::create(otherwise, loc, *abortFn, ValueRange{});
  op.erase();
  return success();
}

} // namespace

LogicalResult lowerDebugOp(Operation *op, func::FuncOp kernel, const TargetInfo &info) {
  // Host targets print with printf and report asserts through the runtime's hook.
  if (info.getKind() != TargetKind::CPU && info.getKind() != TargetKind::SIMT) {
    StringRef what = isa<tile::PrintOp>(op) ? "tl.device_print" : "tl.device_assert";
    return op->emitError() << what
                           << " is only supported on the CPU target in tilec (remove it or "
                              "compile for --target cpu)";
  }
  if (auto print = dyn_cast<tile::PrintOp>(op))
    return lowerPrint(print, kernel, info);
  return lowerAssert(cast<tile::AssertOp>(op), kernel, info);
}

} // namespace tilec
