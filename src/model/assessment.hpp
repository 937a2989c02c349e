// What the assessor says about a piece of code.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/enums.hpp"

namespace mai {

// One step of a finding's evidence chain: where the data came from, what
// happened to it, where it ended up (source line to sink line).
struct EvidenceStep {
  uint32_t line = 0;
  uint32_t column = 0;
  std::string what;
};

struct Finding {
  std::string rule_id;
  RiskLevel level = RiskLevel::low;
  uint32_t line = 0;    // 1-based; 0 when the finding is about the whole file
  uint32_t column = 0;  // 1-based
  std::string message;
  std::string snippet;  // the offending source line, trimmed
  std::vector<EvidenceStep> evidence;  // source to sink; empty when the construct speaks for itself
  std::string file;  // the input file it is in (CodeInput::name); empty: the submitted code
};

// An input file of the submission that is a program (the code may import or
// run it), assessed like the code itself.
struct CodeInput {
  std::string name;  // relative path under /sandbox, as submitted
  Language language = Language::python;
  std::string data;
};

// What the assessor reads besides the code: the programs among the inputs,
// the names of those left unread (past the limit, or compiled), and the
// other text inputs (see assess_with_inputs).
struct CodeInputs {
  std::vector<CodeInput> files;
  std::vector<std::string> over_limit;
  std::vector<std::string> compiled;  // compiled programs (ELF, Python bytecode): unreadable
  // The other inputs that are text, within what the limit leaves: data,
  // unless the code runs code it does not hold (`exec(open(NAME).read())`,
  // `source NAME`); then each is read as code of that language too.
  std::vector<CodeInput> texts;
};

// One input the assessor read, and what it found there.
struct AssessedInput {
  std::string name;
  Language language = Language::python;
  RiskLevel level = RiskLevel::low;
  std::string sha256;  // hex of its exact bytes; an override names it too
};

struct Assessment {
  RiskLevel level = RiskLevel::low;  // the highest level among the findings
  std::vector<Finding> findings;
  uint64_t duration_us = 0;
  std::string explanation;  // plain words for the user when the level is BLOCKED
  std::string code_sha256;  // hex; binds an override to exactly this code
  std::vector<AssessedInput> inputs;  // programs among the inputs, assessed with the code
  // False when part of the code (or of an input read as code) was not
  // analysed: cut short by the budget, the nesting limits or the deadline, or
  // the assessor failed. What was not seen may be anything, so such code runs
  // contained as HIGH code does (policy/run_policy.hpp), whatever its level.
  bool complete = true;
  // The code runs a file it does not hold by name (a sourced library, one
  // the rubric does not call dynamic code): a text input may be that file.
  bool runs_named_file = false;
};

}  // namespace mai
