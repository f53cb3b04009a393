#include "paddle/phi/common/ddim.h"

#include <sstream>

#include "paddle/common/errors.h"

namespace phi {

DDim::DDim(std::initializer_list<int64_t> dims) : DDim(std::vector<int64_t>(dims)) {}

DDim::DDim(const std::vector<int64_t>& dims) : DDim(dims.data(), static_cast<int>(dims.size())) {}

namespace {
std::string ListOf(const int64_t* dims, int rank) {
  std::ostringstream os;
  os << "[";
  for (int i = 0; i < rank; ++i) os << (i ? ", " : "") << dims[i];
  os << "]";
  return os.str();
}

// Product of the known (non-negative) extents; throws when it overflows 64 bits.
int64_t CheckedProduct(const int64_t* dims, int begin, int end, const int64_t* all, int rank) {
  int64_t n = 1;
  for (int i = begin; i < end; ++i) {
    if (dims[i] < 0) continue;
    PD_CHECK(!__builtin_mul_overflow(n, dims[i], &n), InvalidArgument,
             "expected a shape whose element count fits in 64 bits, but ", ListOf(all, rank),
             " overflows");
  }
  return n;
}
}  // namespace

DDim::DDim(const int64_t* dims, int rank) {
  PD_CHECK(rank >= 0 && rank <= kMaxRank, InvalidArgument, "expected a rank in [0, ", kMaxRank,
           "], but got ", rank);
  for (int i = 0; i < rank; ++i)
    PD_CHECK(dims[i] >= -1, InvalidArgument, "expected extents >= 0 (or -1 for unknown), but got ",
             dims[i], " at axis ", i, " of ", ListOf(dims, rank));
  CheckedProduct(dims, 0, rank, dims, rank);  // an impossible shape fails where it is made
  rank_ = rank;
  for (int i = 0; i < rank; ++i) dims_[i] = dims[i];
}

int64_t DDim::numel() const {
  if (has_unknown()) return -1;
  // Checked again: operator[] can change extents after construction.
  return CheckedProduct(dims_, 0, rank_, dims_, rank_);
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
  return CheckedProduct(dims.data(), begin, end, dims.data(), dims.size());
}

DDim flatten_to_2d(const DDim& dims, int num_col_dims) {
  return DDim({product(dims, 0, num_col_dims), product(dims, num_col_dims, dims.size())});
}

}  // namespace phi
