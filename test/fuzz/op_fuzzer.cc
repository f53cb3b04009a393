// libFuzzer target over every op record: the fuzzed bytes pick one op, its input tensors
// (count per slot, dtype, shape, data) and its attributes (default or fuzzed), and the op runs
// once through the eager path (framework::RunOpOnTensors: InferMeta, then the kernel). Any
// typed error is fine; a crash, a sanitizer report, an untyped exception, an InternalError
// (a broken invariant of ours) or a hang is a bug.
//
// Decoding is built so that zero bytes mean "typical": one [3, 3] float tensor per slot (every
// input of the op shares the first one's shape) and default attributes, so a seed of zeros
// ending in an op selector runs that op plainly. OPFUZZ_SEED_DIR=<dir> writes one such seed
// per op; OPFUZZ_PRINT=1 prints each decoded op before it runs (to read a crash input);
// OPFUZZ_ONLY=op1,op2 fuzzes only those ops (a campaign on new ones).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/op_binding.h"
#include "paddle/framework/op_record.h"
#include "paddle/framework/prepared_op.h"
#include "paddle/phi/core/allocator.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace {

using paddle::framework::Attr;
using paddle::framework::AttrDef;
using paddle::framework::OpDesc;
using paddle::framework::OpRecord;
using paddle::framework::OpRecordRegistry;
namespace proto = paddle::framework::proto;

// Kernels run only when every input and output holds at most this many elements, so one
// input stays well under a second even with the sanitizers.
constexpr int64_t kMaxElements = 1000000;

// Convolutions' work is not bounded by their tensors' sizes: a window as large as the image
// multiplies them (depthwise_conv2d_transpose on Input and Filter both [3, 3, 1000, 5] is
// 0.4 s in the release build but 98 s under the coverage instrumentation, past the CI's
// -timeout). Ops with a Filter (or attention's keys K, whose work is Q's size times K's
// sequence) run their kernel only when that input's element count times the largest other
// tensor's stays under this.
constexpr int64_t kMaxFilterWork = int64_t{1} << 27;

// Ops a single run cannot exercise: executor-handled ones (no_kernel: feed, fetch, control
// flow) are skipped by their record; these have kernels but do I/O.
const std::set<std::string> kSkippedOps = {"print", "save", "load", "save_combine", "load_combine"};

struct FuzzOp {
  const OpRecord* record;
  uint32_t selector;  // the op owns selector values (previous op's selector, this one]
  std::vector<phi::DataType> dtypes;  // registered CPU kernel dtypes, float32 first
};

// FNV-1a: a stable hash of the op type, so adding an op moves few inputs to another op.
uint32_t Selector(const std::string& type) {
  uint32_t h = 2166136261u;
  for (unsigned char c : type) h = (h ^ c) * 16777619u;
  return h;
}

int DtypeRank(phi::DataType t) {
  static const phi::DataType kOrder[] = {phi::DataType::FLOAT32, phi::DataType::FLOAT64,
                                         phi::DataType::INT64, phi::DataType::INT32};
  for (int i = 0; i < 4; ++i)
    if (kOrder[i] == t) return i;
  return 4 + static_cast<int>(t);
}

bool HasBlockAttr(const OpRecord& r) {
  for (const AttrDef& a : r.attrs)
    if (a.type == proto::BLOCK || a.type == proto::BLOCKS) return true;
  return false;
}

// OPFUZZ_ONLY=op1,op2,...: fuzz only these ops (a campaign on newly added ops).
bool Wanted(const std::string& type) {
  static const std::set<std::string> only = [] {
    std::set<std::string> out;
    const char* env = std::getenv("OPFUZZ_ONLY");
    std::string list = env == nullptr ? "" : env;
    size_t start = 0;
    while (start < list.size()) {
      size_t end = list.find(',', start);
      if (end == std::string::npos) end = list.size();
      if (end > start) out.insert(list.substr(start, end - start));
      start = end + 1;
    }
    return out;
  }();
  return only.empty() || only.count(type) > 0;
}

