// Module metadata text: validating parser and formatter.
#include "module_format_internal.h"

#include <cstdlib>
#include <cstring>

using namespace tilec;

namespace {

bool isIdent(const std::string &s, const char *extra = "") {
  auto alpha = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  };
  if (s.empty() || !alpha(s[0]))
    return false;
  for (char c : s)
    if (!(alpha(c) || (c >= '0' && c <= '9') || (c && std::strchr(extra, c))))
      return false;
  return true;
}

bool parseUnsigned(const std::string &s, uint64_t max, uint64_t &out) {
  if (s.empty() || s.size() > 19)
    return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9')
      return false;
    v = v * 10 + uint64_t(c - '0');
  }
  if (v > max)
    return false;
  out = v;
  return true;
}

bool matchesPrefixDigits(const std::string &s, const char *prefix,
                         const char *extraChars) {
  size_t n = std::strlen(prefix);
  if (s.size() <= n || s.compare(0, n, prefix) != 0)
    return false;
  for (size_t i = n; i < s.size(); ++i)
    if (!((s[i] >= '0' && s[i] <= '9') || std::strchr(extraChars, s[i])))
      return false;
  return true;
}

std::vector<std::string> splitTokens(const std::string &line) {
  std::vector<std::string> toks;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
      ++i;
    size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t')
      ++i;
    if (i > start)
      toks.push_back(line.substr(start, i - start));
  }
  return toks;
}

/// Incremental parser state; each handler returns an error text or "".
struct Parser {
  MetadataStore &md;
  bool sawHeader = false, inKernel = false;
  bool sawEntry = false, sawWarps = false, sawShared = false, sawScratch = false;

  std::string header(const std::vector<std::string> &t) {
    if (t.size() != 2 || t[0] != "tilec-module")
      return "expected 'tilec-module 1' as the first line";
    if (t[1] != "1")
      return "metadata version '" + t[1] + "' is not supported (expected 1)";
    sawHeader = true;
    return "";
  }

  std::string target(const std::vector<std::string> &t) {
    if (!md.target.empty())
      return "duplicate 'target' line";
    if (inKernel || !md.kernels.empty())
      return "'target' must come before the kernels";
    if (t.size() < 3)
      return "expected 'target cpu ARCH [FEATURES]', 'target cuda sm_NN', "
             "'target hip gfxNNN' or 'target simt warp32|warp32-wgmma|warp64 [FEATURES]'";
    const std::string &kind = t[1], &arch = t[2];
    if (kind == "cpu") {
      if (t.size() > 4)
        return "too many tokens in 'target cpu ARCH [FEATURES]'";
      if (!isIdent(arch))
        return "bad CPU architecture '" + arch + "'";
      md.features = t.size() == 4 ? t[3] : "";
    } else if (kind == "simt") {
      if (t.size() > 4)
        return "too many tokens in 'target simt warp32|warp32-wgmma|warp64 [FEATURES]'";
      if (arch != "warp32" && arch != "warp32-wgmma" && arch != "warp64")
        return "expected 'target simt warp32', 'warp32-wgmma' or 'warp64', got '" +
               arch + "'";
      md.features = t.size() == 4 ? t[3] : "";
    } else if (kind == "cuda") {
      if (t.size() != 3 || !matchesPrefixDigits(arch, "sm_", "a"))
        return "expected 'target cuda sm_NN', got '" + arch + "'";
    } else if (kind == "hip") {
      if (t.size() != 3 ||
          !matchesPrefixDigits(arch, "gfx", "abcdef:+-sramecxnk"))
        return "expected 'target hip gfxNNN', got '" + arch + "'";
    } else {
      return "unknown target '" + kind + "' (expected cpu, cuda, hip or simt)";
    }
    md.target = kind;
    md.arch = arch;
    return "";
  }

