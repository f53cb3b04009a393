"""Program passes from Python, as in PaddlePaddle: new_pass(name, attrs) and
PassManager([...]).apply(main_programs, startup_programs). Each pass runs in the C++ IR
pass manager; the program is rewritten in place."""
from paddle.base import core

# PaddlePaddle's Python pass names -> the C++ passes that implement them.
_ALIASES = {
    "fuse_elewise_add_act": "fuse_elewise_add_act_pass",
    "fuse_bn_act": "fuse_bn_act_pass",
    "fuse_gemm_epilogue": "fuse_gemm_epilogue_pass",
    "buffer_shared_inplace": "buffer_shared_inplace_pass",
    "inplace": "buffer_shared_inplace_pass",
    "memory_optimize": "buffer_shared_inplace_pass",
    "conv_bn_fuse": "conv_bn_fuse_pass",
    "fc_fuse": "fc_fuse_pass",
    "dead_code_elimination": "dead_code_elimination_pass",
    "constant_folding": "constant_folding_pass",
    "is_test": "is_test_pass",
}


def _cpp_name(name):
    registered = set(core.registered_passes())
    for candidate in (name, _ALIASES.get(name, ""), name + "_pass"):
        if candidate in registered:
            return candidate
    raise KeyError(f"expected a registered pass, but got '{name}'; registered: {sorted(registered)}")


class PassBase:
    def __init__(self, name, attrs=None):
        self.name = name
        self.cpp_name = _cpp_name(name)
        self._attrs = dict(attrs or {})
        self.changed = False

    def set_attr(self, key, value):
        self._attrs[key] = value
        return self

    def get_attr(self, key, default=None):
        return self._attrs.get(key, default)

    def apply(self, main_programs, startup_programs=None, pass_context=None):
        mains = main_programs if isinstance(main_programs, (list, tuple)) else [main_programs]
        for program in mains:
            _apply_to_program(program, [self.cpp_name], self._attrs)
        return pass_context


def _apply_to_program(program, cpp_passes, attrs=None):
    from paddle.base.executor import global_scope
    attrs = attrs or {}
    protected = list(attrs.get("protected_vars", []))
    rewritten = core.apply_passes(program.desc, cpp_passes, attrs.get("scope") or global_scope(),
                                  protected, bool(attrs.get("verify", False)), [],
                                  int(attrs.get("max_rounds", 1)))
    program.desc = rewritten
    program.blocks = program.blocks[: rewritten.num_blocks()]
    for i, block in enumerate(program.blocks):
        block.desc = rewritten.block(i)
    program._sync_with_cpp()


def new_pass(name, pass_attrs=None):
    return PassBase(name, pass_attrs)


class PassContext:
    def __init__(self):
        self.passes = []


class PassManager:
    def __init__(self, passes, context=None, auto_solve_conflict=True):
        self.passes = [p if isinstance(p, PassBase) else new_pass(p) for p in passes]
        self.context = context or PassContext()

    @property
    def names(self):
        return [p.name for p in self.passes]

    def apply(self, main_programs, startup_programs=None):
        for p in self.passes:
            p.apply(main_programs, startup_programs, self.context)
            self.context.passes.append(p)
        return self.context
