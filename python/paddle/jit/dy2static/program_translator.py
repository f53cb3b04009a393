"""StaticFunction, what to_static returns: it traces the converted function into a Program
once per input signature and runs that program from eager mode. The program cache is keyed
by the function object and the signature (tensor shapes and dtypes, Python values), held by
the entry and compared in full, never by hash or id alone."""
import collections
import inspect
import types
import weakref

import numpy as np

from paddle.base import eager
from paddle.base.dtypes import convert_dtype, dtype_to_str
from paddle.base.framework import Program, _static_mode_guard, in_dynamic_mode, program_guard
from paddle.jit.dy2static.convert_call import attach_origin, convert_to_static
from paddle.jit.dy2static.partial_program import ProgramRunner
from paddle.static.control_flow import (UndefinedVar, flatten, is_static_var, pack_as,
                                        structure_of)
from paddle.static.input import InputSpec

_state = {"enabled": True}
_trace_stack = []
_CACHE_SIZE = 64


def enable_to_static(enable_to_static_bool):
    """The one global switch: False makes every to_static function run its Python body
    eagerly on every call."""
    if not isinstance(enable_to_static_bool, bool):
        raise TypeError(f"expected a bool for enable_to_static, but got "
                        f"{type(enable_to_static_bool).__name__}")
    _state["enabled"] = enable_to_static_bool


def to_static_enabled():
    return _state["enabled"]


# -- capturing eager tensors into the traced program --------------------------------------------
class _TraceState:
    """The program being traced and the eager tensors its ops read by name."""

    def __init__(self, program):
        self.program = program
        self.captured = collections.OrderedDict()

    def capture(self, tensor):
        name = tensor.name
        known = self.captured.get(name)
        if known is not None:
            if known is not tensor:
                raise ValueError(f"expected one tensor per name in a to_static program, but two "
                                 f"different tensors are named '{name}'")
            return tensor
        block = self.program.global_block()
        if isinstance(tensor, eager.EagerParamBase):
            block.create_parameter(name=name, shape=tensor.shape, dtype=tensor.dtype,
                                   trainable=not tensor.stop_gradient)
        else:
            block.create_var(name=name, shape=tensor.shape, dtype=tensor.dtype, persistable=True,
                             stop_gradient=tensor.stop_gradient)
        self.captured[name] = tensor
        return tensor


def capture_tensor(tensor):
    """Makes an eager tensor usable by the ops of the program being traced."""
    if _trace_stack:
        _trace_stack[-1].capture(tensor)
    return tensor


def capture_layer(layer):
    if not _trace_stack:
        return
    for _, p in layer.named_parameters():
        _trace_stack[-1].capture(p)
    for _, b in layer.named_buffers():
        if isinstance(b, eager.Tensor):
            _trace_stack[-1].capture(b)


def capture_referenced(func):
    """Captures the eager tensors `func` reads from its module globals or closure (constants
    built outside the function), so its ops can read them as program variables."""
    if not _trace_stack:
        return
    func = getattr(func, "__func__", func)
    code = getattr(func, "__code__", None)
    if code is None:
        return
    names, stack = set(), [code]
    while stack:
        c = stack.pop()
        names.update(c.co_names)
        stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    module_globals = getattr(func, "__globals__", {})
    values = [module_globals.get(n) for n in names]
    for cell in getattr(func, "__closure__", None) or ():
        try:
            values.append(cell.cell_contents)
        except ValueError:  # an empty cell
            continue
    for value in values:
        if isinstance(value, eager.Tensor):
            _trace_stack[-1].capture(value)


def _capture_instance(instance):
    from paddle.nn.layer.layers import Layer
    if isinstance(instance, Layer):
        capture_layer(instance)
    elif instance is not None:
        for value in list(getattr(instance, "__dict__", {}).values()):
            if isinstance(value, eager.Tensor):
                capture_tensor(value)


