"""Convolutions: conv2d (depthwise_conv2d when every input channel is its own group) and
conv1d as a conv2d over a unit height; conv2d_transpose (depthwise_conv2d_transpose
likewise) and conv1d_transpose over a unit height; conv3d and conv3d_transpose."""
from paddle.base import layer_helper as lh

__all__ = ["conv1d", "conv2d", "conv1d_transpose", "conv2d_transpose", "conv3d",
           "conv3d_transpose"]


def _int_list(value, n, name):
    """An int or n ints as a list of n ints (PaddlePaddle's convert_to_list)."""
    if isinstance(value, int):
        return [value] * n
    try:
        values = [int(v) for v in value]
    except TypeError:
        raise TypeError(f"expected {name} to be an int or {n} ints, but got {value!r}") from None
    if len(values) != n:
        raise ValueError(f"expected {name} to be an int or {n} ints, but got {value!r}")
    return values


def _conv_padding(padding, channel_last, dims):
    """(paddings attribute, padding_algorithm) from PaddlePaddle's padding forms: 'same' /
    'valid', an int, `dims` ints, 2*dims ints (before/after per spatial axis), or dims+2
    pairs including [0, 0] for the batch and channel axes."""
    if isinstance(padding, str):
        algorithm = padding.upper()
        if algorithm not in ("SAME", "VALID"):
            raise ValueError(f"expected padding 'SAME' or 'VALID' when given as a string, but got "
                             f"{padding!r}")
        return [0] * dims, algorithm
    if isinstance(padding, int):
        return [padding] * dims, "EXPLICIT"
    padding = list(padding)
    if padding and all(isinstance(p, (list, tuple)) for p in padding):
        if len(padding) != dims + 2:
            raise ValueError(f"expected {dims + 2} [before, after] pairs, but got {padding}")
        batch_channel = ([padding[0], padding[-1]] if channel_last else padding[:2])
        if any(list(p) != [0, 0] for p in batch_channel):
            raise ValueError("expected [0, 0] padding for the batch and channel axes, but got "
                             f"{padding}")
        spatial = padding[1:-1] if channel_last else padding[2:]
        padding = [int(v) for pair in spatial for v in pair]
    if len(padding) == 2 * dims:
        if all(padding[2 * i] == padding[2 * i + 1] for i in range(dims)):
            return padding[0::2], "EXPLICIT"
        return [int(p) for p in padding], "EXPLICIT"
    if len(padding) == dims:
        return [int(p) for p in padding], "EXPLICIT"
    raise ValueError(f"expected padding as a string, an int, {dims} or {2 * dims} ints, or "
                     f"{dims + 2} pairs, but got {padding}")


def _add_channel_bias(out, bias, channel_dim):
    if bias is None:
        return out
    return lh.append_op("elementwise_add", {"X": [out], "Y": [bias]}, {"axis": channel_dim})


def _check_conv(op, x, weight, groups, data_format, formats):
    """The checks every convolution makes: `data_format` among `formats` (channels first,
    channels last), input and weight of that rank, groups a positive int dividing the known
    input channel count. Returns (channel_last, channels)."""
    if data_format not in formats:
        raise ValueError(f"expected data_format {formats[0]!r} or {formats[1]!r}, but got "
                         f"{data_format!r}")
    rank = len(formats[0])
    if len(x.shape) != rank:
        raise ValueError(f"expected a {rank}-D input for {op}, but got shape {list(x.shape)}")
    if len(weight.shape) != rank:
        raise ValueError(f"expected a {rank}-D {op} weight, but got shape {list(weight.shape)}")
    channel_last = data_format == formats[1]
    channels = x.shape[rank - 1 if channel_last else 1]
    if not isinstance(groups, int) or groups <= 0:
        raise ValueError(f"expected groups to be a positive int, but got {groups!r}")
    if channels < 0:
        raise ValueError(f"expected a known channel count for {op}, but got {channels}")
    if channels % groups:
        raise ValueError(f"expected input channels divisible by groups={groups}, but got "
                         f"{channels} channels")
    return channel_last, channels


