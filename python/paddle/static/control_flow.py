"""Static control flow: cond (one conditional_block per branch, outputs merged by select_input),
while_loop (a while op over a sub-block) and Print (a print op). With a Python or eager
predicate cond and while_loop are plain Python control flow, as in PaddlePaddle's dynamic mode.
to_static's converted code uses them."""
import numbers

from paddle.base import core, unique_name
from paddle.base.dtypes import VarType, convert_dtype, dtype_to_str
from paddle.base.framework import Variable, default_main_program

_EMPTY = core.empty_var_name()


class UndefinedVar:
    """A name with no value at this point of converted code: first assigned inside a loop or
    defined in only one branch of a tensor-dependent if. Any use raises, naming why."""

    def __init__(self, name, reason=None):
        self._name = name
        self._reason = reason

    def _fail(self, *args, **kwargs):
        why = f" ({self._reason})" if self._reason else ""
        raise NameError(f"expected variable '{self._name}' to have a value here, but it is "
                        f"undefined{why}")

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        self._fail()

    def __repr__(self):
        return f"UndefinedVar({self._name!r})"

    __bool__ = __call__ = __iter__ = __len__ = __getitem__ = __setitem__ = _fail
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _fail
    __truediv__ = __rtruediv__ = __floordiv__ = __mod__ = __pow__ = __matmul__ = _fail
    __neg__ = __pos__ = __abs__ = __lt__ = __le__ = __gt__ = __ge__ = __index__ = _fail
    __int__ = __float__ = _fail


# -- nested structures (lists, tuples, dicts of leaves) ------------------------------------------
def _is_namedtuple(value):
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


def _dict_keys(d):
    try:
        return sorted(d)
    except TypeError:
        return list(d)


def flatten(structure):
    """The leaves of nested lists, tuples and dicts, depth first."""
    leaves = []

    def visit(s):
        if isinstance(s, (list, tuple)):
            for item in s:
                visit(item)
        elif isinstance(s, dict):
            for key in _dict_keys(s):
                visit(s[key])
        else:
            leaves.append(s)

    visit(structure)
    return leaves


def pack_as(structure, leaves):
    """`structure` rebuilt with `leaves` (as flatten lists them) in place of its leaves."""
    it = iter(leaves)

    def build(s):
        # A container whose leaves all come back unchanged is returned itself: identity
        # matters for lists that converted code passes through untouched.
        if isinstance(s, (list, tuple)):
            items = [build(item) for item in s]
            if all(a is b for a, b in zip(items, s)):
                return s
            if _is_namedtuple(s):
                return type(s)(*items)
            return type(s)(items) if isinstance(s, tuple) else items
        if isinstance(s, dict):
            out = {key: build(s[key]) for key in _dict_keys(s)}
            if all(out[k] is s[k] for k in s):
                return s
            return type(s)((k, out[k]) for k in s) if type(s) is not dict else {k: out[k] for k in s}
        return next(it)

    return build(structure)


def structure_of(structure):
    """A comparable description of the nesting (leaves as '*')."""
    if isinstance(structure, (list, tuple)):
        return (type(structure).__name__, tuple(structure_of(s) for s in structure))
    if isinstance(structure, dict):
        keys = _dict_keys(structure)
        return ("dict", tuple(keys), tuple(structure_of(structure[k]) for k in keys))
    return "*"


# -- helpers ---------------------------------------------------------------------------------------
def is_static_var(value):
    """A variable of the program being built (an eager Tensor holds a value instead)."""
    from paddle.base.eager import Tensor
    return isinstance(value, Variable) and not isinstance(value, Tensor)


def _is_var(value):
    return isinstance(value, Variable)


def _is_number(value):
    return isinstance(value, numbers.Number) and not isinstance(value, complex)


def _same_python_value(a, b):
    if a is b:
        return True
    if type(a) is not type(b) or not isinstance(a, (numbers.Number, str, bytes, type(None))):
        return False
    return a == b


