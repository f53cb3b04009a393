"""paddle.static: building and running static programs."""
from paddle.base.backward import append_backward, gradients  # noqa: F401
from paddle.base import core
from paddle.base.core import CPUPlace, CUDAPlace, Scope  # noqa: F401
from paddle.base.executor import Executor, global_scope, scope_guard  # noqa: F401
from paddle.base.framework import device_guard  # noqa: F401
from paddle.base.framework import (Operator, Parameter, Program, Variable,  # noqa: F401
                                   default_main_program, default_startup_program, name_scope,
                                   program_guard)
from paddle.base.layer_helper import create_global_var  # noqa: F401
from paddle.base.param_attr import ParamAttr  # noqa: F401
from paddle.static import nn  # noqa: F401
from paddle.static.compiled import BuildStrategy, CompiledProgram  # noqa: F401
from paddle.static.control_flow import Print  # noqa: F401
from paddle.static.input import InputSpec, data  # noqa: F401
from paddle.static.io import (deserialize_program, load, load_inference_model,  # noqa: F401
                              load_program_state, normalize_program, save,
                              save_inference_model, serialize_persistables, serialize_program,
                              set_program_state)
from paddle.tensor.creation import create_parameter  # noqa: F401


def cpu_places(device_count=None):
    return [CPUPlace() for _ in range(device_count or 1)]


def cuda_places(device_ids=None):
    if device_ids is None:
        device_ids = range(core.get_cuda_device_count())
    return [CUDAPlace(i) for i in device_ids]
