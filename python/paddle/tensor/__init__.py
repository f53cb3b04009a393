"""Tensor functions of the static graph."""
from paddle.tensor.creation import *  # noqa: F401,F403
from paddle.tensor.linalg import *  # noqa: F401,F403
from paddle.tensor.linalg_ext import *  # noqa: F401,F403
from paddle.tensor.manipulation import *  # noqa: F401,F403
from paddle.tensor.manipulation_ext import *  # noqa: F401,F403
from paddle.tensor.math import *  # noqa: F401,F403
from paddle.tensor.math_ext import *  # noqa: F401,F403
from paddle.tensor.random import *  # noqa: F401,F403
from paddle.tensor.search import *  # noqa: F401,F403
from paddle.tensor.search_ext import *  # noqa: F401,F403
from paddle.tensor.stat import *  # noqa: F401,F403
from paddle.tensor import indexing  # noqa: F401,E402 - installs x[...] and x[...] = v


def _attach_methods():
    """Tensor functions as methods of Variable (and so of eager Tensors), as in PaddlePaddle:
    x.mean(), x.reshape([2, 3]), x.astype('int64') ..."""
    import sys

    from paddle.base.framework import Variable
    module = sys.modules[__name__]
    for name in ("abs", "add", "argmax", "argmin", "argsort", "bmm", "cast", "clip", "cumsum",
                 "divide", "equal", "exp", "flatten", "gather", "gather_nd", "greater_equal",
                 "greater_than", "index_select", "less_equal", "less_than", "log", "logical_not",
                 "matmul", "max", "maximum", "mean", "min", "minimum", "multiply", "norm",
                 "not_equal", "pow", "reshape", "scale", "scatter", "split", "sqrt", "square",
                 "squeeze", "subtract", "sum", "tanh", "topk", "transpose", "tril", "triu",
                 "unsqueeze", "unstack", "masked_select", "unbind", "strided_slice",
                 # shape and data movement
                 "broadcast_to", "chunk", "expand", "expand_as", "flip", "masked_fill", "mm",
                 "moveaxis", "repeat_interleave", "roll", "rot90", "t", "tile", "where", "sort",
                 # math
                 "sin", "cos", "erf", "rsqrt", "sign", "log1p", "log2", "log10", "sigmoid",
                 "reciprocal", "floor", "ceil", "round", "isnan", "isinf", "isfinite",
                 "logical_and", "logical_or", "logical_xor", "any", "all", "amax", "amin", "std",
                 "var", "logsumexp", "floor_divide", "remainder", "mod", "floor_mod", "dot",
                 "outer", "equal_all", "allclose", "dist", "increment",
                 "cumprod", "nonzero", "take_along_axis", "put_along_axis",
                 "unique", "bincount", "scatter_nd_add", "scatter_nd",
                 # order statistics and products (stat, math, linalg)
                 "median", "nanmedian", "quantile", "nanquantile", "kron", "trace", "diff",
                 "cross",
                 # more math (math_ext)
                 "tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh",
                 "expm1", "lgamma", "digamma", "erfinv", "trunc", "frac", "neg", "deg2rad",
                 "rad2deg", "atan2", "hypot", "logaddexp", "fmax", "fmin", "heaviside", "gcd", "lcm",
                 "lerp", "logit",
                 "stanh", "nan_to_num", "nansum", "nanmean", "count_nonzero", "prod", "isclose",
                 "cummax", "cummin", "logcumsumexp", "kthvalue", "mode",
                 # manipulation_ext and search_ext
                 "diag_embed", "diagonal", "take", "index_add", "index_fill", "index_put",
                 "index_sample", "masked_scatter", "unflatten", "view", "is_tensor", "is_empty",
                 "rank", "tensordot", "inner", "mv", "addmm", "cov", "bucketize",
                 "unique_consecutive", "histogram", "multinomial", "bernoulli"):
        if not hasattr(Variable, name):
            setattr(Variable, name, getattr(module, name))


_attach_methods()
