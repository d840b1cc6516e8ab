//===- TileToVector.h - Patterns lowering tiles to flat vectors --*- C++ -*-===//
//
// The pieces of `convert-tile-to-vector`: its type converter and one populate
// function per group of ops, so other passes can reuse any of them.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CONVERSION_TILETOVECTOR_H
#define TILEC_CONVERSION_TILETOVECTOR_H

#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

#include <memory>

namespace tilec {

namespace detail {
struct RowAddressTables;
} // namespace detail

/// The code-generation choices of the tile-to-vector patterns, from the
/// options of convert-tile-to-vector. The defaults are the GPUs' per-thread
/// vectors (each thread's few lanes); CPUs set them for wide tiles.
struct TileToVectorPolicy {
  /// Lanes of the register-sized pieces wide tiles are processed in (CPUs: 32;
  /// 0: none). Row-wise accesses of many rows then run as loops over the rows,
  /// and wide 1-D reductions and transposes as loops over pieces; the
  /// `tilec-strip-mine` pass, given the same count, cuts the lane-wise chains
  /// between them.
  int64_t chunkLanes = 0;
  /// Software prefetch of the rows the next loop iteration loads (row loops
  /// only, so it needs chunkLanes).
  bool prefetch = false;
  /// The target's vector registers (width in bits, count): they size the
  /// register-blocked tl.dot microkernel.
  int64_t vectorBits = 512;
  int64_t vectorRegisters = 32;
  /// The microkernel of bf16 x bf16 -> f32 dots multiplies K pairs with x86's
  /// `vdpbf16ps` (AVX512-BF16 with AVX512-VL).
  bool dotVdpbf16ps = false;
  /// The microkernel of i8 x i8 -> i32 dots multiplies K quads with x86's
  /// `vpdpbusd` (AVX512-VNNI with AVX512-VL, or AVX-VNNI at 256 bits).
  bool dotVpdpbusd = false;
  /// Shared by the patterns of one conversion (null: none): the tables of row
  /// addresses through which a tl.dot reads its A operand in place (see
  /// detail::RowAddressTables).
  std::shared_ptr<detail::RowAddressTables> rowTables;
};

/// Type converter of convert-tile-to-vector: scalars stay, `!tile.ptr<T>`
/// becomes `!llvm.ptr` and a tile `tensor<d0x...xdnxT>` becomes the row-major
/// flat `vector<(d0*...*dn) x conv(T)>`.
/// Attribute on the llvm.store / masked stores lowered from a streaming
/// `tile.store`, until tilec-lower-nontemporal-stores consumes it: unit for
/// `{nontemporal}` (always), i64 N for `{stream_min_programs = N}` (in launches
/// of at least N programs).
inline constexpr const char kNonTemporalAttr[] = "tilec.nontemporal";

class TileToVectorTypeConverter : public mlir::TypeConverter {
public:
  explicit TileToVectorTypeConverter(mlir::MLIRContext *ctx);
};

/// Marks ops legal iff their types are legal (func.func: its signature and
/// body), the tile dialect illegal except `tile.program_id`/`num_programs`.
void configureTileToVectorTarget(mlir::ConversionTarget &target,
                                 const mlir::TypeConverter &typeConverter);

/// arith/math ops on tiles (rebuilt on vectors), dense tile constants, and the
/// func/scf structural type conversions (`target` receives scf legality).
void populateTileElementwiseToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                             mlir::RewritePatternSet &patterns);

/// func.func/call/return and scf.for/if/while/condition/yield signatures.
void populateTileStructuralToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                            mlir::RewritePatternSet &patterns,
                                            mlir::ConversionTarget &target);

/// tile.make_range/splat/broadcast/expand_dims/reshape/trans.
void populateTileShapeToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                       mlir::RewritePatternSet &patterns,
                                       const TileToVectorPolicy &policy);

/// tile.addptr/load/store -> llvm.getelementptr and (masked) loads, stores,
/// gathers and scatters; contiguous 1-D accesses use one vector access.
void populateTileMemoryToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                        mlir::RewritePatternSet &patterns,
                                        const TileToVectorPolicy &policy);

/// Rewrites each scf.for under `root` that carries a tile of pointers
/// incremented by a uniform offset (`ptrs += BLOCK * stride`: yielded as
/// `addptr(arg, splat(s))`) to carry an i64 scalar offset instead; the body
/// and the loop's users see `addptr(init, splat(offset))` (see
/// PointerIncrements.cpp). The `tilec-carry-pointer-offsets` pass, run on CPUs
/// before convert-tile-to-vector.
void carryPointerOffsets(mlir::Operation *root);

