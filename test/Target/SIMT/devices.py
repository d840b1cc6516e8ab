# tilec devices lists the SIMT emulator with its warp size (TILEC_SIMT_WARP_SIZE), but never picks
# it unless TILEC_DEVICE names it; a bad warp size makes the driver unavailable, saying why.
# TILEC_SIMT_WGMMA=1 makes its arch warp32-wgmma; another value, or 1 with 64-lane warps, makes
# the driver unavailable.
# RUN: env TILEC_DEVICE=cpu tilec devices | FileCheck %s
# RUN: env TILEC_DEVICE=simt TILEC_SIMT_WARP_SIZE=64 tilec devices | FileCheck %s --check-prefix=SIMT64
# RUN: env TILEC_DEVICE=cpu TILEC_SIMT_WARP_SIZE=16 tilec devices | FileCheck %s --check-prefix=BAD
# RUN: env TILEC_DEVICE=cpu TILEC_SIMT_WGMMA=1 tilec devices | FileCheck %s --check-prefix=WGMMA
# RUN: env TILEC_DEVICE=cpu TILEC_SIMT_WGMMA=yes tilec devices | FileCheck %s --check-prefix=BADWG
# RUN: env TILEC_DEVICE=cpu TILEC_SIMT_WGMMA=1 TILEC_SIMT_WARP_SIZE=64 tilec devices | FileCheck %s --check-prefix=BADWG64
# WGMMA: simt:0  SIMT emulator on {{.*}}  arch warp32-wgmma
# BADWG: simt: unavailable (simt: TILEC_SIMT_WGMMA='yes' is not 0 or 1 (1 needs 32-lane warps))
# BADWG64: simt: unavailable (simt: TILEC_SIMT_WGMMA='1' is not 0 or 1 (1 needs 32-lane warps))
# CHECK: simt:0  SIMT emulator on {{.*}}  arch warp32  units {{[0-9]+}}
# CHECK: selected: cpu:0
# SIMT64: simt:0  SIMT emulator on {{.*}}  arch warp64
# SIMT64: selected: simt:0
# BAD: simt: unavailable (simt: TILEC_SIMT_WARP_SIZE='16' is not 32 or 64)
