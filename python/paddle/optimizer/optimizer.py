"""The optimizer base for both modes. Static: minimize(loss) appends backward, gradient clipping,
regularization and one update op per parameter (op_role Optimize). Dynamic (eager): step() runs
those same ops at once under no_grad, each update op writing the parameter and its accumulator
tensors in place, so a formula exists only in the kernels."""
import re

import numpy as np

from paddle.base import layer_helper as lh
from paddle.base import unique_name
from paddle.base.backward import append_backward
from paddle.base.dtypes import VarType, convert_dtype
from paddle.base.framework import (OpRole, Variable, _op_role_guard, default_main_program,
                                   in_dynamic_mode)
from paddle.optimizer.lr import LRScheduler
from paddle.regularizer import L2Decay, WeightDecayRegularizer

_COUNTER = re.compile(r"_\d+$")


class Optimizer:
    """Subclasses define _append_optimize_op(param, grad, options) and, for per-group
    settings, _default_options()."""

    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 name=None, multi_precision=False):
        self._learning_rate = _check_learning_rate(learning_rate)
        self.regularization = _as_regularizer(weight_decay)
        self._grad_clip = _check_grad_clip(grad_clip)
        self._name = name
        self._multi_precision = multi_precision
        self._param_groups = _make_param_groups(parameters)
        self._parameter_list = (None if self._param_groups is None else
                                [p for g in self._param_groups for p in g["params"]])
        if in_dynamic_mode() and self._param_groups is None:
            raise AttributeError("expected parameters=<a list of parameters or parameter-group "
                                 "dicts> for an optimizer in dynamic mode, but got None")
        self._lr_vars = {}         # static: id(program) -> learning-rate variable
        self._eager_lr = None      # dynamic: the learning-rate tensor the update ops read
        self._eager_lr_value = None
        self._accumulators = {}    # accumulator name -> {parameter name -> variable or tensor}
        self._accumulators_holder = {}  # set_state_dict values for accumulators not made yet
        self.helper = None

    # -- options per parameter group ---------------------------------------------------------
    def _default_options(self):
        """The settings a parameter group may override (PaddlePaddle's _default_dict)."""
        return {"learning_rate": 1.0, "weight_decay": self.regularization,
                "grad_clip": self._grad_clip}

    def _group_options(self, group=None):
        options = self._default_options()
        if group:
            options.update((k, v) for k, v in group.items() if k != "params")
        return options

    def _all_parameters(self):
        return list(self._parameter_list or [])

    # -- learning rate ------------------------------------------------------------------------
    def get_lr(self):
        if isinstance(self._learning_rate, LRScheduler):
            return self._learning_rate()
        return float(self._learning_rate)

    def set_lr(self, value):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"expected the learning rate to be a float, but got {type(value).__name__}")
        if isinstance(self._learning_rate, LRScheduler):
            raise RuntimeError("expected an optimizer with a float learning rate for set_lr, but "
                               "got one driven by an LRScheduler (step the scheduler instead)")
        self._learning_rate = float(value)
        if self._eager_lr is not None:
            self._eager_learning_rate()
        if self._lr_vars:
            from paddle.base.executor import global_scope
            for var in self._lr_vars.values():
                global_scope().var(var.name).get_tensor().set(np.array([value], np.float32))

    def set_lr_scheduler(self, scheduler):
        if not isinstance(scheduler, LRScheduler):
            raise TypeError(f"expected an LRScheduler, but got {type(scheduler).__name__}")
        self._learning_rate = scheduler

    def _global_learning_rate(self, program=None):
        if in_dynamic_mode():
            return self._eager_learning_rate()
        program = program or default_main_program()
        var = self._lr_vars.get(id(program))
        if var is None:
            var = lh.create_global_var([1], self.get_lr(), "float32", persistable=True,
                                       name=unique_name.generate("learning_rate"))
            self._lr_vars[id(program)] = var
            if isinstance(self._learning_rate, LRScheduler):
                # The Executor writes the scheduler's value into this variable before each run.
                self._learning_rate._var_name = var.name
                program.lr_scheduler = self._learning_rate
        return var

    def _eager_learning_rate(self):
        """The 0-D learning-rate tensor, refreshed from get_lr() (a scheduler steps between
        optimizer steps). Its dtype is the parameters' (float32 for half precisions)."""
        from paddle.base.eager import Tensor
        from paddle.tensor.creation import fill_constant
        value = self.get_lr()
        if self._eager_lr is None:
            self._eager_lr = Tensor(name=unique_name.generate("learning_rate"), persistable=True)
        if value != self._eager_lr_value:
            fill_constant([], self._lr_dtype(), value, out=self._eager_lr)
            self._eager_lr_value = value
        return self._eager_lr

    def _lr_dtype(self):
        params = self._all_parameters()
        dtype = convert_dtype(params[0].dtype) if params else VarType.FP32
        return VarType.FP32 if dtype in (VarType.FP16, VarType.BF16) else dtype

    def _param_learning_rate(self, param, options):
        lr = self._global_learning_rate()
        attr = getattr(param, "optimize_attr", None) or {}
        scale = float(attr.get("learning_rate", 1.0)) * float(options.get("learning_rate", 1.0))
        if scale == 1.0:
            return lr
        return lh.append_op("scale", {"X": [lr]}, {"scale": scale}, stop_gradient=True)

    # -- accumulators -------------------------------------------------------------------------
    def _add_accumulator(self, name, param, fill_value=0.0, shape=None, dtype=None):
        """The `name` accumulator of `param`, made on first use (PaddlePaddle's names:
        '<param>_<name>_<n>'); in dynamic mode it takes a value held by set_state_dict."""
        if self._name is not None:
            name = f"{self._name}_{name}"
        per_param = self._accumulators.setdefault(name, {})
        if param.name in per_param:
            return per_param[param.name]
        shape = list(param.shape) if shape is None else list(shape)
        dtype = dtype if dtype is not None else _accumulator_dtype(param)
        var_name = unique_name.generate(f"{param.name}_{name}")
        if in_dynamic_mode():
            var = self._eager_accumulator(var_name, shape, dtype, fill_value)
        else:
            var = lh.create_global_var(shape, fill_value, dtype, persistable=True, name=var_name)
        per_param[param.name] = var
        return var

    def _eager_accumulator(self, var_name, shape, dtype, fill_value):
        from paddle.base.eager import Tensor
        from paddle.tensor.creation import fill_constant
        var = Tensor(name=var_name, persistable=True)
        fill_constant(shape, dtype, fill_value, out=var)
        if self._accumulators_holder:
            key = _match_state_key(var_name, self._accumulators_holder)
            if key is None:
                raise KeyError(f"expected optimizer state '{var_name}' in the state dict given "
                               "to set_state_dict, but it is missing")
            var.set_value(_state_value(self._accumulators_holder.pop(key), var_name))
        return var

    # -- the pipeline shared by both modes ------------------------------------------------------
    def _apply(self, params_grads, options):
        """Clip, regularize, then one update op per parameter. Returns [(op, param, grad)]
        (op is None in dynamic mode, where each op has already run)."""
        clip = options.get("grad_clip")
        if clip is not None:
            params_grads = clip(params_grads)
        applied = []
        for param, grad in params_grads:
            if grad is None:
                continue
            grad = self._regularized(param, grad, options)
            applied.append((self._append_optimize_op(param, grad, options), param, grad))
        return applied

    def _separate_regularizer(self, param, options):
        """The regularizer whose term is added to the gradient before the update op: the
        parameter's own, else the group's (or the optimizer's)."""
        own = getattr(param, "regularizer", None)
        return own if own is not None else _as_regularizer(options.get("weight_decay"))

    def _regularized(self, param, grad, options):
        reg = self._separate_regularizer(param, options)
        if reg is None or reg.coeff == 0.0:
            return grad
        term = reg(param, grad)
        return lh.append_op("sum", {"X": [grad, term]}, stop_gradient=True)

    def _append_optimize_op(self, param, grad, options):
        raise NotImplementedError(f"{type(self).__name__} must define _append_optimize_op")

    # -- static mode ----------------------------------------------------------------------------
    def backward(self, loss, startup_program=None, parameters=None, no_grad_set=None,
                 callbacks=None):
        if in_dynamic_mode():
            params = self._params_for(parameters, no_grad_set)
            if all(p.grad is None for p in params):
                loss.backward()
            return [(p, p.grad) for p in params if p.grad is not None]
        parameters = parameters if parameters is not None else self._parameter_list
        return append_backward(loss, parameters, no_grad_set)

    def apply_gradients(self, params_grads):
        if in_dynamic_mode():
            from paddle.base.eager import no_grad
            with no_grad():
                self._apply([(p, g) for p, g in params_grads if g is not None and not p.stop_gradient],
                            self._group_options())
            return []
        params_grads = [(p, g) for p, g in params_grads if g is not None and p.trainable]
        params_grads.sort(key=lambda pg: pg[0].name)
        ops = []
        with _op_role_guard(OpRole.Optimize):
            for options, pairs in self._split_by_group(params_grads):
                for op, param, grad in self._apply(pairs, options):
                    op._set_attr("op_role_var", [param.name, grad.name])
                    ops.append(op)
        return ops

    def _split_by_group(self, params_grads):
        """(options, pairs) per parameter group; parameters in no group get the defaults."""
        groups = self._param_groups or []
        index = {id(p): i for i, g in enumerate(groups) for p in g["params"]}
        names = {getattr(p, "name", None): i for i, g in enumerate(groups) for p in g["params"]}
        split = {}
        for param, grad in params_grads:
            i = index.get(id(param), names.get(param.name))
            split.setdefault(i, []).append((param, grad))
        return [(self._group_options(None if i is None else groups[i]), pairs)
                for i, pairs in split.items()]

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Static: appends backward and the update ops. Dynamic: runs loss.backward() unless the
        parameters already hold gradients, then updates them; returns ([], params_grads)."""
        from paddle.base.eager import Tensor
        if in_dynamic_mode():
            if not isinstance(loss, Tensor):
                raise TypeError(f"expected loss to be a Tensor, but got {type(loss).__name__}")
            params_grads = self.backward(loss, parameters=parameters, no_grad_set=no_grad_set)
            if parameters is None and not no_grad_set:
                self.step()
            else:
                self.apply_gradients(params_grads)
            return [], params_grads
        if not isinstance(loss, Variable) or isinstance(loss, Tensor):
            raise TypeError(f"expected loss to be a static Variable, but got {type(loss).__name__}")
        params_grads = self.backward(loss, startup_program, parameters, no_grad_set)
        optimize_ops = self.apply_gradients(params_grads)
        return optimize_ops, params_grads

    # -- dynamic mode ---------------------------------------------------------------------------
    def step(self):
        """Updates every parameter that has a gradient, once (dynamic mode)."""
        if not in_dynamic_mode():
            raise NotImplementedError("optimizer.step() is for dynamic mode; use minimize(loss) "
                                      "in static mode")
        from paddle.base.eager import no_grad
        with no_grad():
            for group in self._param_groups:
                pairs = [(p, p.grad) for p in group["params"]
                         if not p.stop_gradient and p.grad is not None]
                if pairs:
                    self._apply(pairs, self._group_options(group))

    def _params_for(self, parameters, no_grad_set):
        params = list(parameters) if parameters is not None else self._all_parameters()
        if no_grad_set:
            skip = {id(v) for v in no_grad_set} | {v for v in no_grad_set if isinstance(v, str)}
            params = [p for p in params if id(p) not in skip and p.name not in skip]
        return [p for p in params if not p.stop_gradient]

    def clear_grad(self, set_to_zero=True):
        if not in_dynamic_mode():
            return
        for p in self._all_parameters():
            if not p.stop_gradient:
                p.clear_gradient(set_to_zero)

    def clear_gradients(self, set_to_zero=True):
        self.clear_grad(set_to_zero)

    def state_dict(self):
        """Accumulator tensors by name, and the scheduler's state under 'LR_Scheduler'."""
        state = {}
        if in_dynamic_mode():
            for per_param in self._accumulators.values():
                for var in per_param.values():
                    state[var.name] = var
        if isinstance(self._learning_rate, LRScheduler):
            state["LR_Scheduler"] = self._learning_rate.state_dict()
        return state

    def set_state_dict(self, state_dict):
        """Loads a state_dict(): accumulators made already take their values now, the others
        when the first step makes them."""
        if not isinstance(state_dict, dict):
            raise TypeError("expected the optimizer state to be a dict, but got "
                            f"{type(state_dict).__name__}")
        state = dict(state_dict)
        lr_state = state.pop("LR_Scheduler", None)
        state.pop("master_weights", None)
        if isinstance(self._learning_rate, LRScheduler):
            if lr_state is None:
                raise KeyError("expected 'LR_Scheduler' in the state of an optimizer driven by an "
                               "LRScheduler, but it is missing")
            self._learning_rate.set_state_dict(lr_state)
        if not in_dynamic_mode():
            return
        updates = []
        for per_param in self._accumulators.values():
            for var in per_param.values():
                key = _match_state_key(var.name, state)
                if key is None:
                    raise KeyError(f"expected optimizer state '{var.name}' in the state dict, but "
                                   "it is missing")
                updates.append((var, _state_value(state.pop(key), var.name)))
        for var, value in updates:  # nothing changes when an entry is missing
            var.set_value(value)
        self._accumulators_holder = state

    set_dict = set_state_dict


