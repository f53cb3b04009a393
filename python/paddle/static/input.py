"""paddle.static.data and InputSpec."""
import numpy as np

from paddle.base.dtypes import convert_dtype, dtype_to_str
from paddle.base.framework import default_main_program


def data(name, shape, dtype=None, lod_level=0):
    """A fed input variable: stop_gradient, need_check_feed; None or -1 extents are dynamic."""
    shape = [-1 if d is None else int(d) for d in shape]
    block = default_main_program().global_block()
    var = block.create_var(name=name, shape=shape, dtype=dtype or "float32", lod_level=lod_level,
                           stop_gradient=True, need_check_feed=True, is_data=True)
    var.is_data = True
    return var


class InputSpec:
    def __init__(self, shape, dtype="float32", name=None, stop_gradient=False):
        self.shape = tuple(-1 if d is None else int(d) for d in shape)
        self.dtype = convert_dtype(dtype)
        self.name = name
        self.stop_gradient = stop_gradient

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tensor.shape, tensor.dtype, name or tensor.name)

    @classmethod
    def from_numpy(cls, ndarray, name=None):
        return cls(ndarray.shape, np.asarray(ndarray).dtype, name)

    def batch(self, batch_size):
        return InputSpec((batch_size,) + self.shape, self.dtype, self.name)

    def unbatch(self):
        return InputSpec(self.shape[1:], self.dtype, self.name)

    def __repr__(self):
        return f"InputSpec(shape={self.shape}, dtype={dtype_to_str(self.dtype)}, name={self.name})"

    def __eq__(self, other):
        return (isinstance(other, InputSpec) and self.shape == other.shape
                and self.dtype == other.dtype and self.name == other.name)

    def __hash__(self):
        return hash((self.shape, int(self.dtype), self.name))
