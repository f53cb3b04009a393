// The inference API on malformed models and misuse: every case ends in a clean exception (or
// Run() == false) whose message names the file or the handle and the problem, and a predictor
// that saw a failed call keeps working.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <cstdlib>
#include <functional>
#include <iostream>

#include "paddle/framework/model_io.h"
#include "paddle/framework/tensor_io.h"
#include "paddle/inference/paddle_inference_api.h"
#include "paddle/phi/core/device_runtime.h"
#include "paddle/phi/core/device_context.h"
#include "test/cpp/inference/test_model_util.h"

namespace paddle {
namespace inference_test {
namespace {

using paddle_infer::Config;
using paddle_infer::CreatePredictor;

std::string MessageOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "<no exception>";
}

std::string Dir() {
  static const std::string dir = [] {
    std::string d = TempDir() + "/malformed";
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

const ModelFiles& Good() {
  static const ModelFiles files = WriteModel(Dir(), "good");
  return files;
}

std::string Write(const std::string& name, const std::string& bytes) {
  std::string path = Dir() + "/" + name;
  framework::WriteFileAtomic(path, bytes);
  return path;
}

// Loading with `config` must throw a message holding every one of `parts`.
void ExpectLoadError(const Config& config, const std::vector<std::string>& parts) {
  std::string message = MessageOf([&] { CreatePredictor(config); });
  ASSERT_NE(message, "<no exception>") << "loading succeeded";
  if (std::getenv("SHOW_MESSAGES")) std::cerr << "MESSAGE: " << message << "\n";
  for (const auto& part : parts)
    EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' missing from: " << message;
}

std::string GoodProgram() { return framework::ReadFile(Good().prog_file); }
std::string GoodParams() { return framework::ReadFile(Good().params_file); }

// A parameter file where `spoil` changed the tensors before writing.
std::string SpoiledParams(const std::string& name,
                          const std::function<void(std::vector<phi::DenseTensor>*)>& spoil) {
  auto params = Parameters();
  spoil(&params);
  return Write(name, ParamsBytes(params));
}

TEST(InferenceMalformed, MissingModelFile) {
  ExpectLoadError(Config(Dir() + "/nope.pdmodel", Good().params_file),
                  {"nope.pdmodel", "but it does not"});
}

TEST(InferenceMalformed, MissingParamsFile) {
  ExpectLoadError(Config(Good().prog_file, Dir() + "/nope.pdiparams"),
                  {"nope.pdiparams", "but it does not", "2 parameters"});
}

TEST(InferenceMalformed, NoParamsFileForAModelWithParameters) {
  Config config;
  config.SetProgFile(Good().prog_file);
  ExpectLoadError(config, {Good().prog_file, "params file", "fc_0.b_0"});
}

TEST(InferenceMalformed, EmptyModelFile) {
  ExpectLoadError(Config(Write("empty.pdmodel", ""), Good().params_file),
                  {"empty.pdmodel", "empty"});
}

TEST(InferenceMalformed, CorruptProtobufBytes) {
  std::string bytes = GoodProgram();
  std::string path = Write("cut.pdmodel", bytes.substr(0, bytes.size() / 2));
  ExpectLoadError(Config(path, Good().params_file), {"cut.pdmodel", "ProgramDesc"});
}

TEST(InferenceMalformed, RandomBytes) {
  std::string noise(4096, '\0');
  uint32_t state = 12345;
  for (char& c : noise) {
    state = state * 1664525u + 1013904223u;
    c = static_cast<char>(state >> 24);
  }
  ExpectLoadError(Config(Write("noise.pdmodel", noise), Good().params_file), {"noise.pdmodel"});
}

TEST(InferenceMalformed, ModelPathIsADirectory) {
  ExpectLoadError(Config(Dir(), Good().params_file), {Dir(), "regular file"});
}

TEST(InferenceMalformed, TruncatedParams) {
  std::string bytes = GoodParams();
  std::string path = Write("truncated.pdiparams", bytes.substr(0, bytes.size() - 5));
  ExpectLoadError(Config(Good().prog_file, path), {"truncated.pdiparams", "fc_0.w_0", "truncated"});
}

TEST(InferenceMalformed, ParamsWithExtraBytes) {
  std::string path = Write("long.pdiparams", GoodParams() + std::string(7, 'x'));
  ExpectLoadError(Config(Good().prog_file, path), {"long.pdiparams", "7 bytes remain"});
}

TEST(InferenceMalformed, ParamsDtypeDisagreesWithProgram) {
  std::string path = SpoiledParams("dtype.pdiparams", [](std::vector<phi::DenseTensor>* p) {
    phi::DenseTensor t(phi::DataType::FLOAT64, (*p)[1].dims());
    double* d = phi::CPUContext::Default().Alloc<double>(&t);
    for (int64_t i = 0; i < t.numel(); ++i) d[i] = 1.0;
    (*p)[1] = t;
  });
  ExpectLoadError(Config(Good().prog_file, path), {"dtype.pdiparams", "fc_0.w_0", "dtype"});
}

TEST(InferenceMalformed, ParamsShapeDisagreesWithProgram) {
  std::string path = SpoiledParams("shape.pdiparams", [](std::vector<phi::DenseTensor>* p) {
    phi::DenseTensor t(phi::DataType::FLOAT32, {3, 4});  // transposed
    float* d = phi::CPUContext::Default().Alloc<float>(&t);
    for (int64_t i = 0; i < t.numel(); ++i) d[i] = 1.0f;
    (*p)[1] = t;
  });
  ExpectLoadError(Config(Good().prog_file, path), {"shape.pdiparams", "fc_0.w_0", "shape"});
}

TEST(InferenceMalformed, ParamsWithABadTensorVersion) {
  std::string bytes = GoodParams();
  bytes[0] = 7;  // the first record's uint32 version
  std::string path = Write("version.pdiparams", bytes);
  ExpectLoadError(Config(Good().prog_file, path), {"version.pdiparams", "version", "fc_0.b_0"});
}

TEST(InferenceMalformed, TensorDescMissingItsDataTypeSaysSoAndProtobufStaysQuiet) {
  std::string bytes = GoodParams();
  // Record: u32 version, u64 LoD levels (0), u32 tensor version, i32 desc size, then the
  // TensorDesc; its first field (tag 0x08, data_type, required) becomes dims (tag 0x10).
  ASSERT_EQ(static_cast<unsigned char>(bytes[20]), 0x08);
  bytes[20] = 0x10;
  std::string path = Write("nodtype.pdiparams", bytes);
  testing::internal::CaptureStderr();
  ExpectLoadError(Config(Good().prog_file, path), {"nodtype.pdiparams", "required fields are missing"});
  std::string printed = testing::internal::GetCapturedStderr();
  EXPECT_EQ(printed.find("Can't parse"), std::string::npos) << "protobuf logged: " << printed;
}

TEST(InferenceMalformed, UnknownOpType) {
  ModelOptions options;
  options.extra_op_type = "frobnicate_v9";
  ModelFiles files = WriteModel(Dir(), "unknown_op", options);
  ExpectLoadError(Config(files.prog_file, files.params_file),
                  {"unknown_op.pdmodel", "frobnicate_v9", "not registered"});
}

TEST(InferenceMalformed, ProgramMissingARequiredInputSlot) {
  ModelOptions options;
  options.drop_mul_y = true;
  ModelFiles files = WriteModel(Dir(), "no_slot", options);
  ExpectLoadError(Config(files.prog_file, files.params_file), {"no_slot.pdmodel", "mul", "Y"});
}

TEST(InferenceMalformed, PirJsonProgram) {
  std::string path = Write("model.json", "{}");
  ExpectLoadError(Config(path, Good().params_file), {"model.json", "PIR"});
}

TEST(InferenceMalformed, DirectoryWithoutAModel) {
  std::string dir = Dir() + "/empty_dir";
  std::filesystem::create_directories(dir);
  ExpectLoadError(Config(dir), {"empty_dir", "inference.pdmodel", "__model__"});
  ExpectLoadError(Config(Dir() + "/no_such_prefix"), {"no_such_prefix", "none exists"});
  ExpectLoadError(Config(), {"SetModel"});
}

TEST(InferenceMalformed, GpuRequestedWhereThereIsNone) {
  // A CPU-only build says it has no GPU backend; a CUDA build without that device says how
  // many GPUs it sees. Either way the message names the call and the way out.
  Config config(Good().prog_file, Good().params_file);
  const int count = phi::GpuDeviceCount();
  config.EnableUseGpu(100, count);  // one past the last device
  if (phi::CompiledWithCuda()) {
    ExpectLoadError(config, {"EnableUseGpu", "one of the " + std::to_string(count) + " GPUs",
                             "got device " + std::to_string(count), "DisableGpu"});
  } else {
    ExpectLoadError(config, {"EnableUseGpu", "no GPU backend", "DisableGpu"});
  }
}

TEST(InferenceMalformed, GarbageModelBuffer) {
  const char garbage[] = "\xff\xfe\x01garbage that is not a program";
  std::string params = GoodParams();
  Config config;
  config.SetModelBuffer(garbage, sizeof(garbage) - 1, params.data(), params.size());
  ExpectLoadError(config, {"<model buffer>"});
}

TEST(InferenceMalformed, ZeroLengthParamsBufferForAModelWithParameters) {
  std::string prog = GoodProgram();
  Config config;
  config.SetModelBuffer(prog.data(), prog.size(), nullptr, 0);
  ExpectLoadError(config, {"<params buffer>", "holds only 0", "fc_0.b_0"});
}

// Misuse of a working predictor.
class InferenceMisuse : public ::testing::Test {
 protected:
  void SetUp() override {
    predictor_ = CreatePredictor(Config(Good().prog_file, Good().params_file));
  }
  std::string OutputName() { return predictor_->GetOutputNames()[0]; }
  std::shared_ptr<paddle_infer::Predictor> predictor_;
};

TEST_F(InferenceMisuse, FeedOfTheWrongRankOrShape) {
  auto input = predictor_->GetInputHandle("x");
  std::string message = MessageOf([&] { input->Reshape({2, 2, 2}); });
  EXPECT_NE(message.find("rank 2"), std::string::npos) << message;
  EXPECT_NE(message.find("input 'x'"), std::string::npos) << message;
  EXPECT_NE(message.find("good.pdmodel"), std::string::npos) << message;
  message = MessageOf([&] { input->Reshape({2, 5}); });
  EXPECT_NE(message.find("dimension 1 differs"), std::string::npos) << message;
  message = MessageOf([&] { input->Reshape({-2, 4}); });
  EXPECT_NE(message.find("non-negative"), std::string::npos) << message;
}

TEST_F(InferenceMisuse, InputAndOutputNamesThatDoNotExist) {
  std::string message = MessageOf([&] { predictor_->GetInputHandle("image"); });
  EXPECT_NE(message.find("'image'"), std::string::npos) << message;
  EXPECT_NE(message.find("'x'"), std::string::npos) << message;  // lists the real ones
  message = MessageOf([&] { predictor_->GetOutputHandle("logits"); });
  EXPECT_NE(message.find("'logits'"), std::string::npos) << message;
  EXPECT_NE(message.find("save_infer_model/scale_0.tmp_0"), std::string::npos) << message;
}

TEST_F(InferenceMisuse, CopyToCpuBeforeRun) {
  auto output = predictor_->GetOutputHandle(OutputName());
  std::vector<float> out(12);
  std::string message = MessageOf([&] { output->CopyToCpu(out.data()); });
  EXPECT_NE(message.find("Run()"), std::string::npos) << message;
  EXPECT_NE(message.find(OutputName()), std::string::npos) << message;
  EXPECT_TRUE(output->shape().empty());
  message = MessageOf([&] { output->Reshape({1, 3}); });
  EXPECT_NE(message.find("is an output"), std::string::npos) << message;
}

TEST_F(InferenceMisuse, RunWithAnInputNeverSetThenRecovers) {
  EXPECT_FALSE(predictor_->Run());
  std::string error = predictor_->GetLastError();
  EXPECT_NE(error.find("input 'x'"), std::string::npos) << error;
  EXPECT_NE(error.find("good.pdmodel"), std::string::npos) << error;
  // Reshape alone is not enough: the data must be written.
  auto input = predictor_->GetInputHandle("x");
  input->Reshape({1, 4});
  EXPECT_FALSE(predictor_->Run());
  std::vector<float> x = Input(1, 0);
  input->CopyFromCpu(x.data());
  ASSERT_TRUE(predictor_->Run()) << predictor_->GetLastError();
  EXPECT_EQ(predictor_->GetLastError(), "");
}

TEST(InferenceRunFailure, AFailingOpMakesRunReturnFalseAndThePredictorRecovers) {
  ModelOptions options;
  options.reshape_to = 5;  // [batch, 3] -> [-1, 5]: only batches that are multiples of 5 fit
  ModelFiles files = WriteModel(Dir(), "reshape", options);
  auto predictor = CreatePredictor(Config(files.prog_file, files.params_file));
  auto input = predictor->GetInputHandle("x");
  auto output = predictor->GetOutputHandle("reshaped");
  std::vector<float> x = Input(5, 0), out(15);
  input->Reshape({2, 4});
  input->CopyFromCpu(x.data());
  EXPECT_FALSE(predictor->Run());
  std::string error = predictor->GetLastError();
  EXPECT_NE(error.find("reshape.pdmodel"), std::string::npos) << error;
  EXPECT_NE(error.find("reshape2"), std::string::npos) << error;
  std::string message = MessageOf([&] { output->CopyToCpu(out.data()); });
  EXPECT_NE(message.find("GetLastError"), std::string::npos) << message;
  input->Reshape({5, 4});
  input->CopyFromCpu(x.data());
  ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
  EXPECT_EQ(output->shape(), (std::vector<int>{3, 5}));
  output->CopyToCpu(out.data());
  std::vector<float> expected = Reference(x, 5);
  for (size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], expected[i], 1e-5f);
}

TEST_F(InferenceMisuse, WrongElementTypesAndOrder) {
  auto input = predictor_->GetInputHandle("x");
  std::vector<int64_t> ints(8, 1);
  std::string message = MessageOf([&] { input->CopyFromCpu(ints.data()); });
  EXPECT_NE(message.find("element type"), std::string::npos) << message;
  EXPECT_NE(message.find("float32"), std::string::npos) << message;
  std::vector<float> x = Input(2, 0);
  message = MessageOf([&] { input->CopyFromCpu(x.data()); });  // before Reshape
  EXPECT_NE(message.find("Reshape()"), std::string::npos) << message;
  message = MessageOf([&] { input->mutable_data<float>(paddle_infer::PlaceType::kGPU); });
  EXPECT_NE(message.find("CPU only"), std::string::npos) << message;
  input->Reshape({2, 4});
  message = MessageOf([&] { input->CopyFromCpu(static_cast<const float*>(nullptr)); });
  EXPECT_NE(message.find("null pointer"), std::string::npos) << message;
  input->CopyFromCpu(x.data());
  ASSERT_TRUE(predictor_->Run()) << predictor_->GetLastError();
  auto output = predictor_->GetOutputHandle(OutputName());
  std::vector<double> wrong(6);
  message = MessageOf([&] { output->CopyToCpu(wrong.data()); });
  EXPECT_NE(message.find("element type"), std::string::npos) << message;
  message = MessageOf([&] { output->data<int32_t>(nullptr, nullptr); });
  EXPECT_NE(message.find("element type"), std::string::npos) << message;
}

TEST_F(InferenceMisuse, PoolIndexOutOfRangeAndBadFlag) {
  paddle_infer::services::PredictorPool pool(Config(Good().prog_file, Good().params_file), 2);
  std::string message = MessageOf([&] { pool.Retrive(2); });
  EXPECT_NE(message.find("[0, 2)"), std::string::npos) << message;
  message = MessageOf([&] { paddle_infer::UpdateDllFlag("FLAGS_no_such_flag_xyz", "1"); });
  EXPECT_NE(message.find("no_such_flag_xyz"), std::string::npos) << message;
}

}  // namespace
}  // namespace inference_test
}  // namespace paddle
