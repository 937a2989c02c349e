// `mai-sandbox serve`: the submission service. One node (gateway, assessor,
// executor, monitor, network proxy, auditor) behind the front door, which the
// tunnel server exposes over mutual TLS (or plain TCP on loopback).
#include <signal.h>
#include <unistd.h>

#include <iostream>
#include <stdexcept>
#include <thread>

#include "actors/audit_client.hpp"
#include "actors/front_door.hpp"
#include "protocol/networking.hpp"
#include "actors/node.hpp"
#include "protocol/actor_system.hpp"
#include "protocol/remote_endpoint.hpp"
#include "audit/event_types.hpp"
#include "cli/command.hpp"
#include "cli/node_setup.hpp"
#include "cli/service_options.hpp"
#include "common/endpoint.hpp"
#include "common/error.hpp"
#include "transport/tunnel_server.hpp"

namespace mai::cli {

namespace {

struct ServeOptions {
  std::string listen;
  TlsOptions tls;
  int local_slots = -1;  // -1: config capacity
};

void log_line(const std::string& line) {
  std::cerr << "mai-sandbox serve: " + line + "\n" << std::flush;
}

int serve(const GlobalOptions& global, const ServeOptions& o) {
  sigset_t signals = block_stop_signals();
  Endpoint listen = parse_endpoint(o.listen, "--listen", /*allow_any_port=*/true);
  std::shared_ptr<transport::TlsContext> tls;
  auto files = o.tls.files();
  if (!files.empty()) {
    tls = transport::TlsContext::server(files);
  } else if (!is_loopback_host(listen.host)) {
    // Plain TCP never leaves this host.
    log_line("no TLS certificate given: plain TCP, listening on loopback only (not " +
             listen.host + ")");
    listen.host = "127.0.0.1";
  }

  auto service = load_service_config(global.config_source());
  auto node_cfg = load_node_config(global);
  fit_files_to_messages(node_cfg.sandbox, service);
  const auto& sandbox_cfg = node_cfg.sandbox;
  actors::NodeSettings settings = prepare_node(global, node_cfg, /*service=*/true);
  try {
    settings.docker = sandbox::make_docker_backend(sandbox_cfg);
  } catch (const std::exception& e) {
    log_line(std::string("no docker backend on this machine: ") + e.what());
  }
  char host[256] = {0};
  ::gethostname(host, sizeof host - 1);
  settings.worker_name = host;
  settings.coordinator = true;
  settings.local_slots =
      o.local_slots >= 0 ? static_cast<uint32_t>(o.local_slots) : sandbox_cfg.runs_at_once();
  settings.worker_queue = service.worker_queue;
  settings.worker_heartbeat_timeout = std::chrono::milliseconds(service.worker_heartbeat_timeout_ms);


  caf::actor_system_config cfg;
  protocol::configure_actor_system(cfg);
  protocol::configure_networking(cfg, {std::chrono::milliseconds(service.heartbeat_interval_ms), std::chrono::milliseconds(service.heartbeat_timeout_ms)});
  caf::actor_system sys{cfg};
  auto node = actors::spawn_node(sys, settings);

  auto sessions = std::make_shared<transport::SessionRegistry>();
  auto gate = std::make_shared<transport::PortGate>();
  actors::FrontDoorSettings door_settings;
  door_settings.sessions = sessions;
  door_settings.max_concurrent_per_client = service.client_max_concurrent;
  door_settings.gateway = node.gateway;
  door_settings.dispatcher = node.dispatcher;
  door_settings.auditor = node.auditor;
  door_settings.health = node.health;
  auto door = sys.spawn(actors::front_door, door_settings);
  uint16_t backend_port = protocol::publish_gated(sys, door, gate);

  transport::TunnelServerSettings t;
  t.host = listen.host;
  t.port = listen.port;
  t.tls = tls;
  t.backend_port = backend_port;
  t.handshake_timeout = std::chrono::milliseconds(service.handshake_timeout_ms);
  t.max_connections = service.max_connections;
  t.max_connections_per_client = service.max_connections_per_client;
  t.max_handshakes = service.max_handshakes;
  t.max_handshakes_per_address = service.max_handshakes_per_address;
  t.max_frame_bytes = static_cast<uint32_t>(service.max_message_bytes);
  // A worker's live samples for a client's run go through us to the client.
  t.forwardable_signatures = {"@<>+@atom+@str+mai::ResourceSample"};
  t.on_event = log_line;
  int signal = 0;
  {
    transport::TunnelServer server(t, sessions, gate);
    listen.port = server.port();
    // Through the auditor, the log's only writer while the node runs.
    caf::scoped_actor self{sys};
    actors::record_event(self.ptr(), node.auditor,
                         actors::make_event(audit::events::service_start, "",
                                            {{"listen", listen.to_string()},
                                             {"transport", tls ? "mutual-tls" : "plain-tcp"},
                                             {"server_subject", tls ? tls->own_subject() : ""},
                                             {"node", settings.worker_name}}))
        .receive([](const actors::AuditAck&) {},
                 [](const caf::error& e) {
                   throw std::runtime_error("the audit log refused service.start: " + caf::to_string(e));
                 });
    std::cout << "mai-sandbox: serving on " << listen.to_string()
              << (tls ? " (mutual TLS)" : " (plain TCP, loopback only)") << std::endl;
    ::sigwait(&signals, &signal);
    log_line(std::string("stopping (") + ::strsignal(signal) + ")");
  }  // no new connections from here on
  caf::anon_send_exit(door, caf::exit_reason::user_shutdown);
  node.shutdown();
  // The auditor has stopped: the log is written directly, as its only writer now.
  settings.audit_log->append(
      {{audit::events::service_stop, "", {{"signal", ::strsignal(signal)}}}});
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto o = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand("serve", "Run the submission service over CAF networking");
  cmd->add_option("--listen", o->listen,
                  "HOST:PORT to listen on (port 0: any). Without TLS options: plain TCP on "
                  "loopback only")
      ->required();
  add_tls_options(*cmd, o->tls);
  cmd->add_option("--local-slots", o->local_slots,
                  "Sandboxes this machine runs itself (default: capacity in sandbox.yaml; 0: only "
                  "joined workers run code)")
      ->check(CLI::Range(0, 4096));
  cmd->footer(
      "Clients (`mai-sandbox submit`, the client library, workers) present certificates signed\n"
      "by the --tls-ca; the subject of the certificate is recorded with every submission and\n"
      "override. tools/make-certs.sh creates a CA and certificates. Prints\n"
      "\"mai-sandbox: serving on HOST:PORT\" once it accepts connections; stops on SIGINT/SIGTERM.");
  cmd->callback([&action, &global, o] { action = [&global, o] { return serve(global, *o); }; });
}

}  // namespace mai::cli
