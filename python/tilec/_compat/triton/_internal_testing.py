"""`triton._internal_testing`: the helpers Triton's unit tests import, for tilec's device."""
import contextlib
import os
import re

import numpy as np
from numpy.random import RandomState

import triton
import triton.language as tl
from triton.runtime.jit import TensorWrapper, reinterpret, type_canonicalisation_dict

int_dtypes = ["int8", "int16", "int32", "int64"]
uint_dtypes = ["uint8", "uint16", "uint32", "uint64"]
integral_dtypes = int_dtypes + uint_dtypes
float_dtypes = ["float16", "float32", "float64"]
float_dtypes_with_bfloat16 = float_dtypes + ["bfloat16"]
dtypes = integral_dtypes + float_dtypes
dtypes_with_bfloat16 = dtypes + ["bfloat16"]
torch_float8_dtypes = ["float8_e4m3fn", "float8_e5m2"]
torch_dtypes = ["bool"] + int_dtypes + ["uint8"] + float_dtypes + ["bfloat16"]
tma_dtypes = sorted(set(dtypes_with_bfloat16) - {"int64", "uint64", "float64"})


def is_compile_warmup():
    """Whether tests only compile (Triton's --warmup-only mode); never with tilec."""
    return False


def is_interpreter():
    """Whether Triton's interpreter runs the kernels: never with tilec, which
    compiles them (also on the CPU)."""
    return False


def get_current_target():
    return triton.runtime.driver.active.get_current_target()


def _backend():
    return get_current_target().backend


def is_cuda():
    return _backend() == "cuda"


def is_hip():
    return _backend() == "hip"


def is_xpu():
    return False


def _capability():
    import torch
    return torch.cuda.get_device_capability() if is_cuda() else (0, 0)


def is_ampere_or_newer():
    return is_cuda() and _capability()[0] >= 8


def is_hopper_or_newer():
    return is_cuda() and _capability()[0] >= 9


def is_hopper():
    return is_cuda() and _capability()[0] == 9


def is_blackwell():
    return is_cuda() and _capability()[0] in (10, 11)


def is_sm12x():
    return is_cuda() and _capability()[0] == 12


def _hip_arch(*patterns):
    return is_hip() and any(p in get_current_target().arch for p in patterns)


def is_hip_cdna2():
    return _hip_arch("gfx90a")


def is_hip_cdna3():
    return _hip_arch("gfx942")


def is_hip_cdna4():
    return _hip_arch("gfx950")


def is_hip_cdna():
    return is_hip_cdna2() or is_hip_cdna3() or is_hip_cdna4()


def is_hip_rdna3():
    return _hip_arch("gfx110", "gfx115")


def is_hip_rdna4m():
    return _hip_arch("gfx117")


def is_hip_rdna4():
    return _hip_arch("gfx120")


def is_hip_gfx1250():
    return _hip_arch("gfx1250")


def is_hip_rdna():
    return is_hip_rdna3() or is_hip_rdna4m() or is_hip_rdna4()


def supports_tma(byval_only=False):
    return False


def supports_ws():
    return False


def numpy_random(shape, dtype_str, rs=None, low=None, high=None):
    """Random data of `dtype_str` (never 0 for integers, so that divisions are defined)."""
    if isinstance(shape, int):
        shape = (shape,)
    if rs is None:
        rs = RandomState(seed=17)
    if dtype_str in int_dtypes + uint_dtypes:
        iinfo = np.iinfo(getattr(np, dtype_str))
        low = iinfo.min if low is None else max(low, iinfo.min)
        high = iinfo.max if high is None else min(high, iinfo.max)
        x = rs.randint(low, high, shape, dtype=getattr(np, dtype_str))
        x[x == 0] = 1
        return x
    if dtype_str and "float8" in dtype_str:
        return rs.randint(20, 40, shape, dtype=np.int8)
    if dtype_str in float_dtypes:
        return rs.normal(0, 1, shape).astype(dtype_str)
    if dtype_str == "bfloat16":
        return (rs.normal(0, 1, shape).astype("float32").view("uint32")
                & np.uint32(0xffff0000)).view("float32")
    if dtype_str in ("bool", "int1", "bool_"):
        return rs.normal(0, 1, shape) > 0.0
    raise RuntimeError("Unknown dtype %s" % dtype_str)


def to_triton(x, device, dst_type=None):
    """A numpy array as a torch tensor on `device` (unsigned and fp8 data as
    reinterpreted signed/int8 tensors, as torch lacks those dtypes)."""
    import torch
    t = x.dtype.name
    if t in uint_dtypes:
        signed = x.astype(getattr(np, t[1:]))
        return reinterpret(torch.tensor(signed, device=device), getattr(tl, t))
    if dst_type and "float8" in dst_type:
        return reinterpret(torch.tensor(x, device=device), getattr(tl, dst_type))
    if t == "float32" and dst_type == "bfloat16":
        return torch.tensor(x, device=device).bfloat16()
    return torch.tensor(x, device=device)


def str_to_triton_dtype(x):
    return tl.str_to_ty(type_canonicalisation_dict[x], None)


def torch_dtype_name(dtype):
    import torch
    if isinstance(dtype, tl.dtype):
        return dtype.name
    if isinstance(dtype, torch.dtype):
        return re.match(r"^torch\.(\w+)$", str(dtype)).group(1)
    raise TypeError("not a triton or torch dtype: %s" % type(dtype))


def to_numpy(x):
    import torch
    if isinstance(x, TensorWrapper):
        return x.base.cpu().numpy().astype(getattr(np, torch_dtype_name(x.dtype)))
    if isinstance(x, torch.Tensor):
        if x.dtype is torch.bfloat16:
            return x.cpu().float().numpy()
        return x.cpu().numpy()
    raise ValueError("Not a triton-compatible tensor: %s" % (x,))


def default_alloc_fn(size, align, _):
    import torch
    return torch.empty(size, dtype=torch.int8,
                       device=triton.runtime.driver.active.get_active_torch_device())


def unwrap_tensor(t):
    return t.base if isinstance(t, TensorWrapper) else t


@contextlib.contextmanager
def use_process_pool(preload_module):
    """Triton runs some tests in subprocesses on Hopper; tilec runs them in-process."""
    yield None


def run_in_process(client_fn, args=(), kwargs=None, env=None):
    saved = dict(os.environ)
    os.environ.update(env or {})
    try:
        client_fn(*args, **(kwargs or {}))
        return None
    except Exception as e:  # noqa: BLE001  (reported to the caller, as Triton's)
        return e
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _fresh_knobs_impl(skipped_attr=None):
    """Triton's helper behind the `fresh_knobs` fixtures: `fresh()` clears the environment of
    every knob group (but those in `skipped_attr`) and returns `triton.knobs`; `reset()` puts
    the environment back as it was."""
    from triton import knobs

    groups = [group for name, group in vars(knobs).items()
              if isinstance(group, knobs.base_knobs) and name not in (skipped_attr or ())]
    saved = {}

    def fresh():
        for group in groups:
            for knob in group.knob_descriptors.values():
                saved.setdefault(knob.key, os.environ.get(knob.key))
                os.environ.pop(knob.key, None)
        return knobs

    def reset():
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value

    return fresh, reset
