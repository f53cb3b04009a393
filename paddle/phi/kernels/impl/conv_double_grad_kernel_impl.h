// conv2d / depthwise_conv2d double grad written once for both backends: composed of the conv
// kernel, its grad and add.
#pragma once

#include "paddle/phi/kernels/conv_double_grad_kernel.h"
#include "paddle/phi/kernels/conv_grad_kernel.h"
#include "paddle/phi/kernels/conv_kernel.h"
#include "paddle/phi/kernels/elementwise_kernel.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"

namespace phi {

template <typename T, typename Context>
void ConvDoubleGradKernel(const Context& dev_ctx, const DenseTensor& input,
                          const DenseTensor& filter, const DenseTensor& dout,
                          const DenseTensor* ddinput, const DenseTensor* ddfilter,
                          const std::vector<int>& strides, const std::vector<int>& paddings,
                          const std::string& padding_algorithm, const std::vector<int>& dilations,
                          int groups, const std::string& data_format, DenseTensor* ddout,
                          DenseTensor* dinput, DenseTensor* dfilter) {
  // Inputs by value: they stay readable if an output shares their storage.
  const DenseTensor input_in = input, filter_in = filter, dout_in = dout;
  const DenseTensor ddinput_in = ddinput != nullptr ? *ddinput : DenseTensor();
  const DenseTensor ddfilter_in = ddfilter != nullptr ? *ddfilter : DenseTensor();
  auto conv = [&](const DenseTensor& a, const DenseTensor& b) {
    DenseTensor out;
    out.Resize(dout_in.dims());
    ConvKernel<T, Context>(dev_ctx, a, b, strides, paddings, padding_algorithm, dilations, groups,
                           data_format, &out);
    return out;
  };
  auto conv_grad = [&](const DenseTensor& a, const DenseTensor& b, DenseTensor* da,
                       DenseTensor* db) {
    ConvGradKernel<T, Context>(dev_ctx, a, b, dout_in, strides, paddings, padding_algorithm,
                               dilations, groups, data_format, da, db);
  };
  if (ddout != nullptr) {
    if (ddinput != nullptr && ddfilter != nullptr) {
      DenseTensor a = conv(ddinput_in, filter_in), b = conv(input_in, ddfilter_in);
      ddout->Resize(dout_in.dims());
      AddKernel<T, Context>(dev_ctx, a, b, -1, ddout);
    } else if (ddinput != nullptr) {
      *ddout = conv(ddinput_in, filter_in);
    } else if (ddfilter != nullptr) {
      *ddout = conv(input_in, ddfilter_in);
    } else {
      ddout->Resize(dout_in.dims());
      funcs::AllocZeroed<T>(dev_ctx, ddout);
    }
  }
  if (dinput != nullptr) {
    dinput->Resize(input_in.dims());
    if (ddfilter != nullptr) {
      conv_grad(input_in, ddfilter_in, dinput, nullptr);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dinput);
    }
  }
  if (dfilter != nullptr) {
    dfilter->Resize(filter_in.dims());
    if (ddinput != nullptr) {
      conv_grad(ddinput_in, filter_in, nullptr, dfilter);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dfilter);
    }
  }
}

}  // namespace phi

