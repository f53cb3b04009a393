"""paddle.amp: automatic mixed precision. Static programs: `auto_cast` marks the ops that
paddle.static.amp.decorate(..., use_fp16_guard=True) may run in float16 / bfloat16 (or use
decorate alone to convert the whole forward). Dygraph on a GPU (paddle.set_device('gpu')):
inside auto_cast each op on GPU tensors computes in 16 bits or float32 as the static rewrite
decides (white ops, gray ops fed 16-bit data, batch norm statistics kept float32), through cast
ops on the tape, so float32 parameters get float32 gradients; GradScaler scales, unscales and
skips overflowing steps. With the CPU as current device PaddlePaddle turns AMP off with a
warning, and so does auto_cast here."""
import contextlib
import warnings

import numpy as np

from paddle.base import framework
from paddle.static import amp as _static_amp
from paddle.static.amp import AutoMixedPrecisionLists  # noqa: F401


@contextlib.contextmanager
def auto_cast(enable=True, custom_white_list=None, custom_black_list=None, level="O1",
              dtype="float16", use_promote=True):
    if level not in ("O0", "O1", "O2", "OD"):
        raise ValueError(f"expected level 'O0', 'O1', 'O2' or 'OD', but got {level!r}")
    if dtype not in ("float16", "bfloat16"):
        raise ValueError(f"expected dtype 'float16' or 'bfloat16', but got {dtype!r}")
    if not enable or level == "O0":
        yield
        return
    if framework._static_mode:
        with _static_amp.fp16_guard():
            yield
        return
    from paddle.base import core, eager
    if not core.eager_expected_place().is_gpu_place():
        warnings.warn("AMP needs a GPU place; the current device is the CPU, so auto_cast "
                      "runs in float32 (as PaddlePaddle does on a CPU)")
        yield
        return
    lists = AutoMixedPrecisionLists(custom_white_list, custom_black_list, dtype=dtype)
    old = eager._set_amp("O2" if level == "O2" else "O1", _static_amp_low(dtype), lists)
    try:
        yield
    finally:
        eager._set_amp(*old)


amp_guard = auto_cast


def _static_amp_low(dtype):
    from paddle.static.amp.rewrite import _low
    return _low(dtype)


def decorate(models, optimizers=None, level="O1", dtype="float16", master_weight=None,
             save_dtype=None, **kwargs):
    """Dygraph O2 would cast parameters to 16 bits (with float32 master weights in the
    optimizer); that is not built yet: the models stay float32, and auto_cast(level='O2') still
    computes every op with a 16-bit GPU kernel in 16 bits."""
    if level == "O2" and not framework._static_mode:
        warnings.warn("AMP O2 parameter casting is not implemented for dygraph yet; the models "
                      "stay float32 (auto_cast(level='O2') still computes in 16 bits)")
    return models if optimizers is None else (models, optimizers)


class GradScaler:
    """Dynamic loss scaling for dygraph training: scale(loss) multiplies by the scale,
    step/minimize unscale the gradients and skip the update when any is inf or nan, update()
    grows the scale after incr_every_n_steps good steps and shrinks it after
    decr_every_n_nan_or_inf bad ones."""

    def __init__(self, enable=True, init_loss_scaling=2.0 ** 15, incr_ratio=2.0, decr_ratio=0.5,
                 incr_every_n_steps=1000, decr_every_n_nan_or_inf=2,
                 use_dynamic_loss_scaling=True):
        if incr_ratio <= 1.0:
            raise ValueError(f"expected incr_ratio > 1, but got {incr_ratio}")
        if not 0.0 < decr_ratio < 1.0:
            raise ValueError(f"expected 0 < decr_ratio < 1, but got {decr_ratio}")
        self._enable = enable
        self._scale = float(init_loss_scaling)
        self._incr_ratio, self._decr_ratio = incr_ratio, decr_ratio
        self._incr_every, self._decr_every = incr_every_n_steps, decr_every_n_nan_or_inf
        self._dynamic = use_dynamic_loss_scaling
        self._good = self._bad = 0
        self._found_inf = False
        self._unscaled = False

    def is_enable(self):
        return self._enable

    def is_use_dynamic_loss_scaling(self):
        return self._dynamic

    def get_init_loss_scaling(self):
        return self._scale

    def set_init_loss_scaling(self, value):
        self._scale = float(value)

    def scale(self, var):
        return var * self._scale if self._enable else var

    def unscale_(self, optimizer):
        if not self._enable or self._unscaled:
            return
        from paddle.base import eager
        # One check_finite_and_unscale op per (place, dtype) of the gradients, in place (the
        # static AMP's op; on a GPU no gradient leaves the device): one flag read per group.
        groups = {}
        for group in optimizer._param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    groups.setdefault((repr(p.grad.place), int(p.grad.dtype)), []).append(p.grad)
        found = False
        with eager.no_grad():
            for grads in groups.values():
                scale = eager.to_tensor(np.array([self._scale], "float32"), place=grads[0].place)
                flag = eager.new_tensor()
                eager.trace_op("check_finite_and_unscale", {"X": grads, "Scale": [scale]},
                               {"Out": grads, "FoundInfinite": [flag]}, {})
                found = found or bool(flag.numpy().any())
        self._found_inf = found
        self._unscaled = True

    def step(self, optimizer):
        if not self._enable:
            optimizer.step()
            return
        self.unscale_(optimizer)
        if not self._found_inf:
            optimizer.step()

    def minimize(self, optimizer, *args, **kwargs):
        self.step(optimizer)
        self.update()
        return [], []

    def update(self):
        if not (self._enable and self._dynamic):
            self._unscaled = False
            return
        if self._found_inf:
            self._good, self._bad = 0, self._bad + 1
            if self._bad == self._decr_every:
                self._scale = max(self._scale * self._decr_ratio, 1.0)
                self._bad = 0
        else:
            self._good, self._bad = self._good + 1, 0
            if self._good == self._incr_every:
                grown = self._scale * self._incr_ratio
                self._scale = grown if np.isfinite(grown) else self._scale
                self._good = 0
        self._found_inf = False
        self._unscaled = False

    def state_dict(self):
        return {"scale": np.array([self._scale], "float32"), "incr_ratio": self._incr_ratio,
                "decr_ratio": self._decr_ratio, "incr_every_n_steps": self._incr_every,
                "decr_every_n_nan_or_inf": self._decr_every, "incr_count": self._good,
                "decr_count": self._bad, "use_dynamic_loss_scaling": self._dynamic}

    def load_state_dict(self, state):
        self._scale = float(np.asarray(state["scale"]).reshape(-1)[0])
        self._good, self._bad = int(state.get("incr_count", 0)), int(state.get("decr_count", 0))


AmpScaler = GradScaler
