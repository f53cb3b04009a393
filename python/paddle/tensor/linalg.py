"""Linear algebra: paddle.norm / paddle.linalg.norm, and cross, kron, trace and einsum composed
of existing ops. Vector p-norms (p a number, +-inf or 0; 'fro' on one axis or on all of x is
the 2-norm) run the p_norm op; 'fro' over two axes is sqrt(sum(x * x)) over them."""
import numbers

import numpy as np

from paddle.base import layer_helper as lh

__all__ = ["norm", "cross", "einsum", "kron", "trace"]


def _p_norm(x, porder, axis, keepdim, asvector):
    return lh.append_op("p_norm", {"X": [x]},
                        {"porder": float(porder), "axis": int(axis), "epsilon": 1.0e-12,
                         "keepdim": bool(keepdim), "asvector": bool(asvector)})


def norm(x, p="fro", axis=None, keepdim=False, name=None):
    if p is None:
        p = "fro"
    if isinstance(axis, (list, tuple)) and len(axis) == 1:
        axis = axis[0]
    if isinstance(p, str) and p != "fro":
        raise ValueError(f"expected norm's p to be 'fro', a number, inf or -inf, but got {p!r}")
    if axis is None or isinstance(axis, int):
        porder = 2.0 if p == "fro" else float(p)
        if axis is None:
            return _p_norm(x, porder, -1, keepdim, True)
        return _p_norm(x, porder, axis, keepdim, False)
    axis = [int(a) for a in axis]
    if len(axis) != 2:
        raise ValueError(f"expected norm's axis to be None, an int or 2 ints, but got {axis}")
    if p != "fro":
        raise NotImplementedError(f"matrix norms with p={p!r} over axis {axis} are not supported "
                                  "yet; expected p='fro' for a 2-axis norm")
    from paddle.tensor.math import sqrt, square, sum
    return sqrt(sum(square(x), axis=axis, keepdim=keepdim))


def cross(x, y, axis=9, name=None):
    """The cross product of 3-vectors along axis (PaddlePaddle's default 9, or None: the first
    axis of extent 3); x and y have one shape."""
    from paddle.tensor import math as M
    from paddle.tensor.manipulation import _check_axis, concat, split
    M._check_binary(x, y, "cross")
    if len(x.shape) != len(y.shape) or any(a != b and a >= 0 and b >= 0
                                           for a, b in zip(x.shape, y.shape)):
        raise ValueError(f"expected x and y of paddle.cross to have the same shape, but got "
                         f"{list(x.shape)} and {list(y.shape)}")
    rank = len(x.shape)
    if axis is None or (axis == 9 and not isinstance(axis, bool)):
        ax = next((a for a, d in enumerate(x.shape) if d == 3), None)
        if ax is None:
            raise ValueError(f"expected x of paddle.cross to have an axis of extent 3 (axis=9 "
                             f"takes the first one), but got shape {list(x.shape)}")
    else:
        ax = _check_axis(axis, rank, "paddle.cross")
        if x.shape[ax] not in (3, -1):
            raise ValueError(f"expected axis {axis} of paddle.cross's x and y to have extent 3, "
                             f"but got {x.shape[ax]} (shape {list(x.shape)})")
    x0, x1, x2 = split(x, 3, ax)
    y0, y1, y2 = split(y, 3, ax)
    return concat([M.subtract(M.multiply(x1, y2), M.multiply(x2, y1)),
                   M.subtract(M.multiply(x2, y0), M.multiply(x0, y2)),
                   M.subtract(M.multiply(x0, y1), M.multiply(x1, y0))], ax)


# -- kron and trace ----------------------------------------------------------------------------
def kron(x, y, name=None):
    """The Kronecker product: x's axes interleaved with y's (the lower rank padded with leading
    axes of extent 1), out[i*b + j] = x[i] * y[j] along every axis."""
    from paddle.tensor.creation import fill_constant
    from paddle.tensor.math import _check_binary, multiply
    from paddle.tensor.manipulation import reshape
    _check_binary(x, y, "kron")
    rank = max(len(x.shape), len(y.shape))
    xs = [1] * (rank - len(x.shape)) + list(x.shape)
    ys = [1] * (rank - len(y.shape)) + list(y.shape)
    out_shape = [a * b if a >= 0 and b >= 0 else -1 for a, b in zip(xs, ys)]
    for target in (xs, ys, out_shape):
        if target.count(-1) > 1:
            raise NotImplementedError(f"paddle.kron of shapes {list(x.shape)} and "
                                      f"{list(y.shape)} with more than one unknown extent is not "
                                      "supported yet")
    if 0 in xs or 0 in ys:  # no elements: reshape would read a 0 as "keep the extent"
        return fill_constant(out_shape, x.dtype, 0)
    wide_x = reshape(x, [d for a in xs for d in (a, 1)])
    wide_y = reshape(y, [d for b in ys for d in (1, b)])
    return reshape(multiply(wide_x, wide_y), out_shape)


