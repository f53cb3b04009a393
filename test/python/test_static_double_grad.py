"""Gradients of gradients in static programs: paddle.static.gradients applied to a gradient
(and append_backward of a loss built from one) differentiates the first pass's grad ops
through their records' double-grad ops, under fresh names (grad/x@GRAD) so that the first
pass's x@GRAD stays intact. References: analytic derivatives, and the same gradient penalty
trained eagerly with paddle.grad(create_graph=True)."""
import numpy as np
import pytest

import paddle
from higher_order_cases import THIRD_DERIVATIVE_CASES

paddle.enable_static()

rng = np.random.default_rng(5)


def _run(build, feeds):
    """Builds a program with `build(vars)` -> fetch list, runs it once on the float64 feeds."""
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        xs = {}
        for name, value in feeds.items():
            xs[name] = paddle.static.data(name, list(value.shape), "float64")
            xs[name].stop_gradient = False
        fetch = build(xs)
    exe = paddle.static.Executor()
    exe.run(start)
    return main, exe.run(main, feed=feeds, fetch_list=fetch)


def _sig(x):
    return 1 / (1 + np.exp(-x))


@pytest.mark.parametrize("name, fn, d1, d2", [
    ("tanh", paddle.tanh, lambda x: 1 - np.tanh(x) ** 2,
     lambda x: -2 * np.tanh(x) * (1 - np.tanh(x) ** 2)),
    ("sigmoid", paddle.nn.functional.sigmoid, lambda x: _sig(x) * (1 - _sig(x)),
     lambda x: _sig(x) * (1 - _sig(x)) * (1 - 2 * _sig(x))),
    ("square", paddle.square, lambda x: 2 * x, lambda x: np.full_like(x, 2.0)),
    ("log", paddle.log, lambda x: 1 / x, lambda x: -1 / x ** 2),
    ("x*x", lambda x: x * x, lambda x: 2 * x, lambda x: np.full_like(x, 2.0)),
    ("x*x*x", lambda x: x * x * x, lambda x: 3 * x * x, lambda x: 6 * x),
    ("tanh(x)*x", lambda x: paddle.tanh(x) * x,
     lambda x: np.tanh(x) + x * (1 - np.tanh(x) ** 2),
     lambda x: 2 * (1 - np.tanh(x) ** 2) - 2 * x * np.tanh(x) * (1 - np.tanh(x) ** 2)),
    ("log(sigmoid(x))+x", lambda x: paddle.log(paddle.nn.functional.sigmoid(x)) + x,
     lambda x: 2 - _sig(x), lambda x: -_sig(x) * (1 - _sig(x))),
    ("softplus", paddle.nn.functional.softplus, _sig, lambda x: _sig(x) * (1 - _sig(x))),
    ("abs(x-1)*x", lambda x: paddle.abs(x - 1.0) * x, lambda x: np.abs(x - 1) + x * np.sign(x - 1),
     lambda x: 2 * np.sign(x - 1)),
    ("pow", lambda x: paddle.pow(x, 3.5), lambda x: 3.5 * x ** 2.5,
     lambda x: 8.75 * x ** 1.5),
    ("exp", paddle.exp, np.exp, np.exp),
    ("sqrt", paddle.sqrt, lambda x: 0.5 / np.sqrt(x), lambda x: -0.25 * x ** -1.5),
    ("x/(x+2)", lambda x: x / (x + 2.0), lambda x: 2 / (x + 2) ** 2, lambda x: -4 / (x + 2) ** 3),
    ("1/x", lambda x: 1.0 / x, lambda x: -1 / x ** 2, lambda x: 2 / x ** 3),
    ("exp(x)/sqrt(x)", lambda x: paddle.exp(x) / paddle.sqrt(x),
     lambda x: np.exp(x) * (x ** -0.5 - 0.5 * x ** -1.5),
     lambda x: np.exp(x) * (x ** -0.5 - x ** -1.5 + 0.75 * x ** -2.5)),
])
def test_second_derivatives_elementwise(name, fn, d1, d2):
    x = rng.uniform(0.2, 1.5, (3, 4))

    def build(v):
        (g,) = paddle.static.gradients(fn(v["x"]), v["x"])
        (g2,) = paddle.static.gradients(g, v["x"])
        return [g, g2]
    _, (g, g2) = _run(build, {"x": x})
    np.testing.assert_allclose(g, d1(x), rtol=1e-10, err_msg=name)
    np.testing.assert_allclose(g2, d2(x), rtol=1e-10, atol=1e-12, err_msg=name)


