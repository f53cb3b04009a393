"""convert_call and the conversion of one function: its source is parsed, transformed and
compiled under the original file name and line numbers (tracebacks show the user's lines),
then bound to the original globals, closure cells and defaults. Builtins, lambdas,
generators, paddle itself, functions marked not_to_static and functions of ignored modules
(numpy, os, re, copy, collections, inspect, logging, pdb, plus ignore_module) run as they are."""
import ast
import collections
import copy
import functools
import inspect
import logging
import os
import pdb
import re
import types
import warnings
import weakref

import numpy

from paddle.jit.dy2static import ast_utils as au
from paddle.jit.dy2static import convert_operators as ops
from paddle.jit.dy2static.ast_transformer import transform_function

BUILTIN_LIKELY_MODULES = [copy, collections, inspect, logging, numpy, os, pdb, re]
_ignored_modules = []


def ignore_module(modules):
    """Functions of these modules (and their submodules) run unconverted inside to_static."""
    if not isinstance(modules, (list, tuple)):
        raise TypeError(f"expected a list of modules, but got {type(modules).__name__}")
    for m in modules:
        if not isinstance(m, types.ModuleType):
            raise TypeError(f"expected modules in ignore_module's list, but got {type(m).__name__}")
        if m not in _ignored_modules:
            _ignored_modules.append(m)
    _converted.clear()  # functions converted before must now run as they are


def not_to_static(func=None):
    """Marks a function to run unconverted when converted code calls it."""
    if func is None:
        return not_to_static
    try:
        func._paddle_not_to_static = True
    except AttributeError:
        raise TypeError(f"expected a function for not_to_static, but got "
                        f"{type(func).__name__}") from None
    try:
        _converted.pop(func, None)
    except TypeError:
        pass
    return func


def _module_dirs(module):
    path = getattr(module, "__file__", None)
    if not path:
        return None
    path = os.path.abspath(path)
    return os.path.dirname(path) + os.sep if os.path.basename(path) == "__init__.py" else path


def _in_modules(func, modules):
    name = getattr(func, "__module__", None) or ""
    filename = os.path.abspath(func.__code__.co_filename) if hasattr(func, "__code__") else ""
    for m in modules:
        if name == m.__name__ or name.startswith(m.__name__ + "."):
            return True
        where = _module_dirs(m)
        if where and filename and (filename == where or filename.startswith(where)):
            return True
    return False


def _is_paddle(obj):
    name = getattr(obj, "__module__", None) or ""
    return name == "paddle" or name.startswith("paddle.")


# -- converting one function -----------------------------------------------------------------------
_CODE_CACHE_SIZE = 512
_code_cache = collections.OrderedDict()  # (code, file, qualname) -> converted code; holds keys
_origins = weakref.WeakKeyDictionary()   # converted code object -> original qualified name
_converted = weakref.WeakKeyDictionary()  # function -> converted function (or _SAME)
_SAME = object()
_JST_CELL = None


def _jst_cell():
    global _JST_CELL
    if _JST_CELL is None:
        namespace = types.SimpleNamespace(convert_call=convert_call,
                                          **{n: getattr(ops, n) for n in ops.__all__})
        _JST_CELL = types.CellType(namespace)
    return _JST_CELL


def _parse(func):
    """The FunctionDef of `func` with its original line and column numbers, or None."""
    try:
        source = inspect.getsource(func)
    except (OSError, TypeError):
        return None
    first = source.lstrip("\n").splitlines()[0] if source.strip() else ""
    if first[:1].isspace():
        # An indented def (method, nested function) parses inside a block; the columns stay.
        module = ast.parse("if 1:\n" + source)
        fdef, offset = module.body[0].body[0], func.__code__.co_firstlineno - 2
    else:
        module = ast.parse(source)
        fdef, offset = module.body[0], func.__code__.co_firstlineno - 1
    if not isinstance(fdef, ast.FunctionDef):
        return None
    ast.increment_lineno(fdef, offset)
    return fdef


def _class_name(func):
    parts = func.__qualname__.split(".")
    if len(parts) >= 2 and parts[-2] != "<locals>":
        return parts[-2]
    return None


def _all_codes(code):
    yield code
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield from _all_codes(c)


def _converted_code(func):
    key = (func.__code__, func.__code__.co_filename, func.__qualname__)
    code = _code_cache.get(key)
    if code is not None:
        _code_cache.move_to_end(key)
        return code
    fdef = _parse(func)
    if fdef is None:
        warnings.warn(f"to_static: the source of {func.__qualname__} is not available; it runs "
                      "unconverted (Python control flow on tensors inside it will fail)")
        return None
    filename = func.__code__.co_filename
    transform_function(fdef, filename, _class_name(func))
    freevars = list(func.__code__.co_freevars)
    factory = au.function_def("__paddle_factory", [fdef, ast.Return(value=au.load(fdef.name))],
                              params=[au.JST] + freevars)
    module = ast.Module(body=au.located([factory], fdef), type_ignores=[])
    ast.fix_missing_locations(module)
    compiled = compile(module, filename, "exec", dont_inherit=True)
    factory_code = next(c for c in compiled.co_consts if isinstance(c, types.CodeType))
    code = next(c for c in factory_code.co_consts
                if isinstance(c, types.CodeType) and c.co_name == fdef.name)
    for c in _all_codes(code):
        _origins[c] = func.__qualname__
    _code_cache[key] = code
    while len(_code_cache) > _CODE_CACHE_SIZE:
        _code_cache.popitem(last=False)
    return code


