"""tilec Python API: kernel[grid](...), argument kinds, specialization, errors."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
import kernels
import broken_kernels


def _inputs(n, dtype=np.float32):
    rng = np.random.default_rng(0)
    return (rng.standard_normal(n).astype(dtype), rng.standard_normal(n).astype(dtype),
            np.zeros(n, dtype=dtype))


def test_vector_add_tuple_grid():
    x, y, out = _inputs(1000)
    kernels.add_kernel[(tilec.cdiv(1000, 256),)](x, y, out, 1000, BLOCK=256)
    np.testing.assert_array_equal(out, x + y)


def test_vector_add_callable_grid_and_keywords():
    x, y, out = _inputs(3000)
    seen = {}

    def grid(meta):
        seen.update(meta)
        return (tilec.cdiv(meta["n"], meta["BLOCK"]),)

    kernels.add_kernel[grid](x, y, out_ptr=out, n=3000, BLOCK=512)
    np.testing.assert_array_equal(out, x + y)
    assert seen["BLOCK"] == 512 and seen["n"] == 3000


def test_int_grid_and_positional_constexpr():
    x, y, out = _inputs(100)
    kernels.add_kernel[1](x, y, out, 100, 128)
    np.testing.assert_array_equal(out, x + y)


def test_softmax():
    rows, cols = 37, 100
    x = np.random.default_rng(1).standard_normal((rows, cols), dtype=np.float32)
    y = np.zeros_like(x)
    kernels.softmax_kernel[(rows,)](y, x, x.strides[0] // 4, y.strides[0] // 4, cols,
                                    BLOCK_SIZE=tilec.next_power_of_2(cols))
    z = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, z / z.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)


def test_scalar_kinds_and_do_not_specialize():
    x = np.arange(64, dtype=np.float32)
    out = np.zeros_like(x)
    kernels.scale_kernel[(1,)](x, out, 2.5, 64, BLOCK=64)
    np.testing.assert_array_equal(out, x * 2.5)
    # do_not_specialize: n == 1 and n % 16 == 0 share one compiled kernel.
    before = len(kernels.scale_kernel.cache)
    kernels.scale_kernel[(1,)](x, out, 2.5, 1, BLOCK=64)
    kernels.scale_kernel[(1,)](x, out, 2.5, 17, BLOCK=64)
    assert len(kernels.scale_kernel.cache) == before


def test_integer_specialization_keys():
    x, y, out = _inputs(64)
    kernels.add_kernel.cache.clear()
    kernels.add_kernel[(1,)](x, y, out, 64, BLOCK=64)   # divisible by 16
    kernels.add_kernel[(1,)](x, y, out, 63, BLOCK=64)   # plain
    kernels.add_kernel[(1,)](x, y, out, 1, BLOCK=64)    # == 1
    kernels.add_kernel[(1,)](x, y, out, 47, BLOCK=64)   # plain again: reused
    keys = sorted(k[0].split(",")[-1] for k in kernels.add_kernel.cache)
    assert keys == ["i32", "i32:1", "i32:16"]
    np.testing.assert_array_equal(out[:47], (x + y)[:47])


def test_unit_strides_compile_as_constants():
    # Triton's JIT specialization reaches the compiler: stride-1 arguments are constants (the
    # row-wise accesses, no gathers) and other strides take the general accesses; both correct.
    rng = np.random.default_rng(5)
    m, n, k = 37, 29, 45
    a = rng.standard_normal((m, k), dtype=np.float32)
    b = rng.standard_normal((k, n), dtype=np.float32)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    kernels.matmul_kernel.cache.clear()
    grid = ((m + 15) // 16, (n + 15) // 16)
    blocks = dict(BLOCK_M=16, BLOCK_N=16, BLOCK_K=16)
    c = np.zeros((m, n), np.float32)
    kernels.matmul_kernel[grid](a, b, c, m, n, k, k, 1, n, 1, n, 1, **blocks)
    np.testing.assert_allclose(c, ref, atol=1e-3)
    # A and B stored transposed, C transposed with padded rows: no stride is 1 along a row.
    at, bt = np.ascontiguousarray(a.T), np.ascontiguousarray(b.T)
    ct = np.zeros((n, m + 3), np.float32)
    kernels.matmul_kernel[grid](at, bt, ct, m, n, k, 1, m, 1, k, 1, m + 3, **blocks)
    np.testing.assert_allclose(ct[:, :m].T, ref, atol=1e-3)
    keys = sorted(key[0] for key in kernels.matmul_kernel.cache)
    assert len(keys) == 2
    assert any(key.endswith("i32:1,i32,i32:1") for key in keys), keys
    assert any(key.endswith("i32:1,i32,i32:1,i32") for key in keys), keys


def test_int64_scalar_and_fp64_arrays():
    x, y, out = _inputs(32, np.float64)
    kernels.add_kernel[(1,)](x, y, out, 2**33, BLOCK=32)  # i64 n (mask all true here)
    np.testing.assert_array_equal(out, x + y)
    assert any(k[0] == "*fp64:16,*fp64:16,*fp64:16,i64:16" for k in kernels.add_kernel.cache)


class FakeTensor:
    """A torch-like object: data_ptr() + dtype."""

    def __init__(self, array):
        self.array = array
        self.dtype = "torch." + str(array.dtype)

    def data_ptr(self):
        return self.array.ctypes.data


class FakeDLPack:
    """Exposes only __dlpack__ (delegating to numpy's)."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__()

    def __dlpack_device__(self):
        return self.array.__dlpack_device__()


def test_data_ptr_and_dlpack_objects():
    x, y, out = _inputs(500)
    kernels.add_kernel[(2,)](FakeTensor(x), FakeDLPack(y), FakeTensor(out), 500, BLOCK=256)
    np.testing.assert_array_equal(out, x + y)


def test_wrong_argument_count():
    x, y, out = _inputs(10)
    with pytest.raises(TypeError, match="missing required argument 'n'"):
        kernels.add_kernel[(1,)](x, y, out, BLOCK=16)
    with pytest.raises(TypeError, match="takes 5 arguments"):
        kernels.add_kernel[(1,)](x, y, out, 10, 16, 7)
    with pytest.raises(TypeError, match="unexpected keyword argument 'BLOK'"):
        kernels.add_kernel[(1,)](x, y, out, 10, BLOK=16)


def test_wrong_argument_type_names_parameter():
    x, y, out = _inputs(10)
    with pytest.raises(TypeError, match="argument 'y_ptr'"):
        kernels.add_kernel[(1,)](x, "not an array", out, 10, BLOCK=16)
    with pytest.raises(TypeError, match="argument 'x_ptr'.*dtype"):
        kernels.add_kernel[(1,)](np.zeros(4, dtype=np.complex64), y, out, 10, BLOCK=16)
    with pytest.raises(OverflowError, match="argument 'n'"):  # as Triton
        kernels.add_kernel[(1,)](x, y, out, 2**70, BLOCK=16)


def test_wrong_array_dtype_names_parameter():
    x = np.arange(16, dtype=np.float32)
    out = np.zeros_like(x)
    compiled = kernels.typed_copy_kernel[(1,)](x, out, 16, BLOCK=16)
    np.testing.assert_array_equal(out, x)
    assert compiled.param_types == ["*fp32", "*fp32", "i64"]  # annotated n: tl.int64
    with pytest.raises(TypeError, match="argument 'src_ptr' must be \\*fp32, got \\*fp64"):
        kernels.typed_copy_kernel[(1,)](x.astype(np.float64), out, 16, BLOCK=16)
    with pytest.raises(TypeError, match="argument 'n' must be i64, got fp32"):
        kernels.typed_copy_kernel[(1,)](x, out, 16.0, BLOCK=16)


def test_bad_grid():
    x, y, out = _inputs(10)
    with pytest.raises(ValueError, match="grid"):
        kernels.add_kernel[(1, 1, 1, 1)](x, y, out, 10, BLOCK=16)
    with pytest.raises(ValueError, match="grid"):
        kernels.add_kernel[(-1,)](x, y, out, 10, BLOCK=16)
    with pytest.raises(ValueError, match="grid"):
        kernels.add_kernel["x"](x, y, out, 10, BLOCK=16)


def test_compilation_error_has_location_and_source_line():
    x = np.zeros(16, dtype=np.float32)
    with pytest.raises(tilec.CompilationError) as info:
        broken_kernels.broken_kernel[(1,)](x, BLOCK=16)
    message = str(info.value)
    assert "broken_kernels.py:9:" in message
    assert "undefined_value" in message and "^" in message
    # As Triton's: the bare message, and a chained cause carrying it (tests read either).
    assert info.value.error_message in str(info.value.__cause__)
    assert "undefined_value" in info.value.error_message
    assert "broken_kernels.py" not in info.value.error_message


def test_direct_call_is_an_error():
    with pytest.raises(RuntimeError, match="launch it as"):
        kernels.add_kernel(1, 2)


def test_helpers():
    assert tilec.cdiv(10, 3) == 4 and tilec.cdiv(9, 3) == 3
    assert [tilec.next_power_of_2(n) for n in (0, 1, 2, 3, 17, 1024)] == [1, 1, 2, 4, 32, 1024]
    assert str(tl.float32) == "fp32" and repr(tl.float16) == "triton.language.float16"
    info = tilec.device_info()
    assert info["driver"] == "cpu" and info["arch"]
    ms = tilec.testing.do_bench(lambda: None, warmup=1, rep=2)
    assert ms >= 0
    with pytest.raises(RuntimeError):
        tl.load(None)


def test_dtype_constexpr():
    # A tl dtype as a constexpr value is passed to the frontend by name.
    from tilec.jit import _constexpr_text
    assert _constexpr_text("T", tl.float16) == "tl.float16"
    assert _constexpr_text("T", tl.int1) == "tl.int1"
    assert _constexpr_text("B", True) == "True"
    # Strings stay strings, also those that read as numbers (padding_option="nan").
    assert _constexpr_text("P", "nan") == '"nan"'
    assert _constexpr_text("P", "") == '""'
    # Tuples (Triton's tuple constexprs), nested and of one element; lists stay refused.
    assert _constexpr_text("S", (2, (4, "a"), (8,))) == '(2, (4, "a"), (8,))'
    with pytest.raises(TypeError, match="constexpr 'X'"):
        _constexpr_text("X", [1])


def test_autotune_and_heuristics():
    n = 5000
    x, y, out = _inputs(n)
    kernels.tuned_add_kernel[lambda m: (tilec.cdiv(n, m["BLOCK"]),)](x, y, out, n)
    np.testing.assert_array_equal(out, x + y)
    tuner = kernels.tuned_add_kernel
    assert tuner.best_config is not None and len(tuner.configs_timings) == 3
    count = tuner.bench_count
    kernels.tuned_add_kernel[lambda m: (tilec.cdiv(n, m["BLOCK"]),)](x, y, out, n)
    assert tuner.bench_count == count  # cached by key
    with pytest.raises(ValueError, match="Conflicting meta-parameters"):
        kernels.tuned_add_kernel[(1,)](x, y, out, 7, BLOCK=64)

    x, y, out = _inputs(100)
    kernels.heur_add_kernel[(1,)](x, y, out, 100)
    np.testing.assert_array_equal(out, x + y)


def test_autotune_pruning():
    calls = []

    def early(configs, named_args, **kwargs):
        calls.append(len(configs))
        return configs[:2]

    tuner = tilec.autotune(configs=[tilec.Config({"BLOCK": b}) for b in (32, 64, 128)],
                           key=["n"], prune_configs_by={"early_config_prune": early,
                                                        "perf_model": lambda **kw: kw["BLOCK"],
                                                        "top_k": 1})(kernels.add_kernel)
    x, y, out = _inputs(300)
    tuner[lambda m: (tilec.cdiv(300, m["BLOCK"]),)](x, y, out, 300)
    np.testing.assert_array_equal(out, x + y)
    assert calls == [3] and tuner.best_config.kwargs["BLOCK"] == 32


def test_compile_image_and_load():
    import kernels as k
    comp = tilec.get_compiler()
    source = open(k.__file__).read()
    image, code, msg = comp.compile_image(source, k.__file__, "add_kernel",
                                          ["*fp32", "*fp32", "*fp32", "i32"], [("BLOCK", "64")])
    assert code == "Ok" and isinstance(image, bytes)
    kernel = comp.load(image, "add_kernel")
    assert kernel.param_names == ["x_ptr", "y_ptr", "out_ptr", "n"]
    x, y, out = _inputs(64)
    packed = tilec._tilec.prepare((x, y, out, 64), ("x", "y", "o", "n"))[1]
    kernel.launch((1,), packed)
    np.testing.assert_array_equal(out, x + y)


def test_threads_compile_and_launch():
    import threading
    errors = []

    def work(block):
        try:
            for i in range(20):
                n = 700 + i
                x, y, out = _inputs(n)
                kernels.add_kernel[(tilec.cdiv(n, block),)](x, y, out, n, BLOCK=block)
                np.testing.assert_array_equal(out, x + y)
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=work, args=(b,)) for b in (32, 64, 128, 32, 64, 128)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_host_memory_rejected_for_gpu_devices():
    x = np.zeros(4, np.float32)
    prepare = tilec._tilec.prepare
    assert prepare((x,), ("x",), 0, 0)[0] == "*fp32:16" or prepare((x,), ("x",), 0, 0)[0] == "*fp32"
    with pytest.raises(TypeError, match="argument 'x': a host array"):
        prepare((x,), ("x",), 0, 1)
    with pytest.raises(TypeError, match="argument 'x': DLPack tensor on device type 1"):
        prepare((FakeDLPack(x),), ("x",), 0, 2)


