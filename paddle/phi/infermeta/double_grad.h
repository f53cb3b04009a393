// InferMeta of the double grad ops (grad ops of grad ops, paddle/ops/yaml/double_grad.yaml).
// Each checks that the tensors it combines match (DDX has the dims of the variable whose
// gradient X@GRAD it is the gradient of, ...) and gives each output the meta of the variable
// it is the gradient of: DX / DY / DOutNew that of X / Y / Out, DDOut that of DOut.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// relu_grad_grad: DDOut = DDX where Out > 0.
void ReluDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& ddx, MetaTensor* ddout);

// tanh_grad_grad / sigmoid_grad_grad (from Out) and square_grad_grad / log_grad_grad (from X):
// `x` is the saved forward tensor; `dx` its gradient.
void TanhDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& dout, const MetaTensor& ddx,
                             MetaTensor* dout_new, MetaTensor* ddout);
void SigmoidDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& dout,
                                const MetaTensor& ddx, MetaTensor* dout_new, MetaTensor* ddout);
void SquareDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& dout, const MetaTensor& ddx,
                               MetaTensor* dx, MetaTensor* ddout);
void LogDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& dout, const MetaTensor& ddx,
                            MetaTensor* dx, MetaTensor* ddout);

// exp_double_grad: like tanh_grad_grad. sqrt_grad_grad reads sqrt_grad's output DX instead of
// DOut. leaky_relu_grad_grad: DDOut like X.
void ExpDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& dout, const MetaTensor& ddx,
                            MetaTensor* dout_new, MetaTensor* ddout);
void SqrtDoubleGradInferMeta(const MetaTensor& out, const MetaTensor& dx, const MetaTensor& ddx,
                             MetaTensor* dout, MetaTensor* ddout);
void LeakyReluDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& ddx, MetaTensor* ddout);
// abs_grad_grad: DDOut like X. softplus_double_grad: like square_grad_grad.
void PowDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& dout, const MetaTensor& ddx,
                            MetaTensor* dx, MetaTensor* ddout);
void AbsDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& ddx, MetaTensor* ddout);
void SoftplusDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& dout, const MetaTensor& ddx,
                                 MetaTensor* dx, MetaTensor* ddout);

// matmul_v2_grad_grad / elementwise_mul_grad_grad: DDX / DDY (each optional) like X / Y.
void MatmulDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& dout,
                               const MetaTensor& ddx, const MetaTensor& ddy, MetaTensor* dx,
                               MetaTensor* dy, MetaTensor* ddout);
void MultiplyDoubleGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& dout,
                                 const MetaTensor& ddx, const MetaTensor& ddy, MetaTensor* dx,
                                 MetaTensor* dy, MetaTensor* ddout);

// elementwise_add_grad_grad / elementwise_sub_grad_grad: DDOut = DDX +/- DDY broadcast to
// DOut's dims (each of DDX, DDY optional and broadcastable to them).
void AddDoubleGradInferMeta(const MetaTensor& y, const MetaTensor& dout, const MetaTensor& ddx,
                            const MetaTensor& ddy, int axis, MetaTensor* ddout);
void SubtractDoubleGradInferMeta(const MetaTensor& y, const MetaTensor& dout, const MetaTensor& ddx,
                                 const MetaTensor& ddy, int axis, MetaTensor* ddout);

// elementwise_div_grad_grad: Out@GRAD (DOut of the first grad) has Out's dims, DDX
// broadcasts to them, DDY is like Y. Y@GRAD like Y, DOut and DDOut like Out.
void DivideDoubleGradInferMeta(const MetaTensor& y, const MetaTensor& out, const MetaTensor& dout,
                               const MetaTensor& ddx, const MetaTensor& ddy, int axis,
                               MetaTensor* dy, MetaTensor* dout_new, MetaTensor* ddout);

// tanh_triple_grad / sigmoid_triple_grad: every input (D_DDOut, D_DOut_New optional) like Out;
// D_OutNew, D_DOut, D_DDx like Out, DOut, DDX.
void TanhTripleGradInferMeta(const MetaTensor& out, const MetaTensor& ddx, const MetaTensor& dout,
                             const MetaTensor& d_ddout, const MetaTensor& d_dout_new,
                             MetaTensor* d_out_new, MetaTensor* d_dout, MetaTensor* d_ddx);
void SigmoidTripleGradInferMeta(const MetaTensor& out, const MetaTensor& ddx,
                                const MetaTensor& dout, const MetaTensor& d_ddout,
                                const MetaTensor& d_dout_new, MetaTensor* d_out_new,
                                MetaTensor* d_dout, MetaTensor* d_ddx);

// matmul_v2_triple_grad: DDX / D_DX like X, DDY / D_DY like Y, D_DDOut like DOut; each output
// like the input it is the gradient of.
void MatmulTripleGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& dout,
                               const MetaTensor& ddx, const MetaTensor& ddy, const MetaTensor& d_dx,
                               const MetaTensor& d_dy, const MetaTensor& d_ddout, MetaTensor* d_x,
                               MetaTensor* d_y, MetaTensor* d_dout, MetaTensor* d_ddx,
                               MetaTensor* d_ddy);

// elementwise_add_triple_grad: DDX / DDY broadcast to D_DDOut's dims; D_DDX / D_DDY like them
// (a wanted output needs its input).
void AddTripleGradInferMeta(const MetaTensor& ddx, const MetaTensor& ddy, const MetaTensor& d_ddout,
                            int axis, MetaTensor* d_ddx, MetaTensor* d_ddy);

// conv2d_grad_grad / depthwise_conv2d_grad_grad: DDInput like Input, DDFilter like Filter (each
// optional); DDOutput like DOutput, DInput like Input, DFilter like Filter.
void ConvDoubleGradInferMeta(const MetaTensor& input, const MetaTensor& filter,
                             const MetaTensor& dout, const MetaTensor& ddinput,
                             const MetaTensor& ddfilter, MetaTensor* ddout, MetaTensor* dinput,
                             MetaTensor* dfilter);

// reshape2_grad_grad: DDX holds DOut's number of elements; DDOut has DOut's dims.
void ReshapeDoubleGradInferMeta(const MetaTensor& dout, const MetaTensor& ddx, MetaTensor* ddout);

// elementwise_mul_triple_grad: DDX / D_DX like X, DDY / D_DY like Y, D_DDOut like DOut; each
// output like the input it is the gradient of.
void MultiplyTripleGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& dout,
                                 const MetaTensor& ddx, const MetaTensor& ddy,
                                 const MetaTensor& d_dx, const MetaTensor& d_dy,
                                 const MetaTensor& d_ddout, MetaTensor* d_x, MetaTensor* d_y,
                                 MetaTensor* d_dout, MetaTensor* d_ddx, MetaTensor* d_ddy);

// pool2d_grad_grad: average pooling only (typed Unimplemented otherwise); Out as pool2d's.
void Pool2dDoubleGradInferMeta(const MetaTensor& x, const std::string& pooling_type,
                               const std::vector<int>& ksize, bool global_pooling,
                               const std::vector<int>& strides, const std::vector<int>& paddings,
                               bool adaptive, bool ceil_mode, const std::string& data_format,
                               const std::string& padding_algorithm, MetaTensor* out);

}  // namespace phi
