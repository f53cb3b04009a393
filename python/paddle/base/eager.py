"""Eager (dygraph) mode: paddle.Tensor, the op tracer and autograd.

Every op appended while dynamic mode is on runs at once through the C++ op-execution core
(`core.eager_call`: one prepared op per call signature, holding the op record's InferMeta and
kernel choice, as the interpreter uses). When an input needs a gradient, the C++ tape
(`core.eager_record_op`) records a node holding that prepared op; `backward()` walks the nodes
in reverse creation order (`core.eager_backward`) running the grad ops that the op records'
grad makers build (the same makers `append_backward` uses), prepared once per node kind, so
no gradient formula exists twice. Nodes remember the in-place version of each value they save
(Tensor.inplace_version), and backward refuses a value written in place since. With
paddle.grad(create_graph=True) the grad ops themselves run recorded on the tape, so gradients
can be differentiated again through the records' double-grad ops."""
import contextlib
import functools
import itertools
import threading
import weakref

import numpy as np

from paddle.base import core
from paddle.base.dtypes import VarType, convert_dtype, dtype_to_np, dtype_to_str, is_floating
from paddle.base.framework import Variable, _ParameterMixin

_GRAD = core.grad_var_suffix()
_uids = itertools.count(1)
# Gradient hooks by tensor uid (uids are never reused); an entry goes when its tensor does.
_grad_hooks = {}
_hook_ids = itertools.count(1)


class _HookHandle:
    """What Tensor.register_hook returns: remove() takes the hook off (True if it was on)."""

    def __init__(self, uid, key):
        self._uid, self._key = uid, key

    def remove(self):
        hooks = _grad_hooks.get(self._uid)
        return hooks is not None and hooks.pop(self._key, None) is not None


def _hook_value(uid, value):
    """Runs the gradient hooks of tensor `uid` on its complete gradient `value` (a
    DenseTensor, or under create_graph the gradient Tensor, which hooks may differentiate
    through); returns the gradient to use from then on, of the same kind."""
    as_tensor = isinstance(value, Tensor)
    for hook in list(_grad_hooks.get(uid, {}).values()):
        grad = value if as_tensor else Tensor(value, stop_gradient=True)
        out = hook(grad)
        if out is None:
            continue
        if not isinstance(out, Tensor):
            raise TypeError(f"expected a gradient hook to return a Tensor or None, but got "
                            f"{type(out).__name__}")
        if list(out.shape) != list(grad.shape):
            raise ValueError(f"expected a gradient hook to keep the gradient's shape "
                             f"{list(grad.shape)}, but got {list(out.shape)}")
        value = out if as_tensor else out._t
    return value


class _GradState(threading.local):
    enabled = True


_grad_state = _GradState()


def is_grad_enabled():
    return _grad_state.enabled


_set_grad_mirror = core.eager_set_grad_enabled


def _set_grad(mode):
    """Switches gradient recording for this thread, here and in the C++ operators' copy."""
    old, _grad_state.enabled = _grad_state.enabled, mode
    _set_grad_mirror(mode)
    return old


@contextlib.contextmanager
def set_grad_enabled(mode):
    old = _set_grad(bool(mode))
    try:
        yield
    finally:
        _set_grad(old)


class no_grad:  # noqa: N801 - PaddlePaddle's name
    """Context manager and decorator: ops inside record no gradient."""

    def __enter__(self):
        self._old = _set_grad(False)

    def __exit__(self, *exc):
        _set_grad(self._old)

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with no_grad():
                return fn(*args, **kwargs)
        return wrapper


class enable_grad(no_grad):  # noqa: N801
    def __enter__(self):
        self._old = _set_grad(True)


