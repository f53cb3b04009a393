"""Static-graph program model: Program, Block, Operator, Variable and Parameter, thin Python
views over the C++ ProgramDesc, plus the default programs and their guards.

Ops are appended through Block.append_op, which fills attribute defaults from the op's
record, records the user's call stack (op_callstack) and runs build-time shape inference,
so a shape error is raised at the user's own line. In dynamic (eager) mode, the default as in
PaddlePaddle, the same calls create eager Tensors and run each op at once (base/eager.py).
"""
import collections
import contextlib
import os
import traceback

import numpy as np

from paddle.base import core, unique_name
from paddle.base.dtypes import VarType, convert_dtype

GRAD_SUFFIX = "@GRAD"
_ATTR_STRINGS = 5  # AttrType.STRINGS
_PADDLE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class OpRole:
    Forward = 0x0
    Backward = 0x1
    Optimize = 0x2
    RPC = 0x4
    Dist = 0x8
    LRSched = 0x10
    Loss = 0x100


_op_role = OpRole.Forward
_name_scopes = []
_op_device = None  # paddle.static.device_guard: the op_device of ops appended now
_static_mode = False  # PaddlePaddle starts in dynamic mode; static scripts call enable_static()
_default_dtype = "float32"


def in_dygraph_mode():
    return not _static_mode


def in_dynamic_mode():
    return not _static_mode


def _set_static_mode(flag):
    global _static_mode
    _static_mode = flag
    core.eager_set_static_mode(bool(flag))  # the copy Tensor's C operators read


@contextlib.contextmanager
def _static_mode_guard(flag=True):
    """Static (program-building) mode inside, e.g. while to_static traces a function."""
    old = _static_mode
    _set_static_mode(flag)
    try:
        yield
    finally:
        _set_static_mode(old)


def get_default_dtype():
    return _default_dtype


def set_default_dtype(d):
    global _default_dtype
    name = d if isinstance(d, str) else np.dtype(d).name
    if name not in ("float16", "float32", "float64", "bfloat16"):
        raise TypeError(f"expected a floating default dtype (float16, float32, float64), but got {d!r}")
    _default_dtype = name


@contextlib.contextmanager
def _op_role_guard(role):
    global _op_role
    old, _op_role = _op_role, role
    try:
        yield
    finally:
        _op_role = old


@contextlib.contextmanager
def device_guard(device=None):
    """Ops appended inside run on `device` ('cpu', 'gpu' or 'gpu:N'): the op_device attribute
    the execution plan obeys first (an op with no kernel there still falls back to the CPU,
    and the plan records why). None leaves the choice to the executor's place."""
    global _op_device
    if device is not None:
        text = str(device)
        if text != "cpu" and not (text == "gpu" or text.startswith("gpu:")):
            raise ValueError(f"expected device 'cpu', 'gpu' or 'gpu:N', but got {device!r}")
    previous, _op_device = _op_device, device
    try:
        yield
    finally:
        _op_device = previous


@contextlib.contextmanager
def name_scope(prefix=None):
    """Names the ops appended inside (the op_namescope attribute), nested with '/'."""
    _name_scopes.append(prefix or "")
    try:
        yield
    finally:
        _name_scopes.pop()


def _user_callstack(limit=6):
    """The caller's frames outside this package, innermost last, as PaddlePaddle's
    op_callstack lines."""
    lines = []
    for frame in traceback.extract_stack()[:-2]:
        if frame.filename.startswith(_PADDLE_DIR):
            continue
        lines.append(f'  File "{frame.filename}", line {frame.lineno}, in {frame.name}')
        if frame.line:
            lines.append(f"    {frame.line}")
    return lines[-2 * limit:]


