"""Dropout (dropout2d drops whole channels), linear, pooling (1-D over a unit height),
layer_norm, one_hot, interpolate/upsample (nearest, linear, bilinear, bicubic, trilinear), pad
(through pad3d; padding every axis through the pad op), pixel_shuffle, cosine_similarity and
label_smooth."""
import numbers as _numbers

from paddle.base import layer_helper as lh

from paddle.base.dtypes import convert_dtype
from paddle.base.framework import Variable as _Variable
from paddle.base.framework import default_main_program, in_dynamic_mode


def dropout(x, p=0.5, axis=None, training=True, mode="upscale_in_train", name=None):
    if not 0 <= p <= 1:
        raise ValueError(f"expected p in [0, 1], but got {p}")
    if mode not in ("upscale_in_train", "downscale_in_infer"):
        raise ValueError(f"expected mode 'upscale_in_train' or 'downscale_in_infer', but got {mode!r}")
    if axis is not None:
        raise NotImplementedError("dropout along an axis is not supported yet")
    impl = "upscale_in_train" if mode == "upscale_in_train" else "downgrade_in_infer"
    # A static program with a random_seed fixes every dropout's seed (as PaddlePaddle does);
    # in dynamic mode each call draws a new mask from the global generator (paddle.seed).
    seed = 0 if in_dynamic_mode() else default_main_program().random_seed
    out, _ = lh.append_op("dropout", {"X": [x]},
                          {"dropout_prob": float(p), "is_test": not training,
                           "fix_seed": bool(seed), "seed": int(seed),
                           "dropout_implementation": impl},
                          outputs=("Out", "Mask"), out_dtypes={"Mask": "uint8"})
    return out


def dropout2d(x, p=0.5, training=True, data_format="NCHW", name=None):
    """Zeroes whole channels of a 4-D x with probability p while training, scaling the kept
    ones by 1 / (1 - p); identity otherwise. The mask is a dropout of ones shaped [N, C, 1, 1]
    (NHWC: [N, 1, 1, C]), broadcast over the feature map."""
    from paddle.tensor import math as _math
    from paddle.tensor.creation import ones_like
    from paddle.tensor.manipulation import slice as _slice
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"expected data_format 'NCHW' or 'NHWC', but got {data_format!r}")
    if len(x.shape) != 4:
        raise ValueError(f"expected a 4-D input for dropout2d, but got shape {list(x.shape)}")
    if isinstance(p, bool) or not isinstance(p, _numbers.Real) or not 0 <= p <= 1:
        raise ValueError(f"expected p of dropout2d to be a number in [0, 1], but got {p!r}")
    if not training:
        return x
    spatial = [1, 2] if data_format == "NHWC" else [2, 3]
    # One element per (sample, channel); its shape follows x's even where N is unknown.
    mask = dropout(ones_like(_slice(x, spatial, [0, 0], [1, 1])), p, training=True,
                   mode="upscale_in_train")
    return _math.multiply(x, mask)


def _pair(v, name):
    if isinstance(v, int):
        return [v, v]
    v = list(v)
    if len(v) != 2:
        raise ValueError(f"expected {name} to be an int or a pair, but got {v}")
    return v


def _paddings(padding):
    if isinstance(padding, str):
        return [0, 0], padding.upper()
    if isinstance(padding, int):
        return [padding, padding], "EXPLICIT"
    padding = list(padding)
    if len(padding) in (2, 4):
        return padding, "EXPLICIT"
    raise ValueError(f"expected padding as an int, 2 or 4 ints, 'SAME' or 'VALID', but got {padding}")


def _pool(x, pooling_type, kernel_size, stride, padding, ceil_mode, exclusive, data_format,
          global_pooling=False, adaptive=False):
    from paddle.nn.functional.conv import _conv_padding
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"expected data_format 'NCHW' or 'NHWC', but got {data_format!r}")
    if len(x.shape) != 4:
        raise ValueError(f"expected a 4-D input for 2-D pooling, but got shape {list(x.shape)}")
    ksize = _pair(kernel_size, "kernel_size")
    strides = ksize if stride is None else _pair(stride, "stride")
    paddings, algorithm = _conv_padding(padding, data_format == "NHWC", 2)
    return lh.append_op("pool2d", {"X": [x]},
                        {"pooling_type": pooling_type, "ksize": ksize, "strides": strides,
                         "paddings": paddings, "padding_algorithm": algorithm,
                         "global_pooling": global_pooling, "adaptive": adaptive,
                         "ceil_mode": ceil_mode, "exclusive": exclusive,
                         "data_format": data_format})


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCHW", name=None):
    if return_mask:
        raise NotImplementedError("max_pool2d with return_mask needs op 'max_pool2d_with_index', "
                                  "which this runtime does not have yet")
    return _pool(x, "max", kernel_size, stride, padding, ceil_mode, True, data_format)


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCHW", name=None):
    if divisor_override is not None:
        raise NotImplementedError("divisor_override is not supported yet")
    return _pool(x, "avg", kernel_size, stride, padding, ceil_mode, exclusive, data_format)


