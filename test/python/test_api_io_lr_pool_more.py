"""paddle.io samplers (SequenceSampler, RandomSampler, BatchSampler over a sampler),
IterableDataset / ChainDataset through the DataLoader, Subset, ComposeDataset, random_split;
the OneCycleLR and CyclicLR schedulers against their documented closed forms (eager and static
optimizers, state_dict round trips); AvgPool1D / MaxPool1D against NumPy (values and
gradients), Dropout2D and CosineSimilarity; typed errors on bad input."""
import math

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle import io
from paddle.base.eager import EagerParamBase
from paddle.optimizer import lr as lr_mod


class Range(io.Dataset):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, idx):
        return np.array([idx], "int64"), np.float32(idx * 10)

    def __len__(self):
        return self.n


class Stream(io.IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        for i in range(self.n):
            yield np.array([i, -i], "int64"), np.float32(i / 2)


# -- samplers -------------------------------------------------------------------------------
def test_sequence_sampler():
    sampler = io.SequenceSampler(Range(5))
    assert list(sampler) == [0, 1, 2, 3, 4]
    assert len(sampler) == 5


def test_random_sampler_permutation_and_global_seed():
    np.random.seed(7)
    first = list(io.RandomSampler(Range(9)))
    np.random.seed(7)
    second = list(io.RandomSampler(Range(9)))
    assert sorted(first) == list(range(9)) and first == second
    assert first == np.random.RandomState(7).permutation(9).tolist()
    assert len(io.RandomSampler(Range(9))) == 9


def test_random_sampler_num_samples_and_replacement():
    np.random.seed(3)
    long = list(io.RandomSampler(Range(4), num_samples=10))
    assert len(long) == 10
    assert sorted(long[:4]) == [0, 1, 2, 3] and sorted(long[4:8]) == [0, 1, 2, 3]
    assert set(long[8:]) <= {0, 1, 2, 3} and len(set(long[8:])) == 2
    drawn = list(io.RandomSampler(Range(3), replacement=True, num_samples=50))
    assert len(drawn) == 50 and set(drawn) == {0, 1, 2}
    assert len(io.RandomSampler(Range(3), replacement=True, num_samples=50)) == 50


def test_random_sampler_generators():
    a = list(io.RandomSampler(Range(8), generator=np.random.default_rng(5)))
    b = list(io.RandomSampler(Range(8), generator=np.random.default_rng(5)))
    assert a == b and sorted(a) == list(range(8))
    # PaddlePaddle's meaning: an iterator of indices, num_samples of them taken.
    assert list(io.RandomSampler(Range(8), generator=iter([5, 1, 1, 7]))) == [5, 1, 1, 7]
    assert list(io.RandomSampler(Range(8), num_samples=2, generator=iter([5, 1, 7]))) == [5, 1]
    assert list(io.RandomSampler(Range(8), generator=3)) == \
        np.random.RandomState(3).permutation(8).tolist()


def test_random_sampler_errors():
    with pytest.raises(TypeError, match="replacement"):
        io.RandomSampler(Range(3), replacement=1)
    with pytest.raises(ValueError, match="num_samples.*but got 0"):
        io.RandomSampler(Range(3), num_samples=0)
    with pytest.raises(TypeError, match="generator.*but got str"):
        list(io.RandomSampler(Range(3), generator="seed"))


def test_batch_sampler_over_a_sampler():
    batches = list(io.BatchSampler(sampler=io.SequenceSampler(Range(7)), batch_size=3))
    assert batches == [[0, 1, 2], [3, 4, 5], [6]]
    dropped = io.BatchSampler(sampler=io.SequenceSampler(Range(7)), batch_size=3, drop_last=True)
    assert list(dropped) == [[0, 1, 2], [3, 4, 5]] and len(dropped) == 2
    np.random.seed(11)
    shuffled = list(io.BatchSampler(sampler=io.RandomSampler(Range(7)), batch_size=2))
    assert [len(b) for b in shuffled] == [2, 2, 2, 1]
    assert sorted(i for b in shuffled for i in b) == list(range(7))
    # dataset + shuffle keeps drawing one NumPy permutation per epoch
    np.random.seed(4)
    got = list(io.BatchSampler(Range(5), shuffle=True, batch_size=2))
    want = np.random.RandomState(4).permutation(5).tolist()
    assert got == [want[0:2], want[2:4], want[4:]]


def test_batch_sampler_errors():
    with pytest.raises(ValueError, match="neither"):
        io.BatchSampler(batch_size=2)
    with pytest.raises(ValueError, match="both"):
        io.BatchSampler(Range(3), sampler=io.SequenceSampler(Range(3)))
    with pytest.raises(ValueError, match="shuffle=False"):
        io.BatchSampler(sampler=io.SequenceSampler(Range(3)), shuffle=True)
    with pytest.raises(ValueError, match="batch_size, but got 0"):
        io.BatchSampler(Range(3), batch_size=0)
    with pytest.raises(TypeError, match="IterableDataset"):
        io.BatchSampler(Stream(3))


def test_dataloader_with_sampler_batches():
    sampler = io.BatchSampler(sampler=io.SequenceSampler(Range(5)), batch_size=2)
    batches = list(io.DataLoader(Range(5), batch_sampler=sampler))
    assert len(batches) == 3
    np.testing.assert_array_equal(batches[1][0], [[2], [3]])
    np.testing.assert_array_equal(batches[2][1], [40.0])


# -- iterable datasets ----------------------------------------------------------------------
@pytest.mark.parametrize("drop_last, sizes", [(False, [4, 4, 2]), (True, [4, 4])])
def test_dataloader_over_iterable_dataset(drop_last, sizes):
    batches = list(io.DataLoader(Stream(10), batch_size=4, drop_last=drop_last))
    assert [len(b[0]) for b in batches] == sizes
    ids = np.concatenate([b[0][:, 0] for b in batches])
    np.testing.assert_array_equal(ids, np.arange(sum(sizes)))
    np.testing.assert_array_equal(batches[1][0], [[4, -4], [5, -5], [6, -6], [7, -7]])
    np.testing.assert_allclose(batches[0][1], [0.0, 0.5, 1.0, 1.5])


def test_dataloader_iterable_collate_and_unbatched():
    loader = io.DataLoader(Stream(5), batch_size=2, collate_fn=lambda s: [x[1] for x in s])
    assert list(loader) == [[0.0, 0.5], [1.0, 1.5], [2.0]]
    samples = list(io.DataLoader(Stream(3), batch_size=None))
    assert len(samples) == 3 and samples[2][0].tolist() == [2, -2]
    # every epoch reads the stream again
    loader = io.DataLoader(Stream(3), batch_size=2)
    assert len(list(loader)) == 2 and len(list(loader)) == 2


def test_dataloader_iterable_errors():
    with pytest.raises(ValueError, match="shuffle=False"):
        io.DataLoader(Stream(4), shuffle=True)
    with pytest.raises(ValueError, match="batch_sampler=None"):
        io.DataLoader(Stream(4), batch_sampler=io.BatchSampler(Range(4)))
    with pytest.raises(TypeError, match="no length"):
        len(io.DataLoader(Stream(4)))
    with pytest.raises(RuntimeError, match="cannot be indexed"):
        Stream(4)[0]
    with pytest.raises(NotImplementedError):
        iter(io.IterableDataset())


def test_chain_dataset():
    chained = list(io.ChainDataset([Stream(2), Stream(3)]))
    with pytest.raises(TypeError, match="no length"):
        len(Stream(2))
    assert [s[0][0] for s in chained] == [0, 1, 0, 1, 2]
    with pytest.raises(TypeError, match="IterableDataset"):
        io.ChainDataset([Range(2)])


# -- subsets, composition, random_split ------------------------------------------------------
def test_subset():
    sub = io.Subset(Range(10), [7, 2, 2, 9])
    assert len(sub) == 4
    assert [int(sub[i][0][0]) for i in range(4)] == [7, 2, 2, 9]
    assert float(sub[3][1]) == 90.0


def test_compose_dataset():
    a = io.TensorDataset([np.arange(6).reshape(3, 2), np.array([5, 6, 7])])
    composed = io.ComposeDataset([a, Range(3)])
    assert len(composed) == 3
    item = composed[2]
    assert len(item) == 4
    np.testing.assert_array_equal(item[0], [4, 5])
    assert item[1] == 7 and item[2].tolist() == [2] and float(item[3]) == 20.0
    batch = next(iter(io.DataLoader(composed, batch_size=3)))
    assert len(batch) == 4 and batch[0].shape == (3, 2)
    with pytest.raises(ValueError, match=r"equal length.*\[3, 4\]"):
        io.ComposeDataset([a, Range(4)])
    with pytest.raises(TypeError, match="map-style"):
        io.ComposeDataset([a, Stream(3)])
    with pytest.raises(ValueError, match="at least one"):
        io.ComposeDataset([])


def _indices(subset):
    return [int(subset[i][0][0]) for i in range(len(subset))]


def test_random_split_disjoint_cover_and_reproducible():
    np.random.seed(2023)
    parts = io.random_split(Range(10), [3, 7])
    assert [len(p) for p in parts] == [3, 7]
    flat = _indices(parts[0]) + _indices(parts[1])
    assert sorted(flat) == list(range(10))
    np.random.seed(2023)
    again = io.random_split(Range(10), [3, 7])
    assert _indices(again[0]) == _indices(parts[0])
    assert flat == np.random.RandomState(2023).permutation(10).tolist()
    # a seed or a NumPy generator fixes the split without touching the global state
    by_seed = [_indices(p) for p in io.random_split(Range(12), [4, 4, 4], generator=5)]
    assert by_seed == [_indices(p) for p in io.random_split(Range(12), [4, 4, 4], generator=5)]
    assert by_seed != [_indices(p) for p in io.random_split(Range(12), [4, 4, 4], generator=6)]
    rng_a = io.random_split(Range(12), [6, 6], generator=np.random.default_rng(1))
    rng_b = io.random_split(Range(12), [6, 6], generator=np.random.default_rng(1))
    assert _indices(rng_a[1]) == _indices(rng_b[1])
    assert io.random_split(range(5), [2, 3])[1][0] in range(5)  # any object with __len__


def test_random_split_fractions():
    parts = io.random_split(Range(10), [0.3, 0.3, 0.4], generator=0)
    assert [len(p) for p in parts] == [3, 3, 4]
    parts = io.random_split(Range(5), [0.5, 0.5], generator=0)
    assert [len(p) for p in parts] == [3, 2]  # the remainder goes to the first split
    assert sorted(_indices(parts[0]) + _indices(parts[1])) == list(range(5))


def test_random_split_errors():
    with pytest.raises(ValueError, match=r"sum to the dataset length 10, but got \[3, 6\]"):
        io.random_split(Range(10), [3, 6])
    with pytest.raises(ValueError, match="fractions"):
        io.random_split(Range(10), [0.5, 0.2])
    with pytest.raises(TypeError, match=r"lengths\[1\]"):
        io.random_split(Range(10), [5, "5"])
    with pytest.raises(TypeError, match="generator"):
        io.random_split(Range(4), [2, 2], generator="seed")


# -- OneCycleLR / CyclicLR -------------------------------------------------------------------
def _cos(start, end, pct):
    return end + (start - end) * (1 + math.cos(math.pi * pct)) / 2


def _lin(start, end, pct):
    return start + (end - start) * pct


def one_cycle_ref(step, max_lr, total, divide=25.0, end_lr=1e-4, pct=0.3, anneal=_cos,
                  three=False):
    """The documented schedule: initial = max / divide rises to max at step pct * total - 1,
    then (three_phase) back to initial at 2 * pct * total - 2, and down to end_lr at step
    total - 1."""
    initial = max_lr / divide
    up = pct * total - 1
    if three:
        down = 2 * pct * total - 2
        if step <= up:
            return anneal(initial, max_lr, step / up)
        if step <= down:
            return anneal(max_lr, initial, (step - up) / (down - up))
        return anneal(initial, end_lr, (step - down) / (total - 1 - down))
    if step <= up:
        return anneal(initial, max_lr, step / up)
    return anneal(max_lr, end_lr, (step - up) / (total - 1 - up))


def _values(sched, steps):
    got = []
    for _ in range(steps):
        got.append(sched())
        sched.step()
    return got


@pytest.mark.parametrize("kwargs", [
    dict(max_learning_rate=0.1, total_steps=20),
    dict(max_learning_rate=1.0, total_steps=16, divide_factor=10.0, end_learning_rate=0.001,
         phase_pct=0.25, anneal_strategy="linear"),
    dict(max_learning_rate=0.5, total_steps=20, phase_pct=0.25, three_phase=True),
    dict(max_learning_rate=0.5, total_steps=30, phase_pct=0.2, three_phase=True,
         anneal_strategy="linear", end_learning_rate=0.0),
], ids=["cos", "linear", "three_phase_cos", "three_phase_linear"])
def test_one_cycle_values(kwargs):
    sched = lr_mod.OneCycleLR(**kwargs)
    total = kwargs["total_steps"]
    got = _values(sched, total)
    ref_kwargs = dict(divide=kwargs.get("divide_factor", 25.0),
                      end_lr=kwargs.get("end_learning_rate", 1e-4),
                      pct=kwargs.get("phase_pct", 0.3),
                      anneal=_lin if kwargs.get("anneal_strategy") == "linear" else _cos,
                      three=kwargs.get("three_phase", False))
    want = [one_cycle_ref(s, kwargs["max_learning_rate"], total, **ref_kwargs)
            for s in range(total)]
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15)
    # anchors: starts at max / divide, peaks at max, ends at end_learning_rate
    assert got[0] == pytest.approx(kwargs["max_learning_rate"] / ref_kwargs["divide"])
    assert max(got) == pytest.approx(kwargs["max_learning_rate"])
    assert got[-1] == pytest.approx(ref_kwargs["end_lr"], abs=1e-15)