def test_leaky_relu_second_derivative_of_a_product():
    # f = leaky_relu(x) * x: f'' = 2 leaky_relu'(x), 2 or 2 alpha.
    x = rng.uniform(-1, 1, (3, 4))

    def build(v):
        f = paddle.nn.functional.leaky_relu(v["x"], 0.25) * v["x"]
        (g,) = paddle.static.gradients(f, v["x"])
        (g2,) = paddle.static.gradients(g, v["x"])
        return [g, g2]
    _, (g, g2) = _run(build, {"x": x})
    slope = np.where(x > 0, 1.0, 0.25)
    np.testing.assert_allclose(g, 2 * x * slope, rtol=1e-12)
    np.testing.assert_allclose(g2, 2 * slope, rtol=1e-12)


def test_first_pass_keeps_its_names_and_the_second_gets_fresh_ones():
    x = rng.uniform(-1, 1, (2, 3))

    def build(v):
        (g,) = paddle.static.gradients(paddle.tanh(v["x"]), v["x"])
        (g2,) = paddle.static.gradients(g, v["x"])
        assert g.name == "x@GRAD"
        assert g2.name != g.name and g2.name.endswith("x@GRAD")
        return [g, g2]
    main, (g, g2) = _run(build, {"x": x})
    t = np.tanh(x)
    np.testing.assert_allclose(g, 1 - t * t, rtol=1e-12)
    np.testing.assert_allclose(g2, -2 * t * (1 - t * t), rtol=1e-12)
    types = [op.type for op in main.global_block().ops]
    assert types.count("tanh_grad") == 2 and types.count("tanh_grad_grad") == 1


def test_matmul_chain_hessian_vector_product():
    # f = sum(tanh(x @ w) @ v); the second pass differentiates <df/dw, u> by w.
    x, w = rng.uniform(-1, 1, (4, 3)), rng.uniform(-1, 1, (3, 5))
    v, u = rng.uniform(-1, 1, (5, 2)), rng.uniform(-1, 1, (3, 5))

    def build(d):
        f = paddle.sum(paddle.matmul(paddle.tanh(paddle.matmul(d["x"], d["w"])), d["v"]))
        (gw,) = paddle.static.gradients(f, d["w"])
        (hu,) = paddle.static.gradients(paddle.sum(gw * d["u"]), d["w"])
        return [gw, hu]
    _, (gw, hu) = _run(build, {"x": x, "w": w, "v": v, "u": u})
    t = np.tanh(x @ w)
    dh = np.ones((4, 2)) @ v.T  # d f / d tanh
    np.testing.assert_allclose(gw, x.T @ (dh * (1 - t * t)), rtol=1e-10)
    # d/dw <x^T (dh * (1 - t^2)), u> = x^T (dh * (-2 t (1 - t^2)) * (x u))
    want = x.T @ (dh * -2 * t * (1 - t * t) * (x @ u))
    np.testing.assert_allclose(hu, want, rtol=1e-10, atol=1e-12)


def test_mixed_partials_of_a_product():
    # f = sum(x * y * y): d/dy of df/dx = 2y, d/dx of df/dy = 2y.
    x, y = rng.uniform(-1, 1, (3,)), rng.uniform(-1, 1, (3,))

    def build(d):
        f = d["x"] * d["y"] * d["y"]
        gx, gy = paddle.static.gradients(f, [d["x"], d["y"]])
        (gxy,) = paddle.static.gradients(gx, d["y"])
        (gyx, gyy) = paddle.static.gradients(gy, [d["x"], d["y"]])
        return [gx, gy, gxy, gyx, gyy]
    _, (gx, gy, gxy, gyx, gyy) = _run(build, {"x": x, "y": y})
    np.testing.assert_allclose(gx, y * y, rtol=1e-12)
    np.testing.assert_allclose(gy, 2 * x * y, rtol=1e-12)
    np.testing.assert_allclose(gxy, 2 * y, rtol=1e-12)
    np.testing.assert_allclose(gyx, 2 * y, rtol=1e-12)
    np.testing.assert_allclose(gyy, 2 * x, rtol=1e-12)


def test_add_n_is_differentiated_by_scale():
    # sum (add_n) passes its output gradient to every input; the first pass's gradient sums
    # are themselves differentiated in the second pass.
    x, y = rng.uniform(0.5, 1.5, (2, 3)), rng.uniform(0.5, 1.5, (2, 3))

    def build(d):
        f = paddle.add_n([d["x"] * d["x"], d["y"], paddle.log(d["x"])])
        gx, gy = paddle.static.gradients(f, [d["x"], d["y"]])
        (g2,) = paddle.static.gradients(gx, d["x"])
        return [gx, gy, g2]
    _, (gx, gy, g2) = _run(build, {"x": x, "y": y})
    np.testing.assert_allclose(gx, 2 * x + 1 / x, rtol=1e-12)
    np.testing.assert_allclose(gy, np.ones_like(y))
    np.testing.assert_allclose(g2, 2 - 1 / x ** 2, rtol=1e-12)


