#include "paddle/phi/infermeta/interp_pad.h"

#include <limits>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/interp_more.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

void CheckPad3dFormat(const MetaTensor& x, const std::string& mode,
                      const std::string& data_format) {
  PD_CHECK(x.dims().size() == 5, InvalidArgument, "expected pad3d's X to be 5-D, but got ",
           x.dims());
  PD_CHECK(data_format == "NCDHW" || data_format == "NDHWC", InvalidArgument,
           "expected pad3d's data_format NCDHW or NDHWC, but got ", data_format);
  PD_CHECK(mode == "constant" || mode == "reflect" || mode == "replicate" || mode == "circular",
           InvalidArgument,
           "expected pad3d's mode constant, reflect, replicate or circular, but got ", mode);
}

void Pad3dInferMeta(const MetaTensor& x, const std::vector<int>& paddings, const std::string& mode,
                    const std::string& data_format, MetaTensor* out) {
  CheckPad3dFormat(x, mode, data_format);
  const DDim& in = x.dims();
  std::vector<int64_t> dims = in.ToVector();
  PD_CHECK(paddings.size() == 6, InvalidArgument,
           "expected pad3d's paddings to have 6 entries, but got ", funcs::FormatList(paddings));
  for (int p : paddings)
    PD_CHECK(p >= 0, InvalidArgument, "expected pad3d's paddings >= 0, but got ",
             funcs::FormatList(paddings));
  // spatial axes in D, H, W order; paddings are (W, H, D) pairs.
  const int first = data_format == "NCDHW" ? 2 : 1;
  for (int a = 0; a < 3; ++a) {
    const int64_t d = in[first + a];
    const int lo = paddings[2 * (2 - a)], hi = paddings[2 * (2 - a) + 1];
    if (d < 0) continue;
    if (mode == "reflect") {
      PD_CHECK(lo < d && hi < d, InvalidArgument,
               "expected pad3d's reflect paddings to be less "
               "than the padded extent ",
               d, ", but got ", funcs::FormatList(paddings));
    } else if (mode != "constant") {
      PD_CHECK(d > 0, InvalidArgument, "expected pad3d's ", mode,
               " mode to pad non-empty extents, but X is ", in);
    }
    PD_CHECK(d <= std::numeric_limits<int64_t>::max() - lo - hi, InvalidArgument,
             "expected pad3d's padded extents to fit in 64 bits, but X is ", in, " and paddings ",
             funcs::FormatList(paddings));
    dims[first + a] = d + lo + hi;
  }
  out->set_dims(DDim(dims));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void InterpolateInferMeta(const MetaTensor& x, const MetaTensor& out_size,
                          const std::vector<const MetaTensor*>& size_tensor,
                          const MetaTensor& scale_tensor, const std::string& data_layout, int out_d,
                          int out_h, int out_w, const std::vector<float>& scale,
                          const std::string& interp_method, bool align_corners, int align_mode,
                          MetaTensor* out) {
  InterpolateNdInferMeta(x, out_size, size_tensor, scale_tensor, data_layout, out_d, out_h, out_w,
                         scale, interp_method, align_corners, align_mode, 4, 4, out);
}

namespace {
void CheckPixelShuffle(const DDim& dims, int r, const std::string& data_format, const char* what) {
  PD_CHECK(dims.size() == 4, InvalidArgument, "expected pixel_shuffle's ", what,
           " to be 4-D, but got ", dims);
  PD_CHECK(data_format == "NCHW" || data_format == "NHWC", InvalidArgument,
           "expected pixel_shuffle's data_format NCHW or NHWC, but got ", data_format);
  PD_CHECK(r > 0, InvalidArgument, "expected pixel_shuffle's upscale_factor > 0, but got ", r);
}
}  // namespace

void PixelShuffleInferMeta(const MetaTensor& x, int upscale_factor, const std::string& data_format,
                           MetaTensor* out) {
  const DDim& in = x.dims();
  CheckPixelShuffle(in, upscale_factor, data_format, "X");
  const int64_t r = upscale_factor;
  const bool nchw = data_format == "NCHW";
  const int ca = nchw ? 1 : 3, ha = nchw ? 2 : 1;
  std::vector<int64_t> dims = in.ToVector();
  PD_CHECK(in[ca] < 0 || in[ca] % (r * r) == 0, InvalidArgument,
           "expected pixel_shuffle's channels divisible by upscale_factor^2 = ", r * r,
           ", but X is ", in);
  if (in[ca] >= 0) dims[ca] = in[ca] / (r * r);
  if (in[ha] >= 0) dims[ha] = in[ha] * r;
  if (in[ha + 1] >= 0) dims[ha + 1] = in[ha + 1] * r;
  out->set_dims(DDim(dims));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void PixelShuffleGradInferMeta(const MetaTensor& dout, int upscale_factor,
                               const std::string& data_format, MetaTensor* dx) {
  const DDim& in = dout.dims();
  CheckPixelShuffle(in, upscale_factor, data_format, "Out@GRAD");
  const int64_t r = upscale_factor;
  const bool nchw = data_format == "NCHW";
  const int ca = nchw ? 1 : 3, ha = nchw ? 2 : 1;
  PD_CHECK((in[ha] < 0 || in[ha] % r == 0) && (in[ha + 1] < 0 || in[ha + 1] % r == 0),
           InvalidArgument, "expected pixel_shuffle_grad's Out@GRAD extents divisible by ",
           "upscale_factor ", r, ", but got ", in);
  std::vector<int64_t> dims = in.ToVector();
  if (in[ca] >= 0) dims[ca] = in[ca] * r * r;
  if (in[ha] >= 0) dims[ha] = in[ha] / r;
  if (in[ha + 1] >= 0) dims[ha + 1] = in[ha + 1] / r;
  dx->set_dims(DDim(dims));
  dx->set_dtype(dout.dtype());
  dx->set_layout(dout.layout());
}

void Pad3dGradInferMeta(const MetaTensor& x, const MetaTensor& out_grad,
                        const std::vector<int>& paddings, const std::string& mode,
                        const std::string& data_format, MetaTensor* x_grad) {
  DenseTensor out;  // the forward's checks and output dims
  MetaTensor out_meta(&out);
  Pad3dInferMeta(x, paddings, mode, data_format, &out_meta);
  CheckOutGradLikeForward("pad3d", out.dims(), x.dtype(), out_grad);
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
}

}  // namespace phi
