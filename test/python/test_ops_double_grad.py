"""NumPy reference tests of the double grad ops (paddle/ops/yaml/double_grad.yaml:
relu_grad_grad, tanh_grad_grad, sigmoid_grad_grad, square_grad_grad, log_grad_grad,
exp_double_grad, sqrt_grad_grad, leaky_relu_grad_grad, matmul_v2_grad_grad,
elementwise_add_grad_grad, elementwise_sub_grad_grad, elementwise_mul_grad_grad,
elementwise_div_grad_grad, conv2d_grad_grad, depthwise_conv2d_grad_grad; the triple grads
tanh_triple_grad, sigmoid_triple_grad, matmul_v2_triple_grad, elementwise_add_triple_grad,
elementwise_mul_triple_grad),
and float64 central-difference checks of them: check_grad of a first-order grad op
(tanh_grad, ...) differentiates it through its double grad op, the same way
paddle.grad(create_graph=True) does. Their InferMeta rejects mismatched shapes."""
import numpy as np
import pytest

import paddle
from op_test import check_grad, check_output, run_op

paddle.enable_static()

rng = np.random.default_rng(13)


def rand(*shape, low=-1.0, high=1.0):
    return rng.uniform(low, high, shape)


def test_activation_double_grad_outputs():
    out, dout, ddx = rand(3, 4), rand(3, 4), rand(3, 4)
    check_output("relu_grad_grad", {"Out": out, "DDX": ddx}, {"DDOut": np.where(out > 0, ddx, 0)})
    check_output("tanh_grad_grad", {"Out": out, "DOut": dout, "DDX": ddx},
                 {"DOutNew": -2 * out * dout * ddx, "DDOut": ddx * (1 - out * out)})
    s = rand(3, 4, low=0.05, high=0.95)
    check_output("sigmoid_grad_grad", {"Out": s, "DOut": dout, "DDX": ddx},
                 {"DOutNew": dout * ddx * (1 - 2 * s), "DDOut": ddx * s * (1 - s)})
    x = rand(3, 4, low=0.5, high=2.0)
    check_output("square_grad_grad", {"X": x, "DOut": dout, "DDX": ddx},
                 {"DX": 2 * dout * ddx, "DDOut": 2 * x * ddx})
    check_output("log_grad_grad", {"X": x, "DOut": dout, "DDX": ddx},
                 {"DX": -dout * ddx / (x * x), "DDOut": ddx / x})


def test_more_activation_double_grad_outputs():
    out, dout, ddx = rand(3, 4, low=0.3, high=2.0), rand(3, 4), rand(3, 4)
    check_output("exp_double_grad", {"Out": out, "DOut": dout, "DDX": ddx},
                 {"DOutNew": dout * ddx, "DDOut": ddx * out})
    dx = dout / (2 * out)
    check_output("sqrt_grad_grad", {"Out": out, "DX": dx, "DDX": ddx},
                 {"DOut": -dx * ddx / out, "DDOut": ddx / (2 * out)})
    x = rand(3, 4)
    check_output("leaky_relu_grad_grad", {"X": x, "DDX": ddx},
                 {"DDOut": np.where(x > 0, ddx, 0.1 * ddx)}, attrs={"alpha": 0.1})


def test_pow_double_grad_outputs_and_differences():
    x, dout, ddx = rand(3, 4, low=0.5, high=2.0), rand(3, 4), rand(3, 4)
    want = {"DDOut": ddx * 3.5 * x ** 2.5, "DX": dout * ddx * 3.5 * 2.5 * x ** 1.5}
    check_output("pow_double_grad", {"X": x, "DOut": dout, "DDX": ddx}, want,
                 attrs={"factor": 3.5})
    # FactorTensor overrides the attribute.
    check_output("pow_double_grad", {"X": x, "FactorTensor": np.array([3.5]), "DOut": dout,
                                   "DDX": ddx}, want, attrs={"factor": 1.0})
    check_grad("pow_grad", {"X": x, "Out@GRAD": dout}, attrs={"factor": 3.5},
               outputs=["X@GRAD"], wrt=["X", "Out@GRAD"])


