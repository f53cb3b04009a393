#include "paddle/phi/infermeta/collective.h"

#include "paddle/common/errors.h"

namespace phi {

void AllGatherInferMeta(const MetaTensor& x, int nranks, MetaTensor* out) {
  PD_CHECK(nranks >= 1, InvalidArgument, "expected c_allgather's nranks to be at least 1, but got ",
           nranks);
  std::vector<int64_t> dims = x.dims().ToVector();
  if (dims.empty()) {
    dims.push_back(nranks);
  } else if (dims[0] >= 0) {
    dims[0] *= nranks;
  }
  out->set_dims(DDim(dims));
  out->set_dtype(x.dtype());
}

void ReduceScatterInferMeta(const MetaTensor& x, int nranks, MetaTensor* out) {
  PD_CHECK(nranks >= 1, InvalidArgument,
           "expected c_reducescatter's nranks to be at least 1, but got ", nranks);
  std::vector<int64_t> dims = x.dims().ToVector();
  PD_CHECK(!dims.empty(), InvalidArgument,
           "expected c_reducescatter's X to have at least 1 dimension, but got a 0-d tensor");
  if (dims[0] >= 0) {
    PD_CHECK(dims[0] % nranks == 0, InvalidArgument, "expected c_reducescatter's X dim 0 (",
             dims[0], ") to be divisible by nranks ", nranks, ", but it is not");
    dims[0] /= nranks;
  }
  out->set_dims(DDim(dims));
  out->set_dtype(x.dtype());
}

void SyncCommStreamInferMeta(const std::vector<const MetaTensor*>& x,
                             std::vector<MetaTensor*> out) {
  PD_CHECK(out.size() == x.size(), InvalidArgument,
           "expected c_sync_comm_stream to have one Out per X (", x.size(), "), but got ",
           out.size());
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] != nullptr && x[i] != nullptr) out[i]->share_meta(*x[i]);
  }
}

void SendV2InferMeta(const MetaTensor& x, int peer) {
  PD_CHECK(peer >= 0, InvalidArgument, "expected send_v2's peer to be a rank (>= 0), but got ",
           peer);
}

void RecvV2InferMeta(int peer, const std::vector<int>& out_shape, DataType dtype,
                     bool dynamic_shape, MetaTensor* out) {
  PD_CHECK(peer >= 0, InvalidArgument, "expected recv_v2's peer to be a rank (>= 0), but got ",
           peer);
  out->set_dtype(dtype);
  if (dynamic_shape) return;
  std::vector<int64_t> dims;
  for (size_t i = 0; i < out_shape.size(); ++i) {
    PD_CHECK(out_shape[i] >= 0, InvalidArgument,
             "expected recv_v2's out_shape to have no negative extents (or dynamic_shape), but "
             "got ",
             out_shape[i], " at axis ", i);
    dims.push_back(out_shape[i]);
  }
  out->set_dims(DDim(dims));
}

}  // namespace phi
