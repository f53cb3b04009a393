"""paddle.nn.Layer: the base class of every layer. It registers sublayers, parameters and
buffers as attributes are set, names them for state_dict exactly as PaddlePaddle does, runs
forward hooks, and works in both modes (eager parameters in dygraph, static ones otherwise)."""
import collections
import copy
import re
import warnings
import weakref

import numpy as np

from paddle.base import core, unique_name
from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype, dtype_to_np, dtype_to_str, is_floating
from paddle.base.eager import EagerParamBase, Tensor, no_grad
from paddle.base.framework import Parameter, Variable, get_default_dtype, in_dynamic_mode
from paddle.base.param_attr import ParamAttr

__all__ = ["Layer", "HookRemoveHelper"]

_FIRST_CAP = re.compile("(.)([A-Z][a-z]+)")
_ALL_CAP = re.compile("([a-z])([A-Z])")


def _camel_to_snake(name):
    """PaddlePaddle's name scope of a layer class: Linear -> linear, BatchNorm2D -> batch_norm2d."""
    return _ALL_CAP.sub(r"\1_\2", _FIRST_CAP.sub(r"\1_\2", name)).lower()


def _indent(text, spaces):
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return lines[0] + "\n" + "\n".join(" " * spaces + line for line in lines[1:])


def _is_parameter(value):
    return isinstance(value, (EagerParamBase, Parameter))


class HookRemoveHelper:
    """Returned by register_forward_*_hook; remove() takes the hook out again."""

    _next_id = 0

    def __init__(self, hooks):
        self._hooks_ref = weakref.ref(hooks)
        self._hook_id = HookRemoveHelper._next_id
        HookRemoveHelper._next_id += 1

    def remove(self):
        hooks = self._hooks_ref()
        if hooks is not None:
            hooks.pop(self._hook_id, None)


def _check_name(kind, name, layer, existing):
    if not isinstance(name, str):
        raise TypeError(f"expected the {kind} name to be a str, but got {type(name).__name__}")
    if "." in name:
        raise KeyError(f"expected a {kind} name without '.', but got {name!r}")
    if name == "":
        raise KeyError(f"expected a non-empty {kind} name, but got ''")
    if hasattr(layer, name) and name not in existing:
        raise KeyError(f"expected a new attribute name for the {kind}, but got {name!r}, "
                       "which already exists")


