// A small inference model for the inference tests, built in C++ and written to disk as
// PaddlePaddle does: feed x[-1,4] -> mul W[4,width] -> elementwise_add b -> relu ->
// scale(2, bias 0.5) -> fetch; plus options that spoil it in specific ways.
#pragma once

#include <string>
#include <vector>

#include "paddle/framework/block_desc.h"
#include "paddle/phi/core/dense_tensor.h"

namespace paddle {
namespace inference_test {

constexpr int kInputWidth = 4;

struct ModelOptions {
  int width = 3;               // columns of W (the output width)
  std::string extra_op_type;   // appends an op of this type (e.g. an unregistered one)
  bool drop_mul_y = false;     // mul loses its required input slot Y
  int reshape_to = 0;          // > 0: the output is reshaped to [-1, reshape_to]
};

framework::ProgramDesc BuildProgram(const ModelOptions& options = {});
// The parameters in the file's (sorted-name) order: fc_0.b_0, then fc_0.w_0.
std::vector<phi::DenseTensor> Parameters(const ModelOptions& options = {});
std::string ParamsBytes(const std::vector<phi::DenseTensor>& params);

struct ModelFiles {
  std::string prefix, prog_file, params_file;
};
// Writes <dir>/<name>.pdmodel and .pdiparams.
ModelFiles WriteModel(const std::string& dir, const std::string& name,
                      const ModelOptions& options = {});
// 2 * relu(x W + b) + 0.5 for x of `batch` rows.
std::vector<float> Reference(const std::vector<float>& x, int batch,
                             const ModelOptions& options = {});
std::vector<float> Input(int batch, int seed);
// A fresh directory for this process.
std::string TempDir();

}  // namespace inference_test
}  // namespace paddle
