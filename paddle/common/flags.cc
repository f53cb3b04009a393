#include "paddle/common/flags.h"

#include <cstdlib>

#include "paddle/common/errors.h"

namespace common {

void InitFlagsFromEnv() {
  std::vector<gflags::CommandLineFlagInfo> all;
  gflags::GetAllFlags(&all);
  for (const auto& info : all) {
    const char* value = std::getenv(("FLAGS_" + info.name).c_str());
    if (value != nullptr) gflags::SetCommandLineOption(info.name.c_str(), value);
  }
}

void SetFlag(const std::string& name, const std::string& value) {
  gflags::CommandLineFlagInfo info;
  PD_CHECK(gflags::GetCommandLineFlagInfo(name.c_str(), &info), NotFound,
           "expected a registered flag, but got unknown flag '", name, "'");
  std::string result = gflags::SetCommandLineOption(name.c_str(), value.c_str());
  PD_CHECK(!result.empty(), InvalidArgument, "expected a valid value of type ", info.type,
           " for flag '", name, "', but got '", value, "'");
}

std::string GetFlag(const std::string& name) {
  std::string value;
  PD_CHECK(gflags::GetCommandLineOption(name.c_str(), &value), NotFound,
           "expected a registered flag, but got unknown flag '", name, "'");
  return value;
}

std::vector<std::string> ListFlags() {
  std::vector<gflags::CommandLineFlagInfo> all;
  gflags::GetAllFlags(&all);
  std::vector<std::string> names;
  for (const auto& info : all) names.push_back(info.name);
  return names;
}

}  // namespace common
