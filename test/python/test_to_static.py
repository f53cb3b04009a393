"""paddle.jit.to_static: converted functions equal eager ones on tensor-dependent if/while/for
(break, continue, early return, and/or/not), Python-valued control flow stays Python, one
trace per input signature, switches (enable_to_static, ignore_module, not_to_static), print
at run time, InputSpec with None extents, the program cache under short-lived functions,
errors at the user's line, and training a Layer through the traced backward program."""
import gc
import importlib
import inspect
import sys
import textwrap

import numpy as np
import pytest

import paddle
import paddle.jit
import paddle.nn as nn
from paddle.static import InputSpec


def _t(array):
    return paddle.to_tensor(np.asarray(array, dtype=np.float32))


def _same(fn, *args):
    """fn converted gives what fn gives eagerly."""
    want = fn(*args)
    got = paddle.jit.to_static(fn)(*args)
    want = want if isinstance(want, (list, tuple)) else [want]
    got = got if isinstance(got, (list, tuple)) else [got]
    assert len(want) == len(got)
    for w, g in zip(want, got):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6, atol=1e-6)
    return got


def _program_ops(static_fn):
    program = static_fn.concrete_program.main_program
    return [op.type for block in program.blocks for op in block.ops]


# -- tensor-dependent control flow equals eager --------------------------------------------------
def if_else(x):
    if paddle.mean(x) > 0.5:
        y = x * 2.0
        z = 1.0
    else:
        y = x - 1.0
        z = x
    return y + z


def while_sum(x, n):
    i = paddle.zeros([], "int64")
    s = paddle.zeros_like(x)
    while i < n:
        s = s + x * i.astype("float32")
        i += 1
    return s, i


def for_range_tensor(x, n):
    s = x
    for k in range(n):
        s = s * 1.5 + 1.0
    return s


def for_rows_enumerate(x):
    total = paddle.zeros([x.shape[1]], "float32")
    for i, row in enumerate(x):
        total = total + row * float(i + 1)
    for row in x:
        total = total - row
    return total


def break_continue(x, n):
    s = paddle.zeros_like(x)
    i = paddle.zeros([], "int64")
    while i < n:
        i = i + 1
        if i == 2:
            continue
        if paddle.sum(s) > 20.0:
            break
        s = s + x
    return s


def for_break(x):
    s = paddle.zeros_like(x)
    for k in range(paddle.to_tensor(6)):
        if k >= 4:
            break
        s = s + x
    return s


def early_return(x):
    if paddle.max(x) > 2.0:
        return x * 10.0
    y = x + 1.0
    if paddle.min(y) < 1.5:
        return y
    return y * y


def return_in_loop(x, n):
    i = paddle.zeros([], "int64")
    while i < n:
        i = i + 1
        if i >= 3:
            return x * i.astype("float32")
    return -x


def logical(x):
    a = paddle.mean(x) > 0
    b = paddle.max(x) > 3
    if a and not b:
        y = x + 1.0
    elif a or b:
        y = x - 1.0
    else:
        y = x * 0.0
    if not (paddle.min(x) > -100.0):
        y = y * 100.0
    return y


def conditional_expression(x):
    y = x * 2.0 if paddle.mean(x) > 0.3 else x - 1.0
    return y if 1 < 2 else None


CALLS = 0


def python_constructs(x, xs, table, *args, flag=True):
    global CALLS
    try:
        y = x * 2.0
    except ValueError:
        y = x
    finally:
        pass
    with paddle.no_grad():
        y = y + 1.0
    if flag:
        CALLS += 1
    total = 0
    for a, b in zip(xs, xs[1:]):
        total += a * b
    for key in table:
        total += table[key]
    for i in range(3):
        for j in range(3):
            if j == 1:
                break
            total += j
        else:
            total += 100
    else:
        total += 1000
    k = 0
    while k < 2:
        k += 1
    else:
        total += 10000
    big = [v for v in xs if v > 1]
    bump = lambda t: t + 1.0  # noqa: E731
    store = {"a": y}
    del store["a"]
    match total:
        case 0:
            total = -1
        case _:
            pass
    return bump(y) + float(total) + float(sum(*args)), f"{total}-{len(big)}"


