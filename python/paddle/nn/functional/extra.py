"""More activations (hardshrink, softshrink, thresholded_relu, rrelu, maxout), channel
rearrangements (channel_shuffle, pixel_unshuffle), zeropad2d, pairwise_distance,
adaptive_avg_pool1d and losses (margin ranking, hinge embedding, soft margin, multi-label soft
margin, Poisson NLL, cosine embedding, triplet margin, sigmoid focal, log loss), each composed
of existing ops, so each runs eagerly, builds static programs and has gradients."""
import math as _pymath
import numbers as _numbers

from paddle.base import layer_helper as lh
from paddle.base.framework import Variable as _Variable
from paddle.nn.functional.loss import _check_reduction, _reduce
from paddle.tensor import math as _m
from paddle.tensor.manipulation import _check_tensor, where as _where

__all__ = ["hardshrink", "softshrink", "thresholded_relu", "rrelu", "maxout", "channel_shuffle",
           "pixel_unshuffle", "zeropad2d", "pairwise_distance", "adaptive_avg_pool1d",
           "margin_ranking_loss", "hinge_embedding_loss", "soft_margin_loss",
           "multi_label_soft_margin_loss", "poisson_nll_loss", "cosine_embedding_loss",
           "triplet_margin_loss", "sigmoid_focal_loss", "log_loss"]


def _float_arg(value, api, arg):
    if isinstance(value, bool) or not isinstance(value, _numbers.Real):
        raise TypeError(f"expected {api}'s {arg} to be a float, but got {type(value).__name__}")
    return float(value)


def _positive_int(value, api, arg):
    if isinstance(value, bool) or not isinstance(value, _numbers.Integral) or value <= 0:
        raise ValueError(f"expected {api}'s {arg} to be a positive int, but got {value!r}")
    return int(value)


def _like(x, value):
    from paddle.tensor.creation import full_like
    return full_like(x, value)


def _as_dtype_of(value, x):
    """value cast to x's dtype when they differ (a label given as ints)."""
    from paddle.base.dtypes import convert_dtype
    from paddle.tensor.manipulation import cast
    if convert_dtype(value.dtype) != convert_dtype(x.dtype):
        return cast(value, x.dtype)
    return value


def _same_shape(api, a, b, names):
    if list(a.shape) != list(b.shape):
        raise ValueError(f"expected {api}'s {names[0]} and {names[1]} to have one shape, but got "
                         f"{list(a.shape)} and {list(b.shape)}")


# ---- activations ----

def hardshrink(x, threshold=0.5, name=None):
    """x where |x| > threshold, else 0."""
    _check_tensor(x, "hardshrink", "x")
    threshold = _float_arg(threshold, "hardshrink", "threshold")
    return _where(_m.greater_than(_m.abs(x), threshold), x, _like(x, 0.0))


def softshrink(x, threshold=0.5, name=None):
    """x - threshold above threshold, x + threshold below -threshold, else 0: that is
    x - clip(x, -threshold, threshold)."""
    _check_tensor(x, "softshrink", "x")
    threshold = _float_arg(threshold, "softshrink", "threshold")
    if threshold < 0:
        raise ValueError(f"expected softshrink's threshold >= 0, but got {threshold}")
    return _m.subtract(x, _m.clip(x, -threshold, threshold))


def thresholded_relu(x, threshold=1.0, value=0.0, name=None):
    """x where x > threshold, else value."""
    _check_tensor(x, "thresholded_relu", "x")
    threshold = _float_arg(threshold, "thresholded_relu", "threshold")
    value = _float_arg(value, "thresholded_relu", "value")
    return _where(_m.greater_than(x, threshold), x, _like(x, value))


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=True, name=None):
    """x where x >= 0, else slope * x: slope drawn uniformly from [lower, upper) per element
    when training, (lower + upper) / 2 otherwise."""
    from paddle.tensor.manipulation import shape
    from paddle.tensor.random import uniform
    _check_tensor(x, "rrelu", "x")
    lower = _float_arg(lower, "rrelu", "lower")
    upper = _float_arg(upper, "rrelu", "upper")
    for arg, v in (("lower", lower), ("upper", upper)):
        if not 0.0 <= v <= 1.0:
            raise ValueError(f"expected rrelu's {arg} in [0, 1], but got {v}")
    if upper < lower:
        raise ValueError(f"expected rrelu's upper >= lower, but got lower={lower}, "
                         f"upper={upper}")
    if not training:
        return lh.append_op("leaky_relu", {"X": [x]}, {"alpha": (lower + upper) / 2.0})
    slope = uniform(shape(x), x.dtype, lower, upper)
    return _where(_m.greater_equal(x, 0.0), x, _m.multiply(x, slope))


