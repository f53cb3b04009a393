"""Vision datasets read from local files (no downloads): MNIST-format IDX files."""
import gzip
import os

import numpy as np

from paddle.io import Dataset

FASHION_MNIST_DIR = "/usr/share/datasets/fashion-mnist"


def _read_idx(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        data = f.read()
    if len(data) < 8:
        raise ValueError(f"expected an IDX file, but {path} is only {len(data)} bytes")
    magic = int.from_bytes(data[0:4], "big")
    if magic >> 8 != 0x08:
        raise ValueError(f"expected an IDX file of unsigned bytes in {path}, but got magic {magic:#x}")
    ndim = magic & 0xFF
    dims = [int.from_bytes(data[4 + 4 * i: 8 + 4 * i], "big") for i in range(ndim)]
    offset = 4 + 4 * ndim
    count = int(np.prod(dims))
    if len(data) - offset != count:
        raise ValueError(f"expected {count} bytes of data in {path}, but got {len(data) - offset}")
    return np.frombuffer(data, np.uint8, count, offset).reshape(dims)


class MNIST(Dataset):
    """Images as float32 [1, 28, 28] scaled to [0, 1] (or by `transform`), labels int64 [1]."""
    NAME = "mnist"
    DEFAULT_DIR = "/usr/share/datasets/mnist"

    def __init__(self, image_path=None, label_path=None, mode="train", transform=None,
                 download=False, backend=None, data_dir=None):
        if mode not in ("train", "test"):
            raise ValueError(f"expected mode 'train' or 'test', but got {mode!r}")
        prefix = "train" if mode == "train" else "t10k"
        root = data_dir or os.environ.get(f"PADDLE_{self.NAME.upper().replace('-', '_')}_DIR",
                                          self.DEFAULT_DIR)
        image_path = image_path or os.path.join(root, f"{prefix}-images-idx3-ubyte.gz")
        label_path = label_path or os.path.join(root, f"{prefix}-labels-idx1-ubyte.gz")
        for p in (image_path, label_path):
            if not os.path.exists(p):
                raise FileNotFoundError(f"{self.NAME} file {p} not found; install the Debian package "
                                        "(tools/install_deps.sh) or pass image_path/label_path")
        self.images = _read_idx(image_path)
        self.labels = _read_idx(label_path).astype(np.int64)
        if len(self.images) != len(self.labels):
            raise ValueError(f"expected as many labels as images, but got {len(self.labels)} and "
                             f"{len(self.images)}")
        self.transform = transform
        self.mode = mode

    def __getitem__(self, idx):
        image = self.images[idx]
        if self.transform is not None:
            image = self.transform(image)
        else:
            image = (image.astype(np.float32) / 255.0)[None, :, :]
        return image, self.labels[idx:idx + 1]

    def _batch(self, indices):
        if self.transform is not None:
            return [np.stack([self[i][0] for i in indices]),
                    self.labels[indices].reshape(-1, 1)]
        images = self.images[indices].astype(np.float32)[:, None, :, :] / 255.0
        return [images, self.labels[indices].reshape(-1, 1)]

    def __len__(self):
        return len(self.labels)


class FashionMNIST(MNIST):
    NAME = "fashion-mnist"
    DEFAULT_DIR = FASHION_MNIST_DIR
