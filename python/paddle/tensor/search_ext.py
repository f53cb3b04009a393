"""More searching, counting and sampling APIs, each composed of existing ops: searchsorted /
bucketize, unique_consecutive, histogram and the samplers multinomial, bernoulli and
randint_like (over uniform_random / randint)."""
import numpy as np

from paddle.base.dtypes import convert_dtype
from paddle.base.dtypes import dtype_to_str as _dtype_name
from paddle.base.framework import in_dynamic_mode
from paddle.tensor import creation as C
from paddle.tensor import manipulation as MA
from paddle.tensor import math as M
from paddle.tensor import search as S
from paddle.tensor.manipulation import _BIG, _check_axis, _check_tensor
from paddle.tensor.manipulation_ext import _INDEX, _check_tensors, _differ, _int, _known
from paddle.tensor.random import randint, uniform

__all__ = ["bucketize", "searchsorted", "unique_consecutive", "histogram", "multinomial",
           "bernoulli", "randint_like"]


# -- searching and counting --------------------------------------------------------------------
def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None):
    """For each of values, the position in sorted_sequence (sorted along its last axis; 1-D, or
    with values' leading axes) where it would be inserted keeping the order: before equal
    entries (right: after them)."""
    _check_tensors("searchsorted", sorted_sequence=sorted_sequence, values=values)
    if convert_dtype(sorted_sequence.dtype) != convert_dtype(values.dtype):
        raise TypeError(f"expected searchsorted's sorted_sequence and values to have one dtype, "
                        f"but got {_dtype_name(sorted_sequence.dtype)} and "
                        f"{_dtype_name(values.dtype)}")
    seq_rank = len(sorted_sequence.shape)
    if seq_rank == 0:
        raise ValueError("expected searchsorted's sorted_sequence to have at least 1 dimension")
    if seq_rank > 1:
        lead_s, lead_v = sorted_sequence.shape[:-1], values.shape[:-1]
        if len(lead_s) != len(lead_v) or any(map(_differ, lead_s, lead_v)):
            raise ValueError(f"expected searchsorted's values to share sorted_sequence's leading "
                             f"axes, but got shapes {list(sorted_sequence.shape)} and "
                             f"{list(values.shape)}")
        seq = MA.unsqueeze(sorted_sequence, -2)
    else:
        seq = sorted_sequence
    probe = MA.unsqueeze(values, -1)
    below = M.less_equal(seq, probe) if right else M.less_than(seq, probe)
    return M.sum(MA.cast(below, "int32" if out_int32 else "int64"), axis=-1)


def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None):
    """searchsorted of x's values in the 1-D sorted_sequence."""
    _check_tensor(sorted_sequence, "bucketize", "sorted_sequence")
    if len(sorted_sequence.shape) != 1:
        raise ValueError(f"expected bucketize's sorted_sequence to be 1-D, but got shape "
                         f"{list(sorted_sequence.shape)}")
    return searchsorted(sorted_sequence, x, out_int32, right)


def unique_consecutive(x, return_inverse=False, return_counts=False, axis=None, dtype="int64",
                       name=None):
    """x with each run of equal consecutive elements (axis None: of x flattened) or slices
    along axis kept once; also, as asked, each element's run number (inverse) and the run
    lengths (counts), of dtype int32 or int64."""
    _check_tensor(x, "unique_consecutive", "x")
    index_dtype = C._check_dtype(dtype, "unique_consecutive", _INDEX)
    if axis is None:
        data, ax = MA.reshape(x, [-1]), 0
    else:
        ax = _check_axis(axis, len(x.shape), "unique_consecutive")
        data = x
    rank = len(data.shape)
    later = MA.slice(data, [ax], [1], [_BIG])
    earlier = MA.slice(data, [ax], [0], [-1])
    changed = M.not_equal(later, earlier)
    if rank > 1:
        changed = M.any(changed, axis=[a for a in range(rank) if a != ax])
    keep = MA.concat([C._constant(np.ones([1], bool), "bool"), changed])
    if axis is None:
        out = MA.masked_select(data, keep)
    else:
        out = S.index_select(data, MA.reshape(S.nonzero(keep), [-1]), ax)
    results = [out]
    if return_inverse:
        runs = M.cumsum(MA.cast(keep, "int64"))
        results.append(MA.cast(M.subtract(runs, C.ones_like(runs)), index_dtype))
    if return_counts:
        starts = MA.reshape(S.nonzero(keep), [-1])
        total = MA.reshape(MA.cast(MA.numel(keep), "int64"), [1])
        ends = MA.concat([MA.slice(starts, [0], [1], [_BIG]), total])
        results.append(MA.cast(M.subtract(ends, starts), index_dtype))
    return results[0] if len(results) == 1 else tuple(results)