def _pool1d(x, pooling_type, kernel_size, stride, padding, ceil_mode, exclusive, fn):
    """1-D pooling of [N, C, L] as 2-D pooling over a unit height, as PaddlePaddle computes it."""
    from paddle.nn.functional.conv import _conv_padding, _int_list
    from paddle.tensor.manipulation import squeeze, unsqueeze
    if len(x.shape) != 3:
        raise ValueError(f"expected a 3-D input [N, C, L] for {fn}, but got shape "
                         f"{list(x.shape)}")
    ksize = _int_list(kernel_size, 1, "kernel_size")
    strides = ksize if stride is None else _int_list(stride, 1, "stride")
    if isinstance(padding, str):
        pad2d = padding
    else:
        pads, _ = _conv_padding(padding, False, 1)
        pad2d = [0, 0] + (pads * 2 if len(pads) == 1 else pads)
    out = _pool(unsqueeze(x, 2), pooling_type, [1] + ksize, [1] + strides, pad2d, ceil_mode,
                exclusive, "NCHW")
    return squeeze(out, 2)


def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               name=None):
    if return_mask:
        raise NotImplementedError("max_pool1d with return_mask needs op 'max_pool2d_with_index', "
                                  "which this runtime does not have yet")
    return _pool1d(x, "max", kernel_size, stride, padding, ceil_mode, True, "max_pool1d")


def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
               name=None):
    return _pool1d(x, "avg", kernel_size, stride, padding, ceil_mode, exclusive, "avg_pool1d")


def _adaptive_size(x, output_size, data_format):
    """output_size as two ints; None keeps the input's extent (PaddlePaddle's convention)."""
    size = [output_size, output_size] if isinstance(output_size, int) else list(output_size)
    if len(size) != 2:
        raise ValueError(f"expected output_size to be an int or a pair, but got {output_size!r}")
    spatial = x.shape[1:3] if data_format == "NHWC" else x.shape[2:4]
    return [int(spatial[i]) if s is None else int(s) for i, s in enumerate(size)]


def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    size = _adaptive_size(x, output_size, data_format)
    if size == [1, 1]:
        return _pool(x, "avg", [1, 1], [1, 1], 0, False, True, data_format, global_pooling=True)
    return _pool(x, "avg", size, [1, 1], 0, False, True, data_format, adaptive=True)


def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    if return_mask:
        raise NotImplementedError("adaptive_max_pool2d with return_mask needs op "
                                  "'max_pool2d_with_index', which this runtime does not have yet")
    return _pool(x, "max", _adaptive_size(x, output_size, "NCHW"), [1, 1], 0, False, True,
                 "NCHW", adaptive=True)


def one_hot(x, num_classes, name=None):
    """float32 one-hot rows of x's ids; num_classes may be a one-element int Tensor
    (-> depth_tensor, read at run time)."""
    from paddle.tensor.creation import _scalar_arg
    inputs = {"X": [x]}
    depth = _scalar_arg(num_classes, "one_hot", "num_classes", integer=True)
    if depth is not None:
        inputs["depth_tensor"] = [depth]
    return lh.append_op("one_hot_v2", inputs,
                        {"depth": -1 if depth is not None else int(num_classes),
                         "dtype": int(convert_dtype("float32")), "allow_out_of_range": False},
                        dtype="float32", stop_gradient=True)


def layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05, name=None):
    if isinstance(normalized_shape, int):
        normalized_shape = [normalized_shape]
    begin = len(x.shape) - len(normalized_shape)
    inputs = {"X": [x]}
    if weight is not None:
        inputs["Scale"] = [weight]
    if bias is not None:
        inputs["Bias"] = [bias]
    y, _, _ = lh.append_op("layer_norm", inputs, {"epsilon": float(epsilon), "begin_norm_axis": begin},
                           outputs=("Y", "Mean", "Variance"))
    return y


