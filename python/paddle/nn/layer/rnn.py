"""Recurrent layers SimpleRNN, LSTM and GRU, run (as in PaddlePaddle) through the fused 'rnn'
op. Parameters are per layer and direction: '<layer>.cell.weight_ih' ('cell_fw' / 'cell_bw'
when bidirectional), weight_hh, bias_ih, bias_hh, initialized Uniform(-1/sqrt(H), 1/sqrt(H))."""
import math

from paddle.base import layer_helper as lh
from paddle.nn.initializer import Uniform
from paddle.nn.layer.container import LayerList
from paddle.nn.layer.layers import Layer

__all__ = ["SimpleRNN", "LSTM", "GRU"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_RELU": 1, "RNN_TANH": 1}


class _Cell(Layer):
    """Holds one layer-direction's weights, in PaddlePaddle's order and shapes."""

    def __init__(self, input_size, hidden_size, gates, weight_ih_attr, weight_hh_attr,
                 bias_ih_attr, bias_hh_attr):
        super().__init__()
        std = 1.0 / math.sqrt(hidden_size)
        self.input_size, self.hidden_size = input_size, hidden_size
        self.weight_ih = self.create_parameter([gates * hidden_size, input_size], weight_ih_attr,
                                               default_initializer=Uniform(-std, std))
        self.weight_hh = self.create_parameter([gates * hidden_size, hidden_size], weight_hh_attr,
                                               default_initializer=Uniform(-std, std))
        self.bias_ih = self.create_parameter([gates * hidden_size], bias_ih_attr, is_bias=True,
                                             default_initializer=Uniform(-std, std))
        self.bias_hh = self.create_parameter([gates * hidden_size], bias_hh_attr, is_bias=True,
                                             default_initializer=Uniform(-std, std))


class _Uni(Layer):
    def __init__(self, cell):
        super().__init__()
        self.cell = cell


class _Bi(Layer):
    def __init__(self, cell_fw, cell_bw):
        super().__init__()
        self.cell_fw = cell_fw
        self.cell_bw = cell_bw


class _RNNBase(LayerList):
    def __init__(self, mode, input_size, hidden_size, num_layers, direction, time_major,
                 dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr):
        super().__init__()
        if direction not in ("forward", "bidirect", "bidirectional"):
            raise ValueError(f"expected direction in ('forward', 'bidirect', 'bidirectional'), "
                             f"but got {direction!r}")
        for what, v in (("input_size", input_size), ("hidden_size", hidden_size),
                        ("num_layers", num_layers)):
            if not isinstance(v, int) or v <= 0:
                raise ValueError(f"expected {what} to be a positive int, but got {v!r}")
        if for_attr_false(weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr):
            raise NotImplementedError("expected RNN parameter attrs other than False, but got "
                                      "False (parameters left out are not supported)")
        self.mode = mode
        self.input_size, self.hidden_size, self.num_layers = input_size, hidden_size, num_layers
        self.num_directions = 2 if direction != "forward" else 1
        self.time_major = time_major
        self.dropout = float(dropout)
        self.state_components = 2 if mode == "LSTM" else 1
        gates = _GATES[mode]
        for layer in range(num_layers):
            in_size = input_size if layer == 0 else hidden_size * self.num_directions
            cells = [_Cell(in_size, hidden_size, gates, weight_ih_attr, weight_hh_attr,
                           bias_ih_attr, bias_hh_attr) for _ in range(self.num_directions)]
            self.append(_Bi(*cells) if self.num_directions == 2 else _Uni(cells[0]))

    def _cells(self):
        for sub in self:
            if isinstance(sub, _Bi):
                yield sub.cell_fw
                yield sub.cell_bw
            else:
                yield sub.cell

    def forward(self, inputs, initial_states=None, sequence_length=None):
        import paddle

        x = inputs if self.time_major else paddle.transpose(inputs, [1, 0, 2])
        if len(x.shape) != 3:
            raise ValueError(f"expected a rank-3 input for {type(self).__name__}, but got shape "
                             f"{list(inputs.shape)}")
        LD, H = self.num_layers * self.num_directions, self.hidden_size
        if initial_states is None:
            batch = x.shape[1]
            if batch is not None and batch >= 0:
                zeros = paddle.zeros([LD, batch, H], dtype=x.dtype)
            else:  # a static program's batch is only known at run time: [1, N, 1] broadcast
                column = paddle.sum(paddle.slice(x, [0], [0], [1]) * 0, axis=-1, keepdim=True)
                zeros = paddle.zeros([LD, 1, H], dtype=x.dtype) + column
            initial_states = [zeros] * self.state_components
        elif self.state_components == 1:
            initial_states = [initial_states]
        else:
            initial_states = list(initial_states)
        cells = list(self._cells())
        weights = ([w for c in cells for w in (c.weight_ih, c.weight_hh)] +
                   [b for c in cells for b in (c.bias_ih, c.bias_hh)])
        op_inputs = {"Input": [x], "PreState": list(initial_states), "WeightList": weights}
        if sequence_length is not None:
            op_inputs["SequenceLength"] = [sequence_length]
        attrs = {"dropout_prob": self.dropout, "is_bidirec": self.num_directions == 2,
                 "input_size": self.input_size, "hidden_size": H,
                 "num_layers": self.num_layers, "mode": self.mode, "seed": 0,
                 "is_test": not self.training}
        out, _, _, states = lh.append_op(
            "rnn", op_inputs, attrs,
            outputs=("Out", "DropoutState", "Reserve", f"State[]:{self.state_components}"),
            out_dtypes={"DropoutState": "uint8"})
        if not self.time_major:
            out = paddle.transpose(out, [1, 0, 2])
        final = tuple(states) if self.state_components == 2 else states[0]
        return out, final


def for_attr_false(*attrs):
    return any(a is False for a in attrs)


class SimpleRNN(_RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        if activation not in ("tanh", "relu"):
            raise ValueError(f"expected activation 'tanh' or 'relu', but got {activation!r}")
        super().__init__("RNN_TANH" if activation == "tanh" else "RNN_RELU", input_size,
                         hidden_size, num_layers, direction, time_major, dropout, weight_ih_attr,
                         weight_hh_attr, bias_ih_attr, bias_hh_attr)
        self.activation = activation


class LSTM(_RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        if proj_size:
            raise NotImplementedError(f"expected LSTM proj_size 0, but got {proj_size}")
        super().__init__("LSTM", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)


class GRU(_RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__("GRU", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)