std::vector<FuzzOp>& Ops() {
  static std::vector<FuzzOp> ops = [] {
    std::vector<FuzzOp> out;
    auto& kernels = phi::KernelRegistry::Instance();
    for (const std::string& type : OpRecordRegistry::Instance().Types()) {
      const OpRecord& r = OpRecordRegistry::Instance().Get(type);
      if (r.no_kernel || kSkippedOps.count(type) || HasBlockAttr(r) ||
          !kernels.HasKernel(r.kernel_name) || !Wanted(type))
        continue;
      FuzzOp op{&r, Selector(type), {}};
      for (const phi::KernelKey& k : kernels.KeysOf(r.kernel_name))
        if (k.backend == phi::Backend::CPU) op.dtypes.push_back(k.dtype);
      std::sort(op.dtypes.begin(), op.dtypes.end(),
                [](phi::DataType a, phi::DataType b) { return DtypeRank(a) < DtypeRank(b); });
      op.dtypes.erase(std::unique(op.dtypes.begin(), op.dtypes.end()), op.dtypes.end());
      if (op.dtypes.empty()) op.dtypes.push_back(phi::DataType::FLOAT32);
      out.push_back(std::move(op));
    }
    std::sort(out.begin(), out.end(), [](const FuzzOp& a, const FuzzOp& b) {
      return a.selector != b.selector ? a.selector < b.selector : a.record->type < b.record->type;
    });
    return out;
  }();
  return ops;
}

const FuzzOp& PickOp(uint32_t value) {
  const auto& ops = Ops();
  auto it = std::lower_bound(ops.begin(), ops.end(), value,
                             [](const FuzzOp& op, uint32_t v) { return op.selector < v; });
  return it == ops.end() ? ops.front() : *it;
}

// Every string default of every record, plus a few values ops switch on.
const std::vector<std::string>& Strings() {
  static std::vector<std::string> strings = [] {
    std::set<std::string> s = {"",
                               "NCHW",
                               "NHWC",
                               "NCDHW",
                               "NDHWC",
                               "AnyLayout",
                               "SAME",
                               "VALID",
                               "EXPLICIT",
                               "mean",
                               "sum",
                               "none",
                               "max",
                               "avg",
                               "relu",
                               "tanh",
                               "sigmoid",
                               "identity",
                               "nearest",
                               "bilinear",
                               "constant",
                               "reflect",
                               "replicate",
                               "circular",
                               "LSTM",
                               "GRU",
                               "RNN_TANH",
                               "RNN_RELU",
                               "upscale_in_train",
                               "downgrade_in_infer",
                               "elementwise_add,relu",
                               "relu,elementwise_add",
                               "gelu",
                               "none_act"};
    for (const std::string& type : OpRecordRegistry::Instance().Types()) {
      for (const AttrDef& a : OpRecordRegistry::Instance().Get(type).attrs) {
        if (a.default_value.type() == proto::STRING) s.insert(a.default_value.s());
        if (a.default_value.type() == proto::STRINGS)
          for (const auto& v : a.default_value.strings()) s.insert(v);
      }
    }
    return std::vector<std::string>(s.begin(), s.end());
  }();
  return strings;
}

// ---- Fuzzed values ------------------------------------------------------------------------

int64_t FuzzInt(FuzzedDataProvider* fdp, bool wide) {
  static const int64_t kExtremes32[] = {std::numeric_limits<int32_t>::min(),
                                        std::numeric_limits<int32_t>::max(),
                                        -1,
                                        0,
                                        1 << 30,
                                        1 << 16,
                                        -(1 << 30),
                                        255};
  static const int64_t kExtremes64[] = {std::numeric_limits<int64_t>::min(),
                                        std::numeric_limits<int64_t>::max(),
                                        int64_t{1} << 31,
                                        int64_t{1} << 62,
                                        -(int64_t{1} << 40),
                                        int64_t{1} << 32,
                                        -1,
                                        0};
  switch (fdp->ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
    case 1:
      return fdp->ConsumeIntegralInRange<int64_t>(-3, 6);
    case 2:
      return fdp->ConsumeIntegralInRange<int64_t>(0, 25);
    case 3:
      return kExtremes32[fdp->ConsumeIntegralInRange<int>(0, 7)];
    case 4:
      return wide ? kExtremes64[fdp->ConsumeIntegralInRange<int>(0, 7)]
                  : fdp->ConsumeIntegral<int32_t>();
    default:
      return wide ? fdp->ConsumeIntegral<int64_t>() : fdp->ConsumeIntegral<int32_t>();
  }
}

