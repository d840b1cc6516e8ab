// Launch argument checking and packing against kernel metadata.
#include "args.h"

#include <cstring>
#include <string>

using namespace tilec;

uint16_t tilec::toHalfBits(float v) {
  uint32_t x;
  std::memcpy(&x, &v, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u) // Inf or NaN (keep NaN quiet).
    return uint16_t(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0));
  if (absx >= 0x477ff000u) // Rounds to >= 65520: overflow to Inf.
    return uint16_t(sign | 0x7c00u);
  if (absx < 0x38800000u) { // Subnormal half (or zero).
    if (absx < 0x33000000u)
      return uint16_t(sign);
    uint32_t mant = (absx & 0x7fffffu) | 0x800000u;
    int shift = 126 - int(absx >> 23); // 14..24
    uint32_t half = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t h = ((absx >> 13) - (112u << 10));
  uint32_t rem = absx & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
    ++h;
  return uint16_t(sign | h);
}

uint16_t tilec::toBFloat16Bits(float v) {
  uint32_t x;
  std::memcpy(&x, &v, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return uint16_t(x >> 16);
}

namespace {

bool isInt(int t) { return t >= TILEC_TYPE_I1 && t <= TILEC_TYPE_U64; }
bool isFloat(int t) { return t >= TILEC_TYPE_FP16 && t <= TILEC_TYPE_FP64; }
bool isUnsigned(int t) { return t >= TILEC_TYPE_U8 && t <= TILEC_TYPE_U64; }

/// Range of integer type `t` as [lo, hi].
void intRange(int t, __int128 &lo, __int128 &hi) {
  size_t bits = t == TILEC_TYPE_I1 ? 1 : tilec_type_size(tilec_type(t)) * 8;
  if (t == TILEC_TYPE_I1 || isUnsigned(t)) {
    lo = 0;
    hi = (__int128(1) << bits) - 1;
  } else {
    lo = -(__int128(1) << (bits - 1));
    hi = (__int128(1) << (bits - 1)) - 1;
  }
}

std::string label(const tilec_kernel_metadata &k, size_t i) {
  std::string s = "argument " + std::to_string(i);
  const char *n = k.param_names ? k.param_names[i] : nullptr;
  if (n && *n)
    s += std::string(" ('") + n + "')";
  return s;
}

std::string signature(const tilec_kernel_metadata &k) {
  std::string s;
  for (size_t i = 0; i < k.num_params; ++i)
    s += std::string(i ? "," : "") + tilec_type_name(k.param_types[i]);
  return s;
}

tilec_status bad(const tilec_kernel_metadata &k, size_t i,
                 const std::string &what) {
  return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                             "kernel '%s': %s: %s", k.name, label(k, i).c_str(),
                             what.c_str());
}

std::string int128ToString(__int128 v) {
  bool neg = v < 0;
  unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
  std::string s;
  do {
    s.insert(s.begin(), char('0' + int(u % 10)));
    u /= 10;
  } while (u);
  return neg ? "-" + s : s;
}

/// Checks one argument; stores the packed value in `slot` when non-null.
tilec_status checkOne(const tilec_kernel_metadata &k, size_t i,
                      const tilec_arg &a, uint64_t *slot) {
  tilec_type p = k.param_types[i], t = a.type;
  const char *tn = tilec_type_name(t);
  if (std::strcmp(tn, "invalid") == 0)
    return bad(k, i, "invalid argument type tag " + std::to_string(int(t)));
  std::string expected = tilec_type_name(p);
  if (tilec_type_is_pointer(p)) {
    if (!tilec_type_is_pointer(t))
      return bad(k, i, "expected pointer " + expected + ", got scalar " + tn);
    if (t != TILEC_TYPE_PTR && t != p)
      return bad(k, i, "expected " + expected + ", got " + tn);
    if (slot)
      std::memcpy(slot, &a.ptr, sizeof(void *));
    return nullptr;
  }
  if (tilec_type_is_pointer(t))
    return bad(k, i, "expected scalar " + expected + ", got pointer " + tn);
  if (isFloat(p)) {
    if (!isFloat(t))
      return bad(k, i, "expected " + expected + ", got " + tn);
    if (!slot)
      return nullptr;
    *slot = 0;
    float f = float(a.f);
    uint16_t h = p == TILEC_TYPE_FP16 ? toHalfBits(f) : toBFloat16Bits(f);
    if (p == TILEC_TYPE_FP64)
      std::memcpy(slot, &a.f, 8);
    else if (p == TILEC_TYPE_FP32)
      std::memcpy(slot, &f, 4);
    else
      std::memcpy(slot, &h, 2);
    return nullptr;
  }
  if (!isInt(t))
    return bad(k, i, "expected " + expected + ", got " + tn);
  __int128 v = t == TILEC_TYPE_U64 ? __int128(uint64_t(a.i)) : __int128(a.i);
  __int128 lo, hi;
  intRange(p, lo, hi);
  if (v < lo || v > hi)
    return bad(k, i,
               "value " + int128ToString(v) + " does not fit in " + expected);
  if (k.param_specialized_to_one && k.param_specialized_to_one[i] && v != 1)
    return bad(k, i,
               "the kernel was compiled for the value 1 (signature '" + expected +
                   ":1'), got " + int128ToString(v));
  if (slot) {
    // Little-endian hosts only: the low bytes of the value are the value.
    uint64_t u = uint64_t(v);
    *slot = 0;
    std::memcpy(slot, &u, tilec_type_size(p));
  }
  return nullptr;
}

} // namespace

tilec_status tilec::checkArgs(const tilec_kernel_metadata &k,
                              const tilec_arg *args, size_t numArgs,
                              uint64_t *slots, void **ptrs) {
  if (numArgs != k.num_params)
    return tilec_status_create(
        TILEC_STATUS_INVALID_ARGUMENT,
        "kernel '%s' expects %zu argument%s (%s), got %zu", k.name,
        k.num_params, k.num_params == 1 ? "" : "s", signature(k).c_str(),
        numArgs);
  if (numArgs && !args)
    return tilec_status_create(TILEC_STATUS_INVALID_ARGUMENT,
                               "kernel '%s': NULL argument array", k.name);
  for (size_t i = 0; i < numArgs; ++i) {
    if (tilec_status s = checkOne(k, i, args[i], slots ? &slots[i] : nullptr))
      return s;
    if (ptrs)
      ptrs[i] = &slots[i];
  }
  return nullptr;
}

const char *tilec_arg_specialization(const tilec_arg *arg) {
  if (!arg)
    return "";
  if (tilec_type_is_pointer(arg->type))
    return reinterpret_cast<uintptr_t>(arg->ptr) % 16 == 0 ? ":16" : "";
  if (!isInt(arg->type) || arg->type == TILEC_TYPE_I1)
    return "";
  if (arg->i == 1)
    return ":1";
  return uint64_t(arg->i) % 16 == 0 ? ":16" : "";
}