def record_py_func_node(inputs, outputs, backward_fn):
    """Records a tape node computing `outputs` from `inputs` (both name -> Tensor) whose
    backward is a Python callable: backward_fn({output name: gradient DenseTensor, or None
    where none arrived}) returns {input name: gradient DenseTensor or None}. to_static records
    one per run of a traced program; its callable runs the backward program that
    append_backward built from the same grad-op records, so no gradient formula lives in
    Python. Only when gradients are enabled and an input needs one (floating outputs then need
    gradients, as after trace_op). Returns the node, or None when nothing was recorded."""
    if not _grad_state.enabled or all(t.stop_gradient for t in inputs.values()):
        return None
    return core.eager_record_py_func(backward_fn, inputs, outputs)


class Tensor(Variable):
    """An eager tensor: a DenseTensor value, its gradient, and the node that produced it.
    Inherits the operators (+, @, [], ...) of static Variables: they call the same API
    functions, which run eagerly in dynamic mode."""

    # `_t` (the DenseTensor) and `_uid` are slots, which the C++ calls read and write at
    # their offsets; the rest are defaults read through the class until set, so that a new
    # output Tensor sets two fields only.
    __slots__ = ("_t", "_uid")
    _node = None
    _grad = None
    _stop_gradient = True
    _persistable = False
    _name = None

    def __init__(self, value=None, stop_gradient=True, name=None, persistable=False):
        self._t = value if value is not None else core.DenseTensor()
        self._uid = next(_uids)
        if not stop_gradient:
            self._stop_gradient = False
        if persistable:
            self._persistable = True
        if name is not None:
            self._name = name

    # -- identity and meta ----------------------------------------------------------
    @property
    def name(self):
        if self._name is None:
            self._name = f"eager_tmp_{self._uid}"
        return self._name

    @name.setter
    def name(self, value):
        self._name = value

    @property
    def stop_gradient(self):
        return self._stop_gradient

    @stop_gradient.setter
    def stop_gradient(self, value):
        self._stop_gradient = bool(value)

    @property
    def persistable(self):
        return self._persistable

    @persistable.setter
    def persistable(self, value):
        self._persistable = bool(value)

    @property
    def shape(self):
        return list(self._t.shape())

    @property
    def ndim(self):
        return len(self._t.shape())

    @property
    def dtype(self):
        return self._t._dtype()

    @property
    def place(self):
        """Where the value lives: ops on it run there (paddle.set_device decides only for
        values made from nothing, as paddle.to_tensor's and the creation ops')."""
        return self._t._place() if self._t._is_initialized() else core.CPUPlace()

    @property
    def size(self):
        return int(self._t.numel())

    def numel(self):
        """The number of elements as a 0-D int64 tensor, as paddle.numel gives it (`size` is the
        int)."""
        from paddle.tensor.manipulation import numel
        return numel(self)

    @property
    def is_leaf(self):
        return self._node is None

    @property
    def block(self):
        from paddle.base.framework import default_main_program
        return default_main_program().global_block()

    @property
    def type(self):
        return VarType.LOD_TENSOR

    @property
    def lod_level(self):
        return 0

    @property
    def T(self):  # noqa: N802 - PaddlePaddle's name
        from paddle.tensor.manipulation import transpose
        return transpose(self, list(range(self.ndim))[::-1])

    def value(self):
        return self._t

    get_tensor = value

    # -- values ---------------------------------------------------------------------
    def numpy(self):
        return self._t.numpy()

    def __array__(self, dtype=None, copy=None):
        a = self._t.numpy()
        return a.astype(dtype) if dtype is not None else a

    def item(self, *index):
        a = self.numpy()
        if not index and a.size != 1:
            raise ValueError(f"expected a tensor of one element for item(), but got shape {list(a.shape)}")
        return a.item(*index)

    def tolist(self):
        return self.numpy().tolist()

    def set_value(self, value):
        """Copies `value` (array or Tensor of the same shape) into this tensor in place (an
        in-place write: it counts in inplace_version)."""
        array = value.numpy() if isinstance(value, Tensor) else np.asarray(value)
        if list(array.shape) != self.shape and self._t._is_initialized():
            raise ValueError(f"expected a value of shape {self.shape} for '{self.name}', "
                             f"but got {list(array.shape)}")
        if self._t._is_initialized():
            array = array.astype(dtype_to_np(self.dtype), copy=False)
        new = core.DenseTensor()
        new.set(np.require(array, requirements="C"), core.CPUPlace())
        core.eager_write_value(self._t, new)

    @property
    def inplace_version(self):
        """How many in-place writes this tensor's storage has had (PaddlePaddle's
        Tensor.inplace_version): backward refuses a value a tape node saved before a later
        in-place write."""
        return core.eager_inplace_version(self._t)

    def __bool__(self):
        return bool(self.item())

    def __float__(self):
        return float(self.item())

    def __int__(self):
        return int(self.item())

    def __index__(self):
        if convert_dtype(self.dtype) not in (VarType.INT32, VarType.INT64, VarType.INT16,
                                             VarType.INT8, VarType.UINT8):
            raise TypeError(f"only integer tensors can be used as an index, but got {dtype_to_str(self.dtype)}")
        return int(self.item())

    def __len__(self):
        shape = self.shape
        if not shape:
            raise TypeError("len() of a 0-D tensor")
        return shape[0]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __repr__(self):
        body = np.array2string(self.numpy(), separator=", ", prefix="       ")
        return (f"Tensor(shape={self.shape}, dtype=paddle.{dtype_to_str(self.dtype)}, "
                f"place={self.place!r}, stop_gradient={self.stop_gradient},\n       {body})")

    __str__ = __repr__

    def __format__(self, spec):
        if self.size == 1:
            return format(self.item(), spec)
        return str(self)

    def __hash__(self):
        return id(self)

    def __deepcopy__(self, memo):
        copy = type(self).__new__(type(self))
        copy.__dict__.update({k: v for k, v in self.__dict__.items()})
        copy._t = (core.tensor_copy(self._t, self._t._place()) if self._t._is_initialized()
                   else core.DenseTensor())
        copy._uid = next(_uids)
        copy._node = None
        copy._grad = None
        memo[id(self)] = copy
        return copy

    # -- autograd -------------------------------------------------------------------
    @property
    def grad(self):
        return self._grad

    @grad.setter
    def grad(self, value):
        self._grad = value

    def backward(self, grad_tensor=None, retain_graph=False):
        backward([self], [grad_tensor] if grad_tensor is not None else None, retain_graph)

    def clear_gradient(self, set_to_zero=True):
        if self._grad is not None and set_to_zero:
            core.eager_write_value(self._grad._t, _fill_like(self._grad._t, 0.0))
        else:
            self._grad = None

    def clear_grad(self, set_to_zero=True):
        self.clear_gradient(set_to_zero)

    def detach(self):
        """A tensor sharing this one's storage, cut from the graph."""
        return Tensor(self._t, stop_gradient=True)

    def clone(self):
        from paddle.tensor.creation import assign
        return assign(self)

    def cpu(self):
        """This tensor on the host (itself when it lives there); gradients flow back."""
        return self if not self.place.is_gpu_place() else self._copy_to(core.CPUPlace())

    def cuda(self, device_id=None, blocking=True):
        """This tensor on GPU `device_id` (the current GPU when None; itself when it lives
        there already); gradients flow back to where it came from."""
        from paddle import device
        if device_id is None:
            current = device.get_device()
            device_id = int(current.split(":")[1]) if current.startswith("gpu") else 0
        place = device._place_of(device._parse(f"gpu:{int(device_id)}"))
        device._check_gpu(place)
        return self if self.place == place else self._copy_to(place)

    def _copy_to(self, place, blocking=True):
        """A copy on `place` (a Place or 'cpu' / 'gpu:N'), recorded on the tape when this
        tensor needs a gradient: the gradient is copied back to this tensor's place."""
        from paddle import device
        place = device._to_place(place)
        out = Tensor(core.tensor_copy(self._t, place), stop_gradient=True)
        home = self.place
        record_py_func_node({"X": self}, {"Out": out}, lambda grads: {
            "X": None if grads.get("Out") is None else core.tensor_copy(grads["Out"], home)})
        return out

    def astype(self, dtype):
        from paddle.tensor.manipulation import cast
        return cast(self, dtype)

    # -- in-place ops (each an op writing this tensor: an in-place write) --------------
    def _in_place(self, op_type, inputs, attrs):
        trace_op(op_type, inputs, {"Out": [self]}, attrs)
        return self

    def _in_place_binary(self, op_type, y):
        if not isinstance(y, Tensor):
            y = to_tensor(y, dtype=self.dtype)
        shape = list(np.broadcast_shapes(tuple(self.shape), tuple(y.shape)))
        if shape != self.shape:
            raise ValueError(f"expected '{y.name}' of shape {y.shape} to broadcast to the shape "
                             f"{self.shape} of '{self.name}' for {op_type}_, but the result has "
                             f"shape {shape}")
        return self._in_place(f"elementwise_{op_type}", {"X": [self], "Y": [y]}, {"axis": -1})

    def add_(self, y, name=None):
        return self._in_place_binary("add", y)

    def subtract_(self, y, name=None):
        return self._in_place_binary("sub", y)

    def multiply_(self, y, name=None):
        return self._in_place_binary("mul", y)

    def scale_(self, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
        return self._in_place("scale", {"X": [self]}, {"scale": float(scale), "bias": float(bias),
                                                       "bias_after_scale": bool(bias_after_scale)})

    def fill_(self, value):
        return self._in_place("fill_any_like", {"X": [self]}, {"value": float(value)})

    def zero_(self):
        return self.fill_(0.0)

    def register_hook(self, hook):
        """Calls hook(grad) when this tensor's gradient is complete in a backward pass; a
        Tensor it returns replaces the gradient (for a leaf, before it reaches .grad)."""
        if not callable(hook):
            raise TypeError(f"expected a callable hook, but got {type(hook).__name__}")
        if self._stop_gradient:
            raise RuntimeError(f"cannot register a hook on '{self.name}': its stop_gradient is "
                               "True, so no gradient reaches it")
        hooks = _grad_hooks.get(self._uid)
        if hooks is None:
            hooks = _grad_hooks[self._uid] = {}
            weakref.finalize(self, _grad_hooks.pop, self._uid, None)
        key = next(_hook_ids)
        hooks[key] = hook
        return _HookHandle(self._uid, key)


_object_new = object.__new__
_DenseTensor = core.DenseTensor


def new_tensor():
    """A new empty eager tensor (an op output): Tensor() without __init__'s argument handling."""
    t = _object_new(Tensor)
    t._t = _DenseTensor()
    t._uid = next(_uids)
    return t


core.eager_set_tensor_type(Tensor, _uids)


class EagerParamBase(_ParameterMixin, Tensor):
    """A trainable eager tensor (what nn.Layer.create_parameter returns in dynamic mode)."""

    def __init__(self, shape, dtype, name=None, trainable=True, optimize_attr=None,
                 regularizer=None, need_clip=True, do_model_average=None, **kwargs):
        self._check_parameter_shape(shape)
        value = core.DenseTensor()
        value.set(np.zeros([int(d) for d in shape], dtype_to_np(dtype)), core.eager_expected_place())
        super().__init__(value, stop_gradient=not trainable, name=name, persistable=True)
        self._set_parameter_attrs(optimize_attr, regularizer, need_clip, do_model_average)

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__


def _as_list(value):
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _check_tensor(value, op_type, slot):
    if isinstance(value, Tensor):
        return value
    if isinstance(value, Variable):
        raise TypeError(f"op '{op_type}' slot {slot}: expected an eager Tensor in dynamic mode, "
                        f"but got the static Variable '{value.name}' (call paddle.enable_static() "
                        "before building static programs)")
    raise TypeError(f"op '{op_type}' slot {slot}: expected a Tensor, but got {type(value).__name__}")


def trace_op(op_type, inputs, outputs, attrs):
    """Runs `op_type` now on eager tensors (outputs written in place) and records a tape node
    when an input needs a gradient and the op has a grad op."""
    if _amp_level is not None:
        inputs = _amp_inputs(op_type, inputs)
    # The common case in one C++ call: nothing to record (core.eager_call reads the tensors'
    # _t and _stop_gradient itself and runs the op's cached prepared op).
    status = _eager_call(op_type, inputs or {}, outputs or {}, attrs or {}, _grad_state.enabled)
    if status == 0:
        return None
    if status == 2:  # not all eager Tensors: name the culprit
        for what, slots in (("input", inputs), ("output", outputs)):
            for slot, args in (slots or {}).items():
                for t in _as_list(args):
                    if t is not None and not isinstance(t, Tensor):
                        _check_tensor(t, op_type, slot)
    return _trace_with_grad(op_type, inputs, outputs, attrs)


_eager_call = core.eager_call
_eager_call_new = core.eager_call_new_fast  # core.eager_call_new without pybind11's dispatch
_NO_ATTRS = {}  # an empty argument dict (never changed)


def call_new(op_type, inputs, attrs):
    """Runs a one-output op ("Out") and returns its new output Tensor, made in C++ and
    recorded on the tape when an input needs a gradient; None when nothing ran because an
    argument is not an eager Tensor (the caller's trace_op then names it)."""
    if _amp_level is not None:
        inputs = _amp_inputs(op_type, inputs)
    return _eager_call_new(op_type, inputs or _NO_ATTRS, attrs or _NO_ATTRS, _grad_state.enabled)


core.eager_set_uid_counter(_uids)

# -- automatic mixed precision (paddle.amp.auto_cast in eager mode) ---------------------------
# While a region is active, each call on GPU tensors gets its floating inputs cast as the
# static O1 / O2 rewrite decides for an op (paddle.static.amp.rewrite.op_runs_low: white ops
# and gray ops fed 16-bit data compute in 16 bits, black ops in float32, ops without a 16-bit
# GPU kernel stay float32; batch norm's statistics stay float32). The casts are cast ops, recorded on
# the tape like any op, so gradients reach float32 parameters as float32.
_amp_level = None  # None (off), "O1" or "O2"
_amp_low = None    # VarType.FP16 or VarType.BF16
_amp_lists = None  # AutoMixedPrecisionLists
_amp_rules = None  # (op_runs_low, FP32_SLOTS), imported on the first auto_cast region


def _set_amp(level, low, lists):
    """Enters (level "O1"/"O2") or leaves (None) an auto_cast region; returns the old state."""
    global _amp_level, _amp_low, _amp_lists, _amp_rules
    if _amp_rules is None:
        from paddle.static.amp.fp16_lists import FP32_SLOTS
        from paddle.static.amp.rewrite import op_runs_low
        _amp_rules = (op_runs_low, FP32_SLOTS)
    old = (_amp_level, _amp_low, _amp_lists)
    _amp_level, _amp_low, _amp_lists = level, low, lists
    core.eager_set_amp_active(level is not None)
    return old


def _amp_inputs(op_type, inputs):
    """`inputs` with floating GPU tensors cast for the active auto_cast region."""
    op_runs_low, fp32_slots = _amp_rules
    if not inputs or op_type == "cast":
        return inputs
    tensors = [(slot, t) for slot, value in inputs.items() for t in _as_list(value)
               if isinstance(t, Tensor) and t._t._is_initialized()]
    floats = (VarType.FP32, VarType.FP16, VarType.BF16)
    if not any(t.place.is_gpu_place() for _, t in tensors):
        return inputs  # AMP is for GPU calls (PaddlePaddle's CPU runs stay float32 too)
    fed_low = any(convert_dtype(t.dtype) == _amp_low for _, t in tensors)
    low = op_runs_low(op_type, _amp_lists, _amp_low, _amp_level, fed_low)
    want = _amp_low if low else VarType.FP32
    keep32 = fp32_slots.get(op_type, ())
    out = {}
    for slot, value in inputs.items():
        if slot in keep32:
            out[slot] = value
            continue
        cast = [_amp_cast(t, want) if isinstance(t, Tensor) and t._t._is_initialized() and
                convert_dtype(t.dtype) in floats else t for t in _as_list(value)]
        out[slot] = cast if isinstance(value, (list, tuple)) else cast[0]
    return out


def _amp_cast(t, want):
    have = convert_dtype(t.dtype)
    if have == want:
        return t
    return call_new("cast", {"X": [t]}, {"in_dtype": int(have), "out_dtype": int(want)})


def _trace_with_grad(op_type, inputs, outputs, attrs):
    # The C++ tape runs the op and records its node (core.TapeNode, kept in the outputs'
    # _node): see eager_bind.cc RecordOp for in-place outputs.
    core.eager_record_op(op_type, inputs or {}, outputs or {}, attrs or {})


def _fill_like(value, fill):
    out = core.DenseTensor()
    core.eager_run_op("fill_any_like", {"X": [value]}, {"Out": [out]}, {"value": float(fill)})
    return out


def _add(a, b):
    out = core.DenseTensor()
    core.eager_run_op("elementwise_add", {"X": [a], "Y": [b]}, {"Out": [out]}, {})
    return out


def _run_backward(outputs, grad_outputs, retain_graph, blocked=frozenset(), create_graph=False):
    """Propagates gradients from `outputs` (seeded with `grad_outputs`, ones where None)
    through the tape (core.eager_backward: the grad ops of each node from its op record's
    grad maker). Returns (gradients by tensor uid, leaf tensors reached by uid): DenseTensors,
    or with create_graph Tensors computed by grad ops recorded on the tape."""
    seeds = []
    for t, g in zip(outputs, grad_outputs):
        if t.stop_gradient:
            raise RuntimeError(f"expected '{t.name}' to need a gradient for backward(), but its "
                               "stop_gradient is True")
        seed = g._t if isinstance(g, Tensor) else None
        if seed is None and g is not None:
            seed = to_tensor(g, dtype=t.dtype)._t
        if seed is None:
            seed = _fill_like(t._t, 1.0)
        if create_graph:
            seed = g if isinstance(g, Tensor) else Tensor(seed, stop_gradient=True)
        seeds.append((t, seed))
    return core.eager_backward(seeds, retain_graph, set(blocked), _grad_hooks, _hook_value,
                               create_graph)


def backward(tensors, grad_tensors=None, retain_graph=False):
    """paddle.autograd.backward: accumulates d(sum of tensors)/d(leaf) into each leaf's .grad."""
    tensors = _as_list(tensors)
    grad_tensors = _as_list(grad_tensors) or [None] * len(tensors)
    if len(grad_tensors) != len(tensors):
        raise ValueError(f"expected {len(tensors)} grad_tensors, but got {len(grad_tensors)}")
    with no_grad():
        grads, leaves = _run_backward(tensors, grad_tensors, retain_graph)
        for uid, leaf in leaves.items():
            if leaf.stop_gradient or uid not in grads:
                continue
            if leaf._grad is None:
                leaf._grad = Tensor(grads[uid], stop_gradient=True, name=leaf.name + _GRAD)
            else:
                leaf._grad._t = _add(leaf._grad._t, grads[uid])
        _run_post_backward_callbacks()


# Callables run once after the next backward() has accumulated the leaves' gradients
# (paddle.DataParallel all-reduces the gradients there).
_post_backward_callbacks = []


def _run_post_backward_callbacks():
    while _post_backward_callbacks:
        _post_backward_callbacks.pop(0)()


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, no_grad_vars=None):
    """paddle.grad: the gradients of `outputs` with respect to `inputs`, without touching .grad.
    With create_graph the grad ops run recorded on the tape (their own gradients come from the
    records' double-grad ops), so the returned gradients can be differentiated again; the
    graph is then kept unless retain_graph is False."""
    outputs, inputs = _as_list(outputs), _as_list(inputs)
    blocked = frozenset(_check_tensor(t, "paddle.grad", "no_grad_vars")._uid
                        for t in _as_list(no_grad_vars))
    grad_outputs = _as_list(grad_outputs) or [None] * len(outputs)
    retain = bool(create_graph if retain_graph is None else retain_graph)
    if create_graph:
        grads, _ = _run_backward(outputs, grad_outputs, retain, blocked, create_graph=True)
        return _grad_results(inputs, grads, allow_unused, lambda g: g)
    with no_grad():
        grads, _ = _run_backward(outputs, grad_outputs, retain, blocked=blocked)
    return _grad_results(inputs, grads, allow_unused, lambda g: Tensor(g, stop_gradient=True))


