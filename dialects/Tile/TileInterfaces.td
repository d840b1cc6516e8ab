// The tile dialect's op interfaces: contracts that lowerings handle once for many ops.
#ifndef TILEC_TILE_INTERFACES_TD
#define TILEC_TILE_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Tile_ElementPermutationOpInterface : OpInterface<"ElementPermutationOpInterface"> {
  let cppNamespace = "::tilec::tile";
  let description = [{
    An op whose results only rearrange the elements of its tile operands (join, split,
    cat, flip, shuffle): every element of every result is one operand element, at a
    position fixed by the op's types and attributes. Lowerings read that map instead of
    knowing each op: the CPU lowering makes each result one `vector.shuffle`; the SIMT
    lowering moves registers within a thread, across lanes or through shared memory,
    whichever the layouts allow.
  }];
  let methods = [
    InterfaceMethod<[{
        Row-major position, in the row-major concatenation of the op's operands (all
        tiles of one element type), of each element (row-major) of result `result`.
      }],
      "::llvm::SmallVector<int64_t>", "getSourcePositions", (ins "unsigned":$result)>,
  ];
}

#endif // TILEC_TILE_INTERFACES_TD
