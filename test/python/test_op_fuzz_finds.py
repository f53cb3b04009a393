"""What the single-op fuzzer (test/fuzz/op_fuzzer.cc) found, pinned as typed errors or right
results: grad ops whose InferMeta took the forward input's meta without checking the incoming
gradient (the kernels then read or wrote past a tensor), float-to-int conversions of inf, and
abs of the most negative integer. The fuzzer's own inputs are in test/fuzz/op_regressions/."""
import numpy as np
import pytest

import paddle
from op_test import run_op

paddle.enable_static()

F64 = np.float64


def ones(*shape):
    return np.ones(shape, F64)


@pytest.mark.parametrize("op_type", ["expand_v2_grad", "expand_as_v2_grad", "tile_grad"])
def test_repeat_grads_refuse_a_gradient_that_is_no_repeat_of_x(op_type):
    with pytest.raises(ValueError, match=r"to repeat X \[2, 0\].*does not divide 3"):
        run_op(op_type, {"X": ones(2, 0), "Out@GRAD": ones(2, 3)}, outputs={"X@GRAD": None})
    with pytest.raises(ValueError, match="at least the rank of X"):
        run_op(op_type, {"X": ones(1, 2, 3), "Out@GRAD": ones(6)}, outputs={"X@GRAD": None})
    got = run_op(op_type, {"X": ones(1, 3), "Out@GRAD": ones(2, 3)}, outputs={"X@GRAD": None})
    np.testing.assert_array_equal(got["X@GRAD"], np.full((1, 3), 2.0))


def test_layer_norm_grad_checks_statistics_and_parameters():
    ins = {"X": ones(2, 3), "Mean": ones(5), "Variance": ones(2), "Y@GRAD": ones(2, 3)}
    with pytest.raises(ValueError, match="Mean to hold 2 values"):
        run_op("layer_norm_grad", ins, outputs={"X@GRAD": None})
    ins = {"X": ones(2, 3), "Scale": ones(4), "Mean": ones(2), "Variance": ones(2),
           "Y@GRAD": ones(2, 3)}
    with pytest.raises(ValueError, match="Scale to have dims \\[3\\]"):
        run_op("layer_norm_grad", ins, outputs={"X@GRAD": None})
    # Without Scale and Bias their gradients still get one value per normalized element.
    ins = {"X": ones(2, 3), "Mean": ones(2), "Variance": ones(2), "Y@GRAD": ones(2, 3)}
    got = run_op("layer_norm_grad", ins, outputs={"X@GRAD": None, "Bias@GRAD": None})
    np.testing.assert_allclose(got["Bias@GRAD"], np.full(3, 2.0))


def test_p_norm_grad_checks_the_norms():
    ins = {"X": ones(2, 3), "Out": ones(3), "Out@GRAD": ones(2)}
    with pytest.raises(ValueError, match="Out to hold the 2 norms"):
        run_op("p_norm_grad", ins, outputs={"X@GRAD": None})


def test_gather_nd_grad_checks_the_gradient():
    ins = {"X": ones(3, 4), "Index": np.array([[0], [2]], "int64"), "Out@GRAD": ones(5, 4)}
    with pytest.raises(ValueError, match="gather_nd's output dims \\[2, 4\\]"):
        run_op("gather_nd_grad", ins, outputs={"X@GRAD": None})
    with pytest.raises(ValueError, match="Index to have rank >= 1"):
        run_op("gather_nd_grad", {"X": ones(3), "Index": np.array(0, "int64"),
                                  "Out@GRAD": ones(3)}, outputs={"X@GRAD": None})


def test_scatter_grad_checks_updates_against_ids():
    ins = {"Ids": np.array([0, 1], "int64"), "Updates": ones(3, 4), "Out@GRAD": ones(5, 4)}
    with pytest.raises(ValueError, match="Updates.dims\\[0\\] to equal the number of Ids"):
        run_op("scatter_grad", ins, outputs={"X@GRAD": None, "Updates@GRAD": None})


