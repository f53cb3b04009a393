"""Op test harness: runs one op through the real path (program desc, op record, InferMeta,
executor, kernel) and compares with a NumPy reference; checks gradients of the registry's
grad ops against float64 central differences.

    check_output("relu", {"X": x}, {"Out": np.maximum(x, 0)})
    check_grad("relu", {"X": x}, attrs={}, outputs=["Out"], wrt=["X"])

Inputs map a slot to an array or to a list of (name, array) for duplicable slots.

Where the build has the CUDA backend and a GPU is visible, every check also runs on the GPU
(CUDAPlace(0)) against the same NumPy reference: the execution plan puts the op on the GPU
when it has a GPU kernel for the dtype (and on the CPU otherwise, with the copies around it).
PADDLE_TEST_GPU=0 turns that off; a case whose reference depends on the CPU's random stream
passes places=("cpu",).
"""
import contextlib
import os
import resource

import numpy as np

from paddle.base import core

@contextlib.contextmanager
def address_space_headroom(extra=2 << 30):
    """At most `extra` bytes more address space than the process maps now (never above the hard
    limit), restored on exit: an allocation sized by a huge extent then fails here instead of
    succeeding slowly on a machine with the memory."""
    with open("/proc/self/status") as f:
        vm_kb = next(int(line.split()[1]) for line in f if line.startswith("VmSize:"))
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = vm_kb * 1024 + extra
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


GPU_AVAILABLE = (os.environ.get("PADDLE_TEST_GPU", "1") != "0" and core.is_compiled_with_cuda()
                 and core.get_cuda_device_count() > 0)


@contextlib.contextmanager
def static_program():
    """Static mode with fresh main and startup programs for the block (yields both); dynamic
    mode again after it."""
    import paddle
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    try:
        with paddle.static.program_guard(main, startup):
            yield main, startup
    finally:
        paddle.disable_static()


def places_to_check(places=("cpu", "gpu")):
    """The places a check runs on: CPU always, the GPU where one is available."""
    out = [core.CPUPlace()] if "cpu" in places else []
    if "gpu" in places and GPU_AVAILABLE:
        out.append(core.CUDAPlace(0))
    return out


def _place_name(place):
    return "GPU" if place.is_gpu_place() else "CPU"

_DTYPES = {np.dtype("float32"): core.VarType.FP32, np.dtype("float64"): core.VarType.FP64,
           np.dtype("int32"): core.VarType.INT32, np.dtype("int64"): core.VarType.INT64,
           np.dtype("bool"): core.VarType.BOOL, np.dtype("float16"): core.VarType.FP16,
           np.dtype("uint8"): core.VarType.UINT8, np.dtype("int8"): core.VarType.INT8}


def _slot_items(value, slot):
    """[(var_name, array)] for a slot value: an array, or a list of (name, array)."""
    if isinstance(value, list):
        return [(f"{slot.lower()}_{name}", np.asarray(arr)) for name, arr in value]
    return [(slot.lower(), np.asarray(value))]


def _declare(block, name, array):
    var = block.var(name)
    var.set_shape(list(array.shape))
    var.set_dtype(_DTYPES[array.dtype])
    return var


def _output_names(op_type, outputs):
    """Output slot -> variable names: every slot of the record gets a variable, so optional
    outputs such as XShape exist too."""
    record = core.op_record(op_type)
    names = {}
    for slot, dup, _ in record["outputs"]:
        count = len(outputs[slot]) if dup and slot in outputs and isinstance(outputs[slot], list) else 1
        names[slot] = [f"out_{slot.lower()}_{i}" for i in range(count)] if dup else [f"out_{slot.lower()}"]
    return names


def build_program(op_type, inputs, attrs=None, outputs=None):
    """A program with one op; returns (program, feeds, output names by slot, op desc)."""
    program = core.ProgramDesc()
    block = program.block(0)
    op = block.append_op()
    op.set_type(op_type)
    feeds = {}
    for slot, value in inputs.items():
        names = []
        for name, array in _slot_items(value, slot):
            _declare(block, name, array)
            feeds[name] = array
            names.append(name)
        op.set_input(slot, names)
    out_names = _output_names(op_type, outputs or {})
    for slot, names in out_names.items():
        for name in names:
            block.var(name)
        op.set_output(slot, names)
    for key, value in (attrs or {}).items():
        op.set_attr(key, value)
    op.infer_shape(block)
    return program, feeds, out_names, op