def maxout(x, groups, axis=1, name=None):
    """[N, C, H, W] -> [N, C / groups, H, W] (axis 1; axis 3 or -1 for channels last): output
    channel i is the max of input channels i * groups ... i * groups + groups - 1."""
    from paddle.tensor.manipulation import strided_slice
    _check_tensor(x, "maxout", "x")
    groups = _positive_int(groups, "maxout", "groups")
    if len(x.shape) != 4:
        raise ValueError(f"expected maxout's x to be 4-D, but got shape {list(x.shape)}")
    if isinstance(axis, bool) or axis not in (1, 3, -1):
        raise ValueError(f"expected maxout's axis to be 1, 3 or -1, but got {axis!r}")
    axis = 3 if axis == -1 else axis
    channels = x.shape[axis]
    if channels is None or channels < 0 or channels % groups:
        raise ValueError(f"expected maxout's channels (axis {axis}) to be known and divisible "
                         f"by groups {groups}, but got shape {list(x.shape)}")
    out = None
    for k in range(groups):  # channels k, k + groups, ...: member k of every group
        member = strided_slice(x, [axis], [k], [channels], [groups])
        out = member if out is None else _m.maximum(out, member)
    return out


def _channel_axis(x, api, data_format):
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"expected {api}'s data_format 'NCHW' or 'NHWC', but got "
                         f"{data_format!r}")
    if len(x.shape) != 4:
        raise ValueError(f"expected {api}'s x to be 4-D, but got shape {list(x.shape)}")
    return 1 if data_format == "NCHW" else 3


