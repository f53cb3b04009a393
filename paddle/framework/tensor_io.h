// DenseTensor (de)serialization in PaddlePaddle's record format (the layout of .pdiparams
// files and of the save/load ops): version, LoD, TensorDesc protobuf, raw little-endian data.
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace paddle {
namespace framework {

// Writes one record. `tensor` must be initialized (or have zero elements).
void SerializeTensor(std::ostream& os, const phi::DenseTensor& tensor);
// Reads one record into `tensor` (allocated on CPU). Throws InvalidArgument naming `source`
// and what is wrong (bad version, truncated data, bad TensorDesc, unsupported dtype).
void DeserializeTensor(std::istream& is, phi::DenseTensor* tensor, const std::string& source);

// Whole-buffer helpers for parameter files: records back to back, nothing else.
std::string SerializeTensors(const std::vector<const phi::DenseTensor*>& tensors);

}  // namespace framework
}  // namespace paddle