# -- signatures -------------------------------------------------------------------------------
class _Identity:
    """A cache-key part compared by identity that keeps its object alive (so its id cannot be
    reused by another object while the key exists)."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __eq__(self, other):
        return isinstance(other, _Identity) and other.obj is self.obj

    def __hash__(self):
        return id(self.obj)


def _is_tensor_input(value):
    return isinstance(value, (eager.Tensor, np.ndarray, InputSpec))


def _spec_of(value, spec):
    """(shape, dtype) the traced program declares for a tensor input: an InputSpec argument's
    own, else the to_static input_spec's (checked against the value), else the value's."""
    if isinstance(value, InputSpec):
        return tuple(value.shape), convert_dtype(value.dtype)
    shape, dtype = tuple(value.shape), convert_dtype(value.dtype)
    if spec is None:
        return shape, dtype
    want = tuple(spec.shape)
    if len(want) != len(shape) or any(w >= 0 and w != s for w, s in zip(want, shape)) \
            or convert_dtype(spec.dtype) != dtype:
        raise ValueError(f"expected an input matching {spec}, but got shape {list(shape)} and "
                         f"dtype {dtype_to_str(dtype)}")
    return want, dtype


def _leaf_key(value, spec):
    if _is_tensor_input(value):
        shape, dtype = _spec_of(value, spec)
        return ("tensor", shape, int(dtype))
    try:
        hash(value)
    except TypeError:
        return ("object", _Identity(value))
    return ("value", type(value), value)


# -- programs ---------------------------------------------------------------------------------
class ConcreteProgram:
    """One traced program: its feeds, outputs and runner."""

    def __init__(self, program, feed_names, out_structure, out_kinds, captured, instance):
        self.main_program = program
        self.feed_names = feed_names
        self.out_structure = out_structure
        self.out_kinds = out_kinds  # per output leaf: ("var", name) or ("const", value)
        self.output_names = [v for k, v in out_kinds if k == "var"]
        self.captured = captured
        self.runner = ProgramRunner(program, feed_names, self.output_names, captured)
        self.instance_ref = weakref.ref(instance) if _weakrefable(instance) else None

    @property
    def parameters(self):
        return [t for t in self.captured.values() if isinstance(t, eager.EagerParamBase)]

    def run(self, args, kwargs):
        inputs = [leaf for leaf in flatten((args, kwargs)) if _is_tensor_input(leaf)]
        results = self.runner(inputs)
        leaves = [results[v] if k == "var" else v for k, v in self.out_kinds]
        return pack_as(self.out_structure, leaves)


def _weakrefable(obj):
    if obj is None:
        return False
    try:
        weakref.ref(obj)
        return True
    except TypeError:
        return False


def _check_input_spec(input_spec):
    if input_spec is None:
        return None
    if not isinstance(input_spec, (list, tuple)):
        raise TypeError(f"expected input_spec to be a list or tuple of InputSpec, but got "
                        f"{type(input_spec).__name__}")
    out = []
    for i, spec in enumerate(input_spec):
        if isinstance(spec, (eager.Tensor, np.ndarray)):
            spec = InputSpec(spec.shape, spec.dtype)
        for leaf in flatten(spec):
            if leaf is not None and not isinstance(leaf, InputSpec):
                raise TypeError(f"expected InputSpec entries in input_spec, but got "
                                f"{type(leaf).__name__} at position {i}")
        out.append(spec)
    return out


class StaticFunction:
    """A function (or Layer method) converted by to_static."""

    def __init__(self, function, input_spec=None, build_strategy=None, backend=None,
                 full_graph=False, **kwargs):
        if isinstance(function, types.MethodType):
            instance = function.__self__
            self._instance_ref = lambda: instance  # an explicitly bound method keeps its object
            function = function.__func__
        else:
            self._instance_ref = None
        if not callable(function):
            raise TypeError(f"expected a function for to_static, but got {type(function).__name__}")
        if inspect.isgeneratorfunction(function) or inspect.iscoroutinefunction(function) or \
                inspect.isasyncgenfunction(function):
            code = function.__code__
            raise NotImplementedError(f"to_static does not support generator or async functions "
                                      f"({function.__qualname__}, File \"{code.co_filename}\", "
                                      f"line {code.co_firstlineno})")
        self._function = function
        self._input_spec = _check_input_spec(input_spec)
        self._build_strategy, self._backend, self._full_graph = build_strategy, backend, full_graph
        self._options = kwargs
        self._cache = collections.OrderedDict()
        self._bound = weakref.WeakKeyDictionary()
        self._last = None
        self.__name__ = getattr(function, "__name__", "static_function")
        self.__qualname__ = getattr(function, "__qualname__", self.__name__)
        self.__doc__ = getattr(function, "__doc__", None)
        self.__module__ = getattr(function, "__module__", None)

    def __repr__(self):
        return f"<StaticFunction {self.__qualname__}>"

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        try:
            bound = self._bound.get(instance)
        except TypeError:
            bound = None
        if bound is None:
            bound = StaticFunction(self._function, self._input_spec, self._build_strategy,
                                   self._backend, self._full_graph, **self._options)
            ref = weakref.ref(instance)
            bound._instance_ref = ref
            try:
                self._bound[instance] = bound
            except TypeError:
                bound._instance_ref = lambda: instance
        return bound

    @property
    def dygraph_function(self):
        return self._function

    def _instance(self):
        if self._instance_ref is None:
            return None
        instance = self._instance_ref()
        if instance is None:
            raise ReferenceError(f"the object whose method {self.__qualname__} was converted no "
                                 "longer exists")
        return instance

    def _bind(self, fn):
        instance = self._instance()
        return fn if instance is None else types.MethodType(fn, instance)

    def _converted_callable(self):
        return self._bind(convert_to_static(self._function))

    def __call__(self, *args, **kwargs):
        if not _state["enabled"]:
            return self._bind(self._function)(*args, **kwargs)
        if not in_dynamic_mode():  # inside another trace, or building a static program
            return self._converted_callable()(*args, **kwargs)
        return self.get_concrete_program(*args, **kwargs).run(args, kwargs)

    # -- tracing ------------------------------------------------------------------------------
    def _leaf_specs(self, args, kwargs):
        specs = []
        for i, arg in enumerate(args):
            spec = self._input_spec[i] if self._input_spec and i < len(self._input_spec) else None
            n = len(flatten(arg))
            if spec is None:
                specs.extend([None] * n)
            elif structure_of(spec) != structure_of(arg):
                raise ValueError(f"expected argument {i} to have the nesting of its input_spec "
                                 f"{spec}, but got {type(arg).__name__}")
            else:
                specs.extend(flatten(spec))
        specs.extend([None] * len(flatten(kwargs)))
        return specs

    def _cache_key(self, instance, leaves, specs, args, kwargs):
        from paddle.nn.layer.layers import Layer
        training = None
        if isinstance(instance, Layer):
            training = tuple(layer.training for layer in instance.sublayers(include_self=True))
        signature = tuple(_leaf_key(leaf, spec) for leaf, spec in zip(leaves, specs))
        return (_Identity(self._function), training, structure_of((args, kwargs)), signature)

    def get_concrete_program(self, *args, **kwargs):
        instance = self._instance()
        leaves = flatten((args, kwargs))
        specs = self._leaf_specs(args, kwargs)
        key = self._cache_key(instance, leaves, specs, args, kwargs)
        program = self._cache.get(key)
        if program is None:
            program = self._trace(instance, args, kwargs, leaves, specs)
            self._cache[key] = program
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        self._last = program
        return program

    @property
    def concrete_program(self):
        return self._last

    def _input_names(self, args, kwargs, specs):
        try:
            params = [p for p in inspect.signature(self._function).parameters.values()
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        except (TypeError, ValueError):
            params = []
        if self._instance_ref is not None and params:
            params = params[1:]
        names = []
        for i, arg in enumerate(args):
            base = params[i].name if i < len(params) else f"args_{i}"
            n = len(flatten(arg))
            names.extend([base] if n == 1 else [f"{base}_{j}" for j in range(n)])
        for key in sorted(kwargs) if kwargs else []:
            n = len(flatten(kwargs[key]))
            names.extend([key] if n == 1 else [f"{key}_{j}" for j in range(n)])
        leaves = flatten((args, kwargs))
        out = []
        for name, spec, leaf in zip(names, specs, leaves):
            given = leaf if isinstance(leaf, InputSpec) else spec
            out.append(given.name if given is not None and given.name else name)
        return out

    def _trace(self, instance, args, kwargs, leaves, specs):
        from paddle.static.input import data
        main, startup = Program(), Program()
        state = _TraceState(main)
        names = self._input_names(args, kwargs, specs)
        with _static_mode_guard(True), program_guard(main, startup):
            _trace_stack.append(state)
            try:
                _capture_instance(instance)
                capture_referenced(self._function)
                static_leaves, feed_names = [], []
                for leaf, spec, name in zip(leaves, specs, names):
                    if not _is_tensor_input(leaf):
                        static_leaves.append(leaf)
                        continue
                    shape, dtype = _spec_of(leaf, spec)
                    var = data(_fresh_name(main, name), list(shape), dtype)
                    var.stop_gradient = False
                    static_leaves.append(var)
                    feed_names.append(var.name)
                s_args, s_kwargs = pack_as((args, kwargs), static_leaves)
                out = self._converted_callable()(*s_args, **s_kwargs)
                out_kinds = self._output_kinds(out, state)
            except Exception as e:  # noqa: BLE001 - re-raised with the user's line added
                attach_origin(e)
                if "'eager_tmp_" in str(e):
                    e.add_note("to_static: an eager tensor made outside the function is used "
                               "inside it but was not found (only Layer parameters and buffers, "
                               "and tensors in the function's globals or closure are captured); "
                               "pass it as an argument or register it as a Layer buffer")
                raise
            finally:
                _trace_stack.pop()
        return ConcreteProgram(main, feed_names, out, out_kinds, state.captured, instance)

    def _output_kinds(self, out, state):
        kinds = []
        for leaf in flatten(out):
            if isinstance(leaf, UndefinedVar):
                if leaf._name.startswith("__return_value"):
                    raise ValueError(f"expected {self.__qualname__} to return a value on every path "
                                     "of a tensor-dependent if, but some path returns nothing (None) "
                                     "or a different kind of value")
                leaf._fail()
            if is_static_var(leaf) or (isinstance(leaf, eager.Tensor) and leaf.name in state.captured):
                kinds.append(("var", leaf.name))
            else:
                kinds.append(("const", leaf))
        return kinds

    def rollback(self):
        """The original (unconverted) function, bound to its object for a Layer method."""
        return self._bind(self._function)


def _fresh_name(program, name):
    block, candidate, i = program.global_block(), name, 0
    while block.desc.find_var(candidate) is not None:
        i += 1
        candidate = f"{name}_{i}"
    return candidate
