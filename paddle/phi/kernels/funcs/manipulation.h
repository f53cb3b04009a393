// Helpers of the tensor-manipulation kernels: allocating an output that never overwrites an
// input still being read, zero-copy views whose dims InferMeta set, walking a sliced region of
// a contiguous tensor in runs, and reading an int32/int64 index tensor with a bounds check.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {
namespace funcs {

// Allocates `out` (dtype T, its current dims) with storage that none of `inputs` uses: an
// output sharing an input's allocation (the same variable, or a view kept from an earlier run)
// gets storage of its own first. Callers hold the inputs by value while writing `out`, so that
// an input which is `out` itself keeps its data.
template <typename T, typename Context>
T* AllocUnaliased(const Context& dev_ctx, DenseTensor* out,
                  const std::vector<const DenseTensor*>& inputs) {
  for (const DenseTensor* input : inputs) {
    if (input != nullptr && out->Holder() != nullptr && out->Holder() == input->Holder()) {
      const DDim dims = out->dims();
      out->clear();
      out->Resize(dims);
      break;
    }
  }
  return dev_ctx.template Alloc<T>(out);
}

// Makes `out` a view of x's storage with the dims InferMeta gave it (squeeze, unsqueeze,
// flatten and their grads). `what` names the op and slots in error messages.
inline void ShareAsView(const DenseTensor& x, DenseTensor* out, const char* what) {
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected ", what,
           " output dims (set by InferMeta) to hold the input's ", x.numel(),
           " elements, but got ", out->dims(), " for input ", x.dims());
  PD_CHECK(x.initialized() || x.numel() == 0, PreconditionNotMet, "expected ", what,
           " input ", x.dims(), " to hold data, but it is not allocated");
  if (out != &x) out->ShareBufferWith(x);
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

// Calls run(in_offset, region_offset, length) for each contiguous run of the region of extents
// `region` starting at `offsets` inside a contiguous tensor of dims `in_dims`; region offsets
// count row-major over the region itself.
template <typename RunFn>
void ForEachSliceRun(const DDim& in_dims, const std::vector<int64_t>& offsets,
                     const DDim& region, RunFn&& run) {
  const int rank = in_dims.size();
  const int64_t numel = region.numel();
  if (numel <= 0) return;
  if (rank == 0) {
    run(int64_t{0}, int64_t{0}, int64_t{1});
    return;
  }
  std::vector<int64_t> strides(rank, 1);
  for (int i = rank - 2; i >= 0; --i) strides[i] = strides[i + 1] * in_dims[i + 1];
  int64_t in_offset = 0;
  for (int i = 0; i < rank; ++i) in_offset += offsets[i] * strides[i];
  const int64_t length = region[rank - 1];
  std::vector<int64_t> index(rank - 1, 0);
  for (int64_t out_offset = 0; out_offset < numel; out_offset += length) {
    run(in_offset, out_offset, length);
    for (int d = rank - 2; d >= 0; --d) {  // odometer step over the outer region dims
      if (++index[d] < region[d]) {
        in_offset += strides[d];
        break;
      }
      in_offset -= (region[d] - 1) * strides[d];
      index[d] = 0;
    }
  }
}

// The values of an int32 or int64 index tensor, each checked to lie in [0, bound). `what`
// describes the indexed dim for the error message.
inline std::vector<int64_t> ReadIndices(const DenseTensor& index, int64_t bound,
                                        const std::string& what) {
  std::vector<int64_t> values(index.numel());
  if (index.dtype() == DataType::INT32) {
    const int32_t* data = index.data<int32_t>();
    for (size_t i = 0; i < values.size(); ++i) values[i] = data[i];
  } else {
    PD_CHECK(index.dtype() == DataType::INT64, InvalidArgument,
             "expected Index to be int32 or int64, but got ", index.dtype());
    const int64_t* data = index.data<int64_t>();
    for (size_t i = 0; i < values.size(); ++i) values[i] = data[i];
  }
  for (size_t i = 0; i < values.size(); ++i) {
    PD_CHECK(values[i] >= 0 && values[i] < bound, InvalidArgument, "expected Index values in [0, ",
             bound, ") for ", what, ", but got ", values[i], " at Index position ", i);
  }
  return values;
}

}  // namespace funcs
}  // namespace phi
