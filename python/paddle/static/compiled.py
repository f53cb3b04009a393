"""BuildStrategy and CompiledProgram: the strategy's live switches turn on IR passes that
rewrite the program once per (program identity and generation, fetch list); one executor runs the result.
There is no ExecutionStrategy and no ParallelExecutor."""
from paddle.base import core
from paddle.base.framework import Program

_STRATEGY_PASSES = (
    ("fuse_elewise_add_act_ops", "fuse_elewise_add_act_pass"),
    ("fuse_bn_act_ops", "fuse_bn_act_pass"),
    ("fuse_gemm_epilogue", "fuse_gemm_epilogue_pass"),
    ("enable_inplace", "buffer_shared_inplace_pass"),
    ("memory_optimize", "buffer_shared_inplace_pass"),
    ("build_cinn_pass", "build_cinn_pass"),
)


def _decompose_for_fusion(program):
    """With forward prim on, the fusion compiler groups the primitives: decompose here (as the
    executor would after the passes) so build_cinn_pass sees them. Programs with backward ops
    stay composite, as the executor leaves them."""
    if not core._is_fwd_prim_enabled():
        return
    from paddle.base.framework import OpRole
    from paddle.decomposition import decompose_program, needs_decomposition
    trained = any(op.has_attr("op_role") and op.attr("op_role") & OpRole.Backward
                  for op in program.global_block().ops)
    if not trained and needs_decomposition(program):
        decompose_program(program)


class BuildStrategy:
    """Switches PaddlePaddle users set; the ones listed in _STRATEGY_PASSES select passes,
    the rest are accepted for compatibility and have no effect here."""

    def __init__(self):
        self.fuse_elewise_add_act_ops = False
        self.fuse_bn_act_ops = False
        self.fuse_bn_add_act_ops = False
        self.fuse_gemm_epilogue = False
        self.enable_inplace = False
        self.memory_optimize = False
        self.enable_addto = False
        self.fuse_relu_depthwise_conv = False
        self.fuse_broadcast_ops = False
        self.fuse_all_optimizer_ops = False
        self.fuse_all_reduce_ops = False
        self.sync_batch_norm = False
        self.reduce_strategy = None
        self.gradient_scale_strategy = None
        self.debug_graphviz_path = ""
        self.enable_sequential_execution = False
        self.remove_unnecessary_lock = True
        self.num_trainers = 1
        self.trainer_id = 0
        self.build_cinn_pass = False

    def _passes(self):
        names = []
        for attr, pass_name in _STRATEGY_PASSES:
            if getattr(self, attr) and pass_name not in names:
                names.append(pass_name)
        return names


class CompiledProgram:
    _is_compiled_program = True

    def __init__(self, program_or_graph, build_strategy=None):
        if not isinstance(program_or_graph, Program):
            raise TypeError(f"expected a Program, but got {type(program_or_graph).__name__}")
        self._program = program_or_graph
        self._build_strategy = build_strategy or BuildStrategy()
        self._cache = {}

    def _get_program(self, fetch_names=()):
        # Keyed by the desc's identity and generation, so any edit recompiles.
        key = (self._program._cache_key(), tuple(fetch_names), core._is_fwd_prim_enabled())
        compiled = self._cache.get(key)
        if compiled is None:
            passes = [p for p in self._build_strategy._passes() if p in core.registered_passes()]
            missing = [p for p in self._build_strategy._passes() if p not in passes]
            if missing:
                raise NotImplementedError(f"BuildStrategy asks for passes this build lacks: {missing}")
            compiled = self._program.clone()
            if hasattr(self._program, "lr_scheduler"):
                compiled.lr_scheduler = self._program.lr_scheduler
            if "build_cinn_pass" in passes:
                _decompose_for_fusion(compiled)
            if passes:
                from paddle.distributed.passes import _apply_to_program
                _apply_to_program(compiled, passes, {"protected_vars": list(fetch_names)})
            self._cache = {key: compiled}  # bounded: only the latest version is kept
        return compiled

    @property
    def program(self):
        return self._program

    def with_data_parallel(self, loss_name=None, build_strategy=None, exec_strategy=None,
                           share_vars_from=None, places=None):
        if build_strategy is not None:
            self._build_strategy = build_strategy
        return self