def _check_learning_rate(learning_rate):
    if isinstance(learning_rate, LRScheduler):
        return learning_rate
    if isinstance(learning_rate, bool) or not isinstance(learning_rate, (float, int)):
        raise TypeError("expected learning_rate to be a float or an LRScheduler, but got "
                        f"{type(learning_rate).__name__}")
    return float(learning_rate)


def _as_regularizer(weight_decay):
    if weight_decay is None or isinstance(weight_decay, WeightDecayRegularizer):
        return weight_decay
    if isinstance(weight_decay, (float, int)) and not isinstance(weight_decay, bool):
        return L2Decay(float(weight_decay))
    raise TypeError("expected weight_decay to be a float, L1Decay or L2Decay, but got "
                    f"{type(weight_decay).__name__}")


def _check_grad_clip(grad_clip):
    from paddle.nn.clip import ClipGradBase
    if grad_clip is not None and not isinstance(grad_clip, ClipGradBase):
        raise TypeError("expected grad_clip to be a ClipGradByValue, ClipGradByNorm or "
                        f"ClipGradByGlobalNorm, but got {type(grad_clip).__name__}")
    return grad_clip


def _check_param(p, where):
    if not isinstance(p, Variable):
        raise TypeError(f"expected {where} to hold parameters (Tensors), but got {type(p).__name__}")
    return p


