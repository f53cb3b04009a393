"""to_static rewrites that give loops and returns a shape the converted control flow can run:
for loops become index-driven while loops, a return inside a loop becomes a flag plus break,
break/continue become flags guarding the rest of the body, and returns inside ifs are moved
so that every path of such an if ends in the one value returned after it."""
import ast
import copy
import itertools

from paddle.jit.dy2static import ast_utils as au


class ForToWhile(ast.NodeTransformer):
    """for TARGET in ITER -> an index-driven while loop. range(...) counts with an index that
    may be a tensor; enumerate(...) and other iterables are indexed through convert_getitem,
    so a tensor iterated with a dynamic first extent becomes a while op."""

    def __init__(self, counter):
        self.counter = counter

    def visit_FunctionDef(self, node):
        return node  # nested functions convert on their own when called

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def visit_AsyncFor(self, node):
        raise au.Dy2StaticSyntaxError("'async for'", node)

    def visit_For(self, node):
        self.generic_visit(node)
        n = next(self.counter)
        idx, it = f"__for_idx_{n}", node.iter
        is_call = isinstance(it, ast.Call) and isinstance(it.func, ast.Name)
        if is_call and it.func.id == "range" and not it.keywords and 1 <= len(it.args) <= 3 \
                and not any(isinstance(a, ast.Starred) for a in it.args):
            start, stop, step = f"__for_start_{n}", f"__for_stop_{n}", f"__for_step_{n}"
            pre = [ast.Assign(targets=[ast.Tuple(elts=[au.store(start), au.store(stop), au.store(step)],
                                                 ctx=ast.Store())],
                              value=au.call(au.jst("convert_range_args"), it.args)),
                   au.assign(idx, au.load(start))]
            test = au.call(au.jst("convert_range_cond"), [au.load(idx), au.load(stop), au.load(step)])
            head = [ast.Assign(targets=[node.target], value=au.load(idx)),
                    au.assign(idx, ast.BinOp(left=au.load(idx), op=ast.Add(), right=au.load(step)))]
        else:
            seq, length = f"__for_iter_{n}", f"__for_len_{n}"
            if is_call and it.func.id == "enumerate":
                source = au.call(au.jst("convert_enumerate"), it.args, it.keywords)
            else:
                source = au.call(au.jst("convert_for_iter"), [it])
            pre = [au.assign(seq, source),
                   au.assign(length, au.call(au.jst("convert_len"), [au.load(seq)])),
                   au.assign(idx, au.const(0))]
            test = ast.Compare(left=au.load(idx), ops=[ast.Lt()], comparators=[au.load(length)])
            head = [ast.Assign(targets=[node.target],
                               value=au.call(au.jst("convert_getitem"), [au.load(seq), au.load(idx)])),
                    au.assign(idx, ast.BinOp(left=au.load(idx), op=ast.Add(), right=au.const(1)))]
        loop = ast.While(test=test, body=head + node.body, orelse=node.orelse)
        return au.located(pre + [loop], node)


class ReturnsInLoops(ast.NodeTransformer):
    """return e inside a loop -> value and flag set, then break; after the loop, a return of
    the value when the flag is set (an if, which the return normalization handles)."""

    def __init__(self, flag, value):
        self.flag, self.value = flag, value
        self.used = False

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def visit_While(self, node):
        self.generic_visit(node)  # inner loops first: their returns are outside them now
        if not au.contains(node.body, ast.Return):
            return node
        self.used = True

        def replace(ret):
            value = ret.value if ret.value is not None else au.const(None)
            return au.located([au.assign(self.value, value), au.assign(self.flag, au.const(True)),
                               ast.Break()], ret)

        node.body = au.replace_in(node.body, ast.Return, replace)
        after = ast.If(test=au.load(self.flag), body=[ast.Return(value=au.load(self.value))], orelse=[])
        return [node] + au.located([after], node)


class BreakContinue(ast.NodeTransformer):
    """break/continue -> flags; the statements after one that may set a flag run under
    `if not flag`, and the loop test gains `and not break_flag`."""

    def __init__(self, counter):
        self.counter = counter

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def visit_While(self, node):
        self.generic_visit(node)
        has_break = au.contains(node.body, ast.Break, stop_at_loops=True)
        has_continue = au.contains(node.body, ast.Continue, stop_at_loops=True)
        if not (has_break or has_continue):
            node.orelse, orelse = [], node.orelse  # no break: the else part always runs after
            return [node] + orelse
        n = next(self.counter)
        brk, cont = f"__break_{n}", f"__continue_{n}"
        flags = []

        def replace(stmt):
            flag = brk if isinstance(stmt, ast.Break) else cont
            return au.located([au.assign(flag, au.const(True))], stmt)

        body = au.replace_in(node.body, (ast.Break, ast.Continue), replace, stop_at_loops=True)
        if has_break:
            flags.append(brk)
        if has_continue:
            flags.append(cont)
        body = _guard(body, set(flags))
        if has_continue:
            body = au.located([au.assign(cont, au.const(False))], node) + body
        test = node.test
        if has_break:
            test = ast.BoolOp(op=ast.And(), values=[test, au.not_(au.load(brk))])
        pre = au.located([au.assign(brk, au.const(False))], node) if has_break else []
        post = node.orelse
        if node.orelse and has_break:
            post = au.located([ast.If(test=au.not_(au.load(brk)), body=node.orelse, orelse=[])], node)
        loop = ast.While(test=test, body=body, orelse=[])
        return pre + au.located([loop], node) + post


