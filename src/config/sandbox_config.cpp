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

// warm: optional (the defaults of WarmPoolSettings).
WarmPoolSettings parse_warm(const Node& n) {
  WarmPoolSettings w;
  if (!n.defined()) return w;
  n.expect_keys({"enabled", "docker", "min", "max", "max_total", "max_idle", "min_free_memory", "refill_yield"});
  if (n.has("enabled")) w.enabled = n["enabled"].as_bool();
  if (n.has("docker")) w.docker = n["docker"].as_bool();
  if (n.has("min")) w.min_per_shape = static_cast<uint32_t>(n["min"].as_uint(0, 64));
  if (n.has("max")) w.max_per_shape = static_cast<uint32_t>(n["max"].as_uint(1, 64));
  if (n.has("max_total")) w.max_total = static_cast<uint32_t>(n["max_total"].as_uint(1, 256));
  if (w.min_per_shape > w.max_per_shape) n["min"].fail("must not exceed max");
  if (n.has("max_idle")) {
    w.max_idle_ms = n["max_idle"].as_duration_ms();
    if (w.max_idle_ms < 1000 || w.max_idle_ms > 3600ull * 1000) n["max_idle"].fail("must be between 1s and 1h");
  }
  if (n.has("min_free_memory")) w.min_free_memory_bytes = n["min_free_memory"].as_size();
  if (n.has("refill_yield")) {
    w.refill_yield_ms = n["refill_yield"].as_duration_ms();
    if (w.refill_yield_ms > 60000) n["refill_yield"].fail("must be at most 60s");
  }
  return w;
}

std::string id_span(uint64_t first, uint64_t count) {
  return std::to_string(first) + "-" + std::to_string(first + count - 1);
}

// ids: {first, count}. Ids no account, group or subordinate range has; never
// 65534 (nobody, the kernel's overflow id), 65535 or 4294967295 (invalid ids);
// room for `capacity` runs of `per_run` ids each.
// `warm`: waiting warm sandboxes, which hold ids too.
IdRange parse_id_range(const Node& n, uint32_t per_run, uint32_t capacity, const std::string& capacity_source,
                       const HostFacts& host, uint32_t warm = 0) {
  n.expect_keys({"first", "count"});
  IdRange r;
  r.first = static_cast<uint32_t>(n["first"].as_uint(1, 0xfffffffe));
  uint64_t count = n["count"].as_uint(per_run, 0xfffffffe);
  if (r.first + count > 0xffffffffULL)
    n["count"].fail("the range " + id_span(r.first, count) + " must end below 4294967295 (the kernel's 'no id')");
  r.count = static_cast<uint32_t>(count);
  for (uint64_t special : {65534ULL, 65535ULL})
    if (special >= r.first && special < r.end())
      n.fail("ids " + id_span(r.first, count) + " include " + std::to_string(special) +
             " (nobody and the kernel's overflow id, or an invalid 16-bit id)");
  if (const HostIdUse* u = overlapping_use(host.ids_in_use, r.first, r.count))
    n.fail("ids " + id_span(r.first, count) + " include " + u->what +
           "; choose ids no account, group or subordinate range uses");
  if (runs_in(r, per_run) < uint64_t{capacity} + warm)
    n["count"].fail(std::to_string(count) + " ids hold " + std::to_string(runs_in(r, per_run)) +
                    " concurrent runs (" + std::to_string(per_run) + " ids each), fewer than the capacity of " +
                    std::to_string(capacity) + " (" + capacity_source + ")" +
                    (warm ? " plus " + std::to_string(warm) + " warm sandboxes (warm.max_total)" : ""));
  return r;
}

