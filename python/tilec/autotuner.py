"""`@tilec.autotune`, `tilec.Config` and `@tilec.heuristics` (as in Triton)."""
import builtins

from .jit import CompilationError
from .testing import do_bench

__all__ = ["Config", "autotune", "heuristics", "Autotuner", "Heuristics"]


class Config:
    """Meta-parameters (constexpr kwargs) and launch options of one candidate."""

    def __init__(self, kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None,
                 pre_hook=None, ir_override=None, **backend_options):
        if not isinstance(kwargs, dict):
            raise TypeError("Config() takes a dict of meta-parameters (constexpr name -> value), "
                            "got %s" % type(kwargs).__name__)
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.num_ctas = num_ctas
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook
        self.ir_override = ir_override
        # Options of other backends (waves_per_eu, matrix_instr_nonkdim, kpack, ...): kept
        # (shown by str()) and passed to the launch, which accepts and ignores them.
        self.backend_options = backend_options
        for name, value in backend_options.items():
            setattr(self, name, value)

    def all_kwargs(self):
        options = {"num_warps": self.num_warps, "num_stages": self.num_stages,
                   "num_ctas": self.num_ctas}
        if self.maxnreg is not None:
            options["maxnreg"] = self.maxnreg
        return {**self.kwargs, **options, **self.backend_options}

    def __str__(self):
        items = ["%s: %s" % kv for kv in self.kwargs.items()]
        items += ["num_warps: %s" % self.num_warps, "num_ctas: %s" % self.num_ctas,
                  "num_stages: %s" % self.num_stages, "maxnreg: %s" % self.maxnreg]
        items += ["%s: %s" % kv for kv in self.backend_options.items()]
        return ", ".join(items)

    __repr__ = __str__


def _key_part(value):
    # Arrays/tensors key on their dtype (as Triton), scalars on their value.
    dtype = getattr(value, "dtype", None)
    if dtype is not None and not isinstance(value, (int, float)):
        return str(dtype)
    return value


def _zero(value):
    if hasattr(value, "zero_"):
        value.zero_()
    else:
        value[...] = 0


def _copy(value):
    return value.clone() if hasattr(value, "clone") else value.copy()


def _restore(value, saved):
    if hasattr(value, "copy_"):
        value.copy_(saved)
    else:
        value[...] = saved


def _first_line(error):
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


