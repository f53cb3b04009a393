// Model files: atomic file writes, and the combined parameter file (.pdiparams) — tensor
// records back to back in sorted-name order, nothing else — with checks against the
// program's VarDescs so a file that disagrees with its program is a typed error naming both.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "paddle/framework/block_desc.h"
#include "paddle/phi/core/dense_tensor.h"

namespace paddle {
namespace framework {

// Writes `bytes` to a temporary file beside `path`, flushes it, then renames it over `path`:
// readers see the old file or the new one, never a part.
void WriteFileAtomic(const std::string& path, const std::string& bytes);
// Throws NotFound naming the path when it cannot be read.
std::string ReadFile(const std::string& path);

// The persistable variables a parameter file holds for `program`: every persistable tensor
// variable of block 0 except feed/fetch/raw ones, sorted by name.
std::vector<std::string> PersistableNames(const ProgramDesc& program);

// Parses a combined parameter file (its bytes; `source` names it in errors) into one tensor
// per name, checking each record's dtype and dims against the VarDescs of `program` and
// that no bytes remain.
std::vector<phi::DenseTensor> LoadCombined(const std::string& bytes, const std::string& source,
                                           const ProgramDesc& program,
                                           const std::vector<std::string>& names);

}  // namespace framework
}  // namespace paddle