X_SMALL = np.arange(6, dtype=np.float32).reshape(2, 3) / 10
X_BIG = np.arange(6, dtype=np.float32).reshape(2, 3)
X_NEG = -np.arange(6, dtype=np.float32).reshape(2, 3)


@pytest.mark.parametrize("x", [X_SMALL, X_BIG, X_NEG])
def test_if_else(x):
    _same(if_else, _t(x))
    _same(logical, _t(x))
    _same(early_return, _t(x))
    _same(conditional_expression, _t(x))


@pytest.mark.parametrize("n", [0, 1, 4])
def test_while_and_for_over_tensors(n):
    count = paddle.to_tensor(n)
    _same(while_sum, _t(X_SMALL), count)
    _same(for_range_tensor, _t(X_SMALL), count)
    _same(break_continue, _t(X_BIG), paddle.to_tensor(n + 6))
    _same(return_in_loop, _t(X_SMALL), count)


def test_for_over_rows_and_break_in_tensor_range():
    _same(for_rows_enumerate, _t(X_BIG))
    _same(for_break, _t(X_SMALL))
    static = paddle.jit.to_static(for_break)
    static(_t(X_SMALL))
    assert "while" in _program_ops(static)


def test_tensor_conditions_become_ops():
    static = paddle.jit.to_static(while_sum)
    static(_t(X_SMALL), paddle.to_tensor(3))
    assert "while" in _program_ops(static)
    static_if = paddle.jit.to_static(if_else)
    static_if(_t(X_SMALL))
    ops = _program_ops(static_if)
    assert ops.count("conditional_block") == 2 and "select_input" in ops


# -- Python control flow stays Python -----------------------------------------------------------
def test_python_constructs_run_as_python():
    args = (_t(X_SMALL), [1, 2, 3], {"a": 5}, [1, 2])
    want = python_constructs(*args)
    got = paddle.jit.to_static(python_constructs)(*args)
    np.testing.assert_allclose(got[0].numpy(), want[0].numpy())
    assert got[1] == want[1] == "11013-2"
    assert CALLS == 2  # the global statement reached the module variable (eager + trace)


def test_python_values_stay_python_and_loops_unroll():
    calls = []

    def fn(x, n, double):
        calls.append(n)
        for _ in range(n):
            x = x + 1.0
        if double:
            x = x * 2.0
        return x

    static = paddle.jit.to_static(fn)
    np.testing.assert_allclose(static(_t(X_SMALL), 3, True).numpy(), (X_SMALL + 3) * 2, rtol=1e-6)
    ops = _program_ops(static)
    assert "while" not in ops and "conditional_block" not in ops
    assert ops.count("scale") == 4  # three unrolled additions and one doubling
    np.testing.assert_allclose(static(_t(X_SMALL), 2, False).numpy(), X_SMALL + 2, rtol=1e-6)
    static(_t(X_SMALL), 3, True)
    assert calls == [3, 2]  # a new Python value traces anew; a repeated one reuses the program


def test_trace_once_per_signature_and_enable_to_static_switch():
    traces = []

    @paddle.jit.to_static
    def fn(x):
        traces.append(1)
        return paddle.tanh(x) * 2.0

    for _ in range(3):
        fn(_t(X_SMALL))
    assert len(traces) == 1
    fn(_t(np.ones((4, 3))))
    assert len(traces) == 2  # a new shape is a new signature
    paddle.jit.enable_to_static(False)
    try:
        for _ in range(3):
            out = fn(_t(X_SMALL))
        assert len(traces) == 5  # the Python body ran eagerly on every call
        np.testing.assert_allclose(out.numpy(), np.tanh(X_SMALL) * 2, rtol=1e-6)
    finally:
        paddle.jit.enable_to_static(True)
    fn(_t(X_SMALL))
    assert len(traces) == 5
    with pytest.raises(TypeError, match="expected a bool"):
        paddle.jit.enable_to_static("no")