def linear(x, weight, bias=None, name=None):
    from paddle.tensor.math import matmul
    out = matmul(x, weight)
    if bias is not None:
        out = lh.append_op("elementwise_add", {"X": [out], "Y": [bias]}, {"axis": -1})
    return out


def _static_ints(values, what):
    """A list of Python ints from ints or (in dynamic mode) tensors; tensors in a static
    program are refused (their ops would need the tensor-valued slots)."""
    out = []
    for v in values:
        if isinstance(v, _numbers.Integral):
            out.append(int(v))
        elif hasattr(v, "numpy") and in_dynamic_mode():
            out.extend(int(e) for e in v.numpy().reshape(-1))
        else:
            raise NotImplementedError(f"{what} given as a tensor in a static program is not "
                                      f"supported yet; pass Python ints, but got {v!r}")
    return out


_INTERP_OPS = {"NEAREST": "nearest_interp_v2", "LINEAR": "linear_interp_v2",
               "BILINEAR": "bilinear_interp_v2", "BICUBIC": "bicubic_interp_v2",
               "TRILINEAR": "trilinear_interp_v2"}
_INTERP_RANKS = {"NEAREST": (4, 5), "LINEAR": (3,), "BILINEAR": (4,), "BICUBIC": (4,),
                 "TRILINEAR": (5,)}
_INTERP_FORMATS = {3: ("NCW", "NWC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}
_INTERP_SIZE_ATTRS = {1: ("out_w",), 2: ("out_h", "out_w"), 3: ("out_d", "out_h", "out_w")}


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
                align_mode=0, data_format=None, name=None):
    """Resizes the spatial axes of a 3-D (linear), 4-D (nearest, bilinear, bicubic) or 5-D
    (nearest, trilinear) tensor with the matching *_interp_v2 op (PaddlePaddle's rules: exactly
    one of size and scale_factor; align_corners only for the linear and cubic modes; align_mode
    0 or 1; data_format from the rank when None)."""
    resample = str(mode).upper()
    if resample == "AREA":
        raise NotImplementedError(f"interpolate(mode={mode!r}) needs op 'pool2d (adaptive)', "
                                  "which this runtime does not have yet")
    if resample not in _INTERP_OPS:
        raise ValueError("expected mode 'linear', 'bilinear', 'trilinear', 'nearest', 'bicubic' "
                         f"or 'area', but got {mode!r}")
    rank = len(x.shape)
    if rank not in _INTERP_RANKS[resample]:
        wanted = " or ".join(f"{r}-D" for r in _INTERP_RANKS[resample])
        raise ValueError(f"expected a {wanted} input for mode {mode!r}, but got a {rank}-D input")
    formats = _INTERP_FORMATS[rank]
    if data_format is None:
        data_format = formats[0]
    if data_format not in formats:
        raise ValueError(f"expected data_format {formats[0]!r} or {formats[1]!r} for a "
                         f"{rank}-D input, but got {data_format!r}")
    if align_mode not in (0, 1):
        raise ValueError(f"expected align_mode 0 or 1, but got {align_mode!r}")
    if not isinstance(align_corners, bool):
        raise TypeError(f"expected align_corners to be a bool, but got {align_corners!r}")
    if align_corners and resample == "NEAREST":
        raise ValueError("expected align_corners False with mode 'nearest' (align_corners "
                         "applies to linear, bilinear, bicubic and trilinear), but got True")
    if size is None and scale_factor is None:
        raise ValueError("expected one of size and scale_factor, but both are None")
    if size is not None and scale_factor is not None:
        raise ValueError("expected only one of size and scale_factor, but got both")
    spatial = rank - 2
    layout = "NCHW" if data_format == formats[0] else "NHWC"
    attrs = {"data_layout": layout, "out_d": -1, "out_h": -1, "out_w": -1,
             "interp_method": resample.lower(), "align_corners": bool(align_corners),
             "align_mode": int(align_mode)}
    inputs = {"X": [x]}
    static = not in_dynamic_mode()
    if size is not None:
        if isinstance(size, int):
            size = [size] * spatial
        if static and isinstance(size, _Variable):
            inputs["OutSize"] = [size]  # extents known when the program runs
        elif static and any(isinstance(v, _Variable) for v in size):
            from paddle.tensor.creation import full
            if len(size) != spatial:
                raise ValueError(f"expected size to hold {spatial} values for a {rank}-D input, "
                                 f"but got {len(size)}")
            inputs["SizeTensor"] = [v if isinstance(v, _Variable) else full([1], int(v), "int32")
                                    for v in size]
        else:
            if hasattr(size, "shape") and not isinstance(size, (list, tuple)):
                size = [size]
            out_sizes = _static_ints(list(size), "size")
            if len(out_sizes) != spatial:
                raise ValueError(f"expected size to hold {spatial} ints for a {rank}-D input, but "
                                 f"got {out_sizes}")
            if min(out_sizes) <= 0:
                raise ValueError(f"expected size > 0, but got {out_sizes}")
            attrs.update(zip(_INTERP_SIZE_ATTRS[spatial], out_sizes))
    elif static and isinstance(scale_factor, _Variable):
        inputs["Scale"] = [scale_factor]
    else:
        if hasattr(scale_factor, "numpy") and in_dynamic_mode():
            scale_factor = [float(v) for v in scale_factor.numpy().reshape(-1)]
            if len(scale_factor) == 1:
                scale_factor = scale_factor[0]
        if isinstance(scale_factor, (int, float)):
            scale = [float(scale_factor)] * spatial
        elif isinstance(scale_factor, (list, tuple)):
            scale = [float(v) for v in scale_factor]
        else:
            raise ValueError(f"expected scale_factor as a number, a list or a tensor, but got "
                             f"{scale_factor!r}")
        if len(scale) != spatial:
            raise ValueError(f"expected scale_factor to hold {spatial} values for a {rank}-D "
                             f"input, but got {scale}")
        if min(scale) <= 0:
            raise ValueError(f"expected scale_factor > 0, but got {scale}")
        attrs["scale"] = scale
    return lh.append_op(_INTERP_OPS[resample], inputs, attrs)


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
             align_mode=0, data_format=None, name=None):
    return interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format, name)


