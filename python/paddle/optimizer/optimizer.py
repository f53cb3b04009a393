"""Static-graph optimizers: minimize(loss) appends backward, gradient clipping,
regularization and one update op per parameter (op_role Optimize)."""
from paddle.base import layer_helper as lh
from paddle.base import unique_name
from paddle.base.backward import append_backward
from paddle.base.framework import (OpRole, Variable, _op_role_guard, default_main_program,
                                   default_startup_program)

from paddle.optimizer.lr import LRScheduler
from paddle.regularizer import L1Decay, L2Decay


class Optimizer:
    _op_type = None

    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 name=None, multi_precision=False):
        if not isinstance(learning_rate, (float, int, LRScheduler)):
            raise TypeError("expected learning_rate to be a float or an LRScheduler, but got "
                            f"{type(learning_rate).__name__}")
        self._learning_rate = learning_rate
        self._parameter_list = list(parameters) if parameters is not None else None
        if isinstance(weight_decay, (float, int)):
            weight_decay = L2Decay(float(weight_decay))
        self.regularization = weight_decay
        self._grad_clip = grad_clip
        self._name = name or unique_name.generate(type(self).__name__.lower())
        self._lr_vars = {}  # program -> learning-rate variable
        self._accumulators = {}
        self.helper = None

    # -- learning rate ------------------------------------------------------------------------
    def _global_learning_rate(self, program=None):
        program = program or default_main_program()
        var = self._lr_vars.get(id(program))
        if var is None:
            value = self._learning_rate() if isinstance(self._learning_rate, LRScheduler) else float(self._learning_rate)
            var = lh.create_global_var([1], value, "float32", persistable=True,
                                       name=unique_name.generate("learning_rate"))
            self._lr_vars[id(program)] = var
            if isinstance(self._learning_rate, LRScheduler):
                self._learning_rate._var_name = var.name
                program.lr_scheduler = self._learning_rate
        return var

    def get_lr(self):
        if isinstance(self._learning_rate, LRScheduler):
            return self._learning_rate()
        return float(self._learning_rate)

    def set_lr(self, value):
        if isinstance(self._learning_rate, LRScheduler):
            raise RuntimeError("set_lr cannot be used with an LRScheduler")
        self._learning_rate = float(value)
        from paddle.base.executor import global_scope
        import numpy as np
        for var in self._lr_vars.values():
            global_scope().var(var.name).get_tensor().set(np.array([value], np.float32))

    def _param_learning_rate(self, param):
        lr = self._global_learning_rate()
        mult = param.optimize_attr.get("learning_rate", 1.0) if hasattr(param, "optimize_attr") else 1.0
        if mult == 1.0:
            return lr
        return lh.append_op("scale", {"X": [lr]}, {"scale": float(mult)})

    # -- accumulators -------------------------------------------------------------------------
    def _add_accumulator(self, name, param, fill_value=0.0, shape=None, dtype=None):
        key = (name, param.name)
        if key in self._accumulators:
            return self._accumulators[key]
        var = lh.create_global_var(list(param.shape) if shape is None else shape, fill_value,
                                   dtype or param.dtype, persistable=True,
                                   name=unique_name.generate(f"{param.name}_{name}"))
        self._accumulators[key] = var
        return var

    # -- the pipeline -------------------------------------------------------------------------
    def backward(self, loss, startup_program=None, parameters=None, no_grad_set=None,
                 callbacks=None):
        parameters = parameters if parameters is not None else self._parameter_list
        return append_backward(loss, parameters, no_grad_set)

    def apply_gradients(self, params_grads):
        params_grads = [(p, g) for p, g in params_grads if g is not None and p.trainable]
        params_grads.sort(key=lambda pg: pg[0].name)
        with _op_role_guard(OpRole.Optimize):
            if self._grad_clip is not None:
                params_grads = self._grad_clip(params_grads)
            params_grads = self._append_regularization(params_grads)
            ops = []
            for param, grad in params_grads:
                op = self._append_optimize_op(param, grad)
                op._set_attr("op_role_var", [param.name, grad.name])
                ops.append(op)
        return ops

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        if not isinstance(loss, Variable):
            raise TypeError(f"expected loss to be a Variable, but got {type(loss).__name__}")
        params_grads = self.backward(loss, startup_program, parameters, no_grad_set)
        optimize_ops = self.apply_gradients(params_grads)
        return optimize_ops, params_grads

    def _uses_decoupled_decay(self):
        return False

    def _append_regularization(self, params_grads):
        out = []
        for param, grad in params_grads:
            reg = getattr(param, "regularizer", None) or (
                None if self._uses_decoupled_decay() else self.regularization)
            if reg is None or reg.coeff == 0.0:
                out.append((param, grad))
                continue
            if isinstance(reg, L2Decay):
                term = lh.append_op("scale", {"X": [param]}, {"scale": reg.coeff})
            elif isinstance(reg, L1Decay):
                sign = lh.append_op("sign", {"X": [param]})
                term = lh.append_op("scale", {"X": [sign]}, {"scale": reg.coeff})
            else:
                raise TypeError(f"unsupported regularizer {type(reg).__name__}")
            out.append((param, lh.append_op("elementwise_add", {"X": [grad], "Y": [term]})))
        return out

    def _append_optimize_op(self, param, grad):
        raise NotImplementedError

    # Dygraph-only API names: explicit errors.
    def step(self):
        raise NotImplementedError("optimizer.step() is for dynamic mode; use minimize(loss) in static mode")

    def clear_grad(self, set_to_zero=True):
        pass

    clear_gradients = clear_grad

    def state_dict(self):
        return {}


def _block():
    return default_main_program().global_block()


def _startup():
    return default_startup_program().global_block()


