"""paddle.io: map-style and iterable datasets (TensorDataset, ComposeDataset, ChainDataset,
Subset, random_split), samplers (SequenceSampler, RandomSampler, BatchSampler,
DistributedBatchSampler) and a single-process DataLoader yielding NumPy batches. Random
orders come from NumPy's global generator (np.random.seed makes them reproducible) unless a
generator is given."""
import math
import warnings
from itertools import accumulate

import numpy as np


class Dataset:
    def __getitem__(self, idx):
        raise NotImplementedError

    def __len__(self):
        raise NotImplementedError


class IterableDataset(Dataset):
    """A stream of samples: subclasses define __iter__; there is no indexing or length."""

    def __iter__(self):
        raise NotImplementedError(f"{type(self).__name__} must define __iter__()")

    def __getitem__(self, idx):
        raise RuntimeError(f"{type(self).__name__} is an IterableDataset and cannot be indexed")

    def __len__(self):
        # TypeError, as len() of any unsized object (list(dataset) relies on it).
        raise TypeError(f"{type(self).__name__} is an IterableDataset and has no length")


class TensorDataset(Dataset):
    def __init__(self, tensors):
        self.tensors = [np.asarray(t) for t in tensors]
        n = len(self.tensors[0])
        if any(len(t) != n for t in self.tensors):
            raise ValueError("expected tensors of equal length")

    def __getitem__(self, idx):
        return tuple(t[idx] for t in self.tensors)

    def __len__(self):
        return len(self.tensors[0])


def _fields(sample):
    return list(sample) if isinstance(sample, (tuple, list)) else [sample]


class ComposeDataset(Dataset):
    """Sample i is the fields of sample i of every dataset, concatenated into one tuple."""

    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise ValueError("expected at least one dataset in ComposeDataset, but got none")
        for i, dataset in enumerate(self.datasets):
            if not isinstance(dataset, Dataset) or isinstance(dataset, IterableDataset):
                raise TypeError(f"expected datasets[{i}] of ComposeDataset to be a map-style "
                                f"paddle.io.Dataset, but got {type(dataset).__name__}")
        lengths = [len(d) for d in self.datasets]
        if len(set(lengths)) != 1:
            raise ValueError(f"expected datasets of equal length in ComposeDataset, but got "
                             f"lengths {lengths}")

    def __len__(self):
        return len(self.datasets[0])

    def __getitem__(self, idx):
        return tuple(field for d in self.datasets for field in _fields(d[idx]))


class ChainDataset(IterableDataset):
    """The samples of several IterableDatasets, one after another."""

    def __init__(self, datasets):
        self.datasets = list(datasets)
        for i, dataset in enumerate(self.datasets):
            if not isinstance(dataset, IterableDataset):
                raise TypeError(f"expected datasets[{i}] of ChainDataset to be an "
                                f"IterableDataset, but got {type(dataset).__name__}")

    def __iter__(self):
        for dataset in self.datasets:
            yield from dataset


class Subset(Dataset):
    """The samples of `dataset` at `indices`, in that order."""

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = [int(i) for i in indices]

    def __getitem__(self, idx):
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def _permutation(n, generator):
    """A permutation of range(n) from `generator` (a NumPy Generator/RandomState, or an int
    seed), else from NumPy's global generator as the DataLoader's shuffling."""
    if generator is None:
        return np.random.permutation(n)
    if isinstance(generator, (int, np.integer)) and not isinstance(generator, bool):
        return np.random.RandomState(int(generator)).permutation(n)
    if hasattr(generator, "permutation"):
        return np.asarray(generator.permutation(n))
    raise TypeError("expected generator to be None, an int seed or a numpy.random Generator/"
                    f"RandomState, but got {type(generator).__name__}")


def _split_lengths(lengths, total):
    """Lengths as ints; fractions summing to 1 become floor(total * f), the remainder dealt one
    by one from the first split (PaddlePaddle's rule)."""
    lengths = list(lengths)
    for i, length in enumerate(lengths):
        if isinstance(length, bool) or not isinstance(length, (int, float, np.number)):
            raise TypeError(f"expected lengths[{i}] of random_split to be an int or a fraction, "
                            f"but got {type(length).__name__}")
    if all(isinstance(v, (int, np.integer)) for v in lengths):
        counts = [int(v) for v in lengths]
    elif math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        for i, fraction in enumerate(lengths):
            if not 0 <= fraction <= 1:
                raise ValueError(f"expected lengths[{i}] of random_split in [0, 1] when lengths "
                                 f"are fractions, but got {fraction}")
        counts = [int(math.floor(total * f)) for f in lengths]
        for i in range(total - sum(counts)):
            counts[i % len(counts)] += 1
        for i, count in enumerate(counts):
            if count == 0:
                warnings.warn(f"random_split: split {i} is empty")
    elif all(float(v).is_integer() for v in lengths):
        counts = [int(v) for v in lengths]
    else:
        raise ValueError(f"expected lengths of random_split to be ints summing to the dataset "
                         f"length or fractions summing to 1, but got {lengths}")
    if any(c < 0 for c in counts):
        raise ValueError(f"expected non-negative lengths in random_split, but got {counts}")
    if sum(counts) != total:
        raise ValueError(f"expected lengths of random_split to sum to the dataset length "
                         f"{total}, but got {counts} (sum {sum(counts)})")
    return counts


