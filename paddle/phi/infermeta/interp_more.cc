#include "paddle/phi/infermeta/interp_more.h"

#include <limits>

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

void InterpolateNdInferMeta(const MetaTensor& x, const MetaTensor& out_size,
                            const std::vector<const MetaTensor*>& size_tensor,
                            const MetaTensor& scale_tensor, const std::string& data_layout,
                            int out_d, int out_h, int out_w, const std::vector<float>& scale,
                            const std::string& interp_method, bool align_corners, int align_mode,
                            int min_rank, int max_rank, MetaTensor* out) {
  const DDim& in = x.dims();
  const int rank = in.size();
  PD_CHECK(rank >= min_rank && rank <= max_rank, InvalidArgument, "expected ", interp_method,
           " interpolation of a ", min_rank, "-D",
           (max_rank > min_rank ? " or " + std::to_string(max_rank) + "-D" : std::string()),
           " X, but got ", in);
  PD_CHECK(data_layout == "NCHW" || data_layout == "NHWC", InvalidArgument, "expected ",
           interp_method, " interpolation's data_layout NCHW or NHWC, but got ", data_layout);
  PD_CHECK(align_mode == 0 || align_mode == 1, InvalidArgument, "expected ", interp_method,
           " interpolation's align_mode 0 or 1, but got ", align_mode);
  const int spatial = rank - 2;
  const int first = data_layout == "NCHW" ? 2 : 1;
  for (int a = 0; a < spatial; ++a) {
    PD_CHECK(in[first + a] != 0, InvalidArgument, "expected ", interp_method,
             " interpolation's X to have non-empty spatial extents, but got ", in);
  }
  std::vector<int64_t> dims = in.ToVector();
  bool sizes_given = false;
  for (const MetaTensor* t : size_tensor) sizes_given = sizes_given || t != nullptr;
  if (sizes_given) {
    PD_CHECK(static_cast<int>(size_tensor.size()) == spatial, InvalidArgument, "expected ",
             interp_method, " interpolation's SizeTensor to hold ", spatial, " tensors, but got ",
             size_tensor.size());
  }
  if (out_size || scale_tensor || sizes_given) {
    for (int a = 0; a < spatial; ++a) dims[first + a] = -1;
  } else {
    const int attr_sizes[3] = {out_d, out_h, out_w};
    const bool scaled = static_cast<int>(scale.size()) >= spatial;
    std::vector<int64_t> extents;
    bool unknown = false;
    for (int a = 0; a < spatial; ++a) {
      int64_t e = attr_sizes[3 - spatial + a];
      if (scaled) {
        PD_CHECK(scale[a] > 0, InvalidArgument, "expected ", interp_method,
                 " interpolation's scale > 0, but got ", funcs::FormatList(scale));
        // Converted to int: inf and products beyond int32 are undefined.
        PD_CHECK(in[first + a] < 0 || static_cast<double>(in[first + a]) * scale[a] <=
                                          static_cast<double>(std::numeric_limits<int>::max()),
                 InvalidArgument, "expected ", interp_method,
                 " interpolation's X extents times scale to fit in int32, but got X ", in,
                 " and scale ", funcs::FormatList(scale));
        e = in[first + a] < 0 ? -1 : static_cast<int>(in[first + a] * scale[a]);
        unknown = unknown || in[first + a] < 0;
      }
      extents.push_back(e);
    }
    for (int a = 0; a < spatial; ++a) {
      PD_CHECK(unknown || extents[a] > 0, InvalidArgument, "expected ", interp_method,
               " interpolation's output extents > 0 (out_d, out_h, out_w or X's extents times "
               "scale), but got ",
               funcs::FormatList(extents));
      dims[first + a] = extents[a];
    }
  }
  out->set_dims(DDim(dims));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

#define PD_INTERP_INFER_META_DEF(Name, min_rank, max_rank)                                         \
  void Name(const MetaTensor& x, const MetaTensor& out_size,                                       \
            const std::vector<const MetaTensor*>& size_tensor, const MetaTensor& scale_tensor,     \
            const std::string& data_layout, int out_d, int out_h, int out_w,                       \
            const std::vector<float>& scale, const std::string& interp_method, bool align_corners, \
            int align_mode, MetaTensor* out) {                                                     \
    InterpolateNdInferMeta(x, out_size, size_tensor, scale_tensor, data_layout, out_d, out_h,      \
                           out_w, scale, interp_method, align_corners, align_mode, min_rank,       \
                           max_rank, out);                                                         \
  }

PD_INTERP_INFER_META_DEF(LinearInterpInferMeta, 3, 3)
PD_INTERP_INFER_META_DEF(TrilinearInterpInferMeta, 5, 5)
PD_INTERP_INFER_META_DEF(NearestInterpInferMeta, 4, 5)

#undef PD_INTERP_INFER_META_DEF

}  // namespace phi