def _diagonal(x, offset, axis1, axis2, fn):
    """The diagonal (offset above the main one, below for negative) of the plane axis1, axis2
    as x's last axis, the other axes kept in order (as numpy.diagonal): the plane moved to the
    end, flattened, and the diagonal's flat positions gathered."""
    from paddle.tensor.creation import _constant
    from paddle.tensor.manipulation import _check_axis, flatten, slice as _slice, transpose
    from paddle.tensor.search import index_select
    rank = len(x.shape)
    if rank < 2:
        raise ValueError(f"expected x of paddle.{fn} to have at least 2 dimensions, but got "
                         f"{rank}")
    a1 = _check_axis(axis1, rank, f"paddle.{fn}", "axis1")
    a2 = _check_axis(axis2, rank, f"paddle.{fn}", "axis2")
    if a1 == a2:
        raise ValueError(f"expected axis1 and axis2 of paddle.{fn} to name different axes, but "
                         f"got {axis1} and {axis2}")
    if isinstance(offset, bool) or not isinstance(offset, numbers.Integral):
        raise TypeError(f"expected offset of paddle.{fn} to be an int, but got "
                        f"{type(offset).__name__}")
    rows, cols = x.shape[a1], x.shape[a2]
    if rows < 0 or cols < 0:
        raise NotImplementedError(f"paddle.{fn} over axes of unknown extent ({list(x.shape)}) "
                                  "is not supported yet")
    perm = [a for a in range(rank) if a not in (a1, a2)] + [a1, a2]
    plane = flatten(transpose(x, perm), rank - 2, rank - 1)
    first_row, first_col = max(0, -offset), max(0, offset)
    length = max(0, min(rows - first_row, cols - first_col))
    if length == 0:
        return _slice(plane, [-1], [0], [0])
    positions = [(first_row + i) * cols + first_col + i for i in range(length)]
    return index_select(plane, _constant(np.asarray(positions, "int64"), "int64"), axis=rank - 2)


def trace(x, offset=0, axis1=0, axis2=1, name=None):
    """The sum of the diagonal (offset above the main one) of the plane axis1, axis2 of x; the
    result has x's other axes."""
    from paddle.tensor.math import _check_tensor, _reduce
    _check_tensor(x, "x", "trace")
    return _reduce("reduce_sum", _diagonal(x, offset, axis1, axis2, "trace"), -1, False)


