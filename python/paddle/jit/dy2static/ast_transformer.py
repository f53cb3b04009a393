"""The to_static source transformation of one function: after the loop and return rewrites,
and/or/not go through convert_logical_*, x.shape through convert_shape, every call through
convert_call, and each if/while becomes nested functions handed to convert_ifelse /
convert_while_loop, which decide at run time (Python value or tensor) whether Python runs it or
a cond / while op is built."""
import ast
import itertools

from paddle.jit.dy2static import ast_utils as au
from paddle.jit.dy2static.loop_transformer import transform_loops_and_returns


class _Checks(ast.NodeVisitor):
    """Refuses what cannot be converted, naming the construct and line."""

    def __init__(self, filename):
        self.filename = filename

    def _refuse(self, node, what):
        raise au.Dy2StaticSyntaxError(what, node, self.filename)

    def visit_FunctionDef(self, node):
        pass  # nested functions are converted (or refused) when they are called

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef

    def visit_Yield(self, node):
        self._refuse(node, "'yield' (generator functions run unconverted)")

    visit_YieldFrom = visit_Yield

    def visit_Await(self, node):
        self._refuse(node, "'await'")

    def visit_AsyncWith(self, node):
        self._refuse(node, "'async with'")

    def visit_AsyncFor(self, node):
        self._refuse(node, "'async for'")

    def visit_BoolOp(self, node):
        if au.contains(node.values[1:], ast.NamedExpr):
            self._refuse(node, "an assignment expression (:=) in the right operand of and/or")
        self.generic_visit(node)


class _SuperAndMangling(ast.NodeTransformer):
    """Code compiled outside its class: zero-argument super() gets its class and instance
    explicitly, and private names (__x) are mangled as the class body would have done."""

    def __init__(self, class_name, first_param):
        self.prefix = "_" + class_name.lstrip("_") if class_name and class_name.strip("_") else None
        self.first_param = first_param

    def _mangle(self, name):
        if self.prefix and name.startswith("__") and not name.endswith("__") and name != au.JST:
            return self.prefix + name
        return name

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "super" and not node.args \
                and not node.keywords and self.first_param:
            node.args = [au.load("__class__"), au.load(self.first_param)]
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        node.attr = self._mangle(node.attr)
        return node

    def visit_Name(self, node):
        node.id = self._mangle(node.id)
        return node


class _Logical(ast.NodeTransformer):
    """a and b -> convert_logical_and(lambda: a, lambda: b) (short-circuit kept for Python
    values), not a -> convert_logical_not(a), a < b < c -> (a < b) and (b < c),
    a if c else b -> convert_ifexp(c, lambda: a, lambda: b)."""

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef

    def visit_Compare(self, node):
        if len(node.ops) == 1:
            return self.generic_visit(node)
        left, parts = node.left, []
        for op, right in zip(node.ops, node.comparators):
            parts.append(ast.Compare(left=left, ops=[op], comparators=[right]))
            left = right
        return self.visit(au.located([ast.BoolOp(op=ast.And(), values=parts)], node)[0])

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        name = "convert_logical_and" if isinstance(node.op, ast.And) else "convert_logical_or"
        result = node.values[-1]
        for value in reversed(node.values[:-1]):
            result = au.call(au.jst(name), [_thunk(value), _thunk(result)])
        return au.located([result], node)[0]

    def visit_IfExp(self, node):
        self.generic_visit(node)
        return au.located([au.call(au.jst("convert_ifexp"), [node.test, _thunk(node.body),
                                                              _thunk(node.orelse)])], node)[0]

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return au.located([au.call(au.jst("convert_logical_not"), [node.operand])], node)[0]
        return node


def _thunk(expr):
    args = ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[],
                         kwarg=None, defaults=[])
    return au.located([ast.Lambda(args=args, body=expr)], expr)[0]


class _Shapes(ast.NodeTransformer):
    """x.shape (read) -> convert_shape(x): a static tensor's extents unknown when tracing
    become tensors read at run time (PaddlePaddle's convert_shape)."""

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if node.attr != "shape" or not isinstance(node.ctx, ast.Load):
            return node
        return au.located([au.call(au.jst("convert_shape"), [node.value])], node)[0]


class _Calls(ast.NodeTransformer):
    """f(...) -> convert_call(f)(...): user functions and layers are converted when called;
    builtins like print/len/range get their tensor-aware versions."""

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef

    def visit_Call(self, node):
        self.generic_visit(node)
        if au.is_jst_call(node) or (isinstance(node.func, ast.Name) and node.func.id == "super"):
            return node
        node.func = au.located([au.call(au.jst("convert_call"), [node.func])], node.func)[0]
        return node


def _assert_to_call(node):
    args = [node.test] + ([node.msg] if node.msg is not None else [])
    return au.located([ast.Expr(value=au.call(au.jst("convert_assert"), args))], node)


