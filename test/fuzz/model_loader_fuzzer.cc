// libFuzzer target over the model loader: program bytes plus parameter bytes, as a
// Predictor or load_inference_model reads them. Any typed error is fine; a crash, a
// sanitizer report or an untyped exception is a bug.
//   input = [uint32 little-endian program length][program bytes][parameter bytes]
#include <cstdint>
#include <cstring>
#include <string>

#include "paddle/common/errors.h"
#include "paddle/framework/block_desc.h"
#include "paddle/framework/infer_shape.h"
#include "paddle/framework/model_io.h"
#include "paddle/framework/op_record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace paddle::framework;  // NOLINT
  if (size < 4) return 0;
  uint32_t program_size;
  std::memcpy(&program_size, data, 4);
  if (program_size > size - 4) program_size = static_cast<uint32_t>(size - 4);
  std::string program_bytes(reinterpret_cast<const char*>(data + 4), program_size);
  std::string params(reinterpret_cast<const char*>(data + 4 + program_size),
                     size - 4 - program_size);
  try {
    auto program = ProgramDesc::Parse(program_bytes);
    for (size_t b = 0; b < program->Size(); ++b) {
      for (OpDesc* op : program->MutableBlock(b)->AllOps()) {
        if (OpRecordRegistry::Instance().Find(op->Type()) == nullptr) continue;
        try {
          InferShapeForOp(*op, program->MutableBlock(b));
        } catch (const common::Error&) {
        }
      }
    }
    std::vector<std::string> names = PersistableNames(*program);
    LoadCombined(params, "<fuzz>.pdiparams", *program, names);
    program->Serialize();
  } catch (const common::Error&) {
  }
  return 0;
}
