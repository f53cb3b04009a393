"""paddle.jit.save / paddle.jit.load: the files PaddlePaddle writes (.pdmodel with feed/fetch
ops, .pdiparams in its byte layout and sorted-name order, .pdiparams.info), a TranslatedLayer
and the C++ Predictor giving the traced function's outputs, and PaddlePaddle's own LeNet."""
import os
import pickle
import struct

import numpy as np
import pytest

import paddle
import paddle.jit
import paddle.nn as nn
from paddle.static import InputSpec

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.environ.get("PADDLE_MODEL_FIXTURES",
                          os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "paddle_models"))
LENET = os.path.join(FIXTURES, "lenet")
_NP = {5: np.float32, 6: np.float64, 3: np.int64, 2: np.int32, 0: np.bool_}


class Net(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 3)

    def forward(self, x):
        h = paddle.tanh(self.fc1(x))
        if paddle.mean(h) > 0:  # a conditional_block pair in the saved program
            h = h * 2.0
        else:
            h = h - 1.0
        i = paddle.zeros([], "int64")
        while i < 2:  # and a while op
            h = h + 0.5
            i += 1
        return self.fc2(h)


def _varint(data, pos):
    value, shift = 0, 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def _read_pdiparams(path):
    """The tensors of a combined parameter file, parsed from PaddlePaddle's byte layout."""
    data, pos, tensors = open(path, "rb").read(), 0, []
    while pos < len(data):
        version, lod_levels = struct.unpack_from("<IQ", data, pos)
        pos += 12
        assert version == 0 and lod_levels == 0
        tensor_version, desc_len = struct.unpack_from("<Ii", data, pos)
        pos += 8
        assert tensor_version == 0
        desc, end, dtype, dims = data[pos:pos + desc_len], desc_len, None, []
        p = 0
        while p < end:
            key, p = _varint(desc, p)
            value, p = _varint(desc, p)
            if key >> 3 == 1:
                dtype = value
            else:
                dims.append(value)
        pos += desc_len
        count = int(np.prod(dims)) if dims else 1
        array = np.frombuffer(data, _NP[dtype], count, pos).reshape(dims)
        pos += array.nbytes
        tensors.append(array)
    return tensors


def _predictor_outputs(path, inputs):
    config = paddle.inference.Config(path + ".pdmodel", path + ".pdiparams")
    config.disable_gpu()
    predictor = paddle.inference.create_predictor(config)
    return predictor.run(list(inputs))


def test_save_load_and_predictor_match_the_layer(tmp_path):
    paddle.seed(7)
    net = Net()
    path = str(tmp_path / "model" / "net")
    paddle.jit.save(net, path, input_spec=[InputSpec([None, 4], "float32", "x")])
    for suffix in (".pdmodel", ".pdiparams", ".pdiparams.info"):
        assert os.path.isfile(path + suffix)
    info = pickle.loads(open(path + ".pdiparams.info", "rb").read())
    by_structured = {v["structured_name"]: k for k, v in info.items()}
    assert set(by_structured) == {"fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"}
    assert all(v["trainable"] and not v["stop_gradient"] for v in info.values())
    # .pdiparams: PaddlePaddle's records, in sorted variable-name order
    state = {p.name: p.numpy() for p in net.parameters()}
    saved = _read_pdiparams(path + ".pdiparams")
    assert len(saved) == len(state)
    for name, array in zip(sorted(state), saved):
        np.testing.assert_array_equal(array, state[name])
    program = paddle.static.Program.parse_from_string(open(path + ".pdmodel", "rb").read())
    ops = [op.type for op in program.global_block().ops]
    assert ops[0] == "feed" and ops[-1] == "fetch"
    assert "conditional_block" in ops and "select_input" in ops and "while" in ops

    loaded = paddle.jit.load(path)
    for batch in (1, 5):
        x = np.random.RandomState(batch).randn(batch, 4).astype(np.float32)
        want = net(paddle.to_tensor(x)).numpy()
        np.testing.assert_allclose(loaded(paddle.to_tensor(x)).numpy(), want, rtol=1e-6)
        np.testing.assert_allclose(_predictor_outputs(path, [x])[0], want, rtol=1e-6)


