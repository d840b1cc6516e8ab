// The tile dialect's operations: the single source of truth for their syntax and contracts.
#ifndef TILEC_TILE_OPS_TD
#define TILEC_TILE_OPS_TD

include "TileDialect.td"
include "TileTypes.td"
include "TileAttrs.td"
include "TileInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

//===----------------------------------------------------------------------===//
// Program identity
//===----------------------------------------------------------------------===//

class Tile_GridQueryOp<string mnemonic>
    : Tile_Op<mnemonic, [Pure]> {
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
  let builders = [
    OpBuilder<(ins "int32_t":$axis), [{
      build($_builder, $_state, $_builder.getI32Type(), axis);
    }]>];
}

def Tile_ProgramIdOp : Tile_GridQueryOp<"program_id"> {
  let summary = "Index of the running program along a grid axis";
  let description = [{
    Returns the index (0-based) of the program instance executing this code along
    grid axis `axis` (0, 1 or 2). Mirrors `tl.program_id(axis)`.

    Example:

    ```mlir
    %pid = tile.program_id 0 : i32
    ```
  }];
}

def Tile_NumProgramsOp : Tile_GridQueryOp<"num_programs"> {
  let summary = "Number of programs launched along a grid axis";
  let description = [{
    Returns the grid size along axis `axis` (0, 1 or 2). Mirrors `tl.num_programs(axis)`.

    Example:

    ```mlir
    %n = tile.num_programs 1 : i32
    ```
  }];
}

// Read and write effects keep each read where it is: never hoisted out of a
// loop nor merged with another read.
def Tile_GlobalTimerOp : Tile_Op<"global_timer", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "A device-wide timer in nanoseconds";
  let description = [{
    Returns a monotonic timestamp in nanoseconds, comparable between the
    programs of a launch: the GPU's global timer (NVPTX `%globaltimer`,
    AMDGPU's 100 MHz real-time counter scaled to nanoseconds) or the host's
    monotonic clock (CPU, SIMT emulator). Measures `tl.atomic_poll`'s
    `timeout_ns`.

    Example:

    ```mlir
    %t = tile.global_timer : i64
    ```
  }];
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let builders = [
    OpBuilder<(ins), [{
      build($_builder, $_state, $_builder.getI64Type());
    }]>];
}

//===----------------------------------------------------------------------===//
// Creation and shape
//===----------------------------------------------------------------------===//

