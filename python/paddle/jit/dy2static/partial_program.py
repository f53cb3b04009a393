"""Running a traced program from eager mode: the forward program runs through the Executor
with the eager inputs as feeds and the captured tensors (parameters, buffers, constants) in
its own scope. When gradients are wanted, a tape node (eager.record_py_func_node) runs the
backward program that append_backward built from the op records' grad ops, and the
gradients of parameters and inputs reach the eager tensors through the tape."""
import collections

import numpy as np

from paddle.base import core, eager
from paddle.base.dtypes import is_floating
from paddle.base.executor import Executor
from paddle.base.framework import GRAD_SUFFIX, _static_mode_guard

_EMPTY = core.empty_var_name()
_CONTROL_FLOW = ("conditional_block", "while", "select_input")


def _copy(tensor):
    """A copy with storage of its own: fetched tensors share memory the next run rewrites."""
    out = core.DenseTensor()
    core.eager_run_op("assign", {"X": [tensor]}, {"Out": [out]}, {})
    return out


def _zeros_like(tensor):
    out = core.DenseTensor()
    core.eager_run_op("fill_any_like", {"X": [tensor]}, {"Out": [out]}, {"value": 0.0, "dtype": -1})
    return out


def _unique(names):
    return list(collections.OrderedDict.fromkeys(names))


class _Backward:
    """The backward program of one set of leaves needing gradients: it reads the forward
    variables in `saved` (fetched from the forward run) and the output gradients fed as
    `seeds`; `grads` pairs each leaf with its gradient variable."""

    def __init__(self, program=None, saved=(), targets=(), seeds=(), grads=(), error=None):
        self.program, self.saved, self.targets = program, list(saved), list(targets)
        self.seeds, self.grads, self.error = list(seeds), list(grads), error