double FuzzFloat(FuzzedDataProvider* fdp) {
  static const double kSpecial[] = {0.0,
                                    -0.0,
                                    1.0,
                                    -1.0,
                                    0.5,
                                    std::numeric_limits<double>::quiet_NaN(),
                                    std::numeric_limits<double>::infinity(),
                                    -std::numeric_limits<double>::infinity(),
                                    1e30,
                                    -1e30,
                                    std::numeric_limits<float>::denorm_min(),
                                    std::numeric_limits<double>::max(),
                                    2147483648.0,
                                    1e-7,
                                    3.0,
                                    -2.5};
  switch (fdp->ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      return static_cast<double>(fdp->ConsumeIntegralInRange<int>(-8, 8)) / 4;
    case 1:
    case 2:
      return kSpecial[fdp->ConsumeIntegralInRange<int>(0, 15)];
    default:
      return fdp->ConsumeFloatingPoint<double>();
  }
}

// Doubles beyond float range become +-inf rather than an out-of-range conversion.
float ToFloat(double v) {
  if (v > std::numeric_limits<float>::max()) return std::numeric_limits<float>::infinity();
  if (v < -std::numeric_limits<float>::max()) return -std::numeric_limits<float>::infinity();
  return static_cast<float>(v);
}

std::string FuzzString(FuzzedDataProvider* fdp) {
  if (fdp->ConsumeIntegralInRange<int>(0, 7) == 7) return fdp->ConsumeRandomLengthString(16);
  const auto& s = Strings();
  return s[fdp->ConsumeIntegralInRange<size_t>(0, s.size() - 1)];
}

size_t FuzzListLength(FuzzedDataProvider* fdp) {
  uint8_t b = fdp->ConsumeIntegral<uint8_t>();
  return b < 240 ? b % 7 : b % 11;
}

Attr FuzzAttrOfType(FuzzedDataProvider* fdp, const std::string& name, proto::AttrType type,
                    const Attr& def) {
  Attr a;
  a.set_name(name);
  a.set_type(type);
  size_t n;
  switch (type) {
    case proto::INT:
      a.set_i(static_cast<int32_t>(FuzzInt(fdp, false)));
      break;
    case proto::LONG:
      a.set_l(FuzzInt(fdp, true));
      break;
    case proto::FLOAT:
      a.set_f(ToFloat(FuzzFloat(fdp)));
      break;
    case proto::FLOAT64:
      a.set_float64(FuzzFloat(fdp));
      break;
    case proto::BOOLEAN:
      a.set_b(fdp->ConsumeBool());
      break;
    case proto::STRING:
      a.set_s(FuzzString(fdp));
      break;
    case proto::INTS:
      n = FuzzListLength(fdp);
      for (size_t i = 0; i < n; ++i) a.add_ints(static_cast<int32_t>(FuzzInt(fdp, false)));
      break;
    case proto::LONGS:
      n = FuzzListLength(fdp);
      for (size_t i = 0; i < n; ++i) a.add_longs(FuzzInt(fdp, true));
      break;
    case proto::FLOATS:
      n = FuzzListLength(fdp);
      for (size_t i = 0; i < n; ++i) a.add_floats(ToFloat(FuzzFloat(fdp)));
      break;
    case proto::FLOAT64S:
      n = FuzzListLength(fdp);
      for (size_t i = 0; i < n; ++i) a.add_float64s(FuzzFloat(fdp));
      break;
    case proto::BOOLEANS:
      n = FuzzListLength(fdp);
      for (size_t i = 0; i < n; ++i) a.add_bools(fdp->ConsumeBool());
      break;
    case proto::STRINGS:
      n = FuzzListLength(fdp) % 4;
      for (size_t i = 0; i < n; ++i) a.add_strings(FuzzString(fdp));
      break;
    case proto::SCALAR: {
      auto* s = a.mutable_scalar();
      switch (fdp->ConsumeIntegralInRange<int>(0, 2)) {
        case 0:
          s->set_type(proto::Scalar::LONG);
          s->set_i(FuzzInt(fdp, true));
          break;
        case 1:
          s->set_type(proto::Scalar::FLOAT64);
          s->set_r(FuzzFloat(fdp));
          break;
        default:
          s->set_type(proto::Scalar::BOOLEAN);
          s->set_b(fdp->ConsumeBool());
      }
      break;
    }
    default:
      return def;  // SCALARS, VAR(S): the record's default
  }
  return a;
}