def Tile_MakeRangeOp : Tile_Op<"make_range", [Pure]> {
  let summary = "A 1-D tile holding consecutive integers";
  let description = [{
    Produces `[start, start + 1, ..., end - 1]` as a 1-D `i32` tile. The length
    `end - start` must be a power of two and equal to the result's size, as Triton requires.

    Example:

    ```mlir
    %r = tile.make_range 0, 128 : tensor<128xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs Tile_TileOf<[I32]>:$result);
  let assemblyFormat = "$start `,` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_SplatOp : Tile_Op<"splat", [Pure,
    TypesMatchWith<"result element type matches the scalar", "result", "src",
                   "::mlir::getElementTypeOrSelf($_self)">]> {
  let summary = "Fills a tile with one scalar";
  let description = [{
    Creates a tile of the result's shape whose every element is `src`. Scalars of any
    tile element type, pointers included, can be splatted.

    Example:

    ```mlir
    %t = tile.splat %x : f32 -> tensor<128xf32>
    %p = tile.splat %base : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_Scalar:$src);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Expands size-1 dimensions of a tile";
  let description = [{
    Replicates `src` along every dimension whose size is 1 in `src` to the result's size.
    Source and result have the same rank; other dimensions must match.

    Example:

    ```mlir
    %b = tile.broadcast %row : tensor<1x128xf32> -> tensor<64x128xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$src);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Inserts a size-1 dimension into a tile";
  let description = [{
    Inserts a dimension of size 1 at position `axis` (`0 <= axis <= rank`). This is what
    `x[:, None]` and `tl.expand_dims(x, axis)` produce.

    Example:

    ```mlir
    %c = tile.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$src, I32Attr:$axis);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_ReshapeOp : Tile_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Reinterprets a tile's shape in row-major order";
  let description = [{
    Returns a tile with the same elements, in row-major order, and a new shape with the
    same number of elements.

    Example:

    ```mlir
    %f = tile.reshape %t : tensor<4x8xf32> -> tensor<32xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$src);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_TransOp : Tile_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Permutes the dimensions of a tile";
  let description = [{
    Result dimension `i` is source dimension `order[i]`. `order` is a permutation of
    `[0, rank)`. Mirrors `tl.trans` / `tl.permute`.

    Example:

    ```mlir
    %t = tile.trans %m {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$src, DenseI32ArrayAttr:$order);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_JoinOp : Tile_Op<"join", [Pure,
    DeclareOpInterfaceMethods<Tile_ElementPermutationOpInterface>,
    AllTypesMatch<["lhs", "rhs"]>, SameOperandsAndResultElementType]> {
  let summary = "Joins two tiles along a new minor dimension of size 2";
  let description = [{
    Result element `[i..., 0]` is `lhs[i...]` and `[i..., 1]` is `rhs[i...]`: the result
    has the operands' shape with a last dimension of size 2 appended. Mirrors `tl.join`
    (the frontend broadcasts the operands first and turns scalars into 1-element tiles);
    `tl.interleave` is a join then a reshape, as in Triton. On GPUs the result's layout
    keeps both elements of a pair in one thread, so the join moves no data between
    threads.

    Example:

    ```mlir
    %j = tile.join %a, %b : tensor<4x8xf32> -> tensor<4x8x2xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$lhs, Tile_AnyTile:$rhs);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_SplitOp : Tile_Op<"split", [Pure,
    DeclareOpInterfaceMethods<Tile_ElementPermutationOpInterface>,
    AllTypesMatch<["lhs", "rhs"]>, SameOperandsAndResultElementType]> {
  let summary = "Splits a tile along its last dimension, of size 2, in two";
  let description = [{
    The inverse of `tile.join`: `lhs[i...]` is `src[i..., 0]` and `rhs[i...]` is
    `src[i..., 1]`. The source has rank 2 or more (`tl.split` of a 2-element tile is a
    split of it reshaped to `1x2`, then the elements extracted, as in Triton). On GPUs
    the source's layout keeps both elements of a pair in one thread.

    Example:

    ```mlir
    %lo, %hi = tile.split %x : tensor<4x8x2xf32> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$src);
  let results = (outs Tile_AnyTile:$lhs, Tile_AnyTile:$rhs);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lhs)";
  let hasVerifier = 1;
}

def Tile_CatOp : Tile_Op<"cat", [Pure,
    DeclareOpInterfaceMethods<Tile_ElementPermutationOpInterface>,
    AllTypesMatch<["lhs", "rhs"]>, SameOperandsAndResultElementType]> {
  let summary = "Concatenates two tiles of one type along a dimension";
  let description = [{
    The result is `lhs` followed by `rhs` along dimension `dim`, whose size doubles;
    the other dimensions are the operands'. Mirrors `tl.cat` (Triton 3.9's ordered
    concatenation, and `can_reorder=True`, which tilec keeps in order too).

    Example:

    ```mlir
    %c = tile.cat %a, %b dim = 1 : tensor<4x8xf32> -> tensor<4x16xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$lhs, Tile_AnyTile:$rhs,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `dim` `=` $dim attr-dict `:` type($lhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_FlipOp : Tile_Op<"flip", [Pure,
    DeclareOpInterfaceMethods<Tile_ElementPermutationOpInterface>,
    AllTypesMatch<["src", "result"]>]> {
  let summary = "Reverses a tile along one dimension";
  let description = [{
    Result element `i` is `src` at `i` with coordinate `dim` replaced by
    `size - 1 - i[dim]`. Mirrors `tl.flip` (whose size along `dim` is a power of two).
    On GPUs a flip along a dimension held within each thread reorders registers, one
    held by the lanes of a warp exchanges registers between lanes with XOR shuffles.

    Example:

    ```mlir
    %f = tile.flip %x dim = 0 : tensor<8x4xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$src, ConfinedAttr<I32Attr, [IntNonNegative]>:$dim);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$src `dim` `=` $dim attr-dict `:` type($src)";
  let hasVerifier = 1;
}

def Tile_ConvertLayoutOp : Tile_Op<"convert_layout", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Moves a tile to another distribution over threads";
  let description = [{
    Returns `src` unchanged element by element, held by the threads the result's layout
    encoding names. GPU lowering moves the data through registers when only the order of
    a thread's registers changes, and through shared memory otherwise.

    Example:

    ```mlir
    %b = tile.convert_layout %a : tensor<64xf32, #tile.blocked<{sizePerThread = [1],
        threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>> -> tensor<64xf32,
        #tile.slice<{dim = 1, parent = #blocked2}>>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$src);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_HintOp : Tile_Op<"hint", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "Promises alignment, contiguity or constancy of integers or pointers";
  let description = [{
    Returns `src` unchanged, with the programmer's promise (Triton's `tl.multiple_of`,
    `tl.max_contiguous` and `tl.max_constancy`) of what holds along each dimension
    (one entry per dimension; one for a scalar): every run of `contiguity` elements
    increases by one, the first element of each run is a multiple of `divisibility`,
    and every run of `constancy` elements is equal. The axis analysis
    (lib/Analysis/AxisInfo.cpp) takes a given property as it is, in place of what it
    would derive; a wrong promise gives wrong code, as in Triton. Lowering drops the op.

    Example:

    ```mlir
    %h = tile.hint %offs divisibility [128] contiguity [128] : tensor<128xi32>
    %k = tile.hint %n divisibility [16] : i32
    ```
  }];
  let arguments = (ins AnyType:$src, OptionalAttr<DenseI64ArrayAttr>:$divisibility,
                       OptionalAttr<DenseI64ArrayAttr>:$contiguity,
                       OptionalAttr<DenseI64ArrayAttr>:$constancy);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $src (`divisibility` $divisibility^)? (`contiguity` $contiguity^)?
    (`constancy` $constancy^)? attr-dict `:` type($src)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def Tile_AddPtrOp : Tile_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Offsets pointers by a number of elements";
  let description = [{
    Adds `offset` elements (not bytes) of the pointee type to `ptr`, elementwise for
    tiles. `offset` is an `i32` or `i64` scalar or a tile of the same shape as `ptr`.

    Example:

    ```mlir
    %q = tile.addptr %p, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %s = tile.addptr %base, %n : !tile.ptr<f32>, i32
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_IntLike:$offset);
  let results = (outs Tile_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

// Elementwise conversions between pointers and integers, and between pointee
// types: the same shape and layout in and out.
class Tile_PointerCastOp<string mnemonic>
    : Tile_Op<mnemonic, [Pure, Elementwise, SameOperandsAndResultShape]> {
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_I64Like : AnyTypeOf<[I64, Tile_TileOf<[I64]>]>;

def Tile_IntToPtrOp : Tile_PointerCastOp<"int_to_ptr"> {
  let summary = "Turns 64-bit integers into pointers";
  let description = [{
    Reads each `i64` of `src` as a byte address in global memory (Triton's `x.to(tl.pointer_type(T))`
    of an `int64`, as in a table of addresses loaded by a grouped GEMM).

    Example:

    ```mlir
    %p = tile.int_to_ptr %addr : i64 -> !tile.ptr<f16>
    %ps = tile.int_to_ptr %addrs : tensor<8xi64> -> tensor<8x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_I64Like:$src);
  let results = (outs Tile_PtrLike:$result);
}

def Tile_PtrToIntOp : Tile_PointerCastOp<"ptr_to_int"> {
  let summary = "Turns pointers into their 64-bit byte addresses";
  let description = [{
    The byte address of each pointer of `src` (Triton's `p.to(tl.int64)`).

    Example:

    ```mlir
    %a = tile.ptr_to_int %p : !tile.ptr<f16> -> i64
    %as = tile.ptr_to_int %ps : tensor<8x!tile.ptr<f32>> -> tensor<8xi64>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$src);
  let results = (outs Tile_I64Like:$result);
}

def Tile_PtrCastOp : Tile_PointerCastOp<"ptr_cast"> {
  let summary = "Reinterprets pointers as pointers to another element type";
  let description = [{
    The same addresses, typed for another pointee (Triton's `p.to(tl.pointer_type(T))` of a
    pointer): `tile.addptr` on the result counts in elements of the new type.

    Example:

    ```mlir
    %q = tile.ptr_cast %p : !tile.ptr<f32> -> !tile.ptr<i32>
    %qs = tile.ptr_cast %ps : tensor<8x!tile.ptr<f32>> -> tensor<8x!tile.ptr<i8>>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$src);
  let results = (outs Tile_PtrLike:$result);
  let hasFolder = 1;
}

def Tile_LoadOp : Tile_Op<"load", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead]>,
    TypesMatchWith<"result is the pointee of ptr", "ptr", "result",
                   "::tilec::tile::getPointeeLikeType($_self)">,
    TypesMatchWith<"mask is a boolean of ptr's shape", "ptr", "mask",
                   "::tilec::tile::getBoolLikeType($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">,
    TypesMatchWith<"other matches the result", "ptr", "other",
                   "::tilec::tile::getPointeeLikeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "Loads from pointers, with an optional mask";
  let description = [{
    Loads the element each pointer points to. Where `mask` is false nothing is read and the
    result takes `other` (or an unspecified value if `other` is absent). `other`
    requires `mask`.

    Example:

    ```mlir
    %v = tile.load %p, %m, %zero : tensor<128x!tile.ptr<f32>>
    %s = tile.load %q : !tile.ptr<i32>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Optional<Tile_BoolLike>:$mask,
                       Optional<Tile_ValueLike>:$other);
  let results = (outs Tile_ValueLike:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)? attr-dict `:` type($ptr)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$mask, "::mlir::Value":$other)>];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [
    MemoryEffects<[MemWrite]>,
    TypesMatchWith<"value is the pointee of ptr", "ptr", "value",
                   "::tilec::tile::getPointeeLikeType($_self)">,
    TypesMatchWith<"mask is a boolean of ptr's shape", "ptr", "mask",
                   "::tilec::tile::getBoolLikeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "Stores through pointers, with an optional mask";
  let description = [{
    Writes each element of `value` where its pointer points. Where `mask` is false nothing
    is written. `nontemporal` (Triton's `cache_modifier=".cs"` or
    `eviction_policy="evict_first"`) says the data will not be read again soon: CPU targets
    write aligned full vectors with non-temporal (streaming) stores.
    `stream_min_programs = N` (set by `tilec-streaming-stores`, never with `nontemporal`)
    makes the store non-temporal only in launches of at least N programs: launches whose
    output does not fit in the last-level cache. Enclosing `scf.for` loops marked
    `tile.stream_trip_count` multiply the program count by their trip counts.
    `evict_last` (Triton's `eviction_policy="evict_last"`) says the data will be read
    again soon: the store is never made streaming.

    Example:

    ```mlir
    tile.store %p, %v, %m : tensor<128x!tile.ptr<f32>>
    tile.store %p, %v {nontemporal} : tensor<128x!tile.ptr<f32>>
    tile.store %p, %v {stream_min_programs = 65536 : i64} : tensor<128x!tile.ptr<f32>>
    tile.store %p, %v {evict_last} : tensor<128x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_ValueLike:$value,
                       Optional<Tile_BoolLike>:$mask, UnitAttr:$nontemporal,
                       OptionalAttr<I64Attr>:$stream_min_programs, UnitAttr:$evict_last);
  let assemblyFormat = "$ptr `,` $value (`,` $mask^)? attr-dict `:` type($ptr)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and matrix products
//===----------------------------------------------------------------------===//

def Tile_ReduceOp : Tile_Op<"reduce", [Pure, SingleBlock]> {
  let summary = "Reduces tiles along one axis with a combiner region";
  let description = [{
    Combines the elements of each source along `axis` with the combiner region. The region
    takes `2 * N` scalars (the N accumulated values, then the N new ones) and yields N
    scalars; it must be associative and commutative. Each result drops `axis` from its
    source's shape; reducing a 1-D tile yields a scalar.

    Example:

    ```mlir
    %s = tile.reduce(%t) axis = 1 : (tensor<4x8xf32>) -> tensor<4xf32> {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tile.yield %r : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_AnyTile>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<Tile_ValueLike>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis attr-dict `:` functional-type($srcs, $results) $combiner
  }];
  let hasRegionVerifier = 1;
}

def Tile_YieldOp : Tile_Op<"yield", [Pure, Terminator, ReturnLike,
                                     ParentOneOf<["ReduceOp", "ScanOp", "MapElementwiseOp"]>]> {
  let summary = "Yields the scalars of a reduction or scan step, or of a mapped element";
  let description = [{
    Terminates a `tile.reduce` or `tile.scan` combiner region, yielding one scalar per
    source, or a `tile.map_elementwise` body, yielding `pack` scalars per result.

    Example:

    ```mlir
    tile.yield %sum : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

def Tile_DotOp : Tile_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "Matrix product with accumulation";
  let description = [{
    Computes `result = a * b + acc` for 2-D tiles (`MxK`, `KxN`, `MxN`) or batched 3-D
    tiles (`BxMxK`, `BxKxN`, `BxMxN`). Products are computed in the accumulator's element
    type. `input_precision` ("ieee", "tf32", "tf32x3", "bf16x3", "bf16x6") applies to f32
    operands; unset, it is the target's default (TargetInfo::getDefaultDotInputPrecision:
    "tf32" on NVIDIA and the SIMT emulator at warp size 32, "ieee" elsewhere). CPUs always use
    ieee; NVIDIA tensor cores run "tf32" dots as tf32 (operands rounded to nearest, ties
    away), and tilec-assign-layouts splits "tf32x3", "bf16x3" and "bf16x6" ones into tf32 or
    bf16 dots (Triton's split products); dots it does not split keep exact fp32 FMAs; AMD's
    fp32 MFMA multiplies in fp32 whatever is asked.

    fp8 operands are `i8` tiles (fp8 is 8-bit storage in tile IR) with their formats in
    `a_fp8` and `b_fp8`, Triton's dtype names: "fp8e5" (e5m2), "fp8e4nv" (e4m3fn),
    "fp8e4b15", "fp8e4b8" (e4m3fnuz), "fp8e5b16" (e5m2fnuz); any two, as in Triton, with an
    f32 accumulator. Their products are exact and summed in f32. `tilec-upcast-fp8-dots`
    decodes them to f16 (exactly) where the target has no fp8 tensor-core instruction for
    the pair and the shape; the other lowerings refuse fp8 dots.

    `is_async` (set by tilec-pipeline-loops on warpgroup MMA dots, whose accumulator has a
    version-3 `#tile.mma` layout) leaves the dot's instructions in flight as one group
    (`wgmma.commit_group` without a wait): its result may only be another async dot's
    accumulator or a `tile.dot_wait` operand, and its operands' shared memory must not be
    written before a `tile.dot_wait` has completed its group.

    Example:

    ```mlir
    %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<32x8xf16> -> tensor<16x8xf32>
    %e = tile.dot %p, %q, %c {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"}
        : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
    %f = tile.dot %sa, %sb, %acc {is_async}
        : tensor<128x64xf16, #dot_a>, tensor<64x128xf16, #dot_b> -> tensor<128x128xf32, #mma3>
    ```
  }];
  let arguments = (ins Tile_MatrixTile:$a, Tile_MatrixTile:$b, Tile_MatrixTile:$acc,
                       OptionalAttr<StrAttr>:$input_precision,
                       OptionalAttr<StrAttr>:$a_fp8, OptionalAttr<StrAttr>:$b_fp8,
                       UnitAttr:$is_async);
  let results = (outs Tile_MatrixTile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_DotWaitOp : Tile_Op<"dot_wait", [MemoryEffects<[MemRead, MemWrite]>,
    InferTypeOpAdaptor]> {
  let summary = "Waits for asynchronous warpgroup MMA dots";
  let description = [{
    Waits until at most `pendings` of the calling warpgroup's groups of asynchronous dots
    (`tile.dot {is_async}`, one group each, in program order) are still in flight
    (`wgmma.wait_group`), and returns its operands, the accumulators of those dots: only
    the results of a wait whose `pendings` is 0 hold the finished sums, and a wait's
    results may be read like any tile only then. Its memory effects keep the shared
    memory writes that follow it (the next copies into a stage the completed dots read)
    from moving above it.

    Example:

    ```mlir
    %w = tile.dot_wait %d pendings = 1 : tensor<128x128xf32, #mma3>
    ```
  }];
  let arguments = (ins Variadic<Tile_MatrixTile>:$inputs,
                       ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pendings);
  let results = (outs Variadic<Tile_MatrixTile>:$outputs);
  let assemblyFormat = [{
    $inputs `pendings` `=` $pendings attr-dict `:` type($inputs)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Scans and element shuffles
//===----------------------------------------------------------------------===//

def Tile_ScanOp : Tile_Op<"scan", [Pure, SingleBlock]> {
  let summary = "Inclusive prefix scan of tiles along one axis with a combiner region";
  let description = [{
    Computes, for every position along `axis`, the combination of all elements up to and
    including it (from index 0 upwards, or from the last index downwards when `reverse` is
    set). The combiner region takes `2 * N` scalars (the N values accumulated so far, then
    the N values of the next element) and yields N scalars; it must be associative. Each
    result has its source's type. Mirrors `tl.associative_scan`.

    Example:

    ```mlir
    %c = tile.scan(%t) axis = 1 reverse : (tensor<4x8xi32>) -> tensor<4x8xi32> {
    ^bb0(%a: i32, %b: i32):
      %r = arith.addi %a, %b : i32
      tile.yield %r : i32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_AnyTile>:$srcs, I32Attr:$axis, UnitAttr:$reverse);
  let results = (outs Variadic<Tile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis (`reverse` $reverse^)? attr-dict `:`
    functional-type($srcs, $results) $combiner
  }];
  let hasRegionVerifier = 1;
}

def Tile_MapElementwiseOp : Tile_Op<"map_elementwise", [RecursiveMemoryEffects,
                                                          SingleBlock]> {
  let summary = "Applies a scalar region to every element (or group of `pack` elements)";
  let description = [{
    Runs the body once per group of `pack` consecutive elements of the sources, which all
    have one shape and layout. The body takes `pack` scalars of each source in turn (source
    0's group, then source 1's, ...) and yields `pack` scalars of each result in turn; each
    result has the sources' shape and its yielded element type. The body may branch and
    loop on its scalars (`scf.if`, `scf.for`, `scf.while`), which is what sets it apart from
    elementwise arithmetic on tiles. Mirrors `tl.map_elementwise`. Groups are taken from the
    elements each thread (or the CPU) holds, so with `pack` > 1 a body must not depend on
    which elements share its group; where that count is not a multiple of `pack`, the last
    group is padded with repeats of its first element, and the padding's results are dropped.

    Example:

    ```mlir
    %r = tile.map_elementwise(%x, %y) pack = 1 : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32> {
    ^bb0(%a: i32, %b: i32):
      %lt = arith.cmpi slt, %a, %b : i32
      %v = scf.if %lt -> (i32) {
        scf.yield %a : i32
      } else {
        %d = arith.subi %a, %b : i32
        scf.yield %d : i32
      }
      tile.yield %v : i32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_AnyTile>:$srcs, ConfinedAttr<I32Attr, [IntPositive]>:$pack);
  let results = (outs Variadic<Tile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $srcs `)` `pack` `=` $pack attr-dict `:` functional-type($srcs, $results) $body
  }];
  let hasRegionVerifier = 1;
}

def Tile_ShuffleOp : Tile_Op<"shuffle", [Pure,
    DeclareOpInterfaceMethods<Tile_ElementPermutationOpInterface>,
    AllElementTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "Picks elements of two tiles by static row-major positions";
  let description = [{
    Element `i` of the result (in row-major order) is element `indices[i]` of the
    row-major concatenation of `lhs` and `rhs`: indices below `lhs`'s element count pick
    from `lhs`, the others from `rhs`. The exchange steps of a sorting network
    (`tilec-expand-sort`, `tl.topk`) are shuffles; join, split, cat and flip have ops of
    their own.

    Example:

    ```mlir
    %j = tile.shuffle %a, %b [0, 4, 1, 5, 2, 6, 3, 7]
        : tensor<4xf32>, tensor<4xf32> -> tensor<4x2xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$lhs, Tile_AnyTile:$rhs, DenseI64ArrayAttr:$indices);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs $indices attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SortOp : Tile_Op<"sort", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "Sorts a tile along its last dimension";
  let description = [{
    Sorts every row of `input` along the last dimension, whose size must be a power
    of two, in ascending order or, with `descending = true`, in descending order.
    Integers compare as signed values, or as unsigned ones with `unsigned`; floats
    with ordered comparisons. Mirrors `tl.sort` (Triton sorts only the last
    dimension, with a bitonic network): `tilec-expand-sort` expands the op into that
    network of `tile.shuffle` compare-exchange steps, so ties and NaNs come out as in
    Triton (a NaN never compares greater, so rows holding NaNs are not fully sorted).

    Example:

    ```mlir
    %s = tile.sort %x descending = false : tensor<4x128xf32>
    %u = tile.sort %y descending = true unsigned : tensor<64xi32>
    ```
  }];
  let arguments = (ins Tile_MatrixTile:$input, BoolAttr:$descending, UnitAttr:$is_unsigned);
  let results = (outs Tile_MatrixTile:$result);
  let assemblyFormat = [{
    $input `descending` `=` $descending (`unsigned` $is_unsigned^)? attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics, gathers and histograms
//===----------------------------------------------------------------------===//

def Tile_AtomicRMWKind : I32EnumAttr<"AtomicRMWKind",
    "The read-modify-write performed by tile.atomic_rmw", [
      I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"fadd", 1>,
      I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"umax", 3>, I32EnumAttrCase<"fmax", 4>,
      I32EnumAttrCase<"min", 5>, I32EnumAttrCase<"umin", 6>, I32EnumAttrCase<"fmin", 7>,
      I32EnumAttrCase<"bit_and", 8, "and">, I32EnumAttrCase<"bit_or", 9, "or">,
      I32EnumAttrCase<"bit_xor", 10, "xor">,
      I32EnumAttrCase<"xchg", 11>]> {
  let cppNamespace = "::tilec::tile";
}

def Tile_MemSemantic : I32EnumAttr<"MemSemantic",
    "Memory ordering of an atomic (Triton's `sem`)", [
      I32EnumAttrCase<"relaxed", 0>, I32EnumAttrCase<"acquire", 1>,
      I32EnumAttrCase<"release", 2>, I32EnumAttrCase<"acq_rel", 3>]> {
  let cppNamespace = "::tilec::tile";
}

def Tile_MemSyncScope : I32EnumAttr<"MemSyncScope",
    "Threads an atomic synchronizes with (Triton's `scope`)", [
      I32EnumAttrCase<"gpu", 0>, I32EnumAttrCase<"cta", 1>, I32EnumAttrCase<"sys", 2>]> {
  let cppNamespace = "::tilec::tile";
}

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw", [
    MemoryEffects<[MemRead, MemWrite]>,
    TypesMatchWith<"value is the pointee of ptr", "ptr", "value",
                   "::tilec::tile::getPointeeLikeType($_self)">,
    TypesMatchWith<"result is the pointee of ptr", "ptr", "result",
                   "::tilec::tile::getPointeeLikeType($_self)">,
    TypesMatchWith<"mask is a boolean of ptr's shape", "ptr", "mask",
                   "::tilec::tile::getBoolLikeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "Atomic read-modify-write through pointers, with an optional mask";
  let description = [{
    For each element, atomically replaces `*ptr` by `kind(*ptr, value)` and returns the
    value `*ptr` held before. Elements are updated independently (one atomic each), in
    an unspecified order. Where `mask` is false memory is not touched and the result is
    zero. `add`/`max`/`min`/`and`/`or`/`xor` act on integers (`max`/`min` signed,
    `umax`/`umin` unsigned); `fadd`, `fmax` and `fmin` on floats, `xchg` on either.
    `fmax`/`fmin` follow Triton: a signed integer max (min) on the bit pattern when
    `value` is non-negative, an unsigned min (max) when its sign bit is set.
    `sem` is the memory ordering and `scope` the set of threads synchronized with.

    Example:

    ```mlir
    %old = tile.atomic_rmw add acq_rel gpu %p, %v, %m : tensor<64x!tile.ptr<i32>>
    %s = tile.atomic_rmw fmax relaxed sys %q, %x : !tile.ptr<f32>
    ```
  }];
  let arguments = (ins Tile_AtomicRMWKind:$kind, Tile_MemSemantic:$sem,
                       Tile_MemSyncScope:$scope, Tile_PtrLike:$ptr, Tile_ValueLike:$value,
                       Optional<Tile_BoolLike>:$mask);
  let results = (outs Tile_ValueLike:$result);
  let assemblyFormat = [{
    $kind $sem $scope $ptr `,` $value (`,` $mask^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicCASOp : Tile_Op<"atomic_cas", [
    MemoryEffects<[MemRead, MemWrite]>,
    TypesMatchWith<"cmp is the pointee of ptr", "ptr", "cmp",
                   "::tilec::tile::getPointeeLikeType($_self)">,
    TypesMatchWith<"value is the pointee of ptr", "ptr", "value",
                   "::tilec::tile::getPointeeLikeType($_self)">,
    TypesMatchWith<"result is the pointee of ptr", "ptr", "result",
                   "::tilec::tile::getPointeeLikeType($_self)">]> {
  let summary = "Atomic compare-and-swap through pointers";
  let description = [{
    For each element, atomically stores `value` to `*ptr` if `*ptr` equals `cmp` (bitwise),
    and returns the value `*ptr` held before. Elements are 16, 32 or 64 bits wide.

    Example:

    ```mlir
    %old = tile.atomic_cas acq_rel gpu %lock, %zero, %one : !tile.ptr<i32>
    ```
  }];
  let arguments = (ins Tile_MemSemantic:$sem, Tile_MemSyncScope:$scope, Tile_PtrLike:$ptr,
                       Tile_ValueLike:$cmp, Tile_ValueLike:$value);
  let results = (outs Tile_ValueLike:$result);
  let assemblyFormat = [{
    $sem $scope $ptr `,` $cmp `,` $value attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

// Ordered (acquire or relaxed) reads: effects on memory both ways keep them
// where they are, as a tile.atomic_rmw.
def Tile_AtomicLoadOp : Tile_Op<"atomic_load", [
    MemoryEffects<[MemRead, MemWrite]>,
    TypesMatchWith<"result is the pointee of ptr", "ptr", "result",
                   "::tilec::tile::getPointeeLikeType($_self)">,
    TypesMatchWith<"mask is a boolean of ptr's shape", "ptr", "mask",
                   "::tilec::tile::getBoolLikeType($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">]> {
  let summary = "Atomic loads through pointers, with an optional mask";
  let description = [{
    Reads each element of `*ptr` with one atomic load of memory ordering `sem` (`acquire`
    or `relaxed`) at `scope`; where `mask` is false memory is not read and the element is
    zero. Mirrors `tl.atomic_load`.

    Example:

    ```mlir
    %flag = tile.atomic_load acquire gpu %p : !tile.ptr<i32>
    %xs = tile.atomic_load relaxed sys %ps, %m : tensor<64x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_MemSemantic:$sem, Tile_MemSyncScope:$scope, Tile_PtrLike:$ptr,
                       Optional<Tile_BoolLike>:$mask);
  let results = (outs Tile_ValueLike:$result);
  let assemblyFormat = "$sem $scope $ptr (`,` $mask^)? attr-dict `:` type($ptr)";
  let hasVerifier = 1;
}

def Tile_AtomicStoreOp : Tile_Op<"atomic_store", [
    MemoryEffects<[MemRead, MemWrite]>,
    TypesMatchWith<"value is the pointee of ptr", "ptr", "value",
                   "::tilec::tile::getPointeeLikeType($_self)">,
    TypesMatchWith<"mask is a boolean of ptr's shape", "ptr", "mask",
                   "::tilec::tile::getBoolLikeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "Atomic stores through pointers, with an optional mask";
  let description = [{
    Writes each element of `value` to `*ptr` with one atomic store of memory ordering `sem`
    (`release` or `relaxed`) at `scope`; where `mask` is false memory is not written.
    Mirrors `tl.atomic_store`.

    Example:

    ```mlir
    tile.atomic_store release gpu %p, %one : !tile.ptr<i32>
    tile.atomic_store relaxed cta %ps, %xs, %m : tensor<64x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_MemSemantic:$sem, Tile_MemSyncScope:$scope, Tile_PtrLike:$ptr,
                       Tile_ValueLike:$value, Optional<Tile_BoolLike>:$mask);
  let assemblyFormat = "$sem $scope $ptr `,` $value (`,` $mask^)? attr-dict `:` type($ptr)";
  let hasVerifier = 1;
}

def Tile_GatherOp : Tile_Op<"gather", [Pure]> {
  let summary = "Selects elements of a tile along one axis by index";
  let description = [{
    `result[i0, ..., in]` is `src[i0, ..., index[i0, ..., in], ..., in]`, the index
    replacing coordinate `axis`. `index` has `src`'s rank and, except along `axis`, its
    shape; the result has `index`'s shape and `src`'s element type. Mirrors `tl.gather`.
    Indices outside `[0, src.shape[axis])` give an unspecified element of `src`.

    Example:

    ```mlir
    %g = tile.gather %src[%idx] {axis = 1 : i32} : tensor<4x8xf32>, tensor<4x16xi32> -> tensor<4x16xf32>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$src, Tile_IntTile:$index, I32Attr:$axis);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` type($src) `,` type($index) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_HistogramOp : Tile_Op<"histogram", [Pure]> {
  let summary = "Counts the elements of a 1-D integer tile equal to each bin index";
  let description = [{
    `result[j]` is the number of positions `i` where `input[i] == j` and `mask[i]`
    (when given) holds, for `j` in `[0, num_bins)`, `num_bins` being the result's
    size (a power of two). Input values are signed; values outside `[0, num_bins)`,
    negative ones included, are counted in no bin. Mirrors `tl.histogram` (Triton
    3.9's interpreter and NVIDIA lowering drop such values too). The mask has the
    input's shape and layout; the result's layout is free. CPUs count with a loop
    over the elements into a zeroed buffer, GPUs with shared-memory atomics: O(N +
    num_bins) work either way.

    Example:

    ```mlir
    %h = tile.histogram %x : tensor<1024xi32> -> tensor<256xi32>
    %m = tile.histogram %y, %mask : tensor<128xi8>, tensor<128xi1> -> tensor<16xi32>
    ```
  }];
  let arguments = (ins Tile_TileOf<[I8, I16, I32, I64]>:$input, Optional<Tile_BoolTile>:$mask);
  let results = (outs Tile_TileOf<[I32]>:$result);
  let assemblyFormat = [{
    $input (`,` $mask^)? attr-dict `:` type($input) (`,` type($mask)^)? `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

def Tile_MakeBlockPtrOp : Tile_Op<"make_block_ptr", [Pure, SameVariadicOperandSize,
    TypesMatchWith<"base points to the block's elements", "result", "base",
                   "::tilec::tile::PointerType::get($_self.getContext(), "
                   "::mlir::cast<::tilec::tile::BlockPtrType>($_self).getElementType())">]> {
  let summary = "Names a block of a strided tensor (tl.make_block_ptr)";
  let description = [{
    The block of the result type's shape that starts at `offsets` (i32, one per
    dimension) in the tensor of sizes `shape` and strides `strides` (i64, in elements)
    at `base`. Element `(i_0, ..., i_{r-1})` of the block is at
    `base + sum_d (offsets_d + i_d) * strides_d`, and it is inside the tensor when
    `0 <= offsets_d + i_d < shape_d`. `order` (a permutation of the dimensions, the
    fastest-varying first) is Triton's memory-order hint: it does not change what is
    read, and is kept for targets with block copy engines. Mirrors `tt.make_tensor_ptr`.

    Example:

    ```mlir
    %bp = tile.make_block_ptr %base, [%m, %n], [%stride, %c1], [%om, %c0] order = [1, 0]
        : !tile.block_ptr<128x64xf16>
    ```
  }];
  let arguments = (ins Tile_PointerType:$base, Variadic<I64>:$shape, Variadic<I64>:$strides,
                       Variadic<I32>:$offsets, DenseI32ArrayAttr:$order);
  let results = (outs Tile_BlockPtrType:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` `order` `=` $order
    attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_AdvanceOp : Tile_Op<"advance", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Moves a block pointer by a number of elements per dimension (tl.advance)";
  let description = [{
    Returns `ptr` with `offsets` (i32, one per dimension) added to its offsets; the
    base, sizes and strides are unchanged. Mirrors `tt.advance`.

    Example:

    ```mlir
    %next = tile.advance %bp, [%c0, %c64] : !tile.block_ptr<128x64xf16>
    ```
  }];
  let arguments = (ins Tile_BlockPtrType:$ptr, Variadic<I32>:$offsets);
  let results = (outs Tile_BlockPtrType:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` qualified(type($ptr))";
  let hasVerifier = 1;
}

def Tile_BlockLoadOp : Tile_Op<"block_load", [MemoryEffects<[MemRead]>,
    TypesMatchWith<"result is the block's tile", "ptr", "result",
                   "::mlir::cast<::tilec::tile::BlockPtrType>($_self).getBlockType()">]> {
  let summary = "Loads the block a block pointer names (tl.load on a block pointer)";
  let description = [{
    Reads the whole block. Along the dimensions listed in `boundary_check` (in
    increasing order), elements outside the tensor are not read and take `padding`
    (`zero`, the default, or `nan` for float blocks); other dimensions are not checked. Mirrors
    `tt.load` of a `!tt.ptr<tensor<...>>` with `boundaryCheck` and `padding`.

    Example:

    ```mlir
    %x = tile.block_load %bp boundary_check = [0, 1] padding = nan
        : !tile.block_ptr<64x32xf32>
    %y = tile.block_load %bq : !tile.block_ptr<16xi32>
    ```
  }];
  let arguments = (ins Tile_BlockPtrType:$ptr,
                       DefaultValuedOptionalAttr<DenseI32ArrayAttr, "{}">:$boundary_check,
                       OptionalAttr<Tile_PaddingOption>:$padding);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $ptr (`boundary_check` `=` $boundary_check^)? (`padding` `=` $padding^)? attr-dict `:`
    qualified(type($ptr))
  }];
  let hasVerifier = 1;
}

def Tile_BlockStoreOp : Tile_Op<"block_store", [MemoryEffects<[MemWrite]>,
    TypesMatchWith<"value is the block's tile", "ptr", "value",
                   "::mlir::cast<::tilec::tile::BlockPtrType>($_self).getBlockType()">]> {
  let summary = "Stores a tile into the block a block pointer names (tl.store on a block pointer)";
  let description = [{
    Writes `value` to the block. Along the dimensions listed in `boundary_check` (in
    increasing order), elements outside the tensor are not written. `nontemporal`
    and `evict_last` are the cache hints of `tile.store`. Mirrors `tt.store` to a
    `!tt.ptr<tensor<...>>` with `boundaryCheck`.

    Example:

    ```mlir
    tile.block_store %bp, %v boundary_check = [1] : !tile.block_ptr<64x32xf32>
    tile.block_store %bq, %w {nontemporal} : !tile.block_ptr<16xi32>
    ```
  }];
  let arguments = (ins Tile_BlockPtrType:$ptr, Tile_AnyTile:$value,
                       DefaultValuedOptionalAttr<DenseI32ArrayAttr, "{}">:$boundary_check,
                       UnitAttr:$nontemporal, UnitAttr:$evict_last);
  let assemblyFormat = [{
    $ptr `,` $value (`boundary_check` `=` $boundary_check^)? attr-dict `:` qualified(type($ptr))
  }];
  let hasVerifier = 1;
}

def Tile_MakeTensorDescOp : Tile_Op<"make_tensor_descriptor", [Pure,
    SameVariadicOperandSize,
    TypesMatchWith<"base points to the descriptor's elements", "result", "base",
                   "::tilec::tile::PointerType::get($_self.getContext(), "
                   "::mlir::cast<::tilec::tile::TensorDescType>($_self).getElementType())">]> {
  let summary = "Describes a strided tensor accessed in fixed blocks (tl.make_tensor_descriptor)";
  let description = [{
    The tensor of sizes `shape` and strides `strides` (i64, in elements) at `base`,
    read and written in blocks of the result type's shape. As Triton requires, the
    last dimension of a block holds at least 16 bytes (`tl.make_tensor_descriptor`
    also requires the last stride to be 1 and `base` to be 16-byte aligned, which
    the frontend checks where it can). Mirrors `tt.make_tensor_descriptor`.

    Example:

    ```mlir
    %d = tile.make_tensor_descriptor %base, [%m, %n], [%stride, %c1]
        : !tile.tensor_desc<64x64xf16>
    ```
  }];
  let arguments = (ins Tile_PointerType:$base, Variadic<I64>:$shape, Variadic<I64>:$strides);
  let results = (outs Tile_TensorDescType:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_DescriptorLoadOp : Tile_Op<"descriptor_load", [MemoryEffects<[MemRead]>,
    TypesMatchWith<"result is the descriptor's block", "desc", "result",
                   "::mlir::cast<::tilec::tile::TensorDescType>($_self).getBlockType()">]> {
  let summary = "Loads one block of a tensor descriptor (desc.load)";
  let description = [{
    Reads the block whose first element is at `offsets` (i32, one per dimension; they
    may be negative or reach past the end). Elements outside the tensor read as the
    descriptor's padding. Mirrors `tt.descriptor_load`.

    Example:

    ```mlir
    %x = tile.descriptor_load %d[%om, %on] : !tile.tensor_desc<64x64xf16>
    ```
  }];
  let arguments = (ins Tile_TensorDescType:$desc, Variadic<I32>:$offsets);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = "$desc `[` $offsets `]` attr-dict `:` qualified(type($desc))";
  let hasVerifier = 1;
}

def Tile_DescriptorStoreOp : Tile_Op<"descriptor_store", [MemoryEffects<[MemWrite]>,
    TypesMatchWith<"value is the descriptor's block", "desc", "value",
                   "::mlir::cast<::tilec::tile::TensorDescType>($_self).getBlockType()">]> {
  let summary = "Stores a tile into one block of a tensor descriptor (desc.store)";
  let description = [{
    Writes `value` to the block whose first element is at `offsets` (i32, one per
    dimension); elements outside the tensor are not written. Mirrors
    `tt.descriptor_store`.

    Example:

    ```mlir
    tile.descriptor_store %d[%om, %on], %v : !tile.tensor_desc<64x64xf16>
    ```
  }];
  let arguments = (ins Tile_TensorDescType:$desc, Variadic<I32>:$offsets,
                       Tile_AnyTile:$value);
  let assemblyFormat = [{
    $desc `[` $offsets `]` `,` $value attr-dict `:` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def Tile_DescriptorAtomicOp : Tile_Op<"descriptor_atomic", [
    MemoryEffects<[MemRead, MemWrite]>,
    TypesMatchWith<"value is the descriptor's block", "desc", "value",
                   "::mlir::cast<::tilec::tile::TensorDescType>($_self).getBlockType()">]> {
  let summary = "Atomically combines a tile into one block of a tensor descriptor";
  let description = [{
    For each element of the block whose first element is at `offsets` that lies
    inside the tensor, atomically replaces it by `kind(element, value)` (relaxed, GPU
    scope, one atomic per element); elements outside are not touched. Returns
    nothing. `kind` is `add` or `fadd`, `max`/`umax`, `min`/`umin`, `and`, `or` or
    `xor` (no `xchg` nor float `fmax`/`fmin`). Mirrors `tt.descriptor_reduce`
    (`desc.atomic_add`, ...).

    Example:

    ```mlir
    tile.descriptor_atomic add %d[%om, %on], %v : !tile.tensor_desc<8x8xi32>
    ```
  }];
  let arguments = (ins Tile_AtomicRMWKind:$kind, Tile_TensorDescType:$desc,
                       Variadic<I32>:$offsets, Tile_AnyTile:$value);
  let assemblyFormat = [{
    $kind $desc `[` $offsets `]` `,` $value attr-dict `:` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory and asynchronous copies (GPU software pipelining)
//===----------------------------------------------------------------------===//

def Tile_LocalAllocOp : Tile_Op<"local_alloc", [MemoryEffects<[MemAlloc]>]> {
  let summary = "Allocates a buffer in the program's shared memory";
  let description = [{
    Returns a buffer of the program's shared memory that lives until the kernel
    returns and that no other op uses for scratch. `tilec-pipeline-loops` allocates one
    per pipelined load, with one tile per stage.

    Example:

    ```mlir
    %buf = tile.local_alloc : !tile.memdesc<3x64x32xf16, #shared>
    ```
  }];
  let results = (outs Tile_MemDescType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_MemDescIndexOp : Tile_Op<"memdesc_index", [Pure]> {
  let summary = "One tile of a shared-memory buffer, by its leading index";
  let description = [{
    Returns the view of `src` at `index` along its first dimension (a pipeline stage):
    the same element type and encoding, one dimension fewer. `index` must be below the
    first dimension's size; it is not checked.

    Example:

    ```mlir
    %stage = tile.memdesc_index %buf[%slot] : !tile.memdesc<3x64x32xf16, #shared>
        -> !tile.memdesc<64x32xf16, #shared>
    ```
  }];
  let arguments = (ins Tile_MemDescType:$src, I32:$index);
  let results = (outs Tile_MemDescType:$result);
  let assemblyFormat = "$src `[` $index `]` attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_AsyncCopyOp : Tile_Op<"async_copy", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Starts copying a tile from global to shared memory";
  let description = [{
    Each thread starts copying the elements of `ptr` it holds (in `ptr`'s layout) to
    their places in the shared-memory tile `dst`; an element whose `mask` is false gets
    zero. The copy moves bytes: `dst`'s element type may differ from the pointees' if
    its bit width is the same (a tile of i16 bit patterns read back as bf16). The copy
    belongs to the thread's next `tile.async_commit_group`, and its data may be read only
    after a `tile.async_wait` that waits for that group (`cp.async` on NVIDIA; the SIMT
    emulator completes copies only at that wait).

    Example:

    ```mlir
    tile.async_copy %ptrs, %stage, %mask : tensor<64x32x!tile.ptr<f16>, #blocked>,
        !tile.memdesc<64x32xf16, #shared>, tensor<64x32xi1, #blocked>
    ```
  }];
  let arguments = (ins Tile_PtrTile:$ptr, Tile_MemDescType:$dst, Optional<Tile_BoolTile>:$mask);
  let assemblyFormat = [{
    $ptr `,` $dst (`,` $mask^)? attr-dict `:` type($ptr) `,` type($dst) (`,` type($mask)^)?
  }];
  let hasVerifier = 1;
}

def Tile_AsyncCommitGroupOp : Tile_Op<"async_commit_group", [MemoryEffects<[MemWrite]>]> {
  let summary = "Closes the calling thread's group of asynchronous copies";
  let description = [{
    The `tile.async_copy`s the thread started since its last commit form one group,
    which `tile.async_wait` counts (`cp.async.commit_group`).

    Example:

    ```mlir
    tile.async_commit_group
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Tile_AsyncWaitOp : Tile_Op<"async_wait", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Waits for asynchronous copies, then synchronizes the program";
  let description = [{
    Waits until at most `pending` of the calling thread's committed groups are still in
    flight (`cp.async.wait_group`), then synchronizes the program's threads, so that
    every thread sees the data of every group that has completed.

    Example:

    ```mlir
    tile.async_wait pending = 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pending);
  let assemblyFormat = "`pending` `=` $pending attr-dict";
}

def Tile_LocalLoadOp : Tile_Op<"local_load", [MemoryEffects<[MemRead]>]> {
  let summary = "Reads a tile from shared memory into a distributed layout";
  let description = [{
    Returns the tile held in the shared-memory tile `src`, in the layout of the result
    type. A tensor-core `tile.dot` reads a `dot_operand` result straight from shared
    memory, step by step of K (`ldmatrix`).

    Example:

    ```mlir
    %a = tile.local_load %stage : !tile.memdesc<64x32xf16, #shared>
        -> tensor<64x32xf16, #dot_a>
    ```
  }];
  let arguments = (ins Tile_MemDescType:$src);
  let results = (outs Tile_MatrixTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_LocalStoreOp : Tile_Op<"local_store", [MemoryEffects<[MemWrite]>]> {
  let summary = "Writes a tile from a distributed layout to shared memory";
  let description = [{
    Each thread writes the elements of `value` it holds (in `value`'s layout) to their
    places in the shared-memory tile `dst` (row-major with the buffer's padding, or
    column-major for order [0, 1]). The op does not synchronize: a `tile.barrier`
    must separate it from reads of other threads (`tilec-pipeline-loops` without
    asynchronous copies fills the next stage of a buffer with it).

    Example:

    ```mlir
    tile.local_store %a, %stage : tensor<64x32xf16, #blocked>, !tile.memdesc<64x32xf16, #shared>
    ```
  }];
  let arguments = (ins Tile_MatrixTile:$value, Tile_MemDescType:$dst);
  let assemblyFormat = "$value `,` $dst attr-dict `:` type($value) `,` type($dst)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Copy-engine (TMA) loads and mbarriers
//===----------------------------------------------------------------------===//

def Tile_DescriptorBlockOp : Tile_Op<"descriptor_block", [Pure, AttrSizedOperandSegments,
    AllTypesMatch<["src", "result"]>]> {
  let summary = "Marks a tile as one block of a tensor descriptor or block pointer";
  let description = [{
    Returns `src`, which is the block at `offsets` (i32, one per dimension) of the
    tensor of sizes `sizes` and strides `strides` (i64, in elements) at `base`: as
    read by a `tile.load` with the bounds checks of `tile.descriptor_load`, or,
    with `stored`, as the value a `tile.store` writes there (elements outside the
    tensor dropped). `tilec-lower-block-pointers` adds it (option
    `mark-descriptor-blocks`) where a load or store came from a descriptor or block
    pointer, so that the target's copy engine can move the block instead:
    `tilec-pipeline-loops` uses the marks of loads and removes the ones it does not
    use, convert-tile-to-gpu those of stores. The mark moves no data.

    Example:

    ```mlir
    %b = tile.descriptor_block %x of %base[%m, %k] [%sk, %c1] at [%om, %ok]
        : tensor<128x64xf16>, !tile.ptr<f16>
    %s = tile.descriptor_block %y stored of %base[%m, %n] [%sn, %c1] at [%om, %on]
        : tensor<128x128xf16>, !tile.ptr<f16>
    ```
  }];
  let arguments = (ins Tile_AnyTile:$src, Tile_PointerType:$base, Variadic<I64>:$sizes,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets, UnitAttr:$stored);
  let results = (outs Tile_AnyTile:$result);
  let assemblyFormat = [{
    $src (`stored` $stored^)? `of` $base `[` $sizes `]` `[` $strides `]` `at` ` ` `[` $offsets `]`
    attr-dict `:` type($src) `,` qualified(type($base))
  }];
  let hasVerifier = 1;
}

def Tile_MakeTensorMapOp : Tile_Op<"make_tensor_map", [MemoryEffects<[MemWrite]>,
    SameVariadicOperandSize]> {
  let summary = "Builds a copy-engine (TMA) descriptor of a 2-D tensor";
  let description = [{
    Writes the descriptor of the 2-D tensor of sizes `sizes` and strides `strides`
    (i64, in elements; the last stride must be 1) at `base` into the program's
    global scratch memory and returns it; the result type gives the box, the
    swizzle and the fill (Hopper: `tensormap.replace` fields of a 128-byte
    `CUtensorMap`). The copy engine requires `base` and each stride but the last
    to be multiples of 16 bytes, sizes below 2^32 and strides below 2^40 bytes;
    `tilec-pipeline-loops` makes maps only where the first two are known.

    Example:

    ```mlir
    %map = tile.make_tensor_map %base, [%m, %k], [%sk, %c1]
        : !tile.ptr<f16> -> !tile.tensor_map<128x64xf16, swizzle = 128>
    ```
  }];
  let arguments = (ins Tile_PointerType:$base, Variadic<I64>:$sizes, Variadic<I64>:$strides);
  let results = (outs Tile_TensorMapType:$result);
  let assemblyFormat = [{
    $base `,` `[` $sizes `]` `,` `[` $strides `]` attr-dict `:` qualified(type($base)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_AsyncTMALoadOp : Tile_Op<"async_tma_load", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Starts a copy-engine copy of a tensor block into shared memory";
  let description = [{
    When `pred` is true, the program starts copying the block of `dst`'s shape
    whose first element is at `offsets` (i32, rows then columns; they may be
    negative or past the end, where the map's fill is read) of `map`'s tensor
    into the shared-memory tile `dst`, one box per swizzle-wide column group, and
    counts its bytes as transaction bytes of the current phase of `barrier`
    (`cp.async.bulk.tensor` ... `mbarrier::complete_tx::bytes`, issued by one
    thread). The data may be read once that phase has completed
    (`tile.mbarrier_wait`).

    Example:

    ```mlir
    tile.async_tma_load %map[%om, %ok] into %stage, %bar, %inRange
        : !tile.tensor_map<128x64xf16, swizzle = 128>, !tile.memdesc<128x64xf16, #swz>,
          !tile.memdesc<1x1xi64, #shared>
    ```
  }];
  let arguments = (ins Tile_TensorMapType:$map, Variadic<I32>:$offsets, Tile_MemDescType:$dst,
                       Tile_MemDescType:$barrier, I1:$pred);
  let assemblyFormat = [{
    $map `[` $offsets `]` `into` $dst `,` $barrier `,` $pred attr-dict `:` qualified(type($map))
    `,` qualified(type($dst)) `,` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def Tile_MBarrierInitOp : Tile_Op<"mbarrier_init", [MemoryEffects<[MemWrite]>]> {
  let summary = "Initializes a shared-memory barrier of asynchronous copies";
  let description = [{
    Makes the 1x1 i64 shared-memory tile `barrier` an mbarrier expecting `count`
    arrivals per phase, phase 0 current, then synchronizes the program so that
    every thread may wait on it (`mbarrier.init`, by one thread).

    Example:

    ```mlir
    tile.mbarrier_init %bar count = 1 : !tile.memdesc<1x1xi64, #shared>
    ```
  }];
  let arguments = (ins Tile_MemDescType:$barrier, ConfinedAttr<I32Attr, [IntMinValue<1>]>:$count);
  let assemblyFormat = "$barrier `count` `=` $count attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def Tile_MBarrierArriveOp : Tile_Op<"mbarrier_arrive", [MemoryEffects<[MemWrite]>]> {
  let summary = "Arrives at a barrier, expecting transaction bytes";
  let description = [{
    The program adds `bytes` (i32) to the transaction bytes the current phase of
    `barrier` waits for, then arrives once (`mbarrier.arrive.expect_tx`, by one
    thread). The phase completes when all its arrivals have come and its
    transaction bytes have landed.

    Example:

    ```mlir
    tile.mbarrier_arrive %bar, %bytes : !tile.memdesc<1x1xi64, #shared>
    ```
  }];
  let arguments = (ins Tile_MemDescType:$barrier, I32:$bytes);
  let assemblyFormat = "$barrier `,` $bytes attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def Tile_MBarrierInvalOp : Tile_Op<"mbarrier_inval", [MemoryEffects<[MemWrite]>]> {
  let summary = "Ends a shared-memory barrier's life";
  let description = [{
    Invalidates the mbarrier `barrier` (`mbarrier.inval`, by one thread), so that
    its memory may be initialized again; every phase it counted must have
    completed and no thread may still wait on it.

    Example:

    ```mlir
    tile.mbarrier_inval %bar : !tile.memdesc<1x1xi64, #shared>
    ```
  }];
  let arguments = (ins Tile_MemDescType:$barrier);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def Tile_MBarrierWaitOp : Tile_Op<"mbarrier_wait", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Waits for a phase of a barrier to complete";
  let description = [{
    Every thread waits until the phase of `barrier` with parity `phase` (i32, 0 or
    1) has completed; the data of the copies counted in it is then visible
    (`mbarrier.try_wait.parity` in a loop).

    Example:

    ```mlir
    tile.mbarrier_wait %bar, %phase : !tile.memdesc<1x1xi64, #shared>
    ```
  }];
  let arguments = (ins Tile_MemDescType:$barrier, I32:$phase);
  let assemblyFormat = "$barrier `,` $phase attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def Tile_BarrierOp : Tile_Op<"barrier", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Synchronizes the threads of a program (tl.debug_barrier)";
  let description = [{
    Every thread of the program waits here until all of them have arrived, and the
    memory accesses each made before are visible to all after. GPU lowerings emit
    the target's block barrier (`TargetInfo::barrier`: `bar.sync 0` on NVPTX,
    `s_barrier` on AMDGPU, the emulator's barrier on SIMT); CPUs, which run a
    program as one thread, drop it. Every thread must reach it (program-uniform
    control flow). Mirrors `tl.debug_barrier` (`gpu.barrier` in Triton).

    Example:

    ```mlir
    tile.barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def Tile_PrintOp : Tile_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "Prints values, one line per element (tl.device_print)";
  let description = [{
    Prints each element of each value on its own line as
    `pid (x, y, z) idx (i, ...)<prefix>[(operand n) ]<value>`, like Triton's
    `tl.device_print`. `is_signed` says per value how integers are printed; `hex` prints
    the bits in hexadecimal. `shapes` holds the tile shape of each value once tiles are
    flattened to vectors (empty for scalars). Without values, prints the prefix once.

    Example:

    ```mlir
    tile.print " x: " %x {hex = false, is_signed = array<i1: true>} : tensor<8xi32>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, Variadic<AnyType>:$values, BoolAttr:$hex,
                       DenseBoolArrayAttr:$is_signed, OptionalAttr<ArrayAttr>:$shapes);
  let assemblyFormat = "$prefix ($values^ `:` type($values))? attr-dict";
  let hasVerifier = 1;
}

def Tile_AssertOp : Tile_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "Fails the launch where a condition is false (tl.device_assert)";
  let description = [{
    When any element of `condition` is false, the launch fails with an error that names
    the program id, the source location of the op and `message`. The program itself
    continues.

    Example:

    ```mlir
    tile.assert %ok, "index out of range" : tensor<64xi1>
    ```
  }];
  // After convert-tile-to-vector the condition is a flat i1 vector.
  let arguments = (ins AnyTypeOf<[I1, Tile_BoolTile, VectorOfRankAndType<[1], [I1]>]>:$condition,
                       StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

#endif // TILEC_TILE_OPS_TD
