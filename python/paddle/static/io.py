"""Model files compatible with PaddlePaddle: inference models (<prefix>.pdmodel +
<prefix>.pdiparams, legacy ProgramDesc format) and checkpoints (.pdparams / .pdopt /
.pdmodel). Every write is atomic; loading never executes code from a file."""
import io as _io
import os
import pickle

import numpy as np

from paddle.base import core
from paddle.base.dtypes import VarType, dtype_to_np
from paddle.base.executor import global_scope
from paddle.base.framework import OpRole, Parameter, Program, Variable, default_main_program

_FEED, _FETCH = "feed", "fetch"
_EXTRA_ATTRS = ("op_callstack", "op_device", "with_quant_attr", "op_namescope")


def _names(vars_):
    vars_ = vars_ if isinstance(vars_, (list, tuple)) else [vars_]
    return [v.name if isinstance(v, Variable) else v for v in vars_]


def _prune(program, feed_names, target_names):
    """Keeps the ops the targets need (stopping at the feeds) and the variables they use."""
    block = program.global_block()
    needed = set(target_names)
    keep = set()
    for i in reversed(range(len(block.ops))):
        op = block.ops[i]
        if op.type in (_FEED, _FETCH, "fetch_v2"):
            continue
        if set(op.output_arg_names) & needed:
            keep.add(i)
            needed.update(n for n in op.input_arg_names if n not in feed_names)
    for i in reversed(range(len(block.ops))):
        if i not in keep:
            block._remove_op(i)
    used = set(feed_names) | set(target_names)
    for op in block.ops:
        used.update(op.input_arg_names)
        used.update(op.output_arg_names)
    for name in list(block.vars):
        if name not in used:
            block._remove_var(name)


def normalize_program(program, feed_vars, fetch_vars, **kwargs):
    """The inference program PaddlePaddle writes: training ops dropped, is_test set, a scale
    op after each fetch target, pruned, feed ops prepended and fetch ops appended."""
    if not isinstance(program, Program):
        raise TypeError(f"expected program to be a Program, but got {type(program).__name__}")
    feed_names, fetch_names = _names(feed_vars), _names(fetch_vars)
    if not fetch_names:
        raise ValueError("expected at least one fetch variable, but got none")
    p = program.clone(for_test=True)
    block = p.global_block()
    for name in feed_names + fetch_names:
        if name not in block.vars:
            raise ValueError(f"expected variable '{name}' in the program, but it is not there")
    targets = []
    for i, name in enumerate(fetch_names):
        var = block.var(name)
        if var.dtype == VarType.BOOL:
            targets.append(name)
            continue
        out = block.create_var(name=f"save_infer_model/scale_{i}.tmp_0", dtype=var.dtype,
                               shape=var.shape)
        block.append_op(type="scale", inputs={"X": [var]}, outputs={"Out": [out]},
                        attrs={"scale": 1.0, "bias": 0.0, "bias_after_scale": True})
        targets.append(out.name)
    _prune(p, feed_names, targets)
    feed_var = block.create_var(name=_FEED, type=VarType.FEED_MINIBATCH, persistable=True)
    fetch_var = block.create_var(name=_FETCH, type=VarType.FETCH_LIST, persistable=True)
    for col, name in enumerate(feed_names):
        block._prepend_op(type=_FEED, inputs={"X": [feed_var]}, outputs={"Out": [name]},
                          attrs={"col": col})
        block.var(name).desc.set_need_check_feed(True)
    for col, name in enumerate(targets):
        block.append_op(type=_FETCH, inputs={"X": [name]}, outputs={"Out": [fetch_var]},
                        attrs={"col": col})
    for op in block.ops:
        for attr in _EXTRA_ATTRS:
            if op.has_attr(attr):
                op.desc.remove_attr(attr)
    for var in block.vars.values():
        var.desc.set_is_parameter(False)
        var.desc.set_stop_gradient(False)
    return p