# -- einsum ------------------------------------------------------------------------------------
# Labels are letters; the axes an ellipsis covers get the labels ".0", ".1", ... counted from
# the right (broadcast as NumPy broadcasts). Each operand first takes its diagonals (a label
# repeated in it) and sums out the labels no other operand and the output use; the operands
# then contract pairwise, left to right: a matmul over the shared labels that no later operand
# or the output needs, or a broadcast multiply when there are none.
def _einsum_terms(equation, operands):
    """(labels per operand, output labels) with the ellipses expanded."""
    if not isinstance(equation, str):
        raise TypeError(f"expected equation of paddle.einsum to be a str, but got "
                        f"{type(equation).__name__}")
    eq = equation.replace(" ", "")
    if eq.count("->") > 1:
        raise ValueError(f"expected equation of paddle.einsum to hold at most one '->', but got "
                         f"{equation!r}")
    lhs, rhs = eq.split("->") if "->" in eq else (eq, None)
    terms = lhs.split(",")
    if len(terms) != len(operands):
        raise ValueError(f"expected {len(terms)} operands for the einsum equation {equation!r}, "
                         f"but got {len(operands)}")

    def letters(term, what):
        rest = term.replace("...", "", 1)
        if not all(c.isascii() and c.isalpha() for c in rest):
            raise ValueError(f"expected {what} of the einsum equation {equation!r} to hold "
                             f"letters and at most one '...', but got {term!r}")
        return term.split("...") if "..." in term else None

    split_terms, ellipsis_ranks = [], []
    for i, (term, x) in enumerate(zip(terms, operands)):
        parts = letters(term, f"the subscripts of operand {i}")
        rank = len(x.shape)
        named = len(term) - 3 if parts is not None else len(term)
        if (parts is None and named != rank) or (parts is not None and named > rank):
            raise ValueError(f"expected operand {i} of paddle.einsum to have "
                             f"{'at least ' if parts is not None else ''}{named} dimensions for "
                             f"the subscripts {term!r}, but got {rank} (shape {list(x.shape)})")
        split_terms.append(parts if parts is not None else [term])
        ellipsis_ranks.append(rank - named if parts is not None else 0)
    ellipsis_rank = max(ellipsis_ranks)
    broadcast = [f".{k}" for k in range(ellipsis_rank)]
    inputs = []
    for parts, own in zip(split_terms, ellipsis_ranks):
        labels = list(parts[0])
        if len(parts) == 2:
            labels += broadcast[ellipsis_rank - own:] + list(parts[1])
        inputs.append(labels)
    if rhs is None:  # NumPy's implicit output: the broadcast axes, then the lone labels in order
        counts = {}
        for labels in inputs:
            for label in labels:
                counts[label] = counts.get(label, 0) + 1
        return inputs, broadcast + sorted(c for c, n in counts.items() if n == 1 and len(c) == 1)
    parts = letters(rhs, "the output subscripts")
    out = list(rhs) if parts is None else list(parts[0]) + broadcast + list(parts[1])
    seen = {c for labels in inputs for c in labels}
    for c in rhs.replace("...", "", 1):
        if c not in seen:
            raise ValueError(f"expected the output label {c!r} of the einsum equation "
                             f"{equation!r} to appear among the inputs' labels")
        if out.count(c) > 1:
            raise ValueError(f"expected the output label {c!r} of the einsum equation "
                             f"{equation!r} to appear once, but got {rhs!r}")
    if parts is None and ellipsis_rank:
        raise ValueError(f"expected the output of the einsum equation {equation!r} to hold "
                         f"'...' for the {ellipsis_rank} broadcast dimensions of the operands")
    return inputs, out


def _einsum_extents(operands, inputs, equation):
    """The extent of each label over all operands (1 broadcasts; -1: unknown)."""
    extents = {}
    for i, (x, labels) in enumerate(zip(operands, inputs)):
        for label, d in zip(labels, x.shape):
            have = extents.get(label, 1)
            if have in (1, -1) and d != 1:
                extents[label] = d if d != -1 or have == 1 else have
            elif d not in (1, -1, have):
                shown = ("the broadcast dimensions" if label.startswith(".")
                         else f"label {label!r}")
                raise ValueError(f"expected {shown} of the einsum equation {equation!r} to have "
                                 f"one extent (or 1), but got {have} and {d} (operand {i})")
            extents.setdefault(label, d)
    return extents


def _einsum_prepare(x, labels, extents, keep, equation):
    """x with its repeated labels turned into diagonals, its axes of extent 1 that broadcast
    against a longer one dropped, and its labels outside `keep` summed out."""
    from paddle.tensor import math as M
    from paddle.tensor.manipulation import squeeze
    labels = list(labels)
    while len(set(labels)) != len(labels):
        label = next(c for c in labels if labels.count(c) > 1)
        p = labels.index(label)
        q = labels.index(label, p + 1)
        if x.shape[p] != x.shape[q] and x.shape[p] >= 0 and x.shape[q] >= 0:
            raise ValueError(f"expected the repeated label {label!r} of the einsum equation "
                             f"{equation!r} to name axes of one extent, but got {x.shape[p]} "
                             f"and {x.shape[q]}")
        x = _diagonal(x, 0, p, q, "einsum")
        labels = [c for i, c in enumerate(labels) if i not in (p, q)] + [label]
    dropped = [i for i, c in enumerate(labels) if x.shape[i] == 1 and extents[c] not in (1, -1)]
    if dropped:
        x = squeeze(x, dropped)
        labels = [c for i, c in enumerate(labels) if i not in dropped]
    summed = [i for i, c in enumerate(labels) if c not in keep]
    if summed:
        x = M._reduce("reduce_sum", x, summed, False)
        labels = [c for i, c in enumerate(labels) if i not in summed]
    return x, labels


def _arranged(x, labels, order):
    from paddle.tensor.manipulation import transpose
    perm = [labels.index(c) for c in order]
    return x if perm == list(range(len(perm))) else transpose(x, perm)


