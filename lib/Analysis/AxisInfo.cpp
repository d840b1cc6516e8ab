//===- AxisInfo.cpp - Contiguity, divisibility and constancy of tiles ------===//
#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;

namespace tilec {
namespace {

SmallVector<int64_t> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t>(tensor.getShape());
  return {};
}

/// The largest power of two dividing `v` (kMaxDivisibility for 0).
int64_t powerOfTwoDividing(int64_t v) {
  if (v == 0)
    return AxisInfoAnalysis::kMaxDivisibility;
  return std::min<int64_t>(int64_t(1) << llvm::countr_zero(uint64_t(v)),
                           AxisInfoAnalysis::kMaxDivisibility);
}

int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

/// Size in bytes of the pointee of a pointer-like type, or 1 for integers.
int64_t elementBytes(Type type) {
  if (auto ptr = dyn_cast<tile::PointerType>(getElementTypeOrSelf(type))) {
    Type pointee = ptr.getPointeeType();
    if (pointee.isIntOrFloat())
      return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
    return 8;
  }
  return 1;
}

AxisInfo fullConstant(ArrayRef<int64_t> shape, int64_t value) {
  AxisInfo info = AxisInfo::pessimistic(shape);
  for (unsigned d = 0; d < shape.size(); ++d)
    info.constancy[d] = shape[d];
  for (auto &div : info.divisibility)
    div = powerOfTwoDividing(value);
  if (shape.empty())
    info.divisibility.push_back(powerOfTwoDividing(value));
  info.constant = value;
  return info;
}

/// Scalars carry their divisibility in a rank-0 info with one entry.
int64_t scalarDivisibility(const AxisInfo &info) {
  return info.divisibility.empty() ? 1 : info.divisibility.front();
}

} // namespace

AxisInfo AxisInfo::pessimistic(ArrayRef<int64_t> shape) {
  AxisInfo info;
  info.contiguity.assign(shape.size(), 1);
  info.divisibility.assign(shape.size(), 1);
  info.constancy.assign(shape.size(), 1);
  return info;
}

AxisInfo AxisInfoAnalysis::get(Value value) { return getImpl(value, 0); }

const AxisInfo &AxisInfoAnalysis::getImpl(Value value, unsigned depth) {
  auto it = cache.find(value);
  if (it != cache.end())
    return it->second;
  // Loop-carried values may reach themselves: they are pessimistic meanwhile.
  if (isa<BlockArgument>(value))
    cache[value] = AxisInfo::pessimistic(shapeOf(value.getType()));
  AxisInfo info = compute(value, depth);
  return cache[value] = std::move(info);
}