def test_pad3d_grad_checks_attributes_and_the_gradient():
    x = ones(1, 1, 2, 2, 2)
    with pytest.raises(ValueError, match="pad3d's output dims \\[1, 1, 4, 4, 4\\]"):
        run_op("pad3d_grad", {"X": x, "Out@GRAD": x}, {"paddings": [1] * 6},
               outputs={"X@GRAD": None})
    with pytest.raises(ValueError, match="paddings to have 6 entries"):
        run_op("pad3d_grad", {"X": x, "Out@GRAD": x}, {"paddings": [1, 1]},
               outputs={"X@GRAD": None})


def test_batch_norm_grad_checks_per_channel_inputs():
    ins = {"X": ones(2, 2), "Scale": ones(3), "Bias": ones(2), "SavedMean": ones(2),
           "SavedVariance": ones(2), "Y@GRAD": ones(2, 2)}
    with pytest.raises(ValueError, match="Scale to hold 2 values"):
        run_op("batch_norm_grad", ins, outputs={"X@GRAD": None})


@pytest.mark.parametrize("op_type, attrs, stats", [
    ("instance_norm_grad", {}, {"SavedMean": ones(6), "SavedVariance": ones(6)}),
    ("group_norm_grad", {"groups": 3}, {"Mean": ones(6), "Variance": ones(6)}),
])
def test_channel_norm_grads_without_scale_give_per_channel_gradients(op_type, attrs, stats):
    x = np.arange(24, dtype=F64).reshape(2, 3, 4)
    ins = dict(stats, X=x, **{"Y@GRAD": ones(2, 3, 4)})
    got = run_op(op_type, ins, attrs, outputs={"X@GRAD": None, "Bias@GRAD": None})
    np.testing.assert_allclose(got["Bias@GRAD"], np.full(3, 8.0))


def test_clip_of_integers_takes_infinite_bounds():
    x = np.array([-5, 0, 7], "int32")
    got = run_op("clip", {"X": x}, {"min": float("-inf"), "max": -2.0}, outputs={"Out": None})
    np.testing.assert_array_equal(got["Out"], np.minimum(x, -2))
    with pytest.raises(ValueError, match="Min to be a number"):
        run_op("clip", {"X": x}, {"min": float("nan"), "max": 1.0}, outputs={"Out": None})


def test_abs_of_the_most_negative_integer_wraps_like_numpy():
    x = np.array([np.iinfo(np.int64).min, -3, 4], "int64")
    got = run_op("abs", {"X": x}, outputs={"Out": None})
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(got["Out"], np.abs(x))



def test_index_select_grad_checks_the_gradient():
    ins = {"X": ones(3, 4), "Index": np.array([0, 2], "int64"), "Out@GRAD": ones(3, 4)}
    with pytest.raises(ValueError, match="Out@GRAD to hold 8 values"):
        run_op("index_select_grad", ins, {"dim": 0}, outputs={"X@GRAD": None})


def test_kldiv_loss_grad_checks_target_against_x():
    ins = {"X": ones(1), "Target": ones(5), "Loss@GRAD": ones(1)}
    with pytest.raises(ValueError, match="Target to have 1 elements like X"):
        run_op("kldiv_loss_grad", ins, {"reduction": "mean"}, outputs={"X@GRAD": None})


def test_interpolation_refuses_a_nan_size():
    ins = {"X": ones(1, 1, 2, 2), "SizeTensor": [("h", np.array([np.nan], "float32")),
                                                  ("w", np.array([2.0], "float32"))]}
    with pytest.raises(ValueError, match="SizeTensor values in \\[0, 2\\^31\\), but got nan"):
        run_op("nearest_interp_v2", ins, {"interp_method": "nearest"}, outputs={"Out": None})


def test_reshape_refuses_a_target_whose_count_overflows():
    with pytest.raises(ValueError, match="element count fits in 64 bits"):
        run_op("reshape2", {"X": ones(2, 3)}, {"shape": [2 ** 31 - 1] * 3},
               outputs={"Out": None, "XShape": None})


def test_argsort_of_an_empty_tensor_with_huge_extents_returns_at_once():
    x = np.zeros((2 ** 20, 2 ** 20, 2 ** 10, 0), "float32")
    got = run_op("argsort", {"X": x}, {"axis": -1}, outputs={"Out": None, "Indices": None})
    assert got["Out"].shape == x.shape and got["Indices"].shape == x.shape


