"""Loss layers: CrossEntropyLoss, MSELoss and L1Loss over paddle.nn.functional; the losses
whose ops are missing raise at construction."""
from paddle.nn import functional as F
from paddle.nn.layer.common import _missing_op
from paddle.nn.layer.layers import Layer

__all__ = ["CrossEntropyLoss", "MSELoss", "L1Loss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss",
           "SmoothL1Loss", "KLDivLoss"]

_REDUCTIONS = ("mean", "sum", "none")


def _check_reduction(layer, reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"expected reduction of {layer} in {_REDUCTIONS}, but got {reduction!r}")


class CrossEntropyLoss(Layer):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", soft_label=False,
                 axis=-1, use_softmax=True, label_smoothing=0.0, name=None):
        super().__init__()
        _check_reduction("CrossEntropyLoss", reduction)
        self.weight = weight
        self.reduction = reduction
        self.ignore_index = ignore_index
        self.soft_label = soft_label
        self.axis = axis
        self.use_softmax = use_softmax
        self.label_smoothing = label_smoothing
        self.name = name

    def forward(self, input, label):  # noqa: A002 - PaddlePaddle's argument name
        return F.cross_entropy(input, label, weight=self.weight, ignore_index=self.ignore_index,
                               reduction=self.reduction, soft_label=self.soft_label,
                               axis=self.axis, use_softmax=self.use_softmax,
                               label_smoothing=self.label_smoothing, name=self.name)


class MSELoss(Layer):
    def __init__(self, reduction="mean"):
        super().__init__()
        _check_reduction("MSELoss", reduction)
        self.reduction = reduction

    def forward(self, input, label):  # noqa: A002
        return F.mse_loss(input, label, reduction=self.reduction)


class L1Loss(Layer):
    def __init__(self, reduction="mean", name=None):
        super().__init__()
        _check_reduction("L1Loss", reduction)
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):  # noqa: A002
        return F.l1_loss(input, label, reduction=self.reduction, name=self.name)


class NLLLoss(Layer):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", name=None):
        raise _missing_op("NLLLoss", "nll_loss")


class BCELoss(Layer):
    def __init__(self, weight=None, reduction="mean", name=None):
        raise _missing_op("BCELoss", "bce_loss")


class BCEWithLogitsLoss(Layer):
    def __init__(self, weight=None, reduction="mean", pos_weight=None, name=None):
        raise _missing_op("BCEWithLogitsLoss", "sigmoid_cross_entropy_with_logits")


class SmoothL1Loss(Layer):
    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        raise _missing_op("SmoothL1Loss", "huber_loss")


class KLDivLoss(Layer):
    def __init__(self, reduction="mean", log_target=False):
        raise _missing_op("KLDivLoss", "kldiv_loss")
