"""paddle.jit: to_static (AST conversion of dygraph code into programs run by the
interpreter, backward included) and save/load of the inference model it traces."""
from paddle.jit.api import (enable_to_static, ignore_module, not_to_static,  # noqa: F401
                            to_static)
from paddle.jit.dy2static.program_translator import StaticFunction  # noqa: F401
from paddle.jit.translated_layer import TranslatedLayer, load, save  # noqa: F401

__all__ = ["to_static", "not_to_static", "ignore_module", "enable_to_static", "save", "load",
           "TranslatedLayer", "StaticFunction"]
