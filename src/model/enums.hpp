// The closed vocabularies of the contract: risk and trust levels, languages,
// backends, network modes, terminations and result statuses. Each has one
// spelling, used on the command line, in config, in JSON and in the audit log.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mai {

enum class RiskLevel : uint8_t { low, medium, high, blocked };
enum class TrustLevel : uint8_t { untrusted, unknown, trusted };
enum class Language : uint8_t { python, shell };
enum class Origin : uint8_t { mai, external };
enum class Backend : uint8_t { native, docker };
enum class NetworkMode : uint8_t { none, deps };
enum class Termination : uint8_t {
  exited, signaled, timeout, memory_limit, cpu_limit, pids_limit,
  output_limit, disk_limit, killed, worker_lost
};
enum class RunStatus : uint8_t { completed, blocked, rejected, failed };

std::string to_string(RiskLevel v);  // "LOW", "MEDIUM", "HIGH", "BLOCKED"
std::string to_string(TrustLevel v);
std::string to_string(Language v);
std::string to_string(Origin v);
std::string to_string(Backend v);
std::string to_string(NetworkMode v);
std::string to_string(Termination v);
std::string to_string(RunStatus v);

// Parsers accept exactly the spellings above (risk levels case-insensitively).
std::optional<RiskLevel> parse_risk_level(std::string_view s);
std::optional<TrustLevel> parse_trust_level(std::string_view s);
std::optional<Language> parse_language(std::string_view s);
std::optional<Origin> parse_origin(std::string_view s);
std::optional<Backend> parse_backend(std::string_view s);
std::optional<NetworkMode> parse_network_mode(std::string_view s);
std::optional<Termination> parse_termination(std::string_view s);
std::optional<RunStatus> parse_run_status(std::string_view s);

}  // namespace mai
