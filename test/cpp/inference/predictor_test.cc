// The paddle_infer API on a small model built in C++: outputs against a hand computation,
// the ways a model can be named (files, directory, prefix, memory), Config and pass builder,
// clones sharing parameters across threads, and memory that stays bounded over thousands of
// runs with varying batch sizes.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "paddle/common/flags.h"
#include "paddle/framework/model_io.h"
#include "paddle/inference/paddle_inference_api.h"
#include "paddle/inference/pass_hook.h"
#include "paddle/phi/core/allocator.h"
#include "paddle/phi/kernels/funcs/packed_weights.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"
#include "test/cpp/inference/test_model_util.h"

namespace paddle {
namespace inference_test {
namespace {

using paddle_infer::Config;
using paddle_infer::CreatePredictor;
using paddle_infer::DataType;
using paddle_infer::PlaceType;
using paddle_infer::Predictor;

const ModelFiles& Model() {
  static const ModelFiles files = WriteModel(TempDir(), "mlp");
  return files;
}

// Feeds `batch` rows (seeded), runs, and returns the output.
std::vector<float> RunBatch(Predictor* predictor, int batch, int seed) {
  auto input = predictor->GetInputHandle("x");
  std::vector<float> x = Input(batch, seed);
  input->Reshape({batch, kInputWidth});
  input->CopyFromCpu(x.data());
  EXPECT_TRUE(predictor->Run()) << predictor->GetLastError();
  auto output = predictor->GetOutputHandle(predictor->GetOutputNames()[0]);
  std::vector<int> shape = output->shape();
  int64_t numel = 1;
  for (int d : shape) numel *= d;
  std::vector<float> out(static_cast<size_t>(numel));
  output->CopyToCpu(out.data());
  return out;
}

void ExpectNear(const std::vector<float>& actual, const std::vector<float>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], 1e-5f) << "element " << i;
}

TEST(InferencePredictor, OutputsMatchHandComputation) {
  Config config(Model().prog_file, Model().params_file);
  auto predictor = CreatePredictor(config);
  EXPECT_EQ(predictor->GetInputNames(), std::vector<std::string>{"x"});
  EXPECT_EQ(predictor->GetOutputNames(),
            std::vector<std::string>{"save_infer_model/scale_0.tmp_0"});
  EXPECT_EQ(predictor->GetInputTensorShape().at("x"), (std::vector<int64_t>{-1, kInputWidth}));
  EXPECT_EQ(predictor->GetInputTypes().at("x"), DataType::FLOAT32);
  EXPECT_EQ(predictor->GetOutputTypes().begin()->second, DataType::FLOAT32);
  EXPECT_EQ(predictor->GetOutputTensorShape().begin()->second, (std::vector<int64_t>{-1, 3}));

  auto input = predictor->GetInputHandle("x");
  EXPECT_EQ(input->name(), "x");
  EXPECT_EQ(input->type(), DataType::FLOAT32);
  EXPECT_EQ(input->place(), PlaceType::kCPU);
  std::vector<float> x = Input(5, 1);
  input->Reshape({5, kInputWidth});
  EXPECT_EQ(input->shape(), (std::vector<int>{5, kInputWidth}));
  input->CopyFromCpu(x.data());
  ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
  EXPECT_EQ(predictor->GetLastError(), "");

  auto output = predictor->GetOutputHandle(predictor->GetOutputNames()[0]);
  EXPECT_EQ(output->shape(), (std::vector<int>{5, 3}));
  std::vector<float> out(15);
  output->CopyToCpu(out.data());
  ExpectNear(out, Reference(x, 5));
  // data() gives the same values in place.
  PlaceType place = PlaceType::kUNK;
  int size = 0;
  const float* data = output->data<float>(&place, &size);
  EXPECT_EQ(place, PlaceType::kCPU);
  ASSERT_EQ(size, 15);
  EXPECT_EQ(std::vector<float>(data, data + size), out);

  // mutable_data fills an input in place; a new batch size reshapes the output.
  input->Reshape({2, kInputWidth});
  std::vector<float> x2 = Input(2, 7);
  float* in = input->mutable_data<float>(PlaceType::kCPU);
  std::copy(x2.begin(), x2.end(), in);
  ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
  // The handle taken before the run sees the new result.
  EXPECT_EQ(output->shape(), (std::vector<int>{2, 3}));
  std::vector<float> out2(6);
  output->CopyToCpu(out2.data());
  ExpectNear(out2, Reference(x2, 2));
}

TEST(InferencePredictor, ShareExternalDataReadsTheCallersBufferAndNeverWritesIt) {
  Config config(Model().prog_file, Model().params_file);
  auto predictor = CreatePredictor(config);
  auto input = predictor->GetInputHandle("x");
  auto output = predictor->GetOutputHandle(predictor->GetOutputNames()[0]);
  std::vector<float> x = Input(3, 2);
  const std::vector<float> x_before = x;
  input->ShareExternalData(x.data(), {3, kInputWidth}, PlaceType::kCPU);
  EXPECT_EQ(input->shape(), (std::vector<int>{3, kInputWidth}));
  ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
  std::vector<float> out(9);
  output->CopyToCpu(out.data());
  ExpectNear(out, Reference(x, 3));
  EXPECT_EQ(x, x_before);
  // Bound, not copied: the next run reads the buffer as it is then.
  std::vector<float> other = Input(3, 9);
  std::copy(other.begin(), other.end(), x.begin());
  ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
  output->CopyToCpu(out.data());
  ExpectNear(out, Reference(other, 3));
  // Setting the input again by copy takes storage of the input's own: the buffer is not written.
  const std::vector<float> bound = x;
  input->Reshape({3, kInputWidth});
  std::vector<float> y = Input(3, 4);
  input->CopyFromCpu(y.data());
  EXPECT_EQ(x, bound);
  ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
  output->CopyToCpu(out.data());
  ExpectNear(out, Reference(y, 3));
  input->ShareExternalData(x.data(), {3, kInputWidth}, PlaceType::kCPU);
  float* filled = input->mutable_data<float>(PlaceType::kCPU);
  EXPECT_NE(filled, x.data());
  EXPECT_EQ(x, bound);
  // Bad input: typed errors naming the input; the predictor stays usable.
  EXPECT_THROW(input->ShareExternalData(x.data(), {3, kInputWidth}, PlaceType::kGPU),
               std::exception);
  EXPECT_THROW(input->ShareExternalData(x.data(), {3, kInputWidth, 1}, PlaceType::kCPU),
               std::exception);
  EXPECT_THROW(input->ShareExternalData(x.data(), {3, kInputWidth + 1}, PlaceType::kCPU),
               std::exception);
  std::vector<double> wide(12);
  EXPECT_THROW(input->ShareExternalData(wide.data(), {3, kInputWidth}, PlaceType::kCPU),
               std::exception);
  EXPECT_THROW(output->ShareExternalData(x.data(), {3, 3}, PlaceType::kCPU), std::exception);
  try {
    input->ShareExternalData(static_cast<const float*>(nullptr), {3, kInputWidth}, PlaceType::kCPU);
    ADD_FAILURE() << "a null buffer was accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("input 'x'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("null pointer"), std::string::npos) << e.what();
  }
  input->ShareExternalData(x.data(), {3, kInputWidth}, PlaceType::kCPU);
  ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
  output->CopyToCpu(out.data());
  ExpectNear(out, Reference(x, 3));
  EXPECT_EQ(x, bound);
}