AxisInfo AxisInfoAnalysis::compute(Value value, unsigned depth) {
  SmallVector<int64_t> shape = shapeOf(value.getType());
  AxisInfo pessimistic = AxisInfo::pessimistic(shape);
  if (shape.empty())
    pessimistic.divisibility.push_back(1);
  // Deep chains are rare; stay linear and safe on the stack.
  if (depth > 64)
    return pessimistic;
  // By value: computing another operand may grow (and move) the cache.
  auto operand = [&](Value v) -> AxisInfo { return getImpl(v, depth + 1); };

  if (auto arg = dyn_cast<BlockArgument>(value)) {
    // A loop-carried value advanced by a uniform step (`ptrs += BLOCK * s`)
    // keeps its initial runs; its alignment is that of both init and step.
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())) {
      if (arg.getArgNumber() == 0) {
        // The induction variable: lb + k * step.
        pessimistic.divisibility.assign(
            1, gcd(scalarDivisibility(operand(loop.getLowerBound())),
                   scalarDivisibility(operand(loop.getStep()))));
        return pessimistic;
      }
      unsigned index = arg.getArgNumber() - 1;
      Value next = loop.getBody()->getTerminator()->getOperand(index);
      Operation *step = next.getDefiningOp();
      if (!step || !isa<tile::AddPtrOp, arith::AddIOp>(step) || step->getOperand(0) != arg)
        return pessimistic;
      AxisInfo info = operand(loop.getInitArgs()[index]);
      AxisInfo increment = operand(step->getOperand(1));
      int64_t scale = elementBytes(value.getType());
      for (unsigned d = 0; d < info.getRank(); ++d) {
        bool uniform = !increment.getRank() || increment.constancy[d] == shape[d];
        if (!uniform)
          return pessimistic;
        int64_t stepDiv = increment.getRank() ? increment.divisibility[d]
                                              : scalarDivisibility(increment);
        info.divisibility[d] = gcd(info.divisibility[d], stepDiv * scale);
      }
      if (!info.getRank())
        info.divisibility = {gcd(scalarDivisibility(info), scalarDivisibility(increment) * scale)};
      info.constant.reset();
      return info;
    }
    auto func = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    if (func && arg.getOwner()->isEntryBlock()) {
      if (auto div = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                        "tile.divisibility"))
        pessimistic.divisibility.assign(pessimistic.divisibility.size(), div.getInt());
    }
    return pessimistic;
  }

  Operation *op = value.getDefiningOp();
  APInt intValue;
  if (matchPattern(value, m_ConstantInt(&intValue)))
    return fullConstant(shape, intValue.getSExtValue());
  if (isa<arith::ConstantOp>(op)) {
    AxisInfo info = pessimistic;
    if (auto dense = dyn_cast<SplatElementsAttr>(cast<arith::ConstantOp>(op).getValue()))
      for (unsigned d = 0; d < shape.size(); ++d)
        info.constancy[d] = shape[d];
    return info;
  }

  return llvm::TypeSwitch<Operation *, AxisInfo>(op)
      .Case([&](tile::MakeRangeOp range) {
        AxisInfo info = pessimistic;
        info.contiguity[0] = shape[0];
        info.divisibility[0] = powerOfTwoDividing(range.getStart());
        return info;
      })
      .Case([&](tile::ProgramIdOp) { return pessimistic; })
      .Case([&](tile::SplatOp splat) {
        AxisInfo src = operand(splat.getSrc());
        AxisInfo info = pessimistic;
        for (unsigned d = 0; d < shape.size(); ++d) {
          info.constancy[d] = shape[d];
          info.divisibility[d] = scalarDivisibility(src);
        }
        info.constant = src.constant;
        return info;
      })
      .Case([&](tile::ConvertLayoutOp convert) { return operand(convert.getSrc()); })
      .Case([&](tile::ExpandDimsOp expand) {
        AxisInfo info = operand(expand.getSrc());
        unsigned axis = expand.getAxis();
        // Along the new dimension each element is one of the source's: only
        // what divides every source element holds (a run [2^n, 2^n + 1, ...]
        // contributes 1, not 2^n).
        int64_t div = kMaxDivisibility;
        if (info.constant)
          div = powerOfTwoDividing(*info.constant);
        else
          for (unsigned d = 0; d < info.getRank(); ++d)
            div = gcd(div, info.contiguity[d] > 1 ? 1 : info.divisibility[d]);
        info.contiguity.insert(info.contiguity.begin() + axis, 1);
        info.constancy.insert(info.constancy.begin() + axis, 1);
        info.divisibility.insert(info.divisibility.begin() + axis, div);
        return info;
      })
      .Case([&](tile::BroadcastOp broadcast) {
        AxisInfo info = operand(broadcast.getSrc());
        ArrayRef<int64_t> srcShape =
            cast<RankedTensorType>(broadcast.getSrc().getType()).getShape();
        for (unsigned d = 0; d < shape.size(); ++d)
          if (srcShape[d] == 1 && shape[d] != 1) {
            info.contiguity[d] = 1;
            info.constancy[d] = shape[d];
          }
        return info;
      })
      .Case<arith::AddIOp, tile::AddPtrOp, arith::SubIOp>([&](Operation *add) {
        AxisInfo lhs = operand(add->getOperand(0));
        AxisInfo rhs = operand(add->getOperand(1));
        int64_t scale = isa<tile::AddPtrOp>(add) ? elementBytes(add->getResult(0).getType())
                                                  : 1;
        if (shape.empty()) {
          AxisInfo info = pessimistic;
          info.divisibility[0] =
              gcd(scalarDivisibility(lhs), scalarDivisibility(rhs) * scale);
          if (lhs.constant && rhs.constant && !isa<tile::AddPtrOp>(add))
            info.constant = isa<arith::SubIOp>(add) ? *lhs.constant - *rhs.constant
                                                    : *lhs.constant + *rhs.constant;
          return info;
        }
        AxisInfo info = pessimistic;
        for (unsigned d = 0; d < shape.size(); ++d) {
          // A scalar operand is splat: contiguity 1, constant over the whole dim.
          int64_t lc = lhs.getRank() ? lhs.contiguity[d] : 1;
          int64_t rc = rhs.getRank() ? rhs.contiguity[d] : 1;
          int64_t lk = lhs.getRank() ? lhs.constancy[d] : shape[d];
          int64_t rk = rhs.getRank() ? rhs.constancy[d] : shape[d];
          int64_t ld = lhs.getRank() ? lhs.divisibility[d] : scalarDivisibility(lhs);
          int64_t rd = rhs.getRank() ? rhs.divisibility[d] : scalarDivisibility(rhs);
          // a - b is contiguous only when b is constant along d.
          info.contiguity[d] =
              isa<arith::SubIOp>(add) ? gcd(lc, rk) : std::max(gcd(lc, rk), gcd(lk, rc));
          info.constancy[d] = gcd(lk, rk);
          info.divisibility[d] = gcd(ld, rd * scale);
        }
        return info;
      })
      .Case<arith::MulIOp, arith::ShLIOp>([&](Operation *mul) {
        AxisInfo lhs = operand(mul->getOperand(0));
        AxisInfo rhs = operand(mul->getOperand(1));
        AxisInfo info = pessimistic;
        int64_t rhsFactor = 1;
        bool isShift = isa<arith::ShLIOp>(mul);
        for (unsigned d = 0; d < std::max<unsigned>(1, shape.size()); ++d) {
          int64_t ld = lhs.divisibility.empty() ? 1 : lhs.divisibility[std::min<unsigned>(
                                                          d, lhs.divisibility.size() - 1)];
          int64_t rd = rhs.divisibility.empty() ? 1 : rhs.divisibility[std::min<unsigned>(
                                                          d, rhs.divisibility.size() - 1)];
          // Each element of a product is divisible only by what divides the
          // elements of both factors: a run [2^n, 2^n + 1, ...] contributes 1
          // unless the other factor is 1.
          if (lhs.getRank() && lhs.contiguity[d] > 1 && !(rhs.constant && *rhs.constant == 1))
            ld = 1;
          if (!isShift && rhs.getRank() && rhs.contiguity[d] > 1 &&
              !(lhs.constant && *lhs.constant == 1))
            rd = 1;
          if (isShift)
            rhsFactor = rhs.constant && *rhs.constant >= 0 && *rhs.constant < 30
                            ? int64_t(1) << *rhs.constant
                            : 1;
          int64_t div = isShift ? ld * rhsFactor : ld * rd;
          info.divisibility[d] = std::min(div, kMaxDivisibility);
          if (!shape.empty()) {
            int64_t lk = lhs.getRank() ? lhs.constancy[d] : shape[d];
            int64_t rk = rhs.getRank() ? rhs.constancy[d] : shape[d];
            info.constancy[d] = gcd(lk, rk);
            // x * 1 keeps x's contiguity.
            if (!isShift && rhs.constant && *rhs.constant == 1 && lhs.getRank())
              info.contiguity[d] = lhs.contiguity[d];
            if (!isShift && lhs.constant && *lhs.constant == 1 && rhs.getRank())
              info.contiguity[d] = rhs.contiguity[d];
          }
        }
        if (lhs.constant && rhs.constant && !isShift)
          info.constant = *lhs.constant * *rhs.constant;
        return info;
      })
      .Case<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>([&](Operation *div) {
        // Triton's rules for `//` and `%` (lib/Analysis/AxisInfo.cpp there).
        AxisInfo lhs = operand(div->getOperand(0));
        AxisInfo rhs = operand(div->getOperand(1));
        bool isRem = isa<arith::RemSIOp, arith::RemUIOp>(div);
        AxisInfo info = pessimistic;
        bool isUnsigned = isa<arith::DivUIOp, arith::RemUIOp>(div);
        if (lhs.constant && rhs.constant && *rhs.constant != 0 &&
            !(*lhs.constant == INT64_MIN && *rhs.constant == -1) &&
            !(isUnsigned && (*lhs.constant < 0 || *rhs.constant < 0)))
          info.constant = isRem ? *lhs.constant % *rhs.constant : *lhs.constant / *rhs.constant;
        else if (isRem && rhs.constant && *rhs.constant == 1)
          info.constant = 0;
        bool rhsIsOne = rhs.constant && *rhs.constant == 1;
        for (unsigned d = 0; d < std::max<unsigned>(1, shape.size()); ++d) {
          bool tile = !shape.empty();
          int64_t size = tile ? shape[d] : 1;
          int64_t lc = lhs.getRank() ? lhs.contiguity[d] : 1;
          int64_t lk = lhs.getRank() ? lhs.constancy[d] : size;
          int64_t rk = rhs.getRank() ? rhs.constancy[d] : size;
          int64_t ld = lhs.getRank() ? lhs.divisibility[d] : scalarDivisibility(lhs);
          int64_t rd = rhs.getRank() ? rhs.divisibility[d] : scalarDivisibility(rhs);
          // A run of x contiguous from a multiple of gcd(ld, rd), against a
          // divisor constant along d, wraps (x % y) or steps (x / y) only at
          // multiples of gcd(ld, rd).
          bool contiguousOverConstant = tile && lc == size && rk == size;
          int64_t aligned = gcd(lc, gcd(ld, rd));
          if (isRem) {
            if (tile) {
              info.contiguity[d] = contiguousOverConstant ? aligned : 1;
              info.constancy[d] = rhsIsOne ? size : gcd(lk, rk);
            }
            info.divisibility[d] = rk > 1 ? gcd(ld, rd) : 1;
            continue;
          }
          if (tile) {
            info.contiguity[d] = rhsIsOne ? lc : 1;
            int64_t constancy = gcd(lk, rk);
            info.constancy[d] = contiguousOverConstant ? std::max(constancy, aligned) : constancy;
          }
          if ((lhs.constant && *lhs.constant == 0) || rhsIsOne)
            info.divisibility[d] = ld;
          else if (rhs.constant && *rhs.constant > 0 && llvm::isPowerOf2_64(*rhs.constant) &&
                   lc == 1)
            info.divisibility[d] = std::max<int64_t>(1, ld / *rhs.constant);
          else
            info.divisibility[d] = 1;
        }
        return info;
      })
      .Case([&](tile::HintOp hint) {
        // The programmer's promise replaces what the analysis derives.
        AxisInfo info = operand(hint.getSrc());
        if (info.divisibility.empty())
          info.divisibility.push_back(1);
        if (auto v = hint.getDivisibility())
          for (auto [d, value] : llvm::enumerate(*v))
            info.divisibility[d] = powerOfTwoDividing(value);
        if (auto v = hint.getContiguity(); v && info.getRank())
          info.contiguity.assign(v->begin(), v->end());
        if (auto v = hint.getConstancy(); v && info.getRank())
          info.constancy.assign(v->begin(), v->end());
        return info;
      })
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp>(
          [&](Operation *cast) { return operand(cast->getOperand(0)); })
      .Case<tile::IntToPtrOp, tile::PtrToIntOp, tile::PtrCastOp>([&](Operation *cast) {
        // The same byte addresses: divisibility (in bytes) and constancy stay;
        // contiguity counts elements, so it stays only if their size does
        // (integers count single bytes).
        Value src = cast->getOperand(0);
        AxisInfo info = operand(src);
        info.constant.reset();
        if (elementBytes(src.getType()) != elementBytes(cast->getResult(0).getType()))
          std::fill(info.contiguity.begin(), info.contiguity.end(), 1);
        return info;
      })
      .Case([&](arith::CmpIOp cmp) {
        // Masks: runs of equal lanes. `contiguous < bound` stays constant over
        // runs aligned to both the start's and the bound's divisibility.
        AxisInfo lhs = operand(cmp.getLhs());
        AxisInfo rhs = operand(cmp.getRhs());
        AxisInfo info = pessimistic;
        for (unsigned d = 0; d < shape.size(); ++d) {
          int64_t lk = lhs.getRank() ? lhs.constancy[d] : shape[d];
          int64_t rk = rhs.getRank() ? rhs.constancy[d] : shape[d];
          int64_t constancy = gcd(lk, rk);
          bool ordered = cmp.getPredicate() != arith::CmpIPredicate::eq &&
                         cmp.getPredicate() != arith::CmpIPredicate::ne;
          if (ordered && lhs.getRank() && rhs.getRank() && rk == shape[d])
            constancy = std::max(
                constancy, gcd(lhs.contiguity[d], gcd(lhs.divisibility[d], rhs.divisibility[d])));
          info.constancy[d] = constancy;
        }
        return info;
      })
      .Case<arith::AndIOp, arith::OrIOp, arith::SelectOp>([&](Operation *logic) {
        AxisInfo info = pessimistic;
        for (unsigned d = 0; d < shape.size(); ++d) {
          int64_t constancy = shape[d];
          for (Value v : logic->getOperands()) {
            AxisInfo in = operand(v);
            constancy = gcd(constancy, in.getRank() ? in.constancy[d] : shape[d]);
          }
          info.constancy[d] = constancy;
        }
        return info;
      })
      .Default([&](Operation *) { return pessimistic; });
}

} // namespace tilec

