"""SGD, Momentum, Adam and AdamW update ops."""
from paddle.optimizer.optimizer import Optimizer, _block


class SGD(Optimizer):
    def _append_optimize_op(self, param, grad):
        return _block().append_op(
            type="sgd",
            inputs={"Param": [param], "Grad": [grad], "LearningRate": [self._param_learning_rate(param)]},
            outputs={"ParamOut": [param]})


class Momentum(Optimizer):
    def __init__(self, learning_rate=0.001, momentum=0.9, parameters=None, use_nesterov=False,
                 weight_decay=None, grad_clip=None, multi_precision=False, rescale_grad=1.0,
                 use_multi_tensor=False, name=None):
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self._momentum = float(momentum)
        self._use_nesterov = bool(use_nesterov)
        self._rescale_grad = float(rescale_grad)

    def _append_optimize_op(self, param, grad):
        velocity = self._add_accumulator("velocity", param)
        return _block().append_op(
            type="momentum",
            inputs={"Param": [param], "Grad": [grad], "Velocity": [velocity],
                    "LearningRate": [self._param_learning_rate(param)]},
            outputs={"ParamOut": [param], "VelocityOut": [velocity]},
            attrs={"mu": self._momentum, "use_nesterov": self._use_nesterov,
                   "rescale_grad": self._rescale_grad})


class Adam(Optimizer):
    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
                 parameters=None, weight_decay=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, use_multi_tensor=False, amsgrad=False, name=None):
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        for label, v in (("beta1", beta1), ("beta2", beta2)):
            if not 0 <= float(v) < 1:
                raise ValueError(f"expected {label} in [0, 1), but got {v}")
        if amsgrad:
            raise NotImplementedError("amsgrad is not supported yet")
        self._beta1, self._beta2, self._epsilon = float(beta1), float(beta2), float(epsilon)
        self._lazy_mode = lazy_mode

    def _adam_io(self, param, grad):
        m1 = self._add_accumulator("moment1", param)
        m2 = self._add_accumulator("moment2", param)
        b1 = self._add_accumulator("beta1_pow_acc", param, self._beta1, shape=[1], dtype="float32")
        b2 = self._add_accumulator("beta2_pow_acc", param, self._beta2, shape=[1], dtype="float32")
        inputs = {"Param": [param], "Grad": [grad], "LearningRate": [self._param_learning_rate(param)],
                  "Moment1": [m1], "Moment2": [m2], "Beta1Pow": [b1], "Beta2Pow": [b2]}
        outputs = {"ParamOut": [param], "Moment1Out": [m1], "Moment2Out": [m2],
                   "Beta1PowOut": [b1], "Beta2PowOut": [b2]}
        attrs = {"beta1": self._beta1, "beta2": self._beta2, "epsilon": self._epsilon,
                 "lazy_mode": self._lazy_mode}
        return inputs, outputs, attrs

    def _append_optimize_op(self, param, grad):
        inputs, outputs, attrs = self._adam_io(param, grad)
        return _block().append_op(type="adam", inputs=inputs, outputs=outputs, attrs=attrs)


class AdamW(Adam):
    """Adam with decoupled weight decay: param *= 1 - lr * coeff before the Adam step."""

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
                 parameters=None, weight_decay=0.01, lr_ratio=None,
                 apply_decay_param_fun=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, amsgrad=False, name=None):
        coeff = weight_decay.coeff if hasattr(weight_decay, "coeff") else float(weight_decay)
        super().__init__(learning_rate, beta1, beta2, epsilon, parameters, None, grad_clip,
                         lazy_mode, multi_precision, False, amsgrad, name)
        self._coeff = coeff
        self._apply_decay_param_fun = apply_decay_param_fun
        if lr_ratio is not None:
            raise NotImplementedError("lr_ratio is not supported yet")

    def _uses_decoupled_decay(self):
        return True

    def _append_optimize_op(self, param, grad):
        inputs, outputs, attrs = self._adam_io(param, grad)
        decay = self._apply_decay_param_fun is None or self._apply_decay_param_fun(param.name)
        attrs.update({"coeff": self._coeff, "with_decay": bool(decay), "lr_ratio": 1.0})
        return _block().append_op(type="adamw", inputs=inputs, outputs=outputs, attrs=attrs)