def test_abs_and_softplus_double_grad_outputs():
    x, dout, ddx = rand(3, 4, low=-3, high=3), rand(3, 4), rand(3, 4)
    check_output("abs_grad_grad", {"X": x, "DDX": ddx}, {"DDOut": np.sign(x) * ddx})
    beta, threshold = 2.0, 3.0
    s = np.where(beta * x > threshold, 1.0, 1 / (1 + np.exp(-beta * x)))
    check_output("softplus_double_grad", {"X": x, "DOut": dout, "DDX": ddx},
                 {"DDOut": ddx * s,
                  "DX": np.where(beta * x > threshold, 0.0, dout * ddx * beta * s * (1 - s))},
                 attrs={"beta": beta, "threshold": threshold})
    check_grad("softplus_grad", {"X": rand(3, 4, low=-1, high=1), "Out@GRAD": rand(3, 4)},
               attrs={"beta": 2.0, "threshold": 3.0}, outputs=["X@GRAD"],
               wrt=["X", "Out@GRAD"])


def test_divide_double_grad_outputs_with_broadcast():
    x, y, dout = rand(3, 4), rand(4, low=0.5, high=1.5), rand(3, 4)
    ddx, ddy = rand(3, 4), rand(4)
    out = x / y
    check_output("elementwise_div_grad_grad",
                 {"Y": y, "Out": out, "Out@GRAD": dout, "DDX": ddx, "DDY": ddy},
                 {"DDOut": (ddx - out * ddy) / y, "DOut": -dout * ddy / y,
                  "Y@GRAD": (dout * (out * ddy - ddx) / (y * y)).sum(axis=0)})
    check_output("elementwise_div_grad_grad", {"Y": y, "Out": out, "Out@GRAD": dout, "DDX": ddx},
                 {"DDOut": ddx / y, "DOut": np.zeros((3, 4)),
                  "Y@GRAD": (-dout * ddx / (y * y)).sum(axis=0)})


@pytest.mark.parametrize("trans_x, trans_y", [(False, False), (True, False), (False, True)])
def test_matmul_double_grad_outputs(trans_x, trans_y):
    x = rand(4, 3) if trans_x else rand(3, 4)
    y = rand(5, 4) if trans_y else rand(4, 5)
    ddx, ddy, dout = rand(*x.shape), rand(*y.shape), rand(3, 5)
    ox, oy = (x.T if trans_x else x), (y.T if trans_y else y)
    odx, ody = (ddx.T if trans_x else ddx), (ddy.T if trans_y else ddy)
    dx = dout @ ody.T  # gradient of <dout, op(x) op(ddy)> with respect to op(x)
    dy = odx.T @ dout
    check_output("matmul_v2_grad_grad", {"X": x, "Y": y, "DOut": dout, "DDX": ddx, "DDY": ddy},
                 {"DX": dx.T if trans_x else dx, "DY": dy.T if trans_y else dy,
                  "DDOut": odx @ oy + ox @ ody},
                 attrs={"trans_x": trans_x, "trans_y": trans_y})


def test_matmul_double_grad_with_one_side_absent():
    x, y, dout, ddx = rand(3, 4), rand(4, 2), rand(3, 2), rand(3, 4)
    check_output("matmul_v2_grad_grad", {"X": x, "Y": y, "DOut": dout, "DDX": ddx},
                 {"DX": np.zeros((3, 4)), "DY": ddx.T @ dout, "DDOut": ddx @ y})