def _grad_results(inputs, grads, allow_unused, wrap):
    result = []
    for t in inputs:
        g = grads.get(t._uid)
        if g is None and not allow_unused:
            raise ValueError(f"expected '{t.name}' to be used in computing the outputs (or pass "
                             "allow_unused=True), but it is not reachable from them")
        result.append(None if g is None else wrap(g))
    return result


def _infer_dtype(data):
    if isinstance(data, (np.ndarray, np.generic)):  # NumPy arrays and scalars keep their dtype
        return None
    probe = np.asarray(data)
    if probe.dtype.kind == "f":
        from paddle.base.framework import get_default_dtype
        return get_default_dtype()
    if probe.dtype.kind in "iu":
        return "int64"
    if probe.dtype.kind == "b":
        return "bool"
    if probe.dtype.kind == "c":
        return "complex64"
    return None


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """paddle.to_tensor: a new eager tensor holding a copy of `data` (array, list, scalar or
    Tensor) on `place` (a Place or 'cpu' / 'gpu' / 'gpu:N'; paddle.set_device's when None).
    Python floats become the default float dtype (float32), ints int64; NumPy arrays and
    scalars (np.float64(2.0): a 0-D float64 tensor) keep their dtype."""
    if place is None:
        place = core.eager_expected_place()
    else:
        from paddle import device
        place = device._to_place(place)
    if isinstance(data, Tensor):
        array = data.numpy()
    else:
        if isinstance(data, (list, tuple)) and any(isinstance(d, Tensor) for d in data):
            data = [d.numpy() if isinstance(d, Tensor) else d for d in data]
        dtype = dtype if dtype is not None else _infer_dtype(data)
        array = np.asarray(data)
    if dtype is not None:
        array = array.astype(dtype_to_np(dtype), copy=False)
    value = core.DenseTensor()
    value.set(np.require(array, requirements="C"), place)
    return Tensor(value, stop_gradient=stop_gradient)


