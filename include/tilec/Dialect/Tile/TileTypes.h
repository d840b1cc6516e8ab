//===- TileTypes.h - Types of the tile dialect -------------------*- C++ -*-===//
#ifndef TILEC_DIALECT_TILE_TILETYPES_H
#define TILEC_DIALECT_TILE_TILETYPES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Types.h"

#include "Tile/TileEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "Tile/TileTypes.h.inc"

namespace tilec::tile {

/// Returns the pointee type of a pointer, or the tile of pointees of a tile of pointers.
mlir::Type getPointeeLikeType(mlir::Type ptrLike);

/// Returns i1, or a tile of i1 with the shape of `type` when it is a tile.
mlir::Type getBoolLikeType(mlir::Type type);

/// Returns `elementType`, or a tile of it with the shape of `like` when `like` is a tile.
mlir::Type getTypeLike(mlir::Type like, mlir::Type elementType);

} // namespace tilec::tile

#endif // TILEC_DIALECT_TILE_TILETYPES_H