class Variable:
    """A variable of a block: a view of its VarDesc."""

    def __init__(self, block, name=None, shape=None, dtype=None, type=VarType.LOD_TENSOR,
                 lod_level=None, persistable=None, stop_gradient=False, need_check_feed=False,
                 **kwargs):
        self.block = block
        if name is None:
            name = unique_name.generate("_generated_var")
        desc = block.desc.find_var(name)
        self.desc = desc if desc is not None else block.desc.var(name)
        if desc is None or type != VarType.LOD_TENSOR:
            self.desc.set_type(type)
        if self.desc.has_tensor_desc():
            if shape is not None:
                self.desc.set_shape([int(d) if d is not None else -1 for d in shape])
            if dtype is not None:
                self.desc.set_dtype(convert_dtype(dtype))
            if lod_level is not None:
                self.desc.set_lod_level(lod_level)
        if persistable is not None:
            self.desc.set_persistable(persistable)
        if stop_gradient:
            self.desc.set_stop_gradient(True)
        if need_check_feed:
            self.desc.set_need_check_feed(True)
        self.op = None  # the op that produced it, when known
        self.is_data = kwargs.get("is_data", False)

    # -- desc-backed properties ---------------------------------------------------------
    @property
    def name(self):
        return self.desc.name()

    @name.setter
    def name(self, new_name):
        self.block._rename_var(self.name, new_name)

    @property
    def shape(self):
        return tuple(self.desc.shape())

    @property
    def ndim(self):
        return len(self.desc.shape())

    def dim(self):
        return self.ndim

    @property
    def dtype(self):
        return self.desc.dtype()

    @property
    def type(self):
        return self.desc.type()

    @property
    def lod_level(self):
        return self.desc.lod_level()

    @property
    def persistable(self):
        return self.desc.persistable()

    @persistable.setter
    def persistable(self, value):
        self.desc.set_persistable(bool(value))

    @property
    def stop_gradient(self):
        return self.desc.stop_gradient()

    @stop_gradient.setter
    def stop_gradient(self, value):
        self.desc.set_stop_gradient(bool(value))

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def numel(self):
        """The number of elements as a 0-D int64 tensor, as paddle.numel gives it (`size` is the
        product of the static shape)."""
        from paddle.tensor.manipulation import numel
        return numel(self)

    def astype(self, dtype):
        from paddle.tensor.manipulation import cast
        return cast(self, dtype)

    def clone(self):
        from paddle.tensor.creation import assign
        return assign(self)

    def __str__(self):
        return self.desc.to_string()

    __repr__ = __str__

    def to_string(self, throw_on_error=False, with_details=False):
        return str(self)

    def __hash__(self):
        return id(self)

    def __len__(self):
        return self.shape[0]

    def __iter__(self):
        raise TypeError("a static Variable is not iterable; index it with x[i]")

    def __bool__(self):
        raise TypeError("the truth value of a static Variable is unknown until it runs")

    def __index__(self):
        raise TypeError("a static Variable cannot be used as a Python index")


class _ParameterMixin:
    """What static and eager parameters share: the known-extent shape check, the optimizer
    and regularization settings, and `trainable` as the inverse of stop_gradient."""

    @staticmethod
    def _check_parameter_shape(shape):
        if shape is None or any(d is None or d < 0 for d in shape):
            raise ValueError(f"expected a parameter shape with known extents, but got {shape}")

    def _set_parameter_attrs(self, optimize_attr, regularizer, need_clip, do_model_average):
        self.optimize_attr = optimize_attr or {"learning_rate": 1.0}
        self.regularizer = regularizer
        self.need_clip = need_clip
        self.do_model_average = do_model_average
        self.is_distributed = False

    @property
    def trainable(self):
        return not self.stop_gradient

    @trainable.setter
    def trainable(self, value):
        self.stop_gradient = not value


class Parameter(_ParameterMixin, Variable):
    """A persistable, trainable variable, initialized by an op in the startup program."""

    def __init__(self, block, shape, dtype, name=None, trainable=True, optimize_attr=None,
                 regularizer=None, need_clip=True, do_model_average=None, **kwargs):
        self._check_parameter_shape(shape)
        super().__init__(block, name=name, shape=shape, dtype=dtype, persistable=True, **kwargs)
        self.desc.set_is_parameter(True)
        self.trainable = trainable
        self._set_parameter_attrs(optimize_attr, regularizer, need_clip, do_model_average)


