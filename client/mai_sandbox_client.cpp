#include "mai_sandbox_client.hpp"

#include <atomic>
#include <future>
#include <mutex>

#include "common/endpoint.hpp"
#include "common/error.hpp"
#include "protocol/actor_system.hpp"
#include "protocol/connection.hpp"
#include "protocol/errors.hpp"
#include "protocol/networking.hpp"

namespace mai::client {

namespace {

struct Answer {
  std::optional<RunResult> result;
  caf::error error;
  bool connection_lost = false;
};

// One submission: sends the request, relays live samples to the caller's
// handler, and answers exactly once — with the result, the service's error,
// or "connection lost" when the service's node goes away mid-request (CAF
// would otherwise let the request wait forever).
caf::behavior submission(caf::event_based_actor* self, protocol::front_door_actor door,
                         std::string session, Submission sub, Client::StatsHandler on_stats,
                         std::shared_ptr<std::promise<Answer>> answer) {
  auto once = std::make_shared<std::atomic<bool>>(false);
  auto deliver = [=](Answer a) {
    if (!once->exchange(true)) answer->set_value(std::move(a));
    self->quit();
  };
  self->monitor(door);
  self->set_down_handler([=](caf::down_msg&) {
    Answer a;
    a.connection_lost = true;
    deliver(std::move(a));
  });
  caf::actor subscriber = on_stats ? caf::actor_cast<caf::actor>(self) : caf::actor{};
  self->request(door, caf::infinite, protocol::submit_atom::value, session, std::move(sub),
                subscriber)
      .then(
          [=](RunResult& r) {
            Answer a;
            a.result = std::move(r);
            deliver(std::move(a));
          },
          [=](caf::error& e) {
            Answer a;
            a.error = std::move(e);
            deliver(std::move(a));
          });
  return {
      [=](protocol::stats_atom, const std::string&, const ResourceSample& sample) {
        if (on_stats) on_stats(sample);
      },
  };
}

struct SystemConfig : caf::actor_system_config {
  explicit SystemConfig(const Options& o) {
    protocol::configure_actor_system(*this);
    protocol::configure_networking(*this, {o.heartbeat_interval, o.heartbeat_timeout});
  }
};

}  // namespace

struct Client::Impl {
  explicit Impl(const Options& o) : cfg(o), sys(cfg) {}
  SystemConfig cfg;
  caf::actor_system sys;
  std::unique_ptr<protocol::Connection> connection;
};

Client::Client(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Client::~Client() = default;

std::unique_ptr<Client> Client::connect(const Options& o) {
  auto impl = std::make_unique<Impl>(o);
  try {
    Endpoint server = parse_endpoint(o.server, "server", false);
    transport::TlsFiles files{o.tls_cert, o.tls_key, o.tls_ca};
    auto tls = files.empty() ? nullptr : transport::TlsContext::client(files);
    impl->connection = protocol::Connection::open(impl->sys, server, tls, o.connect_timeout);
  } catch (const UsageError& e) {
    throw Error(Error::Kind::usage, e.what());
  } catch (const transport::ConnectError& e) {
    throw Error(Error::Kind::connect, e.what());
  }
  return std::unique_ptr<Client>(new Client(std::move(impl)));
}

bool Client::connected() const { return impl_->connection && impl_->connection->is_open(); }

RunResult Client::submit(const Submission& s, StatsHandler on_stats) {
  if (!connected()) throw Error(Error::Kind::service, "the connection to the service is closed");
  auto answer = std::make_shared<std::promise<Answer>>();
  auto future = answer->get_future();
  impl_->sys.spawn(submission, impl_->connection->door(), impl_->connection->session(), s,
                   std::move(on_stats), answer);
  Answer a = future.get();
  if (a.result) return std::move(*a.result);
  if (a.connection_lost)
    throw Error(Error::Kind::service,
                "the connection to the service was lost before the result arrived");
  std::string message = protocol::error_message(a.error);
  if (protocol::errc_of(a.error) == protocol::errc::invalid_request)
    throw Error(Error::Kind::usage, "the service refused the request: " + message);
  throw Error(Error::Kind::service, "the service failed the request (" +
                                        protocol::result_code(a.error) + "): " + message);
}

ServiceStatus Client::status() {
  if (!connected()) throw Error(Error::Kind::service, "the connection to the service is closed");
  caf::scoped_actor self{impl_->sys};
  ServiceStatus out;
  caf::error failure;
  self->request(impl_->connection->door(), std::chrono::seconds(10),
                protocol::status_atom::value, impl_->connection->session())
      .receive(
          [&](const protocol::ClusterStatus& s) {
            for (const auto& w : s.workers) {
              WorkerStatus v;
              v.id = w.info.id;
              v.name = w.info.name;
              v.active = w.active;
              v.slots = w.info.slots;
              v.running = w.running;
              v.cpus = w.info.cpus;
              v.memory_bytes = w.info.memory_bytes;
              v.placed_total = w.placed_total;
              v.since_heartbeat_ms = w.since_heartbeat_ms;
              for (auto b : w.info.backends) v.backends.push_back(to_string(b));
              out.workers.push_back(std::move(v));
            }
            out.queued = s.queued;
            out.recent_failures = s.recent_failures;
            out.healthy = s.healthy;
            out.problems = s.problems;
          },
          [&](caf::error& e) { failure = std::move(e); });
  if (failure)
    throw Error(Error::Kind::service, "the service did not report its status: " +
                                          protocol::error_message(failure));
  return out;
}

}  // namespace mai::client