def _make_param_groups(parameters):
    """[{'params': [...], <overrides>}, ...] from a list of parameters or of group dicts."""
    if parameters is None:
        return None
    if isinstance(parameters, (Variable, dict)):
        raise TypeError("expected parameters to be a list of parameters or of parameter-group "
                        f"dicts, but got a single {type(parameters).__name__}")
    try:
        items = list(parameters)
    except TypeError:
        raise TypeError("expected parameters to be a list of parameters or of parameter-group "
                        f"dicts, but got {type(parameters).__name__}") from None
    if not items:
        raise ValueError("expected at least one parameter, but got an empty list")
    if not isinstance(items[0], dict):
        return [{"params": [_check_param(p, "parameters") for p in items]}]
    groups, seen = [], set()
    for group in items:
        if not isinstance(group, dict) or "params" not in group:
            raise TypeError("expected every parameter group to be a dict with 'params', but got "
                            f"{group if isinstance(group, dict) else type(group).__name__}")
        params = group["params"]
        if isinstance(params, set):
            raise TypeError("expected a group's params in an ordered collection, but got a set")
        params = [params] if isinstance(params, Variable) else list(params)
        for p in params:
            _check_param(p, "a parameter group")
            if id(p) in seen:
                raise ValueError(f"expected each parameter in one group only, but '{p.name}' "
                                 "appears in more than one")
            seen.add(id(p))
        groups.append({**group, "params": params})
    return groups


def _accumulator_dtype(param):
    dtype = convert_dtype(param.dtype)
    return VarType.FP32 if dtype in (VarType.FP16, VarType.BF16) else dtype


def _match_state_key(name, state):
    """`name`, else the one key that differs from it only in the unique-name counter (an
    optimizer built again in the same process numbers its accumulators on)."""
    if name in state:
        return name
    base = _COUNTER.sub("", name)
    matches = [k for k in state if isinstance(k, str) and _COUNTER.sub("", k) == base]
    return matches[0] if len(matches) == 1 else None


def _state_value(value, name):
    if hasattr(value, "numpy"):
        return value.numpy()
    try:
        return np.asarray(value)
    except Exception:  # noqa: BLE001 - anything not array-like is a bad entry
        raise TypeError(f"expected an array or Tensor for optimizer state '{name}', but got "
                        f"{type(value).__name__}") from None


def _block():
    return default_main_program().global_block()