class Operator:
    """An op of a block: a view of its OpDesc."""

    def __init__(self, block, desc, type=None, inputs=None, outputs=None, attrs=None):
        self.block = block
        self.desc = desc
        if type is None:
            return  # wrapping an existing desc
        desc.set_type(type)
        for slot, args in (inputs or {}).items():
            names = _arg_names(args)
            if names or not isinstance(args, (list, tuple)):
                desc.set_input(slot, names)
        for slot, args in (outputs or {}).items():
            names = _arg_names(args)
            desc.set_output(slot, names)
            for arg in args if isinstance(args, (list, tuple)) else [args]:
                if isinstance(arg, Variable):
                    arg.op = self
        record = core.op_record(type) if core.has_op(type) else None
        if record is None:
            raise KeyError(f"expected a registered op type, but got '{type}'")
        attrs = dict(attrs or {})
        for name, _, default, required in record["attrs"]:
            if name not in attrs and not required and default is not None:
                attrs[name] = default
        for name, value in attrs.items():
            if value is None:
                continue
            if isinstance(value, Block):
                desc.set_block_attr(name, value.idx)
            else:
                desc.set_attr(name, _plain(value))
        if not desc.has_attr("op_role"):
            desc.set_attr("op_role", _op_role)
        if _name_scopes:
            desc.set_attr("op_namescope", "/" + "/".join(s for s in _name_scopes if s) + "/")
        if _op_device is not None and not desc.has_attr("op_device"):
            desc.set_attr("op_device", _op_device)
        desc.set_attr_typed("op_callstack", _user_callstack(), _ATTR_STRINGS)
        desc.infer_shape(block.desc)

    @property
    def type(self):
        return self.desc.type()

    def input(self, name):
        return self.desc.input(name)

    def output(self, name):
        return self.desc.output(name)

    @property
    def input_names(self):
        return self.desc.input_names()

    @property
    def output_names(self):
        return self.desc.output_names()

    @property
    def input_arg_names(self):
        return self.desc.input_arg_names()

    @property
    def output_arg_names(self):
        return self.desc.output_arg_names()

    @property
    def attr_names(self):
        return self.desc.attr_names()

    def has_attr(self, name):
        return self.desc.has_attr(name)

    def attr(self, name):
        return self.desc.attr(name)

    def all_attrs(self):
        return {n: self.desc.attr(n) for n in self.desc.attr_names()}

    def _set_attr(self, name, value):
        self.desc.set_attr(name, _plain(value))

    def _rename_input(self, old, new):
        self.desc.rename_input(old, new)

    def _rename_output(self, old, new):
        self.desc.rename_output(old, new)

    def __str__(self):
        return "<removed op>" if self.desc is None else self.desc.to_string()

    __repr__ = __str__


def _arg_names(args):
    if args is None:
        return []
    if not isinstance(args, (list, tuple)):
        args = [args]
    return [a.name if isinstance(a, Variable) else str(a) for a in args]


def _plain(value):
    """NumPy scalars and tuples as plain Python values for attributes."""
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, VarType):
        return int(value)
    return value


def _eager_var(name=None, shape=None, dtype=None, persistable=None, stop_gradient=True,
               **kwargs):
    """Block.create_var in dynamic mode: an empty eager tensor (ops fill it when they run)."""
    from paddle.base import eager
    t = eager.Tensor(stop_gradient=True, name=name, persistable=bool(persistable))
    if dtype is not None and shape is not None and all(d is not None and d >= 0 for d in shape):
        t._t.set(np.zeros([int(d) for d in shape], _np_dtype(dtype)), core.eager_expected_place())
    return t


def _np_dtype(dtype):
    from paddle.base.dtypes import dtype_to_np
    return dtype_to_np(dtype)


