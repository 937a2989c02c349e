// `mai-sandbox status`: a coordinator's workers, free slots, queue and recent
// failures, asked over the same connection `submit` uses.
#include <cstdio>
#include <iostream>

#include "cli/command.hpp"
#include "cli/service_options.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "common/units.hpp"
#include "common/utf8.hpp"
#include "mai_sandbox_client.hpp"

namespace mai::cli {

namespace {

struct StatusOptions {
  std::string server;
  TlsOptions tls;
  bool json = false;
};

json to_json(const client::ServiceStatus& s) {
  json workers = json::array();
  uint64_t free_slots = 0;
  for (const auto& w : s.workers) {
    if (w.active && w.slots > w.running) free_slots += w.slots - w.running;
    workers.push_back({{"id", w.id}, {"name", w.name}, {"active", w.active}, {"slots", w.slots},
                       {"running", w.running}, {"cpus", w.cpus}, {"memory_bytes", w.memory_bytes},
                       {"placed_total", w.placed_total},
                       {"since_heartbeat_ms", w.since_heartbeat_ms}, {"backends", w.backends}});
  }
  return {{"healthy", s.healthy}, {"problems", s.problems},
          {"workers", workers},   {"free_slots", free_slots},
          {"queued", s.queued},   {"recent_failures", s.recent_failures}};
}

void print_table(const json& j) {
  if (!j["healthy"].get<bool>()) {
    std::printf("UNHEALTHY: this service cannot serve\n");
    for (const auto& p : j["problems"]) std::printf("  %s\n", p.get<std::string>().c_str());
  }
  std::printf("%-28s %-7s %5s %7s %6s %8s %-14s %s\n", "WORKER", "STATE", "SLOTS", "RUNNING",
              "JOBS", "SEEN", "BACKENDS", "NAME");
  for (const auto& w : j["workers"]) {
    std::string backends;
    for (const auto& b : w["backends"]) backends += (backends.empty() ? "" : ",") + b.get<std::string>();
    std::printf("%-28s %-7s %5u %7u %6llu %6llds %-14s %s\n", w["id"].get<std::string>().c_str(),
                w["active"].get<bool>() ? "active" : "lost", w["slots"].get<unsigned>(),
                w["running"].get<unsigned>(),
                static_cast<unsigned long long>(w["placed_total"].get<uint64_t>()),
                static_cast<long long>(w["since_heartbeat_ms"].get<int64_t>() / 1000),
                backends.c_str(), w["name"].get<std::string>().c_str());
  }
  std::printf("free slots: %llu   queued: %llu\n",
              static_cast<unsigned long long>(j["free_slots"].get<uint64_t>()),
              static_cast<unsigned long long>(j["queued"].get<uint64_t>()));
  if (!j["recent_failures"].empty()) {
    std::printf("recent failures:\n");
    for (const auto& f : j["recent_failures"]) std::printf("  %s\n", f.get<std::string>().c_str());
  }
}

int status(const GlobalOptions& global, const StatusOptions& o) {
  auto service = load_service_config(global.config_source());
  client::Options c = client_options(o.server, o.tls, service);
  json j;
  try {
    j = to_json(client::Client::connect(c)->status());
  } catch (const client::Error& e) {
    if (e.kind() == client::Error::Kind::usage) throw UsageError(e.what());
    throw SandboxError("service", e.what());
  }
  if (o.json)
    std::cout << dump_json(j, 2) << std::endl;
  else
    print_table(j);
  return j["healthy"].get<bool>() ? 0 : 1;
}

}  // namespace

void add_status_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto o = std::make_shared<StatusOptions>();
  auto* cmd = app.add_subcommand("status", "Show a coordinator's workers, free slots, queue and recent failures");
  cmd->add_option("--server", o->server, "HOST:PORT of the coordinator (mai-sandbox serve)")->required();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  add_tls_options(*cmd, o->tls);
  cmd->callback([&action, &global, o] { action = [&global, o] { return status(global, *o); }; });
}

}  // namespace mai::cli
