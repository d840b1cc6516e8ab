//===- TileDialect.cpp - Tile dialect registration and types ---------------===//
#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/Tile/TileOps.h"
#include "mlir/IR/OpImplementation.h"
#include "tilec/Dialect/Tile/TileTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec::tile;

#include "Tile/TileDialect.cpp.inc"

/// `64x32xf16`: dimensions, each followed by `x`, and the element type, as in
/// builtin shaped types.
static ParseResult parseTileShape(AsmParser &parser, SmallVector<int64_t> &shape,
                                  Type &elementType) {
  if (parser.parseDimensionList(shape, /*allowDynamic=*/false, /*withTrailingX=*/true))
    return failure();
  return parser.parseType(elementType);
}

static void printTileShape(AsmPrinter &printer, ArrayRef<int64_t> shape, Type elementType) {
  for (int64_t dim : shape)
    printer << dim << 'x';
  printer << elementType;
}

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

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding) {
  if (shape.size() < 2)
    return emitError() << "a shared-memory buffer holds tiles of rank 2 at least, got rank "
                       << shape.size();
  if (llvm::any_of(shape, [](int64_t dim) { return dim <= 0; }))
    return emitError() << "shared-memory buffer dimensions must be positive";
  if (!isa<FloatType, IntegerType>(elementType) || elementType.getIntOrFloatBitWidth() < 8)
    return emitError() << "shared-memory buffers hold integers or floats of 8 bits or more, got "
                       << elementType;
  auto shared = dyn_cast<SharedEncodingAttr>(encoding);
  if (!shared)
    return emitError() << "shared-memory buffers need a #tile.shared encoding, got " << encoding;
  if (shared.getOrder().size() != 2 ||
      !llvm::is_contained(shared.getOrder(), 0u) || !llvm::is_contained(shared.getOrder(), 1u))
    return emitError() << "#tile.shared order of a buffer must be [1, 0] or [0, 1]";
  return success();
}

/// The checks block pointers and tensor descriptors share: a non-empty block of
/// power-of-two dimensions whose element type a pointer can point to.
static LogicalResult verifyBlock(function_ref<InFlightDiagnostic()> emitError, StringRef what,
                                 ArrayRef<int64_t> shape, Type elementType) {
  if (shape.empty())
    return emitError() << what << " needs a block of rank 1 at least";
  if (llvm::any_of(shape, [](int64_t dim) { return dim <= 0 || !llvm::isPowerOf2_64(dim); }))
    return emitError() << what << " block dimensions must be powers of two";
  return PointerType::verify(emitError, elementType);
}

LogicalResult BlockPtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<int64_t> shape, Type elementType) {
  return verifyBlock(emitError, "a block pointer", shape, elementType);
}

RankedTensorType BlockPtrType::getBlockType() const {
  return RankedTensorType::get(getShape(), getElementType());
}

LogicalResult TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                     ArrayRef<int64_t> shape, Type elementType,
                                     PaddingOption padding) {
  if (failed(verifyBlock(emitError, "a tensor descriptor", shape, elementType)))
    return failure();
  if (shape.size() > 5)
    return emitError() << "a tensor descriptor has 1 to 5 dimensions, got " << shape.size();
  if (padding == PaddingOption::nan && !isa<FloatType>(elementType))
    return emitError() << "padding nan needs float elements, got " << elementType;
  return success();
}

LogicalResult TensorMapType::verify(function_ref<InFlightDiagnostic()> emitError,
                                    ArrayRef<int64_t> shape, Type elementType, int64_t swizzle,
                                    PaddingOption padding) {
  if (shape.size() != 2 || llvm::any_of(shape, [](int64_t d) { return d < 1 || d > 256; }))
    return emitError() << "a tensor map's box has 2 dimensions of 1 to 256 elements";
  if (!elementType.isIntOrFloat() ||
      !llvm::is_contained({8u, 16u, 32u, 64u}, elementType.getIntOrFloatBitWidth()))
    return emitError() << "a tensor map copies 1-, 2-, 4- or 8-byte elements, got " << elementType;
  int64_t rowBytes = shape[1] * elementType.getIntOrFloatBitWidth() / 8;
  if (!llvm::is_contained({0, 32, 64, 128}, swizzle))
    return emitError() << "swizzle is 0, 32, 64 or 128 bytes, got " << swizzle;
  if (rowBytes % 16 != 0 || (swizzle && rowBytes != swizzle))
    return emitError() << "a box row of " << rowBytes
                       << " bytes: it must be a multiple of 16 bytes, and the swizzle's span when "
                          "swizzled (swizzle = "
                       << swizzle << ")";
  if (padding == PaddingOption::nan && !elementType.isF16() && !elementType.isBF16() &&
      !elementType.isF32())
    return emitError() << "a tensor map fills with NaN f16, bf16 or f32 elements only, got "
                       << elementType;
  return success();
}

int64_t TensorMapType::getBoxBytes() const {
  return getShape()[0] * getShape()[1] * getElementType().getIntOrFloatBitWidth() / 8;
}

RankedTensorType TensorDescType::getBlockType() const {
  return RankedTensorType::get(getShape(), getElementType());
}

int64_t MemDescType::getPaddedTileElements() const {
  ArrayRef<int64_t> shape = getShape();
  auto shared = cast<SharedEncodingAttr>(getEncoding());
  unsigned fastest = shared.getOrder()[0];
  int64_t rows = shape[shape.size() - 2 + (1 - fastest)];
  int64_t row = shape[shape.size() - 2 + fastest];
  return rows * (row + shared.getPad());
}

int64_t MemDescType::getTileBytes() const {
  // Swizzled tiles each start 1024-byte aligned (the swizzle reads address
  // bits 4-9).
  bool swizzled = cast<SharedEncodingAttr>(getEncoding()).getSwizzleBytes() != 0;
  return llvm::alignTo(getPaddedTileElements() * getElementType().getIntOrFloatBitWidth() / 8,
                       swizzled ? 1024 : 16);
}

int64_t MemDescType::getBytes() const {
  int64_t tiles = 1;
  for (int64_t dim : getShape().drop_back(2))
    tiles *= dim;
  return tiles * getTileBytes();
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
