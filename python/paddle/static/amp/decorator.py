"""paddle.static.amp.decorate: an optimizer wrapper that rewrites the program for mixed
precision, scales the loss, unscales the gradients with check_finite_and_unscale and adjusts
the scale with update_loss_scaling (which zeroes the gradients of a step that overflowed)."""
from paddle.base import core, unique_name
from paddle.base.backward import append_backward
from paddle.base.framework import (OpRole, _op_role_guard, default_main_program,
                                   default_startup_program)
from paddle.static.amp.fp16_lists import AutoMixedPrecisionLists
from paddle.static.amp.rewrite import rewrite_program


class OptimizerWithMixedPrecision:
    def __init__(self, optimizer, amp_lists, level, dtype, init_loss_scaling,
                 use_dynamic_loss_scaling, incr_every_n_steps, decr_every_n_nan_or_inf,
                 incr_ratio, decr_ratio, use_fp16_guard):
        self._optimizer = optimizer
        self._amp_lists = amp_lists or AutoMixedPrecisionLists(dtype=dtype)
        self._amp_lists.dtype = dtype
        self._level = level
        self._init_loss_scaling = float(init_loss_scaling)
        # bfloat16 has float32's range: no scaling needed, as in PaddlePaddle.
        self._use_scaling = dtype != "bfloat16"
        self._dynamic = use_dynamic_loss_scaling and self._use_scaling
        self._incr_every_n_steps = incr_every_n_steps
        self._decr_every_n_nan_or_inf = decr_every_n_nan_or_inf
        self._incr_ratio = incr_ratio
        self._decr_ratio = decr_ratio
        self._use_fp16_guard = bool(use_fp16_guard)
        self._loss_scaling = None
        self.rewritten_ops = 0

    def get_loss_scaling(self):
        return self._loss_scaling

    def _state_var(self, name, value, dtype):
        from paddle.base.layer_helper import create_global_var
        return create_global_var([1], value, dtype, persistable=True,
                                 name=unique_name.generate(name))

    def backward(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        program = loss.block.program
        self.rewritten_ops = rewrite_program(program, self._amp_lists, self._level,
                                             self._use_fp16_guard)
        if not self._use_scaling:
            return append_backward(loss, parameters, no_grad_set)
        self._loss_scaling = self._state_var("loss_scaling", self._init_loss_scaling, "float32")
        scaled = loss * self._loss_scaling
        params_grads = append_backward(scaled, parameters, no_grad_set)
        grads = [g for _, g in params_grads if g is not None]
        block = program.global_block()
        with _op_role_guard(OpRole.Backward):
            found_inf = block.create_var(name=unique_name.generate("find_infinite_scale"),
                                         shape=[1], dtype="bool", stop_gradient=True)
            block.append_op("check_finite_and_unscale",
                            {"X": grads, "Scale": [self._loss_scaling]},
                            {"Out": grads, "FoundInfinite": [found_inf]})
            if self._dynamic:
                good = self._state_var("num_good_steps", 0, "int32")
                bad = self._state_var("num_bad_steps", 0, "int32")
                block.append_op(
                    "update_loss_scaling",
                    {"X": grads, "FoundInfinite": [found_inf],
                     "PrevLossScaling": [self._loss_scaling], "InGoodSteps": [good],
                     "InBadSteps": [bad]},
                    {"Out": grads, "LossScaling": [self._loss_scaling], "OutGoodSteps": [good],
                     "OutBadSteps": [bad]},
                    {"incr_every_n_steps": self._incr_every_n_steps,
                     "decr_every_n_nan_or_inf": self._decr_every_n_nan_or_inf,
                     "incr_ratio": float(self._incr_ratio), "decr_ratio": float(self._decr_ratio)})
        self._found_inf = found_inf
        return params_grads

    def apply_gradients(self, params_grads):
        return self._optimizer.apply_gradients(params_grads)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        params_grads = self.backward(loss, startup_program, parameters, no_grad_set)
        optimize_ops = self.apply_gradients(params_grads)
        return optimize_ops, params_grads

    def amp_init(self, place, scope=None, test_program=None, use_fp16_test=False):
        """O1 keeps float32 parameters: nothing to convert."""

    def __getattr__(self, name):
        return getattr(self._optimizer, name)


def decorate(optimizer, amp_lists=None, init_loss_scaling=2.0 ** 15, incr_every_n_steps=1000,
             decr_every_n_nan_or_inf=2, incr_ratio=2.0, decr_ratio=0.8,
             use_dynamic_loss_scaling=True, use_pure_fp16=False, use_fp16_guard=None,
             use_bf16=False, level="O1", dtype=None, **kwargs):
    dtype = dtype or ("bfloat16" if use_bf16 else "float16")
    if dtype not in ("float16", "bfloat16"):
        raise ValueError(f"expected dtype 'float16' or 'bfloat16', but got {dtype!r}")
    if use_pure_fp16:
        level = "O2"
    if level not in ("O1", "O2"):
        raise ValueError(f"expected level 'O1' or 'O2', but got {level!r}")
    if use_fp16_guard is None:
        use_fp16_guard = False
    return OptimizerWithMixedPrecision(optimizer, amp_lists, level, dtype, init_loss_scaling,
                                       use_dynamic_loss_scaling, incr_every_n_steps,
                                       decr_every_n_nan_or_inf, incr_ratio, decr_ratio,
                                       use_fp16_guard)
