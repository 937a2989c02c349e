// The programs among a submission's inputs: the bytes are split into an
// input's name (up to the first newline) and its data, given beside a fixed
// harmless code. Any bytes must give an assessment whose level is at least
// each assessed input's, with an explanation when BLOCKED, JSON that
// serialises, and a choice of programs that agrees with the name and first line.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "assess/code_inputs.hpp"
#include "model/json_codec.hpp"
#include "model/program_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const mai::assess::Assessor engine =
      mai::assess::Assessor::from_config(mai::config::Source(std::nullopt));
  std::string bytes(reinterpret_cast<const char*>(data), size);
  auto newline = bytes.find('\n');
  mai::InputFile in;
  in.name = newline == std::string::npos ? std::string("x.py") : bytes.substr(0, newline);
  in.data = newline == std::string::npos ? bytes : bytes.substr(newline + 1);
  mai::CodeInputs chosen = mai::assess::code_inputs({in}, 1u << 20);
  bool program = !mai::is_compiled_program(in.name, in.data) &&
                 (mai::language_of_name(in.name) || mai::language_of_shebang(in.data));
  if (chosen.files.size() != (program ? 1u : 0u)) std::abort();
  mai::Assessment a = mai::assess::assess_with_inputs(engine, "print('hi')\n", mai::Language::python,
                                                      mai::Origin::external, chosen);
  for (const auto& i : a.inputs)
    if (a.level < i.level) std::abort();
  if (a.level == mai::RiskLevel::blocked && a.explanation.empty()) std::abort();
  (void)mai::to_json(a).dump();  // throws on bytes that are not UTF-8
  return 0;
}
