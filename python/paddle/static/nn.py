"""paddle.static.nn: layers that create parameters (fc, conv2d, batch_norm, embedding) and
the control-flow ops cond and while_loop."""
from paddle.base import layer_helper as lh
from paddle.base import unique_name
from paddle.base.param_attr import ParamAttr
from paddle.nn.functional.common import _pair, _paddings
from paddle.nn.initializer import Constant, Normal
from paddle.static.control_flow import cond, while_loop  # noqa: F401


def _activate(x, act):
    if act is None:
        return x
    from paddle.nn import functional as F
    fn = getattr(F, act, None)
    if fn is None:
        raise ValueError(f"expected a known activation name, but got {act!r}")
    return fn(x)


def _add_bias(out, bias_attr, size, dtype, axis, prefix):
    bias = lh.create_parameter([size], dtype, bias_attr, is_bias=True, name_prefix=prefix)
    if bias is None:
        return out
    return lh.append_op("elementwise_add", {"X": [out], "Y": [bias]}, {"axis": axis})


def fc(x, size, num_flatten_dims=1, weight_attr=None, bias_attr=None, activation=None,
       name=None):
    """out = act(flatten(x) @ W + b) with W of shape [prod(x.shape[num_flatten_dims:]), size]."""
    inputs = x if isinstance(x, (list, tuple)) else [x]
    prefix = name or unique_name.generate("fc")
    outs = []
    for inp in inputs:
        in_dim = 1
        for d in inp.shape[num_flatten_dims:]:
            if d < 0:
                raise ValueError(f"expected known input extents after num_flatten_dims, but got {inp.shape}")
            in_dim *= d
        w = lh.create_parameter([in_dim, size], inp.dtype, weight_attr, name_prefix=prefix)
        outs.append(lh.append_op("mul", {"X": [inp], "Y": [w]},
                                 {"x_num_col_dims": num_flatten_dims, "y_num_col_dims": 1}))
    out = outs[0] if len(outs) == 1 else lh.append_op("sum", {"X": outs})
    out = _add_bias(out, bias_attr, size, inputs[0].dtype, num_flatten_dims, prefix)
    return _activate(out, activation)


def conv2d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None,  # noqa: A002
           param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
           data_format="NCHW"):
    groups = groups or 1
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"expected conv2d's data_format to be 'NCHW' or 'NHWC', but got "
                         f"{data_format!r}")
    channels_last = data_format == "NHWC"
    channels = input.shape[3 if channels_last else 1]
    if channels < 0 or channels % groups:
        raise ValueError(f"expected input channels divisible by groups={groups}, but got {channels}")
    ksize = _pair(filter_size, "filter_size")
    prefix = name or unique_name.generate("conv2d")
    fan_in = ksize[0] * ksize[1] * channels // groups
    w = lh.create_parameter([num_filters, channels // groups] + ksize, input.dtype, param_attr,
                            default_initializer=Normal(0.0, (2.0 / fan_in) ** 0.5), name_prefix=prefix)
    paddings, algorithm = _paddings(padding)
    op_type = "depthwise_conv2d" if groups == channels and num_filters % channels == 0 and groups > 1 else "conv2d"
    out = lh.append_op(op_type, {"Input": [input], "Filter": [w]},
                       {"strides": _pair(stride, "stride"), "paddings": paddings,
                        "padding_algorithm": algorithm, "dilations": _pair(dilation, "dilation"),
                        "groups": groups, "data_format": data_format},
                       outputs=("Output",))
    out = _add_bias(out, bias_attr, num_filters, input.dtype, 3 if channels_last else 1, prefix)
    return _activate(out, act)


def batch_norm(input, act=None, is_test=False, momentum=0.9, epsilon=1e-05, param_attr=None,  # noqa: A002
               bias_attr=None, data_layout="NCHW", in_place=False, name=None,
               moving_mean_name=None, moving_variance_name=None,
               do_model_average_for_mean_and_var=True, use_global_stats=False):
    channels = input.shape[1] if data_layout == "NCHW" else input.shape[-1]
    prefix = name or unique_name.generate("batch_norm")
    dtype = input.dtype
    scale = lh.create_parameter([channels], dtype, param_attr, default_initializer=Constant(1.0),
                                name_prefix=prefix)
    bias = lh.create_parameter([channels], dtype, bias_attr, is_bias=True, name_prefix=prefix)
    mean = lh.create_parameter([channels], dtype,
                               ParamAttr(name=moving_mean_name, initializer=Constant(0.0),
                                         trainable=False), name_prefix=prefix + ".mean")
    variance = lh.create_parameter([channels], dtype,
                                   ParamAttr(name=moving_variance_name, initializer=Constant(1.0),
                                             trainable=False), name_prefix=prefix + ".var")
    block = lh.main_block()
    y = lh.create_tmp(dtype, "batch_norm")
    saved_mean = lh.create_tmp(dtype, "batch_norm", stop_gradient=True)
    saved_var = lh.create_tmp(dtype, "batch_norm", stop_gradient=True)
    block.append_op(type="batch_norm",
                    inputs={"X": [input], "Scale": [scale], "Bias": [bias], "Mean": [mean],
                            "Variance": [variance]},
                    outputs={"Y": [y], "MeanOut": [mean], "VarianceOut": [variance],
                             "SavedMean": [saved_mean], "SavedVariance": [saved_var]},
                    attrs={"momentum": float(momentum), "epsilon": float(epsilon),
                           "is_test": is_test, "data_layout": data_layout,
                           "use_global_stats": use_global_stats})
    return _activate(y, act)


def embedding(input, size, is_sparse=False, is_distributed=False, padding_idx=None,  # noqa: A002
              param_attr=None, dtype="float32"):
    vocab = size[0]
    w = lh.create_parameter(list(size), dtype, param_attr, name_prefix="embedding")
    pad = -1 if padding_idx is None else (padding_idx if padding_idx >= 0 else vocab + padding_idx)
    return lh.append_op("lookup_table_v2", {"W": [w], "Ids": [input]},
                        {"padding_idx": int(pad), "is_sparse": is_sparse}, dtype=dtype)