def test_elementwise_double_grad_outputs_with_broadcast():
    x, y, dout = rand(3, 4), rand(4), rand(3, 4)
    ddx, ddy = rand(3, 4), rand(4)
    check_output("elementwise_add_grad_grad", {"Y": y, "DOut": dout, "DDX": ddx, "DDY": ddy},
                 {"DDOut": ddx + ddy})
    check_output("elementwise_sub_grad_grad", {"Y": y, "DOut": dout, "DDX": ddx, "DDY": ddy},
                 {"DDOut": ddx - ddy})
    check_output("elementwise_add_grad_grad", {"Y": y, "DOut": dout, "DDY": ddy},
                 {"DDOut": np.broadcast_to(ddy, (3, 4))})
    check_output("elementwise_mul_grad_grad",
                 {"X": x, "Y": y, "DOut": dout, "DDX": ddx, "DDY": ddy},
                 {"X@GRAD": dout * ddy, "Y@GRAD": (dout * ddx).sum(axis=0),
                  "DDOut": ddx * y + x * ddy})


# First-order grad op, its inputs, its outputs, the inputs to differentiate.
GRAD_CHECKS = [
    ("tanh_grad", {"Out": rand(3, 4), "Out@GRAD": rand(3, 4)}, ["X@GRAD"], ["Out", "Out@GRAD"]),
    ("sigmoid_grad", {"Out": rand(3, 4, low=0.1, high=0.9), "Out@GRAD": rand(3, 4)}, ["X@GRAD"],
     ["Out", "Out@GRAD"]),
    ("relu_grad", {"Out": np.maximum(rand(3, 4), 0.0), "Out@GRAD": rand(3, 4)},
     ["X@GRAD"], ["Out@GRAD"]),
    ("square_grad", {"X": rand(3, 4), "Out@GRAD": rand(3, 4)}, ["X@GRAD"], ["X", "Out@GRAD"]),
    ("log_grad", {"X": rand(3, 4, low=0.5, high=2.0), "Out@GRAD": rand(3, 4)}, ["X@GRAD"],
     ["X", "Out@GRAD"]),
    ("matmul_v2_grad", {"X": rand(3, 4), "Y": rand(4, 2), "Out@GRAD": rand(3, 2)},
     ["X@GRAD", "Y@GRAD"], ["X", "Y", "Out@GRAD"]),
    ("elementwise_mul_grad", {"X": rand(3, 4), "Y": rand(4), "Out@GRAD": rand(3, 4)},
     ["X@GRAD", "Y@GRAD"], ["X", "Y", "Out@GRAD"]),
    ("elementwise_add_grad", {"X": rand(3, 4), "Y": rand(4), "Out@GRAD": rand(3, 4)},
     ["X@GRAD", "Y@GRAD"], ["Out@GRAD"]),
    ("elementwise_sub_grad", {"X": rand(3, 4), "Y": rand(3, 4), "Out@GRAD": rand(3, 4)},
     ["X@GRAD", "Y@GRAD"], ["Out@GRAD"]),
    ("exp_grad", {"Out": rand(3, 4, low=0.2, high=2.0), "Out@GRAD": rand(3, 4)}, ["X@GRAD"],
     ["Out", "Out@GRAD"]),
    ("sqrt_grad", {"Out": rand(3, 4, low=0.5, high=2.0), "Out@GRAD": rand(3, 4)}, ["X@GRAD"],
     ["Out", "Out@GRAD"]),
    ("leaky_relu_grad", {"X": rand(3, 4), "Out@GRAD": rand(3, 4)}, ["X@GRAD"], ["Out@GRAD"]),
    ("abs_grad", {"X": rand(3, 4), "Out@GRAD": rand(3, 4)}, ["X@GRAD"], ["Out@GRAD"]),
    ("softplus_grad", {"X": rand(3, 4, low=-3, high=3), "Out@GRAD": rand(3, 4)}, ["X@GRAD"],
     ["X", "Out@GRAD"]),
]


@pytest.mark.parametrize("op, inputs, outputs, wrt", GRAD_CHECKS, ids=[c[0] for c in GRAD_CHECKS])
def test_double_grad_ops_match_central_differences(op, inputs, outputs, wrt):
    check_grad(op, inputs, outputs=outputs, wrt=wrt)


def test_leaky_relu_double_grad_keeps_alpha():
    check_grad("leaky_relu_grad", {"X": rand(3, 4), "Out@GRAD": rand(3, 4)}, attrs={"alpha": 0.3},
               outputs=["X@GRAD"], wrt=["Out@GRAD"])