def test_one_cycle_hand_values():
    sched = lr_mod.OneCycleLR(1.0, total_steps=6, divide_factor=4.0, end_learning_rate=0.0,
                              phase_pct=0.5, anneal_strategy="linear")
    # up over steps 0..2 from 0.25 to 1, down over 2..5 to 0
    np.testing.assert_allclose(_values(sched, 6), [0.25, 0.625, 1.0, 2 / 3, 1 / 3, 0.0],
                               atol=1e-12)


def test_one_cycle_past_total_steps_and_errors():
    sched = lr_mod.OneCycleLR(0.1, total_steps=3)
    for _ in range(3):
        sched.step()
    with pytest.raises(ValueError, match="total_steps=3"):
        sched.step()
    with pytest.raises(ValueError, match="total_steps to be a positive int, but got 0"):
        lr_mod.OneCycleLR(0.1, total_steps=0)
    with pytest.raises(ValueError, match="anneal_strategy"):
        lr_mod.OneCycleLR(0.1, 10, anneal_strategy="exp")
    with pytest.raises(ValueError, match="phase_pct in \\[0, 1\\], but got 1.5"):
        lr_mod.OneCycleLR(0.1, 10, phase_pct=1.5)
    with pytest.raises(ValueError, match="phase_pct < 0.5"):
        lr_mod.OneCycleLR(0.1, 10, phase_pct=0.6, three_phase=True)
    with pytest.raises(TypeError, match="max_learning_rate"):
        lr_mod.OneCycleLR("0.1", 10)
    with pytest.raises(ValueError, match="end_learning_rate"):
        lr_mod.OneCycleLR(0.1, 10, end_learning_rate=-1.0)
    with pytest.raises(TypeError, match="three_phase"):
        lr_mod.OneCycleLR(0.1, 10, three_phase=1)


