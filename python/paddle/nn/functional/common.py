"""Dropout, pooling, normalization and one_hot."""
from paddle.base import layer_helper as lh

from paddle.base.dtypes import convert_dtype
from paddle.base.framework import default_main_program


def dropout(x, p=0.5, axis=None, training=True, mode="upscale_in_train", name=None):
    if not 0 <= p <= 1:
        raise ValueError(f"expected p in [0, 1], but got {p}")
    if mode not in ("upscale_in_train", "downscale_in_infer"):
        raise ValueError(f"expected mode 'upscale_in_train' or 'downscale_in_infer', but got {mode!r}")
    if axis is not None:
        raise NotImplementedError("dropout along an axis is not supported yet")
    impl = "upscale_in_train" if mode == "upscale_in_train" else "downgrade_in_infer"
    seed = default_main_program().random_seed
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
    ksize = _pair(kernel_size, "kernel_size")
    strides = ksize if stride is None else _pair(stride, "stride")
    paddings, algorithm = _paddings(padding)
    return lh.append_op("pool2d", {"X": [x]},
                        {"pooling_type": pooling_type, "ksize": ksize, "strides": strides,
                         "paddings": paddings, "padding_algorithm": algorithm,
                         "global_pooling": global_pooling, "adaptive": adaptive,
                         "ceil_mode": ceil_mode, "exclusive": exclusive,
                         "data_format": data_format})


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCHW", name=None):
    if return_mask:
        raise NotImplementedError("max_pool2d with return_mask is not supported yet")
    return _pool(x, "max", kernel_size, stride, padding, ceil_mode, True, data_format)


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCHW", name=None):
    if divisor_override is not None:
        raise NotImplementedError("divisor_override is not supported yet")
    return _pool(x, "avg", kernel_size, stride, padding, ceil_mode, exclusive, data_format)


def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    size = _pair(output_size, "output_size")
    if size == [1, 1]:
        return _pool(x, "avg", [1, 1], [1, 1], 0, False, True, data_format, global_pooling=True)
    return _pool(x, "avg", size, [1, 1], 0, False, True, data_format, adaptive=True)


def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    return _pool(x, "max", _pair(output_size, "output_size"), [1, 1], 0, False, True, "NCHW",
                 adaptive=True)


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


