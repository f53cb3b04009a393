"""Transformer layers composed of existing ops (linear, reshape, transpose, matmul, softmax,
dropout, layer_norm): MultiHeadAttention (with incremental and static key/value caches), the
encoder and decoder layers and stacks, and Transformer, with PaddlePaddle's sublayer names."""
import collections
import copy

from paddle.base.dtypes import VarType, convert_dtype
from paddle.base.param_attr import ParamAttr
from paddle.nn import functional as F
from paddle.nn.layer.common import Dropout, Linear
from paddle.nn.layer.container import LayerList
from paddle.nn.layer.layers import Layer
from paddle.nn.layer.norm import LayerNorm

__all__ = ["MultiHeadAttention", "TransformerEncoderLayer", "TransformerEncoder",
           "TransformerDecoderLayer", "TransformerDecoder", "Transformer"]


def _convert_attention_mask(attn_mask, dtype):
    """A bool or integer mask (True/1 = attend) becomes an additive one: 0 where attended,
    -1e9 elsewhere; a floating mask is added as it is (cast to dtype)."""
    from paddle.tensor import math as M
    from paddle.tensor.manipulation import cast
    if attn_mask is None or convert_dtype(attn_mask.dtype) == convert_dtype(dtype):
        return attn_mask
    if convert_dtype(attn_mask.dtype) in (VarType.BOOL, VarType.INT8, VarType.UINT8,
                                          VarType.INT16, VarType.INT32, VarType.INT64):
        return M.scale(cast(attn_mask, dtype), scale=1e9, bias=-1e9)
    return cast(attn_mask, dtype)


def _param_attr_list(attr, n):
    """One ParamAttr (or False) per sublayer: a list is taken item by item; one attr is
    copied, its name (if any) suffixed _0, _1, ... so the parameters stay distinct."""
    if isinstance(attr, (list, tuple)):
        if len(attr) != n:
            raise ValueError(f"expected {n} parameter attributes, but got {len(attr)}")
        return [ParamAttr._to_attr(None if a is True else a) if a is not False else False
                for a in attr]
    if isinstance(attr, bool):
        return [ParamAttr._to_attr(None) if attr else False for _ in range(n)]
    base = ParamAttr._to_attr(attr)
    attrs = []
    for i in range(n):
        item = copy.deepcopy(base)
        if base.name:
            item.name = f"{base.name}_{i}"
        attrs.append(item)
    return attrs