def cyclic_ref(it, base, high, up, down, scale):
    """Linear up from base to high over `up` steps, down over `down`; the amplitude times
    scale(cycle, iteration), cycles counted from 1."""
    size = up + down
    cycle, pos = it // size + 1, it % size
    height = pos / up if pos <= up else (size - pos) / down
    return base + (high - base) * height * scale(cycle, it)


@pytest.mark.parametrize("kwargs, scale", [
    (dict(mode="triangular"), lambda c, i: 1.0),
    (dict(mode="triangular2"), lambda c, i: 0.5 ** (c - 1)),
    (dict(mode="exp_range", exp_gamma=0.9), lambda c, i: 0.9 ** i),
    (dict(scale_fn=lambda x: 1 / x), lambda c, i: 1 / c),
    (dict(scale_fn=lambda x: 1 / (1 + x), scale_mode="iterations"), lambda c, i: 1 / (1 + i)),
], ids=["triangular", "triangular2", "exp_range", "scale_fn_cycle", "scale_fn_iterations"])
def test_cyclic_values(kwargs, scale):
    sched = lr_mod.CyclicLR(0.1, 1.0, step_size_up=2, step_size_down=4, **kwargs)
    want = [cyclic_ref(i, 0.1, 1.0, 2, 4, scale) for i in range(20)]
    np.testing.assert_allclose(_values(sched, 20), want, rtol=1e-12, atol=1e-15)