TEST(InferencePredictor, WideModelAndHandlesOutliveThePredictor) {
  ModelOptions wide;
  wide.width = 257;
  ModelFiles files = WriteModel(TempDir(), "wide", wide);
  std::unique_ptr<paddle_infer::Tensor> output;
  std::vector<float> x = Input(3, 2);
  {
    auto predictor = CreatePredictor(Config(files.prog_file, files.params_file));
    auto input = predictor->GetInputHandle("x");
    input->Reshape({3, kInputWidth});
    input->CopyFromCpu(x.data());
    ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
    output = predictor->GetOutputHandle(predictor->GetOutputNames()[0]);
  }
  std::vector<float> out(3 * 257);
  output->CopyToCpu(out.data());
  ExpectNear(out, Reference(x, 3, wide));
}

TEST(InferencePredictor, ModelDirectoryPrefixLegacyAndMemoryForms) {
  namespace fs = std::filesystem;
  std::vector<float> x = Input(4, 3);
  std::vector<float> expected = Reference(x, 4);
  std::string prog = framework::ReadFile(Model().prog_file);
  std::string params = framework::ReadFile(Model().params_file);

  std::string dir = TempDir() + "/dir_model";
  fs::create_directories(dir);
  framework::WriteFileAtomic(dir + "/inference.pdmodel", prog);
  framework::WriteFileAtomic(dir + "/inference.pdiparams", params);
  std::string legacy = TempDir() + "/legacy_model";
  fs::create_directories(legacy);
  framework::WriteFileAtomic(legacy + "/__model__", prog);
  framework::WriteFileAtomic(legacy + "/__params__", params);
  // Legacy: one file per parameter, named after it.
  std::string separate = TempDir() + "/separate_model";
  fs::create_directories(separate);
  framework::WriteFileAtomic(separate + "/__model__", prog);
  auto tensors = Parameters();
  framework::WriteFileAtomic(separate + "/fc_0.b_0", ParamsBytes({tensors[0]}));
  framework::WriteFileAtomic(separate + "/fc_0.w_0", ParamsBytes({tensors[1]}));

  std::vector<Config> configs;
  configs.emplace_back(dir);
  configs.emplace_back(legacy);
  configs.emplace_back(separate);
  configs.emplace_back(Model().prefix);  // prefix form
  Config setters;
  setters.SetProgFile(Model().prog_file);
  setters.SetParamsFile(Model().params_file);
  configs.push_back(setters);
  Config memory;
  memory.SetModelBuffer(prog.data(), prog.size(), params.data(), params.size());
  EXPECT_TRUE(memory.model_from_memory());
  configs.push_back(memory);
  for (size_t i = 0; i < configs.size(); ++i) {
    SCOPED_TRACE("config " + std::to_string(i));
    auto predictor = CreatePredictor(configs[i]);
    ExpectNear(RunBatch(predictor.get(), 4, 3), expected);
  }
}

