// The tile dialect: declaration shared by its types and ops.
#ifndef TILEC_TILE_DIALECT_TD
#define TILEC_TILE_DIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::tilec::tile";
  let summary = "Tile-level kernel IR for Triton-language programs";
  let description = [{
    The tile dialect models one program instance of a Triton-language kernel. Values are
    scalars or tiles (builtin ranked tensors) of scalars or of `!tile.ptr` pointers.
    Elementwise computation uses the upstream `arith` and `math` dialects on tiles; this
    dialect adds what they lack: program identity, index ranges, shape manipulation,
    pointer arithmetic, masked memory access, reductions and matrix products.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TILEC_TILE_DIALECT_TD
