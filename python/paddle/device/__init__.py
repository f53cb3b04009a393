"""paddle.device: which device runs what. set_device chooses the static executor's default
place and, in eager (dygraph) mode, where values made from nothing go (paddle.to_tensor,
creation ops, new parameters); eager ops run where their inputs live."""
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


def _check_gpu(place, asked=None):
    """Raises ValueError unless `place` is the CPU or a GPU this process can use."""
    if not place.is_gpu_place():
        return
    asked = place if asked is None else asked
    if not is_compiled_with_cuda():
        raise ValueError(f"expected device 'cpu' (this build has no GPU backend; build with "
                         f"-DWITH_GPU=ON), but got {asked!r}")
    index, count = place.gpu_device_id(), cuda.device_count()
    if index >= count:
        raise ValueError(f"expected a GPU index below {count} (the GPUs this process sees), "
                         f"but got {asked!r}")


def _to_place(device):
    """The Place of `device` (a Place, or 'cpu' / 'gpu' / 'gpu:N'), checked to be usable."""
    place = _place_of(_parse(device))
    _check_gpu(place, device)
    return place


def set_device(device):
    """Sets the default device ('cpu', 'gpu', 'gpu:N') and returns its place."""
    global _current
    place = _to_place(device)
    _current = _parse(device)
    core.eager_set_expected_place(place)
    return place


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
