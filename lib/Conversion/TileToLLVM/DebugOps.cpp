//===- DebugOps.cpp - tile.print / tile.assert through the target ---------===//
//
// tile.print becomes printf calls (TargetInfo::emitPrintf) in a loop over the
// elements, in the format of Triton's device_print. tile.assert reports through
// TargetInfo::emitAssertFailure where its condition fails (on host targets,
// the runtime's hook behind kAssertHookSymbol; `__assertfail` on NVIDIA).
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
  SmallVector<Value> pids;
  for (int axis = 0; axis < 3; ++axis)
    pids.push_back(info.getProgramId(b, loc, kernel, axis));
  bool printed = true;
  auto call = [&](OpBuilder &bb, StringRef format, ArrayRef<Value> args) {
    SmallVector<Value> operands(pids);
    operands.append(args.begin(), args.end());
    printed &= succeeded(
        info.emitPrintf(bb, loc, createGlobalCString(bb, loc, module, format), operands));
  };
  std::string pidFormat = "pid (%u, %u, %u)";
  if (op.getValues().empty()) {
    call(b, pidFormat + op.getPrefix().str() + "\n", {});
    op.erase();
    return success(printed);
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
  return success(printed);
}

LogicalResult lowerAssert(tile::AssertOp op, func::FuncOp kernel, const TargetInfo &info) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value cond = op.getCondition();
  Value allTrue = cond;
  if (isa<VectorType>(cond.getType()))
    allTrue = vector::ReductionOp::create(b, loc, vector::CombiningKind::AND, cond);
  Value anyFalse = arith::XOrIOp::create(b, loc, allTrue, arith::ConstantIntOp::create(b, loc, 1, 1));
  auto ifFailed = scf::IfOp::create(b, loc, anyFalse, /*withElseRegion=*/false);
  OpBuilder then = OpBuilder::atBlockBegin(ifFailed.thenBlock());
  std::string file = "<unknown>";
  unsigned line = 0;
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>()) {
    file = fileLoc.getFilename().str();
    line = fileLoc.getLine();
  }
  LogicalResult reported = info.emitAssertFailure(then, loc, kernel, op.getMessage(), file, line);
  op.erase();
  return reported;
}

} // namespace

LogicalResult lowerDebugOp(Operation *op, func::FuncOp kernel, const TargetInfo &info) {
  if (auto print = dyn_cast<tile::PrintOp>(op))
    return lowerPrint(print, kernel, info);
  return lowerAssert(cast<tile::AssertOp>(op), kernel, info);
}

} // namespace tilec
