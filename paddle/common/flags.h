// Runtime flags: gflags, every one also settable from the environment as FLAGS_<name>
// (applied by InitFlagsFromEnv, which each entry point calls: Python import, Predictor).
#pragma once

#include <gflags/gflags.h>

#include <string>
#include <vector>

namespace common {

// Applies FLAGS_<name> environment variables to every registered flag. Idempotent.
void InitFlagsFromEnv();
// Sets one flag by name from its string form; throws NotFound / InvalidArgument.
void SetFlag(const std::string& name, const std::string& value);
// Current value of a flag in string form; throws NotFound.
std::string GetFlag(const std::string& name);
std::vector<std::string> ListFlags();

}  // namespace common