TEST(InferenceConfig, SettingsPassBuilderAndSummary) {
  Config config;
  EXPECT_TRUE(config.ir_optim());
  EXPECT_FALSE(config.use_gpu());
  EXPECT_EQ(config.cpu_math_library_num_threads(), 1);
  const std::vector<std::string> cpu_passes = {
      "is_test_pass",
      "conv_bn_fuse_pass",
      "conv_elementwise_add_act_fuse_pass",
      "mbconv_fuse_pass",
      "conv_depthwise_fuse_pass",
      "scaled_conv_fuse_pass",
      "fc_fuse_pass",
      "multihead_attention_fuse_pass",
      "dead_code_elimination_pass",
      "constant_folding_pass",
      "mbconv_layout_pass",
      "conv_layout_pass",
  };
  EXPECT_EQ(config.pass_builder()->AllPasses(), cpu_passes);
  Config gpu_config;
  // fused_mbconv, fused_conv_depthwise, fused_scaled_conv2d and fused_multihead_attention have no
  // GPU kernels: their
  // passes (and the layout plans of fused_mbconv and fused_conv2d) go, and come back in place with
  // DisableGpu (but not one the user deleted).
  gpu_config.EnableUseGpu(100, 0);
  EXPECT_EQ(gpu_config.pass_builder()->AllPasses(),
            (std::vector<std::string>{"is_test_pass", "conv_bn_fuse_pass",
                                      "conv_elementwise_add_act_fuse_pass", "fc_fuse_pass",
                                      "dead_code_elimination_pass", "constant_folding_pass"}));
  gpu_config.DisableGpu();
  EXPECT_FALSE(gpu_config.use_gpu());
  EXPECT_EQ(gpu_config.pass_builder()->AllPasses(), cpu_passes);
  Config deleted;
  deleted.pass_builder()->DeletePass("mbconv_fuse_pass");
  deleted.pass_builder()->DeletePass("conv_elementwise_add_act_fuse_pass");
  deleted.EnableUseGpu(100, 0);
  deleted.DisableGpu();
  EXPECT_EQ(
      deleted.pass_builder()->AllPasses(),
      (std::vector<std::string>{
          "is_test_pass", "conv_bn_fuse_pass", "conv_depthwise_fuse_pass", "scaled_conv_fuse_pass",
          "fc_fuse_pass", "multihead_attention_fuse_pass", "dead_code_elimination_pass",
          "constant_folding_pass", "mbconv_layout_pass", "conv_layout_pass"}));
  config.SetModel(Model().prog_file, Model().params_file);
  EXPECT_EQ(config.prog_file(), Model().prog_file);
  EXPECT_EQ(config.params_file(), Model().params_file);
  config.SetCpuMathLibraryNumThreads(2);
  EXPECT_EQ(config.cpu_math_library_num_threads(), 2);
  config.SwitchIrOptim(false);
  EXPECT_FALSE(config.ir_optim());
  config.EnableMemoryOptim();
  EXPECT_TRUE(config.enable_memory_optim());
  config.EnableMKLDNN();
  EXPECT_TRUE(config.mkldnn_enabled());
  config.DisableMKLDNN();
  config.SwitchUseFeedFetchOps(false);
  config.SwitchSpecifyInputNames(true);
  config.DisableGlogInfo();
  EXPECT_TRUE(config.glog_info_disabled());
  config.EnableUseGpu(100, 1, paddle_infer::PrecisionType::kHalf);
  EXPECT_TRUE(config.use_gpu());
  EXPECT_EQ(config.gpu_device_id(), 1);
  config.DisableGpu();
  EXPECT_FALSE(config.use_gpu());

  paddle_infer::PaddlePassBuilder* passes = config.pass_builder();
  passes->DeletePass("conv_bn_fuse_pass");
  passes->InsertPass(0, "first_pass");
  passes->AppendPass("last_pass");
  EXPECT_EQ(passes->AllPasses().front(), "first_pass");
  EXPECT_EQ(passes->AllPasses().back(), "last_pass");
  EXPECT_FALSE(passes->HasPass("conv_bn_fuse_pass"));
  passes->TurnOnDebug();
  EXPECT_NE(passes->DebugString().find("fc_fuse_pass"), std::string::npos);

  std::string summary = config.Summary();
  EXPECT_NE(summary.find("| model_file"), std::string::npos) << summary;
  EXPECT_NE(summary.find(Model().prog_file), std::string::npos) << summary;
  EXPECT_NE(summary.find("cpu_math_thread"), std::string::npos) << summary;
  EXPECT_NE(summary.find("ir_optim"), std::string::npos) << summary;

  // A copy of the config is independent; the predictor honours the settings.
  Config copy = config;
  copy.pass_builder()->ClearPasses();
  EXPECT_FALSE(config.pass_builder()->AllPasses().empty());
  auto predictor = CreatePredictor(config);
  ExpectNear(RunBatch(predictor.get(), 3, 5), Reference(Input(3, 5), 3));

  paddle::AnalysisConfig legacy_name(Model().prog_file, Model().params_file);
  EXPECT_EQ(legacy_name.prog_file(), Model().prog_file);
  EXPECT_EQ(paddle_infer::GetNumBytesOfDataType(DataType::FLOAT32), 4);
  EXPECT_EQ(paddle_infer::GetNumBytesOfDataType(paddle::PaddleDType::INT64), 8);
  EXPECT_EQ(paddle_infer::GetNumBytesOfDataType(DataType::BOOL), 1);
  EXPECT_NE(paddle_infer::GetVersion().find("version"), std::string::npos);
}

