#include "assess/code_inputs.hpp"

#include <algorithm>

#include "common/utf8.hpp"
#include "model/program_files.hpp"

namespace mai::assess {

namespace {

constexpr std::string_view kBlockedLead = "This code was blocked: ";
constexpr std::string_view kOverrideTail = " It will not run unless you explicitly override the block.";

// "This code was blocked: X. ... block." -> "X. ..." (the sentence between).
std::string_view core_of(std::string_view explanation) {
  if (explanation.substr(0, kBlockedLead.size()) == kBlockedLead) explanation.remove_prefix(kBlockedLead.size());
  if (explanation.size() >= kOverrideTail.size() &&
      explanation.substr(explanation.size() - kOverrideTail.size()) == kOverrideTail)
    explanation.remove_suffix(kOverrideTail.size());
  return explanation;
}

Finding whole_file_finding(const std::string& file, const char* rule, RiskLevel level, std::string message) {
  Finding f;
  f.rule_id = rule;
  f.level = level;
  f.file = to_valid_utf8(file);
  f.message = std::move(message);
  return f;
}

}  // namespace

CodeInputs code_inputs(const std::vector<InputFile>& inputs, uint64_t max_bytes) {
  CodeInputs out;
  uint64_t taken = 0;
  for (const auto& in : inputs) {
    if (is_compiled_program(in.name, in.data)) {
      out.compiled.push_back(in.name);
      continue;
    }
    auto language = language_of_name(in.name);
    if (!language) language = language_of_shebang(in.data);
    if (!language) continue;
    if (in.data.size() > max_bytes - taken) {
      out.over_limit.push_back(in.name);
      continue;
    }
    taken += in.data.size();
    out.files.push_back(CodeInput{in.name, *language, in.data});
  }
  return out;
}

Assessment assess_with_inputs(const Assessor& assessor, std::string_view code, Language language, Origin origin,
                              const CodeInputs& inputs) {
  Assessment out = assessor.assess(code, language, origin);
  // The explanation names each file that blocks; the code's own part first.
  std::vector<std::string> blocked_parts;
  if (out.level == RiskLevel::blocked) blocked_parts.emplace_back(core_of(out.explanation));
  const size_t code_parts = blocked_parts.size();
  auto add = [&out](Finding f) {
    out.level = std::max(out.level, f.level);
    if (out.findings.size() < Assessor::kMaxFindings) out.findings.push_back(std::move(f));
  };
  for (const auto& in : inputs.files) {
    Assessment a = assessor.assess(in.data, in.language, origin);
    const std::string name = to_valid_utf8(in.name);
    out.duration_us += a.duration_us;
    out.inputs.push_back(AssessedInput{name, in.language, a.level, a.code_sha256});
    if (a.level == RiskLevel::blocked)
      blocked_parts.push_back("in the input " + name + ": " + std::string(core_of(a.explanation)));
    for (auto& f : a.findings) {
      f.file = name;
      add(std::move(f));
    }
  }
  for (const auto& name : inputs.compiled)
    add(whole_file_finding(name, "INPUT-COMPILED", RiskLevel::medium,
                           "a compiled program among the inputs; the assessor cannot read what it does"));
  for (const auto& name : inputs.over_limit) {
    add(whole_file_finding(name, "INPUT-CODE-OVER-LIMIT", RiskLevel::blocked,
                           "a program among the inputs past the code the assessor reads "
                           "(sandbox.yaml files.max_input_code); not assessed"));
    blocked_parts.push_back("the input " + to_valid_utf8(name) +
                            " is a program that was not assessed, because the programs among the inputs pass "
                            "the limit the assessor reads (files.max_input_code). It would be acceptable as "
                            "fewer or smaller program inputs");
  }
  if (blocked_parts.size() > code_parts) {
    std::string text;
    for (const auto& part : blocked_parts) text += (text.empty() ? "" : " Also ") + part;
    out.explanation = std::string(kBlockedLead) + text + std::string(kOverrideTail);
  }
  return out;
}

}  // namespace mai::assess