def test_interpolation_refuses_an_infinite_scale():
    with pytest.raises(ValueError, match="extents times scale to fit in int32"):
        run_op("nearest_interp_v2", {"X": ones(1, 1, 2, 2)},
               {"interp_method": "nearest", "scale": [float("inf"), 2.0]}, outputs={"Out": None})


def test_concat_grad_checks_inputs_against_the_gradient():
    ins = {"X": [("a", ones(2, 3)), ("b", ones(2, 3))], "Out@GRAD": ones(3, 4)}
    with pytest.raises(ValueError, match="to match Out@GRAD \\[3, 4\\] outside axis 0"):
        run_op("concat_grad", ins, {"axis": 0}, outputs={"X@GRAD": [None, None]})


def test_softmax_with_cross_entropy_grad_checks_loss_grad_and_label():
    ins = {"Label": np.zeros((2, 1), "int64"), "Softmax": ones(2, 3), "Loss@GRAD": ones(5, 1)}
    with pytest.raises(ValueError, match="Loss@GRAD to hold 2 values"):
        run_op("softmax_with_cross_entropy_grad", ins, outputs={"Logits@GRAD": None})


def test_integer_scale_refuses_an_infinite_factor():
    x = np.array([1, 2], "int64")
    with pytest.raises(ValueError, match="fit in the integer dtype of X, but got scale inf"):
        run_op("scale", {"X": x}, {"scale": float("inf")}, outputs={"Out": None})
    got = run_op("scale", {"X": x}, {"scale": 3.0, "bias": 1.0}, outputs={"Out": None})
    np.testing.assert_array_equal(got["Out"], 3 * x + 1)


def test_cumsum_of_an_empty_tensor_with_huge_extents_returns_at_once():
    x = np.zeros((2 ** 20, 2 ** 20, 0), "float32")
    got = run_op("cumsum", {"X": x}, {"axis": -1}, outputs={"Out": None})
    assert got["Out"].shape == x.shape


def test_conv2d_without_input_channels_gives_zeros():
    ins = {"Input": np.zeros((1, 0, 4, 4), F64), "Filter": np.zeros((2, 0, 3, 3), F64)}
    got = run_op("conv2d", ins, {"strides": [1, 1], "paddings": [0, 0], "dilations": [1, 1]},
                 outputs={"Output": None})
    np.testing.assert_array_equal(got["Output"], np.zeros((1, 2, 2, 2)))


def test_affine_channel_grad_checks_the_gradient_and_scale():
    outs = {"X@GRAD": None, "Scale@GRAD": None, "Bias@GRAD": None}
    ins = {"X": ones(2, 3), "Scale": ones(3), "Out@GRAD": ones(3, 3)}
    with pytest.raises(ValueError, match="affine_channel's output dims \\[2, 3\\]"):
        run_op("affine_channel_grad", ins, outputs=outs)
    ins = {"X": ones(0, 5), "Scale": ones(0, 5), "Out@GRAD": ones(0, 5)}
    with pytest.raises(ValueError, match="Scale to be 1-D of X's channel extent 5"):
        run_op("affine_channel_grad", ins, outputs=outs)
    ins = {"X": ones(2, 3), "Scale": np.array([1.0, 2.0, 3.0]), "Out@GRAD": ones(2, 3)}
    got = run_op("affine_channel_grad", ins, outputs=outs)
    np.testing.assert_array_equal(got["X@GRAD"], np.tile([1.0, 2.0, 3.0], (2, 1)))
    np.testing.assert_array_equal(got["Bias@GRAD"], np.full(3, 2.0))


def test_cast_of_nan_and_out_of_range_floats_to_integers_is_defined():
    # As x86 (so NumPy and PaddlePaddle on CPU) converts: the lowest value for 32- and 64-bit
    # integers, narrower ones through int32.
    x = np.array([np.nan, np.inf, -np.inf, 3e10, -2.7, 5.9])
    got = run_op("cast", {"X": x}, {"in_dtype": 6, "out_dtype": 2}, outputs={"Out": None})
    low = np.iinfo(np.int32).min
    np.testing.assert_array_equal(got["Out"], [low, low, low, low, -2, 5])
    got = run_op("cast", {"X": x}, {"in_dtype": 6, "out_dtype": 3}, outputs={"Out": None})
    low = np.iinfo(np.int64).min
    np.testing.assert_array_equal(got["Out"], [low, low, low, 30000000000, -2, 5])


