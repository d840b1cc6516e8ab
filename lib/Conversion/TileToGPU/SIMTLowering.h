//===- SIMTLowering.h - Shared state and helpers of convert-tile-to-gpu -*- C++ -*-===//
//
// A tile with a distributed layout becomes, in each thread, a `vector<R x T>`
// of the R elements the thread holds (DistributedLayout: register r of lane l,
// warp w holds coordinates threadBase(l, w) + regOffsets[r]). The patterns of
// each group of ops share the kernel's thread coordinates and its shared
// memory through SIMTLowering.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_LIB_CONVERSION_TILETOGPU_SIMTLOWERING_H
#define TILEC_LIB_CONVERSION_TILETOGPU_SIMTLOWERING_H

#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Target/TargetInfo.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace tilec {

/// Per-kernel state of the SIMT lowering.
class SIMTLowering {
public:
  SIMTLowering(const TargetInfo &target, mlir::func::FuncOp kernel, llvm::StringRef arch,
               unsigned warpSize);

  const TargetInfo &target;
  mlir::func::FuncOp kernel;
  std::string arch;
  unsigned warpSize;
  /// i32 thread index, lane and warp, computed once at the kernel's entry.
  mlir::Value threadId, laneId, warpId;

  /// Bytes of shared memory the lowered ops use: the tile.local_alloc
  /// buffers (and resident dot operands), which live until the kernel's last
  /// dot, from the base (planLocalAllocations), then the scratch that every
  /// other use takes from `allocatedBytes` on, each use enclosed in barriers.
  /// Scratch used after `lastBufferUser` (an op of the kernel's body) starts
  /// at the base instead: the buffers are dead there (an epilogue's layout
  /// conversion reuses the pipeline's buffers, as Triton's allocator does).
  uint64_t sharedBytes = 0;
  uint64_t allocatedBytes = 0;
  mlir::Operation *lastBufferUser = nullptr;
  /// Byte offset of each tile.local_alloc's buffer from the base.
  llvm::DenseMap<mlir::Operation *, uint64_t> allocationOffsets;
  /// The 128-byte slot of each tile.make_tensor_map, and of each tile.store
  /// the copy engine writes, in the program's part of the kernel's global
  /// scratch (planTensorMaps).
  llvm::DenseMap<mlir::Operation *, unsigned> tensorMapSlots;
  /// The tile.stores of marked descriptor blocks that the copy engine writes
  /// (planTensorMaps).
  llvm::DenseSet<mlir::Operation *> engineStores;

  /// Conversions to a dot-operand layout that the tensor-core dots using them
  /// stage in shared memory themselves (their fragments are loaded there per
  /// K step, with ldmatrix): they lower to nothing (planDotOperandStaging).
  llvm::DenseSet<mlir::Operation *> stagedOperandConversions;
  /// tile.local_loads to a dot-operand layout whose tensor-core dots read
  /// their fragments from the buffer per K step: they lower to nothing too.
  llvm::DenseSet<mlir::Operation *> stagedOperandLoads;
  /// Transpositions (2-D `tile.trans`) whose only use is a staged conversion
  /// to a B operand: the dot stages their source instead, row-major, and reads
  /// its fragments transposed; or a tile.local_store, which writes their
  /// source at the transposed places. They lower to nothing.
  llvm::DenseSet<mlir::Operation *> stagedTransposes;
  /// Conversions to a B operand of a `tile.trans` of a `tile.local_load`
  /// (a pipelined `tl.trans(tl.load(...))`): the dot reads B transposed from
  /// the buffer (this memdesc); the three ops lower to nothing.
  llvm::DenseMap<mlir::Operation *, mlir::Value> transposedBufferOperands;
  /// A region of shared memory of its own (after the buffers, for the whole
  /// kernel): byte offset from the base, and row stride in elements; or, for
  /// the A operand of wgmma dots, `swizzleBytes` (non-zero: the region starts
  /// 1024-byte aligned and holds the tile as WgmmaDot.cpp's staging does).
  struct ResidentRegion {
    uint64_t offset;
    int64_t rowStride;
    int64_t swizzleBytes = 0;
  };
  /// Conversions to a dot-operand layout of loop invariants (attention's `q`),
  /// moved before their loop: each writes its tile once to a region of its
  /// own, which the dots in the loop read per K step (planDotOperandStaging).
  llvm::DenseMap<mlir::Operation *, ResidentRegion> residentOperandConversions;

