// The tile dialect's layout encodings: how a tile is distributed over the threads of a program.
#ifndef TILEC_TILE_ATTRS_TD
#define TILEC_TILE_ATTRS_TD

include "TileDialect.td"
include "mlir/IR/AttrTypeBase.td"

class Tile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Tile_BlockedEncodingAttr : Tile_Attr<"BlockedEncoding", "blocked"> {
  let summary = "A tile split into per-thread blocks, tiled over lanes and warps";
  let description = [{
    The distributed layout of GPU tiles, as Triton's `#blocked`. Along each dimension `d`
    a thread holds `sizePerThread[d]` consecutive elements, `threadsPerWarp[d]` lanes and
    `warpsPerCTA[d]` warps cover consecutive blocks, and the pattern repeats (more
    registers per thread) when the tile is larger. When the tile is smaller, threads wrap
    around and hold copies of the same elements. `order` lists the dimensions from the
    fastest-varying: lanes, warps and a thread's registers are numbered along it.

    Element `(c0, ..., cn)` of a tile of shape `S` is held by lane `l`, warp `w`, register
    `r` when, per dimension, `c_d = (k_d * spt_d * tpw_d * wpc_d + w_d * spt_d * tpw_d +
    l_d * spt_d + j_d) mod S_d` with `r` enumerating `j` (inside `sizePerThread`) then `k`
    (repetitions), fastest dimension first. Products of `threadsPerWarp` and `warpsPerCTA`
    are the warp size and the number of warps.

    Example:

    ```mlir
    tensor<1024xf32, #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32],
                                    warpsPerCTA = [4], order = [0]}>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `{` `sizePerThread` `=` `[` $sizePerThread `]` `,`
            `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
            `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
            `order` `=` `[` $order `]` `}` `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getOrder().size(); }
  }];
}

def Tile_SliceEncodingAttr : Tile_Attr<"SliceEncoding", "slice"> {
  let summary = "A parent layout with one dimension removed";
  let description = [{
    The layout of a tile that is its parent layout's tile with dimension `dim` reduced
    away (Triton's `#slice`): the result of `tile.reduce` along `dim`, and the operand
    `tile.expand_dims` needs to produce the parent layout without moving data. The threads
    that differed only along `dim` hold copies of the same elements.

    Example:

    ```mlir
    tensor<64xf32, #tile.slice<{dim = 1, parent = #blocked}>>
    ```
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
  let assemblyFormat = "`<` `{` `dim` `=` $dim `,` `parent` `=` $parent `}` `>`";
  let genVerifyDecl = 1;
}

def Tile_SharedEncodingAttr : Tile_Attr<"SharedEncoding", "shared"> {
  let summary = "A tile held in the shared memory of a program, with swizzling";
  let description = [{
    How a tile staged in shared memory is laid out (Triton's `#shared`): rows follow
    `order` (fastest first); `vec` elements stay together, and groups of `perPhase` rows
    XOR their `vec`-element column blocks with `(row / perPhase) mod maxPhase` so that
    threads reading a column do not collide on banks. `vec = perPhase = maxPhase = 1` is
    the plain row-major layout used for layout conversions and reductions today.

    Example:

    ```mlir
    #tile.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase, "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `{` `vec` `=` $vec `,` `perPhase` `=` $perPhase `,` `maxPhase` `=` $maxPhase `,`
            `order` `=` `[` $order `]` `}` `>`
  }];
}

#endif // TILEC_TILE_ATTRS_TD
