"""Float64 references for the special-function tests, from the math module alone (no SciPy):
lgamma, digamma (recurrence to x >= 40, then the asymptotic series) and erfinv (bisection of
math.erf). Each takes and returns NumPy arrays."""
import math

import numpy as np

lgamma_ref = np.vectorize(math.lgamma)


def _digamma_positive(v):
    terms = []
    while v < 40:
        terms.append(-1 / v)
        v += 1
    w = 1 / (v * v)  # the series' first omitted term, 1 / (132 v^10), is under 1e-18 here
    terms += [math.log(v), -0.5 / v, -w * (1 / 12 - w * (1 / 120 - w * (1 / 252 - w / 240)))]
    return math.fsum(terms)


def _digamma_one(v):
    if v <= 0:  # reflection; tan(pi v) has period 1 and v - round(v) is exact
        return _digamma_positive(1 - v) - math.pi / math.tan(math.pi * (v - round(v)))
    return _digamma_positive(v)


digamma_ref = np.vectorize(_digamma_one)


def _erfinv_one(v):
    """Bisection down to adjacent doubles, the closer one kept: good to an ulp or two where erf
    is not flat (|v| up to about 0.98)."""
    a = abs(v)
    lo, hi = (0.88 * a, 2.0 * a) if a <= 0.5 else (0.47, 6.0)  # erfinv(a) / a lies in (0.88, 2)
    while True:
        mid = 0.5 * (lo + hi)
        if mid in (lo, hi):
            break
        lo, hi = (mid, hi) if math.erf(mid) < a else (lo, mid)
    best = hi if abs(math.erf(hi) - a) <= abs(math.erf(lo) - a) else lo
    return math.copysign(best, v)


erfinv_ref = np.vectorize(_erfinv_one)