class Block:
    """A block of a program: its variables (name -> Variable) and ops, in order."""

    def __init__(self, program, idx):
        self.program = program
        self.idx = idx
        self.desc = program.desc.block(idx)
        self.vars = collections.OrderedDict()
        self.ops = []

    @property
    def parent_idx(self):
        return self.desc.parent

    @property
    def forward_block_idx(self):
        return self.desc.get_forward_block_idx()

    def __str__(self):
        lines = [f"{{ // block {self.idx}"]
        lines += ["    " + v.desc.to_string() for v in self.vars.values()]
        lines.append("")
        lines += ["    " + str(op) for op in self.ops]
        lines.append("}")
        return "\n".join(lines)

    def var(self, name):
        if not isinstance(name, str):
            raise TypeError(f"expected a variable name, but got {type(name).__name__}")
        v = self.vars.get(name)
        if v is None:
            raise ValueError(f"var {name} not in this block")
        return v

    def has_var(self, name):
        return name in self.vars

    def _find_var_recursive(self, name):
        block = self
        while True:
            if name in block.vars:
                return block.vars[name]
            if block.parent_idx < 0:
                return None
            block = self.program.block(block.parent_idx)

    def _var_recursive(self, name):
        v = self._find_var_recursive(name)
        if v is None:
            raise ValueError(f"var {name} is not found recursively")
        return v

    def create_var(self, *args, **kwargs):
        if not _static_mode:
            return _eager_var(*args, **kwargs)
        v = Variable(self, *args, **kwargs)
        self.vars[v.name] = v
        self.program._bump()
        return v

    def create_parameter(self, *args, **kwargs):
        initializer = kwargs.pop("initializer", None)
        if not _static_mode:
            from paddle.base import eager
            p = eager.EagerParamBase(*args, **kwargs)
            if initializer is not None:
                with eager.no_grad():
                    initializer(p, self)
            return p
        p = Parameter(self, *args, **kwargs)
        self.vars[p.name] = p
        if initializer is not None:
            initializer(p, self)
        self.program._bump()
        return p

    def all_parameters(self):
        return [v for v in self.vars.values() if isinstance(v, Parameter)]

    def iter_parameters(self):
        return iter(self.all_parameters())

    def append_op(self, type=None, inputs=None, outputs=None, attrs=None, **kwargs):
        return self._insert_op(len(self.ops), type, inputs, outputs, attrs)

    def _prepend_op(self, type=None, inputs=None, outputs=None, attrs=None):
        return self._insert_op(0, type, inputs, outputs, attrs)

    def _insert_op(self, index, type=None, inputs=None, outputs=None, attrs=None):
        if not _static_mode:
            from paddle.base import eager
            return eager.trace_op(type, inputs, outputs, attrs)
        desc = self.desc.insert_op(index)
        op = Operator(self, desc)
        try:
            op.__init__(self, desc, type, inputs, outputs, attrs)
        except BaseException:
            op.desc = None  # its desc is freed next: nothing may reach it (e.g. a traceback's repr)
            self.desc.remove_op(index, index + 1)  # a failed append leaves no half-built op
            raise
        self.ops.insert(index, op)
        self.program._bump()
        return op

    def _remove_op(self, index, sync=True):
        self.ops[index].desc = None  # a caller may still hold the Operator; its desc is freed
        self.desc.remove_op(index, index + 1)
        del self.ops[index]
        self.program._bump()

    def _remove_var(self, name, sync=True):
        self.desc.remove_var(name)
        self.vars.pop(name, None)
        self.program._bump()

    def _rename_var(self, old, new):
        self.desc.rename_var(old, new)
        v = self.vars.pop(old)
        self.vars[new] = v
        self.program._bump()
        return v

    def _sync_with_cpp(self):
        """Wraps variables and ops the C++ side added (backward, passes) and drops the ones
        it removed."""
        names = set()
        for desc in self.desc.all_vars():
            name = desc.name()
            names.add(name)
            if name not in self.vars:
                v = Variable.__new__(Variable)
                v.block, v.desc, v.op, v.is_data = self, desc, None, False
                self.vars[name] = v
            else:
                self.vars[name].desc = desc
        for name in list(self.vars):
            if name not in names:
                del self.vars[name]
        self.ops = [Operator(self, self.desc.op(i)) for i in range(self.desc.op_size())]
        self.program._bump()


