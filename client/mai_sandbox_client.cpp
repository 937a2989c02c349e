#include "mai_sandbox_client.hpp"

#include <future>
#include <mutex>

#include "common/endpoint.hpp"
#include "common/error.hpp"
#include "protocol/actor_system.hpp"
#include "protocol/await_answer.hpp"
#include "protocol/connection.hpp"
#include "protocol/errors.hpp"
#include "protocol/networking.hpp"

namespace mai::client {

namespace {

// CAF 0.17 leaves a reference to the actor system's logger in a thread-local
// of every thread that constructs the system or spawns an actor in it, and
// ~actor_system waits until every such reference is gone. A caller's thread
// that outlives the client (a thread pool, Python's main thread) would make
// destroying the client hang, so each entry point that spawns from the
// caller's thread drops that reference on its way out. (A caller already on
// a thread of another CAF system keeps whatever its thread holds.)
class CallerThread {
 public:
  CallerThread() : had_logger_(caf::logger::current_logger() != nullptr) {}
  ~CallerThread() {
    if (!had_logger_) caf::logger::set_current_actor_system(nullptr);
  }
  CallerThread(const CallerThread&) = delete;
  CallerThread& operator=(const CallerThread&) = delete;

 private:
  bool had_logger_;
};

// The Error a failed request turns into: the protocol's code decides the kind.
Error service_error(const std::string& what, const caf::error& e) {
  auto code = protocol::errc_of(e);
  std::string message = protocol::error_message(e);
  if (code == protocol::errc::invalid_request)
    return Error(Error::Kind::usage, "the service refused the " + what + ": " + message, code);
  return Error(Error::Kind::service,
               "the service failed the " + what + " (" + protocol::result_code(e) + "): " + message,
               code);
}

Error connection_lost() {
  return Error(Error::Kind::lost, "the connection to the service was lost before the result arrived");
}

// One submission: sends the request, relays live samples to the caller's
// handler, and answers exactly once — with the result, the service's error,
// or "connection lost" when the service's node goes away mid-request (CAF
// would otherwise let the request wait forever) or the client is destroyed.
caf::behavior submission(caf::event_based_actor* self, protocol::front_door_actor door,
                         std::string session, Submission sub, Client::StatsHandler on_stats,
                         Client::CompletionHandler done) {
  auto once = std::make_shared<bool>(false);
  // Samples and the answer arrive in this actor's mailbox, one at a time: no
  // sample can reach the handler after `done`.
  auto deliver = [=](Outcome o) {
    if (*once) return;
    *once = true;
    done(std::move(o));
    self->quit();
  };
  self->monitor(door);
  self->set_down_handler([=](caf::down_msg&) { deliver({std::nullopt, connection_lost()}); });
  // However the actor ends (killed, its system stopped), the caller hears.
  self->attach_functor([=] {
    if (!*once) {
      *once = true;
      done({std::nullopt, connection_lost()});
    }
  });
  caf::actor subscriber = on_stats ? caf::actor_cast<caf::actor>(self) : caf::actor{};
  self->request(door, caf::infinite, protocol::submit_atom::value, session, std::move(sub),
                subscriber)
      .then([=](RunResult& r) { deliver({std::move(r), std::nullopt}); },
            [=](caf::error& e) { deliver({std::nullopt, service_error("request", e)}); });
  return {
      [=](protocol::stats_atom, const std::string&, const ResourceSample& sample) {
        if (on_stats && !*once) on_stats(sample);
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
  CallerThread caller;
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

void Client::submit_async(const Submission& s, StatsHandler on_stats, CompletionHandler done) {
  CallerThread caller;
  if (!connected()) {
    done({std::nullopt, Error(Error::Kind::lost, "the connection to the service is closed")});
    return;
  }
  impl_->sys.spawn(submission, impl_->connection->door(), impl_->connection->session(), s,
                   std::move(on_stats), std::move(done));
}

RunResult Client::submit(const Submission& s, StatsHandler on_stats) {
  auto answer = std::make_shared<std::promise<Outcome>>();
  auto future = answer->get_future();
  submit_async(s, std::move(on_stats), [answer](Outcome o) { answer->set_value(std::move(o)); });
  Outcome o = future.get();
  if (o.result) return std::move(*o.result);
  throw *o.error;
}

Assessment Client::assess(const std::string& code, Language language, Origin origin) {
  if (!connected()) throw Error(Error::Kind::lost, "the connection to the service is closed");
  CallerThread caller;
  // The assessor's own timeout is 60 s; the margin covers the trip.
  auto answer = protocol::await_answer<Assessment>(
      impl_->sys, impl_->connection->door(), std::chrono::seconds(90), protocol::assess_atom::value,
      impl_->connection->session(), code, language, origin);
  if (answer) return std::move(*answer);
  if (protocol::errc_of(answer.error()) == protocol::errc::unavailable)
    throw Error(Error::Kind::lost, protocol::error_message(answer.error()),
                protocol::errc::unavailable);
  throw service_error("assessment", answer.error());
}

ServiceStatus Client::status() {
  if (!connected()) throw Error(Error::Kind::lost, "the connection to the service is closed");
  CallerThread caller;
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
  if (failure) throw service_error("status request", failure);
  return out;
}

}  // namespace mai::client