def random_split(dataset, lengths, generator=None):
    """Disjoint random Subsets of `dataset` with the given lengths (ints, or fractions summing
    to 1). The permutation comes from `generator` (NumPy Generator/RandomState or int seed),
    else from NumPy's global generator."""
    counts = _split_lengths(lengths, len(dataset))
    order = _permutation(len(dataset), generator).tolist()
    return [Subset(dataset, order[end - n:end]) for end, n in zip(accumulate(counts), counts)]


class Sampler:
    """Base of the samplers: iterating yields dataset indices."""

    def __init__(self, data_source=None):
        self.data_source = data_source

    def __iter__(self):
        raise NotImplementedError(f"{type(self).__name__} must define __iter__()")


class SequenceSampler(Sampler):
    """0, 1, ..., len(data_source) - 1."""

    def __init__(self, data_source):
        super().__init__(data_source)

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """Shuffled indices of data_source. Without replacement: whole permutations, back to back,
    cut at num_samples (default len(data_source)); with replacement: num_samples independent
    draws. `generator` is an iterator of indices (PaddlePaddle's meaning: num_samples of them
    are yielded), a numpy.random Generator/RandomState or an int seed to draw from; None draws
    from NumPy's global generator."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        super().__init__(data_source)
        if not isinstance(replacement, bool):
            raise TypeError(f"expected replacement of RandomSampler to be a bool, but got "
                            f"{type(replacement).__name__}")
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if num_samples is not None and (isinstance(num_samples, bool) or not isinstance(
                num_samples, (int, np.integer)) or num_samples <= 0):
            raise ValueError(f"expected num_samples of RandomSampler to be a positive int, but "
                             f"got {num_samples!r}")

    @property
    def num_samples(self):
        return len(self.data_source) if self._num_samples is None else int(self._num_samples)

    def _random_state(self):
        if self.generator is None:
            return np.random
        if isinstance(self.generator, (int, np.integer)) and not isinstance(self.generator, bool):
            return np.random.RandomState(int(self.generator))
        if hasattr(self.generator, "permutation"):
            return self.generator
        if not hasattr(self.generator, "__next__"):
            raise TypeError("expected generator of RandomSampler to be None, an int seed, a "
                            "numpy.random Generator/RandomState or an iterator of indices, but "
                            f"got {type(self.generator).__name__}")
        return None

    def __iter__(self):
        n, wanted = len(self.data_source), self.num_samples
        state = self._random_state()
        if state is None:  # an iterator of indices
            for _ in range(wanted):
                try:
                    yield next(self.generator)
                except StopIteration:
                    return
            return
        if self.replacement:
            draws = state.randint(0, n, wanted) if hasattr(state, "randint") \
                else state.integers(0, n, wanted)
            yield from np.asarray(draws).tolist()
            return
        produced = 0
        while n and produced < wanted:
            for index in np.asarray(state.permutation(n))[:wanted - produced].tolist():
                yield index
            produced += n

    def __len__(self):
        return self.num_samples


def default_collate_fn(samples):
    first = samples[0]
    if isinstance(first, (tuple, list)):
        return [default_collate_fn([s[i] for s in samples]) for i in range(len(first))]
    if isinstance(first, dict):
        return {k: default_collate_fn([s[k] for s in samples]) for k in first}
    return np.stack([np.asarray(s) for s in samples])


def _check_batch_size(batch_size):
    if isinstance(batch_size, bool) or not isinstance(batch_size, (int, np.integer)) \
            or batch_size <= 0:
        raise ValueError(f"expected a positive int batch_size, but got {batch_size!r}")


class BatchSampler:
    """Lists of batch_size indices drawn from `sampler`, or from `dataset` in order (a
    RandomSampler when `shuffle`); one of dataset and sampler must be given."""

    def __init__(self, dataset=None, sampler=None, shuffle=False, batch_size=1, drop_last=False):
        _check_batch_size(batch_size)
        if not isinstance(shuffle, bool):
            raise TypeError(f"expected shuffle to be a bool, but got {type(shuffle).__name__}")
        if dataset is None:
            if sampler is None:
                raise ValueError("expected one of dataset or sampler for BatchSampler, but got "
                                 "neither")
            if shuffle:
                raise ValueError("expected shuffle=False when BatchSampler is given a sampler "
                                 "(the sampler decides the order), but got shuffle=True")
            self.sampler = sampler
        else:
            if sampler is not None:
                raise ValueError("expected only one of dataset or sampler for BatchSampler, but "
                                 "got both")
            if isinstance(dataset, IterableDataset):
                raise TypeError("expected a map-style dataset for BatchSampler, but got the "
                                f"IterableDataset {type(dataset).__name__}")
            self.sampler = RandomSampler(dataset) if shuffle else SequenceSampler(dataset)
        self.n = len(self.sampler)
        self.shuffle, self.batch_size, self.drop_last = shuffle, int(batch_size), drop_last

    def __iter__(self):
        batch = []
        for index in self.sampler:
            batch.append(int(index))
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self):
        full, rest = divmod(len(self.sampler), self.batch_size)
        return full + (1 if rest and not self.drop_last else 0)


class DistributedBatchSampler(BatchSampler):
    """The batches of one rank: the dataset's indices (shuffled by epoch when `shuffle`;
    padded by wrapping around to a multiple of num_replicas) dealt out rank::num_replicas,
    so the ranks' shards are disjoint and equally long. num_replicas and rank default to
    paddle.distributed's world size and rank; call set_epoch(e) for a new order."""

    def __init__(self, dataset, batch_size, num_replicas=None, rank=None, shuffle=False,
                 drop_last=False):
        from paddle import distributed as dist
        super().__init__(dataset, shuffle=shuffle, batch_size=batch_size, drop_last=drop_last)
        self.nranks = dist.get_world_size() if num_replicas is None else int(num_replicas)
        self.local_rank = dist.get_rank() if rank is None else int(rank)
        if self.nranks < 1 or not 0 <= self.local_rank < self.nranks:
            raise ValueError(f"expected rank in [0, num_replicas) and num_replicas >= 1, but got "
                             f"rank {self.local_rank} of {self.nranks}")
        self.epoch = 0
        self.num_samples = -(-self.n // self.nranks)

    def set_epoch(self, epoch):
        self.epoch = int(epoch)

    def __iter__(self):
        order = np.arange(self.n)
        if self.shuffle:
            order = np.random.RandomState(self.epoch).permutation(self.n)
        total = self.num_samples * self.nranks
        order = np.concatenate([order, order[:total - self.n]]) if total > self.n else order
        mine = order[self.local_rank:total:self.nranks]
        for start in range(0, len(mine), self.batch_size):
            batch = mine[start:start + self.batch_size]
            if len(batch) < self.batch_size and self.drop_last:
                return
            yield batch.tolist()

    def __len__(self):
        full, rest = divmod(self.num_samples, self.batch_size)
        return full + (1 if rest and not self.drop_last else 0)


class DataLoader:
    """Iterates over `dataset` in batches of NumPy arrays (one list per batch, one entry per
    field of a sample). Datasets exposing `_batch(indices)` are batched without a per-sample
    loop. An IterableDataset is read in order and cut into batch_size batches (no sampler,
    no shuffle); batch_size=None yields its samples unbatched."""

    def __init__(self, dataset, feed_list=None, places=None, return_list=True, batch_sampler=None,
                 batch_size=1, shuffle=False, drop_last=False, collate_fn=None, num_workers=0,
                 use_buffer_reader=True, prefetch_factor=2, use_shared_memory=True, timeout=0,
                 worker_init_fn=None, persistent_workers=False):
        self.dataset = dataset
        self.iterable = isinstance(dataset, IterableDataset)
        if self.iterable:
            if shuffle:
                raise ValueError("expected shuffle=False for an IterableDataset (it has no "
                                 "indices to shuffle), but got shuffle=True")
            if batch_sampler is not None:
                raise ValueError("expected batch_sampler=None for an IterableDataset (it has "
                                 "no indices to sample), but got "
                                 f"{type(batch_sampler).__name__}")
            if batch_size is not None:
                _check_batch_size(batch_size)
            self.batch_sampler = None
        elif batch_sampler is not None:
            self.batch_sampler = batch_sampler
        else:
            self.batch_sampler = BatchSampler(dataset, shuffle=shuffle, batch_size=batch_size,
                                              drop_last=drop_last)
        self.batch_size, self.drop_last = batch_size, drop_last
        self.collate_fn = collate_fn or default_collate_fn
        self.return_list = return_list
        self.feed_list = feed_list

    def _batches(self):
        if not self.iterable:
            fast = getattr(self.dataset, "_batch", None)
            for indices in self.batch_sampler:
                yield fast(indices) if fast is not None and self.collate_fn is default_collate_fn \
                    else self.collate_fn([self.dataset[i] for i in indices])
            return
        if self.batch_size is None:
            for sample in self.dataset:
                yield sample if self.collate_fn is default_collate_fn else self.collate_fn(sample)
            return
        samples = []
        for sample in self.dataset:
            samples.append(sample)
            if len(samples) == self.batch_size:
                yield self.collate_fn(samples)
                samples = []
        if samples and not self.drop_last:
            yield self.collate_fn(samples)

    def __iter__(self):
        for batch in self._batches():
            if not self.return_list and self.feed_list is not None:
                yield {v.name: b for v, b in zip(self.feed_list, batch)}
            else:
                yield batch

    def __len__(self):
        if self.iterable:
            # TypeError, as len() of any unsized object (list(loader) relies on it).
            raise TypeError("expected a map-style dataset for len(DataLoader), but got the "
                            f"IterableDataset {type(self.dataset).__name__}, which has no length")
        return len(self.batch_sampler)


from paddle.io.extra import *  # noqa: E402,F401,F403