// The default (zero byte), a fuzzed value of the attribute's type, or rarely one of another
// type (the attribute conversion must refuse it with a typed error).
bool FuzzAttr(FuzzedDataProvider* fdp, const AttrDef& def, Attr* out) {
  uint8_t b = fdp->ConsumeIntegral<uint8_t>();
  if (b < 128 && !def.required) return false;
  proto::AttrType type = def.type;
  if (b >= 252) {
    static const proto::AttrType kTypes[] = {proto::INT,    proto::FLOAT,   proto::STRING,
                                             proto::INTS,   proto::BOOLEAN, proto::LONGS,
                                             proto::FLOATS, proto::LONG};
    type = kTypes[fdp->ConsumeIntegralInRange<int>(0, 7)];
  }
  *out = FuzzAttrOfType(fdp, def.name, type, def.default_value);
  return true;
}

// ---- Tensors ------------------------------------------------------------------------------

// Exactly sized storage outside the runtime's allocator (which rounds sizes up and caches
// blocks), so the sanitizer sees every access past a tensor's end.
class Arena {
 public:
  ~Arena() {
    for (void* p : blocks_) ::operator delete (p, std::align_val_t{64});
  }
  void Attach(phi::DenseTensor* t) {
    size_t bytes = static_cast<size_t>(t->numel()) * phi::SizeOf(t->dtype());
    void* p = ::operator new (bytes, std::align_val_t{64});
    blocks_.push_back(p);
    std::memset(p, 0xA5, bytes);  // garbage, not zeros: uninitialized reads show up
    t->ResetHolder(std::make_shared<phi::Allocation>(p, bytes, phi::CPUPlace(), nullptr));
  }

 private:
  std::vector<void*> blocks_;
};

int64_t FuzzExtent(FuzzedDataProvider* fdp) {
  static const int64_t kSmall[] = {3, 2, 1, 4, 5, 6, 0};
  static const int64_t kModerate[] = {7, 8, 16, 31, 64, 100, 257, 1000};
  static const int64_t kHuge[] = {-1,
                                  -1,
                                  int64_t{1} << 31,
                                  (int64_t{1} << 31) - 1,
                                  int64_t{1} << 62,
                                  (int64_t{1} << 32) + 1,
                                  std::numeric_limits<int64_t>::max(),
                                  int64_t{1} << 20};
  uint8_t b = fdp->ConsumeIntegral<uint8_t>();
  if (b < 240) return kSmall[b % 7];
  if (b < 248) return kModerate[b - 240];
  return kHuge[b - 248];
}