// Optional: the defaults of FileSettings apply to what is left out.
FileSettings parse_file_settings(const Node& n) {
  n.expect_keys(
      {"max_inputs", "max_inputs_size", "max_input_code", "max_listed", "max_output_file", "max_output_total"});
  FileSettings f;
  if (n.has("max_inputs")) f.max_inputs = static_cast<uint32_t>(n["max_inputs"].as_uint(0, 100000));
  if (n.has("max_inputs_size")) {
    f.max_inputs_bytes = n["max_inputs_size"].as_size();
    // Inputs travel whole in one message and sit in memory until staged.
    if (f.max_inputs_bytes > (1ull << 30)) n["max_inputs_size"].fail("must be at most 1GiB");
  }
  if (n.has("max_input_code")) {
    f.max_input_code_bytes = n["max_input_code"].as_size();
    // The assessor reads them before the submission is answered: bounded like the code.
    if (f.max_input_code_bytes > (64ull << 20)) n["max_input_code"].fail("must be at most 64MiB");
  }
  if (n.has("max_listed")) f.max_listed = static_cast<uint32_t>(n["max_listed"].as_uint(1, 1000000));
  if (n.has("max_output_file")) f.max_output_file_bytes = n["max_output_file"].as_size();
  if (n.has("max_output_total")) {
    f.max_output_total_bytes = n["max_output_total"].as_size();
    if (f.max_output_total_bytes > (1ull << 30)) n["max_output_total"].fail("must be at most 1GiB");
  }
  if (f.max_output_file_bytes > f.max_output_total_bytes)
    n["max_output_file"].fail("must not exceed max_output_total");
  return f;
}

}  // namespace

SandboxConfig parse_sandbox_config(const Node& root) { return parse_sandbox_config(root, this_host_facts()); }

SandboxConfig parse_sandbox_config(const Node& root, const HostFacts& host) {
  root.expect_keys({"backend", "trust_levels", "monitor", "output", "capacity", "submission",
                    "native", "docker", "warm", "files"});
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

  if (root.has("files")) c.files = parse_file_settings(root["files"]);

  // Every range must hold the runs of one service at full capacity.
  uint32_t runs_at_once = c.runs_at_once(host.cores);
  std::string capacity_source = c.max_concurrent ? "capacity.max_concurrent"
                                                 : "capacity.max_concurrent 0: one per core";

  Node native = root["native"];
  native.expect_keys({"init", "ids", "cgroup_parent", "python", "shell", "refused_writes"});
  c.native.init_path = native.has("init") ? native["init"].as_string() : "";
  c.warm = parse_warm(root["warm"]);
  // Waiting warm sandboxes hold native ids too.
  c.native.ids = parse_id_range(native["ids"], kNativeIdsPerRun, runs_at_once, capacity_source, host,
                                c.warm.enabled ? c.warm.max_total : 0);
  c.native.cgroup_parent = native["cgroup_parent"].as_string();
  if (c.native.cgroup_parent.empty() || c.native.cgroup_parent.find("..") != std::string::npos ||
      c.native.cgroup_parent.front() == '/')
    native["cgroup_parent"].fail("must be a relative cgroup path without '..'");
  c.native.python = native["python"].as_string();
  c.native.shell = native["shell"].as_string();
  if (native.has("refused_writes")) c.native.refused_writes = native["refused_writes"].as_bool();

  Node docker = root["docker"];
  docker.expect_keys({"socket", "image", "ids", "cgroup_parent", "python", "shell", "refused_writes"});
  c.docker.socket = docker["socket"].as_string();
  if (c.docker.socket.empty() || c.docker.socket.front() != '/')
    docker["socket"].fail("must be an absolute path to the daemon's unix socket");
  c.docker.image = docker["image"].as_string();
  if (c.docker.image.empty()) docker["image"].fail("must name an image");
  // Waiting warm containers hold docker ids too.
  c.docker.ids = parse_id_range(docker["ids"], kDockerIdsPerRun, runs_at_once, capacity_source, host,
                                c.warm.enabled && c.warm.docker ? c.warm.max_total : 0);
  if (c.docker.ids.first < c.native.ids.end() && c.native.ids.first < c.docker.ids.end())
    docker["ids"].fail("ids " + id_span(c.docker.ids.first, c.docker.ids.count) + " overlap native.ids (" +
                       id_span(c.native.ids.first, c.native.ids.count) +
                       "); give each backend ids of its own");
  c.docker.cgroup_parent = docker["cgroup_parent"].as_string();
  if (c.docker.cgroup_parent.empty() || c.docker.cgroup_parent.find("..") != std::string::npos ||
      c.docker.cgroup_parent.front() == '/')
    docker["cgroup_parent"].fail("must be a relative cgroup path without '..'");
  c.docker.python = docker["python"].as_string();
  c.docker.shell = docker["shell"].as_string();
  if (docker.has("refused_writes")) c.docker.refused_writes = docker["refused_writes"].as_bool();
  for (const char* k : {"python", "shell"}) {
    const std::string& v = std::string(k) == "python" ? c.docker.python : c.docker.shell;
    if (v.empty() || v.front() != '/') docker[k].fail("must be an absolute path inside the image");
  }
  return c;
}

}  // namespace mai::config