def test_translated_layer_parameters_state_dict_modes_and_fine_tuning(tmp_path):
    net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    path = str(tmp_path / "seq")
    paddle.jit.save(net, path, input_spec=[InputSpec([None, 3], "float32")])
    loaded = paddle.jit.load(path)
    assert isinstance(loaded, paddle.jit.TranslatedLayer)
    assert sorted(loaded.state_dict()) == sorted(net.state_dict())
    assert len(loaded.parameters()) == 4
    for key, value in net.state_dict().items():
        np.testing.assert_array_equal(loaded.state_dict()[key].numpy(), value.numpy())
    x = paddle.to_tensor(np.random.RandomState(0).randn(6, 3).astype(np.float32))
    loaded.eval()
    assert not loaded.training
    np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-6)
    loaded.train()
    loss = paddle.mean(loaded(x) ** 2)
    loss.backward()  # gradients come from the loaded program's backward
    for p in loaded.parameters():
        assert p.grad is not None and p.grad.shape == p.shape
    eager_loss = paddle.mean(net(x) ** 2)
    eager_loss.backward()
    by_name = dict(net.named_parameters())
    for key, p in loaded.state_dict().items():
        np.testing.assert_allclose(p.grad.numpy(), by_name[key].grad.numpy(), rtol=1e-5, atol=1e-7)


def test_save_after_call_and_plain_function(tmp_path):
    @paddle.jit.to_static
    def double_plus(x, y):
        return x * 2.0 + y

    x, y = (np.random.RandomState(i).rand(2, 3).astype(np.float32) for i in (1, 2))
    double_plus(paddle.to_tensor(x), paddle.to_tensor(y))
    path = str(tmp_path / "fn")
    paddle.jit.save(double_plus, path)
    assert not os.path.exists(path + ".pdiparams.info")  # no parameters, nothing to record
    loaded = paddle.jit.load(path)
    np.testing.assert_allclose(loaded(paddle.to_tensor(x), paddle.to_tensor(y)).numpy(), x * 2 + y)
    np.testing.assert_allclose(_predictor_outputs(path, [x, y])[0], x * 2 + y)


@pytest.mark.skipif(not os.path.exists(LENET + ".pdmodel"), reason=f"no fixture {LENET}.pdmodel")
def test_load_paddlepaddle_lenet():
    layer = paddle.jit.load(LENET)
    with np.load(LENET + ".inputs.npz") as data:
        inputs = [data[k] for k in data.files]
    with np.load(LENET + ".outputs.npz") as data:
        outputs = [data[k] for k in data.files]
    got = layer(*[paddle.to_tensor(a) for a in inputs])
    got = got if isinstance(got, list) else [got]
    assert len(got) == len(outputs)
    for g, w in zip(got, outputs):
        scale = float(np.abs(w).max())
        np.testing.assert_allclose(g.numpy(), w, rtol=0, atol=1e-4 * max(scale, 1e-6))


def test_bad_calls_raise_typed_errors(tmp_path):
    @paddle.jit.to_static
    def never_called(x):
        return x + 1.0

    with pytest.raises(ValueError, match="input_spec, or"):
        paddle.jit.save(never_called, str(tmp_path / "a"))
    with pytest.raises(ValueError, match="path prefix"):
        paddle.jit.save(never_called, str(tmp_path), input_spec=[InputSpec([2])])
    with pytest.raises(TypeError, match="configs"):
        paddle.jit.save(never_called, str(tmp_path / "b"), input_spec=[InputSpec([2])], bogus=1)
    with pytest.raises(TypeError, match="Layer, a to_static function"):
        paddle.jit.save(3, str(tmp_path / "c"))
    with pytest.raises(FileNotFoundError, match="model file"):
        paddle.jit.load(str(tmp_path / "missing"))
    paddle.jit.save(never_called, str(tmp_path / "d"), input_spec=[InputSpec([2], "float32")])
    loaded = paddle.jit.load(str(tmp_path / "d"))
    with pytest.raises(ValueError, match="expected 1 inputs"):
        loaded()
    with pytest.raises(TypeError, match="Tensor or ndarray"):
        loaded([1.0, 2.0])


