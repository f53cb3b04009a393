// Checks that every kernel of the linalg / reduction / shape / optimizer group is registered
// on CPU for exactly the dtypes the runtime relies on (GPU builds add GPU keys beside them).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace test {

TEST(KernelRegistration, LinalgReduceShapeOptimizerKernels) {
  const std::vector<DataType> floats = {DataType::FLOAT32, DataType::FLOAT64};
  const std::vector<DataType> numbers = {DataType::FLOAT32, DataType::FLOAT64, DataType::INT32,
                                         DataType::INT64};
  std::vector<DataType> with_bool = numbers;
  with_bool.push_back(DataType::BOOL);
  const std::vector<std::pair<std::string, std::vector<DataType>>> expected = {
      {"matmul", floats},         {"matmul_grad", floats},
      {"matmul_with_flatten", floats}, {"matmul_with_flatten_grad", floats},
      {"softmax", floats},        {"softmax_grad", floats},
      {"mean_all", floats},       {"mean_all_grad", floats},
      {"sum", numbers},           {"sum_grad", numbers},
      {"mean", floats},           {"mean_grad", floats},
      {"reshape", with_bool},     {"reshape_grad", with_bool},
      {"transpose", numbers},     {"transpose_grad", numbers},
      {"add_n", numbers},         {"sgd", floats},
  };
  for (const auto& [name, dtypes] : expected) {
    SCOPED_TRACE(name);
    size_t on_cpu = 0;
    for (const KernelKey& key : KernelRegistry::Instance().KeysOf(name))
      on_cpu += key.backend == Backend::CPU;
    EXPECT_EQ(on_cpu, dtypes.size());
    for (DataType dtype : dtypes) {
      EXPECT_NE(KernelRegistry::Instance().Find(name, {Backend::CPU, DataLayout::ANY, dtype}),
                nullptr)
          << dtype;
    }
  }
}

}  // namespace test
}  // namespace phi
