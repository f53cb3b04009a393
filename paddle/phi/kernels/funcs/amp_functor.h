// The arithmetic of the AMP loss-scaling ops, written once for host and device: the finiteness
// test of check_finite_and_unscale and the dynamic loss-scaling step of update_loss_scaling
// (the CPU kernels call these on the host, the CUDA kernels on the device).
#pragma once

#include <cmath>

#include "paddle/phi/core/hostdevice.h"

namespace phi {
namespace funcs {

template <typename T>
PD_HOSTDEVICE inline bool IsFiniteValue(T v) {
#if defined(__CUDA_ARCH__)
  return isfinite(v);
#else
  return std::isfinite(v);
#endif
}

struct LossScalingConfig {
  int incr_every_n_steps;
  int decr_every_n_nan_or_inf;
  float incr_ratio;
  float decr_ratio;
};

// One step of dynamic loss scaling, in the loss scale's own type MT (float or double):
// a step with an inf/nan gradient resets the good count and counts a bad one; at
// decr_every_n_nan_or_inf bad steps the scale becomes max(scale * decr_ratio, 1) and the bad
// count restarts. A finite step resets the bad count and counts a good one; at
// incr_every_n_steps good steps the scale becomes scale * incr_ratio unless that overflows,
// and the good count restarts. Otherwise the scale is unchanged.
template <typename MT>
PD_HOSTDEVICE inline void UpdateLossScalingStep(bool found_inf, MT prev_scaling, int good_in,
                                                int bad_in, const LossScalingConfig& c,
                                                MT* scaling, int* good_out, int* bad_out) {
  MT next = prev_scaling;
  int good = 0, bad = 0;
  if (found_inf) {
    bad = bad_in + 1;
    if (bad == c.decr_every_n_nan_or_inf) {
      const MT lowered = prev_scaling * c.decr_ratio;
      next = lowered < MT(1) ? MT(1) : lowered;
      bad = 0;
    }
  } else {
    good = good_in + 1;
    if (good == c.incr_every_n_steps) {
      const MT raised = prev_scaling * c.incr_ratio;
      next = IsFiniteValue(raised) ? raised : prev_scaling;
      good = 0;
    }
  }
  *scaling = next;
  *good_out = good;
  *bad_out = bad;
}

}  // namespace funcs
}  // namespace phi
