#include "paddle/phi/infermeta/double_grad.h"

#include <tuple>
#include <utility>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/nn.h"

namespace phi {
namespace {

// Dims agree where both are known (-1: not known until run time).
bool SameDims(const DDim& a, const DDim& b) {
  if (a.size() != b.size()) return false;
  for (int i = 0; i < a.size(); ++i)
    if (a[i] >= 0 && b[i] >= 0 && a[i] != b[i]) return false;
  return true;
}

// Whether `from` broadcasts to `to`: NumPy's rule (trailing dims aligned), or with the legacy
// axis >= 0 a shorter `from` placed from dim `axis` of `to`.
bool BroadcastsTo(const DDim& from, const DDim& to, int axis = -1) {
  if (from.size() > to.size()) return false;
  // 64-bit: an attribute axis near INT_MAX must not overflow.
  const int64_t start =
      axis >= 0 && from.size() < to.size() ? axis : int64_t{to.size()} - from.size();
  if (start < 0 || start + from.size() > to.size()) return false;
  for (int i = 0; i < from.size(); ++i) {
    int64_t f = from[i], t = to[start + i];
    if (f >= 0 && t >= 0 && f != t && f != 1) return false;
  }
  return true;
}

void CheckLike(const char* op, const char* slot, const MetaTensor& t, const char* like_slot,
               const MetaTensor& like) {
  if (!t) return;
  PD_CHECK(SameDims(t.dims(), like.dims()), InvalidArgument, "expected ", op, "'s ", slot,
           " to have the dims ", like.dims(), " of ", like_slot, ", but got ", t.dims());
  PD_CHECK(t.dtype() == like.dtype() || t.dtype() == DataType::UNDEFINED ||
               like.dtype() == DataType::UNDEFINED,
           InvalidArgument, "expected ", op, "'s ", slot, " to have the dtype ", like.dtype(),
           " of ", like_slot, ", but got ", t.dtype());
}

void Share(MetaTensor* out, const MetaTensor& like) {
  if (out != nullptr && *out) out->share_meta(like);
}

// `d_slot`: the input holding a first-order gradient (DOut; sqrt_grad_grad's DX).
void UnaryDoubleGrad(const char* op, const char* x_slot, const MetaTensor& x,
                     const MetaTensor& dout, const MetaTensor& ddx, MetaTensor* dx,
                     MetaTensor* ddout, const char* d_slot = "DOut") {
  CheckLike(op, d_slot, dout, x_slot, x);
  CheckLike(op, "DDX", ddx, x_slot, x);
  Share(dx, x);
  Share(ddout, x);
}

void UnaryTripleGrad(const char* op, const MetaTensor& out, const MetaTensor& ddx,
                     const MetaTensor& dout, const MetaTensor& d_ddout,
                     const MetaTensor& d_dout_new, MetaTensor* d_out_new, MetaTensor* d_dout,
                     MetaTensor* d_ddx) {
  CheckLike(op, "DDX", ddx, "Out", out);
  CheckLike(op, "DOut", dout, "Out", out);
  CheckLike(op, "D_DDOut", d_ddout, "Out", out);
  CheckLike(op, "D_DOut_New", d_dout_new, "Out", out);
  Share(d_out_new, out);
  Share(d_dout, dout);
  Share(d_ddx, ddx);
}

// The triple grads of the binary ops: DDX / D_DX like X, DDY / D_DY like Y, D_DDOut like DOut;
// each output like the input it is the gradient of.
void BinaryTripleGrad(const char* op, const MetaTensor& x, const MetaTensor& y,
                      const MetaTensor& dout, const MetaTensor& ddx, const MetaTensor& ddy,
                      const MetaTensor& d_dx, const MetaTensor& d_dy, const MetaTensor& d_ddout,
                      MetaTensor* d_x, MetaTensor* d_y, MetaTensor* d_dout, MetaTensor* d_ddx,
                      MetaTensor* d_ddy) {
  CheckLike(op, "DDX", ddx, "X", x);
  CheckLike(op, "DDY", ddy, "Y", y);
  CheckLike(op, "D_DX", d_dx, "X", x);
  CheckLike(op, "D_DY", d_dy, "Y", y);
  CheckLike(op, "D_DDOut", d_ddout, "DOut", dout);
  Share(d_x, x);
  Share(d_y, y);
  Share(d_dout, dout);
  Share(d_ddx, x);
  Share(d_ddy, y);
}

void BinaryDoubleGrad(const char* op, const MetaTensor& x, const MetaTensor& y,
                      const MetaTensor& dout, const MetaTensor& ddx, const MetaTensor& ddy,
                      MetaTensor* dx, MetaTensor* dy, MetaTensor* ddout) {
  CheckLike(op, "DDX", ddx, "X", x);
  CheckLike(op, "DDY", ddy, "Y", y);
  Share(dx, x);
  Share(dy, y);
  Share(ddout, dout);
}

void CheckBroadcastsTo(const char* op, const char* slot, const MetaTensor& t, const char* to_slot,
                       const MetaTensor& to, int axis = -1) {
  if (!t) return;
  PD_CHECK(BroadcastsTo(t.dims(), to.dims(), axis), InvalidArgument, "expected ", op, "'s ", slot,
           " to broadcast to the dims ", to.dims(), " of ", to_slot, ", but got ", t.dims());
}

void LinearBinaryDoubleGrad(const char* op, const MetaTensor& dout, const MetaTensor& ddx,
                            const MetaTensor& ddy, int axis, MetaTensor* ddout) {
  CheckBroadcastsTo(op, "DDX", ddx, "DOut", dout, axis);
  CheckBroadcastsTo(op, "DDY", ddy, "DOut", dout, axis);
  Share(ddout, dout);
}

}  // namespace

void ReluDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& ddx, MetaTensor* ddout) {
  CheckLike("relu_grad_grad", "DDX", ddx, "Out", out);
  Share(ddout, out);
}

void TanhDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& dout, const MetaTensor& ddx,
                             MetaTensor* dout_new, MetaTensor* ddout) {
  UnaryDoubleGrad("tanh_grad_grad", "Out", out, dout, ddx, dout_new, ddout);
}

void SigmoidDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& dout,
                                const MetaTensor& ddx, MetaTensor* dout_new, MetaTensor* ddout) {
  UnaryDoubleGrad("sigmoid_grad_grad", "Out", out, dout, ddx, dout_new, ddout);
}

void SquareDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& dout, const MetaTensor& ddx,
                               MetaTensor* dx, MetaTensor* ddout) {
  UnaryDoubleGrad("square_grad_grad", "X", x, dout, ddx, dx, ddout);
}

void LogDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& dout, const MetaTensor& ddx,
                            MetaTensor* dx, MetaTensor* ddout) {
  UnaryDoubleGrad("log_grad_grad", "X", x, dout, ddx, dx, ddout);
}

void MatmulDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& dout,
                               const MetaTensor& ddx, const MetaTensor& ddy, MetaTensor* dx,
                               MetaTensor* dy, MetaTensor* ddout) {
  BinaryDoubleGrad("matmul_v2_grad_grad", x, y, dout, ddx, ddy, dx, dy, ddout);
}

void MultiplyDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& dout,
                                 const MetaTensor& ddx, const MetaTensor& ddy, MetaTensor* dx,
                                 MetaTensor* dy, MetaTensor* ddout) {
  BinaryDoubleGrad("elementwise_mul_grad_grad", x, y, dout, ddx, ddy, dx, dy, ddout);
}

void AddDoubleGradInferMeta(const MetaTensor& y, const MetaTensor& dout, const MetaTensor& ddx,
                            const MetaTensor& ddy, int axis, MetaTensor* ddout) {
  LinearBinaryDoubleGrad("elementwise_add_grad_grad", dout, ddx, ddy, axis, ddout);
}

