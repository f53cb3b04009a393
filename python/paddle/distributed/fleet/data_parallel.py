"""The static data-parallel rewrite behind fleet.distributed_optimizer(...).minimize(loss)."""
from paddle.base.framework import (OpRole, _op_role_guard, default_startup_program,
                                   in_dynamic_mode, program_guard)
from paddle.distributed import collective


def _bytes(var):
    import numpy as np
    from paddle.base.dtypes import dtype_to_np
    numel = int(np.prod([max(int(d), 1) for d in var.shape], dtype=np.int64))
    return numel * np.dtype(dtype_to_np(var.dtype)).itemsize


def _buckets(grads, limit_bytes):
    """Gradients in buckets of at most limit_bytes, one dtype each, in backward order."""
    buckets, current, size = [], [], 0
    for g in grads:
        if current and (size + _bytes(g) > limit_bytes or g.dtype != current[0].dtype):
            buckets.append(current)
            current, size = [], 0
        current.append(g)
        size += _bytes(g)
    if current:
        buckets.append(current)
    return buckets


def insert_allreduce_ops(grads, group, fuse=True, bucket_mb=32, scale=True):
    """Appends to the current program: each gradient all-reduced over `group` (ring), then
    scaled by 1/nranks when `scale`; with `fuse`, small gradients travel flattened together
    (concat, one all-reduce, split back)."""
    import paddle
    nranks = group.nranks
    scale_attrs = {"scale": 1.0 / nranks, "bias": 0.0, "bias_after_scale": True}
    buckets = _buckets(grads, bucket_mb * 1024 * 1024) if fuse else [[g] for g in grads]
    for bucket in buckets:
        if len(bucket) == 1:
            flat = bucket[0]
        else:
            flat = paddle.concat([paddle.reshape(g, [-1]) for g in bucket])
        collective._run("c_allreduce_sum", {"X": [flat]}, {"Out": [flat]}, {"ring_id": group.id})
        if scale:
            collective._run("scale", {"X": [flat]}, {"Out": [flat]}, scale_attrs)
        if len(bucket) > 1:
            sizes = [_bytes(g) // _bytes_per(g) for g in bucket]
            for g, part in zip(bucket, paddle.split(flat, sizes)):
                paddle.assign(paddle.reshape(part, [int(d) for d in g.shape]), output=g)


def _bytes_per(var):
    import numpy as np
    from paddle.base.dtypes import dtype_to_np
    return np.dtype(dtype_to_np(var.dtype)).itemsize


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
        if in_dynamic_mode():
            raise NotImplementedError("fleet.distributed_optimizer(...).minimize is for static "
                                      "mode; in dygraph wrap the model in paddle.DataParallel")
        scale = self._check_strategy()
        group = collective._get_group(None)
        program = loss.block.program
        startup = startup_program or default_startup_program()
        params_grads = self.inner_opt.backward(loss, startup, parameter_list, no_grad_set)
        params_grads = [(p, g) for p, g in params_grads if g is not None]
        strategy = self.user_defined_strategy
        with program_guard(program, startup), _op_role_guard(OpRole.Backward):
            if group.nranks > 1:
                insert_allreduce_ops([g for _, g in params_grads], group,
                                     fuse=strategy.fuse_all_reduce_ops,
                                     bucket_mb=strategy.fuse_grad_size_in_MB,
                                     scale=scale == "avg")
        if group.nranks > 1:
            broadcast_parameters(startup, [p for p, _ in params_grads], group)
        with program_guard(program, startup):
            ops = self.inner_opt.apply_gradients(params_grads)
        return ops, params_grads
