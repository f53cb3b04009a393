"""Normalization functions: batch_norm (running statistics updated in place through the op's
MeanOut/VarianceOut), normalize, group_norm and instance_norm; layer_norm lives in
common.py."""
from paddle.base import layer_helper as lh

__all__ = ["batch_norm", "normalize", "group_norm", "instance_norm", "local_response_norm"]

_LAYOUTS = {"NC": "NCHW", "NCL": "NCHW", "NCHW": "NCHW", "NCDHW": "NCHW",
            "NLC": "NHWC", "NHWC": "NHWC", "NDHWC": "NHWC"}


def batch_norm(x, running_mean, running_var, weight, bias, training=False, momentum=0.9,
               epsilon=1e-05, data_format="NCHW", use_global_stats=None, name=None):
    """Normalizes x per channel. In training the batch statistics are used and folded into
    running_mean / running_var in place (momentum * running + (1 - momentum) * batch); in
    evaluation the running statistics are used. use_global_stats=True always uses the
    running statistics, False always the batch's."""
    if use_global_stats is None:
        use_global_stats, trainable_statistics = not training, False
    else:
        trainable_statistics = not use_global_stats
    return _batch_norm(x, running_mean, running_var, weight, bias, not training, momentum,
                       epsilon, data_format, use_global_stats, trainable_statistics)


def _batch_norm(x, running_mean, running_var, weight, bias, is_test, momentum, epsilon,
                data_format, use_global_stats, trainable_statistics):
    """The batch_norm op with every attribute explicit (the legacy nn.BatchNorm passes its
    own use_global_stats / trainable_statistics pair)."""
    if len(x.shape) < 2:
        raise ValueError(f"expected an input of rank >= 2 for batch_norm, but got shape "
                         f"{list(x.shape)}")
    if data_format not in _LAYOUTS:
        raise ValueError(f"expected data_format in {sorted(_LAYOUTS)}, but got {data_format!r}")
    layout = _LAYOUTS[data_format]
    channels = x.shape[1] if layout == "NCHW" else x.shape[-1]
    if weight is None or bias is None:
        from paddle.tensor.creation import fill_constant
        weight = weight if weight is not None else fill_constant([channels], x.dtype, 1.0)
        bias = bias if bias is not None else fill_constant([channels], x.dtype, 0.0)
    y = lh.create_tmp(x.dtype, "batch_norm")
    saved_mean = lh.create_tmp(x.dtype, "batch_norm", stop_gradient=True)
    saved_variance = lh.create_tmp(x.dtype, "batch_norm", stop_gradient=True)
    lh.main_block().append_op(
        type="batch_norm",
        inputs={"X": [x], "Scale": [weight], "Bias": [bias], "Mean": [running_mean],
                "Variance": [running_var]},
        outputs={"Y": [y], "MeanOut": [running_mean], "VarianceOut": [running_var],
                 "SavedMean": [saved_mean], "SavedVariance": [saved_variance]},
        attrs={"momentum": float(momentum), "epsilon": float(epsilon), "is_test": bool(is_test),
               "data_layout": layout, "use_global_stats": bool(use_global_stats),
               "trainable_statistics": bool(trainable_statistics)})
    return y


def normalize(x, p=2, axis=1, epsilon=1e-12, name=None):
    """x / max(||x||_p along axis, epsilon)."""
    from paddle.tensor import math as M
    norm = M.sum(M.pow(M.abs(x), float(p)), axis=axis, keepdim=True)
    norm = M.pow(norm, 1.0 / float(p))
    norm = M.clip(norm, min=epsilon)
    return M.divide(x, norm)


def group_norm(x, num_groups, epsilon=1e-05, weight=None, bias=None, data_format="NCHW",
               name=None):
    """Normalizes x over each (sample, group of channels / num_groups channels), then applies
    the optional per-channel weight and bias."""
    if data_format not in _LAYOUTS or data_format == "NC":
        raise ValueError(f"expected data_format in {sorted(set(_LAYOUTS) - {'NC'})}, but got "
                         f"{data_format!r}")
    if len(x.shape) < 2:
        raise ValueError(f"expected an input of rank >= 2 for group_norm, but got shape "
                         f"{list(x.shape)}")
    inputs = {"X": [x]}
    if weight is not None:
        inputs["Scale"] = [weight]
    if bias is not None:
        inputs["Bias"] = [bias]
    y, _, _ = lh.append_op("group_norm", inputs,
                           {"epsilon": float(epsilon), "groups": int(num_groups),
                            "data_layout": _LAYOUTS[data_format]},
                           outputs=("Y", "Mean", "Variance"))
    return y


