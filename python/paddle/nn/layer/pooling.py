"""Pooling layers over the pool2d op: 2-D max, average and their adaptive forms; 1-D max and
average over a unit height."""
from paddle.nn import functional as F
from paddle.nn.layer.common import _missing_op
from paddle.nn.layer.layers import Layer

__all__ = ["MaxPool1D", "AvgPool1D", "MaxPool2D", "AvgPool2D", "AdaptiveAvgPool2D",
           "AdaptiveMaxPool2D"]


class MaxPool1D(Layer):
    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 name=None):
        super().__init__()
        if return_mask:
            raise _missing_op("MaxPool1D(return_mask=True)", "max_pool2d_with_index")
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode
        self.name = name

    def forward(self, input):  # noqa: A002 - PaddlePaddle's argument name
        return F.max_pool1d(input, self.kernel_size, self.stride, self.padding, self.return_mask,
                            self.ceil_mode, self.name)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool1D(Layer):
    def __init__(self, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
                 name=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.exclusive = exclusive
        self.ceil_mode = ceil_mode
        self.name = name

    def forward(self, x):
        return F.avg_pool1d(x, self.kernel_size, self.stride, self.padding, self.exclusive,
                            self.ceil_mode, self.name)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxPool2D(Layer):
    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NCHW", name=None):
        super().__init__()
        if return_mask:
            raise _missing_op("MaxPool2D(return_mask=True)", "max_pool2d_with_index")
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.max_pool2d(x, kernel_size=self.ksize, stride=self.stride, padding=self.padding,
                            return_mask=self.return_mask, ceil_mode=self.ceil_mode,
                            data_format=self.data_format, name=self.name)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class AvgPool2D(Layer):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format="NCHW", name=None):
        super().__init__()
        if divisor_override is not None:
            raise NotImplementedError("AvgPool2D(divisor_override=...) is not supported yet")
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.exclusive = exclusive
        self.divisor = divisor_override
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.avg_pool2d(x, kernel_size=self.ksize, stride=self.stride, padding=self.padding,
                            ceil_mode=self.ceil_mode, exclusive=self.exclusive,
                            divisor_override=self.divisor, data_format=self.data_format,
                            name=self.name)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool2D(Layer):
    def __init__(self, output_size, data_format="NCHW", name=None):
        super().__init__()
        self._output_size = output_size
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.adaptive_avg_pool2d(x, output_size=self._output_size,
                                     data_format=self._data_format, name=self._name)

    def extra_repr(self):
        return f"output_size={self._output_size}"


class AdaptiveMaxPool2D(Layer):
    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        if return_mask:
            raise _missing_op("AdaptiveMaxPool2D(return_mask=True)", "max_pool2d_with_index")
        self._output_size = output_size
        self._return_mask = return_mask
        self._name = name

    def forward(self, x):
        return F.adaptive_max_pool2d(x, output_size=self._output_size,
                                     return_mask=self._return_mask, name=self._name)

    def extra_repr(self):
        return f"output_size={self._output_size}, return_mask={self._return_mask}"