class TwoOutputs(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    @paddle.jit.to_static(input_spec=[InputSpec([None, 4], "float32")])
    def forward(self, x):
        h = self.fc(x)
        return paddle.nn.functional.relu(h), h


def test_output_spec_keeps_the_named_outputs(tmp_path):
    net = TwoOutputs()
    x = paddle.randn([2, 4])
    out, hidden = net(x)
    assert hidden.name != out.name  # outputs of a converted call carry their program names
    paddle.jit.save(net, str(tmp_path / "hidden"), output_spec=[hidden])
    got = paddle.jit.load(str(tmp_path / "hidden"))(x)
    got = got[0] if isinstance(got, (list, tuple)) else got
    np.testing.assert_array_equal(got.numpy(), hidden.numpy())
    # As many tensors as outputs keeps all outputs, as PaddlePaddle does.
    paddle.jit.save(net, str(tmp_path / "both"), output_spec=[out, hidden])
    both = paddle.jit.load(str(tmp_path / "both"))(x)
    assert len(both) == 2
    np.testing.assert_array_equal(both[0].numpy(), out.numpy())


def test_output_spec_refuses_a_tensor_that_is_no_output(tmp_path):
    net = TwoOutputs()
    net(paddle.randn([2, 4]))
    stranger = paddle.to_tensor([1.0])
    with pytest.raises(ValueError, match=stranger.name):
        paddle.jit.save(net, str(tmp_path / "m"), output_spec=[stranger])
    assert not os.path.exists(str(tmp_path / "m.pdmodel"))
    with pytest.raises(TypeError, match="Tensors"):
        paddle.jit.save(net, str(tmp_path / "m"), output_spec=["relu.tmp_0"])


class BatchShaped(nn.Layer):
    """Shapes that follow the batch fed: in the saved program they come from shape ops and reach
    fill_constant, reshape2, expand_v2 and slice as tensor inputs (ShapeTensorList, ...)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 6)

    def forward(self, x):
        h = self.fc(x)                                          # [n, 6]
        pad = paddle.ones([x.shape[0], 2])                      # fill_constant, ShapeTensorList
        h = paddle.concat([h, pad], axis=1).reshape([x.shape[0], 2, 4])
        first = h[:x.shape[0] // 2 + 1]                         # slice with a tensor bound
        row = paddle.expand(paddle.mean(first, axis=0, keepdim=True), [x.shape[0], 2, 4])
        return h + row


def _batch_shaped_numpy(net, x):
    w, b = net.fc.weight.numpy(), net.fc.bias.numpy()
    h = np.concatenate([x @ w + b, np.ones((len(x), 2), np.float32)], 1).reshape(len(x), 2, 4)
    return h + h[:len(x) // 2 + 1].mean(0, keepdims=True)


def test_saved_batch_dependent_shapes_follow_the_batch_in_the_predictor(tmp_path):
    paddle.seed(3)
    net = BatchShaped()
    path = str(tmp_path / "batch_shaped")
    paddle.jit.save(net, path, input_spec=[InputSpec([None, 4], "float32", "x")])
    program = paddle.static.Program.parse_from_string(open(path + ".pdmodel", "rb").read())
    slots = {(op.type, slot) for op in program.global_block().ops for slot in op.input_names
             if op.input(slot) and slot.endswith(("TensorList", "Tensor", "tensor"))}
    assert ("fill_constant", "ShapeTensorList") in slots and ("reshape2", "ShapeTensor") in slots
    assert ("slice", "EndsTensorList") in slots
    loaded = paddle.jit.load(path)
    config = paddle.inference.Config(path + ".pdmodel", path + ".pdiparams")
    config.disable_gpu()
    predictor = paddle.inference.create_predictor(config)  # one predictor, several batches
    for batch in (1, 4, 7, 4):
        x = np.random.RandomState(batch).randn(batch, 4).astype(np.float32)
        want = _batch_shaped_numpy(net, x)
        np.testing.assert_allclose(loaded(paddle.to_tensor(x)).numpy(), want, rtol=1e-5,
                                   atol=1e-6)
        np.testing.assert_allclose(predictor.run([x])[0], want, rtol=1e-5, atol=1e-6)
