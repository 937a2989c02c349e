#include "node/node.hpp"

#include <unistd.h>

#include <exception>
#include <thread>
#include <iostream>
#include <stdexcept>

#include "actors/audit_client.hpp"
#include "actors/coordinator_link.hpp"
#include "actors/front_door.hpp"
#include "audit/event_types.hpp"
#include "common/error.hpp"
#include "common/ids.hpp"
#include "common/phase_log.hpp"
#include "node/node_config.hpp"
#include "policy/run_policy.hpp"
#include "protocol/actor_system.hpp"
#include "protocol/networking.hpp"
#include "protocol/remote_endpoint.hpp"
#include "sandbox/native_backend.hpp"
#include "sandbox/prepared_backend.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "sandbox/warm_backend.hpp"
#include "transport/identity.hpp"
#include "transport/tunnel_server.hpp"

namespace mai::node {

namespace {

std::string host_name() {
  char host[256] = {0};
  ::gethostname(host, sizeof host - 1);
  return host;
}

// The CN of an RFC 2253 subject, if any.
std::string common_name(const std::string& subject) {
  for (const auto& attribute : transport::subject_attributes(subject))
    if (attribute.compare(0, 3, "CN=") == 0) return attribute.substr(3);
  return "";
}

// The Docker backend where the machine has one; its absence is only noted.
std::shared_ptr<sandbox::Backend> docker_if_present(const config::SandboxConfig& cfg,
                                                    const std::function<void(const std::string&)>& log) {
  try {
    return sandbox::make_docker_backend(cfg);
  } catch (const std::exception& e) {
    log(std::string("no docker backend on this machine: ") + e.what());
    return nullptr;
  }
}

bool prepares_sandbox(const NodeSpec& spec, const config::SandboxConfig& sandbox) {
  return spec.kind == NodeKind::local_run && spec.prepare && sandbox.warm.enabled;
}

std::shared_ptr<sandbox::Backend> make_native(const NodeSpec& spec, const config::SandboxConfig& sandbox) {
  // A service's or worker's cold starts take their ids, scratch directory and
  // cgroup from a stock made ahead; a one-off run's one sandbox is prepared whole.
  if (spec.kind != NodeKind::local_run)
    return sandbox::make_native_backend_with_stock(sandbox, sandbox::kColdStock);
  std::shared_ptr<sandbox::Backend> native = sandbox::make_native_backend(sandbox);
  if (!prepares_sandbox(spec, sandbox)) return native;
  return sandbox::make_prepared_backend(native, *spec.prepare, spec.state_dir + "/runs");
}

const char* const stale_run_reason =
    "the supervising mai-sandbox process died; its sandbox was killed and removed at the next "
    "start";

}  // namespace

Node::Node(NodeKind kind) : kind_(kind) {}

Node::~Node() {
  try {
    stop();
  } catch (const std::exception& e) {
    std::cerr << "mai-sandbox: " << e.what() << "\n";
  }
}

std::optional<int> Node::ended() const {
  int status = ended_->load();
  if (status < 0) return std::nullopt;
  return status;
}

void Node::stop(const std::string& why) {
  if (stopped_ || !sys_) return;
  stopped_ = true;
  if (kind_ == NodeKind::worker) {
    if (link_) caf::anon_send_exit(link_, caf::exit_reason::user_shutdown);
    worker_.stop();
    sandbox::RunDirReaper::flush_if_used();  // as below
    return;
  }
  server_.reset();  // no new connections from here on
  if (front_door_) caf::anon_send_exit(front_door_, caf::exit_reason::user_shutdown);
  core_.stop_all_but_auditor();
  std::string refused;
  if (service_started_) {
    // Through the auditor, the log's only writer until it stops.
    caf::scoped_actor self{*sys_};
    actors::record_event(self.ptr(), core_.auditor,
                         actors::make_event(audit::events::service_stop, "", {{"signal", why}}))
        .receive([](const AuditAck&) {},
                 [&](const caf::error& e) { refused = error_message(e); });
  }
  core_.stop_auditor();
  // Spent runs' scratch directories and host ids, removed off the runs' path:
  // nothing of them outlives the node.
  sandbox::RunDirReaper::flush_if_used();
  if (!refused.empty()) throw std::runtime_error("the audit log refused service.stop: " + refused);
}

void Node::start_coordinator_service(const config::ServiceConfig& service) {
  auto sessions = std::make_shared<transport::SessionRegistry>();
  auto gate = std::make_shared<transport::PortGate>();
  actors::FrontDoorSettings door;
  door.sessions = sessions;
  door.max_concurrent_per_client = service.client_max_concurrent;
  door.gateway = core_.gateway;
  door.dispatcher = core_.dispatcher;
  door.auditor = core_.auditor;
  door.assessor = core_.assessor;
  door.health = core_.health;
  auto door_actor = sys_->spawn(actors::front_door, door);
  front_door_ = caf::actor_cast<caf::actor>(door_actor);
  uint16_t backend_port = protocol::publish_gated(*sys_, door_actor, gate);

  transport::TunnelServerSettings t;
  t.host = listening_.host;
  t.port = listening_.port;
  t.tls = tls_;
  t.backend_port = backend_port;
  t.handshake_timeout = std::chrono::milliseconds(service.handshake_timeout_ms);
  t.max_connections = service.max_connections;
  t.max_connections_per_client = service.max_connections_per_client;
  t.max_handshakes = service.max_handshakes;
  t.max_handshakes_per_address = service.max_handshakes_per_address;
  t.max_frame_bytes = static_cast<uint32_t>(service.max_message_bytes);
  // A worker's live samples for a client's run go through us to the client.
  t.forwardable_signatures = {"@<>+@atom+@str+mai::ResourceSample"};
  t.on_event = log_;
  server_ = std::make_unique<transport::TunnelServer>(t, sessions, gate);
  listening_.port = server_->port();

  // Through the auditor, the log's only writer while the node runs.
  caf::scoped_actor self{*sys_};
  actors::record_event(self.ptr(), core_.auditor,
                       actors::make_event(audit::events::service_start, "",
                                          {{"listen", listening_.to_string()},
                                           {"transport", tls_ ? "mutual-tls" : "plain-tcp"},
                                           {"server_subject", tls_ ? tls_->own_subject() : ""},
                                           {"node", name_}}))
      .receive([](const AuditAck&) {},
               [](const caf::error& e) {
                 throw std::runtime_error("the audit log refused service.start: " +
                                          caf::to_string(e));
               });
  service_started_ = true;
}

void Node::start_coordinator_link(const NodeSpec& spec, const config::ServiceConfig& service,
                                  const ExecutionParts& exec, uint32_t slots,
                                  std::vector<std::string> stale_runs) {
  auto resources = policy::detect_host_resources();
  actors::CoordinatorLinkSettings link;
  link.info.id = name_ + "@" + random_hex(6);  // this process; a restarted worker is a new one
  link.info.name = name_;
  link.info.slots = slots;
  link.info.cpus = static_cast<uint32_t>(resources.cpus);
  link.info.memory_bytes = resources.memory_bytes;
  link.info.backends.push_back(Backend::native);
  if (exec.docker) link.info.backends.push_back(Backend::docker);
  link.tunnel.host = spec.join.host;
  link.tunnel.port = spec.join.port;
  link.tunnel.tls = tls_;
  link.tunnel.timeout = std::chrono::milliseconds(service.connect_timeout_ms);
  link.coordinator = spec.join.to_string();
  link.remote = worker_.remote;
  link.spool = worker_.spool;
  link.stale_runs = std::move(stale_runs);
  link.heartbeat_every =
      std::max(std::chrono::milliseconds(50),
               std::chrono::milliseconds(service.worker_heartbeat_timeout_ms) / 4);
  link.max_backoff = std::chrono::milliseconds(service.reconnect_max_backoff_ms);
  link.log = log_;
  link.ended = ended_;
  // Connecting blocks for up to the connect timeout: a thread of its own.
  link_ = sys_->spawn<caf::detached>(actors::coordinator_link, std::move(link));
}

void prepare_run_sandbox(NodeSpec& spec, const config::SandboxConfig& sandbox) {
  if (spec.kind != NodeKind::local_run) throw std::logic_error("prepare_run_sandbox: a run's node only");
  spec.native = make_native(spec, sandbox);
  sandbox::await_host_memory_released(*spec.native);
}

std::unique_ptr<Node> start_node(const NodeSpec& spec) {
  const NodeKind kind = spec.kind;
  std::unique_ptr<Node> node(new Node(kind));
  node->log_ = spec.log ? spec.log : [](const std::string&) {};
  const auto& log = node->log_;
  const bool networked = kind != NodeKind::local_run;

  // The network end first: a bad certificate is the first thing to hear about.
  node->listening_ = kind == NodeKind::coordinator ? spec.listen : spec.join;
  if (networked && !spec.tls.empty()) {
    node->tls_ = kind == NodeKind::coordinator ? transport::TlsContext::server(spec.tls)
                                               : transport::TlsContext::client(spec.tls);
  } else if (networked && !is_loopback_host(node->listening_.host)) {
    if (kind == NodeKind::worker)
      throw UsageError("--join: plain TCP is only for a coordinator on loopback; give --tls-cert, "
                       "--tls-key and --tls-ca");
    // Plain TCP never leaves this host.
    log("no TLS certificate given: plain TCP, listening on loopback only (not " +
        node->listening_.host + ")");
    node->listening_.host = "127.0.0.1";
  }

  config::ServiceConfig service;
  if (networked) service = load_service_config(spec.config);
  NodeConfig cfg = spec.parsed ? *spec.parsed : load_node_config(spec.config);
  phase("config loaded");
  if (networked) fit_files_to_messages(cfg.sandbox, service);
  // Every node runs this many sandboxes at once unless told otherwise.
  const uint32_t slots = spec.slots.value_or(cfg.sandbox.runs_at_once());

  ExecutionParts exec;
  exec.sandbox = cfg.sandbox;
  exec.network = cfg.network;
  exec.state_dir = spec.state_dir;
  exec.audit_max_record_bytes = cfg.audit.max_record_bytes;
  CoreParts core;
  // Runs of an earlier process that was killed: their sandboxes go now, and
  // the log says so (a worker's coordinator does, once it has joined).
  auto stale_runs = prepare_state_dir(spec.state_dir, cfg.sandbox);
  phase("state directory ready");
  std::unique_ptr<audit::Spool> spool;
  // The log opens on a thread of its own, started first: it waits on the disk
  // (fsyncs) while the run's sandbox is prepared and the assessor loads (the
  // CPU), and it is the longest of the three. Joined, not merely awaited, so
  // the thread's OpenSSL state is gone before anything else runs.
  std::shared_ptr<audit::Log> opened_log;
  std::exception_ptr open_failed;
  std::thread log_opener;
  struct JoinOnExit {
    std::thread& t;
    ~JoinOnExit() {
      if (t.joinable()) t.join();
    }
  } join_opener{log_opener};
  if (kind == NodeKind::worker) {
    spool = audit::Spool::open(spec.state_dir + "/spool");
  } else {
    // A service holds the log open (one writer, idle tree heads on a timer);
    // short-lived processes share it: each append opens, writes and lets go.
    bool service_node = kind == NodeKind::coordinator;
    if (service_node)
      core.tree_head_interval = std::chrono::milliseconds(cfg.audit.tree_head_interval_ms);
    log_opener = std::thread([&, service_node] {
      try {
        opened_log = audit::Log::open(spec.state_dir, cfg.audit, service_node);
        // Before the auditor starts: until then this is the log's only writer.
        opened_log->abandon_runs({stale_runs.begin(), stale_runs.end()}, stale_run_reason);
      } catch (...) {
        open_failed = std::current_exception();
      }
    });
  }
  // A one-off run's sandbox is built while the assessor loads and the log
  // opens (if not made ahead, from now); a service or worker keeps warm
  // sandboxes (config warm:).
  exec.native = spec.native ? spec.native : make_native(spec, cfg.sandbox);
  phase("native backend made");
  if (networked)
    exec.native = sandbox::make_warm_backend(exec.native, cfg.sandbox, spec.state_dir + "/runs");

  if (kind != NodeKind::worker) {
    core.assessor =
        std::make_shared<const assess::Assessor>(assess::Assessor::from_config(spec.config));
    phase("assessor loaded");
  }
  if (log_opener.joinable()) {
    log_opener.join();
    if (open_failed) std::rethrow_exception(open_failed);
    core.audit_log = std::move(opened_log);
    phase("audit log open");
  }

  // `run` makes it only when asked: it talks to the daemon, and a missing
  // daemon or image is a sandbox failure that names what to do.
  if (kind == NodeKind::local_run) {
    if (spec.docker) exec.docker = sandbox::make_docker_backend(cfg.sandbox);
  } else {
    exec.docker = docker_if_present(cfg.sandbox, log);
    // Warm containers too (config warm.docker): a pool of its own, same settings.
    if (exec.docker && cfg.sandbox.warm.docker)
      exec.docker = sandbox::make_warm_backend(exec.docker, cfg.sandbox, spec.state_dir + "/runs");
  }

  switch (kind) {
    case NodeKind::local_run:
      node->name_ = "local";
      exec.slots = slots;
      exec.queue_length = cfg.sandbox.queue_length;
      break;
    case NodeKind::coordinator:
      node->name_ = host_name();
      core.coordinator = true;
      core.local_slots = slots;
      core.worker_queue = service.worker_queue;
      core.worker_heartbeat_timeout = std::chrono::milliseconds(service.worker_heartbeat_timeout_ms);
      // The dispatcher queues. It hands over the next run as soon as a report
      // arrives, which can be a moment before the executor hears that the
      // finished run's thread ended: a queue as long as the slots absorbs that.
      exec.slots = std::max(1u, slots);
      exec.queue_length = exec.slots;
      break;
    case NodeKind::worker: {
      std::string cn = node->tls_ ? common_name(node->tls_->own_subject()) : "";
      node->name_ = !spec.name.empty() ? spec.name : !cn.empty() ? cn : host_name();
      exec.slots = std::max(1u, slots);
      exec.queue_length = cfg.sandbox.queue_length;
      break;
    }
  }
  exec.worker_name = node->name_;

  node->cfg_ = std::make_unique<caf::actor_system_config>();
  protocol::configure_actor_system(*node->cfg_);
  // One submission's messages need no second worker: its blocking parts (the
  // run worker, the auditor) have threads of their own. One fewer thread to
  // start, wake and join, on a run that already uses every core.
  if (kind == NodeKind::local_run) node->cfg_->set("scheduler.max-threads", size_t{1});
  if (networked)
    protocol::configure_networking(*node->cfg_,
                                   {std::chrono::milliseconds(service.heartbeat_interval_ms),
                                    std::chrono::milliseconds(service.heartbeat_timeout_ms)});
  node->sys_ = std::make_unique<caf::actor_system>(*node->cfg_);
  auto& sys = *node->sys_;

  if (kind != NodeKind::worker) {
    node->core_ = spawn_core_actors(sys, exec, core);
    if (kind == NodeKind::coordinator) node->start_coordinator_service(service);
    return node;
  }

  node->worker_ = spawn_worker_actors(sys, exec, std::move(spool));
  node->start_coordinator_link(spec, service, exec, slots, std::move(stale_runs));
  return node;
}

}  // namespace mai::node
