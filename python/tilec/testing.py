"""`tilec.testing`: do_bench (as triton.testing.do_bench) and assert_close."""
import statistics
import time


def do_bench(fn, warmup=25, rep=100, grad_to_none=None, quantiles=None, return_mode="mean"):
    """Runs `fn` for about `warmup` ms, then times it for about `rep` ms.
    Returns milliseconds: the `return_mode` statistic ("mean", "median",
    "min", "max", "all"), or the list of `quantiles` when given."""
    fn()
    start = time.perf_counter()
    for _ in range(5):
        fn()
    estimate_ms = max((time.perf_counter() - start) * 1000.0 / 5, 1e-4)
    n_warmup = max(1, min(int(warmup / estimate_ms), 10000))
    n_repeat = max(1, min(int(rep / estimate_ms), 10000))
    for _ in range(n_warmup):
        fn()
    times = []
    for _ in range(n_repeat):
        if grad_to_none is not None:
            for x in grad_to_none:
                x.grad = None
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    if quantiles is not None:
        ordered = sorted(times)
        result = [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in quantiles]
        return result[0] if len(result) == 1 else result
    if return_mode == "all":
        return times
    return {"mean": statistics.fmean, "median": statistics.median, "min": min,
            "max": max}[return_mode](times)


def assert_close(x, y, atol=None, rtol=None, err_msg=""):
    """numpy.testing.assert_allclose with Triton's defaults."""
    import numpy as np
    np.testing.assert_allclose(np.asarray(x), np.asarray(y),
                               atol=1e-2 if atol is None else atol,
                               rtol=0 if rtol is None else rtol, err_msg=err_msg)
