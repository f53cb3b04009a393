"""SGD: param <- param - lr * grad, through the sgd op (static or eager)."""
from paddle.optimizer.optimizer import Optimizer, _block


class SGD(Optimizer):
    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None):
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name, multi_precision)

    def _append_optimize_op(self, param, grad, options):
        return _block().append_op(
            type="sgd",
            inputs={"Param": [param], "Grad": [grad],
                    "LearningRate": [self._param_learning_rate(param, options)]},
            outputs={"ParamOut": [param]})