@pytest.mark.parametrize("y_shape", [(3, 4), (4,)], ids=["same", "broadcast_y"])
def test_divide_double_grad_matches_differences(y_shape):
    # Out is a saved input of divide_grad: the check differentiates through it as given.
    x, y = rand(3, 4), rand(*y_shape, low=0.5, high=1.5) * rng.choice([-1, 1], y_shape)
    check_grad("elementwise_div_grad", {"X": x, "Y": y, "Out": x / y, "Out@GRAD": rand(3, 4)},
               outputs=["X@GRAD", "Y@GRAD"], wrt=["Y", "Out", "Out@GRAD"])


def test_matmul_double_grad_transposed_matches_differences():
    check_grad("matmul_v2_grad", {"X": rand(4, 3), "Y": rand(2, 4), "Out@GRAD": rand(3, 2)},
               attrs={"trans_x": True, "trans_y": True}, outputs=["X@GRAD", "Y@GRAD"],
               wrt=["X", "Y", "Out@GRAD"])


def test_reduce_grads_are_differentiated_by_the_reductions():
    # reduce_sum_grad's and the mean grads' grad ops are reduce_sum / the means themselves.
    x = rand(3, 4)
    check_grad("reduce_sum_grad", {"X": x, "Out@GRAD": rand(4)}, attrs={"dim": [0]},
               outputs=["X@GRAD"], wrt=["Out@GRAD"])
    check_grad("reduce_mean_grad", {"X": x, "Out@GRAD": rand(3, 1)},
               attrs={"dim": [1], "keep_dim": True}, outputs=["X@GRAD"], wrt=["Out@GRAD"])
    check_grad("mean_grad", {"X": x, "Out@GRAD": rand(1)}, outputs=["X@GRAD"], wrt=["Out@GRAD"])


def test_double_grad_infermeta_rejects_mismatched_shapes():
    with pytest.raises(ValueError, match="tanh_grad_grad's DDX to have the dims"):
        run_op("tanh_grad_grad", {"Out": rand(3, 4), "DOut": rand(3, 4), "DDX": rand(4, 3)},
               outputs={"DDOut": None})
    with pytest.raises(ValueError, match="matmul_v2_grad_grad's DDY to have the dims"):
        run_op("matmul_v2_grad_grad",
               {"X": rand(3, 4), "Y": rand(4, 2), "DOut": rand(3, 2), "DDY": rand(2, 4)},
               outputs={"DDOut": None})
    with pytest.raises(ValueError, match="elementwise_add_grad_grad's DDX to broadcast"):
        run_op("elementwise_add_grad_grad", {"Y": rand(4), "DOut": rand(3, 4), "DDX": rand(5)},
               outputs={"DDOut": None})
    with pytest.raises(ValueError, match="sqrt_grad_grad's DX to have the dims"):
        run_op("sqrt_grad_grad", {"Out": rand(3, 4), "DX": rand(4, 3), "DDX": rand(3, 4)},
               outputs={"DDOut": None})
    with pytest.raises(ValueError, match="exp_double_grad's DDX to have the dims"):
        run_op("exp_double_grad", {"Out": rand(3, 4), "DOut": rand(3, 4), "DDX": rand(2)},
               outputs={"DDOut": None})
    with pytest.raises(ValueError, match="leaky_relu_grad_grad's DDX to have the dims"):
        run_op("leaky_relu_grad_grad", {"X": rand(3, 4), "DDX": rand(3)}, outputs={"DDOut": None})
    with pytest.raises(ValueError, match="elementwise_div_grad_grad's DDY to have the dims"):
        run_op("elementwise_div_grad_grad", {"Y": rand(4), "Out": rand(3, 4),
                                             "Out@GRAD": rand(3, 4), "DDY": rand(3, 4)},
               outputs={"DDOut": None})
    with pytest.raises(ValueError, match="elementwise_div_grad_grad's Out@GRAD to have the dims"):
        run_op("elementwise_div_grad_grad", {"Y": rand(4), "Out": rand(3, 4),
                                             "Out@GRAD": rand(4, 3), "DDX": rand(3, 4)},
               outputs={"DDOut": None})