TEST(InferencePasses, IrOptimOnAndOffGiveTheSameResults) {
  std::vector<float> x = Input(6, 4);
  Config off(Model().prog_file, Model().params_file);
  off.SwitchIrOptim(false);
  Config on(Model().prog_file, Model().params_file);
  on.SwitchIrOptim(true);
  on.pass_builder()->AppendPass("no_such_pass_in_this_build");  // skipped, not fatal
  auto a = RunBatch(CreatePredictor(off).get(), 6, 4);
  auto b = RunBatch(CreatePredictor(on).get(), 6, 4);
  EXPECT_EQ(a, b);
  ExpectNear(a, Reference(x, 6));
}

TEST(InferencePasses, RegisteredApplierSeesTheProgramAndPassList) {
  std::vector<std::string> seen;
  int ops = 0;
  inference::SetPassApplier(
      [&](framework::ProgramDesc* program, const std::vector<std::string>& passes) {
        seen = passes;
        ops = static_cast<int>(program->Block(0).OpSize());
      });
  Config config(Model().prog_file, Model().params_file);
  config.pass_builder()->ClearPasses();
  config.pass_builder()->AppendPass("my_pass");
  auto predictor = CreatePredictor(config);
  Config no_ir(Model().prog_file, Model().params_file);
  no_ir.SwitchIrOptim(false);
  seen.clear();
  CreatePredictor(no_ir);
  inference::SetPassApplier(nullptr);
  EXPECT_TRUE(seen.empty()) << "ir_optim off must not call the applier";
  config.SwitchIrOptim(true);
  inference::SetPassApplier([&](framework::ProgramDesc*, const std::vector<std::string>& p) {
    seen = p;
  });
  CreatePredictor(config);
  inference::SetPassApplier(nullptr);
  EXPECT_EQ(seen, std::vector<std::string>{"my_pass"});
  EXPECT_EQ(ops, 6);  // feed, mul, elementwise_add, relu, scale, fetch
  ExpectNear(RunBatch(predictor.get(), 2, 1), Reference(Input(2, 1), 2));
}

