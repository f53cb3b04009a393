"""Higher-order gradients in eager mode: paddle.grad(create_graph=True) runs the grad ops
recorded on the tape, so the gradients it returns can be differentiated again through the
records' double-grad ops (relu/tanh/sigmoid/square/log/exp/sqrt/leaky_relu, matmul,
elementwise add/sub/mul/div; scale, reduce_sum and the means through themselves). NumPy and
central differences of the first gradient are the references."""
import numpy as np
import pytest

import paddle
from higher_order_cases import THIRD_DERIVATIVE_CASES

rng = np.random.default_rng(11)


def _t(shape, low=-1.0, high=1.0, stop_gradient=False):
    return paddle.to_tensor(rng.uniform(low, high, shape), dtype="float64",
                            stop_gradient=stop_gradient)


def _second(fn, x):
    """(first, second) derivatives of sum(fn(x)) elementwise, the second through create_graph."""
    (g,) = paddle.grad(fn(x).sum(), x, create_graph=True)
    assert not g.stop_gradient
    (g2,) = paddle.grad(g.sum(), x)
    return g.numpy(), g2.numpy()


@pytest.mark.parametrize("name, fn, d1, d2", [
    ("tanh", paddle.tanh, lambda x: 1 - np.tanh(x) ** 2,
     lambda x: -2 * np.tanh(x) * (1 - np.tanh(x) ** 2)),
    ("sigmoid", paddle.nn.functional.sigmoid, lambda x: (s := 1 / (1 + np.exp(-x))) * (1 - s),
     lambda x: (s := 1 / (1 + np.exp(-x))) * (1 - s) * (1 - 2 * s)),
    ("x*x", lambda x: x * x, lambda x: 2 * x, lambda x: np.full_like(x, 2.0)),
    ("x^3 via mul", lambda x: x * x * x, lambda x: 3 * x * x, lambda x: 6 * x),
    ("square", paddle.square, lambda x: 2 * x, lambda x: np.full_like(x, 2.0)),
    ("log", paddle.log, lambda x: 1 / x, lambda x: -1 / x ** 2),
    ("relu*x", lambda x: paddle.nn.functional.relu(x) * x, lambda x: 2 * np.maximum(x, 0),
     lambda x: 2.0 * (x > 0)),
    ("scale/sub/mean", lambda x: ((x * 3.0 - x * x) * 2.0).mean() * 6.0,
     lambda x: 12 * (3 - 2 * x) / x.size, lambda x: np.full_like(x, -24.0 / x.size)),
    ("pow", lambda x: paddle.pow(x, 3.5), lambda x: 3.5 * x ** 2.5,
     lambda x: 8.75 * x ** 1.5),
    ("exp", paddle.exp, np.exp, np.exp),
    ("sqrt", paddle.sqrt, lambda x: 0.5 / np.sqrt(x), lambda x: -0.25 * x ** -1.5),
    ("x/(x+2)", lambda x: x / (x + 2.0), lambda x: 2 / (x + 2) ** 2, lambda x: -4 / (x + 2) ** 3),
    ("1/x", lambda x: 1.0 / x, lambda x: -1 / x ** 2, lambda x: 2 / x ** 3),
    ("softplus", paddle.nn.functional.softplus, lambda x: 1 / (1 + np.exp(-x)),
     lambda x: np.exp(-x) / (1 + np.exp(-x)) ** 2),
    ("abs(x-1)*x", lambda x: paddle.abs(x - 1.0) * x, lambda x: np.abs(x - 1) + x * np.sign(x - 1),
     lambda x: 2 * np.sign(x - 1)),
    ("leaky_relu(x-1)*x", lambda x: paddle.nn.functional.leaky_relu(x - 1.0, 0.25) * x,
     lambda x: np.where(x > 1, 2 * x - 1, 0.25 * (2 * x - 1)),
     lambda x: np.where(x > 1, 2.0, 0.5)),
])
def test_second_derivatives_elementwise(name, fn, d1, d2):
    x = _t([3, 4], 0.2, 1.5)
    g, g2 = _second(fn, x)
    np.testing.assert_allclose(g, d1(x.numpy()), rtol=1e-10, err_msg=name)
    np.testing.assert_allclose(g2, d2(x.numpy()), rtol=1e-10, atol=1e-12, err_msg=name)


