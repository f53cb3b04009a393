"""One decomposition rule per composite op type. A rule reads the op's inputs, outputs and
attributes, emits the equivalent primitive ops through an Emitter (writing the composite op's
own output names) and returns True; it returns False, before emitting anything, for a case it
cannot express exactly (the op then stays composite). The formulas follow our CPU kernels
(paddle/phi/kernels/cpu/) attribute for attribute; where a kernel accumulates in double for
float32 the primitives round differently, within float32 precision.

Intermediates that carry no gradient (a softmax's shifting maximum, counts, masks, constants)
are stop_gradient, so the backward built from the primitives' grad records computes exactly
the composite op's gradient and nothing more."""
import numpy as np

from paddle.base import core
from paddle.base.dtypes import VarType
from paddle.decomposition.emitter import FLOAT_DTYPES, normalize_axes

RULES = {}


def rule(op_type):
    def register(fn):
        RULES[op_type] = fn
        return fn
    return register


def _attr(op, name):
    """An attribute, or its record default when the op lacks it (e.g. a loaded program)."""
    if op.has_attr(name):
        return op.attr(name)
    for attr_name, _, default, _ in core.op_record(op.type)["attrs"]:
        if attr_name == name:
            return default
    raise KeyError(f"expected op '{op.type}' to have attribute '{name}', but it has none")


def _in(op, slot):
    """The single argument of an input or output slot, or None when the slot is empty."""
    names = [n for n in op.desc.input(slot)] if slot in op.input_names else []
    return names[0] if names else None


def _out(op, slot):
    names = [n for n in op.desc.output(slot)] if slot in op.output_names else []
    names = [n for n in names if n and n != "@EMPTY@"]
    return names[0] if names else None


def _meta(e, name):
    v = e.block._var_recursive(name)
    return list(v.shape), v.dtype


def _float_input(e, op, slot):
    """(name, shape) of a float32/float64 input, setting the emitter's dtype; None otherwise."""
    name = _in(op, slot)
    if name is None:
        return None
    shape, dtype = _meta(e, name)
    if dtype not in FLOAT_DTYPES:
        return None
    e.dtype = dtype
    return name, shape


def _shifted_exp(e, x, axis):
    """(x - max(x), exp of that, the sum of the exps) along axis, keeping the axis. The
    maximum is only a shift for range: it gets no gradient (the result does not depend on it)."""
    m = e.reduce("reduce_max", x, [axis], True, stop_gradient=True)
    d = e.sub(x, m)
    ex = e.unary("exp", d)
    return d, ex, e.reduce("reduce_sum", ex, [axis], True)


def _axis(op, rank):
    axes = normalize_axes([_attr(op, "axis")], rank)
    return None if axes is None else axes[0]


# -- activations -------------------------------------------------------------------------
@rule("gelu")
def gelu(e, op):
    got = _float_input(e, op, "X")
    if got is None:
        return False
    x, out = got[0], _out(op, "Out")
    if _attr(op, "approximate"):
        # 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
        cube = e.mul(e.mul(e.mul(e.const(0.044715), x), x), x)
        inner = e.mul(e.const(0.79788456080286535588), e.add(x, cube))
        t = e.unary("tanh", inner)
    else:
        # 0.5 x (1 + erf(x / sqrt(2)))
        t = e.unary("erf", e.mul(x, e.const(0.70710678118654752440)))
    e.mul(e.scale(x, 0.5), e.scale(t, 1.0, 1.0), out)
    return True


def _swish(e, x, beta, out):
    # x / (1 + exp(-beta x)), as the kernel writes it
    e.div(x, e.scale(e.unary("exp", e.scale(x, -beta)), 1.0, 1.0), out)


@rule("silu")
def silu(e, op):
    got = _float_input(e, op, "X")
    if got is None:
        return False
    _swish(e, got[0], 1.0, _out(op, "Out"))
    return True


@rule("swish")
def swish(e, op):
    got = _float_input(e, op, "X")
    if got is None:
        return False
    _swish(e, got[0], _attr(op, "beta"), _out(op, "Out"))
    return True


@rule("hard_swish")
def hard_swish(e, op):
    got = _float_input(e, op, "X")
    if got is None:
        return False
    x = got[0]
    # x * min(max(x + offset, 0), threshold) / scale
    shifted = e.scale(x, 1.0, _attr(op, "offset"))
    clamped = e.minimum(e.maximum(shifted, e.const(0.0)), e.const(_attr(op, "threshold")))
    e.div(e.mul(x, clamped), e.const(_attr(op, "scale")), _out(op, "Out"))
    return True


# -- softmax family ----------------------------------------------------------------------
@rule("softmax")
def softmax(e, op):
    got = _float_input(e, op, "X")
    if got is None or not got[1]:
        return False  # a 0-D softmax: nothing to reduce over
    axis = _axis(op, len(got[1]))
    if axis is None:
        return False
    _, ex, total = _shifted_exp(e, got[0], axis)
    e.div(ex, total, _out(op, "Out"))
    return True


