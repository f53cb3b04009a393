"""Every op record has tests: a NumPy-reference test naming the op in test/python/test_ops_*.py
(or a C++ test under test/cpp naming it), and for differentiable ops a float64 gradient check
in the same file. Grad ops are covered through their forward op's gradient check. A new op
without tests fails here."""
import glob
import os
import re

from paddle.base import core

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Ops run by the executor itself, tested in the C++ executor tests.
EXECUTOR_OPS = {"feed", "fetch", "fetch_v2", "conditional_block", "while"}


def _files(pattern):
    out = {}
    for path in glob.glob(pattern, recursive=True):
        with open(path, encoding="utf-8") as f:
            out[path] = f.read()
    return out


def test_every_op_has_reference_and_gradient_tests():
    py = _files(os.path.join(HERE, "test_ops_*.py"))
    cpp = _files(os.path.join(ROOT, "test", "cpp", "**", "*_test.cc"))
    grad_ops = {core.op_record(t)["grad_op_type"] for t in core.op_types()} - {""}
    missing, no_grad_check = [], []
    for op in core.op_types():
        if op in grad_ops:
            continue
        quoted = re.compile(r"[\"']" + re.escape(op) + r"[\"']")
        files = [p for p, text in py.items() if quoted.search(text)]
        if op in EXECUTOR_OPS:
            if not any(quoted.search(t) for t in cpp.values()):
                missing.append(op)
            continue
        if not files:
            missing.append(op)
            continue
        if core.op_record(op)["grad_op_type"] and not any("check_grad" in py[p] for p in files):
            no_grad_check.append(op)
    assert not missing, f"ops without a test naming them: {missing}"
    assert not no_grad_check, f"differentiable ops without a gradient check: {no_grad_check}"


def test_every_grad_op_has_a_kernel_and_record():
    for op in core.op_types():
        grad = core.op_record(op)["grad_op_type"]
        if grad:
            assert core.has_op(grad), f"{op}: grad op {grad} has no record"
            assert core.op_record(grad)["kernel"] or grad == op, f"{grad} has no kernel"
