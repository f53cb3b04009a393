"""Normalization layers: BatchNorm (legacy), BatchNorm1D/2D/3D and LayerNorm. As in
PaddlePaddle, batch norm's running statistics `_mean` and `_variance` are non-trainable
parameters (so they appear in parameters() and state_dict), updated in place by the
batch_norm op while training. GroupNorm and InstanceNorm1D/2D/3D run
the group_norm and instance_norm ops."""
import math
import numbers

from paddle.base.framework import get_default_dtype
from paddle.base.param_attr import ParamAttr
from paddle.nn import functional as F
from paddle.nn.functional.norm import _batch_norm
from paddle.nn.initializer import Constant
from paddle.nn.layer.common import _name_suffix
from paddle.nn.layer.layers import Layer

__all__ = ["BatchNorm", "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "SyncBatchNorm",
           "LayerNorm", "GroupNorm", "InstanceNorm1D", "InstanceNorm2D", "InstanceNorm3D",
           "LocalResponseNorm"]


def _frozen_by_attr(attr):
    """A ParamAttr with learning_rate 0 makes the scale or shift constant (PaddlePaddle)."""
    return isinstance(attr, ParamAttr) and attr.learning_rate == 0.0


def _create_affine_and_statistics(layer, channels, weight_attr, bias_attr, dtype, name):
    """weight (ones), bias (zeros), _mean (zeros) and _variance (ones), in PaddlePaddle's
    order. weight_attr/bias_attr False keeps a constant, non-trainable parameter."""
    shape = [channels]
    if weight_attr is False:
        layer.weight = layer.create_parameter(shape, None, dtype,
                                              default_initializer=Constant(1.0))
        layer.weight.stop_gradient = True
    else:
        layer.weight = layer.create_parameter(shape, weight_attr, dtype,
                                              default_initializer=Constant(1.0))
        layer.weight.stop_gradient = _frozen_by_attr(weight_attr)
    if bias_attr is False:
        layer.bias = layer.create_parameter(shape, None, dtype, is_bias=True,
                                            default_initializer=Constant(0.0))
        layer.bias.stop_gradient = True
    else:
        layer.bias = layer.create_parameter(shape, bias_attr, dtype, is_bias=True)
        layer.bias.stop_gradient = _frozen_by_attr(bias_attr)
    mean_name = variance_name = None
    if isinstance(name, tuple):
        mean_name, variance_name = name
    elif name is not None:
        mean_name, variance_name = name + "_mean", name + "_variance"
    layer._mean = layer.create_parameter(
        shape, ParamAttr(name=mean_name, initializer=Constant(0.0), trainable=False,
                         do_model_average=True), dtype)
    layer._mean.stop_gradient = True
    layer._variance = layer.create_parameter(
        shape, ParamAttr(name=variance_name, initializer=Constant(1.0), trainable=False,
                         do_model_average=True), dtype)
    layer._variance.stop_gradient = True


class _BatchNormBase(Layer):
    _ranks = ()
    _formats = {}

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", use_global_stats=None, name=None):
        super().__init__()
        if not isinstance(num_features, int) or num_features <= 0:
            raise ValueError(f"expected num_features to be a positive int, but got "
                             f"{num_features!r}")
        self._num_features = num_features
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._use_global_stats = use_global_stats
        self._dtype = "float32" if get_default_dtype() == "float16" else get_default_dtype()
        _create_affine_and_statistics(self, num_features, weight_attr, bias_attr, self._dtype,
                                      name)
        self._data_format = data_format
        self._layout = self._check_data_format(data_format)
        self._momentum = momentum
        self._epsilon = epsilon
        self._name = name

    def _check_data_format(self, data_format):
        if data_format not in self._formats:
            raise ValueError(f"expected data_format in {sorted(self._formats)} for "
                             f"{type(self).__name__}, but got {data_format!r}")
        return self._formats[data_format]

    def _check_input_dim(self, x):
        if len(x.shape) not in self._ranks:
            ranks = " or ".join(f"{r}-D" for r in self._ranks)
            raise ValueError(f"expected a {ranks} input for {type(self).__name__}, but got shape "
                             f"{list(x.shape)}")

    def forward(self, input):  # noqa: A002 - PaddlePaddle's argument name
        self._check_input_dim(input)
        return F.batch_norm(input, self._mean, self._variance, weight=self.weight,
                            bias=self.bias, training=self.training, momentum=self._momentum,
                            epsilon=self._epsilon, data_format=self._layout,
                            use_global_stats=self._use_global_stats)

    def extra_repr(self):
        text = (f"num_features={self._num_features}, momentum={self._momentum}, "
                f"epsilon={self._epsilon}")
        if self._data_format != "NCHW":
            text += f", data_format={self._data_format}"
        return text + _name_suffix(self._name)


