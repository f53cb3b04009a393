#include "paddle/phi/infermeta/conv_transpose.h"

#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

using funcs::FormatList;

ConvTransposeGeometry ComputeConvTransposeGeometry(
    const DDim& input, const DDim& filter, const std::vector<int>& strides,
    const std::vector<int>& paddings, const std::vector<int>& output_padding,
    const std::vector<int>& output_size, const std::string& padding_algorithm, int groups,
    const std::vector<int>& dilations, const std::string& data_format, const char* op) {
  ConvTransposeGeometry g;
  const bool volume = data_format == "NCDHW" || data_format == "NDHWC";
  if (volume) {
    g.spatial = 3;
  } else {
    PD_CHECK(data_format == "NCHW" || data_format == "NHWC" || data_format == "AnyLayout",
             InvalidArgument, "expected ", op,
             "'s data_format to be \"NCHW\", \"NHWC\" or \"AnyLayout\", but got \"", data_format,
             "\"");
  }
  const int s = g.spatial;
  const int rank = s + 2;
  g.channels_last = data_format == "NHWC" || data_format == "NDHWC";
  PD_CHECK(input.size() == rank && filter.size() == rank, InvalidArgument, "expected ", op,
           "'s Input and Filter to have rank ", rank, ", but got Input ", input, " and Filter ",
           filter);
  auto positive = [s](const std::vector<int>& v) {
    return static_cast<int>(v.size()) == s && *std::min_element(v.begin(), v.end()) > 0;
  };
  PD_CHECK(positive(strides), InvalidArgument, "expected ", op, "'s strides to hold ", s,
           " positive values, but got ", FormatList(strides));
  PD_CHECK(positive(dilations), InvalidArgument, "expected ", op, "'s dilations to hold ", s,
           " positive values, but got ", FormatList(dilations));
  PD_CHECK(padding_algorithm == "EXPLICIT" || padding_algorithm == "SAME" ||
               padding_algorithm == "VALID",
           InvalidArgument, "expected ", op,
           "'s padding_algorithm to be \"EXPLICIT\", \"SAME\" or \"VALID\", but got \"",
           padding_algorithm, "\"");
  PD_CHECK(static_cast<int>(paddings.size()) == s || static_cast<int>(paddings.size()) == 2 * s,
           InvalidArgument, "expected ", op, "'s paddings to hold ", s, " or ", 2 * s,
           " values, but got ", FormatList(paddings));
  for (int p : paddings) {
    PD_CHECK(p >= 0, InvalidArgument, "expected ", op, "'s paddings to be non-negative, but got ",
             FormatList(paddings));
  }
  PD_CHECK(output_padding.empty() || static_cast<int>(output_padding.size()) == s, InvalidArgument,
           "expected ", op, "'s output_padding to be empty or hold ", s, " values, but got ",
           FormatList(output_padding));
  PD_CHECK(output_size.empty() || static_cast<int>(output_size.size()) == s, InvalidArgument,
           "expected ", op, "'s output_size to be empty or hold ", s, " values, but got ",
           FormatList(output_size));
  PD_CHECK(groups >= 1, InvalidArgument, "expected ", op, "'s groups >= 1, but got ", groups);
  g.groups = groups;
  g.batch = input[0];
  g.in_channels = g.channels_last ? input[rank - 1] : input[1];
  PD_CHECK(g.in_channels < 0 || filter[0] < 0 || g.in_channels == filter[0], InvalidArgument,
           "expected ", op, "'s Input channels (", g.in_channels, ") to equal Filter dims[0] (",
           filter[0], "), but got Input ", input, " and Filter ", filter, " (data_format ",
           data_format, ")");
  PD_CHECK(filter[0] < 0 || filter[0] % groups == 0, InvalidArgument, "expected ", op,
           "'s Filter dims[0] (input channels) to be divisible by groups ", groups,
           ", but got Filter ", filter);
  g.out_channels = filter[1] < 0 ? -1 : filter[1] * groups;
  for (int i = 0; i < s; ++i) {
    PD_CHECK(filter[2 + i] != 0, InvalidArgument, "expected ", op,
             "'s Filter to have a non-empty window, but got ", filter);
  }
  std::vector<int64_t> pads;
  for (int i = 0; i < s; ++i) {
    const bool symmetric = static_cast<int>(paddings.size()) == s;
    pads.push_back(symmetric ? paddings[i] : paddings[2 * i]);
    pads.push_back(symmetric ? paddings[i] : paddings[2 * i + 1]);
  }
  for (int i = 0; i < s; ++i) {
    int64_t in = g.channels_last ? input[1 + i] : input[2 + i];
    g.in[i] = in;
    g.kernel[i] = filter[2 + i];
    g.stride[i] = strides[i];
    g.dilation[i] = dilations[i];
    int64_t before = pads[2 * i], after = pads[2 * i + 1];
    if (padding_algorithm == "VALID") {
      before = after = 0;
    } else if (padding_algorithm == "SAME") {
      g.dilation[i] = 1;
      if (in >= 0 && g.kernel[i] >= 0) {
        const int64_t o = (in + g.stride[i] - 1) / g.stride[i];
        const int64_t pad_sum = std::max<int64_t>((o - 1) * g.stride[i] + g.kernel[i] - in, 0);
        before = pad_sum / 2;
        after = pad_sum - before;
      } else {
        before = after = 0;
      }
    }
    g.pad_before[i] = before;
    if (in < 0 || g.kernel[i] < 0) {
      g.out[i] = output_size.empty() ? -1 : output_size[i];
      continue;
    }
    const int64_t inferred =
        (in - 1) * g.stride[i] - before - after + g.dilation[i] * (g.kernel[i] - 1) + 1;
    PD_CHECK(inferred > 0, InvalidArgument, "expected ", op,
             "'s output size to be positive, but got ", inferred, " for Input ", input,
             " and Filter ", filter, " with strides ", FormatList(strides), ", paddings ",
             FormatList(paddings), " and dilations ", FormatList(dilations));
    if (!output_size.empty()) {
      PD_CHECK(output_size[i] >= inferred && output_size[i] < inferred + g.stride[i],
               InvalidArgument, "expected ", op, "'s output_size[", i, "] to be in [", inferred,
               ", ", inferred + g.stride[i], "), but got ", FormatList(output_size));
      g.out[i] = output_size[i];
    } else if (!output_padding.empty()) {
      const int64_t limit = std::max(g.stride[i], static_cast<int64_t>(dilations[i]));
      PD_CHECK(output_padding[i] >= 0 && output_padding[i] < limit, InvalidArgument, "expected ",
               op, "'s output_padding[", i, "] to be in [0, ", limit,
               ") (below max(stride, dilation)), but got ", FormatList(output_padding));
      g.out[i] = inferred + output_padding[i];
    } else {
      g.out[i] = inferred;
    }
  }
  std::vector<int64_t> dims = {g.batch};
  if (!g.channels_last) dims.push_back(g.out_channels);
  dims.insert(dims.end(), g.out, g.out + s);
  if (g.channels_last) dims.push_back(g.out_channels);
  g.out_dims = DDim(dims);
  return g;
}

void ConvTransposeInferMeta(const MetaTensor& input, const MetaTensor& filter,
                            const std::vector<int>& strides, const std::vector<int>& paddings,
                            const std::vector<int>& output_padding,
                            const std::vector<int>& output_size,
                            const std::string& padding_algorithm, int groups,
                            const std::vector<int>& dilations, const std::string& data_format,
                            MetaTensor* out) {
  ConvTransposeGeometry g = ComputeConvTransposeGeometry(
      input.dims(), filter.dims(), strides, paddings, output_padding, output_size,
      padding_algorithm, groups, dilations, data_format, "conv2d_transpose");
  out->set_dims(g.out_dims);
  out->set_dtype(input.dtype());
  out->set_layout(input.layout());
}

}  // namespace phi
