"""alpha_dropout, dropout3d, adaptive_max_pool1d and losses (Gaussian NLL, multi-class margin,
triplet margin with a distance function), each composed of existing ops, so each runs
eagerly, builds static programs and has gradients."""
import math as _pymath
import numbers as _numbers

from paddle.nn.functional.extra import _as_dtype_of, _float_arg, _positive_int, pairwise_distance
from paddle.nn.functional.loss import _check_reduction, _reduce
from paddle.tensor import math as _m
from paddle.tensor.manipulation import _check_tensor

__all__ = ["alpha_dropout", "dropout3d", "adaptive_max_pool1d", "gaussian_nll_loss",
           "multi_margin_loss", "triplet_margin_with_distance_loss"]

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _probability(p, api):
    if isinstance(p, bool) or not isinstance(p, _numbers.Real) or not 0 <= p <= 1:
        raise ValueError(f"expected {api}'s p to be a number in [0, 1], but got {p!r}")
    return float(p)


def alpha_dropout(x, p=0.5, training=True, name=None):
    """While training, each element is dropped with probability p to SELU's negative
    saturation value, then an affine map a * y + b keeps the mean and variance; identity
    otherwise."""
    from paddle.tensor.manipulation import cast, shape
    from paddle.tensor.random import uniform
    _check_tensor(x, "alpha_dropout", "x")
    p = _probability(p, "alpha_dropout")
    if not training or p == 0.0:
        return x
    if p == 1.0:
        return _m.scale(x, 0.0)
    alpha_p = -_SELU_ALPHA * _SELU_SCALE
    a = ((1.0 - p) * (1.0 + p * alpha_p ** 2)) ** -0.5
    b = -a * alpha_p * p
    keep = cast(_m.greater_equal(uniform(shape(x), x.dtype, 0.0, 1.0), p), x.dtype)
    dropped = _m.scale(_m.scale(keep, -1.0, 1.0), alpha_p)  # alpha_p where dropped, else 0
    return _m.scale(_m.add(_m.multiply(x, keep), dropped), a, b)


def dropout3d(x, p=0.5, training=True, data_format="NCDHW", name=None):
    """Zeroes whole channels of a 5-D x with probability p while training, scaling the kept
    ones by 1 / (1 - p); identity otherwise. The mask is a dropout of ones shaped
    [N, C, 1, 1, 1] ([N, 1, 1, 1, C] for NDHWC), broadcast over the volume."""
    from paddle.nn.functional.common import dropout
    from paddle.tensor.creation import ones_like
    from paddle.tensor.manipulation import slice as _slice
    _check_tensor(x, "dropout3d", "x")
    if data_format not in ("NCDHW", "NDHWC"):
        raise ValueError(f"expected dropout3d's data_format 'NCDHW' or 'NDHWC', but got "
                         f"{data_format!r}")
    if len(x.shape) != 5:
        raise ValueError(f"expected dropout3d's x to be 5-D, but got shape {list(x.shape)}")
    p = _probability(p, "dropout3d")
    if not training:
        return x
    spatial = [1, 2, 3] if data_format == "NDHWC" else [2, 3, 4]
    mask = dropout(ones_like(_slice(x, spatial, [0, 0, 0], [1, 1, 1])), p, training=True,
                   mode="upscale_in_train")
    return _m.multiply(x, mask)


def adaptive_max_pool1d(x, output_size, return_mask=False, name=None):
    """[N, C, L] -> [N, C, output_size]: adaptive max pooling over a unit height."""
    from paddle.nn.functional.common import adaptive_max_pool2d
    from paddle.tensor.manipulation import squeeze, unsqueeze
    _check_tensor(x, "adaptive_max_pool1d", "x")
    if len(x.shape) != 3:
        raise ValueError(f"expected adaptive_max_pool1d's x to be 3-D [N, C, L], but got shape "
                         f"{list(x.shape)}")
    size = _positive_int(output_size, "adaptive_max_pool1d", "output_size")
    if return_mask:
        raise NotImplementedError("adaptive_max_pool1d with return_mask needs op "
                                  "'max_pool2d_with_index', which this runtime does not have yet")
    return squeeze(adaptive_max_pool2d(unsqueeze(x, 2), [1, size]), 2)


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-6,  # noqa: A002
                      reduction="mean", name=None):
    """(log(max(variance, epsilon)) + (input - label)^2 / max(variance, epsilon)) / 2, plus
    log(2 pi) / 2 with full; reduced. variance may lack input's last axis or have it as 1."""
    from paddle.base.framework import in_dynamic_mode
    from paddle.tensor.manipulation import unsqueeze
    _check_reduction("gaussian_nll_loss", reduction)
    for arg, v in (("input", input), ("label", label), ("variance", variance)):
        _check_tensor(v, "gaussian_nll_loss", arg)
    epsilon = _float_arg(epsilon, "gaussian_nll_loss", "epsilon")
    shape = list(input.shape)
    if list(label.shape) != shape and list(label.shape) != shape[:-1] + [1]:
        raise ValueError(f"expected gaussian_nll_loss's label of shape {shape} or "
                         f"{shape[:-1] + [1]}, but got {list(label.shape)}")
    if list(variance.shape) == shape[:-1] and shape:
        variance = unsqueeze(variance, -1)
    elif list(variance.shape) not in (shape, shape[:-1] + [1]):
        raise ValueError(f"expected gaussian_nll_loss's variance of shape {shape}, "
                         f"{shape[:-1] + [1]} or {shape[:-1]}, but got {list(variance.shape)}")
    if in_dynamic_mode() and (variance.numpy() < 0).any():
        raise ValueError("expected gaussian_nll_loss's variance to be non-negative, but it has "
                         "a negative entry")
    label = _as_dtype_of(label, input)
    variance = _m.clip(_as_dtype_of(variance, input), min=epsilon)
    loss = _m.add(_m.log(variance), _m.divide(_m.square(_m.subtract(input, label)), variance))
    loss = _m.scale(loss, 0.5, 0.5 * _pymath.log(2 * _pymath.pi) if full else 0.0)
    return _reduce(loss, reduction)


