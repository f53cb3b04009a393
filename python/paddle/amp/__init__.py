"""paddle.amp: automatic mixed precision. Static programs: `auto_cast` marks the ops that
paddle.static.amp.decorate(..., use_fp16_guard=True) may run in float16 / bfloat16 (or use
decorate alone to convert the whole forward). Dygraph: eager tensors live on the CPU in this
build, where PaddlePaddle itself turns AMP off with a warning; auto_cast does the same and
GradScaler still scales, unscales and skips overflowing steps."""
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
    warnings.warn("AMP needs a GPU place; eager tensors are on the CPU here, so auto_cast "
                  "runs in float32 (as PaddlePaddle does on a CPU)")
    yield


amp_guard = auto_cast


def decorate(models, optimizers=None, level="O1", dtype="float16", master_weight=None,
             save_dtype=None, **kwargs):
    """Dygraph O2 casts parameters to 16 bits on the GPU; on the CPU (eager here) the models
    stay float32, as with auto_cast."""
    if level == "O2" and not framework._static_mode:
        warnings.warn("AMP O2 needs a GPU place; the models stay float32 here")
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
        found = False
        inv = 1.0 / self._scale
        for group in optimizer._param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad.numpy()
                g = grad.astype("float64") * inv
                found = found or not np.isfinite(g).all()
                p.grad.set_value(g.astype(grad.dtype))
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
