"""paddle.metric classes: Metric, Accuracy, Precision, Recall, Auc.

States are accumulated in NumPy; update() takes eager Tensors or NumPy arrays. Accuracy.compute
is built from paddle ops for Tensor / static Variable inputs (so it can sit inside a program)
and from NumPy for arrays.
"""
import abc
import numbers

import numpy as np

import paddle

__all__ = ["Metric", "Accuracy", "Precision", "Recall", "Auc"]


def _numpy(x, arg):
    if isinstance(x, paddle.Tensor):
        return x.numpy()
    if isinstance(x, (np.ndarray, list, tuple, numbers.Number)):
        return np.asarray(x)
    raise TypeError(f"expected {arg} to be a paddle Tensor or numpy.ndarray, but got {type(x).__name__}")


class Metric(metaclass=abc.ABCMeta):
    """Base class: reset() clears the state, update() adds a batch (the output of compute()),
    accumulate() gives the metric over everything seen, name() its name(s)."""

    def __init__(self):
        pass

    @abc.abstractmethod
    def reset(self):
        raise NotImplementedError(f"function 'reset' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def update(self, *args):
        raise NotImplementedError(f"function 'update' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def accumulate(self):
        raise NotImplementedError(f"function 'accumulate' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def name(self):
        raise NotImplementedError(f"function 'name' not implemented in {self.__class__.__name__}.")

    def compute(self, *args):
        """Per-batch preprocessing of the network outputs and labels; passed through by default."""
        return args


class Accuracy(Metric):
    """Top-k classification accuracy for each k in topk."""

    def __init__(self, topk=(1,), name=None, *args, **kwargs):
        super().__init__()
        if isinstance(topk, numbers.Integral):
            topk = (topk,)
        if (not isinstance(topk, (list, tuple)) or not topk
                or not all(isinstance(k, numbers.Integral) and k > 0 for k in topk)):
            raise ValueError(f"expected topk to be a positive int or a sequence of them, but got {topk!r}")
        self.topk = tuple(int(k) for k in topk)
        self.maxk = max(self.topk)
        name = name or "acc"
        self._name = [f"{name}_top{k}" for k in self.topk] if self.maxk != 1 else [name]
        self.reset()

    def compute(self, pred, label, *args):
        """Returns the float32 correctness matrix [..., maxk]: column j is 1 where the j-th
        highest score's class equals the label (a class index, or a one-hot row)."""
        if isinstance(pred, np.ndarray) or isinstance(label, np.ndarray):
            pred, label = _numpy(pred, "pred"), _numpy(label, "label")
            order = np.argsort(-pred, axis=-1, kind="stable")[..., :self.maxk]
            if label.ndim == 1 or label.shape[-1] == 1:
                label = label.reshape(order.shape[:-1] + (1,))
            else:
                label = np.argmax(label, axis=-1)[..., None]
            return (order == label).astype(np.float32)
        order = paddle.argsort(pred, axis=-1, descending=True)
        order = paddle.slice(order, axes=[len(order.shape) - 1], starts=[0], ends=[self.maxk])
        if len(label.shape) == 1 or label.shape[-1] == 1:
            label = paddle.reshape(label, (-1, 1))
        else:
            label = paddle.argmax(label, axis=-1, keepdim=True)
        return paddle.cast(paddle.equal(order, paddle.cast(label, order.dtype)), "float32")

    def update(self, correct, *args):
        """Adds a correctness matrix; returns this batch's accuracy (a list for several k)."""
        correct = _numpy(correct, "correct")
        if correct.ndim == 0 or correct.shape[-1] < self.maxk:
            raise ValueError(f"expected correct to have at least {self.maxk} columns, "
                             f"but got shape {list(correct.shape)}")
        num_samples = int(np.prod(correct.shape[:-1]))
        accs = []
        for i, k in enumerate(self.topk):
            num_corrects = float(correct[..., :k].sum())
            accs.append(num_corrects / num_samples if num_samples else 0.0)
            self.total[i] += num_corrects
            self.count[i] += num_samples
        return accs[0] if len(self.topk) == 1 else accs

    def reset(self):
        self.total = [0.0] * len(self.topk)
        self.count = [0] * len(self.topk)

    def accumulate(self):
        res = [float(t) / c if c > 0 else 0.0 for t, c in zip(self.total, self.count)]
        return res[0] if len(self.topk) == 1 else res

    def name(self):
        return self._name


def _binary_inputs(preds, labels):
    preds = _numpy(preds, "preds").reshape(-1)
    labels = _numpy(labels, "labels").reshape(-1)
    if preds.shape != labels.shape:
        raise ValueError(f"expected preds and labels to hold the same number of samples, "
                         f"but got {preds.size} and {labels.size}")
    return np.floor(preds.astype(np.float64) + 0.5).astype(np.int64), labels.astype(np.int64)


class Precision(Metric):
    """Binary precision tp / (tp + fp); a prediction is positive when its probability >= 0.5."""

    def __init__(self, name="precision", *args, **kwargs):
        super().__init__()
        self.tp = 0
        self.fp = 0
        self._name = name

    def update(self, preds, labels):
        preds, labels = _binary_inputs(preds, labels)
        self.tp += int(np.sum((preds == 1) & (labels == 1)))
        self.fp += int(np.sum((preds == 1) & (labels != 1)))

    def reset(self):
        self.tp = 0
        self.fp = 0

    def accumulate(self):
        ap = self.tp + self.fp
        return float(self.tp) / ap if ap != 0 else 0.0

    def name(self):
        return self._name


class Recall(Metric):
    """Binary recall tp / (tp + fn); a prediction is positive when its probability >= 0.5."""

    def __init__(self, name="recall", *args, **kwargs):
        super().__init__()
        self.tp = 0
        self.fn = 0
        self._name = name

    def update(self, preds, labels):
        preds, labels = _binary_inputs(preds, labels)
        self.tp += int(np.sum((preds == 1) & (labels == 1)))
        self.fn += int(np.sum((preds != 1) & (labels == 1)))

    def reset(self):
        self.tp = 0
        self.fn = 0

    def accumulate(self):
        recall = self.tp + self.fn
        return float(self.tp) / recall if recall != 0 else 0.0

    def name(self):
        return self._name


class Auc(Metric):
    """Area under the ROC curve from bucketed scores: a sample with positive-class probability p
    falls in bucket int(p * num_thresholds); the curve walks the buckets from the highest score
    down and integrates with the trapezoid rule. As in PaddlePaddle, curve='PR' is accepted
    but the ROC area is computed."""

    def __init__(self, curve="ROC", num_thresholds=4095, name="auc", *args, **kwargs):
        super().__init__()
        if curve not in ("ROC", "PR"):
            raise ValueError(f"expected curve to be 'ROC' or 'PR', but got {curve!r}")
        if not isinstance(num_thresholds, numbers.Integral) or num_thresholds < 1:
            raise ValueError(f"expected num_thresholds to be a positive int, but got {num_thresholds!r}")
        self._curve = curve
        self._num_thresholds = int(num_thresholds)
        self._name = name
        self.reset()

    def update(self, preds, labels):
        """preds: [N, 2] class probabilities (column 1 is the positive class); labels: [N] or [N, 1]."""
        preds = _numpy(preds, "preds")
        labels = _numpy(labels, "labels").reshape(-1)
        if preds.ndim != 2 or preds.shape[1] < 2 or preds.shape[0] != labels.size:
            raise ValueError(f"expected preds of shape [{labels.size}, 2], but got {list(preds.shape)}")
        scores = preds[:, 1].astype(np.float64)
        if np.any(scores < 0) or np.any(scores > 1):
            raise ValueError("expected preds to hold probabilities in [0, 1], but got values "
                             f"in [{scores.min()}, {scores.max()}]")
        bins = (scores * self._num_thresholds).astype(np.int64)
        positive = labels != 0
        np.add.at(self._stat_pos, bins[positive], 1.0)
        np.add.at(self._stat_neg, bins[~positive], 1.0)

    def reset(self):
        self._stat_pos = np.zeros(self._num_thresholds + 1)
        self._stat_neg = np.zeros(self._num_thresholds + 1)

    def accumulate(self):
        tot_pos = np.concatenate([[0.0], np.cumsum(self._stat_pos[::-1])])
        tot_neg = np.concatenate([[0.0], np.cumsum(self._stat_neg[::-1])])
        if tot_pos[-1] <= 0 or tot_neg[-1] <= 0:
            return 0.0
        area = np.sum(np.abs(np.diff(tot_neg)) * (tot_pos[1:] + tot_pos[:-1]) / 2.0)
        return float(area / tot_pos[-1] / tot_neg[-1])

    def name(self):
        return self._name
