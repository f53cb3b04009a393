"""Weight-decay regularizers, applied by the optimizer as extra gradient terms."""


class WeightDecayRegularizer:
    def __init__(self, coeff=0.0):
        self.coeff = float(coeff)
        self._regularization_coeff = self.coeff


class L2Decay(WeightDecayRegularizer):
    """grad += coeff * param."""


class L1Decay(WeightDecayRegularizer):
    """grad += coeff * sign(param)."""


L2DecayRegularizer = L2Decay
L1DecayRegularizer = L1Decay