def test_input_spec_with_none_dims_reused_across_batch_sizes():
    traces = []

    def fn(x):
        traces.append(1)
        if paddle.mean(x) > 0:
            x = x + 1.0
        return paddle.sum(x, axis=1)

    static = paddle.jit.to_static(input_spec=[InputSpec([None, 3], "float32", "x")])(fn)
    for batch in (1, 4, 7):
        data = np.random.RandomState(batch).rand(batch, 3).astype(np.float32)
        np.testing.assert_allclose(static(_t(data)).numpy(), (data + 1).sum(1), rtol=1e-6)
    assert len(traces) == 1
    with pytest.raises(ValueError, match="expected an input matching"):
        static(_t(np.ones((2, 4))))


def test_short_lived_functions_never_share_programs():
    # PaddlePaddle #41180: a program cached for one function must never serve another, even
    # when the first was freed and Python reuses its address.
    x = _t(np.ones((2, 2)))
    for i in range(40):
        def make(value):
            def constant_plus(t):
                return t + float(value)
            return paddle.jit.to_static(constant_plus)

        fn = make(i)
        np.testing.assert_allclose(fn(x).numpy(), np.full((2, 2), 1.0 + i))
        del fn
        gc.collect()


def test_cache_keys_compare_values_and_types_not_hashes():
    traces = []

    @paddle.jit.to_static
    def fn(x, k):
        traces.append(k)
        if isinstance(k, bool):
            return x * 0.0
        return x * float(k)

    x = _t([1.0])
    assert hash(-1) == hash(-2)  # equal hashes must still be different keys
    assert float(fn(x, -1)) == -1.0 and float(fn(x, -2)) == -2.0
    assert float(fn(x, 1)) == 1.0 and float(fn(x, True)) == 0.0 and float(fn(x, 1.0)) == 1.0
    assert len(traces) == 5
    assert float(fn(x, -1)) == -1.0 and len(traces) == 5


# -- switches -----------------------------------------------------------------------------------
def _write_module(tmp_path, name, body):
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(body))
    sys.path.insert(0, str(tmp_path))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path))


HELPER = """
import paddle

def relu_if(x):
    if paddle.mean(x) > 0:
        return x
    return x * 0.0
"""


def test_ignore_module_runs_its_functions_unconverted(tmp_path):
    converted = _write_module(tmp_path, "jit_helper_converted", HELPER)
    ignored = _write_module(tmp_path, "jit_helper_ignored", HELPER)
    def use_converted(x):
        return converted.relu_if(x) + 1.0

    def use_ignored(x):
        return ignored.relu_if(x) + 1.0

    _same(use_converted, _t(X_NEG))
    paddle.jit.ignore_module([ignored])
    with pytest.raises(TypeError, match="truth value of a static Variable"):
        paddle.jit.to_static(use_ignored)(_t(X_NEG))
    with pytest.raises(TypeError, match="list of modules"):
        paddle.jit.ignore_module(ignored)


def test_not_to_static_runs_unconverted():
    @paddle.jit.not_to_static
    def plain(x):
        if paddle.mean(x) > 0:
            return x
        return -x

    def converted(x):
        if paddle.mean(x) > 0:
            return x
        return -x

    def use_converted(x):
        return converted(x) * 2.0

    def use_plain(x):
        return plain(x) * 2.0

    _same(use_converted, _t(X_NEG))
    with pytest.raises(TypeError, match="truth value of a static Variable"):
        paddle.jit.to_static(use_plain)(_t(X_NEG))


