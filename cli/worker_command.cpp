// `mai-sandbox worker`: an execution node that joins a coordinator (`serve`).
// The worker's actors run its sandboxes; this thread keeps the connection:
// connect, join, heartbeat, and on any loss reconnect with backoff, while the
// audit spool keeps every event until the coordinator's log has it.
#include <signal.h>
#include <unistd.h>

#include <iostream>
#include <thread>

#include "protocol/networking.hpp"
#include "actors/node.hpp"
#include "protocol/actor_system.hpp"
#include "protocol/remote_endpoint.hpp"
#include "actors/worker_node.hpp"
#include "cli/command.hpp"
#include "cli/node_setup.hpp"
#include "cli/service_options.hpp"
#include "common/endpoint.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"
#include "config/network_config.hpp"
#include "config/sandbox_config.hpp"
#include "policy/run_policy.hpp"
#include "transport/identity.hpp"
#include "transport/tunnel_client.hpp"

namespace mai::cli {

namespace {

struct WorkerOptions {
  std::string join;
  std::string name;
  unsigned slots = 0;
  TlsOptions tls;
};

void log_line(const std::string& line) {
  std::cerr << "mai-sandbox worker: " + line + "\n" << std::flush;
}

// The CN of an RFC 2253 subject, if any.
std::string common_name(const std::string& subject) {
  for (const auto& attribute : transport::subject_attributes(subject))
    if (attribute.compare(0, 3, "CN=") == 0) return attribute.substr(3);
  return "";
}

// Waits up to `d` for a stop signal; true if one came.
bool stop_requested(const sigset_t& signals, std::chrono::milliseconds d) {
  timespec ts{static_cast<time_t>(d.count() / 1000), static_cast<long>(d.count() % 1000) * 1000000};
  return ::sigtimedwait(&signals, nullptr, &ts) > 0;
}

// Delivers the spool (it holds the runs' starts), then has the coordinator
// record execution.abandoned for each; kept for the next connection on failure.
void close_stale_runs(caf::scoped_actor& self, const actors::WorkerNode& node,
                      const protocol::front_door_actor& door, const std::string& session,
                      std::vector<std::string>& stale_runs) {
  bool drained = false;
  self->request(node.spool, std::chrono::seconds(30), protocol::drain_atom::value)
      .receive([&](bool ok) { drained = ok; }, [](const caf::error&) {});
  if (!drained) return;
  self->request(door, std::chrono::seconds(30), protocol::abandon_atom::value, session, stale_runs,
                std::string("the worker supervising it died; its sandbox was killed and removed "
                            "when the worker started again"))
      .receive([&](const std::vector<std::string>&) { stale_runs.clear(); },
               [](const caf::error& e) {
                 log_line("could not close the runs of the previous worker process: " +
                          to_string(e));
               });
}

int work(const GlobalOptions& global, const WorkerOptions& o) {
  sigset_t signals = block_stop_signals();
  Endpoint coordinator = parse_endpoint(o.join, "--join", /*allow_any_port=*/false);
  std::shared_ptr<transport::TlsContext> tls;
  auto files = o.tls.files();
  if (!files.empty())
    tls = transport::TlsContext::client(files);
  else if (!is_loopback_host(coordinator.host))
    throw UsageError("--join: plain TCP is only for a coordinator on loopback; give --tls-cert, "
                     "--tls-key and --tls-ca");

  auto source = global.config_source();
  auto service = load_service_config(source);
  auto sandbox_cfg = config::parse_sandbox_config(source.load("sandbox.yaml"));
  fit_files_to_messages(sandbox_cfg, service);
  auto network_cfg = config::parse_network_config(source.load("network.yaml"));

  std::string state = global.state();
  // Runs of an earlier incarnation that was killed: their sandboxes are
  // removed now; once joined (and the spool delivered, which holds their
  // starts), the coordinator closes them in the log.
  auto stale_runs = prepare_state_dir(state, sandbox_cfg);
  auto spool = audit::Spool::open(state + "/spool");

  char host[256] = {0};
  ::gethostname(host, sizeof host - 1);
  std::string name = !o.name.empty() ? o.name
                     : tls && !common_name(tls->own_subject()).empty()
                         ? common_name(tls->own_subject())
                         : std::string(host);
  auto resources = policy::detect_host_resources();
  WorkerInfo info;
  info.id = name + "@" + random_hex(6);  // this process; a restarted worker is a new one
  info.name = name;
  info.slots = o.slots ? o.slots : sandbox_cfg.runs_at_once();
  info.cpus = static_cast<uint32_t>(resources.cpus);
  info.memory_bytes = resources.memory_bytes;

  actors::WorkerNodeSettings settings;
  settings.sandbox = sandbox_cfg;
  settings.network = network_cfg;
  settings.state_dir = state;
  settings.spool = std::move(spool);
  settings.native = sandbox::make_native_backend(sandbox_cfg);
  info.backends.push_back(Backend::native);
  try {
    settings.docker = sandbox::make_docker_backend(sandbox_cfg);
    info.backends.push_back(Backend::docker);
  } catch (const std::exception& e) {
    log_line(std::string("no docker backend: ") + e.what());
  }
  settings.worker_name = name;
  settings.slots = info.slots;


  caf::actor_system_config cfg;
  protocol::configure_actor_system(cfg);
  protocol::configure_networking(cfg, {std::chrono::milliseconds(service.heartbeat_interval_ms), std::chrono::milliseconds(service.heartbeat_timeout_ms)});
  caf::actor_system sys{cfg};
  auto node = actors::spawn_worker_node(sys, std::move(settings));

  transport::TunnelClientSettings t;
  t.host = coordinator.host;
  t.port = coordinator.port;
  t.tls = tls;
  t.timeout = std::chrono::milliseconds(service.connect_timeout_ms);
  auto max_backoff = std::chrono::milliseconds(service.reconnect_max_backoff_ms);
  auto heartbeat_every =
      std::max(std::chrono::milliseconds(50),
               std::chrono::milliseconds(service.worker_heartbeat_timeout_ms) / 4);
  auto backoff = std::chrono::milliseconds(100);
  int status = 0;
  bool stopping = false;
  log_line("worker " + info.id + " with " + std::to_string(info.slots) + " slots, joining " +
           coordinator.to_string());
  while (!stopping) {
    std::unique_ptr<transport::TunnelClient> tunnel;
    protocol::front_door_actor door;
    try {
      tunnel = transport::TunnelClient::connect(t);
      auto d = protocol::connect_published<protocol::front_door_actor>(sys, tunnel->take_local_fd(),
                                                                  caf::timespan{t.timeout});
      if (!d) throw transport::ConnectError("no coordinator there: " + sys.render(d.error()));
      door = std::move(*d);
    } catch (const transport::ConnectError& e) {
      log_line(std::string(e.what()) + "; trying again in " + std::to_string(backoff.count()) +
               " ms");
      stopping = stop_requested(signals, backoff);
      backoff = std::min(backoff * 2, max_backoff);
      continue;
    }
    caf::scoped_actor self{sys};
    bool joined = false;
    std::string refusal;
    while (!stopping && tunnel->open()) {
      if (!joined) {
        self->request(door, t.timeout, protocol::join_atom::value, tunnel->token(), info, node.remote)
            .receive([&](const std::string&) { joined = true; },
                     [&](caf::error& e) { refusal = sys.render(e); });
        if (!joined) break;
        log_line("joined " + coordinator.to_string() + " as " + info.id);
        caf::anon_send(node.spool, protocol::attach_atom::value, door, tunnel->token());
        backoff = std::chrono::milliseconds(100);
        if (!stale_runs.empty()) close_stale_runs(self, node, door, tunnel->token(), stale_runs);
      }
      if (stop_requested(signals, heartbeat_every)) {
        stopping = true;
        break;
      }
      bool known = true;
      bool answered = false;
      self->request(door, heartbeat_every * 4, protocol::heartbeat_atom::value, tunnel->token(),
                    info.id)
          .receive([&](bool k) { known = k, answered = true; }, [](const caf::error&) {});
      if (!answered) break;   // the coordinator is gone or frozen: reconnect
      if (!known) {
        log_line("the coordinator no longer knows this worker; joining again");
        joined = false;
      }
    }
    if (!refusal.empty() && refusal.find("unauthenticated") != std::string::npos) {
      log_line("the coordinator refused this worker: " + refusal);
      status = 2;
      break;
    }
    if (!stopping) {
      log_line("lost the coordinator" + (refusal.empty() ? "" : " (" + refusal + ")") +
               "; reconnecting");
      stopping = stop_requested(signals, backoff);
      backoff = std::min(backoff * 2, max_backoff);
    }
  }
  log_line("stopping");
  node.shutdown();
  return status;
}

}  // namespace

void add_worker_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto o = std::make_shared<WorkerOptions>();
  auto* cmd = app.add_subcommand("worker", "Run an execution node that joins a coordinator");
  cmd->add_option("--join", o->join, "HOST:PORT of the coordinator (mai-sandbox serve)")->required();
  cmd->add_option("--slots", o->slots, "Sandboxes to run at once (default: config, else one per core)");
  cmd->add_option("--name", o->name, "Name in results and status (default: certificate CN, else host name)");
  add_tls_options(*cmd, o->tls);
  cmd->footer(
      "The worker's certificate must be issued for a worker (tools/make-certs.sh --worker NAME,\n"
      "subject OU=workers). It reconnects with backoff whenever the coordinator goes away and\n"
      "keeps its audit events in <state>/spool until the coordinator's log has them.\n"
      "Stops on SIGINT/SIGTERM.");
  cmd->callback([&action, &global, o] { action = [&global, o] { return work(global, *o); }; });
}

}  // namespace mai::cli