// An empty shape whose other extents multiply past kMaxElements ([2^20, 2^20, 0]): kernels
// that walk rows before looking at the element count spin over 2^40 empty rows (argsort and
// cumsum did; a known class, left out of the kernel runs so campaigns find other things).
// OPFUZZ_KEEP_HUGE_EMPTY=1 lets them reach the kernels: after the fourteenth session's audit
// fixed 14 ops of that class, two 4-minute campaigns with it found one more (conv3d's extent
// products overflowing over an empty [1, 0, 5, 2^63 - 1, 3] input), then nothing.
bool HugeEmpty(const phi::DDim& dims) {
  static const bool keep = std::getenv("OPFUZZ_KEEP_HUGE_EMPTY") != nullptr;
  if (keep) return false;
  int64_t rows = 1;
  for (int i = 0; i < dims.size(); ++i) {
    if (dims[i] <= 0) continue;
    if (__builtin_mul_overflow(rows, dims[i], &rows) || rows > kMaxElements) return true;
  }
  return false;
}

bool IsFloating(phi::DataType t) {
  return t == phi::DataType::FLOAT16 || t == phi::DataType::BFLOAT16 ||
         t == phi::DataType::FLOAT32 || t == phi::DataType::FLOAT64 ||
         t == phi::DataType::COMPLEX64 || t == phi::DataType::COMPLEX128;
}

// Stores element i: an integer for integer and bool dtypes, `f` for floating ones.
void Store(phi::DenseTensor* t, int64_t i, int64_t v, double f) {
  void* p = t->raw_data();
  switch (t->dtype()) {
    case phi::DataType::BOOL:
      static_cast<bool*>(p)[i] = v != 0;
      break;
    case phi::DataType::INT8:
      static_cast<int8_t*>(p)[i] = static_cast<int8_t>(v);
      break;
    case phi::DataType::UINT8:
      static_cast<uint8_t*>(p)[i] = static_cast<uint8_t>(v);
      break;
    case phi::DataType::INT16:
      static_cast<int16_t*>(p)[i] = static_cast<int16_t>(v);
      break;
    case phi::DataType::INT32:
      static_cast<int32_t*>(p)[i] = static_cast<int32_t>(v);
      break;
    case phi::DataType::INT64:
      static_cast<int64_t*>(p)[i] = v;
      break;
    case phi::DataType::FLOAT16:
      static_cast<phi::dtype::float16*>(p)[i] = phi::dtype::float16(ToFloat(f));
      break;
    case phi::DataType::BFLOAT16:
      static_cast<phi::dtype::bfloat16*>(p)[i] = phi::dtype::bfloat16(ToFloat(f));
      break;
    case phi::DataType::FLOAT32:
      static_cast<float*>(p)[i] = ToFloat(f);
      break;
    case phi::DataType::FLOAT64:
      static_cast<double*>(p)[i] = f;
      break;
    case phi::DataType::COMPLEX64:
      static_cast<phi::complex64*>(p)[i] = phi::complex64(ToFloat(f), 0.0f);
      break;
    case phi::DataType::COMPLEX128:
      static_cast<phi::complex128*>(p)[i] = phi::complex128(f, 0.0);
      break;
    default:
      break;
  }
}

