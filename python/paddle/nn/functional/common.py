"""Dropout, linear, pooling, layer_norm, one_hot, and the resizing and padding functions
that wait for their ops."""
from paddle.base import layer_helper as lh

from paddle.base.dtypes import convert_dtype
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
    return lh.append_op("one_hot_v2", {"X": [x]},
                        {"depth": int(num_classes), "dtype": int(convert_dtype("float32")),
                         "allow_out_of_range": False}, dtype="float32", stop_gradient=True)


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




def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
                align_mode=0, data_format="NCHW", name=None):
    op = {"nearest": "nearest_interp_v2", "bilinear": "bilinear_interp_v2",
          "bicubic": "bicubic_interp_v2", "linear": "linear_interp_v2",
          "trilinear": "trilinear_interp_v2"}.get(str(mode).lower(), "nearest_interp_v2")
    raise NotImplementedError(f"interpolate(mode={mode!r}) needs op '{op}', which this runtime "
                              "does not have yet")


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
             align_mode=0, data_format="NCHW", name=None):
    return interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format, name)


def pad(x, pad, mode="constant", value=0.0, data_format="NCHW", pad_from_left_axis=True,  # noqa: A002
        name=None):
    raise NotImplementedError("pad needs op 'pad3d', which this runtime does not have yet")
