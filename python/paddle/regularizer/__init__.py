"""Weight-decay regularizers. The optimizer adds each one's term to a parameter's gradient
with ops (a static program gets them appended; dynamic mode runs them at once)."""
from paddle.base import layer_helper as lh


class WeightDecayRegularizer:
    def __init__(self, coeff=0.0):
        if isinstance(coeff, bool) or not isinstance(coeff, (int, float)):
            raise TypeError(f"expected coeff to be a float, but got {type(coeff).__name__}")
        self.coeff = float(coeff)
        # PaddlePaddle's scripts read either private name.
        self._coeff = self._regularization_coeff = self.coeff

    def __call__(self, param, grad=None, block=None):
        """The term to add to `param`'s gradient."""
        raise NotImplementedError

    def __str__(self):
        return f"{type(self).__name__}, coeff={self.coeff:f}"


class L2Decay(WeightDecayRegularizer):
    """grad += coeff * param."""

    def __call__(self, param, grad=None, block=None):
        return lh.append_op("scale", {"X": [param]}, {"scale": self.coeff}, stop_gradient=True)


class L1Decay(WeightDecayRegularizer):
    """grad += coeff * sign(param)."""

    def __call__(self, param, grad=None, block=None):
        sign = lh.append_op("sign", {"X": [param]}, stop_gradient=True)
        return lh.append_op("scale", {"X": [sign]}, {"scale": self.coeff}, stop_gradient=True)


L2DecayRegularizer = L2Decay
L1DecayRegularizer = L1Decay
