"""Optimizer ops (momentum, adam, adamw) against NumPy re-implementations of their update
rules, over several steps run in place (ParamOut is the Param variable, as Paddle's
optimizers write them), plus out-of-place runs and shape errors."""
import numpy as np
import pytest

from op_test import _declare, build_program, check_output, run_op
from paddle.base import core

rng = np.random.default_rng(3)
F32 = np.float32  # float attributes travel as float32: references use the same values


def rand(*shape, dtype="float64"):
    return rng.uniform(-1, 1, shape).astype(dtype)


def run_in_place(op_type, state, grads, attrs, inplace, extra=None):
    """Runs op_type once per gradient in `grads` on persistable state variables updated in
    place; yields the state (slot -> array) after each step. `inplace` maps output slots to
    the input slots they overwrite; `extra` holds inputs fed every step (besides Grad)."""
    program = core.ProgramDesc()
    block = program.block(0)
    op = block.append_op()
    op.set_type(op_type)
    feeds = {}
    for slot, array in state.items():
        _declare(block, slot.lower(), array).set_persistable(True)
        op.set_input(slot, [slot.lower()])
        feeds[slot.lower()] = array
    _declare(block, "grad", grads[0])
    op.set_input("Grad", ["grad"])
    for slot, array in (extra or {}).items():
        _declare(block, slot.lower(), array)
        op.set_input(slot, [slot.lower()])
    for out_slot, in_slot in inplace.items():
        op.set_output(out_slot, [in_slot.lower()])
    for key, value in attrs.items():
        op.set_attr(key, value)
    op.infer_shape(block)
    exe, scope = core.Executor(core.CPUPlace()), core.Scope()
    names = [slot.lower() for slot in state]
    for step, grad in enumerate(grads):
        step_feeds = dict(feeds) if step == 0 else {}  # later steps read the scope's state
        step_feeds["grad"] = grad
        step_feeds.update({slot.lower(): a for slot, a in (extra or {}).items()})
        results = exe.run(program, scope, step_feeds, names)
        yield {slot: np.array(r) for slot, r in zip(state, results)}


# ---- momentum ----

def momentum_reference(p, g, v, lr, mu, nesterov=False, l2_coeff=0.0, rescale=1.0):
    g = g * rescale + l2_coeff * p
    v = mu * v + g
    p = p - (g + mu * v) * lr if nesterov else p - lr * v
    return p, v


MOMENTUM_INPLACE = {"ParamOut": "Param", "VelocityOut": "Velocity"}


