"""More of paddle.io: ConcatDataset, WeightedRandomSampler, SubsetRandomSampler and
get_worker_info. Random draws come from NumPy's global generator, as the other samplers'."""
import bisect

import numpy as np

# paddle.io imports this module at its end, when these names exist already.
from paddle.io import Dataset, IterableDataset, Sampler, _permutation

__all__ = ["ConcatDataset", "WeightedRandomSampler", "SubsetRandomSampler", "get_worker_info"]


class ConcatDataset(Dataset):
    """The samples of several map-style datasets one after another; cumulative_sizes[i]
    is the total length of datasets 0..i."""

    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise ValueError("expected ConcatDataset's datasets to be non-empty, but got "
                             "none")
        for d in self.datasets:
            if isinstance(d, IterableDataset):
                raise TypeError(f"expected map-style datasets for ConcatDataset, but got "
                                f"the IterableDataset {type(d).__name__}")
        self.cumulative_sizes = np.cumsum([len(d) for d in self.datasets]).tolist()

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        total = len(self)
        if idx < 0:
            if -idx > total:
                raise ValueError(f"expected an index in [-{total}, {total}) for "
                                 f"ConcatDataset, but got {idx}")
            idx += total
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        if which >= len(self.datasets):
            raise IndexError(f"expected an index in [-{total}, {total}) for ConcatDataset, "
                             f"but got {idx}")
        start = self.cumulative_sizes[which - 1] if which else 0
        return self.datasets[which][idx - start]


class WeightedRandomSampler(Sampler):
    """num_samples indices drawn with probability proportional to weights (with or
    without replacement)."""

    def __init__(self, weights, num_samples, replacement=True):
        super().__init__(None)
        if hasattr(weights, "numpy"):
            weights = weights.numpy()
        if not isinstance(weights, (list, tuple, np.ndarray)):
            raise TypeError(f"expected WeightedRandomSampler's weights to be a list, tuple, "
                            f"numpy.ndarray or Tensor, but got {type(weights).__name__}")
        weights = np.asarray(weights, dtype="float64")
        if weights.ndim != 1:
            raise ValueError(f"expected WeightedRandomSampler's weights to be 1-D, but got "
                             f"shape {list(weights.shape)}")
        if (weights < 0).any() or not weights.sum() > 0:
            raise ValueError("expected WeightedRandomSampler's weights to be non-negative "
                             "with a positive sum")
        if isinstance(num_samples, bool) or not isinstance(num_samples, (int, np.integer)) \
                or num_samples <= 0:
            raise ValueError(f"expected WeightedRandomSampler's num_samples to be a positive "
                             f"int, but got {num_samples!r}")
        if not isinstance(replacement, bool):
            raise TypeError(f"expected WeightedRandomSampler's replacement to be a bool, "
                            f"but got {type(replacement).__name__}")
        if not replacement and num_samples > int((weights > 0).sum()):
            raise ValueError(f"expected num_samples <= the {int((weights > 0).sum())} "
                             f"non-zero weights without replacement, but got {num_samples}")
        self.weights, self.num_samples = weights, int(num_samples)
        self.replacement = replacement

    def __iter__(self):
        draws = np.random.choice(len(self.weights), self.num_samples, self.replacement,
                                 self.weights / self.weights.sum())
        return iter(draws.tolist())

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """The given indices in a random order."""

    def __init__(self, indices, generator=None):
        super().__init__(None)
        self.indices = list(indices)
        if not self.indices:
            raise ValueError("expected SubsetRandomSampler's indices to be non-empty, but "
                             "got none")
        self.generator = generator

    def __iter__(self):
        for i in _permutation(len(self.indices), self.generator).tolist():
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)

def get_worker_info():
    """None: this DataLoader loads in the calling process (a worker process would get its
    id, num_workers, dataset and seed)."""
    return None
