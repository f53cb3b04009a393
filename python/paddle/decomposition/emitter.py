"""Emitter: inserts primitive ops into a static block in front of the composite op a rule is
rewriting, with fresh intermediate variables, the composite op's op_role and op_callstack
(so an error in a primitive still points at the user's line). The rules in rules.py speak
only through it."""
import numpy as np

from paddle.base import unique_name
from paddle.base.dtypes import VarType

_ATTR_STRINGS = 5  # AttrType.STRINGS, as framework.py writes op_callstack
FLOAT_DTYPES = (VarType.FP32, VarType.FP64)


class Emitter:
    def __init__(self, block, index, op):
        self.block = block
        self.index = index  # where the next primitive goes: in front of the composite op
        self.count = 0  # primitives emitted so far
        self.created = []  # intermediate variable names
        self.dtype = None  # the float dtype of the composite op's data, set by the rule
        self._role = op.attr("op_role") if op.has_attr("op_role") else 0
        self._callstack = op.attr("op_callstack") if op.has_attr("op_callstack") else None

    # -- plumbing -------------------------------------------------------------------------
    def var(self, stop_gradient=False):
        """A fresh intermediate variable; its shape and dtype come from the op that writes it."""
        name = unique_name.generate("prim_tmp")
        while self.block._find_var_recursive(name) is not None:  # a fresh unique_name.guard
            name = unique_name.generate("prim_tmp")
        v = self.block.create_var(name=name)
        if stop_gradient:
            v.stop_gradient = True
        self.created.append(name)
        return name

    def op(self, type, inputs=None, attrs=None, out=None, slot="Out", extra_outputs=None,
           stop_gradient=False):
        """Emits one op and returns the name of its `slot` output (`out`, or a fresh variable);
        extra_outputs names further output slots."""
        if out is None:
            out = self.var(stop_gradient)
        outputs = {slot: [out]}
        outputs.update(extra_outputs or {})
        ins = {k: [v] if isinstance(v, str) else list(v) for k, v in (inputs or {}).items()}
        attrs = dict(attrs or {})
        attrs["op_role"] = self._role
        new = self.block._insert_op(self.index + self.count, type, ins, outputs, attrs)
        if self._callstack is not None:
            new.desc.set_attr_typed("op_callstack", list(self._callstack), _ATTR_STRINGS)
        self.count += 1
        return out

    def undo(self):
        """Removes what this emitter inserted (a rule that failed half-way)."""
        for _ in range(self.count):
            self.block._remove_op(self.index)
        for name in self.created:
            if name in self.block.vars:
                self.block._remove_var(name)
        self.count = 0
        self.created = []

    # -- constants ------------------------------------------------------------------------
    def const(self, value, dtype=None, shape=(), values=None):
        """A constant tensor (0-D by default, so it broadcasts against anything) holding
        `value` rounded to dtype once, as the kernels' static_cast<T>(constant) does; fp64
        constants keep all their digits (an op's float attribute would not)."""
        dtype = self.dtype if dtype is None else dtype
        vals = [value] if values is None else list(values)
        field = {VarType.FP32: "fp32_values", VarType.FP64: "fp64_values",
                 VarType.INT32: "int32_values", VarType.INT64: "int64_values",
                 VarType.BOOL: "bool_values"}[dtype]
        if dtype in FLOAT_DTYPES:
            vals = [float(v) for v in vals]
        else:
            vals = [int(v) for v in vals]
        return self.op("assign_value", attrs={"shape": list(shape), "dtype": int(dtype),
                                              field: vals}, stop_gradient=True)

    # -- primitives -----------------------------------------------------------------------
    def binary(self, type, x, y, out=None, stop_gradient=False):
        return self.op(type, {"X": x, "Y": y}, {"axis": -1}, out=out,
                       stop_gradient=stop_gradient)

    def add(self, x, y, out=None):
        return self.binary("elementwise_add", x, y, out)

    def sub(self, x, y, out=None):
        return self.binary("elementwise_sub", x, y, out)

    def mul(self, x, y, out=None):
        return self.binary("elementwise_mul", x, y, out)

    def div(self, x, y, out=None):
        return self.binary("elementwise_div", x, y, out)

    def maximum(self, x, y, out=None):
        return self.binary("elementwise_max", x, y, out)

    def minimum(self, x, y, out=None):
        return self.binary("elementwise_min", x, y, out)

    def unary(self, type, x, out=None, stop_gradient=False):
        return self.op(type, {"X": x}, out=out, stop_gradient=stop_gradient)

    def scale(self, x, scale=1.0, bias=0.0, out=None):
        """x * scale + bias; the attributes are float32, so callers pass values a float
        represents exactly or that the kernel it replaces also rounds to float."""
        return self.op("scale", {"X": x}, {"scale": float(scale), "bias": float(bias),
                                           "bias_after_scale": True}, out=out)

    def cast(self, x, dtype, in_dtype, out=None, stop_gradient=False):
        return self.op("cast", {"X": x}, {"in_dtype": int(in_dtype), "out_dtype": int(dtype)},
                       out=out, stop_gradient=stop_gradient)

    def compare(self, type, x, y):
        return self.op(type, {"X": x, "Y": y}, {"axis": -1}, stop_gradient=True)

    def reduce(self, type, x, axes, keep_dim, out=None, stop_gradient=False):
        return self.op(type, {"X": x}, {"dim": list(axes), "keep_dim": bool(keep_dim),
                                        "reduce_all": False}, out=out,
                       stop_gradient=stop_gradient)

    def reshape(self, x, shape, out=None):
        xshape = self.var(stop_gradient=True)
        return self.op("reshape2", {"X": x}, {"shape": list(shape)}, out=out,
                       extra_outputs={"XShape": [xshape]})

    def mean(self, x, axes, keep_dim, out=None):
        """reduce_mean as reduce_sum / count. The count is a constant when the reduced
        extents are known at build time, else the sum of ones shaped like x (a dynamic batch);
        either way it carries no gradient."""
        shape = self.block._var_recursive(x).shape
        total = self.reduce("reduce_sum", x, axes, keep_dim)
        extents = [shape[a] for a in axes]
        if all(d >= 0 for d in extents):
            count = self.const(float(np.prod(extents, dtype=np.float64)))
        else:
            ones = self.op("fill_any_like", {"X": x}, {"value": 1.0, "dtype": -1},
                           stop_gradient=True)
            count = self.reduce("reduce_sum", ones, axes, keep_dim, stop_gradient=True)
        return self.div(total, count, out)


def normalize_axes(axes, rank):
    """Sorted axes in [0, rank), or None when one is out of range or repeated (the kernels'
    errors: the op stays composite and raises them)."""
    out = []
    for a in axes:
        a = int(a)
        if a < -rank or a >= max(rank, 1):
            return None
        out.append(a % rank if rank else 0)
    if len(set(out)) != len(out):
        return None
    return sorted(out)
