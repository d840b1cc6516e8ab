"""Shared host helpers of the conformance suite: dtypes, random inputs, bf16 emulation, checks.

numpy has no bfloat16: bf16 data lives in uint16 arrays holding the bit patterns and is passed
to kernels through `BF16`, a torch-like wrapper (`data_ptr()` and `dtype`) that tilec's argument
conversion reads as a `*bf16` pointer. References widen bf16 exactly to fp32 and round results
back with round-to-nearest-even.
"""
import os

import numpy as np

INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOAT_DTYPES = ["float16", "bfloat16", "float32", "float64"]
ALL_DTYPES = ["bool"] + INT_DTYPES + FLOAT_DTYPES
SIZES_1D = [1, 17, 1000]
SHAPES_2D = [(16, 16), (33, 65)]


def fp32_dot_tol():
    """The relative tolerance of a default-precision fp32 tl.dot: 1e-2 where it runs on tensor
    cores as tf32 (operands rounded to 10 fraction bits, as Triton's default on NVIDIA), i.e. the
    simt device at warp size 32; 1e-4 (reassociation only) where it is IEEE fp32 (the CPU, and the
    simt device at warp size 64, as Triton's default on AMD)."""
    tf32 = (os.environ.get("TILEC_DEVICE") == "simt"
            and os.environ.get("TILEC_SIMT_WARP_SIZE", "32") == "32")
    return 1e-2 if tf32 else 1e-4


class BF16:
    """A bf16 array for kernels: `bits` is a uint16 numpy array of bf16 bit patterns."""

    def __init__(self, bits):
        assert bits.dtype == np.uint16
        self.bits = bits
        self.dtype = "bfloat16"

    def data_ptr(self):
        return self.bits.ctypes.data


def bf16_bits(x):
    """Rounds float32 values to bf16 (round to nearest even) and returns the bit patterns."""
    b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (b + 0x7FFF + ((b >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def bf16_to_f32(bits):
    """Widens bf16 bit patterns exactly to float32."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def round_bf16(x):
    """float32 values rounded to the nearest bf16 value (as float32)."""
    return bf16_to_f32(bf16_bits(x))


def np_dtype(name):
    """The numpy storage dtype of a conformance dtype name (bf16 is stored as uint16)."""
    return np.uint16 if name == "bfloat16" else np.dtype(name)


def is_int(name):
    return name in INT_DTYPES


def is_float(name):
    return name in FLOAT_DTYPES


def bits_of(name):
    return {"bool": 1, "int8": 8, "uint8": 8, "int16": 16, "uint16": 16, "float16": 16,
            "bfloat16": 16, "int32": 32, "uint32": 32, "float32": 32, "int64": 64,
            "uint64": 64, "float64": 64}[name]


def random_values(name, shape, rng, low=None, high=None, nonzero=False):
    """Random reference values of dtype `name` (bf16 as exactly representable float32)."""
    if name == "bool":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if is_int(name):
        info = np.iinfo(name)
        lo = info.min + 1 if low is None else low
        hi = info.max if high is None else high
        v = rng.integers(lo, hi, size=shape, dtype=np.int64 if name != "uint64" else np.uint64,
                         endpoint=True)
        v = v.astype(name)
        if nonzero:
            v[v == 0] = 1
        return v
    lo = -10.0 if low is None else low
    hi = 10.0 if high is None else high
    v = rng.uniform(lo, hi, size=shape)
    if nonzero:
        v[np.abs(v) < 0.5] = 0.5
    if name == "bfloat16":
        return round_bf16(v.astype(np.float32))
    return v.astype(name)


def to_arg(values, name):
    """A kernel argument holding `values` as dtype `name` (a copy)."""
    if name == "bfloat16":
        return BF16(bf16_bits(values))
    return np.ascontiguousarray(np.asarray(values).astype(np_dtype(name)))


def empty_arg(name, shape):
    if name == "bfloat16":
        return BF16(np.zeros(shape, dtype=np.uint16))
    return np.zeros(shape, dtype=np_dtype(name))


def from_arg(arg, name):
    """The values of a kernel argument (bf16 widened to float32)."""
    if name == "bfloat16":
        return bf16_to_f32(arg.bits)
    return arg


def round_to(values, name):
    """float64/float32 reference values rounded to dtype `name` as a float result would be."""
    if name == "bfloat16":
        return round_bf16(np.asarray(values, dtype=np.float32))
    return np.asarray(values).astype(name)


def assert_same(actual, expected):
    """Exact comparison (NaNs compare equal, dtypes must agree)."""
    actual = np.asarray(actual)
    expected = np.asarray(expected)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    np.testing.assert_array_equal(actual, expected.astype(actual.dtype))