def _flags_set(stmt, flags):
    """The flags `stmt` may set (outside nested loops and scopes)."""
    found = set()
    for node in [stmt] + ([] if isinstance(stmt, au._LOOPS) else list(ast.walk(stmt))):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and node.targets[0].id in flags:
            found.add(node.targets[0].id)
    return found


def _guard(stmts, flags):
    out = []
    for i, stmt in enumerate(stmts):
        for body in au.statement_lists(stmt):
            body[:] = _guard(body, flags)
        out.append(stmt)
        set_here = sorted(_flags_set(stmt, flags))
        if set_here and i + 1 < len(stmts):
            rest = _guard(stmts[i + 1:], flags)
            test = (au.load(set_here[0]) if len(set_here) == 1 else
                    ast.BoolOp(op=ast.Or(), values=[au.load(f) for f in set_here]))
            out.extend(au.located([ast.If(test=au.not_(test), body=rest, orelse=[])], stmts[i + 1]))
            break
    return out


# -- returns inside ifs ---------------------------------------------------------------------------
def _always_returns(stmts):
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, ast.Return):
        return True
    if isinstance(last, ast.If):
        return _always_returns(last.body) and _always_returns(last.orelse)
    return False


def _check_returns_in_block(node, filename, top):
    """A return inside with/try/match runs natively only at the function's top level and not
    under an if there (converted branches are functions of their own)."""
    for body in au.statement_lists(node):
        inner_if = au.find(body, ast.If)
        ret = au.find(body, ast.Return)
        if ret is None:
            continue
        if not top or (inner_if is not None and au.contains([inner_if], ast.Return)):
            kind = type(node).__name__.lower()
            raise au.Dy2StaticSyntaxError(f"a return inside a '{kind}' block under an if or loop",
                                          ret, filename, "; move the return out of the block")


def _normalize(stmts, filename, top=False):
    """Every if that contains a return takes the statements after it into its branches, so
    that each path ends in a return; falling off the end returns None explicitly."""
    out = []
    for i, stmt in enumerate(stmts):
        if isinstance(stmt, ast.Return):
            out.append(stmt)
            return out
        if isinstance(stmt, ast.If) and au.contains([stmt], ast.Return):
            rest = stmts[i + 1:]
            stmt.body = _normalize(stmt.body + copy.deepcopy(rest), filename)
            stmt.orelse = _normalize(stmt.orelse + rest, filename)
            out.append(stmt)
            return out
        if au.statement_lists(stmt) and au.contains([stmt], ast.Return):
            _check_returns_in_block(stmt, filename, top)
        out.append(stmt)
    ret = ast.Return(value=au.const(None))
    out.append(au.located([ret], stmts[-1])[0] if stmts else ret)
    return out


def _returns_to_assignments(stmts, value_name):
    def replace(ret):
        value = ret.value if ret.value is not None else au.const(None)
        return au.located([au.assign(value_name, value)], ret)

    return au.replace_in(stmts, ast.Return, replace)


def normalize_returns(fdef, filename):
    """Returns nested in ifs become assignments of one value, returned after the outermost
    such if. Top-level returns stay as they are."""
    ifs = [node for node in ast.walk(ast.Module(body=fdef.body, type_ignores=[]))
           if isinstance(node, ast.If)]
    if not any(au.contains([node], ast.Return) for node in ifs):
        for stmt in fdef.body:  # still refuse returns that only a rewrite could reach
            if au.statement_lists(stmt) and au.contains([stmt], ast.Return):
                _check_returns_in_block(stmt, filename, True)
        return
    value = "__return_value"
    body = _normalize(fdef.body, filename, top=True)
    out = []
    for stmt in body:
        if isinstance(stmt, ast.If) and au.contains([stmt], ast.Return):
            out.append(_returns_to_assignments([stmt], value)[0])
            out.extend(au.located([ast.Return(value=au.load(value))], stmt))
            break
        out.append(stmt)
        if isinstance(stmt, ast.Return):
            break
    fdef.body = out


def transform_loops_and_returns(fdef, filename):
    """The loop and return rewrites, in the order they depend on each other."""
    counter = itertools.count()
    fdef.body = _visit_body(ForToWhile(counter), fdef.body)
    returns = ReturnsInLoops("__return_flag", "__return_value_loop")
    fdef.body = _visit_body(returns, fdef.body)
    if returns.used:
        fdef.body = au.located([au.assign(returns.flag, au.const(False))], fdef) + fdef.body
    fdef.body = _visit_body(BreakContinue(counter), fdef.body)
    normalize_returns(fdef, filename)


def _visit_body(transformer, stmts):
    out = []
    for stmt in stmts:
        result = transformer.visit(stmt)
        out.extend(result if isinstance(result, list) else [result])
    return out
