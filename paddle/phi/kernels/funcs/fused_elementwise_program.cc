#include "paddle/phi/kernels/funcs/fused_elementwise_program.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <sstream>

#include "paddle/common/errors.h"

namespace phi {
namespace funcs {
namespace {

const std::map<std::string, FusedOpcode>& Opcodes() {
  static const std::map<std::string, FusedOpcode> opcodes = {
      {"add", FusedOpcode::kAdd},           {"subtract", FusedOpcode::kSubtract},
      {"multiply", FusedOpcode::kMultiply}, {"divide", FusedOpcode::kDivide},
      {"maximum", FusedOpcode::kMaximum},   {"minimum", FusedOpcode::kMinimum},
      {"pow", FusedOpcode::kPow},           {"scale", FusedOpcode::kScale},
      {"relu", FusedOpcode::kRelu},         {"sigmoid", FusedOpcode::kSigmoid},
      {"tanh", FusedOpcode::kTanh},         {"exp", FusedOpcode::kExp},
      {"log", FusedOpcode::kLog},           {"sqrt", FusedOpcode::kSqrt},
      {"rsqrt", FusedOpcode::kRsqrt},       {"erf", FusedOpcode::kErf},
      {"abs", FusedOpcode::kAbs},           {"square", FusedOpcode::kSquare},
      {"out", FusedOpcode::kOut},
  };
  return opcodes;
}

std::vector<std::string> Tokens(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> tokens;
  for (std::string t; in >> t;) tokens.push_back(t);
  return tokens;
}

// Context for every error: "fused_elementwise's instruction 3 ('tanh %9')".
std::string Where(size_t index, const std::string& text) {
  return "fused_elementwise's instruction " + std::to_string(index) + " ('" + text + "')";
}

bool ParseInt(const std::string& token, long long* value) {
  if (token.empty()) return false;
  char* end = nullptr;
  errno = 0;
  *value = std::strtoll(token.c_str(), &end, 10);
  return errno == 0 && end == token.c_str() + token.size();
}

}  // namespace

bool IsBinaryOpcode(FusedOpcode code) { return code <= FusedOpcode::kPow; }

std::string FusedFloatText(float value) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.9g", static_cast<double>(value));
  return buf;
}

FusedProgram ParseFusedProgram(const std::vector<std::string>& instructions, int num_inputs,
                               int num_outputs) {
  PD_CHECK(num_inputs >= 1, InvalidArgument,
           "expected fused_elementwise to have at least one input X, but got ", num_inputs);
  FusedProgram program;
  program.num_inputs = num_inputs;
  program.num_registers = num_inputs;
  program.out_register.assign(num_outputs, -1);
  for (size_t i = 0; i < instructions.size(); ++i) {
    const std::string& text = instructions[i];
    const std::vector<std::string> tokens = Tokens(text);
    PD_CHECK(!tokens.empty(), InvalidArgument, "expected ", Where(i, text),
             " to name an opcode, but it is empty");
    const auto found = Opcodes().find(tokens[0]);
    PD_CHECK(found != Opcodes().end(), InvalidArgument, "expected ", Where(i, text),
             " to start with one of add, subtract, multiply, divide, maximum, minimum, pow, "
             "scale, relu, sigmoid, tanh, exp, log, sqrt, rsqrt, erf, abs, square, out, but got '",
             tokens[0], "'");
    FusedInstruction ins;
    ins.code = found->second;
    const size_t registers = IsBinaryOpcode(ins.code) ? 2 : 1;
    const size_t extra = ins.code == FusedOpcode::kScale ? 3
                         : ins.code == FusedOpcode::kOut ? 1
                                                         : 0;
    PD_CHECK(tokens.size() == 1 + registers + extra, InvalidArgument, "expected ", Where(i, text),
             " to have ", registers, " register operand(s) and ", extra, " value(s), but got ",
             tokens.size() - 1, " operand(s)");
    int operands[2] = {-1, -1};
    for (size_t r = 0; r < registers; ++r) {
      const std::string& token = tokens[1 + r];
      long long reg = -1;
      PD_CHECK(token.size() > 1 && token[0] == '%' && ParseInt(token.substr(1), &reg) && reg >= 0 &&
                   reg < program.num_registers,
               InvalidArgument, "expected ", Where(i, text), "'s operand ", r + 1,
               " to be a defined register %0..%", program.num_registers - 1, ", but got '", token,
               "'");
      operands[r] = static_cast<int>(reg);
    }
    ins.a = operands[0];
    ins.b = operands[1];
    if (ins.code == FusedOpcode::kScale) {
      float values[2];
      for (int v = 0; v < 2; ++v) {
        const std::string& token = tokens[2 + v];
        char* end = nullptr;
        const double value = std::strtod(token.c_str(), &end);
        PD_CHECK(end == token.c_str() + token.size() && !token.empty(), InvalidArgument,
                 "expected ", Where(i, text), "'s ", v == 0 ? "scale" : "bias",
                 " to be a number, but got '", token, "'");
        // Converting a finite double beyond float's range is undefined: refuse it.
        PD_CHECK(!std::isfinite(value) || std::fabs(value) <= std::numeric_limits<float>::max(),
                 InvalidArgument, "expected ", Where(i, text), "'s ", v == 0 ? "scale" : "bias",
                 " to fit in float32, but got '", token, "'");
        values[v] = static_cast<float>(value);
      }
      ins.scale = values[0];
      ins.bias = values[1];
      PD_CHECK(tokens[4] == "0" || tokens[4] == "1", InvalidArgument, "expected ", Where(i, text),
               "'s bias_after_scale to be 0 or 1, but got '", tokens[4], "'");
      ins.bias_after_scale = tokens[4] == "1";
    }
    if (ins.code == FusedOpcode::kOut) {
      long long j = -1;
      PD_CHECK(ParseInt(tokens[2], &j) && j >= 0 && j < num_outputs, InvalidArgument, "expected ",
               Where(i, text), " to name an Out index in [0, ", num_outputs, "), but got '",
               tokens[2], "'");
      PD_CHECK(program.out_register[j] < 0, InvalidArgument, "expected ", Where(i, text),
               " to set Out[", j, "] once, but an earlier instruction set it already");
      ins.out_index = static_cast<int>(j);
      program.out_register[j] = ins.a;
    } else {
      ins.dst = program.num_registers++;
    }
    program.code.push_back(ins);
  }
  for (int j = 0; j < num_outputs; ++j) {
    PD_CHECK(program.out_register[j] >= 0, InvalidArgument,
             "expected fused_elementwise's instructions to set every Out, but no 'out' "
             "instruction sets Out[",
             j, "] (", num_outputs, " outputs)");
  }
  return program;
}

}  // namespace funcs
}  // namespace phi
