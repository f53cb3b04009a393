"""More layers over paddle.nn.functional: PairwiseDistance and ChannelShuffle, with
PaddlePaddle's constructor arguments."""
from paddle.nn import functional as F
from paddle.nn.layer.layers import Layer

__all__ = ["PairwiseDistance", "ChannelShuffle"]


class PairwiseDistance(Layer):
    """F.pairwise_distance(x, y, p, epsilon, keepdim) as a layer."""

    def __init__(self, p=2.0, epsilon=1e-6, keepdim=False, name=None):
        super().__init__()
        self._p, self._epsilon, self._keepdim, self._name = p, epsilon, keepdim, name

    def forward(self, x, y):
        return F.pairwise_distance(x, y, self._p, self._epsilon, self._keepdim, self._name)

    def extra_repr(self):
        text = f"p={self._p}, epsilon={self._epsilon}, keepdim={self._keepdim}"
        return text + (f", name={self._name}" if self._name else "")


class ChannelShuffle(Layer):
    """F.channel_shuffle(x, groups, data_format) as a layer."""

    def __init__(self, groups, data_format="NCHW", name=None):
        super().__init__()
        if isinstance(groups, bool) or not isinstance(groups, int) or groups <= 0:
            raise ValueError(f"expected ChannelShuffle's groups to be a positive int, but got "
                             f"{groups!r}")
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError(f"expected ChannelShuffle's data_format 'NCHW' or 'NHWC', but got "
                             f"{data_format!r}")
        self._groups, self._data_format, self._name = groups, data_format, name

    def forward(self, x):
        return F.channel_shuffle(x, self._groups, self._data_format, self._name)

    def extra_repr(self):
        text = f"groups={self._groups}, data_format={self._data_format}"
        return text + (f", name={self._name}" if self._name else "")