def test_cyclic_hand_values():
    sched = lr_mod.CyclicLR(0.1, 1.0, step_size_up=2, step_size_down=4)
    np.testing.assert_allclose(_values(sched, 8),
                               [0.1, 0.55, 1.0, 0.775, 0.55, 0.325, 0.1, 0.55], atol=1e-12)
    sym = lr_mod.CyclicLR(0.0, 1.0, step_size_up=2, mode="triangular2")  # down defaults to up
    np.testing.assert_allclose(_values(sym, 7), [0, 0.5, 1, 0.5, 0, 0.25, 0.5], atol=1e-12)


def test_cyclic_errors():
    with pytest.raises(ValueError, match="step_size_up to be a positive int, but got 0"):
        lr_mod.CyclicLR(0.1, 1.0, 0)
    with pytest.raises(ValueError, match="step_size_down"):
        lr_mod.CyclicLR(0.1, 1.0, 2, step_size_down=-1)
    with pytest.raises(ValueError, match="mode.*but got 'saw'"):
        lr_mod.CyclicLR(0.1, 1.0, 2, mode="saw")
    lr_mod.CyclicLR(0.1, 1.0, 2, mode="saw", scale_fn=lambda x: 1.0)  # scale_fn overrides mode
    with pytest.raises(ValueError, match="scale_mode"):
        lr_mod.CyclicLR(0.1, 1.0, 2, scale_mode="epoch")
    with pytest.raises(TypeError, match="scale_fn"):
        lr_mod.CyclicLR(0.1, 1.0, 2, scale_fn=3)
    with pytest.raises(TypeError, match="base_learning_rate"):
        lr_mod.CyclicLR(None, 1.0, 2)