def _penalty_data():
    return (rng.uniform(-1, 1, (6, 3)), rng.uniform(-0.5, 0.5, (3, 5)),
            rng.uniform(-0.1, 0.1, (5,)), rng.uniform(-0.5, 0.5, (5, 1)))


def _critic(x, w1, b1, w2):
    return paddle.matmul(paddle.tanh(paddle.matmul(x, w1) + b1), w2)


def _penalty_loss(out, g):
    norm = paddle.sum(g * g, axis=1)
    return paddle.mean(out) + 0.5 * paddle.mean(paddle.square(norm - 1.0))


def test_static_gradient_penalty_training_matches_eager():
    x, w1, b1, w2 = _penalty_data()
    # 0.125: a learning rate float32 holds exactly, as the static one is float32 (PaddlePaddle
    # makes it float32 without parameters) while the eager one takes the parameters' float64.
    steps, lr = 4, 0.125

    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        xv = paddle.static.data("x", [6, 3], "float64")
        xv.stop_gradient = False
        params = [paddle.static.create_parameter(
            list(a.shape), "float64", name=n,
            default_initializer=paddle.nn.initializer.Assign(a))
            for n, a in (("w1", w1), ("b1", b1), ("w2", w2))]
        out = _critic(xv, *params)
        (g,) = paddle.static.gradients(out, xv)
        loss = _penalty_loss(out, g)
        paddle.optimizer.SGD(learning_rate=lr).minimize(loss)
    exe = paddle.static.Executor()
    exe.run(start)
    static_losses = [float(exe.run(main, feed={"x": x}, fetch_list=[loss])[0])
                     for _ in range(steps)]
    static_params = [np.array(paddle.static.global_scope().find_var(n).get_tensor())
                     for n in ("w1", "b1", "w2")]

    paddle.disable_static()
    try:
        xt = paddle.to_tensor(x, stop_gradient=False)
        ps = [paddle.to_tensor(a, stop_gradient=False) for a in (w1, b1, w2)]
        opt = paddle.optimizer.SGD(learning_rate=lr, parameters=ps)
        eager_losses = []
        for _ in range(steps):
            out = _critic(xt, *ps)
            (g,) = paddle.grad(out.sum(), xt, create_graph=True)
            loss = _penalty_loss(out, g)
            loss.backward()
            opt.step()
            opt.clear_grad()
            eager_losses.append(float(loss.numpy()))
        eager_params = [p.numpy() for p in ps]
    finally:
        paddle.enable_static()
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-10)
    assert static_losses[-1] < static_losses[0]
    for s, e in zip(static_params, eager_params):
        np.testing.assert_allclose(s, e, rtol=1e-10, atol=1e-12)


def test_gradient_penalty_parameter_gradient_matches_differences():
    # The second pass gives d(penalty)/d(w1) through matmul/tanh/add double grads.
    x, w1, b1, w2 = _penalty_data()

    def penalty_grad(w1_value):
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            d = {n: paddle.static.data(n, list(a.shape), "float64")
                 for n, a in (("x", x), ("w1", w1_value), ("b1", b1), ("w2", w2))}
            for v in d.values():
                v.stop_gradient = False
            out = _critic(d["x"], d["w1"], d["b1"], d["w2"])
            (g,) = paddle.static.gradients(out, d["x"])
            loss = _penalty_loss(out, g)
            (gw,) = paddle.static.gradients(loss, d["w1"])
        exe = paddle.static.Executor()
        feed = {"x": x, "w1": w1_value, "b1": b1, "w2": w2}
        return exe.run(main, feed=feed, fetch_list=[loss, gw])

    _, analytic = penalty_grad(w1)
    eps, numeric = 1e-6, np.zeros_like(w1)
    for i in range(w1.size):
        step = np.zeros_like(w1)
        step.flat[i] = eps
        numeric.flat[i] = (float(penalty_grad(w1 + step)[0]) -
                           float(penalty_grad(w1 - step)[0])) / (2 * eps)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)


def test_gradient_through_a_grad_op_without_a_double_grad_names_the_op():
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [2, 3], "float64")
        x.stop_gradient = False
        (g,) = paddle.static.gradients(paddle.nn.functional.softsign(x), x)
        with pytest.raises(NotImplementedError, match="'softsign_grad'.*no double-grad"):
            paddle.static.gradients(g, x)


