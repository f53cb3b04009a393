"""Loss functions."""
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


def cross_entropy(input, label, weight=None, ignore_index=-100, reduction="mean",  # noqa: A002
                  soft_label=False, axis=-1, use_softmax=True, label_smoothing=0.0, name=None):
    if weight is not None:
        raise NotImplementedError("cross_entropy with class weights is not supported yet")
    if label_smoothing:
        raise NotImplementedError("label_smoothing is not supported yet")
    if not use_softmax:
        raise NotImplementedError("cross_entropy with use_softmax=False is not supported yet")
    if not soft_label and len(label.shape) == len(input.shape) - 1:
        from paddle.tensor.manipulation import unsqueeze
        label = unsqueeze(label, -1)
    loss = softmax_with_cross_entropy(input, label, soft_label, ignore_index, True, False, axis)
    return _reduce(loss, reduction)


def square_error_cost(input, label):  # noqa: A002
    diff = lh.append_op("elementwise_sub", {"X": [input], "Y": [label]}, {"axis": -1})
    return lh.append_op("square", {"X": [diff]})


def mse_loss(input, label, reduction="mean", name=None):  # noqa: A002
    return _reduce(square_error_cost(input, label), reduction)


def l1_loss(input, label, reduction="mean", name=None):  # noqa: A002
    diff = lh.append_op("elementwise_sub", {"X": [input], "Y": [label]}, {"axis": -1})
    return _reduce(lh.append_op("abs", {"X": [diff]}), reduction)