void SubtractDoubleGradInferMeta(const MetaTensor& y, const MetaTensor& dout, const MetaTensor& ddx,
                                 const MetaTensor& ddy, int axis, MetaTensor* ddout) {
  LinearBinaryDoubleGrad("elementwise_sub_grad_grad", dout, ddx, ddy, axis, ddout);
}

void ExpDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& dout, const MetaTensor& ddx,
                            MetaTensor* dout_new, MetaTensor* ddout) {
  UnaryDoubleGrad("exp_double_grad", "Out", out, dout, ddx, dout_new, ddout);
}

void SqrtDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& dx, const MetaTensor& ddx,
                             MetaTensor* dout, MetaTensor* ddout) {
  UnaryDoubleGrad("sqrt_grad_grad", "Out", out, dx, ddx, dout, ddout, "DX");
}

void LeakyReluDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& ddx, MetaTensor* ddout) {
  CheckLike("leaky_relu_grad_grad", "DDX", ddx, "X", x);
  Share(ddout, x);
}

void PowDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& dout, const MetaTensor& ddx,
                            MetaTensor* dx, MetaTensor* ddout) {
  UnaryDoubleGrad("pow_double_grad", "X", x, dout, ddx, dx, ddout);
}

void AbsDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& ddx, MetaTensor* ddout) {
  CheckLike("abs_grad_grad", "DDX", ddx, "X", x);
  Share(ddout, x);
}

void SoftplusDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& dout, const MetaTensor& ddx,
                                 MetaTensor* dx, MetaTensor* ddout) {
  UnaryDoubleGrad("softplus_double_grad", "X", x, dout, ddx, dx, ddout);
}

void DivideDoubleGradInferMeta(const MetaTensor& y, const MetaTensor& out, const MetaTensor& dout,
                               const MetaTensor& ddx, const MetaTensor& ddy, int axis,
                               MetaTensor* dy, MetaTensor* dout_new, MetaTensor* ddout) {
  const char* op = "elementwise_div_grad_grad";
  CheckLike(op, "Out@GRAD", dout, "Out", out);
  CheckBroadcastsTo(op, "Y", y, "Out", out, axis);
  CheckBroadcastsTo(op, "DDX", ddx, "Out", out, axis);
  CheckLike(op, "DDY", ddy, "Y", y);
  Share(dy, y);
  Share(dout_new, out);
  Share(ddout, out);
}

void TanhTripleGradInferMeta(const MetaTensor& out, const MetaTensor& ddx, const MetaTensor& dout,
                             const MetaTensor& d_ddout, const MetaTensor& d_dout_new,
                             MetaTensor* d_out_new, MetaTensor* d_dout, MetaTensor* d_ddx) {
  UnaryTripleGrad("tanh_triple_grad", out, ddx, dout, d_ddout, d_dout_new, d_out_new, d_dout,
                  d_ddx);
}

void SigmoidTripleGradInferMeta(const MetaTensor& out, const MetaTensor& ddx,
                                const MetaTensor& dout, const MetaTensor& d_ddout,
                                const MetaTensor& d_dout_new, MetaTensor* d_out_new,
                                MetaTensor* d_dout, MetaTensor* d_ddx) {
  UnaryTripleGrad("sigmoid_triple_grad", out, ddx, dout, d_ddout, d_dout_new, d_out_new, d_dout,
                  d_ddx);
}

void MatmulTripleGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& dout,
                               const MetaTensor& ddx, const MetaTensor& ddy, const MetaTensor& d_dx,
                               const MetaTensor& d_dy, const MetaTensor& d_ddout, MetaTensor* d_x,
                               MetaTensor* d_y, MetaTensor* d_dout, MetaTensor* d_ddx,
                               MetaTensor* d_ddy) {
  BinaryTripleGrad("matmul_v2_triple_grad", x, y, dout, ddx, ddy, d_dx, d_dy, d_ddout, d_x, d_y,
                   d_dout, d_ddx, d_ddy);
}

void MultiplyTripleGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& dout,
                                 const MetaTensor& ddx, const MetaTensor& ddy,
                                 const MetaTensor& d_dx, const MetaTensor& d_dy,
                                 const MetaTensor& d_ddout, MetaTensor* d_x, MetaTensor* d_y,
                                 MetaTensor* d_dout, MetaTensor* d_ddx, MetaTensor* d_ddy) {
  BinaryTripleGrad("elementwise_mul_triple_grad", x, y, dout, ddx, ddy, d_dx, d_dy, d_ddout, d_x,
                   d_y, d_dout, d_ddx, d_ddy);
}

void AddTripleGradInferMeta(const MetaTensor& ddx, const MetaTensor& ddy, const MetaTensor& d_ddout,
                            int axis, MetaTensor* d_ddx, MetaTensor* d_ddy) {
  const char* op = "elementwise_add_triple_grad";
  CheckBroadcastsTo(op, "DDX", ddx, "D_DDOut", d_ddout, axis);
  CheckBroadcastsTo(op, "DDY", ddy, "D_DDOut", d_ddout, axis);
  for (const auto& [slot, in, out] :
       {std::tuple<const char*, const MetaTensor*, MetaTensor*>{"DDX", &ddx, d_ddx},
        {"DDY", &ddy, d_ddy}}) {
    if (out == nullptr || !*out) continue;
    PD_CHECK(static_cast<bool>(*in), InvalidArgument, "expected ", op, "'s ", slot,
             " to give the dims of its gradient, but it is absent");
    Share(out, *in);
  }
}

void ConvDoubleGradInferMeta(const MetaTensor& input, const MetaTensor& filter,
                             const MetaTensor& dout, const MetaTensor& ddinput,
                             const MetaTensor& ddfilter, MetaTensor* ddout, MetaTensor* dinput,
                             MetaTensor* dfilter) {
  const char* op = "conv2d_grad_grad";
  CheckLike(op, "DDInput", ddinput, "Input", input);
  CheckLike(op, "DDFilter", ddfilter, "Filter", filter);
  Share(ddout, dout);
  Share(dinput, input);
  Share(dfilter, filter);
}

void ReshapeDoubleGradInferMeta(const MetaTensor& dout, const MetaTensor& ddx, MetaTensor* ddout) {
  const bool known = !dout.dims().has_unknown() && !ddx.dims().has_unknown();
  PD_CHECK(!known || dout.dims().numel() == ddx.dims().numel(), InvalidArgument,
           "expected reshape2_grad_grad's DDX to hold the ", dout.dims().numel(),
           " elements of DOut ", dout.dims(), ", but got ", ddx.dims());
  if (ddout == nullptr || !*ddout) return;
  ddout->set_dims(dout.dims());
  ddout->set_dtype(ddx.dtype());
  ddout->set_layout(ddx.layout());
}

void Pool2dDoubleGradInferMeta(const MetaTensor& x, const std::string& pooling_type,
                               const std::vector<int>& ksize, bool global_pooling,
                               const std::vector<int>& strides, const std::vector<int>& paddings,
                               bool adaptive, bool ceil_mode, const std::string& data_format,
                               const std::string& padding_algorithm, MetaTensor* out) {
  PD_CHECK(pooling_type == "avg", Unimplemented,
           "expected pool2d_grad_grad's pooling_type to be 'avg' (only average pooling is "
           "differentiated twice), but got '",
           pooling_type, "'");
  PoolInferMeta(x, pooling_type, ksize, global_pooling, strides, paddings, adaptive, ceil_mode,
                data_format, padding_algorithm, out);
}

}  // namespace phi
