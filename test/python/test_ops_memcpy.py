"""memcpy_h2d / memcpy_d2h, the copies the execution plan inserts between a variable's home
and the place of an op that reads or writes it: a plain copy on the CPU; on the GPU place
(where one exists) the plan runs them on the device, h2d leaving the data there and d2h
bringing it back to the host."""
import numpy as np
import pytest

import paddle
from op_test import build_program, check_output

paddle.enable_static()


def test_memcpy_ops_copy_their_input():
    x = np.random.default_rng(4).standard_normal((3, 5)).astype("float32")
    check_output("memcpy_h2d", {"X": x}, {"Out": x}, attrs={"dst_place_type": 1})
    check_output("memcpy_d2h", {"X": x}, {"Out": x}, attrs={"dst_place_type": 0})
    ids = np.arange(6, dtype="int64").reshape(2, 3)
    check_output("memcpy_d2h", {"X": ids}, {"Out": ids})
    check_output("memcpy_h2d", {"X": np.array([True, False])}, {"Out": np.array([True, False])})


def test_memcpy_ops_refuse_a_missing_input():
    for op in ("memcpy_h2d", "memcpy_d2h"):
        with pytest.raises(ValueError, match=f"expected op '{op}' to have input X"):
            build_program(op, {})