  /// The resolved layout of a tile type (which must carry an encoding).
  tile::DistributedLayout layoutOf(mlir::Type tileType) const;
  /// i32 coordinate of the thread's first element along tile dimension `dim`.
  mlir::Value threadBase(mlir::OpBuilder &b, mlir::Location loc,
                         const tile::DistributedLayout &layout, unsigned dim) const;
  /// i32 row-major linear index of the thread's first element in a tile of
  /// `shape` (add `linearOffset(layout, r, strides)` for register r), with
  /// `strides` the row-major strides of the index space (tile dims of `layout`).
  mlir::Value threadLinearBase(mlir::OpBuilder &b, mlir::Location loc,
                               const tile::DistributedLayout &layout,
                               llvm::ArrayRef<int64_t> strides) const;
  static int64_t linearOffset(const tile::DistributedLayout &layout, int64_t reg,
                              llvm::ArrayRef<int64_t> strides);
  /// threadLinearBase of lane `lane` of warp `warp`, evaluated at compile time.
  static int64_t threadLinearBaseOf(const tile::DistributedLayout &layout,
                                    llvm::ArrayRef<int64_t> strides, unsigned lane, unsigned warp);
  /// i1: whether this thread is the first holder of its elements (threads that
  /// hold copies are not), so side effects happen once.
  mlir::Value isOwner(mlir::OpBuilder &b, mlir::Location loc,
                      const tile::DistributedLayout &layout) const;