def test_sum_gradient_is_a_scale_per_input():
    # "sum" (add_n, and the backward's own gradient sums) hands Out@GRAD to each input
    # through one scale op per input, so a second backward pass can cross the sums.
    check_grad("sum", {"X": [("a", rand(2, 3)), ("b", rand(2, 3)), ("c", rand(2, 3))]},
               outputs=["Out"], wrt=["X"])


def _triple_refs(kind, out, dout, ddx, a, b):
    """(D_OutNew, D_DOut, D_DDx) of tanh / sigmoid_triple_grad by NumPy."""
    if kind == "tanh":
        return (-2 * ddx * (a * dout + b * out), -2 * a * out * ddx,
                -2 * a * out * dout + b * (1 - out * out))
    return (ddx * (b * (1 - 2 * out) - 2 * a * dout), a * ddx * (1 - 2 * out),
            a * dout * (1 - 2 * out) + b * out * (1 - out))


@pytest.mark.parametrize("kind", ["tanh", "sigmoid"])
def test_triple_grad_outputs(kind):
    out, dout, ddx = rand(3, 4, low=0.1, high=0.9), rand(3, 4), rand(3, 4)
    a, b = rand(3, 4), rand(3, 4)
    inputs = {"Out": out, "DOut": dout, "DDX": ddx, "D_DOut_New": a, "D_DDOut": b}
    r1, r2, r3 = _triple_refs(kind, out, dout, ddx, a, b)
    check_output(f"{kind}_triple_grad", inputs, {"D_OutNew": r1, "D_DOut": r2, "D_DDx": r3})
    # Either incoming gradient may be absent (zero).
    del inputs["D_DDOut"]
    r1, r2, r3 = _triple_refs(kind, out, dout, ddx, a, 0 * b)
    check_output(f"{kind}_triple_grad", inputs, {"D_OutNew": r1, "D_DOut": r2, "D_DDx": r3})


@pytest.mark.parametrize("kind", ["tanh", "sigmoid"])
def test_triple_grad_matches_differences_of_the_double_grad(kind):
    check_grad(f"{kind}_grad_grad",
               {"Out": rand(3, 4, low=0.1, high=0.9), "DOut": rand(3, 4), "DDX": rand(3, 4)},
               outputs=["DOutNew", "DDOut"], wrt=["Out", "DOut", "DDX"])


def test_triple_grad_infermeta_rejects_mismatched_shapes():
    with pytest.raises(ValueError, match="tanh_triple_grad's D_DDOut to have the dims"):
        run_op("tanh_triple_grad", {"Out": rand(3, 4), "DOut": rand(3, 4), "DDX": rand(3, 4),
                                    "D_DDOut": rand(4, 3)}, outputs={"D_DDx": None})


@pytest.mark.parametrize("trans_x, trans_y", [(False, False), (True, True)])
def test_matmul_triple_grad_matches_differences_of_the_double_grad(trans_x, trans_y):
    x = rand(4, 3) if trans_x else rand(3, 4)
    y = rand(2, 4) if trans_y else rand(4, 2)
    inputs = {"X": x, "Y": y, "DOut": rand(3, 2), "DDX": rand(*x.shape), "DDY": rand(*y.shape)}
    check_grad("matmul_v2_grad_grad", inputs, attrs={"trans_x": trans_x, "trans_y": trans_y},
               outputs=["DX", "DY", "DDOut"], wrt=["X", "Y", "DOut", "DDX", "DDY"])


