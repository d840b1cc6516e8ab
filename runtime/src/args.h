// Launch argument checking and packing against kernel metadata.
#ifndef TILEC_RUNTIME_ARGS_H
#define TILEC_RUNTIME_ARGS_H

#include "tilec/module_format.h"

namespace tilec {

/// Checks `args` against `k` (rules in tilec_kernel_check_args). When
/// `slots` is non-null, also stores each value in its parameter's exact
/// type into slots[i] and points ptrs[i] at it (both have num_args entries).
tilec_status checkArgs(const tilec_kernel_metadata &k, const tilec_arg *args,
                       size_t numArgs, uint64_t *slots, void **ptrs);

/// IEEE binary16 / bfloat16 bits of `v` (round to nearest even).
uint16_t toHalfBits(float v);
uint16_t toBFloat16Bits(float v);

} // namespace tilec

#endif