bool tilec::isCopyEngineAddressable(AxisInfoAnalysis &axisInfo, Value base, ValueRange strides,
                                    int64_t elemBytes) {
  auto divisibility = [&](Value v) {
    AxisInfo info = axisInfo.get(v);
    return info.divisibility.empty() ? int64_t(1) : info.divisibility.front();
  };
  APInt rowStride;
  bool knownRowStride = matchPattern(strides[0], m_ConstantInt(&rowStride));
  return strides.size() == 2 && matchPattern(strides[1], m_One()) && divisibility(base) % 16 == 0 &&
         (divisibility(strides[0]) * elemBytes) % 16 == 0 &&
         !(knownRowStride && rowStride.getSExtValue() <= 0);
}

int64_t tilec::getAccessVectorWidth(AxisInfoAnalysis &axisInfo, Value ptr, Value mask) {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type || !tile::isDistributedEncoding(type.getEncoding()))
    return 1;
  tile::DistributedLayout layout = tile::resolveLayout(type.getEncoding(), type.getShape());
  unsigned fastest = layout.fastestDim;
  auto *dimIt = llvm::find(layout.tileDims, fastest);
  if (dimIt == layout.tileDims.end())
    return 1;
  unsigned dim = dimIt - layout.tileDims.begin();
  Type pointee = cast<tile::PointerType>(type.getElementType()).getPointeeType();
  int64_t bytes = std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  AxisInfo info = axisInfo.get(ptr);
  int64_t width = std::min<int64_t>({int64_t(layout.rootDims[fastest].spt), 16 / bytes,
                                     info.contiguity[dim],
                                     std::max<int64_t>(1, info.divisibility[dim] / bytes)});
  if (mask && isa<RankedTensorType>(mask.getType()))
    width = std::min<int64_t>(width, axisInfo.get(mask).constancy[dim]);
  return std::max<int64_t>(1, int64_t(llvm::bit_floor(uint64_t(std::max<int64_t>(1, width)))));
}