/// Prepares the memory patterns (run it before applying them): marks each
/// tile.load/tile.store under `root` whose pointer tile provably has
/// unit-stride rows (analysis through scf.for iter_args included) with the unit
/// attribute `tilec.contiguous_rows`, so one vector access per row is used even
/// after the loop structure has been converted. An access whose row stride is a
/// runtime scalar `s` (`cols[None, :] * s`) is versioned in place:
/// `scf.if (s == 1)` selects a marked copy over the general one.
void annotateContiguousAccesses(mlir::Operation *root);

/// tile.reduce -> shuffle trees combined by the inlined combiner.
void populateTileReduceToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                        mlir::RewritePatternSet &patterns,
                                        const TileToVectorPolicy &policy);

/// tile.scan -> Hillis-Steele shuffle/combine/select steps.
void populateTileScanToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                      mlir::RewritePatternSet &patterns);

/// tile.dot -> broadcast-FMA: unrolled rows for small dots, a register-blocked
/// scf.for microkernel over stack buffers for large float dots.
void populateTileDotToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                     mlir::RewritePatternSet &patterns,
                                     const TileToVectorPolicy &policy);

/// tile.atomic_rmw/atomic_cas/atomic_load/atomic_store -> one llvm.atomicrmw,
/// llvm.cmpxchg or ordered llvm.load/llvm.store per element (an scf.for over
/// the lanes of a tile), guarded by the mask.
void populateTileAtomicsToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                         mlir::RewritePatternSet &patterns);

/// The LLVM ordering of a tile memory semantic.
mlir::LLVM::AtomicOrdering toLLVMOrdering(tile::MemSemantic sem);

/// How one atomic access synchronizes: its LLVM ordering, its LLVM
/// synchronization scope (`syncscope`; empty for the whole system) and
/// whether an ordered read-modify-write is emitted as a monotonic one between
/// fences, for back ends that drop the ordering of `atomicrmw`
/// (TargetInfo::dropsAtomicRMWOrdering).
struct AtomicSync {
  mlir::LLVM::AtomicOrdering ordering;
  llvm::StringRef syncScope = "";
  bool fenceReadModifyWrite = false;
};

/// One atomic read-modify-write of `kind` at `ptr` (Triton's float max/min on
/// the bit pattern); returns the old value.
mlir::Value emitAtomicRMW(mlir::OpBuilder &b, mlir::Location loc, tile::AtomicRMWKind kind,
                          const AtomicSync &sync, mlir::Value ptr, mlir::Value val);
/// One compare-and-swap at `ptr` (floats by bit pattern); returns the old value.
mlir::Value emitAtomicCAS(mlir::OpBuilder &b, mlir::Location loc, const AtomicSync &sync,
                          mlir::Value ptr, mlir::Value cmp, mlir::Value val);

/// One atomic `llvm.load` of a `type` element at `ptr` (booleans: a byte,
/// compared with zero).
mlir::Value emitAtomicLoad(mlir::OpBuilder &b, mlir::Location loc, const AtomicSync &sync,
                           mlir::Value ptr, mlir::Type type);

/// One atomic `llvm.store` of `value` at `ptr` (booleans as a byte).
void emitAtomicStore(mlir::OpBuilder &b, mlir::Location loc, const AtomicSync &sync,
                     mlir::Value ptr, mlir::Value value);

/// tile.gather -> a loop of loads from the spilled source tile.
void populateTileGatherToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                        mlir::RewritePatternSet &patterns);

/// tile.histogram -> a loop over the spilled input adding into a zeroed
/// stack buffer of bins.
void populateTileHistogramToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                           mlir::RewritePatternSet &patterns);

/// tile.print / tile.assert on vectors (legal for the later, target-specific
/// lowering in convert-tile-to-llvm).
void populateTileDebugToVectorPatterns(const mlir::TypeConverter &typeConverter,
                                       mlir::RewritePatternSet &patterns,
                                       mlir::ConversionTarget &target);

/// Rewrites each maximal run of lane-wise ops on vectors wider than
/// `chunkLanes` lanes (a multiple of it) in the functions under `root` into an
/// scf.for over `chunkLanes`-lane pieces, so a chain over a 4096-lane tile runs
/// in registers instead of being legalized into hundreds of spilled ones
/// (the `tilec-strip-mine` pass).
void stripMineWideVectors(mlir::Operation *root, int64_t chunkLanes);

/// Turns the vector llvm.stores marked with kNonTemporalAttr into
/// non-temporal stores when `streamingStores` (CPU targets): a store whose
/// address is not known to be aligned to its width (at most 64 bytes) is
/// versioned on the address, since a misaligned streaming store would be split
/// into small ones; a store marked with a minimum program count is also
/// versioned on the grid size. Masked and scalar stores stay ordinary; the
/// marks are removed either way (the `tilec-lower-nontemporal-stores` pass).
void lowerNonTemporalStores(mlir::Operation *root, bool streamingStores);

} // namespace tilec

#endif // TILEC_CONVERSION_TILETOVECTOR_H
