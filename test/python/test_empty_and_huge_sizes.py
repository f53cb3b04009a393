"""Sizes that once cost gigabytes or hours: empty tensors whose other extents are huge (an
empty batch of 10^12 rows, a billion-long axis over zero channels) and attributes or inputs
that size a buffer before they are checked. Each op must give its (empty) outputs, or a typed
error naming the culprit, without sizing anything by the huge extent. Every case runs in a
forked child under an address-space limit (2 GB over what the process maps) and a time limit
far beyond what the op needs (each took seconds per 10^9 iterations of nothing, and loops over
10^12: hours); a MemoryError, a crash or the time limit fails it."""
import multiprocessing
import os
import re
import sys
import traceback

import numpy as np
import pytest

from op_test import address_space_headroom, run_op

B = 10**12  # an extent no loop may visit and no buffer may be sized by
TIME_LIMIT_S = 120


def z(*shape, dtype="float32"):
    return np.zeros(shape, dtype)


ROIS = np.array([[0, 0, 3, 3]], "float32")

# name -> (op, inputs, attrs, outputs, expected: {slot: shape} or an error message pattern)
CASES = {
    "pad3d_paddings_over_an_empty_batch": (
        "pad3d", {"X": z(0, 1, 1, 1, 1)}, {"paddings": [10**9, 10**9, 0, 0, 0, 0]},
        {"Out": None}, {"Out": (0, 1, 1, 1, 2 * 10**9 + 1)}),
    "pad3d_empty_depth": (
        "pad3d", {"X": z(1, B, 0, 2, 2)}, {"paddings": [1, 1, 1, 1, 0, 0]}, {"Out": None},
        {"Out": (1, B, 0, 4, 4)}),
    "pad3d_grad_empty_depth": (
        "pad3d_grad", {"X": z(1, B, 0, 2, 2), "Out@GRAD": z(1, B, 0, 4, 4)},
        {"paddings": [1, 1, 1, 1, 0, 0]}, {"X@GRAD": None}, {"X@GRAD": (1, B, 0, 2, 2)}),
    "bilinear_interp_huge_size_of_an_empty_batch": (
        "bilinear_interp_v2", {"X": z(0, 1, 2, 2)}, {"out_h": 10**9, "out_w": 10**9},
        {"Out": None}, {"Out": (0, 1, 10**9, 10**9)}),
    "nearest_interp_huge_size_of_an_empty_batch": (
        "nearest_interp_v2", {"X": z(0, 1, 2, 2)}, {"out_h": 10**9, "out_w": 10**9},
        {"Out": None}, {"Out": (0, 1, 10**9, 10**9)}),
    "bilinear_interp_no_channels": (
        "bilinear_interp_v2", {"X": z(B, 0, 2, 2)}, {"out_h": 3, "out_w": 3}, {"Out": None},
        {"Out": (B, 0, 3, 3)}),
    "bilinear_interp_grad_huge_size_of_an_empty_batch": (
        "bilinear_interp_v2_grad", {"X": z(0, 1, 2, 2), "Out@GRAD": z(0, 1, 10**9, 2)},
        {"out_h": 10**9, "out_w": 2}, {"X@GRAD": None}, {"X@GRAD": (0, 1, 2, 2)}),
    "roi_align_sampling_ratio": (
        "roi_align", {"X": z(1, 1, 4, 4), "ROIs": ROIS, "RoisNum": np.array([1], "int32")},
        {"sampling_ratio": 2**20}, {"Out": None},
        r"at most 2\^24 samples an ROI, but got sampling_ratio 1048576"),
    "roi_align_rois_num": (
        "roi_align", {"X": z(1, 1, 4, 4), "ROIs": ROIS, "RoisNum": np.array([B], "int64")},
        {}, {"Out": None},
        r"RoisNum to sum to the number of ROIs \(1\), but image 0 alone claims 1000000000000"),
    "assign_value_count": (
        "assign_value", {}, {"shape": [10**9], "dtype": 5, "fp32_values": [1.0]}, {"Out": None},
        r"fp32_values to hold 1000000000 values .* but got 1"),
    "top_k_empty_rows": (
        "top_k_v2", {"X": z(B, 0)}, {"k": 1, "axis": 0}, {"Out": None, "Indices": None},
        {"Out": (1, 0), "Indices": (1, 0)}),
    "softmax_with_cross_entropy_empty_rows": (
        "softmax_with_cross_entropy", {"Logits": z(B, 0), "Label": z(1, 0, dtype="int64")},
        {"axis": 0}, {"Softmax": None, "Loss": None}, {"Softmax": (B, 0), "Loss": (1, 0)}),
    "softmax_empty_rows": (
        "softmax", {"X": z(B, 0)}, {"axis": 0}, {"Out": None}, {"Out": (B, 0)}),
    "softmax_grad_empty_rows": (
        "softmax_grad", {"Out": z(B, 0), "Out@GRAD": z(B, 0)}, {"axis": 0}, {"X@GRAD": None},
        {"X@GRAD": (B, 0)}),
    "softmax_grad_empty_axis_huge_inner": (
        "softmax_grad", {"Out": z(2, 0, B), "Out@GRAD": z(2, 0, B)}, {"axis": 1},
        {"X@GRAD": None}, {"X@GRAD": (2, 0, B)}),
    "lrn_empty_batch": (
        "lrn", {"X": z(0, B, 2, 2)}, {}, {"Out": None, "MidOut": None},
        {"Out": (0, B, 2, 2), "MidOut": (0, B, 2, 2)}),
    "lrn_grad_empty_batch": (
        "lrn_grad", {"X": z(0, B, 2, 2), "Out": z(0, B, 2, 2), "MidOut": z(0, B, 2, 2),
                     "Out@GRAD": z(0, B, 2, 2)}, {}, {"X@GRAD": None},
        {"X@GRAD": (0, B, 2, 2)}),
    # (Scale@GRAD and Bias@GRAD, zeros of 10^8, are outputs of that real size: 800 MB; the
    # scratch rows once made beside them took 2.4 GB more.)
    "layer_norm_grad_no_rows": (
        "layer_norm_grad", {"X": z(0, 10**8), "Mean": z(0), "Variance": z(0),
                            "Y@GRAD": z(0, 10**8)}, {"begin_norm_axis": 1},
        {"X@GRAD": None, "Scale@GRAD": None, "Bias@GRAD": None},
        {"X@GRAD": (0, 10**8), "Scale@GRAD": (10**8,), "Bias@GRAD": (10**8,)}),
    "scatter_grad_empty_rows": (
        "scatter_grad", {"Ids": np.array([0], "int64"), "Updates": z(1, 0),
                         "Out@GRAD": z(B, 0)}, {"overwrite": True}, {"Updates@GRAD": None},
        {"Updates@GRAD": (1, 0)}),
    "batch_norm_empty_planes": (
        "batch_norm", {"X": z(B, 2, 0), "Scale": z(2), "Bias": z(2), "Mean": z(2),
                       "Variance": z(2)}, {}, {"Y": None, "MeanOut": None, "VarianceOut": None},
        {"Y": (B, 2, 0), "MeanOut": (2,), "VarianceOut": (2,)}),
    "batch_norm_grad_empty_planes": (
        "batch_norm_grad", {"X": z(B, 2, 0), "Scale": z(2), "Bias": z(2), "SavedMean": z(2),
                            "SavedVariance": z(2), "Y@GRAD": z(B, 2, 0)}, {},
        {"X@GRAD": None, "Scale@GRAD": None, "Bias@GRAD": None},
        {"X@GRAD": (B, 2, 0), "Scale@GRAD": (2,), "Bias@GRAD": (2,)}),
    "pixel_shuffle_empty_rows": (
        "pixel_shuffle", {"X": z(B, 4, 0, 2)}, {"upscale_factor": 2}, {"Out": None},
        {"Out": (B, 1, 0, 4)}),
    "pixel_shuffle_grad_empty_rows": (
        "pixel_shuffle_grad", {"Out@GRAD": z(B, 1, 0, 4)}, {"upscale_factor": 2},
        {"X@GRAD": None}, {"X@GRAD": (B, 4, 0, 2)}),
    "bmm_empty_products": (
        "bmm", {"X": z(B, 0, 2), "Y": z(B, 2, 0)}, {}, {"Out": None}, {"Out": (B, 0, 0)}),
    "bmm_grad_empty_products": (
        "bmm_grad", {"X": z(B, 0, 2), "Y": z(B, 2, 0), "Out@GRAD": z(B, 0, 0)}, {},
        {"X@GRAD": None, "Y@GRAD": None}, {"X@GRAD": (B, 0, 2), "Y@GRAD": (B, 2, 0)}),
}


