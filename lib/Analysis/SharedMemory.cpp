//===- SharedMemory.cpp - Estimates of a GPU kernel's shared-memory scratch ===//
//
// See SharedMemory.h.
//
//===----------------------------------------------------------------------===//
#include "tilec/Analysis/SharedMemory.h"
#include "tilec/Dialect/Tile/TileOps.h"

using namespace mlir;

int64_t tilec::tileBytes(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.getElementType().isIntOrFloat())
    return 0;
  return tensor.getNumElements() * std::max<int64_t>(1, tensor.getElementTypeBitWidth() / 8);
}

int64_t tilec::estimateScratchBytes(func::FuncOp kernel, function_ref<bool(Operation *)> skip,
                                    function_ref<bool(Value)> readFromBuffer) {
  int64_t bytes = 0;
  kernel.walk([&](Operation *op) {
    if (skip(op) || !isa<tile::ConvertLayoutOp, tile::TransOp, tile::ReshapeOp, tile::GatherOp,
                         tile::ElementPermutationOpInterface, tile::DotOp, tile::HistogramOp>(op))
      return;
    // A permutation that goes through shared memory writes all its operands.
    if (isa<tile::ElementPermutationOpInterface>(op)) {
      int64_t sum = 0;
      for (Value operand : op->getOperands())
        sum += tileBytes(operand.getType());
      bytes = std::max(bytes, sum);
      return;
    }
    // A histogram counts into an array of its bins.
    if (isa<tile::HistogramOp>(op)) {
      bytes = std::max(bytes, tileBytes(op->getResult(0).getType()));
      return;
    }
    // A dot stages its operands (both at once) unless they come from buffers.
    int64_t opBytes = 0;
    bool dot = isa<tile::DotOp>(op);
    for (Value operand : op->getOperands().take_front(dot ? 2 : op->getNumOperands())) {
      if (dot && readFromBuffer(operand))
        continue;
      opBytes = dot ? opBytes + tileBytes(operand.getType())
                    : std::max(opBytes, tileBytes(operand.getType()));
    }
    bytes = std::max(bytes, opBytes);
  });
  return bytes;
}
