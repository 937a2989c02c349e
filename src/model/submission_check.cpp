#include "model/submission_check.hpp"

#include <cmath>
#include <set>

#include "common/relative_path.hpp"

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
  return check_input_names(s.inputs);
}

std::optional<std::string> check_input_names(const std::vector<InputFile>& inputs) {
  std::set<std::string> names;
  for (const auto& in : inputs) {
    if (auto problem = relative_path_problem(in.name))
      return "input '" + (printable_text(in.name) ? in.name : std::string("?")) + "': the name " +
             *problem + "; give a relative path inside /sandbox";
    // The code is /sandbox/main.py or main.sh: an input may not replace it.
    if (in.name == "main.py" || in.name == "main.sh")
      return "input '" + in.name + "': the name is the code's own";
    if (!names.insert(in.name).second) return "input '" + in.name + "': given twice";
  }
  // "a" and "a/b" cannot both be: one would have to be a directory.
  for (const auto& name : names)
    for (size_t slash = name.find('/'); slash != std::string::npos; slash = name.find('/', slash + 1))
      if (names.count(name.substr(0, slash)))
        return "input '" + name + "': '" + name.substr(0, slash) + "' is an input file too";
  return std::nullopt;
}

std::optional<std::string> check_input_sizes(const std::vector<InputFile>& inputs,
                                             uint32_t max_inputs, uint64_t max_bytes) {
  if (inputs.size() > max_inputs)
    return std::to_string(inputs.size()) + " inputs; the limit is " + std::to_string(max_inputs) +
           " (sandbox.yaml files.max_inputs)";
  uint64_t total = 0;
  for (const auto& in : inputs) total += in.data.size();
  if (total > max_bytes)
    return "the inputs are " + std::to_string(total) + " bytes together; the limit is " +
           std::to_string(max_bytes) + " (sandbox.yaml files.max_inputs_size)";
  return std::nullopt;
}

}  // namespace mai