def test_set_value_grad_checks_the_value_against_the_region():
    outs = {"Input@GRAD": None, "ValueTensor@GRAD": None}
    ins = {"Out@GRAD": ones(3, 1), "ValueTensor": ones(5)}
    with pytest.raises(ValueError, match="ValueTensor \\[5\\] to broadcast to the assigned region"):
        run_op("set_value_grad", ins, {"axes": []}, outputs=outs)
    ins = {"Out@GRAD": ones(3, 4), "ValueTensor": ones(4)}
    attrs = {"axes": [0], "starts": [0], "ends": [2], "steps": [1]}
    got = run_op("set_value_grad", ins, attrs, outputs=outs)
    np.testing.assert_array_equal(got["ValueTensor@GRAD"], np.full(4, 2.0))
    np.testing.assert_array_equal(got["Input@GRAD"], [[0] * 4, [0] * 4, [1] * 4])


def test_yolo_box_with_the_largest_class_num_is_refused_without_overflow():
    ins = {"X": np.ones((1, 12, 2, 2), "float32"), "ImgSize": np.array([[8, 8]], "int32")}
    attrs = {"anchors": [10, 13], "class_num": 2 ** 31 - 1, "downsample_ratio": 32}
    with pytest.raises(ValueError, match="anchor_num \\* \\(5 \\+ class_num\\) = 2147483652"):
        run_op("yolo_box", ins, attrs, outputs={"Boxes": None, "Scores": None})


def test_interp_grad_checks_the_gradients_batch_channels_and_rank():
    ins = {"X": ones(1, 1, 1, 1), "Out@GRAD": np.ones((3, 0, 1, 1, 4))}
    with pytest.raises(ValueError, match="Out@GRAD to have the output dims \\[1, 1, 1, 1\\]"):
        run_op("nearest_interp_v2_grad", ins, {"out_h": 1, "out_w": 1}, outputs={"X@GRAD": None})
    ins = {"X": ones(1, 2, 3), "Out@GRAD": ones(1, 4, 6)}
    with pytest.raises(ValueError, match="output dims \\[1, 2, 6\\] \\(X \\[1, 2, 3\\]\\)"):
        run_op("linear_interp_v2_grad", ins, {"out_w": 6}, outputs={"X@GRAD": None})


def test_roi_align_grad_checks_the_gradient_and_the_scale():
    attrs = {"pooled_height": 2, "pooled_width": 2, "spatial_scale": 1.0, "sampling_ratio": 2}
    ins = {"X": ones(1, 1, 4, 4), "ROIs": np.array([[0.0, 0.0, 2.0, 2.0]]),
           "Out@GRAD": ones(1, 1, 2, 3)}
    with pytest.raises(ValueError, match="roi_align's output dims \\[1, 1, 2, 2\\]"):
        run_op("roi_align_grad", ins, attrs, outputs={"X@GRAD": None})
    ins["Out@GRAD"] = ones(1, 1, 2, 2)
    with pytest.raises(ValueError, match="spatial_scale finite and > 0, but got inf"):
        run_op("roi_align_grad", ins, dict(attrs, spatial_scale=float("inf")),
               outputs={"X@GRAD": None})
    got = run_op("roi_align_grad", ins, attrs, outputs={"X@GRAD": None})
    assert got["X@GRAD"].shape == (1, 1, 4, 4)
    ins = {"X": ones(1, 1, 4, 4), "ROIs": np.array([[0.0, 0.0, np.nan, 2.0]])}
    with pytest.raises(ValueError, match="ROIs finite"):
        run_op("roi_align", ins, dict(attrs, sampling_ratio=0), outputs={"Out": None})


def test_set_value_refuses_float_values_beyond_an_integer_input():
    attrs = {"axes": [], "dtype": 6, "fp64_values": [-1e30], "shape": [1]}
    with pytest.raises(ValueError, match="values to fit Input's integer dtype int32, but got -1e"):
        run_op("set_value", {"Input": np.zeros(1, "int32")}, attrs, outputs={"Out": None})
    got = run_op("set_value", {"Input": np.zeros(2, "int32")}, dict(attrs, fp64_values=[-2.5]),
                 outputs={"Out": None})
    np.testing.assert_array_equal(got["Out"], [-2, -2])