  std::string payload(const std::vector<std::string> &t) {
    if (!md.payload.empty())
      return "duplicate 'payload' line";
    if (inKernel || !md.kernels.empty())
      return "'payload' must come before the kernels";
    if (t.size() != 2)
      return "expected 'payload so|ptx|cubin|hsaco'";
    const std::string &p = t[1];
    if (p != "so" && p != "ptx" && p != "cubin" && p != "hsaco")
      return "unknown payload kind '" + p +
             "' (expected so, ptx, cubin or "
             "hsaco)";
    md.payload = p;
    return "";
  }

  std::string kernel(const std::vector<std::string> &t) {
    if (inKernel)
      return "'kernel' inside kernel '" + md.kernels.back().name +
             "' (missing 'end')";
    if (md.target.empty() || md.payload.empty())
      return "'kernel' before 'target' and 'payload'";
    if (t.size() != 2 || !isIdent(t[1]))
      return "expected 'kernel NAME' with an identifier NAME";
    for (const KernelStore &k : md.kernels)
      if (k.name == t[1])
        return "duplicate kernel '" + t[1] + "'";
    md.kernels.emplace_back();
    md.kernels.back().name = t[1];
    inKernel = true;
    sawEntry = sawWarps = sawShared = sawScratch = false;
    return "";
  }

  std::string inside(const std::string &what) {
    return inKernel ? "" : "'" + what + "' outside a kernel";
  }

  std::string entry(const std::vector<std::string> &t) {
    if (!inside("entry").empty())
      return inside("entry");
    if (sawEntry)
      return "duplicate 'entry'";
    if (t.size() != 2 || !isIdent(t[1], ".$"))
      return "expected 'entry SYMBOL'";
    md.kernels.back().entry = t[1];
    sawEntry = true;
    return "";
  }

  std::string number(const std::vector<std::string> &t, bool &seen,
                     uint64_t min, uint64_t max, uint32_t &out) {
    if (!inside(t[0]).empty())
      return inside(t[0]);
    if (seen)
      return "duplicate '" + t[0] + "'";
    uint64_t v = 0;
    if (t.size() != 2 || !parseUnsigned(t[1], max, v) || v < min)
      return "expected '" + t[0] + " N' with " + std::to_string(min) +
             " <= N <= " + std::to_string(max);
    out = uint32_t(v);
    seen = true;
    return "";
  }

  /// global_scratch B: a multiple of TILEC_GLOBAL_SCRATCH_ALIGNMENT.
  std::string globalScratch(const std::vector<std::string> &t) {
    if (!inside(t[0]).empty())
      return inside(t[0]);
    if (sawScratch)
      return "duplicate 'global_scratch'";
    uint64_t bytes = 0;
    if (t.size() != 2 || !parseUnsigned(t[1], TILEC_GLOBAL_SCRATCH_MAX_BYTES, bytes) ||
        bytes % TILEC_GLOBAL_SCRATCH_ALIGNMENT)
      return "expected 'global_scratch N' with N a multiple of " +
             std::to_string(TILEC_GLOBAL_SCRATCH_ALIGNMENT) + " from 0 to " +
             std::to_string(TILEC_GLOBAL_SCRATCH_MAX_BYTES) +
             (t.size() == 2 ? ", got '" + t[1].substr(0, 40) + "'" : "");
    md.kernels.back().globalScratch = bytes;
    sawScratch = true;
    return "";
  }