TEST(InferenceClone, SharesParametersAndRunsInFourThreads) {
  ModelOptions wide;
  wide.width = 4096;  // 64 KiB of weights: a copy would show in the allocator
  ModelFiles files = WriteModel(TempDir(), "clone", wide);
  auto main = CreatePredictor(Config(files.prog_file, files.params_file));
  const int64_t weight_bytes = int64_t{kInputWidth} * wide.width * 4;
  auto& stats = phi::GetCPUAllocator()->stats();
  std::vector<std::unique_ptr<Predictor>> clones;
  int64_t before = stats.current.load();
  for (int i = 0; i < 4; ++i) clones.push_back(main->Clone());
  EXPECT_LT(stats.current.load() - before, weight_bytes / 2)
      << "clones must share the loaded parameters, not copy them";

  // Single-threaded references, then every clone in its own thread with its own batches.
  const int kRuns = 40;
  std::vector<std::vector<float>> expected(kRuns);
  for (int r = 0; r < kRuns; ++r) expected[r] = RunBatch(main.get(), 1 + (r * 7) % 16, r);
  std::atomic<int> mismatches{0}, failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      Predictor* p = clones[t].get();
      for (int k = 0; k < kRuns; ++k) {
        int r = (k + t * 9) % kRuns;
        int batch = 1 + (r * 7) % 16;
        auto input = p->GetInputHandle("x");
        std::vector<float> x = Input(batch, r);
        input->Reshape({batch, kInputWidth});
        input->CopyFromCpu(x.data());
        if (!p->Run()) {
          ++failures;
          continue;
        }
        std::vector<float> out(static_cast<size_t>(batch) * wide.width);
        p->GetOutputHandle(p->GetOutputNames()[0])->CopyToCpu(out.data());
        if (out != expected[r]) ++mismatches;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(mismatches.load(), 0);
  ExpectNear(expected[3], Reference(Input(1 + 21 % 16, 3), 1 + 21 % 16, wide));

  // A pool hands out the main predictor and its clones.
  paddle_infer::services::PredictorPool pool(Config(files.prog_file, files.params_file), 3);
  EXPECT_EQ(pool.size(), 3u);
  std::vector<float> from_clone = RunBatch(pool.Retrive(2), 2, 0);
  EXPECT_EQ(from_clone, RunBatch(pool.Retrive(0), 2, 0));
  ExpectNear(from_clone, Reference(Input(2, 0), 2, wide));
}

// The loaded parameters are frozen: a layer's weights are packed for the GEMM on the first
// product that packs them (not for products of a few rows, which read them straight), once
// for the predictor and its clones, and freed with the model.
TEST(InferencePredictor, WeightsArePackedOnceSharedByClonesAndFreedWithTheModel) {
  if (!phi::funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  ModelOptions wide;
  wide.width = 100;
  ModelFiles files = WriteModel(TempDir(), "packed", wide);
  const int64_t before = phi::funcs::PackedWeightsBytes();
  {
    auto main = CreatePredictor(Config(files.prog_file, files.params_file));
    auto clone = main->Clone();
    RunBatch(main.get(), 2, 0);
    EXPECT_EQ(phi::funcs::PackedWeightsBytes(), before);
    const std::vector<float> out = RunBatch(main.get(), 8, 1);
    const int64_t packed = phi::funcs::PackedWeightsBytes() - before;
    EXPECT_GE(packed, int64_t{kInputWidth} * wide.width * 4);
    EXPECT_EQ(RunBatch(clone.get(), 8, 1), out);
    RunBatch(main.get(), 9, 2);
    EXPECT_EQ(phi::funcs::PackedWeightsBytes() - before, packed);
    ExpectNear(out, Reference(Input(8, 1), 8, wide));
  }
  EXPECT_EQ(phi::funcs::PackedWeightsBytes(), before);
}

TEST(InferenceMemory, BoundedOverThousandsOfRunsWithVaryingBatches) {
  auto predictor = CreatePredictor(Config(Model().prog_file, Model().params_file));
  auto input = predictor->GetInputHandle("x");
  auto output = predictor->GetOutputHandle(predictor->GetOutputNames()[0]);
  auto& stats = phi::GetCPUAllocator()->stats();
  std::vector<float> x = Input(64, 0), out(64 * 3);
  auto footprint = [&] {  // in use plus cached for reuse
    return stats.current.load() + static_cast<int64_t>(phi::GetCPUAllocator()->cached_bytes());
  };
  int64_t after_first_cycle = 0, max_after = 0, footprint_first = 0, max_footprint = 0;
  for (int run = 0; run < 2000; ++run) {
    int batch = 1 + run % 64;
    input->Reshape({batch, kInputWidth});
    input->CopyFromCpu(x.data());
    ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
    output->CopyToCpu(out.data());
    if (run == 63) after_first_cycle = stats.current.load(), footprint_first = footprint();
    if (run > 63) {
      max_after = std::max(max_after, stats.current.load());
      max_footprint = std::max(max_footprint, footprint());
    }
  }
  if (std::getenv("SHOW_MESSAGES"))
    std::cerr << "in use " << after_first_cycle << " -> max " << max_after << "; footprint "
              << footprint_first << " -> max " << max_footprint << "\n";
  EXPECT_GT(after_first_cycle, 0);
  EXPECT_LE(max_after, after_first_cycle)
      << "allocator memory grew after the first cycle of batch sizes";
  EXPECT_LE(max_footprint, footprint_first) << "the allocator's cache grew";

  // After a batch-64 run, a batch-1 run leaves oversized buffers that shrinking gives back.
  input->Reshape({64, kInputWidth});
  input->CopyFromCpu(x.data());
  ASSERT_TRUE(predictor->Run());
  input->Reshape({1, kInputWidth});
  input->CopyFromCpu(x.data());
  ASSERT_TRUE(predictor->Run());
  int64_t before_shrink = stats.current.load();
  uint64_t released = predictor->TryShrinkMemory();
  EXPECT_GT(released, 0u);
  EXPECT_EQ(before_shrink - stats.current.load(), static_cast<int64_t>(released));
  // Outputs stay readable; inputs stay set; runs go on.
  std::vector<float> one(3);
  output->CopyToCpu(one.data());
  ExpectNear(one, Reference(x, 1));
  ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
  predictor->ClearIntermediateTensor();
  output->CopyToCpu(one.data());
  ExpectNear(one, Reference(x, 1));
  EXPECT_EQ(predictor->TryShrinkMemory(), 0u);  // nothing left to give back
}

TEST(InferenceConfig, EnableProfilePrintsEachOpsCallsAtDestruction) {
  Config config(Model().prog_file, Model().params_file);
  EXPECT_FALSE(config.profile_enabled());
  config.EnableProfile();
  EXPECT_TRUE(config.profile_enabled());
  EXPECT_NE(config.Summary().find("profile"), std::string::npos);
  std::vector<float> x = Input(2, 1);
  testing::internal::CaptureStdout();
  {
    auto predictor = CreatePredictor(config);
    for (int i = 0; i < 3; ++i) {
      auto input = predictor->GetInputHandle("x");
      input->Reshape({2, kInputWidth});
      input->CopyFromCpu(x.data());
      ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
    }
  }
  std::string table = testing::internal::GetCapturedStdout();
  ASSERT_NE(table.find("Operator (time in ms)"), std::string::npos) << table;
  // Every op row says 3 calls: one per Run.
  std::istringstream lines(table);
  std::string line;
  int rows = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("Profile of", 0) == 0 || line.rfind("Operator (time", 0) == 0) continue;
    std::istringstream fields(line);
    std::string name;
    long long calls = 0;
    fields >> name >> calls;
    EXPECT_EQ(calls, 3) << line;
    ++rows;
  }
  EXPECT_GT(rows, 0);
  // Recording stopped with the predictor that started it.
  Config plain(Model().prog_file, Model().params_file);
  testing::internal::CaptureStdout();
  { auto predictor = CreatePredictor(plain); }
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
}

