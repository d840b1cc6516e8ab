//===- TileDialect.cpp - Tile dialect registration and types ---------------===//
#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/Tile/TileOps.h"
#include "mlir/IR/OpImplementation.h"
#include "tilec/Dialect/Tile/TileTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tilec::tile;

#include "Tile/TileDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "Tile/TileTypes.cpp.inc"

namespace {
/// Prints layout encodings once, as aliases (`#blocked`, `#slice`, `#shared`,
/// `#mma`, `#mfma`, `#dot_a`, `#dot_b`).
struct TileOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr))
      os << "blocked";
    else if (isa<SliceEncodingAttr>(attr))
      os << "slice";
    else if (isa<SharedEncodingAttr>(attr))
      os << "shared";
    else if (isa<MmaEncodingAttr>(attr))
      os << "mma";
    else if (isa<MfmaEncodingAttr>(attr))
      os << "mfma";
    else if (auto operand = dyn_cast<DotOperandEncodingAttr>(attr))
      os << (operand.getOpIdx() == 0 ? "dot_a" : "dot_b");
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TileDialect::initialize() {
  addInterfaces<TileOpAsmInterface>();
  addTypes<
#define GET_TYPEDEF_LIST
#include "Tile/TileTypes.cpp.inc"
      >();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "Tile/TileOps.cpp.inc"
      >();
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType) {
  if (isa<FloatType>(pointeeType) || isa<IntegerType>(pointeeType) ||
      isa<PointerType>(pointeeType))
    return success();
  return emitError() << "pointee type must be an integer, float or pointer type, got "
                     << pointeeType;
}

namespace tilec::tile {

Type getTypeLike(Type like, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(like))
    return RankedTensorType::get(tensor.getShape(), elementType, tensor.getEncoding());
  return elementType;
}

Type getPointeeLikeType(Type ptrLike) {
  auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(ptrLike));
  if (!ptr)
    return Type();
  return getTypeLike(ptrLike, ptr.getPointeeType());
}

Type getBoolLikeType(Type type) {
  return getTypeLike(type, IntegerType::get(type.getContext(), 1));
}

} // namespace tilec::tile
