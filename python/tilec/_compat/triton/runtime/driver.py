"""`triton.runtime.driver`: `driver.active`, the device tilec opened, in Triton's driver API."""
import os
from collections import namedtuple

import tilec

# Triton's triton.backends.compiler.GPUTarget: backend ("cpu", "cuda", "hip"), arch, warp size.
GPUTarget = namedtuple("GPUTarget", ["backend", "arch", "warp_size"])


class _Utils:
    """`driver.active.utils`."""

    def get_device_properties(self, device=0):
        """SMs (CPU: cores tilec uses) and the per-SM resources CompiledKernel's
        n_regs/metadata.shared are measured against (see tilec.jit.CompiledKernel)."""
        from tilec.jit import _device_resources
        info = tilec.device_info()
        units = info.get("compute_units") or os.cpu_count() or 1
        props = _device_resources()
        props.update({"multiprocessor_count": units, "max_threads_per_sm": 2048,
                      "sm_clock_rate": 0, "mem_clock_rate": 0, "mem_bus_width": 0,
                      "name": info.get("name", "")})
        return props


class ActiveDriver:
    """The device kernels launch on (tilec's process-wide compiler)."""

    def __init__(self):
        self.utils = _Utils()

    def _driver_name(self):
        return tilec.device_info().get("driver", "cpu")

    def is_active(self):
        return True

    def get_current_target(self):
        info = tilec.device_info()
        backend = info.get("driver", "cpu")
        if backend == "simt":
            backend = "cpu"
        warp = 64 if backend == "hip" else 32 if backend == "cuda" else 1
        return GPUTarget(backend, info.get("arch", ""), warp)

    def get_active_torch_device(self):
        """torch.device("cpu") on the CPU, else the current CUDA/HIP device."""
        import torch
        if self._driver_name() in ("cuda", "hip"):
            return torch.device("cuda", torch.cuda.current_device())
        _add_cpu_set_stream(torch)
        return torch.device("cpu")

    def get_current_device(self):
        return tilec.device_info().get("ordinal", 0)

    def set_current_device(self, device):
        if device != self.get_current_device():
            raise ValueError("tilec uses one device per process (TILEC_DEVICE)")

    def get_current_stream(self, device=None):
        return 0

    def get_device_interface(self):
        import torch
        return torch.cuda if self._driver_name() in ("cuda", "hip") else torch.cpu

    def get_benchmarker(self):
        from tilec.testing import do_bench
        return do_bench

    def get_empty_cache_for_benchmark(self):
        import torch
        return torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int, device=self.get_active_torch_device())

    def clear_cache(self, cache):
        cache.zero_()

    def synchronize(self):
        tilec.synchronize()


def _add_cpu_set_stream(torch):
    """Gives torch.cpu the `set_stream` that torch.cuda has, as a no-op, where torch lacks it.

    Triton scripts select a stream with `getattr(torch, DEVICE.type).set_stream(stream)` on the
    active torch device (tutorial 02's benchmark does). torch's CPU backend has `torch.cpu.Stream`
    and `torch.cpu.stream` but no `set_stream`; tilec's CPU launches run in order on the calling
    thread, so there is no stream to select."""
    if not hasattr(torch.cpu, "set_stream"):
        torch.cpu.set_stream = lambda stream: None


class DriverConfig:
    """`triton.runtime.driver`: `.active` is the device tilec opened."""

    def __init__(self):
        self._active = None
        self.default = None

    @property
    def active(self):
        if self._active is None:
            self._active = ActiveDriver()
            self.default = self._active
        return self._active

    def set_active(self, driver):
        self._active = driver

    def reset_active(self):
        self._active = None


driver = DriverConfig()
