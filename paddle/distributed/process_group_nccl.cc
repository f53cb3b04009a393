#include "paddle/distributed/process_group_nccl.h"

#include <cuda_runtime.h>
#include <nccl.h>

#include <cstring>
#include <thread>
#include <vector>

#include "paddle/common/errors.h"

namespace paddle {
namespace distributed {

using phi::DataType;
using phi::DenseTensor;
using phi::distributed::ReduceOp;
using Clock = std::chrono::steady_clock;

namespace {

ncclDataType_t NcclType(DataType dtype, const char* what) {
  switch (dtype) {
    case DataType::FLOAT32: return ncclFloat32;
    case DataType::FLOAT64: return ncclFloat64;
    case DataType::INT32: return ncclInt32;
    case DataType::INT64: return ncclInt64;
    case DataType::FLOAT16: return ncclFloat16;
    case DataType::BOOL:
    case DataType::UINT8: return ncclUint8;
    case DataType::INT8: return ncclInt8;
    default:
      PD_CHECK(false, Unimplemented, "expected a tensor NCCL can carry for ", what, ", but got ",
               dtype);
  }
  return ncclFloat32;
}

ncclRedOp_t NcclOp(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum: return ncclSum;
    case ReduceOp::kMax: return ncclMax;
    case ReduceOp::kMin: return ncclMin;
    case ReduceOp::kProd: return ncclProd;
  }
  return ncclSum;
}

void CheckCuda(cudaError_t e, const char* what) {
  PD_CHECK(e == cudaSuccess, Unavailable, "expected CUDA to ", what, ", but got ",
           cudaGetErrorString(e));
}

}  // namespace

struct ProcessGroupNCCL::Impl {
  std::string name;
  int device = 0;
  std::chrono::milliseconds timeout;
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;
  int rank = 0, size = 1;

  void CheckGpu(const DenseTensor& t, const char* what) const {
    PD_CHECK(t.place().is_gpu(), InvalidArgument, "expected ", what, " on process group '", name,
             "' (nccl) to get a GPU tensor, but got one on ", t.place().DebugString());
  }

