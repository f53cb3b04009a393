"""Learning-rate schedulers, as PaddlePaddle's paddle.optimizer.lr. Call scheduler.step() after
each optimizer step (or epoch): dynamic-mode optimizers read the new value at their next step;
in static mode the Executor writes it into the program's learning-rate variable before a run."""
import math
import warnings


def _check_number(value, label):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"expected {label} to be a float, but got {type(value).__name__}")
    return float(value)


class LRScheduler:
    """Base class: subclasses define get_lr() from self.base_lr and self.last_epoch."""

    def __init__(self, learning_rate=0.1, last_epoch=-1, verbose=False):
        learning_rate = _check_number(learning_rate, "learning_rate")
        if learning_rate < 0:
            raise ValueError(f"expected a non-negative learning_rate, but got {learning_rate}")
        self.base_lr = learning_rate
        self.last_lr = learning_rate
        self.last_epoch = last_epoch
        self.verbose = verbose
        self._var_name = None  # the static program's learning-rate variable, once minimized
        self.step()

    def __call__(self):
        return self.last_lr

    def step(self, epoch=None):
        """Advances one epoch (or jumps to `epoch`, using the closed form where one exists)."""
        if epoch is None:
            self.last_epoch += 1
            self.last_lr = self.get_lr()
        else:
            self.last_epoch = epoch
            closed_form = getattr(self, "_get_closed_form_lr", None)
            self.last_lr = closed_form() if closed_form is not None else self.get_lr()
        if self.verbose:
            print(f"Epoch {self.last_epoch}: {type(self).__name__} set learning rate to {self.last_lr}.")

    def get_lr(self):
        raise NotImplementedError(f"{type(self).__name__} must define get_lr()")

    def state_keys(self):
        self.keys = ["last_epoch", "last_lr"]

    def state_dict(self):
        self.state_keys()
        state = {}
        for key in self.keys:
            if key in self.__dict__:
                value = self.__dict__[key]
                state[key] = float(value) if hasattr(value, "numpy") else value
        return state

    def set_state_dict(self, state_dict):
        if not isinstance(state_dict, dict):
            raise TypeError(f"expected a scheduler state dict, but got {type(state_dict).__name__}")
        self.state_keys()
        for key in self.keys:
            if key not in state_dict:
                raise KeyError(f"expected key '{key}' in the scheduler state dict, but got keys "
                               f"{sorted(state_dict)}")
            self.__dict__[key] = state_dict[key]
        if len(state_dict) > len(self.keys):
            warnings.warn("the scheduler state dict holds unused entries; was it saved from a "
                          "different LRScheduler?")

    set_dict = set_state_dict


class NoamDecay(LRScheduler):
    def __init__(self, d_model, warmup_steps, learning_rate=1.0, last_epoch=-1, verbose=False):
        if d_model <= 0:
            raise ValueError(f"expected a positive d_model, but got {d_model}")
        self.d_model, self.warmup_steps = d_model, warmup_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        a = 1.0 if self.last_epoch == 0 else self.last_epoch ** -0.5
        b = self.warmup_steps ** -1.5 * self.last_epoch
        return self.base_lr * self.d_model ** -0.5 * min(a, b)


class PiecewiseDecay(LRScheduler):
    def __init__(self, boundaries, values, last_epoch=-1, verbose=False):
        if len(values) != len(boundaries) + 1:
            raise ValueError("expected len(values) == len(boundaries) + 1, but got "
                             f"{len(values)} and {len(boundaries)}")
        self.boundaries, self.values = list(boundaries), list(values)
        super().__init__(values[0], last_epoch, verbose)

    def get_lr(self):
        for boundary, value in zip(self.boundaries, self.values):
            if self.last_epoch < boundary:
                return value
        return self.values[-1]


class NaturalExpDecay(LRScheduler):
    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        if gamma <= 0:
            raise ValueError(f"expected a positive gamma, but got {gamma}")
        self.gamma = float(gamma)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * math.exp(-self.gamma * self.last_epoch)


class InverseTimeDecay(LRScheduler):
    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        self.gamma = float(gamma)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr / (1 + self.gamma * self.last_epoch)


class PolynomialDecay(LRScheduler):
    def __init__(self, learning_rate, decay_steps, end_lr=0.0001, power=1.0, cycle=False,
                 last_epoch=-1, verbose=False):
        if not isinstance(decay_steps, int) or decay_steps <= 0:
            raise ValueError(f"expected a positive int decay_steps, but got {decay_steps!r}")
        self.decay_steps, self.end_lr = decay_steps, float(end_lr)
        self.power, self.cycle = float(power), bool(cycle)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        epoch, steps = self.last_epoch, self.decay_steps
        if self.cycle:
            # Restart the decay every decay_steps, the horizon stretched to the next multiple.
            steps = steps * max(1, math.ceil(epoch / steps))
        else:
            epoch = min(epoch, steps)
        return (self.base_lr - self.end_lr) * (1 - epoch / steps) ** self.power + self.end_lr


