#include "paddle/framework/tensor_io.h"

#include <cstring>
#include <limits>
#include <sstream>

#include "paddle/framework/var_type.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/tensor_copy.h"

namespace paddle {
namespace framework {

namespace {
template <typename T>
void WritePod(std::ostream& os, T value) {
  os.write(reinterpret_cast<const char*>(&value), sizeof(T));
}

template <typename T>
T ReadPod(std::istream& is, const std::string& source, const char* what) {
  T value{};
  is.read(reinterpret_cast<char*>(&value), sizeof(T));
  PD_CHECK(is.gcount() == static_cast<std::streamsize>(sizeof(T)), InvalidArgument,
           "expected ", sizeof(T), " bytes of ", what, " in ", source,
           ", but the data ends early (truncated file?)");
  return value;
}
// Bytes left in a seekable stream, or -1 when the stream cannot tell.
int64_t RemainingBytes(std::istream& is) {
  std::streampos here = is.tellg();
  if (here < 0) return -1;
  is.seekg(0, std::ios::end);
  std::streampos end = is.tellg();
  is.seekg(here);
  return end < 0 ? -1 : static_cast<int64_t>(end - here);
}
}  // namespace

void SerializeTensor(std::ostream& os, const phi::DenseTensor& tensor) {
  WritePod<uint32_t>(os, 0);  // DenseTensor version
  WritePod<uint64_t>(os, 0);  // LoD levels: none
  WritePod<uint32_t>(os, 0);  // tensor version
  proto::VarType::TensorDesc desc;
  desc.set_data_type(DataTypeToVarType(tensor.dtype()));
  for (int i = 0; i < tensor.dims().size(); ++i) desc.add_dims(tensor.dims()[i]);
  std::string bytes = desc.SerializeAsString();
  WritePod<int32_t>(os, static_cast<int32_t>(bytes.size()));
  os.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (tensor.nbytes() > 0) {
    const phi::DenseTensor host = phi::ToHost(tensor);  // a GPU tensor is written from a copy
    os.write(static_cast<const char*>(host.raw_data()), static_cast<std::streamsize>(host.nbytes()));
  }
}

void DeserializeTensor(std::istream& is, phi::DenseTensor* tensor, const std::string& source) {
  uint32_t version = ReadPod<uint32_t>(is, source, "tensor record version");
  PD_CHECK(version == 0, InvalidArgument, "expected tensor record version 0 in ", source,
           ", but got ", version, " (is this a PaddlePaddle parameter file?)");
  uint64_t lod_levels = ReadPod<uint64_t>(is, source, "LoD level count");
  PD_CHECK(lod_levels < 64, InvalidArgument, "expected a small LoD level count in ", source,
           ", but got ", lod_levels);
  for (uint64_t level = 0; level < lod_levels; ++level) {
    uint64_t size = ReadPod<uint64_t>(is, source, "LoD level size");
    PD_CHECK(size % sizeof(uint64_t) == 0 && size < (1ull << 40), InvalidArgument,
             "expected a LoD level size that is a multiple of 8 in ", source, ", but got ", size);
    is.ignore(static_cast<std::streamsize>(size));
    PD_CHECK(static_cast<uint64_t>(is.gcount()) == size, InvalidArgument, "expected ", size,
             " bytes of LoD in ", source, ", but the data ends early");
  }
  uint32_t tensor_version = ReadPod<uint32_t>(is, source, "tensor version");
  PD_CHECK(tensor_version == 0, InvalidArgument, "expected tensor version 0 in ", source,
           ", but got ", tensor_version);
  int32_t desc_size = ReadPod<int32_t>(is, source, "TensorDesc size");
  PD_CHECK(desc_size >= 0 && desc_size < (1 << 20), InvalidArgument,
           "expected a TensorDesc size in [0, 1 MiB) in ", source, ", but got ", desc_size);
  std::string bytes(static_cast<size_t>(desc_size), '\0');
  is.read(bytes.data(), desc_size);
  PD_CHECK(is.gcount() == desc_size, InvalidArgument, "expected ", desc_size,
           " bytes of TensorDesc in ", source, ", but the data ends early");
  proto::VarType::TensorDesc desc;
  // The partial parse and our own completeness check: protobuf's own ParseFromString logs to
  // stderr before we can raise the typed error that already says what is wrong.
  PD_CHECK(desc.ParsePartialFromString(bytes), InvalidArgument,
           "expected a valid TensorDesc protobuf in ", source, ", but it does not parse");
  PD_CHECK(desc.IsInitialized(), InvalidArgument, "expected a complete TensorDesc in ", source,
           ", but required fields are missing: ", desc.InitializationErrorString());
  PD_CHECK(IsTensorElementType(desc.data_type()), InvalidArgument,
           "expected a tensor element type in ", source, ", but got ", VarTypeName(desc.data_type()));
  PD_CHECK(desc.dims_size() <= phi::DDim::kMaxRank, InvalidArgument, "expected rank at most ",
           phi::DDim::kMaxRank, " in ", source, ", but got ", desc.dims_size());
  std::vector<int64_t> dims(desc.dims().begin(), desc.dims().end());
  uint64_t numel = 1;
  for (int64_t d : dims) {
    PD_CHECK(d >= 0, InvalidArgument, "expected non-negative dims in ", source, ", but got ", d);
    PD_CHECK(d == 0 || numel <= (1ull << 40) / static_cast<uint64_t>(d), InvalidArgument,
             "expected a tensor under 1 TiB in ", source, ", but the dims are too large");
    numel *= static_cast<uint64_t>(d);
  }
  phi::DataType dtype = VarTypeToDataType(desc.data_type());
  uint64_t nbytes = numel * phi::SizeOf(dtype);
  // A corrupt record may claim terabytes: never allocate more than the stream still holds.
  int64_t remaining = RemainingBytes(is);
  PD_CHECK(remaining < 0 || nbytes <= static_cast<uint64_t>(remaining), InvalidArgument,
           "expected ", nbytes, " bytes of tensor data (", phi::DDim(dims), ", ", dtype, ") in ",
           source, ", but only ", remaining, " remain (truncated file?)");
  // Read into a buffer first: a truncated record must not leave a half-written tensor.
  phi::DenseTensor staged(dtype, phi::DDim(dims));
  phi::CPUContext::Default().Alloc(&staged, dtype);
  if (nbytes > 0) {
    is.read(static_cast<char*>(staged.raw_data()), static_cast<std::streamsize>(nbytes));
    PD_CHECK(static_cast<uint64_t>(is.gcount()) == nbytes, InvalidArgument, "expected ", nbytes,
             " bytes of tensor data (", phi::DDim(dims), ", ", dtype, ") in ", source,
             ", but only ", is.gcount(), " remain (truncated file?)");
  }
  *tensor = staged;
}

std::string SerializeTensors(const std::vector<const phi::DenseTensor*>& tensors) {
  std::ostringstream os;
  for (const phi::DenseTensor* t : tensors) SerializeTensor(os, *t);
  return os.str();
}

}  // namespace framework
}  // namespace paddle