@pytest.mark.parametrize("make", [
    lambda: lr_mod.OneCycleLR(0.2, total_steps=12, three_phase=True, phase_pct=0.25),
    lambda: lr_mod.CyclicLR(0.01, 0.1, step_size_up=3, mode="exp_range", exp_gamma=0.95),
], ids=["one_cycle", "cyclic"])
def test_state_dict_round_trip_and_epoch_jump(make):
    sched = make()
    for _ in range(5):
        sched.step()
    state = sched.state_dict()
    assert state["last_epoch"] == 5 and state["last_lr"] == sched()
    resumed = make()
    resumed.set_state_dict(state)
    assert resumed() == sched()
    np.testing.assert_allclose(_values(resumed, 6), _values(sched, 6), rtol=0, atol=0)
    jumped = make()
    jumped.step(7)
    fresh = make()
    for _ in range(7):
        fresh.step()
    assert jumped() == pytest.approx(fresh())


def _eager_sgd_trace(sched, steps):
    param = EagerParamBase([3], "float32", name="w_lr_more")
    param.set_value(np.zeros(3, "float32"))
    opt = paddle.optimizer.SGD(sched, parameters=[param])
    seen = []
    for _ in range(steps):
        seen.append(opt.get_lr())
        paddle.sum(param).backward()  # gradient 1: each step subtracts the rate
        opt.step()
        opt.clear_grad()
        sched.step()
    return seen, param.numpy()


@pytest.mark.parametrize("make", [
    lambda: lr_mod.OneCycleLR(0.5, total_steps=8, anneal_strategy="linear"),
    lambda: lr_mod.CyclicLR(0.1, 0.4, step_size_up=2, mode="triangular2"),
], ids=["one_cycle", "cyclic"])
def test_schedulers_drive_eager_and_static_sgd(make):
    steps = 8
    want = _values(make(), steps)
    seen, eager = _eager_sgd_trace(make(), steps)
    np.testing.assert_allclose(seen, want, rtol=1e-12)
    np.testing.assert_allclose(eager, -np.sum(want) * np.ones(3), rtol=1e-5)
    sched = make()
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            w = paddle.static.create_parameter([3], "float32", name="w_lr_static_more")
            x = paddle.static.data("x_lr_more", [3], "float32")
            loss = paddle.sum(w * x)
            paddle.optimizer.SGD(sched).minimize(loss)
        scope = paddle.static.Scope()
        exe = paddle.static.Executor()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            scope.var(w.name).get_tensor().set(np.zeros(3, "float32"), paddle.CPUPlace())
            for _ in range(steps):
                exe.run(main, feed={"x_lr_more": np.ones(3, "float32")}, fetch_list=[loss])
                sched.step()
            static = np.array(scope.find_var(w.name).get_tensor())
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(static, -np.sum(want) * np.ones(3), rtol=1e-5)