class LinearWarmup(LRScheduler):
    """Linear from start_lr to end_lr over warmup_steps, then `learning_rate` (a float, or a
    scheduler stepped from 0 at the end of the warmup)."""

    def __init__(self, learning_rate, warmup_steps, start_lr, end_lr, last_epoch=-1, verbose=False):
        if not isinstance(learning_rate, (float, int, LRScheduler)) or isinstance(learning_rate, bool):
            raise TypeError("expected learning_rate to be a float or an LRScheduler, but got "
                            f"{type(learning_rate).__name__}")
        if not isinstance(warmup_steps, int) or warmup_steps <= 0:
            raise ValueError(f"expected a positive int warmup_steps, but got {warmup_steps!r}")
        self.learning_rate = learning_rate
        self.warmup_steps, self.start_lr, self.end_lr = warmup_steps, float(start_lr), float(end_lr)
        super().__init__(start_lr, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch < self.warmup_steps:
            return (self.end_lr - self.start_lr) * self.last_epoch / self.warmup_steps + self.start_lr
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.step(self.last_epoch - self.warmup_steps)
            return self.learning_rate()
        return float(self.learning_rate)

    def state_dict(self):
        state = super().state_dict()
        if isinstance(self.learning_rate, LRScheduler):
            state["LinearWarmup_LR"] = self.learning_rate.state_dict()
        return state

    def set_state_dict(self, state_dict):
        inner = dict(state_dict).pop("LinearWarmup_LR", None)
        super().set_state_dict({k: v for k, v in state_dict.items() if k != "LinearWarmup_LR"})
        if isinstance(self.learning_rate, LRScheduler) and inner is not None:
            self.learning_rate.set_state_dict(inner)


class ExponentialDecay(LRScheduler):
    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        if not 0.0 < gamma < 1.0:
            raise ValueError(f"expected gamma in (0, 1), but got {gamma}")
        self.gamma = float(gamma)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * self.gamma ** self.last_epoch


class MultiStepDecay(LRScheduler):
    def __init__(self, learning_rate, milestones, gamma=0.1, last_epoch=-1, verbose=False):
        if not isinstance(milestones, (list, tuple)):
            raise TypeError("expected milestones to be a list or tuple, but got "
                            f"{type(milestones).__name__}")
        if any(a >= b for a, b in zip(milestones, milestones[1:])):
            raise ValueError(f"expected increasing milestones, but got {list(milestones)}")
        if gamma >= 1.0:
            raise ValueError(f"expected gamma < 1.0, but got {gamma}")
        self.milestones, self.gamma = list(milestones), float(gamma)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * self.gamma ** sum(1 for m in self.milestones if self.last_epoch >= m)


class StepDecay(LRScheduler):
    def __init__(self, learning_rate, step_size, gamma=0.1, last_epoch=-1, verbose=False):
        if not isinstance(step_size, int) or step_size <= 0:
            raise ValueError(f"expected a positive int step_size, but got {step_size!r}")
        if gamma >= 1.0:
            raise ValueError(f"expected gamma < 1.0, but got {gamma}")
        self.step_size, self.gamma = step_size, float(gamma)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * self.gamma ** (self.last_epoch // self.step_size)


class LambdaDecay(LRScheduler):
    def __init__(self, learning_rate, lr_lambda, last_epoch=-1, verbose=False):
        if not callable(lr_lambda):
            raise TypeError(f"expected lr_lambda to be callable, but got {type(lr_lambda).__name__}")
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * self.lr_lambda(self.last_epoch)


class MultiplicativeDecay(LRScheduler):
    def __init__(self, learning_rate, lr_lambda, last_epoch=-1, verbose=False):
        if not callable(lr_lambda):
            raise TypeError(f"expected lr_lambda to be callable, but got {type(lr_lambda).__name__}")
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch > 0:
            return self.last_lr * self.lr_lambda(self.last_epoch)
        return self.base_lr


class CosineAnnealingDecay(LRScheduler):
    """eta_min + (base_lr - eta_min)(1 + cos(pi epoch / T_max)) / 2, computed step by step
    from the previous value as PaddlePaddle does (the closed form when jumping to an epoch)."""

    def __init__(self, learning_rate, T_max, eta_min=0, last_epoch=-1, verbose=False):  # noqa: N803
        if not isinstance(T_max, int) or T_max <= 0:
            raise ValueError(f"expected a positive int T_max, but got {T_max!r}")
        self.T_max, self.eta_min = T_max, _check_number(eta_min, "eta_min")
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        epoch, period = self.last_epoch, self.T_max
        if epoch == 0:
            return self.base_lr
        if (epoch - 1 - period) % (2 * period) == 0:
            return self.last_lr + (self.base_lr - self.eta_min) * (1 - math.cos(math.pi / period)) / 2
        return ((1 + math.cos(math.pi * epoch / period)) / (1 + math.cos(math.pi * (epoch - 1) / period))
                * (self.last_lr - self.eta_min) + self.eta_min)

    def _get_closed_form_lr(self):
        return self.eta_min + (self.base_lr - self.eta_min) * (
            1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2


def _check_positive_int(value, label):
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"expected {label} to be a positive int, but got {value!r}")
    return value


def _check_non_negative(value, label):
    value = _check_number(value, label)
    if value < 0:
        raise ValueError(f"expected a non-negative {label}, but got {value}")
    return value


class OneCycleLR(LRScheduler):
    """The one-cycle policy, stepped once per batch: from max_learning_rate / divide_factor up to
    max_learning_rate over the first phase_pct of total_steps, then down to end_learning_rate at
    step total_steps - 1 ('cos' or 'linear' annealing). With three_phase the way down first
    returns to the initial rate over as many steps as the way up, then anneals to the end."""

    def __init__(self, max_learning_rate, total_steps, divide_factor=25., end_learning_rate=0.0001,
                 phase_pct=0.3, anneal_strategy="cos", three_phase=False, last_epoch=-1,
                 verbose=False):
        max_lr = _check_non_negative(max_learning_rate, "max_learning_rate")
        end_lr = _check_non_negative(end_learning_rate, "end_learning_rate")
        self.total_steps = _check_positive_int(total_steps, "total_steps")
        divide_factor = _check_number(divide_factor, "divide_factor")
        if divide_factor <= 0:
            raise ValueError(f"expected a positive divide_factor, but got {divide_factor}")
        phase_pct = _check_number(phase_pct, "phase_pct")
        if not 0.0 <= phase_pct <= 1.0:
            raise ValueError(f"expected phase_pct in [0, 1], but got {phase_pct}")
        if anneal_strategy not in ("cos", "linear"):
            raise ValueError(f"expected anneal_strategy 'cos' or 'linear', but got "
                             f"{anneal_strategy!r}")
        if not isinstance(three_phase, bool):
            raise TypeError(f"expected three_phase to be a bool, but got "
                            f"{type(three_phase).__name__}")
        initial_lr = max_lr / divide_factor
        up_end = phase_pct * self.total_steps - 1
        last = self.total_steps - 1
        if three_phase:
            if phase_pct >= 0.5:
                raise ValueError(f"expected phase_pct < 0.5 when three_phase is True, but got "
                                 f"{phase_pct}")
            down_end = 2 * phase_pct * self.total_steps - 2
            # (first step, last step, rate at the first, rate at the last) of each phase.
            self._phases = [(0, up_end, initial_lr, max_lr), (up_end, down_end, max_lr, initial_lr),
                            (down_end, last, initial_lr, end_lr)]
        else:
            self._phases = [(0, up_end, initial_lr, max_lr), (up_end, last, max_lr, end_lr)]
        self.anneal_strategy, self.three_phase = anneal_strategy, three_phase
        super().__init__(initial_lr, last_epoch, verbose)

    def _anneal(self, start, end, fraction):
        if self.anneal_strategy == "cos":
            return end + (start - end) / 2.0 * (math.cos(math.pi * fraction) + 1)
        return start + (end - start) * fraction

    def get_lr(self):
        step = self.last_epoch
        if step > self.total_steps:
            raise ValueError(f"expected at most total_steps={self.total_steps} steps of "
                             f"OneCycleLR, but got step {step}")
        for index, (first, last, start_lr, end_lr) in enumerate(self._phases):
            if step <= last or index == len(self._phases) - 1:
                span = last - first
                # A phase of no steps (phase_pct * total_steps <= 1) has already reached its end.
                fraction = (step - first) / span if span > 0 else 1.0
                return self._anneal(start_lr, end_lr, fraction)


class CyclicLR(LRScheduler):
    """The rate cycles between base_learning_rate and max_learning_rate: up linearly over
    step_size_up steps, down over step_size_down (default step_size_up). The amplitude is scaled
    by scale_fn of the cycle number (from 1) or of the iteration: 'triangular' 1,
    'triangular2' 1 / 2 ** (cycle - 1), 'exp_range' exp_gamma ** iteration."""

    def __init__(self, base_learning_rate, max_learning_rate, step_size_up, step_size_down=None,
                 mode="triangular", exp_gamma=1., scale_fn=None, scale_mode="cycle", last_epoch=-1,
                 verbose=False):
        base_lr = _check_non_negative(base_learning_rate, "base_learning_rate")
        self.max_lr = _check_non_negative(max_learning_rate, "max_learning_rate")
        step_size_up = _check_positive_int(step_size_up, "step_size_up")
        step_size_down = step_size_up if step_size_down is None else \
            _check_positive_int(step_size_down, "step_size_down")
        self.exp_gamma = _check_number(exp_gamma, "exp_gamma")
        if scale_fn is not None and not callable(scale_fn):
            raise TypeError(f"expected scale_fn to be callable or None, but got "
                            f"{type(scale_fn).__name__}")
        if scale_mode not in ("cycle", "iterations"):
            raise ValueError(f"expected scale_mode 'cycle' or 'iterations', but got {scale_mode!r}")
        builtin = {"triangular": (lambda x: 1.0, "cycle"),
                   "triangular2": (lambda x: 1 / (2.0 ** (x - 1)), "cycle"),
                   "exp_range": (lambda x: self.exp_gamma ** x, "iterations")}
        if scale_fn is None:
            if mode not in builtin:
                raise ValueError(f"expected mode 'triangular', 'triangular2' or 'exp_range' (or a "
                                 f"scale_fn), but got {mode!r}")
            scale_fn, scale_mode = builtin[mode]
        self.mode, self.scale_fn, self.scale_mode = mode, scale_fn, scale_mode
        self.cycle_size = step_size_up + step_size_down
        self.step_up_pct = step_size_up / self.cycle_size
        self.amplitude = self.max_lr - base_lr
        super().__init__(base_lr, last_epoch, verbose)

    def get_lr(self):
        iterations = self.last_epoch
        cycle = 1 + iterations // self.cycle_size
        fraction = 1.0 + iterations / self.cycle_size - cycle  # position in the cycle, [0, 1)
        if fraction <= self.step_up_pct:
            height = fraction / self.step_up_pct
        else:
            height = (1 - fraction) / (1 - self.step_up_pct)
        scale = self.scale_fn(cycle if self.scale_mode == "cycle" else iterations)
        return self.base_lr + self.amplitude * height * scale


class ReduceOnPlateau(LRScheduler):
    """Multiplies the rate by `factor` when the metric passed to step(metrics) has not improved
    for `patience` epochs."""

    def __init__(self, learning_rate, mode="min", factor=0.1, patience=10, threshold=1e-4,
                 threshold_mode="rel", cooldown=0, min_lr=0, epsilon=1e-8, verbose=False):
        if mode not in ("min", "max"):
            raise ValueError(f"expected mode 'min' or 'max', but got {mode!r}")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError(f"expected threshold_mode 'rel' or 'abs', but got {threshold_mode!r}")
        if factor >= 1.0:
            raise ValueError(f"expected factor < 1.0, but got {factor}")
        self.mode, self.factor, self.patience = mode, float(factor), patience
        self.threshold, self.threshold_mode = threshold, threshold_mode
        self.cooldown, self.min_lr, self.epsilon = cooldown, float(min_lr), epsilon
        self.cooldown_counter, self.num_bad_epochs = 0, 0
        self.best = None
        learning_rate = _check_number(learning_rate, "learning_rate")
        self.base_lr = self.last_lr = learning_rate
        self.last_epoch = 0
        self.verbose = verbose
        self._var_name = None

    def state_keys(self):
        self.keys = ["cooldown_counter", "best", "num_bad_epochs", "last_epoch", "last_lr"]

    def step(self, metrics, epoch=None):
        value = float(metrics.item() if hasattr(metrics, "item") else metrics)
        self.last_epoch = self.last_epoch + 1 if epoch is None else epoch
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            return
        if self.best is None or self._is_better(value, self.best):
            self.best, self.num_bad_epochs = value, 0
        else:
            self.num_bad_epochs += 1
        if self.num_bad_epochs > self.patience:
            self.cooldown_counter, self.num_bad_epochs = self.cooldown, 0
            new_lr = max(self.last_lr * self.factor, self.min_lr)
            if self.last_lr - new_lr > self.epsilon:
                self.last_lr = new_lr
                if self.verbose:
                    print(f"Epoch {self.last_epoch}: ReduceOnPlateau set learning rate to {self.last_lr}.")

    def _is_better(self, current, best):
        if self.mode == "min":
            limit = best - best * self.threshold if self.threshold_mode == "rel" else best - self.threshold
            return current < limit
        limit = best + best * self.threshold if self.threshold_mode == "rel" else best + self.threshold
        return current > limit