@rule("log_softmax")
def log_softmax(e, op):
    got = _float_input(e, op, "X")
    if got is None or not got[1]:
        return False
    axis = _axis(op, len(got[1]))
    if axis is None:
        return False
    d, _, total = _shifted_exp(e, got[0], axis)
    e.sub(d, e.unary("log", total), _out(op, "Out"))
    return True


@rule("softmax_with_cross_entropy")
def softmax_with_cross_entropy(e, op):
    """Soft labels: -sum(label * log_softmax). Hard labels (integer ids, extent 1 on the class
    axis): the log-probability picked by a one-hot of the ids, zeroed where the id is
    ignore_index. Stays composite without softmax (use_softmax=False), for an unknown class
    count, and for labels of other ranks or dtypes."""
    got = _float_input(e, op, "Logits")
    label = _in(op, "Label")
    if got is None or label is None or not _attr(op, "use_softmax") or not got[1]:
        return False
    logits, shape = got
    rank = len(shape)
    axis = _axis(op, rank)
    label_shape, label_dtype = _meta(e, label)
    if axis is None or len(label_shape) != rank:
        return False
    soft = _attr(op, "soft_label")
    classes = shape[axis]
    if soft:
        if label_dtype != e.dtype:
            return False
    elif label_dtype not in (VarType.INT32, VarType.INT64) or classes < 0 or \
            label_shape[axis] != 1:
        return False
    d, ex, total = _shifted_exp(e, logits, axis)
    if _out(op, "Softmax") is not None:
        e.div(ex, total, _out(op, "Softmax"))
    log_prob = e.sub(d, e.unary("log", total))
    if soft:
        picked = e.reduce("reduce_sum", e.mul(label, log_prob), [axis], True)
        e.scale(picked, -1.0, 0.0, _out(op, "Loss"))
        return True
    valid = e.compare("not_equal", label, e.const(_attr(op, "ignore_index"), label_dtype))
    # one_hot_v2 rejects ids out of range as the kernel does; ignored ids become 0 first.
    kept_ids = e.mul(label, e.cast(valid, label_dtype, VarType.BOOL, stop_gradient=True))
    ids = e.op("squeeze2", {"X": kept_ids}, {"axes": [axis]}, stop_gradient=True,
               extra_outputs={"XShape": [e.var(stop_gradient=True)]})
    hit = e.op("one_hot_v2", {"X": ids}, {"depth": classes, "dtype": int(e.dtype),
                                          "allow_out_of_range": False}, stop_gradient=True)
    if axis != rank - 1:  # one_hot appends the class axis: move it into place
        perm = list(range(axis)) + [rank - 1] + list(range(axis, rank - 1))
        hit = e.op("transpose2", {"X": hit}, {"axis": perm}, stop_gradient=True,
                   extra_outputs={"XShape": [e.var(stop_gradient=True)]})
    picked = e.reduce("reduce_sum", e.mul(hit, log_prob), [axis], True)
    valid = e.cast(valid, e.dtype, VarType.BOOL, stop_gradient=True)
    e.scale(e.mul(picked, valid), -1.0, 0.0, _out(op, "Loss"))
    return True


# -- reductions --------------------------------------------------------------------------
@rule("mean")
def mean(e, op):
    got = _float_input(e, op, "X")
    if got is None or not got[1]:
        return False  # a 0-D mean is a copy; nothing to gain
    e.mean(got[0], list(range(len(got[1]))), False, _out(op, "Out"))
    return True


@rule("reduce_mean")
def reduce_mean(e, op):
    got = _float_input(e, op, "X")
    if got is None or not got[1]:
        return False
    rank = len(got[1])
    if _attr(op, "reduce_all"):
        axes = list(range(rank))
    else:
        axes = normalize_axes(_attr(op, "dim"), rank)
        if axes is None:
            return False
        if not axes:
            axes = list(range(rank))  # an empty dim list reduces everything, as the kernel
    e.mean(got[0], axes, _attr(op, "keep_dim"), _out(op, "Out"))
    return True


# -- normalization -----------------------------------------------------------------------
@rule("layer_norm")
def layer_norm(e, op):
    """(x - mean) / sqrt(var + epsilon) over the axes from begin_norm_axis, then Scale and
    Bias (flat, reshaped to the normalized extents, which must be known); Mean and Variance
    come out flat, one per row, as the kernel writes them."""
    got = _float_input(e, op, "X")
    if got is None or not got[1]:
        return False
    x, shape = got
    begin = _attr(op, "begin_norm_axis")
    if not 0 <= begin < len(shape):
        return False
    axes = list(range(begin, len(shape)))
    norm_shape = shape[begin:]
    scale, bias = _in(op, "Scale"), _in(op, "Bias")
    if (scale or bias) and any(d < 0 for d in norm_shape):
        return False
    mu = e.mean(x, axes, True)
    d = e.sub(x, mu)
    var = e.mean(e.mul(d, d), axes, True)
    target = _out(op, "Y")
    y = e.mul(d, e.unary("rsqrt", e.scale(var, 1.0, _attr(op, "epsilon"))),
              target if scale is None and bias is None else None)
    if scale is not None:
        y = e.mul(y, e.reshape(scale, norm_shape), target if bias is None else None)
    if bias is not None:
        e.add(y, e.reshape(bias, norm_shape), target)
    for slot, value in (("Mean", mu), ("Variance", var)):
        if _out(op, slot) is not None:
            e.reshape(value, [-1], _out(op, slot))
    return True


