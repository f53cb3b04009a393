#include "paddle/framework/model_io.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "paddle/common/errors.h"
#include "paddle/framework/tensor_io.h"

namespace paddle {
namespace framework {

void WriteFileAtomic(const std::string& path, const std::string& bytes) {
  static std::atomic<uint64_t> counter{0};
  std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." +
                    std::to_string(counter.fetch_add(1));
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  PD_CHECK(fd >= 0, PreconditionNotMet, "expected to create '", tmp, "' to write '", path,
           "', but got: ", std::strerror(errno));
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      PD_THROW(PreconditionNotMet, "expected to write ", bytes.size(), " bytes to '", path,
               "', but got: ", std::strerror(err));
    }
    written += static_cast<size_t>(n);
  }
  bool synced = ::fsync(fd) == 0;
  ::close(fd);
  if (!synced || ::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    PD_THROW(PreconditionNotMet, "expected to replace '", path, "', but got: ", std::strerror(err));
  }
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  PD_CHECK(in.good(), NotFound, "expected a readable file '", path, "', but it cannot be opened");
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

std::vector<std::string> PersistableNames(const ProgramDesc& program) {
  std::vector<std::string> names;
  for (const VarDesc* var : program.Block(0).AllVars()) {
    auto type = var->GetType();
    if (!var->Persistable() || type == proto::VarType::FEED_MINIBATCH ||
        type == proto::VarType::FETCH_LIST || type == proto::VarType::READER ||
        type == proto::VarType::RAW)
      continue;
    names.push_back(var->Name());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<phi::DenseTensor> LoadCombined(const std::string& bytes, const std::string& source,
                                           const ProgramDesc& program,
                                           const std::vector<std::string>& names) {
  std::istringstream in(bytes);
  std::vector<phi::DenseTensor> tensors;
  tensors.reserve(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    phi::DenseTensor t;
    try {
      PD_CHECK(in.peek() != std::char_traits<char>::eof(), InvalidArgument, "expected ",
               names.size(), " parameter records in ", source, ", but it holds only ", i,
               " (truncated file, or a program with more parameters)");
      DeserializeTensor(in, &t, source);
    } catch (const std::exception& e) {
      common::RethrowWithContext(e, "while reading parameter '" + name + "' (record " +
                                        std::to_string(i) + ")");
    }
    const VarDesc* var = program.Block(0).FindVar(name);
    if (var != nullptr && var->HasTensorDesc()) {
      phi::DataType want = VarTypeToDataType(var->GetDataType());
      PD_CHECK(t.dtype() == want, InvalidArgument, "expected parameter '", name, "' in ", source,
               " to have dtype ", want, " as the program declares, but the file holds ", t.dtype());
      std::vector<int64_t> dims = var->GetShape();
      bool match = static_cast<int>(dims.size()) == t.dims().size();
      for (size_t d = 0; match && d < dims.size(); ++d)
        match = dims[d] < 0 || dims[d] == t.dims()[static_cast<int>(d)];
      PD_CHECK(match, InvalidArgument, "expected parameter '", name, "' in ", source,
               " to have shape ", phi::DDim(dims), " as the program declares, but the file holds ",
               t.dims());
    }
    tensors.push_back(std::move(t));
  }
  PD_CHECK(in.peek() == std::char_traits<char>::eof(), InvalidArgument, "expected ", source,
           " to end after ", names.size(), " parameter records, but ",
           bytes.size() - static_cast<size_t>(in.tellg()),
           " bytes remain (over-long file, or a program with fewer parameters)");
  return tensors;
}

}  // namespace framework
}  // namespace paddle