def _number_dtype(*values):
    if all(isinstance(v, bool) for v in values):
        return VarType.BOOL
    if all(isinstance(v, numbers.Integral) for v in values):
        return VarType.INT64
    return VarType.FP32


def _constant(value, dtype):
    from paddle.tensor.creation import fill_constant
    return fill_constant([], dtype, value)


def _truth(pred, what):
    from paddle.base.eager import Tensor
    if isinstance(pred, Tensor):
        if pred.size != 1:
            raise ValueError(f"expected the predicate of {what} to hold one element, but got "
                             f"shape {pred.shape}")
        return bool(pred.item())
    return bool(pred)


def _placeholder(like):
    from paddle.tensor.creation import fill_constant
    return fill_constant([d if d >= 0 else 1 for d in like.shape], like.dtype, 0)


def _check_pred(pred, what):
    if convert_dtype(pred.dtype) != VarType.BOOL:
        raise TypeError(f"expected the predicate of {what} to be a bool tensor, but got "
                        f"'{pred.name}' of dtype {dtype_to_str(pred.dtype)}")
    shape = list(pred.shape)
    if all(d >= 0 for d in shape) and any(d != 1 for d in shape):
        raise ValueError(f"expected the predicate of {what} to hold one element, but got "
                         f"'{pred.name}' of shape {shape}")


def _label(names, i):
    if names is not None and i < len(names):
        return f"variable '{names[i]}'"
    return f"output #{i}"


class _InBlock:
    """Appends to `block` inside (e.g. a branch's sub-block after its function returned)."""

    def __init__(self, program, block):
        self.program, self.block = program, block

    def __enter__(self):
        self.saved = self.program.current_block_idx
        self.program.current_block_idx = self.block.idx

    def __exit__(self, *exc):
        self.program.current_block_idx = self.saved


def _new_var(block, prefix, like=None, dtype=None, shape=None):
    return block.create_var(name=unique_name.generate(prefix),
                            dtype=dtype if dtype is not None else like.dtype,
                            shape=list(shape if shape is not None else like.shape))


def _assign_to(block, src, dst):
    block.append_op(type="assign", inputs={"X": [src]}, outputs={"Out": [dst]})


def _merged_shape(a, b, what, strict=True):
    """Extents both shapes agree on, -1 elsewhere. Converted code (strict=False) may merge a
    number with a tensor: the result takes the higher rank (runtime shapes follow the branch
    taken; the interpreter infers shapes again when they change)."""
    a, b = list(a), list(b)
    if len(a) != len(b):
        if strict:
            raise ValueError(f"expected {what} to keep its rank, but got shapes {a} and {b}")
        a, b = (a, b) if len(a) > len(b) else (b, a)
        b = [None] * (len(a) - len(b)) + b
    return [x if x == y else -1 for x, y in zip(a, b)]


def _outer_io(block):
    """Names the ops of `block` read and write that live outside it: the inputs and outputs
    its control-flow op must list, so that dependencies and memory reuse in the enclosing
    block see them."""
    local = {v.name() for v in block.desc.all_vars()}
    reads, writes, seen_r, seen_w = [], [], set(), set()
    for op in block.ops:
        for name in op.input_arg_names:
            if name != _EMPTY and name not in local and name not in seen_r:
                seen_r.add(name)
                reads.append(name)
        for name in op.output_arg_names:
            if name != _EMPTY and name not in local and name not in seen_w:
                seen_w.add(name)
                writes.append(name)
    return reads, writes


def _trace_in_sub_block(program, fn, *args):
    block = program._create_block()
    try:
        out = fn(*args) if fn is not None else None
    finally:
        program._rollback()
    return block, out


def _append_conditional_block(parent, block, cond_var):
    if not block.ops:
        return
    reads, writes = _outer_io(block)
    scope = parent.create_var(name=unique_name.generate("cond_scope"), type=VarType.STEP_SCOPES)
    parent.append_op(type="conditional_block",
                     inputs={"Cond": [cond_var], "Input": reads},
                     outputs={"Out": writes, "Scope": [scope]},
                     attrs={"sub_block": parent.program.block(block.idx),
                            "is_scalar_condition": True})


