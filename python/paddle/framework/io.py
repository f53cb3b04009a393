"""paddle.save / paddle.load, file-compatible with PaddlePaddle's paddle/framework/io.py: a
pickle with Tensors as NumPy arrays (state dicts carry a structured-name -> tensor-name table),
written atomically. Loading accepts only arrays and plain containers, never code from the file."""
import codecs
import collections
import io as _io
import math
import os
import pickle

import numpy as np

from paddle.base import core
from paddle.base.framework import Program, Variable, in_dynamic_mode
from paddle.static.io import _SafeUnpickler

_NAME_TABLE = "StructuredToParameterName@@"
_BIG_PARAM_INFO = "UnpackBigParamInfor@@"  # arrays split for pickle protocols 2 and 3
_SAVE_CONFIGS = ("use_binary_format", "pickle_protocol")
_LOAD_CONFIGS = ("model_filename", "params_filename", "keep_name_table", "return_numpy")
_PLAIN = (str, bytes, bool, int, float, type(None), np.ndarray, np.generic, np.dtype)


class UnsafeFileError(ValueError, pickle.UnpicklingError):
    """A file that names something other than arrays and plain containers (code to run)."""


# -- save -------------------------------------------------------------------------------------
def save(obj, path, protocol=4, **configs):
    """Saves a Layer/Optimizer state_dict, a Tensor, a nested structure of Tensors and plain
    values, or a static Program (its ProgramDesc bytes) to `path` (a file name or a writable
    binary buffer)."""
    _check_configs(configs, _SAVE_CONFIGS, "paddle.save")
    if configs.get("pickle_protocol") is not None:
        protocol = configs["pickle_protocol"]  # PaddlePaddle's deprecated spelling
    if configs.get("use_binary_format"):
        raise NotImplementedError("paddle.save(use_binary_format=True) is not supported yet; "
                                  "save the tensor in the default pickle format")
    if isinstance(protocol, bool) or not isinstance(protocol, int):
        raise TypeError(f"expected protocol to be an int, but got {type(protocol).__name__}")
    if not 2 <= protocol <= 4:
        raise ValueError(f"expected protocol in 2..4, but got {protocol}")
    if isinstance(obj, Program):
        data = obj.desc.serialize_to_string()
    else:
        if _is_state_dict(obj):
            saved = _state_dict_arrays(obj)
        else:
            saved = _plain_copy(obj)
        if protocol < 4 and isinstance(saved, dict):
            saved = _split_big_arrays(saved)
        data = pickle.dumps(saved, protocol=protocol)
    _write(path, data)


def _write(path, data):
    if hasattr(path, "write"):
        path.write(data)
        return
    try:
        path = os.fspath(path)
    except TypeError:
        raise TypeError("expected path to be a file name or a binary buffer, but got "
                        f"{type(path).__name__}") from None
    if not os.path.basename(path):
        raise ValueError(f"expected path to name a file (dirname/filename), but got {path!r}")
    dirname = os.path.dirname(path)
    if dirname:
        os.makedirs(dirname, exist_ok=True)
    core.write_file_atomic(path, data)


def _is_tensor(value):
    from paddle.base.eager import Tensor
    return isinstance(value, (Tensor, core.DenseTensor))


def _is_layer(value):
    from paddle import nn
    layer = getattr(nn, "Layer", None)
    return layer is not None and isinstance(value, layer)


