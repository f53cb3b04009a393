"""Layers over paddle.nn.functional (activations, losses, pooling, dropout, reshaping), with
PaddlePaddle's constructor arguments. Each stores its arguments and calls one functional."""
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer

__all__ = ["Maxout", "Softmax2D", "ThresholdedReLU", "Hardshrink", "Softshrink", "RReLU",
           "MarginRankingLoss", "HingeEmbeddingLoss", "CosineEmbeddingLoss", "TripletMarginLoss",
           "MultiLabelSoftMarginLoss", "PoissonNLLLoss", "SoftMarginLoss", "AdaptiveAvgPool1D",
           "AdaptiveMaxPool1D", "Unflatten", "PixelUnshuffle", "AlphaDropout", "Dropout3D",
           "GaussianNLLLoss", "MultiMarginLoss", "TripletMarginWithDistanceLoss"]


class _Wrapper(Layer):
    """Calls F.<_fn>(*inputs, **stored arguments); `_args` names the stored arguments in the
    constructor's order (shown by extra_repr); `training` adds training=self.training."""
    _fn = None
    _args = ()
    _training = False

    def __init__(self, **kwargs):
        super().__init__()
        self._name = kwargs.pop("name", None)
        self._kwargs = kwargs

    def forward(self, *inputs):
        kwargs = dict(self._kwargs)
        if self._training:
            kwargs["training"] = self.training
        return getattr(F, self._fn)(*inputs, **kwargs, name=self._name)

    def extra_repr(self):
        text = ", ".join(f"{k}={self._kwargs[k]!r}" for k in self._args)
        return text + (f", name={self._name}" if self._name else "")


def _reduction(layer, reduction):
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"expected {layer}'s reduction 'mean', 'sum' or 'none', but got "
                         f"{reduction!r}")
    return reduction


# ---- activations ----

class Maxout(_Wrapper):
    _fn, _args = "maxout", ("groups", "axis")

    def __init__(self, groups, axis=1, name=None):
        super().__init__(groups=groups, axis=axis, name=name)


class Softmax2D(Layer):
    """Softmax over the channel axis (-3) of a 3-D [C, H, W] or 4-D [N, C, H, W] input."""

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        if len(x.shape) not in (3, 4):
            raise ValueError(f"expected Softmax2D's input to be 3-D or 4-D, but got shape "
                             f"{list(x.shape)}")
        return F.softmax(x, axis=-3, name=self._name)

    def extra_repr(self):
        return f"name={self._name}" if self._name else ""


class ThresholdedReLU(_Wrapper):
    _fn, _args = "thresholded_relu", ("threshold", "value")

    def __init__(self, threshold=1.0, value=0.0, name=None):
        super().__init__(threshold=threshold, value=value, name=name)


class Hardshrink(_Wrapper):
    _fn, _args = "hardshrink", ("threshold",)

    def __init__(self, threshold=0.5, name=None):
        super().__init__(threshold=threshold, name=name)


class Softshrink(Hardshrink):
    _fn = "softshrink"


class RReLU(_Wrapper):
    _fn, _args, _training = "rrelu", ("lower", "upper"), True

    def __init__(self, lower=1.0 / 8.0, upper=1.0 / 3.0, name=None):
        super().__init__(lower=lower, upper=upper, name=name)


# ---- losses ----

class MarginRankingLoss(_Wrapper):
    _fn, _args = "margin_ranking_loss", ("margin", "reduction")

    def __init__(self, margin=0.0, reduction="mean", name=None):
        super().__init__(margin=margin, reduction=_reduction("MarginRankingLoss", reduction),
                         name=name)


class HingeEmbeddingLoss(_Wrapper):
    _fn, _args = "hinge_embedding_loss", ("margin", "reduction")

    def __init__(self, margin=1.0, reduction="mean", name=None):
        super().__init__(margin=margin, reduction=_reduction("HingeEmbeddingLoss", reduction),
                         name=name)


class CosineEmbeddingLoss(_Wrapper):
    _fn, _args = "cosine_embedding_loss", ("margin", "reduction")

    def __init__(self, margin=0, reduction="mean", name=None):
        if margin > 1 or margin < -1:
            raise ValueError(f"expected CosineEmbeddingLoss's margin in [-1, 1], but got "
                             f"{margin}")
        super().__init__(margin=margin, reduction=_reduction("CosineEmbeddingLoss", reduction),
                         name=name)


class TripletMarginLoss(_Wrapper):
    _fn, _args = "triplet_margin_loss", ("margin", "p", "epsilon", "swap", "reduction")

    def __init__(self, margin=1.0, p=2.0, epsilon=1e-6, swap=False, reduction="mean",
                 name=None):
        super().__init__(margin=margin, p=p, epsilon=epsilon, swap=swap,
                         reduction=_reduction("TripletMarginLoss", reduction), name=name)


