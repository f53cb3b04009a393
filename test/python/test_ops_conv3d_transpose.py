"""NumPy reference and float64 gradient tests of conv3d_transpose through the executor; plus
its attribute and shape errors."""
import itertools

import numpy as np
import pytest

from op_test import build_program, check_grad, check_output

rng = np.random.default_rng(19)


def rand(*shape, dtype="float64"):
    return rng.uniform(-1.0, 1.0, shape).astype(dtype)


def transposed_geometry(sizes, kernel, strides, paddings, output_padding, output_size,
                        padding_algorithm, dilations):
    """(pad_before per axis, dilations, output extents) by PaddlePaddle's rules."""
    pads = [p for p in paddings for _ in range(2)] if len(paddings) == 3 else list(paddings)
    dil = list(dilations)
    if padding_algorithm == "VALID":
        pads = [0] * 6
    elif padding_algorithm == "SAME":
        dil = [1, 1, 1]
        pads = []
        for i in range(3):
            o = -(-sizes[i] // strides[i])
            total = max((o - 1) * strides[i] + kernel[i] - sizes[i], 0)
            pads += [total // 2, total - total // 2]
    outs = []
    for i in range(3):
        o = ((sizes[i] - 1) * strides[i] - pads[2 * i] - pads[2 * i + 1]
             + dil[i] * (kernel[i] - 1) + 1)
        if output_size:
            o = output_size[i]
        elif output_padding:
            o += output_padding[i]
        outs.append(o)
    return pads[0::2], dil, outs


def conv3d_transpose_ref(x, w, strides=(1, 1, 1), paddings=(0, 0, 0), output_padding=(),
                         output_size=(), padding_algorithm="EXPLICIT", groups=1,
                         dilations=(1, 1, 1), data_format="NCDHW"):
    """Every input voxel adds value * Filter[c, :, tap] at stride * position + dilation * tap
    of an uncropped canvas, which is then cropped by the leading paddings."""
    if data_format == "NDHWC":
        x = np.moveaxis(x, -1, 1)
    n, c, *sizes = x.shape
    _, mg, *kernel = w.shape
    before, dil, outs = transposed_geometry(sizes, kernel, strides, paddings, output_padding,
                                            output_size, padding_algorithm, dilations)
    full = [max((sizes[i] - 1) * strides[i] + dil[i] * (kernel[i] - 1) + 1, before[i] + outs[i])
            for i in range(3)]
    canvas = np.zeros([n, mg * groups] + full)
    cg = c // groups
    for g in range(groups):
        xs = x[:, g * cg:(g + 1) * cg].astype(np.float64)
        ws = w[g * cg:(g + 1) * cg].astype(np.float64)
        for tap in itertools.product(*(range(k) for k in kernel)):
            region = tuple(slice(t * d, t * d + s * (size - 1) + 1, s)
                           for t, d, s, size in zip(tap, dil, strides, sizes))
            canvas[(slice(None), slice(g * mg, (g + 1) * mg)) + region] += np.einsum(
                "ncdhw,cm->nmdhw", xs, ws[(slice(None), slice(None)) + tap])
    out = canvas[(slice(None), slice(None)) + tuple(slice(b, b + o) for b, o in zip(before, outs))]
    if data_format == "NDHWC":
        out = np.moveaxis(out, 1, -1)
    return np.ascontiguousarray(out).astype(x.dtype)


CASES = [
    # (input shape NCDHW, filter shape, attrs)
    ((2, 2, 2, 3, 3), (2, 2, 2, 2, 2), {}),
    ((1, 3, 2, 3, 2), (3, 2, 2, 3, 2), {"strides": [2, 1, 2], "paddings": [1, 0, 1]}),
    ((1, 4, 2, 2, 3), (4, 1, 2, 2, 2), {"groups": 2, "paddings": [1, 0, 0, 1, 1, 0],
                                        "strides": [2, 2, 1]}),
    ((1, 2, 2, 3, 2), (2, 2, 2, 2, 2), {"dilations": [2, 1, 2], "paddings": [1, 1, 1]}),
    ((1, 2, 2, 2, 2), (2, 1, 2, 2, 2), {"strides": [2, 2, 2], "output_padding": [1, 0, 1]}),
    ((1, 2, 2, 2, 3), (2, 2, 3, 2, 2), {"strides": [3, 2, 1], "paddings": [1, 0, 0],
                                        "output_size": [5, 4, 4]}),
    ((1, 2, 2, 3, 3), (2, 2, 2, 2, 3), {"strides": [2, 2, 1], "padding_algorithm": "SAME"}),
    ((1, 2, 2, 2, 3), (2, 2, 2, 2, 2), {"paddings": [3, 3, 3], "padding_algorithm": "VALID"}),
    ((2, 3, 2, 2, 2), (3, 2, 1, 1, 1), {}),
]


def _run_case(shape, wshape, attrs, data_format):
    full = dict(attrs, data_format=data_format)
    xshape = (shape[0],) + shape[2:] + (shape[1],) if data_format == "NDHWC" else shape
    return xshape, full


@pytest.mark.parametrize("shape,wshape,attrs", CASES)
@pytest.mark.parametrize("data_format", ["NCDHW", "NDHWC"])
def test_conv3d_transpose_matches_numpy(shape, wshape, attrs, data_format):
    xshape, full = _run_case(shape, wshape, attrs, data_format)
    for dtype in ("float32", "float64"):
        x, w = rand(*xshape, dtype=dtype), rand(*wshape, dtype=dtype)
        want = conv3d_transpose_ref(x, w, **full)
        tol = {"rtol": 1e-4, "atol": 1e-5} if dtype == "float32" else {"rtol": 1e-10, "atol": 1e-12}
        check_output("conv3d_transpose", {"Input": x, "Filter": w}, {"Output": want}, attrs=full,
                     **tol)


@pytest.mark.parametrize("case", [0, 1, 2, 4, 6])
@pytest.mark.parametrize("data_format", ["NCDHW", "NDHWC"])
def test_conv3d_transpose_grad(case, data_format):
    shape, wshape, attrs = CASES[case]
    xshape, full = _run_case(shape, wshape, attrs, data_format)
    check_grad("conv3d_transpose", {"Input": rand(*xshape), "Filter": rand(*wshape)}, attrs=full,
               outputs=("Output",), wrt=("Input", "Filter"))


def test_conv3d_transpose_grad_of_one_input():
    shape, wshape, attrs = CASES[1]
    check_grad("conv3d_transpose", {"Input": rand(*shape), "Filter": rand(*wshape)}, attrs=attrs,
               outputs=("Output",), wrt=("Filter",))


def infer(xshape, wshape, **attrs):
    _, _, _, op = build_program("conv3d_transpose",
                                {"Input": rand(*xshape), "Filter": rand(*wshape)}, attrs)
    return op


@pytest.mark.parametrize("xshape,wshape,attrs,message", [
    ((1, 2, 3, 3), (2, 2, 2, 2), {}, "Input and Filter to have rank 5"),
    ((1, 2, 3, 3, 3), (3, 2, 2, 2, 2), {}, r"Input channels \(2\) to equal Filter dims\[0\]"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"strides": [1, 1]}, "strides to hold 3 positive"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"strides": [1, 0, 1]}, "strides to hold 3 positive"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"dilations": [1, 1, -1]}, "dilations to hold 3"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"paddings": [1, 1]}, "paddings to hold 3 or 6 values"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"paddings": [1, -1, 0]}, "non-negative"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"data_format": "NCHW"}, "data_format"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"padding_algorithm": "FULL"}, "padding_algorithm"),
    ((1, 3, 3, 3, 3), (3, 2, 2, 2, 2), {"groups": 2}, "divisible by groups 2"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"output_size": [4, 4]},
     "output_size to be empty or hold 3"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"output_size": [4, 4, 9]}, r"output_size\[2\] to be in"),
    ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), {"strides": [2, 2, 2], "output_padding": [1, 2, 0]},
     r"output_padding\[1\] to be in \[0, 2\)"),
    ((1, 2, 1, 1, 1), (2, 2, 1, 1, 1), {"paddings": [1, 1, 1]}, "output size to be positive"),
])
def test_conv3d_transpose_errors(xshape, wshape, attrs, message):
    with pytest.raises(ValueError, match=message):
        infer(xshape, wshape, **attrs)