def test_matmul_triple_grad_outputs():
    x, y, dout = rand(3, 4), rand(4, 2), rand(3, 2)
    ddx, ddy, g1, g2, g3 = rand(3, 4), rand(4, 2), rand(3, 4), rand(4, 2), rand(3, 2)
    check_output("matmul_v2_triple_grad",
                 {"X": x, "Y": y, "DOut": dout, "DDX": ddx, "DDY": ddy, "D_DX": g1, "D_DY": g2,
                  "D_DDOut": g3},
                 {"D_X_out": g3 @ ddy.T, "D_Y_out": ddx.T @ g3, "D_DOut_out": g1 @ ddy + ddx @ g2,
                  "D_DDX_out": g3 @ y.T + dout @ g2.T, "D_DDY_out": x.T @ g3 + g1.T @ dout})
    # Only D_DDOut arriving: DOut gets no gradient.
    check_output("matmul_v2_triple_grad",
                 {"X": x, "Y": y, "DOut": dout, "DDX": ddx, "DDY": ddy, "D_DDOut": g3},
                 {"D_DOut_out": np.zeros((3, 2)), "D_DDX_out": g3 @ y.T})


def test_add_triple_grad_sums_to_each_input():
    ddx, ddy, g = rand(3, 4), rand(4), rand(3, 4)
    check_output("elementwise_add_triple_grad", {"DDX": ddx, "DDY": ddy, "D_DDOut": g},
                 {"D_DDX": g, "D_DDY": g.sum(axis=0)})
    check_grad("elementwise_add_grad_grad", {"Y": rand(4), "DOut": rand(3, 4), "DDX": ddx,
                                             "DDY": ddy}, outputs=["DDOut"], wrt=["DDX", "DDY"])
    with pytest.raises(ValueError, match="elementwise_add_triple_grad's DDY to broadcast"):
        run_op("elementwise_add_triple_grad", {"DDX": ddx, "DDY": rand(5), "D_DDOut": g},
               outputs={"D_DDX": None})


CONV_ATTRS = [
    ("conv2d", {"strides": [1, 1], "paddings": [1, 1], "groups": 1}, (2, 3, 5, 5), (4, 3, 3, 3)),
    ("conv2d", {"strides": [2, 1], "paddings": [0, 1], "groups": 2, "dilations": [1, 2]},
     (1, 4, 6, 5), (2, 2, 2, 2)),
    ("depthwise_conv2d", {"strides": [1, 1], "paddings": [1, 1], "groups": 3}, (2, 3, 4, 4),
     (3, 1, 3, 3)),
]


def _conv(op, x, w, attrs):
    return run_op(op, {"Input": x, "Filter": w}, attrs, {"Output": None})["Output"]


@pytest.mark.parametrize("op, attrs, x_shape, w_shape", CONV_ATTRS)
def test_conv_double_grad_outputs(op, attrs, x_shape, w_shape):
    # conv2d is bilinear: DDOutput is conv2d of (DDInput, Filter) plus (Input, DDFilter); DInput /
    # DFilter are conv2d_grad's gradients with one factor swapped for its DD counterpart.
    x, w, ddx, ddw = rand(*x_shape), rand(*w_shape), rand(*x_shape), rand(*w_shape)
    dout = rand(*_conv(op, x, w, attrs).shape)
    grads = {"Input@GRAD": None, "Filter@GRAD": None}
    d_in = run_op(f"{op}_grad", {"Input": x, "Filter": ddw, "Output@GRAD": dout}, attrs, grads)
    d_w = run_op(f"{op}_grad", {"Input": ddx, "Filter": w, "Output@GRAD": dout}, attrs, grads)
    check_output(f"{op}_grad_grad",
                 {"Input": x, "Filter": w, "DOutput": dout, "DDInput": ddx, "DDFilter": ddw},
                 {"DDOutput": _conv(op, ddx, w, attrs) + _conv(op, x, ddw, attrs),
                  "DInput": d_in["Input@GRAD"], "DFilter": d_w["Filter@GRAD"]}, attrs=attrs)
    check_output(f"{op}_grad_grad", {"Input": x, "Filter": w, "DOutput": dout, "DDInput": ddx},
                 {"DDOutput": _conv(op, ddx, w, attrs), "DInput": np.zeros(x_shape)},
                 attrs=attrs)


