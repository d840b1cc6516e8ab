//===- TileOps.h - Operations of the tile dialect ----------------*- C++ -*-===//
#ifndef TILEC_DIALECT_TILE_TILEOPS_H
#define TILEC_DIALECT_TILE_TILEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "tilec/Dialect/Tile/TileAttrs.h"
#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/Tile/TileTypes.h"

#include "Tile/TileInterfaces.h.inc"

#define GET_OP_CLASSES
#include "Tile/TileOps.h.inc"

namespace tilec::tile {

/// Unit attribute on an `scf.for` enclosing a `tile.store {stream_min_programs}`:
/// each of its iterations runs the store again, so the lowering multiplies the
/// launch's program count by the loop's trip count before comparing it with
/// `stream_min_programs`.
inline constexpr const char kStreamTripCountAttr[] = "tile.stream_trip_count";

/// Replaces every `tile.hint` under `root` by its operand (once nothing reads
/// the promises: the CPU pipeline, or the GPU lowering after its axis analysis).
void dropHints(mlir::Operation *root);

/// Whether `op` is a pure arith or math op of one tile result (a cast, a step
/// of a decoding): what tilec-assign-layouts moves after a dot operand's
/// conversion, and what the tensor-core lowerings recompute per K step.
bool isPureElementwise(mlir::Operation *op);

/// Whether every use of `value` is one that `atUse` accepts (a dot operand),
/// or an operand of an op that `through` accepts (a step of an elementwise
/// chain, e.g. isPureElementwise) whose result is used only so in turn.
bool usedOnlyThrough(mlir::Value value, llvm::function_ref<bool(mlir::OpOperand &)> atUse,
                     llvm::function_ref<bool(mlir::Operation *)> through);

/// Whether `precision` is an `input_precision` that `tile.dot` accepts:
/// Triton's "ieee", "tf32", "tf32x3", "bf16x3" and "bf16x6".
bool isDotInputPrecision(llvm::StringRef precision);

/// The accepted `input_precision` names, quoted and comma-separated, for
/// diagnostics.
llvm::StringRef dotInputPrecisionList();

/// Clones the ops of the single-block region `body` at `builder`'s insertion
/// point, its block arguments standing for `args` (in order), and returns the
/// values its terminator yields: a reduction or scan combiner applied to one
/// pair of operands, or a map_elementwise body applied to one group of lanes.
llvm::SmallVector<mlir::Value> inlineBlock(mlir::OpBuilder &builder, mlir::Block &body,
                                           mlir::ValueRange args);

} // namespace tilec::tile

#endif // TILEC_DIALECT_TILE_TILEOPS_H