_PAD_FORMATS = {3: ("NCL", "NLC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}


def pad(x, pad, mode="constant", value=0.0, data_format="NCHW", pad_from_left_axis=True,  # noqa: A002
        name=None):
    """Pads a 3-, 4- or 5-D tensor's spatial axes with pad3d (as PaddlePaddle does: 1-D and 2-D
    paddings run on an unsqueezed 5-D input). `pad` lists (left, right[, top, bottom[, front,
    back]]) for the last spatial axes."""
    from paddle.tensor.manipulation import squeeze, unsqueeze
    if mode not in ("constant", "reflect", "replicate", "circular"):
        raise ValueError("expected mode 'constant', 'reflect', 'replicate' or 'circular', but got "
                         f"{mode!r}")
    rank = len(x.shape)
    pad_tensor = None
    if hasattr(pad, "numpy") and in_dynamic_mode():
        pad = [int(v) for v in pad.numpy().reshape(-1)]
    elif isinstance(pad, _Variable):
        # read when the program runs (pad3d's Paddings); its length must be static
        pad_tensor = pad
        if len(pad.shape) != 1 or pad.shape[0] < 0:
            raise ValueError(f"expected pad as a 1-D tensor of known length, but got shape "
                             f"{list(pad.shape)}")
        pad = [0] * int(pad.shape[0])  # placeholder of the right length for the checks below
    elif not isinstance(pad, (list, tuple)):
        raise ValueError(f"expected pad as a list of ints or a tensor, but got {pad!r}")
    pad = _static_ints(list(pad), "pad")
    if mode == "constant" and len(pad) == 2 * rank and pad_tensor is None:
        # every axis padded: the legacy pad op (pairs from the first axis, or the last)
        return lh.append_op("pad", {"X": [x]}, {"paddings": pad, "pad_value": float(value),
                                                "pad_from_first_axis": bool(pad_from_left_axis)})
    if rank not in _PAD_FORMATS:
        raise ValueError(f"expected a 3-, 4- or 5-D input for mode {mode!r}, but got shape "
                         f"{list(x.shape)}")
    if data_format not in _PAD_FORMATS[rank]:
        raise ValueError(f"expected data_format {' or '.join(map(repr, _PAD_FORMATS[rank]))} for "
                         f"a {rank}-D input, but got {data_format!r}")
    if len(pad) != 2 * (rank - 2):
        raise ValueError(f"expected pad to hold {2 * (rank - 2)} ints for a {rank}-D input, but "
                         f"got {pad}")
    channel_last = data_format[-1] == "C"
    # As PaddlePaddle does: a 1-D input becomes (N, C, L, 1, 1) / (N, L, 1, 1, C) padded on D,
    # a 2-D one (N, C, 1, H, W) / (N, 1, H, W, C) padded on H and W.
    if rank == 3:
        new_axes = [2, 3] if channel_last else [3, 4]
        full = [0, 0, 0, 0] + pad
    else:
        new_axes = ([1] if channel_last else [2]) if rank == 4 else []
        full = pad + [0] * (6 - len(pad))
    if new_axes:
        x = unsqueeze(x, axis=new_axes)
    inputs = {"X": [x]}
    if pad_tensor is not None:
        from paddle.tensor.creation import full as _full
        from paddle.tensor.manipulation import concat
        if rank == 3:
            pad_tensor = concat([_full([4], 0, pad_tensor.dtype), pad_tensor])
        elif rank == 4:
            pad_tensor = concat([pad_tensor, _full([2], 0, pad_tensor.dtype)])
        inputs["Paddings"] = [pad_tensor]
    out = lh.append_op("pad3d", inputs,
                       {"paddings": full, "mode": mode, "value": float(value),
                        "data_format": "NDHWC" if channel_last else "NCDHW"})
    if new_axes:
        out = squeeze(out, axis=new_axes)
    return out


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None):
    """(N, C*r*r, H, W) -> (N, C, H*r, W*r) with pixel_shuffle (NCHW or NHWC)."""
    if not isinstance(upscale_factor, _numbers.Integral) or upscale_factor <= 0:
        raise ValueError("expected upscale_factor to be a positive int, but got "
                         f"{upscale_factor!r}")
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"expected data_format 'NCHW' or 'NHWC', but got {data_format!r}")
    return lh.append_op("pixel_shuffle", {"X": [x]},
                        {"upscale_factor": int(upscale_factor), "data_format": data_format})


