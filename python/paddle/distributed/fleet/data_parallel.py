"""The static data-parallel rewrite behind fleet.distributed_optimizer(...).minimize(loss)."""
from paddle.base.framework import (OpRole, _op_role_guard, default_startup_program,
                                   in_dynamic_mode, program_guard)
from paddle.distributed import collective


def broadcast_parameters(startup_program, params, group, root=0):
    """Appends to the startup program a broadcast of each parameter from `root`."""
    block = startup_program.global_block()
    for p in params:
        var = block.vars.get(p.name)
        if var is None:
            continue
        block.append_op(type="c_broadcast", inputs={"X": [var]}, outputs={"Out": [var]},
                        attrs={"ring_id": group.id, "root": root})


class DistributedOptimizer:
    def __init__(self, optimizer, strategy):
        self.inner_opt = optimizer
        self.user_defined_strategy = strategy

    def __getattr__(self, name):
        return getattr(self.inner_opt, name)

    def _check_strategy(self):
        from paddle.distributed.fleet.base import _UNSUPPORTED
        on = [name for name in _UNSUPPORTED if getattr(self.user_defined_strategy, name, False)]
        if on:
            raise NotImplementedError(f"DistributedStrategy features {on} are not supported; "
                                      "data parallelism (all-reduce of gradients) is")
        scale = self.user_defined_strategy.gradient_scale_configs.get("scale_strategy", "avg")
        if scale not in ("avg", "sum", "customized"):
            raise ValueError(f"expected gradient_scale_configs['scale_strategy'] to be 'avg', "
                             f"'sum' or 'customized', but got {scale!r}")
        return scale

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        if in_dynamic_mode():  # the model from fleet.distributed_model syncs the gradients
            return self.inner_opt.minimize(loss, startup_program, parameter_list, no_grad_set)
        scale = self._check_strategy()
        group = collective._get_group(None)
        program = loss.block.program
        startup = startup_program or default_startup_program()
        params_grads = self.inner_opt.backward(loss, startup, parameter_list, no_grad_set)
        params_grads = [(p, g) for p, g in params_grads if g is not None]
        strategy = self.user_defined_strategy
        if group.nranks > 1:
            # Unfused: a bucket of one byte holds one gradient each.
            limit = int(strategy.fuse_grad_size_in_MB * (1 << 20)) \
                if strategy.fuse_all_reduce_ops else 1
            with program_guard(program, startup), _op_role_guard(OpRole.Backward):
                collective.allreduce_gradients([g for _, g in params_grads], group, limit,
                                               average=scale == "avg")
            broadcast_parameters(startup, [p for p, _ in params_grads], group)
        with program_guard(program, startup):
            ops = self.inner_opt.apply_gradients(params_grads)
        return ops, params_grads
