// `mai-sandbox doctor`: which isolation features, cgroup version, backends and
// limits this host supports, and what is missing. The probing lives in
// src/sandbox/host_capabilities.cpp; this file only prints.
#include <unistd.h>

#include <iomanip>
#include <iostream>
#include <optional>

#include "assess/assessor.hpp"
#include "cli/command.hpp"
#include "cli/service_options.hpp"
#include "common/files.hpp"
#include "common/json.hpp"
#include "common/units.hpp"
#include "common/utf8.hpp"
#include "config/audit_config.hpp"
#include "config/network_config.hpp"
#include "config/sandbox_config.hpp"
#include "sandbox/docker/run_tmpfs.hpp"
#include "sandbox/host_capabilities.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::cli {

namespace {

json limits_json(const Limits& l) {
  return {{"cpus", l.cpus},           {"memory_bytes", l.memory_bytes}, {"pids", l.pids},
          {"timeout_ms", l.timeout_ms}, {"tmpfs_bytes", l.tmpfs_bytes}, {"output_bytes", l.output_bytes}};
}

// Whether this host could serve runs with this configuration and state:
// every configuration file (a bad one is a configuration error, exit 2, like
// for every command) and a writable state directory.
struct Readiness {
  bool ready = true;
  std::vector<std::string> problems;
};

Readiness check_readiness(const GlobalOptions& global) {
  auto source = global.config_source();
  config::parse_audit_config(source.load("audit.yaml"));
  config::parse_network_config(source.load("network.yaml"));
  load_service_config(source);
  assess::Assessor::from_config(source);
  Readiness r;
  const std::string state = global.state();
  try {
    make_dirs(state, 0700);
    std::string probe = state + "/.doctor-probe";
    write_file_atomic(probe, "ok", 0600);
    ::unlink(probe.c_str());
  } catch (const std::exception& e) {
    r.ready = false;
    r.problems.push_back("the state directory " + state + " is not writable: " + e.what());
  }
  return r;
}

int doctor(const GlobalOptions& global, bool as_json, bool quick) {
  auto cfg = config::parse_sandbox_config(global.config_source().load("sandbox.yaml"));
  Readiness ready = check_readiness(global);
  std::string scratch;
  if (!quick) {
    scratch = global.state() + "/runs";
    try {
      make_dirs(scratch, 0700);
      sandbox::cleanup_stale_runs(scratch, cfg);
    } catch (const std::exception&) {
      scratch.clear();  // the end-to-end probe is skipped; the rest still runs
    }
  }
  sandbox::HostReport r = sandbox::probe_host(cfg, scratch);
  sandbox::DockerStatus docker = sandbox::probe_docker(cfg.docker);
  // Whether the daemon sees the host tmpfs mounts of a run's /sandbox
  // (docs/docker.md, "Files"): checked where a run would make them.
  std::optional<std::string> mounts_problem;
  if (docker.daemon && !scratch.empty())
    mounts_problem = sandbox::docker::daemon_mount_problem(cfg.docker.socket, scratch);
  bool docker_ok = docker.daemon && docker.image && (!mounts_problem || mounts_problem->empty());
  std::vector<sandbox::RunIdentities> identities = sandbox::run_identities(cfg);

  if (as_json) {
    json features = json::array();
    for (const auto& f : r.features)
      features.push_back({{"name", f.name}, {"ok", f.ok}, {"required", f.required}, {"detail", f.detail}});
    json ids = json::object();
    for (const auto& i : identities)
      ids[i.backend] = {{"first", i.range.first},
                        {"count", i.range.count},
                        {"ids_per_run", i.ids_per_run},
                        {"max_concurrent_runs", i.max_concurrent_runs},
                        {"leased", i.leased},
                        {"abandoned", i.abandoned},
                        {"lock_dir", i.lock_dir},
                        {"own", i.own},
                        {"shared", i.shared}};
    json levels = json::object();
    for (auto t : {TrustLevel::trusted, TrustLevel::unknown, TrustLevel::untrusted})
      levels[to_string(t)] = limits_json(sandbox::clamp_to_host(cfg.limits_for(t)));
    json out = {{"native_ok", r.native_ok},
                {"cgroup_version", r.cgroup_version},
                {"cgroup_controllers", r.cgroup_controllers},
                {"features", features},
                {"missing", r.missing},
                {"limits", levels},
                {"run_identities", ids},
                {"docker", {{"ok", docker_ok},
                            {"mounts_visible", mounts_problem ? json(mounts_problem->empty()) : json(nullptr)},
                            {"socket", cfg.docker.socket},
                            {"daemon", docker.daemon},
                            {"api_version", docker.api_version},
                            {"image", cfg.docker.image},
                            {"image_present", docker.image},
                            {"problem", mounts_problem && !mounts_problem->empty() ? *mounts_problem
                                                                                   : docker.problem}}},
                {"ready", ready.ready && r.native_ok},
                {"problems", ready.problems}};
    std::cout << dump_json(out, 2) << "\n";
    return r.native_ok && ready.ready ? 0 : 1;
  }

  std::cout << "Isolation features\n";
  for (const auto& f : r.features)
    std::cout << "  " << (f.ok ? "[ok]     " : f.required ? "[MISSING]" : "[absent] ") << " "
              << std::left << std::setw(24) << f.name << f.detail << "\n";
  std::cout << "\ncgroup version: " << (r.cgroup_version ? std::to_string(r.cgroup_version) : "none")
            << " (controllers:";
  for (const auto& c : r.cgroup_controllers) std::cout << " " << c;
  std::cout << ")\n\nLimits in force (clamped to this host)\n";
  for (auto t : {TrustLevel::trusted, TrustLevel::unknown, TrustLevel::untrusted}) {
    Limits l = sandbox::clamp_to_host(cfg.limits_for(t));
    std::cout << "  " << std::left << std::setw(10) << to_string(t) << " cpus " << l.cpus
              << ", memory " << format_size(l.memory_bytes) << ", timeout " << l.timeout_ms / 1000.0
              << "s, pids " << l.pids << ", tmpfs " << format_size(l.tmpfs_bytes) << ", output "
              << format_size(l.output_bytes) << "\n";
  }
  std::cout << "\nRun identities (leases are host-wide, in " << identities.front().lock_dir << ")\n";
  for (const auto& i : identities) {
    std::cout << "  " << std::left << std::setw(7) << i.backend << " host ids " << i.range.first << "-"
              << i.range.end() - 1 << ", " << i.ids_per_run << " per run: up to " << i.max_concurrent_runs
              << " runs at once; " << i.leased << " leased now";
    if (i.abandoned) std::cout << ", " << i.abandoned << " abandoned (reclaimed once their processes are gone)";
    std::cout << "\n";
    std::cout << "          each run's own: " << i.own.front() << "\n          and with it:";
    for (size_t k = 1; k < i.own.size(); ++k) std::cout << (k > 1 ? ", " : " ") << i.own[k];
    std::cout << "\n";
    for (const auto& s : i.shared) std::cout << "          shared: " << s << "\n";
  }
  if (r.native_ok) {
    std::cout << "\nThe native backend can run here.\n";
  } else {
    std::cout << "\nThe native backend cannot run here; missing:";
    for (const auto& m : r.missing) std::cout << " " << m;
    std::cout << "\n";
  }
  if (docker_ok)
    std::cout << "\nThe docker backend can run here (daemon at " << cfg.docker.socket << ", API "
              << docker.api_version << ", image " << cfg.docker.image << ").\n";
  else
    std::cout << "\nThe docker backend cannot run here: "
              << (mounts_problem && !mounts_problem->empty() ? *mounts_problem : docker.problem) << "\n";
  for (const auto& p : ready.problems) std::cout << "\nNOT READY: " << p << "\n";
  return r.native_ok && ready.ready ? 0 : 1;
}

}  // namespace

void add_doctor_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto* cmd = app.add_subcommand(
      "doctor", "Report which isolation features, cgroup version, backends and limits this host "
                "supports (native, and docker: daemon reachable, API version, image present), and "
                "what is missing. Also checks every configuration file (exit 2 naming the file, "
                "line and field of an error) and that the state directory is writable. Exit 0 "
                "when the native backend can work and runs can be served, 1 otherwise.");
  auto as_json = std::make_shared<bool>(false);
  auto quick = std::make_shared<bool>(false);
  cmd->add_flag("--json", *as_json, "Print one JSON object");
  cmd->add_flag("--quick", *quick, "Skip the end-to-end test run in a real sandbox");
  cmd->callback([&global, &action, as_json, quick] {
    action = [&global, as_json, quick] { return doctor(global, *as_json, *quick); };
  });
}

}  // namespace mai::cli