@pytest.mark.parametrize("name, fn, d3", THIRD_DERIVATIVE_CASES)
def test_third_derivatives(name, fn, d3):
    x = rng.uniform(-1, 1, (3, 4))

    def build(v):
        (g,) = paddle.static.gradients(fn(v["x"]), v["x"])
        (g2,) = paddle.static.gradients(g, v["x"])
        (g3,) = paddle.static.gradients(g2, v["x"])
        assert len({g.name, g2.name, g3.name}) == 3
        return [g3]
    _, (g3,) = _run(build, {"x": x})
    np.testing.assert_allclose(g3, d3(x), rtol=1e-10, atol=1e-12, err_msg=name)


def test_third_order_of_a_tanh_sigmoid_mlp_matches_differences():
    x, w1 = rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (3, 4))
    b1, w2 = rng.uniform(-1, 1, (4,)), rng.uniform(-1, 1, (4, 2))
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        xv = paddle.static.data("x", [2, 3], "float64")
        wv = paddle.static.data("w1", [3, 4], "float64")
        bv = paddle.static.data("b1", [4], "float64")
        w2v = paddle.static.data("w2", [4, 2], "float64")
        for v in (xv, wv, bv, w2v):
            v.stop_gradient = False
        h = paddle.tanh(paddle.matmul(xv, wv) + bv)
        f = paddle.sum(paddle.nn.functional.sigmoid(paddle.matmul(h, w2v)))
        (g,) = paddle.static.gradients(f, xv)
        (g2,) = paddle.static.gradients(paddle.sum(g), xv)
        s = paddle.sum(g2)
        g3x, g3w = paddle.static.gradients(s, [xv, wv])
    exe = paddle.static.Executor()

    def run(xa, wa, fetch):
        return exe.run(main, feed={"x": xa, "w1": wa, "b1": b1, "w2": w2}, fetch_list=fetch)

    got_x, got_w = run(x, w1, [g3x, g3w])
    eps = 1e-5
    for got, base, which in ((got_x, x, 0), (got_w, w1, 1)):
        numeric = np.zeros_like(base)
        for i in range(base.size):
            step = np.zeros_like(base)
            step.flat[i] = eps
            plus, minus = [x, w1], [x, w1]
            plus[which], minus[which] = base + step, base - step
            numeric.flat[i] = (float(run(*plus, [s])[0]) - float(run(*minus, [s])[0])) / (2 * eps)
        np.testing.assert_allclose(got, numeric, rtol=1e-6, atol=1e-8)


def _conv_critic(x, w, b, head=None):
    h = paddle.nn.functional.leaky_relu(paddle.nn.functional.conv2d(x, w, b, padding=1), 0.2)
    if head is None:
        return paddle.mean(h, axis=[1, 2, 3])
    # flatten + linear head, as WGAN-GP critics end.
    return paddle.matmul(paddle.flatten(paddle.transpose(h, [0, 2, 3, 1]), 1), head)


