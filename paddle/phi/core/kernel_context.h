// KernelContext: the arguments of one kernel call, bound once (tensor pointers, converted
// attributes) and reused for every run. Inputs, attributes and outputs are stored in the
// kernel signature's order; a duplicable slot occupies a range.
#pragma once

#include <utility>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/attribute.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/device_context.h"

namespace phi {

class KernelContext {
 public:
  KernelContext() = default;
  explicit KernelContext(const DeviceContext* dev_ctx) : dev_ctx_(dev_ctx) {}

  void SetDeviceContext(const DeviceContext* dev_ctx) { dev_ctx_ = dev_ctx; }
  template <typename Ctx>
  const Ctx& GetDeviceContext() const {
    return static_cast<const Ctx&>(*dev_ctx_);
  }

  // A null pointer stands for an absent optional input.
  void EmplaceBackInput(const DenseTensor* input) {
    int index = static_cast<int>(inputs_.size());
    inputs_.push_back(input);
    input_ranges_.emplace_back(index, index + 1);
  }
  void EmplaceBackInputs(const std::vector<const DenseTensor*>& inputs) {
    int index = static_cast<int>(inputs_.size());
    inputs_.insert(inputs_.end(), inputs.begin(), inputs.end());
    input_ranges_.emplace_back(index, static_cast<int>(inputs_.size()));
  }
  // A null pointer stands for an output nobody needs (e.g. an unrequested gradient).
  void EmplaceBackOutput(DenseTensor* output) {
    int index = static_cast<int>(outputs_.size());
    outputs_.push_back(output);
    output_ranges_.emplace_back(index, index + 1);
  }
  void EmplaceBackOutputs(const std::vector<DenseTensor*>& outputs) {
    int index = static_cast<int>(outputs_.size());
    outputs_.insert(outputs_.end(), outputs.begin(), outputs.end());
    output_ranges_.emplace_back(index, static_cast<int>(outputs_.size()));
  }
  void EmplaceBackAttr(Attribute attr) { attrs_.push_back(std::move(attr)); }
  // Replaces a bound attribute (one given by a tensor, read before each run).
  void SetAttrAt(int index, Attribute attr) { attrs_[index] = std::move(attr); }

  const DenseTensor& InputAt(int slot) const { return *inputs_[input_ranges_[slot].first]; }
  const DenseTensor* OptionalInputAt(int slot) const {
    const auto& range = input_ranges_[slot];
    return range.first < range.second ? inputs_[range.first] : nullptr;
  }
  std::vector<const DenseTensor*> InputsBetween(int slot) const {
    const auto& range = input_ranges_[slot];
    return {inputs_.begin() + range.first, inputs_.begin() + range.second};
  }
  DenseTensor* OutputAt(int slot) const {
    const auto& range = output_ranges_[slot];
    return range.first < range.second ? outputs_[range.first] : nullptr;
  }
  std::vector<DenseTensor*> OutputsBetween(int slot) const {
    const auto& range = output_ranges_[slot];
    return {outputs_.begin() + range.first, outputs_.begin() + range.second};
  }
  template <typename T>
  const T& AttrAt(int index) const {
    const T* value = std::get_if<T>(&attrs_[index]);
    PD_ASSERT(value != nullptr, "kernel attribute ", index, " has another type than the kernel's");
    return *value;
  }

  // Every bound tensor, in binding order (nullptr: absent).
  const std::vector<const DenseTensor*>& inputs() const { return inputs_; }
  const std::vector<DenseTensor*>& outputs() const { return outputs_; }

  int InputsSize() const { return static_cast<int>(input_ranges_.size()); }
  int OutputsSize() const { return static_cast<int>(output_ranges_.size()); }
  int AttrsSize() const { return static_cast<int>(attrs_.size()); }

 private:
  const DeviceContext* dev_ctx_ = nullptr;
  std::vector<const DenseTensor*> inputs_;
  std::vector<DenseTensor*> outputs_;
  std::vector<std::pair<int, int>> input_ranges_;
  std::vector<std::pair<int, int>> output_ranges_;
  std::vector<Attribute> attrs_;
};

}  // namespace phi
