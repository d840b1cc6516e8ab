//===- Binder.h - Binding call arguments to a builtin's parameters -*- C++
//-*-===//
#ifndef TILEC_LIB_FRONTEND_BINDER_H
#define TILEC_LIB_FRONTEND_BINDER_H

#include "MLIRGen.h"

namespace tilec::frontend {

/// Binds positional and keyword arguments to a builtin's parameter list.
/// Parameters ending in '?' are optional (None when absent).
struct Binder {
  MLIRGen &g;
  /// The function's name in diagnostics ("tl.load").
  llvm::StringRef fname;
  llvm::SMLoc loc;
  llvm::SmallVector<Val, 8> out;
  /// Whether each parameter was passed (an explicit None counts).
  llvm::SmallVector<bool, 8> given;

  bool bind(llvm::ArrayRef<llvm::StringRef> params, std::vector<Val> &args,
            std::vector<std::pair<std::string, Val>> &kwargs) {
    using llvm::Twine;
    out.assign(params.size(), Val::none(loc));
    given.assign(params.size(), false);
    if (args.size() > params.size()) {
      g.error(loc, "'" + fname + "' takes at most " + Twine(params.size()) +
                       " arguments (" + Twine(args.size()) + " given)");
      return false;
    }
    for (size_t i = 0; i < args.size(); ++i) {
      out[i] = args[i];
      given[i] = true;
    }
    for (auto &[name, v] : kwargs) {
      size_t idx = params.size();
      for (size_t i = 0; i < params.size(); ++i)
        if (params[i].rtrim('?') == name)
          idx = i;
      if (idx == params.size()) {
        g.error(v.loc, "'" + fname + "' got an unexpected keyword argument '" +
                           name + "'");
        return false;
      }
      if (given[idx]) {
        g.error(v.loc, "'" + fname + "' got multiple values for argument '" +
                           name + "'");
        return false;
      }
      out[idx] = v;
      given[idx] = true;
    }
    for (size_t i = 0; i < params.size(); ++i)
      if (!given[i] && !params[i].ends_with("?")) {
        g.error(loc, "missing argument '" + params[i] + "' in call to '" +
                         fname + "'");
        return false;
      }
    return true;
  }
  const Val &operator[](size_t i) const { return out[i]; }
};

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_BINDER_H