# -- cond --------------------------------------------------------------------------------------------
def cond(pred, true_fn=None, false_fn=None, name=None, return_names=None):
    """Runs true_fn() if pred else false_fn(). With a bool Variable of one element as pred
    (static mode), both branches are traced into sub-blocks run by conditional_block ops and
    their outputs (same nesting; tensors or equal Python values) merged by select_input."""
    for label, fn in (("true_fn", true_fn), ("false_fn", false_fn)):
        if fn is not None and not callable(fn):
            raise TypeError(f"expected {label} of cond to be callable or None, but got "
                            f"{type(fn).__name__}")
    if not is_static_var(pred):
        if not isinstance(pred, (bool, Variable)) and not _is_number(pred):
            raise TypeError(f"expected pred of cond to be a bool tensor, but got {type(pred).__name__}")
        chosen = true_fn if _truth(pred, "cond") else false_fn
        return chosen() if chosen is not None else None
    _check_pred(pred, "cond")
    return build_cond(pred, true_fn, false_fn, names=return_names, strict=True)


def build_cond(pred, true_fn, false_fn, names=None, strict=True):
    """cond on a static predicate. strict=False (converted code, outputs = the values of the
    variables `names`): a variable the branches cannot merge becomes UndefinedVar instead of
    raising, so only its later use fails; one defined in one branch only gets a placeholder."""
    program = default_main_program()
    parent = program.current_block()
    true_block, true_out = _trace_in_sub_block(program, true_fn)
    from paddle.tensor.math import logical_not
    not_pred = logical_not(pred)
    false_block, false_out = _trace_in_sub_block(program, false_fn)
    if true_fn is None or false_fn is None:
        given, label = (true_out, "true_fn") if false_fn is None else (false_out, "false_fn")
        if given is not None:
            raise ValueError(f"expected {label} of cond to return None when the other branch is "
                             f"missing (there is nothing to merge with), but got {type(given).__name__}")
        _append_conditional_block(parent, true_block, pred)
        _append_conditional_block(parent, false_block, not_pred)
        return None
    per_name = (not strict and names is not None and isinstance(true_out, tuple)
                and isinstance(false_out, tuple) and len(true_out) == len(false_out) == len(names))
    groups = list(zip(names, true_out, false_out)) if per_name else [(None, true_out, false_out)]
    merger = _Merger(program, parent, true_block, false_block, strict)
    merged = []
    for name, t_out, f_out in groups:
        if structure_of(t_out) != structure_of(f_out):
            if strict:
                raise ValueError("expected true_fn and false_fn of cond to return the same "
                                 f"nesting of outputs, but got {structure_of(t_out)} and "
                                 f"{structure_of(f_out)}")
            merged.append(UndefinedVar(name, "it has different kinds of values in the two "
                                             "branches of a tensor-dependent if"))
            continue
        leaves = [merger.merge(t, f, f"variable '{name}'" if name else f"output #{i}", name)
                  for i, (t, f) in enumerate(zip(flatten(t_out), flatten(f_out)))]
        merged.append(pack_as(t_out, leaves))
    _append_conditional_block(parent, true_block, pred)
    _append_conditional_block(parent, false_block, not_pred)
    if merger.selects:
        from paddle.tensor.manipulation import cast
        mask = cast(pred, "int32")
        for false_var, true_var, result, shape in merger.selects:
            parent.append_op(type="select_input", inputs={"X": [false_var, true_var], "Mask": [mask]},
                             outputs={"Out": [result]})
            result.desc.set_shape(shape)  # InferMeta copied the false branch's extents
    return tuple(merged) if per_name else merged[0]