def _check_filters(weight, groups):
    if weight.shape[0] % groups:
        raise ValueError(f"expected the number of filters divisible by groups={groups}, but got "
                         f"{weight.shape[0]}")


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
           data_format="NCHW", name=None):
    """2-D convolution of x ([N, C, H, W] or NHWC) with weight [M, C/groups, kh, kw]."""
    channel_last, channels = _check_conv("conv2d", x, weight, groups, data_format,
                                         ("NCHW", "NHWC"))
    _check_filters(weight, groups)
    filters = weight.shape[0]
    paddings, algorithm = _conv_padding(padding, channel_last, 2)
    op_type = ("depthwise_conv2d" if channels == groups and channels != 1
               and filters % channels == 0 else "conv2d")
    out = lh.append_op(op_type, {"Input": [x], "Filter": [weight]},
                       {"strides": _int_list(stride, 2, "stride"), "paddings": paddings,
                        "padding_algorithm": algorithm,
                        "dilations": _int_list(dilation, 2, "dilation"), "groups": groups,
                        "data_format": data_format},
                       outputs=("Output",))
    return _add_channel_bias(out, bias, 3 if channel_last else 1)


def conv1d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCL",
           name=None):
    """1-D convolution of x ([N, C, L] or NLC) with weight [M, C/groups, k]: a conv2d over a
    unit height, as PaddlePaddle computes it."""
    from paddle.tensor.manipulation import squeeze, unsqueeze
    if data_format not in ("NCL", "NLC"):
        raise ValueError(f"expected data_format 'NCL' or 'NLC', but got {data_format!r}")
    if len(x.shape) != 3:
        raise ValueError(f"expected a 3-D input for conv1d, but got shape {list(x.shape)}")
    channel_last = data_format == "NLC"
    if isinstance(padding, str):
        pad2d = padding
    else:
        pads, _ = _conv_padding(padding, channel_last, 1)
        pad2d = [0, 0] + (pads * 2 if len(pads) == 1 else pads)
    height_axis = 1 if channel_last else 2
    out = conv2d(unsqueeze(x, height_axis), unsqueeze(weight, 2), None,
                 [1] + _int_list(stride, 1, "stride"), pad2d,
                 [1] + _int_list(dilation, 1, "dilation"), groups,
                 "NHWC" if channel_last else "NCHW")
    out = squeeze(out, height_axis)
    return _add_channel_bias(out, bias, 2 if channel_last else 1)


def _output_extras(output_padding, output_size, dims):
    """(output_padding, output_size) attributes: [] when not given; PaddlePaddle rejects both
    at once."""
    if output_size is None:
        size = []
    else:
        if not (isinstance(output_padding, int) and output_padding == 0):
            raise ValueError("output_padding option is mutually exclusive with output_size")
        size = _int_list(output_size, dims, "output_size")
    if isinstance(output_padding, int) and output_padding == 0:
        pad = []
    else:
        pad = _int_list(output_padding, dims, "output_padding")
    return pad, size


def conv2d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, data_format="NCHW", output_size=None, name=None):
    """2-D transposed convolution of x ([N, C, H, W] or NHWC) with weight
    [C, M/groups, kh, kw]: the gradient of conv2d with respect to its input."""
    channel_last, channels = _check_conv("conv2d_transpose", x, weight, groups, data_format,
                                         ("NCHW", "NHWC"))
    if channels != weight.shape[0]:
        raise ValueError(f"expected input channels ({channels}) to equal weight.shape[0], but "
                         f"got weight shape {list(weight.shape)}")
    paddings, algorithm = _conv_padding(padding, channel_last, 2)
    pad_attr, size_attr = _output_extras(output_padding, output_size, 2)
    op_type = ("depthwise_conv2d_transpose" if channels == groups and channels != 1
               and weight.shape[1] == 1 else "conv2d_transpose")
    out = lh.append_op(op_type, {"Input": [x], "Filter": [weight]},
                       {"strides": _int_list(stride, 2, "stride"), "paddings": paddings,
                        "output_padding": pad_attr, "output_size": size_attr,
                        "padding_algorithm": algorithm,
                        "dilations": _int_list(dilation, 2, "dilation"), "groups": groups,
                        "data_format": data_format},
                       outputs=("Output",))
    return _add_channel_bias(out, bias, 3 if channel_last else 1)