  /// Butterfly exchange of any scalar (split into or widened to 32-bit pieces).
  mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                         unsigned laneMask) const;

  /// Address of byte `offset` of the tile.local_alloc buffers.
  mlir::Value allocationAddress(mlir::OpBuilder &b, mlir::Location loc, uint64_t offset);
  /// Address of byte `byteOffset` (an i32 value) of the scratch area; grows
  /// the kernel's scratch to `limit` bytes.
  mlir::Value sharedAddress(mlir::OpBuilder &b, mlir::Location loc, mlir::Value byteOffset,
                            uint64_t limit);
  /// Byte offset from the base of shared memory of the scratch area that
  /// sharedAddress addresses at `b`'s insertion point.
  uint64_t scratchBase(mlir::OpBuilder &b) const;
  /// Address of element `index` (an i32) of an array of `elem` scalars kept in
  /// shared memory from byte `byteBase`; grows shared memory to `limit` bytes.
  mlir::Value elementAddress(mlir::OpBuilder &b, mlir::Location loc, mlir::Value index,
                             mlir::Type elem, uint64_t byteBase, uint64_t limit);
  /// Scalars as they are kept in shared memory (i1 as i8, pointers as i64).
  static mlir::Type sharedType(mlir::Type type);
  void storeSharedScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                         mlir::Value address);
  mlir::Value loadSharedScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type,
                               mlir::Value address);
  /// The scalar `value` of thread 0, in every thread (through shared memory,
  /// between barriers).
  mlir::Value shareFromThread0(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value);
  /// Writes a thread's registers `values` of a tile (layout `layout`, row-major
  /// index space with `strides`) to shared memory at byte `byteBase`.
  void storeTile(mlir::OpBuilder &b, mlir::Location loc, mlir::Value values,
                 const tile::DistributedLayout &layout, llvm::ArrayRef<int64_t> strides,
                 uint64_t byteBase, uint64_t limit);
  /// As storeTile above, for a tile whose element `index` (an i32), held in
  /// register `reg`, is at `address(index, reg)`; `alignment` is what the
  /// byte address of element 0 is known to be a multiple of (registers whose
  /// elements are consecutive and aligned then move together, up to 16 bytes
  /// per access: `reg` is the first of them).
  void storeTile(mlir::OpBuilder &b, mlir::Location loc, mlir::Value values,
                 const tile::DistributedLayout &layout, llvm::ArrayRef<int64_t> strides,
                 llvm::function_ref<mlir::Value(mlir::Value, int64_t)> address,
                 uint64_t alignment = 1);
  /// Reads the thread's registers (a `type` vector) of a tile in `layout` back
  /// from shared memory at byte `byteBase`: register r reads the element at
  /// index threadLinearBase(layout, coefficients) + linearOffset(layout, r,
  /// coefficients) (with row-major strides, the inverse of storeTile).
  mlir::Value loadTile(mlir::OpBuilder &b, mlir::Location loc, mlir::VectorType type,
                       const tile::DistributedLayout &layout,
                       llvm::ArrayRef<int64_t> coefficients, uint64_t byteBase,
                       uint64_t limit);
  /// As loadTile above, for a tile whose element `index` (an i32) is at
  /// `address(index)` (e.g. a `tile.local_alloc` buffer), element 0 at a
  /// multiple of `alignment` bytes (as storeTile).
  mlir::Value loadTile(mlir::OpBuilder &b, mlir::Location loc, mlir::VectorType type,
                       const tile::DistributedLayout &layout,
                       llvm::ArrayRef<int64_t> coefficients,
                       llvm::function_ref<mlir::Value(mlir::Value)> address,
                       uint64_t alignment = 1);
  /// As loadTile above, registers [first, first + count) only (a vector of
  /// `count`); runs of registers cut by the window are read element by element.
  mlir::Value loadRegisters(mlir::OpBuilder &b, mlir::Location loc, mlir::Type elem,
                            const tile::DistributedLayout &layout,
                            llvm::ArrayRef<int64_t> coefficients,
                            llvm::function_ref<mlir::Value(mlir::Value)> address,
                            uint64_t alignment, int64_t first, int64_t count);
  /// The registers of a thread that one shared-memory access may move
  /// together, as (first register, count) in order: consecutive elements
  /// (in the row-major index space of `strides`) of a type kept as it is,
  /// whose first byte address is a multiple of the access size (from the
  /// layout's thread bases and `alignment`, element 0's), at most 16 bytes.
  static llvm::SmallVector<std::pair<int64_t, int64_t>>
  sharedAccessRuns(const tile::DistributedLayout &layout, llvm::ArrayRef<int64_t> strides,
                   mlir::Type elem, uint64_t alignment);
  void barrier(mlir::OpBuilder &b, mlir::Location loc) const {
    target.barrier(b, loc, kernel);
  }

  static constexpr llvm::StringLiteral kVectorWidthAttr = "tilec.vector_width";

private:
  mlir::Value sharedBase;
};

/// Checks that the operands of `op`, whose accumulator has the tensor-core
/// layout `accLayout` (`kind`: "mma" or "mfma"), are in that layout's
/// dot_operand layouts; emits the op's error otherwise.
mlir::LogicalResult verifyTensorCoreOperands(tile::DotOp op, mlir::Attribute accLayout,
                                             llvm::StringRef kind);
/// The `#tile.mma` accumulator layout of `op` when it is of `version`, its
/// operands in its dot_operand layouts (else the op's error is emitted); null
/// otherwise. The match of the mma.sync and wgmma dot lowerings.
tile::MmaEncodingAttr matchMmaDot(tile::DotOp op, unsigned version);

/// A conversion pattern of the SIMT lowering: it reaches the kernel's SIMT state.
template <typename Op>
struct SIMTPattern : public mlir::OpConversionPattern<Op> {
  SIMTPattern(SIMTLowering &simt, const mlir::TypeConverter &converter, mlir::MLIRContext *ctx,
              mlir::PatternBenefit benefit = 1)
      : mlir::OpConversionPattern<Op>(converter, ctx, benefit), simt(simt) {}
  SIMTLowering &simt;
};

