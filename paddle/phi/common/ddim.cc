#include "paddle/phi/common/ddim.h"

#include <sstream>

#include "paddle/common/errors.h"

namespace phi {

DDim::DDim(std::initializer_list<int64_t> dims) : DDim(std::vector<int64_t>(dims)) {}

DDim::DDim(const std::vector<int64_t>& dims) : DDim(dims.data(), static_cast<int>(dims.size())) {}

DDim::DDim(const int64_t* dims, int rank) {
  PD_CHECK(rank >= 0 && rank <= kMaxRank, InvalidArgument, "expected a rank in [0, ", kMaxRank,
           "], but got ", rank);
  rank_ = rank;
  for (int i = 0; i < rank; ++i) dims_[i] = dims[i];
}

int64_t DDim::numel() const {
  int64_t n = 1;
  for (int i = 0; i < rank_; ++i) {
    if (dims_[i] < 0) return -1;
    n *= dims_[i];
  }
  return n;
}

bool DDim::has_unknown() const {
  for (int i = 0; i < rank_; ++i)
    if (dims_[i] < 0) return true;
  return false;
}

std::string DDim::to_str() const {
  std::ostringstream os;
  os << *this;
  return os.str();
}

DDim DDim::slice(int begin, int end) const {
  PD_ASSERT(begin >= 0 && begin <= end && end <= rank_);
  return DDim(dims_ + begin, end - begin);
}

bool DDim::operator==(const DDim& other) const {
  if (rank_ != other.rank_) return false;
  for (int i = 0; i < rank_; ++i)
    if (dims_[i] != other.dims_[i]) return false;
  return true;
}

std::ostream& operator<<(std::ostream& os, const DDim& dims) {
  os << "[";
  for (int i = 0; i < dims.size(); ++i) os << (i ? ", " : "") << dims[i];
  return os << "]";
}

int64_t product(const DDim& dims, int begin, int end) {
  int64_t n = 1;
  for (int i = begin; i < end; ++i) n *= dims[i];
  return n;
}

DDim flatten_to_2d(const DDim& dims, int num_col_dims) {
  return DDim({product(dims, 0, num_col_dims), product(dims, num_col_dims, dims.size())});
}

}  // namespace phi
