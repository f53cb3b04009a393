"""Adadelta through the adadelta op (PaddlePaddle's defaults: learning_rate 0.001, epsilon
1e-6, rho 0.95); the accumulators _avg_squared_grad and _avg_squared_update start at zero."""
from paddle.optimizer.optimizer import Optimizer, _block
from paddle.optimizer.rmsprop import _check_float


class Adadelta(Optimizer):
    def __init__(self, learning_rate=0.001, epsilon=1.0e-6, rho=0.95, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set.")
        for arg, value in (("epsilon", epsilon), ("rho", rho)):
            if value is None:  # PaddlePaddle's ValueError for an unset hyperparameter
                raise ValueError(f"{arg} is not set.")
        epsilon = _check_float("epsilon", epsilon)
        rho = _check_float("rho", rho)
        if epsilon < 0:
            raise ValueError(f"expected epsilon >= 0, but got {epsilon}")
        if not 0 <= rho <= 1:
            raise ValueError(f"expected rho in [0, 1], but got {rho}")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self._epsilon, self._rho = epsilon, rho

    def _default_options(self):
        options = super()._default_options()
        options.update(epsilon=self._epsilon, rho=self._rho)
        return options

    def _append_optimize_op(self, param, grad, options):
        avg_grad = self._add_accumulator("_avg_squared_grad", param)
        avg_update = self._add_accumulator("_avg_squared_update", param)
        return _block().append_op(
            type="adadelta",
            inputs={"Param": [param], "Grad": [grad], "AvgSquaredGrad": [avg_grad],
                    "AvgSquaredUpdate": [avg_update],
                    "LearningRate": [self._param_learning_rate(param, options)]},
            outputs={"ParamOut": [param], "AvgSquaredGradOut": [avg_grad],
                     "AvgSquaredUpdateOut": [avg_update]},
            attrs={"epsilon": float(options["epsilon"]), "rho": float(options["rho"])})
