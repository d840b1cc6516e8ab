//===- Utils.h - Helpers shared by the tile-to-vector patterns ---*- C++ -*-===//
#ifndef TILEC_LIB_CONVERSION_TILETOVECTOR_UTILS_H
#define TILEC_LIB_CONVERSION_TILETOVECTOR_UTILS_H

#include "tilec/Conversion/TileToVector.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace tilec::detail {

/// A conversion pattern for `OpT` that follows convert-tile-to-vector's
/// code-generation policy (CPU row loops, prefetch, microkernel sizes).
template <typename OpT>
struct PolicyConversionPattern : public mlir::OpConversionPattern<OpT> {
  PolicyConversionPattern(const mlir::TypeConverter &typeConverter, mlir::MLIRContext *ctx,
                          const TileToVectorPolicy &policy)
      : mlir::OpConversionPattern<OpT>(typeConverter, ctx), policy(policy) {}

protected:
  TileToVectorPolicy policy;
};

/// Row addresses handed from the row loop of a `tile.load` to the `tl.dot`
/// microkernel that reads the load as its A operand (CPUs, see
/// dotReadingRowsInPlace): for each such load, keyed by its replacement (the
/// llvm.load of its whole buffer, which the dot's adaptor sees), a stack
/// table of one pointer per row: the row itself in program memory when its
/// mask is full, else its masked copy in the load's stack buffer. Full rows
/// are then neither copied nor read twice.
struct RowAddressTables {
  llvm::DenseMap<mlir::Operation *, mlir::Value> tables;
};

/// The `tl.dot` whose microkernel reads the rows of `load` (a row-wise load
/// of a 2-D tile) in place through a RowAddressTables entry, or null: the load's
/// only user is the dot's A operand in the same block, no op between them may
/// write memory, and the dot is a 2-D one of A elements of the accumulator's
/// type that takes the looped microkernel.
tile::DotOp dotReadingRowsInPlace(tile::LoadOp load, const TileToVectorPolicy &policy);

/// Row-major flat index of `index` in `shape`.
int64_t linearize(llvm::ArrayRef<int64_t> index, llvm::ArrayRef<int64_t> shape);

/// Row-major multi-index of flat index `flat` in `shape`.
llvm::SmallVector<int64_t> delinearize(int64_t flat, llvm::ArrayRef<int64_t> shape);

/// Size in bytes of a scalar (or pointer) element, used as the alignment of
/// vector memory accesses.
unsigned getElementByteSize(mlir::Type elementType);

/// `vector.shuffle %v, %v` selecting `mask` from `v`; returns `v` itself when
/// `mask` is the identity of `v`.
mlir::Value shuffleOne(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                       llvm::ArrayRef<int64_t> mask);

/// Concatenates 1-D vectors of one element type with a balanced shuffle tree.
mlir::Value concatVectors(mlir::OpBuilder &b, mlir::Location loc,
                          llvm::ArrayRef<mlir::Value> parts);

/// A zero of `type` (integer, float, pointer, or a vector of them).
mlir::Value createZero(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type);

/// A loop bound or step `v` (index or integer) as a signed i64.
mlir::Value castToI64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);

/// Number of iterations of `loop` (0 when its range is empty), as i64,
/// computed at the builder's insertion point (where the bounds are defined).
mlir::Value tripCount(mlir::OpBuilder &b, mlir::scf::ForOp loop);

/// `arith.constant` of `type` (a scalar or a vector of integers/floats) holding
/// `value` in every element; `value` is a scalar integer or float attribute.
mlir::Value createSplatConstant(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type,
                                mlir::TypedAttr value);

/// An all-true `vector<N x i1>` mask.
mlir::Value createAllTrue(mlir::OpBuilder &b, mlir::Location loc, int64_t n);

/// A 64-byte aligned `llvm.alloca` of `count` elements of `elemType` at the
/// start of the entry block of the function enclosing `anchor`: a static stack
/// slot even when `anchor` sits inside a loop, in the generic address space
/// (see moveAllocasToAddressSpace).
mlir::Value createEntryAlloca(mlir::OpBuilder &b, mlir::Operation *anchor, mlir::Type elemType,
                              int64_t count);

/// Replaces each generic-address-space `llvm.alloca` under `root` with one in
/// `addressSpace` (the target's stack, e.g. 5 on AMDGPU) cast back to the
/// generic space; nothing when `addressSpace` is 0.
void moveAllocasToAddressSpace(mlir::Operation *root, unsigned addressSpace);

/// Stores the 1-D vector `v` at element `offset` of `buf` (elements of
/// `elemBytes` bytes; i1 lanes as i8). A concatenation (a vector.shuffle of
/// two vectors with the mask 0, 1, ..., n-1, as built by concatVectors) is
/// stored as its parts, so e.g. the rows of a tile loaded row by row go to the
/// buffer directly instead of being assembled in registers first.
void storeParts(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v, mlir::Value buf,
                int64_t offset, unsigned elemBytes);

/// Stores the 1-D vector `v` into a fresh entry-block alloca (see
/// createEntryAlloca) at the current insertion point; returns the buffer.
/// i1 vectors are stored as i8 (one byte per lane).
mlir::Value spillToStack(mlir::OpBuilder &b, mlir::Operation *anchor, mlir::Value v);

/// Forwards whole copies between stack buffers: where a buffer `dst` is
/// filled once by `store (load src), dst` from another buffer `src` of the
/// same shape, written only before that load, and `dst` is only read after
/// the store, the readers of `dst` read `src` instead. The copied value, as
/// wide as a whole tile (a tile loaded row by row, then spilled again for a
/// transposition or a dot operand), then dies: kept, it crosses blocks at
/// full width, which LLVM's code generator handles in time quadratic in the
/// lanes (minutes for a 128x128 tile).
void forwardStackBufferCopies(mlir::Operation *root);