# -- 1-D pooling ----------------------------------------------------------------------------
def pool1d_matrix(length, kernel, stride, pad_left, pad_right, ceil_mode, kind, x_row=None,
                  exclusive=True):
    """The pooling as a [L_out, L] matrix M with out = M @ x (max: a one-hot row at each
    window's arg max of x_row), so the gradient of sum(out) is M.sum(0)."""
    span = length + pad_left + pad_right - kernel
    out_len = (span + (stride - 1 if ceil_mode else 0)) // stride + 1
    rows = np.zeros((out_len, length))
    for o in range(out_len):
        start = o * stride - pad_left
        lo, hi = max(start, 0), min(start + kernel, length)
        if kind == "max":
            rows[o, lo + int(np.argmax(x_row[lo:hi]))] = 1.0
        else:
            rows[o, lo:hi] = 1.0 / ((hi - lo) if exclusive else kernel)
    return rows


POOL_CASES = [
    dict(kernel_size=3, stride=2, padding=0, ceil_mode=False),
    dict(kernel_size=3, stride=2, padding=1, ceil_mode=False),
    dict(kernel_size=[3], stride=[2], padding=[0, 1], ceil_mode=True),
    dict(kernel_size=2, stride=3, padding=[1], ceil_mode=False),
    dict(kernel_size=4, stride=None, padding=0, ceil_mode=True),
]


@pytest.mark.parametrize("case", POOL_CASES)
@pytest.mark.parametrize("kind", ["max", "avg"])
def test_pool1d_values_and_gradients(case, kind):
    rng = np.random.default_rng(5)
    x_np = rng.permutation(2 * 3 * 11).reshape(2, 3, 11).astype("float64") / 7.0
    x = paddle.to_tensor(x_np, stop_gradient=False)
    kernel = int(np.ravel([case["kernel_size"]])[0])
    stride = kernel if case["stride"] is None else int(np.ravel([case["stride"]])[0])
    pads = np.ravel([case["padding"]]).tolist()
    left, right = (pads * 2)[:2] if len(pads) == 1 else pads
    if kind == "max":
        layer = paddle.nn.MaxPool1D(case["kernel_size"], case["stride"], case["padding"],
                                    ceil_mode=case["ceil_mode"])
    else:
        layer = paddle.nn.AvgPool1D(case["kernel_size"], case["stride"], case["padding"],
                                    ceil_mode=case["ceil_mode"])
    out = layer(x)
    want = np.zeros(out.shape)
    grad = np.zeros_like(x_np)
    for n in range(2):
        for c in range(3):
            m = pool1d_matrix(11, kernel, stride, left, right, case["ceil_mode"], kind, x_np[n, c])
            want[n, c] = m @ x_np[n, c]
            grad[n, c] = m.sum(0)
    assert list(out.shape) == list(want.shape)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-12)
    out.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), grad, rtol=1e-12)


def test_avg_pool1d_inclusive_padding():
    x_np = np.arange(1, 9, dtype="float64").reshape(1, 1, 8)
    out = F.avg_pool1d(paddle.to_tensor(x_np), 3, 1, padding=1, exclusive=False)
    m = pool1d_matrix(8, 3, 1, 1, 1, False, "avg", exclusive=False)
    np.testing.assert_allclose(out.numpy()[0, 0], m @ x_np[0, 0], rtol=1e-12)
    assert out.numpy()[0, 0, 0] == pytest.approx(3.0 / 3)  # (0 + 1 + 2) / 3
    exclusive = F.avg_pool1d(paddle.to_tensor(x_np), 3, 1, padding=1)
    assert exclusive.numpy()[0, 0, 0] == pytest.approx(1.5)  # (1 + 2) / 2


def test_pool1d_static_program():
    x_np = np.random.default_rng(0).normal(size=(3, 2, 9)).astype("float32")
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x_pool1d_more", [-1, 2, 9], "float32")
            out = F.max_pool1d(x, 3, 3)
        exe = paddle.static.Executor()
        exe.run(startup)
        (got,) = exe.run(main, feed={"x_pool1d_more": x_np}, fetch_list=[out])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, x_np.reshape(3, 2, 3, 3).max(-1), rtol=1e-6)


