#include "paddle/phi/infermeta/conv3d_transpose.h"

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/conv_transpose.h"

namespace phi {

void Conv3dTransposeInferMeta(const MetaTensor& input, const MetaTensor& filter,
                              const std::vector<int>& strides, const std::vector<int>& paddings,
                              const std::vector<int>& output_padding,
                              const std::vector<int>& output_size,
                              const std::string& padding_algorithm, int groups,
                              const std::vector<int>& dilations, const std::string& data_format,
                              MetaTensor* out) {
  // Without this check an NCHW data_format would select the 2-D geometry.
  PD_CHECK(data_format == "NCDHW" || data_format == "NDHWC", InvalidArgument,
           "expected conv3d_transpose's data_format to be \"NCDHW\" or \"NDHWC\", but got \"",
           data_format, "\"");
  const ConvTransposeGeometry g = ComputeConvTransposeGeometry(
      input.dims(), filter.dims(), strides, paddings, output_padding, output_size,
      padding_algorithm, groups, dilations, data_format, "conv3d_transpose");
  out->set_dims(g.out_dims);
  out->set_dtype(input.dtype());
  out->set_layout(input.layout());
}

}  // namespace phi
