// Triton signature types: names, parsing and sizes.
#include "tilec/runtime.h"

#include <cstring>

namespace {
struct TypeName {
  tilec_type type;
  const char *name;
  size_t size;
};
const TypeName ScalarTypes[] = {
    {TILEC_TYPE_I1, "i1", 1},     {TILEC_TYPE_I8, "i8", 1},
    {TILEC_TYPE_I16, "i16", 2},   {TILEC_TYPE_I32, "i32", 4},
    {TILEC_TYPE_I64, "i64", 8},   {TILEC_TYPE_U8, "u8", 1},
    {TILEC_TYPE_U16, "u16", 2},   {TILEC_TYPE_U32, "u32", 4},
    {TILEC_TYPE_U64, "u64", 8},   {TILEC_TYPE_FP16, "fp16", 2},
    {TILEC_TYPE_BF16, "bf16", 2}, {TILEC_TYPE_FP32, "fp32", 4},
    {TILEC_TYPE_FP64, "fp64", 8},
};
const char *const PointerNames[] = {"*",     "*i1",   "*i8",   "*i16", "*i32",
                                    "*i64",  "*u8",   "*u16",  "*u32", "*u64",
                                    "*fp16", "*bf16", "*fp32", "*fp64"};

const TypeName *findScalar(int elem) {
  for (const TypeName &t : ScalarTypes)
    if (t.type == elem)
      return &t;
  return nullptr;
}
} // namespace

extern "C" {

int tilec_type_is_pointer(tilec_type t) { return (t & TILEC_TYPE_PTR) != 0; }

const char *tilec_type_name(tilec_type t) {
  int elem = t & 0xff;
  if (tilec_type_is_pointer(t)) {
    if ((t & ~0x1ff) == 0 && elem <= TILEC_TYPE_FP64)
      return PointerNames[elem];
    return "invalid";
  }
  const TypeName *s = findScalar(t);
  return s ? s->name : "invalid";
}

tilec_type tilec_type_parse(const char *name) {
  if (!name)
    return TILEC_TYPE_INVALID;
  bool ptr = name[0] == '*';
  const char *elem = ptr ? name + 1 : name;
  if (ptr && *elem == 0)
    return TILEC_TYPE_PTR;
  for (const TypeName &t : ScalarTypes)
    if (std::strcmp(t.name, elem) == 0)
      return ptr ? tilec_type(TILEC_TYPE_PTR | t.type) : t.type;
  return TILEC_TYPE_INVALID;
}

size_t tilec_type_size(tilec_type t) {
  const TypeName *s = findScalar(t & 0xff);
  return s ? s->size : 0;
}

} // extern "C"
