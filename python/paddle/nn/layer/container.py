"""Layer containers: Sequential, LayerList, LayerDict and ParameterList. Their items are
registered as sublayers (or parameters) under their index or key, so state_dict names them
'0.weight', 'blocks.1.bias', ... as PaddlePaddle does."""
from collections.abc import Iterable, Mapping

from paddle.nn.layer.layers import Layer, _is_parameter

__all__ = ["Sequential", "LayerList", "LayerDict", "ParameterList"]


def _index(i, length, kind):
    if not isinstance(i, int):
        raise TypeError(f"expected an int index into the {kind}, but got {type(i).__name__}")
    if not -length <= i < length:
        raise IndexError(f"expected an index in [{-length}, {length}) for the {kind}, but got {i}")
    return i + length if i < 0 else i


class Sequential(Layer):
    """Runs its sublayers in order. Sequential(l1, l2) names them '0', '1';
    Sequential(('conv', l1), ('act', l2)) uses the given names."""

    def __init__(self, *layers):
        super().__init__()
        if layers and isinstance(layers[0], (list, tuple)):
            for pair in layers:
                if not (isinstance(pair, (list, tuple)) and len(pair) == 2):
                    raise TypeError(f"expected (name, layer) pairs, but got {pair!r}")
                self.add_sublayer(pair[0], pair[1])
        else:
            for i, layer in enumerate(layers):
                self.add_sublayer(str(i), layer)

    def __getitem__(self, name):
        if isinstance(name, slice):
            return self.__class__(*list(self._sub_layers.values())[name])
        if isinstance(name, str):
            return self._sub_layers[name]
        return list(self._sub_layers.values())[_index(name, len(self), "Sequential")]

    def __setitem__(self, name, layer):
        if isinstance(name, int):
            name = list(self._sub_layers)[_index(name, len(self), "Sequential")]
        self.add_sublayer(str(name), layer)

    def __delitem__(self, name):
        if isinstance(name, int):
            name = list(self._sub_layers)[_index(name, len(self), "Sequential")]
        del self._sub_layers[str(name)]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())

    def forward(self, input):  # noqa: A002 - PaddlePaddle's argument name
        for layer in self._sub_layers.values():
            input = layer(input)  # noqa: A001
        return input


class LayerList(Layer):
    """A list of sublayers, registered as '0', '1', ... (indexing, append, insert, extend)."""

    def __init__(self, sublayers=None):
        super().__init__()
        if sublayers is not None:
            for i, layer in enumerate(sublayers):
                self.add_sublayer(str(i), layer)

    def _renumber(self, layers):
        self._sub_layers.clear()
        for i, layer in enumerate(layers):
            self.add_sublayer(str(i), layer)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(list(self._sub_layers.values())[idx])
        return self._sub_layers[str(_index(idx, len(self), "LayerList"))]

    def __setitem__(self, idx, layer):
        self.add_sublayer(str(_index(idx, len(self), "LayerList")), layer)

    def __delitem__(self, idx):
        layers = list(self._sub_layers.values())
        if isinstance(idx, slice):
            del layers[idx]
        else:
            del layers[_index(idx, len(self), "LayerList")]
        self._renumber(layers)

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())

    def append(self, sublayer):
        self.add_sublayer(str(len(self)), sublayer)
        return self

    def insert(self, index, sublayer):
        layers = list(self._sub_layers.values())
        layers.insert(index, sublayer)
        self._renumber(layers)

    def extend(self, sublayers):
        for layer in sublayers:
            self.append(layer)
        return self


class LayerDict(Layer):
    """An ordered dict of sublayers keyed by name."""

    def __init__(self, sublayers=None):
        super().__init__()
        if sublayers is not None:
            self.update(sublayers)

    def __getitem__(self, key):
        return self._sub_layers[key]

    def __setitem__(self, key, sublayer):
        self.add_sublayer(key, sublayer)

    def __delitem__(self, key):
        del self._sub_layers[key]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers)

    def __contains__(self, key):
        return key in self._sub_layers

    def clear(self):
        self._sub_layers.clear()

    def pop(self, key):
        return self._sub_layers.pop(key)

    def keys(self):
        return self._sub_layers.keys()

    def items(self):
        return self._sub_layers.items()

    def values(self):
        return self._sub_layers.values()

    def update(self, sublayers):
        if isinstance(sublayers, (Mapping, LayerDict)):
            pairs = sublayers.items()
        elif isinstance(sublayers, Iterable):
            pairs = []
            for i, pair in enumerate(sublayers):
                if not (isinstance(pair, (list, tuple)) and len(pair) == 2):
                    raise ValueError(f"expected item {i} of the sublayers to be a (key, layer) "
                                     f"pair, but got {pair!r}")
                pairs.append(pair)
        else:
            raise TypeError("expected a dict or an iterable of (key, layer) pairs, but got "
                            f"{type(sublayers).__name__}")
        for key, layer in pairs:
            self.add_sublayer(key, layer)


class ParameterList(Layer):
    """A list of parameters, registered as '0', '1', ..."""

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            for i, p in enumerate(parameters):
                self.add_parameter(str(i), p)

    def __getitem__(self, idx):
        return self._parameters[str(_index(idx, len(self), "ParameterList"))]

    def __setitem__(self, idx, param):
        if not _is_parameter(param):
            raise TypeError(f"expected a Parameter, but got {type(param).__name__}")
        self._parameters[str(_index(idx, len(self), "ParameterList"))] = param

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())

    def append(self, parameter):
        self.add_parameter(str(len(self)), parameter)
        return self