def _program_of(feed_vars, fetch_vars):
    """The program the variables belong to (PaddlePaddle falls back to the default main
    program; the variables' own program is what a script outside program_guard means)."""
    for v in list(fetch_vars if isinstance(fetch_vars, (list, tuple)) else [fetch_vars]):
        if isinstance(v, Variable):
            return v.block.program
    return default_main_program()


def serialize_program(feed_vars, fetch_vars, **kwargs):
    program = kwargs.get("program") or _program_of(feed_vars, fetch_vars)
    return normalize_program(program, feed_vars, fetch_vars).desc.serialize_to_string()


def serialize_persistables(feed_vars, fetch_vars, executor=None, **kwargs):
    program = kwargs.get("program") or _program_of(feed_vars, fetch_vars)
    p = normalize_program(program, feed_vars, fetch_vars)
    return core.serialize_scope_vars(global_scope(), core.persistable_names(p.desc))


def _prefix_paths(path_prefix):
    if not isinstance(path_prefix, str) or not path_prefix:
        raise ValueError(f"expected a non-empty path prefix, but got {path_prefix!r}")
    if path_prefix.endswith(os.sep) or os.path.isdir(path_prefix):
        raise ValueError(f"expected a path prefix such as 'dir/model', but got the directory {path_prefix!r}")
    return path_prefix + ".pdmodel", path_prefix + ".pdiparams"


def save_inference_model(path_prefix, feed_vars, fetch_vars, executor, **kwargs):
    """Writes <prefix>.pdmodel and <prefix>.pdiparams (parameters in sorted-name order)."""
    model_path, params_path = _prefix_paths(path_prefix)
    program = kwargs.get("program") or _program_of(feed_vars, fetch_vars)
    p = normalize_program(program, feed_vars, fetch_vars)
    names = core.persistable_names(p.desc)
    params = core.serialize_scope_vars(global_scope(), names)
    dirname = os.path.dirname(os.path.abspath(model_path))
    os.makedirs(dirname, exist_ok=True)
    core.write_file_atomic(params_path, params)
    core.write_file_atomic(model_path, p.desc.serialize_to_string())
    return p


def _parse_program(data, source):
    try:
        return Program.parse_from_string(data)
    except ValueError as e:
        raise ValueError(f"{source}: {e}") from None


def load_inference_model(path_prefix, executor, **kwargs):
    """Returns [program, feed_target_names, fetch_targets]; loads parameters into the
    global scope."""
    model_filename = kwargs.get("model_filename")
    params_filename = kwargs.get("params_filename")
    if path_prefix is not None and os.path.isdir(path_prefix):
        model_path = os.path.join(path_prefix, model_filename or "__model__")
        params_path = os.path.join(path_prefix, params_filename) if params_filename else None
    else:
        model_path, params_path = _prefix_paths(path_prefix)
    if not os.path.exists(model_path):
        raise FileNotFoundError(f"model file {model_path} does not exist")
    program = _parse_program(core.read_file(model_path), model_path)
    _check_ops_known(program, model_path)
    names = core.persistable_names(program.desc)
    if names:
        if params_path is None or not os.path.exists(params_path):
            raise FileNotFoundError(f"parameter file {params_path} does not exist "
                                    f"({len(names)} parameters expected)")
        tensors = core.load_combined(core.read_file(params_path), params_path, program.desc, names)
        core.set_scope_vars(global_scope(), names, tensors)
    feed_names = program.desc.get_feed_target_names()
    fetch_vars = [program.global_block().var(n) for n in program.desc.get_fetch_target_names()]
    return [program, feed_names, fetch_vars]


def deserialize_program(data):
    return _parse_program(data, "<bytes>")


def _check_ops_known(program, source):
    for block in program.blocks:
        for op in block.ops:
            if not core.has_op(op.type):
                raise NotImplementedError(f"{source}: op type '{op.type}' is not supported by this runtime")


