// Typed errors of the runtime. Every user-facing failure is one of these types; each maps
// to one Python exception class. Errors gather context (op, pass, file) as they unwind.
#pragma once

#include <exception>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace common {

enum class ErrorCode {
  kInvalidArgument = 0,  // Python ValueError
  kNotFound,             // Python KeyError
  kOutOfRange,           // Python IndexError
  kUnimplemented,        // Python NotImplementedError
  kResourceExhausted,    // Python MemoryError
  kPreconditionNotMet,   // Python RuntimeError
  kInternal,             // Python RuntimeError: a bug of ours, not of the caller
  kUnavailable,          // Python ConnectionError: a peer (another rank, a server) is gone
  kExecutionTimeout,     // Python TimeoutError: a wait (rendezvous, collective) ran out
};

const char* ErrorCodeName(ErrorCode code);

class Error : public std::exception {
 public:
  Error(ErrorCode code, std::string message);

  ErrorCode code() const { return code_; }
  // The original message, without context lines.
  const std::string& message() const { return message_; }
  const std::vector<std::string>& context() const { return context_; }
  // Adds a line of context (outermost last). what() shows message then context.
  void AddContext(std::string line);
  const char* what() const noexcept override { return full_.c_str(); }

 private:
  void Rebuild();
  ErrorCode code_;
  std::string message_;
  std::vector<std::string> context_;
  std::string full_;
};

#define PD_DEFINE_ERROR_TYPE(Name)                                        \
  class Name##Error : public Error {                                      \
   public:                                                                \
    explicit Name##Error(std::string message)                             \
        : Error(ErrorCode::k##Name, std::move(message)) {}                \
  };
PD_DEFINE_ERROR_TYPE(InvalidArgument)
PD_DEFINE_ERROR_TYPE(NotFound)
PD_DEFINE_ERROR_TYPE(OutOfRange)
PD_DEFINE_ERROR_TYPE(Unimplemented)
PD_DEFINE_ERROR_TYPE(ResourceExhausted)
PD_DEFINE_ERROR_TYPE(PreconditionNotMet)
PD_DEFINE_ERROR_TYPE(Internal)
PD_DEFINE_ERROR_TYPE(Unavailable)
PD_DEFINE_ERROR_TYPE(ExecutionTimeout)
#undef PD_DEFINE_ERROR_TYPE

// Concatenates anything streamable; used only on the failure path.
template <typename... Args>
std::string StrCat(const Args&... args) {
  std::ostringstream os;
  (os << ... << args);
  return os.str();
}

// Rethrows `e` as the same typed error with `line` appended as context. For non-typed
// std::exceptions (bad_alloc, ...) a typed error is made first.
[[noreturn]] void RethrowWithContext(const std::exception& e, const std::string& line);

}  // namespace common

// The one check family. PD_CHECK(cond, Kind, message parts...) raises common::KindError when
// cond is false; the message parts are evaluated only then. Messages read
// "expected ..., but got ...".
#define PD_CHECK(cond, Kind, ...)                                               \
  do {                                                                          \
    if (__builtin_expect(!(cond), 0)) {                                         \
      throw ::common::Kind##Error(::common::StrCat(__VA_ARGS__));              \
    }                                                                           \
  } while (0)

#define PD_THROW(Kind, ...) throw ::common::Kind##Error(::common::StrCat(__VA_ARGS__))

// Internal assertion for our own invariants; raises InternalError with the location.
#define PD_ASSERT(cond, ...)                                                    \
  do {                                                                          \
    if (__builtin_expect(!(cond), 0)) {                                         \
      throw ::common::InternalError(::common::StrCat(                           \
          "internal check failed: " #cond " at " __FILE__ ":", __LINE__, ": ",  \
          ##__VA_ARGS__));                                                      \
    }                                                                           \
  } while (0)