def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    """Cosine of the angle between x1 and x2 (broadcast) along axis:
    sum(x1 * x2) / sqrt(max(sum(x1 * x1) * sum(x2 * x2), eps * eps))."""
    from paddle.tensor import math as _math
    for arg, value in (("x1", x1), ("x2", x2)):
        if not isinstance(value, _Variable):
            raise TypeError(f"expected {arg} of cosine_similarity to be a Tensor, but got "
                            f"{type(value).__name__}")
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"expected axis of cosine_similarity to be an int, but got "
                        f"{type(axis).__name__}")
    w12 = _math.sum(_math.multiply(x1, x2), axis=axis)
    w1 = _math.sum(_math.multiply(x1, x1), axis=axis)
    w2 = _math.sum(_math.multiply(x2, x2), axis=axis)
    n12 = _math.sqrt(_math.clip(_math.multiply(w1, w2), min=float(eps) * float(eps)))
    return _math.divide(w12, n12)


def label_smooth(label, prior_dist=None, epsilon=0.1, name=None):
    """(1 - epsilon) * label + epsilon * prior_dist, the prior uniform (1 / classes, the last
    axis) when not given."""
    from paddle.tensor import math as _math
    if not isinstance(label, _Variable):
        raise TypeError(f"expected label of label_smooth to be a Tensor, but got "
                        f"{type(label).__name__}")
    if isinstance(epsilon, bool) or not isinstance(epsilon, _numbers.Real):
        raise TypeError(f"expected epsilon of label_smooth to be a float, but got "
                        f"{type(epsilon).__name__}")
    if not 0.0 <= float(epsilon) <= 1.0:
        raise ValueError(f"expected epsilon of label_smooth in [0, 1], but got {epsilon}")
    epsilon = float(epsilon)
    if prior_dist is None:
        classes = label.shape[-1] if len(label.shape) else -1
        if classes is None or classes <= 0:
            raise ValueError(f"expected label of label_smooth to have a known last axis (the "
                             f"classes), but got shape {list(label.shape)}")
        return _math.scale(label, 1.0 - epsilon, epsilon / classes)
    if not isinstance(prior_dist, _Variable):
        raise TypeError(f"expected prior_dist of label_smooth to be a Tensor, but got "
                        f"{type(prior_dist).__name__}")
    return _math.add(_math.scale(label, 1.0 - epsilon, 0.0), _math.scale(prior_dist, epsilon, 0.0))