def test_pool1d_errors():
    x = paddle.to_tensor(np.zeros((1, 2, 8), "float32"))
    with pytest.raises(NotImplementedError, match="return_mask"):
        paddle.nn.MaxPool1D(2, return_mask=True)
    with pytest.raises(NotImplementedError, match="return_mask"):
        F.max_pool1d(x, 2, return_mask=True)
    with pytest.raises(ValueError, match="3-D input.*but got shape \\[1, 2, 2, 4\\]"):
        F.avg_pool1d(paddle.reshape(x, [1, 2, 2, 4]), 2)
    with pytest.raises(ValueError, match="kernel_size"):
        F.avg_pool1d(x, [2, 2])


# -- Dropout2D ------------------------------------------------------------------------------
@pytest.mark.parametrize("p, data_format", [(0.5, "NCHW"), (0.25, "NHWC")])
def test_dropout2d_zeroes_whole_channels(p, data_format):
    x_np = np.random.default_rng(1).uniform(1, 2, (4, 8, 3, 5)).astype("float32")
    x = paddle.to_tensor(x_np, stop_gradient=False)
    layer = paddle.nn.Dropout2D(p=p, data_format=data_format)
    y = layer(x)
    y_np = y.numpy()
    channel_axis = 3 if data_format == "NHWC" else 1
    channels = x_np.shape[channel_axis]
    per_channel = np.moveaxis(y_np / x_np, channel_axis, 1).reshape(4, channels, -1)
    kept = np.all(np.isclose(per_channel, 1 / (1 - p)), axis=2)
    dropped = np.all(per_channel == 0, axis=2)
    assert np.all(kept | dropped)  # every channel whole: all zero or all scaled
    assert kept.any() and dropped.any()
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), y_np / x_np, rtol=1e-6)
    layer.eval()
    np.testing.assert_array_equal(layer(x).numpy(), x_np)


def test_dropout2d_functional_edges():
    x = paddle.to_tensor(np.ones((2, 3, 2, 2), "float32"))
    np.testing.assert_array_equal(F.dropout2d(x, p=0.0).numpy(), x.numpy())
    np.testing.assert_array_equal(F.dropout2d(x, p=1.0).numpy(), np.zeros((2, 3, 2, 2)))
    np.testing.assert_array_equal(F.dropout2d(x, p=0.9, training=False).numpy(), x.numpy())


def test_dropout2d_static_unknown_batch():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x_dropout2d_more", [-1, 6, 2, 3], "float32")
            y = F.dropout2d(x, p=0.5)
        exe = paddle.static.Executor()
        exe.run(startup)
        x_np = np.ones((5, 6, 2, 3), "float32")
        (got,) = exe.run(main, feed={"x_dropout2d_more": x_np}, fetch_list=[y])
    finally:
        paddle.disable_static()
    flat = got.reshape(5, 6, -1)
    assert np.all((flat == flat[:, :, :1]) & np.isin(flat, [0.0, 2.0]))


def test_dropout2d_errors():
    with pytest.raises(ValueError, match="p to be a number in \\[0, 1\\], but got 1.5"):
        paddle.nn.Dropout2D(p=1.5)
    with pytest.raises(ValueError, match="data_format.*but got 'NCL'"):
        paddle.nn.Dropout2D(data_format="NCL")
    with pytest.raises(ValueError, match="4-D input"):
        F.dropout2d(paddle.to_tensor(np.ones((2, 3, 4), "float32")))


# -- CosineSimilarity -----------------------------------------------------------------------
@pytest.mark.parametrize("axis", [1, -1])
def test_cosine_similarity_layer(axis):
    rng = np.random.default_rng(2)
    a, b = rng.normal(size=(3, 4, 5)), rng.normal(size=(3, 4, 5))
    layer = paddle.nn.CosineSimilarity(axis=axis, eps=1e-8)
    got = layer(paddle.to_tensor(a), paddle.to_tensor(b)).numpy()
    want = (a * b).sum(axis) / np.sqrt((a * a).sum(axis) * (b * b).sum(axis))
    np.testing.assert_allclose(got, want, rtol=1e-12)
    zero = layer(paddle.to_tensor(np.zeros((2, 5))), paddle.to_tensor(np.ones((2, 5)))).numpy()
    np.testing.assert_array_equal(zero, [0.0, 0.0])  # eps keeps it finite
    with pytest.raises(TypeError, match="x1"):
        layer(a, paddle.to_tensor(b))