def _mlp(params, x):
    w1, b1, w2 = params
    h = paddle.tanh(paddle.matmul(x, w1) + b1)
    out = paddle.matmul(h, w2)
    return (out * out).sum()


def test_hessian_vector_product_of_a_tanh_mlp_matches_differences():
    x = _t([5, 3], stop_gradient=True)
    params = [_t([3, 4]), _t([4]), _t([4, 2])]
    vs = [rng.normal(size=p.shape) for p in params]
    grads = paddle.grad(_mlp(params, x), params, create_graph=True)
    dot = sum((g * paddle.to_tensor(v)).sum() for g, v in zip(grads, vs))
    hvp = [h.numpy() for h in paddle.grad(dot, params)]

    def grad_at(shift):
        moved = [paddle.to_tensor(p.numpy() + shift * v, stop_gradient=False)
                 for p, v in zip(params, vs)]
        return [g.numpy() for g in paddle.grad(_mlp(moved, x), moved)]
    eps = 1e-5
    plus, minus = grad_at(eps), grad_at(-eps)
    for h, p, m in zip(hvp, plus, minus):
        np.testing.assert_allclose(h, (p - m) / (2 * eps), rtol=1e-6, atol=1e-8)


def test_gradient_penalty_backward_reaches_the_weights():
    x = _t([6, 3])
    w1, b1, w2 = _t([3, 5]), _t([5]), _t([5, 1])

    def penalty(w1, b1, w2):
        out = paddle.matmul(paddle.nn.functional.sigmoid(paddle.matmul(x, w1) + b1), w2)
        (g,) = paddle.grad(out.sum(), x, create_graph=True)
        return (g * g).sum()

    gp = penalty(w1, b1, w2)
    gp.backward()
    assert x.grad is not None  # d(penalty)/dx flows too
    eps = 1e-6
    for p in (w1, b1, w2):
        assert p.grad is not None
        base = p.numpy()
        numeric = np.zeros_like(base)
        for i in range(base.size):
            vals = []
            for d in (eps, -eps):
                moved = base.copy()
                moved.reshape(-1)[i] += d
                args = [paddle.to_tensor(moved) if q is p else q for q in (w1, b1, w2)]
                vals.append(float(penalty(*args)))
            numeric.reshape(-1)[i] = (vals[0] - vals[1]) / (2 * eps)
        np.testing.assert_allclose(p.grad.numpy(), numeric, rtol=1e-6, atol=1e-9)


def test_grad_of_grad_twice_and_fourth_order_needs_a_record():
    x = _t([4], 0.5, 1.5)
    (g1,) = paddle.grad((x * x * x).sum(), x, create_graph=True)
    (g2,) = paddle.grad(g1.sum(), x, create_graph=True)
    np.testing.assert_allclose(g2.numpy(), 6 * x.numpy(), rtol=1e-12)
    (g3,) = paddle.grad(g2.sum(), x, create_graph=True)
    np.testing.assert_allclose(g3.numpy(), np.full(4, 6.0), rtol=1e-12)
    # The triple grad ops have no grad records of their own: a clear error names the op.
    with pytest.raises(NotImplementedError, match="elementwise_mul_triple_grad"):
        paddle.grad(g3.sum(), x)