def test_device_assert_raises_runtime_error():
    x = np.arange(64, dtype=np.int32)
    kernels.bounded_kernel[(4,)](x, 100, BLOCK=16)
    with pytest.raises(RuntimeError, match=r"AssertionFailed: .*kernels\.py:\d+: bounded_kernel: "
                                           r"program \(3, 0, 0\): device assertion failed: "
                                           r"x out of range"):
        kernels.bounded_kernel[(4,)](x, 50, BLOCK=16)


def test_libdevice_and_propagate_nan_from_python():
    x = np.array([0.5, -1.0, np.nan, 2.0], dtype=np.float32)
    out = np.zeros(4, dtype=np.float32)
    kernels.libdevice_kernel[(1,)](x, out, BLOCK=4)
    np.testing.assert_allclose(out, np.maximum(np.exp(x), np.tanh(x)), rtol=2e-6)
    assert np.isnan(out[2])
    assert tl.PropagateNan.ALL == 0xFFFF and str(tl.float8e5) == "fp8e5"


def _matmul_example(dtype):
    """examples/matmul.py's path and its kernel's signature for `dtype` operands."""
    import os
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples",
                        "matmul.py")
    signature = ["*%s:16" % dtype] * 3 + ["i32:16"] * 4 + ["i32:1", "i32:16", "i32:1", "i32:16",
                                                           "i32:1"]
    return path, signature


