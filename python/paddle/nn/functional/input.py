"""Inputs to a network: embedding lookups (lookup_table_v2)."""
from paddle.base import layer_helper as lh

__all__ = ["embedding"]


def embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, sparse=False,
              scale_grad_by_freq=False, name=None):
    """Rows of weight [num_embeddings, dim] picked by the integer ids in x; the row at
    padding_idx gets no gradient."""
    if max_norm is not None:
        raise NotImplementedError("embedding with max_norm needs op 'renorm', which this "
                                  "runtime does not have yet")
    if scale_grad_by_freq:
        raise NotImplementedError("embedding with scale_grad_by_freq is not supported yet")
    rows = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    elif not -rows <= padding_idx < rows:
        raise ValueError(f"expected padding_idx in [{-rows}, {rows}), but got {padding_idx}")
    elif padding_idx < 0:
        padding_idx += rows
    return lh.append_op("lookup_table_v2", {"W": [weight], "Ids": [x]},
                        {"padding_idx": int(padding_idx), "is_sparse": bool(sparse)},
                        dtype=weight.dtype)