class _Merger:
    """Merges one output of the two branches: equal Python values pass through; tensors and
    numbers are copied out of each branch into the enclosing block for select_input."""

    def __init__(self, program, parent, true_block, false_block, strict):
        self.program, self.parent, self.strict = program, parent, strict
        self.true_block, self.false_block = true_block, false_block
        self.selects = []

    def merge(self, t, f, label, name):
        if t is f or (not _is_var(t) and not _is_var(f) and _same_python_value(t, f)):
            return t
        if not self.strict and (_is_var(t) and isinstance(f, UndefinedVar)
                                or _is_var(f) and isinstance(t, UndefinedVar)):
            # Defined in one branch only (e.g. a value returned from inside a loop): the other
            # branch gets a placeholder of the same dtype, never read by a correct program.
            defined = t if _is_var(t) else f
            with _InBlock(self.program, self.false_block if _is_var(t) else self.true_block):
                placeholder = _placeholder(defined)
            t, f = (t, placeholder) if _is_var(t) else (placeholder, f)
        mergeable = ((_is_var(t) or _is_number(t)) and (_is_var(f) or _is_number(f))
                     and not isinstance(t, UndefinedVar) and not isinstance(f, UndefinedVar))
        if not mergeable:
            if self.strict:
                raise TypeError(f"expected both branches of cond to return tensors (or equal "
                                f"Python values) for {label}, but got {type(t).__name__} and "
                                f"{type(f).__name__}")
            return UndefinedVar(name or label, "it is a tensor or defined in only one branch of "
                                               "a tensor-dependent if")
        dtype = t.dtype if _is_var(t) else (f.dtype if _is_var(f) else _number_dtype(t, f))
        branch_vars = []
        for block, value in ((self.true_block, t), (self.false_block, f)):
            if not _is_var(value):
                with _InBlock(self.program, block):
                    value = _constant(value, dtype)
            branch_vars.append(value)
        tv, fv = branch_vars
        if convert_dtype(tv.dtype) != convert_dtype(fv.dtype):
            raise TypeError(f"expected both branches of cond to give {label} the same dtype, but "
                            f"the true branch gives {dtype_to_str(tv.dtype)} and the false branch "
                            f"{dtype_to_str(fv.dtype)}")
        shape = _merged_shape(tv.shape, fv.shape, f"{label} of cond", self.strict)
        outs = []
        for block, value in ((self.true_block, tv), (self.false_block, fv)):
            out = _new_var(self.parent, "cond_branch_out", like=value)
            with _InBlock(self.program, block):
                _assign_to(block, value, out)
            outs.append(out)
        result = _new_var(self.parent, "cond_out", dtype=tv.dtype, shape=shape)
        result.stop_gradient = tv.stop_gradient and fv.stop_gradient
        self.selects.append((outs[1], outs[0], result, shape))
        return result


# -- while_loop ------------------------------------------------------------------------------------
def _as_loop_list(out, n):
    if n == 1 and not isinstance(out, (list, tuple)):
        return [out]
    if not isinstance(out, (list, tuple)):
        raise TypeError(f"expected the body of while_loop to return a list or tuple of {n} loop "
                        f"variables, but got {type(out).__name__}")
    if len(out) != n:
        raise ValueError(f"expected the body of while_loop to return {n} loop variables, but "
                         f"got {len(out)}")
    return list(out)


def while_loop(cond, body, loop_vars, is_test=False, name=None):
    """Repeats loop_vars = body(*loop_vars) while cond(*loop_vars). With a bool Variable as the
    condition (static mode) the body is traced once into a sub-block run by a while op;
    returns the loop variables after the loop, as a list."""
    if not callable(cond):
        raise TypeError(f"expected cond of while_loop to be callable, but got {type(cond).__name__}")
    if not callable(body):
        raise TypeError(f"expected body of while_loop to be callable, but got {type(body).__name__}")
    if not isinstance(loop_vars, (list, tuple)):
        raise TypeError(f"expected loop_vars of while_loop to be a list or tuple, but got "
                        f"{type(loop_vars).__name__}")
    if not loop_vars:
        raise ValueError("expected loop_vars of while_loop to hold at least one variable, but got none")
    values = list(loop_vars)
    pred = cond(*values)
    if is_static_var(pred):
        _check_pred(pred, "while_loop")
        return build_while(cond, body, values, pred, is_test=is_test)
    if not isinstance(pred, (bool, Variable)) and not _is_number(pred):
        raise TypeError(f"expected cond of while_loop to return a bool tensor, but got "
                        f"{type(pred).__name__}")
    while _truth(pred, "while_loop"):
        values = _as_loop_list(body(*values), len(values))
        pred = cond(*values)
    return values


