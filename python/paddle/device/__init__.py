"""paddle.device: which device runs what. The static executor's default place follows
set_device; eager (dygraph) tensors live on the CPU in this build."""
from paddle.base import core
from paddle.device import cuda  # noqa: F401

_current = "cpu"


def is_compiled_with_cuda():
    return bool(core.is_compiled_with_cuda())


def _parse(device):
    if isinstance(device, core.Place):
        if device.is_gpu_place():
            return f"gpu:{device.gpu_device_id()}"
        return "cpu"
    text = str(device).lower()
    if text == "cpu":
        return "cpu"
    if text == "gpu" or text == "cuda":
        return "gpu:0"
    for prefix in ("gpu:", "cuda:"):
        if text.startswith(prefix) and text[len(prefix):].isdigit():
            return "gpu:" + text[len(prefix):]
    raise ValueError(f"expected device 'cpu', 'gpu' or 'gpu:N', but got {device!r}")


def set_device(device):
    """Sets the default device ('cpu', 'gpu', 'gpu:N') and returns its place."""
    global _current
    name = _parse(device)
    if name.startswith("gpu"):
        if not is_compiled_with_cuda():
            raise ValueError(f"expected device 'cpu' (this build has no GPU backend; build with "
                             f"-DWITH_GPU=ON), but got {device!r}")
        index, count = int(name.split(":")[1]), cuda.device_count()
        if index >= count:
            raise ValueError(f"expected a GPU index below {count} (the GPUs this process sees), "
                             f"but got {device!r}")
    _current = name
    return _place_of(name)


def get_device():
    return _current


def _place_of(name):
    if name.startswith("gpu"):
        return core.CUDAPlace(int(name.split(":")[1]))
    return core.CPUPlace()


def _current_place():
    """The place a static Executor() without a place runs on."""
    return _place_of(_current)


def get_all_device_type():
    return ["cpu"] + (["gpu"] if cuda.device_count() > 0 else [])


def get_available_device():
    return ["cpu"] + [f"gpu:{i}" for i in range(cuda.device_count())]
