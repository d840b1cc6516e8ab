"""`triton.testing`: do_bench, assert_close, perf_report and Benchmark."""
import os

from tilec.testing import assert_close, do_bench  # noqa: F401


def do_bench_cudagraph(fn, rep=20, grad_to_none=None, quantiles=None, return_mode="mean"):
    return do_bench(fn, rep=rep, grad_to_none=grad_to_none, quantiles=quantiles,
                    return_mode=return_mode)


class Benchmark:
    """One plot of `perf_report`: x values × lines (providers) → measurements."""

    def __init__(self, x_names, x_vals, line_arg, line_vals, line_names, plot_name, args,
                 xlabel="", ylabel="", x_log=False, y_log=False, styles=None, color=None):
        self.x_names = x_names
        self.x_vals = x_vals
        self.line_arg = line_arg
        self.line_vals = line_vals
        self.line_names = line_names
        self.plot_name = plot_name
        self.args = args
        self.xlabel, self.ylabel = xlabel, ylabel
        self.x_log, self.y_log = x_log, y_log
        self.styles = styles


class Mark:
    """`perf_report`'s result: `.run(print_data=..., show_plots=..., save_path=...)`."""

    def __init__(self, fn, benchmarks):
        self.fn = fn
        self.benchmarks = benchmarks

    def _run(self, bench, print_data, **kwargs):
        # TILEC_BENCH_MAX_POINTS=N measures only the first N x values (a quick run in CI).
        limit = int(os.environ.get("TILEC_BENCH_MAX_POINTS", "0") or 0)
        x_vals = bench.x_vals[:limit] if limit > 0 else bench.x_vals
        rows = []
        for x in x_vals:
            if not isinstance(x, (list, tuple)):
                x = [x for _ in bench.x_names]
            x_args = dict(zip(bench.x_names, x))
            row = []
            for line in bench.line_vals:
                ret = self.fn(**x_args, **{bench.line_arg: line}, **bench.args, **kwargs)
                row.append(ret if not isinstance(ret, (tuple, list)) else ret[0])
            rows.append(list(x) + row)
        if print_data:
            print(bench.plot_name + ":")
            header = list(bench.x_names) + list(bench.line_names)
            print("  ".join("%12s" % h for h in header))
            for r in rows:
                print("  ".join("%12s" % (("%.4g" % v) if isinstance(v, float) else v)
                                for v in r))
        return rows

    def run(self, show_plots=False, print_data=False, save_path="", return_df=False, **kwargs):
        benchmarks = self.benchmarks if isinstance(self.benchmarks, list) else [self.benchmarks]
        results = [self._run(b, print_data, **kwargs) for b in benchmarks]
        return results if return_df else None


def perf_report(benchmarks):
    """Decorates a benchmark function `fn(**x, provider=...)` into a Mark."""
    return lambda fn: Mark(fn, benchmarks)
