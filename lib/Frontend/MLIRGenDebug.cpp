//===- MLIRGenDebug.cpp - DebugEmitter: print and device_assert -----------===//
//
// tl.static_print prints while compiling; tl.device_print (and Python's
// print) becomes tile.print, tl.device_assert (and a runtime `assert`)
// becomes tile.assert, checked when the kernel runs.
//
//===----------------------------------------------------------------------===//
#include "MLIRGen.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;

/// How Python's print shows a compile-time value.
static std::string staticText(const Val &v) {
  switch (v.kind) {
  case Val::Kind::Str:
    return v.s;
  case Val::Kind::Int:
    return bigIntStr(v.big);
  case Val::Kind::Bool:
    return v.i ? "True" : "False";
  case Val::Kind::Float:
    return floatStr(v.f);
  case Val::Kind::None:
    return "None";
  case Val::Kind::DTypeObj:
    return v.dtype.str();
  case Val::Kind::Tuple: {
    std::string s = "(";
    for (size_t i = 0; i < v.elems.size(); ++i)
      s += (i ? ", " : "") + staticText(v.elems[i]);
    return s + (v.elems.size() == 1 ? ",)" : ")");
  }
  default:
    return v.typeStr();
  }
}

/// Triton's device_print prefix: ends in ": " when there are values, and a
/// longer prefix starts with " ".
static std::string devicePrintPrefix(std::string prefix, bool hasValues) {
  if (hasValues && !StringRef(prefix).ends_with(" "))
    prefix += " ";
  if (hasValues && !StringRef(prefix).ends_with(": "))
    prefix = prefix.substr(0, prefix.size() - 1) + ": ";
  if (prefix.size() > 2 && !StringRef(prefix).starts_with(" "))
    prefix = " " + prefix;
  return prefix;
}

bool DebugEmitter::isDebugBuiltin(StringRef name) {
  return name == "print" || name == "tl.static_print" || name == "tl.device_print" ||
         name == "tl.device_assert";
}

Val DebugEmitter::genDebugBuiltin(StringRef name, std::vector<Val> args,
                                  std::vector<std::pair<std::string, Val>> kwargs, SMLoc l) {
  if (name == "tl.static_print") {
    std::string sep = " ", end = "\n";
    for (auto &[key, v] : kwargs) {
      if ((key != "sep" && key != "end") || v.kind != Val::Kind::Str)
        return g.error(v.loc, "tl.static_print accepts only the string keyword "
                              "arguments 'sep' and 'end'");
      (key == "sep" ? sep : end) = v.s;
    }
    std::string text;
    for (size_t i = 0; i < args.size(); ++i)
      text += (i ? sep : "") + staticText(args[i]);
    llvm::outs() << text << end;
    llvm::outs().flush();
    return Val::none(l);
  }
  if (name == "tl.device_assert")
    return deviceAssert(args, kwargs, l);

  // tl.device_print(prefix, *args, hex=False); print(prefix, *args).
  bool hex = false;
  for (auto &[key, v] : kwargs) {
    std::optional<bool> h = key == "hex" ? g.constexprTruth(v) : std::optional<bool>();
    if (!h)
      return g.error(v.loc, "'" + name + "' got an unexpected keyword argument '" + key + "'");
    hex = *h;
  }
  if (args.empty() || args[0].kind != Val::Kind::Str)
    return g.error(l, "the first argument of '" + name + "' must be a string prefix");
  std::string prefix = devicePrintPrefix(args[0].s, args.size() > 1);
  llvm::SmallVector<Value> values;
  llvm::SmallVector<bool> isSigned;
  for (size_t i = 1; i < args.size(); ++i) {
    Val v = g.toTensor(args[i], args[i].loc.isValid() ? args[i].loc : l, "'" + name.str() + "'");
    if (!v)
      return v;
    // fp8 values are bytes in the IR: print their value (or their bits).
    if (v.dtype.isFP8() &&
        !(v = hex ? g.cast(v, DType(DType::U8), l, true) : g.cast(v, DType(DType::F32), l)))
      return v;
    values.push_back(v.value);
    isSigned.push_back(v.dtype.isSigned() && !v.dtype.isBool());
  }
  tile::PrintOp::create(b, g.loc(l), b.getStringAttr(prefix), values, b.getBoolAttr(hex),
                        b.getDenseBoolArrayAttr(isSigned), ArrayAttr());
  return Val::none(l);
}

Val DebugEmitter::deviceAssert(llvm::ArrayRef<Val> args,
                               llvm::ArrayRef<std::pair<std::string, Val>> kwargs, SMLoc l) {
  Val cond, msg = Val::str("", l), mask;
  static const char *const params[] = {"cond", "msg", "mask"};
  if (args.size() > 3)
    return g.error(l, "'tl.device_assert' takes at most 3 arguments");
  Val *slots[] = {&cond, &msg, &mask};
  for (size_t i = 0; i < args.size(); ++i)
    *slots[i] = args[i];
  for (auto &[key, v] : kwargs) {
    auto it = llvm::find(params, key);
    if (it == std::end(params))
      return g.error(v.loc, "'tl.device_assert' got an unexpected keyword "
                            "argument '" +
                                key + "'");
    *slots[it - std::begin(params)] = v;
  }
  if (!cond)
    return g.error(l, "missing argument 'cond' in call to 'tl.device_assert'");
  if (msg.kind != Val::Kind::Str)
    return g.error(msg.loc, "the message of tl.device_assert must be a string");
  if (std::optional<bool> t = g.constexprTruth(cond); t && *t)
    return Val::none(l);
  Val c = g.toTensor(cond, l, "'tl.device_assert'");
  if (!c || !(c = g.cast(c, DType(DType::I1), l)))
    return Val();
  if (mask && !mask.isNone()) {
    // Only elements under the mask are checked.
    Val m = g.toTensor(mask, l, "'tl.device_assert' mask");
    Val unmasked = m ? g.unary(UnaryOp::Not, m, l) : m;
    if (!unmasked || !(c = g.logical(false, c, unmasked, l)))
      return Val();
  }
  tile::AssertOp::create(b, g.loc(l), c.value, b.getStringAttr(msg.s));
  return Val::none(l);
}
