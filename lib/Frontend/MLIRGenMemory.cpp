//===- MLIRGenMemory.cpp - MemoryEmitter: block pointers, atomics ---------===//
//
// Block pointers (`tl.make_block_ptr`) and tensor descriptors
// (`tl.make_tensor_descriptor`) are tile IR values of type `!tile.block_ptr` and
// `!tile.tensor_desc`: a Val of kind BlockPtr or TensorDesc whose `value` is
// that SSA value, whose `dtype` is the base pointer's type and whose `shape` is
// the constexpr block shape. A tensor descriptor also keeps its padding option
// ("zero"/"nan") in `s` and its sizes and strides (int64 scalars, for
// `desc.shape` and `desc.strides`) in `elems`, as Triton's frontend does. Loads
// and stores through them are `tile.block_load`/`tile.block_store` and
// `tile.descriptor_*` ops; tilec-lower-block-pointers turns them into tiles of
// pointers and masks.
//
//===----------------------------------------------------------------------===//
#include "MLIRGen.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"
#include <limits>

using namespace tilec;
using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

namespace {

/// The items of a tuple/list argument, or the argument itself.
std::vector<Val> itemsOf(const Val &v) {
  return v.kind == Val::Kind::Tuple ? v.elems : std::vector<Val>{v};
}

} // namespace

//===----------------------------------------------------------------------===//
// Runtime components (loop-carried and branch-merged values)
//===----------------------------------------------------------------------===//

void MemoryEmitter::flattenRuntime(const Val &v, llvm::SmallVectorImpl<Value> &out) {
  out.push_back(v.value);
  if (v.isBlockPtrLike())
    for (const Val &e : v.elems)
      out.push_back(e.value);
}

Val MemoryEmitter::rebuildRuntime(const Val &like, llvm::ArrayRef<Value> &values, SMLoc l) {
  if (!like.isBlockPtrLike()) {
    Val r = Val::tensor(values.front(), like.dtype, like.shape, l);
    values = values.drop_front();
    return r;
  }
  Val r = like;
  r.loc = l;
  r.value = values.front();
  values = values.drop_front();
  for (Val &e : r.elems) {
    e = Val::tensor(values.front(), e.dtype, {}, l);
    values = values.drop_front();
  }
  return r;
}

bool MemoryEmitter::isDiscardedAdvance(const Expr &e, const Val &v) {
  auto *call = llvm::dyn_cast<CallExpr>(&e);
  if (!call || v.kind != Val::Kind::BlockPtr)
    return false;
  if (auto *attr = llvm::dyn_cast<AttributeExpr>(call->callee.get()))
    return attr->attr == "advance";
  if (auto *name = llvm::dyn_cast<NameExpr>(call->callee.get()))
    return name->name == "advance";
  return false;
}