// Fills a tensor: small values (mostly valid indices), raw fuzzed bytes, or special values
// (NaN, inf, extremes), from a chunk of fuzzed bytes used cyclically.
void Fill(FuzzedDataProvider* fdp, phi::DenseTensor* t) {
  int64_t n = t->numel();
  if (n <= 0) return;
  int mode = fdp->ConsumeIntegralInRange<int>(0, 3);
  size_t nbytes = static_cast<size_t>(n) * phi::SizeOf(t->dtype());
  std::vector<uint8_t> chunk = fdp->ConsumeBytes<uint8_t>(
      std::min<size_t>(mode == 1 ? nbytes : static_cast<size_t>(n), 512));
  if (chunk.empty()) chunk.push_back(0);
  if (mode == 1) {  // raw bytes (bool gets 0/1: other values are not a valid bool)
    auto* p = static_cast<uint8_t*>(t->raw_data());
    for (size_t i = 0; i < nbytes; ++i) p[i] = chunk[i % chunk.size()];
    if (t->dtype() == phi::DataType::BOOL)
      for (size_t i = 0; i < nbytes; ++i) p[i] &= 1;
    // Integer data stays in int8 range: element arithmetic on huge integers (abs, square, pow,
    // sums) overflows by design, as in PaddlePaddle; index checks still see bad values.
    if (!IsFloating(t->dtype()) && t->dtype() != phi::DataType::BOOL) {
      for (int64_t i = 0; i < n; ++i) {
        const size_t b = static_cast<size_t>(i) * phi::SizeOf(t->dtype());
        Store(t, i, static_cast<int8_t>(chunk[b % chunk.size()]), 0.0);
      }
    }
    return;
  }
  static const int64_t kSmall[] = {1, 0, 2, 3, -1, 4, 5, -2};
  static const int64_t kIntSpecial[] = {0, -1, 1, 127, -128, 6, -7, 100};  // see mode 1
  static const double kFloatSpecial[] = {0.0,
                                         -0.0,
                                         1.0,
                                         -1.0,
                                         std::numeric_limits<double>::quiet_NaN(),
                                         std::numeric_limits<double>::infinity(),
                                         -std::numeric_limits<double>::infinity(),
                                         1e38,
                                         std::numeric_limits<float>::denorm_min(),
                                         std::numeric_limits<float>::min(),
                                         -1e38,
                                         65504.0,
                                         0.5,
                                         1e-30,
                                         std::numeric_limits<double>::max(),
                                         100.0};
  for (int64_t i = 0; i < n; ++i) {
    uint8_t b = chunk[static_cast<size_t>(i) % chunk.size()];
    if (mode == 3) {
      Store(t, i, kIntSpecial[b % 8], kFloatSpecial[b % 16]);
    } else {
      int64_t v = kSmall[b % 8];
      Store(t, i, v, static_cast<double>(v) + (b >> 3) / 32.0);
    }
  }
}

struct Built {
  OpDesc op;
  std::map<std::string, std::unique_ptr<phi::DenseTensor>> inputs;
  std::vector<std::string> output_names;
  bool inputs_small = true;  // all inputs allocated (known extents, within kMaxElements)
};

void BuildInputs(FuzzedDataProvider* fdp, const FuzzOp& fop, Arena* arena, Built* b) {
  const OpRecord& r = *fop.record;
  phi::DataType op_dtype = fop.dtypes[0];
  bool have_first = false;
  std::vector<int64_t> first_dims;
  for (const auto& slot : r.inputs) {
    uint8_t c = fdp->ConsumeIntegral<uint8_t>();
    int count = 1;
    if (slot.duplicable) {
      static const int kCounts[] = {1, 2, 3, 0};
      count = kCounts[c % 4];
    } else if (slot.dispensable) {
      count = c % 2 == 0 ? 1 : 0;
    } else if (c >= 250) {
      count = 0;  // a required input left out: must be refused
    }
    std::vector<std::string> names;
    for (int i = 0; i < count; ++i) {
      uint8_t d = fdp->ConsumeIntegral<uint8_t>();
      phi::DataType dtype;
      if (d < 224) {
        // Mostly the op's first (float) dtype; integer dtypes also follow the kernel's list,
        // index inputs reach int64 through it.
        dtype = d < 128 ? op_dtype : fop.dtypes[d % fop.dtypes.size()];
        if (d >= 192) dtype = d % 2 ? phi::DataType::INT64 : phi::DataType::INT32;
      } else {
        dtype = static_cast<phi::DataType>(1 + d % 12);
      }
      uint8_t s = fdp->ConsumeIntegral<uint8_t>();
      std::vector<int64_t> dims;
      if (have_first && s < 128) {
        dims = first_dims;
      } else if (have_first && s >= 224 && !first_dims.empty()) {
        dims.assign(first_dims.begin() + 1, first_dims.end());  // a broadcastable tail
      } else {
        static const int kRanks[] = {2, 1, 3, 4, 0, 5};
        int rank = kRanks[fdp->ConsumeIntegral<uint8_t>() % 6];
        for (int k = 0; k < rank; ++k) dims.push_back(FuzzExtent(fdp));
      }
      if (!have_first) {
        have_first = true;
        first_dims = dims;
      }
      auto t = std::make_unique<phi::DenseTensor>(dtype, phi::DDim(dims));  // may throw typed
      int64_t n = t->numel();
      if (n >= 0 && n <= kMaxElements && !HugeEmpty(t->dims())) {
        arena->Attach(t.get());
        Fill(fdp, t.get());
      } else {
        b->inputs_small = false;  // meta only: InferMeta runs, the kernel does not
      }
      std::string name = slot.name + "#" + std::to_string(i);
      b->inputs[name] = std::move(t);
      names.push_back(name);
    }
    if (count > 0 || slot.dispensable) b->op.SetInput(slot.name, names);
  }
}