class ProgramRunner:
    """Runs one traced forward program (feeds `feed_names`, fetches `output_names`) with the
    eager tensors of `captured` (name -> Tensor) placed in its scope."""

    def __init__(self, program, feed_names, output_names, captured):
        self.program = program
        self.feed_names = list(feed_names)
        self.output_names = _unique(output_names)
        self.captured = collections.OrderedDict(captured)
        self.scope = core.Scope()
        self.executor = Executor()
        self._backwards = {}
        written = set()
        for block in program.blocks:
            for op in block.ops:
                written.update(op.output_arg_names)
        # Persistable state the program updates (BatchNorm statistics): it runs on a copy that
        # is copied back, so eager storage is never rewritten under a tape that saved it.
        self.written = [name for name in self.captured if name in written]

    # -- forward ------------------------------------------------------------------------------
    def __call__(self, inputs):
        """inputs: eager Tensors or arrays in feed order. Returns {output name: Tensor}."""
        names = list(self.captured)
        written = set(self.written)
        core.set_scope_vars(self.scope, names, [_copy(t._t) if n in written else t._t
                                                for n, t in self.captured.items()])
        feed = {}
        for name, value in zip(self.feed_names, inputs):
            feed[name] = value._t if isinstance(value, eager.Tensor) else np.asarray(value)
        leaves = collections.OrderedDict()
        for name, value in zip(self.feed_names, inputs):
            if isinstance(value, eager.Tensor) and not value.stop_gradient:
                leaves[name] = value
        for name, t in self.captured.items():
            if not t.stop_gradient:
                leaves[name] = t
        backward = None
        if leaves and eager.is_grad_enabled():
            backward = self._backward_for(frozenset(leaves))
        saved = backward.saved if backward is not None and backward.error is None else []
        fetch = self.output_names + [n for n in saved if n not in self.output_names]
        results = self.executor.run(self.program, feed=feed, fetch_list=fetch, scope=self.scope,
                                    return_numpy=False)
        values = {name: _copy(r) for name, r in zip(fetch, results)}
        for name in self.written:  # new storage for a written tensor: an in-place write
            written, version = self.captured[name], self.captured[name].inplace_version
            written._t = _copy(self.scope.find_var(name).get_tensor())
            core.eager_mark_written(written._t, version)
        outputs = {name: eager.Tensor(values[name], stop_gradient=True, name=name)
                   for name in self.output_names}
        if backward is not None:
            eager.record_py_func_node(leaves, outputs,
                                      self._backward_fn(backward, [values[n] for n in saved],
                                                        {n: values[n] for n in self.output_names}))
        return outputs

    # -- backward -----------------------------------------------------------------------------
    def _backward_fn(self, backward, saved_values, output_values):
        def run(out_grads):
            if backward.error is not None:
                raise NotImplementedError(str(backward.error))
            feed = dict(zip(backward.saved, saved_values))
            for target, seed in zip(backward.targets, backward.seeds):
                grad = out_grads.get(target)
                feed[seed] = grad if grad is not None else _zeros_like(output_values[target])
            fetch = [g for _, g in backward.grads]
            results = self.executor.run(backward.program, feed=feed, fetch_list=fetch,
                                        scope=self.scope, return_numpy=False) if fetch else []
            return {leaf: _copy(r) for (leaf, _), r in zip(backward.grads, results)}
        return run

    def _backward_for(self, leaf_names):
        backward = self._backwards.get(leaf_names)
        if backward is None:
            with _static_mode_guard(True):
                backward = self._build_backward(leaf_names)
            self._backwards[leaf_names] = backward
        return backward

    def _build_backward(self, leaf_names):
        program = self.program.clone()
        block = program.global_block()
        n_forward = len(block.ops)
        targets = [n for n in self.output_names
                   if is_floating(block.var(n).dtype) and not block.var(n).stop_gradient]
        if not targets:
            return _Backward(program=None)
        error = _control_flow_error(block, leaf_names, targets)
        if error is not None:
            return _Backward(error=error)
        seeds = []
        for name in targets:
            var = block.var(name)
            seeds.append(block.create_var(name=name + GRAD_SUFFIX + "@DOUT", dtype=var.dtype,
                                          shape=var.shape).name)
        no_grad = [n for n in self.feed_names + list(self.captured) if n not in leaf_names]
        grad_map = core.append_backward(block.desc, targets, seeds, no_grad)
        block._sync_with_cpp()
        for i in reversed(range(n_forward)):
            block._remove_op(i)
        produced, saved, seed_set = set(), [], set(seeds)
        for op in block.ops:
            for name in op.input_arg_names:
                if name in produced or name in seed_set or name == _EMPTY or name in saved:
                    continue
                var = block._find_var_recursive(name)
                if var is not None and var.persistable:
                    continue
                saved.append(name)
            produced.update(op.output_arg_names)
        grads = [(leaf, grad_map[leaf]) for leaf in leaf_names if leaf in grad_map]
        return _Backward(program, saved, targets, seeds, grads)


def _control_flow_error(block, leaf_names, targets):
    """Gradients cannot pass conditional_block / while / select_input yet (no grad ops): the
    error to raise at backward time when one lies between a leaf and an output."""
    needs = set(leaf_names)
    for op in block.ops:
        if needs.intersection(op.input_arg_names):
            for name in op.output_arg_names:
                var = block._find_var_recursive(name)
                if var is not None and not var.stop_gradient and is_floating(var.dtype):
                    needs.add(name)
    wanted = set(targets)
    for op in reversed(block.ops):
        if not wanted.intersection(op.output_arg_names):
            continue
        if op.type in _CONTROL_FLOW and needs.intersection(op.input_arg_names):
            stack = op.attr("op_callstack") if op.has_attr("op_callstack") else []
            where = ("; created at:\n" + "\n".join(stack)) if stack else ""
            return NotImplementedError(
                f"to_static: gradients through the tensor-dependent control flow op "
                f"'{op.type}' are not supported yet (it has no grad op){where}")
        wanted.update(op.input_arg_names)
    return None
