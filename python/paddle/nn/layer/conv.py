"""Convolution layers: Conv1D, Conv2D and Conv3D (weight [out, in/groups, *kernel], default
Normal(0, sqrt(2 / (prod(kernel) * in_channels))), bias zeros); Conv1DTranspose and
Conv2DTranspose and Conv3DTranspose (weight [in, out/groups, *kernel], default XavierUniform,
bias zeros). padding_mode 'reflect' / 'replicate' / 'circular' pads the
input with F.pad (pad3d) in that mode and convolves with padding 0, as PaddlePaddle does."""
import math

from paddle.base.framework import get_default_dtype
from paddle.nn import functional as F
from paddle.nn.functional.conv import _conv_padding, _int_list
from paddle.nn.initializer import Normal
from paddle.nn.layer.layers import Layer

__all__ = ["Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose",
           "Conv3DTranspose"]

_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")


class _ConvNd(Layer):
    def __init__(self, in_channels, out_channels, kernel_size, dims, stride, padding,
                 padding_mode, dilation, groups, weight_attr, bias_attr, data_format,
                 formats, transposed=False, output_padding=0):
        super().__init__()
        name = type(self).__name__
        if weight_attr is False:
            raise ValueError(f"expected a weight for {name}, but got weight_attr=False")
        for arg, value in (("in_channels", in_channels), ("out_channels", out_channels),
                           ("groups", groups)):
            if not isinstance(value, int) or value <= 0:
                raise ValueError(f"expected {arg} of {name} to be a positive int, but got "
                                 f"{value!r}")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"expected padding_mode in {_PADDING_MODES}, but got "
                             f"{padding_mode!r}")
        if data_format not in formats:
            raise ValueError(f"expected data_format in {formats}, but got {data_format!r}")
        if in_channels % groups:
            raise ValueError(f"expected in_channels divisible by groups={groups}, but got "
                             f"{in_channels}")
        if out_channels % groups:
            raise ValueError(f"expected out_channels divisible by groups={groups}, but got "
                             f"{out_channels}")
        self._in_channels = in_channels
        self._out_channels = out_channels
        self._groups = groups
        self._data_format = data_format
        self._param_attr = weight_attr
        self._bias_attr = bias_attr
        self._stride = _int_list(stride, dims, "stride")
        self._dilation = _int_list(dilation, dims, "dilation")
        self._kernel_size = _int_list(kernel_size, dims, "kernel_size")
        self._padding = padding
        self._padding_mode = padding_mode
        self.output_padding = output_padding
        per_axis, _ = _conv_padding(padding, data_format[-1] == "C", dims)  # rejects bad forms
        self._pad_first = None
        if padding_mode != "zeros":
            # As PaddlePaddle does: pad the input with F.pad in this mode by [w, w, h, h, d, d]
            # (one amount per spatial axis), then convolve with padding 0.
            if isinstance(padding, str) or len(per_axis) != dims:
                raise ValueError(f"expected padding as an int or {dims} ints for padding_mode="
                                 f"{padding_mode!r}, but got {padding!r}")
            self._pad_first = [int(p) for p in reversed(per_axis) for _ in range(2)]
        self._dtype = get_default_dtype()
        if transposed:
            # PaddlePaddle gives transposed filters no default initializer: XavierUniform.
            shape = [in_channels, out_channels // groups] + self._kernel_size
            initializer = None
        else:
            shape = [out_channels, in_channels // groups] + self._kernel_size
            fan_in = math.prod(self._kernel_size) * in_channels
            initializer = Normal(0.0, (2.0 / fan_in) ** 0.5)
        self.weight = self.create_parameter(shape=shape, attr=weight_attr, dtype=self._dtype,
                                            default_initializer=initializer)
        self.bias = self.create_parameter(shape=[out_channels], attr=bias_attr,
                                          dtype=self._dtype, is_bias=True)

    def _pad_input(self, x):
        if self._pad_first is None:
            return x, self._padding
        return F.pad(x, self._pad_first, mode=self._padding_mode,
                     data_format=self._data_format), 0

    def extra_repr(self):
        text = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * len(self._stride):
            text += f", stride={self._stride}"
        if self._padding != 0:
            text += f", padding={self._padding}"
        if self.output_padding != 0:
            text += f", output_padding={self.output_padding}"
        if self._padding_mode != "zeros":
            text += f", padding_mode={self._padding_mode}"
        if self._dilation != [1] * len(self._dilation):
            text += f", dilation={self._dilation}"
        if self._groups != 1:
            text += f", groups={self._groups}"
        return text + f", data_format={self._data_format}"


class Conv2D(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NCHW"):
        super().__init__(in_channels, out_channels, kernel_size, 2, stride, padding,
                         padding_mode, dilation, groups, weight_attr, bias_attr, data_format,
                         ("NCHW", "NHWC"))

    def forward(self, x):
        x, padding = self._pad_input(x)
        return F.conv2d(x, self.weight, self.bias, stride=self._stride, padding=padding,
                        dilation=self._dilation, groups=self._groups,
                        data_format=self._data_format)


class Conv1D(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NCL"):
        super().__init__(in_channels, out_channels, kernel_size, 1, stride, padding,
                         padding_mode, dilation, groups, weight_attr, bias_attr, data_format,
                         ("NCL", "NLC"))

    def forward(self, x):
        x, padding = self._pad_input(x)
        return F.conv1d(x, self.weight, self.bias, stride=self._stride, padding=padding,
                        dilation=self._dilation, groups=self._groups,
                        data_format=self._data_format)


class Conv3D(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NCDHW"):
        super().__init__(in_channels, out_channels, kernel_size, 3, stride, padding,
                         padding_mode, dilation, groups, weight_attr, bias_attr, data_format,
                         ("NCDHW", "NDHWC"))

    def forward(self, x):
        x, padding = self._pad_input(x)
        return F.conv3d(x, self.weight, self.bias, stride=self._stride, padding=padding,
                        dilation=self._dilation, groups=self._groups,
                        data_format=self._data_format)


class Conv1DTranspose(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, dilation=1, weight_attr=None, bias_attr=None,
                 data_format="NCL"):
        super().__init__(in_channels, out_channels, kernel_size, 1, stride, padding, "zeros",
                         dilation, groups, weight_attr, bias_attr, data_format, ("NCL", "NLC"),
                         transposed=True, output_padding=output_padding)

    def forward(self, x, output_size=None):
        return F.conv1d_transpose(x, self.weight, self.bias, output_size=output_size,
                                  output_padding=self.output_padding, padding=self._padding,
                                  stride=self._stride, dilation=self._dilation,
                                  groups=self._groups, data_format=self._data_format)


class Conv2DTranspose(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, dilation=1, weight_attr=None, bias_attr=None,
                 data_format="NCHW"):
        super().__init__(in_channels, out_channels, kernel_size, 2, stride, padding, "zeros",
                         dilation, groups, weight_attr, bias_attr, data_format,
                         ("NCHW", "NHWC"), transposed=True, output_padding=output_padding)

    def forward(self, x, output_size=None):
        output_padding = self.output_padding if output_size is None else 0
        return F.conv2d_transpose(x, self.weight, self.bias, output_size=output_size,
                                  output_padding=output_padding, padding=self._padding,
                                  stride=self._stride, dilation=self._dilation,
                                  groups=self._groups, data_format=self._data_format)


class Conv3DTranspose(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, dilation=1, weight_attr=None, bias_attr=None,
                 data_format="NCDHW"):
        super().__init__(in_channels, out_channels, kernel_size, 3, stride, padding, "zeros",
                         dilation, groups, weight_attr, bias_attr, data_format,
                         ("NCDHW", "NDHWC"), transposed=True, output_padding=output_padding)

    def forward(self, x, output_size=None):
        output_padding = self.output_padding if output_size is None else 0
        return F.conv3d_transpose(x, self.weight, self.bias, output_size=output_size,
                                  output_padding=output_padding, padding=self._padding,
                                  stride=self._stride, dilation=self._dilation,
                                  groups=self._groups, data_format=self._data_format)