/// Applies a reduce/scan combiner region to (accs..., news...) on scalars.
llvm::SmallVector<mlir::Value> applyCombiner(mlir::OpBuilder &b, mlir::Region &combiner,
                                             mlir::ValueRange accs, mlir::ValueRange news);

/// Row-major strides of `shape`.
llvm::SmallVector<int64_t> rowMajorStrides(llvm::ArrayRef<int64_t> shape);
/// Byte size of a shared-memory scalar of `type`.
int64_t sharedElementBytes(mlir::Type type);

/// Type converter: a tile with a distributed encoding becomes the vector of a
/// thread's registers; `!tile.ptr` becomes `!llvm.ptr` in the target's global
/// address space; a `!tile.memdesc` the `!llvm.ptr` to its first element in
/// the shared address space.
class SIMTTypeConverter : public mlir::TypeConverter {
public:
  SIMTTypeConverter(mlir::MLIRContext *ctx, unsigned globalAddressSpace,
                    unsigned sharedAddressSpace);
};

void populateSIMTShapePatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns);
void populateSIMTMemoryPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                                mlir::RewritePatternSet &patterns);
void populateSIMTReducePatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                                mlir::RewritePatternSet &patterns);
void populateSIMTSharedMemoryPatterns(SIMTLowering &simt,
                                      const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);
/// join, split, cat, flip and shuffle: register moves within a thread or a
/// warp where the layouts allow, else through shared memory (Permutations.cpp).
void populateSIMTPermutationPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                                     mlir::RewritePatternSet &patterns);
void populateSIMTAtomicPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                                mlir::RewritePatternSet &patterns);
/// tile.histogram through shared-memory atomics (Histogram.cpp).
void populateSIMTHistogramPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);
void populateSIMTScanPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                              mlir::RewritePatternSet &patterns);
void populateSIMTDebugPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns);
/// Fills `simt.stagedOperandConversions`, `simt.stagedOperandLoads` and
/// `simt.residentOperandConversions` (Dot.cpp), placing the resident regions
/// after planLocalAllocations' buffers; call before the patterns run.
void planDotOperandStaging(SIMTLowering &simt);
/// Places the kernel's tile.local_alloc buffers at the base of shared memory
/// (AsyncCopy.cpp); call before the patterns run.
void planLocalAllocations(SIMTLowering &simt);
/// Chooses the stores of marked descriptor blocks that the copy engine writes,
/// and gives each of them and each tile.make_tensor_map of `simt.kernel` a
/// 128-byte slot of the program's global scratch, whose size (and parameter)
/// it sets; call before the patterns run (Tma.cpp).
void planTensorMaps(SIMTLowering &simt);
/// tile.make_tensor_map, tile.async_tma_load and the mbarrier ops on the
/// target's copy engine (Tma.cpp).
void populateSIMTTmaPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                             mlir::RewritePatternSet &patterns);
/// Sets `lastBufferUser` once the buffers and resident operands are placed,
/// with a barrier after it when scratch is used later (SIMTLowering.cpp).
void planScratchReuse(SIMTLowering &simt);
/// tile.local_alloc, memdesc_index, async_copy, async_commit_group,
/// async_wait and local_load (AsyncCopy.cpp).
void populateSIMTAsyncCopyPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);
/// Row stride, in elements, of the 2-D tiles of a shared-memory buffer laid
/// out row-major (order [1, 0]) with its encoding's padding.
int64_t bufferRowStride(tile::MemDescType type);
void populateSIMTDotPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                             mlir::RewritePatternSet &patterns);
/// An i32 value being built at a builder's point, with the integer operators
/// (constant right operands; divisors and moduli powers of two), so that a
/// formula written once as a template serves compile-time int64_t values and
/// run-time ones (SwizzledTile).
struct I32Expr {
  mlir::OpBuilder *b;
  mlir::Location loc;
  mlir::Value value;

