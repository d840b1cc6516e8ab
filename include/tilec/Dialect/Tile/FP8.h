//===- FP8.h - Triton's fp8 formats as i8 storage, and their exact decoding -*- C++ -*-===//
#ifndef TILEC_DIALECT_TILE_FP8_H
#define TILEC_DIALECT_TILE_FP8_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace tilec::tile {

/// The layout of one of Triton's fp8 formats, whose values are `i8` bytes in
/// tile IR: a sign bit, 7 - `mantissa` exponent bits with `bias`, and
/// `mantissa` bits.
struct FP8Format {
  /// How a format spends its top codes on NaN and infinity.
  enum class Specials {
    /// e5m2 (`fp8e5`): IEEE infinities and NaNs (exponent all ones).
    IEEE,
    /// e4m3fn (`fp8e4nv`): no infinity, one NaN per sign (all exponent and
    /// mantissa bits set).
    FN,
    /// `fp8e4b15`: every byte is a number; NaN saturates to `maxCode` and
    /// conversions to it round ties away from zero (not to even).
    None,
    /// e4m3fnuz/e5m2fnuz (`fp8e4b8`, `fp8e5b16`): every byte but 0x80 is a
    /// number, 0x80 is the one NaN (there is no negative zero).
    FNUZ,
  };
  unsigned mantissa;
  int bias;
  /// The largest finite value's byte (without sign).
  uint32_t maxCode;
  Specials specials;

  /// The format of Triton's dtype name `name` ("fp8e5", "fp8e4nv",
  /// "fp8e4b15", "fp8e4b8", "fp8e5b16"), or none for another name.
  static std::optional<FP8Format> byName(llvm::StringRef name);

  unsigned exponentBits() const { return 7 - mantissa; }
  bool fnuz() const { return specials == Specials::FNUZ; }
  /// The byte a positive NaN converts to (fnuz: the NaN, whatever the sign).
  uint32_t nanCode() const { return specials == Specials::None ? maxCode : fnuz() ? 0x80 : 0x7F; }
  /// Whether conversions to this format round ties away from zero.
  bool tiesAway() const { return specials == Specials::None; }
};

/// Decodes fp8 bytes (`i8`, or a tensor of them, of format `format`) to f32
/// (or an f32 tensor of the same shape and encoding), exactly, with integer
/// arithmetic: NaNs become quiet NaNs with the sign kept (fnuz: 0x80 becomes
/// +NaN), infinities stay infinities.
mlir::Value decodeFP8ToF32(mlir::OpBuilder &b, mlir::Location loc, mlir::Value bytes,
                           const FP8Format &format);

} // namespace tilec::tile

#endif // TILEC_DIALECT_TILE_FP8_H
