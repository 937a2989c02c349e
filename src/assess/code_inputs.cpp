#include "assess/code_inputs.hpp"

#include <algorithm>
#include <set>

#include "common/utf8.hpp"
#include "model/program_files.hpp"

namespace mai::assess {

namespace {

// The rule (config/assessment.yaml) for code run from a value the analysis
// cannot read: a file's contents, a variable.
constexpr std::string_view kDynamicCodeRule = "DYNAMIC-CODE";

// "This code was blocked: X. ... block." -> "X. ..." (the sentence between).
std::string_view core_of(std::string_view explanation) {
  const std::string_view lead = Assessor::kBlockedLead, tail = Assessor::kOverrideTail;
  if (explanation.substr(0, lead.size()) == lead) explanation.remove_prefix(lead.size());
  if (explanation.size() >= tail.size() && explanation.substr(explanation.size() - tail.size()) == tail)
    explanation.remove_suffix(tail.size());
  return explanation;
}

// UTF-8 without NUL bytes: what a script could be.
bool is_text(std::string_view data) {
  return data.find('\0') == std::string_view::npos && is_valid_utf8(data);
}

bool runs_code_it_does_not_hold(const Assessment& a) {
  return a.runs_named_file || std::any_of(a.findings.begin(), a.findings.end(),
                                          [](const Finding& f) { return f.rule_id == kDynamicCodeRule; });
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
  std::vector<const InputFile*> others;
  for (const auto& in : inputs) {
    if (is_compiled_program(in.name, in.data)) {
      out.compiled.push_back(in.name);
      continue;
    }
    auto language = language_of_name(in.name);
    if (!language) language = language_of_shebang(in.data);
    if (!language) {
      others.push_back(&in);
      continue;
    }
    if (in.data.size() > max_bytes - taken) {
      out.over_limit.push_back(in.name);
      continue;
    }
    taken += in.data.size();
    out.files.push_back(CodeInput{in.name, *language, in.data});
  }
  // Text gets what the programs leave: a large data file never pushes a
  // program past the limit, and text past it is data nobody runs, unread.
  for (const InputFile* in : others) {
    if (in->data.empty() || in->data.size() > max_bytes - taken || !is_text(in->data)) continue;
    taken += in->data.size();
    out.texts.push_back(CodeInput{in->name, Language::python, in->data});
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
  // One input's assessment into the submission's. `only_if_found`: text
  // read as code counts only where it shows something (a CSV read as
  // Python is not listed).
  auto fold = [&](const CodeInput& in, Language as, bool only_if_found) {
    Assessment a = assessor.assess(in.data, as, origin);
    out.duration_us += a.duration_us;
    if (only_if_found && a.level == RiskLevel::low) return a;
    out.complete = out.complete && a.complete;
    const std::string name = to_valid_utf8(in.name);
    out.inputs.push_back(AssessedInput{name, as, a.level, a.code_sha256});
    if (a.level == RiskLevel::blocked)
      blocked_parts.push_back("in the input " + name + ": " + std::string(core_of(a.explanation)));
    for (auto& f : a.findings) {
      f.file = name;
      add(f);
    }
    return a;
  };
  // Code that runs code it does not hold may be running one of the text
  // inputs: then they are read as code of that language, once per language.
  std::set<Language> dynamic;
  if (runs_code_it_does_not_hold(out)) dynamic.insert(language);
  for (const auto& in : inputs.files)
    if (runs_code_it_does_not_hold(fold(in, in.language, false))) dynamic.insert(in.language);
  for (Language as : dynamic)
    for (const auto& text : inputs.texts) fold(text, as, true);
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
    out.explanation = std::string(Assessor::kBlockedLead) + text + std::string(Assessor::kOverrideTail);
  }
  return out;
}

}  // namespace mai::assess
