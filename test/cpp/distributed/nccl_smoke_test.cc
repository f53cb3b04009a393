// NCCL smoke test at world size 1 (built WITH_NCCL): all_reduce, broadcast and all_gather of a
// device buffer through ProcessGroupNCCL. Skipped where no CUDA device is visible.
#ifdef PADDLE_WITH_NCCL
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <vector>

#include "paddle/distributed/process_group_nccl.h"
#include "paddle/phi/core/allocator.h"

namespace paddle {
namespace distributed {
namespace {

// A float32 GPU tensor over cudaMalloc'd memory (not owned by an allocator).
struct DeviceTensor {
  explicit DeviceTensor(const std::vector<float>& host)
      : tensor(phi::DataType::FLOAT32, phi::DDim({static_cast<int64_t>(host.size())})) {
    cudaMalloc(&ptr, host.size() * sizeof(float));
    cudaMemcpy(ptr, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice);
    tensor.ResetHolder(std::make_shared<phi::Allocation>(ptr, host.size() * sizeof(float),
                                                         phi::GPUPlace(0), nullptr));
  }
  ~DeviceTensor() { cudaFree(ptr); }
  std::vector<float> Host() const {
    std::vector<float> out(tensor.numel());
    cudaMemcpy(out.data(), ptr, out.size() * sizeof(float), cudaMemcpyDeviceToHost);
    return out;
  }
  void* ptr = nullptr;
  phi::DenseTensor tensor;
};

TEST(ProcessGroupNCCL, WorldOfOneOnDevice0) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    GTEST_SKIP() << "no CUDA device visible: the NCCL smoke test needs one";
  }
  auto store = std::make_shared<TCPStore>("127.0.0.1", 0, true, 0, std::chrono::seconds(30));
  ProcessGroupNCCL pg(store, 0, 1, "nccl_smoke", 0, std::chrono::seconds(30));
  DeviceTensor x({1, 2, 3});
  pg.AllReduce(&x.tensor, phi::distributed::ReduceOp::kSum);
  EXPECT_EQ(x.Host(), std::vector<float>({1, 2, 3}));
  pg.Broadcast(&x.tensor, 0);
  DeviceTensor gathered({0, 0, 0});
  pg.AllGather(x.tensor, &gathered.tensor);
  EXPECT_EQ(gathered.Host(), std::vector<float>({1, 2, 3}));
  pg.Barrier();
  phi::DenseTensor host(phi::DataType::FLOAT32, phi::DDim({1}));
  host.mutable_data<float>(phi::GetCPUAllocator());
  EXPECT_THROW(pg.AllReduce(&host, phi::distributed::ReduceOp::kSum), common::InvalidArgumentError);
}

}  // namespace
}  // namespace distributed
}  // namespace paddle
#endif  // PADDLE_WITH_NCCL
