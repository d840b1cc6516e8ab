#!/usr/bin/env bash
# Counts where Triton 3.9's interpreter converts to and from the fnuz fp8 formats (float8e4b8,
# float8e5b16) as tilec does: every fp16, the fp32 sweep of test/conformance/test_fp8.py (nearest
# even and toward zero) and the 256 codes decoded. tilec follows Triton's AMD conversions, which
# test_fp8.py's reference encodes (and checks against a port of them); the interpreter's generic
# _convert_float differs (docs/language.md). Needs the real Triton (TRITON_PY, default
# /opt/triton-ref/bin/python) and the built tilec package (TILEC_BUILD_DIR, default build/).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$(cd "${TILEC_BUILD_DIR:-$ROOT/build}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PYTHONPATH="$BUILD/python:$ROOT/test/conformance"
python3 -c "import numpy as np, test_fp8 as t; np.save('$work/sweep.npy', t.fp32_sweep(4099))"
"${TRITON_PY:-/opt/triton-ref/bin/python}" - "$work" <<'PY'
import sys
import numpy as np
import triton.language as tl
from triton._C.libtriton import ir
from triton.runtime.interpreter import _convert_float
work = sys.argv[1]
every = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
sweep = np.load(f"{work}/sweep.npy")
for name in ("float8e4b8", "float8e5b16"):
    dt = getattr(tl, name)
    rne, rtz = ir.ROUNDING_MODE.RTNE, ir.ROUNDING_MODE.RTZ
    np.savez(f"{work}/{name}.npz", f16=_convert_float(every, tl.float16, dt, rne).view(np.uint8),
             f32=_convert_float(sweep, tl.float32, dt, rne).view(np.uint8),
             f32rtz=_convert_float(sweep, tl.float32, dt, rtz).view(np.uint8),
             dec=_convert_float(np.arange(256, dtype=np.uint8), dt, tl.float32, None).view(np.float32))
PY
python3 - "$work" <<'PY'
import sys
import numpy as np
import test_fp8 as t
work = sys.argv[1]
every = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
sweep = np.load(f"{work}/sweep.npy")
for name in t.FNUZ:
    got = np.load(f"{work}/{name}.npz")
    table = t.decode_table(name).astype(np.float32)
    in_range = np.isfinite(every) & (np.abs(every.astype(np.float64)) <= table[0x7F])
    same_dec = (got["dec"] == table) | (np.isnan(got["dec"]) & np.isnan(table))
    print(f"{name}: every fp16: {(got['f16'] == t.encode(name, every)).sum()} of 65536 agree "
          f"({(in_range & (got['f16'] == t.encode(name, every))).sum()} of the {in_range.sum()} "
          f"in range); fp32 sweep: {(got['f32'] == t.encode(name, sweep)).sum()} (rtz "
          f"{(got['f32rtz'] == t.encode(name, sweep, True)).sum()}) of {len(sweep)}; decoded: "
          f"{same_dec.sum()} of 256 codes (differing: {[hex(c) for c in np.nonzero(~same_dec)[0]]})")
PY