@pytest.mark.parametrize("op, attrs, x_shape, w_shape", CONV_ATTRS)
def test_conv_double_grad_matches_differences(op, attrs, x_shape, w_shape):
    x, w = rand(*x_shape), rand(*w_shape)
    dout = rand(*_conv(op, x, w, attrs).shape)
    check_grad(f"{op}_grad", {"Input": x, "Filter": w, "Output@GRAD": dout}, attrs=attrs,
               outputs=["Input@GRAD", "Filter@GRAD"], wrt=["Input", "Filter", "Output@GRAD"])


def test_conv_double_grad_infermeta_rejects_mismatched_shapes():
    with pytest.raises(ValueError, match="conv2d_grad_grad's DDFilter to have the dims"):
        run_op("conv2d_grad_grad", {"Input": rand(1, 2, 4, 4), "Filter": rand(3, 2, 3, 3),
                                    "DOutput": rand(1, 3, 2, 2), "DDFilter": rand(3, 2, 2, 2)},
               outputs={"DDOutput": None})


def test_elementwise_double_grads_honour_the_legacy_axis():
    # A channel bias: Y [3] placed at dim 1 of X [2, 3, 4] (conv2d's bias add).
    x, y, dout = rand(2, 3, 4), rand(3, low=0.5, high=1.5), rand(2, 3, 4)
    ddx, ddy = rand(2, 3, 4), rand(3)
    yb, ddyb = y.reshape(1, 3, 1), ddy.reshape(1, 3, 1)
    attrs = {"axis": 1}
    check_output("elementwise_add_grad_grad", {"Y": y, "DOut": dout, "DDX": ddx, "DDY": ddy},
                 {"DDOut": ddx + ddyb}, attrs=attrs)
    check_output("elementwise_sub_grad_grad", {"Y": y, "DOut": dout, "DDX": ddx, "DDY": ddy},
                 {"DDOut": ddx - ddyb}, attrs=attrs)
    check_output("elementwise_add_triple_grad", {"DDX": ddx, "DDY": ddy, "D_DDOut": dout},
                 {"D_DDX": dout, "D_DDY": dout.sum(axis=(0, 2))}, attrs=attrs)
    out = x / yb
    check_output("elementwise_div_grad_grad",
                 {"Y": y, "Out": out, "Out@GRAD": dout, "DDX": ddx, "DDY": ddy},
                 {"DDOut": (ddx - out * ddyb) / yb, "DOut": -dout * ddyb / yb,
                  "Y@GRAD": (dout * (out * ddyb - ddx) / (yb * yb)).sum(axis=(0, 2))},
                 attrs=attrs)
    check_grad("elementwise_mul_grad", {"X": x, "Y": y, "Out@GRAD": dout}, attrs=attrs,
               outputs=["X@GRAD", "Y@GRAD"], wrt=["X", "Y", "Out@GRAD"])
    check_grad("elementwise_div_grad", {"X": x, "Y": y, "Out": out, "Out@GRAD": dout},
               attrs=attrs, outputs=["X@GRAD", "Y@GRAD"], wrt=["Y", "Out", "Out@GRAD"])


def test_reshape_double_grad_views_ddx_with_dout_dims():
    ddx = rand(2, 3, 4)
    check_output("reshape2_grad_grad", {"DOut": rand(6, 4), "DDX": ddx},
                 {"DDOut": ddx.reshape(6, 4)})
    with pytest.raises(ValueError, match="reshape2_grad_grad's DDX to hold the 24 elements"):
        run_op("reshape2_grad_grad", {"DOut": rand(6, 4), "DDX": rand(5)}, outputs={"DDOut": None})


RESHAPING_GRADS = [
    ("reshape2_grad", {}, (2, 3, 4), (6, 4)),
    ("flatten_contiguous_range_grad", {"start_axis": 1, "stop_axis": 2}, (2, 3, 4), (2, 12)),
    ("squeeze2_grad", {"axes": [1]}, (2, 1, 4), (2, 4)),
    ("unsqueeze2_grad", {"axes": [0]}, (3, 4), (1, 3, 4)),
]


