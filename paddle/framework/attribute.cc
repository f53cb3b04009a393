#include "paddle/framework/attribute.h"

#include <limits>
#include <sstream>

#include "paddle/common/errors.h"

namespace paddle {
namespace framework {

namespace {
Attr Named(const std::string& name, proto::AttrType type) {
  Attr attr;
  attr.set_name(name);
  attr.set_type(type);
  return attr;
}

bool IsListType(proto::AttrType t) {
  return t == proto::INTS || t == proto::FLOATS || t == proto::STRINGS || t == proto::BOOLEANS ||
         t == proto::LONGS || t == proto::FLOAT64S || t == proto::BLOCKS;
}

int ListSize(const Attr& a) {
  switch (a.type()) {
    case proto::INTS: return a.ints_size();
    case proto::FLOATS: return a.floats_size();
    case proto::STRINGS: return a.strings_size();
    case proto::BOOLEANS: return a.bools_size();
    case proto::LONGS: return a.longs_size();
    case proto::FLOAT64S: return a.float64s_size();
    case proto::BLOCKS: return a.blocks_idx_size();
    default: return -1;
  }
}

[[noreturn]] void Mismatch(const Attr& attr, int target_index) {
  PD_THROW(InvalidArgument, "expected attribute '", attr.name(), "' to be convertible to ",
           AttributeTypeName(target_index), ", but it is stored as ",
           proto::AttrType_Name(attr.type()), " with value ", AttrValueToString(attr));
}

int64_t ScalarAsInt(const Attr& a, int target_index) {
  switch (a.type()) {
    case proto::INT: return a.i();
    case proto::LONG: return a.l();
    case proto::BOOLEAN: return a.b() ? 1 : 0;
    case proto::BLOCK: return a.block_idx();
    case proto::SCALAR:
      if (a.scalar().has_i()) return a.scalar().i();
      if (a.scalar().has_b()) return a.scalar().b();
      break;
    default: break;
  }
  Mismatch(a, target_index);
}

double ScalarAsDouble(const Attr& a, int target_index) {
  switch (a.type()) {
    case proto::FLOAT: return a.f();
    case proto::FLOAT64: return a.float64();
    case proto::INT: return a.i();
    case proto::LONG: return static_cast<double>(a.l());
    case proto::SCALAR:
      if (a.scalar().has_r()) return a.scalar().r();
      if (a.scalar().has_i()) return static_cast<double>(a.scalar().i());
      break;
    default: break;
  }
  Mismatch(a, target_index);
}

template <typename T>
std::vector<T> IntList(const Attr& a, int target_index) {
  std::vector<T> out;
  if (a.type() == proto::INTS) {
    for (int v : a.ints()) out.push_back(static_cast<T>(v));
  } else if (a.type() == proto::LONGS) {
    for (int64_t v : a.longs()) {
      if (sizeof(T) < 8)
        PD_CHECK(v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max(),
                 InvalidArgument, "expected attribute '", a.name(),
                 "' values to fit in int32, but got ", v);
      out.push_back(static_cast<T>(v));
    }
  } else if (a.type() == proto::BLOCKS) {
    for (int v : a.blocks_idx()) out.push_back(static_cast<T>(v));
  } else if (ListSize(a) != 0) {
    Mismatch(a, target_index);
  }
  return out;
}

template <typename T>
std::vector<T> FloatList(const Attr& a, int target_index) {
  std::vector<T> out;
  if (a.type() == proto::FLOATS) {
    for (float v : a.floats()) out.push_back(static_cast<T>(v));
  } else if (a.type() == proto::FLOAT64S) {
    for (double v : a.float64s()) out.push_back(static_cast<T>(v));
  } else if (a.type() == proto::INTS) {
    for (int v : a.ints()) out.push_back(static_cast<T>(v));
  } else if (a.type() == proto::LONGS) {
    for (int64_t v : a.longs()) out.push_back(static_cast<T>(v));
  } else if (ListSize(a) != 0) {
    Mismatch(a, target_index);
  }
  return out;
}
}  // namespace

Attr MakeAttr(const std::string& name, int value) {
  Attr a = Named(name, proto::INT);
  a.set_i(value);
  return a;
}
Attr MakeAttr(const std::string& name, int64_t value) {
  Attr a = Named(name, proto::LONG);
  a.set_l(value);
  return a;
}
Attr MakeAttr(const std::string& name, float value) {
  Attr a = Named(name, proto::FLOAT);
  a.set_f(value);
  return a;
}
Attr MakeAttr(const std::string& name, double value) {
  Attr a = Named(name, proto::FLOAT64);
  a.set_float64(value);
  return a;
}
Attr MakeAttr(const std::string& name, bool value) {
  Attr a = Named(name, proto::BOOLEAN);
  a.set_b(value);
  return a;
}
Attr MakeAttr(const std::string& name, const std::string& value) {
  Attr a = Named(name, proto::STRING);
  a.set_s(value);
  return a;
}
Attr MakeAttr(const std::string& name, const char* value) {
  return MakeAttr(name, std::string(value));
}
Attr MakeAttr(const std::string& name, const std::vector<int>& value) {
  Attr a = Named(name, proto::INTS);
  for (int v : value) a.add_ints(v);
  return a;
}
Attr MakeAttr(const std::string& name, const std::vector<int64_t>& value) {
  Attr a = Named(name, proto::LONGS);
  for (int64_t v : value) a.add_longs(v);
  return a;
}
Attr MakeAttr(const std::string& name, const std::vector<float>& value) {
  Attr a = Named(name, proto::FLOATS);
  for (float v : value) a.add_floats(v);
  return a;
}
Attr MakeAttr(const std::string& name, const std::vector<double>& value) {
  Attr a = Named(name, proto::FLOAT64S);
  for (double v : value) a.add_float64s(v);
  return a;
}
Attr MakeAttr(const std::string& name, const std::vector<bool>& value) {
  Attr a = Named(name, proto::BOOLEANS);
  for (bool v : value) a.add_bools(v);
  return a;
}
Attr MakeAttr(const std::string& name, const std::vector<std::string>& value) {
  Attr a = Named(name, proto::STRINGS);
  for (const auto& v : value) a.add_strings(v);
  return a;
}
Attr MakeAttr(const std::string& name, BlockRef value) {
  Attr a = Named(name, proto::BLOCK);
  a.set_block_idx(value.idx);
  return a;
}

const char* AttributeTypeName(int index) {
  static const char* kNames[] = {"bool",          "int32",         "int64",
                                 "float32",       "float64",       "string",
                                 "list of bool",  "list of int32", "list of int64",
                                 "list of float32", "list of float64", "list of string",
                                 "data type"};
  return index >= 0 && index < static_cast<int>(sizeof(kNames) / sizeof(kNames[0]))
             ? kNames[index]
             : "unknown";
}

phi::Attribute ConvertAttr(const Attr& a, int target_index) {
  switch (target_index) {
    case 0: {  // bool
      if (a.type() == proto::BOOLEAN) return a.b();
      return ScalarAsInt(a, target_index) != 0;
    }
    case 1: {  // int
      int64_t v;
      if (a.type() == proto::FLOAT || a.type() == proto::FLOAT64) {
        // Range-checked before the conversion, which is undefined for inf, nan and huge values.
        const double d = ScalarAsDouble(a, target_index);
        PD_CHECK(d >= std::numeric_limits<int>::min() && d <= std::numeric_limits<int>::max(),
                 InvalidArgument, "expected attribute '", a.name(), "' to fit in int32, but got ",
                 d);
        v = static_cast<int64_t>(d);
      } else {
        v = ScalarAsInt(a, target_index);
      }
      PD_CHECK(v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max(),
               InvalidArgument, "expected attribute '", a.name(), "' to fit in int32, but got ", v);
      return static_cast<int>(v);
    }
    case 2: return ScalarAsInt(a, target_index);
    case 3: return static_cast<float>(ScalarAsDouble(a, target_index));
    case 4: return ScalarAsDouble(a, target_index);
    case 5:
      if (a.type() == proto::STRING) return a.s();
      Mismatch(a, target_index);
    case 6: {
      std::vector<bool> out;
      if (a.type() == proto::BOOLEANS) {
        for (bool v : a.bools()) out.push_back(v);
      } else if (ListSize(a) != 0) {
        Mismatch(a, target_index);
      }
      return out;
    }
    case 7: return IntList<int>(a, target_index);
    case 8: return IntList<int64_t>(a, target_index);
    case 9: return FloatList<float>(a, target_index);
    case 10: return FloatList<double>(a, target_index);
    case 11: {
      std::vector<std::string> out;
      if (a.type() == proto::STRINGS) {
        out.assign(a.strings().begin(), a.strings().end());
      } else if (ListSize(a) != 0) {
        Mismatch(a, target_index);
      }
      return out;
    }
    case 12: {  // DataType, stored as an INT VarType; -1 means "undefined" (follow input)
      int64_t v = ScalarAsInt(a, target_index);
      if (v < 0) return phi::DataType::UNDEFINED;
      PD_CHECK(v <= std::numeric_limits<int>::max() &&
                   proto::VarType::Type_IsValid(static_cast<int>(v)) &&
                   IsTensorElementType(static_cast<proto::VarType::Type>(v)),
               InvalidArgument, "expected attribute '", a.name(),
               "' to be a VarType data type, but got ", v);
      return VarTypeToDataType(static_cast<proto::VarType::Type>(v));
    }
    default:
      PD_THROW(Internal, "no conversion to phi::Attribute alternative ", target_index);
  }
}

std::string AttrValueToString(const Attr& a) {
  std::ostringstream os;
  auto list = [&os](const auto& values, bool quote = false) {
    os << "[";
    bool first = true;
    for (const auto& v : values) {
      os << (first ? "" : ", ");
      if (quote) os << '"' << v << '"'; else os << v;
      first = false;
    }
    os << "]";
  };
  switch (a.type()) {
    case proto::INT: os << a.i(); break;
    case proto::FLOAT: os << a.f(); break;
    case proto::STRING: os << '"' << a.s() << '"'; break;
    case proto::INTS: list(a.ints()); break;
    case proto::FLOATS: list(a.floats()); break;
    case proto::STRINGS: list(a.strings(), true); break;
    case proto::BOOLEAN: os << (a.b() ? "True" : "False"); break;
    case proto::BOOLEANS: {
      std::vector<std::string> v;
      for (bool b : a.bools()) v.push_back(b ? "True" : "False");
      list(v);
      break;
    }
    case proto::BLOCK: os << "block[" << a.block_idx() << "]"; break;
    case proto::LONG: os << a.l(); break;
    case proto::BLOCKS: list(a.blocks_idx()); break;
    case proto::LONGS: list(a.longs()); break;
    case proto::FLOAT64S: list(a.float64s()); break;
    case proto::VAR: os << a.var_name(); break;
    case proto::VARS: list(a.vars_name()); break;
    case proto::FLOAT64: os << a.float64(); break;
    case proto::SCALAR: os << a.scalar().ShortDebugString(); break;
    case proto::SCALARS: os << "<" << a.scalars_size() << " scalars>"; break;
  }
  return os.str();
}

bool AttrEquals(const Attr& a, const Attr& b) {
  return a.SerializeAsString() == b.SerializeAsString();
}

}  // namespace framework
}  // namespace paddle
