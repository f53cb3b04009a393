// Conversion of stored program attributes to the exact C++ types kernels take: the
// tolerances PaddlePaddle programs need (INT for int64, LONG for int, VarType numbers for
// DataType, ...) and typed errors naming the attribute on a mismatch.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/framework/attribute.h"
#include "paddle/framework/op_desc.h"
#include "paddle/phi/core/kernel_utils.h"

namespace paddle {
namespace framework {
namespace {

template <typename T>
T Convert(const Attr& attr) {
  phi::Attribute value = ConvertAttr(attr, phi::AttributeIndexOf<T>());
  EXPECT_TRUE(std::holds_alternative<T>(value)) << attr.name();
  return std::get<T>(value);
}

// Expects InvalidArgumentError whose message names the attribute.
template <typename T>
void ExpectMismatch(const Attr& attr) {
  try {
    ConvertAttr(attr, phi::AttributeIndexOf<T>());
    ADD_FAILURE() << "expected attribute '" << attr.name() << "' ("
                  << proto::AttrType_Name(attr.type()) << ") to fail converting to "
                  << AttributeTypeName(phi::AttributeIndexOf<T>());
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("'" + attr.name() + "'"), std::string::npos) << e.what();
  }
}

TEST(ConvertAttr, ScalarTolerances) {
  EXPECT_EQ(Convert<int64_t>(MakeAttr("axis", 3)), int64_t{3});
  EXPECT_EQ(Convert<int64_t>(MakeAttr("axis", -3)), int64_t{-3});
  EXPECT_EQ(Convert<int>(MakeAttr("seed", int64_t{123456})), 123456);
  EXPECT_EQ(Convert<int>(MakeAttr("seed", int64_t{-9})), -9);
  EXPECT_DOUBLE_EQ(Convert<double>(MakeAttr("eps", 0.25f)), 0.25);
  EXPECT_FLOAT_EQ(Convert<float>(MakeAttr("eps", 0.125)), 0.125f);
  EXPECT_DOUBLE_EQ(Convert<double>(MakeAttr("value", 7)), 7.0);  // INT to a float parameter
  EXPECT_EQ(Convert<bool>(MakeAttr("flag", true)), true);
  EXPECT_EQ(Convert<bool>(MakeAttr("flag", 0)), false);
  EXPECT_EQ(Convert<std::string>(MakeAttr("name", "abc")), "abc");
}

TEST(ConvertAttr, ListTolerances) {
  EXPECT_EQ(Convert<std::vector<int64_t>>(MakeAttr("shape", std::vector<int>{2, -1, 3})),
            (std::vector<int64_t>{2, -1, 3}));
  EXPECT_EQ(Convert<std::vector<int>>(MakeAttr("axes", std::vector<int64_t>{0, -2})),
            (std::vector<int>{0, -2}));
  EXPECT_EQ(Convert<std::vector<double>>(MakeAttr("v", std::vector<float>{0.5f, -1.5f})),
            (std::vector<double>{0.5, -1.5}));
  EXPECT_EQ(Convert<std::vector<float>>(MakeAttr("v", std::vector<double>{0.25})),
            (std::vector<float>{0.25f}));
  EXPECT_EQ(Convert<std::vector<bool>>(MakeAttr("v", std::vector<bool>{true, false})),
            (std::vector<bool>{true, false}));
  EXPECT_EQ(Convert<std::vector<std::string>>(MakeAttr("v", std::vector<std::string>{"a", "b"})),
            (std::vector<std::string>{"a", "b"}));
  // An empty list of another element type is an empty list of any type.
  EXPECT_TRUE(Convert<std::vector<int>>(MakeAttr("v", std::vector<float>{})).empty());
  EXPECT_TRUE(Convert<std::vector<std::string>>(MakeAttr("v", std::vector<int64_t>{})).empty());
}

TEST(ConvertAttr, DataTypeFromVarTypeNumber) {
  // VarType numbers of paddle_compat.md §1a: FP32 = 5, INT64 = 3, FP64 = 6, BOOL = 0.
  EXPECT_EQ(Convert<phi::DataType>(MakeAttr("dtype", 5)), phi::DataType::FLOAT32);
  EXPECT_EQ(Convert<phi::DataType>(MakeAttr("dtype", 3)), phi::DataType::INT64);
  EXPECT_EQ(Convert<phi::DataType>(MakeAttr("dtype", 6)), phi::DataType::FLOAT64);
  EXPECT_EQ(Convert<phi::DataType>(MakeAttr("dtype", 0)), phi::DataType::BOOL);
  EXPECT_EQ(Convert<phi::DataType>(MakeAttr("dtype", int64_t{2})), phi::DataType::INT32);
  EXPECT_EQ(Convert<phi::DataType>(MakeAttr("out_dtype", -1)), phi::DataType::UNDEFINED);
}

TEST(ConvertAttr, MismatchesNameTheAttribute) {
  ExpectMismatch<int>(MakeAttr("axis_str", "x"));
  ExpectMismatch<std::string>(MakeAttr("mode", 3));
  ExpectMismatch<std::vector<int>>(MakeAttr("shape_f", std::vector<float>{1.5f}));
  ExpectMismatch<std::vector<int64_t>>(MakeAttr("names", std::vector<std::string>{"a"}));
  ExpectMismatch<std::vector<std::string>>(MakeAttr("ints", std::vector<int>{1}));
  ExpectMismatch<float>(MakeAttr("scale_s", "2.0"));
  ExpectMismatch<bool>(MakeAttr("flag_f", 1.0f));
  ExpectMismatch<std::vector<bool>>(MakeAttr("bools_i", std::vector<int>{1}));
  // Out of range for int32.
  ExpectMismatch<int>(MakeAttr("big", int64_t{1} << 40));
  ExpectMismatch<std::vector<int>>(MakeAttr("bigs", std::vector<int64_t>{int64_t{1} << 33}));
  // Not a VarType at all, and a VarType that is not an element type (LOD_TENSOR = 7).
  ExpectMismatch<phi::DataType>(MakeAttr("dtype", 999));
  ExpectMismatch<phi::DataType>(MakeAttr("dtype", 7));
  ExpectMismatch<phi::DataType>(MakeAttr("dtype", "float32"));
}

TEST(ConvertAttr, MessageSaysExpectedAndActual) {
  try {
    ConvertAttr(MakeAttr("axis", "x"), phi::AttributeIndexOf<int>());
    FAIL() << "no error";
  } catch (const common::InvalidArgumentError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("int32"), std::string::npos) << msg;
    EXPECT_NE(msg.find("STRING"), std::string::npos) << msg;
    EXPECT_NE(msg.find("but"), std::string::npos) << msg;
  }
}

TEST(AttrHelpers, MakeAttrStoresPaddleTypes) {
  EXPECT_EQ(MakeAttr("a", 1).type(), proto::INT);
  EXPECT_EQ(MakeAttr("a", int64_t{1}).type(), proto::LONG);
  EXPECT_EQ(MakeAttr("a", 1.0f).type(), proto::FLOAT);
  EXPECT_EQ(MakeAttr("a", 1.0).type(), proto::FLOAT64);
  EXPECT_EQ(MakeAttr("a", "s").type(), proto::STRING);
  EXPECT_EQ(MakeAttr("a", std::vector<int>{}).type(), proto::INTS);
  EXPECT_EQ(MakeAttr("a", std::vector<int64_t>{}).type(), proto::LONGS);
  EXPECT_EQ(MakeAttr("a", std::vector<double>{}).type(), proto::FLOAT64S);
  EXPECT_EQ(MakeAttr("a", BlockRef{2}).block_idx(), 2);
  EXPECT_TRUE(AttrEquals(MakeAttr("a", 3), MakeAttr("a", 3)));
  EXPECT_FALSE(AttrEquals(MakeAttr("a", 3), MakeAttr("a", int64_t{3})));
  EXPECT_FALSE(AttrEquals(MakeAttr("a", 3), MakeAttr("a", 4)));
  EXPECT_EQ(AttrValueToString(MakeAttr("a", std::vector<int>{1, 2})), "[1, 2]");
  EXPECT_EQ(AttrValueToString(MakeAttr("a", true)), "True");
}

TEST(AttrHelpers, OpDescTypedReadsConvert) {
  OpDesc op("reshape2");
  op.SetAttr("shape", std::vector<int>{2, 3});
  op.SetAttr("axis", int64_t{1});
  EXPECT_EQ(op.GetAttrAs<std::vector<int64_t>>("shape"), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(op.GetAttrAs<int>("axis"), 1);
  try {
    op.GetAttr("missing_attr");
    FAIL() << "no error";
  } catch (const common::NotFoundError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("reshape2"), std::string::npos) << msg;
    EXPECT_NE(msg.find("missing_attr"), std::string::npos) << msg;
  }
  EXPECT_THROW(op.GetAttrAs<std::string>("axis"), common::InvalidArgumentError);
}

}  // namespace
}  // namespace framework
}  // namespace paddle
