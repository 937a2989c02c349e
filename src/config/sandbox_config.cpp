#include "config/sandbox_config.hpp"

namespace mai::config {

namespace {

Limits parse_limits(const Node& n) {
  n.expect_keys({"cpus", "memory", "timeout", "pids", "tmpfs", "output"});
  Limits l;
  l.cpus = n["cpus"].as_number();
  if (l.cpus < 0.01 || l.cpus > 1024) n["cpus"].fail("must be between 0.01 and 1024");
  l.memory_bytes = n["memory"].as_size();
  if (l.memory_bytes < (8u << 20)) n["memory"].fail("must be at least 8MiB");
  l.timeout_ms = n["timeout"].as_duration_ms();
  if (l.timeout_ms < 100 || l.timeout_ms > 24ull * 3600 * 1000)
    n["timeout"].fail("must be between 100ms and 24h");
  l.pids = static_cast<uint32_t>(n["pids"].as_uint(4, 1u << 22));
  l.tmpfs_bytes = n["tmpfs"].as_size();
  if (l.tmpfs_bytes < (1u << 20)) n["tmpfs"].fail("must be at least 1MiB");
  l.output_bytes = n["output"].as_size();
  if (l.output_bytes < 1024) n["output"].fail("must be at least 1KiB (errors must stay visible)");
  return l;
}

}  // namespace

SandboxConfig parse_sandbox_config(const Node& root) {
  root.expect_keys({"backend", "trust_levels", "monitor", "output", "capacity", "submission",
                    "native", "docker"});
  SandboxConfig c;
  auto backend = parse_backend(root["backend"].as_string());
  if (!backend) root["backend"].fail("expected native or docker");
  c.backend = *backend;

  Node levels = root["trust_levels"];
  levels.expect_keys({"trusted", "unknown", "untrusted"});
  for (auto t : {TrustLevel::untrusted, TrustLevel::unknown, TrustLevel::trusted}) {
    Node level = levels[to_string(t)];
    if (!level.defined()) level.fail("missing trust level");
    c.trust_levels[static_cast<size_t>(t)] = parse_limits(level);
  }

  Node monitor = root["monitor"];
  monitor.expect_keys({"interval"});
  c.monitor_interval_ms = monitor["interval"].as_duration_ms();
  // A monitor that never samples never kills: the upper bound matters as much.
  if (c.monitor_interval_ms < 10 || c.monitor_interval_ms > 10000)
    monitor["interval"].fail("must be between 10ms and 10s");

  Node output = root["output"];
  output.expect_keys({"flood"});
  c.output_flood_bytes = output["flood"].as_size();
  // 0 would switch the flood kill off; below a level's output cap it would
  // kill programs for output the service promises to keep.
  for (auto t : {TrustLevel::untrusted, TrustLevel::unknown, TrustLevel::trusted})
    if (c.output_flood_bytes < c.limits_for(t).output_bytes)
      output["flood"].fail("must be at least every trust level's output cap (" + to_string(t) +
                           ": " + std::to_string(c.limits_for(t).output_bytes) + " bytes)");

  Node capacity = root["capacity"];
  capacity.expect_keys({"max_concurrent", "queue"});
  c.max_concurrent = static_cast<uint32_t>(capacity["max_concurrent"].as_uint(0, 4096));
  c.queue_length = static_cast<uint32_t>(capacity["queue"].as_uint(0, 1u << 20));

  Node submission = root["submission"];
  submission.expect_keys({"max_code"});
  c.max_code_bytes = submission["max_code"].as_size();
  if (c.max_code_bytes == 0 || c.max_code_bytes > (64u << 20))
    submission["max_code"].fail("must be between 1B and 64MiB");

  Node native = root["native"];
  native.expect_keys({"init", "host_uid", "host_root_uid", "cgroup_parent", "python", "shell"});
  c.native.init_path = native.has("init") ? native["init"].as_string() : "";
  c.native.host_uid = static_cast<uint32_t>(native["host_uid"].as_uint(1, 0xfffffffe));
  c.native.host_root_uid = static_cast<uint32_t>(native["host_root_uid"].as_uint(1, 0xfffffffe));
  if (c.native.host_uid == c.native.host_root_uid)
    native["host_root_uid"].fail("must differ from host_uid");
  c.native.cgroup_parent = native["cgroup_parent"].as_string();
  if (c.native.cgroup_parent.empty() || c.native.cgroup_parent.find("..") != std::string::npos ||
      c.native.cgroup_parent.front() == '/')
    native["cgroup_parent"].fail("must be a relative cgroup path without '..'");
  c.native.python = native["python"].as_string();
  c.native.shell = native["shell"].as_string();

  Node docker = root["docker"];
  docker.expect_keys({"socket", "image", "user", "cgroup_parent", "python", "shell"});
  c.docker.socket = docker["socket"].as_string();
  if (c.docker.socket.empty() || c.docker.socket.front() != '/')
    docker["socket"].fail("must be an absolute path to the daemon's unix socket");
  c.docker.image = docker["image"].as_string();
  if (c.docker.image.empty()) docker["image"].fail("must name an image");
  c.docker.user = docker["user"].as_string();
  {
    // uid:gid, both numeric and non-zero: never root in the container.
    const std::string& u = c.docker.user;
    auto colon = u.find(':');
    auto numeric = [](const std::string& s) {
      return !s.empty() && s.size() <= 10 && s.find_first_not_of("0123456789") == std::string::npos &&
             std::stoull(s) > 0 && std::stoull(s) < 0xffffffffULL;
    };
    if (colon == std::string::npos || !numeric(u.substr(0, colon)) || !numeric(u.substr(colon + 1)))
      docker["user"].fail("must be UID:GID, numeric and not 0 (e.g. 1000:1000)");
  }
  c.docker.cgroup_parent = docker["cgroup_parent"].as_string();
  if (c.docker.cgroup_parent.empty() || c.docker.cgroup_parent.find("..") != std::string::npos ||
      c.docker.cgroup_parent.front() == '/')
    docker["cgroup_parent"].fail("must be a relative cgroup path without '..'");
  c.docker.python = docker["python"].as_string();
  c.docker.shell = docker["shell"].as_string();
  for (const char* k : {"python", "shell"}) {
    const std::string& v = std::string(k) == "python" ? c.docker.python : c.docker.shell;
    if (v.empty() || v.front() != '/') docker[k].fail("must be an absolute path inside the image");
  }
  return c;
}

}  // namespace mai::config
