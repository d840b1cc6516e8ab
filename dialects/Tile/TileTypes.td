// The tile dialect's types: typed pointers and the type constraints its ops use.
#ifndef TILEC_TILE_TYPES_TD
#define TILEC_TILE_TYPES_TD

include "TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/EnumAttr.td"

def Tile_PointerType : TypeDef<Tile_Dialect, "Pointer",
                               [VectorElementTypeInterface]> {
  let mnemonic = "ptr";
  let summary = "Pointer to global memory holding elements of a scalar type";
  let description = [{
    A pointer to scalar elements in global memory. Pointer arithmetic (`tile.addptr`)
    counts in elements of the pointee type.

    Example:

    ```mlir
    !tile.ptr<f32>
    tensor<128x!tile.ptr<f16>>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType);
  let assemblyFormat = "`<` $pointeeType `>`";
  let genVerifyDecl = 1;
}

def Tile_MemDescType : TypeDef<Tile_Dialect, "MemDesc"> {
  let mnemonic = "memdesc";
  let summary = "A buffer of tile elements in the shared memory of a program";
  let description = [{
    A buffer that all threads of a program can read and write, laid out as its
    `#tile.shared` encoding says (the last two dimensions; leading dimensions index
    whole tiles, e.g. the stages of a software pipeline). Made by `tile.local_alloc`,
    filled by `tile.async_copy` and read by `tile.local_load`.

    Example:

    ```mlir
    !tile.memdesc<3x64x32xf16, #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1,
        order = [1, 0], pad = 8}>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding);
  let assemblyFormat = "`<` custom<TileShape>($shape, $elementType) `,` $encoding `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Elements of one tile (the last two dimensions), padding included.
    int64_t getPaddedTileElements() const;
    /// Bytes of one tile (the last two dimensions), padding included, rounded
    /// up to 16.
    int64_t getTileBytes() const;
    /// Bytes of the whole buffer.
    int64_t getBytes() const;
  }];
}

def Tile_PaddingOption : I32EnumAttr<"PaddingOption",
    "What a checked block load reads outside the tensor (Triton's `padding_option`)", [
      I32EnumAttrCase<"zero", 0>, I32EnumAttrCase<"nan", 1>]> {
  let cppNamespace = "::tilec::tile";
}

def Tile_BlockPtrType : TypeDef<Tile_Dialect, "BlockPtr"> {
  let mnemonic = "block_ptr";
  let summary = "A block of a strided tensor in global memory (tl.make_block_ptr)";
  let description = [{
    Names the block of `shape` elements of a tensor that starts at a runtime offset:
    made by `tile.make_block_ptr` from the tensor's base pointer, sizes and strides
    and the block's offsets, moved by `tile.advance`, and read and written whole by
    `tile.block_load` and `tile.block_store`. The block shape is static (powers of
    two, as tiles); the element type is the base pointer's pointee. Triton's
    `!tt.ptr<tensor<...>>`. `tilec-lower-block-pointers` replaces each value of this
    type by its components: the base pointer, the sizes and strides (i64) and the
    offsets (i32).

    Example:

    ```mlir
    !tile.block_ptr<128x64xf16>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "::mlir::Type":$elementType);
  let assemblyFormat = "`<` custom<TileShape>($shape, $elementType) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The tile a load of the block gives: `tensor<shape x elementType>`.
    ::mlir::RankedTensorType getBlockType() const;
  }];
}

def Tile_TensorMapType : TypeDef<Tile_Dialect, "TensorMap"> {
  let mnemonic = "tensor_map";
  let summary = "A copy-engine (TMA) descriptor of a 2-D tensor in global memory";
  let description = [{
    What a Hopper tensor memory accelerator reads to copy a box of a strided 2-D
    tensor from global to shared memory (a `CUtensorMap`, made at run time by
    `tile.make_tensor_map`): boxes of `shape` (rows, then the contiguous columns,
    at most 256 each) of `elementType`, stored in shared memory with the
    `swizzle`-byte XOR swizzle of 16-byte chunks (0 for none; else 32, 64 or 128,
    the bytes of one box row), elements outside the tensor filled with zeros or,
    with `nan`, NaN. A box fills the `swizzle`-byte column group of a
    `#tile.shared` tile with the same swizzle (`tile.async_tma_load`).

    Example:

    ```mlir
    !tile.tensor_map<128x64xf16, swizzle = 128>
    !tile.tensor_map<64x32xf32, swizzle = 128, nan>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "::mlir::Type":$elementType,
                        "int64_t":$swizzle,
                        DefaultValuedParameter<"::tilec::tile::PaddingOption",
                                               "::tilec::tile::PaddingOption::zero">:$padding);
  let assemblyFormat = [{
    `<` custom<TileShape>($shape, $elementType) `,` `swizzle` `=` $swizzle (`,` $padding^)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes of one box.
    int64_t getBoxBytes() const;
  }];
}

def Tile_TensorDescType : TypeDef<Tile_Dialect, "TensorDesc"> {
  let mnemonic = "tensor_desc";
  let summary = "A strided tensor in global memory read and written in fixed blocks";
  let description = [{
    A tensor descriptor (`tl.make_tensor_descriptor`, or a host `TensorDescriptor`):
    a base pointer, sizes and strides, accessed in blocks of `shape` at offsets given
    per access (`tile.descriptor_load`, `tile.descriptor_store`,
    `tile.descriptor_atomic`). Every dimension is bounds-checked; elements outside
    the tensor read as `padding` (`zero`, the default, or `nan` for floats) and are
    not written. The padding is part of the type, so that it is known wherever the
    descriptor flows (loops, branches), as a TMA descriptor's fill mode is. 1 to 5
    dimensions. Triton's `!tt.tensordesc<tensor<...>>`.

    Example:

    ```mlir
    !tile.tensor_desc<64x64xf16>
    !tile.tensor_desc<16x32xf32, nan>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "::mlir::Type":$elementType,
                        DefaultValuedParameter<"::tilec::tile::PaddingOption",
                                               "::tilec::tile::PaddingOption::zero">:$padding);
  let assemblyFormat = "`<` custom<TileShape>($shape, $elementType) (`,` $padding^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The tile a load of one block gives: `tensor<shape x elementType>`.
    ::mlir::RankedTensorType getBlockType() const;
  }];
}

// Scalars a tile can hold.
def Tile_Float : AnyTypeOf<[F16, BF16, F32, F64]>;
def Tile_Int : AnyTypeOf<[I1, I8, I16, I32, I64]>;
def Tile_Scalar : AnyTypeOf<[Tile_Float, Tile_Int, Tile_PointerType]>;

class Tile_TileOf<list<Type> allowed> : RankedTensorOf<allowed>;
def Tile_AnyTile : Tile_TileOf<[Tile_Scalar]>;
def Tile_PtrTile : Tile_TileOf<[Tile_PointerType]>;
def Tile_IntTile : Tile_TileOf<[Tile_Int]>;
def Tile_BoolTile : Tile_TileOf<[I1]>;

def Tile_PtrLike : AnyTypeOf<[Tile_PointerType, Tile_PtrTile]>;
def Tile_IntLike : AnyTypeOf<[I32, I64, Tile_TileOf<[I32, I64]>]>;
def Tile_BoolLike : AnyTypeOf<[I1, Tile_BoolTile]>;
def Tile_ValueLike : AnyTypeOf<[Tile_Scalar, Tile_AnyTile]>;
def Tile_MatrixTile : Tile_TileOf<[Tile_Float, Tile_Int]>;

#endif // TILEC_TILE_TYPES_TD
