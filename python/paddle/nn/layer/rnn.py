"""Recurrent layers. PaddlePaddle runs SimpleRNN, LSTM and GRU through the fused 'rnn' op,
which this runtime does not have yet, so they raise at construction."""
from paddle.nn.layer.common import _missing_op
from paddle.nn.layer.layers import Layer

__all__ = ["SimpleRNN", "LSTM", "GRU"]


class SimpleRNN(Layer):
    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        raise _missing_op("SimpleRNN", "rnn")


class LSTM(Layer):
    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        raise _missing_op("LSTM", "rnn")


class GRU(Layer):
    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        raise _missing_op("GRU", "rnn")