@pytest.mark.parametrize("with_head", [False, True], ids=["mean", "flatten_linear"])
def test_conv_gradient_penalty_training_matches_eager(with_head):
    # A WGAN-GP style critic: conv2d + bias + leaky_relu (+ transpose, flatten, matmul); the
    # penalty's backward crosses their double grads. Data of its own, so that the outcome does
    # not depend on which tests ran before.
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (2, 2, 5, 5))
    w0, b0 = rng.uniform(-0.5, 0.5, (3, 2, 3, 3)), rng.uniform(-0.1, 0.1, (3,))
    h0 = rng.uniform(-0.3, 0.3, (75, 1)) if with_head else None
    steps, lr = 3, 0.25  # exact in float32, as 0.125 above

    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        xv = paddle.static.data("x", [2, 2, 5, 5], "float64")
        xv.stop_gradient = False
        w = paddle.static.create_parameter([3, 2, 3, 3], "float64", name="cw",
                                           default_initializer=paddle.nn.initializer.Assign(w0))
        b = paddle.static.create_parameter([3], "float64", name="cb",
                                           default_initializer=paddle.nn.initializer.Assign(b0))
        head = None if h0 is None else paddle.static.create_parameter(
            [75, 1], "float64", name="ch", default_initializer=paddle.nn.initializer.Assign(h0))
        out = _conv_critic(xv, w, b, head)
        (g,) = paddle.static.gradients(out, xv)
        loss = _penalty_loss(out, paddle.reshape(g, [2, -1]))
        paddle.optimizer.SGD(learning_rate=lr).minimize(loss)
    exe = paddle.static.Executor()
    exe.run(start)
    static_losses = [float(exe.run(main, feed={"x": x}, fetch_list=[loss])[0])
                     for _ in range(steps)]
    static_w = np.array(paddle.static.global_scope().find_var("cw").get_tensor())

    paddle.disable_static()
    try:
        xt = paddle.to_tensor(x, stop_gradient=False)
        wt = paddle.to_tensor(w0, stop_gradient=False)
        bt = paddle.to_tensor(b0, stop_gradient=False)
        ht = None if h0 is None else paddle.to_tensor(h0, stop_gradient=False)
        params = [wt, bt] + ([] if ht is None else [ht])
        opt = paddle.optimizer.SGD(learning_rate=lr, parameters=params)
        eager_losses = []
        for _ in range(steps):
            out = _conv_critic(xt, wt, bt, ht)
            (g,) = paddle.grad(out.sum(), xt, create_graph=True)
            loss = _penalty_loss(out, paddle.reshape(g, [2, -1]))
            loss.backward()
            opt.step()
            opt.clear_grad()
            eager_losses.append(float(loss.numpy()))
        eager_w = wt.numpy()
    finally:
        paddle.enable_static()
    np.testing.assert_allclose(static_losses, eager_losses, rtol=1e-10)
    assert static_losses[-1] < static_losses[0]
    np.testing.assert_allclose(static_w, eager_w, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("with_head", [False, True], ids=["mean", "flatten_linear"])
def test_conv_gradient_penalty_filter_gradient_matches_differences(with_head):
    x = rng.uniform(-1, 1, (2, 2, 4, 4))
    w0, b0 = rng.uniform(-0.5, 0.5, (2, 2, 3, 3)), rng.uniform(-0.1, 0.1, (2,))
    h0 = rng.uniform(-0.3, 0.3, (32, 1))
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        xv = paddle.static.data("x", [2, 2, 4, 4], "float64")
        wv = paddle.static.data("w", [2, 2, 3, 3], "float64")
        bv = paddle.static.data("b", [2], "float64")
        hv = paddle.static.data("h", [32, 1], "float64")
        for v in (xv, wv, bv, hv):
            v.stop_gradient = False
        out = _conv_critic(xv, wv, bv, hv if with_head else None)
        (g,) = paddle.static.gradients(out, xv)
        loss = _penalty_loss(out, paddle.reshape(g, [2, -1]))
        (gw,) = paddle.static.gradients(loss, wv)
    exe = paddle.static.Executor()

    def run(wa, fetch):
        return exe.run(main, feed={"x": x, "w": wa, "b": b0, "h": h0}, fetch_list=fetch)

    (analytic,) = run(w0, [gw])
    eps, numeric = 1e-6, np.zeros_like(w0)
    for i in range(w0.size):
        step = np.zeros_like(w0)
        step.flat[i] = eps
        numeric.flat[i] = (float(run(w0 + step, [loss])[0]) -
                           float(run(w0 - step, [loss])[0])) / (2 * eps)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)


def test_second_derivative_through_average_pooling():
    # Each element lies in one 2x2 window: d/dx sum(avg_pool(tanh x)) = (1 - t^2) / 4.
    x = rng.uniform(-1, 1, (2, 3, 4, 4))

    def build(v):
        f = paddle.sum(paddle.nn.functional.avg_pool2d(paddle.tanh(v["x"]), 2, 2))
        (g,) = paddle.static.gradients(f, v["x"])
        (g2,) = paddle.static.gradients(g, v["x"])
        return [g, g2]
    _, (g, g2) = _run(build, {"x": x})
    t = np.tanh(x)
    np.testing.assert_allclose(g, (1 - t * t) / 4, rtol=1e-12)
    np.testing.assert_allclose(g2, -2 * t * (1 - t * t) / 4, rtol=1e-12)


def test_second_derivative_through_a_slice():
    x = rng.uniform(-1, 1, (3, 5))

    def build(v):
        f = paddle.sum(paddle.tanh(v["x"])[:, 1:3])
        (g,) = paddle.static.gradients(f, v["x"])
        (g2,) = paddle.static.gradients(g, v["x"])
        return [g2]
    _, (g2,) = _run(build, {"x": x})
    t = np.tanh(x)
    want = np.zeros_like(x)
    want[:, 1:3] = (-2 * t * (1 - t * t))[:, 1:3]
    np.testing.assert_allclose(g2, want, rtol=1e-12, atol=1e-15)