  I32Expr operator+(const I32Expr &other) const;
  I32Expr operator^(const I32Expr &other) const;
  I32Expr operator*(int64_t c) const;
  I32Expr operator/(int64_t powerOf2) const;
  I32Expr operator%(int64_t powerOf2) const;
  I32Expr operator>>(int64_t c) const;
  I32Expr operator<<(int64_t c) const;
  I32Expr operator&(int64_t c) const;
};

/// A `rows` x `cols` tile of `elemBytes`-byte elements laid out with
/// NVIDIA's `swizzleBytes`-byte swizzle (`#tile.shared`'s swizzleBytes), as
/// wgmma's matrix descriptors read it: column blocks of swizzleBytes bytes
/// per row (W = swizzleBytes / elemBytes elements), block after block, rows of
/// a block swizzleBytes apart; then the 16-byte chunk bits [4, 4 + p) of each
/// byte offset XORed with bits [7, 7 + p), p = log2(swizzleBytes / 16). The
/// tile must start 1024-byte aligned. Each formula is written once, for
/// int64_t and I32Expr.
struct SwizzledTile {
  int64_t rows, cols, elemBytes, swizzleBytes;

  int64_t width() const { return swizzleBytes / elemBytes; }
  int64_t bytes() const { return rows * cols * elemBytes; }
  /// The byte offset of element (row, col) before the swizzle.
  template <typename Int> Int linearByte(Int row, Int col) const {
    return (col / width()) * (rows * swizzleBytes) + row * swizzleBytes +
           (col % width()) * elemBytes;
  }
  /// `byte` swizzled.
  template <typename Int> Int swizzle(Int byte) const {
    return byte ^ (((byte >> 7) & (swizzleBytes / 16 - 1)) << 4);
  }
  /// The swizzled byte offset of the element at the row-major `index`.
  template <typename Int> Int byteOf(Int index) const {
    return swizzle(linearByte(index / cols, index % cols));
  }
};

/// The swizzled byte offsets (SwizzledTile::byteOf) of the elements a thread's
/// registers hold, from a few run-time values. The swizzle is linear over the
/// bits of the index (XOR of address bits 7-9 into the 16-byte chunk bits
/// 4-6), so where a register's index adds bits the thread's first index never
/// has, its offset is `(S ^ x) + y`: S the swizzled offset of the thread's
/// first index, x a constant of chunk bits only and y one of the other bits.
/// The constructor finds x and y per register and checks them for every lane
/// and warp; the registers that pass share S ^ x (one base per distinct x, at
/// most 8) and take y as an immediate, as Triton's linear-layout addressing
/// does. The others compute their offset in full.
class SwizzledOffsets {
public:
  /// Plans the registers of `layout` (row-major index `strides`, as
  /// threadLinearBase and linearOffset) in a `rows` x `cols` tile of
  /// `elemBytes`-byte elements with the `swizzleBytes` swizzle.
  SwizzledOffsets(const tile::DistributedLayout &layout, llvm::ArrayRef<int64_t> strides,
                  int64_t rows, int64_t cols, int64_t elemBytes, int64_t swizzleBytes);
  /// The i32 byte offset of the element register `reg` holds, at the i32
  /// `index` (the thread's linear base plus linearOffset(reg)). The values it
  /// creates are reused by later calls: call it at points of one block, in
  /// order, or of blocks the first call's point dominates.
  mlir::Value offset(mlir::OpBuilder &b, mlir::Location loc, mlir::Value index, int64_t reg);

private:
  SwizzledTile tile;
  /// Per register: (x, y), or nothing where it must compute its offset.
  llvm::SmallVector<std::optional<std::pair<int64_t, int64_t>>> split;
  llvm::SmallVector<int64_t> regOffsets;
  mlir::Value base;                                ///< S, once created.
  llvm::SmallDenseMap<int64_t, mlir::Value> bases; ///< S ^ x by x.
};
/// tile.dot with a version-3 `#tile.mma` accumulator on wgmma (WgmmaDot.cpp).
void populateSIMTWgmmaDotPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
/// Loads `count` consecutive elements of `type` at the global `ptr` (one
/// vector access when count > 1, aligned to its size); when `enabled` is
/// given, through the target's masked load, with `fallback` for a false mask
/// (MemoryOps.cpp).
mlir::Value loadGlobalRun(mlir::OpBuilder &b, mlir::Location loc, const TargetInfo &target,
                          mlir::Type type, mlir::Value ptr, int64_t count, mlir::Value enabled,
                          mlir::Value fallback);
