"""A PaddlePaddle-compatible runtime. `import paddle` and run dygraph (eager) code, the
default mode, or static-graph training scripts (after paddle.enable_static()) unchanged."""
__version__ = "0.1.0"

from paddle.base import core  # noqa: F401
from paddle.base.core import CPUPlace, CUDAPlace  # noqa: F401
from paddle.base.dtypes import VarType as _VarType
from paddle.base.framework import (_set_static_mode, get_default_dtype, in_dynamic_mode,  # noqa: F401
                                   set_default_dtype)
from paddle.base.eager import (EagerParamBase, Tensor, enable_grad, grad, is_grad_enabled,  # noqa: F401
                               no_grad, set_grad_enabled, to_tensor)
from paddle.base.param_attr import ParamAttr  # noqa: F401
from paddle import (autograd, distributed, inference, io, metric, nn, optimizer, regularizer, static,  # noqa: F401
                    tensor, utils, vision)
from paddle import framework, jit  # noqa: F401,E402 - jit converts nn.Layers: after nn
from paddle import profiler  # noqa: F401,E402
from paddle import decomposition, incubate  # noqa: F401,E402
from paddle.framework.io import load, save  # noqa: F401
from paddle.tensor import *  # noqa: F401,F403
# The paddle.linalg namespace, loaded after the star import (which binds the name linalg to the
# module paddle.tensor.linalg): the submodule's first import sets paddle.linalg to itself.
linalg = __import__("importlib").import_module("paddle.linalg")
from paddle.tensor.math import abs, max, min, pow, sum  # noqa: F401,A004

bool = _VarType.BOOL  # noqa: A001
int8 = _VarType.INT8
uint8 = _VarType.UINT8
int16 = _VarType.INT16
int32 = _VarType.INT32
int64 = _VarType.INT64
float16 = _VarType.FP16
bfloat16 = _VarType.BF16
float32 = _VarType.FP32
float64 = _VarType.FP64
dtype = _VarType


def enable_static():
    _set_static_mode(True)


def disable_static(place=None):
    """Dynamic (eager) mode: ops run as they are called (the default)."""
    _set_static_mode(False)


def in_static_mode():
    return not in_dynamic_mode()


def seed(value):
    """Seeds the runtime's random generator and the default programs' random_seed."""
    from paddle.base.framework import default_main_program, default_startup_program
    core.set_seed(int(value))
    default_main_program().random_seed = int(value)
    default_startup_program().random_seed = int(value)


def set_flags(flags):
    for name, value in flags.items():
        core.set_flag(name.replace("FLAGS_", ""), str(value).lower() if isinstance(value, type(True)) else str(value))


def get_flags(names):
    names = [names] if isinstance(names, str) else names
    return {n: core.get_flag(n.replace("FLAGS_", "")) for n in names}


from paddle import device  # noqa: F401,E402
from paddle import amp  # noqa: F401,E402
from paddle.device import get_device, is_compiled_with_cuda, set_device  # noqa: F401,E402
from paddle.distributed import DataParallel  # noqa: F401,E402