def build_while(cond, body, loop_vars, pred, names=None, is_test=False):
    """while_loop on a static first condition `pred` (already computed from loop_vars).
    Tensors and numbers among the loop variables are carried through fresh variables (the
    loop never writes a caller's variable, e.g. a fed input); other values must not change.
    A loop variable that is an UndefinedVar (first assigned in the body) takes the type the
    body gives it."""
    program = default_main_program()
    parent = program.current_block()
    from paddle.tensor.creation import assign
    leaves = flatten(loop_vars)
    carried = []
    for i, v in enumerate(leaves):
        if isinstance(v, UndefinedVar):
            carried.append(None)
        elif _is_var(v):
            carried.append(assign(v))
        elif _is_number(v):
            carried.append(_constant(v, _number_dtype(v)))
        else:
            carried.append(None)
    cond_var = assign(pred)
    has_entry = [c is not None for c in carried]
    containers = _containers(loop_vars, names)
    block = program._create_block()
    try:
        inner = [c if c is not None else v for c, v in zip(carried, leaves)]
        out = _as_loop_list(body(*pack_as(loop_vars, inner)), len(loop_vars))
        _check_unchanged(containers)
        if structure_of(out) != structure_of(list(loop_vars)):
            raise ValueError("expected the body of the while loop to return the loop variables' "
                             f"nesting {structure_of(list(loop_vars))}, but got {structure_of(out)}")
        out_leaves = flatten(out)
        new_values, results = [], []
        for i, (v, c, o) in enumerate(zip(leaves, carried, out_leaves)):
            label = _label(names, i)
            if c is None and isinstance(v, UndefinedVar) and (_is_var(o) or _is_number(o)):
                o = o if _is_var(o) else _constant(o, _number_dtype(o))
                c = carried[i] = _new_var(parent, "while_loop_var", like=o)
            if c is None:
                new_values.append(None)
                if isinstance(v, UndefinedVar):
                    results.append(o)  # a loop-local Python value (valid after >= 1 iteration)
                    continue
                if not (o is v or _same_python_value(o, v)):
                    raise ValueError(f"expected {label} ({type(v).__name__}) to stay unchanged in a "
                                     "tensor-dependent while loop, but the body changes it; only "
                                     "tensors and numbers can change across iterations")
                results.append(v)
                continue
            if _is_number(o) and not _is_var(o):
                o = _constant(o, c.dtype)
            if not _is_var(o):
                raise TypeError(f"expected {label} to stay a tensor in a tensor-dependent while "
                                f"loop, but the body gives {type(o).__name__}")
            if convert_dtype(o.dtype) != convert_dtype(c.dtype):
                raise TypeError(f"expected {label} to keep dtype {dtype_to_str(c.dtype)} in a "
                                f"tensor-dependent while loop, but the body gives "
                                f"{dtype_to_str(o.dtype)}")
            new_values.append(o)
            results.append(c)
        new_pred = cond(*pack_as(out, [r if c is None else o for r, c, o in
                                       zip(results, carried, new_values)]))
        if not is_static_var(new_pred):
            raise TypeError("expected the loop condition to stay a bool tensor after the body, "
                            f"but got {type(new_pred).__name__}")
        _check_pred(new_pred, "while_loop")
        _write_back(block, carried, new_values, cond_var, new_pred)
    finally:
        program._rollback()
    for c, o in zip(carried, new_values):
        if c is not None and o is not None:
            c.desc.set_shape(_merged_shape(c.shape, o.shape, "a loop variable"))
    reads, writes = _outer_io(block)
    # The carried variables are inputs too: after zero iterations they hold their entry
    # values, so pruning must keep the ops that set them.
    reads += [c.name for c, entry in zip(carried, has_entry) if entry and c.name not in reads]
    steps = parent.create_var(name=unique_name.generate("while_scopes"), type=VarType.STEP_SCOPES)
    parent.append_op(type="while", inputs={"X": reads, "Condition": [cond_var]},
                     outputs={"Out": writes, "StepScopes": [steps]},
                     attrs={"sub_block": program.block(block.idx), "is_test": bool(is_test)})
    return pack_as(list(loop_vars), results)


