"""Automatic differentiation of static programs: append_backward and gradients. The grad ops
come from each op record's grad spec (C++ AppendBackward); this module wraps the result."""
from paddle.base import core
from paddle.base.framework import Parameter, Variable


def _names(items):
    if items is None:
        return []
    if isinstance(items, (Variable, str)):
        items = [items]
    return [i.name if isinstance(i, Variable) else i for i in items]


def _decompose_forward(block):
    """With backward prim on, the composite forward ops become primitives before the backward
    is built, so the gradients come from the primitives' grad ops (paddle.decomposition)."""
    if core._is_bwd_prim_enabled():
        from paddle.decomposition import decompose_block
        decompose_block(block)


def append_backward(loss, parameter_list=None, no_grad_set=None, callbacks=None,
                    checkpoints=None, distop_context=None):
    """Appends the backward of `loss` to its program; returns [(parameter, gradient)]."""
    if not isinstance(loss, Variable):
        raise TypeError(f"expected loss to be a Variable, but got {type(loss).__name__}")
    program = loss.block.program
    block = program.global_block()
    _decompose_forward(block)
    grad_map = core.append_backward(block.desc, [loss.name], [], _names(no_grad_set))
    block._sync_with_cpp()
    program._appending_grad_times = getattr(program, "_appending_grad_times", 0) + 1
    if parameter_list is not None:
        params = [block.var(n) for n in _names(parameter_list)]
    else:
        params = [p for p in program.all_parameters() if p.trainable]
    result = []
    for p in params:
        grad_name = grad_map.get(p.name)
        if grad_name is not None:
            result.append((p, block.var(grad_name)))
    return result


def gradients(targets, inputs, target_gradients=None, no_grad_set=None):
    """d(sum of targets)/d(inputs), as new variables of the program; None for an input the
    targets do not depend on. Explicitly requested inputs get gradients even when marked
    stop_gradient (data variables are by default)."""
    targets = targets if isinstance(targets, (list, tuple)) else [targets]
    inputs = inputs if isinstance(inputs, (list, tuple)) else [inputs]
    block = targets[0].block.program.global_block()
    _decompose_forward(block)
    restore = [v for v in inputs if v.stop_gradient]
    for v in restore:
        v.stop_gradient = False
    try:
        grad_map = core.append_backward(block.desc, _names(targets), _names(target_gradients),
                                        _names(no_grad_set))
    finally:
        for v in restore:
            v.stop_gradient = True
    block._sync_with_cpp()
    return [block.var(grad_map[v.name]) if v.name in grad_map else None for v in inputs]


calc_gradient = gradients