def test_ptx_image_records_dynamic_shared_memory():
    # fp16 128x128x64 at 3 stages needs 105 KiB of shared memory on sm_80: more than a static
    # .shared array may hold, so it is dynamic, and the image tells the launch how much to give.
    import re
    path, signature = _matmul_example("fp16")
    constexprs = [("BLOCK_SIZE_M", "128"), ("BLOCK_SIZE_N", "128"), ("BLOCK_SIZE_K", "64")]
    comp = tilec.get_compiler()
    image, code, msg = comp.compile_image(open(path).read(), path, "matmul_kernel", signature,
                                          constexprs, num_warps=4, num_stages=3, target="nvptx",
                                          arch="sm_80")
    assert code == "Ok", msg
    assert b".extern .shared .align 1024 .b8 __tilec_smem_matmul_kernel[];" in image
    assert int(re.search(rb"shared_mem (\d+)", image).group(1)) == 3 * (128 * 72 + 64 * 136) * 2
    image, code, msg = comp.compile_image(open(path).read(), path, "matmul_kernel", signature,
                                          constexprs, num_warps=4, num_stages=1, target="nvptx",
                                          arch="sm_80")
    assert code == "Ok", msg
    assert b"shared_mem" not in image and b".extern .shared" not in image


def test_compile_image_wgmma_transposed_b():
    # An fp32 (tf32) matmul with an N-contiguous B on sm_90a: mma.sync by default, wgmma with
    # wgmma_transposed_b (Triton's choice), kept apart by the compiler's cache.
    path, signature = _matmul_example("fp32")
    constexprs = [("BLOCK_SIZE_M", "128"), ("BLOCK_SIZE_N", "128"), ("BLOCK_SIZE_K", "32")]
    comp = tilec.get_compiler()
    images = {}
    for wgmma in (False, True, False):
        image, code, msg = comp.compile_image(open(path).read(), path, "matmul_kernel", signature,
                                              constexprs, num_warps=8, target="nvptx",
                                              arch="sm_90a", wgmma_transposed_b=wgmma)
        assert code == "Ok", msg
        images.setdefault(wgmma, image)
        assert image == images[wgmma]
    assert b"wgmma.mma_async" not in images[False] and b"mma.sync.aligned" in images[False]
    assert b"wgmma.mma_async" in images[True] and b"mma.sync.aligned" not in images[True]
    assert b"wgmma.wait_group.sync.aligned 1;" in images[True]


def _spec_name(specialization):
    ones = "_".join(k for k, v in specialization.constants.items() if v == 1)
    return "k_%s_%s_%s" % (specialization.signature["value"], ones,
                           specialization.signature["BLOCK"])


@tilec.jit(repr=_spec_name)
def named_kernel(value, is_one, x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), tl.zeros([BLOCK], tl.float32) + value + is_one)


def test_jit_repr_names_each_specialization():
    # As Triton's @jit(repr=f): f gets each parameter's type ("constexpr" for constexprs and
    # ints specialized to 1) and the constants; its result is the compiled kernel's name.
    x = np.zeros(4, np.float32)
    for value, ty in [(7, "i32"), (2**31, "i64"), (2**63, "u64"), (2.5, "fp32")]:
        h = named_kernel.warmup(value, 1, x, BLOCK=4, grid=(1,))
        assert h.name == h.metadata.name == "k_%s_is_one_constexpr" % ty
    named_kernel[(1,)](3, 1, x, BLOCK=4)
    np.testing.assert_array_equal(x, np.full(4, 4, np.float32))