/// Whether the target runs `dot` on mma.sync (fp8 operands: for their formats).
bool hasMmaSync(const SIMTLowering &simt, tile::DotOp dot);
/// Whether the target runs `dot` on wgmma (fp8 operands: for their formats).
bool hasWarpgroupMma(const SIMTLowering &simt, tile::DotOp dot);
/// Success if `available`, else the error that the target has no
/// `instruction` (mma.sync, wgmma) for `dot`'s operand and accumulator types
/// (fp8 operands: formats).
mlir::LogicalResult requireTensorCoreInstruction(tile::DotOp dot, bool available,
                                                 llvm::StringRef instruction);
/// The shared-memory tile (a `!tile.memdesc`) a dot operand is read from per
/// K step, when planDotOperandStaging chose its tile.local_load, else null
/// (Dot.cpp).
mlir::Value bufferSource(const SIMTLowering &simt, mlir::Value operand);
/// The source of a dot operand that the dot stages in shared memory itself
/// (planDotOperandStaging chose its conversion), else null (Dot.cpp).
mlir::Value stagedSource(const SIMTLowering &simt, mlir::Value operand);
/// The source of a staged B operand that is a transposition the dot folds
/// (`simt.stagedTransposes`): the [N, K] tile it transposes, else null.
mlir::Value transposedSource(const SIMTLowering &simt, mlir::Value staged);
/// Whether `op` decodes a tensor-core dot operand in its dot-operand layout:
/// a pure arith or math op of one tile result in a `#tile.dot_operand` layout
/// (the fp8 decoding that tilec-assign-layouts moves after the shared-memory
/// read; Dot.cpp).
bool isOperandDecoding(mlir::Operation *op);
/// Whether every use of `value` is as an operand of an mma.sync or MFMA dot
/// through operand decodings, which those dots recompute per K step
/// (operandRegisters): the value is then read only there (Dot.cpp).
bool decodedPerKStep(mlir::Value value);
/// Registers [offset, offset + count) of `operand`, the A or B operand of an
/// mma.sync or MFMA dot: a slice of its lowered value, or, where operand
/// decodings compute it, those ops again on the slices of their operands (a
/// tile.local_load that decodedPerKStep holds reads just those registers), so
/// that each K step reads and decodes its own fragments next to its
/// instruction (Dot.cpp).
mlir::Value operandRegisters(SIMTLowering &simt, mlir::ConversionPatternRewriter &b,
                             mlir::Location loc, const mlir::TypeConverter &converter,
                             mlir::Value operand, int64_t offset, int64_t count);
/// Registers [first, first + count) of `load`'s result, read from `buffer`
/// (its lowered source; AsyncCopy.cpp).
mlir::Value readBufferRegisters(SIMTLowering &simt, mlir::OpBuilder &b, mlir::Location loc,
                                tile::LocalLoadOp load, mlir::Value buffer, mlir::Type elem,
                                int64_t first, int64_t count);
/// tile.dot with a `#tile.mfma` accumulator on AMD matrix cores (MfmaDot.cpp).
void populateSIMTMfmaDotPatterns(SIMTLowering &simt, const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

} // namespace tilec

#endif // TILEC_LIB_CONVERSION_TILETOGPU_SIMTLOWERING_H
