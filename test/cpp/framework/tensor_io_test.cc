// Tensor records in PaddlePaddle's .pdiparams layout (paddle_compat.md §1b): byte offsets
// and sizes, round trips per dtype, and corrupt records that must fail with a message naming
// the source and the problem while leaving the destination tensor untouched.
#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/framework/tensor_io.h"
#include "paddle/framework/var_type.h"
#include "paddle/phi/core/device_context.h"

namespace paddle {
namespace framework {
namespace {

std::string Bytes(std::initializer_list<int> values) {
  std::string out;
  for (int v : values) out.push_back(static_cast<char>(v));
  return out;
}

template <typename T>
std::string Pod(T value) {
  return std::string(reinterpret_cast<const char*>(&value), sizeof(T));
}

template <typename T>
phi::DenseTensor MakeTensor(const std::vector<T>& values, const phi::DDim& dims) {
  phi::DenseTensor t(phi::CppTypeToDataType<T>::value, dims);
  T* data = phi::CPUContext::Default().Alloc<T>(&t);
  std::copy(values.begin(), values.end(), data);
  return t;
}

std::string Serialize(const phi::DenseTensor& t) {
  std::ostringstream os;
  SerializeTensor(os, t);
  return os.str();
}

phi::DenseTensor Deserialize(const std::string& bytes, const std::string& source = "mem") {
  std::istringstream is(bytes);
  phi::DenseTensor t;
  DeserializeTensor(is, &t, source);
  return t;
}

TEST(TensorRecord, Fp32ConvFilterLayout) {
  const int64_t numel = 64 * 3 * 7 * 7;
  std::vector<float> values(numel);
  for (int64_t i = 0; i < numel; ++i) values[i] = static_cast<float>(i) * 0.5f - 3.0f;
  phi::DenseTensor t = MakeTensor(values, {64, 3, 7, 7});
  const std::string bytes = Serialize(t);

  ASSERT_EQ(bytes.size(), static_cast<size_t>(4 + 8 + 4 + 4 + 10 + numel * 4));
  EXPECT_EQ(bytes.substr(0, 4), Pod<uint32_t>(0));   // DenseTensor version
  EXPECT_EQ(bytes.substr(4, 8), Pod<uint64_t>(0));   // LoD levels
  EXPECT_EQ(bytes.substr(12, 4), Pod<uint32_t>(0));  // tensor version
  EXPECT_EQ(bytes.substr(16, 4), Pod<int32_t>(10));  // TensorDesc length
  EXPECT_EQ(bytes.substr(20, 10),
            Bytes({0x08, 0x05, 0x10, 0x40, 0x10, 0x03, 0x10, 0x07, 0x10, 0x07}));
  EXPECT_EQ(std::memcmp(bytes.data() + 30, values.data(), numel * 4), 0);
}

TEST(TensorRecord, ZeroDimTensor) {
  phi::DenseTensor t = MakeTensor<double>({-2.75}, phi::DDim());
  ASSERT_EQ(t.numel(), 1);
  const std::string bytes = Serialize(t);
  ASSERT_EQ(bytes.size(), 4u + 8 + 4 + 4 + 2 + 8);
  EXPECT_EQ(bytes.substr(16, 4), Pod<int32_t>(2));
  EXPECT_EQ(bytes.substr(20, 2), Bytes({0x08, 0x06}));  // FP64, no dims
  EXPECT_EQ(bytes.substr(22, 8), Pod<double>(-2.75));
  phi::DenseTensor back = Deserialize(bytes);
  EXPECT_EQ(back.dims().size(), 0);
  EXPECT_EQ(back.dtype(), phi::DataType::FLOAT64);
  EXPECT_EQ(back.data<double>()[0], -2.75);
}

template <typename T>
void ExpectRoundTrip(const std::vector<T>& values, const phi::DDim& dims) {
  phi::DenseTensor t = MakeTensor(values, dims);
  phi::DenseTensor back = Deserialize(Serialize(t));
  EXPECT_EQ(back.dtype(), phi::CppTypeToDataType<T>::value);
  EXPECT_EQ(back.dims(), dims);
  ASSERT_TRUE(back.initialized());
  EXPECT_NE(back.raw_data(), t.raw_data());  // a copy, not a view
  EXPECT_EQ(std::memcmp(back.raw_data(), values.data(), values.size() * sizeof(T)), 0);
}

TEST(TensorRecord, RoundTripPreservesDtypeDimsData) {
  ExpectRoundTrip<float>({1.5f, -0.0f, 3e38f, 1e-40f, 7.f, 8.f}, {2, 3});
  ExpectRoundTrip<double>({3.141592653589793, -1e300, 5e-324}, {3});
  ExpectRoundTrip<int64_t>({int64_t{1} << 62, -1, 0, 42}, {2, 1, 2});
  ExpectRoundTrip<int32_t>({-5, 6}, {1, 2});
}

TEST(TensorRecord, EmptyTensorRoundTrips) {
  phi::DenseTensor t(phi::DataType::FLOAT32, {0, 4});
  const std::string bytes = Serialize(t);
  // TensorDesc{FP32, dims 0, 4}: 08 05 10 00 10 04, then no data.
  EXPECT_EQ(bytes.size(), 4u + 8 + 4 + 4 + 6);
  phi::DenseTensor back = Deserialize(bytes);
  EXPECT_EQ(back.dims(), phi::DDim({0, 4}));
  EXPECT_EQ(back.dtype(), phi::DataType::FLOAT32);
}

TEST(TensorRecord, ConcatenatedRecordsReadBackInOrder) {
  phi::DenseTensor a = MakeTensor<float>({1, 2}, {2});
  phi::DenseTensor b = MakeTensor<int64_t>({9}, {1, 1});
  const std::string bytes = SerializeTensors({&a, &b});
  EXPECT_EQ(bytes, Serialize(a) + Serialize(b));  // no header, no names, no trailer
  std::istringstream is(bytes);
  phi::DenseTensor ra, rb;
  DeserializeTensor(is, &ra, "combined");
  DeserializeTensor(is, &rb, "combined");
  EXPECT_EQ(ra.data<float>()[1], 2.f);
  EXPECT_EQ(rb.data<int64_t>()[0], 9);
  EXPECT_EQ(is.peek(), std::char_traits<char>::eof());
}

TEST(TensorRecord, LoDLevelsAreSkipped) {
  // One LoD level of three size_t offsets {0, 1, 2}, then an INT32 [2] tensor.
  std::string record = Pod<uint32_t>(0) + Pod<uint64_t>(1) + Pod<uint64_t>(24) +
                       Pod<uint64_t>(0) + Pod<uint64_t>(1) + Pod<uint64_t>(2) +
                       Pod<uint32_t>(0) + Pod<int32_t>(4) + Bytes({0x08, 0x02, 0x10, 0x02}) +
                       Pod<int32_t>(11) + Pod<int32_t>(-12);
  phi::DenseTensor t = Deserialize(record);
  EXPECT_EQ(t.dtype(), phi::DataType::INT32);
  EXPECT_EQ(t.dims(), phi::DDim({2}));
  EXPECT_EQ(t.data<int32_t>()[0], 11);
  EXPECT_EQ(t.data<int32_t>()[1], -12);
}

// A valid FP32 [2] record {1, 2} with its parts replaceable.
std::string Record(uint32_t version = 0, std::optional<int32_t> desc_size = std::nullopt,
                   const std::string& desc = Bytes({0x08, 0x05, 0x10, 0x02}),
                   const std::string& data = Pod<float>(1) + Pod<float>(2)) {
  return Pod<uint32_t>(version) + Pod<uint64_t>(0) + Pod<uint32_t>(0) +
         Pod<int32_t>(desc_size ? *desc_size : static_cast<int32_t>(desc.size())) + desc + data;
}

// Deserializes `bytes` into a tensor holding {7, 8, 9}; expects InvalidArgumentError whose
// message names the source and contains `what`, and the tensor unchanged.
void ExpectCorrupt(const std::string& bytes, const std::string& what) {
  const std::string source = "/models/resnet/inference.pdiparams";
  phi::DenseTensor dst = MakeTensor<float>({7, 8, 9}, {3});
  const void* before = dst.raw_data();
  std::istringstream is(bytes);
  try {
    DeserializeTensor(is, &dst, source);
    ADD_FAILURE() << "expected an error containing '" << what << "'";
  } catch (const common::InvalidArgumentError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find(source), std::string::npos) << msg;
    EXPECT_NE(msg.find(what), std::string::npos) << msg;
  }
  EXPECT_EQ(dst.dims(), phi::DDim({3})) << "after: " << what;
  EXPECT_EQ(dst.dtype(), phi::DataType::FLOAT32) << "after: " << what;
  EXPECT_EQ(dst.raw_data(), before) << "after: " << what;
  ASSERT_TRUE(dst.initialized());
  EXPECT_EQ(dst.data<float>()[0], 7.f);
  EXPECT_EQ(dst.data<float>()[2], 9.f);
}

TEST(TensorRecord, ValidRecordHelperParses) {
  phi::DenseTensor t = Deserialize(Record());
  EXPECT_EQ(t.dims(), phi::DDim({2}));
  EXPECT_EQ(t.data<float>()[1], 2.f);
}

TEST(TensorRecord, TruncatedDataFails) {
  std::string full = Record();
  ExpectCorrupt(full.substr(0, full.size() - 1), "truncated");
  ExpectCorrupt(full.substr(0, full.size() - 8), "truncated");
  ExpectCorrupt(full.substr(0, 2), "ends early");   // inside the version
  ExpectCorrupt(full.substr(0, 22), "TensorDesc");  // inside the TensorDesc
}

TEST(TensorRecord, BadVersionFails) {
  ExpectCorrupt(Record(1), "version");
  ExpectCorrupt(Record(0x12345678), "version");
  // Bad tensor version (the second uint32).
  std::string bad = Record();
  bad[12] = 3;
  ExpectCorrupt(bad, "tensor version");
}

TEST(TensorRecord, OversizeOrNegativeDescSizeFails) {
  ExpectCorrupt(Record(0, 1 << 24), "TensorDesc size");
  ExpectCorrupt(Record(0, -5), "TensorDesc size");
  // A size that runs past the end of the data.
  ExpectCorrupt(Record(0, 200), "TensorDesc");
}

TEST(TensorRecord, NegativeDimsFail) {
  // dims: -1 (ten-byte varint), 2
  std::string desc = Bytes({0x08, 0x05, 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                            0xff, 0x01, 0x10, 0x02});
  ExpectCorrupt(Record(0, std::nullopt, desc), "non-negative");
}

TEST(TensorRecord, BadTensorDescFails) {
  // data_type LOD_TENSOR (7) is not an element type.
  ExpectCorrupt(Record(0, std::nullopt, Bytes({0x08, 0x07, 0x10, 0x02})), "element type");
  // Not a protobuf at all.
  ExpectCorrupt(Record(0, std::nullopt, Bytes({0xff, 0xff, 0xff, 0xff})), "TensorDesc");
  // Huge dims (over 1 TiB).
  ExpectCorrupt(Record(0, std::nullopt, Bytes({0x08, 0x05, 0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01})),
                "too large");
}

}  // namespace
}  // namespace framework
}  // namespace paddle

namespace paddle {
namespace framework {
namespace {

// Found by the fuzzer: a record claiming gigabytes must fail on the short stream before any
// allocation of that size.
TEST(TensorIoRegression, HugeClaimedDimsWithShortDataFailsWithoutAllocating) {
  proto::VarType::TensorDesc desc;
  desc.set_data_type(proto::VarType::FP32);
  desc.add_dims(1 << 15);
  desc.add_dims(1 << 15);  // 4 GiB of float32
  std::string bytes = desc.SerializeAsString();
  std::string record(4 + 8 + 4, '\0');
  int32_t size = static_cast<int32_t>(bytes.size());
  record.append(reinterpret_cast<const char*>(&size), 4);
  record += bytes;
  record += std::string(16, '\1');
  std::istringstream in(record);
  phi::DenseTensor t;
  int64_t before = phi::GetCPUAllocator()->stats().peak.load();
  try {
    DeserializeTensor(in, &t, "huge.pdiparams");
    FAIL() << "expected an error";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("huge.pdiparams"), std::string::npos);
  }
  EXPECT_LT(phi::GetCPUAllocator()->stats().peak.load() - before, int64_t{1} << 20);
}

}  // namespace
}  // namespace framework
}  // namespace paddle