# -- checkpoints --------------------------------------------------------------------------------
_ALLOWED_GLOBALS = {
    ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
    ("numpy", "ndarray"), ("numpy", "dtype"), ("numpy.core.multiarray", "scalar"),
    ("numpy._core.multiarray", "scalar"), ("collections", "OrderedDict"),
    ("builtins", "dict"), ("builtins", "list"), ("builtins", "tuple"),
}


class _SafeUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) in _ALLOWED_GLOBALS:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"refusing to load {module}.{name}: only arrays and plain "
                                     "containers are allowed")


def _safe_load(path):
    data = core.read_file(path)
    try:
        return _SafeUnpickler(_io.BytesIO(data)).load()
    except Exception as e:  # noqa: BLE001 - any parse failure is a bad file
        raise ValueError(f"{path}: not a valid parameter file ({e})") from None


def _is_param(var):
    return isinstance(var, Parameter) or var.desc.is_parameter()


def _state_of(program, want_params):
    scope = global_scope()
    state = {}
    for var in program.list_vars():
        if not var.persistable or var.type not in (VarType.LOD_TENSOR,) or _is_param(var) != want_params:
            continue
        found = scope.find_var(var.name)
        if found is None or not found.get_tensor()._is_initialized():
            continue
        state[var.name] = np.array(found.get_tensor())
    return state


def save(program, model_path, protocol=4, **configs):
    """Writes <path>.pdparams (parameters), <path>.pdopt (other persistables) and
    <path>.pdmodel (the program), each atomically."""
    if not isinstance(program, Program):
        raise TypeError(f"expected a Program, but got {type(program).__name__}")
    base = os.path.basename(model_path)
    if base == "":
        raise ValueError(f"expected model_path to be a file prefix, but got {model_path!r}")
    os.makedirs(os.path.dirname(os.path.abspath(model_path)), exist_ok=True)
    core.write_file_atomic(model_path + ".pdparams",
                           pickle.dumps(_state_of(program, True), protocol=protocol))
    core.write_file_atomic(model_path + ".pdopt",
                           pickle.dumps(_state_of(program, False), protocol=protocol))
    core.write_file_atomic(model_path + ".pdmodel", program.desc.serialize_to_string())


def load_program_state(model_path, var_list=None):
    state = {}
    for suffix in (".pdparams", ".pdopt"):
        path = model_path + suffix
        if os.path.exists(path):
            loaded = _safe_load(path)
            if not isinstance(loaded, dict):
                raise ValueError(f"{path}: expected a dict of name -> array, but got {type(loaded).__name__}")
            state.update(loaded)
    if not state and not os.path.exists(model_path + ".pdparams"):
        raise FileNotFoundError(f"no checkpoint at {model_path}.pdparams")
    if var_list is not None:
        names = set(_names(var_list))
        state = {k: v for k, v in state.items() if k in names}
    return state


def set_program_state(program, state_dict):
    """Sets the program's persistable variables from `state_dict`, checking shape and dtype;
    nothing is set when any entry disagrees."""
    scope = global_scope()
    updates = []
    for var in program.list_vars():
        if not var.persistable or var.name not in state_dict:
            continue
        value = np.asarray(state_dict[var.name])
        want_shape = tuple(var.shape)
        if len(want_shape) != value.ndim or any(w >= 0 and w != g for w, g in zip(want_shape, value.shape)):
            raise ValueError(f"expected '{var.name}' of shape {list(want_shape)}, but the state holds "
                             f"{list(value.shape)}")
        want_dtype = dtype_to_np(var.dtype)
        if value.dtype != want_dtype:
            raise ValueError(f"expected '{var.name}' of dtype {want_dtype}, but the state holds {value.dtype}")
        updates.append((var.name, value))
    for name, value in updates:
        scope.var(name).get_tensor().set(value, core.CPUPlace())
    return [k for k in state_dict if k not in {n for n, _ in updates}]


def load(program, model_path, executor=None, var_list=None):
    state = load_program_state(model_path, var_list)
    set_program_state(program, state)
