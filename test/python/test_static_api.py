"""The static-graph Python API as PaddlePaddle users write it: programs, executor, feeds,
fetches, scope, clone(for_test), errors at the user's line, gradients."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F

paddle.enable_static()


def new_programs():
    return paddle.static.Program(), paddle.static.Program()


def test_fit_a_line_trains():
    main, startup = new_programs()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 13], "float32")
        y = paddle.static.data("y", [None, 1], "float32")
        pred = paddle.static.nn.fc(x, 1)
        loss = paddle.mean(F.square_error_cost(pred, y))
        paddle.optimizer.SGD(learning_rate=0.05).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        rng = np.random.default_rng(0)
        xs = rng.normal(size=(64, 13)).astype("float32")
        ys = xs @ rng.normal(size=(13, 1)).astype("float32") + 0.5
        losses = [float(exe.run(main, feed={"x": xs, "y": ys}, fetch_list=[loss])[0]) for _ in range(100)]
    assert losses[-1] < losses[0] * 1e-3


def test_program_structure_and_clone_for_test():
    main, startup = new_programs()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 4], "float32")
        h = paddle.static.nn.fc(x, 8, activation="relu")
        out = F.dropout(h, p=0.5)
        loss = paddle.mean(out)
        test_prog = main.clone(for_test=True)
        paddle.optimizer.SGD(0.1).minimize(loss)
    types = [op.type for op in main.global_block().ops]
    assert types[:4] == ["mul", "elementwise_add", "relu", "dropout"]
    assert "mul_grad" in types and types[-1] == "sgd"
    assert [p.name for p in main.all_parameters()] == [p.name for p in startup.all_parameters()]
    assert len(main.all_parameters()) == 2
    text = str(main)
    assert "mul" in text and main.all_parameters()[0].name in text
    # cloned after minimize: backward and optimizer ops dropped, is_test set
    clone_after = main.clone(for_test=True)
    ctypes = [op.type for op in clone_after.global_block().ops]
    assert "sgd" not in ctypes and not any(t.endswith("_grad") for t in ctypes)
    drop = [op for op in clone_after.global_block().ops if op.type == "dropout"][0]
    assert drop.attr("is_test") is True
    assert [op.type for op in test_prog.global_block().ops] == ctypes


def test_scope_tensor_get_and_set():
    main, startup = new_programs()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2], "float32")
        w = paddle.static.create_parameter([2], "float32", name="w_scope",
                                           default_initializer=paddle.nn.initializer.Constant(3.0))
        out = x * w
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        t = paddle.static.global_scope().find_var("w_scope").get_tensor()
        np.testing.assert_array_equal(np.array(t), [3.0, 3.0])
        t.set(np.array([1.0, -2.0], "float32"), paddle.CPUPlace())
        (res,) = exe.run(main, feed={"x": np.array([2.0, 5.0], "float32")}, fetch_list=[out])
    np.testing.assert_array_equal(res, [2.0, -10.0])


def test_shape_error_raised_at_append_names_shapes():
    main, startup = new_programs()
    with paddle.static.program_guard(main, startup):
        a = paddle.static.data("a", [2, 3], "float32")
        b = paddle.static.data("b", [4, 5], "float32")
        with pytest.raises(ValueError) as info:
            paddle.add(a, b)
    msg = str(info.value)
    assert "[2, 3]" in msg and "[4, 5]" in msg


def test_feed_errors_name_the_variable():
    main, startup = new_programs()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 3], "float32")
        y = x * 2.0
    exe = paddle.static.Executor()
    with pytest.raises(ValueError, match="x.*rank"):
        exe.run(main, feed={"x": np.ones((3,), "float32")}, fetch_list=[y])
    with pytest.raises(ValueError, match=r"x.*\[-1, 3\].*\[2, 4\]"):
        exe.run(main, feed={"x": np.ones((2, 4), "float32")}, fetch_list=[y])
    with pytest.raises(ValueError, match="x.*float32.*float64"):
        exe.run(main, feed={"x": np.ones((2, 3), "float64")}, fetch_list=[y])
    with pytest.raises(KeyError, match="nope"):
        exe.run(main, feed={"nope": np.ones((2, 3), "float32")}, fetch_list=[y])
    # still usable
    (out,) = exe.run(main, feed={"x": np.ones((2, 3), "float32")}, fetch_list=[y])
    np.testing.assert_array_equal(out, np.full((2, 3), 2.0))


def test_runtime_error_shows_user_line():
    main, startup = new_programs()
    with paddle.static.program_guard(main, startup):
        a = paddle.static.data("a", [-1, 3], "float32")
        b = paddle.static.data("b", [-1, 3], "float32")
        c = paddle.add(a, b)  # the line the error must show
    exe = paddle.static.Executor()
    with pytest.raises(ValueError) as info:
        exe.run(main, feed={"a": np.ones((2, 3), "float32"), "b": np.ones((4, 3), "float32")},
                fetch_list=[c])
    msg = str(info.value)
    assert "elementwise_add" in msg
    assert "test_static_api.py" in msg and "paddle.add(a, b)" in msg


def test_gradients_match_finite_differences():
    main, startup = new_programs()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3, 4], "float64")
        w = paddle.static.data("w", [4, 2], "float64")
        y = paddle.tanh(paddle.matmul(x, w))
        loss = paddle.sum(y * y)
        gx, gw = paddle.static.gradients([loss], [x, w])
    rng = np.random.default_rng(1)
    xv, wv = rng.normal(size=(3, 4)), rng.normal(size=(4, 2))
    exe = paddle.static.Executor()
    lv, gxv, gwv = exe.run(main, feed={"x": xv, "w": wv}, fetch_list=[loss, gx, gw])

    def f(xa, wa):
        return float(np.sum(np.tanh(xa @ wa) ** 2))

    for value, grad, which in ((xv, gxv, 0), (wv, gwv, 1)):
        num = np.zeros_like(value)
        for i in range(value.size):
            d = np.zeros(value.size)
            d[i] = 1e-6
            d = d.reshape(value.shape)
            args_p = (xv + d, wv) if which == 0 else (xv, wv + d)
            args_m = (xv - d, wv) if which == 0 else (xv, wv - d)
            num.reshape(-1)[i] = (f(*args_p) - f(*args_m)) / 2e-6
        np.testing.assert_allclose(grad, num, rtol=1e-5, atol=1e-8)
    assert abs(float(lv) - f(xv, wv)) < 1e-9


def test_append_backward_returns_param_grads_and_honours_stop_gradient():
    main, startup = new_programs()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 3], "float32")
        h = paddle.static.nn.fc(x, 4)
        frozen = paddle.static.nn.fc(x, 4, weight_attr=paddle.ParamAttr(trainable=False),
                                     bias_attr=False)
        loss = paddle.mean(h + frozen)
        pgs = paddle.static.append_backward(loss)
    names = sorted(p.name for p, g in pgs)
    assert len(names) == 2 and all(g.name == p.name + "@GRAD" for p, g in pgs)
    # The frozen layer's weight by name (the layers' numbers depend on the tests run before).
    (frozen_w,) = [p for p in main.all_parameters() if not p.trainable]
    assert frozen_w.name not in names and frozen_w.name.endswith(".w_0")


def test_variable_operators_and_indexing():
    main, startup = new_programs()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2, 3], "float32")
        y = paddle.static.data("y", [2, 3], "float32")
        outs = [x + y, x - y, x * y, x / y, x + 1.0, 2.0 * x, 1.0 - x, -x, x ** 2, x > y,
                x @ paddle.transpose(y, [1, 0]), x[0], x[:, 1:3], x[1, 2]]
    xv = np.array([[1, 2, 3], [4, 5, 6]], "float32")
    yv = np.array([[2, 2, 2], [1, 8, 3]], "float32")
    res = paddle.static.Executor().run(main, feed={"x": xv, "y": yv}, fetch_list=outs)
    want = [xv + yv, xv - yv, xv * yv, xv / yv, xv + 1, 2 * xv, 1 - xv, -xv, xv ** 2, xv > yv,
            xv @ yv.T, xv[0], xv[:, 1:3], xv[1, 2]]
    for got, exp in zip(res, want):
        np.testing.assert_allclose(got, exp, rtol=1e-6)


def test_editing_an_op_after_a_run_takes_effect():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2], "float32")
        y = paddle.scale(x, 2.0)
    exe = paddle.static.Executor()
    feed = {"x": np.array([1.0, 2.0], "float32")}
    np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[y])[0], [2.0, 4.0])
    main.global_block().ops[0]._set_attr("scale", 3.0)
    np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[y])[0], [3.0, 6.0])
    main.global_block().ops[0].desc.set_attr("scale", 5.0)  # straight through the desc
    np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[y])[0], [5.0, 10.0])


def test_every_kind_of_desc_edit_after_a_run_takes_effect():
    """The executor keys built programs by the desc's identity and generation: edits of vars,
    op slots, op lists and whole descs all reach the next run."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2], "float32")
        y = paddle.scale(x, 2.0)
        z = paddle.nn.functional.relu(y)
    exe = paddle.static.Executor()
    feed = {"x": np.array([1.0, -2.0], "float32")}
    block = main.global_block()
    gen = main.desc.generation()
    np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[z])[0], [2.0, 0.0])
    assert main.desc.generation() == gen, "a run must not count as an edit"
    # Relax the feed's declared shape through the var desc: a 3-element feed is accepted.
    block.desc.find_var("x").set_shape([-1])
    np.testing.assert_array_equal(
        exe.run(main, feed={"x": np.array([1.0, -2.0, 3.0], "float32")}, fetch_list=[z])[0],
        [2.0, 0.0, 6.0])
    # Re-point the relu at x itself (an op slot edit).
    block.ops[1].desc.set_input("X", [x.name])
    np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[z])[0], [1.0, 0.0])
    # Change the op type in place.
    block.ops[1].desc.set_type("abs")
    np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[z])[0], [1.0, 2.0])
    # Remove the op writing z and append another that does.
    block.desc.remove_op(1, 2)
    op = block.desc.append_op()
    op.set_type("scale")
    op.set_input("X", [y.name])
    op.set_output("Out", [z.name])
    op.set_attr("scale", 10.0)
    main._sync_with_cpp()
    np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[z])[0], [20.0, -40.0])
    # A whole new desc object (same content) is a new identity and runs alike.
    main.desc = paddle.base.core.ProgramDesc(main.desc)
    np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[z])[0], [20.0, -40.0])


def test_fetched_tensors_are_not_overwritten_by_later_runs():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2], "float32")
        y = paddle.exp(x)
        w = paddle.static.create_global_var([2], 1.0, "float32", persistable=True, name="fetch_w")
        # w *= 2 in place on every run, as an optimizer updates a parameter
        main.global_block().append_op(type="scale", inputs={"X": [w]}, outputs={"Out": [w]},
                                      attrs={"scale": 2.0})
    exe = paddle.static.Executor()
    exe.run(startup)
    first_y, first_w = exe.run(main, feed={"x": np.zeros(2, "float32")}, fetch_list=[y, w],
                               return_numpy=False)
    exe.run(main, feed={"x": np.ones(2, "float32")}, fetch_list=[y, w], return_numpy=False)
    np.testing.assert_allclose(np.array(first_y), [1.0, 1.0])  # exp(0), not exp(1)
    np.testing.assert_allclose(np.array(first_w), [2.0, 2.0])  # the value at fetch time, not 4