def _containers(loop_vars, names):
    """(label, list or dict, shallow copy of its items) for every container among the loop
    variables: one changed in place by the traced body would keep that one change."""
    found = []

    def visit(value, label):
        if isinstance(value, (list, dict)):
            items = list(value.items()) if isinstance(value, dict) else list(value)
            found.append((label, value, items))
        if isinstance(value, (list, tuple)):
            for item in value:
                visit(item, label)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item, label)

    for i, value in enumerate(loop_vars):
        visit(value, _label(names, i))
    return found


def _check_unchanged(containers):
    for label, container, items in containers:
        now = list(container.items()) if isinstance(container, dict) else list(container)
        same = len(now) == len(items) and all(
            (a is b) or (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b)
                         and all(x is y for x, y in zip(a, b))) for a, b in zip(now, items))
        if not same:
            raise ValueError(f"expected the {type(container).__name__} in {label} to stay unchanged "
                             "in a tensor-dependent while loop, but the body changes it in place; "
                             "carry tensors instead (e.g. grow a tensor with paddle.concat)")


def _write_back(block, carried, new_values, cond_var, new_pred):
    """Assigns the body's results to the carried variables. A result that is itself a carried
    variable (loop variables swapped) is copied first, so no write clobbers a later read."""
    targets = [(c, o) for c, o in zip(carried, new_values) if c is not None and o is not None]
    targets.append((cond_var, new_pred))
    carried_ids = {id(c) for c, _ in targets}
    staged = []
    for c, o in targets:
        if o is not c and id(o) in carried_ids:
            tmp = _new_var(block, "while_swap", like=o)
            _assign_to(block, o, tmp)
            o = tmp
        staged.append((c, o))
    for c, o in staged:
        if o is not c:
            _assign_to(block, o, c)


# -- Print ------------------------------------------------------------------------------------------
_PRINT_PHASES = ("forward", "backward", "both")


def Print(input, first_n=-1, message=None, summarize=20, print_tensor_name=True,  # noqa: N802,A002
          print_tensor_type=True, print_tensor_shape=True, print_tensor_layout=True,
          print_tensor_lod=True, print_phase="both"):
    """Appends a print op: `input` is printed (to stdout) every time the program runs, and its
    gradient too when print_phase asks. Returns the printed tensor (the op's output)."""
    from paddle.base import layer_helper as lh
    if not isinstance(input, Variable):
        raise TypeError(f"expected a tensor to Print, but got {type(input).__name__}")
    if not isinstance(print_phase, str) or print_phase.lower() not in _PRINT_PHASES:
        raise ValueError(f"expected print_phase among {_PRINT_PHASES}, but got {print_phase!r}")
    if not isinstance(summarize, int) or not isinstance(first_n, int):
        raise TypeError("expected int first_n and summarize, but got "
                        f"{type(first_n).__name__} and {type(summarize).__name__}")
    return lh.append_op("print", {"In": [input]}, {
        "first_n": first_n, "message": message or "", "summarize": summarize,
        "print_tensor_name": print_tensor_name, "print_tensor_type": print_tensor_type,
        "print_tensor_shape": print_tensor_shape, "print_tensor_layout": print_tensor_layout,
        "print_tensor_lod": print_tensor_lod, "print_phase": print_phase.upper(),
        "is_forward": True}, dtype=input.dtype)