TEST(InferencePredictor, MemoryPlanBeforeAndAfterARun) {
  Config config(Model().prog_file, Model().params_file);
  auto predictor = CreatePredictor(config);
  paddle_infer::MemoryPlan before = predictor->GetMemoryPlan(8);
  EXPECT_GT(before.parameter_bytes, 0);
  EXPECT_GT(before.lower_bound_bytes, 0);
  EXPECT_LE(before.lower_bound_bytes, before.planned_bytes);
  EXPECT_EQ(before.last_peak_bytes, 0);
  // Activations scale with the batch.
  EXPECT_GT(predictor->GetMemoryPlan(16).lower_bound_bytes, before.lower_bound_bytes);
  std::vector<float> x = Input(8, 1);
  auto input = predictor->GetInputHandle("x");
  input->Reshape({8, kInputWidth});
  input->CopyFromCpu(x.data());
  ASSERT_TRUE(predictor->Run()) << predictor->GetLastError();
  EXPECT_GT(predictor->GetMemoryPlan(8).last_peak_bytes, 0);
  EXPECT_THROW(predictor->GetMemoryPlan(0), std::exception);
}

TEST(InferenceConfig, EnableProfilerFlagProfilesEveryPredictor) {
  common::SetFlag("enable_profiler", "true");
  const std::string trace =
      (std::filesystem::temp_directory_path() / "predictor_profile_trace.json").string();
  std::remove(trace.c_str());
  common::SetFlag("profiler_trace_path", trace);
  Config config(Model().prog_file, Model().params_file);
  std::vector<float> x = Input(2, 1);
  testing::internal::CaptureStdout();
  {
    auto predictor = CreatePredictor(config);
    auto input = predictor->GetInputHandle("x");
    input->Reshape({2, kInputWidth});
    input->CopyFromCpu(x.data());
    EXPECT_TRUE(predictor->Run()) << predictor->GetLastError();
  }
  common::SetFlag("enable_profiler", "false");
  common::SetFlag("profiler_trace_path", "");
  EXPECT_NE(testing::internal::GetCapturedStdout().find("Operator (time in ms)"),
            std::string::npos);
  std::ifstream in(trace);
  std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(json.rfind("{\"traceEvents\":[", 0), 0u) << json.substr(0, 80);
  EXPECT_NE(json.find("\"name\":\"Predictor.run\""), std::string::npos);
  EXPECT_NE(json.find("\"Input Dims\":\"X=[2, "), std::string::npos);
  EXPECT_EQ(json.back(), '}');
}

}  // namespace
}  // namespace inference_test
}  // namespace paddle