@pytest.mark.parametrize("attrs", [
    {"mu": 0.9},
    {"mu": 0.8, "use_nesterov": True},
    {"mu": 0.9, "regularization_method": "l2_decay", "regularization_coeff": 0.05,
     "rescale_grad": 0.5},
])
def test_momentum_steps(attrs):
    p, v = rand(3, 4), np.zeros((3, 4))
    lr = np.array([0.1], "float32")  # a float32 learning rate drives float64 parameters
    grads = [rand(3, 4) for _ in range(4)]
    mu = float(F32(attrs["mu"]))
    l2 = float(F32(attrs.get("regularization_coeff", 0.0))) if "regularization_method" in attrs else 0.0
    rescale = float(F32(attrs.get("rescale_grad", 1.0)))
    steps = run_in_place("momentum", {"Param": p, "Velocity": v, "LearningRate": lr}, grads, attrs,
                         MOMENTUM_INPLACE)
    for g, got in zip(grads, steps):
        p, v = momentum_reference(p, g, v, float(lr[0]), mu, attrs.get("use_nesterov", False), l2,
                                  rescale)
        np.testing.assert_allclose(got["Param"], p, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(got["Velocity"], v, rtol=1e-12, atol=1e-14)
        np.testing.assert_array_equal(got["LearningRate"], lr)


def test_momentum_float32_and_out_of_place():
    p, v, g = rand(5, dtype="float32"), rand(5, dtype="float32"), rand(5, dtype="float32")
    lr = np.array([0.05], "float32")
    ref_p, ref_v = momentum_reference(p.astype("float64"), g, v, 0.05, float(F32(0.9)))
    check_output("momentum", {"Param": p, "Grad": g, "Velocity": v, "LearningRate": lr},
                 {"ParamOut": ref_p.astype("float32"), "VelocityOut": ref_v.astype("float32")},
                 attrs={"mu": 0.9})


def test_momentum_multi_precision_updates_master():
    p = rand(4, dtype="float32")
    master = p.copy()
    v, lr = np.zeros(4, "float32"), np.array([0.1], "float32")
    grads = [rand(4, dtype="float32") for _ in range(3)]
    steps = run_in_place("momentum", {"Param": p, "Velocity": v, "LearningRate": lr,
                                      "MasterParam": master}, grads,
                         {"mu": 0.9, "multi_precision": True},
                         {**MOMENTUM_INPLACE, "MasterParamOut": "MasterParam"})
    ref_p, ref_v = master.astype("float64"), v.astype("float64")
    for g, got in zip(grads, steps):
        ref_p, ref_v = momentum_reference(ref_p, g, ref_v, float(lr[0]), float(F32(0.9)))
        np.testing.assert_allclose(got["MasterParam"], ref_p, rtol=1e-5, atol=1e-6)
        np.testing.assert_array_equal(got["Param"], got["MasterParam"])


def test_momentum_errors():
    ins = {"Param": rand(3, 4), "Grad": rand(4, 3), "Velocity": rand(3, 4),
           "LearningRate": np.array([0.1])}
    with pytest.raises(ValueError, match=r"momentum's Grad to have Param's dims \[3, 4\], but got "
                                         r"\[4, 3\]"):
        build_program("momentum", ins, {"mu": 0.9}, {"ParamOut": None, "VelocityOut": None})
    ins["Grad"] = rand(3, 4)
    ins["LearningRate"] = np.array([0.1, 0.2])
    with pytest.raises(ValueError, match=r"LearningRate to hold one element"):
        build_program("momentum", ins, {"mu": 0.9}, {"ParamOut": None, "VelocityOut": None})
    ins["LearningRate"] = np.array([0.1])
    with pytest.raises(ValueError, match=r"regularization_method.*\"l1\""):
        run_op("momentum", ins, {"mu": 0.9, "regularization_method": "l1"}, {"ParamOut": None})
    with pytest.raises(ValueError, match=r"attribute 'mu'"):
        run_op("momentum", ins, {}, {"ParamOut": None})


# ---- adam / adamw ----

def adam_reference(s, g, lr, beta1, beta2, eps, lr_ratio=1.0, coeff=0.0, global_pow=False):
    """One step on state dict s (Param, Moment1, Moment2, Beta1Pow, Beta2Pow)."""
    lr = lr * lr_ratio
    b1p, b2p = s["Beta1Pow"], s["Beta2Pow"]
    m1 = beta1 * s["Moment1"] + (1 - beta1) * g
    m2 = beta2 * s["Moment2"] + (1 - beta2) * g * g
    lr_t = lr * np.sqrt(1 - b2p) / (1 - b1p)
    p = s["Param"] * (1 - lr * coeff) - lr_t * m1 / (np.sqrt(m2) + eps * np.sqrt(1 - b2p))
    return {"Param": p, "Moment1": m1, "Moment2": m2,
            "Beta1Pow": b1p if global_pow else b1p * beta1,
            "Beta2Pow": b2p if global_pow else b2p * beta2}


ADAM_INPLACE = {"ParamOut": "Param", "Moment1Out": "Moment1", "Moment2Out": "Moment2",
                "Beta1PowOut": "Beta1Pow", "Beta2PowOut": "Beta2Pow"}


def adam_state(shape, dtype="float64", beta1=0.9, beta2=0.999):
    return {"Param": rand(*shape, dtype=dtype), "Moment1": np.zeros(shape, dtype),
            "Moment2": np.zeros(shape, dtype),
            "Beta1Pow": np.array([F32(beta1)], dtype), "Beta2Pow": np.array([F32(beta2)], dtype)}


def check_adam_steps(op_type, attrs, state, lr, steps=4, rtol=1e-10, atol=1e-12, extra=None,
                     beta_override=None):
    grads = [rand(*state["Param"].shape, dtype=state["Param"].dtype) for _ in range(steps)]
    beta1 = float(F32(attrs.get("beta1", 0.9)))
    beta2 = float(F32(attrs.get("beta2", 0.999)))
    if beta_override is not None:
        beta1 = beta_override
    eps = float(F32(attrs.get("epsilon", 1e-8)))
    lr_ratio = float(F32(attrs.get("lr_ratio", 1.0))) if op_type == "adamw" else 1.0
    coeff = float(F32(attrs.get("coeff", 0.01))) if attrs.get("with_decay") else 0.0
    ref = {k: v.astype("float64") for k, v in state.items()}
    inputs = {**state, "LearningRate": lr}
    results = run_in_place(op_type, inputs, grads, attrs, ADAM_INPLACE, extra)
    for g, got in zip(grads, results):
        ref = adam_reference(ref, g.astype("float64"), float(lr[0]), beta1, beta2, eps, lr_ratio,
                             coeff, attrs.get("use_global_beta_pow", False))
        for slot, want in ref.items():
            np.testing.assert_allclose(got[slot], want, rtol=rtol, atol=atol,
                                       err_msg=f"{op_type} {slot}")


@pytest.mark.parametrize("attrs", [{}, {"beta1": 0.8, "beta2": 0.99, "epsilon": 1e-6},
                                   {"use_global_beta_pow": True}])
def test_adam_steps(attrs):
    check_adam_steps("adam", attrs, adam_state((3, 4)), np.array([0.01], "float32"))


def test_adam_float32():
    check_adam_steps("adam", {}, adam_state((6,), "float32"), np.array([0.01], "float32"),
                     rtol=1e-4, atol=1e-6)


def test_adam_float32_bits():
    # The float kernel's arithmetic is the formula's, operation by operation (8 lanes at a time
    # with AVX2, the rest one by one): equal to NumPy's float32 evaluation to the bit, over 1003
    # elements (125 vectors and a tail of 3), updated in place, at 1 and 2 threads.
    n = 1003
    state = adam_state((n,), "float32")
    state["Moment1"], state["Moment2"] = rand(n, dtype="float32"), rand(n, dtype="float32") ** 2
    g, lr = rand(n, dtype="float32"), np.array([0.01], "float32")
    f = np.float32
    b1, b2 = f(0.9), f(0.999)
    b1p, b2p = float(state["Beta1Pow"][0]), float(state["Beta2Pow"][0])
    lr_t = f(float(lr[0]) * np.sqrt(1 - b2p) / (1 - b1p))
    eps_t = f(float(f(1e-8)) * np.sqrt(1 - b2p))
    first = b1 * state["Moment1"] + (f(1) - b1) * g
    second = b2 * state["Moment2"] + (f(1) - b2) * g * g
    want = state["Param"] * f(1) - lr_t * first / (np.sqrt(second) + eps_t)
    for threads in (1, 2):
        before = core.get_num_threads()
        core.set_num_threads(threads)
        try:
            (got,) = run_in_place("adam", {**state, "LearningRate": lr}, [g], {}, ADAM_INPLACE)
        finally:
            core.set_num_threads(before)
        np.testing.assert_array_equal(got["Moment1"], first)
        np.testing.assert_array_equal(got["Moment2"], second)
        np.testing.assert_array_equal(got["Param"], want)


def test_adam_beta_tensor_overrides_attribute():
    check_adam_steps("adam", {"beta1": 0.9}, adam_state((5,), beta1=0.5),
                     np.array([0.02], "float64"), steps=3,
                     extra={"Beta1Tensor": np.array([0.5], "float32")}, beta_override=0.5)


def test_adam_skip_update_keeps_state():
    state = adam_state((4,))
    state["Moment1"] = rand(4)
    ins = {**state, "Grad": rand(4), "LearningRate": np.array([0.1]),
           "SkipUpdate": np.array([True])}
    expected = {f"{slot}Out": value for slot, value in state.items()}
    check_output("adam", ins, expected, rtol=0, atol=0)
    ins["SkipUpdate"] = np.array([False])
    check_output("adam", ins, {"Beta1PowOut": state["Beta1Pow"] * F32(0.9)}, rtol=1e-12)


def test_adam_multi_precision():
    state = adam_state((4,), "float32")
    master = state["Param"].copy()
    grads = [rand(4, dtype="float32") for _ in range(3)]
    results = run_in_place("adam", {**state, "MasterParam": master,
                                    "LearningRate": np.array([0.01], "float32")}, grads,
                           {"multi_precision": True},
                           {**ADAM_INPLACE, "MasterParamOut": "MasterParam"})
    ref = {k: v.astype("float64") for k, v in state.items()}
    for g, got in zip(grads, results):
        ref = adam_reference(ref, g.astype("float64"), 0.01, float(F32(0.9)), float(F32(0.999)),
                             float(F32(1e-8)))
        np.testing.assert_allclose(got["MasterParam"], ref["Param"], rtol=1e-4, atol=1e-6)
        np.testing.assert_array_equal(got["Param"], got["MasterParam"])


def test_adam_errors():
    state = adam_state((3, 4))
    outs = {f"{s}Out": None for s in state}
    ins = {**state, "Grad": rand(3, 4), "LearningRate": np.array([0.1])}
    ins["Moment2"] = np.zeros((4, 3))
    with pytest.raises(ValueError, match=r"adam's Moment2 to have Param's dims \[3, 4\], but got "
                                         r"\[4, 3\]"):
        build_program("adam", ins, {}, outs)
    ins["Moment2"] = np.zeros((3, 4))
    ins["Beta1Pow"] = np.array([0.9, 0.9])
    with pytest.raises(ValueError, match=r"adam's Beta1Pow to hold one element"):
        build_program("adam", ins, {}, outs)


@pytest.mark.parametrize("attrs", [
    {"with_decay": True, "coeff": 0.1},
    {"with_decay": True, "coeff": 0.05, "lr_ratio": 0.5, "beta1": 0.85},
    {"with_decay": False, "coeff": 0.1},  # no decay: plain adam
])
def test_adamw_steps(attrs):
    check_adam_steps("adamw", attrs, adam_state((3, 4)), np.array([0.05], "float32"))


def test_adamw_without_decay_matches_adam():
    state = adam_state((6,))
    ins = {**state, "Grad": rand(6), "LearningRate": np.array([0.03])}
    outs = {f"{s}Out": None for s in state}
    a = run_op("adam", ins, {}, outs)
    w = run_op("adamw", ins, {"with_decay": False, "coeff": 0.5}, outs)
    for slot in outs:
        np.testing.assert_array_equal(a[slot], w[slot])