def _contains_paddle_object(obj):
    if _is_tensor(obj) or _is_layer(obj) or isinstance(obj, (Variable, Program)):
        return True
    if isinstance(obj, dict):
        return any(_contains_paddle_object(v) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return any(_contains_paddle_object(v) for v in obj)
    return False


def _is_state_dict(obj):
    """PaddlePaddle's test: a dict whose values are Tensors, or dicts holding no Tensors (the
    optimizer's 'LR_Scheduler')."""
    if not isinstance(obj, dict):
        return False
    for value in obj.values():
        if isinstance(value, dict):
            if _contains_paddle_object(value):
                return False
        elif not _is_tensor(value):
            return False
    return True


def _array_of(value, where):
    from paddle.base.eager import Tensor
    dense = value.value() if isinstance(value, Tensor) else value
    if not dense._is_initialized():
        raise ValueError(f"expected {where} to hold a value, but the tensor is not initialized")
    return np.array(dense)


def _state_dict_arrays(state):
    """{key: array} plus the table naming each key's tensor (set back on load)."""
    saved, names = {}, {}
    for key, value in state.items():
        if _is_tensor(value):
            saved[key] = _array_of(value, f"state '{key}'")
            if not isinstance(value, core.DenseTensor):
                names[key] = value.name
        else:
            saved[key] = value
    saved[_NAME_TABLE] = names
    return saved


def _plain_copy(obj):
    """`obj` with each Tensor as (name, array), PaddlePaddle's pickled form of a Tensor."""
    if _is_tensor(obj):
        if isinstance(obj, core.DenseTensor):
            return _array_of(obj, "the tensor")
        return (obj.name, _array_of(obj, f"tensor '{obj.name}'"))
    if _is_layer(obj):
        raise TypeError("expected a state_dict(), Tensors or plain values, but got a Layer "
                        "(save layer.state_dict() instead)")
    if isinstance(obj, Variable):
        raise TypeError(f"expected Tensors with values, but got the static Variable '{obj.name}' "
                        "(fetch it, or use paddle.static.save for programs)")
    if isinstance(obj, dict):
        copy = collections.OrderedDict() if isinstance(obj, collections.OrderedDict) else {}
        for key, value in obj.items():
            copy[key] = _plain_copy(value)
        return copy
    if isinstance(obj, (list, tuple)):
        items = [_plain_copy(v) for v in obj]
        return items if isinstance(obj, list) else tuple(items)
    if isinstance(obj, _PLAIN):
        return obj
    raise TypeError("expected Tensors, arrays, numbers, strings, or dicts/lists/tuples of them, "
                    f"but got {type(obj).__name__}")


def _split_big_arrays(saved):
    """Protocols 2 and 3 cannot pickle an object over 4 GiB: split such arrays into parts named
    '<key>@@.<i>' and record how to join them, as PaddlePaddle does."""
    info = {}
    for key, value in list(saved.items()):
        if not isinstance(value, np.ndarray):
            continue
        per_part = (2 ** 30 - 1) // max(value.dtype.itemsize, 1)
        if value.size <= per_part:
            continue
        flat = value.reshape(-1)
        parts = []
        for i in range(math.ceil(value.size / per_part)):
            name = f"{key}@@.{i}"
            saved[name] = flat[i * per_part:(i + 1) * per_part]
            parts.append(name)
        del saved[key]
        info[key] = {"OriginShape": tuple(value.shape), "slices": parts}
    if info:
        saved[_BIG_PARAM_INFO] = info
    return saved


# -- load -------------------------------------------------------------------------------------
def load(path, **configs):
    """Loads what save() wrote (or PaddlePaddle's paddle.save / paddle.static.save files).
    Arrays come back as Tensors in dynamic mode (return_numpy=True keeps NumPy arrays), as
    DenseTensors in static mode, as PaddlePaddle does."""
    _check_configs(configs, _LOAD_CONFIGS, "paddle.load")
    return_numpy = bool(configs.get("return_numpy", False))
    source, data = _read(path)
    try:
        result = _Unpickler(_io.BytesIO(data), encoding="latin1").load()
    except UnsafeFileError as e:
        raise UnsafeFileError(f"{source}: {e}") from None
    except Exception:  # noqa: BLE001 - not a pickle: perhaps a saved Program
        return _load_program(data, source)
    if isinstance(result, dict):
        result = _join_big_arrays(result)
        if _NAME_TABLE in result:
            table = result[_NAME_TABLE]
            for key, name in table.items():
                if isinstance(result.get(key), np.ndarray):
                    result[key] = _as_tensor(result[key], name, return_numpy)
            if not configs.get("keep_name_table"):
                del result[_NAME_TABLE]
            return result
    if _contains(result, _is_named_array):
        return _convert(result, _is_named_array, lambda t: _as_tensor(t[1], t[0], return_numpy))
    return _convert(result, lambda v: isinstance(v, np.ndarray),
                    lambda a: _as_tensor(a, None, return_numpy))


def _latin1_encode(text, encoding="utf-8", errors="strict"):
    """_codecs.encode as pickle protocol 2 uses it for raw bytes (array data): latin1 only, so
    a file cannot reach any other codec."""
    if encoding not in ("latin1", "latin-1"):
        raise UnsafeFileError(f"refusing _codecs.encode with encoding {encoding!r}: only latin1 "
                              "(pickle protocol 2 bytes) is allowed")
    return codecs.encode(text, "latin1", errors)


class _Unpickler(_SafeUnpickler):
    """The checkpoint loader's allow-list (plus protocol 2's latin1 bytes), with refusals
    raised as UnsafeFileError."""

    def find_class(self, module, name):
        if (module, name) == ("_codecs", "encode"):
            return _latin1_encode
        try:
            return super().find_class(module, name)
        except pickle.UnpicklingError as e:
            raise UnsafeFileError(str(e)) from None


def _read(path):
    if hasattr(path, "read"):
        return "<buffer>", path.read()
    try:
        path = os.fspath(path)
    except TypeError:
        raise TypeError("expected path to be a file name or a binary buffer, but got "
                        f"{type(path).__name__}") from None
    if not os.path.isfile(path):
        hint = ""
        if os.path.exists(path + ".pdparams") or os.path.exists(path + ".pdopt"):
            hint = f" (give the full file name, such as '{path}.pdparams')"
        elif os.path.exists(path + ".pdmodel"):
            hint = (" (an inference model: load it with paddle.jit.load or "
                    "paddle.static.load_inference_model)")
        raise FileNotFoundError(f"expected a file saved by paddle.save at {path!r}, but there is "
                                f"none{hint}")
    return path, core.read_file(path)


def _load_program(data, source):
    try:
        program = Program.parse_from_string(data)
    except Exception:  # noqa: BLE001 - neither format: a bad file
        program = None
    if program is None or program.num_blocks == 0 or not data:
        raise ValueError(f"{source}: expected a file written by paddle.save (a pickle or a "
                         "Program), but it is neither")
    return program


def _join_big_arrays(result):
    info = result.pop(_BIG_PARAM_INFO, None)
    if not isinstance(info, dict):
        return result
    for key, entry in info.items():
        parts = [result.pop(name) for name in entry["slices"]]
        result[key] = np.concatenate(parts).reshape(entry["OriginShape"])
    return result


def _is_named_array(value):
    return (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)
            and isinstance(value[1], np.ndarray))


def _contains(obj, predicate):
    if predicate(obj):
        return True
    if isinstance(obj, dict):
        return any(_contains(v, predicate) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return any(_contains(v, predicate) for v in obj)
    return False


def _convert(obj, predicate, fn):
    if predicate(obj):
        return fn(obj)
    if isinstance(obj, dict):
        for key in list(obj):
            obj[key] = _convert(obj[key], predicate, fn)
        return obj
    if isinstance(obj, list):
        return [_convert(v, predicate, fn) for v in obj]
    if isinstance(obj, tuple):
        return tuple(_convert(v, predicate, fn) for v in obj)
    return obj


def _as_tensor(array, name, return_numpy):
    if return_numpy:
        return array
    if not in_dynamic_mode():
        dense = core.DenseTensor()
        dense.set(np.require(array, requirements="C"), core.CPUPlace())
        return dense
    from paddle.base.eager import to_tensor
    tensor = to_tensor(array)
    if name:
        tensor.name = name
    return tensor


def _check_configs(configs, allowed, api):
    for key in configs:
        if key not in allowed:
            raise ValueError(f"expected {api} options among {list(allowed)}, but got {key!r}")
