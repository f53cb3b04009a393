#include "paddle/phi/infermeta/fusion.h"

#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/fused_elementwise_program.h"

namespace phi {

DDim FusedElementwiseOutDims(const std::vector<DDim>& dims) {
  int rank = 0;
  for (const DDim& d : dims) rank = std::max(rank, d.size());
  std::vector<int64_t> out(rank, 1);
  for (size_t i = 0; i < dims.size(); ++i) {
    const int offset = rank - dims[i].size();
    for (int k = 0; k < dims[i].size(); ++k) {
      int64_t& o = out[offset + k];
      const int64_t e = dims[i][k];
      if (e == o || e == 1) continue;
      if (o == 1 || o == -1) {
        o = e;
      } else {
        PD_CHECK(e == -1, InvalidArgument,
                 "expected fused_elementwise's inputs to broadcast "
                 "(NumPy rule), but X[",
                 i, "] ", dims[i],
                 " does not fit the broadcast of the "
                 "inputs before it ",
                 DDim(out));
      }
    }
  }
  return DDim(out);
}

void FusedElementwiseInferMeta(const std::vector<const MetaTensor*>& x,
                               const std::vector<std::string>& instructions,
                               std::vector<MetaTensor*> out) {
  PD_CHECK(!x.empty(), InvalidArgument,
           "expected fused_elementwise to have at least one input X, but got none");
  funcs::ParseFusedProgram(instructions, static_cast<int>(x.size()), static_cast<int>(out.size()));
  std::vector<DDim> dims;
  DataType dtype = DataType::UNDEFINED;
  for (size_t i = 0; i < x.size(); ++i) {
    PD_CHECK(x[i] != nullptr && *x[i], InvalidArgument, "expected fused_elementwise's X[", i,
             "] to be a tensor, but it is missing");
    dims.push_back(x[i]->dims());
    const DataType t = x[i]->dtype();
    if (t == DataType::UNDEFINED) continue;
    PD_CHECK(t == DataType::FLOAT32 || t == DataType::FLOAT64, InvalidArgument,
             "expected fused_elementwise's X[", i, "] to be float32 or float64, but got ", t);
    PD_CHECK(dtype == DataType::UNDEFINED || t == dtype, InvalidArgument,
             "expected fused_elementwise's inputs to share one dtype, but X[", i, "] is ", t,
             " and an earlier input ", dtype);
    dtype = t;
  }
  const DDim out_dims = FusedElementwiseOutDims(dims);
  for (MetaTensor* o : out) {
    if (o == nullptr || !*o) continue;
    o->set_dims(out_dims);
    if (dtype != DataType::UNDEFINED) o->set_dtype(dtype);
  }
}

}  // namespace phi
