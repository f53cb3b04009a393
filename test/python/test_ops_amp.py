"""AMP loss-scaling ops (check_finite_and_unscale, update_loss_scaling) against NumPy
references: unscaling and inf/nan detection over several gradients and dtypes, the dynamic
loss-scaling state machine over a run of steps, stop_update, and attribute/shape errors. Every
case runs on each place op_test.places_to_check gives (the GPU too, where there is one)."""
import numpy as np
import pytest

from op_test import build_program, check_output, places_to_check, run_op

rng = np.random.default_rng(7)
on_each_place = pytest.mark.parametrize(
    "place", places_to_check(), ids=lambda p: "gpu" if p.is_gpu_place() else "cpu")


def rand(*shape, dtype="float32"):
    return rng.uniform(-4, 4, shape).astype(dtype)


# ---- check_finite_and_unscale ----

def unscale_reference(xs, scale, compute="float32"):
    inverse = np.asarray(1, compute) / np.asarray(scale, compute)
    return [(x.astype(compute) * inverse).astype(x.dtype) for x in xs]


@pytest.mark.parametrize("dtype,scale_dtype", [("float32", "float32"), ("float64", "float64")])
def test_check_finite_and_unscale_finite(dtype, scale_dtype):
    xs = [rand(3, 4, dtype=dtype), rand(5, dtype=dtype)]
    scale = np.array([1024.0], scale_dtype)
    compute = "float64" if dtype == "float64" else "float32"
    check_output("check_finite_and_unscale",
                 {"X": [("a", xs[0]), ("b", xs[1])], "Scale": scale},
                 {"Out": unscale_reference(xs, scale[0], compute),
                  "FoundInfinite": np.array([False])},
                 rtol=1e-6, atol=0)


