"""Common layers: Linear, Embedding, Dropout, Dropout2D, Flatten, Identity, CosineSimilarity;
the resizing (Upsample, UpsamplingNearest2D, UpsamplingBilinear2D), padding (Pad1D/2D/3D,
ZeroPad2D) and PixelShuffle layers; and the shared NotImplemented helper."""
from paddle.base.framework import get_default_dtype, in_dynamic_mode
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer

__all__ = ["Linear", "Embedding", "Dropout", "Dropout2D", "CosineSimilarity", "Flatten",
           "Identity", "Upsample", "UpsamplingNearest2D", "UpsamplingBilinear2D", "Pad1D",
           "Pad2D", "Pad3D", "ZeroPad2D", "PixelShuffle", "Bilinear"]


def _missing_op(layer, op):
    """Raised by layers whose op the runtime lacks, so a model using them fails where it is
    built rather than deep inside forward."""
    return NotImplementedError(f"{layer} needs op '{op}', which this runtime does not have yet")


def _name_suffix(name):
    return f", name={name}" if name else ""


class Linear(Layer):
    """y = x @ weight + bias with weight [in_features, out_features] (XavierUniform by
    default) and bias [out_features] (zeros)."""

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        for arg, value in (("in_features", in_features), ("out_features", out_features)):
            if not isinstance(value, int) or value <= 0:
                raise ValueError(f"expected {arg} to be a positive int, but got {value!r}")
        self._dtype = get_default_dtype()
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self.weight = self.create_parameter(shape=[in_features, out_features], attr=weight_attr,
                                            dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter(shape=[out_features], attr=bias_attr, dtype=self._dtype,
                                          is_bias=True)
        self.name = name

    def forward(self, input):  # noqa: A002 - PaddlePaddle's argument name
        return F.linear(input, self.weight, self.bias, name=self.name)

    def extra_repr(self):
        return (f"in_features={self.weight.shape[0]}, out_features={self.weight.shape[1]}, "
                f"dtype={self._dtype}{_name_suffix(self.name)}")


class Embedding(Layer):
    """A lookup table weight [num_embeddings, embedding_dim]; in dygraph the padding_idx row
    starts at zero, and it never receives a gradient."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, sparse=False, weight_attr=None, scale_grad_by_freq=False,
                 name=None):
        super().__init__()
        if not isinstance(num_embeddings, int) or num_embeddings <= 0:
            raise ValueError(f"expected num_embeddings to be a positive int, but got "
                             f"{num_embeddings!r}")
        if not isinstance(embedding_dim, int) or embedding_dim <= 0:
            raise ValueError(f"expected embedding_dim to be a positive int, but got "
                             f"{embedding_dim!r}")
        if padding_idx is not None and not -num_embeddings <= padding_idx < num_embeddings:
            raise ValueError(f"expected padding_idx in [{-num_embeddings}, {num_embeddings}), "
                             f"but got {padding_idx}")
        if max_norm is not None:
            raise _missing_op("Embedding(max_norm=...)", "renorm")
        self._num_embeddings = num_embeddings
        self._embedding_dim = embedding_dim
        self._padding_idx = padding_idx
        self._max_norm = max_norm
        self._norm_type = norm_type
        self._sparse = sparse
        self._scale_grad_by_freq = scale_grad_by_freq
        self._dtype = get_default_dtype()
        self._size = [num_embeddings, embedding_dim]
        self._weight_attr = weight_attr
        self._name = name
        self.weight = self.create_parameter(attr=weight_attr, shape=self._size, dtype=self._dtype,
                                            is_bias=False)
        if in_dynamic_mode() and padding_idx is not None:
            row = padding_idx % num_embeddings
            values = self.weight.numpy()
            values[row] = 0.0
            self.weight.set_value(values)

    def forward(self, x):
        return F.embedding(x, self.weight, padding_idx=self._padding_idx, max_norm=self._max_norm,
                           norm_type=self._norm_type, sparse=self._sparse,
                           scale_grad_by_freq=self._scale_grad_by_freq, name=self._name)

    def extra_repr(self):
        text = f"{self._num_embeddings}, {self._embedding_dim}"
        if self._padding_idx is not None:
            text += f", padding_idx={self._padding_idx}"
        return text + f", sparse={self._sparse}" + _name_suffix(self._name)


class Dropout(Layer):
    """Zeroes elements with probability p while training (scaling the rest by 1/(1-p) in
    'upscale_in_train' mode); identity (or a (1-p) scale in 'downscale_in_infer') in eval."""

    def __init__(self, p=0.5, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        if not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise ValueError(f"expected p to be a number in [0, 1], but got {p!r}")
        if mode not in ("upscale_in_train", "downscale_in_infer"):
            raise ValueError("expected mode 'upscale_in_train' or 'downscale_in_infer', but got "
                             f"{mode!r}")
        self.p = p
        self.axis = axis
        self.mode = mode
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.dropout(input, p=self.p, axis=self.axis, training=self.training, mode=self.mode,
                         name=self.name)

    def extra_repr(self):
        return f"p={self.p}, axis={self.axis}, mode={self.mode}{_name_suffix(self.name)}"


class Dropout2D(Layer):
    """Zeroes whole channels with probability p while training (the rest scaled by 1/(1-p));
    identity in eval."""

    def __init__(self, p=0.5, data_format="NCHW", name=None):
        super().__init__()
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise ValueError(f"expected p to be a number in [0, 1], but got {p!r}")
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError(f"expected data_format 'NCHW' or 'NHWC', but got {data_format!r}")
        self.p = p
        self.data_format = data_format
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.dropout2d(input, p=self.p, training=self.training, data_format=self.data_format,
                           name=self.name)

    def extra_repr(self):
        return f"p={self.p}, data_format={self.data_format}{_name_suffix(self.name)}"


class CosineSimilarity(Layer):
    """F.cosine_similarity(x1, x2, axis, eps) as a layer."""

    def __init__(self, axis=1, eps=1e-8):
        super().__init__()
        self._axis = axis
        self._eps = eps

    def forward(self, x1, x2):
        return F.cosine_similarity(x1, x2, axis=self._axis, eps=self._eps)

    def extra_repr(self):
        return f"axis={self._axis}, eps={self._eps}"


class Flatten(Layer):
    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis = start_axis
        self.stop_axis = stop_axis

    def forward(self, input):  # noqa: A002
        from paddle.tensor.manipulation import flatten
        return flatten(input, start_axis=self.start_axis, stop_axis=self.stop_axis)


class Identity(Layer):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):  # noqa: A002
        return input


class Upsample(Layer):
    """F.interpolate as a layer (every mode; data_format from the input's rank when None)."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=False,
                 align_mode=0, data_format=None, name=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor
        self.mode = mode.lower()
        self.align_corners = align_corners
        self.align_mode = align_mode
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.interpolate(x, size=self.size, scale_factor=self.scale_factor, mode=self.mode,
                             align_corners=self.align_corners, align_mode=self.align_mode,
                             data_format=self.data_format, name=self.name)

    def extra_repr(self):
        main = (f"scale_factor={self.scale_factor}" if self.scale_factor is not None
                else f"size={self.size}")
        return (f"{main}, mode={self.mode}, align_corners={self.align_corners}, "
                f"align_mode={self.align_mode}, data_format={self.data_format}"
                + _name_suffix(self.name))


class UpsamplingNearest2D(Layer):
    def __init__(self, size=None, scale_factor=None, data_format="NCHW", name=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.interpolate(x, size=self.size, scale_factor=self.scale_factor, mode="nearest",
                             align_corners=False, align_mode=0, data_format=self.data_format,
                             name=self.name)

    def extra_repr(self):
        main = (f"scale_factor={self.scale_factor}" if self.scale_factor is not None
                else f"size={self.size}")
        return f"{main}, data_format={self.data_format}" + _name_suffix(self.name)


class UpsamplingBilinear2D(UpsamplingNearest2D):
    """Bilinear resizing with align_corners=True (PaddlePaddle's defaults for this layer)."""

    def forward(self, x):
        return F.interpolate(x, size=self.size, scale_factor=self.scale_factor, mode="bilinear",
                             align_corners=True, align_mode=0, data_format=self.data_format,
                             name=self.name)


class _PadNd(Layer):
    _dims = 0

    def __init__(self, padding, mode="constant", value=0.0, data_format=None, name=None):
        super().__init__()
        if isinstance(padding, int):
            padding = [padding] * (2 * self._dims)
        elif isinstance(padding, (list, tuple)) and len(padding) != 2 * self._dims:
            raise ValueError(f"expected padding to be an int or {2 * self._dims} ints, but got "
                             f"{list(padding)}")
        self._pad = padding
        self._mode = mode
        self._value = value
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.pad(x, pad=self._pad, mode=self._mode, value=self._value,
                     data_format=self._data_format, name=self._name)

    def extra_repr(self):
        return (f"padding={self._pad}, mode={self._mode}, value={self._value}, "
                f"data_format={self._data_format}" + _name_suffix(self._name))


class Pad1D(_PadNd):
    _dims = 1

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCL", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad2D(_PadNd):
    _dims = 2

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad3D(_PadNd):
    _dims = 3

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCDHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


class ZeroPad2D(_PadNd):
    _dims = 2

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, "constant", 0.0, data_format, name)


class PixelShuffle(Layer):
    """F.pixel_shuffle as a layer: (N, C*r*r, H, W) -> (N, C, H*r, W*r)."""

    def __init__(self, upscale_factor, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(upscale_factor, int) or upscale_factor <= 0:
            raise ValueError(f"expected upscale_factor to be a positive int, but got "
                             f"{upscale_factor!r}")
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError(f"expected data_format 'NCHW' or 'NHWC', but got {data_format!r}")
        self._upscale_factor = upscale_factor
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.pixel_shuffle(x, self._upscale_factor, self._data_format, self._name)

    def extra_repr(self):
        return (f"upscale_factor={self._upscale_factor}, data_format={self._data_format}"
                + _name_suffix(self._name))


class Bilinear(Layer):
    def __init__(self, in1_features, in2_features, out_features, weight_attr=None,
                 bias_attr=None, name=None):
        raise _missing_op("Bilinear", "bilinear_tensor_product")