def conv1d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, output_size=None, data_format="NCL", name=None):
    """1-D transposed convolution of x ([N, C, L] or NLC) with weight [C, M/groups, k]: a
    conv2d_transpose over a unit height, as PaddlePaddle computes it."""
    from paddle.tensor.manipulation import squeeze, unsqueeze
    if data_format not in ("NCL", "NLC"):
        raise ValueError(f"expected data_format 'NCL' or 'NLC', but got {data_format!r}")
    if len(x.shape) != 3:
        raise ValueError(f"expected a 3-D input for conv1d_transpose, but got shape "
                         f"{list(x.shape)}")
    if len(weight.shape) != 3:
        raise ValueError(f"expected a 3-D conv1d_transpose weight, but got shape "
                         f"{list(weight.shape)}")
    channel_last = data_format == "NLC"
    if isinstance(padding, str):
        pad2d = padding
    else:
        pads, _ = _conv_padding(padding, channel_last, 1)
        pad2d = [0, 0] + (pads * 2 if len(pads) == 1 else pads)
    pad_attr, size_attr = _output_extras(output_padding, output_size, 1)
    height_axis = 1 if channel_last else 2
    out = conv2d_transpose(unsqueeze(x, height_axis), unsqueeze(weight, 2), None,
                           [1] + _int_list(stride, 1, "stride"), pad2d,
                           [0] + pad_attr if pad_attr else 0, groups,
                           [1] + _int_list(dilation, 1, "dilation"),
                           "NHWC" if channel_last else "NCHW",
                           [1] + size_attr if size_attr else None)
    out = squeeze(out, height_axis)
    return _add_channel_bias(out, bias, 2 if channel_last else 1)


def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCDHW",
           name=None):
    """3-D convolution of x ([N, C, D, H, W] or NDHWC) with weight [M, C/groups, kd, kh, kw]."""
    channel_last, _ = _check_conv("conv3d", x, weight, groups, data_format, ("NCDHW", "NDHWC"))
    _check_filters(weight, groups)
    paddings, algorithm = _conv_padding(padding, channel_last, 3)
    out = lh.append_op("conv3d", {"Input": [x], "Filter": [weight]},
                       {"strides": _int_list(stride, 3, "stride"), "paddings": paddings,
                        "padding_algorithm": algorithm, "groups": groups,
                        "dilations": _int_list(dilation, 3, "dilation"),
                        "data_format": data_format},
                       outputs=("Output",))
    return _add_channel_bias(out, bias, 4 if channel_last else 1)


def conv3d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, data_format="NCDHW", output_size=None, name=None):
    """3-D transposed convolution of x ([N, C, D, H, W] or NDHWC) with weight
    [C, M/groups, kd, kh, kw]: the gradient of conv3d with respect to its input."""
    channel_last, channels = _check_conv("conv3d_transpose", x, weight, groups, data_format,
                                         ("NCDHW", "NDHWC"))
    if channels != weight.shape[0]:
        raise ValueError(f"expected input channels ({channels}) to equal weight.shape[0], but "
                         f"got weight shape {list(weight.shape)}")
    paddings, algorithm = _conv_padding(padding, channel_last, 3)
    pad_attr, size_attr = _output_extras(output_padding, output_size, 3)
    out = lh.append_op("conv3d_transpose", {"Input": [x], "Filter": [weight]},
                       {"strides": _int_list(stride, 3, "stride"), "paddings": paddings,
                        "output_padding": pad_attr, "output_size": size_attr,
                        "padding_algorithm": algorithm,
                        "dilations": _int_list(dilation, 3, "dilation"), "groups": groups,
                        "data_format": data_format},
                       outputs=("Output",))
    return _add_channel_bias(out, bias, 4 if channel_last else 1)