def test_check_finite_and_unscale_float16_with_float32_scale():
    xs = [rand(4, 6, dtype="float16"), rand(7, dtype="float16")]
    scale = np.array([3.0], "float32")  # not a power of two: the product rounds
    check_output("check_finite_and_unscale",
                 {"X": [("a", xs[0]), ("b", xs[1])], "Scale": scale},
                 {"Out": unscale_reference(xs, scale[0]), "FoundInfinite": np.array([False])},
                 rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
def test_check_finite_and_unscale_flags_inf_and_nan(bad):
    good, broken = rand(3, 4), rand(6)
    broken[4] = bad
    for place in places_to_check():
        for xs in ([good, broken], [broken, good]):  # found in the first tensor or a later one
            got = run_op("check_finite_and_unscale",
                         {"X": [("a", xs[0]), ("b", xs[1])], "Scale": np.array([2.0], "float32")},
                         outputs={"Out": [None, None], "FoundInfinite": None}, place=place)
            np.testing.assert_array_equal(got["FoundInfinite"], [True])


def test_check_finite_and_unscale_flags_float16_inf():
    x = np.array([1.0, 65504.0, np.inf], "float16")
    for place in places_to_check():
        got = run_op("check_finite_and_unscale",
                     {"X": [("a", x)], "Scale": np.array([8.0], "float32")},
                     outputs={"Out": [None], "FoundInfinite": None}, place=place)
        np.testing.assert_array_equal(got["FoundInfinite"], [True])


def test_check_finite_and_unscale_errors():
    with pytest.raises(ValueError, match=r"check_finite_and_unscale's Scale to hold one element"):
        build_program("check_finite_and_unscale",
                      {"X": [("a", rand(3))], "Scale": np.array([1.0, 2.0], "float32")},
                      outputs={"Out": [None], "FoundInfinite": None})
    with pytest.raises(ValueError, match=r"check_finite_and_unscale's X\[0\] to be a "
                                         r"floating-point tensor, but got int32"):
        build_program("check_finite_and_unscale",
                      {"X": [("a", np.arange(3, dtype="int32"))],
                       "Scale": np.array([1.0], "float32")},
                      outputs={"Out": [None], "FoundInfinite": None})


# ---- update_loss_scaling ----

def loss_scaling_reference(found, scale, good, bad, incr_every, decr_every, incr_ratio,
                           decr_ratio, dtype="float32"):
    """PaddlePaddle's dynamic loss scaling, computed in the scale's dtype."""
    scale = np.asarray(scale, dtype)
    if found:
        good, bad = 0, bad + 1
        if bad == decr_every:
            lowered = scale * np.asarray(decr_ratio, "float32").astype(dtype)
            scale, bad = max(lowered, np.asarray(1, dtype)), 0
    else:
        good, bad = good + 1, 0
        if good == incr_every:
            with np.errstate(over="ignore"):
                raised = scale * np.asarray(incr_ratio, "float32").astype(dtype)
            scale, good = (raised if np.isfinite(raised) else scale), 0
    return np.asarray(scale, dtype), good, bad


LOSS_ATTRS = {"incr_every_n_steps": 2, "decr_every_n_nan_or_inf": 2, "incr_ratio": 2.0,
              "decr_ratio": 0.5}


def run_update(xs, found, scale, good, bad, attrs, stop_tensor=None, place=None):
    ins = {"X": [(str(i), x) for i, x in enumerate(xs)], "FoundInfinite": np.array([found]),
           "PrevLossScaling": scale, "InGoodSteps": np.array([good], "int32"),
           "InBadSteps": np.array([bad], "int32")}
    if stop_tensor is not None:
        ins["StopUpdate"] = np.array([stop_tensor])
    return run_op("update_loss_scaling", ins, attrs,
                  {"Out": [None] * len(xs), "LossScaling": None, "OutGoodSteps": None,
                   "OutBadSteps": None}, place=place)


@on_each_place
@pytest.mark.parametrize("scale_dtype", ["float32", "float64"])
def test_update_loss_scaling_steps(scale_dtype, place):
    # Grows after two finite steps, shrinks after two bad ones, counters reset in between.
    pattern = [False, False, True, False, True, True, True, True, False, False, False]
    scale, good, bad = np.array([1024.0], scale_dtype), 0, 0
    x_dtype = "float64" if scale_dtype == "float64" else "float32"
    for found in pattern:
        xs = [rand(2, 3, dtype=x_dtype), rand(4, dtype=x_dtype)]
        got = run_update(xs, found, scale, good, bad, LOSS_ATTRS, place=place)
        want_scale, good, bad = loss_scaling_reference(found, scale[0], good, bad, 2, 2, 2.0, 0.5,
                                                       scale_dtype)
        np.testing.assert_array_equal(got["LossScaling"], [want_scale])
        assert got["LossScaling"].dtype == np.dtype(scale_dtype)
        np.testing.assert_array_equal(got["OutGoodSteps"], [good])
        np.testing.assert_array_equal(got["OutBadSteps"], [bad])
        for x, out in zip(xs, got["Out"]):
            np.testing.assert_array_equal(out, np.zeros_like(x) if found else x)
        scale = got["LossScaling"]


@on_each_place
def test_update_loss_scaling_never_below_one(place):
    got = run_update([rand(3)], True, np.array([1.5], "float32"), 0, 1, LOSS_ATTRS, place=place)
    np.testing.assert_array_equal(got["LossScaling"], [1.0])
    np.testing.assert_array_equal(got["OutBadSteps"], [0])


@on_each_place
def test_update_loss_scaling_keeps_scale_on_overflow(place):
    big = np.array([3e38], "float32")
    got = run_update([rand(3)], False, big, 1, 0, LOSS_ATTRS, place=place)
    np.testing.assert_array_equal(got["LossScaling"], big)  # 6e38 is inf in float32
    np.testing.assert_array_equal(got["OutGoodSteps"], [0])


@on_each_place
def test_update_loss_scaling_float16_gradients(place):
    x = rand(5, dtype="float16")
    got = run_update([x], True, np.array([64.0], "float32"), 3, 0,
                     {**LOSS_ATTRS, "decr_every_n_nan_or_inf": 1}, place=place)
    np.testing.assert_array_equal(got["Out"][0], np.zeros(5, "float16"))
    np.testing.assert_array_equal(got["LossScaling"], [32.0])


@pytest.mark.parametrize("how", ["attr", "tensor"])
@on_each_place
def test_update_loss_scaling_stop_update(how, place):
    x = rand(4)
    attrs = {**LOSS_ATTRS, "stop_update": how == "attr"}
    got = run_update([x], True, np.array([8.0], "float32"), 0, 1, attrs,
                     stop_tensor=True if how == "tensor" else None, place=place)
    np.testing.assert_array_equal(got["Out"][0], np.zeros(4, "float32"))  # still zeroed
    np.testing.assert_array_equal(got["LossScaling"], [8.0])
    np.testing.assert_array_equal(got["OutGoodSteps"], [0])
    np.testing.assert_array_equal(got["OutBadSteps"], [1])
    got = run_update([x], False, np.array([8.0], "float32"), 1, 0, LOSS_ATTRS, stop_tensor=False,
                     place=place)
    np.testing.assert_array_equal(got["Out"][0], x)
    np.testing.assert_array_equal(got["LossScaling"], [16.0])


@on_each_place
def test_update_loss_scaling_without_gradients(place):
    got = run_update([], True, np.array([8.0], "float32"), 0, 1, LOSS_ATTRS, place=place)
    np.testing.assert_array_equal(got["LossScaling"], [4.0])


def test_update_loss_scaling_errors():
    ins = {"X": [("a", rand(3))], "FoundInfinite": np.array([False]),
           "PrevLossScaling": np.array([8.0], "float32"), "InGoodSteps": np.array([0], "int32"),
           "InBadSteps": np.array([0], "int32")}
    outs = {"Out": [None], "LossScaling": None, "OutGoodSteps": None, "OutBadSteps": None}
    with pytest.raises(ValueError, match=r"decr_ratio to be between 0 and 1, but got 1.5"):
        build_program("update_loss_scaling", ins, {**LOSS_ATTRS, "decr_ratio": 1.5}, outs)
    with pytest.raises(ValueError, match=r"incr_ratio to be greater than 1"):
        build_program("update_loss_scaling", ins, {**LOSS_ATTRS, "incr_ratio": 0.5}, outs)
    bad = dict(ins, InGoodSteps=np.array([0.0], "float32"))
    with pytest.raises(ValueError, match=r"update_loss_scaling's InGoodSteps to be int32"):
        build_program("update_loss_scaling", bad, LOSS_ATTRS, outs)
    bad = dict(ins, FoundInfinite=np.array([False, True]))
    with pytest.raises(ValueError, match=r"FoundInfinite to hold one element"):
        build_program("update_loss_scaling", bad, LOSS_ATTRS, outs)