class MultiHeadAttention(Layer):
    """Scaled dot-product attention over num_heads heads, with q/k/v/out projections
    (q_proj, k_proj, v_proj, out_proj)."""

    Cache = collections.namedtuple("Cache", ["k", "v"])
    StaticCache = collections.namedtuple("StaticCache", ["k", "v"])

    def __init__(self, embed_dim, num_heads, dropout=0.0, kdim=None, vdim=None,
                 need_weights=False, weight_attr=None, bias_attr=None):
        super().__init__()
        if not isinstance(embed_dim, int) or embed_dim <= 0:
            raise ValueError(f"expected embed_dim to be a positive int, but got {embed_dim!r}")
        if not isinstance(num_heads, int) or num_heads <= 0:
            raise ValueError(f"expected num_heads to be a positive int, but got {num_heads!r}")
        if embed_dim % num_heads:
            raise ValueError(f"expected embed_dim divisible by num_heads={num_heads}, but got "
                             f"{embed_dim}")
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.need_weights = need_weights
        self.head_dim = embed_dim // num_heads
        self.q_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.k_proj = Linear(self.kdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.v_proj = Linear(self.vdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.out_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)

    def _split_heads(self, x):
        from paddle.tensor.manipulation import reshape, transpose
        return transpose(reshape(x, [0, 0, self.num_heads, self.head_dim]), [0, 2, 1, 3])

    def compute_kv(self, key, value):
        """Projected keys and values as [batch, num_heads, length, head_dim]."""
        return self._split_heads(self.k_proj(key)), self._split_heads(self.v_proj(value))

    def gen_cache(self, key, value=None, type=Cache):  # noqa: A002 - PaddlePaddle's name
        if type is MultiHeadAttention.StaticCache:
            return self.StaticCache(*self.compute_kv(key, value))
        if value is None:
            from paddle.tensor.creation import zeros
            batch = key.shape[0]
            if batch is None or batch < 0:
                raise NotImplementedError("an empty incremental cache for an unknown batch size "
                                          "needs op 'fill_constant_batch_size_like', which this "
                                          "runtime does not have yet")
            empty = [batch, self.num_heads, 0, self.head_dim]
            return self.Cache(zeros(empty, key.dtype), zeros(empty, key.dtype))
        return self.Cache(key, value)

    def _prepare_qkv(self, query, key, value, cache):
        from paddle.tensor.manipulation import concat
        q = self._split_heads(self.q_proj(query))
        if isinstance(cache, self.StaticCache):
            k, v = cache.k, cache.v
        else:
            k, v = self.compute_kv(key, value)
        if isinstance(cache, self.Cache):
            k = concat([cache.k, k], axis=2)
            v = concat([cache.v, v], axis=2)
            cache = self.Cache(k, v)
        return q, k, v, cache

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        from paddle.tensor import math as M
        from paddle.tensor.manipulation import reshape, transpose
        key = query if key is None else key
        value = query if value is None else value
        q, k, v, cache = self._prepare_qkv(query, key, value, cache)
        product = M.matmul(M.scale(q, scale=self.head_dim ** -0.5), k, transpose_y=True)
        if attn_mask is not None:
            product = M.add(product, _convert_attention_mask(attn_mask, product.dtype))
        weights = F.softmax(product)
        if self.dropout:
            weights = F.dropout(weights, self.dropout, training=self.training,
                                mode="upscale_in_train")
        out = transpose(M.matmul(weights, v), [0, 2, 1, 3])
        out = self.out_proj(reshape(out, [0, 0, self.embed_dim]))
        outs = [out]
        if self.need_weights:
            outs.append(weights)
        if cache is not None:
            outs.append(cache)
        return out if len(outs) == 1 else tuple(outs)


def _check_sizes(**sizes):
    for arg, value in sizes.items():
        if not isinstance(value, int) or value <= 0:
            raise ValueError(f"expected {arg} to be a positive int, but got {value!r}")


def _activation(name):
    fn = getattr(F, name, None) if isinstance(name, str) else None
    if fn is None:
        raise ValueError(f"expected activation to name a paddle.nn.functional activation, but "
                         f"got {name!r}")
    return fn


def _stack(layer, num_layers, kind):
    """The given layer, then num_layers - 1 fresh ones built from its recorded configuration."""
    if not isinstance(layer, Layer):
        raise TypeError(f"expected {kind} to be a Layer, but got {type(layer).__name__}")
    if not isinstance(num_layers, int) or num_layers <= 0:
        raise ValueError(f"expected num_layers to be a positive int, but got {num_layers!r}")
    config = getattr(layer, "_config", None)
    if num_layers > 1 and config is None:
        raise ValueError(f"expected a {kind} that records its configuration (_config) to build "
                         f"{num_layers} layers, but got {type(layer).__name__}")
    return LayerList([layer] + [type(layer)(**config) for _ in range(num_layers - 1)])


class TransformerEncoderLayer(Layer):
    """Self-attention then a feed-forward block (linear1 -> activation -> dropout ->
    linear2), each with a residual connection and layer norm (before the block when
    normalize_before, after it otherwise)."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-5):
        self._config = {k: v for k, v in locals().items() if k not in ("self", "__class__")}
        super().__init__()
        _check_sizes(d_model=d_model, nhead=nhead, dim_feedforward=dim_feedforward)
        act_fn = _activation(activation)
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weight_attrs = _param_attr_list(weight_attr, 2)
        bias_attrs = _param_attr_list(bias_attr, 2)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                            weight_attr=weight_attrs[0], bias_attr=bias_attrs[0])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[1], bias_attr=bias_attrs[1])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[1], bias_attr=bias_attrs[1])
        self.norm1 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.norm2 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.activation = act_fn

    def forward(self, src, src_mask=None, cache=None):
        from paddle.tensor.math import add
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        residual = src
        if self.normalize_before:
            src = self.norm1(src)
        if cache is None:
            src = self.self_attn(src, src, src, src_mask)
        else:
            src, cache = self.self_attn(src, src, src, src_mask, cache)
        src = add(residual, self.dropout1(src))
        if not self.normalize_before:
            src = self.norm1(src)
        residual = src
        if self.normalize_before:
            src = self.norm2(src)
        src = self.linear2(self.dropout(self.activation(self.linear1(src))))
        src = add(residual, self.dropout2(src))
        if not self.normalize_before:
            src = self.norm2(src)
        return src if cache is None else (src, cache)

    def gen_cache(self, src):
        return self.self_attn.gen_cache(src, type=self.self_attn.Cache)


class TransformerEncoder(Layer):
    """num_layers encoder layers: the given one first, then fresh layers built with the same
    configuration (their own parameters), and an optional final norm."""

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _stack(encoder_layer, num_layers, "encoder_layer")
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        output, new_caches = src, []
        for i, layer in enumerate(self.layers):
            if cache is None:
                output = layer(output, src_mask=src_mask)
            else:
                output, layer_cache = layer(output, src_mask=src_mask, cache=cache[i])
                new_caches.append(layer_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, src):
        return [layer.gen_cache(src) for layer in self.layers]


class TransformerDecoderLayer(Layer):
    """Masked self-attention, cross-attention over the encoder's memory, then the
    feed-forward block; residual connections and layer norms as in the encoder layer."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-5):
        self._config = {k: v for k, v in locals().items() if k not in ("self", "__class__")}
        super().__init__()
        _check_sizes(d_model=d_model, nhead=nhead, dim_feedforward=dim_feedforward)
        act_fn = _activation(activation)
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weight_attrs = _param_attr_list(weight_attr, 3)
        bias_attrs = _param_attr_list(bias_attr, 3)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                            weight_attr=weight_attrs[0], bias_attr=bias_attrs[0])
        self.cross_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                             weight_attr=weight_attrs[1], bias_attr=bias_attrs[1])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[2], bias_attr=bias_attrs[2])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[2], bias_attr=bias_attrs[2])
        self.norm1 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.norm2 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.norm3 = LayerNorm(d_model, epsilon=layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.dropout3 = Dropout(dropout, mode="upscale_in_train")
        self.activation = act_fn

    def _residual(self, x, norm, dropout, block):
        from paddle.tensor.math import add
        out = block(norm(x) if self.normalize_before else x)
        out = add(x, dropout(out))
        return out if self.normalize_before else norm(out)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        caches = [None, None]

        def self_block(x):
            if cache is None:
                return self.self_attn(x, x, x, tgt_mask, None)
            out, caches[0] = self.self_attn(x, x, x, tgt_mask, cache[0])
            return out

        def cross_block(x):
            if cache is None:
                return self.cross_attn(x, memory, memory, memory_mask, None)
            out, caches[1] = self.cross_attn(x, memory, memory, memory_mask, cache[1])
            return out

        def feed_forward(x):
            return self.linear2(self.dropout(self.activation(self.linear1(x))))

        tgt = self._residual(tgt, self.norm1, self.dropout1, self_block)
        tgt = self._residual(tgt, self.norm2, self.dropout2, cross_block)
        tgt = self._residual(tgt, self.norm3, self.dropout3, feed_forward)
        return tgt if cache is None else (tgt, tuple(caches))

    def gen_cache(self, memory):
        return (self.self_attn.gen_cache(memory, type=self.self_attn.Cache),
                self.cross_attn.gen_cache(memory, memory, type=self.cross_attn.StaticCache))


class TransformerDecoder(Layer):
    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _stack(decoder_layer, num_layers, "decoder_layer")
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        output, new_caches = tgt, []
        for i, layer in enumerate(self.layers):
            if cache is None:
                output = layer(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask)
            else:
                output, layer_cache = layer(output, memory, tgt_mask=tgt_mask,
                                            memory_mask=memory_mask, cache=cache[i])
                new_caches.append(layer_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, memory, do_zip=False):
        caches = [layer.gen_cache(memory) for layer in self.layers]
        return list(zip(*caches)) if do_zip else caches


def _split_attrs(attr, name):
    """Transformer's weight_attr / bias_attr: one attr for everything, or 1, 2 (encoder,
    decoder) or 3 (self-attention, cross-attention, feed-forward) of them."""
    if not isinstance(attr, (list, tuple)):
        return attr, attr
    if len(attr) == 1:
        return [attr[0]] * 2, [attr[0]] * 3
    if len(attr) == 2:
        return list(attr), [attr[0], attr[0], attr[-1]]
    if len(attr) == 3:
        return [attr[0], attr[-1]], list(attr)
    raise ValueError(f"expected {name} to be one attribute or a list of 1, 2 or 3, but got "
                     f"{len(attr)}")


class Transformer(Layer):
    """An encoder-decoder Transformer: TransformerEncoder and TransformerDecoder (each with a
    final LayerNorm) unless custom ones are given."""

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                 dim_feedforward=2048, dropout=0.1, activation="relu", attn_dropout=None,
                 act_dropout=None, normalize_before=False, weight_attr=None, bias_attr=None,
                 custom_encoder=None, custom_decoder=None):
        super().__init__()
        _check_sizes(d_model=d_model, nhead=nhead, dim_feedforward=dim_feedforward)
        encoder_weight, decoder_weight = _split_attrs(weight_attr, "weight_attr")
        encoder_bias, decoder_bias = _split_attrs(bias_attr, "bias_attr")
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                            attn_dropout, act_dropout, normalize_before,
                                            encoder_weight, encoder_bias)
            self.encoder = TransformerEncoder(layer, num_encoder_layers, LayerNorm(d_model))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                            attn_dropout, act_dropout, normalize_before,
                                            decoder_weight, decoder_bias)
            self.decoder = TransformerDecoder(layer, num_decoder_layers, LayerNorm(d_model))
        self.d_model = d_model
        self.nhead = nhead

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        memory = self.encoder(src, src_mask=src_mask)
        return self.decoder(tgt, memory, tgt_mask=_convert_attention_mask(tgt_mask, tgt.dtype),
                            memory_mask=_convert_attention_mask(memory_mask, memory.dtype))

    def generate_square_subsequent_mask(self, length):
        """[length, length] additive mask: 0 on and below the diagonal, -inf above."""
        import numpy as np
        from paddle.base.framework import in_dynamic_mode
        length = int(length)
        mask = np.triu(np.full((length, length), -np.inf, "float32"), 1)
        if in_dynamic_mode():
            from paddle.base.eager import to_tensor
            return to_tensor(mask)
        from paddle.tensor.creation import assign
        return assign(mask)