def test_op_without_double_grad_record_raises_naming_it():
    x = _t([3])
    (g,) = paddle.grad(paddle.nn.functional.softsign(x).sum(), x, create_graph=True)
    want = 1 / (1 + np.abs(x.numpy())) ** 2
    np.testing.assert_allclose(g.numpy(), want)  # the first order still works
    with pytest.raises(NotImplementedError, match="'softsign_grad'.*no double-grad op record"):
        paddle.grad(g.sum(), x)


def test_matmul_mixed_second_derivative():
    x, w = _t([2, 3]), _t([3, 4])
    y = paddle.matmul(x, w)
    (gx,) = paddle.grad((y * y).sum(), x, create_graph=True)
    (gw,) = paddle.grad(gx.sum(), w)
    # gx = 2 (x w) w^T, so sum(gx) as a function of w, differenced centrally.
    xv, wv = x.numpy(), w.numpy()
    eps = 1e-6
    numeric = np.zeros_like(wv)
    for i in range(wv.size):
        vals = []
        for d in (eps, -eps):
            moved = wv.copy()
            moved.reshape(-1)[i] += d
            vals.append((2 * (xv @ moved) @ moved.T).sum())
        numeric.reshape(-1)[i] = (vals[0] - vals[1]) / (2 * eps)
    np.testing.assert_allclose(gw.numpy(), numeric, rtol=1e-6)


def test_broadcast_add_and_sub_double_grad():
    x, b = _t([3, 4]), _t([4])
    (gx, gb) = paddle.grad(paddle.tanh(x - b + x).sum(), [x, b], create_graph=True)
    (h,) = paddle.grad((gb * gb).sum(), x)
    z = 2 * x.numpy() - b.numpy()
    t = np.tanh(z)
    gb_np = -(1 - t ** 2).sum(axis=0)
    np.testing.assert_allclose(gb.numpy(), gb_np, rtol=1e-10)
    # d/dx sum_j gb_j^2 = 2 gb_j * (-(-2 t (1 - t^2)) * 2)
    np.testing.assert_allclose(h.numpy(), 2 * gb_np * (4 * t * (1 - t ** 2)), rtol=1e-10)


def test_create_graph_false_records_nothing_and_retain_defaults():
    x = _t([3])
    y = paddle.tanh(x).sum()
    (g,) = paddle.grad(y, x)
    assert g.stop_gradient and g._node is None
    with pytest.raises(RuntimeError, match="freed"):
        paddle.grad(y, x)
    y = paddle.tanh(x).sum()
    (g,) = paddle.grad(y, x, create_graph=True)  # keeps the graph by default
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), 1 - np.tanh(x.numpy()) ** 2)


def test_wgan_gradient_penalty_with_layers_trains():
    model = paddle.nn.Sequential(paddle.nn.Linear(3, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 1))
    opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
    x = paddle.to_tensor(rng.normal(size=(16, 3)).astype("float32"), stop_gradient=False)
    penalties = []
    for _ in range(15):
        (g,) = paddle.grad(model(x).sum(), x, create_graph=True)
        gp = ((g * g).sum(axis=1).sqrt() - 1.0).square().mean()
        gp.backward()
        opt.step()
        opt.clear_grad()
        penalties.append(float(gp))
    assert penalties[-1] < penalties[0]
    # The last bias does not change d(out)/dx: no gradient reaches it.
    assert model[2].bias.grad is None or not np.any(model[2].bias.grad.numpy())


def test_gradient_hooks_are_differentiated_under_create_graph():
    x = _t([3])
    h = x * x
    h.register_hook(lambda g: g * 3.0)  # recorded: the hooked gradient stays differentiable
    (g,) = paddle.grad((h * x).sum(), x, create_graph=True)  # x^2 + 3x * 2x
    np.testing.assert_allclose(g.numpy(), 7 * x.numpy() ** 2, rtol=1e-12)
    # g = h + 2x * 3x with h the tensor x * x: its gradient 1 is hooked again (3) -> 6x, + 12x.
    (g2,) = paddle.grad(g.sum(), x)
    np.testing.assert_allclose(g2.numpy(), 18 * x.numpy(), rtol=1e-12)


