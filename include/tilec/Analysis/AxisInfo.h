//===- AxisInfo.h - Contiguity, divisibility and constancy of tiles -*- C++ -*-===//
//
// For each integer or pointer value and each dimension: how many consecutive
// elements increase by one (contiguity), the largest power of two dividing the
// first element of each such run (divisibility; in bytes for pointers) and how
// many consecutive elements are equal (constancy), as Triton's AxisInfo. Shared
// by the GPU layout passes and lowering (vector width of memory accesses).
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_ANALYSIS_AXISINFO_H
#define TILEC_ANALYSIS_AXISINFO_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace tilec {

struct AxisInfo {
  llvm::SmallVector<int64_t> contiguity, divisibility, constancy;
  /// The value of every element, when it is a known integer constant.
  std::optional<int64_t> constant;

  unsigned getRank() const { return contiguity.size(); }
  /// What is known of any value of `shape` (rank 0: a scalar).
  static AxisInfo pessimistic(llvm::ArrayRef<int64_t> shape);
};

/// Computes AxisInfo on demand for values under one operation, memoized.
class AxisInfoAnalysis {
public:
  /// The largest divisibility tracked (also the divisibility of 0).
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

  /// (By value: later queries may grow the cache.)
  AxisInfo get(mlir::Value value);

private:
  AxisInfo compute(mlir::Value value, unsigned depth);
  const AxisInfo &getImpl(mlir::Value value, unsigned depth);
  llvm::DenseMap<mlir::Value, AxisInfo> cache;
};

/// Elements of a thread's run along the fastest dimension of `ptr`'s
/// distributed layout that one memory access may cover: contiguous and
/// aligned pointers, one `mask` value (when given), at most 16 bytes; a power
/// of two, 1 when `ptr` is not a tile with a distributed layout.
int64_t getAccessVectorWidth(AxisInfoAnalysis &axisInfo, mlir::Value ptr, mlir::Value mask);

/// Whether a copy engine (TMA) can address the 2-D tensor of `base` (a
/// scalar pointer) with i64 `strides` (in elements) of `elemBytes`-byte
/// elements: the last stride is 1, the row stride is not a constant <= 0
/// (the engine's strides are unsigned), and base and row stride are known
/// multiples of 16 bytes.
bool isCopyEngineAddressable(AxisInfoAnalysis &axisInfo, mlir::Value base, mlir::ValueRange strides,
                             int64_t elemBytes);

} // namespace tilec

#endif // TILEC_ANALYSIS_AXISINFO_H