_CHANNELS_LAST = ("NHWC", "NDHWC", "NLC", "NWC")


@rule("batch_norm")
def batch_norm(e, op):
    """Batch statistics (biased variance) over every axis but the channel's, or the running
    ones when is_test (without trainable_statistics) or use_global_stats; MeanOut and
    VarianceOut = running * momentum + batch * (1 - momentum) (unchanged with global stats);
    SavedMean is the mean used and SavedVariance its 1 / sqrt(var + epsilon), as the kernel."""
    got = _float_input(e, op, "X")
    if got is None or not 2 <= len(got[1]) <= 5:
        return False
    x, shape = got
    rank = len(shape)
    layout = _attr(op, "data_layout")
    c_axis = rank - 1 if layout in _CHANNELS_LAST else 1
    channels = shape[c_axis]
    if channels < 0 or _in(op, "Scale") is None or _in(op, "Bias") is None:
        return False
    param_shape = [1] * rank
    param_shape[c_axis] = channels
    axes = [a for a in range(rank) if a != c_axis]
    global_stats = (_attr(op, "is_test") and not _attr(op, "trainable_statistics")) or \
        _attr(op, "use_global_stats")
    running_mean, running_var = _in(op, "Mean"), _in(op, "Variance")
    if global_stats:
        mu = e.reshape(running_mean, param_shape)
        d = e.sub(x, mu)
        var = e.reshape(running_var, param_shape)
    else:
        mu = e.mean(x, axes, True)
        d = e.sub(x, mu)
        var = e.mean(e.mul(d, d), axes, True)
    inv_std = e.unary("rsqrt", e.scale(var, 1.0, _attr(op, "epsilon")))
    y = e.mul(e.mul(d, inv_std), e.reshape(_in(op, "Scale"), param_shape))
    e.add(y, e.reshape(_in(op, "Bias"), param_shape), _out(op, "Y"))
    for slot, value in (("SavedMean", mu), ("SavedVariance", inv_std)):
        if _out(op, slot) is not None:
            e.reshape(value, [channels], _out(op, slot))
    # The running statistics last: MeanOut / VarianceOut usually are Mean / Variance.
    momentum = float(np.float32(_attr(op, "momentum")))
    for slot, running, batch in (("MeanOut", running_mean, mu), ("VarianceOut", running_var, var)):
        target = _out(op, slot)
        if target is None:
            continue
        if global_stats:
            if target != running:
                e.op("assign", {"X": running}, out=target)
            continue
        kept = e.mul(running, e.const(momentum))
        e.add(kept, e.mul(e.reshape(batch, [channels]), e.const(1.0 - momentum)), target)
    return True


# -- random ------------------------------------------------------------------------------
@rule("dropout")
def dropout(e, op):
    """Training: keep where a uniform [0, 1) draw (float64, the same engine, seed and order of
    draws as the kernel) is >= dropout_prob; upscale_in_train scales the kept values by
    1 / (1 - p). Inference: x * (1 - p) (downgrade_in_infer) or x. Stays composite with a Seed
    input (the uniform op takes its seed as an attribute) and, in training, for an X whose
    extents are unknown at build time (the uniform op needs a static shape)."""
    got = _float_input(e, op, "X")
    if got is None or _in(op, "Seed") is not None:
        return False
    x, shape = got
    p = float(np.float32(_attr(op, "dropout_prob")))
    if not 0.0 <= p <= 1.0:
        return False  # the kernel's error
    upscale = _attr(op, "dropout_implementation") == "upscale_in_train"
    out, mask = _out(op, "Out"), _out(op, "Mask")
    if _attr(op, "is_test"):
        if upscale:
            e.op("assign", {"X": x}, out=out)
        else:
            e.mul(x, e.const(1.0 - p), out)
        if mask is not None:
            ones = e.op("fill_any_like", {"X": x}, {"value": 1.0, "dtype": int(VarType.BOOL)},
                        stop_gradient=True)
            e.cast(ones, VarType.UINT8, VarType.BOOL, out=mask, stop_gradient=True)
        return True
    if any(d < 0 for d in shape):
        return False
    seed = _attr(op, "seed") if _attr(op, "fix_seed") else 0
    draws = e.op("uniform_random", attrs={"shape": list(shape), "dtype": int(VarType.FP64),
                                          "min": 0.0, "max": 1.0, "seed": int(seed)},
                 stop_gradient=True)
    kept = e.compare("greater_equal", draws, e.const(p, VarType.FP64))
    if mask is not None:
        e.cast(kept, VarType.UINT8, VarType.BOOL, out=mask, stop_gradient=True)
    masked_out = out if not (upscale and p < 1.0) else None
    y = e.mul(x, e.cast(kept, e.dtype, VarType.BOOL, stop_gradient=True), masked_out)
    if masked_out is None:
        e.mul(y, e.const(1.0 / (1.0 - p)), out)
    return True