def instance_norm(x, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.9, eps=1e-05, data_format="NCHW", name=None):
    """Normalizes x [N, C, ...] over each (sample, channel), then applies the optional
    per-channel weight and bias. As in PaddlePaddle, running_mean / running_var, momentum and
    use_input_stats are accepted and unused: the statistics are always the input's."""
    if data_format not in ("NC", "NCL", "NCHW", "NCDHW"):
        raise ValueError(f"expected a channels-first data_format ('NC', 'NCL', 'NCHW' or "
                         f"'NCDHW') for instance_norm, but got {data_format!r}")
    if not 2 <= len(x.shape) <= 5:
        raise ValueError(f"expected an input of rank 2 to 5 for instance_norm, but got shape "
                         f"{list(x.shape)}")
    inputs = {"X": [x]}
    if weight is not None:
        inputs["Scale"] = [weight]
    if bias is not None:
        inputs["Bias"] = [bias]
    y, _, _ = lh.append_op("instance_norm", inputs, {"epsilon": float(eps)},
                           outputs=("Y", "SavedMean", "SavedVariance"))
    return y


def local_response_norm(x, size, alpha=1e-4, beta=0.75, k=1.0, data_format="NCHW", name=None):
    """x / (k + alpha / size * sum of x^2 over `size` neighbouring channels)^beta, the window
    of channel c being [c - size // 2, c + (size - 1) // 2] cut at the edges (PaddlePaddle's
    definition). Odd sizes run the lrn op (its window is centred; its alpha is alpha / size);
    even sizes, whose window is off centre, are built from pad and avg_pool2d as PaddlePaddle
    does."""
    from paddle.tensor.manipulation import reshape
    from paddle.tensor.math import divide, multiply, pow, scale  # noqa: A004
    from paddle.nn.functional.common import avg_pool2d, pad
    formats = ("NCL", "NLC", "NCHW", "NHWC", "NCDHW", "NDHWC")
    if data_format not in formats:
        raise ValueError(f"expected data_format in {formats} for local_response_norm, but got "
                         f"{data_format!r}")
    shape = list(x.shape)
    if len(shape) < 3:
        raise ValueError(f"expected an input of rank >= 3 for local_response_norm, but got shape "
                         f"{shape}")
    if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
        raise ValueError(f"expected size of local_response_norm to be a positive int, but got "
                         f"{size!r}")
    channel_last = data_format[-1] == "C"
    channels = shape[-1] if channel_last else shape[1]
    if channels < 0:
        raise ValueError(f"expected local_response_norm's channel extent to be known, but got "
                         f"shape {shape}")
    back = [0] + shape[1:] if channel_last else [0, 0] + shape[2:]
    if size % 2 == 1:
        x4 = x
        if len(shape) != 4:  # lrn is 4-D: fold the spatial axes into one
            x4 = reshape(x, [0, -1, 1, channels] if channel_last else [0, 0, -1, 1])
        out, _ = lh.append_op("lrn", {"X": [x4]},
                              {"n": size, "k": float(k), "alpha": float(alpha) / size,
                               "beta": float(beta),
                               "data_format": "NHWC" if channel_last else "NCHW"},
                              outputs=("Out", "MidOut"))
        return out if len(shape) == 4 else reshape(out, back)
    # Mean of the squares over the window: channels become the pooled axis of a 4-D tensor.
    squares = multiply(x, x)
    if channel_last:
        squares = reshape(squares, [0, 1, -1, channels])
        pads, window = [size // 2, (size - 1) // 2, 0, 0], (1, size)
    else:
        squares = reshape(squares, [0, 1, channels, -1])
        pads, window = [0, 0, size // 2, (size - 1) // 2], (size, 1)
    mean = avg_pool2d(pad(squares, pads), window, stride=1)
    mean = reshape(mean, back if channel_last else [0, channels] + shape[2:])
    div = pow(scale(mean, scale=float(alpha), bias=float(k)), float(beta))
    return divide(x, div)