def _convertible(func):
    if not isinstance(func, types.FunctionType):
        return False
    if getattr(func, "_paddle_not_to_static", False) or func.__name__ == "<lambda>":
        return False
    if inspect.isgeneratorfunction(func) or inspect.iscoroutinefunction(func) or \
            inspect.isasyncgenfunction(func):
        return False
    if getattr(func, "__wrapped__", None) is not None:
        return False  # wrapped by another decorator: its wrapper runs as it is
    if _is_paddle(func) or _in_modules(func, BUILTIN_LIKELY_MODULES + _ignored_modules):
        return False
    return True


def convert_to_static(func):
    """The converted version of a plain function (or `func` itself when it is not converted)."""
    try:
        cached = _converted.get(func)
    except TypeError:
        cached = None
    if cached is not None:
        return func if cached is _SAME else cached
    if not _convertible(func):
        result = None
    else:
        code = _converted_code(func)
        result = None if code is None else _bind(func, code)
    try:
        _converted[func] = _SAME if result is None else result
    except TypeError:
        pass
    return func if result is None else result


def _bind(func, code):
    cells = dict(zip(func.__code__.co_freevars, func.__closure__ or ()))
    cells[au.JST] = _jst_cell()
    closure = tuple(cells[name] for name in code.co_freevars)
    new = types.FunctionType(code, func.__globals__, func.__name__, func.__defaults__, closure)
    new.__kwdefaults__ = copy.copy(func.__kwdefaults__)
    new.__qualname__, new.__doc__, new.__module__ = func.__qualname__, func.__doc__, func.__module__
    new._paddle_converted_from = weakref.ref(func)
    return new


def attach_origin(exc):
    """Adds to `exc` the user's file and line where converted code raised it (the innermost
    frame of converted code; its line numbers are the original ones)."""
    if getattr(exc, "_paddle_origin", False):
        return
    tb, found = exc.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code in _origins:
            found = tb
        tb = tb.tb_next
    if found is None:
        return
    code = found.tb_frame.f_code
    import linecache
    line = linecache.getline(code.co_filename, found.tb_lineno).strip()
    note = (f"In to_static-converted code of {_origins[code]}:\n"
            f'  File "{code.co_filename}", line {found.tb_lineno}\n    {line}')
    try:
        exc._paddle_origin = True
    except AttributeError:
        return
    if len(exc.args) == 1 and isinstance(exc.args[0], str) and not isinstance(exc, KeyError):
        exc.args = (f"{exc.args[0]}\n\n{note}",)
    else:
        exc.add_note(note)


# -- convert_call ----------------------------------------------------------------------------------
def _builtin_table():
    from paddle.base import eager
    table = {print: ops.convert_print, len: ops.convert_len, range: ops.convert_range,
             enumerate: ops.convert_enumerate, zip: ops.convert_zip,
             isinstance: ops.convert_isinstance, bool: ops.convert_to_bool,
             int: ops.convert_to_int, float: ops.convert_to_float,
             eager.to_tensor: convert_to_tensor}
    return table


_BUILTINS = None


def convert_to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """paddle.to_tensor inside converted code: a constant of the traced program (its value
    goes into the program's scope like a parameter's)."""
    from paddle.base import eager
    from paddle.base.framework import in_dynamic_mode
    from paddle.static.control_flow import is_static_var
    if in_dynamic_mode():
        return eager.to_tensor(data, dtype, place, stop_gradient)
    if is_static_var(data):
        from paddle.tensor.manipulation import cast
        return cast(data, dtype) if dtype is not None else data
    from paddle.jit.dy2static.program_translator import capture_tensor
    return capture_tensor(eager.to_tensor(data, dtype, place, stop_gradient=True))


def _convert_layer(layer):
    from paddle.jit.dy2static.program_translator import StaticFunction, capture_layer
    capture_layer(layer)
    forward = layer.__dict__.get("forward", None) or getattr(layer, "forward")
    if _is_paddle(type(layer)) and type(layer).__name__ != "Sequential":
        return layer
    if isinstance(forward, StaticFunction):
        converted = forward._converted_callable()
    else:
        converted = convert_call(forward)
    if converted is forward:
        return layer

    @functools.wraps(layer.__call__)
    def call(*args, **kwargs):
        # Swap forward only for this call: Layer.__call__ still runs the hooks around it.
        had = "forward" in layer.__dict__
        saved = layer.__dict__.get("forward")
        layer.__dict__["forward"] = converted
        try:
            return layer(*args, **kwargs)
        finally:
            if had:
                layer.__dict__["forward"] = saved
            else:
                del layer.__dict__["forward"]

    return call


def convert_call(func):
    """The callable converted code calls instead of `func`."""
    global _BUILTINS
    if _BUILTINS is None:
        _BUILTINS = _builtin_table()
    try:
        replacement = _BUILTINS.get(func)
    except TypeError:  # unhashable callable
        replacement = None
    if replacement is not None:
        return replacement
    from paddle.jit.dy2static.program_translator import StaticFunction, capture_referenced
    from paddle.nn.layer.layers import Layer
    if isinstance(func, StaticFunction):
        capture_referenced(func.dygraph_function)
        return func._converted_callable()
    if isinstance(func, Layer):
        return _convert_layer(func)
    if isinstance(func, (types.BuiltinFunctionType, types.BuiltinMethodType, type)):
        return func
    if isinstance(func, types.FunctionType):
        if not _is_paddle(func):
            capture_referenced(func)
        return convert_to_static(func)
    if isinstance(func, types.MethodType):
        inner = func.__func__
        if isinstance(inner, types.FunctionType):
            if not _is_paddle(inner):
                capture_referenced(inner)
            converted = convert_to_static(inner)
            return func if converted is inner else types.MethodType(converted, func.__self__)
        return func
    call = getattr(type(func), "__call__", None)
    if isinstance(call, types.FunctionType) and not isinstance(func, functools.partial):
        converted = convert_to_static(call)
        if converted is not call:
            return types.MethodType(converted, func)
    return func


