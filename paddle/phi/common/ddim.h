// DDim: the dimensions of a tensor (rank 0 to 9, int64 extents; -1 marks an extent unknown
// until run time, as in a program's VarDesc).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

namespace phi {

class DDim {
 public:
  static constexpr int kMaxRank = 9;

  DDim() = default;
  DDim(std::initializer_list<int64_t> dims);
  explicit DDim(const std::vector<int64_t>& dims);
  DDim(const int64_t* dims, int rank);

  int size() const { return rank_; }
  int64_t operator[](int i) const { return dims_[i]; }
  int64_t& operator[](int i) { return dims_[i]; }
  const int64_t* data() const { return dims_; }
  // Product of extents (1 for rank 0); -1 when any extent is unknown.
  int64_t numel() const;
  bool has_unknown() const;
  std::vector<int64_t> ToVector() const { return std::vector<int64_t>(dims_, dims_ + rank_); }
  std::string to_str() const;
  // Extents [begin, end).
  DDim slice(int begin, int end) const;

  bool operator==(const DDim& other) const;
  bool operator!=(const DDim& other) const { return !(*this == other); }

 private:
  int64_t dims_[kMaxRank] = {0};
  int rank_ = 0;
};

std::ostream& operator<<(std::ostream& os, const DDim& dims);
inline DDim make_ddim(const std::vector<int64_t>& dims) { return DDim(dims); }
// Product of dims[begin, end).
int64_t product(const DDim& dims, int begin, int end);
// Flattens to 2-D at num_col_dims: [prod(d[0:n]), prod(d[n:])].
DDim flatten_to_2d(const DDim& dims, int num_col_dims);

}  // namespace phi
