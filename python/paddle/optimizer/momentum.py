"""Momentum (optionally Nesterov) through the momentum op. As in PaddlePaddle, an L2Decay
(the optimizer's, a group's or a parameter's own) is fused into the op's
regularization_method/regularization_coeff instead of being added to the gradient first."""
from paddle.optimizer.optimizer import Optimizer, _as_regularizer, _block
from paddle.regularizer import L2Decay


class Momentum(Optimizer):
    def __init__(self, learning_rate=0.001, momentum=0.9, parameters=None, use_nesterov=False,
                 weight_decay=None, grad_clip=None, multi_precision=False, rescale_grad=1.0,
                 use_multi_tensor=False, name=None):
        if momentum is None or isinstance(momentum, bool) or not isinstance(momentum, (int, float)):
            raise TypeError(f"expected momentum to be a float, but got {type(momentum).__name__}")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name, multi_precision)
        self._momentum = float(momentum)
        self._use_nesterov = bool(use_nesterov)
        self._rescale_grad = float(rescale_grad)

    def _default_options(self):
        options = super()._default_options()
        options.update(momentum=self._momentum, use_nesterov=self._use_nesterov,
                       rescale_grad=self._rescale_grad)
        return options

    def _decay_of(self, param, options):
        own = getattr(param, "regularizer", None)
        return own if own is not None else _as_regularizer(options.get("weight_decay"))

    def _separate_regularizer(self, param, options):
        decay = self._decay_of(param, options)
        return None if isinstance(decay, L2Decay) else decay

    def _append_optimize_op(self, param, grad, options):
        velocity = self._add_accumulator("velocity", param)
        decay = self._decay_of(param, options)
        fused = isinstance(decay, L2Decay)
        return _block().append_op(
            type="momentum",
            inputs={"Param": [param], "Grad": [grad], "Velocity": [velocity],
                    "LearningRate": [self._param_learning_rate(param, options)]},
            outputs={"ParamOut": [param], "VelocityOut": [velocity]},
            attrs={"mu": float(options["momentum"]), "use_nesterov": bool(options["use_nesterov"]),
                   "rescale_grad": float(options["rescale_grad"]),
                   "regularization_method": "l2_decay" if fused else "",
                   "regularization_coeff": decay.coeff if fused else 0.0})