def multi_margin_loss(input, label, p=1, margin=1.0, weight=None, reduction="mean",  # noqa: A002
                      name=None):
    """Per sample i: sum over classes j != label_i of
    max(0, w * (margin - input[i, label_i] + input[i, j]))^p, divided by the class count C;
    w = weight[label_i] when weight is given, else 1. Reduced over the samples."""
    from paddle.nn.functional.common import one_hot
    from paddle.tensor.manipulation import cast, gather, reshape
    _check_reduction("multi_margin_loss", reduction)
    _check_tensor(input, "multi_margin_loss", "input")
    _check_tensor(label, "multi_margin_loss", "label")
    if len(input.shape) != 2:
        raise ValueError(f"expected multi_margin_loss's input to be 2-D [N, C], but got shape "
                         f"{list(input.shape)}")
    if len(label.shape) != 1:
        raise ValueError(f"expected multi_margin_loss's label to be 1-D [N], but got shape "
                         f"{list(label.shape)}")
    if isinstance(p, bool) or not isinstance(p, _numbers.Integral) or p not in (1, 2):
        raise ValueError(f"expected multi_margin_loss's p to be 1 or 2, but got {p!r}")
    margin = _float_arg(margin, "multi_margin_loss", "margin")
    classes = input.shape[1]
    if classes is None or classes < 0:
        raise ValueError(f"expected multi_margin_loss's class count (axis 1) to be known, but "
                         f"got shape {list(input.shape)}")
    target = cast(one_hot(label, classes), input.dtype)               # [N, C]
    picked = _m.sum(_m.multiply(input, target), axis=1, keepdim=True)  # input[i, label_i]
    hinge = _m.subtract(input, picked)
    if weight is not None:
        _check_tensor(weight, "multi_margin_loss", "weight")
        w = reshape(gather(weight, label), [-1, 1])
        hinge = _m.multiply(_m.scale(hinge, 1.0, margin), w)
    else:
        hinge = _m.scale(hinge, 1.0, margin)
    hinge = _m.clip(hinge, min=0.0)
    if p == 2:
        hinge = _m.square(hinge)
    others = _m.scale(target, -1.0, 1.0)  # leaves out j == label_i
    return _reduce(_m.scale(_m.sum(_m.multiply(hinge, others), axis=1), 1.0 / classes),
                   reduction)


def triplet_margin_with_distance_loss(input, positive, negative,  # noqa: A002
                                      distance_function=None, margin=1.0, swap=False,
                                      reduction="mean", name=None):
    """max(d(input, positive) - d(input, negative) + margin, 0), d = distance_function
    (default pairwise_distance, p 2); with swap, d(input, negative) is at most
    d(positive, negative). Reduced."""
    _check_reduction("triplet_margin_with_distance_loss", reduction)
    for arg, v in (("input", input), ("positive", positive), ("negative", negative)):
        _check_tensor(v, "triplet_margin_with_distance_loss", arg)
    margin = _float_arg(margin, "triplet_margin_with_distance_loss", "margin")
    if margin < 0:
        raise ValueError(f"expected triplet_margin_with_distance_loss's margin >= 0, but got "
                         f"{margin}")
    if distance_function is not None and not callable(distance_function):
        raise TypeError(f"expected triplet_margin_with_distance_loss's distance_function to be "
                        f"callable or None, but got {type(distance_function).__name__}")
    dist = distance_function or pairwise_distance
    d_pos = dist(input, positive)
    d_neg = dist(input, negative)
    if swap:
        d_neg = _m.minimum(d_neg, dist(positive, negative))
    return _reduce(_m.clip(_m.scale(_m.subtract(d_pos, d_neg), 1.0, margin), min=0.0), reduction)
