"""paddle.jit.to_static and its switches: not_to_static, ignore_module, enable_to_static."""
import functools

from paddle.jit.dy2static.convert_call import ignore_module, not_to_static  # noqa: F401
from paddle.jit.dy2static.program_translator import StaticFunction, enable_to_static  # noqa: F401


def to_static(function=None, input_spec=None, build_strategy=None, backend=None,
              full_graph=False, **kwargs):
    """Converts a function, a Layer method or a Layer (its forward) into a StaticFunction that
    runs the program traced from its converted source. Usable as @to_static or
    @to_static(input_spec=[...]). build_strategy and backend are accepted for compatibility;
    conversion is always by source (AST), as PaddlePaddle's full_graph=True."""
    if function is None:
        return functools.partial(to_static, input_spec=input_spec, build_strategy=build_strategy,
                                 backend=backend, full_graph=full_graph, **kwargs)
    from paddle.nn.layer.layers import Layer
    if isinstance(function, Layer):
        forward = function.__dict__.get("forward")
        if not isinstance(forward, StaticFunction):
            current = function.forward
            if isinstance(current, StaticFunction):  # a class-level @to_static forward
                if input_spec is None:
                    return function
                current = current.rollback()
            function.__dict__["forward"] = StaticFunction(current, input_spec, build_strategy,
                                                          backend, full_graph, **kwargs)
        return function
    if isinstance(function, StaticFunction):
        if input_spec is None:
            return function
        function = function.rollback()
    if not callable(function):
        raise TypeError(f"expected a function, method or Layer for to_static, but got "
                        f"{type(function).__name__}")
    return StaticFunction(function, input_spec, build_strategy, backend, full_graph, **kwargs)