def channel_shuffle(x, groups, data_format="NCHW", name=None):
    """Channels seen as [groups, C / groups] and transposed: output channel j is input channel
    (j % groups) * (C / groups) + j // groups."""
    import numpy as np
    from paddle.tensor.creation import assign
    from paddle.tensor.search import index_select
    _check_tensor(x, "channel_shuffle", "x")
    groups = _positive_int(groups, "channel_shuffle", "groups")
    axis = _channel_axis(x, "channel_shuffle", data_format)
    channels = x.shape[axis]
    if channels is None or channels < 0 or channels % groups:
        raise ValueError(f"expected channel_shuffle's channels to be known and divisible by "
                         f"groups {groups}, but got shape {list(x.shape)}")
    per = channels // groups
    order = [(j % groups) * per + j // groups for j in range(channels)]
    return index_select(x, assign(np.array(order, dtype="int64")), axis=axis)


def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None):
    """(N, C, H, W) -> (N, C * r * r, H / r, W / r), the inverse of pixel_shuffle: output
    channel c * r * r + i * r + j holds input pixels (h * r + i, w * r + j) of channel c."""
    from paddle.tensor.manipulation import reshape, transpose
    _check_tensor(x, "pixel_unshuffle", "x")
    r = _positive_int(downscale_factor, "pixel_unshuffle", "downscale_factor")
    axis = _channel_axis(x, "pixel_unshuffle", data_format)
    dims = list(x.shape)
    c, h, w = (dims[1], dims[2], dims[3]) if axis == 1 else (dims[3], dims[1], dims[2])
    if any(d is None or d < 0 for d in (c, h, w)) or h % r or w % r:
        raise ValueError(f"expected pixel_unshuffle's x to have known C, H, W with H and W "
                         f"divisible by downscale_factor {r}, but got shape {dims}")
    if axis == 1:
        split = reshape(x, [-1, c, h // r, r, w // r, r])
        return reshape(transpose(split, [0, 1, 3, 5, 2, 4]), [-1, c * r * r, h // r, w // r])
    split = reshape(x, [-1, h // r, r, w // r, r, c])
    return reshape(transpose(split, [0, 1, 3, 5, 2, 4]), [-1, h // r, w // r, c * r * r])


def zeropad2d(x, padding, data_format="NCHW", name=None):
    """pad with zeros: padding an int (all four sides) or [left, right, top, bottom]."""
    from paddle.nn.functional.common import pad
    _check_tensor(x, "zeropad2d", "x")
    if isinstance(padding, _numbers.Integral) and not isinstance(padding, bool):
        padding = [int(padding)] * 4
    elif isinstance(padding, (list, tuple)) and len(padding) == 4:
        padding = [int(p) for p in padding]
    elif not isinstance(padding, _Variable):
        raise ValueError(f"expected zeropad2d's padding to be an int or 4 ints, but got "
                         f"{padding!r}")
    return pad(x, padding, mode="constant", value=0.0, data_format=data_format)


def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None):
    """The p-norm of x - y + epsilon over the last axis."""
    from paddle.tensor.linalg import _p_norm
    _check_tensor(x, "pairwise_distance", "x")
    _check_tensor(y, "pairwise_distance", "y")
    p = _float_arg(p, "pairwise_distance", "p")
    epsilon = _float_arg(epsilon, "pairwise_distance", "epsilon")
    return _p_norm(_m.scale(_m.subtract(x, y), 1.0, epsilon), p, -1, bool(keepdim), False)


def adaptive_avg_pool1d(x, output_size, name=None):
    """[N, C, L] -> [N, C, output_size]: adaptive average pooling over a unit height."""
    from paddle.nn.functional.common import adaptive_avg_pool2d
    from paddle.tensor.manipulation import squeeze, unsqueeze
    _check_tensor(x, "adaptive_avg_pool1d", "x")
    if len(x.shape) != 3:
        raise ValueError(f"expected adaptive_avg_pool1d's x to be 3-D [N, C, L], but got shape "
                         f"{list(x.shape)}")
    size = _positive_int(output_size, "adaptive_avg_pool1d", "output_size")
    return squeeze(adaptive_avg_pool2d(unsqueeze(x, 2), [1, size]), 2)


# ---- losses ----

def margin_ranking_loss(input, other, label, margin=0.0, reduction="mean", name=None):  # noqa: A002
    """max(0, -label * (input - other) + margin), reduced."""
    _check_reduction("margin_ranking_loss", reduction)
    for arg, v in (("input", input), ("other", other), ("label", label)):
        _check_tensor(v, "margin_ranking_loss", arg)
    margin = _float_arg(margin, "margin_ranking_loss", "margin")
    out = _m.scale(_m.multiply(_m.subtract(other, input), label), 1.0, margin)
    return _reduce(lh.append_op("relu", {"X": [out]}), reduction)


def hinge_embedding_loss(input, label, margin=1.0, reduction="mean", name=None):  # noqa: A002
    """input where label is 1, max(0, margin - input) where label is -1, else 0; reduced."""
    _check_reduction("hinge_embedding_loss", reduction)
    _check_tensor(input, "hinge_embedding_loss", "input")
    _check_tensor(label, "hinge_embedding_loss", "label")
    margin = _float_arg(margin, "hinge_embedding_loss", "margin")
    label = _as_dtype_of(label, input)
    zeros = _like(input, 0.0)
    pos = _where(_m.equal(label, 1.0), input, zeros)
    neg = _where(_m.equal(label, -1.0), _m.clip(_m.scale(input, -1.0, margin), min=0.0), zeros)
    return _reduce(_m.add(pos, neg), reduction)


def soft_margin_loss(input, label, reduction="mean", name=None):  # noqa: A002
    """log(1 + exp(-label * input)), reduced."""
    _check_reduction("soft_margin_loss", reduction)
    _check_tensor(input, "soft_margin_loss", "input")
    _check_tensor(label, "soft_margin_loss", "label")
    label = _as_dtype_of(label, input)
    return _reduce(_m.log1p(_m.exp(_m.scale(_m.multiply(label, input), -1.0))), reduction)


def multi_label_soft_margin_loss(input, label, weight=None, reduction="mean",  # noqa: A002
                                 name=None):
    """-(label log sigmoid(input) + (1 - label) log sigmoid(-input)), times weight when given,
    averaged over the classes (last axis), then reduced over the samples."""
    from paddle.nn.functional.activation import log_sigmoid
    _check_reduction("multi_label_soft_margin_loss", reduction)
    _check_tensor(input, "multi_label_soft_margin_loss", "input")
    _check_tensor(label, "multi_label_soft_margin_loss", "label")
    _same_shape("multi_label_soft_margin_loss", input, label, ("input", "label"))
    label = _as_dtype_of(label, input)
    pos = _m.multiply(label, log_sigmoid(input))
    neg = _m.multiply(_m.scale(label, -1.0, 1.0), log_sigmoid(_m.scale(input, -1.0)))
    loss = _m.scale(_m.add(pos, neg), -1.0)
    if weight is not None:
        _check_tensor(weight, "multi_label_soft_margin_loss", "weight")
        loss = _m.multiply(loss, weight)
    return _reduce(_m.mean(loss, axis=-1), reduction)


def poisson_nll_loss(input, label, log_input=True, full=False, epsilon=1e-8,  # noqa: A002
                     reduction="mean", name=None):
    """exp(input) - label * input (log_input), else input - label * log(input + epsilon); with
    full, plus label log(label) - label + log(2 pi label) / 2 where label > 1; reduced."""
    _check_reduction("poisson_nll_loss", reduction)
    _check_tensor(input, "poisson_nll_loss", "input")
    _check_tensor(label, "poisson_nll_loss", "label")
    epsilon = _float_arg(epsilon, "poisson_nll_loss", "epsilon")
    if epsilon <= 0:
        raise ValueError(f"expected poisson_nll_loss's epsilon > 0, but got {epsilon}")
    label = _as_dtype_of(label, input)
    if log_input:
        loss = _m.subtract(_m.exp(input), _m.multiply(label, input))
    else:
        loss = _m.subtract(input, _m.multiply(label, _m.log(_m.scale(input, 1.0, epsilon))))
    if full:
        stirling = _m.add(_m.subtract(_m.multiply(label, _m.log(label)), label),
                          _m.scale(_m.log(_m.scale(label, 2.0 * _pymath.pi)), 0.5))
        loss = _m.add(loss, _where(_m.greater_than(label, 1.0), stirling, _like(label, 0.0)))
    return _reduce(loss, reduction)


def cosine_embedding_loss(input1, input2, label, margin=0, reduction="mean", name=None):
    """1 - cos(input1, input2) where label is 1, max(0, cos - margin) where label is -1; the
    cosine over the last axis, each squared magnitude plus 1e-11. Reduced."""
    _check_reduction("cosine_embedding_loss", reduction)
    for arg, v in (("input1", input1), ("input2", input2), ("label", label)):
        _check_tensor(v, "cosine_embedding_loss", arg)
    _same_shape("cosine_embedding_loss", input1, input2, ("input1", "input2"))
    if len(input1.shape) not in (1, 2):
        raise ValueError(f"expected cosine_embedding_loss's input1 to be 1-D or 2-D, but got "
                         f"shape {list(input1.shape)}")
    if len(label.shape) > 1:
        raise ValueError(f"expected cosine_embedding_loss's label to be 0-D or 1-D, but got "
                         f"shape {list(label.shape)}")
    margin = _float_arg(margin, "cosine_embedding_loss", "margin")
    label = _as_dtype_of(label, input1)
    dot = _m.sum(_m.multiply(input1, input2), axis=-1)
    mag1 = _m.scale(_m.sum(_m.square(input1), axis=-1), 1.0, 1e-11)
    mag2 = _m.scale(_m.sum(_m.square(input2), axis=-1), 1.0, 1e-11)
    cos = _m.divide(dot, _m.sqrt(_m.multiply(mag1, mag2)))
    zeros = _like(cos, 0.0)
    pos = _where(_m.equal(label, 1.0), _m.scale(cos, -1.0, 1.0), zeros)
    neg = _where(_m.equal(label, -1.0), _m.clip(_m.scale(cos, 1.0, -margin), min=0.0), zeros)
    return _reduce(_m.add(pos, neg), reduction)


def triplet_margin_loss(input, positive, negative, margin=1.0, p=2, epsilon=1e-6,  # noqa: A002
                        swap=False, reduction="mean", name=None):
    """max(d(input, positive) - d(input, negative) + margin, 0) with d pairwise_distance (p,
    epsilon) over the last axis; with swap, d(input, negative) is at most
    d(positive, negative). Reduced."""
    _check_reduction("triplet_margin_loss", reduction)
    for arg, v in (("input", input), ("positive", positive), ("negative", negative)):
        _check_tensor(v, "triplet_margin_loss", arg)
    _same_shape("triplet_margin_loss", input, positive, ("input", "positive"))
    _same_shape("triplet_margin_loss", input, negative, ("input", "negative"))
    margin = _float_arg(margin, "triplet_margin_loss", "margin")
    d_pos = pairwise_distance(input, positive, p, epsilon)
    d_neg = pairwise_distance(input, negative, p, epsilon)
    if swap:
        d_neg = _m.minimum(d_neg, pairwise_distance(positive, negative, p, epsilon))
    return _reduce(_m.clip(_m.scale(_m.subtract(d_pos, d_neg), 1.0, margin), min=0.0), reduction)


def sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum",
                       name=None):
    """alpha_t (1 - p_t)^gamma bce_with_logits(logit, label), p = sigmoid(logit),
    p_t = p label + (1 - p)(1 - label), alpha_t = alpha label + (1 - alpha)(1 - label); divided
    by normalizer when given; reduced ('sum' by default)."""
    from paddle.nn.functional.activation import sigmoid
    from paddle.nn.functional.loss import binary_cross_entropy_with_logits
    _check_reduction("sigmoid_focal_loss", reduction)
    _check_tensor(logit, "sigmoid_focal_loss", "logit")
    _check_tensor(label, "sigmoid_focal_loss", "label")
    alpha = _float_arg(alpha, "sigmoid_focal_loss", "alpha")
    gamma = _float_arg(gamma, "sigmoid_focal_loss", "gamma")
    label = _as_dtype_of(label, logit)
    prob = sigmoid(logit)
    ce = binary_cross_entropy_with_logits(logit, label, reduction="none")
    p_t = _m.add(_m.multiply(prob, label),
                 _m.multiply(_m.scale(prob, -1.0, 1.0), _m.scale(label, -1.0, 1.0)))
    alpha_t = _m.scale(label, 2.0 * alpha - 1.0, 1.0 - alpha)
    loss = _m.multiply(_m.multiply(alpha_t, ce), _m.pow(_m.scale(p_t, -1.0, 1.0), gamma))
    if normalizer is not None:
        _check_tensor(normalizer, "sigmoid_focal_loss", "normalizer")
        loss = _m.divide(loss, normalizer)
    return _reduce(loss, reduction)


def log_loss(input, label, epsilon=0.0001, name=None):  # noqa: A002
    """-label log(input + epsilon) - (1 - label) log(1 - input + epsilon), per element."""
    _check_tensor(input, "log_loss", "input")
    _check_tensor(label, "log_loss", "label")
    epsilon = _float_arg(epsilon, "log_loss", "epsilon")
    pos = _m.multiply(label, _m.log(_m.scale(input, 1.0, epsilon)))
    neg = _m.multiply(_m.scale(label, -1.0, 1.0), _m.log(_m.scale(input, -1.0, 1.0 + epsilon)))
    return _m.scale(_m.add(pos, neg), -1.0)