class Program:
    """A static program: blocks of variables and ops, serialized as PaddlePaddle's
    ProgramDesc."""

    def __init__(self):
        self.desc = core.ProgramDesc()
        self.blocks = [Block(self, 0)]
        self.current_block_idx = 0
        self.random_seed = 0
        self._version = 0
        self._is_start_up_program_ = False

    def _bump(self):
        self._version += 1

    def global_block(self):
        return self.blocks[0]

    def block(self, index):
        return self.blocks[index]

    def current_block(self):
        return self.blocks[self.current_block_idx]

    @property
    def num_blocks(self):
        return self.desc.num_blocks()

    def _create_block(self, parent_idx=None):
        parent = self.current_block() if parent_idx is None else self.block(parent_idx)
        self.desc.append_block(parent.desc)
        self.current_block_idx = self.desc.num_blocks() - 1
        self.blocks.append(Block(self, self.current_block_idx))
        self._bump()
        return self.current_block()

    def _rollback(self):
        self.current_block_idx = self.current_block().parent_idx

    def all_parameters(self):
        params = []
        for block in self.blocks:
            params.extend(block.all_parameters())
        return params

    def list_vars(self):
        for block in self.blocks:
            yield from block.vars.values()

    def __str__(self):
        return "\n".join(str(b) for b in self.blocks)

    def to_string(self, throw_on_error=False, with_details=False):
        return str(self)

    def _sync_with_cpp(self):
        while len(self.blocks) < self.desc.num_blocks():
            self.blocks.append(Block(self, len(self.blocks)))
        for block in self.blocks:
            block._sync_with_cpp()

    def clone(self, for_test=False):
        """A copy. With for_test, backward and optimizer ops (and the variables only they
        use) are dropped and every op's is_test attribute is set."""
        p = Program()
        p.desc = core.ProgramDesc(self.desc)
        p.blocks = [Block(p, i) for i in range(p.desc.num_blocks())]
        p.random_seed = self.random_seed
        p._sync_with_cpp()
        p._copy_var_info_from(self)
        if for_test:
            p._prune_training_ops()
            for block in p.blocks:
                for op in block.ops:
                    if op.has_attr("is_test") or _record_has_attr(op.type, "is_test"):
                        op._set_attr("is_test", True)
        return p

    def _copy_var_info_from(self, other):
        for block, src in zip(self.blocks, other.blocks):
            for name, var in src.vars.items():
                if name not in block.vars:
                    continue
                if isinstance(var, Parameter):
                    mine = block.vars[name]
                    mine.__class__ = Parameter
                    for attr in ("optimize_attr", "regularizer", "need_clip", "do_model_average",
                                 "is_distributed"):
                        setattr(mine, attr, getattr(var, attr, None))
                block.vars[name].is_data = getattr(var, "is_data", False)

    def _prune_training_ops(self):
        train_roles = OpRole.Backward | OpRole.Optimize
        for block in self.blocks:
            for i in reversed(range(len(block.ops))):
                role = block.ops[i].attr("op_role") if block.ops[i].has_attr("op_role") else 0
                if role & train_roles:
                    block._remove_op(i)
            used = set()
            for op in block.ops:
                used.update(op.input_arg_names)
                used.update(op.output_arg_names)
            for name in list(block.vars):
                v = block.vars[name]
                if name not in used and (GRAD_SUFFIX in name or not v.persistable):
                    block._remove_var(name)

    @staticmethod
    def parse_from_string(binary_str):
        p = Program()
        p.desc = core.ProgramDesc.parse_from_string(binary_str)
        p.blocks = [Block(p, i) for i in range(p.desc.num_blocks())]
        p._sync_with_cpp()
        return p

    def serialize_to_string(self):
        return self.desc.serialize_to_string()

    def _cache_key(self):
        """(uid, generation) of the desc: names this content; any edit of the desc, through
        Python or C++, bumps the generation. The desc object itself may be replaced too."""
        return (self.desc.uid(), self.desc.generation())


def _record_has_attr(op_type, name):
    if not core.has_op(op_type):
        return False
    return any(a[0] == name for a in core.op_record(op_type)["attrs"])


_main_program_ = Program()
_startup_program_ = Program()
_startup_program_._is_start_up_program_ = True


def default_main_program():
    return _main_program_


def default_startup_program():
    return _startup_program_


def switch_main_program(program):
    global _main_program_
    old, _main_program_ = _main_program_, program
    return old


def switch_startup_program(program):
    global _startup_program_
    old, _startup_program_ = _startup_program_, program
    return old


@contextlib.contextmanager
def program_guard(main_program, startup_program=None):
    """Makes `main_program` (and `startup_program`) the defaults inside the block."""
    if not isinstance(main_program, Program):
        raise TypeError(f"expected main_program to be a Program, but got {type(main_program).__name__}")
    if startup_program is not None and not isinstance(startup_program, Program):
        raise TypeError("expected startup_program to be a Program, but got "
                        f"{type(startup_program).__name__}")
    old_main = switch_main_program(main_program)
    old_startup = switch_startup_program(startup_program) if startup_program is not None else None
    try:
        yield
    finally:
        switch_main_program(old_main)
        if startup_program is not None:
            switch_startup_program(old_startup)

