// The outcome of one submission: what `run --json` prints.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/assessment.hpp"
#include "model/enums.hpp"
#include "model/execution.hpp"
#include "model/receipt.hpp"

namespace mai {

struct ResultError {
  std::string code;  // e.g. "blocked", "overloaded", "sandbox_failed"
  std::string message;
};

struct RunResult {
  std::string request_id;
  RunStatus status = RunStatus::completed;
  Assessment assessment;
  std::optional<ExecutionReport> execution;
  std::optional<AuditReceipt> audit;
  std::optional<ResultError> error;
  // Every way the run differs from what was asked: a trust level or network
  // taken away by the assessment, a limit clamped to the level's cap or the host.
  std::vector<std::string> policy_notes;
};

}  // namespace mai
