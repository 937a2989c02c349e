#include "model/enums.hpp"

#include <array>
#include <cctype>

namespace mai {

namespace {

// One table per enum: the single source of each spelling.
template <class E, size_t N>
using Names = std::array<std::pair<E, const char*>, N>;

constexpr Names<RiskLevel, 4> risk_names{{{RiskLevel::low, "LOW"},
                                          {RiskLevel::medium, "MEDIUM"},
                                          {RiskLevel::high, "HIGH"},
                                          {RiskLevel::blocked, "BLOCKED"}}};
constexpr Names<TrustLevel, 3> trust_names{{{TrustLevel::untrusted, "untrusted"},
                                            {TrustLevel::unknown, "unknown"},
                                            {TrustLevel::trusted, "trusted"}}};
constexpr Names<Language, 2> language_names{{{Language::python, "python"},
                                             {Language::shell, "shell"}}};
constexpr Names<Origin, 2> origin_names{{{Origin::mai, "mai"}, {Origin::external, "external"}}};
constexpr Names<Backend, 2> backend_names{{{Backend::native, "native"},
                                           {Backend::docker, "docker"}}};
constexpr Names<NetworkMode, 2> network_names{{{NetworkMode::none, "none"},
                                               {NetworkMode::deps, "deps"}}};
constexpr Names<Termination, 10> termination_names{{{Termination::exited, "exited"},
                                                    {Termination::signaled, "signaled"},
                                                    {Termination::timeout, "timeout"},
                                                    {Termination::memory_limit, "memory_limit"},
                                                    {Termination::cpu_limit, "cpu_limit"},
                                                    {Termination::pids_limit, "pids_limit"},
                                                    {Termination::output_limit, "output_limit"},
                                                    {Termination::disk_limit, "disk_limit"},
                                                    {Termination::killed, "killed"},
                                                    {Termination::worker_lost, "worker_lost"}}};
constexpr Names<RunStatus, 4> status_names{{{RunStatus::completed, "completed"},
                                            {RunStatus::blocked, "blocked"},
                                            {RunStatus::rejected, "rejected"},
                                            {RunStatus::failed, "failed"}}};

template <class E, size_t N>
std::string name_of(const Names<E, N>& names, E v) {
  for (const auto& [value, name] : names)
    if (value == v) return name;
  return "?";
}

bool equal_nocase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(a[i])) !=
        std::toupper(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

template <class E, size_t N>
std::optional<E> value_of(const Names<E, N>& names, std::string_view s, bool any_case = false) {
  for (const auto& [value, name] : names)
    if (any_case ? equal_nocase(s, name) : s == name) return value;
  return std::nullopt;
}

}  // namespace

std::string to_string(RiskLevel v) { return name_of(risk_names, v); }
std::string to_string(TrustLevel v) { return name_of(trust_names, v); }
std::string to_string(Language v) { return name_of(language_names, v); }
std::string to_string(Origin v) { return name_of(origin_names, v); }
std::string to_string(Backend v) { return name_of(backend_names, v); }
std::string to_string(NetworkMode v) { return name_of(network_names, v); }
std::string to_string(Termination v) { return name_of(termination_names, v); }
std::string to_string(RunStatus v) { return name_of(status_names, v); }

std::optional<RiskLevel> parse_risk_level(std::string_view s) {
  return value_of(risk_names, s, true);
}
std::optional<TrustLevel> parse_trust_level(std::string_view s) { return value_of(trust_names, s); }
std::optional<Language> parse_language(std::string_view s) { return value_of(language_names, s); }
std::optional<Origin> parse_origin(std::string_view s) { return value_of(origin_names, s); }
std::optional<Backend> parse_backend(std::string_view s) { return value_of(backend_names, s); }
std::optional<NetworkMode> parse_network_mode(std::string_view s) {
  return value_of(network_names, s);
}
std::optional<Termination> parse_termination(std::string_view s) {
  return value_of(termination_names, s);
}
std::optional<RunStatus> parse_run_status(std::string_view s) { return value_of(status_names, s); }

}  // namespace mai
