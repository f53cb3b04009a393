"""paddle.device.cuda: GPU count, synchronization and the caching allocator's statistics."""
from paddle.base import core


def _index(device):
    if device is None:
        return 0
    if isinstance(device, int):
        return device
    if isinstance(device, core.Place):
        return device.gpu_device_id()
    text = str(device)
    return int(text.split(":")[1]) if ":" in text else 0


def device_count():
    return int(core.get_cuda_device_count())


def synchronize(device=None):
    core.synchronize(core.CUDAPlace(_index(device)))


def memory_allocated(device=None):
    return core.gpu_memory_stats(_index(device))["allocated"]


def max_memory_allocated(device=None):
    return core.gpu_memory_stats(_index(device))["peak_allocated"]


def memory_reserved(device=None):
    return core.gpu_memory_stats(_index(device))["reserved"]


def reset_max_memory_allocated(device=None):
    core.reset_gpu_peak_memory(_index(device))


def empty_cache():
    """Returns cached device blocks to the driver."""
    core.empty_gpu_cache()
