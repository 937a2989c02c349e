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
};

struct Assessment {
  RiskLevel level = RiskLevel::low;  // the highest level among the findings
  std::vector<Finding> findings;
  uint64_t duration_us = 0;
  std::string explanation;  // plain words for the user when the level is BLOCKED
  std::string code_sha256;  // hex; binds an override to exactly this code
};

}  // namespace mai
