"""The autotuner's hooks as Triton 3.9's: `reset_to_zero` arguments are zeroed before every
benchmarked launch *and after the benchmark*, so an accumulating kernel's first (tuning) call
gives the same result as later ones; `restore_value` arguments are put back after every
benchmarked launch; a user pre_hook replaces the default one and is called with
`reset_only=True` after the benchmark; names that are not parameters are refused; and the
tuning key holds every array argument's dtype."""
import numpy as np
import pytest

import tilec
import tilec.language as tl

CONFIGS = [tilec.Config({"BLOCK": 64}), tilec.Config({"BLOCK": 128})]


@tilec.autotune(configs=CONFIGS, key=["n"], reset_to_zero=["out_ptr"])
@tilec.jit
def total_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.atomic_add(out_ptr, tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), 0))


def grid(n):
    return lambda meta: (tilec.cdiv(n, meta["BLOCK"]),)


def test_reset_to_zero_after_benchmark():
    x = np.ones(1000, dtype=np.float32)
    out = np.zeros(1, dtype=np.float32)
    total_kernel[grid(1000)](x, out, 1000)
    assert out[0] == 1000.0  # the tuning call: not the last benchmark's sum plus the launch's
    assert total_kernel.configs_timings and len(total_kernel.configs_timings) == 2
    out[0] = 0
    total_kernel[grid(1000)](x, out, 1000)
    assert out[0] == 1000.0


@tilec.autotune(configs=CONFIGS, key=["n"], restore_value=["x_ptr"])
@tilec.jit
def double_in_place_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)


def test_restore_value_in_place():
    x = np.arange(300, dtype=np.float32)
    double_in_place_kernel[grid(300)](x, 300)
    np.testing.assert_array_equal(x, 2 * np.arange(300, dtype=np.float32))


def test_user_pre_hook_replaces_the_default():
    calls = []

    def pre_hook(nargs, reset_only=False):
        calls.append(reset_only)
        assert "BLOCK" in nargs and "x_ptr" in nargs  # the launch's arguments and meta-parameters

    @tilec.autotune(configs=CONFIGS, key=["n"], reset_to_zero=["out_ptr"], pre_hook=pre_hook,
                    do_bench=lambda fn, quantiles: (fn(), [1.0, 1.0, 1.0])[1])
    @tilec.jit
    def kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.atomic_add(out_ptr, tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), 0))

    x = np.ones(256, dtype=np.float32)
    out = np.zeros(1, dtype=np.float32)
    kernel[grid(256)](x, out, 256)
    # One benchmarked launch per config, then the reset; the hook replaced the zeroing, so the
    # two benchmark launches and the real one all added up.
    assert calls == [False, False, True]
    assert out[0] == 3 * 256.0


@pytest.mark.parametrize("param", ["key", "reset_to_zero", "restore_value"])
def test_unknown_names_refused(param):
    with pytest.raises(ValueError, match="%s contains names that are not kernel arguments: "
                       "nope. Valid argument names are: x_ptr, n, BLOCK." % param):
        options = {"key": ["n"], param: ["nope"]}

        @tilec.autotune(configs=CONFIGS, **options)
        @tilec.jit
        def kernel(x_ptr, n, BLOCK: tl.constexpr):
            pass


def test_key_holds_array_dtypes():
    counted = []

    @tilec.autotune(configs=CONFIGS, key=["n"],
                    do_bench=lambda fn, quantiles: (counted.append(quantiles), fn(), 1.0)[2])
    @tilec.jit
    def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)

    for dtype in (np.float32, np.float32, np.int32):
        x = np.arange(100).astype(dtype)
        y = np.zeros_like(x)
        copy_kernel[grid(100)](x, y, 100)
        np.testing.assert_array_equal(y, x)
    # fp32 tuned once (2 configs), int32 tuned again; do_bench is asked for Triton's quantiles.
    assert counted == [(0.5, 0.2, 0.8)] * 4


def test_misuse_is_a_clear_error():
    with pytest.raises(TypeError, match="Config\\(\\) takes a dict of meta-parameters"):
        tilec.Config(None)
    with pytest.raises(TypeError, match="autotune configs must be triton.Config objects, got dict"):
        tilec.autotune(configs=[{"BLOCK": 64}], key=["n"])(double_in_place_kernel.fn)
    with pytest.raises(TypeError, match="heuristics\\(\\) takes a dict"):
        tilec.heuristics(lambda args: 64)(double_in_place_kernel.fn)

    @tilec.autotune(configs=CONFIGS, key=["n"],
                    prune_configs_by={"early_config_prune": lambda configs, args, **kw: []})
    @tilec.jit
    def pruned_kernel(x_ptr, n, BLOCK: tl.constexpr):
        pass

    with pytest.raises(ValueError, match="pruning left no autotune config to run"):
        pruned_kernel[(1,)](np.zeros(4, np.float32), 4)
