"""paddle.nn.utils: gradient clipping in place (clip_grad_norm_, clip_grad_value_), parameters
flattened to one vector and back, and weight normalization as a forward pre-hook."""
import math

__all__ = ["clip_grad_norm_", "clip_grad_value_", "parameters_to_vector",
           "vector_to_parameters", "weight_norm", "remove_weight_norm"]


def _param_list(parameters, api):
    from paddle.base.framework import Variable
    if isinstance(parameters, Variable):
        return [parameters]
    try:
        params = list(parameters)
    except TypeError:
        raise TypeError(f"expected {api}'s parameters to be a Tensor or an iterable of "
                        f"Tensors, but got {type(parameters).__name__}") from None
    for p in params:
        if not isinstance(p, Variable):
            raise TypeError(f"expected {api}'s parameters to hold Tensors, but got "
                            f"{type(p).__name__}")
    return params


def _grads(parameters, api):
    from paddle.base.framework import in_dynamic_mode
    if not in_dynamic_mode():
        raise RuntimeError(f"expected dynamic mode for {api} (it rewrites .grad in place), but "
                           "static mode is on")
    return [p for p in _param_list(parameters, api) if p.grad is not None]


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scales every gradient by max_norm / (total_norm + 1e-6) when that is below 1;
    total_norm is the norm_type norm of all gradients together (inf: the largest |value|).
    Returns total_norm as a 0-D Tensor."""
    import paddle
    from paddle.tensor import math as M
    max_norm, norm_type = float(max_norm), float(norm_type)
    if max_norm <= 0:
        raise ValueError(f"expected clip_grad_norm_'s max_norm > 0, but got {max_norm}")
    if norm_type <= 0 and norm_type != -math.inf:
        raise ValueError(f"expected clip_grad_norm_'s norm_type > 0 or inf, but got "
                         f"{norm_type}")
    params = _grads(parameters, "clip_grad_norm_")
    if not params:
        return paddle.to_tensor(0.0)
    with paddle.no_grad():
        if norm_type == math.inf:
            parts = [M.max(M.abs(p.grad)) for p in params]
            total = M.max(paddle.stack(parts))
        else:
            parts = [M.sum(M.pow(M.abs(p.grad), norm_type)) for p in params]
            total = M.pow(M.sum(paddle.stack(parts)), 1.0 / norm_type)
        if error_if_nonfinite and not math.isfinite(float(total)):
            raise RuntimeError(f"expected a finite total gradient norm of order {norm_type}, "
                               f"but got {float(total)}; set error_if_nonfinite=False to skip "
                               "this check")
        coef = M.clip(M.divide(paddle.full([], max_norm, total.dtype), M.scale(total, 1.0, 1e-6)),
                      max=1.0)
        for p in params:
            p.grad.set_value(M.multiply(p.grad, paddle.cast(coef, p.grad.dtype)))
    return total


def clip_grad_value_(parameters, clip_value):
    """Clips every gradient into [-clip_value, clip_value] in place."""
    import paddle
    from paddle.tensor import math as M
    clip_value = float(clip_value)
    if clip_value <= 0:
        raise ValueError(f"expected clip_grad_value_'s clip_value > 0, but got {clip_value}")
    with paddle.no_grad():
        for p in _grads(parameters, "clip_grad_value_"):
            p.grad.set_value(M.clip(p.grad, -clip_value, clip_value))


def parameters_to_vector(parameters, name=None):
    """All parameters flattened and concatenated into one 1-D Tensor."""
    from paddle.tensor.manipulation import concat, reshape
    params = _param_list(parameters, "parameters_to_vector")
    if not params:
        raise ValueError("expected parameters_to_vector's parameters to be non-empty, but got "
                         "none")
    return concat([reshape(p, [-1]) for p in params], axis=0)


def vector_to_parameters(vec, parameters, name=None):
    """Copies consecutive slices of the 1-D vec into the parameters (in place)."""
    from paddle.base.framework import Variable, in_dynamic_mode
    params = _param_list(parameters, "vector_to_parameters")
    if not isinstance(vec, Variable) or len(vec.shape) != 1:
        raise ValueError(f"expected vector_to_parameters's vec to be a 1-D Tensor, but got "
                         f"{getattr(vec, 'shape', type(vec).__name__)}")
    sizes = [int(math.prod(p.shape)) for p in params]
    if sum(sizes) != vec.shape[0]:
        raise ValueError(f"expected vector_to_parameters's vec to have {sum(sizes)} elements "
                         f"(the parameters' total), but got {vec.shape[0]}")
    if not in_dynamic_mode():
        raise RuntimeError("expected dynamic mode for vector_to_parameters, but static mode "
                           "is on")
    values, start = vec.numpy(), 0
    for p, n in zip(params, sizes):
        p.set_value(values[start:start + n].reshape(p.shape))
        start += n


# ---- weight normalization ----

def _norm_except_dim(v, dim):
    """The 2-norm of v over every axis but dim (dim -1: over all axes), shaped to broadcast
    against v."""
    from paddle.tensor import math as M
    if dim == -1:
        return M.sqrt(M.sum(M.square(v)))
    axes = [a for a in range(len(v.shape)) if a != dim]
    return M.sqrt(M.sum(M.square(v), axis=axes, keepdim=True)) if axes else M.abs(v)


def _weight_from(v, g, dim):
    from paddle.tensor import math as M
    from paddle.tensor.manipulation import reshape
    if dim != -1:
        shape = [1] * len(v.shape)
        shape[dim] = -1
        g = reshape(g, shape)
    return M.multiply(M.divide(v, _norm_except_dim(v, dim)), g)


class WeightNorm:
    """The forward pre-hook: recomputes layer.<name> = g * v / ||v|| before each forward."""

    def __init__(self, name, dim):
        self.name, self.dim = name, dim

    def compute_weight(self, layer):
        return _weight_from(getattr(layer, self.name + "_v"), getattr(layer, self.name + "_g"),
                            self.dim)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer))


def weight_norm(layer, name="weight", dim=0):
    """Replaces parameter `name` by name_g (its norm over every axis but dim; dim None: one
    norm over all) and name_v (its direction), recombined before each forward. Returns
    layer."""
    import paddle
    from paddle.base.framework import in_dynamic_mode
    from paddle.nn.initializer import Assign
    if not in_dynamic_mode():
        raise RuntimeError("expected dynamic mode for weight_norm (it copies the parameter's "
                           "current values), but static mode is on")
    params = layer._parameters
    if name not in params or params[name] is None:
        raise ValueError(f"expected weight_norm's layer to have a parameter named {name!r}, "
                         f"but its parameters are {list(params)}")
    for hook in layer._forward_pre_hooks.values():
        if isinstance(hook, WeightNorm) and hook.name == name:
            raise RuntimeError(f"expected one weight_norm per parameter, but {name!r} has one "
                               "already")
    w = params[name]
    rank = len(w.shape)
    dim = -1 if dim is None else dim
    if isinstance(dim, bool) or not isinstance(dim, int) or not -rank <= dim < rank:
        raise ValueError(f"expected weight_norm's dim to be None or an int in [{-rank}, {rank}), "
                         f"but got {dim!r}")
    if dim != -1:
        dim %= rank
    with paddle.no_grad():
        g_value = paddle.reshape(_norm_except_dim(w, dim), [-1])
    v = layer.create_parameter(w.shape, dtype=w.dtype, default_initializer=Assign(w.numpy()))
    g = layer.create_parameter(g_value.shape, dtype=w.dtype,
                               default_initializer=Assign(g_value.numpy()))
    del params[name]
    layer.add_parameter(name + "_v", v)
    layer.add_parameter(name + "_g", g)
    hook = WeightNorm(name, dim)
    setattr(layer, name, hook.compute_weight(layer))
    layer.register_forward_pre_hook(hook)
    return layer


def remove_weight_norm(layer, name="weight"):
    """Undoes weight_norm: `name` is a plain parameter again holding g * v / ||v||."""
    import paddle
    from paddle.nn.initializer import Assign
    for key, hook in list(layer._forward_pre_hooks.items()):
        if isinstance(hook, WeightNorm) and hook.name == name:
            break
    else:
        raise ValueError(f"expected a weight_norm on parameter {name!r} of "
                         f"{type(layer).__name__}, but found none")
    with paddle.no_grad():
        w_value = hook.compute_weight(layer)
    del layer._forward_pre_hooks[key]
    if name in layer._buffers:
        del layer._buffers[name]
    layer.__dict__.pop(name, None)
    del layer._parameters[name + "_g"]
    del layer._parameters[name + "_v"]
    w = layer.create_parameter(w_value.shape, dtype=w_value.dtype,
                               default_initializer=Assign(w_value.numpy()))
    layer.add_parameter(name, w)
    return layer