def run_op(op_type, inputs, attrs=None, outputs=None, fetch=None, place=None):
    program, feeds, out_names, _ = build_program(op_type, inputs, attrs, outputs)
    fetch = fetch or list(outputs or {})
    names = [n for slot in fetch for n in out_names[slot]]
    exe = core.Executor(place if place is not None else core.CPUPlace())
    results = exe.run(program, core.Scope(), feeds, names)
    arrays = [np.array(r) for r in results]
    out, i = {}, 0
    for slot in fetch:
        k = len(out_names[slot])
        out[slot] = arrays[i] if k == 1 and not isinstance((outputs or {}).get(slot), list) else arrays[i:i + k]
        i += k
    return out


def check_output(op_type, inputs, expected, attrs=None, rtol=1e-5, atol=1e-6,
                 places=("cpu", "gpu")):
    """`expected` maps output slots to arrays (or lists of arrays for duplicable slots).
    Returns the CPU run's outputs (the first place's)."""
    first = None
    for place in places_to_check(places):
        got = run_op(op_type, inputs, attrs, expected, place=place)
        where = f"{op_type} on {_place_name(place)}"
        for slot, want in expected.items():
            if isinstance(want, list):
                assert len(got[slot]) == len(want), f"{where}: {slot} count"
                for g, w in zip(got[slot], want):
                    _compare(where, slot, g, np.asarray(w), rtol, atol)
            else:
                _compare(where, slot, got[slot], np.asarray(want), rtol, atol)
        first = got if first is None else first
    return first


def _compare(op_type, slot, got, want, rtol, atol):
    assert got.shape == want.shape, f"{op_type} {slot}: shape {got.shape} != expected {want.shape}"
    if want.dtype.kind in "fc":
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=f"{op_type} {slot}")
    else:
        np.testing.assert_array_equal(got, want, err_msg=f"{op_type} {slot}")


def _grad_program(op_type, inputs, attrs, outputs, wrt, weights):
    """Forward op + loss-weight seeds (fed as Out@GRAD) + the registry's grad ops."""
    program, feeds, out_names, op = build_program(op_type, inputs, attrs, {s: None for s in outputs})
    block = program.block(0)
    for slot in outputs:
        for name in out_names[slot]:
            grad = name + "@GRAD"
            _declare(block, grad, weights[name])
            feeds[grad] = weights[name]
    wrt_names = {n for slot in wrt for n, _ in _slot_items(inputs[slot], slot)}
    no_grad = [n for slot in inputs for n, _ in _slot_items(inputs[slot], slot) if n not in wrt_names]
    grad_ops = core.get_grad_op_descs(op, no_grad)
    assert grad_ops, f"{op_type}: no grad op"
    for g in grad_ops:
        new = block.append_op()
        new.copy_from(g)
        for name in new.output_arg_names():
            if name != core.empty_var_name() and not block.has_var(name):
                src = block.find_var(name[: -len("@GRAD")])
                v = block.var(name)
                v.set_shape(src.shape())
                v.set_dtype(src.dtype())
    return program, feeds, out_names


def check_grad(op_type, inputs, attrs=None, outputs=("Out",), wrt=("X",), eps=1e-6,
               rtol=1e-5, atol=1e-8, seed=0, places=("cpu", "gpu")):
    """Float64 central-difference check of d(sum_k <w_k, out_k>)/d(input) for inputs in wrt.
    Inputs must be float64 arrays (others are passed through unchanged). On each place the
    differences come from that place's own forward kernels (a random op's mask is the
    place's own), against that place's grad kernels."""
    for place in places_to_check(places):
        _check_grad_on(place, op_type, inputs, attrs or {}, outputs, wrt, eps, rtol, atol, seed)