class BatchNorm1D(_BatchNormBase):
    _ranks = (2, 3)
    _formats = {"NC": "NCHW", "NCL": "NCHW", "NCHW": "NCHW", "NLC": "NHWC", "NHWC": "NHWC"}

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCL", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)


class BatchNorm2D(_BatchNormBase):
    _ranks = (4,)
    _formats = {"NCHW": "NCHW", "NHWC": "NHWC"}


class BatchNorm3D(_BatchNormBase):
    _ranks = (5,)
    _formats = {"NCDHW": "NCHW", "NCHW": "NCHW", "NDHWC": "NHWC", "NHWC": "NHWC"}

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCDHW", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)


class SyncBatchNorm(_BatchNormBase):
    """With one CPU process there is nothing to synchronize: BatchNorm over any rank >= 2."""
    _ranks = (2, 3, 4, 5)
    _formats = {"NCHW": "NCHW", "NCL": "NCHW", "NC": "NCHW", "NCDHW": "NCHW", "NHWC": "NHWC",
                "NLC": "NHWC", "NDHWC": "NHWC"}

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         None, name)

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        return layer


class BatchNorm(Layer):
    """The legacy batch norm layer (paddle.nn.BatchNorm): any input rank, an optional
    activation, and the running statistics used whenever the layer is in eval mode."""

    def __init__(self, num_channels, act=None, is_test=False, momentum=0.9, epsilon=1e-05,
                 param_attr=None, bias_attr=None, dtype="float32", data_layout="NCHW",
                 in_place=False, moving_mean_name=None, moving_variance_name=None,
                 do_model_average_for_mean_and_var=True, use_global_stats=False,
                 trainable_statistics=False):
        super().__init__()
        if not isinstance(num_channels, int) or num_channels <= 0:
            raise ValueError(f"expected num_channels to be a positive int, but got "
                             f"{num_channels!r}")
        if data_layout not in ("NCHW", "NHWC"):
            raise ValueError(f"expected data_layout 'NCHW' or 'NHWC', but got {data_layout!r}")
        self._dtype = "float32" if dtype == "float16" else dtype
        self._param_attr = param_attr
        self._bias_attr = bias_attr
        _create_affine_and_statistics(self, num_channels, param_attr, bias_attr, self._dtype,
                                      (moving_mean_name, moving_variance_name))
        if use_global_stats and _frozen_by_attr(param_attr):
            self.weight.stop_gradient = True
        self._act = act
        self._data_layout = data_layout
        self._momentum = momentum
        self._epsilon = epsilon
        self._is_test = is_test
        self._use_global_stats = use_global_stats
        self._trainable_statistics = trainable_statistics

    def forward(self, input):  # noqa: A002
        out = _batch_norm(input, self._mean, self._variance, self.weight, self.bias,
                          not self.training, self._momentum, self._epsilon, self._data_layout,
                          self._use_global_stats, self._trainable_statistics)
        if self._act is None:
            return out
        act = getattr(F, self._act, None)
        if act is None:
            raise ValueError(f"expected a known activation name, but got {self._act!r}")
        return act(out)