class _ControlFlow:
    """if/while -> nested functions sharing the enclosing variables through nonlocal, plus
    get/set functions for the variables the statement binds, passed to the runtime helper."""

    def __init__(self, global_names, local_names):
        self.counter = itertools.count()
        self.global_names = set(global_names)
        self.local_names = set(local_names)
        self.shared = []  # every name some generated function declares nonlocal

    def _names(self, stmts):
        names = au.assigned_names(stmts)
        return names + [n for n in au.mutated_names(stmts)
                        if n in self.local_names and n not in names]

    def body(self, stmts):
        out = []
        for stmt in stmts:
            if isinstance(stmt, ast.If):
                out.extend(self._if(stmt))
            elif isinstance(stmt, ast.While):
                out.extend(self._while(stmt))
            elif isinstance(stmt, ast.Assert):
                out.extend(_assert_to_call(stmt))
            else:
                for inner in au.statement_lists(stmt):
                    inner[:] = self.body(inner)
                out.append(stmt)
        return out

    def _declarations(self, names):
        local = [n for n in names if n not in self.global_names]
        glob = [n for n in names if n in self.global_names]
        for n in local:
            if n not in self.shared:
                self.shared.append(n)
        decls = []
        if local:
            decls.append(ast.Nonlocal(names=local))
        if glob:
            decls.append(ast.Global(names=glob))
        return decls

    def _accessors(self, n, names, origin):
        decls = self._declarations(names)
        getter = au.function_def(f"__get_args_{n}", decls + [
            ast.Return(value=ast.Tuple(elts=[au.load(x) for x in names], ctx=ast.Load()))])
        target = ast.Tuple(elts=[au.store(x) for x in names], ctx=ast.Store())
        setter = au.function_def(f"__set_args_{n}", self._declarations(names) + (
            [ast.Assign(targets=[target], value=au.load("__args"))] if names else [ast.Pass()]),
            params=["__args"])
        return au.located([getter, setter], origin)

    def _if(self, node):
        n = next(self.counter)
        names = self._names(node.body + node.orelse)
        true_fn = au.function_def(f"__true_fn_{n}", self._declarations(names) + self.body(node.body))
        false_fn = au.function_def(f"__false_fn_{n}",
                                   self._declarations(names) + self.body(node.orelse))
        getter, setter = self._accessors(n, names, node)
        call = ast.Expr(value=au.call(au.jst("convert_ifelse"), [
            node.test, au.load(true_fn.name), au.load(false_fn.name), au.load(getter.name),
            au.load(setter.name), au.const(tuple(names))]))
        return au.located([true_fn, false_fn, getter, setter, call], node)

    def _while(self, node):
        n = next(self.counter)
        names = self._names(node.body + [ast.Expr(value=node.test)])
        cond_fn = au.function_def(f"__while_cond_{n}",
                                  self._declarations(names) + [ast.Return(value=node.test)])
        body_fn = au.function_def(f"__while_body_{n}", self._declarations(names) + self.body(node.body))
        getter, setter = self._accessors(n, names, node)
        call = ast.Expr(value=au.call(au.jst("convert_while_loop"), [
            au.load(cond_fn.name), au.load(body_fn.name), au.load(getter.name),
            au.load(setter.name), au.const(tuple(names))]))
        out = au.located([cond_fn, body_fn, getter, setter, call], node)
        return out + self.body(node.orelse)


def _declared(fdef, kind):
    """Names of the global or nonlocal statements of `fdef` itself (not nested scopes)."""
    names, stack = [], list(fdef.body)
    while stack:
        node = stack.pop()
        if isinstance(node, kind):
            names.extend(node.names)
        if not isinstance(node, au._SCOPES):
            stack.extend(ast.iter_child_nodes(node))
    return names


def _parameters(fdef):
    a = fdef.args
    names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
    names += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
    return names


def transform_function(fdef, filename, class_name=None):
    """Rewrites `fdef` (an ast.FunctionDef) in place into its converted form."""
    _Checks(filename).visit(ast.Module(body=fdef.body, type_ignores=[]))
    fdef.decorator_list = []
    params = _parameters(fdef)
    if class_name is not None or any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                                     and n.func.id == "super" for n in ast.walk(fdef)):
        mangler = _SuperAndMangling(class_name, params[0] if params else None)
        fdef.body = [mangler.visit(stmt) for stmt in fdef.body]
    transform_loops_and_returns(fdef, filename)
    fdef.body = [_Logical().visit(stmt) for stmt in fdef.body]
    fdef.body = [_Shapes().visit(stmt) for stmt in fdef.body]
    fdef.body = [_Calls().visit(stmt) for stmt in fdef.body]
    global_names = _declared(fdef, ast.Global)
    nonlocal_names = _declared(fdef, ast.Nonlocal)
    flow = _ControlFlow(global_names, params + au.assigned_names(fdef.body))
    fdef.body = flow.body(fdef.body)
    # Names shared with generated functions must be bound in this function for nonlocal to
    # find them: they start as UndefinedVar (using one before assignment raises, naming it).
    skip = set(params) | set(global_names) | set(nonlocal_names)
    init = [au.assign(name, au.call(au.jst("UndefinedVar"), [au.const(name)]))
            for name in flow.shared if name not in skip]
    fdef.body = au.located(init, fdef) + fdef.body
    ast.fix_missing_locations(fdef)
    return fdef