def _check_grad_on(place, op_type, inputs, attrs, outputs, wrt, eps, rtol, atol, seed):
    rng = np.random.default_rng(seed)
    where = f"{op_type} on {_place_name(place)}"
    base = run_op(op_type, inputs, attrs, {s: None for s in outputs}, place=place)
    _, _, out_names, _ = build_program(op_type, inputs, attrs, {s: None for s in outputs})
    weights = {}
    for slot in outputs:
        arrs = base[slot] if isinstance(base[slot], list) else [base[slot]]
        for name, arr in zip(out_names[slot], arrs):
            weights[name] = rng.uniform(-1, 1, arr.shape).astype(arr.dtype)

    def loss(ins):
        res = run_op(op_type, ins, attrs, {s: None for s in outputs}, place=place)
        total = 0.0
        for slot in outputs:
            arrs = res[slot] if isinstance(res[slot], list) else [res[slot]]
            for name, arr in zip(out_names[slot], arrs):
                total += float(np.sum(arr.astype(np.float64) * weights[name]))
        return total

    program, feeds, _ = _grad_program(op_type, inputs, attrs, outputs, wrt, weights)
    for slot in wrt:
        for name, array in _slot_items(inputs[slot], slot):
            assert array.dtype == np.float64, f"{op_type}: gradient checks run in float64"
            (analytic,) = core.Executor(place).run(program, core.Scope(), feeds,
                                                   [name + "@GRAD"])
            analytic = np.array(analytic)
            numeric = np.zeros_like(array)
            flat = numeric.reshape(-1)
            for i in range(array.size):
                def perturbed(delta):
                    ins = dict(inputs)
                    copy = array.copy()
                    copy.reshape(-1)[i] += delta
                    if isinstance(inputs[slot], list):
                        ins[slot] = [(n, copy if f"{slot.lower()}_{n}" == name else a)
                                     for n, a in inputs[slot]]
                    else:
                        ins[slot] = copy
                    return loss(ins)
                flat[i] = (perturbed(eps) - perturbed(-eps)) / (2 * eps)
            np.testing.assert_allclose(analytic, numeric, rtol=rtol, atol=atol,
                                       err_msg=f"{where}: gradient of {slot} ({name})")


def fd_grad(ref, arrays, i, weight, eps=1e-6):
    """d sum(weight * ref(*arrays)) / d arrays[i] by central differences of the NumPy reference
    (float64 arrays; entries that are NaN get 0, NaN outputs are left out of the sum)."""
    grad = np.zeros_like(arrays[i])
    for idx in np.ndindex(arrays[i].shape):
        if np.isnan(arrays[i][idx]):
            continue
        values = []
        for step in (eps, -eps):
            moved = [a.copy() for a in arrays]
            moved[i][idx] += step
            values.append(np.nansum(weight * ref(*moved)))
        grad[idx] = (values[0] - values[1]) / (2 * eps)
    return grad


def check_api_grads(fn, ref, arrays, rng, rtol=1e-6, atol=1e-7, value_tol=None):
    """An API's gradients (paddle.grad of sum(weight * fn(...)), weight drawn from rng) against
    fd_grad of the NumPy reference ref, for every operand; with value_tol = (rtol, atol) the
    values first too."""
    import paddle
    tensors = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    out = fn(*tensors)
    if value_tol is not None:
        np.testing.assert_allclose(out.numpy(), ref(*arrays), rtol=value_tol[0],
                                   atol=value_tol[1])
    weight = rng.uniform(0.5, 1.5, out.shape)
    grads = paddle.grad([(out * paddle.to_tensor(weight)).sum()], tensors)
    for i, g in enumerate(grads):
        np.testing.assert_allclose(g.numpy(), fd_grad(ref, arrays, i, weight), rtol=rtol,
                                   atol=atol, err_msg=f"operand {i}")


def run_static(build, feeds, shapes=None):
    """Runs build(*data vars) as a static program in a fresh scope: one paddle.static.data per
    feed (its shape from `shapes` where given, e.g. with -1 for an unknown batch, else the
    array's), fed the arrays; returns the fetched values of build's outputs."""
    import paddle
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            args = [paddle.static.data(n, (shapes or {}).get(n, list(a.shape)), str(a.dtype))
                    for n, a in feeds.items()]
            outs = build(*args)
        exe = paddle.static.Executor()
        with paddle.static.scope_guard(paddle.static.Scope()):
            exe.run(startup)
            return exe.run(main, feed=feeds, fetch_list=list(outs))
    finally:
        paddle.disable_static()