bool MemoryEmitter::sameRuntimeType(const Val &a, const Val &b) {
  if (a.kind != b.kind || a.dtype != b.dtype || a.shape != b.shape ||
      a.elems.size() != b.elems.size() || a.s != b.s)
    return false;
  for (size_t i = 0; i < a.elems.size(); ++i)
    if (a.elems[i].dtype != b.elems[i].dtype)
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

namespace {

/// Shared helpers of the memory builtins.
class MemoryGen {
public:
  MemoryGen(MLIRGen &g) : g(g) {}

  /// A runtime integer scalar of `to` from a constexpr int or an integer
  /// scalar; 64-bit offsets are refused as Triton does.
  Val indexScalar(const Val &v, DType to, StringRef what, SMLoc l) {
    if (v.kind == Val::Kind::Int || v.kind == Val::Kind::Bool) {
      if (to.kind == DType::I32 && (v.big < INT32_MIN || v.big > INT32_MAX))
        return g.error(v.loc.isValid() ? v.loc : l,
                       "block pointers only support 32-bit " + what + ", got " + bigIntStr(v.big));
      if (to.kind == DType::I64 && !v.fitsInt64())
        return g.error(v.loc.isValid() ? v.loc : l,
                       what + " " + bigIntStr(v.big) + " is out of int64's range");
      return g.constant(v, to, {}, v.loc.isValid() ? v.loc : l);
    }
    if (!v.isTensor() || v.isBlock() || !v.dtype.isInt())
      return g.error(v.loc.isValid() ? v.loc : l,
                     "expected an integer scalar in " + what + ", got " + v.typeStr());
    if (to.kind == DType::I32 && v.dtype.bitwidth() == 64)
      return g.error(v.loc, "block pointers only support 32-bit " + what + ", got " + v.typeStr() +
                                "; add a `.to(tl.int32)`");
    return v.dtype == to ? v : g.cast(v, to, v.loc);
  }

  /// Converts each item of `list` with indexScalar into `out`.
  bool indexScalars(const Val &list, DType to, StringRef what, SMLoc l, std::vector<Val> &out) {
    for (const Val &item : itemsOf(list)) {
      Val s = indexScalar(item, to, what, l);
      if (!s)
        return false;
      out.push_back(s);
    }
    return true;
  }

  /// Reads a constexpr block shape: power-of-two positive ints.
  std::optional<llvm::SmallVector<int64_t, 4>> blockShape(const Val &v, SMLoc l) {
    llvm::SmallVector<int64_t, 4> shape;
    for (const Val &item : itemsOf(v)) {
      std::optional<int64_t> d = g.getConstInt(item, "block_shape entry");
      if (!d)
        return std::nullopt;
      if (*d <= 0 || !llvm::isPowerOf2_64(*d)) {
        g.error(item.loc.isValid() ? item.loc : l,
                "block_shape entries must be powers of 2, got " + Twine(*d));
        return std::nullopt;
      }
      shape.push_back(*d);
    }
    return shape;
  }

  /// A scalar pointer base.
  Val pointerBase(const Val &base, StringRef fname, SMLoc l) {
    if (!base.isTensor() || base.isBlock() || !base.dtype.isPtr())
      return g.error(base.loc.isValid() ? base.loc : l,
                     fname +
                         " expects `base` to be a scalar pointer (not a "
                         "tensor of pointers or a block pointer), got " +
                         base.typeStr());
    return base;
  }

  /// The element type blocks are loaded as and stored from: Triton views
  /// pointers to int1 as pointers to int8 (one byte per bool either way).
  static DType blockElement(const Val &bp) {
    DType elt = bp.dtype.element();
    return elt.isBool() ? DType(DType::I8) : elt;
  }

  /// The SSA values of runtime scalars.
  static llvm::SmallVector<Value, 4> values(llvm::ArrayRef<Val> vals) {
    return llvm::to_vector<4>(llvm::map_range(vals, [](const Val &v) { return v.value; }));
  }

  Val makeBlockPtr(llvm::ArrayRef<Val> a, SMLoc l) {
    Val base = pointerBase(a[0], "tl.make_block_ptr", l);
    if (!base)
      return base;
    std::optional<llvm::SmallVector<int64_t, 4>> block = blockShape(a[4], l);
    if (!block)
      return Val();
    llvm::SmallVector<int32_t, 4> order;
    for (const Val &item : itemsOf(a[5])) {
      std::optional<int64_t> o = g.getConstInt(item, "order entry");
      if (!o)
        return Val();
      order.push_back(int32_t(*o));
    }
    llvm::SmallVector<int64_t, 4> sorted(order.begin(), order.end());
    llvm::sort(sorted);
    for (size_t i = 0; i < sorted.size(); ++i)
      if (sorted[i] != int64_t(i))
        return g.error(a[5].loc.isValid() ? a[5].loc : l,
                       "expected a permutation of (0, 1, ..., len(order)-1) "
                       "in order, got " +
                           shapeStr(llvm::SmallVector<int64_t, 4>(order.begin(), order.end())));
    std::vector<Val> shape, strides, offsets;
    if (!indexScalars(a[1], DType(DType::I64), "shape", l, shape) ||
        !indexScalars(a[2], DType(DType::I64), "strides", l, strides) ||
        !indexScalars(a[3], DType(DType::I32), "offsets", l, offsets))
      return Val();
    size_t rank = block->size();
    if (shape.size() != rank || strides.size() != rank || offsets.size() != rank ||
        order.size() != rank)
      return g.error(l, "expected shape/strides/offsets/block_shape/order to "
                        "have the same length, got " +
                            Twine(shape.size()) + "/" + Twine(strides.size()) + "/" +
                            Twine(offsets.size()) + "/" + Twine(rank) + "/" + Twine(order.size()));
    auto type =
        tile::BlockPtrType::get(g.b.getContext(), *block, g.mlirType(base.dtype.element(), {}));
    Value bp = tile::MakeBlockPtrOp::create(g.b, g.loc(l), type, base.value, values(shape),
                                            values(strides), values(offsets), order);
    Val r = Val::tensor(bp, base.dtype, *block, l);
    r.kind = Val::Kind::BlockPtr;
    return r;
  }

  /// `bp` with its offsets moved by `deltas` (int32 scalars, one per dim).
  Val advance(const Val &bp, const Val &deltas, SMLoc l) {
    if (bp.kind != Val::Kind::BlockPtr)
      return g.error(bp.loc.isValid() ? bp.loc : l, "tl.advance expects a block pointer (from "
                                                    "tl.make_block_ptr), got " +
                                                        bp.typeStr());
    std::vector<Val> moves;
    if (!indexScalars(deltas, DType(DType::I32), "offsets", l, moves))
      return Val();
    if (moves.size() != bp.shape.size())
      return g.error(l, "tl.advance expects " + Twine(bp.shape.size()) +
                            " offsets (one per block dimension), got " + Twine(moves.size()));
    Val r = bp;
    r.loc = l;
    r.value = tile::AdvanceOp::create(g.b, g.loc(l), bp.value.getType(), bp.value, values(moves));
    return r;
  }

  /// Canonical boundary_check dimensions (sorted, unique, in range).
  std::optional<llvm::SmallVector<int32_t, 4>> boundaryCheck(const Val &v, size_t rank, SMLoc l) {
    llvm::SmallVector<int32_t, 4> dims;
    if (v.isNone())
      return dims;
    for (const Val &item : itemsOf(v)) {
      std::optional<int64_t> d = g.getConstInt(item, "boundary_check entry");
      if (!d)
        return std::nullopt;
      if (*d < 0 || *d >= int64_t(rank)) {
        g.error(item.loc.isValid() ? item.loc : l, "boundary_check dimension " + Twine(*d) +
                                                       " is out of range for a block of rank " +
                                                       Twine(rank));
        return std::nullopt;
      }
      if (llvm::is_contained(dims, *d)) {
        g.error(item.loc.isValid() ? item.loc : l,
                "duplicate dimension " + Twine(*d) + " in `boundary_check`");
        return std::nullopt;
      }
      dims.push_back(int32_t(*d));
    }
    llvm::sort(dims);
    return dims;
  }

  /// Reads a padding_option argument ("" when absent).
  std::optional<std::string> paddingOption(const Val &v, SMLoc l) {
    if (v.isNone())
      return std::string();
    if (v.kind != Val::Kind::Str) {
      g.error(v.loc.isValid() ? v.loc : l, "padding_option must be a string, got " + v.typeStr());
      return std::nullopt;
    }
    if (v.s != "" && v.s != "zero" && v.s != "nan") {
      g.error(v.loc, "padding option '" + v.s + "' not supported (expected \"zero\" or \"nan\")");
      return std::nullopt;
    }
    return v.s;
  }

  /// A loaded block of `bp`'s (or a descriptor's) elements, as Triton views
  /// them (bools as int8).
  Val loadedBlock(Value loaded, const Val &bp, SMLoc l) {
    DType elt = bp.dtype.element(), viewed = blockElement(bp);
    Val r = Val::tensor(loaded, elt, bp.shape, l);
    return viewed == elt ? r : g.cast(r, viewed, l);
  }

  Val load(const Val &bp, llvm::ArrayRef<int32_t> checked, StringRef pad, SMLoc l) {
    if (pad == "nan" && !blockElement(bp).isFloat())
      return g.error(l, "padding option `nan` is not supported for integer "
                        "block pointers");
    tile::PaddingOptionAttr padding;
    if (pad == "nan")
      padding = tile::PaddingOptionAttr::get(g.b.getContext(), tile::PaddingOption::nan);
    Value r = tile::BlockLoadOp::create(g.b, g.loc(l), g.mlirType(bp.dtype.element(), bp.shape),
                                        bp.value, g.b.getDenseI32ArrayAttr(checked), padding);
    return loadedBlock(r, bp, l);
  }

  /// `value` checked against the block of `target` (a block pointer or a
  /// descriptor) and converted to its elements and shape.
  Val blockValue(const Val &target, Val value) {
    DType elt = target.dtype.element();
    DType viewed = blockElement(target);
    if (value.isNumber())
      value = g.constant(value, viewed, {}, value.loc);
    if (!value)
      return value;
    if (!value.isTensor() || value.dtype.isPtr())
      return g.error(value.loc, "cannot store a value of type " + value.typeStr() + " through a " +
                                    target.typeStr());
    if (value.isBlock() &&
        llvm::ArrayRef<int64_t>(value.shape) != llvm::ArrayRef<int64_t>(target.shape))
      return g.error(value.loc, "block shape " + shapeStr(target.shape) + " and value shape " +
                                    shapeStr(value.shape) + " mismatch");
    if (value.dtype != viewed)
      return g.error(value.loc, "block element type " + viewed.str() + " and value element type " +
                                    value.dtype.str() + " mismatch");
    if (!(value = g.cast(value, elt, value.loc)))
      return value;
    return g.broadcastTo(value, target.shape, value.loc, "value");
  }

  Val store(const Val &bp, Val value, llvm::ArrayRef<int32_t> checked, StoreCacheHint hint,
            SMLoc l) {
    if (!(value = blockValue(bp, value)))
      return value;
    tile::BlockStoreOp::create(g.b, g.loc(l), bp.value, value.value,
                               g.b.getDenseI32ArrayAttr(checked), hint == StoreCacheHint::Streaming,
                               hint == StoreCacheHint::KeepCached);
    return Val::none(l);
  }

  Val makeTensorDescriptor(llvm::ArrayRef<Val> a, SMLoc l) {
    Val base = pointerBase(a[0], "tl.make_tensor_descriptor", l);
    if (!base)
      return base;
    std::vector<Val> shapeItems = itemsOf(a[1]), strideItems = itemsOf(a[2]);
    size_t ndim = shapeItems.size();
    if (ndim < 1 || ndim > 5)
      return g.error(l, "expected 1 <= ndim <= 5 but got " + Twine(ndim) + " dimensions");
    if (strideItems.size() != ndim)
      return g.error(a[2].loc.isValid() ? a[2].loc : l,
                     "expected " + Twine(ndim) + " strides but got " + Twine(strideItems.size()));
    std::optional<llvm::SmallVector<int64_t, 4>> block = blockShape(a[3], l);
    if (!block)
      return Val();
    if (block->size() != ndim)
      return g.error(a[3].loc.isValid() ? a[3].loc : l, "expected block_shape to have " +
                                                            Twine(ndim) + " dimensions but got " +
                                                            Twine(block->size()));
    DType elt = base.dtype.element();
    int64_t bytes = block->back() * int64_t(elt.bitwidth() / 8);
    if (bytes < 16)
      return g.error(a[3].loc.isValid() ? a[3].loc : l,
                     "Descriptor block shape must have at least 16 bytes in "
                     "the last dimension, but got " +
                         Twine(block->back()) + " * " + Twine(elt.bitwidth() / 8) + " = " +
                         Twine(bytes) + " bytes");
    const Val &lastStride = strideItems.back();
    if (lastStride.isNumber() && lastStride.big != 1)
      return g.error(lastStride.loc.isValid() ? lastStride.loc : l,
                     "tensor descriptor last dim must be 1 but got " + bigIntStr(lastStride.big));
    std::optional<std::string> pad = paddingOption(a[4], l);
    if (!pad)
      return Val();
    if (*pad == "nan" && !elt.isFloat())
      return g.error(a[4].loc, "padding option `nan` is not supported for "
                               "integer blocks");
    std::vector<Val> shape, strides;
    if (!indexScalars(a[1], DType(DType::I64), "shape", l, shape) ||
        !indexScalars(a[2], DType(DType::I64), "strides", l, strides))
      return Val();
    auto type = tile::TensorDescType::get(g.b.getContext(), *block, g.mlirType(elt, {}),
                                          *pad == "nan" ? tile::PaddingOption::nan
                                                        : tile::PaddingOption::zero);
    Value desc = tile::MakeTensorDescOp::create(g.b, g.loc(l), type, base.value, values(shape),
                                                values(strides));
    Val r = Val::tensor(desc, base.dtype, *block, l);
    r.kind = Val::Kind::TensorDesc;
    r.s = pad->empty() ? "zero" : *pad;
    llvm::append_range(r.elems, shape);
    llvm::append_range(r.elems, strides);
    return r;
  }

  /// The offsets (int32 scalars) of a descriptor access.
  std::optional<llvm::SmallVector<Value, 4>> descriptorOffsets(const Val &desc, const Val &offsets,
                                                               SMLoc l) {
    if (desc.kind != Val::Kind::TensorDesc) {
      g.error(desc.loc.isValid() ? desc.loc : l, "expected a tensor descriptor (from "
                                                 "tl.make_tensor_descriptor), got " +
                                                     desc.typeStr());
      return std::nullopt;
    }
    std::vector<Val> offs;
    if (!indexScalars(offsets, DType(DType::I32), "offsets", l, offs))
      return std::nullopt;
    if (offs.size() != desc.shape.size()) {
      g.error(offsets.loc.isValid() ? offsets.loc : l,
              "expected " + Twine(desc.shape.size()) + " offsets, but got " + Twine(offs.size()));
      return std::nullopt;
    }
    return values(offs);
  }

  Val descriptorLoad(const Val &desc, const Val &offsets, SMLoc l) {
    std::optional<llvm::SmallVector<Value, 4>> offs = descriptorOffsets(desc, offsets, l);
    if (!offs)
      return Val();
    Value r = tile::DescriptorLoadOp::create(
        g.b, g.loc(l), g.mlirType(desc.dtype.element(), desc.shape), desc.value, *offs);
    return loadedBlock(r, desc, l);
  }

  Val descriptorStore(const Val &desc, const Val &offsets, Val value, SMLoc l) {
    std::optional<llvm::SmallVector<Value, 4>> offs = descriptorOffsets(desc, offsets, l);
    if (!offs)
      return Val();
    if (value.isTensor() && value.isBlock() &&
        llvm::ArrayRef<int64_t>(value.shape) != llvm::ArrayRef<int64_t>(desc.shape))
      return g.error(value.loc, "descriptor block shape " + shapeStr(desc.shape) +
                                    " and value shape " + shapeStr(value.shape) + " mismatch");
    // Descriptor stores implicitly cast the value to the element type.
    if (value.isTensor() && !value.dtype.isPtr() &&
        !(value = g.cast(value, blockElement(desc), value.loc)))
      return value;
    if (!(value = blockValue(desc, value)))
      return value;
    tile::DescriptorStoreOp::create(g.b, g.loc(l), desc.value, *offs, value.value);
    return Val::none(l);
  }

  /// `desc.atomic_<op>(offsets, value)`: an elementwise atomic on the block,
  /// dropped outside the tensor; returns nothing, as Triton's descriptor
  /// reductions do.
  Val descriptorAtomic(StringRef op, const Val &desc, const Val &offsets, Val value, SMLoc l) {
    std::optional<llvm::SmallVector<Value, 4>> offs = descriptorOffsets(desc, offsets, l);
    if (!offs)
      return Val();
    DType elt = desc.dtype.element();
    DType::Kind k = elt.kind;
    bool ok = op == "add" ? llvm::is_contained({DType::U32, DType::I32, DType::U64, DType::F32,
                                                DType::F16, DType::BF16},
                                               k)
              : op == "min" || op == "max"
                  ? llvm::is_contained({DType::U32, DType::I32, DType::U64, DType::I64}, k)
                  : llvm::is_contained({DType::U32, DType::I32, DType::U64, DType::I64}, k);
    if (!ok)
      return g.error(l, "desc.atomic_" + op + " does not support " + elt.str());
    if (value.isNumber())
      value = g.constant(value, elt, {}, value.loc);
    if (!value)
      return value;
    bool shapeMismatch = value.isBlock() && llvm::ArrayRef<int64_t>(value.shape) !=
                                                llvm::ArrayRef<int64_t>(desc.shape);
    if (!value.isTensor() || shapeMismatch)
      return g.error(value.loc, "descriptor block shape " + shapeStr(desc.shape) + " and value " +
                                    value.typeStr() + " mismatch");
    if (value.dtype != elt)
      return g.error(value.loc, "descriptor element type " + elt.str() +
                                    " and value element type " + value.dtype.str() + " mismatch");
    if (!(value = g.broadcastTo(value, desc.shape, value.loc, "value")))
      return value;
    bool u = elt.isUnsigned();
    tile::AtomicRMWKind kind =
        llvm::StringSwitch<tile::AtomicRMWKind>(op)
            .Case("add", elt.isFloat() ? tile::AtomicRMWKind::fadd : tile::AtomicRMWKind::add)
            .Case("max", u ? tile::AtomicRMWKind::umax : tile::AtomicRMWKind::max)
            .Case("min", u ? tile::AtomicRMWKind::umin : tile::AtomicRMWKind::min)
            .Case("and", tile::AtomicRMWKind::bit_and)
            .Case("or", tile::AtomicRMWKind::bit_or)
            .Default(tile::AtomicRMWKind::bit_xor);
    tile::DescriptorAtomicOp::create(g.b, g.loc(l), kind, desc.value, *offs, value.value);
    return Val::none(l);
  }

  //===--------------------------------------------------------------------===//
  // Atomics
  //===--------------------------------------------------------------------===//

  std::optional<tile::MemSemantic> semantic(const Val &v, SMLoc l) {
    if (v.isNone())
      return tile::MemSemantic::acq_rel;
    if (v.kind == Val::Kind::Str)
      if (auto sem = tile::symbolizeMemSemantic(v.s))
        return sem;
    g.error(v.loc.isValid() ? v.loc : l,
            "memory semantic " + (v.kind == Val::Kind::Str ? "'" + v.s + "'" : v.typeStr()) +
                " not supported (expected \"acquire\", \"release\", "
                "\"acq_rel\" or \"relaxed\")");
    return std::nullopt;
  }

  std::optional<tile::MemSyncScope> scope(const Val &v, SMLoc l) {
    if (v.isNone())
      return tile::MemSyncScope::gpu;
    if (v.kind == Val::Kind::Str)
      if (auto scope = tile::symbolizeMemSyncScope(v.s))
        return scope;
    g.error(v.loc.isValid() ? v.loc : l,
            "memory scope " + (v.kind == Val::Kind::Str ? "'" + v.s + "'" : v.typeStr()) +
                " not supported (expected \"gpu\", \"cta\" or \"sys\")");
    return std::nullopt;
  }

  /// `ptr` unless it points to constant memory (Triton's "Cannot store to a
  /// constant pointer"); invalid values pass through.
  Val writablePointer(const Val &ptr) {
    if (ptr && ptr.isTensor() && ptr.dtype.constPointer)
      return g.error(ptr.loc, "Cannot store to a constant pointer");
    return ptr;
  }

  /// The pointer of an atomic (a scalar pointer or a tile of pointers).
  Val atomicPointer(const Val &ptr, StringRef fname, SMLoc l) {
    if (ptr.isBlockPtrLike())
      return g.error(ptr.loc,
                     fname + " does not support " + ptr.typeStr() + "; use a tensor of pointers");
    if (!ptr.isTensor() || !ptr.dtype.isPtr())
      return g.error(ptr.loc.isValid() ? ptr.loc : l,
                     fname + " expects a pointer, got " + ptr.typeStr());
    return ptr;
  }

  /// The pointer of tl.`op` whose elements must be 16, 32 or 64 bits wide (and
  /// integers when `intsOnly`), as Triton's atomic_cas and atomic_poll require.
  Val wideAtomicPointer(const Val &p, StringRef op, bool intsOnly, SMLoc l) {
    Val ptr = atomicPointer(p, ("tl." + op).str(), l);
    if (!ptr)
      return ptr;
    DType elt = ptr.dtype.element();
    unsigned width = elt.bitwidth();
    if ((intsOnly && (!elt.isInt() || elt.isBool())) || (width != 16 && width != 32 && width != 64))
      return g.error(l, op + " only supports " + (intsOnly ? "integer " : "") +
                            "elements with width {16, 32, 64}, got " + elt.str());
    return ptr;
  }

  /// An operand converted to the pointee type and broadcast to `ptr`'s shape.
  Val atomicOperand(Val v, const Val &ptr, StringRef what, SMLoc l) {
    DType elt = ptr.dtype.element();
    v = v.isNumber() ? g.constant(v, elt, {}, v.loc.isValid() ? v.loc : l) : g.toTensor(v, l, what);
    if (!v)
      return v;
    if (v.dtype.isPtr())
      return g.error(v.loc, "atomic " + what + " cannot be a pointer");
    if (v.isBlock() && !ptr.isBlock())
      return g.error(v.loc, what + " argument cannot be a block (" + v.typeStr() +
                                ") if the pointer argument is not a block");
    v = g.cast(v, elt, v.loc);
    return v ? g.broadcastTo(v, ptr.shape, v.loc, what) : v;
  }

  /// The mask of an atomic: None, or booleans broadcast to `ptr`'s shape.
  Val atomicMask(Val mask, const Val &ptr) {
    if (mask.isNone())
      return mask;
    if (!(mask = g.toTensor(mask, mask.loc, "mask")))
      return mask;
    if (!mask.dtype.isBool())
      return g.error(mask.loc, "mask must have boolean scalar type, got " + mask.typeStr());
    if (mask.isBlock() && !ptr.isBlock())
      return g.error(mask.loc, "mask argument cannot be a block if the "
                               "pointer argument is not a block");
    return g.broadcastTo(mask, ptr.shape, mask.loc, "mask");
  }

  /// What tl.atomic_load and tl.atomic_store (`op`) share: the pointer
  /// (integers and floats of any width, as Triton; fp8 is refused: no atomic
  /// of its own), `sem` (`dflt` when absent, else `dflt` or relaxed, as
  /// Triton allows) and `scope`.
  struct LoadStoreAtomic {
    Val ptr;
    tile::MemSemantic sem;
    tile::MemSyncScope scope;
  };
  std::optional<LoadStoreAtomic> loadStoreAtomic(const Val &p, const Val &semArg,
                                                 const Val &scopeArg, tile::MemSemantic dflt,
                                                 StringRef op, SMLoc l) {
    Val ptr = atomicPointer(p, ("tl." + op).str(), l);
    if (!ptr)
      return std::nullopt;
    DType elt = ptr.dtype.element();
    if (!elt.isInt() && !elt.isFloat()) {
      g.error(l, op + " only supports integer and floating-point elements, got " + elt.str());
      return std::nullopt;
    }
    if (elt.isFP8()) {
      g.error(l, op + " does not support " + elt.str() + " in tilec");
      return std::nullopt;
    }
    std::optional<tile::MemSemantic> sem = semArg.isNone() ? dflt : semantic(semArg, l);
    if (sem && *sem != dflt && *sem != tile::MemSemantic::relaxed) {
      g.error(semArg.loc.isValid() ? semArg.loc : l,
              op + " only supports " + tile::stringifyMemSemantic(dflt) + " and relaxed semantics");
      return std::nullopt;
    }
    std::optional<tile::MemSyncScope> sc = sem ? scope(scopeArg, l) : std::nullopt;
    if (!sc)
      return std::nullopt;
    return LoadStoreAtomic{ptr, *sem, *sc};
  }

  /// tl.atomic_load(pointer, mask, sem, scope).
  Val atomicLoad(llvm::ArrayRef<Val> a, SMLoc l) {
    std::optional<LoadStoreAtomic> at =
        loadStoreAtomic(a[0], a[2], a[3], tile::MemSemantic::acquire, "atomic_load", l);
    Val mask = at ? atomicMask(a[1], at->ptr) : Val();
    if (!mask)
      return mask;
    DType elt = at->ptr.dtype.element();
    Value r =
        tile::AtomicLoadOp::create(g.b, g.loc(l), g.mlirType(elt, at->ptr.shape), at->sem,
                                   at->scope, at->ptr.value, mask.isNone() ? Value() : mask.value);
    return Val::tensor(r, elt, at->ptr.shape, l);
  }

  /// tl.atomic_store(pointer, val, mask, sem, scope).
  Val atomicStore(llvm::ArrayRef<Val> a, SMLoc l) {
    std::optional<LoadStoreAtomic> at =
        loadStoreAtomic(a[0], a[3], a[4], tile::MemSemantic::release, "atomic_store", l);
    if (at && !writablePointer(at->ptr))
      return Val();
    Val val = at ? atomicOperand(a[1], at->ptr, "value", l) : Val();
    Val mask = val ? atomicMask(a[2], at->ptr) : val;
    if (!mask)
      return mask;
    tile::AtomicStoreOp::create(g.b, g.loc(l), at->sem, at->scope, at->ptr.value, val.value,
                                mask.isNone() ? Value() : mask.value);
    return Val::none(l);
  }

  Val atomicRMW(StringRef op, llvm::ArrayRef<Val> a, SMLoc l) {
    std::string fname = ("tl.atomic_" + op).str();
    Val ptr = writablePointer(atomicPointer(a[0], fname, l));
    if (!ptr)
      return ptr;
    DType elt = ptr.dtype.element();
    std::string eltName = elt.str();
    if ((elt.kind == DType::F16 || elt.kind == DType::BF16) && op != "add" && op != "xchg")
      return g.error(l, "atomic_" + op + " does not support " + eltName);
    if (elt.bitwidth() < 16 || elt.kind == DType::I16 || elt.kind == DType::U16)
      return g.error(l, "atomic_" + op + " does not support " + eltName);
    if (elt.isFloat() && (op == "and" || op == "or" || op == "xor"))
      return g.error(l, "atomic_" + op + " does not support " + eltName +
                            " (bitwise atomics need integers)");
    if (elt.isFloat() && (op == "max" || op == "min") && elt.kind != DType::F32 &&
        elt.kind != DType::F64)
      return g.error(l, "atomic_" + op + " not supported for dtype " + eltName);
    if (op == "xchg" && elt.bitwidth() == 16)
      return g.error(l, "atomic_xchg does not support " + eltName);
    std::optional<tile::MemSemantic> sem = semantic(a[3], l);
    std::optional<tile::MemSyncScope> sc = sem ? scope(a[4], l) : std::nullopt;
    if (!sc)
      return Val();
    Val val = atomicOperand(a[1], ptr, "value", l);
    if (!val)
      return val;
    Val mask = atomicMask(a[2], ptr);
    if (!mask)
      return mask;
    bool f = elt.isFloat(), u = elt.isUnsigned();
    tile::AtomicRMWKind kind =
        llvm::StringSwitch<tile::AtomicRMWKind>(op)
            .Case("add", f ? tile::AtomicRMWKind::fadd : tile::AtomicRMWKind::add)
            .Case("max", f   ? tile::AtomicRMWKind::fmax
                         : u ? tile::AtomicRMWKind::umax
                             : tile::AtomicRMWKind::max)
            .Case("min", f   ? tile::AtomicRMWKind::fmin
                         : u ? tile::AtomicRMWKind::umin
                             : tile::AtomicRMWKind::min)
            .Case("and", tile::AtomicRMWKind::bit_and)
            .Case("or", tile::AtomicRMWKind::bit_or)
            .Case("xor", tile::AtomicRMWKind::bit_xor)
            .Default(tile::AtomicRMWKind::xchg);
    Value r = tile::AtomicRMWOp::create(g.b, g.loc(l), val.value.getType(), kind, *sem, *sc,
                                        ptr.value, val.value, mask.isNone() ? Value() : mask.value);
    return Val::tensor(r, elt, ptr.shape, l);
  }

  Val atomicCAS(llvm::ArrayRef<Val> a, SMLoc l) {
    Val ptr = writablePointer(wideAtomicPointer(a[0], "atomic_cas", /*intsOnly=*/false, l));
    if (!ptr)
      return ptr;
    DType elt = ptr.dtype.element();
    std::optional<tile::MemSemantic> sem = semantic(a[3], l);
    std::optional<tile::MemSyncScope> sc = sem ? scope(a[4], l) : std::nullopt;
    if (!sc)
      return Val();
    Val cmp = atomicOperand(a[1], ptr, "cmp", l);
    Val val = cmp ? atomicOperand(a[2], ptr, "val", l) : cmp;
    if (!val)
      return val;
    Value r = tile::AtomicCASOp::create(g.b, g.loc(l), val.value.getType(), *sem, *sc, ptr.value,
                                        cmp.value, val.value);
    return Val::tensor(r, elt, ptr.shape, l);
  }

  /// tl.atomic_poll(pointer, expected_value, sem, scope, timeout_ns): spins
  /// until every element of `*pointer` has been seen equal to its expected
  /// value (each element at least once), or until `timeout_ns` nanoseconds of
  /// tile.global_timer have passed since the first read; returns, per element,
  /// whether its value was seen. The reads are compare-and-swaps of the
  /// expected value with itself (memory is never changed), with `sem` (acquire
  /// or relaxed) and `scope`.
  Val atomicPoll(llvm::ArrayRef<Val> a, SMLoc l) {
    Val ptr = wideAtomicPointer(a[0], "atomic_poll", /*intsOnly=*/true, l);
    if (!ptr)
      return ptr;
    DType elt = ptr.dtype.element();
    std::optional<tile::MemSemantic> sem =
        a[2].isNone() ? tile::MemSemantic::acquire : semantic(a[2], l);
    if (!sem)
      return Val();
    if (*sem != tile::MemSemantic::acquire && *sem != tile::MemSemantic::relaxed)
      return g.error(a[2].loc, "atomic_poll only supports acquire and relaxed semantics");
    std::optional<tile::MemSyncScope> sc = scope(a[3], l);
    if (!sc)
      return Val();
    // A constant 0 reads each element once (Triton: "each element is loaded
    // at least once, even with a zero timeout"); other timeouts are uint64s.
    bool probeOnce = false;
    Val timeout;
    if (!a[4].isNone()) {
      if (a[4].kind == Val::Kind::Int && a[4].big < 0)
        return g.error(a[4].loc, "atomic_poll timeout_ns must be non-negative");
      probeOnce = a[4].kind == Val::Kind::Int && a[4].big == 0;
      if (!probeOnce) {
        timeout = g.toTensor(a[4], a[4].loc, "atomic_poll timeout_ns");
        if (!timeout)
          return timeout;
        if (timeout.isBlock() || !timeout.dtype.isInt())
          return g.error(a[4].loc, "atomic_poll timeout_ns must be a scalar integer");
        timeout = g.cast(timeout, DType(DType::U64), a[4].loc);
        if (!timeout)
          return timeout;
      }
    }
    Val expected = atomicOperand(a[1], ptr, "expected_value", l);
    if (!expected)
      return expected;
    Location L = g.loc(l);
    // One read of every element, compared (`cmp`) with the expected value.
    auto probe = [&](CmpOp cmp) {
      Value old = tile::AtomicCASOp::create(g.b, L, expected.value.getType(), *sem, *sc, ptr.value,
                                            expected.value, expected.value);
      return g.compare(cmp, Val::tensor(old, elt, ptr.shape, l), expected, l);
    };
    if (probeOnce)
      return probe(CmpOp::Eq);

    // [start = timer; pending = cas(ptr, expected, expected) != expected]
    // while any(pending [& timer - start < timeout]):
    //   old = cas(ptr, expected, expected); pending &= old != expected
    Value start;
    Val pending;
    if (timeout) {
      start = tile::GlobalTimerOp::create(g.b, L);
      pending = probe(CmpOp::Ne);
    } else {
      pending = g.constant(Val::boolean(true, l), DType(DType::I1), ptr.shape, l);
    }
    if (!pending)
      return pending;
    Type pendingType = pending.value.getType();
    auto whileOp = scf::WhileOp::create(g.b, L, TypeRange{pendingType}, ValueRange{pending.value});
    {
      OpBuilder::InsertionGuard guard(g.b);
      Block *before = g.b.createBlock(&whileOp.getBefore(), {}, {pendingType}, {L});
      Val any = Val::tensor(before->getArgument(0), DType(DType::I1), ptr.shape, l);
      if (timeout) {
        // On GPUs every thread gets thread 0's timer reading
        // (convert-tile-to-gpu), so a program's threads stop together.
        Value elapsed = arith::SubIOp::create(g.b, L, tile::GlobalTimerOp::create(g.b, L), start);
        Value inTime =
            arith::CmpIOp::create(g.b, L, arith::CmpIPredicate::ult, elapsed, timeout.value);
        any = g.binary(BinaryOp::BitAnd, any, Val::tensor(inTime, DType(DType::I1), {}, l), l);
      }
      if (any && ptr.isBlock()) {
        any = g.cast(any, DType(DType::I32), l);
        int64_t n = 1;
        for (int64_t d : ptr.shape)
          n *= d;
        any = any ? g.reductions.reshape(any, {n}, l) : any;
        any = any ? g.reductions.reduce(any, Val::integer(0, l), false, "max", l) : any;
      }
      Value cond = any ? g.toCondition(any, l, "tl.atomic_poll") : Value();
      if (!cond)
        return Val();
      scf::ConditionOp::create(g.b, L, cond, before->getArguments());

      Block *after = g.b.createBlock(&whileOp.getAfter(), {}, {pendingType}, {L});
      Val stillPending = Val::tensor(after->getArgument(0), DType(DType::I1), ptr.shape, l);
      Val differs = probe(CmpOp::Ne);
      Val next = differs ? g.binary(BinaryOp::BitAnd, stillPending, differs, l) : differs;
      if (!next)
        return next;
      scf::YieldOp::create(g.b, L, ValueRange{next.value});
    }
    Val left = Val::tensor(whileOp.getResult(0), DType(DType::I1), ptr.shape, l);
    return g.compare(CmpOp::Eq, left, Val::boolean(false, l), l);
  }

  Val gather(llvm::ArrayRef<Val> a, SMLoc l) {
    const Val &src = a[0];
    if (!src.isBlock())
      return g.error(src.loc.isValid() ? src.loc : l,
                     "tl.gather: src must be a tensor, got " + src.typeStr());
    Val index = a[1];
    if (!index.isTensor() || !index.dtype.isInt() || index.dtype.isBool())
      return g.error(index.loc.isValid() ? index.loc : l,
                     "tl.gather: index must be an integer tensor, got " + index.typeStr());
    int64_t rank = src.shape.size();
    if (int64_t(index.shape.size()) != rank)
      return g.error(l, "tl.gather: source and index tensors must have the "
                        "same rank, got " +
                            src.typeStr() + " and " + index.typeStr());
    std::optional<int64_t> axis = g.getConstInt(a[2], "gather axis");
    if (!axis)
      return Val();
    if (*axis < -rank || *axis >= rank)
      return g.error(a[2].loc, "tl.gather: axis " + Twine(*axis) + " is out of range for rank " +
                                   Twine(rank));
    int64_t ax = *axis < 0 ? *axis + rank : *axis;
    for (int64_t d = 0; d < rank; ++d)
      if (d != ax && index.shape[d] != src.shape[d])
        return g.error(l, "tl.gather: index dim " + Twine(d) +
                              " must match the corresponding source dim (" + src.typeStr() +
                              " and " + index.typeStr() + ")");
    if (index.dtype.bitwidth() < 32 && !(index = g.cast(index, DType(DType::I32), l)))
      return index;
    Value r = tile::GatherOp::create(g.b, g.loc(l), g.mlirType(src.dtype, index.shape), src.value,
                                     index.value, uint32_t(ax));
    return Val::tensor(r, src.dtype, index.shape, l);
  }

private:
  MLIRGen &g;
};

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

std::optional<Val>
MemoryEmitter::callMemoryBuiltin(StringRef name, std::vector<Val> &args,
                                 std::vector<std::pair<std::string, Val>> &kwargs, SMLoc l) {
  MemoryGen m(g);
  llvm::SmallVector<Val, 8> a;
  std::string fname = ("tl." + name).str();
  auto bind = [&](llvm::ArrayRef<StringRef> params) {
    return bindArguments(g, fname, params, args, kwargs, l, a);
  };

  if (name == "load" || name == "store") {
    // Only block pointers and block-pointer-only arguments are handled here;
    // tensors of pointers go through the generic load/store.
    bool isLoad = name == "load";
    std::vector<Val> argsCopy = args;
    auto kwCopy = kwargs;
    static const StringRef loadParams[] = {"pointer",          "mask?",           "other?",
                                           "boundary_check?",  "padding_option?", "cache_modifier?",
                                           "eviction_policy?", "volatile?"};
    static const StringRef storeParams[] = {
        "pointer", "value", "mask?", "boundary_check?", "cache_modifier?", "eviction_policy?"};
    llvm::ArrayRef<StringRef> params =
        isLoad ? llvm::ArrayRef<StringRef>(loadParams) : llvm::ArrayRef<StringRef>(storeParams);
    if (!bindArguments(g, fname, params, argsCopy, kwCopy, l, a))
      return Val();
    const Val &ptr = a[0];
    const Val &boundary = a[3]; // boundary_check in both signatures
    const Val &pad = isLoad ? a[4] : Val::none(l);
    if (ptr.kind == Val::Kind::TensorDesc)
      return g.error(ptr.loc, fname +
                                  " does not take a tensor descriptor; use "
                                  "desc." +
                                  name + "(offsets" + (isLoad ? ")" : ", value)"));
    if (ptr.kind != Val::Kind::BlockPtr) {
      bool hasBoundary =
          !boundary.isNone() && !(boundary.kind == Val::Kind::Tuple && boundary.elems.empty());
      bool hasPad = !pad.isNone() && !(pad.kind == Val::Kind::Str && pad.s.empty());
      if (hasBoundary || hasPad)
        return g.error(hasBoundary ? boundary.loc : pad.loc,
                       std::string(isLoad ? "`padding_option` or "
                                            "`boundary_check` argument is"
                                          : "`boundary_check` argument is") +
                           " not supported for " + (isLoad ? "loading" : "storing") +
                           " a tensor of pointers or a scalar, because the "
                           "compiler does not know the boundary; please use "
                           "block pointers (defined by `make_block_ptr`) "
                           "instead");
      return std::nullopt;
    }
    const Val &mask = isLoad ? a[1] : a[2];
    if (!mask.isNone())
      return g.error(mask.loc, isLoad ? "`mask` and `other` arguments cannot be "
                                        "specified for loading block pointers"
                                      : "`mask` argument cannot be specified "
                                        "for storing block pointers");
    if (isLoad && !a[2].isNone())
      return g.error(a[2].loc, "`mask` and `other` arguments cannot be "
                               "specified for loading block pointers");
    std::optional<llvm::SmallVector<int32_t, 4>> checked =
        m.boundaryCheck(boundary, ptr.shape.size(), l);
    if (!checked)
      return Val();
    if (!isLoad) {
      std::optional<StoreCacheHint> hint = storeCacheHint(a[4], a[5], l);
      if (!hint)
        return Val();
      return m.store(ptr, a[1], *checked, *hint, l);
    }
    std::optional<std::string> padOpt = m.paddingOption(pad, l);
    if (!padOpt)
      return Val();
    return m.load(ptr, *checked, *padOpt, l);
  }
  if (name == "make_block_ptr") {
    if (!bind({"base", "shape", "strides", "offsets", "block_shape", "order"}))
      return Val();
    return m.makeBlockPtr(a, l);
  }
  if (name == "advance") {
    if (!bind({"base", "offsets"}))
      return Val();
    return m.advance(a[0], a[1], l);
  }
  if (name == "make_tensor_descriptor") {
    if (!bind({"base", "shape", "strides", "block_shape", "padding_option?"}))
      return Val();
    return m.makeTensorDescriptor(a, l);
  }
  if (name == "load_tensor_descriptor") {
    if (!bind({"desc", "offsets"}))
      return Val();
    return m.descriptorLoad(a[0], a[1], l);
  }
  if (name == "store_tensor_descriptor") {
    if (!bind({"desc", "offsets", "value"}))
      return Val();
    return m.descriptorStore(a[0], a[1], a[2], l);
  }
  if (name == "atomic_poll") {
    if (!bind({"pointer", "expected_value", "sem?", "scope?", "timeout_ns?"}))
      return Val();
    return m.atomicPoll(a, l);
  }
  if (name == "atomic_load") {
    if (!bind({"pointer", "mask?", "sem?", "scope?"}))
      return Val();
    return m.atomicLoad(a, l);
  }
  if (name == "atomic_store") {
    if (!bind({"pointer", "val", "mask?", "sem?", "scope?"}))
      return Val();
    return m.atomicStore(a, l);
  }
  if (name == "atomic_cas") {
    if (!bind({"pointer", "cmp", "val", "sem?", "scope?"}))
      return Val();
    return m.atomicCAS(a, l);
  }
  if (name.consume_front("atomic_")) {
    if (!llvm::is_contained({"add", "max", "min", "and", "or", "xor", "xchg"}, name))
      return g.error(l, "unsupported function '" + fname + "'");
    if (!bind({"pointer", "val", "mask?", "sem?", "scope?"}))
      return Val();
    return m.atomicRMW(name, a, l);
  }
  if (name == "gather") {
    if (!bind({"src", "index", "axis"}))
      return Val();
    return m.gather(a, l);
  }
  return std::nullopt;
}

std::optional<StoreCacheHint> MemoryEmitter::storeCacheHint(const Val &cacheModifier,
                                                            const Val &evictionPolicy, SMLoc l) {
  // Reads one string hint ("" when absent or None).
  auto hint = [&](const Val &v, StringRef what) -> std::optional<std::string> {
    if (v.isNone())
      return std::string();
    if (v.kind != Val::Kind::Str) {
      g.error(v.loc.isValid() ? v.loc : l, what + " must be a string, got " + v.typeStr());
      return std::nullopt;
    }
    return v.s;
  };
  std::optional<std::string> cache = hint(cacheModifier, "cache_modifier");
  std::optional<std::string> eviction = hint(evictionPolicy, "eviction_policy");
  if (!cache || !eviction)
    return std::nullopt;
  // Triton's store cache modifiers and eviction policies.
  if (!llvm::is_contained({"", ".wb", ".cg", ".cs", ".wt"}, *cache)) {
    g.error(cacheModifier.loc, "Cache modifier " + *cache + " not supported");
    return std::nullopt;
  }
  if (!llvm::is_contained({"", "evict_last", "evict_first"}, *eviction)) {
    g.error(evictionPolicy.loc, "Eviction policy " + *eviction + " not supported");
    return std::nullopt;
  }
  if (*cache == ".cs" || *eviction == "evict_first")
    return StoreCacheHint::Streaming;
  return *eviction == "evict_last" ? StoreCacheHint::KeepCached : StoreCacheHint::None;
}

tile::StoreOp tilec::frontend::createStore(OpBuilder &b, Location loc, Value ptr, Value value,
                                           Value mask, StoreCacheHint hint) {
  return tile::StoreOp::create(b, loc, ptr, value, mask, hint == StoreCacheHint::Streaming,
                               /*stream_min_programs=*/IntegerAttr(),
                               hint == StoreCacheHint::KeepCached);
}

Val MemoryEmitter::hostTensorDescriptor(const Val &base, llvm::ArrayRef<Val> shape,
                                        llvm::ArrayRef<Val> strides,
                                        llvm::ArrayRef<int64_t> blockShape, StringRef padding,
                                        SMLoc l) {
  std::vector<Val> block;
  for (int64_t d : blockShape)
    block.push_back(Val::integer(d, l));
  Val args[] = {base, Val::tuple(shape.vec(), l), Val::tuple(strides.vec(), l),
                Val::tuple(std::move(block), l), Val::str(padding.str(), l)};
  return MemoryGen(g).makeTensorDescriptor(args, l);
}

Val MemoryEmitter::memoryAttribute(const Val &self, StringRef attr, SMLoc l) {
  size_t rank = self.shape.size();
  // A descriptor's elems: its sizes, then its strides.
  auto listOf = [&](size_t first) {
    std::vector<Val> items(self.elems.begin() + first, self.elems.begin() + first + rank);
    return Val::tuple(std::move(items), l);
  };
  if (self.kind == Val::Kind::BlockPtr && attr == "advance") {
    Val v;
    v.kind = Val::Kind::Builtin;
    v.loc = l;
    v.s = "method:advance";
    v.elems.push_back(self);
    return v;
  }
  if (self.kind == Val::Kind::TensorDesc) {
    if (attr == "dtype")
      return Val::dtypeObj(self.dtype.element(), l);
    if (attr == "block_shape") {
      std::vector<Val> dims;
      for (int64_t d : self.shape)
        dims.push_back(Val::integer(d, l));
      return Val::tuple(std::move(dims), l);
    }
    if (attr == "shape")
      return listOf(0);
    if (attr == "strides")
      return listOf(rank);
    if (attr == "load" || attr == "store" ||
        llvm::is_contained(
            {"atomic_add", "atomic_min", "atomic_max", "atomic_and", "atomic_or", "atomic_xor"},
            attr)) {
      Val v;
      v.kind = Val::Kind::Builtin;
      v.loc = l;
      v.s = "method:" + attr.str();
      v.elems.push_back(self);
      return v;
    }
  }
  return g.error(l, "unsupported attribute '" + attr + "' of " + self.typeStr());
}

Val MemoryEmitter::callMemoryMethod(const Val &self, StringRef name, std::vector<Val> args,
                                    std::vector<std::pair<std::string, Val>> kwargs, SMLoc l) {
  MemoryGen m(g);
  llvm::SmallVector<Val, 8> a;
  if (self.kind == Val::Kind::BlockPtr && name == "advance") {
    if (!bindArguments(g, "advance", {"offsets"}, args, kwargs, l, a))
      return Val();
    return m.advance(self, a[0], l);
  }
  std::string fname = "desc." + name.str();
  if (name == "load") {
    if (!bindArguments(g, fname, {"offsets", "cache_modifier?", "eviction_policy?"}, args, kwargs,
                       l, a))
      return Val();
    return m.descriptorLoad(self, a[0], l);
  }
  if (name == "store") {
    if (!bindArguments(g, fname, {"offsets", "value"}, args, kwargs, l, a))
      return Val();
    return m.descriptorStore(self, a[0], a[1], l);
  }
  if (name.consume_front("atomic_")) {
    if (!bindArguments(g, fname, {"offsets", "value"}, args, kwargs, l, a))
      return Val();
    return m.descriptorAtomic(name, self, a[0], a[1], l);
  }
  return g.error(l, "unsupported method '" + name + "' of " + self.typeStr());
}