def run_case(case, conn):
    """In the forked child: the op under the address-space limit; sends None or a failure."""
    op, inputs, attrs, outputs, expected = case
    try:
        try:
            with address_space_headroom():
                got = run_op(op, inputs, attrs, outputs)
        except ValueError as e:
            if isinstance(expected, str) and re.search(expected, str(e)):
                conn.send(None)
            else:
                conn.send(f"{type(e).__name__}: {e}")
            return
        if isinstance(expected, str):
            conn.send(f"no error; wanted one matching {expected!r}")
            return
        shapes = {slot: tuple(np.asarray(got[slot]).shape) for slot in expected}
        conn.send(None if shapes == expected else f"shapes {shapes}, wanted {expected}")
    except BaseException:  # MemoryError included: the failure this file is about
        conn.send(traceback.format_exc())
    finally:
        conn.close()
        sys.stdout.flush()
        os._exit(0)


@pytest.mark.parametrize("name", sorted(CASES))
def test_sizes_are_checked_before_anything_is_sized_by_them(name):
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=run_case, args=(CASES[name], child))
    proc.start()
    child.close()
    if not parent.poll(TIME_LIMIT_S):
        proc.kill()
        proc.join()
        pytest.fail(f"{name}: no result within {TIME_LIMIT_S} s (exit code {proc.exitcode})")
    try:
        failure = parent.recv()
    except EOFError:
        failure = "the child died"
    proc.join()
    assert failure is None, f"{failure} (exit code {proc.exitcode})"
