"""Adam through the adam op: moment1, moment2 and the beta1/beta2 power accumulators per
parameter (names '<param>_moment1_0', '<param>_beta1_pow_acc_0', ... as PaddlePaddle's)."""
from paddle.optimizer.optimizer import Optimizer, _block


def _check_beta(value, label):
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"expected {label} to be a float, but got {type(value).__name__}") from None
    if not 0 <= value < 1:
        raise ValueError(f"expected {label} in [0, 1), but got {value}")
    return value


class Adam(Optimizer):
    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
                 parameters=None, weight_decay=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, use_multi_tensor=False, amsgrad=False, name=None):
        beta1, beta2 = _check_beta(beta1, "beta1"), _check_beta(beta2, "beta2")
        if float(epsilon) < 0:
            raise ValueError(f"expected epsilon >= 0, but got {epsilon}")
        if amsgrad:
            raise NotImplementedError("amsgrad is not supported yet")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name, multi_precision)
        self._beta1, self._beta2, self._epsilon = beta1, beta2, float(epsilon)
        self._lazy_mode = bool(lazy_mode)

    def _default_options(self):
        options = super()._default_options()
        options.update(beta1=self._beta1, beta2=self._beta2, epsilon=self._epsilon,
                       lazy_mode=self._lazy_mode)
        return options

    def _adam_io(self, param, grad, options):
        beta1, beta2 = float(options["beta1"]), float(options["beta2"])
        m1 = self._add_accumulator("moment1", param)
        m2 = self._add_accumulator("moment2", param)
        b1 = self._add_accumulator("beta1_pow_acc", param, beta1, shape=[1])
        b2 = self._add_accumulator("beta2_pow_acc", param, beta2, shape=[1])
        inputs = {"Param": [param], "Grad": [grad],
                  "LearningRate": [self._param_learning_rate(param, options)],
                  "Moment1": [m1], "Moment2": [m2], "Beta1Pow": [b1], "Beta2Pow": [b2]}
        outputs = {"ParamOut": [param], "Moment1Out": [m1], "Moment2Out": [m2],
                   "Beta1PowOut": [b1], "Beta2PowOut": [b2]}
        attrs = {"beta1": beta1, "beta2": beta2, "epsilon": float(options["epsilon"]),
                 "lazy_mode": bool(options["lazy_mode"])}
        return inputs, outputs, attrs

    def _append_optimize_op(self, param, grad, options):
        inputs, outputs, attrs = self._adam_io(param, grad, options)
        return _block().append_op(type="adam", inputs=inputs, outputs=outputs, attrs=attrs)