# -- print ----------------------------------------------------------------------------------------
def test_print_prints_when_tracing_and_at_every_run(capfd):
    @paddle.jit.to_static
    def fn(x):
        y = x * 2.0
        print(y)
        return y

    fn(_t([1.0, 2.0]))
    fn(_t([3.0, 4.0]))
    out = capfd.readouterr().out  # the print op writes to stdout
    assert out.count("Var(name=") == 1  # printed once, when tracing
    assert "data: [2 4]" in out and "data: [6 8]" in out


# -- errors -------------------------------------------------------------------------------------------
def test_error_names_the_users_file_and_line():
    def broken(x):
        y = x * 2.0
        z = paddle.reshape(y, [7, 7])
        return z

    line = inspect.getsourcelines(broken)[1] + 2
    with pytest.raises(ValueError) as info:
        paddle.jit.to_static(broken)(_t([1.0, 2.0]))
    message = str(info.value)
    assert __file__ in message and f"line {line}" in message
    assert "paddle.reshape(y, [7, 7])" in message


def test_run_time_error_names_the_users_line():
    def reshape_to_two_rows(x):
        y = x * 2.0
        return paddle.reshape(y, [2, 3])

    line = inspect.getsourcelines(reshape_to_two_rows)[1] + 2
    static = paddle.jit.to_static(reshape_to_two_rows, input_spec=[InputSpec([None, 3])])
    static(_t(np.ones((2, 3))))
    with pytest.raises(ValueError) as info:  # only the run with 4 rows can fail
        static(_t(np.ones((4, 3))))
    assert f'File "{__file__}", line {line}' in str(info.value)


def test_unsupported_and_bad_input_errors():
    def return_in_with(x):
        if paddle.mean(x) > 0:
            with paddle.no_grad():
                return x
        return x

    with pytest.raises(NotImplementedError, match=r"return inside a 'with' block.*line"):
        paddle.jit.to_static(return_in_with)(_t(X_SMALL))

    def tensor_assert(x):
        assert paddle.mean(x) > 0
        return x

    with pytest.raises(NotImplementedError, match="assert on a tensor"):
        paddle.jit.to_static(tensor_assert)(_t(X_SMALL))

    def one_branch(x):
        if paddle.mean(x) > 0:
            y = [x]
        return y[0]

    with pytest.raises(NameError, match="'y'"):
        paddle.jit.to_static(one_branch)(_t(X_SMALL))
    def generator(x):
        yield x

    with pytest.raises(NotImplementedError, match="generator or async functions.*line"):
        paddle.jit.to_static(generator)
    with pytest.raises(TypeError, match="expected a function"):
        paddle.jit.to_static(42)
    with pytest.raises(TypeError, match="input_spec to be a list"):
        paddle.jit.to_static(if_else, input_spec=InputSpec([2, 3]))


# -- Layers and training ----------------------------------------------------------------------
class MLP(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 16)
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        h = paddle.tanh(self.fc1(x))
        for _ in range(2):  # Python loop: unrolled
            h = h + 0.05
        return self.fc2(h)


def _sgd(layer, lr):
    with paddle.no_grad():
        for p in layer.parameters():
            p.set_value(p.numpy() - lr * p.grad.numpy())
            p.clear_gradient()


def test_training_through_to_static_matches_eager_step_by_step():
    paddle.seed(3)
    eager_net, static_net = MLP(), MLP()
    static_net.set_state_dict(eager_net.state_dict())
    static_net = paddle.jit.to_static(static_net)
    rng = np.random.RandomState(0)
    x = rng.randn(32, 4).astype(np.float32) * 0.5
    y = (x @ np.array([[1.0], [-2.0], [0.5], [1.5]], np.float32)).astype(np.float32)
    losses = []
    for _ in range(30):
        step = []
        for net in (eager_net, static_net):
            loss = paddle.mean((net(_t(x)) - _t(y)) ** 2)
            loss.backward()
            _sgd(net, 0.3)
            step.append(float(loss))
        np.testing.assert_allclose(step[1], step[0], rtol=1e-5)
        losses.append(step[1])
    assert losses[-1] < 0.1 * losses[0]
    for (name, a), (_, b) in zip(eager_net.named_parameters(), static_net.named_parameters()):
        np.testing.assert_allclose(b.numpy(), a.numpy(), rtol=1e-5, atol=1e-6, err_msg=name)
    # forward and backward ran as programs: one trace, gradients from the backward program
    assert [op.type for op in static_net.forward.concrete_program.main_program.global_block().ops
            ].count("matmul_v2") == 2


