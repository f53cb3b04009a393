"""Loss functions: cross entropy (class weights, ignore_index), mean squared and L1
errors; every one reduces by 'mean', 'sum' or 'none'."""
from paddle.base import layer_helper as lh


def _reduce(loss, reduction):
    if reduction == "mean":
        return lh.append_op("mean", {"X": [loss]})
    if reduction == "sum":
        return lh.append_op("reduce_sum", {"X": [loss]}, {"dim": [0], "reduce_all": True})
    if reduction == "none":
        return loss
    raise ValueError(f"expected reduction 'mean', 'sum' or 'none', but got {reduction!r}")


def softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100,
                               numeric_stable_mode=True, return_softmax=False, axis=-1):
    softmax, loss = lh.append_op(
        "softmax_with_cross_entropy", {"Logits": [logits], "Label": [label]},
        {"soft_label": soft_label, "ignore_index": ignore_index,
         "numeric_stable_mode": numeric_stable_mode, "axis": axis},
        outputs=("Softmax", "Loss"), dtype=logits.dtype)
    return (loss, softmax) if return_softmax else loss


def _sum_all(x):
    return lh.append_op("reduce_sum", {"X": [x]}, {"dim": [0], "reduce_all": True})


def _safe_divide(total, count):
    """total / count, or total when count is 0 (PaddlePaddle's count + (count == 0))."""
    from paddle.tensor import math as M
    from paddle.tensor.manipulation import cast
    return M.divide(total, M.add(count, cast(M.equal(count, 0.0), count.dtype)))


def cross_entropy(input, label, weight=None, ignore_index=-100, reduction="mean",  # noqa: A002
                  soft_label=False, axis=-1, use_softmax=True, label_smoothing=0.0, name=None):
    """Softmax cross entropy. Hard labels have the input's rank or one less; 'mean' averages
    over the samples whose label is not ignore_index (weighted by weight[label] when class
    weights are given); 'none' keeps one loss per sample."""
    from paddle.tensor import math as M
    from paddle.tensor.manipulation import cast, reshape, squeeze, unsqueeze
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"expected reduction 'mean', 'sum' or 'none', but got {reduction!r}")
    if label_smoothing:
        raise NotImplementedError("cross_entropy with label_smoothing is not supported yet")
    if not use_softmax:
        raise NotImplementedError("cross_entropy with use_softmax=False is not supported yet")
    if soft_label and ignore_index > 0:
        raise ValueError(f"expected ignore_index -100 with soft labels, but got {ignore_index}")
    input_rank, label_rank = len(input.shape), len(label.shape)
    if input_rank == 0:
        raise ValueError("expected an input of rank >= 1 for cross_entropy, but got a 0-D input")
    if label_rank not in (input_rank, input_rank - 1):
        raise ValueError(f"expected a label of rank {input_rank} or {input_rank - 1}, but got "
                         f"shape {list(label.shape)} for input shape {list(input.shape)}")
    squeezed_label = label_rank == input_rank - 1
    if squeezed_label:
        label = unsqueeze(label, axis)
    loss = softmax_with_cross_entropy(input, label, soft_label, ignore_index, True, False, axis)
    sample_weight = None
    if weight is not None:
        classes = input.shape[axis]
        if weight.shape[-1] != classes:
            raise ValueError(f"expected weight to have {classes} classes (the input's axis "
                             f"{axis}), but got shape {list(weight.shape)}")
        if soft_label:
            sample_weight = reshape(M.matmul(cast(label, weight.dtype), weight,
                                             transpose_y=True), list(loss.shape))
        else:
            keep = cast(M.not_equal(label, _full_like_label(label, ignore_index)), label.dtype)
            valid = M.multiply(label, keep)
            gathered = lh.append_op("gather", {"X": [weight], "Index": [reshape(valid, [-1])]},
                                    {"axis": 0})
            sample_weight = M.multiply(reshape(gathered, list(label.shape)),
                                       cast(keep, weight.dtype))
        loss = M.multiply(loss, sample_weight)
    if reduction == "sum":
        return _sum_all(loss)
    if reduction == "mean":
        if ignore_index >= 0 and not soft_label:
            keep = cast(M.not_equal(label, _full_like_label(label, ignore_index)), loss.dtype)
            count = _sum_all(keep if sample_weight is None else M.multiply(keep, sample_weight))
            return _safe_divide(_sum_all(loss), count)
        if sample_weight is not None:
            return _safe_divide(_sum_all(loss), _sum_all(sample_weight))
        return lh.append_op("mean", {"X": [loss]})
    return squeeze(loss, axis) if squeezed_label else loss


def _full_like_label(label, value):
    from paddle.tensor.creation import full_like
    return full_like(label, value)


def square_error_cost(input, label):  # noqa: A002
    diff = lh.append_op("elementwise_sub", {"X": [input], "Y": [label]}, {"axis": -1})
    return lh.append_op("square", {"X": [diff]})


def mse_loss(input, label, reduction="mean", name=None):  # noqa: A002
    return _reduce(square_error_cost(input, label), reduction)


def l1_loss(input, label, reduction="mean", name=None):  # noqa: A002
    diff = lh.append_op("elementwise_sub", {"X": [input], "Y": [label]}, {"axis": -1})
    return _reduce(lh.append_op("abs", {"X": [diff]}), reduction)
