"""Appending ops from Python APIs: output variables, parameters with their startup
initializers, and the common binary/unary op patterns."""
from paddle.base import unique_name
from paddle.base.dtypes import convert_dtype
from paddle.base.framework import (Variable, default_main_program, default_startup_program,
                                   in_dynamic_mode)
from paddle.base import framework as _framework
from paddle.base.param_attr import ParamAttr


def main_block():
    return default_main_program().current_block()


def create_tmp(dtype, op_type="tmp", stop_gradient=False):
    return main_block().create_var(name=unique_name.generate(f"{op_type}.tmp"), dtype=dtype,
                                   stop_gradient=stop_gradient)


_OUT = ("Out",)
_NO_ATTRS = {}  # an empty attribute dict (never changed)


def append_op(op_type, inputs, attrs=None, outputs=_OUT, dtype=None, out_dtypes=None,
              stop_gradient=False):
    """Appends `op_type` with new output variables for the slots in `outputs` (a slot name
    ending in '[]:n' makes n variables); returns the outputs in order (one var or a list)."""
    if not _framework._static_mode:
        if outputs is _OUT and not stop_gradient and _eager is not None and \
                _eager._amp_level is None:
            # The common eager case in one C++ call (eager.call_new without its frame; under
            # auto_cast, call_new's casts are needed).
            out = _eager._eager_call_new(op_type, inputs, attrs or _NO_ATTRS,
                                         _eager._grad_state.enabled)
            if out is not None:
                return out
        return _append_eager_op(op_type, inputs, attrs, outputs, stop_gradient)
    if dtype is None:
        first = next((v for vs in inputs.values() for v in (vs if isinstance(vs, list) else [vs])
                      if isinstance(v, Variable)), None)
        dtype = first.dtype if first is not None else "float32"
    out_map, results = {}, []
    for slot in outputs:
        count = None
        if "[]:" in slot:
            slot, count = slot.split("[]:")
            count = int(count)
        slot_dtype = (out_dtypes or {}).get(slot, dtype)
        if count is None:
            var = create_tmp(slot_dtype, op_type, stop_gradient)
            out_map[slot] = [var]
            results.append(var)
        else:
            vars_ = [create_tmp(slot_dtype, op_type, stop_gradient) for _ in range(count)]
            out_map[slot] = vars_
            results.append(vars_)
    main_block().append_op(type=op_type, inputs=inputs, outputs=out_map, attrs=attrs or {})
    return results[0] if len(results) == 1 else results


_eager = None  # paddle.base.eager, imported on first use (it imports this module's users)


def _append_eager_op(op_type, inputs, attrs, outputs, stop_gradient):
    """append_op in dynamic mode: new eager tensors (dtype and shape come from the op's
    InferMeta), the op run at once."""
    global _eager
    if _eager is None:
        from paddle.base import eager as _eager
    new_tensor = _eager.new_tensor
    if outputs is _OUT and not stop_gradient:  # the common case, kept lean
        out = _eager.call_new(op_type, inputs, attrs)
        if out is not None:
            return out
        out = new_tensor()
        _eager.trace_op(op_type, inputs, {"Out": [out]}, attrs)
        return out
    out_map, results = {}, []
    for slot in outputs:
        if "[]:" in slot:
            slot, count = slot.split("[]:")
            tensors = [new_tensor() for _ in range(int(count))]
            results.append(tensors)
        else:
            tensors = [new_tensor()]
            results.append(tensors[0])
        out_map[slot] = tensors
    _eager.trace_op(op_type, inputs, out_map, attrs or {})
    if stop_gradient:  # e.g. full_like: a constant even when its input needs a gradient
        for tensors in out_map.values():
            for t in tensors:
                t._stop_gradient, t._node = True, None
    return results[0] if len(results) == 1 else results


def create_parameter(shape, dtype, attr=None, is_bias=False, default_initializer=None,
                     name_prefix="param"):
    """A parameter in the main program and its initializer op in the startup program."""
    from paddle.nn import initializer as init_mod

    attr = ParamAttr._to_attr(attr)
    if attr is False:
        return None
    shape = [int(d) for d in shape]
    dtype = convert_dtype(dtype)
    name = attr.name or unique_name.generate(f"{name_prefix}.{'b' if is_bias else 'w'}")
    from paddle.nn.initializer_more import global_initializer
    initializer = attr.initializer or global_initializer(is_bias) or default_initializer
    if initializer is None:
        initializer = init_mod.Constant(0.0) if is_bias else init_mod.XavierUniform()
    kwargs = dict(shape=shape, dtype=dtype, name=name, trainable=attr.trainable,
                  optimize_attr={"learning_rate": attr.learning_rate},
                  regularizer=attr.regularizer, need_clip=attr.need_clip,
                  do_model_average=attr.do_model_average)
    if in_dynamic_mode():  # an eager parameter, initialized now
        return main_block().create_parameter(initializer=initializer, **kwargs)
    startup_block = default_startup_program().global_block()
    if name not in startup_block.vars:
        startup_block.create_parameter(initializer=initializer, **kwargs)
    return main_block().program.global_block().create_parameter(**kwargs)


def create_global_var(shape, value, dtype, persistable=True, force_cpu=False, name=None):
    """A persistable variable filled with `value` by the startup program."""
    from paddle.nn.initializer import Constant

    name = name or unique_name.generate("global_var")
    var = default_main_program().global_block().create_var(
        name=name, shape=shape, dtype=dtype, persistable=persistable, stop_gradient=True)
    startup_block = default_startup_program().global_block()
    svar = startup_block.create_var(name=name, shape=shape, dtype=dtype, persistable=persistable)
    Constant(value)(svar, startup_block)
    return var
