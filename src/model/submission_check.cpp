#include "model/submission_check.hpp"

#include <cmath>

namespace mai {

namespace {

constexpr size_t max_text = 4096;  // file names, override reasons

bool printable_text(const std::string& s) {
  for (unsigned char c : s)
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return false;
  return true;
}

// Request ids are ours: lower-case hex and dashes.
bool request_id_shaped(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || c == '-')) return false;
  return true;
}

template <class Enum>
bool at_most(Enum v, Enum last) {
  return static_cast<unsigned>(v) <= static_cast<unsigned>(last);
}

}  // namespace

std::optional<std::string> check_submission_fields(const Submission& s) {
  if (!at_most(s.language, Language::shell)) return "language: unknown value";
  if (!at_most(s.trust, TrustLevel::trusted)) return "trust: unknown value";
  if (!at_most(s.origin, Origin::external)) return "origin: unknown value";
  if (!at_most(s.network, NetworkMode::deps)) return "network: unknown value";
  if (s.backend && !at_most(*s.backend, Backend::docker)) return "backend: unknown value";
  const auto& l = s.limits;
  if (l.cpus && !(std::isfinite(*l.cpus) && *l.cpus >= 0.01))
    return "limits.cpus: must be a number of at least 0.01";
  if (l.memory_bytes && *l.memory_bytes < (4u << 20)) return "limits.memory: must be at least 4MiB";
  if (l.pids && *l.pids < kMinPids)
    return "limits.pids: must be at least 2 (the sandbox's init and the program itself)";
  if (l.timeout_ms && *l.timeout_ms < 1) return "limits.timeout: must be positive";
  if (s.filename.size() > max_text || !printable_text(s.filename))
    return "filename: at most 4096 printable characters";
  if (s.override_reason.size() > max_text || !printable_text(s.override_reason))
    return "override_reason: at most 4096 printable characters";
  if (!s.parent_request_id.empty() && !request_id_shaped(s.parent_request_id))
    return "parent_request_id: not a request id";
  return std::nullopt;
}

}  // namespace mai
