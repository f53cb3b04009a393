"""AST helpers of the to_static source transformation: node builders, the names a block of
statements binds, and searches that stop at nested scopes or loops."""
import ast

# The name under which converted code reaches the runtime helpers (a closure cell, so the
# user's module globals stay untouched).
JST = "__paddle_jst__"

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
           ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_LOOPS = (ast.While, ast.For, ast.AsyncFor)


class Dy2StaticSyntaxError(NotImplementedError):
    """Python syntax that to_static cannot convert, with the construct and its line."""

    def __init__(self, construct, node, filename=None, detail=""):
        where = f'File "{filename}", line {getattr(node, "lineno", "?")}' if filename else \
            f"line {getattr(node, 'lineno', '?')}"
        super().__init__(f"to_static does not support {construct} ({where}){detail}")


def load(name):
    return ast.Name(id=name, ctx=ast.Load())


def store(name):
    return ast.Name(id=name, ctx=ast.Store())


def jst(attr):
    return ast.Attribute(value=load(JST), attr=attr, ctx=ast.Load())


def call(func, args=(), keywords=()):
    return ast.Call(func=func, args=list(args), keywords=list(keywords))


def assign(name, value):
    return ast.Assign(targets=[store(name)], value=value)


def const(value):
    return ast.Constant(value=value)


def not_(expr):
    return ast.UnaryOp(op=ast.Not(), operand=expr)


def function_def(name, body, params=()):
    args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], vararg=None,
                         kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
    return ast.FunctionDef(name=name, args=args, body=list(body) or [ast.Pass()],
                           decorator_list=[], returns=None, type_comment=None)


def _place(node, origin):
    # Only the first line: CPython 3.11 reports a method call at its attribute's end line.
    node.lineno = node.end_lineno = origin.lineno
    node.col_offset = node.end_col_offset = origin.col_offset


def located(nodes, origin):
    """`nodes` (and their children without a location) carry `origin`'s line: errors in
    generated code then point at the user's line."""
    for node in nodes:
        _place(node, origin)
        for child in ast.walk(node):
            if "lineno" in child._attributes and not hasattr(child, "lineno"):
                _place(child, origin)
    return nodes


def is_jst_call(node):
    func = node.func
    return (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and func.value.id == JST)


class AssignedNames(ast.NodeVisitor):
    """Names a list of statements binds in its own scope, in first-binding order. Nested
    function, class, lambda and comprehension bodies are other scopes; except-clause names are
    unbound when the clause ends, so they never outlive it."""

    def __init__(self):
        self.names = []
        self._seen = set()

    def _add(self, name):
        if name not in self._seen:
            self._seen.add(name)
            self.names.append(name)

    def visit_Name(self, node):
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            self._add(node.id)

    def _visit_function(self, node):
        self._add(node.name)
        for expr in node.decorator_list + node.args.defaults + [
                d for d in node.args.kw_defaults if d is not None]:
            self.visit(expr)

    visit_FunctionDef = visit_AsyncFunctionDef = _visit_function

    def visit_ClassDef(self, node):
        self._add(node.name)
        for expr in node.decorator_list + node.bases + [k.value for k in node.keywords]:
            self.visit(expr)

    def visit_Lambda(self, node):
        for expr in node.args.defaults:
            self.visit(expr)

    def _visit_comprehension(self, node):
        self.visit(node.generators[0].iter)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _visit_comprehension

    def visit_Import(self, node):
        for alias in node.names:
            self._add(alias.asname or alias.name.split(".")[0])

    visit_ImportFrom = visit_Import

    def visit_ExceptHandler(self, node):
        if node.type is not None:
            self.visit(node.type)
        for stmt in node.body:
            self.visit(stmt)

    def visit_MatchAs(self, node):
        if node.name:
            self._add(node.name)
        self.generic_visit(node)

    def visit_MatchStar(self, node):
        if node.name:
            self._add(node.name)

    def visit_MatchMapping(self, node):
        if node.rest:
            self._add(node.rest)
        self.generic_visit(node)


def assigned_names(nodes):
    visitor = AssignedNames()
    for node in nodes:
        visitor.visit(node)
    return visitor.names


_MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault",
             "popitem", "add", "discard", "sort", "reverse"}


def mutated_names(nodes):
    """Names whose object a statement changes in place through a method (acc.append(x)):
    inside tensor-dependent control flow such a change cannot be represented, so converted
    code treats them like assigned names and checks them."""
    names, stack = [], list(nodes)
    while stack:
        node = stack.pop()
        # acc.append (called directly or through convert_call(acc.append))
        if isinstance(node, ast.Attribute) and node.attr in _MUTATORS and \
                isinstance(node.value, ast.Name) and node.value.id not in names:
            names.append(node.value.id)
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))
    return names


def find(nodes, kinds, stop_at_loops=False):
    """The first node of `kinds` within `nodes`, not looking inside nested scopes (nor inside
    nested loops when stop_at_loops), or None."""
    stack = list(reversed(list(nodes)))
    while stack:
        node = stack.pop()
        if isinstance(node, kinds):
            return node
        if isinstance(node, _SCOPES) or (stop_at_loops and isinstance(node, _LOOPS)):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))
    return None


def contains(nodes, kinds, stop_at_loops=False):
    return find(nodes, kinds, stop_at_loops) is not None


def statement_lists(node):
    """The statement lists directly inside a compound statement (not nested scopes or loops)."""
    if isinstance(node, ast.If):
        return [node.body, node.orelse]
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return [node.body]
    if isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))):
        return [node.body, node.orelse, node.finalbody] + [h.body for h in node.handlers]
    if isinstance(node, ast.Match):
        return [case.body for case in node.cases]
    return []


class Replace(ast.NodeTransformer):
    """Replaces nodes of one kind (outside nested scopes, and outside nested loops when asked)
    by the statements `make(node)` returns."""

    def __init__(self, kinds, make, stop_at_loops):
        self.kinds, self.make, self.stop_at_loops = kinds, make, stop_at_loops

    def visit(self, node):
        if isinstance(node, self.kinds):
            return self.make(node)
        if isinstance(node, _SCOPES) or (self.stop_at_loops and isinstance(node, _LOOPS)):
            return node
        return self.generic_visit(node)


def replace_in(stmts, kinds, make, stop_at_loops=False):
    replacer = Replace(kinds, make, stop_at_loops)
    out = []
    for stmt in stmts:
        result = replacer.visit(stmt)
        out.extend(result if isinstance(result, list) else [result])
    return out
