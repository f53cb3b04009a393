"""Gradient clipping for static optimizers: applied to (param, grad) pairs after backward."""
from paddle.base import layer_helper as lh
from paddle.base.framework import OpRole, _op_role_guard
from paddle.tensor.creation import fill_constant


class ClipGradBase:
    def __call__(self, params_grads):
        with _op_role_guard(OpRole.Optimize):
            return self._clip(params_grads)

    def _clip(self, params_grads):
        raise NotImplementedError


class ClipGradByValue(ClipGradBase):
    def __init__(self, max, min=None):  # noqa: A002
        self.max = float(max)
        self.min = -self.max if min is None else float(min)

    def _clip(self, params_grads):
        out = []
        for p, g in params_grads:
            if g is None or not getattr(p, "need_clip", True):
                out.append((p, g))
                continue
            out.append((p, lh.append_op("clip", {"X": [g]}, {"min": self.min, "max": self.max})))
        return out


class ClipGradByNorm(ClipGradBase):
    def __init__(self, clip_norm):
        self.clip_norm = float(clip_norm)

    def _clip(self, params_grads):
        out = []
        for p, g in params_grads:
            if g is None or not getattr(p, "need_clip", True):
                out.append((p, g))
                continue
            norm = lh.append_op("sqrt", {"X": [_sum_of_squares(g)]})
            out.append((p, _scale_by(g, norm, self.clip_norm)))
        return out


class ClipGradByGlobalNorm(ClipGradBase):
    """g <- g * clip_norm / max(global_norm, clip_norm), global_norm over all clipped grads."""

    def __init__(self, clip_norm, group_name="default_group", auto_skip_clip=False):
        self.clip_norm = float(clip_norm)
        self.group_name = group_name

    def _clip(self, params_grads):
        squares = [_sum_of_squares(g) for p, g in params_grads
                   if g is not None and getattr(p, "need_clip", True)]
        if not squares:
            return params_grads
        total = squares[0] if len(squares) == 1 else lh.append_op("sum", {"X": squares})
        norm = lh.append_op("sqrt", {"X": [total]})
        out = []
        for p, g in params_grads:
            if g is None or not getattr(p, "need_clip", True):
                out.append((p, g))
            else:
                out.append((p, _scale_by(g, norm, self.clip_norm)))
        return out


def _sum_of_squares(g):
    sq = lh.append_op("square", {"X": [g]})
    return lh.append_op("reduce_sum", {"X": [sq]}, {"dim": [0], "reduce_all": True, "keep_dim": False})


def _scale_by(g, norm, clip_norm):
    """g * clip_norm / max(norm, clip_norm)."""
    limit = fill_constant([], norm.dtype, clip_norm)
    denom = lh.append_op("elementwise_max", {"X": [norm], "Y": [limit]}, {"axis": -1})
    factor = lh.append_op("elementwise_div", {"X": [limit], "Y": [denom]}, {"axis": -1})
    return lh.append_op("elementwise_mul", {"X": [g], "Y": [factor]}, {"axis": -1})


GradientClipByValue = ClipGradByValue
GradientClipByNorm = ClipGradByNorm
GradientClipByGlobalNorm = ClipGradByGlobalNorm
