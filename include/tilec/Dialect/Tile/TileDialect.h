//===- TileDialect.h - The tile dialect declaration --------------*- C++ -*-===//
#ifndef TILEC_DIALECT_TILE_TILEDIALECT_H
#define TILEC_DIALECT_TILE_TILEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "Tile/TileDialect.h.inc"

#endif // TILEC_DIALECT_TILE_TILEDIALECT_H