class Autotuner:
    """Benchmarks each config the first time a `key` combination is seen."""

    def __init__(self, fn, arg_names, configs, key, reset_to_zero=None, restore_value=None,
                 pre_hook=None, post_hook=None, prune_configs_by=None, warmup=25, rep=100,
                 do_bench=None, cache_results=False):
        self.fn = fn
        self.arg_names = arg_names
        self.configs = list(configs) or [Config({})]
        for config in self.configs:
            if not isinstance(config, Config):
                raise TypeError("autotune configs must be triton.Config objects, got %s (%r)"
                                % (type(config).__name__, config))
        self.keys = list(key)
        self.reset_to_zero = list(reset_to_zero or [])
        self.restore_value = list(restore_value or [])
        # As Triton 3.9: a name that is not a parameter would silently drop out.
        for param, names in (("key", self.keys), ("reset_to_zero", self.reset_to_zero),
                             ("restore_value", self.restore_value)):
            unknown = [name for name in names if name not in arg_names]
            if unknown:
                raise ValueError("%s contains names that are not kernel arguments: %s. Valid "
                                 "argument names are: %s." % (param, ", ".join(unknown),
                                                              ", ".join(arg_names)))
        # Hooks around every benchmarked launch, as Triton's: a user's pre_hook
        # (called as pre_hook(args, reset_only=False)) replaces the default one,
        # which zeroes `reset_to_zero` and copies `restore_value`; the default
        # post_hook puts the copies back.
        self.restore_copies = {}
        self.pre_hook = pre_hook or self._default_pre_hook
        self.post_hook = post_hook or self._default_post_hook
        prune_configs_by = prune_configs_by or {}
        self.perf_model = prune_configs_by.get("perf_model")
        self.top_k = prune_configs_by.get("top_k", 1.0)
        self.early_config_prune = prune_configs_by.get("early_config_prune")
        self.warmup = warmup
        self.rep = rep
        self._do_bench = do_bench
        self.cache = {}
        self.best_config = None
        self.configs_timings = None
        self.bench_count = 0
        self.config_errors = {}  # config -> the CompilationError that ruled it out
        self.__name__ = getattr(fn, "__name__", "kernel")

    def __getitem__(self, grid):
        def launcher(*args, **kwargs):
            return self.run(*args, grid=grid, **kwargs)
        return launcher

    def prune_configs(self, named_args, kwargs):
        configs = self.configs
        if self.early_config_prune:
            configs = list(self.early_config_prune(configs, named_args, **kwargs))
        if self.perf_model:
            top_k = self.top_k
            if isinstance(top_k, float) and top_k <= 1.0:
                top_k = int(len(configs) * top_k)
            top_k = max(1, top_k)
            if len(configs) > top_k:
                est = {c: self.perf_model(**named_args, **kwargs, **c.all_kwargs())
                       for c in configs}
                configs = sorted(est, key=est.get)[:top_k]
        return configs

    def _default_pre_hook(self, nargs, reset_only=False):
        for name in self.reset_to_zero:
            if nargs.get(name) is not None:
                _zero(nargs[name])
        if not reset_only:
            self.restore_copies = {name: _copy(nargs[name]) for name in self.restore_value
                                   if nargs.get(name) is not None}

    def _default_post_hook(self, nargs, exception):
        for name, value in self.restore_copies.items():
            _restore(nargs[name], value)
        self.restore_copies = {}

    def _bench(self, config, args, named_args, kwargs, grid):
        conflicts = set(config.kwargs) & set(kwargs)
        if conflicts:
            raise ValueError("Conflicting meta-parameters: %s. Make sure that you don't "
                             "re-define auto-tuned symbols." % ", ".join(sorted(conflicts)))
        full = {**kwargs, **config.all_kwargs()}
        full_nargs = {**named_args, **full}

        def call():
            if config.pre_hook:
                config.pre_hook(full_nargs)
            self.pre_hook(full_nargs)
            try:
                self.fn.run(*args, grid=grid, **full)
            except Exception as e:
                self.post_hook(full_nargs, e)
                raise
            self.post_hook(full_nargs, None)

        try:
            # A do_bench is called as Triton's: do_bench(fn, quantiles=(0.5, 0.2, 0.8)); its
            # timings (a list, or one number) compare lexicographically, the median first.
            bench = self._do_bench or (lambda f, quantiles: do_bench(
                f, warmup=self.warmup, rep=self.rep, quantiles=quantiles))
            self.bench_count += 1
            timing = bench(call, quantiles=(0.5, 0.2, 0.8))
            return list(timing) if isinstance(timing, (list, tuple)) else [timing]
        except CompilationError as e:
            # As Triton's OutOfResources/CompileTimeAssertionFailure: the config is skipped,
            # and the reason kept for the error raised if every config fails.
            self.config_errors[config] = e
            return [float("inf")] * 3

    def run(self, *args, grid, **kwargs):
        named_args = dict(zip(self.arg_names, args))
        all_named = {**named_args, **kwargs}
        try:
            key = tuple(_key_part(all_named[k]) for k in self.keys)
        except KeyError as e:
            raise TypeError("autotune key %s is not an argument of %s"
                            % (e, self.__name__)) from None
        # As Triton's, the key also holds the dtype of every array argument.
        key += tuple(str(all_named[n].dtype) for n in self.arg_names
                     if n in all_named and hasattr(all_named[n], "dtype"))
        config = self.cache.get(key)
        if config is None:
            configs = self.prune_configs(named_args, kwargs)
            if not configs:
                raise ValueError("%s: pruning left no autotune config to run (early_config_prune "
                                 "or perf_model/top_k returned none)" % self.__name__)
            if len(configs) == 1:
                config = configs[0]
            else:
                timings = {c: self._bench(c, args, named_args, kwargs, grid) for c in configs}
                self.configs_timings = timings
                config = builtins.min(timings, key=timings.get)
                # As Triton: the last benchmarked launch leaves its sums in the
                # reset_to_zero arguments; the real launch starts from zeros.
                self.pre_hook({**all_named, **config.all_kwargs()}, reset_only=True)
                if timings[config][0] == float("inf"):
                    reasons = "\n".join("  config {%s}: %s" % (c, _first_line(
                        self.config_errors.get(c, "no timing"))) for c in configs)
                    first = next(iter(self.config_errors.values()), None)
                    raise CompilationError(
                        self.__name__, "every autotune config of %s failed to compile:\n%s%s"
                        % (self.__name__, reasons,
                           "\n\nfirst error:\n%s" % first.diagnostics if first else ""))
            self.cache[key] = config
        self.best_config = config
        full = {**kwargs, **config.all_kwargs()}
        if config.pre_hook:
            config.pre_hook({**all_named, **full})
        return self.fn.run(*args, grid=grid, **full)


def autotune(configs, key, prune_configs_by=None, reset_to_zero=None, restore_value=None,
             pre_hook=None, post_hook=None, warmup=25, rep=100, use_cuda_graph=False,
             do_bench=None, cache_results=False):
    """`@tilec.autotune(configs=[tilec.Config({...}, num_warps=4)], key=["n"])` above `@jit`."""
    def decorator(fn):
        return Autotuner(fn, fn.arg_names, configs, key, reset_to_zero, restore_value,
                         pre_hook, post_hook, prune_configs_by, warmup, rep, do_bench,
                         cache_results)
    return decorator


class Heuristics:
    """Computes constexprs from the other arguments before each launch."""

    def __init__(self, fn, arg_names, values):
        if not isinstance(values, dict):
            raise TypeError("heuristics() takes a dict of constexpr name -> function of the "
                            "arguments, got %s" % type(values).__name__)
        self.fn = fn
        self.arg_names = arg_names
        self.values = values
        self.__name__ = getattr(fn, "__name__", "kernel")

    def __getitem__(self, grid):
        def launcher(*args, **kwargs):
            return self.run(*args, grid=grid, **kwargs)
        return launcher

    def run(self, *args, **kwargs):
        meta = dict(zip(self.arg_names, args))
        meta.update(kwargs)
        for name, fn in self.values.items():
            kwargs[name] = meta[name] = fn(meta)
        return self.fn.run(*args, **kwargs)


def heuristics(values):
    """`@tilec.heuristics({"EVEN": lambda args: args["n"] % 128 == 0})` above `@jit`."""
    def decorator(fn):
        return Heuristics(fn, fn.arg_names, values)
    return decorator