def _install_fast_operators():
    """Tensor (op) Tensor as C methods (eager_operators.cc): the same op, slots and
    attributes the API functions append (elementwise ops with axis -1, matmul_v2 without
    transposes), run without the Python layers between. What they do not take (scalars,
    static Variables, eager Tensors while a program is being built, as to_static does, calls
    recorded on the tape, errors) goes to the general method below."""
    from paddle.base import framework as _framework

    def general(name, op_type, attrs):
        def method(self, other):
            if isinstance(other, Tensor) and not _framework._static_mode:
                out = call_new(op_type, {"X": [self], "Y": [other]}, attrs)
                if out is not None:
                    return out
            return getattr(Variable, name)(self, other)  # installed by paddle.tensor.math
        method.__name__ = name
        return (name, op_type, attrs, method)

    axis = {"axis": -1}
    specs = [
        general("__add__", "elementwise_add", axis),
        general("__sub__", "elementwise_sub", axis),
        general("__mul__", "elementwise_mul", axis),
        general("__truediv__", "elementwise_div", axis),
        general("__matmul__", "matmul_v2", {"trans_x": False, "trans_y": False}),
    ]
    core.eager_install_operators(Tensor, specs)
    # paddle.add / subtract / multiply / divide / matmul on two Tensors take them too.
    from paddle.tensor import math as _math
    _math._eager_operators.update({op_type: getattr(Tensor, name) for name, op_type, _, _ in specs})
    _math._eager_tensor_type = Tensor


_install_fast_operators()