def test_input_gradients_and_decorated_method():
    class Scale(nn.Layer):
        def __init__(self):
            super().__init__()
            self.w = self.create_parameter([3], default_initializer=nn.initializer.Constant(2.0))

        @paddle.jit.to_static
        def forward(self, x):
            return paddle.sum(x * self.w * x)

    a, b = Scale(), Scale()
    assert a.forward is a.forward and a.forward is not b.forward  # bound once per instance
    x = paddle.to_tensor(np.array([1.0, 2.0, 3.0], np.float32), stop_gradient=False)
    a(x).backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * 2.0 * x.numpy())
    np.testing.assert_allclose(a.w.grad.numpy(), x.numpy() ** 2)


def test_gradient_through_tensor_cond_is_a_clear_error():
    layer = nn.Linear(3, 3)

    @paddle.jit.to_static
    def fn(x):
        y = layer(x)
        if paddle.mean(y) > 0:
            y = y * 2.0
        return paddle.sum(y)

    loss = fn(_t(X_SMALL))
    with pytest.raises(NotImplementedError, match="conditional_block|select_input"):
        loss.backward()


OFFSET = paddle.to_tensor(np.array([5.0, 6.0, 7.0], np.float32))


def test_eager_constants_from_globals_closures_and_to_tensor():
    scale = paddle.to_tensor(np.array([2.0], np.float32))

    def fn(x):
        c = paddle.to_tensor([1.0, 2.0, 3.0])
        return (x + c + OFFSET) * scale

    _same(fn, _t(X_SMALL))


def test_batch_norm_statistics_and_keyword_arguments():
    class BNNet(nn.Layer):
        def __init__(self):
            super().__init__()
            self.bn = nn.BatchNorm1D(3)
            self.fc = nn.Linear(3, 2)

        def forward(self, x, *, shift, scale=2.0):
            return self.fc(self.bn(x)) * scale + shift

    paddle.seed(0)
    eager_net, static_net = BNNet(), BNNet()
    static_net.set_state_dict(eager_net.state_dict())
    static_net = paddle.jit.to_static(static_net)
    shift = _t([1.0, -1.0])
    for i in range(3):
        x = _t(np.random.RandomState(i).randn(8, 3))
        losses = [float(paddle.mean(net(x, shift=shift, scale=3.0) ** 2)) for net in
                  (eager_net, static_net)]
        np.testing.assert_allclose(losses[1], losses[0], rtol=1e-6)
    for key, value in eager_net.state_dict().items():  # running statistics updated alike
        np.testing.assert_allclose(static_net.state_dict()[key].numpy(), value.numpy(),
                                   rtol=1e-6, err_msg=key)