def test_pad_refuses_a_pad_value_beyond_an_integer_x():
    x = np.zeros((1, 2), "int64")
    with pytest.raises(ValueError, match="pad_value within the range of X's dtype int64, but got inf"):
        run_op("pad", {"X": x}, {"paddings": [0, 0, 1, 1], "pad_value": float("inf")},
               outputs={"Out": None})
    got = run_op("pad", {"X": x}, {"paddings": [0, 0, 1, 1], "pad_value": 3.0},
                 outputs={"Out": None})
    np.testing.assert_array_equal(got["Out"], [[3, 0, 0, 3]])


def test_pad_sums_large_paddings_without_overflow():
    paddings = [2 ** 30, 2 ** 30]
    with pytest.raises(ValueError, match="pad_grad's Out@GRAD \\[5\\] to be at least as large"):
        run_op("pad_grad", {"Out@GRAD": ones(5)}, {"paddings": paddings},
               outputs={"X@GRAD": None})


def test_squeeze_of_a_0d_tensor_with_axis_0_keeps_it():
    got = run_op("squeeze2", {"X": np.array(2.0)}, {"axes": [0, 0]},
                 outputs={"Out": None, "XShape": None})
    assert got["Out"].shape == () and got["Out"] == 2.0


def test_set_value_with_the_most_negative_step_counts_without_overflow():
    # A step of -2^63 once overflowed while counting the region (negating it).
    x = np.zeros(4, "float32")
    res = run_op("set_value", {"Input": x},
                 {"axes": [0], "starts": [3], "ends": [-5], "steps": [-2 ** 63],
                  "fp32_values": [1.0], "shape": [1], "dtype": 5}, outputs={"Out": None})
    np.testing.assert_array_equal(res["Out"], [0.0, 0.0, 0.0, 1.0])


@pytest.mark.parametrize("op_type", ["lookup_table_grad", "lookup_table_v2_grad"])
def test_lookup_table_grads_check_w_and_the_gradient(op_type):
    ids = np.zeros((2, 1), "int64")
    with pytest.raises(ValueError, match="W to (be 2-D|have rank 2)"):
        run_op(op_type, {"W": ones(5, 6, 0), "Ids": ids, "Out@GRAD": ones(5, 6, 0)},
               outputs={"W@GRAD": None})
    want = (2, 6) if op_type == "lookup_table_grad" else (2, 1, 6)
    with pytest.raises(ValueError, match="Out@GRAD to have lookup_table(_v2)?'s output dims"):
        run_op(op_type, {"W": ones(5, 6), "Ids": ids, "Out@GRAD": ones(3, 6)},
               outputs={"W@GRAD": None})
    got = run_op(op_type, {"W": ones(5, 6), "Ids": ids, "Out@GRAD": ones(*want)},
                 outputs={"W@GRAD": None})
    expect = np.zeros((5, 6))
    expect[0] = 2.0
    np.testing.assert_array_equal(got["W@GRAD"], expect)


@pytest.mark.parametrize("flatten", [False, True])
def test_cumsum_grad_checks_the_gradient_against_cumsums_output(flatten):
    """Fuzzer find: cumsum_grad ran its scan over Out@GRAD into X@GRAD (X's shape) without
    checking that they agree, reading past Out@GRAD when it was smaller."""
    x = np.ones((3, 4))
    with pytest.raises(ValueError, match="Out@GRAD to have cumsum's output dims"):
        run_op("cumsum_grad", {"X": x, "Out@GRAD": np.ones((2, 4))},
               {"axis": 1, "flatten": flatten}, outputs={"X@GRAD": None})
    dout = np.ones(12) if flatten else np.ones((3, 4))
    got = run_op("cumsum_grad", {"X": x, "Out@GRAD": dout}, {"axis": 1, "flatten": flatten},
                 outputs={"X@GRAD": None})["X@GRAD"]
    want = np.arange(12, 0, -1).reshape(3, 4) if flatten else np.tile([4, 3, 2, 1], (3, 1))
    np.testing.assert_array_equal(got, want)
