"""The static-graph Executor: runs a Program in a Scope with feeds and fetches by name.
Every program runs through the one C++ interpreter; built programs are cached by the desc's
identity and generation (bumped by every edit), so a run never serializes the program."""
import contextlib

import numpy as np

from paddle.base import core
from paddle.base.dtypes import dtype_to_np
from paddle.base.framework import Program, Variable, default_main_program

_global_scope = core.Scope()
_scope_stack = []


def global_scope():
    return _scope_stack[-1] if _scope_stack else _global_scope


@contextlib.contextmanager
def scope_guard(scope):
    """Makes `scope` the global scope inside the block."""
    if not isinstance(scope, core.Scope):
        raise TypeError(f"expected a Scope, but got {type(scope).__name__}")
    _scope_stack.append(scope)
    try:
        yield
    finally:
        _scope_stack.pop()


def _fetch_name(item):
    if isinstance(item, Variable):
        return item.name
    if isinstance(item, str):
        return item
    raise TypeError(f"expected fetch_list items to be Variables or names, but got {type(item).__name__}")


class Executor:
    """Runs programs on a place: the CPU, or a GPU (CUDAPlace), where each program is first
    planned: ops without a GPU kernel run on the CPU and copies go where data crosses."""

    def __init__(self, place=None):
        from paddle import device
        if place is None:
            place = device._current_place()
        if isinstance(place, str):
            place = device._place_of(device._parse(place))
        self.place = place
        self._core = core.Executor(place)
        self._closed = False
        self._prim_cache = {}  # program uid -> ((uid, generation), decomposed clone or None)

    def close(self):
        self._closed = True
        self._core.clear_cache()
        self._prim_cache.clear()

    def run(self, program=None, feed=None, fetch_list=None, feed_var_name="feed",
            fetch_var_name="fetch", scope=None, return_numpy=True, use_program_cache=False,
            use_prune=False):
        if self._closed:
            raise RuntimeError("expected an open Executor, but run() was called after close()")
        program = default_main_program() if program is None else program
        fetch_list = fetch_list if fetch_list is not None else []
        if not isinstance(fetch_list, (list, tuple)):
            fetch_list = [fetch_list]
        fetch_names = [_fetch_name(f) for f in fetch_list]
        if getattr(program, "_is_compiled_program", False):
            program = program._get_program(fetch_names)
        if not isinstance(program, Program):
            raise TypeError(f"expected a Program or CompiledProgram, but got {type(program).__name__}")
        program = self._prim_program(program)
        scope = global_scope() if scope is None else scope
        feeds = self._prepare_feed(program, feed or {})
        self._update_learning_rate(program, scope)
        results = self._core.run(program.desc, scope, feeds, fetch_names)
        if return_numpy:
            return [np.array(r) for r in results]
        return results

    def memory_plan(self, program=None, fetch_list=None, batch_size=1, scope=None):
        """Activation memory of `program` (block 0) as this executor runs it, in bytes:
        planned_bytes (the peak under the interpreter's free points), lower_bound_bytes (the
        largest sum of temporaries live at once), parameter_bytes, and last_peak_bytes (what
        the allocator reached in the last run with this fetch list; 0 before any). A -1
        dimension counts as `batch_size`."""
        program = default_main_program() if program is None else program
        fetch_list = fetch_list if fetch_list is not None else []
        if not isinstance(fetch_list, (list, tuple)):
            fetch_list = [fetch_list]
        fetch_names = [_fetch_name(f) for f in fetch_list]
        if getattr(program, "_is_compiled_program", False):
            program = program._get_program(fetch_names)
        if not isinstance(program, Program):
            raise TypeError(f"expected a Program or CompiledProgram, but got {type(program).__name__}")
        scope = global_scope() if scope is None else scope
        return self._core.memory_plan(program.desc, scope, fetch_names, int(batch_size))

    def _prim_program(self, program):
        """With forward prim on, a program without backward runs as a decomposed clone
        (paddle.decomposition), made once per program version; the user's program stays."""
        if not core._is_fwd_prim_enabled():
            return program
        cache = self._prim_cache
        key = program._cache_key()
        hit = cache.get(key[0])
        if hit is not None and hit[0] == key:
            return hit[1] or program
        from paddle.base.framework import OpRole
        from paddle.decomposition import decompose_program, needs_decomposition
        trained = any(op.has_attr("op_role") and op.attr("op_role") & OpRole.Backward
                      for op in program.global_block().ops)
        result = program
        if not trained and needs_decomposition(program):
            result = program.clone()
            if hasattr(program, "lr_scheduler"):
                result.lr_scheduler = program.lr_scheduler
            decompose_program(result)
        if len(cache) >= 16:  # bounded: drop the oldest program
            cache.pop(next(iter(cache)))
        cache[key[0]] = (key, result if result is not program else None)  # no hold on it
        return result

    @staticmethod
    def _prepare_feed(program, feed):
        if not isinstance(feed, dict):
            raise TypeError(f"expected feed to be a dict of name -> array, but got {type(feed).__name__}")
        block = program.global_block()
        out = {}
        for key, value in feed.items():
            name = key.name if isinstance(key, Variable) else key
            var = block.vars.get(name)
            if var is None:
                raise KeyError(f"expected fed variable '{name}' to be declared in the program, "
                               "but it is not")
            if isinstance(value, core.DenseTensor):
                out[name] = value
                continue
            if not isinstance(value, np.ndarray):
                value = np.asarray(value, dtype=dtype_to_np(var.dtype))
            out[name] = value
        return out

    @staticmethod
    def _update_learning_rate(program, scope):
        scheduler = getattr(program, "lr_scheduler", None)
        if scheduler is None:
            return
        var_name = getattr(scheduler, "_var_name", None)
        if var_name is None:
            return
        lr = np.array([scheduler()], dtype=np.float32)
        scope.var(var_name).get_tensor().set(lr, core.CPUPlace())