def test_nested_functions_super_private_names_and_dynamic_iteration():
    def outer(x):
        k = 2.0

        def inner(y):
            if paddle.mean(y) > 0:
                return y * k
            return y

        return inner(x) + 1.0

    _same(outer, _t(X_SMALL))
    _same(outer, _t(X_NEG))

    class Base(nn.Layer):
        def __init__(self):
            super().__init__()
            self.__factor = 3.0

        def forward(self, x):
            return x * self.__factor

    class Child(Base):
        def forward(self, x):
            y = super().forward(x)
            if paddle.sum(y) > 0:
                y = y + 1.0
            return y

    np.testing.assert_allclose(paddle.jit.to_static(Child())(_t([1.0])).numpy(), [4.0])

    def rows(x):
        total = paddle.zeros([3], "float32")
        for row in x:  # first extent unknown when tracing: a while op indexing rows
            total = total + row
        doubled = paddle.zeros([3], "float32")
        for i in range(len(x)):
            doubled = doubled + x[i] * 2.0
        return total, doubled

    static = paddle.jit.to_static(rows, input_spec=[InputSpec([None, 3], "float32")])
    for batch in (2, 5):
        data = np.random.RandomState(batch).rand(batch, 3).astype(np.float32)
        total, doubled = static(_t(data))
        np.testing.assert_allclose(total.numpy(), data.sum(0), rtol=1e-6)
        np.testing.assert_allclose(doubled.numpy(), 2 * data.sum(0), rtol=1e-6)
    assert _program_ops(static).count("while") == 2


def test_lists_changed_in_place_under_tensor_control_flow_are_refused():
    def append_in_loop(x, n):
        acc = []
        i = 0
        while i < n:
            acc.append(x)
            i += 1
        return acc

    with pytest.raises(ValueError, match="list in variable 'acc' to stay unchanged"):
        paddle.jit.to_static(append_in_loop)(_t([1.0]), paddle.to_tensor(3))
    assert len(paddle.jit.to_static(append_in_loop)(_t([1.0]), 3)) == 3  # Python loop: fine

    def append_in_if(x):
        acc = [x]
        if paddle.mean(x) > 0:
            acc.append(x * 2.0)
        return acc[-1]

    with pytest.raises(NotImplementedError, match="list 'acc' is changed in place"):
        paddle.jit.to_static(append_in_if)(_t(X_SMALL))


# -- the rewrites keep Python semantics for Python values ---------------------------------------
def py_find(xs, t):
    for i, v in enumerate(xs):
        if v > t:
            return i
    return -1


def py_nested(xs, t):
    out = 0
    for a in xs:
        for b in xs:
            if a + b == t:
                return (a, b)
            if b > a:
                break
            out += b
        else:
            out += 1000
    return out


def py_continue(xs, t):
    s = 0
    i = 0
    while i < len(xs):
        i += 1
        if xs[i - 1] == t:
            continue
        if xs[i - 1] > 10 * t:
            break
        s += xs[i - 1]
    else:
        s -= 1
    return s


def py_early(a, b):
    if a > b:
        if a > 2 * b:
            return "big"
        x = a - b
    elif a == b:
        return "eq"
    else:
        x = b - a
    if x > 3:
        return x * 10
    return x


def py_no_return(a):
    if a > 0:
        return a
    unused = a  # noqa: F841 - falls off the end: returns None


def py_chained(a, b, c):
    r = []
    if a < b < c and not (a == 0 or c == 5):
        r.append(1)
    r.append(a if b > 2 else c)
    return r


def py_ranges(n, step):
    s = []
    for i in range(0, n, step):
        if i % 3 == 0:
            continue
        s.append(i)
    for i in range(n, 0, -step):
        s.append(-i)
    return s, i if n > 0 else None


@pytest.mark.parametrize("fn,cases", [
    (py_find, [([1, 2, 3, 4], t) for t in range(6)]),
    (py_nested, [([1, 2, 3], t) for t in range(8)]),
    (py_continue, [([1, 2, 3, 50, 4], t) for t in range(6)]),
    (py_early, [(a, b) for a in range(-2, 8) for b in range(-2, 8)]),
    (py_no_return, [(a,) for a in (-1, 0, 3)]),
    (py_chained, [(a, b, c) for a in range(4) for b in range(4) for c in range(3, 6)]),
    (py_ranges, [(n, s) for n in range(8) for s in (1, 2, 3)]),
])
def test_converted_code_keeps_python_semantics(fn, cases):
    from paddle.jit.dy2static.convert_call import convert_to_static
    converted = convert_to_static(fn)
    assert converted is not fn
    for args in cases:
        assert converted(*args) == fn(*args), args
