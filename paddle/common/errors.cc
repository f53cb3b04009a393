#include "paddle/common/errors.h"

#include <new>

namespace common {

const char* ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kInvalidArgument: return "InvalidArgument";
    case ErrorCode::kNotFound: return "NotFound";
    case ErrorCode::kOutOfRange: return "OutOfRange";
    case ErrorCode::kUnimplemented: return "Unimplemented";
    case ErrorCode::kResourceExhausted: return "ResourceExhausted";
    case ErrorCode::kPreconditionNotMet: return "PreconditionNotMet";
    case ErrorCode::kInternal: return "Internal";
    case ErrorCode::kUnavailable: return "Unavailable";
    case ErrorCode::kExecutionTimeout: return "ExecutionTimeout";
  }
  return "Unknown";
}

Error::Error(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {
  Rebuild();
}

void Error::AddContext(std::string line) {
  context_.push_back(std::move(line));
  Rebuild();
}

void Error::Rebuild() {
  full_ = std::string("(") + ErrorCodeName(code_) + ") " + message_;
  for (const auto& line : context_) {
    full_ += "\n  [";
    full_ += line;
    full_ += "]";
  }
}

void RethrowWithContext(const std::exception& e, const std::string& line) {
  if (auto* typed = dynamic_cast<const Error*>(&e)) {
    Error copy = *typed;
    copy.AddContext(line);
    switch (copy.code()) {
#define PD_RETHROW_CASE(Name)                        \
  case ErrorCode::k##Name: {                         \
    Name##Error out(copy.message());                 \
    for (const auto& c : copy.context()) out.AddContext(c); \
    throw out;                                       \
  }
      PD_RETHROW_CASE(InvalidArgument)
      PD_RETHROW_CASE(NotFound)
      PD_RETHROW_CASE(OutOfRange)
      PD_RETHROW_CASE(Unimplemented)
      PD_RETHROW_CASE(ResourceExhausted)
      PD_RETHROW_CASE(PreconditionNotMet)
      PD_RETHROW_CASE(Internal)
      PD_RETHROW_CASE(Unavailable)
      PD_RETHROW_CASE(ExecutionTimeout)
#undef PD_RETHROW_CASE
    }
  }
  if (dynamic_cast<const std::bad_alloc*>(&e)) {
    ResourceExhaustedError out(std::string("out of memory: ") + e.what());
    out.AddContext(line);
    throw out;
  }
  InternalError out(e.what());
  out.AddContext(line);
  throw out;
}

}  // namespace common
