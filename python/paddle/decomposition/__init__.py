"""Primitive-op decomposition of static programs (PaddlePaddle's paddle.decomposition).

Each composite op type (gelu, layer_norm, softmax, log_softmax, batch_norm, dropout, silu,
swish, hard_swish, mean, reduce_mean, softmax_with_cross_entropy) has one rule in rules.py
that rewrites the op in place into existing primitive ops (elementwise, reduce, reshape,
cast, compare, uniform_random, ...) writing the same output variables, so later ops, fetches
and a backward built afterwards (from the primitives' grad records) are untouched.

It runs when the prim flags are on (paddle.framework.core._set_prim_all_enabled(True), or
FLAGS_prim_all / FLAGS_prim_forward / FLAGS_prim_backward in the environment): append_backward
and gradients decompose the forward ops first (backward prim), Executor.run runs a decomposed
clone of a program without backward (forward prim). to_prim and decompose do it explicitly.
"""
from paddle.base import core
from paddle.base.framework import OpRole, Program, _static_mode_guard
from paddle.decomposition.emitter import Emitter
from paddle.decomposition.rules import RULES

__all__ = ["decompose", "has_decomp", "decomposable_op_types"]


def has_decomp(op_type):
    return op_type in RULES


def decomposable_op_types():
    return sorted(RULES)


def _check_sets(blacklist, whitelist):
    for name, value in (("blacklist", blacklist), ("whitelist", whitelist)):
        if not isinstance(value, (set, frozenset)):
            raise TypeError(f"expected {name} to be a set or frozenset of op types, but got "
                            f"{type(value).__name__}")


def _wanted(op_type, blacklist, whitelist):
    return op_type in RULES and op_type not in blacklist and (not whitelist or op_type in whitelist)


def _read_by_backward(block):
    """Names read by backward / optimizer ops: a composite op whose outputs feed a grad op
    built already (e.g. Mask for dropout_grad) stays, since not every output is rebuilt."""
    names = set()
    for op in block.ops:
        role = op.attr("op_role") if op.has_attr("op_role") else 0
        if role & (OpRole.Backward | OpRole.Optimize):
            names.update(op.input_arg_names)
    return names


def decompose_block(block, blacklist=frozenset(), whitelist=frozenset()):
    """Rewrites the composite ops of one block into primitives; returns how many."""
    done = 0
    with _static_mode_guard(True):
        protected = _read_by_backward(block)
        i = 0
        while i < len(block.ops):
            op = block.ops[i]
            if not _wanted(op.type, blacklist, whitelist) or \
                    protected.intersection(op.output_arg_names):
                i += 1
                continue
            emitter = Emitter(block, i, op)
            try:
                ok = RULES[op.type](emitter, op)
            except BaseException:
                emitter.undo()
                raise
            if not ok:
                assert emitter.count == 0, f"rule for {op.type} declined after emitting ops"
                i += 1
                continue
            block._remove_op(i + emitter.count)
            i += emitter.count
            done += 1
    return done


def decompose_program(program, blacklist=frozenset(), whitelist=frozenset(), blocks=None):
    """Decomposes the given blocks of program (all by default) in place; returns the count."""
    blocks = program.blocks if blocks is None else blocks
    return sum(decompose_block(b, blacklist, whitelist) for b in blocks)


def needs_decomposition(program, blacklist=frozenset(), whitelist=frozenset()):
    return any(_wanted(op.type, blacklist, whitelist) for b in program.blocks for op in b.ops)


def decompose(program, src_vars=None, blacklist=frozenset(), whitelist=frozenset()):
    """PaddlePaddle's paddle.decomposition.decompose: when forward prim is enabled, rewrites
    the composite ops of `program` into primitives in place. The outputs keep their names, so
    src_vars come back as they are (a list of the same variables)."""
    if not core._is_fwd_prim_enabled():
        return src_vars
    if not isinstance(program, Program):
        raise TypeError(f"expected a Program, but got {type(program).__name__}")
    _check_sets(blacklist, whitelist)
    decompose_program(program, frozenset(blacklist), frozenset(whitelist))
    return src_vars
