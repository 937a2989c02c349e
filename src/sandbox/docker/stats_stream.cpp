#include "sandbox/docker/stats_stream.hpp"

#include <nlohmann/json.hpp>

namespace mai::sandbox::docker {

namespace {
uint64_t u64(const nlohmann::json& j, std::initializer_list<const char*> path) {
  const nlohmann::json* p = &j;
  for (const char* k : path) {
    if (!p->is_object() || !p->contains(k)) return 0;
    p = &(*p)[k];
  }
  // Counters are never negative; a negative or fractional value is not one.
  return p->is_number_unsigned() ? p->get<uint64_t>() : 0;
}
}  // namespace

std::optional<DockerStats> parse_stats_line(const std::string& line) {
  auto j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  // A stopped container's samples carry no read time and no counters.
  if (u64(j, {"cpu_stats", "cpu_usage", "total_usage"}) == 0 && u64(j, {"memory_stats", "usage"}) == 0)
    return std::nullopt;
  DockerStats s;
  s.memory_bytes = u64(j, {"memory_stats", "usage"});
  s.peak_memory_bytes = std::max(u64(j, {"memory_stats", "max_usage"}), s.memory_bytes);
  s.cpu_ms = u64(j, {"cpu_stats", "cpu_usage", "total_usage"}) / 1000000;
  s.pids = static_cast<uint32_t>(u64(j, {"pids_stats", "current"}));
  s.pids_limit = static_cast<uint32_t>(u64(j, {"pids_stats", "limit"}));
  return s;
}

StatsStream::StatsStream(std::string socket, std::string container_id)
    : socket_(std::move(socket)), id_(std::move(container_id)), thread_([this] { run(); }) {}

StatsStream::~StatsStream() {
  cancel_.cancel();
  if (thread_.joinable()) thread_.join();
}

std::optional<DockerStats> StatsStream::latest() const {
  std::lock_guard<std::mutex> lock(mu_);
  return latest_;
}

void StatsStream::run() {
  StatsLines lines;
  try {
    Client c(socket_);
    c.negotiate();
    c.stream(
        "GET", "/containers/" + id_ + "/stats?stream=true", [](long) {},
        [&](const char* p, size_t n) {
          lines.feed(p, n, [&](const std::string& line) {
            if (auto s = parse_stats_line(line)) {
              std::lock_guard<std::mutex> lock(mu_);
              latest_ = *s;
            }
          });
        },
        &cancel_);
  } catch (const std::exception&) {
    // The daemon went away: the sandbox notices on its own; the probe keeps its last sample.
  }
  ended_ = true;
}

}  // namespace mai::sandbox::docker