void BuildOutputs(FuzzedDataProvider* fdp, const OpRecord& r, Built* b) {
  for (const auto& slot : r.outputs) {
    uint8_t c = fdp->ConsumeIntegral<uint8_t>();
    int count = 1;
    if (slot.duplicable) {
      static const int kCounts[] = {1, 2, 3, 0};
      count = kCounts[c % 4];
    } else if (slot.dispensable && c % 2 == 1) {
      count = 0;
    }
    std::vector<std::string> names;
    for (int i = 0; i < count; ++i) {
      names.push_back(slot.name + "#out" + std::to_string(i));
      b->output_names.push_back(names.back());
    }
    b->op.SetOutput(slot.name, names);
  }
}

void BuildAttrs(FuzzedDataProvider* fdp, const OpRecord& r, Built* b) {
  for (const AttrDef& def : r.attrs) {
    if (paddle::framework::IsCommonAttr(def.name)) continue;
    Attr a;
    if (FuzzAttr(fdp, def, &a)) b->op.SetAttr(a);
  }
}

std::string Describe(const Built& b) {
  std::ostringstream os;
  os << "op " << b.op.Type() << "\n";
  for (const auto& [slot, names] : b.op.Inputs()) {
    os << "  in  " << slot << ":";
    for (const auto& n : names) {
      auto it = b.inputs.find(n);
      if (it == b.inputs.end()) {
        os << " None";
        continue;
      }
      os << " " << phi::DataTypeToString(it->second->dtype()) << it->second->dims();
    }
    os << "\n";
  }
  for (const auto& [slot, names] : b.op.Outputs())
    os << "  out " << slot << ": " << names.size() << "\n";
  for (const auto& [name, attr] : b.op.Attrs())
    os << "  attr " << name << " = " << paddle::framework::AttrValueToString(attr) << "\n";
  return os.str();
}

// InferMeta alone on scratch outputs (as build-time shape inference would), to learn the output
// sizes before any kernel allocates them. Returns false when an output is too large to run.
bool InferOutputs(const Built& b, const OpRecord& r,
                  std::map<std::string, std::unique_ptr<phi::DenseTensor>>* outs) {
  for (const auto& n : b.output_names) (*outs)[n] = std::make_unique<phi::DenseTensor>();
  auto slot_tensors = [&](bool input) {
    return [&, input](const std::string& slot) {
      std::vector<phi::DenseTensor*> v;
      for (const auto& n : input ? b.op.Input(slot) : b.op.Output(slot)) {
        if (n == paddle::framework::kEmptyVarName) {
          v.push_back(nullptr);
        } else if (input) {
          v.push_back(b.inputs.at(n).get());
        } else {
          v.push_back(outs->at(n).get());
        }
      }
      return v;
    };
  };
  paddle::framework::CheckOpAgainstRecord(b.op, r);
  phi::KernelContext ctx;
  ctx.SetDeviceContext(&phi::DeviceContextFor(phi::CPUPlace()));
  paddle::framework::BindArguments(b.op, r, r.infer_meta_args, r.infer_meta.args,
                                   slot_tensors(true), slot_tensors(false), &ctx);
  r.infer_meta(&ctx);
  for (const auto& [n, t] : *outs)
    if (t->numel() > kMaxElements || HugeEmpty(t->dims())) return false;
  return true;
}

