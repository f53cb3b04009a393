"""The O1 / O2 program rewrite of automatic mixed precision: casts inserted so that white ops
(and gray ops fed 16-bit data) compute in float16 / bfloat16 while black ops and the loss stay
float32. Parameters stay float32 in O1 (cast where a 16-bit op reads them; their gradients
come back through the casts' gradients); O2 runs every op that has a 16-bit GPU kernel in 16
bits. Ops without a 16-bit GPU kernel stay float32."""
import functools

from paddle.base import core
from paddle.base.dtypes import VarType
from paddle.base.framework import OpRole
from paddle.static.amp.fp16_lists import FP32_SLOTS

FP16_GUARD_SCOPE = "__use_fp16__"
_FLOATS = (VarType.FP32, VarType.FP16, VarType.BF16)


def _low(dtype):
    return VarType.BF16 if str(dtype) in ("bfloat16", "bf16") else VarType.FP16


@functools.lru_cache(maxsize=None)
def _has_low_kernel(op_type, low):
    record = core.op_record(op_type) if core.has_op(op_type) else None
    if record is None or not record["kernel"]:
        return False
    return core.has_gpu_kernel(record["kernel"], low)


def op_runs_low(op_type, lists, low, level, fed_low):
    """Whether an op of `op_type` computes in 16 bits (`low`): never without a 16-bit GPU
    kernel or when black; always in O2 or when white; else (gray) when fed 16-bit data. The
    static rewrite and eager auto_cast both decide here."""
    if op_type in ("feed", "fetch", "cast") or not _has_low_kernel(op_type, low):
        return False
    if op_type in lists.black_list:
        return False
    return level == "O2" or op_type in lists.white_list or fed_low


def _in_guard(op):
    if not op.desc.has_attr("op_namescope"):
        return False
    return FP16_GUARD_SCOPE in str(op.desc.attr("op_namescope"))


def _decide(op, lists, low, level, produced_low, use_guard):
    """16-bit or float32 for one op."""
    if use_guard and not _in_guard(op):
        return False
    if any(n in lists.black_varnames for n in op.input_arg_names + op.output_arg_names):
        return False
    fed_low = any(produced_low.get(n, False) for n in op.input_arg_names)
    return op_runs_low(op.type, lists, low, level, fed_low)


def rewrite_program(program, lists, level="O1", use_fp16_guard=False):
    """Rewrites the forward ops of `program`'s global block in place; returns the number of
    ops now computing in 16 bits."""
    low = _low(lists.dtype)
    block = program.global_block()
    suffix = ".cast_bf16" if low == VarType.BF16 else ".cast_fp16"
    produced_low, casts, count = {}, {}, 0
    i = 0
    while i < len(block.ops):
        op = block.ops[i]
        role = int(op.desc.attr("op_role")) if op.desc.has_attr("op_role") else 0
        if role & (OpRole.Backward | OpRole.Optimize):
            break  # forward only: backward comes from the grad ops of the rewritten forward
        use_low = _decide(op, lists, low, level, produced_low, use_fp16_guard)
        keep32 = FP32_SLOTS.get(op.type, set())
        want = low if use_low else VarType.FP32
        for slot in op.desc.input_names():
            if slot in keep32:
                continue
            for name in op.desc.input(slot):
                var = block._find_var_recursive(name)
                if var is None or var.dtype not in _FLOATS or var.dtype == want:
                    continue
                key = (name, int(want))
                if key not in casts:
                    cast_name = name + (suffix if want == low else ".cast_fp32")
                    if not block.has_var(cast_name):
                        block.create_var(name=cast_name, shape=var.shape, dtype=want,
                                         persistable=False, stop_gradient=var.stop_gradient)
                    block._insert_op(i, "cast", {"X": [var]},
                                     {"Out": [block.var(cast_name)]},
                                     {"in_dtype": int(var.dtype), "out_dtype": int(want)})
                    i += 1
                    casts[key] = cast_name
                op._rename_input(name, casts[key])
        for slot in op.desc.output_names():
            for name in op.desc.output(slot):
                var = block._find_var_recursive(name)
                for key in [k for k in casts if k[0] == name]:
                    del casts[key]  # rewritten: older casts of it are stale
                if var is None or var.dtype not in _FLOATS:
                    continue
                if slot in keep32 or var.persistable:
                    produced_low[name] = var.dtype == low
                    continue
                var.desc.set_dtype(want)
                produced_low[name] = use_low
        count += bool(use_low)
        i += 1
    program._bump()
    return count
