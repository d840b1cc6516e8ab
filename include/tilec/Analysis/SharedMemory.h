//===- SharedMemory.h - Estimates of a GPU kernel's shared-memory scratch -*- C++ -*-===//
//
// What the SIMT lowering's shared-memory exchanges of a kernel (layout
// conversions, transpositions, reshapes, gathers, shuffles, histograms' bins
// and the operands tensor-core dots stage) may take at once, for the passes
// that place long-lived buffers before it (tilec-pipeline-loops, convert-tile-to-gpu's
// resident dot operands), so that buffers and scratch fit together.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_ANALYSIS_SHAREDMEMORY_H
#define TILEC_ANALYSIS_SHAREDMEMORY_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace tilec {

/// Bytes of a tile of `type` (0 for other types); sub-byte elements take one.
int64_t tileBytes(mlir::Type type);

/// Scratch bytes the exchanges of `kernel` may take at once: the largest tile
/// one of them moves (a histogram: its bins), or the A and B operands a dot
/// stages together. Ops for
/// which `skip` holds are left out, and so are dot operands for which
/// `readFromBuffer` holds (their dots read them from a buffer of their own).
int64_t estimateScratchBytes(mlir::func::FuncOp kernel,
                             llvm::function_ref<bool(mlir::Operation *)> skip,
                             llvm::function_ref<bool(mlir::Value)> readFromBuffer);

} // namespace tilec

#endif // TILEC_ANALYSIS_SHAREDMEMORY_H
