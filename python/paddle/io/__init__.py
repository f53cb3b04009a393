"""paddle.io: Dataset and a single-process DataLoader yielding NumPy batches."""
import numpy as np


class Dataset:
    def __getitem__(self, idx):
        raise NotImplementedError

    def __len__(self):
        raise NotImplementedError


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


def default_collate_fn(samples):
    first = samples[0]
    if isinstance(first, (tuple, list)):
        return [default_collate_fn([s[i] for s in samples]) for i in range(len(first))]
    if isinstance(first, dict):
        return {k: default_collate_fn([s[k] for s in samples]) for k in first}
    return np.stack([np.asarray(s) for s in samples])


class BatchSampler:
    def __init__(self, dataset=None, sampler=None, shuffle=False, batch_size=1, drop_last=False):
        if batch_size <= 0:
            raise ValueError(f"expected a positive batch_size, but got {batch_size}")
        self.n = len(dataset) if dataset is not None else len(sampler)
        self.shuffle, self.batch_size, self.drop_last = shuffle, batch_size, drop_last

    def __iter__(self):
        order = np.random.permutation(self.n) if self.shuffle else np.arange(self.n)
        for start in range(0, self.n, self.batch_size):
            batch = order[start:start + self.batch_size]
            if len(batch) < self.batch_size and self.drop_last:
                return
            yield batch.tolist()

    def __len__(self):
        full, rest = divmod(self.n, self.batch_size)
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
    loop."""

    def __init__(self, dataset, feed_list=None, places=None, return_list=True, batch_sampler=None,
                 batch_size=1, shuffle=False, drop_last=False, collate_fn=None, num_workers=0,
                 use_buffer_reader=True, prefetch_factor=2, use_shared_memory=True, timeout=0,
                 worker_init_fn=None, persistent_workers=False):
        self.dataset = dataset
        self.batch_sampler = batch_sampler or BatchSampler(dataset, shuffle=shuffle,
                                                           batch_size=batch_size, drop_last=drop_last)
        self.collate_fn = collate_fn or default_collate_fn
        self.return_list = return_list
        self.feed_list = feed_list

    def __iter__(self):
        fast = getattr(self.dataset, "_batch", None)
        for indices in self.batch_sampler:
            batch = fast(indices) if fast is not None and self.collate_fn is default_collate_fn \
                else self.collate_fn([self.dataset[i] for i in indices])
            if not self.return_list and self.feed_list is not None:
                yield {v.name: b for v, b in zip(self.feed_list, batch)}
            else:
                yield batch

    def __len__(self):
        return len(self.batch_sampler)
