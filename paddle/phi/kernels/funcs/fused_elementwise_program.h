// The instruction list of fused_elementwise, parsed and validated once per signature: the
// InferMeta and the CPU kernel share this parser so that a bad list fails at build time with
// the same message the kernel would give.
//
// Text form, one instruction per string; registers %0..%(n-1) are the inputs X[0..n-1], and
// every instruction but `out` defines the next register (%n, %n+1, ...):
//   add|subtract|multiply|divide|maximum|minimum|pow %a %b   (NumPy broadcast to the output)
//   relu|sigmoid|tanh|exp|log|sqrt|rsqrt|erf|abs|square %a
//   scale %a <scale> <bias> <bias_after_scale 0|1>          (float32 values, as the scale op)
//   out %r <j>                                              (Out[j] = %r, each Out once)
#pragma once

#include <string>
#include <vector>

namespace phi {
namespace funcs {

enum class FusedOpcode {
  kAdd,
  kSubtract,
  kMultiply,
  kDivide,
  kMaximum,
  kMinimum,
  kPow,
  kScale,
  kRelu,
  kSigmoid,
  kTanh,
  kExp,
  kLog,
  kSqrt,
  kRsqrt,
  kErf,
  kAbs,
  kSquare,
  kOut,
};

struct FusedInstruction {
  FusedOpcode code = FusedOpcode::kOut;
  int a = -1;  // operand registers (b only for binary opcodes)
  int b = -1;
  int dst = -1;  // the register defined (-1 for out)
  float scale = 1.0f;
  float bias = 0.0f;
  bool bias_after_scale = true;
  int out_index = -1;  // out: which Out
};

struct FusedProgram {
  int num_inputs = 0;
  int num_registers = 0;  // inputs plus defined registers
  std::vector<FusedInstruction> code;
  std::vector<int> out_register;  // per Out: the register it takes
};

bool IsBinaryOpcode(FusedOpcode code);

// Parses `instructions` for `num_inputs` inputs and `num_outputs` outputs. Throws
// InvalidArgument naming the instruction (index and text) on an unknown opcode, a wrong operand
// count, a register not yet defined, a bad number, or an Out set twice or never.
FusedProgram ParseFusedProgram(const std::vector<std::string>& instructions, int num_inputs,
                               int num_outputs);

// The exact text of a float in an instruction (round-trips through ParseFusedProgram).
std::string FusedFloatText(float value);

}  // namespace funcs
}  // namespace phi