// See kMaxFilterWork. Element counts are at most kMaxElements here, so the product fits.
bool FilterWorkTooLarge(const Built& b,
                        const std::map<std::string, std::unique_ptr<phi::DenseTensor>>& outs) {
  int64_t filter = 0, largest = 0;
  for (const auto& [name, t] : b.inputs) {
    if (name.rfind("Filter#", 0) == 0 || name.rfind("K#", 0) == 0) {
      filter = std::max(filter, t->numel());
    } else {
      largest = std::max(largest, t->numel());
    }
  }
  for (const auto& [name, t] : outs) largest = std::max(largest, t->numel());
  return filter * largest > kMaxFilterWork;
}

void RunOne(FuzzedDataProvider* fdp) {
  const FuzzOp& fop = PickOp(fdp->ConsumeIntegral<uint32_t>());
  const OpRecord& r = *fop.record;
  Arena arena;  // outlives the tensors' use below (declared before them)
  Built b;
  b.op = OpDesc(r.type);
  BuildInputs(fdp, fop, &arena, &b);
  BuildOutputs(fdp, r, &b);
  BuildAttrs(fdp, r, &b);
  bool preallocate = !fdp->ConsumeBool();
  static const bool print = std::getenv("OPFUZZ_PRINT") != nullptr;
  if (print) std::fprintf(stderr, "%s", Describe(b).c_str());

  std::map<std::string, std::unique_ptr<phi::DenseTensor>> outs;
  if (!InferOutputs(b, r, &outs) || !b.inputs_small || FilterWorkTooLarge(b, outs)) return;
  // Outputs whose size InferMeta fixed get exactly sized storage the kernel will reuse.
  for (auto& [n, t] : outs) {
    int64_t numel = t->numel();
    phi::DenseTensor fresh;
    if (preallocate && numel >= 0 && t->dtype() != phi::DataType::UNDEFINED) {
      fresh.set_meta(t->meta());
      arena.Attach(&fresh);
    }
    *t = fresh;
  }
  auto tensor_of = [&](const std::string& name, bool input) -> phi::DenseTensor* {
    return input ? b.inputs.at(name).get() : outs.at(name).get();
  };
  paddle::framework::RunOpOnTensors(b.op, tensor_of, phi::CPUPlace());
}

[[noreturn]] void Bug(const char* what, const std::string& message) {
  std::fprintf(stderr, "op_fuzzer: %s: %s\n", what, message.c_str());
  std::abort();
}

void WriteSeeds(const char* dir) {
  for (const FuzzOp& op : Ops()) {
    std::string bytes(256, '\0');
    // FuzzedDataProvider reads integers from the end, most significant byte last.
    for (int shift = 0; shift < 32; shift += 8)
      bytes.push_back(static_cast<char>((op.selector >> shift) & 0xFF));
    std::ofstream(std::string(dir) + "/" + op.record->type, std::ios::binary) << bytes;
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Freed blocks go back to the system at once, so use-after-free is not hidden by the cache.
  phi::GetCPUAllocator()->set_cache_limit(0);
  // Sizes read from tensors at run time (SizeTensor, OutSize) escape the element cap checked
  // after InferMeta; a request past 256 MiB is a typed error here, not an out-of-memory kill.
  phi::GetCPUAllocator()->set_request_limit(uint64_t{256} << 20);
  if (const char* dir = std::getenv("OPFUZZ_SEED_DIR")) WriteSeeds(dir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider fdp(data, size);
  try {
    RunOne(&fdp);
  } catch (const common::Error& e) {
    if (e.code() == common::ErrorCode::kInternal) Bug("internal error", e.what());
  } catch (const std::exception& e) {
    Bug("untyped exception", e.what());
  } catch (...) {
    Bug("unknown exception", "");
  }
  return 0;
}
