"""AdamW through the adamw op: decoupled weight decay (param *= 1 - lr * lr_ratio * coeff
inside the op, before the Adam step), skipped where apply_decay_param_fun(name) is False.
A parameter's own regularizer still adds its term to the gradient, as in PaddlePaddle."""
from paddle.optimizer.adam import Adam
from paddle.optimizer.optimizer import _block


class AdamW(Adam):
    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
                 parameters=None, weight_decay=0.01, lr_ratio=None,
                 apply_decay_param_fun=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, amsgrad=False, name=None):
        coeff = _check_coeff(weight_decay)
        for label, fn in (("lr_ratio", lr_ratio), ("apply_decay_param_fun", apply_decay_param_fun)):
            if fn is not None and not callable(fn):
                raise TypeError(f"expected {label} to be callable, but got {type(fn).__name__}")
        super().__init__(learning_rate, beta1, beta2, epsilon, parameters, None, grad_clip,
                         lazy_mode, multi_precision, False, amsgrad, name)
        self._coeff = coeff
        self._lr_ratio = lr_ratio
        self._apply_decay_param_fun = apply_decay_param_fun

    def _default_options(self):
        options = super()._default_options()
        options["weight_decay"] = self._coeff  # a group's weight_decay is its decay coefficient
        return options

    def _separate_regularizer(self, param, options):
        return getattr(param, "regularizer", None)

    def _append_optimize_op(self, param, grad, options):
        inputs, outputs, attrs = self._adam_io(param, grad, options)
        decay = self._apply_decay_param_fun is None or bool(self._apply_decay_param_fun(param.name))
        ratio = 1.0 if self._lr_ratio is None else float(self._lr_ratio(param))
        attrs.update(coeff=_check_coeff(options["weight_decay"]), with_decay=decay, lr_ratio=ratio)
        return _block().append_op(type="adamw", inputs=inputs, outputs=outputs, attrs=attrs)


def _check_coeff(weight_decay):
    if isinstance(weight_decay, bool) or not isinstance(weight_decay, (int, float)):
        if hasattr(weight_decay, "item") and not isinstance(weight_decay, type):
            return float(weight_decay.item())  # a one-element Tensor, as PaddlePaddle accepts
        raise TypeError("expected weight_decay to be a float or a Tensor, but got "
                        f"{type(weight_decay).__name__}")
    return float(weight_decay)
