// The tile dialect's types: typed pointers and the type constraints its ops use.
#ifndef TILEC_TILE_TYPES_TD
#define TILEC_TILE_TYPES_TD

include "TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

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
