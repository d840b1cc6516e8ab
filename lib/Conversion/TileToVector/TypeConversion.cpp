//===- TypeConversion.cpp - Tile type converter, legality, func/scf -------===//
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

using namespace mlir;

namespace tilec {

TileToVectorTypeConverter::TileToVectorTypeConverter(MLIRContext *ctx) {
  // Scalars (and anything else without tiles or tile pointers) stay as they are.
  addConversion([](Type type) { return type; });
  addConversion([ctx](tile::PointerType) -> Type { return LLVM::LLVMPointerType::get(ctx); });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    Type elem = convertType(type.getElementType());
    if (!elem || !VectorType::isValidElementType(elem))
      return std::nullopt;
    return VectorType::get({type.getNumElements()}, elem);
  });
}

void configureTileToVectorTarget(ConversionTarget &target, const TypeConverter &typeConverter) {
  target.markUnknownOpDynamicallyLegal(
      [&typeConverter](Operation *op) { return typeConverter.isLegal(op); });
  target.addDynamicallyLegalOp<func::FuncOp>([&typeConverter](func::FuncOp op) {
    return typeConverter.isSignatureLegal(op.getFunctionType()) &&
           typeConverter.isLegal(&op.getBody());
  });
  target.addIllegalDialect<tile::TileDialect>();
  target.addLegalOp<tile::ProgramIdOp, tile::NumProgramsOp, tile::GlobalTimerOp>();
  // Combiner terminators disappear with their tile.reduce.
  target.addLegalOp<tile::YieldOp>();
}

void populateTileStructuralToVectorPatterns(const TypeConverter &typeConverter,
                                            RewritePatternSet &patterns, ConversionTarget &target) {
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, typeConverter);
  populateReturnOpTypeConversionPattern(patterns, typeConverter);
  populateCallOpTypeConversionPattern(patterns, typeConverter);
  scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter, patterns, target);
}

} // namespace tilec