  std::string param(const std::vector<std::string> &t) {
    if (!inside("param").empty())
      return inside("param");
    // param TYPE [NAME] [=1] [+stored]
    std::vector<std::string> rest(t.begin() + 1, t.end());
    bool stored = !rest.empty() && rest.back() == "+stored";
    if (stored)
      rest.pop_back();
    bool one = !rest.empty() && rest.back() == "=1";
    if (one)
      rest.pop_back();
    if (rest.empty() || rest.size() > 2)
      return "expected 'param TYPE [NAME] [=1] [+stored]'";
    tilec_type ty = tilec_type_parse(rest[0].c_str());
    if (ty == TILEC_TYPE_INVALID || ty == TILEC_TYPE_PTR)
      return "unknown parameter type '" + rest[0] +
             "' (expected e.g. *fp32, *i32, i32, i64, fp32)";
    if (one && !(ty > TILEC_TYPE_I1 && ty <= TILEC_TYPE_U64))
      return "only integer parameters can be specialized to 1 ('=1'), not " + rest[0];
    if (rest.size() == 2 && !isIdent(rest[1]))
      return "bad parameter name '" + rest[1] + "'";
    KernelStore &k = md.kernels.back();
    k.types.push_back(ty);
    k.names.push_back(rest.size() == 2 ? rest[1] : "");
    if (stored && !(ty & TILEC_TYPE_PTR))
      return "only pointer parameters can be stored through ('+stored'), not " +
             rest[0];
    k.specializedToOne.push_back(one);
    k.stored.push_back(stored);
    return "";
  }

  std::string end(const std::vector<std::string> &t) {
    if (!inside("end").empty())
      return inside("end");
    if (t.size() != 1)
      return "unexpected tokens after 'end'";
    KernelStore &k = md.kernels.back();
    if (k.entry.empty())
      k.entry = md.target == "cpu"    ? "__tilec_entry_" + k.name
                : md.target == "simt" ? "__tilec_simt_entry_" + k.name
                                      : k.name;
    inKernel = false;
    return "";
  }

  std::string line(const std::vector<std::string> &t) {
    if (!sawHeader)
      return header(t);
    const std::string &d = t[0];
    if (d == "target")
      return target(t);
    if (d == "payload")
      return payload(t);
    if (d == "kernel")
      return kernel(t);
    if (d == "entry")
      return entry(t);
    if (d == "num_warps")
      return number(t, sawWarps, 1, 32, md.kernels.back().numWarps);
    if (d == "shared_mem")
      return number(t, sawShared, 0, 0x7fffffff, md.kernels.back().sharedMem);
    if (d == "global_scratch")
      return globalScratch(t);
    if (d == "param")
      return param(t);
    if (d == "end")
      return end(t);
    return "unknown directive '" + d.substr(0, 40) + "'";
  }

  std::string finish() {
    if (!sawHeader)
      return "empty metadata (expected 'tilec-module 1')";
    if (inKernel)
      return "kernel '" + md.kernels.back().name + "' is missing 'end'";
    if (md.target.empty())
      return "missing 'target' line";
    if (md.payload.empty())
      return "missing 'payload' line";
    const std::string &t = md.target, &p = md.payload;
    if (((t == "cpu" || t == "simt") && p != "so") ||
        (t == "cuda" && p != "ptx" && p != "cubin") ||
        (t == "hip" && p != "hsaco"))
      return "payload '" + p + "' does not fit target '" + t + "'";
    if (md.kernels.empty())
      return "no kernels";
    return "";
  }
};

} // namespace

void MetadataStore::buildViews() {
  kernelViews.clear();
  for (KernelStore &k : kernels) {
    k.namePtrs.clear();
    for (const std::string &n : k.names)
      k.namePtrs.push_back(n.c_str());
    tilec_kernel_metadata v{};
    v.name = k.name.c_str();
    v.entry = k.entry.c_str();
    v.num_warps = k.numWarps;
    v.shared_mem = k.sharedMem;
    v.num_params = k.types.size();
    v.param_types = k.types.data();
    v.param_names = k.namePtrs.data();
    v.param_specialized_to_one = k.specializedToOne.data();
    v.param_stored = k.stored.data();
    v.global_scratch = k.globalScratch;
    kernelViews.push_back(v);
  }
  view.target = target.c_str();
  view.arch = arch.c_str();
  view.features = features.c_str();
  view.payload = payload.c_str();
  view.num_kernels = kernelViews.size();
  view.kernels = kernelViews.data();
}