@pytest.mark.parametrize("op, attrs, x_shape, out_shape", RESHAPING_GRADS,
                         ids=[c[0] for c in RESHAPING_GRADS])
def test_reshaping_grads_are_differentiated_by_reshape2_grad_grad(op, attrs, x_shape, out_shape):
    inputs = {"XShape": np.zeros((0,) + x_shape), "Out@GRAD": rand(*out_shape)}
    check_grad(op, inputs, attrs=attrs, outputs=["X@GRAD"], wrt=["Out@GRAD"])


def test_transpose_grad_is_differentiated_by_transpose():
    check_grad("transpose2_grad", {"XShape": np.zeros((0, 2, 3, 4)), "Out@GRAD": rand(4, 2, 3)},
               attrs={"axis": [2, 0, 1]}, outputs=["X@GRAD"], wrt=["Out@GRAD"])


def test_multiply_triple_grad_outputs_with_broadcast():
    x, y, dout = rand(3, 4), rand(4), rand(3, 4)
    ddx, ddy, g1, g2, g3 = rand(3, 4), rand(4), rand(3, 4), rand(4), rand(3, 4)
    check_output("elementwise_mul_triple_grad",
                 {"X": x, "Y": y, "DOut": dout, "DDX": ddx, "DDY": ddy, "D_DX": g1, "D_DY": g2,
                  "D_DDOut": g3},
                 {"D_X": g3 * ddy, "D_Y": (g3 * ddx).sum(axis=0), "D_DOut": g1 * ddy + ddx * g2,
                  "D_DDX": g2 * dout + g3 * y, "D_DDY": (g1 * dout + g3 * x).sum(axis=0)})


@pytest.mark.parametrize("y_shape, attrs", [((3, 4), {}), ((4,), {}), ((3,), {"axis": 0})],
                         ids=["same", "broadcast", "axis"])
def test_multiply_triple_grad_matches_differences_of_the_double_grad(y_shape, attrs):
    inputs = {"X": rand(3, 4), "Y": rand(*y_shape), "DOut": rand(3, 4), "DDX": rand(3, 4),
              "DDY": rand(*y_shape)}
    check_grad("elementwise_mul_grad_grad", inputs, attrs=attrs,
               outputs=["X@GRAD", "Y@GRAD", "DDOut"], wrt=["X", "Y", "DOut", "DDX", "DDY"])


POOL_AVG = {"pooling_type": "avg", "ksize": [2, 2], "strides": [2, 1], "paddings": [1, 0],
            "exclusive": True}


def test_pool2d_double_grad_is_average_pooling_of_ddx():
    ddx = rand(2, 3, 5, 4)
    pooled = run_op("pool2d", {"X": ddx}, POOL_AVG, {"Out": None})["Out"]
    check_output("pool2d_grad_grad", {"X": ddx}, {"Out": pooled}, attrs=POOL_AVG)
    x = rand(2, 3, 5, 4)
    out = run_op("pool2d", {"X": x}, POOL_AVG, {"Out": None})["Out"]
    check_grad("pool2d_grad", {"X": x, "Out": out, "Out@GRAD": rand(*out.shape)}, attrs=POOL_AVG,
               outputs=["X@GRAD"], wrt=["Out@GRAD"])
    with pytest.raises(NotImplementedError, match="pool2d_grad_grad's pooling_type to be 'avg'"):
        run_op("pool2d_grad_grad", {"X": ddx}, dict(POOL_AVG, pooling_type="max"),
               {"Out": None})


def test_slice_grad_is_differentiated_by_slice():
    attrs = {"axes": [1, 2], "starts": [1, 0], "ends": [3, -1], "decrease_axis": []}
    check_grad("slice_grad", {"Input": rand(2, 4, 3), "Out@GRAD": rand(2, 2, 2)}, attrs=attrs,
               outputs=["Input@GRAD"], wrt=["Out@GRAD"])