class Layer:
    """Base class of layers. Subclasses create parameters and sublayers in __init__ and
    define forward(); calling the layer runs the forward pre-hooks, forward and the forward
    post-hooks."""

    def __init__(self, name_scope=None, dtype="float32"):
        self.training = True
        if name_scope is None:
            name_scope = _camel_to_snake(self.__class__.__name__)
        self._full_name = unique_name.generate(name_scope)
        self._dtype = dtype
        self._init_in_dynamic_mode = in_dynamic_mode()
        self._parameters = collections.OrderedDict()
        self._buffers = collections.OrderedDict()
        self._non_persistable_buffer_names_set = set()
        self._sub_layers = collections.OrderedDict()
        self._forward_pre_hooks = collections.OrderedDict()
        self._forward_post_hooks = collections.OrderedDict()
        self._built = False

    # -- modes ----------------------------------------------------------------------------
    def train(self):
        """Training mode for this layer and all its sublayers (Dropout drops, BatchNorm uses
        and updates batch statistics)."""
        self.training = True
        for layer in self.sublayers():
            layer.training = True
        return self

    def eval(self):
        """Evaluation mode for this layer and all its sublayers."""
        self.training = False
        for layer in self.sublayers():
            layer.training = False
        return self

    def full_name(self):
        return self._full_name

    # -- calling --------------------------------------------------------------------------
    def forward(self, *inputs, **kwargs):
        raise NotImplementedError(f"{type(self).__name__} does not define forward()")

    def backward(self, *inputs):
        raise ValueError("Layer shouldn't implement backward")

    def _build_once(self, *args, **kwargs):
        pass

    def __call__(self, *inputs, **kwargs):
        for hook in list(self._forward_pre_hooks.values()):
            result = hook(self, inputs)
            if result is not None:
                inputs = result if isinstance(result, tuple) else (result,)
        if not self._built:
            self._build_once(*inputs, **kwargs)
            self._built = True
        outputs = self.forward(*inputs, **kwargs)
        for hook in list(self._forward_post_hooks.values()):
            result = hook(self, inputs, outputs)
            if result is not None:
                outputs = result
        return outputs

    def register_forward_pre_hook(self, hook):
        """hook(layer, inputs) -> None or new inputs (a single value is wrapped in a tuple)."""
        handle = HookRemoveHelper(self._forward_pre_hooks)
        self._forward_pre_hooks[handle._hook_id] = hook
        return handle

    def register_forward_post_hook(self, hook):
        """hook(layer, inputs, outputs) -> None or new outputs."""
        handle = HookRemoveHelper(self._forward_post_hooks)
        self._forward_post_hooks[handle._hook_id] = hook
        return handle

    register_forward_hook = register_forward_post_hook

    # -- creating parameters and variables ------------------------------------------------
    def create_parameter(self, shape, attr=None, dtype=None, is_bias=False,
                         default_initializer=None):
        """A parameter named '<full_name>.w_<n>' (or '.b_<n>'), initialized by the attr's
        initializer, else default_initializer, else XavierUniform (weights) / zeros (biases).
        attr=False means no parameter (returns None). dtype defaults to the global default."""
        attr = copy.deepcopy(attr)
        if isinstance(attr, str) and attr == "":
            attr = None
        attr = ParamAttr._to_attr(attr)
        if attr is False:
            return None
        shape = list(shape)
        for i, d in enumerate(shape):
            if not isinstance(d, (int, np.integer)) or d <= 0:
                raise ValueError(f"expected every extent of a parameter shape to be a positive "
                                 f"int, but got {d!r} at index {i} of {shape}")
        dtype = dtype if dtype else get_default_dtype()
        if default_initializer is None and attr.initializer is None and not is_floating(dtype):
            raise TypeError("expected a floating parameter dtype when no initializer is given, "
                            f"but got {dtype_to_str(dtype)}")
        return lh.create_parameter(shape, dtype, attr, is_bias, default_initializer,
                                   name_prefix=self._full_name)

    def create_variable(self, name=None, persistable=None, dtype=None):
        var_name = (f"{self._full_name}.{name}" if name is not None
                    else unique_name.generate(f"{self._full_name}._generated_var"))
        return lh.main_block().create_var(name=var_name, persistable=persistable,
                                          dtype=dtype or get_default_dtype())

    create_tensor = create_variable

    # -- registering ----------------------------------------------------------------------
    def add_sublayer(self, name, sublayer):
        if sublayer is not None and not isinstance(sublayer, Layer):
            raise TypeError(f"expected sublayer '{name}' to be a Layer or None, but got "
                            f"{type(sublayer).__name__}")
        self._sub_layers[str(name)] = sublayer
        return sublayer

    def add_parameter(self, name, parameter):
        if "_parameters" not in self.__dict__:
            raise RuntimeError("super().__init__() should be called first")
        _check_name("parameter", name, self, self._parameters)
        if parameter is not None and not _is_parameter(parameter):
            raise TypeError(f"expected parameter '{name}' to be a Parameter, but got "
                            f"{type(parameter).__name__}")
        self._parameters[name] = parameter
        return parameter

    def register_buffer(self, name, tensor, persistable=True):
        """A non-trainable tensor kept with the layer (running statistics and the like);
        persistable buffers are part of state_dict."""
        if "_buffers" not in self.__dict__:
            raise ValueError("super().__init__() should be called first")
        _check_name("buffer", name, self, self._buffers)
        if tensor is not None and not isinstance(tensor, Variable):
            raise TypeError(f"expected buffer '{name}' to be a Tensor, but got "
                            f"{type(tensor).__name__}")
        self._buffers[name] = tensor
        if persistable:
            self._non_persistable_buffer_names_set.discard(name)
        else:
            self._non_persistable_buffer_names_set.add(name)

    # -- attribute protocol ---------------------------------------------------------------
    def __getattr__(self, name):
        # Only reached when normal lookup fails: parameters, sublayers and buffers live in
        # their own dicts so that state_dict sees them in registration order.
        for store in ("_parameters", "_sub_layers", "_buffers"):
            values = self.__dict__.get(store)
            if values is not None and name in values:
                return values[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        def remove_from(*stores):
            for store in stores:
                if name in store:
                    del store[name]

        params = self.__dict__.get("_parameters")
        if _is_parameter(value):
            if params is None:
                raise ValueError("super().__init__() should be called first")
            remove_from(self.__dict__, self._buffers, self._sub_layers)
            params[name] = value
            return
        if params is not None and name in params:
            if value is not None:
                raise TypeError(f"expected a Parameter or None for parameter '{name}', but got "
                                f"{type(value).__name__}")
            params[name] = None
            return
        layers = self.__dict__.get("_sub_layers")
        if isinstance(value, Layer):
            if layers is None:
                raise ValueError("super().__init__() should be called first")
            remove_from(self.__dict__, self._parameters, self._buffers)
            layers[name] = value
            return
        if layers is not None and name in layers:
            if value is not None:
                raise TypeError(f"expected a Layer or None for sublayer '{name}', but got "
                                f"{type(value).__name__}")
            layers[name] = None
            return
        buffers = self.__dict__.get("_buffers")
        if isinstance(value, Tensor):
            # As in PaddlePaddle: a tensor attribute becomes a buffer, non-persistable
            # unless register_buffer made it persistable before.
            if buffers is None:
                raise ValueError("super().__init__() should be called first")
            remove_from(self.__dict__, self._parameters, self._sub_layers)
            if name not in buffers:
                self._non_persistable_buffer_names_set.add(name)
            buffers[name] = value
            return
        if buffers is not None and name in buffers:
            if value is not None and not isinstance(value, Variable):
                raise TypeError(f"expected a Tensor or None for buffer '{name}', but got "
                                f"{type(value).__name__}")
            buffers[name] = value
            return
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._sub_layers:
            del self._sub_layers[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistable_buffer_names_set.discard(name)
        else:
            object.__delattr__(self, name)

    def __dir__(self):
        return (dir(self.__class__) + list(self.__dict__) + list(self._parameters)
                + list(self._sub_layers) + list(self._buffers))

    def __getstate__(self):
        return self.__dict__

    def __setstate__(self, state):
        self.__dict__.update(state)

    # -- traversal ------------------------------------------------------------------------
    def named_sublayers(self, prefix="", include_self=False, layers_set=None):
        """(structured name, layer) for every sublayer, depth first, each layer once."""
        if layers_set is None:
            layers_set = set()
        if include_self and id(self) not in layers_set:
            layers_set.add(id(self))
            yield prefix, self
        for key, layer in self._sub_layers.items():
            if layer is None:
                continue
            sub_prefix = prefix + ("." if prefix else "") + key
            yield from layer.named_sublayers(sub_prefix, True, layers_set)

    def sublayers(self, include_self=False):
        return [layer for _, layer in self.named_sublayers(include_self=include_self)]

    def named_children(self):
        seen = set()
        for name, layer in self._sub_layers.items():
            if layer is not None and id(layer) not in seen:
                seen.add(id(layer))
                yield name, layer

    def children(self):
        for _, layer in self.named_children():
            yield layer

    def _named_members(self, store, prefix, include_sublayers):
        seen = set()
        layers = (self.named_sublayers(prefix, include_self=True) if include_sublayers
                  else [(prefix, self)])
        for layer_prefix, layer in layers:
            for key, value in getattr(layer, store).items():
                if value is None or id(value) in seen:
                    continue
                seen.add(id(value))
                yield layer_prefix + ("." if layer_prefix else "") + key, value

    def named_parameters(self, prefix="", include_sublayers=True):
        yield from self._named_members("_parameters", prefix, include_sublayers)

    def parameters(self, include_sublayers=True):
        return [p for _, p in self.named_parameters(include_sublayers=include_sublayers)]

    def named_buffers(self, prefix="", include_sublayers=True):
        yield from self._named_members("_buffers", prefix, include_sublayers)

    def buffers(self, include_sublayers=True):
        return [b for _, b in self.named_buffers(include_sublayers=include_sublayers)]

    def apply(self, fn):
        """fn(layer) on every sublayer (children first), then on self."""
        for layer in self.children():
            layer.apply(fn)
        fn(self)
        return self

    def clear_gradients(self, set_to_zero=True):
        for p in self.parameters():
            if p.trainable and isinstance(p, Tensor):
                p.clear_gradient(set_to_zero)

    # -- state ----------------------------------------------------------------------------
    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="",
                   use_hook=True, keep_vars=True):
        """Parameters and persistable buffers by structured name ('fc1.weight',
        'bn._mean'): this layer's parameters, then its buffers, then each sublayer's."""
        if destination is None:
            destination = collections.OrderedDict()
        for name, value in self._parameters.items():
            if value is not None:
                destination[structured_name_prefix + name] = value
        for name, value in self._buffers.items():
            if value is not None and name not in self._non_persistable_buffer_names_set:
                destination[structured_name_prefix + name] = value
        if include_sublayers:
            for name, layer in self._sub_layers.items():
                if layer is not None:
                    layer.state_dict(destination, True, structured_name_prefix + name + ".")
        return destination

    def set_state_dict(self, state_dict, use_structured_name=True):
        """Copies values (NumPy arrays or Tensors) into the parameters and persistable
        buffers, keyed by structured name (or by variable name). In static mode the values go
        into the global scope. Returns (missing_keys, unexpected_keys). As in PaddlePaddle, a
        key whose shape differs is skipped with a warning naming both shapes (fine-tuning
        loads a checkpoint whose classifier head has another size) and counts as missing."""
        if not isinstance(state_dict, dict):
            raise TypeError(f"expected state_dict to be a dict, but got {type(state_dict).__name__}")
        missing, skipped, matched, wanted = [], [], [], set()
        for key, target in self.state_dict().items():
            lookup = key if use_structured_name else target.name
            wanted.add(lookup)
            if lookup not in state_dict:
                missing.append(lookup)
                continue
            value = _as_array(state_dict[lookup], lookup)
            if list(value.shape) != list(target.shape):
                warnings.warn(f"set_state_dict: skip loading '{lookup}': expected shape "
                              f"{list(target.shape)}, but the state_dict gives shape "
                              f"{list(value.shape)}")
                skipped.append(lookup)
                continue
            matched.append((target, value))
        if missing:
            warnings.warn(f"set_state_dict: no value given for {missing}; they keep their values")
        unexpected = [key for key in state_dict if key not in wanted]
        # Nothing is written before every value has been converted: a failing call changes nothing.
        for target, value in matched:
            _assign_value(target, value)
        return missing + skipped, unexpected

    set_dict = set_state_dict
    load_dict = set_state_dict

    # -- dtype and device -----------------------------------------------------------------
    def to(self, device=None, dtype=None, blocking=None):
        """Moves parameters and buffers to `device` ('cpu', 'gpu', 'gpu:N' or a Place) and
        casts them to `dtype`. Each tensor keeps its identity (optimizers holding it follow);
        its gradient is dropped."""
        if device is not None:
            from paddle import device as _device
            place = _device._to_place(device)
            for t in self.parameters() + self.buffers():
                if isinstance(t, Tensor) and t.value()._is_initialized() and t.place != place:
                    version = t.inplace_version
                    t._t = core.tensor_copy(t.value(), place)
                    core.eager_mark_written(t._t, version)  # new storage: an in-place write
                    t.clear_gradient(set_to_zero=False)
        if dtype is not None:
            self._cast(dtype, floating_only=False)
        return self

    def float(self, excluded_layers=None):
        """Floating parameters and buffers as float32."""
        self._cast("float32", floating_only=True)
        return self

    def astype(self, dtype=None):
        self._cast(dtype, floating_only=False)
        return self

    def _cast(self, dtype, floating_only):
        target = convert_dtype(dtype)
        if not in_dynamic_mode():
            raise NotImplementedError("changing a layer's dtype in static mode is not supported; "
                                      "build the program with the wanted dtype")
        self._dtype = dtype_to_str(target)
        for layer in self.sublayers():
            layer._dtype = self._dtype
        for t in self.parameters() + self.buffers():
            if not isinstance(t, Tensor) or convert_dtype(t.dtype) == target:
                continue
            if floating_only and not is_floating(t.dtype):
                continue
            converted = core.DenseTensor()
            converted.set(np.ascontiguousarray(t.numpy().astype(dtype_to_np(target))),
                          t.place)
            core.eager_write_value(t.value(), converted)  # new storage: an in-place write
            t.clear_gradient(set_to_zero=False)

    # -- printing -------------------------------------------------------------------------
    def extra_repr(self):
        return ""

    def __repr__(self):
        extra = self.extra_repr().split("\n") if self.extra_repr() else []
        sub = [f"({name}): {_indent(repr(layer), 2)}" for name, layer in self._sub_layers.items()]
        text = type(self).__name__ + "("
        if len(extra) > 1:
            text += "\n  " + "\n  ".join(extra) + "\n"
        elif extra:
            text += extra[0]
        if sub:
            text += "\n  " + "\n  ".join(sub) + "\n"
        return text + ")"


def _as_array(value, key):
    if isinstance(value, Tensor):
        return value.numpy()
    if isinstance(value, np.ndarray):
        return value
    if isinstance(value, Variable):
        raise TypeError(f"expected a value for '{key}' (array or eager Tensor), but got the "
                        f"static Variable '{value.name}'")
    try:
        return np.asarray(value)
    except Exception:
        raise TypeError(f"expected a value for '{key}' (array or Tensor), but got "
                        f"{type(value).__name__}") from None


def _assign_value(target, array):
    if isinstance(target, Tensor):
        with no_grad():
            target.set_value(array)
        return
    # A static variable: its value lives in the global scope (the startup program made it;
    # if it has not run yet the variable is created here).
    from paddle.base.executor import global_scope
    array = np.ascontiguousarray(array.astype(dtype_to_np(target.dtype), copy=False))
    global_scope().var(target.name).get_tensor().set(array, core.CPUPlace())
