"""`triton.knobs`: the settings of Triton 3.9's knobs that tilec honours, each backed by the
environment variable Triton reads (tilec reads the same variables when a kernel launches or
compiles), so setting a knob takes effect on the next launch:

* `knobs.language.default_fp_fusion` (TRITON_DEFAULT_FP_FUSION, default True),
  `knobs.language.force_disable_fp_fusion` (TRITON_FORCE_DISABLE_FP_FUSION) and
  `knobs.language.fp32_default` (TRITON_F32_DEFAULT: the input precision of fp32 `tl.dot`s that
  give none).

Each group (`knobs.language`, and `knobs.amd`, `knobs.nvidia`, `knobs.runtime`, which hold no
knob tilec honours) has Triton's `scope()` (a context that restores its knobs' environment on
exit), `reset()` and `knob_descriptors`. Knobs tilec does not honour are absent rather than
silently ignored."""
import contextlib
import os

from tilec.jit import _fp_fusion, _parse_flag

propagate_env = True


class env_base:
    """A knob read from and written to environment variable `key`."""

    def __init__(self, key, default=None):
        self.key = key
        self.default = default

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objclass=None):
        if obj is None:
            return self
        value = os.environ.get(self.key)
        return self.default if value is None else self.parse(value)

    def __set__(self, obj, value):
        if value is None:
            os.environ.pop(self.key, None)
        else:
            os.environ[self.key] = self.format(value)

    def __delete__(self, obj):
        os.environ.pop(self.key, None)

    def parse(self, text):
        return text

    def format(self, value):
        return str(value)


class env_bool(env_base):
    """A boolean knob: "1", "true" and "on" (any case) are true, as Triton's getenv_bool."""

    def __init__(self, key, default=False):
        super().__init__(key, default)

    def parse(self, text):
        return _parse_flag(text)

    def format(self, value):
        return "1" if value else "0"


class env_opt_str(env_base):
    """A string knob, None when unset."""


class base_knobs:
    """A group of knobs."""

    @property
    def knob_descriptors(self):
        return {name: knob for klass in reversed(type(self).__mro__)
                for name, knob in vars(klass).items() if isinstance(knob, env_base)}

    @property
    def knobs(self):
        return {name: getattr(self, name) for name in self.knob_descriptors}

    def copy(self):
        return self  # the values live in the environment

    def reset(self):
        for knob in self.knob_descriptors.values():
            os.environ.pop(knob.key, None)
        return self

    @contextlib.contextmanager
    def scope(self):
        saved = {knob.key: os.environ.get(knob.key) for knob in self.knob_descriptors.values()}
        try:
            yield self
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


class language_knobs(base_knobs):
    fp32_default = env_opt_str("TRITON_F32_DEFAULT")
    default_fp_fusion = env_bool("TRITON_DEFAULT_FP_FUSION", True)
    force_disable_fp_fusion = env_bool("TRITON_FORCE_DISABLE_FP_FUSION")

    def fp_fusion_enabled(self, requested=None):
        """Whether a launch asking `requested` (None: the default) fuses multiplies and adds:
        the rule tilec's launches apply (tilec.jit._fp_fusion)."""
        return _fp_fusion(requested)


class runtime_knobs(base_knobs):
    pass


class amd_knobs(base_knobs):
    pass


class nvidia_knobs(base_knobs):
    pass


language = language_knobs()
runtime = runtime_knobs()
amd = amd_knobs()
nvidia = nvidia_knobs()
