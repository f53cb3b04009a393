"""Adamax through the adamax op (PaddlePaddle's defaults: beta1 0.9, beta2 0.999, epsilon
1e-8). Accumulators per parameter: moment and inf_norm (zero) and beta1_pow_acc (beta1),
which a scale op advances by beta1 after each update, as PaddlePaddle's Adamax does."""
from paddle.optimizer.adam import _check_beta
from paddle.optimizer.optimizer import Optimizer, _block
from paddle.optimizer.rmsprop import _check_float


class Adamax(Optimizer):
    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set.")
        beta1, beta2 = _check_beta(beta1, "beta1"), _check_beta(beta2, "beta2")
        epsilon = _check_float("epsilon", epsilon)
        if epsilon < 0:
            raise ValueError(f"expected epsilon >= 0, but got {epsilon}")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon

    def _default_options(self):
        options = super()._default_options()
        options.update(beta1=self._beta1, beta2=self._beta2, epsilon=self._epsilon)
        return options

    def _append_optimize_op(self, param, grad, options):
        beta1 = float(options["beta1"])
        moment = self._add_accumulator("moment", param)
        inf_norm = self._add_accumulator("inf_norm", param)
        beta1_pow = self._add_accumulator("beta1_pow_acc", param, beta1, shape=[1])
        op = _block().append_op(
            type="adamax",
            inputs={"Param": [param], "Grad": [grad],
                    "LearningRate": [self._param_learning_rate(param, options)],
                    "Moment": [moment], "InfNorm": [inf_norm], "Beta1Pow": [beta1_pow]},
            outputs={"ParamOut": [param], "MomentOut": [moment], "InfNormOut": [inf_norm]},
            attrs={"beta1": beta1, "beta2": float(options["beta2"]),
                   "epsilon": float(options["epsilon"])})
        _block().append_op(type="scale", inputs={"X": [beta1_pow]},
                           outputs={"Out": [beta1_pow]}, attrs={"scale": beta1})
        return op