def test_add_n_gradients_and_their_gradients():
    x, y = _t([2, 3], 0.5, 1.5), _t([2, 3])
    out = paddle.add_n([x * x, y, x])
    gx, gy = paddle.grad(out.sum(), [x, y], create_graph=True)
    np.testing.assert_allclose(gx.numpy(), 2 * x.numpy() + 1, rtol=1e-12)
    np.testing.assert_allclose(gy.numpy(), np.ones((2, 3)))
    (g2,) = paddle.grad(gx.sum(), x)
    np.testing.assert_allclose(g2.numpy(), np.full((2, 3), 2.0))


@pytest.mark.parametrize("name, fn, d3", THIRD_DERIVATIVE_CASES)
def test_third_derivatives_through_triple_grads(name, fn, d3):
    x = _t([3, 4])
    (g,) = paddle.grad(fn(x).sum(), x, create_graph=True)
    (g2,) = paddle.grad(g.sum(), x, create_graph=True)
    (g3,) = paddle.grad(g2.sum(), x)
    np.testing.assert_allclose(g3.numpy(), d3(x.numpy()), rtol=1e-10, atol=1e-12, err_msg=name)


def _mlp3(x, w1, b1, w2):
    h = paddle.tanh(paddle.matmul(x, w1) + b1)
    return paddle.nn.functional.sigmoid(paddle.matmul(h, w2)).sum()


def test_third_order_of_a_tanh_sigmoid_mlp_matches_differences():
    x = _t([2, 3])
    w1, b1, w2 = _t([3, 4]), _t([4]), _t([4, 2])

    def second_sum(xv, w1v):
        xt = paddle.to_tensor(xv, stop_gradient=False)
        wt = paddle.to_tensor(w1v, stop_gradient=False)
        (g,) = paddle.grad(_mlp3(xt, wt, b1, w2), xt, create_graph=True)
        (g2,) = paddle.grad(g.sum(), xt, create_graph=True)
        return g2.sum(), xt, wt

    s, xt, wt = second_sum(x.numpy(), w1.numpy())
    g3x, g3w = paddle.grad(s, [xt, wt])
    eps = 1e-5
    for got, base, which in ((g3x, x.numpy(), 0), (g3w, w1.numpy(), 1)):
        numeric = np.zeros_like(base)
        for i in range(base.size):
            step = np.zeros_like(base)
            step.flat[i] = eps
            args = [[x.numpy(), w1.numpy()], [x.numpy(), w1.numpy()]]
            args[0][which] = base + step
            args[1][which] = base - step
            numeric.flat[i] = (float(second_sum(*args[0])[0].numpy()) -
                               float(second_sum(*args[1])[0].numpy())) / (2 * eps)
        np.testing.assert_allclose(got.numpy(), numeric, rtol=1e-6, atol=1e-8)


def test_second_derivative_through_average_pooling():
    x = _t([2, 3, 4, 4])
    f = paddle.nn.functional.avg_pool2d(paddle.tanh(x), 2, 2).sum()
    (g,) = paddle.grad(f, x, create_graph=True)
    (g2,) = paddle.grad(g.sum(), x)
    t = np.tanh(x.numpy())
    np.testing.assert_allclose(g2.numpy(), -2 * t * (1 - t * t) / 4, rtol=1e-12)


def test_second_derivative_through_a_slice():
    x = _t([3, 5])
    (g,) = paddle.grad(paddle.tanh(x)[:, 1:3].sum(), x, create_graph=True)
    (g2,) = paddle.grad(g.sum(), x)
    t = np.tanh(x.numpy())
    want = np.zeros((3, 5))
    want[:, 1:3] = (-2 * t * (1 - t * t))[:, 1:3]
    np.testing.assert_allclose(g2.numpy(), want, rtol=1e-12, atol=1e-15)
