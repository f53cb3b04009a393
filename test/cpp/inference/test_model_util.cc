#include "test/cpp/inference/test_model_util.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "paddle/framework/model_io.h"
#include "paddle/framework/tensor_io.h"
#include "paddle/phi/core/device_context.h"
#include "test/cpp/executor/program_builder.h"

namespace paddle {
namespace inference_test {

using framework::MakeAttr;
using framework::proto::VarType;

framework::ProgramDesc BuildProgram(const ModelOptions& options) {
  framework::ProgramDesc program;
  test::ProgramBuilder b(&program);
  b.Data("x", {-1, kInputWidth});
  b.Param("fc_0.w_0", {kInputWidth, options.width});
  b.Param("fc_0.b_0", {options.width});
  framework::BlockDesc* block = b.block();
  block->Var("feed")->SetType(VarType::FEED_MINIBATCH);
  block->Var("feed")->SetPersistable(true);
  block->Var("fetch")->SetType(VarType::FETCH_LIST);
  block->Var("fetch")->SetPersistable(true);
  framework::OpDesc* feed = block->AppendOp();
  feed->SetType("feed");
  feed->SetInput("X", {"feed"});
  feed->SetOutput("Out", {"x"});
  feed->SetAttr("col", 0);
  b.Op("mul", {{"X", {"x"}}, {"Y", {"fc_0.w_0"}}}, {{"Out", {"fc_0.tmp_0"}}},
       {MakeAttr("x_num_col_dims", 1), MakeAttr("y_num_col_dims", 1)});
  if (options.drop_mul_y) block->Op(block->OpSize() - 1)->RemoveInput("Y");
  b.Op("elementwise_add", {{"X", {"fc_0.tmp_0"}}, {"Y", {"fc_0.b_0"}}}, {{"Out", {"fc_0.tmp_1"}}},
       {MakeAttr("axis", 1)});
  b.Op("relu", {{"X", {"fc_0.tmp_1"}}}, {{"Out", {"relu_0.tmp_0"}}});
  std::string out = "save_infer_model/scale_0.tmp_0";
  b.Op("scale", {{"X", {"relu_0.tmp_0"}}}, {{"Out", {out}}},
       {MakeAttr("scale", 2.0f), MakeAttr("bias", 0.5f), MakeAttr("bias_after_scale", true)});
  if (options.reshape_to > 0) {
    b.Op("reshape2", {{"X", {out}}}, {{"Out", {"reshaped"}}, {"XShape", {"reshaped.xshape"}}},
         {MakeAttr("shape", std::vector<int>{-1, options.reshape_to})});
    out = "reshaped";
  }
  if (!options.extra_op_type.empty()) {
    framework::OpDesc* op = block->AppendOp();
    op->SetType(options.extra_op_type);
    op->SetInput("X", {out});
    op->SetOutput("Out", {"extra.tmp"});
    block->Var("extra.tmp");
  }
  framework::OpDesc* fetch = block->AppendOp();
  fetch->SetType("fetch");
  fetch->SetInput("X", {out});
  fetch->SetOutput("Out", {"fetch"});
  fetch->SetAttr("col", 0);
  return program;
}

namespace {
float WeightAt(int i, int j) { return 0.1f * static_cast<float>((i * 7 + j * 3) % 11) - 0.45f; }
float BiasAt(int j) { return 0.05f * static_cast<float>(j % 7) - 0.1f; }

phi::DenseTensor Filled(const phi::DDim& dims, float (*at)(int, int), int cols) {
  phi::DenseTensor t(phi::DataType::FLOAT32, dims);
  float* data = phi::CPUContext::Default().Alloc<float>(&t);
  for (int64_t k = 0; k < t.numel(); ++k)
    data[k] = at(static_cast<int>(k / cols), static_cast<int>(k % cols));
  return t;
}
}  // namespace

std::vector<phi::DenseTensor> Parameters(const ModelOptions& options) {
  int w = options.width;
  return {Filled({w}, [](int, int j) { return BiasAt(j); }, w),
          Filled({kInputWidth, w}, WeightAt, w)};
}

std::string ParamsBytes(const std::vector<phi::DenseTensor>& params) {
  std::vector<const phi::DenseTensor*> ptrs;
  for (const auto& p : params) ptrs.push_back(&p);
  return framework::SerializeTensors(ptrs);
}

ModelFiles WriteModel(const std::string& dir, const std::string& name,
                      const ModelOptions& options) {
  ModelFiles files;
  files.prefix = dir + "/" + name;
  files.prog_file = files.prefix + ".pdmodel";
  files.params_file = files.prefix + ".pdiparams";
  framework::WriteFileAtomic(files.prog_file, BuildProgram(options).Serialize());
  framework::WriteFileAtomic(files.params_file, ParamsBytes(Parameters(options)));
  return files;
}

std::vector<float> Reference(const std::vector<float>& x, int batch, const ModelOptions& options) {
  int w = options.width;
  std::vector<float> out(static_cast<size_t>(batch) * w);
  for (int r = 0; r < batch; ++r) {
    for (int j = 0; j < w; ++j) {
      float acc = 0;
      for (int i = 0; i < kInputWidth; ++i) acc += x[r * kInputWidth + i] * WeightAt(i, j);
      acc += BiasAt(j);
      out[r * w + j] = 2.0f * std::max(acc, 0.0f) + 0.5f;
    }
  }
  return out;
}

std::vector<float> Input(int batch, int seed) {
  std::vector<float> x(static_cast<size_t>(batch) * kInputWidth);
  for (size_t k = 0; k < x.size(); ++k)
    x[k] = static_cast<float>(static_cast<int>((k * 37 + seed * 11) % 23) - 11) / 8.0f;
  return x;
}

namespace {
// Removes the process's temporary directory at exit.
struct TempDirHolder {
  std::string path;
  TempDirHolder() {
    path = std::filesystem::temp_directory_path().string() + "/inference_tests." +
           std::to_string(::getpid());
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDirHolder() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};
}  // namespace

std::string TempDir() {
  static const TempDirHolder holder;
  return holder.path;
}

}  // namespace inference_test
}  // namespace paddle

// For api_example_test.cc, which sees only the public header: std types only.
namespace inference_example {
std::string WriteExampleModel() {
  static const std::string prefix =
      paddle::inference_test::WriteModel(paddle::inference_test::TempDir(), "example").prefix;
  return prefix;
}
std::vector<float> ExampleReference(const std::vector<float>& x, int batch) {
  return paddle::inference_test::Reference(x, batch);
}
}  // namespace inference_example