tilec_status tilec::parseMetadata(const char *text, size_t size,
                                  const char *what, tilec_code code,
                                  MetadataStore &out) {
  out = MetadataStore();
  Parser p{out};
  size_t lineNo = 0, pos = 0;
  while (pos < size) {
    ++lineNo;
    size_t eol = pos;
    while (eol < size && text[eol] != '\n')
      ++eol;
    std::string line(text + pos, eol - pos);
    pos = eol + 1;
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    for (unsigned char c : line)
      if (c < 0x20 && c != '\t')
        return tilec_status_create(
            code,
            "%s: line %zu: unexpected control byte 0x%02x (metadata is "
            "not text)",
            what, lineNo, c);
    std::vector<std::string> toks = splitTokens(line);
    if (toks.empty() || toks[0][0] == '#')
      continue;
    std::string err = p.line(toks);
    if (!err.empty())
      return tilec_status_create(code, "%s: line %zu: %s", what, lineNo,
                                 err.c_str());
  }
  std::string err = p.finish();
  if (!err.empty())
    return tilec_status_create(code, "%s: %s", what, err.c_str());
  out.buildViews();
  return nullptr;
}

namespace {
/// Checks a string that goes into a single metadata token.
bool badToken(const char *s) {
  if (!s || !*s)
    return true;
  for (; *s; ++s)
    if ((unsigned char)*s <= ' ')
      return true;
  return false;
}
} // namespace

extern "C" tilec_status
tilec_module_metadata_format(const tilec_module_metadata *md, char **text,
                             size_t *size) {
  if (!md || !text || !size)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               "tilec_module_metadata_format: NULL argument");
  if (badToken(md->target) || badToken(md->arch) || badToken(md->payload) ||
      (md->features && *md->features && badToken(md->features)))
    return tilec_status_create(
        TILEC_STATUS_INVALID_ARGUMENT,
        "module metadata: target, arch, features and payload must be "
        "non-empty single tokens");
  std::string s = "tilec-module 1\ntarget ";
  s += std::string(md->target) + " " + md->arch;
  if (md->features && *md->features)
    s += std::string(" ") + md->features;
  s += std::string("\npayload ") + md->payload + "\n";
  for (size_t i = 0; i < md->num_kernels; ++i) {
    const tilec_kernel_metadata &k = md->kernels[i];
    if (badToken(k.name) || (k.entry && *k.entry && badToken(k.entry)))
      return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                                 "module metadata: kernel %zu has a bad name "
                                 "or entry symbol",
                                 i);
    s += std::string("kernel ") + k.name + "\n";
    if (k.entry && *k.entry)
      s += std::string("entry ") + k.entry + "\n";
    s += "num_warps " + std::to_string(k.num_warps) + "\n";
    if (k.shared_mem)
      s += "shared_mem " + std::to_string(k.shared_mem) + "\n";
    if (k.global_scratch)
      s += "global_scratch " + std::to_string(k.global_scratch) + "\n";
    for (size_t j = 0; j < k.num_params; ++j) {
      s += std::string("param ") + tilec_type_name(k.param_types[j]);
      const char *n = k.param_names ? k.param_names[j] : nullptr;
      if (n && *n) {
        if (badToken(n))
          return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                                     "module metadata: kernel '%s' parameter "
                                     "%zu has a bad name",
                                     k.name, j);
        s += std::string(" ") + n;
      }
      if (k.param_specialized_to_one && k.param_specialized_to_one[j])
        s += " =1";
      if (k.param_stored && k.param_stored[j])
        s += " +stored";
      s += "\n";
    }
    s += "end\n";
  }
  MetadataStore check;
  if (tilec_status st = parseMetadata(s.data(), s.size(), "module metadata",
                                      TILEC_STATUS_INVALID_ARGUMENT, check))
    return st;
  char *buf = static_cast<char *>(std::malloc(s.size() + 1));
  if (!buf)
    return tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                               "out of memory formatting module metadata");
  std::memcpy(buf, s.c_str(), s.size() + 1);
  *text = buf;
  *size = s.size();
  return nullptr;
}