def _reshaped(x, shape):
    from paddle.tensor.manipulation import reshape
    return x if list(x.shape) == shape else reshape(x, shape)


def _merged_shape(dims, api):
    """A reshape target from groups of extents (each multiplied out; -1 when unknown)."""
    out = []
    for group in dims:
        size = 1
        for d in group:
            size = -1 if d < 0 or size < 0 else size * d
        out.append(size)
    if out.count(-1) > 1:
        raise NotImplementedError(f"{api} with more than one unknown extent among {dims} is not "
                                  "supported yet")
    return out


def _einsum_pair(a, la, b, lb, needed):
    """a (labels la) times b (labels lb), summed over the shared labels not in needed; returns
    the product and its labels (batch, a's own, b's own)."""
    from paddle.tensor import math as M
    from paddle.tensor.manipulation import unsqueeze
    batch = [c for c in la if c in lb and c in needed]
    summed = [c for c in la if c in lb and c not in needed]
    a_own = [c for c in la if c not in lb]
    b_own = [c for c in lb if c not in la]
    ext_a = dict(zip(la, a.shape))
    ext_b = dict(zip(lb, b.shape))
    if not summed:  # a broadcast product: no contraction to hand to matmul
        wide_a = _arranged(a, la, batch + a_own)
        if b_own:
            wide_a = unsqueeze(wide_a, list(range(len(batch) + len(a_own),
                                                  len(batch) + len(a_own) + len(b_own))))
        wide_b = _arranged(b, lb, batch + b_own)
        if a_own:
            wide_b = unsqueeze(wide_b, list(range(len(batch), len(batch) + len(a_own))))
        return M.multiply(wide_a, wide_b), batch + a_own + b_own
    batch_dims = [[ext_a[c]] for c in batch]
    mat_a = _reshaped(_arranged(a, la, batch + a_own + summed), _merged_shape(
        batch_dims + [[ext_a[c] for c in a_own], [ext_a[c] for c in summed]], "paddle.einsum"))
    mat_b = _reshaped(_arranged(b, lb, batch + summed + b_own), _merged_shape(
        batch_dims + [[ext_b[c] for c in summed], [ext_b[c] for c in b_own]], "paddle.einsum"))
    out = M.matmul(mat_a, mat_b)
    target = _merged_shape(batch_dims + [[ext_a[c]] for c in a_own] + [[ext_b[c]] for c in b_own],
                           "paddle.einsum")
    return _reshaped(out, target), batch + a_own + b_own


def einsum(equation, *operands):
    """Einstein summation over the operands as numpy.einsum: 'ij,jk->ik', implicit outputs
    ('ij,jk': the labels used once, in alphabetical order), '...' for broadcast axes, a label
    repeated in one operand for its diagonal ('ii->i', 'ii'), labels left out of the output
    summed over."""
    from paddle.base.dtypes import dtype_to_str
    from paddle.base.framework import Variable
    from paddle.tensor.creation import assign, fill_constant
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not operands:
        raise ValueError("expected paddle.einsum to get at least one operand, but got none")
    for i, x in enumerate(operands):
        if not isinstance(x, Variable):
            raise TypeError(f"expected operand {i} of paddle.einsum to be a Tensor, but got "
                            f"{type(x).__name__}")
        if dtype_to_str(x.dtype) != dtype_to_str(operands[0].dtype):
            raise TypeError(f"expected the operands of paddle.einsum to have one dtype, but got "
                            f"{dtype_to_str(operands[0].dtype)} and {dtype_to_str(x.dtype)} "
                            f"(operand {i})")
    inputs, output = _einsum_terms(equation, operands)
    extents = _einsum_extents(operands, inputs, equation)
    if any(d == 0 for x in operands for d in x.shape):  # no elements to sum: zeros
        return fill_constant([extents[c] for c in output], operands[0].dtype, 0)
    after, used = [], set(output)  # after[j]: the labels of the output and operands after j
    for labels in reversed(inputs):
        after.insert(0, set(used))
        used |= set(labels)
    result, labels = _einsum_prepare(operands[0], inputs[0], extents, after[0], equation)
    for j in range(1, len(operands)):
        other, other_labels = _einsum_prepare(operands[j], inputs[j], extents,
                                              after[j] | set(labels), equation)
        result, labels = _einsum_pair(result, labels, other, other_labels, after[j])
    result = _arranged(result, labels, output)
    return assign(result) if result is operands[0] else result