  // Waits for the communicator (after a call in non-blocking mode) or the stream, polling
  // NCCL's asynchronous error until the deadline; aborts the communicator on timeout.
  void Wait(const char* what, bool stream_too) {
    const auto deadline = Clock::now() + timeout;
    while (true) {
      ncclResult_t state = ncclSuccess;
      ncclCommGetAsyncError(comm, &state);
      if (state != ncclSuccess && state != ncclInProgress) {
        PD_CHECK(false, Unavailable, "expected every rank of process group '", name,
                 "' to take part in ", what, ", but rank ", rank, " of ", size, " got NCCL error: ",
                 ncclGetErrorString(state), " (", ncclGetLastError(comm), ")");
      }
      bool done = state == ncclSuccess;
      if (done && stream_too) {
        cudaError_t q = cudaStreamQuery(stream);
        if (q != cudaErrorNotReady) CheckCuda(q, "finish the collective's stream");
        done = q == cudaSuccess;
      }
      if (done) return;
      if (Clock::now() >= deadline) {
        ncclCommAbort(comm);
        comm = nullptr;
        PD_CHECK(false, ExecutionTimeout, "expected every rank of process group '", name,
                 "' to take part in ", what, " within ", timeout.count() / 1000.0, " s, but rank ",
                 rank, " of ", size, " is still waiting (a rank is gone or stuck)");
      }
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  }

  void Check(ncclResult_t r, const char* what) {
    PD_CHECK(comm != nullptr, Unavailable, "expected process group '", name,
             "' to be usable for ", what, ", but an earlier collective was aborted");
    PD_CHECK(r == ncclSuccess || r == ncclInProgress, Unavailable, "expected NCCL to run ", what,
             " on process group '", name, "', but got ", ncclGetErrorString(r), " (",
             ncclGetLastError(comm), ")");
    Wait(what, true);
  }
};

ProcessGroupNCCL::ProcessGroupNCCL(std::shared_ptr<TCPStore> store, int rank, int size,
                                   const std::string& name, int device,
                                   std::chrono::milliseconds timeout)
    : phi::distributed::ProcessGroup(rank, size), impl_(new Impl) {
  PD_CHECK(store != nullptr && size >= 1 && rank >= 0 && rank < size, InvalidArgument,
           "expected a store and a rank in [0, ", size, ") for process group '", name,
           "', but got rank ", rank);
  impl_->name = name;
  impl_->device = device;
  impl_->timeout = timeout;
  impl_->rank = rank;
  impl_->size = size;
  CheckCuda(cudaSetDevice(device), "select the group's device");
  CheckCuda(cudaStreamCreateWithFlags(&impl_->stream, cudaStreamNonBlocking),
            "create the group's stream");
  ncclUniqueId id;
  const std::string key = name + "/nccl_unique_id";
  if (rank == 0) {
    PD_CHECK(ncclGetUniqueId(&id) == ncclSuccess, Unavailable,
             "expected NCCL to make a unique id for process group '", name, "', but it failed");
    store->set(key, std::vector<char>(id.internal, id.internal + sizeof(id.internal)));
  } else {
    std::vector<char> bytes = store->get(key);
    PD_CHECK(bytes.size() == sizeof(id.internal), Internal, "expected an NCCL unique id of ",
             sizeof(id.internal), " bytes, but got ", bytes.size());
    std::memcpy(id.internal, bytes.data(), bytes.size());
  }
  ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
  config.blocking = 0;  // returns at once; Wait polls with the deadline
  ncclResult_t r = ncclCommInitRankConfig(&impl_->comm, size, id, rank, &config);
  PD_CHECK(r == ncclSuccess || r == ncclInProgress, Unavailable,
           "expected NCCL to create the communicator of process group '", name, "', but got ",
           ncclGetErrorString(r));
  impl_->Wait("communicator initialisation", false);
}

ProcessGroupNCCL::~ProcessGroupNCCL() {
  if (impl_->comm != nullptr) ncclCommDestroy(impl_->comm);
  if (impl_->stream != nullptr) cudaStreamDestroy(impl_->stream);
}

void ProcessGroupNCCL::AllReduce(DenseTensor* tensor, ReduceOp op) {
  impl_->CheckGpu(*tensor, "all_reduce");
  impl_->Check(ncclAllReduce(tensor->raw_data(), tensor->raw_data(), tensor->numel(),
                             NcclType(tensor->dtype(), "all_reduce"), NcclOp(op), impl_->comm,
                             impl_->stream),
               "all_reduce");
}

void ProcessGroupNCCL::Broadcast(DenseTensor* tensor, int root) {
  impl_->CheckGpu(*tensor, "broadcast");
  PD_CHECK(root >= 0 && root < size(), InvalidArgument, "expected a broadcast root in [0, ",
           size(), "), but got ", root);
  impl_->Check(ncclBroadcast(tensor->raw_data(), tensor->raw_data(), tensor->numel(),
                             NcclType(tensor->dtype(), "broadcast"), root, impl_->comm,
                             impl_->stream),
               "broadcast");
}

void ProcessGroupNCCL::AllGather(const DenseTensor& in, DenseTensor* out) {
  impl_->CheckGpu(in, "all_gather");
  impl_->CheckGpu(*out, "all_gather");
  PD_CHECK(out->numel() == in.numel() * size() && out->dtype() == in.dtype(), InvalidArgument,
           "expected all_gather's output to hold ", size(), " times the input's ", in.numel(),
           " elements, but got ", out->numel());
  impl_->Check(ncclAllGather(in.raw_data(), out->raw_data(), in.numel(),
                             NcclType(in.dtype(), "all_gather"), impl_->comm, impl_->stream),
               "all_gather");
}

void ProcessGroupNCCL::ReduceScatter(const DenseTensor& in, DenseTensor* out, ReduceOp op) {
  impl_->CheckGpu(in, "reduce_scatter");
  impl_->CheckGpu(*out, "reduce_scatter");
  PD_CHECK(in.numel() == out->numel() * size() && out->dtype() == in.dtype(), InvalidArgument,
           "expected reduce_scatter's input to hold ", size(), " times the output's ",
           out->numel(), " elements, but got ", in.numel());
  impl_->Check(ncclReduceScatter(in.raw_data(), out->raw_data(), out->numel(),
                                 NcclType(in.dtype(), "reduce_scatter"), NcclOp(op), impl_->comm,
                                 impl_->stream),
               "reduce_scatter");
}

void ProcessGroupNCCL::Barrier() {
  // An all-reduce of one float on the device, as NCCL has no barrier of its own.
  float* scratch = nullptr;
  CheckCuda(cudaMalloc(&scratch, sizeof(float)), "allocate the barrier's scratch");
  CheckCuda(cudaMemsetAsync(scratch, 0, sizeof(float), impl_->stream), "clear the scratch");
  try {
    impl_->Check(ncclAllReduce(scratch, scratch, 1, ncclFloat32, ncclSum, impl_->comm,
                               impl_->stream),
                 "barrier");
  } catch (...) {
    cudaFree(scratch);
    throw;
  }
  cudaFree(scratch);
}

void ProcessGroupNCCL::Send(const DenseTensor& tensor, int peer) {
  impl_->CheckGpu(tensor, "send");
  PD_CHECK(peer >= 0 && peer < size() && peer != rank(), InvalidArgument,
           "expected send's peer to be another rank in [0, ", size(), "), but got ", peer);
  impl_->Check(ncclSend(tensor.raw_data(), tensor.numel(), NcclType(tensor.dtype(), "send"), peer,
                        impl_->comm, impl_->stream),
               "send");
}

void ProcessGroupNCCL::Recv(DenseTensor* tensor, int peer) {
  impl_->CheckGpu(*tensor, "recv");
  PD_CHECK(peer >= 0 && peer < size() && peer != rank(), InvalidArgument,
           "expected recv's peer to be another rank in [0, ", size(), "), but got ", peer);
  impl_->Check(ncclRecv(tensor->raw_data(), tensor->numel(), NcclType(tensor->dtype(), "recv"),
                        peer, impl_->comm, impl_->stream),
               "recv");
}

}  // namespace distributed
}  // namespace paddle