class LayerNorm(Layer):
    """Normalizes over the trailing normalized_shape axes; weight (ones) and bias (zeros) of
    shape [prod(normalized_shape)]."""

    def __init__(self, normalized_shape, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 name=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = [normalized_shape]
        self._normalized_shape = [int(d) for d in normalized_shape]
        self._epsilon = epsilon
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        param_shape = [math.prod(self._normalized_shape)]
        self.weight = (None if weight_attr is False else
                       self.create_parameter(param_shape, weight_attr,
                                             default_initializer=Constant(1.0)))
        self.bias = (None if bias_attr is False else
                     self.create_parameter(param_shape, bias_attr, is_bias=True))
        self._name = name

    def forward(self, input):  # noqa: A002
        shape = list(input.shape)
        if shape[len(shape) - len(self._normalized_shape):] != self._normalized_shape:
            raise ValueError(f"expected an input whose trailing axes are "
                             f"{self._normalized_shape}, but got shape {shape}")
        return F.layer_norm(input, self._normalized_shape, weight=self.weight, bias=self.bias,
                            epsilon=self._epsilon)

    def extra_repr(self):
        return f"normalized_shape={self._normalized_shape}, epsilon={self._epsilon}"


def _affine_param(layer, shape, attr, is_bias):
    """weight (ones) or bias (zeros) as PaddlePaddle's GroupNorm makes them: attr False keeps a
    constant, non-trainable parameter; a ParamAttr with learning_rate 0 freezes it."""
    init = Constant(0.0) if is_bias else Constant(1.0)
    param = layer.create_parameter(shape, None if attr is False else attr,
                                   default_initializer=init, is_bias=is_bias)
    param.stop_gradient = attr is False or _frozen_by_attr(attr)
    return param


class GroupNorm(Layer):
    """Normalizes over each (sample, group of num_channels / num_groups channels); weight
    (ones) and bias (zeros) of shape [num_channels]."""

    _formats = ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")

    def __init__(self, num_groups, num_channels, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        if data_format not in self._formats:
            raise ValueError(f"expected data_format in {list(self._formats)}, but got "
                             f"{data_format!r}")
        if not isinstance(num_groups, int) or num_groups <= 0:
            raise ValueError(f"expected num_groups to be a positive int, but got "
                             f"{num_groups!r}")
        if not isinstance(num_channels, int) or num_channels % num_groups != 0:
            raise ValueError(f"expected num_channels divisible by num_groups ({num_groups}), "
                             f"but got {num_channels!r}")
        self._num_groups = num_groups
        self._num_channels = num_channels
        self._epsilon = epsilon
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._data_format = data_format
        self.weight = _affine_param(self, [num_channels], weight_attr, False)
        self.bias = _affine_param(self, [num_channels], bias_attr, True)
        self._name = name

    def forward(self, input):  # noqa: A002
        shape = list(input.shape)
        channels = shape[-1] if self._data_format in ("NLC", "NHWC", "NDHWC") else shape[1]
        if len(shape) < 2 or (channels >= 0 and channels != self._num_channels):
            raise ValueError(f"expected an input with {self._num_channels} channels "
                             f"({self._data_format}), but got shape {shape}")
        return F.group_norm(input, self._num_groups, epsilon=self._epsilon, weight=self.weight,
                            bias=self.bias, data_format=self._data_format)

    def extra_repr(self):
        return (f"num_groups={self._num_groups}, num_channels={self._num_channels}, "
                f"epsilon={self._epsilon}")


class _InstanceNormBase(Layer):
    """Per-(sample, channel) normalization; PaddlePaddle names the affine parameters `scale`
    (ones) and `bias` (zeros), both None when weight_attr or bias_attr is False."""

    _ranks = ()
    _formats = ()

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        if data_format not in self._formats:
            raise ValueError(f"expected data_format in {list(self._formats)}, but got "
                             f"{data_format!r}")
        if not isinstance(num_features, int) or num_features <= 0:
            raise ValueError(f"expected num_features to be a positive int, but got "
                             f"{num_features!r}")
        self._num_features = num_features
        self._epsilon = epsilon
        self._momentum = momentum
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._data_format = data_format
        if weight_attr is not False and bias_attr is not False:
            self.scale = self.create_parameter([num_features], weight_attr,
                                               default_initializer=Constant(1.0))
            self.bias = self.create_parameter([num_features], bias_attr, is_bias=True,
                                              default_initializer=Constant(0.0))
        else:
            self.scale = None
            self.bias = None
        self._name = name

    def forward(self, input):  # noqa: A002
        shape = list(input.shape)
        if len(shape) not in self._ranks:
            raise ValueError(f"expected an input of rank {' or '.join(map(str, self._ranks))} "
                             f"for {type(self).__name__}, but got shape {shape}")
        if shape[1] >= 0 and shape[1] != self._num_features:
            raise ValueError(f"expected an input with {self._num_features} channels, but got "
                             f"shape {shape}")
        return F.instance_norm(input, weight=self.scale, bias=self.bias, eps=self._epsilon,
                               data_format=self._data_format)

    def extra_repr(self):
        return f"num_features={self._num_features}, epsilon={self._epsilon}"


class InstanceNorm1D(_InstanceNormBase):
    _ranks = (2, 3)
    _formats = ("NC", "NCL")

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCL", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)


class InstanceNorm2D(_InstanceNormBase):
    _ranks = (4,)
    _formats = ("NCHW",)

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)


class InstanceNorm3D(_InstanceNormBase):
    _ranks = (5,)
    _formats = ("NCDHW",)

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCDHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)


class LocalResponseNorm(Layer):
    """F.local_response_norm as a layer (no parameters)."""

    def __init__(self, size, alpha=0.0001, beta=0.75, k=1.0, data_format="NCHW", name=None):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k
        self.data_format = data_format
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k,
                                     self.data_format, self.name)

    def extra_repr(self):
        return (f"size={self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}, "
                f"data_format={self.data_format}")