class MultiLabelSoftMarginLoss(_Wrapper):
    _fn, _args = "multi_label_soft_margin_loss", ("reduction",)

    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__(weight=weight,
                         reduction=_reduction("MultiLabelSoftMarginLoss", reduction), name=name)


class PoissonNLLLoss(_Wrapper):
    _fn, _args = "poisson_nll_loss", ("log_input", "full", "epsilon", "reduction")

    def __init__(self, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
        if epsilon <= 0:
            raise ValueError(f"expected PoissonNLLLoss's epsilon > 0, but got {epsilon}")
        super().__init__(log_input=log_input, full=full, epsilon=epsilon,
                         reduction=_reduction("PoissonNLLLoss", reduction), name=name)


class SoftMarginLoss(_Wrapper):
    _fn, _args = "soft_margin_loss", ("reduction",)

    def __init__(self, reduction="mean", name=None):
        super().__init__(reduction=_reduction("SoftMarginLoss", reduction), name=name)


class GaussianNLLLoss(_Wrapper):
    _fn, _args = "gaussian_nll_loss", ("full", "epsilon", "reduction")

    def __init__(self, full=False, epsilon=1e-6, reduction="mean", name=None):
        super().__init__(full=full, epsilon=epsilon,
                         reduction=_reduction("GaussianNLLLoss", reduction), name=name)


class MultiMarginLoss(_Wrapper):
    _fn, _args = "multi_margin_loss", ("p", "margin", "reduction")

    def __init__(self, p=1, margin=1.0, weight=None, reduction="mean", name=None):
        super().__init__(p=p, margin=margin, weight=weight,
                         reduction=_reduction("MultiMarginLoss", reduction), name=name)


class TripletMarginWithDistanceLoss(_Wrapper):
    _fn, _args = "triplet_margin_with_distance_loss", ("margin", "swap", "reduction")

    def __init__(self, distance_function=None, margin=1.0, swap=False, reduction="mean",
                 name=None):
        super().__init__(distance_function=distance_function, margin=margin, swap=swap,
                         reduction=_reduction("TripletMarginWithDistanceLoss", reduction),
                         name=name)


# ---- pooling, reshaping, dropout ----

class AdaptiveAvgPool1D(_Wrapper):
    _fn, _args = "adaptive_avg_pool1d", ("output_size",)

    def __init__(self, output_size, name=None):
        super().__init__(output_size=output_size, name=name)


class AdaptiveMaxPool1D(_Wrapper):
    _fn, _args = "adaptive_max_pool1d", ("output_size", "return_mask")

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__(output_size=output_size, return_mask=return_mask, name=name)


class Unflatten(Layer):
    """paddle.unflatten(x, axis, shape) as a layer."""

    def __init__(self, axis, shape, name=None):
        super().__init__()
        self.axis, self.shape, self.name = axis, shape, name

    def forward(self, input):  # noqa: A002
        from paddle.tensor.manipulation_ext import unflatten
        return unflatten(input, axis=self.axis, shape=self.shape, name=self.name)

    def extra_repr(self):
        return f"axis={self.axis}, shape={self.shape}" + (f", name={self.name}"
                                                          if self.name else "")


class PixelUnshuffle(_Wrapper):
    _fn, _args = "pixel_unshuffle", ("downscale_factor", "data_format")

    def __init__(self, downscale_factor, data_format="NCHW", name=None):
        if isinstance(downscale_factor, bool) or not isinstance(downscale_factor, int) or \
                downscale_factor <= 0:
            raise ValueError(f"expected PixelUnshuffle's downscale_factor to be a positive int, "
                             f"but got {downscale_factor!r}")
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError(f"expected PixelUnshuffle's data_format 'NCHW' or 'NHWC', but got "
                             f"{data_format!r}")
        super().__init__(downscale_factor=downscale_factor, data_format=data_format, name=name)


class AlphaDropout(_Wrapper):
    _fn, _args, _training = "alpha_dropout", ("p",), True

    def __init__(self, p=0.5, name=None):
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise ValueError(f"expected AlphaDropout's p to be a number in [0, 1], but got "
                             f"{p!r}")
        super().__init__(p=p, name=name)


class Dropout3D(_Wrapper):
    _fn, _args, _training = "dropout3d", ("p", "data_format"), True

    def __init__(self, p=0.5, data_format="NCDHW", name=None):
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise ValueError(f"expected Dropout3D's p to be a number in [0, 1], but got {p!r}")
        if data_format not in ("NCDHW", "NDHWC"):
            raise ValueError(f"expected Dropout3D's data_format 'NCDHW' or 'NDHWC', but got "
                             f"{data_format!r}")
        super().__init__(p=p, data_format=data_format, name=name)
