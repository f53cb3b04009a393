"""Gradient clipping, applied by the optimizer to (param, grad) pairs before regularization.
The same ops serve both modes: appended to a static program, or run at once in dynamic mode.
Parameters whose need_clip is False keep their gradients."""
from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype
from paddle.base.framework import OpRole, _op_role_guard
from paddle.tensor.creation import fill_constant
from paddle.tensor.manipulation import cast


class ClipGradBase:
    def __call__(self, params_grads):
        with _op_role_guard(OpRole.Optimize):
            return self._clip(params_grads)

    def _clip(self, params_grads):
        raise NotImplementedError


def _clipped(p, g):
    return g is not None and getattr(p, "need_clip", True)


class ClipGradByValue(ClipGradBase):
    """g <- clip(g, min, max); min defaults to -max."""

    def __init__(self, max, min=None):  # noqa: A002 - PaddlePaddle's argument names
        self.max = float(max)
        if min is None:
            if self.max <= 0:
                raise ValueError(f"expected a positive max when min is not given, but got {max}")
            min = -self.max  # noqa: A001
        self.min = float(min)
        if self.min > self.max:
            raise ValueError(f"expected min <= max, but got min={self.min} and max={self.max}")

    def __str__(self):
        return f"Clip Gradient By Value, min = {self.min:f}, max={self.max:f}"

    def _clip(self, params_grads):
        return [(p, lh.append_op("clip", {"X": [g]}, {"min": self.min, "max": self.max},
                                 stop_gradient=True) if _clipped(p, g) else g)
                for p, g in params_grads]


class ClipGradByNorm(ClipGradBase):
    """Each gradient on its own: g <- g * clip_norm / max(||g||_2, clip_norm), one
    clip_by_norm op per gradient as in PaddlePaddle."""

    def __init__(self, clip_norm):
        self.clip_norm = float(clip_norm)

    def __str__(self):
        return f"Gradient Clip By Norm, clip_norm={self.clip_norm:f}"

    def _clip(self, params_grads):
        return [(p, clip_by_norm(g, self.clip_norm) if _clipped(p, g) else g)
                for p, g in params_grads]


class ClipGradByGlobalNorm(ClipGradBase):
    """g <- g * clip_norm / max(global_norm, clip_norm), the global norm taken over every
    clipped gradient together."""

    def __init__(self, clip_norm, group_name="default_group", auto_skip_clip=False):
        self.clip_norm = float(clip_norm)
        self.group_name = group_name
        # Skipping when the norm is below clip_norm gives the same values (the factor is 1).
        self.auto_skip_clip = auto_skip_clip

    def __str__(self):
        return f"Gradient Clip By GlobalNorm, global_norm={self.clip_norm:f}"

    def _clip(self, params_grads):
        squares = [_squared_norm(g) for p, g in params_grads if _clipped(p, g)]
        if not squares:
            return params_grads
        dtypes = {convert_dtype(s.dtype) for s in squares}
        if len(dtypes) > 1:  # mixed precisions: sum in float64, as each term may be either
            squares = [cast(s, "float64") for s in squares]
        total = squares[0] if len(squares) == 1 else lh.append_op("sum", {"X": squares},
                                                                 stop_gradient=True)
        norm = lh.append_op("sqrt", {"X": [total]}, stop_gradient=True)
        factor = _clip_factor(norm, self.clip_norm)
        return [(p, _times(g, factor) if _clipped(p, g) else g) for p, g in params_grads]


def _squared_norm(g):
    """sum(g * g) as a 0-D tensor (PaddlePaddle's squared_l2_norm)."""
    return lh.append_op("squared_l2_norm", {"X": [g]}, stop_gradient=True)


def _clip_factor(norm, clip_norm):
    """clip_norm / max(norm, clip_norm): 1 while the norm is within the limit."""
    limit = fill_constant([], norm.dtype, clip_norm)
    denom = lh.append_op("elementwise_max", {"X": [norm], "Y": [limit]}, {"axis": -1},
                         stop_gradient=True)
    return lh.append_op("elementwise_div", {"X": [limit], "Y": [denom]}, {"axis": -1},
                        stop_gradient=True)


def _times(g, factor):
    if convert_dtype(factor.dtype) != convert_dtype(g.dtype):
        factor = cast(factor, g.dtype)
    return lh.append_op("elementwise_mul", {"X": [g], "Y": [factor]}, {"axis": -1},
                        stop_gradient=True)


def clip_by_norm(x, max_norm, name=None):
    """x * max_norm / ||x||_2 where the L2 norm of the whole of x exceeds max_norm, else x
    (PaddlePaddle's clip_by_norm op; it has no gradient)."""
    if isinstance(max_norm, bool) or not isinstance(max_norm, (int, float)) or max_norm <= 0:
        raise ValueError(f"expected max_norm to be a positive number, but got {max_norm!r}")
    return lh.append_op("clip_by_norm", {"X": [x]}, {"max_norm": float(max_norm)},
                        stop_gradient=True)


GradientClipBase = ClipGradBase
GradientClipByValue = ClipGradByValue
GradientClipByNorm = ClipGradByNorm
GradientClipByGlobalNorm = ClipGradByGlobalNorm
