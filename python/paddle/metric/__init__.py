"""paddle.metric: the accuracy op and the Metric classes."""
from paddle.base import layer_helper as lh
from paddle.metric.metrics import Accuracy, Auc, Metric, Precision, Recall  # noqa: F401


def accuracy(input, label, k=1, correct=None, total=None, name=None):  # noqa: A002
    values, indices = lh.append_op("top_k_v2", {"X": [input]}, {"k": int(k), "axis": -1},
                                   outputs=("Out", "Indices"), out_dtypes={"Indices": "int64"},
                                   stop_gradient=True)
    acc, _, _ = lh.append_op("accuracy", {"Out": [values], "Indices": [indices], "Label": [label]},
                             outputs=("Accuracy", "Correct", "Total"),
                             out_dtypes={"Accuracy": "float32", "Correct": "int32", "Total": "int32"},
                             stop_gradient=True)
    return acc