/// Re-emits the scalar arith/math ops of a tile.reduce or tile.scan combiner
/// block on 1-D vectors of one width, lane by lane.
class VectorCombiner {
public:
  VectorCombiner(mlir::Block &body, mlir::Location loc,
                 mlir::ConversionPatternRewriter &rewriter)
      : body(body), loc(loc), rewriter(rewriter) {}

  /// Checks that every op of the block can be re-emitted on vectors; on
  /// failure emits an error naming the unsupported op and `opName`.
  mlir::LogicalResult verifySupported(llvm::StringRef opName);

  /// Combines the N vectors `lhs` (the block's first N arguments) with the N
  /// vectors `rhs` (its last N); all have one width. Returns the N yielded
  /// values as vectors.
  llvm::SmallVector<mlir::Value> combine(llvm::ArrayRef<mlir::Value> lhs,
                                         llvm::ArrayRef<mlir::Value> rhs);

private:
  mlir::Block &body;
  mlir::Location loc;
  mlir::ConversionPatternRewriter &rewriter;
};

/// Address of element `index` (an integer value) of the buffer `buf` holding
/// elements of `elemType`, i1 elements being stored as i8 (see spillToStack).
mlir::Value getBufferElementAddress(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buf,
                                    mlir::Type elemType, mlir::Value index);

/// Loads `count` elements of `elemType` from element `index` of `buf` (i1
/// buffers hold i8 and are truncated back); `align` is the access alignment.
mlir::Value loadBufferLanes(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buf,
                            mlir::Type elemType, mlir::Value index, int64_t count,
                            unsigned align);

/// A masked load that is a plain load when every lane of `mask` is enabled
/// (`scf.if` on its `vector.reduction <and>`): masked loads stream at half the
/// bandwidth of plain ones on some x86 cores (Zen 4).
mlir::Value createMaskedLoadUnlessFull(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::VectorType type, mlir::Value addr, mlir::Value mask,
                                       mlir::Value passThru, unsigned align);

/// Stores the 1-D vector `v` at element `index` of `buf` (i1 vectors as i8).
void storeBufferLanes(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v, mlir::Value buf,
                      mlir::Value index, unsigned align);

/// Software prefetch of a loop's next row-wise loads (see Prefetch.cpp; CPUs,
/// convert-tile-to-vector's `prefetch` option): when `ptrs`, the converted pointer
/// operand (a flat tile of rows of `rowElements` pointers to `elemType`) of
/// the row-wise tile.load `load`, is carried by an scf.for that advances it
/// by a uniform offset per iteration (`p += BLOCK * stride`), returns that
/// offset (i64, in elements) usable at the insertion point; else null.
mlir::Value getNextIterationAdvance(mlir::ConversionPatternRewriter &rewriter,
                                    mlir::Operation *load, mlir::Value ptrs, mlir::Type elemType,
                                    int64_t rowElements);

/// Prefetches the cache lines of the row the next iteration reads in place of
/// the row of `rowElements` elements of `elemType` at `row`: `row + advance`.
void prefetchNextRow(mlir::OpBuilder &b, mlir::Location loc, mlir::Value row, mlir::Value advance,
                     mlir::Type elemType, int64_t rowElements);

/// A prefetch (read, into L2) of the byte at `offset` from the pointer `base`.
void prefetchAt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base, int64_t offset);

/// Prefetches of the cache lines of the `bytes` bytes at `base`, one per line
/// from `base` (at least one).
void prefetchLines(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base, int64_t bytes);

/// The scalar ops computing a load's address from `tile.program_id 0` (see
/// Prefetch.cpp: prefetch of the next program's rows).
struct NextProgramSlice {
  /// The address.
  mlir::Value addr;
  /// Its defining ops, each after those computing its operands: pure,
  /// region-free, with one integer, index or pointer result.
  llvm::SmallVector<mlir::Operation *> ops;
  /// The `tile.program_id 0` results the ops read.
  llvm::SmallVector<mlir::Value> programIds;
  /// Numbers of the function arguments the ops read, sorted: loads with
  /// equal roots read one row stream.
  llvm::SmallVector<unsigned> roots;
};

/// The slice computing the scalar address `addr` when it depends on the
/// program id along axis 0 and otherwise only on function arguments,
/// constants and scf.for induction variables, through at most 16 pure ops
/// that cannot trap; std::nullopt otherwise.
std::optional<NextProgramSlice> matchNextProgramSlice(mlir::Value addr);

/// Emits, at the builder's insertion point, a copy of `slice` with every
/// program id incremented (without wrap flags) and returns the address the
/// next program reads.
mlir::Value emitNextProgramAddress(mlir::OpBuilder &b, mlir::Location loc,
                                   const NextProgramSlice &slice);

/// The address to prefetch in place of `load`'s (at `current`, `bytes` bytes
/// per execution) for the next program: `next` when the program's row (the
/// load's bytes times the trip counts of the scf.for loops around it) is at
/// most 64 KiB, else `current` (a selection computed at the insertion point
/// when the trip counts are only known at run time; the prefetch then
/// touches lines the load reads anyway); null when the row is larger for
/// sure, or in a loop of unknown trip count.
mlir::Value guardNextRowSize(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *load,
                             mlir::Value current, mlir::Value next, int64_t bytes);

} // namespace tilec::detail

#endif // TILEC_LIB_CONVERSION_TILETOVECTOR_UTILS_H