def histogram(input, bins=100, min=0.0, max=0.0, weight=None, density=False,  # noqa: A002
              name=None):
    """Counts (or weight sums) of input's values in bins equal bins over [min, max] (both 0:
    input's own range; an empty range widens by 1 each way); values outside are ignored, max
    falls in the last bin. int64 counts, float32 with weight or density."""
    _check_tensor(input, "histogram", "input")
    bins = _int(bins, "histogram", "bins")
    if bins <= 0:
        raise ValueError(f"expected histogram's bins to be positive, but got {bins}")
    C._check_number(min, "histogram", "min", allow_tensor=False)
    C._check_number(max, "histogram", "max", allow_tensor=False)
    if max < min:
        raise ValueError(f"expected histogram's max >= min, but got min={min} and max={max}")
    values = MA.cast(MA.reshape(input, [-1]), "float64")
    if min == 0 and max == 0:
        low, high = M.min(values), M.max(values)
    else:
        low, high = C._constant(min, "float64"), C._constant(max, "float64")
    same = M.equal(low, high)
    low = M._where(same, M.scale(low, 1.0, -1.0), low)
    high = M._where(same, M.scale(high, 1.0, 1.0), high)
    inside = M.logical_and(M.greater_equal(values, low), M.less_equal(values, high))
    position = M.floor(M.divide(M.scale(M.subtract(values, low), float(bins)),
                                M.subtract(high, low)))
    position = M.clip(position, 0.0, float(bins - 1))
    index = MA.masked_select(MA.cast(position, "int64"), inside)
    if weight is not None:
        _check_tensor(weight, "histogram", "weight")
        if list(weight.shape) != list(input.shape):
            raise ValueError(f"expected histogram's weight to have input's shape "
                             f"{list(input.shape)}, but got {list(weight.shape)}")
        weight = MA.masked_select(MA.cast(MA.reshape(weight, [-1]), "float32"), inside)
    counts = S.bincount(index, weight, minlength=bins)
    if density:
        counts = MA.cast(counts, "float32")
        width = MA.cast(M.scale(M.subtract(high, low), 1.0 / bins), "float32")
        counts = M.divide(counts, M.multiply(M.sum(counts), width))
    counts.stop_gradient = True
    return counts


# -- sampling ----------------------------------------------------------------------------------
def _draw(like, dtype):
    """uniform [0, 1) values shaped as the tensor like (its extents may be unknown)."""
    shape = list(like.shape) if _known(like.shape) else MA.shape(like)
    return uniform(shape, dtype, 0.0, 1.0)


def multinomial(x, num_samples=1, replacement=False, name=None):
    """num_samples category indices (int64) per row of the non-negative weights x ([C] or
    [B, C]); without replacement each category at most once (exponential races: the largest
    log(u) / weight win)."""
    M._check_float(x, "x", "multinomial")
    if len(x.shape) not in (1, 2):
        raise ValueError(f"expected multinomial's x to be 1-D or 2-D, but got shape "
                         f"{list(x.shape)}")
    num_samples = _int(num_samples, "multinomial", "num_samples")
    categories = x.shape[-1]
    if categories < 0:
        raise NotImplementedError("multinomial over an unknown number of categories is not "
                                  "supported yet")
    if num_samples <= 0:
        raise ValueError(f"expected multinomial's num_samples to be positive, but got "
                         f"{num_samples}")
    if not replacement and num_samples > categories:
        raise ValueError(f"expected multinomial's num_samples <= the {categories} categories "
                         f"without replacement, but got {num_samples}")
    if in_dynamic_mode():
        weights = np.asarray(x.numpy(), "float64")
        if (weights < 0).any() or not np.isfinite(weights).all():
            raise ValueError("expected multinomial's x to hold finite non-negative weights")
        if (weights.sum(-1) <= 0).any():
            raise ValueError("expected multinomial's x to have a positive sum in every row")
    weights = MA.cast(x, "float64")
    weights.stop_gradient = True
    if replacement:
        lead = list(x.shape[:-1])
        shape = lead + [num_samples] if _known(lead) else \
            [MA.slice(MA.shape(x), [0], [0], [1]), num_samples]
        draws = uniform(shape, "float64", 0.0, 1.0)
        cdf = M.cumsum(weights, axis=-1)
        total = MA.slice(cdf, [len(x.shape) - 1], [categories - 1], [categories])
        below = M.less_equal(MA.unsqueeze(cdf, -2), MA.unsqueeze(M.multiply(draws, total), -1))
        out = M.minimum(M.sum(MA.cast(below, "int64"), axis=-1),
                        C._constant(categories - 1, "int64"))
    else:
        keys = M.divide(M.log(_draw(weights, "float64")), weights)
        out = S.topk(keys, num_samples, axis=-1)[1]
    out.stop_gradient = True
    return out


def bernoulli(x, p=None, name=None):
    """1 with probability x (or p, when given) elementwise, else 0, in x's dtype."""
    M._check_float(x, "x", "bernoulli")
    draws = _draw(x, x.dtype)
    if p is not None:
        C._check_number(p, "bernoulli", "p", allow_tensor=False)
        if not 0 <= p <= 1:
            raise ValueError(f"expected bernoulli's p in [0, 1], but got {p}")
        chance = C.full_like(x, p)
    else:
        chance = x
    out = MA.cast(M.less_than(draws, chance), x.dtype)
    out.stop_gradient = True
    return out


def randint_like(x, low=0, high=None, dtype=None, name=None):
    """Integers drawn uniformly from [low, high) (high None: [0, low)) in x's shape, of dtype
    (default x's)."""
    _check_tensor(x, "randint_like", "x")
    dtype = convert_dtype(dtype if dtype is not None else x.dtype)
    shape = list(x.shape) if _known(x.shape) else MA.shape(x)
    name_ = _dtype_name(dtype)
    out = randint(low, high, shape, dtype if name_ in _INDEX else "int64")
    if name_ not in _INDEX:
        out = MA.cast(out, dtype)
    out.stop_gradient = True
    return out
